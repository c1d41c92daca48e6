// Peer tests: other libraries doing what one of our tests does, through the
// adapters in external/peers. Registered with PEER_PERFORMANCEn right after the
// test they are compared with; templated on the library tag (openssl, gcrypt,
// cryptopp, nettle, libsodium) and the same parameters as our test.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "peers.h"
#include "test_data.h"

namespace perf {
using cncrypto::peers::cryptopp;
using cncrypto::peers::gcrypt;
using cncrypto::peers::libsodium;
using cncrypto::peers::nettle;
using cncrypto::peers::openssl;

// Keccak-256 (cn_fast_hash) of `bytes` bytes; peer of test_cn_fast_hash<bytes>.
template <typename lib, std::size_t bytes>
class peer_keccak_256 {
 public:
  static const std::size_t loop_count = hash_loop_count(bytes);
  static const std::size_t bytes_per_call = bytes;

  bool init() {
    lib::keccak_256("abc", 3, m_hash.data());
    return equals_hex(m_hash.data(), 32, keccak_256_abc);
  }
  bool test() {
    lib::keccak_256(m_data.data(), bytes, m_hash.data());
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(bytes);
  std::array<unsigned char, 32> m_hash{};
};

// SHA3-256 of `bytes` bytes; peer of test_sha3<sha3_256, bytes>.
template <typename lib, std::size_t bytes>
class peer_sha3_256 {
 public:
  static const std::size_t loop_count = hash_loop_count(bytes);
  static const std::size_t bytes_per_call = bytes;

  bool init() {
    lib::sha3_256("abc", 3, m_hash.data());
    return equals_hex(m_hash.data(), 32, sha3_256_abc);
  }
  bool test() {
    lib::sha3_256(m_data.data(), bytes, m_hash.data());
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(bytes);
  std::array<unsigned char, 32> m_hash{};
};

// SHAKE128 / SHAKE256 of `bytes` bytes, 32 bytes out; peers of test_shake<alg, bytes>.
template <typename lib, std::size_t bytes>
class peer_shake128 {
 public:
  static const std::size_t loop_count = hash_loop_count(bytes);
  static const std::size_t bytes_per_call = bytes;

  bool init() {
    lib::shake128("abc", 3, m_out.data(), 32);
    return equals_hex(m_out.data(), 32, shake128_abc_32);
  }
  bool test() {
    lib::shake128(m_data.data(), bytes, m_out.data(), 32);
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(bytes);
  std::array<unsigned char, 32> m_out{};
};

template <typename lib, std::size_t bytes>
class peer_shake256 {
 public:
  static const std::size_t loop_count = hash_loop_count(bytes);
  static const std::size_t bytes_per_call = bytes;

  bool init() {
    lib::shake256("abc", 3, m_out.data(), 32);
    return equals_hex(m_out.data(), 32, shake256_abc_32);
  }
  bool test() {
    lib::shake256(m_data.data(), bytes, m_out.data(), 32);
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(bytes);
  std::array<unsigned char, 32> m_out{};
};

}  // namespace perf
