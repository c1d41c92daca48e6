// crypto/hmac-keccak.h. Expected values: the first three vectors of Monero
// 0.18's tests/unit_tests/hmac_keccak.cpp (computed by Monero's code), and the
// RFC 2104 construction written out with cn_fast_hash (itself checked against
// Monero's tests/hash vectors in hash_tests.cpp) for keys on both sides of the
// 136-byte block and for every split of the message into two updates.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/hash.h"
#include "crypto/hmac-keccak.h"
#include "support/xorshift.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

std::vector<std::uint8_t> unhex(const char *text) {
  std::vector<std::uint8_t> out;
  BOOST_REQUIRE(cncrypto::hex_decode(text, out));
  return out;
}

std::string mac_hex(const std::vector<std::uint8_t> &key, const std::vector<std::uint8_t> &msg) {
  std::uint8_t out[32];
  hmac_keccak_hash(out, key.data(), key.size(), msg.data(), msg.size());
  return cncrypto::hex_encode(out, sizeof out);
}

// H((K0 ^ opad) || H((K0 ^ ipad) || m)), H = cn_fast_hash, K0 = K (or H(K) when
// longer than 136 bytes) zero-padded to 136 bytes.
std::string rfc2104(std::vector<std::uint8_t> key, const std::vector<std::uint8_t> &msg) {
  if (key.size() > 136) {
    const crypto::hash h = crypto::cn_fast_hash(key.data(), key.size());
    key.assign(reinterpret_cast<const std::uint8_t *>(&h), reinterpret_cast<const std::uint8_t *>(&h) + 32);
  }
  key.resize(136, 0);
  std::vector<std::uint8_t> inner(136), outer(136);
  for (std::size_t i = 0; i < 136; ++i) {
    inner[i] = key[i] ^ 0x36;
    outer[i] = key[i] ^ 0x5c;
  }
  inner.insert(inner.end(), msg.begin(), msg.end());
  const crypto::hash ih = crypto::cn_fast_hash(inner.data(), inner.size());
  outer.insert(outer.end(), reinterpret_cast<const std::uint8_t *>(&ih), reinterpret_cast<const std::uint8_t *>(&ih) + 32);
  const crypto::hash oh = crypto::cn_fast_hash(outer.data(), outer.size());
  return cncrypto::hex_encode(&oh, 32);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hmac_keccak)

BOOST_AUTO_TEST_CASE(monero_vectors) {
  const std::string zero32(64, '0'), ff32(64, 'f');
  BOOST_TEST(mac_hex(unhex(zero32.c_str()), unhex(zero32.c_str())) ==
             "d164c38ca454176281b3c09dc83cf70bd00290835ff5490356993d368cde0577");
  BOOST_TEST(mac_hex(unhex(ff32.c_str()), unhex(zero32.c_str())) ==
             "d52c9100301a9546d8c97d7f32e8178fd5f4b0a7646ab761db9e0f503f8b0542");
  BOOST_TEST(mac_hex(unhex(ff32.c_str()),
                     unhex("d52c9100301a9546d8c97d7f32e8178fd5f4b0a7646ab761db9e0f503f8b0542")) ==
             "5b9d98c5d3249176230d70fdb215ee2f93e4783064c9564384ddc396e63c18cb");
}

BOOST_AUTO_TEST_CASE(rfc2104_construction_and_splits) {
  cncrypto::test::xorshift64 rng;
  for (std::size_t key_len : {0, 1, 32, 135, 136, 137, 300}) {
    for (std::size_t msg_len : {0, 1, 135, 136, 137, 500}) {
      std::vector<std::uint8_t> key(key_len), msg(msg_len);
      for (auto &b : key) b = static_cast<std::uint8_t>(rng());
      for (auto &b : msg) b = static_cast<std::uint8_t>(rng());
      const std::string expected = rfc2104(key, msg);
      BOOST_TEST(mac_hex(key, msg) == expected, "key " << key_len << " message " << msg_len);
      for (std::size_t cut = 0; cut <= msg_len; cut += msg_len > 20 ? 67 : 1) {
        hmac_keccak_state S;
        hmac_keccak_init(&S, key.data(), key.size());
        hmac_keccak_update(&S, msg.data(), cut);
        hmac_keccak_update(&S, msg.data() + cut, msg_len - cut);
        std::uint8_t out[32];
        hmac_keccak_finish(&S, out);
        BOOST_TEST(cncrypto::hex_encode(out, 32) == expected, "split at " << cut);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(misuse_throws) {
  hmac_keccak_state S;
  std::uint8_t out[32];
  BOOST_CHECK_THROW(hmac_keccak_init(&S, nullptr, 4), std::invalid_argument);
  hmac_keccak_init(&S, nullptr, 0);
  BOOST_CHECK_THROW(hmac_keccak_update(&S, nullptr, 1), std::invalid_argument);
  hmac_keccak_update(&S, nullptr, 0);
  BOOST_CHECK_THROW(hmac_keccak_finish(&S, nullptr), std::invalid_argument);
  BOOST_CHECK_THROW(hmac_keccak_hash(nullptr, out, 0, out, 0), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
