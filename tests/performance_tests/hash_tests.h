// Keccak, cn_fast_hash, SHA-3, SHAKE and tree_hash (crypto/keccak.h,
// crypto/hash.h, crypto/sponge.h). test_cn_fast_hash<N> is Monero's test of the
// same name. Each init() checks a known answer first.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "crypto/hash.h"
#include "crypto/keccak.h"
#include "hash/keccak_permutation.h"
#include "crypto/sponge.h"
#include "peer_tests.h"
#include "performance_tests.h"
#include "test_data.h"

namespace perf {

// Spelled as in the test names: test_sha3<sha3_256, 1024>, test_shake<shake128, 32>.
constexpr cncrypto::keccak_algorithm sha3_224 = cncrypto::keccak_algorithm::sha3_224;
constexpr cncrypto::keccak_algorithm sha3_256 = cncrypto::keccak_algorithm::sha3_256;
constexpr cncrypto::keccak_algorithm sha3_384 = cncrypto::keccak_algorithm::sha3_384;
constexpr cncrypto::keccak_algorithm sha3_512 = cncrypto::keccak_algorithm::sha3_512;
constexpr cncrypto::keccak_algorithm shake128 = cncrypto::keccak_algorithm::shake128;
constexpr cncrypto::keccak_algorithm shake256 = cncrypto::keccak_algorithm::shake256;

// One Keccak-f[1600] permutation (24 rounds) through Monero's keccakf(), i.e.
// the implementation the dispatcher chose. No bytes: cycles/call is the figure.
class test_keccakf {
 public:
  static const std::size_t loop_count = 100000;

  bool init() {
    fill_random(m_state.data(), sizeof m_state);
    return true;
  }
  bool test() {
    keccakf(m_state.data(), KECCAK_ROUNDS);
    return true;
  }

 private:
  std::array<std::uint64_t, 25> m_state{};
};

// One permutation through a named implementation (test_keccakf<portable>, ...),
// registered for every implementation compiled in that this CPU can run.
class test_keccakf_implementation {
 public:
  static const std::size_t loop_count = 100000;

  explicit test_keccakf_implementation(const crypto::keccak_permutation *permutation)
      : m_permutation(permutation) {}
  bool init() {
    // Known answer: Keccak-f[1600] of the zero state, lane 0 (the Keccak team's
    // KeccakF-1600 intermediate values; also what hashlib's state gives).
    std::array<std::uint64_t, 25> zero{};
    m_permutation->permute(zero.data());
    fill_random(m_state.data(), sizeof m_state);
    return zero[0] == 0xF1258F7940E1DDE7ull;
  }
  bool test() {
    m_permutation->permute(m_state.data());
    return true;
  }

 private:
  const crypto::keccak_permutation *m_permutation;
  std::array<std::uint64_t, 25> m_state{};
};

template <std::size_t bytes>
class test_cn_fast_hash {
 public:
  static const std::size_t loop_count = hash_loop_count(bytes);
  static const std::size_t bytes_per_call = bytes;

  bool init() {
    crypto::cn_fast_hash("abc", 3, m_hash);
    return equals_hex(m_hash.data, 32, keccak_256_abc);
  }
  bool test() {
    crypto::cn_fast_hash(m_data.data(), bytes, m_hash);
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(bytes);
  crypto::hash m_hash{};
};

// Keccak-256 of a 4096-byte message fed to keccak_update() in chunk-byte pieces
// (many small updates, as serializers do), then keccak_finish().
template <std::size_t chunk>
class test_keccak_update {
 public:
  static const std::size_t message_size = 4096;
  static const std::size_t loop_count = 10000;
  static const std::size_t bytes_per_call = message_size;

  bool init() {
    KECCAK_CTX ctx;
    keccak_init(&ctx);
    keccak_update(&ctx, reinterpret_cast<const std::uint8_t *>("abc"), 3);
    keccak_finish(&ctx, m_hash.data());
    return equals_hex(m_hash.data(), 32, keccak_256_abc);
  }
  bool test() {
    KECCAK_CTX ctx;
    keccak_init(&ctx);
    for (std::size_t offset = 0; offset < message_size; offset += chunk) {
      const std::size_t n = message_size - offset < chunk ? message_size - offset : chunk;
      keccak_update(&ctx, m_data.data() + offset, n);
    }
    keccak_finish(&ctx, m_hash.data());
    return true;
  }

