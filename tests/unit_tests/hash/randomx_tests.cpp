// crypto/rx-slow-hash.h: RandomX through librandomx, in light mode (fast mode
// needs 2 GiB and a long dataset build: tested only when
// CNCRYPTO_TEST_RANDOMX_FAST is set, see docs/pow.md).
//
// Expected values: ../shared/data/pow/randomx_vectors.json (5 known answers
// of RandomX's own tests.cpp v1.1.10 and Monero's RPC calc_pow example) and
// blocks_pow.json (the calc_pow example, rx_seedheight table, the RandomX
// block 2751506 whose seed height the formula must give). Tests that need
// ../shared are skipped with a message when it is absent; the seed-height
// cases below are also written out here (Monero rx-slow-hash.c formula).
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/hex.h"
#include "crypto/hash.h"
#include "crypto/rx-slow-hash.h"
#include "hash/randomx.h"
#include "support/hex.h"
#include "support/randomx_precondition.h"
#include "support/shared_data.h"

namespace {

std::string bytes(const std::string &hex) {
  const std::vector<std::uint8_t> out = cncrypto::test::unhex(hex);
  return std::string(out.begin(), out.end());
}

struct rx_vector {
  std::string name, key, input, expected;  // key and input as bytes, expected as hex
};

std::vector<rx_vector> load_vectors() {
  std::ifstream in(cncrypto::test::shared_path("data/pow/randomx_vectors.json"));
  if (!in) throw std::runtime_error("cannot open ../shared/data/pow/randomx_vectors.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  std::vector<rx_vector> out;
  for (const auto &v : j.at("vectors")) {
    out.push_back({v.at("name").get<std::string>(), bytes(v.at("key_hex").get<std::string>()),
                   bytes(v.at("input_hex").get<std::string>()), v.at("expected").get<std::string>()});
  }
  return out;
}

// Monero's seeds are 32-byte block ids; RandomX's own test keys are 12 bytes.
bool is_block_seed(const rx_vector &v) { return v.key.size() == 32; }

std::string hash_hex(const char *h) { return cncrypto::hex_encode(h, 32); }

using cncrypto::test::skip_without_randomx;

}  // namespace

BOOST_AUTO_TEST_SUITE(randomx)

BOOST_AUTO_TEST_CASE(block_version) { BOOST_TEST(RX_BLOCK_VERSION == 12); }

BOOST_AUTO_TEST_CASE(seed_heights) {
  struct {
    std::uint64_t height, seed;
  } cases[] = {{0, 0},       {1, 0},       {2047, 0},          {2048, 0},          {2112, 0},
               {2113, 2048}, {2114, 2048}, {4160, 2048},       {4161, 4096},       {1978432, 1976320},
               {1978433, 1978368},         {2286447, 2285568}, {2751506, 2750464}, {3194944, 3192832},
               {3194945, 3194880},         {3195018, 3194880}, {UINT64_MAX, (UINT64_MAX - 65) & ~2047ull}};
  for (const auto &c : cases) BOOST_TEST(rx_seedheight(c.height) == c.seed, "height " << c.height);
  std::uint64_t seed = 1, next = 1;
  rx_seedheights(3194881, &seed, &next);
  BOOST_TEST(seed == 3192832u);
  BOOST_TEST(next == 3194880u);  // the seed height of 3194881 + 64
  rx_seedheights(100, &seed, &next);
  BOOST_TEST(seed == 0u);
  BOOST_TEST(next == 0u);
  BOOST_CHECK_THROW(rx_seedheights(1, nullptr, &next), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(seed_height_table, *cncrypto::test::needs_shared()) {
  std::ifstream in(cncrypto::test::shared_path("data/pow/blocks_pow.json"));
  const nlohmann::json j = nlohmann::json::parse(in);
  std::size_t n = 0;
  for (const auto &row : j.at("rx_seedheight_table")) {
    BOOST_TEST(rx_seedheight(row.at("height").get<std::uint64_t>()) == row.at("rx_seed_height").get<std::uint64_t>());
    ++n;
  }
  BOOST_TEST(n == 20u);
  for (const auto &b : j.at("blocks")) {
    if (b.contains("rx_seed_height")) {
      BOOST_TEST(rx_seedheight(b.at("height").get<std::uint64_t>()) == b.at("rx_seed_height").get<std::uint64_t>());
      BOOST_TEST(b.at("major_version").get<int>() >= RX_BLOCK_VERSION);
    }
  }
  for (const auto &s : j.at("real_seed_hashes")) {
    BOOST_TEST(rx_seedheight(s.at("height").get<std::uint64_t>()) == s.at("rx_seed_height").get<std::uint64_t>());
  }
  const auto &calc = j.at("calc_pow_example");
  BOOST_TEST(rx_seedheight(calc.at("height").get<std::uint64_t>()) ==
             calc.at("rx_seed_height_by_formula").get<std::uint64_t>());
}

BOOST_AUTO_TEST_CASE(missing_library_throws) {
  BOOST_TEST_MESSAGE("librandomx " << (crypto_randomx_available() ? "present" : "missing"));
  if (crypto_randomx_available()) return;
  char out[32];
  const char seed[32] = {};
  BOOST_CHECK_THROW(rx_slow_hash(seed, "", 0, out), std::runtime_error);
}

// Monero's RPC calc_pow example: a real 32-byte seed, through both APIs.
BOOST_AUTO_TEST_CASE(calc_pow_example, *cncrypto::test::needs_shared() * boost::unit_test::precondition(skip_without_randomx())) {
  std::ifstream in(cncrypto::test::shared_path("data/pow/blocks_pow.json"));
  const nlohmann::json j = nlohmann::json::parse(in);
  const auto &calc = j.at("calc_pow_example");
  const std::string seed = bytes(calc.at("seed_hash").get<std::string>());
  const std::string blob = bytes(calc.at("input_hex").get<std::string>());
  // As a daemon does: the current seed is main (its cache then stays while
  // the other tests use two more keys).
  rx_set_main_seedhash(seed.data(), 1);
  char out[32];
  rx_slow_hash(seed.data(), blob.data(), blob.size(), out);
  BOOST_TEST(hash_hex(out) == calc.at("pow_hash").get<std::string>());
  crypto::hash h;
  crypto::rx_slow_hash(seed, blob.data(), blob.size(), h);
  BOOST_TEST(crypto::to_hex(h) == calc.at("pow_hash").get<std::string>());
}

// Every known answer. RandomX's own vectors use 12-byte keys ("test key
// 000"), which Monero's 32-byte-seed API cannot take (the C++ overload must
// reject them): they go through rx_hash_with_key, the same caches and VMs.
BOOST_AUTO_TEST_CASE(known_answers, *cncrypto::test::needs_shared() * boost::unit_test::precondition(skip_without_randomx())) {
  const std::vector<rx_vector> vectors = load_vectors();
  BOOST_TEST_REQUIRE(vectors.size() == 6u);
  for (const rx_vector &v : vectors) {
    char out[32];
    crypto::rx_hash_with_key(v.key.data(), v.key.size(), v.input.data(), v.input.size(), out);
    BOOST_TEST(hash_hex(out) == v.expected, v.name);
    crypto::hash h;
    if (is_block_seed(v)) {
      rx_slow_hash(v.key.data(), v.input.data(), v.input.size(), out);
      BOOST_TEST(hash_hex(out) == v.expected, v.name);
      crypto::rx_slow_hash(v.key, v.input.data(), v.input.size(), h);
      BOOST_TEST(crypto::to_hex(h) == v.expected, v.name);
    } else {
      BOOST_CHECK_THROW(crypto::rx_slow_hash(v.key, v.input.data(), v.input.size(), h), std::invalid_argument);
    }
  }
}

BOOST_AUTO_TEST_CASE(bad_arguments, *boost::unit_test::precondition(skip_without_randomx())) {
  char out[32];
  const char seed[32] = {};
  crypto::hash h;
  BOOST_CHECK_THROW(rx_slow_hash(nullptr, "", 0, out), std::invalid_argument);
  BOOST_CHECK_THROW(rx_slow_hash(seed, nullptr, 1, out), std::invalid_argument);
  BOOST_CHECK_THROW(rx_slow_hash(seed, "", 0, nullptr), std::invalid_argument);
  BOOST_CHECK_THROW(crypto::rx_slow_hash(std::string(31, '\0'), "", 0, h), std::invalid_argument);
  BOOST_CHECK_THROW(crypto::rx_slow_hash(std::string(33, '\0'), "", 0, h), std::invalid_argument);
  BOOST_CHECK_THROW(rx_set_main_seedhash(nullptr, 1), std::invalid_argument);
}

// Many threads at once over three seeds (one of them main, so all three
// caches stay): every hash equals the single-thread answer, and freeing a
// thread's state mid-way changes nothing.
BOOST_AUTO_TEST_CASE(many_threads, *cncrypto::test::needs_shared() * boost::unit_test::precondition(skip_without_randomx())) {
  const std::vector<rx_vector> vectors = load_vectors();
  std::vector<std::string> expected;
  for (const rx_vector &v : vectors) expected.push_back(v.expected);
  for (const rx_vector &v : vectors) {
    if (is_block_seed(v)) rx_set_main_seedhash(v.key.data(), 1);
  }
  constexpr int kThreads = 4, kRounds = 2;
  std::atomic<int> failures{0}, hashes{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      try {
        for (int round = 0; round < kRounds; ++round) {
          for (std::size_t k = 0; k < vectors.size(); ++k) {
            const rx_vector &v = vectors[(k + static_cast<std::size_t>(t)) % vectors.size()];
            char out[32];
            crypto::rx_hash_with_key(v.key.data(), v.key.size(), v.input.data(), v.input.size(), out);
            if (hash_hex(out) != v.expected) ++failures;
            ++hashes;
          }
          if (t % 2 == 0) rx_slow_hash_free_state();
        }
      } catch (...) {
        failures += 1000;
      }
    });
  }
  for (auto &th : threads) th.join();
  BOOST_TEST(failures.load() == 0);
  BOOST_TEST(hashes.load() == kThreads * kRounds * static_cast<int>(vectors.size()));
}

// Fast mode builds a 2 GiB dataset (minutes on 2 busy cores): only with
// CNCRYPTO_TEST_RANDOMX_FAST=1 in the environment.
BOOST_AUTO_TEST_CASE(fast_mode, *cncrypto::test::needs_shared() * boost::unit_test::precondition(skip_without_randomx())) {
  if (!std::getenv("CNCRYPTO_TEST_RANDOMX_FAST")) {
    BOOST_TEST_MESSAGE("fast mode not tested (set CNCRYPTO_TEST_RANDOMX_FAST=1: 2 GiB, long dataset build)");
    BOOST_TEST(!crypto::rx_fast_mode() == !std::getenv("MONERO_RANDOMX_FULL_MEM"));
    return;
  }
  const std::vector<rx_vector> vectors = load_vectors();
  const rx_vector &v = vectors.back();
  BOOST_TEST_REQUIRE(is_block_seed(v));
  crypto::rx_set_fast_mode(true);
  rx_set_main_seedhash(v.key.data(), std::thread::hardware_concurrency() + 2);
  char out[32];
  rx_slow_hash(v.key.data(), v.input.data(), v.input.size(), out);
  BOOST_TEST(hash_hex(out) == v.expected);
  crypto::rx_set_fast_mode(false);
  rx_slow_hash(v.key.data(), v.input.data(), v.input.size(), out);
  BOOST_TEST(hash_hex(out) == v.expected);
}

BOOST_AUTO_TEST_SUITE_END()
