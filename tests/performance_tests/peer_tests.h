// Peer tests: other libraries doing what one of our hash tests does, through
// the adapters in external/peers. Registered with PEER_PERFORMANCE right after
// the test they are compared with (hash_tests.h); templated on the library tag
// (openssl, gcrypt, cryptopp, nettle) and the same message size as our test,
// and left out of a build without that library (lib::available).
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

namespace detail {
// One library function hashing `bytes` bytes to 32 bytes of output, checked on
// "abc" against the known answer `abc` in init(). Function is a small struct
// with static hash(data, size, out) calling lib's adapter.
template <typename lib, std::size_t bytes, typename function>
class peer_hash_32 {
 public:
  static const std::size_t loop_count = hash_loop_count(bytes);
  static const std::size_t bytes_per_call = bytes;
  static constexpr bool available = lib::available;

  bool init() {
    function::hash("abc", 3, m_out.data());
    return equals_hex(m_out.data(), 32, function::abc);
  }
  bool test() {
    function::hash(m_data.data(), bytes, m_out.data());
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(bytes);
  std::array<unsigned char, 32> m_out{};
};

template <typename lib>
struct keccak_256_of {
  static constexpr const char *abc = keccak_256_abc;
  static void hash(const void *data, std::size_t size, unsigned char *out) { lib::keccak_256(data, size, out); }
};
template <typename lib>
struct sha3_256_of {
  static constexpr const char *abc = sha3_256_abc;
  static void hash(const void *data, std::size_t size, unsigned char *out) { lib::sha3_256(data, size, out); }
};
template <typename lib>
struct shake128_of {
  static constexpr const char *abc = shake128_abc_32;
  static void hash(const void *data, std::size_t size, unsigned char *out) { lib::shake128(data, size, out, 32); }
};
template <typename lib>
struct shake256_of {
  static constexpr const char *abc = shake256_abc_32;
  static void hash(const void *data, std::size_t size, unsigned char *out) { lib::shake256(data, size, out, 32); }
};
}  // namespace detail

// Keccak-256 (cn_fast_hash) of `bytes` bytes; peer of test_cn_fast_hash<bytes>.
template <typename lib, std::size_t bytes>
using peer_keccak_256 = detail::peer_hash_32<lib, bytes, detail::keccak_256_of<lib>>;
// SHA3-256 of `bytes` bytes; peer of test_sha3<sha3_256, bytes>.
template <typename lib, std::size_t bytes>
using peer_sha3_256 = detail::peer_hash_32<lib, bytes, detail::sha3_256_of<lib>>;
// SHAKE128 / SHAKE256 of `bytes` bytes, 32 bytes out; peers of test_shake<alg, bytes>.
template <typename lib, std::size_t bytes>
using peer_shake128 = detail::peer_hash_32<lib, bytes, detail::shake128_of<lib>>;
template <typename lib, std::size_t bytes>
using peer_shake256 = detail::peer_hash_32<lib, bytes, detail::shake256_of<lib>>;

}  // namespace perf