 private:
  std::vector<std::uint8_t> m_data = random_bytes(message_size);
  std::array<std::uint8_t, 32> m_hash{};
};

// FIPS 202 SHA3-224/256/384/512 of `bytes` bytes (one-shot cncrypto::keccak_hash).
template <cncrypto::keccak_algorithm alg, std::size_t bytes>
class test_sha3 {
 public:
  static const std::size_t loop_count = hash_loop_count(bytes);
  static const std::size_t bytes_per_call = bytes;

  bool init() {
    if (alg != cncrypto::keccak_algorithm::sha3_256) return true;  // known answer for SHA3-256
    cncrypto::keccak_hash(alg, "abc", 3, m_out.data(), 32);
    return equals_hex(m_out.data(), 32, sha3_256_abc);
  }
  bool test() {
    cncrypto::keccak_hash(alg, m_data.data(), bytes, m_out.data(), m_size);
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(bytes);
  std::size_t m_size = cncrypto::algorithm_info(alg).output_size;
  std::array<unsigned char, 64> m_out{};
};

// SHAKE128 / SHAKE256 of `bytes` bytes, 32 bytes of output.
template <cncrypto::keccak_algorithm alg, std::size_t bytes>
class test_shake {
 public:
  static const std::size_t loop_count = hash_loop_count(bytes);
  static const std::size_t bytes_per_call = bytes;

  bool init() {
    cncrypto::keccak_hash(alg, "abc", 3, m_out.data(), 32);
    return equals_hex(m_out.data(), 32, alg == cncrypto::keccak_algorithm::shake128 ? shake128_abc_32 : shake256_abc_32);
  }
  bool test() {
    cncrypto::keccak_hash(alg, m_data.data(), bytes, m_out.data(), 32);
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(bytes);
  std::array<unsigned char, 32> m_out{};
};

// Monero's tree_hash (transaction Merkle root) of count hashes.
template <std::size_t count>
class test_tree_hash {
 public:
  static const std::size_t loop_count = count <= 16 ? 100000 : 2000;
  static const std::size_t bytes_per_call = count * 32;

  bool init() {
    // Two hashes: the root is cn_fast_hash of their concatenation.
    crypto::hash pair[2];
    fill_random(pair, sizeof pair, 7);
    crypto::hash root, expected;
    crypto::tree_hash(pair, 2, root);
    crypto::cn_fast_hash(pair, sizeof pair, expected);
    return root == expected;
  }
  bool test() {
    crypto::tree_hash(m_hashes.data(), count, m_root);
    return true;
  }

 private:
  std::vector<crypto::hash> m_hashes = make_hashes();
  crypto::hash m_root{};

