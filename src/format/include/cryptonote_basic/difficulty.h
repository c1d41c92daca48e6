// Monero's cryptonote_basic/difficulty.h, at Monero's path with Monero's types:
// cryptonote::difficulty_type is boost::multiprecision::uint128_t (Boost's
// header-only Multiprecision, Debian libboost-dev, a public dependency of this
// header only), and check_hash_64, check_hash_128, check_hash,
// next_difficulty_64, next_difficulty and hex have Monero 0.18's signatures and
// results. Each is cncrypto's code (src/format/difficulty.cpp, the comments of
// cryptonote/difficulty.h state the rules, limits and errors); the boost forms
// convert to and from the native 128-bit integer, exactly.
//
// Like Monero's header it defines no constant: DIFFICULTY_WINDOW and the rest
// are Monero's macros from its cryptonote_config.h (cryptonote/difficulty.h
// defines them, with the same values, when they are missing).
//
// cncrypto's own cryptonote/difficulty.h has its own 128-bit difficulty_type
// (no Boost); the two headers cannot be included in one translation unit (this
// one stops with #error). Code ported from Monero includes this one; the other
// installed headers that need a difficulty (cryptonote/block_pow.h and the
// headers that include it) use cncrypto's type (docs/monero_api.md).
//
// Timing: not constant time (every input is public chain data).
#pragma once

#ifdef CNCRYPTO_CRYPTONOTE_DIFFICULTY_H
#error "cryptonote_basic/difficulty.h (Monero's, boost uint128_t) and cryptonote/difficulty.h (cncrypto's difficulty_type) cannot be used in one file; see docs/monero_api.md"
#endif

#include <boost/multiprecision/cpp_int.hpp>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "crypto/hash.h"

namespace cryptonote {

typedef boost::multiprecision::uint128_t difficulty_type;

// true iff hash (a little-endian 256-bit integer) * difficulty <= 2^256 - 1.
// Never throws. Source: Monero difficulty.cpp check_hash_64.
bool check_hash_64(const crypto::hash &hash, std::uint64_t difficulty);

// The legacy 64-bit difficulty of the next block (0: overflow). Throws
// std::invalid_argument when the vectors differ in length (Monero asserts).
// Source: Monero difficulty.cpp next_difficulty_64.
std::uint64_t next_difficulty_64(std::vector<std::uint64_t> timestamps,
                                 std::vector<std::uint64_t> cumulative_difficulties, std::size_t target_seconds);

// check_hash_64's test for a difficulty of up to 128 bits. Never throws.
// Source: Monero difficulty.cpp check_hash_128.
bool check_hash_128(const crypto::hash &hash, difficulty_type difficulty);

// check_hash_64 below 2^64, check_hash_128 from 2^64 on. Never throws.
// Source: Monero difficulty.cpp check_hash.
bool check_hash(const crypto::hash &hash, difficulty_type difficulty);

// The difficulty of the next block from 128-bit cumulative difficulties (0 when
// the result exceeds 2^128 - 1). Throws std::invalid_argument when the vectors
// differ in length. Source: Monero difficulty.cpp next_difficulty.
difficulty_type next_difficulty(std::vector<std::uint64_t> timestamps,
                                std::vector<difficulty_type> cumulative_difficulties, std::size_t target_seconds);

// "0x" and lowercase hex digits without leading zeros ("0x0" for 0).
// Source: Monero difficulty.cpp hex.
std::string hex(difficulty_type v);

}  // namespace cryptonote
