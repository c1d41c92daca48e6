// Monero's source path src/common/base58.cpp, for programs that #include it
// (Monero's tests/unit_tests/base58.cpp does, to reach the helpers Monero keeps
// in an unnamed namespace there). Defines no function of the library: encode,
// decode, encode_addr and decode_addr are libcncrypto's (common/base58.h).
// What it gives its includer, in namespace tools::base58 (unnamed namespace, as
// in Monero): alphabet, alphabet_size, encoded_block_sizes, full_block_size,
// full_encoded_block_size, addr_checksum_size, reverse_alphabet::instance(c)
// (a digit's value or -1), decoded_block_sizes::instance(n) (the byte count of
// an n-character block or -1; n at most 11), uint_8be_to_64, uint_64_to_8be,
// encode_block and decode_block (cncrypto::base58's).
#pragma once

#include "common/base58.h"

#include <cstddef>
#include <cstdint>

namespace tools {
namespace base58 {
namespace {

const char alphabet[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const std::size_t alphabet_size = sizeof(alphabet) - 1;
const std::size_t encoded_block_sizes[] = {0, 2, 3, 5, 6, 7, 9, 10, 11};
const std::size_t full_block_size = sizeof(encoded_block_sizes) / sizeof(encoded_block_sizes[0]) - 1;
const std::size_t full_encoded_block_size = encoded_block_sizes[full_block_size];
const std::size_t addr_checksum_size = 4;

struct reverse_alphabet {
  int operator()(char letter) const {
    for (std::size_t i = 0; i < alphabet_size; ++i)
      if (alphabet[i] == letter) return static_cast<int>(i);
    return -1;
  }
  static reverse_alphabet instance;
};
reverse_alphabet reverse_alphabet::instance;

struct decoded_block_sizes {
  int operator()(std::size_t encoded_block_size) const {
    for (std::size_t i = 0; i <= full_block_size; ++i)
      if (encoded_block_sizes[i] == encoded_block_size) return static_cast<int>(i);
    return -1;
  }
  static decoded_block_sizes instance;
};
decoded_block_sizes decoded_block_sizes::instance;

// data[0..size) (size 1..8) read as a big-endian integer.
std::uint64_t uint_8be_to_64(const std::uint8_t *data, std::size_t size) {
  std::uint64_t res = 0;
  for (std::size_t i = 0; i < size; ++i) res = (res << 8) | data[i];
  return res;
}

// The low size bytes (1..8) of num, big-endian, to data.
void uint_64_to_8be(std::uint64_t num, std::size_t size, std::uint8_t *data) {
  for (std::size_t i = size; i > 0; --i, num >>= 8) data[i - 1] = static_cast<std::uint8_t>(num & 0xff);
}

void encode_block(const char *block, std::size_t size, char *res) { cncrypto::base58::encode_block(block, size, res); }

bool decode_block(const char *block, std::size_t size, char *res) { return cncrypto::base58::decode_block(block, size, res); }

}  // namespace
}  // namespace base58
}  // namespace tools
