// ChaCha8 / ChaCha20 in Monero's 8-byte-IV form (crypto/chacha.h): the 24
// vectors of ../shared/data/wallet/chacha.json, in-place use, and a
// reduced-round reference written here from the ChaCha definition, which is
// first checked against libsodium at 20 rounds and then compared with our
// ChaCha8 (and ChaCha20) on random keys, IVs and lengths.
#include "crypto/chacha.h"

#include "common/hex.h"
#include "support/shared_data.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <sodium.h>

#include <cstring>
#include <fstream>
#include <new>
#include <random>
#include <string>
#include <vector>

using nlohmann::json;

namespace {

std::vector<std::uint8_t> unhex(const std::string &h) {
  std::vector<std::uint8_t> out;
  std::string error;
  if (!cncrypto::hex_decode(h, out, &error)) throw std::runtime_error("bad hex in test data: " + error);
  return out;
}

// Reference ChaCha with any even number of rounds: the state as a 4x4 matrix,
// the quarter round on its columns then its diagonals, a 64-bit counter in
// words 12-13 and the 8-byte IV in words 14-15.
std::vector<std::uint8_t> reference_chacha(const std::vector<std::uint8_t> &in, const std::uint8_t key[32],
                                           const std::uint8_t iv[8], int rounds) {
  auto rd = [](const std::uint8_t *p) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | p[i];
    return v;
  };
  auto rot = [](std::uint32_t v, unsigned c) { return static_cast<std::uint32_t>((v << c) | (v >> (32 - c))); };
  std::uint32_t s[16];
  const char *sigma = "expand 32-byte k";
  for (int i = 0; i < 4; ++i) s[i] = rd(reinterpret_cast<const std::uint8_t *>(sigma) + 4 * i);
  for (int i = 0; i < 8; ++i) s[4 + i] = rd(key + 4 * i);
  std::uint64_t counter = 0;
  s[14] = rd(iv);
  s[15] = rd(iv + 4);
  std::vector<std::uint8_t> out(in.size());
  static const int qr[8][4] = {{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
                               {0, 5, 10, 15}, {1, 6, 11, 12}, {2, 7, 8, 13}, {3, 4, 9, 14}};
  for (std::size_t off = 0; off < in.size(); off += 64, ++counter) {
    s[12] = static_cast<std::uint32_t>(counter);
    s[13] = static_cast<std::uint32_t>(counter >> 32);
    std::uint32_t x[16];
    std::memcpy(x, s, sizeof x);
    for (int r = 0; r < rounds; ++r) {
      for (int q = 0; q < 4; ++q) {
        const int *t = qr[(r % 2) * 4 + q];
        std::uint32_t &a = x[t[0]], &b = x[t[1]], &c = x[t[2]], &d = x[t[3]];
        a += b; d = rot(d ^ a, 16);
        c += d; b = rot(b ^ c, 12);
        a += b; d = rot(d ^ a, 8);
        c += d; b = rot(b ^ c, 7);
      }
    }
    for (std::size_t i = 0; i < 64 && off + i < in.size(); ++i) {
      const std::uint32_t word = x[i / 4] + s[i / 4];
      out[off + i] = static_cast<std::uint8_t>(in[off + i] ^ (word >> (8 * (i % 4))));
    }
  }
  return out;
}

std::vector<std::uint8_t> ours(const std::vector<std::uint8_t> &in, const std::uint8_t key[32],
                               const std::uint8_t iv[8], bool eight) {
  std::vector<std::uint8_t> out(in.size());
  using raw_chacha = void (*)(const void *, std::size_t, const std::uint8_t *, const std::uint8_t *, char *);
  const raw_chacha f = eight ? raw_chacha(crypto::chacha8) : raw_chacha(crypto::chacha20);
  f(in.data(), in.size(), key, iv, reinterpret_cast<char *>(out.data()));
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(chacha)

BOOST_AUTO_TEST_CASE(shared_vectors, *cncrypto::test::needs_shared()) {
  std::ifstream f(cncrypto::test::shared_path("data/wallet/chacha.json"));
  BOOST_REQUIRE(f);
  const json j = json::parse(f);
  int n8 = 0, n20 = 0;
  for (const auto &v : j.at("vectors")) {
    BOOST_TEST_CONTEXT("vector " << v.at("id").get<std::string>()) {
      const bool eight = v.at("cipher") == "chacha8";
      const auto key = unhex(v.at("key"));
      const auto iv = unhex(v.at("iv"));
      const auto pt = unhex(v.at("plaintext"));
      const auto ct = unhex(v.at("ciphertext"));
      BOOST_REQUIRE_EQUAL(key.size(), 32u);
      BOOST_REQUIRE_EQUAL(iv.size(), 8u);
      BOOST_TEST(ours(pt, key.data(), iv.data(), eight) == ct, boost::test_tools::per_element());
      BOOST_TEST(ours(ct, key.data(), iv.data(), eight) == pt, boost::test_tools::per_element());
      // The typed overloads and in-place use.
      crypto::chacha_key k;
      std::memcpy(k.data(), key.data(), 32);
      crypto::chacha_iv i;
      std::memcpy(i.data, iv.data(), 8);
      std::vector<std::uint8_t> buf = pt;
      if (eight)
        crypto::chacha8(buf.data(), buf.size(), k, i, reinterpret_cast<char *>(buf.data()));
      else
        crypto::chacha20(buf.data(), buf.size(), k, i, reinterpret_cast<char *>(buf.data()));
      BOOST_TEST(buf == ct, boost::test_tools::per_element());
      BOOST_TEST(reference_chacha(pt, key.data(), iv.data(), eight ? 8 : 20) == ct,
                 boost::test_tools::per_element());
      (eight ? n8 : n20)++;
    }
  }
  BOOST_TEST(n8 + n20 == 24);
  BOOST_TEST_MESSAGE("chacha.json: " << n8 << " ChaCha8 and " << n20 << " ChaCha20 vectors");
}

// The reference at 20 rounds is libsodium's crypto_stream_chacha20_xor; at 8
// rounds it is our chacha8; lengths around block boundaries, random keys/IVs.
BOOST_AUTO_TEST_CASE(reduced_round_reference) {
  BOOST_REQUIRE(sodium_init() >= 0);
  std::mt19937_64 rng(8);
  for (std::size_t len : {0, 1, 2, 31, 63, 64, 65, 127, 128, 129, 200, 511, 512, 513, 1000, 4097}) {
    for (int t = 0; t < 6; ++t) {
      std::uint8_t key[32], iv[8];
      for (auto &b : key) b = static_cast<std::uint8_t>(rng());
      for (auto &b : iv) b = static_cast<std::uint8_t>(rng());
      std::vector<std::uint8_t> in(len);
      for (auto &b : in) b = static_cast<std::uint8_t>(rng());
      std::vector<std::uint8_t> sodium(len);
      if (len) crypto_stream_chacha20_xor(sodium.data(), in.data(), len, iv, key);
      BOOST_TEST_CONTEXT("length " << len) {
        BOOST_TEST(reference_chacha(in, key, iv, 20) == sodium, boost::test_tools::per_element());
        BOOST_TEST(ours(in, key, iv, false) == sodium, boost::test_tools::per_element());
        BOOST_TEST(ours(in, key, iv, true) == reference_chacha(in, key, iv, 8), boost::test_tools::per_element());
        // ChaCha8 is not ChaCha20 (a wrong round count would pass the rest).
        if (len >= 16) BOOST_TEST(ours(in, key, iv, true) != sodium);
      }
    }
  }
}

// Streaming pieces: the key stream of a longer message starts with that of a
// shorter one (the counter runs from 0 every call, as Monero's).
BOOST_AUTO_TEST_CASE(prefix_property_and_arguments) {
  std::uint8_t key[32] = {1, 2, 3}, iv[8] = {9};
  std::vector<std::uint8_t> zeros(300, 0);
  const auto ks = ours(zeros, key, iv, true);
  for (std::size_t n : {1, 64, 100, 299}) {
    std::vector<std::uint8_t> z(n, 0);
    BOOST_TEST(ours(z, key, iv, true) == std::vector<std::uint8_t>(ks.begin(), ks.begin() + n),
               boost::test_tools::per_element());
  }
  // Length 0 does nothing, even with null pointers; null with a length throws.
  crypto::chacha8(nullptr, 0, nullptr, nullptr, nullptr);
  crypto::chacha20(nullptr, 0, nullptr, nullptr, nullptr);
  char out[4];
  BOOST_CHECK_THROW(crypto::chacha8(nullptr, 4, key, iv, out), std::invalid_argument);
  BOOST_CHECK_THROW(crypto::chacha20(zeros.data(), 4, nullptr, iv, out), std::invalid_argument);
  // Each pointer in turn, with the function and the length in the message.
  auto message_is = [](const char *expected) {
    return [expected](const std::invalid_argument &e) { return std::string(e.what()) == expected; };
  };
  BOOST_CHECK_EXCEPTION(crypto::chacha8(zeros.data(), 4, key, nullptr, out), std::invalid_argument,
                        message_is("chacha8: null pointer with length 4"));
  BOOST_CHECK_EXCEPTION(crypto::chacha8(zeros.data(), 3, key, iv, nullptr), std::invalid_argument,
                        message_is("chacha8: null pointer with length 3"));
  BOOST_CHECK_EXCEPTION(crypto::chacha20(zeros.data(), 2, key, nullptr, out), std::invalid_argument,
                        message_is("chacha20: null pointer with length 2"));
  BOOST_CHECK_EXCEPTION(crypto::chacha20(zeros.data(), 1, key, iv, nullptr), std::invalid_argument,
                        message_is("chacha20: null pointer with length 1"));
}

BOOST_AUTO_TEST_CASE(chacha_key_is_wiped_and_zero_initialised) {
  crypto::chacha_key fresh;
  for (std::uint8_t b : fresh) BOOST_TEST(b == 0);
  BOOST_TEST(fresh.size() == 32u);
  alignas(crypto::chacha_key) unsigned char storage[sizeof(crypto::chacha_key)];
  auto *k = new (storage) crypto::chacha_key;
  std::memset(k->data(), 0xA5, k->size());
  k->~mlocked();  // crypto::chacha_key is Monero's epee::mlocked<tools::scrubbed_arr<...>>
  bool zero = true;
  for (unsigned char b : storage) zero = zero && b == 0;
  BOOST_TEST(zero);
}

BOOST_AUTO_TEST_SUITE_END()
