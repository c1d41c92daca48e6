// BLAKE2b (crypto/blake2b.h, Monero master's API): one message of N bytes, a
// 32-byte digest, through blake2b() (the compression the dispatcher chose),
// paired with libsodium's crypto_generichash in the same run; then the
// compression alone per implementation this CPU runs (16 KiB = 128 blocks
// per call); then the multi-message batch (crypto/blake2b_batch.h): 8
// messages of 64 bytes per call, 32-byte digests, through the public
// blake2b_batch and through each implementation (the lanes of avx2 and avx512,
// portable's loop), ns per message beside test_blake2b<64> and libsodium's
// crypto_generichash one at a time; and Carrot's shape (keyed, Monero's
// personalisation, 3-byte digests) against blake2b_monero one at a time.
// Each init() checks a known answer first.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "crypto/blake2b.h"
#include "crypto/blake2b_batch.h"
#include "hash/blake2b_impl.h"
#include "peer_tests.h"
#include "performance_tests.h"
#include "test_data.h"

namespace perf {

// BLAKE2b-256("abc"), Python's hashlib.blake2b(b"abc", digest_size=32).
constexpr const char *blake2b_256_abc = "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319";

template <std::size_t bytes>
class test_blake2b {
 public:
  static const std::size_t loop_count = hash_loop_count(bytes);
  static const std::size_t bytes_per_call = bytes;

  bool init() {
    return blake2b(m_out.data(), 32, "abc", 3, nullptr, 0) == 0 && equals_hex(m_out.data(), 32, blake2b_256_abc);
  }
  bool test() { return blake2b(m_out.data(), 32, m_data.data(), bytes, nullptr, 0) == 0; }

 private:
  std::vector<unsigned char> m_data = random_bytes(bytes);
  std::array<unsigned char, 32> m_out{};
};

// libsodium's crypto_generichash (BLAKE2b, 32-byte digest).
template <typename lib, std::size_t bytes>
class peer_blake2b {
 public:
  static const std::size_t loop_count = hash_loop_count(bytes);
  static const std::size_t bytes_per_call = bytes;
  static constexpr bool available = lib::available;

  bool init() {
    lib::generichash("abc", 3, m_out.data(), 32);
    return equals_hex(m_out.data(), 32, blake2b_256_abc);
  }
  bool test() {
    lib::generichash(m_data.data(), bytes, m_out.data(), 32);
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(bytes);
  std::array<unsigned char, 32> m_out{};
};

// One implementation's compression function on 128 consecutive blocks.
class test_blake2b_compress {
 public:
  static const std::size_t loop_count = 1000;
  static const std::size_t bytes_per_call = 16384;

  explicit test_blake2b_compress(const cncrypto::blake2b_impl::implementation *impl) : m_impl(impl) {}
  bool init() {
    // Against the portable compression on the same input.
    const auto *portable = cncrypto::blake2b_impl::find_implementation("portable");
    std::uint64_t h1[8] = {1, 2, 3, 4, 5, 6, 7, 8}, h2[8] = {1, 2, 3, 4, 5, 6, 7, 8}, t1[2] = {}, t2[2] = {};
    portable->compress(h1, t1, 0, 0, m_data.data(), bytes_per_call / 128, 128);
    m_impl->compress(h2, t2, 0, 0, m_data.data(), bytes_per_call / 128, 128);
    for (int i = 0; i < 8; ++i) {
      if (h1[i] != h2[i]) return false;
    }
    return true;
  }
  bool test() {
    m_impl->compress(m_h, m_t, 0, 0, m_data.data(), bytes_per_call / 128, 128);
    return true;
  }

 private:
  const cncrypto::blake2b_impl::implementation *m_impl;
  std::vector<unsigned char> m_data = random_bytes(bytes_per_call);
  std::uint64_t m_h[8] = {};
  std::uint64_t m_t[2] = {};
};

// Eight 64-byte messages per call, unkeyed, 32-byte digests: through one
// implementation's batch (hash_batch), or blake2b_batch when impl is null;
// the peers below hash the same eight one at a time.
constexpr std::size_t batch_messages = 8;

class test_blake2b_batch {
 public:
  static const std::size_t loop_count = hash_loop_count(batch_messages * 64);
  static const std::size_t bytes_per_call = batch_messages * 64;
  static const std::size_t items_per_call = batch_messages;

  explicit test_blake2b_batch(const cncrypto::blake2b_impl::implementation *impl = nullptr) : m_impl(impl) {
    for (std::size_t i = 0; i < batch_messages; ++i) {
      m_inputs[i].in = m_data.data() + 64 * i;
      m_inputs[i].inlen = 64;
      m_inputs[i].outlen = 32;
    }
  }
  bool init() {
    // Message 5 is "abc" for a moment: its digest is BLAKE2b-256("abc").
    m_inputs[5].in = "abc";
    m_inputs[5].inlen = 3;
    test();
    m_inputs[5].in = m_data.data() + 64 * 5;
    m_inputs[5].inlen = 64;
    return equals_hex(m_out.data() + 32 * 5, 32, blake2b_256_abc);
  }
  bool test() {
    if (m_impl == nullptr) {
      cncrypto::blake2b_batch(m_out.data(), m_out.size(), m_inputs, batch_messages);
    } else {
      cncrypto::blake2b_impl::hash_batch(*m_impl, m_out.data(), m_inputs, batch_messages);
    }
    return true;
  }

