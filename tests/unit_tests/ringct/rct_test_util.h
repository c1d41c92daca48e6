// Helpers for the RingCT tests: rct::key from a vector field, hex printing, the
// lines of ../shared/vectors/monero_ringct.txt for one function, and the plain
// double-and-add reference for multi-scalar products.
#pragma once

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "ringct/multiexp.h"
#include "ringct/rctTypes.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace rct_test {

inline std::string hex_key(const rct::key &k) { return cncrypto::hex_encode(k.bytes, 32); }

// Field i of a vector line as an rct::key (throws unless exactly 32 bytes, naming the line).
inline rct::key key_field(const cncrypto::test::vector_line &l, std::size_t i) {
  if (i >= l.fields.size()) throw std::runtime_error("line " + std::to_string(l.line_number) + ": missing field");
  const auto v = cncrypto::test::hex_field(l.fields[i]);
  if (v.size() != 32)
    throw std::runtime_error("line " + std::to_string(l.line_number) + ": field " + std::to_string(i) +
                             " is not 32 bytes");
  rct::key k;
  std::memcpy(k.bytes, v.data(), 32);
  return k;
}

// A field holding concatenated 32-byte items (README_ringct_legacy.md,
// "Concatenated fields"; "x" is none). Throws unless the length is a multiple
// of 32 bytes, naming the line.
inline rct::keyV keys_field(const cncrypto::test::vector_line &l, std::size_t i) {
  if (i >= l.fields.size()) throw std::runtime_error("line " + std::to_string(l.line_number) + ": missing field");
  const auto v = cncrypto::test::hex_field(l.fields[i]);
  if (v.size() % 32 != 0)
    throw std::runtime_error("line " + std::to_string(l.line_number) + ": field " + std::to_string(i) +
                             " is not a list of 32-byte items");
  rct::keyV out(v.size() / 32);
  if (!out.empty()) std::memcpy(out.data(), v.data(), v.size());
  return out;
}

// The lines of ../shared/vectors/monero_ringct.txt whose function is name.
inline std::vector<cncrypto::test::vector_line> ringct_lines(const std::string &name) {
  return cncrypto::test::read_vector_file(cncrypto::test::shared_path("vectors/monero_ringct.txt"), name);
}

// Reference: sum s_i P_i by plain double-and-add over all 256 bits (the scalars as
// full 256-bit integers), independent of every window method, encoded.
inline rct::key naive_sum(const std::vector<rct::MultiexpData> &data) {
  ge_p3 acc;
  ge_p3_0(&acc);
  for (int bit = 255; bit >= 0; --bit) {
    ge_p1p1 t;
    ge_p3_dbl(&t, &acc);
    ge_p1p1_to_p3(&acc, &t);
    for (const auto &d : data) {
      if ((d.scalar.bytes[bit / 8] >> (bit % 8)) & 1) {
        ge_cached c;
        ge_p3_to_cached(&c, &d.point);
        ge_add(&t, &acc, &c);
        ge_p1p1_to_p3(&acc, &t);
      }
    }
  }
  rct::key out;
  ge_p3_tobytes(out.bytes, &acc);
  return out;
}

}  // namespace rct_test
