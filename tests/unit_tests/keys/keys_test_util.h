// Small helpers shared by the key-layer tests: fixed-size byte strings from
// vector fields, hex printing, and the lines of ../shared's monero_crypto.txt.
#pragma once

#include "common/hex.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace keys_test {

using bytes32 = std::array<unsigned char, 32>;

inline std::string hex(const void *p, std::size_t n) { return cncrypto::hex_encode(p, n); }
template <std::size_t N>
std::string hex(const std::array<unsigned char, N> &a) {
  return cncrypto::hex_encode(a.data(), N);
}
// Any of the 32/64-byte POD key types.
template <typename T>
std::string hex_of(const T &v) {
  return cncrypto::hex_encode(&v, sizeof v);
}

inline bytes32 from_hex32(const std::string &text) {
  bytes32 out;
  std::string error;
  if (!cncrypto::hex_decode_fixed(text, out.data(), 32, &error)) throw std::runtime_error("bad 32-byte hex: " + error);
  return out;
}

// Field i of a vector line as exactly 32 bytes (throws otherwise, naming the line).
inline bytes32 field32(const cncrypto::test::vector_line &l, std::size_t i) {
  if (i >= l.fields.size()) throw std::runtime_error("line " + std::to_string(l.line_number) + ": missing field");
  const auto v = cncrypto::test::hex_field(l.fields[i]);
  if (v.size() != 32)
    throw std::runtime_error("line " + std::to_string(l.line_number) + ": field " + std::to_string(i) +
                             " is not 32 bytes");
  bytes32 out;
  std::memcpy(out.data(), v.data(), 32);
  return out;
}

// Field i read into a POD key type of the same size.
template <typename T>
T field_as(const cncrypto::test::vector_line &l, std::size_t i) {
  static_assert(sizeof(T) == 32, "32-byte types only");
  const bytes32 b = field32(l, i);
  T out;
  std::memcpy(static_cast<void *>(&out), b.data(), 32);
  return out;
}

// The bytes of a key object, for the C-style APIs (sc_*, libsodium).
template <typename T>
unsigned char *u8(T &v) {
  return reinterpret_cast<unsigned char *>(&v);
}
template <typename T>
const unsigned char *u8(const T &v) {
  return reinterpret_cast<const unsigned char *>(&v);
}

// The lines of ../shared/vectors/monero_crypto.txt for one function.
inline std::vector<cncrypto::test::vector_line> monero_lines(const std::string &name) {
  return cncrypto::test::read_vector_file(cncrypto::test::shared_path("vectors/monero_crypto.txt"), name);
}

}  // namespace keys_test