 private:
  const cncrypto::blake2b_impl::implementation *m_impl;
  std::vector<unsigned char> m_data = random_bytes(batch_messages * 64);
  cncrypto::blake2b_batch_input m_inputs[batch_messages];
  std::array<unsigned char, 32 * batch_messages> m_out{};
};

// The same eight messages one at a time: blake2b() (lib = void), or libsodium's
// crypto_generichash.
template <typename lib>
class peer_blake2b_one_by_one {
 public:
  static const std::size_t loop_count = hash_loop_count(batch_messages * 64);
  static const std::size_t bytes_per_call = batch_messages * 64;
  static const std::size_t items_per_call = batch_messages;
  static constexpr bool available = lib::available;

  bool init() {
    hash("abc", 3, m_out.data());
    return equals_hex(m_out.data(), 32, blake2b_256_abc);
  }
  bool test() {
    for (std::size_t i = 0; i < batch_messages; ++i) hash(m_data.data() + 64 * i, 64, m_out.data() + 32 * i);
    return true;
  }

 private:
  static void hash(const void *in, std::size_t inlen, unsigned char *out) { lib::generichash(in, inlen, out, 32); }
  std::vector<unsigned char> m_data = random_bytes(batch_messages * 64);
  std::array<unsigned char, 32 * batch_messages> m_out{};
};

// Carrot's shape: eight 64-byte messages, each keyed with its own 32-byte key,
// Monero's personalisation, 3-byte digests (a view tag's length), through
// blake2b_batch; the peer is blake2b_monero one at a time (libsodium has no
// digests below 16 bytes).
class test_blake2b_batch_carrot {
 public:
  static const std::size_t loop_count = hash_loop_count(batch_messages * 64);
  static const std::size_t items_per_call = batch_messages;

  test_blake2b_batch_carrot() {
    for (std::size_t i = 0; i < batch_messages; ++i) {
      m_inputs[i].in = m_data.data() + 64 * i;
      m_inputs[i].inlen = 64;
      m_inputs[i].key = m_keys.data() + 32 * i;
      m_inputs[i].keylen = 32;
      m_inputs[i].personal = cncrypto::blake2b_monero_personal;
      m_inputs[i].outlen = 3;
    }
  }
  bool init() {
    // Against blake2b_monero (checked on Monero's own vectors by the unit tests).
    test();
    unsigned char tag[3];
    blake2b_monero(tag, 3, m_data.data() + 64 * 7, 64, m_keys.data() + 32 * 7, 32);
    return std::equal(tag, tag + 3, m_out.data() + 3 * 7);
  }
  bool test() {
    cncrypto::blake2b_batch(m_out.data(), m_out.size(), m_inputs, batch_messages);
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(batch_messages * 64);
  std::vector<unsigned char> m_keys = random_bytes(batch_messages * 32);
  cncrypto::blake2b_batch_input m_inputs[batch_messages];
  std::array<unsigned char, 3 * batch_messages> m_out{};
};

class peer_blake2b_monero_one_by_one {
 public:
  static const std::size_t loop_count = hash_loop_count(batch_messages * 64);
  static const std::size_t items_per_call = batch_messages;

  bool init() { return true; }
  bool test() {
    for (std::size_t i = 0; i < batch_messages; ++i) {
      blake2b_monero(m_out.data() + 3 * i, 3, m_data.data() + 64 * i, 64, m_keys.data() + 32 * i, 32);
    }
    return true;
  }

 private:
  std::vector<unsigned char> m_data = random_bytes(batch_messages * 64);
  std::vector<unsigned char> m_keys = random_bytes(batch_messages * 32);
  std::array<unsigned char, 3 * batch_messages> m_out{};
};

// blake2b() as a "library" for peer_blake2b_one_by_one.
struct cncrypto_blake2b {
  static constexpr bool available = true;
  static void generichash(const void *in, std::size_t inlen, unsigned char *out, std::size_t outlen) {
    blake2b(out, outlen, in, inlen, nullptr, 0);
  }
};

inline void register_blake2b_tests(registry &r) {
  TEST_PERFORMANCE(r, test_blake2b, 32);
  PEER_PERFORMANCE(r, peer_blake2b, libsodium, 32);
  TEST_PERFORMANCE(r, test_blake2b, 64);
  PEER_PERFORMANCE(r, peer_blake2b, libsodium, 64);
  // The batch (what the probe picked) and, interleaved with it, each
  // implementation's batch, ours one at a time and libsodium's one at a time:
  // ratios per message.
  r.test<test_blake2b_batch>("test_blake2b_batch<8x64>");
  std::size_t count = 0;
  const cncrypto::blake2b_impl::implementation *const *all = cncrypto::blake2b_impl::implementations(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (all[i]->available()) {
      r.peer<test_blake2b_batch>(std::string("test_blake2b_batch<8x64, ") + all[i]->name + ">", all[i]);
    }
  }
  PEER_PERFORMANCE(r, peer_blake2b_one_by_one, cncrypto_blake2b);
  PEER_PERFORMANCE(r, peer_blake2b_one_by_one, libsodium);
  TEST_PERFORMANCE0(r, test_blake2b_batch_carrot);
  r.peer<peer_blake2b_monero_one_by_one>("peer_blake2b_monero_one_by_one");
  TEST_PERFORMANCE(r, test_blake2b, 1024);
  PEER_PERFORMANCE(r, peer_blake2b, libsodium, 1024);
  TEST_PERFORMANCE(r, test_blake2b, 16384);
  PEER_PERFORMANCE(r, peer_blake2b, libsodium, 16384);
  for (std::size_t i = 0; i < count; ++i) {
    if (all[i]->available()) {
      r.test<test_blake2b_compress>(std::string("test_blake2b_compress<") + all[i]->name + ">", all[i]);
    }
  }
}

}  // namespace perf
