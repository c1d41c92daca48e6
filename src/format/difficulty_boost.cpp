// Monero's cryptonote_basic/difficulty.h forms (difficulty_type =
// boost::multiprecision::uint128_t) over the native ones of difficulty.cpp:
// exact conversions through two 64-bit halves.
#include "cryptonote_basic/difficulty.h"

#include <utility>

#include "difficulty_native.h"

namespace cryptonote {

namespace {

difficulty_native::u128 to_native(const difficulty_type &d) {
  const std::uint64_t lo = static_cast<std::uint64_t>(d & UINT64_MAX);
  const std::uint64_t hi = static_cast<std::uint64_t>(d >> 64);
  return (static_cast<difficulty_native::u128>(hi) << 64) | lo;
}

difficulty_type from_native(difficulty_native::u128 v) {
  difficulty_type d = static_cast<std::uint64_t>(v >> 64);
  d <<= 64;
  d |= static_cast<std::uint64_t>(v);
  return d;
}

}  // namespace

bool check_hash_128(const crypto::hash &hash, difficulty_type difficulty) {
  return difficulty_native::check_hash_128(hash, to_native(difficulty));
}

bool check_hash(const crypto::hash &hash, difficulty_type difficulty) {
  return difficulty_native::check_hash(hash, to_native(difficulty));
}

difficulty_type next_difficulty(std::vector<std::uint64_t> timestamps,
                                std::vector<difficulty_type> cumulative_difficulties, std::size_t target_seconds) {
  std::vector<difficulty_native::u128> cumulative;
  cumulative.reserve(cumulative_difficulties.size());
  for (const difficulty_type &d : cumulative_difficulties) cumulative.push_back(to_native(d));
  return from_native(difficulty_native::next_difficulty(std::move(timestamps), cumulative, target_seconds));
}

std::string hex(difficulty_type v) { return difficulty_native::hex(to_native(v)); }

}  // namespace cryptonote