  static std::vector<crypto::hash> make_hashes() {
    std::vector<crypto::hash> hashes(count);
    fill_random(hashes.data(), count * sizeof(crypto::hash));
    return hashes;
  }
};

// Calls f(permutation) for each Keccak-f[1600] implementation compiled in
// that this CPU can run, in the library's order.
template <typename F>
void for_each_keccak_permutation(F f) {
  std::size_t count = 0;
  const crypto::keccak_permutation *const *permutations = crypto::keccak_permutations(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (permutations[i]->available()) f(permutations[i]);
  }
}

// Keccak-f[1600]: through keccakf() (the dispatcher's choice), then each
// implementation by name.
inline void register_keccakf_tests(registry &r) {
  TEST_PERFORMANCE0(r, test_keccakf);
  for_each_keccak_permutation([&r](const crypto::keccak_permutation *permutation) {
    r.test<test_keccakf_implementation>(std::string("test_keccakf<") + permutation->name + ">", permutation);
  });
}

// cn_fast_hash (Keccak-256); Crypto++ has the same function.
inline void register_cn_fast_hash_tests(registry &r) {
  TEST_PERFORMANCE(r, test_cn_fast_hash, 32);
  PEER_PERFORMANCE(r, peer_keccak_256, cryptopp, 32);
  TEST_PERFORMANCE(r, test_cn_fast_hash, 64);
  TEST_PERFORMANCE(r, test_cn_fast_hash, 136);
  PEER_PERFORMANCE(r, peer_keccak_256, cryptopp, 136);
  TEST_PERFORMANCE(r, test_cn_fast_hash, 1024);
  TEST_PERFORMANCE(r, test_cn_fast_hash, 16384);
  PEER_PERFORMANCE(r, peer_keccak_256, cryptopp, 16384);
  TEST_PERFORMANCE(r, test_cn_fast_hash, 1048576);
  PEER_PERFORMANCE(r, peer_keccak_256, cryptopp, 1048576);
}

// Test (named name + ", bytes>") and Peer<lib, bytes> for each of libs (named
// peer_name + "<" + lib::name + ", bytes>"), registered together.
template <typename Test, template <typename, std::size_t> class Peer, std::size_t bytes, typename... libs>
void register_with_peers(registry &r, const std::string &name, const std::string &peer_name) {
  const std::string suffix = ", " + std::to_string(bytes) + ">";
  r.test<Test>(name + suffix);
  (r.peer<Peer<libs, bytes>>(peer_name + "<" + libs::name + suffix), ...);
}

// test_sha3<sha3_256, bytes> and its peers in every library that has SHA3-256.
template <std::size_t bytes>
void register_sha3_256_with_peers(registry &r) {
  register_with_peers<test_sha3<sha3_256, bytes>, peer_sha3_256, bytes, openssl, gcrypt, cryptopp, nettle>(
      r, "test_sha3<sha3_256", "peer_sha3_256");
}

// test_shake<shake128, bytes> (32 bytes out) and its peers in every library
// that has SHAKE128 (nettle 3.8 and libsodium have none).
template <std::size_t bytes>
void register_shake128_with_peers(registry &r) {
  register_with_peers<test_shake<shake128, bytes>, peer_shake128, bytes, openssl, gcrypt, cryptopp>(
      r, "test_shake<shake128", "peer_shake128");
}

// The incremental Keccak-256 API, SHA-3 (SHA3-256 and SHAKE128 against every
// peer library that has them), SHAKE256 (OpenSSL) and tree_hash.
inline void register_sponge_tests(registry &r) {
  TEST_PERFORMANCE(r, test_keccak_update, 1);
  TEST_PERFORMANCE(r, test_keccak_update, 8);
  TEST_PERFORMANCE(r, test_keccak_update, 32);
  TEST_PERFORMANCE(r, test_keccak_update, 136);

  register_sha3_256_with_peers<32>(r);
  register_sha3_256_with_peers<136>(r);
  register_sha3_256_with_peers<1024>(r);
  register_sha3_256_with_peers<16384>(r);
  register_sha3_256_with_peers<1048576>(r);
  TEST_PERFORMANCE(r, test_sha3, sha3_224, 16384);
  TEST_PERFORMANCE(r, test_sha3, sha3_384, 16384);
  TEST_PERFORMANCE(r, test_sha3, sha3_512, 16384);

  register_shake128_with_peers<32>(r);
  register_shake128_with_peers<136>(r);
  register_shake128_with_peers<16384>(r);
  register_shake128_with_peers<1048576>(r);
  TEST_PERFORMANCE(r, test_shake, shake256, 32);
  PEER_PERFORMANCE(r, peer_shake256, openssl, 32);
  TEST_PERFORMANCE(r, test_shake, shake256, 16384);
  PEER_PERFORMANCE(r, peer_shake256, openssl, 16384);

  // tree_hash (transaction Merkle root)
  TEST_PERFORMANCE(r, test_tree_hash, 2);
  TEST_PERFORMANCE(r, test_tree_hash, 16);
  TEST_PERFORMANCE(r, test_tree_hash, 512);
  TEST_PERFORMANCE(r, test_tree_hash, 514);
}

}  // namespace perf
