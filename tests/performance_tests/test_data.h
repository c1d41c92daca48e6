// Inputs and checks shared by the test classes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace perf {

// Fills size bytes with a fixed pseudo-random sequence (the same every run, so
// runs compare like with like; the operations timed do not depend on the data).
inline void fill_random(void *data, std::size_t size, std::uint64_t seed = 0x636e63727970746full) {
  std::mt19937_64 engine(seed);
  auto *bytes = static_cast<unsigned char *>(data);
  for (std::size_t i = 0; i < size; i += 8) {
    const std::uint64_t word = engine();
    std::memcpy(bytes + i, &word, size - i < 8 ? size - i : 8);
  }
}

inline std::vector<unsigned char> random_bytes(std::size_t size, std::uint64_t seed = 0x636e63727970746full) {
  std::vector<unsigned char> data(size);
  fill_random(data.data(), size, seed);
  return data;
}

// True when the size bytes at digest equal the hex string expected.
inline bool equals_hex(const void *digest, std::size_t size, const char *expected) {
  static const char digits[] = "0123456789abcdef";
  std::string hex;
  for (std::size_t i = 0; i < size; ++i) {
    const unsigned char byte = static_cast<const unsigned char *>(digest)[i];
    hex += digits[byte >> 4];
    hex += digits[byte & 15];
  }
  return hex == expected;
}

// Known answers the test classes check in init(), so a timed function that
// computes the wrong thing fails instead of being measured.
// Keccak-256 (pad 0x01) and SHA3-256 (pad 0x06) of "abc", computed with
// pycryptodome's keccak (digest_bits=256) and Python's hashlib.sha3_256 on this
// machine (SHA3-256("abc") is also NIST's FIPS 202 example value).
constexpr const char *keccak_256_abc = "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45";
constexpr const char *sha3_256_abc = "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532";
// SHAKE128("abc") and SHAKE256("abc"), first 32 bytes (hashlib.shake_128/256).
constexpr const char *shake128_abc_32 = "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8";
constexpr const char *shake256_abc_32 = "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739";

// Loop counts by message size, as Monero's test_cn_fast_hash chooses them,
// with fewer calls for messages of 64 KiB and more (this machine is shared).
constexpr std::size_t hash_loop_count(std::size_t bytes) {
  return bytes < 256 ? 100000 : bytes < 4096 ? 10000 : bytes < 65536 ? 1000 : 40;
}

}  // namespace perf
