// cryptonote/block_pow.h: get_block_longhash (every form), the block 202612
// rule, get_block_pow / get_block_pow_from_blob / get_blob_pow and their
// refusals.
//
// Expected values: ../shared/data/pow/blocks_pow.json (README and manifest
// there give each value's source): the real blocks 202609 (CN v0) and 1731606
// (CN v2, variant argument 3) with their PoW hashes as stated by Cuprate and
// recomputed with Monero's slow-hash.c; testnet and stagenet 202612 (Monero's
// fixed hash, and the plain CryptoNight hash of their blobs that must NOT come
// out); Monero's RPC calc_pow example (RandomX, height 2286447); the RandomX
// block 2751506 (its seed block id is in no source: its seed height, its
// check_hash against its difficulty and the refusal without a seed are
// tested). The algorithm table and the 202612 rule are ../shared/spec/pow.md
// 3.1 and 3.3 written out. Tests that need ../shared are skipped with a
// message when it is absent; the RandomX ones also when cncrypto was built
// without librandomx. The RandomX cases share one seed (one 256 MiB cache).
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/hash.h"
#include "crypto/rx-slow-hash.h"
#include "cryptonote/block_pow.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/difficulty.h"
#include "cryptonote/serialization.h"
#include "support/chain_data.h"
#include "support/hex.h"
#include "support/shared_data.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names
using cncrypto::test::pod_from_hex;
using cncrypto::test::unhex;
using cncrypto::test::unhex_blob;

namespace {

std::string hex(const crypto::hash &h) { return cncrypto::hex_encode(&h, sizeof h); }

const nlohmann::json &blocks_pow() {
  static const nlohmann::json j = [] {
    std::ifstream in(cncrypto::test::shared_path("data/pow/blocks_pow.json"));
    if (!in) throw std::runtime_error("cannot open ../shared/data/pow/blocks_pow.json");
    return nlohmann::json::parse(in);
  }();
  return j;
}

// The entry of blocks_pow.json for a height and network.
const nlohmann::json &pow_entry(std::uint64_t height, const std::string &network) {
  for (const auto &b : blocks_pow().at("blocks")) {
    if (b.at("height").get<std::uint64_t>() == height && b.at("network").get<std::string>() == network) return b;
  }
  throw std::runtime_error("blocks_pow.json has no block " + std::to_string(height) + " on " + network);
}

blobdata block_blob(const nlohmann::json &entry) {
  return cncrypto::test::as_blob(cncrypto::test::read_data_file("pow/" + entry.at("block_file").get<std::string>()));
}

crypto::hash cn(const blobdata &blob, int variant, std::uint64_t height) {
  crypto::hash h;
  crypto::cn_slow_hash(blob.data(), blob.size(), h, variant, height);
  return h;
}

struct needs_randomx {
  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
    boost::test_tools::assertion_result r(crypto_randomx_available() != 0);
    r.message() << "cncrypto built without librandomx: RandomX block PoW test skipped";
    return r;
  }
};

