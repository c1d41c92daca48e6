// Monero's idiom for cryptonote_basic/difficulty.h, compiled against the
// installed package with Monero's include paths only (scripts/test-consumer.sh):
// Monero's difficulty macros are defined first, as Monero's cryptonote_config.h
// does (same values and replacement lists), and difficulty_type is
// boost::multiprecision::uint128_t. Expected values follow from Monero's rule
// (docs/pow.md, ../shared/spec/pow.md 3.6): blocks 120 s apart whose cumulative
// difficulty grows by D each give the next difficulty D (work (n-1)*D over
// (n-1)*120 s, times the 120 s target); the hash checks from H * d <= 2^256 - 1.
#define DIFFICULTY_TARGET_V2                            120  // seconds
#define DIFFICULTY_TARGET_V1                            60  // seconds - before first fork
#define DIFFICULTY_WINDOW                               720 // blocks
#define DIFFICULTY_LAG                                  15  // !!!
#define DIFFICULTY_CUT                                  60  // timestamps to cut after sorting
#define DIFFICULTY_BLOCKS_COUNT                         DIFFICULTY_WINDOW + DIFFICULTY_LAG

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "check.h"
#include "cryptonote_basic/difficulty.h"

using monero_idiom::check;

int main() {
  const char *me = "monero_idiom_difficulty";
  static_assert(std::is_same<cryptonote::difficulty_type, boost::multiprecision::uint128_t>::value,
                "difficulty_type is Monero's boost uint128_t");
  const std::size_t n = 800;  // more than DIFFICULTY_BLOCKS_COUNT: the caller's window as Monero's tests cut it
  std::vector<std::uint64_t> timestamps, cumulative64;
  std::vector<cryptonote::difficulty_type> cumulative;
  const cryptonote::difficulty_type big = cryptonote::difficulty_type(1) << 64;  // 2^64 per block
  for (std::size_t i = 0; i < n; ++i) {
    timestamps.push_back(1000 + 120 * i);
    cumulative64.push_back(1000 * (i + 1));
    cumulative.push_back(big * (i + 1));
  }
  const std::size_t end = n - DIFFICULTY_LAG, begin = end - DIFFICULTY_WINDOW;
  const std::vector<std::uint64_t> ts(timestamps.begin() + begin, timestamps.begin() + end);
  const std::uint64_t d64 = cryptonote::next_difficulty_64(
      ts, std::vector<std::uint64_t>(cumulative64.begin() + begin, cumulative64.begin() + end), DIFFICULTY_TARGET_V2);
  check(me, "next_difficulty_64 = 1000", d64 == 1000);
  const cryptonote::difficulty_type wide = cryptonote::next_difficulty(
      ts, std::vector<cryptonote::difficulty_type>(cumulative.begin() + begin, cumulative.begin() + end),
      DIFFICULTY_TARGET_V2);
  check(me, "next_difficulty = 2^64 (boost uint128_t)", wide == big);
  check(me, "hex(2^64) = 0x10000000000000000", cryptonote::hex(wide) == "0x10000000000000000");
  check(me, "std::min<size_t>(n, DIFFICULTY_WINDOW) with Monero's macro",
        std::min<std::size_t>(n, DIFFICULTY_WINDOW) == 720 && DIFFICULTY_BLOCKS_COUNT == 735);

  crypto::hash h;
  std::memset(&h, 0, sizeof h);
  reinterpret_cast<unsigned char *>(&h)[31] = 0x80;  // H = 2^255
  check(me, "check_hash: 2^255 * 1 fits, 2^255 * 2 does not",
        cryptonote::check_hash(h, 1) && !cryptonote::check_hash(h, 2) && !cryptonote::check_hash_64(h, 2));
  check(me, "check_hash_128 with a difficulty of 2^64 refuses 2^255",
        !cryptonote::check_hash_128(h, big) && !cryptonote::check_hash(h, big));
  std::memset(&h, 0, sizeof h);
  reinterpret_cast<unsigned char *>(&h)[0] = 1;  // H = 1
  check(me, "check_hash: 1 * (2^128 - 1) fits", cryptonote::check_hash(h, ~cryptonote::difficulty_type(0)));
  return 0;
}
