// The sponge: keccak_hasher, the algorithm table and the one-shot SHA-3 /
// SHAKE / Keccak-256 helpers.
//
// Known answers in this file were computed with Python 3.11 hashlib
// (sha3_*, shake_*) and Debian's pycryptodome (Cryptodome.Hash.keccak,
// digest_bits=256) on this machine.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/hash.h"
#include "crypto/sponge.h"

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

std::string hex(const void *data, std::size_t size) { return cncrypto::hex_encode(data, size); }

std::string hash_hex(cncrypto::keccak_algorithm algo, const std::string &message, std::size_t out_size = 0) {
  const auto &info = cncrypto::algorithm_info(algo);
  std::vector<std::uint8_t> out(out_size ? out_size : info.output_size);
  cncrypto::keccak_hasher h(algo);
  h.update(message.data(), message.size());
  h.finalize(out.data(), out.size());
  return hex(out.data(), out.size());
}

}  // namespace

BOOST_AUTO_TEST_CASE(algorithm_table) {
  std::size_t count = 0;
  const cncrypto::keccak_algorithm_info *all = cncrypto::keccak_algorithms(count);
  BOOST_TEST_REQUIRE(count == 7u);
  for (std::size_t i = 0; i < count; ++i) {
    BOOST_TEST(static_cast<std::size_t>(all[i].id) == i);
    BOOST_TEST(&cncrypto::algorithm_info(all[i].id) == &all[i]);
    BOOST_TEST(cncrypto::find_keccak_algorithm(all[i].name) == &all[i]);
    BOOST_TEST(cncrypto::find_keccak_algorithm(all[i].tag_name) == &all[i]);
    // Capacity = 2 * security strength; output of fixed-length = capacity / 2.
    if (!all[i].xof) BOOST_TEST(all[i].rate == 200 - 2 * all[i].output_size);
  }
  BOOST_TEST(cncrypto::find_keccak_algorithm("cn_fast_hash") == &cncrypto::algorithm_info(cncrypto::keccak_algorithm::keccak_256));
  BOOST_TEST(cncrypto::find_keccak_algorithm("CN_FAST_HASH") == &cncrypto::algorithm_info(cncrypto::keccak_algorithm::keccak_256));
  BOOST_TEST(cncrypto::find_keccak_algorithm("Sha3-256") == &cncrypto::algorithm_info(cncrypto::keccak_algorithm::sha3_256));
  BOOST_TEST(cncrypto::find_keccak_algorithm("sha256") == nullptr);
  BOOST_TEST(cncrypto::find_keccak_algorithm("") == nullptr);
  BOOST_CHECK_THROW(cncrypto::algorithm_info(static_cast<cncrypto::keccak_algorithm>(7)), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(known_answers) {
  using cncrypto::keccak_algorithm;
  BOOST_TEST(hash_hex(keccak_algorithm::keccak_256, "abc") ==
             "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
  BOOST_TEST(hash_hex(keccak_algorithm::sha3_224, "") == "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7");
  BOOST_TEST(hash_hex(keccak_algorithm::sha3_224, "abc") ==
             "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf");
  BOOST_TEST(hash_hex(keccak_algorithm::sha3_256, "") ==
             "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
  BOOST_TEST(hash_hex(keccak_algorithm::sha3_256, "abc") ==
             "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  BOOST_TEST(hash_hex(keccak_algorithm::sha3_384, "abc") ==
             "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25");
  BOOST_TEST(hash_hex(keccak_algorithm::sha3_512, "abc") ==
             "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
             "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0");
  BOOST_TEST(hash_hex(keccak_algorithm::shake128, "") ==
             "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");
  BOOST_TEST(hash_hex(keccak_algorithm::shake256, "") ==
             "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
             "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be");
}

BOOST_AUTO_TEST_CASE(keccak_256_is_not_sha3_256) {
  std::uint8_t k[32], s[32];
  cncrypto::keccak_256("abc", 3, k);
  cncrypto::sha3_256("abc", 3, s);
  BOOST_TEST(hex(k, 32) == cncrypto::to_hex(crypto::cn_fast_hash("abc", 3)));
  BOOST_TEST(hex(s, 32) == "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  BOOST_TEST(std::memcmp(k, s, 32) != 0);
}

BOOST_AUTO_TEST_CASE(one_shot_helpers_equal_the_hasher) {
  const std::string m = "The quick brown fox jumps over the lazy dog";
  using cncrypto::keccak_algorithm;
  std::uint8_t out[64];
  cncrypto::sha3_224(m.data(), m.size(), out);
  BOOST_TEST(hex(out, 28) == hash_hex(keccak_algorithm::sha3_224, m));
  cncrypto::sha3_256(m.data(), m.size(), out);
  BOOST_TEST(hex(out, 32) == hash_hex(keccak_algorithm::sha3_256, m));
  cncrypto::sha3_384(m.data(), m.size(), out);
  BOOST_TEST(hex(out, 48) == hash_hex(keccak_algorithm::sha3_384, m));
  cncrypto::sha3_512(m.data(), m.size(), out);
  BOOST_TEST(hex(out, 64) == hash_hex(keccak_algorithm::sha3_512, m));
  cncrypto::shake128(m.data(), m.size(), out, 50);
  BOOST_TEST(hex(out, 50) == hash_hex(keccak_algorithm::shake128, m, 50));
  cncrypto::shake256(m.data(), m.size(), out, 7);
  BOOST_TEST(hex(out, 7) == hash_hex(keccak_algorithm::shake256, m, 7));
  cncrypto::keccak_hash(keccak_algorithm::sha3_256, m.data(), m.size(), out, 32);
  BOOST_TEST(hex(out, 32) == hash_hex(keccak_algorithm::sha3_256, m));
  BOOST_CHECK_THROW(cncrypto::keccak_hash(keccak_algorithm::sha3_256, m.data(), m.size(), out, 31),
                    std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::sha3_256(nullptr, 1, out), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(hasher_misuse_is_refused_loudly) {
  auto names = [](const std::string &what, std::initializer_list<const char *> words) {
    for (const char *w : words) {
      if (what.find(w) == std::string::npos) return false;
    }
    return true;
  };
  std::uint8_t out[64];
  cncrypto::keccak_hasher sha(cncrypto::keccak_algorithm::sha3_256);
  BOOST_CHECK_EXCEPTION(sha.finalize(out, 31), std::invalid_argument, [&](const std::exception &e) {
    return names(e.what(), {"finalize", "sha3-256", "32", "31"});
  });
  BOOST_CHECK_EXCEPTION(sha.squeeze(out, 1), std::logic_error, [&](const std::exception &e) {
    return names(e.what(), {"squeeze", "sha3-256"});
  });
  BOOST_CHECK_THROW(sha.update(nullptr, 3), std::invalid_argument);
  sha.update("abc", 3);  // the refused calls changed nothing
  sha.finalize(out, 32);
  BOOST_TEST(hex(out, 32) == "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  BOOST_CHECK_EXCEPTION(sha.update("x", 1), std::logic_error, [&](const std::exception &e) {
    return names(e.what(), {"update", "after finalize"});
  });
  BOOST_CHECK_EXCEPTION(sha.finalize(out, 32), std::logic_error, [&](const std::exception &e) {
    return names(e.what(), {"finalize", "twice"});
  });
  sha.reset();
  sha.update("abc", 3);
  sha.finalize(out, 32);
  BOOST_TEST(hex(out, 32) == "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");

  cncrypto::keccak_hasher shake(cncrypto::keccak_algorithm::shake128);
  BOOST_CHECK_EXCEPTION(shake.squeeze(out, 1), std::logic_error, [&](const std::exception &e) {
    return names(e.what(), {"squeeze", "before finalize"});
  });
  shake.finalize(out, 0);
  shake.squeeze(out, 32);
  BOOST_TEST(hex(out, 32) == "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");
  BOOST_CHECK_THROW(shake.update("x", 1), std::logic_error);
}

BOOST_AUTO_TEST_CASE(copies_are_independent) {
  cncrypto::keccak_hasher a(cncrypto::keccak_algorithm::keccak_256);
  a.update("ab", 2);
  cncrypto::keccak_hasher b = a;
  a.update("c", 1);
  b.update("d", 1);
  std::uint8_t ha[32], hb[32];
  a.finalize(ha, 32);
  b.finalize(hb, 32);
  BOOST_TEST(hex(ha, 32) == cncrypto::to_hex(crypto::cn_fast_hash("abc", 3)));
  BOOST_TEST(hex(hb, 32) == cncrypto::to_hex(crypto::cn_fast_hash("abd", 3)));
}

// A null output with a non-zero size is refused before anything is written
// (sponge.h: "out may be null only when size is 0"); info() is the table entry.
BOOST_AUTO_TEST_CASE(null_output_refused) {
  BOOST_CHECK_THROW(cncrypto::shake128("abc", 3, nullptr, 5), std::invalid_argument);
  BOOST_CHECK_NO_THROW(cncrypto::shake128("abc", 3, nullptr, 0));
  cncrypto::keccak_hasher sha(cncrypto::keccak_algorithm::sha3_256);
  BOOST_TEST(sha.info().name == "sha3-256");
  BOOST_TEST(sha.info().output_size == 32u);
  BOOST_CHECK_THROW(sha.finalize(nullptr, 32), std::invalid_argument);
  std::uint8_t out[32];
  sha.update("abc", 3);
  sha.finalize(out, 32);  // the refused call changed nothing: FIPS 202 SHA3-256("abc")
  BOOST_TEST(hex(out, 32) == "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
  cncrypto::keccak_hasher shake(cncrypto::keccak_algorithm::shake128);
  BOOST_TEST(shake.info().xof);
  shake.finalize(nullptr, 0);
  BOOST_CHECK_THROW(shake.squeeze(nullptr, 4), std::invalid_argument);
  shake.squeeze(out, 32);  // SHAKE128("") (FIPS 202 example values)
  BOOST_TEST(hex(out, 32) == "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26");
  // A second finalize of a SHAKE hasher points to squeeze() (sponge.h).
  BOOST_CHECK_EXCEPTION(shake.finalize(out, 8), std::logic_error, [](const std::exception &e) {
    return std::string(e.what()).find("called twice; call reset() to start a new hash, or squeeze() for more output") !=
           std::string::npos;
  });
}
