// cryptonote/difficulty.h: check_hash (64- and 128-bit paths) and
// next_difficulty / next_difficulty_64 against Monero's own data in
// ../shared/data/pow (README and manifest there give each file's source):
// check_hash.json (Monero's unit-test cases, a real block, two boundaries),
// difficulty/data.txt (Monero's 1000-block chain), difficulty/wide_data.txt
// (its 100,000-block 128-bit chain) and 2,000 real mainnet rows. Tests that
// need ../shared are skipped with a message when it is absent.
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/hex.h"
#include "crypto/hash.h"
#include "cryptonote/difficulty.h"
#include "support/hex.h"
#include "support/shared_data.h"

using cryptonote::difficulty_type;

namespace {

crypto::hash hash_from_hex(const std::string &hex) { return cncrypto::test::pod_from_hex<crypto::hash>(hex); }

std::ifstream open_shared(const std::string &relative) {
  std::ifstream in(cncrypto::test::shared_path(relative));
  if (!in) throw std::runtime_error("cannot open ../shared/" + relative);
  return in;
}

// Monero's tests/difficulty/difficulty.cpp walk: for line n the window is
// blocks 0 .. min(n, 720) - 1 while n < 735, else n - 735 .. n - 16.
struct chain_window {
  std::size_t begin, end;
};
chain_window window_for(std::size_t n) {
  if (n < DIFFICULTY_BLOCKS_COUNT) return {0, std::min<std::size_t>(n, DIFFICULTY_WINDOW)};
  return {n - (DIFFICULTY_BLOCKS_COUNT), n - DIFFICULTY_LAG};  // Monero's macro has no parentheses
}

// Reference: the full 4 x 2 limb schoolbook product H * D, true iff it fits in 256 bits.
bool reference_check(const crypto::hash &hash, difficulty_type difficulty) {
  using u128 = difficulty_type::native_type;
  std::uint64_t h[4];
  for (int i = 0; i < 4; ++i) {
    h[i] = 0;
    for (int b = 7; b >= 0; --b) h[i] = (h[i] << 8) | static_cast<unsigned char>(hash.data[8 * i + b]);
  }
  const std::uint64_t d[2] = {difficulty.convert_to<std::uint64_t>(), (difficulty >> 64).convert_to<std::uint64_t>()};
  std::uint64_t r[6] = {0, 0, 0, 0, 0, 0};
  for (int j = 0; j < 2; ++j) {
    std::uint64_t carry = 0;
    for (int i = 0; i < 4; ++i) {
      const u128 t = static_cast<u128>(h[i]) * d[j] + r[i + j] + carry;
      r[i + j] = static_cast<std::uint64_t>(t);
      carry = static_cast<std::uint64_t>(t >> 64);
    }
    r[j + 4] = carry;
  }
  return r[4] == 0 && r[5] == 0;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(difficulty)

BOOST_AUTO_TEST_CASE(difficulty_type_arithmetic) {
  difficulty_type d = 1;
  d = (d << 64) | 5;
  BOOST_TEST(d.convert_to<std::uint64_t>() == 5u);
  BOOST_TEST((d >> 64).convert_to<std::uint64_t>() == 1u);
  BOOST_TEST((d & 0xffffffffffffffffull) == 5);
  BOOST_TEST(d > std::numeric_limits<std::uint64_t>::max());
  BOOST_TEST(d - 5 == difficulty_type(1) << 64);
  BOOST_TEST((d << 128) == 0);
  BOOST_TEST(std::numeric_limits<difficulty_type>::max() + 1 == 0);
  BOOST_TEST(difficulty_type("340282366920938463463374607431768211455") == std::numeric_limits<difficulty_type>::max());
  BOOST_TEST(difficulty_type("0x10000000000000005") == d);
  BOOST_TEST(d.str() == "18446744073709551621");
  BOOST_TEST(cryptonote::hex(d) == "0x10000000000000005");
  BOOST_TEST(cryptonote::hex(0) == "0x0");
  BOOST_CHECK_THROW(difficulty_type("340282366920938463463374607431768211456"), std::overflow_error);
  BOOST_CHECK_THROW(difficulty_type("12a"), std::invalid_argument);
  BOOST_CHECK_THROW(d / 0, std::overflow_error);
  std::ostringstream o;
  o << d;
  BOOST_TEST(o.str() == "18446744073709551621");
  std::istringstream i(" 42 x");
  difficulty_type r;
  i >> r;
  BOOST_TEST(r == 42);
  i >> r;
  BOOST_TEST(i.fail());
  BOOST_TEST(d / 3 * 3 + d % 3 == d);
  BOOST_TEST(static_cast<double>(difficulty_type(1) << 100) == 1267650600228229401496703205376.0);
}

BOOST_AUTO_TEST_CASE(check_hash_vectors, *cncrypto::test::needs_shared()) {
  auto in = open_shared("data/pow/check_hash.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  std::size_t count = 0;
  for (const auto &v : j.at("vectors")) {
    const crypto::hash h = hash_from_hex(v.at("hash").get<std::string>());
    const difficulty_type d(v.at("difficulty").get<std::string>());
    const bool expected = v.at("expected").get<bool>();
    BOOST_TEST(cryptonote::check_hash(h, d) == expected, v.at("note").get<std::string>());
    BOOST_TEST(cryptonote::check_hash_128(h, d) == expected, v.at("note").get<std::string>());
    if (d <= std::numeric_limits<std::uint64_t>::max()) {
      BOOST_TEST(cryptonote::check_hash_64(h, d.convert_to<std::uint64_t>()) == expected,
                 v.at("note").get<std::string>());
    }
    ++count;
  }
  BOOST_TEST(count == 11u);
}

// The 64-bit and 128-bit paths agree on every difficulty below 2^64, around
// the boundary of each hash (hashes with leading zero bytes as real ones).
BOOST_AUTO_TEST_CASE(check_hash_paths_agree) {
  std::mt19937_64 rng(16);
  for (int i = 0; i < 20000; ++i) {
    crypto::hash h;
    for (auto &c : h.data) c = static_cast<char>(rng());
    const int zero_bytes = static_cast<int>(rng() % 12);
    for (int k = 0; k < zero_bytes; ++k) h.data[31 - k] = 0;
    const std::uint64_t d = rng() >> (rng() % 64);
    BOOST_TEST_REQUIRE(cryptonote::check_hash_64(h, d) == cryptonote::check_hash_128(h, d));
    BOOST_TEST_REQUIRE(cryptonote::check_hash_64(h, d) == reference_check(h, d));
  }
  // 128-bit difficulties against the reference product, around the boundary
  // (hashes with 8-20 leading zero bytes, difficulties of 65-128 bits).
  std::size_t accepted = 0;
  for (int i = 0; i < 200000; ++i) {
    crypto::hash h;
    for (auto &c : h.data) c = static_cast<char>(rng());
    const int zero_bytes = 8 + static_cast<int>(rng() % 13);
    for (int k = 0; k < zero_bytes; ++k) h.data[31 - k] = 0;
    difficulty_type d = (difficulty_type(rng() | 1) << 64) | rng();
    d >>= static_cast<int>(rng() % 64);
    if (d <= std::numeric_limits<std::uint64_t>::max()) d += difficulty_type(1) << 64;
    const bool expected = reference_check(h, d);
    accepted += expected;
    BOOST_TEST_REQUIRE(cryptonote::check_hash_128(h, d) == expected);
    BOOST_TEST_REQUIRE(cryptonote::check_hash(h, d) == expected);
  }
  BOOST_TEST(accepted > 1000u);
  BOOST_TEST(accepted < 199000u);
  crypto::hash zero{};
  BOOST_TEST(cryptonote::check_hash(zero, std::numeric_limits<difficulty_type>::max()));
  crypto::hash ones;
  std::memset(ones.data, 0xff, 32);
  BOOST_TEST(cryptonote::check_hash(ones, 0));
  BOOST_TEST(cryptonote::check_hash(ones, 1));
  BOOST_TEST(!cryptonote::check_hash(ones, 2));
}

BOOST_AUTO_TEST_CASE(next_difficulty_edges) {
  BOOST_TEST(cryptonote::next_difficulty({}, {}, 120) == 1);
  BOOST_TEST(cryptonote::next_difficulty_64({5}, {7}, 120) == 1u);
  // Two blocks 0 s apart: time span 1.
  BOOST_TEST(cryptonote::next_difficulty_64({10, 10}, {0, 100}, 120) == 12000u);
  // The 64-bit product overflow gives 0; the 128-bit version does not overflow.
  const std::uint64_t big = std::uint64_t(1) << 60;
  BOOST_TEST(cryptonote::next_difficulty_64({0, 1}, {0, big}, 120) == 0u);
  BOOST_TEST(cryptonote::next_difficulty({0, 1}, {0, big}, 120) == difficulty_type(big) * 120);
  // Over 2^128: 0 (Monero's overflow answer).
  const difficulty_type huge = std::numeric_limits<difficulty_type>::max();
  BOOST_TEST(cryptonote::next_difficulty({0, 1}, {0, huge}, 120) == 0);
  BOOST_TEST(cryptonote::next_difficulty({0, 120}, {0, huge}, 120) == huge);
  BOOST_CHECK_THROW(cryptonote::next_difficulty_64({1, 2}, {1}, 120), std::invalid_argument);
  BOOST_CHECK_THROW(cryptonote::next_difficulty({1, 2, 3}, {1, 2}, 120), std::invalid_argument);
}

// Monero's chain (tests/difficulty/data.txt): both functions, and the low 64
// bits of the 128-bit one, as Monero's difficulty-tests checks.
BOOST_AUTO_TEST_CASE(monero_difficulty_chain, *cncrypto::test::needs_shared()) {
  auto in = open_shared("data/pow/difficulty/data.txt");
  std::vector<std::uint64_t> timestamps, cumulative64;
  std::vector<difficulty_type> cumulative;
  std::uint64_t timestamp, difficulty, total = 0;
  std::size_t n = 0;
  while (in >> timestamp >> difficulty) {
    const chain_window w = window_for(n);
    std::vector<std::uint64_t> ts(timestamps.begin() + w.begin, timestamps.begin() + w.end);
    const std::uint64_t r64 = cryptonote::next_difficulty_64(
        ts, std::vector<std::uint64_t>(cumulative64.begin() + w.begin, cumulative64.begin() + w.end), 120);
    const difficulty_type r = cryptonote::next_difficulty(
        ts, std::vector<difficulty_type>(cumulative.begin() + w.begin, cumulative.begin() + w.end), 120);
    BOOST_TEST_REQUIRE(r64 == difficulty, "line " << n);
    BOOST_TEST_REQUIRE(r.convert_to<std::uint64_t>() == difficulty, "line " << n);
    timestamps.push_back(timestamp);
    total += difficulty;
    cumulative64.push_back(total);
    cumulative.push_back(total);
    ++n;
  }
  BOOST_TEST(n == 1000u);
}

// The 128-bit chain (100,000 lines, difficulties up to ~1.1e26).
BOOST_AUTO_TEST_CASE(monero_wide_difficulty_chain, *cncrypto::test::needs_shared()) {
  auto in = open_shared("data/pow/difficulty/wide_data.txt");
  std::vector<std::uint64_t> timestamps;
  std::vector<difficulty_type> cumulative;
  timestamps.reserve(100000);
  cumulative.reserve(100000);
  std::uint64_t timestamp;
  std::string text;
  difficulty_type total = 0;
  std::size_t n = 0, above_64 = 0;
  while (in >> timestamp >> text) {
    const difficulty_type difficulty(text);
    const chain_window w = window_for(n);
    const difficulty_type r = cryptonote::next_difficulty(
        std::vector<std::uint64_t>(timestamps.begin() + w.begin, timestamps.begin() + w.end),
        std::vector<difficulty_type>(cumulative.begin() + w.begin, cumulative.begin() + w.end), 120);
    if (r != difficulty) BOOST_TEST_REQUIRE(r.str() == text, "line " << n);
    if (difficulty > std::numeric_limits<std::uint64_t>::max()) ++above_64;
    timestamps.push_back(timestamp);
    total += difficulty;
    cumulative.push_back(total);
    ++n;
  }
  BOOST_TEST(n == 100000u);
  BOOST_TEST(above_64 > 0u);
}

// Real mainnet blocks 3000000 .. 3001999: every row from index 735 on.
BOOST_AUTO_TEST_CASE(mainnet_rows, *cncrypto::test::needs_shared()) {
  auto in = open_shared("data/pow/difficulty/mainnet_3000000_3001999.txt");
  std::vector<std::uint64_t> timestamps;
  std::vector<difficulty_type> cumulative;
  std::vector<std::string> difficulties;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream row(line);
    std::uint64_t height, timestamp;
    std::string cum, diff;
    row >> height >> timestamp >> cum >> diff;
    timestamps.push_back(timestamp);
    cumulative.push_back(difficulty_type(cum));
    difficulties.push_back(diff);
  }
  BOOST_TEST_REQUIRE(timestamps.size() == 2000u);
  std::size_t checked = 0;
  for (std::size_t i = DIFFICULTY_BLOCKS_COUNT; i < timestamps.size(); ++i) {
    const chain_window w = window_for(i);
    const difficulty_type r = cryptonote::next_difficulty(
        std::vector<std::uint64_t>(timestamps.begin() + w.begin, timestamps.begin() + w.end),
        std::vector<difficulty_type>(cumulative.begin() + w.begin, cumulative.begin() + w.end),
        DIFFICULTY_TARGET_V2);
    BOOST_TEST_REQUIRE(r.str() == difficulties[i], "row " << i);
    // And the cumulative column is consistent with it.
    BOOST_TEST_REQUIRE(cumulative[i] - cumulative[i - 1] == r);
    ++checked;
  }
  BOOST_TEST(checked == 1265u);
}

// The difficulty_type contract of cryptonote/difficulty.h not covered above:
// 0x / 0X hex parsing and its errors, shifts of 128 or more, wrapping ++ / --
// and unary minus and *=, the compound forms, division and remainder by 0 (also compound), comparisons
// with built-in integers on either side, numeric_limits, and >> on a bad
// token. Expected values: the header's stated rules and 2^128 - 1 in decimal.
BOOST_AUTO_TEST_CASE(difficulty_type_contract) {
  const difficulty_type max = std::numeric_limits<difficulty_type>::max();
  BOOST_TEST(difficulty_type("0X1f") == 31);
  BOOST_TEST(difficulty_type("0xffffffffffffffffffffffffffffffff") == max);
  BOOST_TEST(difficulty_type("0") == 0);
  BOOST_TEST(difficulty_type("007") == 7);
  BOOST_CHECK_THROW(difficulty_type("0x100000000000000000000000000000000"), std::overflow_error);
  BOOST_CHECK_THROW(difficulty_type(""), std::invalid_argument);
  BOOST_CHECK_THROW(difficulty_type("0x"), std::invalid_argument);
  BOOST_CHECK_THROW(difficulty_type("0xg"), std::invalid_argument);
  BOOST_CHECK_THROW(difficulty_type("-1"), std::invalid_argument);
  BOOST_CHECK_THROW(difficulty_type(" 1"), std::invalid_argument);
  BOOST_CHECK_THROW(difficulty_type("1a"), std::invalid_argument);
  BOOST_TEST(max.str() == "340282366920938463463374607431768211455");
  BOOST_TEST(difficulty_type().str() == "0");
  BOOST_TEST(cryptonote::hex(max) == "0xffffffffffffffffffffffffffffffff");
  BOOST_TEST((max << 127) == difficulty_type(1) << 127);
  BOOST_TEST((max >> 127) == 1);
  BOOST_TEST((max << 128) == 0);
  BOOST_TEST((max >> 128) == 0);
  BOOST_TEST((max >> 200u) == 0);
  difficulty_type d = max;
  BOOST_TEST(++d == 0);
  BOOST_TEST(d-- == 0);
  BOOST_TEST(d == max);
  BOOST_TEST(-difficulty_type(1) == max);
  BOOST_TEST(+difficulty_type(5) == 5);
  BOOST_TEST(~difficulty_type(0) == max);
  d = 100;
  d /= 7;
  BOOST_TEST(d == 14);
  d %= 5;
  BOOST_TEST(d == 4);
  BOOST_CHECK_THROW(d %= 0, std::overflow_error);
  BOOST_CHECK_THROW(d /= 0, std::overflow_error);
  BOOST_CHECK_THROW(difficulty_type(1) % 0, std::overflow_error);
  BOOST_TEST(d == 4);
  // The other compound forms, with 2^64 * 2^64 wrapping to 0 (mod 2^128).
  const difficulty_type two64 = difficulty_type(1) << 64;
  d = two64;
  d *= two64;
  BOOST_TEST(d == 0);
  d -= 1;
  BOOST_TEST(d == max);
  d &= 0xf0f0;
  BOOST_TEST(d == 0xf0f0);
  d |= 0x0f0f;
  BOOST_TEST(d == 0xffff);
  d ^= 0x00ff;
  BOOST_TEST(d == 0xff00);
  BOOST_TEST((d ^ difficulty_type(0xffff)) == 0x00ff);
  BOOST_TEST(--d == 0xfeff);
  BOOST_TEST(d++ == 0xfeff);
  BOOST_TEST(d == 0xff00);
  BOOST_TEST(max >= two64);
  BOOST_TEST(!(two64 >= max));
  BOOST_TEST(std::numeric_limits<difficulty_type>::lowest() == 0);
  BOOST_TEST(5 < difficulty_type(6));
  BOOST_TEST(difficulty_type(6) > 5u);
  BOOST_TEST(std::uint64_t(7) == difficulty_type(7));
  BOOST_TEST(!difficulty_type(0));
  BOOST_TEST(static_cast<bool>(difficulty_type(1) << 100));
  BOOST_TEST((difficulty_type(1) << 64).convert_to<std::uint32_t>() == 0u);  // the low bits, as boost
  BOOST_TEST(std::numeric_limits<difficulty_type>::digits == 128);
  BOOST_TEST(std::numeric_limits<difficulty_type>::min() == 0);
  BOOST_TEST(!std::numeric_limits<difficulty_type>::is_signed);
  std::istringstream in("0x10 340282366920938463463374607431768211456");
  difficulty_type r;
  in >> r;
  BOOST_TEST(r == 16);
  in >> r;
  BOOST_TEST(in.fail());
  BOOST_TEST(r == 16);  // left unchanged
}

// check_hash at the exact boundary of each difficulty D: the largest passing
// H is floor((2^256 - 1) / D) (spec pow.md 3.5), H + 1 fails. The hashes were
// computed once with Python big integers from that formula (not by this
// library), written little-endian as stored; D covers the 64-bit path (3,
// 1000, 2^32+1, 2^63, 2^64-1), the 128-bit path (2^64 and above) and exact
// divisors of 2^256 - 1 (where H * D = 2^256 - 1 itself passes).
BOOST_AUTO_TEST_CASE(check_hash_exact_boundaries) {
  struct boundary {
    const char *difficulty, *largest_passing, *smallest_failing;
  };
  const boundary cases[] = {
      {"3", "5555555555555555555555555555555555555555555555555555555555555555",
       "5655555555555555555555555555555555555555555555555555555555555555"},  // 3 divides 2^256-1
      {"1000", "a7c64b37894160e5d022dbf97e6abc74931804560e2db29defa7c64b37894100",
       "a8c64b37894160e5d022dbf97e6abc74931804560e2db29defa7c64b37894100"},
      {"4294967297", "ffffffff00000000ffffffff00000000ffffffff00000000ffffffff00000000",
       "0000000001000000ffffffff00000000ffffffff00000000ffffffff00000000"},  // 2^32+1 divides 2^256-1
      {"9223372036854775808", "ffffffffffffffffffffffffffffffffffffffffffffffff0100000000000000",
       "0000000000000000000000000000000000000000000000000200000000000000"},  // 2^63
      {"18446744073709551615", "0100000000000000010000000000000001000000000000000100000000000000",
       "0200000000000000010000000000000001000000000000000100000000000000"},  // 2^64-1 divides 2^256-1
      {"18446744073709551616", "ffffffffffffffffffffffffffffffffffffffffffffffff0000000000000000",
       "0000000000000000000000000000000000000000000000000100000000000000"},  // 2^64
      {"18446744073709551617", "ffffffffffffffff0000000000000000ffffffffffffffff0000000000000000",
       "00000000000000000100000000000000ffffffffffffffff0000000000000000"},  // 2^64+1 divides 2^256-1
      {"55340232221128667193", "bc119497faffffff22cb00abaaaaaaaaf94f5555555555550000000000000000",
       "bd119497faffffff22cb00abaaaaaaaaf94f5555555555550000000000000000"},  // 3*2^64+12345
      {"1267650600228229401496703205383", "00000000000000f9ffffffffffffffffffffff0f000000000000000000000000",
       "01000000000000f9ffffffffffffffffffffff0f000000000000000000000000"},  // 2^100+7
      {"170141183460469231731687303715884105728", "ffffffffffffffffffffffffffffffff01000000000000000000000000000000",
       "0000000000000000000000000000000002000000000000000000000000000000"},  // 2^127
      {"340282366920938463463374607431768211455", "0100000000000000000000000000000001000000000000000000000000000000",
       "0200000000000000000000000000000001000000000000000000000000000000"},  // 2^128-1 divides 2^256-1
  };
  for (const boundary &c : cases) {
    const difficulty_type d(c.difficulty);
    const crypto::hash pass = hash_from_hex(c.largest_passing), fail = hash_from_hex(c.smallest_failing);
    BOOST_TEST(cryptonote::check_hash(pass, d), c.difficulty);
    BOOST_TEST(!cryptonote::check_hash(fail, d), c.difficulty);
    BOOST_TEST(cryptonote::check_hash_128(pass, d), c.difficulty);
    BOOST_TEST(!cryptonote::check_hash_128(fail, d), c.difficulty);
    if (d <= std::numeric_limits<std::uint64_t>::max()) {
      BOOST_TEST(cryptonote::check_hash_64(pass, d.convert_to<std::uint64_t>()), c.difficulty);
      BOOST_TEST(!cryptonote::check_hash_64(fail, d.convert_to<std::uint64_t>()), c.difficulty);
    }
    // One difficulty more fails the largest passing hash too (it is the boundary).
    if (d != std::numeric_limits<difficulty_type>::max()) BOOST_TEST(!cryptonote::check_hash(pass, d + 1), c.difficulty);
  }
  // D = 0 passes every hash on both paths (spec pow.md 3.5).
  crypto::hash ones;
  std::memset(ones.data, 0xff, 32);
  BOOST_TEST(cryptonote::check_hash_64(ones, 0));
  BOOST_TEST(cryptonote::check_hash_128(ones, 0));
}

namespace {

// A deterministic irregular chain for the window tests: timestamps about 120 s
// apart with jitter of -150 .. +150 s (so not in order), block difficulties
// 1,000,000 .. 1,004,999; cumulative difficulties in height order.
void jittered_chain(std::size_t n, std::vector<std::uint64_t> &ts, std::vector<std::uint64_t> &cum) {
  ts.clear();
  cum.clear();
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    ts.push_back(1500000000 + 120 * i + (i * 7919) % 301 - 150);
    total += 1000000 + (i * 104729) % 5000;
    cum.push_back(total);
  }
}

std::vector<difficulty_type> wide(const std::vector<std::uint64_t> &v) { return {v.begin(), v.end()}; }

}  // namespace

// next_difficulty / next_difficulty_64 window rules (spec pow.md 3.6): the
// cut at n = 600 / 601 / 602 / 603 / 720 (cut_begin = (n - 600 + 1) / 2), only
// the first 720 of 735 entries, equal timestamps (time span 1), timestamps
// sorted but not the cumulative difficulties, ceil rounding, targets 60 and
// 120, and 0 or 1 entries. Expected values computed once with Python big
// integers by a straight transcription of spec pow.md 3.6 (full sort, cut,
// ceil(work * target / span)), not by this library.
BOOST_AUTO_TEST_CASE(next_difficulty_windows) {
  BOOST_TEST(cryptonote::next_difficulty_64({}, {}, 120) == 1u);
  BOOST_TEST(cryptonote::next_difficulty({7}, {difficulty_type(1) << 100}, 120) == 1);
  // 720 equal timestamps: span 0 -> 1; work = cum[659] - cum[60] = 599 * 100.
  std::vector<std::uint64_t> same(720, 1000), cum100;
  for (std::uint64_t i = 0; i < 720; ++i) cum100.push_back(100 * i);
  BOOST_TEST(cryptonote::next_difficulty_64(same, cum100, 120) == 7188000u);
  BOOST_TEST(cryptonote::next_difficulty(same, wide(cum100), 120) == 7188000u);
  // Only the timestamps are sorted: span 300 - 100 = 200, work = cum[2] - cum[0] = 51,
  // ceil(51 * 120 / 200) = ceil(30.6) = 31 (pairing the cumulative values with the
  // sorted timestamps would give work 10 - 20, wrapping).
  BOOST_TEST(cryptonote::next_difficulty_64({300, 100, 200}, {10, 20, 61}, 120) == 31u);
  BOOST_TEST(cryptonote::next_difficulty({300, 100, 200}, {10, 20, 61}, 120) == 31);
  struct row {
    std::size_t n;
    std::uint64_t target_120, target_60;
  };
  const row rows[] = {{2, 566045, 283023},      {3, 565969, 282985},      {600, 1000983, 500492},
                      {601, 1002205, 501103},   {602, 1002205, 501103},   {603, 1003429, 501715},
                      {719, 1002192, 501096},   {720, 1002192, 501096}};
  std::vector<std::uint64_t> ts, cum;
  for (const row &r : rows) {
    jittered_chain(r.n, ts, cum);
    BOOST_TEST(cryptonote::next_difficulty_64(ts, cum, 120) == r.target_120, "n = " << r.n);
    BOOST_TEST(cryptonote::next_difficulty(ts, wide(cum), 120) == r.target_120, "n = " << r.n);
    BOOST_TEST(cryptonote::next_difficulty_64(ts, cum, DIFFICULTY_TARGET_V1) == r.target_60, "n = " << r.n);
    BOOST_TEST(cryptonote::next_difficulty(ts, wide(cum), DIFFICULTY_TARGET_V1) == r.target_60,
               "n = " << r.n);
  }
  // 735 entries: the 15 after the first 720 (wild timestamps 0 and 2^40,
  // cumulative 2^63) change nothing.
  jittered_chain(720, ts, cum);
  for (int k = 0; k < 15; ++k) {
    ts.push_back(k < 7 ? 0 : std::uint64_t(1) << 40);
    cum.push_back(std::uint64_t(1) << 63);
  }
  BOOST_TEST_REQUIRE(ts.size() == DIFFICULTY_BLOCKS_COUNT);
  BOOST_TEST(cryptonote::next_difficulty_64(ts, cum, 60) == 501096u);
  BOOST_TEST(cryptonote::next_difficulty(ts, wide(cum), 60) == 501096u);
}

// The overflow rules (header and spec pow.md 3.6): the 64-bit version's
// product limit and rounding add, 64- and 128-bit wrapping of a decreasing
// cumulative difficulty, the 128-bit version's carry into the third limb and
// its 2^128 limit. With w = floor((2^64 - 1) / 120) = 153722867280912930,
// w * 120 = 2^64 - 16: span 16 rounds to 2^64 - 1 (fits), span 17 to 2^64
// (the 64-bit version gives 0; the 128-bit one ceil((2^64 - 16) / 17)).
// Expected values computed once with Python big integers from spec pow.md
// 3.6, not by this library.
BOOST_AUTO_TEST_CASE(next_difficulty_overflow_paths) {
  const std::uint64_t w = 153722867280912930u;
  BOOST_TEST(cryptonote::next_difficulty_64({0, 16}, {0, w}, 120) == 1152921504606846975u);
  BOOST_TEST(cryptonote::next_difficulty({0, 16}, {0, w}, 120) == 1152921504606846975u);
  BOOST_TEST(cryptonote::next_difficulty_64({0, 17}, {0, w}, 120) == 0u);
  BOOST_TEST(cryptonote::next_difficulty({0, 17}, {0, w}, 120) == 1085102592571150095u);
  // cum 5 then 3: work wraps to 2^64 - 2 (64-bit) or 2^128 - 2 (128-bit).
  BOOST_TEST(cryptonote::next_difficulty_64({0, 1}, {5, 3}, 1) == 18446744073709551614u);
  BOOST_TEST(cryptonote::next_difficulty({0, 1}, {5, 3}, 1) ==
             difficulty_type("340282366920938463463374607431768211454"));
  BOOST_TEST(cryptonote::next_difficulty_64({0, 1}, {5, 3}, 120) == 0u);
  BOOST_TEST(cryptonote::next_difficulty({0, 1}, {5, 3}, 120) == 0);
  // work * 3 = 2^128 - 1 with work = (2^128 - 1) / 3, span 2: the rounding add carries
  // into the third limb, (2^128 - 1 + 1) / 2 = 2^127.
  const difficulty_type third("113427455640312821154458202477256070485");
  BOOST_TEST(cryptonote::next_difficulty({0, 2}, {0, third}, 3) == difficulty_type(1) << 127);
  // work 2^128 - 1 at target 120: span 119 is over 2^128 - 1 (0), span 121 is not.
  const difficulty_type max = std::numeric_limits<difficulty_type>::max();
  BOOST_TEST(cryptonote::next_difficulty({0, 119}, {0, max}, 120) == 0);
  BOOST_TEST(cryptonote::next_difficulty({0, 121}, {0, max}, 120) ==
             difficulty_type("337470115954649715831445891667869300617"));
}

BOOST_AUTO_TEST_SUITE_END()
