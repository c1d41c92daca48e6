// The difficulty functions on the native 128-bit integer, for
// difficulty_boost.cpp (Monero's cryptonote_basic/difficulty.h forms, which
// cannot include cryptonote/difficulty.h). Private to the format layer; each is
// the public function of cryptonote/difficulty.h of the same name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "crypto/hash.h"

namespace cryptonote::difficulty_native {

__extension__ typedef unsigned __int128 u128;

bool check_hash_128(const crypto::hash &hash, u128 difficulty);
bool check_hash(const crypto::hash &hash, u128 difficulty);
u128 next_difficulty(std::vector<std::uint64_t> timestamps, const std::vector<u128> &cumulative_difficulties,
                     std::size_t target_seconds);
std::string hex(u128 v);

}  // namespace cryptonote::difficulty_native