// Expects f() to throw pow_error of kind k; returns its message.
template <typename F>
std::string expect_pow_error(F f, pow_error::kind k) {
  try {
    f();
  } catch (const pow_error &e) {
    BOOST_TEST((e.error_kind() == k), "pow_error kind " << static_cast<int>(e.error_kind()) << ": " << e.what());
    return e.what();
  }
  BOOST_ERROR("no pow_error thrown");
  return {};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(block_pow_suite)

// ../shared/spec/pow.md 3.1: which PoW each major version uses, and the
// variant argument Monero passes (major - 6 from 7 on).
BOOST_AUTO_TEST_CASE(algorithm_by_major_version) {
  for (int m = 0; m <= 255; ++m) {
    const auto major = static_cast<std::uint8_t>(m);
    const pow_algorithm expected = m < 7    ? pow_algorithm::cryptonight_v0
                                   : m == 7 ? pow_algorithm::cryptonight_v1
                                   : m < 10 ? pow_algorithm::cryptonight_v2
                                   : m < 12 ? pow_algorithm::cryptonight_r
                                            : pow_algorithm::randomx;
    BOOST_TEST((get_pow_algorithm(major) == expected), "major " << m);
    BOOST_TEST(get_cn_variant(major) == (m < 7 ? 0 : m < 12 ? m - 6 : -1), "major " << m);
  }
  BOOST_TEST(std::string(pow_algorithm_name(pow_algorithm::cryptonight_v0)) == "cn/0");
  BOOST_TEST(std::string(pow_algorithm_name(pow_algorithm::cryptonight_v1)) == "cn/1");
  BOOST_TEST(std::string(pow_algorithm_name(pow_algorithm::cryptonight_v2)) == "cn/2");
  BOOST_TEST(std::string(pow_algorithm_name(pow_algorithm::cryptonight_r)) == "cn/r");
  BOOST_TEST(std::string(pow_algorithm_name(pow_algorithm::randomx)) == "rx/0");
  BOOST_TEST(std::string(pow_algorithm_name(pow_algorithm::fixed_202612)) == "fixed-202612");
  BOOST_TEST(RX_BLOCK_VERSION == 12);
  BOOST_TEST(hex(block_202612_longhash) == "84f64766475d51837ac9efbef1926486e58563c95a19fef4aec3254f03000000");
}

// Every block of blocks_pow.json: hashing blob and id (the object hash of the
// hashing blob) as listed, and the PoW hash of the CryptoNight ones through
// every form of the API.
BOOST_AUTO_TEST_CASE(real_cryptonight_blocks, *cncrypto::test::needs_shared()) {
  int hashed = 0;
  for (const auto &entry : blocks_pow().at("blocks")) {
    const std::uint64_t height = entry.at("height");
    BOOST_TEST_CONTEXT(entry.at("network").get<std::string>() << " block " << height) {
      const blobdata blob = block_blob(entry);
      const block b = parse_block(blob);
      const blobdata hb = get_block_hashing_blob(b);
      BOOST_TEST(cncrypto::hex_encode(hb.data(), hb.size()) ==
                 (entry.contains("hashing_blob") ? entry.at("hashing_blob").get<std::string>()
                                                 : cncrypto::hex_encode(hb.data(), hb.size())));
      BOOST_TEST(hex(get_object_hash_of_blob(hb)) == entry.at("hashing_blob_object_hash").get<std::string>());
      BOOST_TEST(hex(get_block_hash(b)) == entry.at("block_id").get<std::string>());
      BOOST_TEST(get_block_height(b) == height);
      BOOST_TEST(b.major_version == entry.at("major_version").get<int>());
      if (entry.at("pow_algorithm").get<std::string>() == "RandomX" || entry.at("pow_hash").is_null()) continue;
      const std::string expected = entry.at("pow_hash");
      ++hashed;

      crypto::hash res;
      BOOST_TEST(get_block_longhash(b, res, height, nullptr));
      BOOST_TEST(hex(res) == expected);
      BOOST_TEST(hex(get_block_longhash(b, height, nullptr)) == expected);
      BOOST_TEST(get_block_longhash(hb, res, height, b.major_version, nullptr));
      BOOST_TEST(hex(res) == expected);
      BOOST_TEST(hex(get_block_longhash(hb, height, b.major_version, crypto::null_hash)) == expected);

      const block_pow p = get_block_pow_from_blob(blob, std::nullopt, nullptr);
      BOOST_TEST(hex(p.hash) == expected);
      BOOST_TEST(p.height == height);
      BOOST_TEST(p.height_from_miner_tx);
      BOOST_TEST(p.major_version == b.major_version);
      BOOST_TEST(p.seed_height == 0u);
      const bool fixed = height == BLOCK_202612_HEIGHT;
      BOOST_TEST((p.algorithm == (fixed ? pow_algorithm::fixed_202612 : get_pow_algorithm(b.major_version))));
      BOOST_TEST(p.cn_variant == (fixed ? -1 : entry.at("cn_variant_argument").get<int>()));
      BOOST_TEST(hex(get_block_pow(b, height, nullptr).hash) == expected);  // the right height given: same
      if (!fixed) {
        BOOST_TEST(get_cn_variant(b.major_version) == entry.at("cn_variant_argument").get<int>());
        BOOST_TEST(hex(cn(hb, entry.at("cn_variant_argument"), height)) == expected);
      }
    }
  }
  BOOST_TEST(hashed == 4);  // 202609, 1731606, testnet and stagenet 202612
}

// ../shared/spec/pow.md 3.3, Monero's current rule: the fixed hash only for
// the real 202612 hashing blobs; their plain CryptoNight hash is what any
// other height gives (CN v0 and v2 do not depend on the height).
BOOST_AUTO_TEST_CASE(block_202612_rule, *cncrypto::test::needs_shared()) {
  for (const char *net : {"testnet", "stagenet"}) {
    BOOST_TEST_CONTEXT(net) {
      const auto &entry = pow_entry(202612, net);
      block b = parse_block(block_blob(entry));
      const blobdata hb = get_block_hashing_blob(b);
      const std::string natural = entry.at("natural_cryptonight_hash");
      BOOST_TEST(is_block_202612_longhash_exception(hb, 202612));
      BOOST_TEST(!is_block_202612_longhash_exception(hb, 202611));
      BOOST_TEST(!is_block_202612_longhash_exception(hb, 202613));
      BOOST_TEST(hex(get_block_longhash(hb, 202612, b.major_version, crypto::null_hash)) ==
                 hex(block_202612_longhash));
      // Monero's unit test passes major 9 for the testnet block: the rule does not look at it.
      BOOST_TEST(hex(get_block_longhash(hb, 202612, 9, crypto::null_hash)) == hex(block_202612_longhash));
      BOOST_TEST(hex(get_block_longhash(hb, 202613, b.major_version, crypto::null_hash)) == natural);
      BOOST_TEST(hex(cn(hb, get_cn_variant(b.major_version), 202612)) == natural);
      // A RandomX major at 202612 needs no seed for the real blob (the rule comes first).
      crypto::hash res;
      BOOST_TEST(get_block_longhash(hb, res, 202612, 16, nullptr));
      BOOST_TEST(hex(res) == hex(block_202612_longhash));

      // The same block with another nonce is hashed normally (v0.18 would give the constant).
      b.nonce ^= 1;
      const blobdata other = get_block_hashing_blob(b);
      BOOST_TEST(!is_block_202612_longhash_exception(other, 202612));
      const block_pow p = get_block_pow(b, std::nullopt, nullptr);
      BOOST_TEST((p.algorithm == get_pow_algorithm(b.major_version)));
      BOOST_TEST(hex(p.hash) == hex(cn(other, get_cn_variant(b.major_version), 202612)));
      BOOST_TEST(hex(p.hash) != hex(block_202612_longhash));
    }
  }
}

// Monero's block_longhash_202612_arbitrary_blob: any other blob at 202612 is hashed.
BOOST_AUTO_TEST_CASE(block_202612_arbitrary_blob) {
  const std::string text = "not the historical block 202612 hashing blob";
  const blobdata blob(text.begin(), text.end());
  BOOST_TEST(!is_block_202612_longhash_exception(blob, 202612));
  const crypto::hash h = get_block_longhash(blob, 202612, 1, crypto::null_hash);
  BOOST_TEST(hex(h) != hex(block_202612_longhash));
  BOOST_TEST(hex(h) == hex(cn(blob, 0, 202612)));
}

// CryptoNight-R (majors 10, 11; no real block in ../shared): the block form
// equals cn_slow_hash(hashing blob, major - 6, height), variant 5 equals 4,
// and the height changes the result (it seeds the random program).
BOOST_AUTO_TEST_CASE(cryptonight_r_majors, *cncrypto::test::needs_shared()) {
  block b = parse_block(block_blob(pow_entry(1731606, "mainnet")));
  b.major_version = 10;
  const blobdata hb10 = get_block_hashing_blob(b);
  const std::uint64_t height = get_block_height(b);
  const crypto::hash r10 = get_block_longhash(b, height, nullptr);
  BOOST_TEST(hex(r10) == hex(cn(hb10, 4, height)));
  BOOST_TEST(hex(get_block_longhash(b, height + 1, nullptr)) != hex(r10));
  b.major_version = 11;
  const blobdata hb11 = get_block_hashing_blob(b);
  const block_pow p = get_block_pow(b, std::nullopt, nullptr);
  BOOST_TEST((p.algorithm == pow_algorithm::cryptonight_r));
  BOOST_TEST(p.cn_variant == 5);
  BOOST_TEST(hex(p.hash) == hex(cn(hb11, 4, height)));
  b.major_version = 7;  // variant 1 on a real hashing blob (>= 43 bytes)
  BOOST_TEST(hex(get_block_longhash(b, height, nullptr)) == hex(cn(get_block_hashing_blob(b), 1, height)));
}

// Monero's RPC calc_pow example: RandomX of the blob as given (a whole block
// template, nonce 0) with its seed; the same seed serves the block forms.
BOOST_AUTO_TEST_CASE(randomx_calc_pow_and_blocks, *cncrypto::test::needs_shared() * boost::unit_test::precondition(needs_randomx())) {
  const auto &ex = blocks_pow().at("calc_pow_example");
  const std::uint64_t height = ex.at("height");
  const auto major = static_cast<std::uint8_t>(ex.at("major_version").get<int>());
  const auto seed = pod_from_hex<crypto::hash>(ex.at("seed_hash").get<std::string>());
  const blobdata input = unhex_blob(ex.at("input_hex"));
  const std::string expected = ex.at("pow_hash");
  BOOST_TEST(hex(get_block_longhash(input, height, major, seed)) == expected);
  crypto::hash res;
  BOOST_TEST(get_block_longhash(input, res, height, major, &seed));
  BOOST_TEST(hex(res) == expected);
  const block_pow p = get_blob_pow(input, height, major, &seed);
  BOOST_TEST(hex(p.hash) == expected);
  BOOST_TEST((p.algorithm == pow_algorithm::randomx));
  BOOST_TEST(p.seed_height == ex.at("rx_seed_height_by_formula").get<std::uint64_t>());
  BOOST_TEST(p.cn_variant == -1);

  // Blocks of every RandomX major (and 17, which Monero's rule also hashes
  // with RandomX) with this seed: rx_slow_hash of the hashing blob.
  const auto &entry = pow_entry(2751506, "mainnet");
  block b = parse_block(block_blob(entry));
  for (int m : {12, 16, 17}) {
    b.major_version = static_cast<std::uint8_t>(m);
    const blobdata hb = get_block_hashing_blob(b);
    crypto::hash direct;
    rx_slow_hash(seed.data, hb.data(), hb.size(), direct.data);
    BOOST_TEST(get_block_longhash(b, res, 2751506, &seed), "major " << m);
    BOOST_TEST(hex(res) == hex(direct), "major " << m);
    if (m <= LAST_KNOWN_BLOCK_MAJOR_VERSION) {
      const block_pow q = get_block_pow(b, std::nullopt, &seed);
      BOOST_TEST(hex(q.hash) == hex(direct));
      BOOST_TEST(q.seed_height == 2750464u);
    }
  }
}

// The real RandomX block 2751506: its seed height (rx_seedheight), the
// refusal without a seed naming it, and check_hash of its stated PoW hash
// against its difficulty (the hash itself needs the unknown seed block id).
BOOST_AUTO_TEST_CASE(randomx_block_without_seed, *cncrypto::test::needs_shared()) {
  const auto &entry = pow_entry(2751506, "mainnet");
  const blobdata blob = block_blob(entry);
  const block b = parse_block(blob);
  const std::uint64_t seed_height = entry.at("rx_seed_height");
  BOOST_TEST(rx_seedheight(2751506) == seed_height);
  BOOST_TEST(hex(get_block_hash(b)) == entry.at("block_id").get<std::string>());
  crypto::hash res;
  BOOST_TEST(!get_block_longhash(b, res, 2751506, nullptr));
  BOOST_TEST(hex(res) == hex(crypto::null_hash));
  BOOST_TEST(!get_block_longhash(get_block_hashing_blob(b), res, 2751506, 16, nullptr));
  try {
    get_block_pow_from_blob(blob, std::nullopt, nullptr);
    BOOST_ERROR("no pow_error");
  } catch (const pow_error &e) {
    BOOST_TEST((e.error_kind() == pow_error::kind::seed_required));
    BOOST_TEST(e.seed_height() == seed_height);
    BOOST_TEST(std::string(e.what()).find("2750464") != std::string::npos, e.what());
  }
  expect_pow_error([&] { get_block_longhash(b, 2751506, nullptr); }, pow_error::kind::seed_required);
  const auto pow_hash = pod_from_hex<crypto::hash>(entry.at("pow_hash").get<std::string>());
  const difficulty_type difficulty(entry.at("difficulty").get<std::string>());
  BOOST_TEST(check_hash(pow_hash, difficulty) == entry.at("check_hash").get<bool>());
  // floor((2^256 - 1) / H) = 314025009277 (Python big integers): the largest
  // difficulty this hash meets, just above the block's 313732272488.
  BOOST_TEST(check_hash(pow_hash, difficulty_type(314025009277u)));
  BOOST_TEST(!check_hash(pow_hash, difficulty_type(314025009278u)));
}

// Bad input: never a hash.
BOOST_AUTO_TEST_CASE(refusals, *cncrypto::test::needs_shared()) {
  const auto &entry = pow_entry(202609, "mainnet");
  const blobdata blob = block_blob(entry);
  block b = parse_block(blob);

  // A height that contradicts the miner tx.
  const std::string m = expect_pow_error([&] { get_block_pow(b, 202610, nullptr); }, pow_error::kind::height_mismatch);
  BOOST_TEST(m.find("202610") != std::string::npos, m);
  BOOST_TEST(m.find("202609") != std::string::npos, m);
  expect_pow_error([&] { get_block_pow_from_blob(blob, 0, nullptr); }, pow_error::kind::height_mismatch);

  // Majors Monero never had (get_block_longhash itself follows Monero's rule).
  for (int major : {0, 17, 100, 255}) {
    block bad = b;
    bad.major_version = static_cast<std::uint8_t>(major);
    expect_pow_error([&] { get_block_pow(bad, std::nullopt, nullptr); }, pow_error::kind::unknown_major_version);
    expect_pow_error([&] { get_blob_pow(get_block_hashing_blob(bad), 202609, bad.major_version, &crypto::null_hash); },
                     pow_error::kind::unknown_major_version);
    const blobdata bad_blob = block_to_blob(bad);
    expect_pow_error([&] { get_block_pow_from_blob(bad_blob, std::nullopt, nullptr); },
                     pow_error::kind::unknown_major_version);
  }
  b.major_version = 0;  // Monero's rule: CN v0 below 7
  BOOST_TEST(hex(get_block_longhash(b, 202609, nullptr)) == hex(cn(get_block_hashing_blob(b), 0, 202609)));
  b.major_version = 1;
  crypto::hash res;
  BOOST_TEST(!get_block_longhash(get_block_hashing_blob(b), res, 202609, 256, nullptr));
  BOOST_TEST(!get_block_longhash(get_block_hashing_blob(b), res, 202609, -1, nullptr));

  // No height in the miner tx: only with a height given.
  block no_gen = b;
  no_gen.miner_tx.vin.clear();
  no_gen.miner_tx.signatures.clear();
  expect_pow_error([&] { get_block_pow(no_gen, std::nullopt, nullptr); }, pow_error::kind::no_height);
  BOOST_TEST(hex(get_block_pow(no_gen, 202609, nullptr).hash) ==
             hex(cn(get_block_hashing_blob(no_gen), 0, 202609)));

  // An inconsistent object (a pruned miner tx has no id): false / throws.
  block pruned = b;
  pruned.miner_tx.pruned = true;
  pruned.miner_tx.version = 2;
  BOOST_TEST(!get_block_longhash(pruned, res, 202609, nullptr));
  BOOST_CHECK_THROW(get_block_longhash(pruned, 202609, nullptr), std::invalid_argument);
  BOOST_CHECK_THROW(get_block_pow(pruned, std::nullopt, nullptr), std::invalid_argument);
}

// Every strict prefix of every real block blob, and a few manglings, are
// refused by get_block_pow_from_blob (parse_error or pow_error), never hashed.
BOOST_AUTO_TEST_CASE(truncated_and_mangled_blobs, *cncrypto::test::needs_shared()) {
  std::size_t refused = 0;
  for (const auto &entry : blocks_pow().at("blocks")) {
    const blobdata blob = block_blob(entry);
    for (std::size_t n = 0; n < blob.size(); ++n) {
      const blobdata cut(blob.begin(), blob.begin() + static_cast<std::ptrdiff_t>(n));
      try {
        (void)get_block_pow_from_blob(cut, std::nullopt, &crypto::null_hash);
        BOOST_ERROR("a " << n << "-byte prefix of block " << entry.at("height") << " was hashed");
      } catch (const parse_error &) {
        ++refused;
      } catch (const pow_error &e) {
        BOOST_TEST((e.error_kind() == pow_error::kind::non_canonical_blob), e.what());
        ++refused;
      }
    }
  }
  BOOST_TEST(refused > 1000u);

  const blobdata blob = block_blob(pow_entry(1731606, "mainnet"));
  blobdata extra = blob;
  extra.push_back(0);  // a byte after the block
  BOOST_CHECK_THROW(get_block_pow_from_blob(extra, std::nullopt, nullptr), parse_error);
  blobdata count = blob;
  count[count.size() - 3 * 32 - 1] = 4;  // the tx hash count says 4, three follow
  BOOST_CHECK_THROW(get_block_pow_from_blob(count, std::nullopt, nullptr), parse_error);
  blobdata padded = blob;  // the minor version as a non-canonical two-byte varint
  padded[1] = 0x89;
  padded.insert(padded.begin() + 2, 0x00);
  try {
    (void)get_block_pow_from_blob(padded, std::nullopt, nullptr);
    BOOST_ERROR("a padded varint was hashed");
  } catch (const parse_error &) {
  } catch (const pow_error &e) {
    BOOST_TEST((e.error_kind() == pow_error::kind::non_canonical_blob), e.what());
  }
}

BOOST_AUTO_TEST_SUITE_END()
