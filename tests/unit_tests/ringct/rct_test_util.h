// Helpers for the RingCT tests: rct::key from a vector field, hex printing, and
// the lines of ../shared/vectors/monero_ringct.txt for one function.
#pragma once

#include "common/hex.h"
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

}  // namespace rct_test
