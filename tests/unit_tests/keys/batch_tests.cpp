// crypto/crypto_batch.h: every batch entry equals the single call of
// crypto/crypto.h (which is checked against Monero's vectors in
// crypto_vector_tests.cpp) for random and edge inputs: the identity, the
// small-order points, torsioned points P + T, undecodable encodings (which fail
// their entry only), secret keys >= L (Monero's release-build results), and
// counts past the internal chunk size (256: 257 and 600 entries, with failing
// entries in every chunk, exercise the later chunks' index mapping).
//
// Edge points (public knowledge about ed25519): identity 01 00..00; order 2
// (0, -1) = ec ff..ff 7f; order 4 (sqrt(-1), 0) = 00..00 and 00..00 80; order 8
// 26e8958f..fc05 and c7176a70..037a. Undecodable: y >= p (ff..ff, ed ff..ff 7f),
// and y = 2 (no x exists for it).
#include <boost/test/unit_test.hpp>

#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "crypto/crypto_batch.h"
#include "keys/keys_test_util.h"
#include "support/hex.h"
#include "support/points.h"
#include "support/xorshift.h"

#include <cstring>
#include <stdexcept>
#include <vector>

namespace {

using cncrypto::test::xorshift64;

const char *const edge_hex[] = {
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
};
const char *const bad_hex[] = {
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0200000000000000000000000000000000000000000000000000000000000000",
};

using cncrypto::test::pod_from_hex;

crypto::secret_key random_secret(xorshift64 &rng, bool reduce) {
  crypto::secret_key s;
  for (int i = 0; i < 4; ++i) {
    const std::uint64_t w = rng();
    std::memcpy(s.data + 8 * i, &w, 8);
  }
  if (reduce) sc_reduce32(reinterpret_cast<unsigned char *>(s.data));
  return s;
}

crypto::public_key random_point(xorshift64 &rng) {
  return cncrypto::test::public_of(random_secret(rng, true));
}

// Secret keys covering Monero's odd cases: random reduced, zero, L - 1, L, and
// values >= L whose radix-16 top digit is at most 8 and above 8 (the ref10
// table select drops it).
std::vector<crypto::secret_key> edge_secrets(xorshift64 &rng) {
  std::vector<crypto::secret_key> out;
  out.push_back(random_secret(rng, true));
  out.push_back(crypto::secret_key{});
  out.push_back(pod_from_hex<crypto::secret_key>("ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"));
  out.push_back(pod_from_hex<crypto::secret_key>("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"));
  out.push_back(pod_from_hex<crypto::secret_key>("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"));
  out.push_back(pod_from_hex<crypto::secret_key>("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"));
  out.push_back(pod_from_hex<crypto::secret_key>("0000000000000000000000000000000000000000000000000000000000000090"));
  out.push_back(random_secret(rng, false));
  return out;
}

// A mix of tx public keys: random points, the edge points, torsioned points
// (random P plus each small-order point), and undecodable encodings at known
// positions; `count` entries.
std::vector<crypto::public_key> mixed_points(xorshift64 &rng, std::size_t count) {
  std::vector<crypto::public_key> out;
  std::size_t e = 0;
  while (out.size() < count) {
    const std::size_t kind = out.size() % 7;
    if (kind == 1) {
      out.push_back(pod_from_hex<crypto::public_key>(edge_hex[e++ % 6]));
    } else if (kind == 3) {
      const ge_p3 p = cncrypto::test::decode_point(random_point(rng).data);
      const auto t = pod_from_hex<crypto::public_key>(edge_hex[1 + e++ % 5]);
      const ge_p3 tp = cncrypto::test::decode_point(t.data);
      out.push_back(cncrypto::test::encode_point<crypto::public_key>(cncrypto::test::add_points(p, tp)));
    } else if (kind == 5) {
      out.push_back(pod_from_hex<crypto::public_key>(bad_hex[e++ % 3]));
    } else {
      out.push_back(random_point(rng));
    }
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(batch)

BOOST_AUTO_TEST_CASE(derivations_equal_single_calls) {
  xorshift64 rng;
  for (const crypto::secret_key &sec : edge_secrets(rng)) {
    for (std::size_t count : {std::size_t{1}, std::size_t{7}, std::size_t{64}, std::size_t{65}, std::size_t{150},
                              std::size_t{257}, std::size_t{600}}) {
      const auto pubs = mixed_points(rng, count);
      std::vector<crypto::key_derivation> batch(count);
      std::memset(static_cast<void *>(batch.data()), 0xa5, count * 32);
      std::vector<std::uint8_t> ok(count, 7);
      const std::size_t failed = cncrypto::generate_key_derivations(pubs.data(), count, sec, batch.data(), ok.data());
      std::size_t expected_failed = 0;
      for (std::size_t i = 0; i < count; ++i) {
        crypto::key_derivation single;
        std::memset(static_cast<void *>(&single), 0xa5, 32);
        const bool single_ok = crypto::generate_key_derivation(pubs[i], sec, single);
        expected_failed += single_ok ? 0 : 1;
        BOOST_TEST_INFO("entry " << i << " of " << count << ", point " << pubs[i]);
        BOOST_TEST(ok[i] == (single_ok ? 1 : 0));
        // Equal, or both untouched (0xa5 filled) for a failed entry.
        BOOST_TEST(std::memcmp(&batch[i], &single, 32) == 0);
      }
      BOOST_TEST(failed == expected_failed);
      BOOST_TEST((failed > 0u) == (count > 5));  // entry 5 is undecodable
    }
  }
}

BOOST_AUTO_TEST_CASE(one_bad_key_fails_alone) {
  // The case: an undecodable key in the middle of a batch.
  xorshift64 rng;
  const crypto::secret_key a = random_secret(rng, true);
  std::vector<crypto::public_key> pubs;
  for (int i = 0; i < 100; ++i) pubs.push_back(random_point(rng));
  pubs[42] = pod_from_hex<crypto::public_key>(bad_hex[0]);
  std::vector<crypto::key_derivation> d(pubs.size());
  std::vector<std::uint8_t> ok(pubs.size());
  BOOST_TEST(cncrypto::generate_key_derivations(pubs.data(), pubs.size(), a, d.data(), ok.data()) == 1u);
  for (std::size_t i = 0; i < pubs.size(); ++i) {
    BOOST_TEST(ok[i] == (i == 42 ? 0 : 1));
    if (i == 42) continue;
    crypto::key_derivation single;
    BOOST_TEST_REQUIRE(crypto::generate_key_derivation(pubs[i], a, single));
    BOOST_TEST(cncrypto::equal(d[i], single));
  }
}

BOOST_AUTO_TEST_CASE(one_time_keys_equal_single_calls) {
  xorshift64 rng;
  for (std::size_t count :
       {std::size_t{1}, std::size_t{3}, std::size_t{64}, std::size_t{130}, std::size_t{257}, std::size_t{600}}) {
    const auto bases = mixed_points(rng, count);
    std::vector<crypto::key_derivation> derivations(count);
    std::vector<std::size_t> indexes(count);
    for (std::size_t i = 0; i < count; ++i) {
      // Random bytes (a derivation is only hashed), and some edge encodings.
      if (i % 11 == 4)
        std::memcpy(derivations[i].data, keys_test::from_hex32(edge_hex[i % 6]).data(), 32);
      else
        std::memcpy(derivations[i].data, random_secret(rng, false).data, 32);
      // Output indexes of every varint length, up to the largest size_t.
      indexes[i] = i % 5 == 0 ? ~std::size_t{0} >> (i % 64) : i;
    }
    std::vector<crypto::public_key> plus(count), minus(count);
    std::vector<std::uint8_t> ok_plus(count), ok_minus(count);
    const std::size_t f1 =
        cncrypto::derive_public_keys(derivations.data(), indexes.data(), bases.data(), count, plus.data(), ok_plus.data());
    const std::size_t f2 = cncrypto::derive_subaddress_public_keys(bases.data(), derivations.data(), indexes.data(), count,
                                                                 minus.data(), ok_minus.data());
    std::size_t failed = 0;
    for (std::size_t i = 0; i < count; ++i) {
      BOOST_TEST_INFO("entry " << i << " of " << count);
      crypto::public_key p, m;
      const bool okp = crypto::derive_public_key(derivations[i], indexes[i], bases[i], p);
      const bool okm = crypto::derive_subaddress_public_key(bases[i], derivations[i], indexes[i], m);
      BOOST_TEST(okp == okm);
      failed += okp ? 0 : 1;
      BOOST_TEST(ok_plus[i] == (okp ? 1 : 0));
      BOOST_TEST(ok_minus[i] == (okm ? 1 : 0));
      if (okp) BOOST_TEST((plus[i] == p));
      if (okm) BOOST_TEST((minus[i] == m));
    }
    BOOST_TEST(f1 == failed);
    BOOST_TEST(f2 == failed);
  }
}

BOOST_AUTO_TEST_CASE(key_images_equal_single_calls) {
  xorshift64 rng;
  std::vector<crypto::public_key> pubs;
  std::vector<crypto::secret_key> secs;
  for (int round = 0; round < 40; ++round) {  // 320 entries: past one chunk of 256
    for (const crypto::secret_key &s : edge_secrets(rng)) {
      secs.push_back(s);
      // Any 32 bytes: key images hash the key, never decode it.
      pubs.push_back(round % 4 == 1 ? pod_from_hex<crypto::public_key>(bad_hex[round % 3]) : random_point(rng));
    }
  }
  std::vector<crypto::key_image> images(pubs.size());
  cncrypto::generate_key_images(pubs.data(), secs.data(), pubs.size(), images.data());
  for (std::size_t i = 0; i < pubs.size(); ++i) {
    crypto::key_image single;
    crypto::generate_key_image(pubs[i], secs[i], single);
    BOOST_TEST_INFO("entry " << i);
    BOOST_TEST((images[i] == single));
  }
}

BOOST_AUTO_TEST_CASE(empty_and_null_arguments) {
  const crypto::secret_key a{};
  // count 0: nothing read or written, null pointers allowed.
  BOOST_TEST(cncrypto::generate_key_derivations(nullptr, 0, a, nullptr, nullptr) == 0u);
  BOOST_TEST(cncrypto::derive_public_keys(nullptr, nullptr, nullptr, 0, nullptr, nullptr) == 0u);
  BOOST_TEST(cncrypto::derive_subaddress_public_keys(nullptr, nullptr, nullptr, 0, nullptr, nullptr) == 0u);
  cncrypto::generate_key_images(nullptr, nullptr, 0, nullptr);
  crypto::public_key p = cncrypto::test::public_of(a);
  crypto::key_derivation d;
  std::uint8_t ok;
  std::size_t idx = 0;
  BOOST_CHECK_THROW(cncrypto::generate_key_derivations(&p, 1, a, nullptr, &ok), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::generate_key_derivations(&p, 1, a, &d, nullptr), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::derive_public_keys(&d, &idx, nullptr, 1, &p, &ok), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::derive_subaddress_public_keys(&p, nullptr, &idx, 1, &p, &ok), std::invalid_argument);
  crypto::key_image ki;
  BOOST_CHECK_THROW(cncrypto::generate_key_images(&p, nullptr, 1, &ki), std::invalid_argument);
  try {
    (void)cncrypto::generate_key_derivations(nullptr, 3, a, &d, &ok);
    BOOST_FAIL("no exception");
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(std::string(e.what()) == "generate_key_derivations: tx_pub_keys is null but count is 3");
  }
}

BOOST_AUTO_TEST_SUITE_END()
