// Hex helpers for tests, on top of the library's cncrypto::hex_encode /
// hex_decode / hex_decode_fixed (src/common/hex.h). A malformed hex literal
// in a test is a bug of the test: these throw std::invalid_argument naming
// the problem, which fails the test case that uses them.
#pragma once

#include "common/hex.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cncrypto::test {

// The bytes of hex text (either case, even length).
inline std::vector<std::uint8_t> unhex(const std::string &text) {  // std::string: nlohmann::json converts
  std::vector<std::uint8_t> out;
  std::string error;
  if (!cncrypto::hex_decode(text, out, &error)) throw std::invalid_argument("bad hex in test: " + error);
  return out;
}

// Bytes as a blob (cryptonote::blobdata is a std::string, as Monero's).
inline std::string as_blob(const std::vector<std::uint8_t> &bytes) { return std::string(bytes.begin(), bytes.end()); }
inline std::string unhex_blob(const std::string &text) { return as_blob(unhex(text)); }

// A fixed-size object (key, hash, payment id ...) from exactly 2 * sizeof(T)
// hex digits.
template <typename T>
T pod_from_hex(std::string_view text) {
  T out;
  std::string error;
  if (!cncrypto::hex_decode_fixed(text, &out, sizeof out, &error)) {
    throw std::invalid_argument("bad hex in test: " + error);
  }
  return out;
}

// Lowercase hex of an object's bytes.
template <typename T>
std::string hex_of(const T &pod) {
  return cncrypto::hex_encode(&pod, sizeof pod);
}

// Lowercase hex of a byte vector.
inline std::string hex_of_bytes(const std::vector<std::uint8_t> &bytes) {
  return cncrypto::hex_encode(bytes.data(), bytes.size());
}
// Lowercase hex of a blob (cryptonote::blobdata).
inline std::string hex_of_bytes(const std::string &bytes) { return cncrypto::hex_encode(bytes.data(), bytes.size()); }

}  // namespace cncrypto::test
