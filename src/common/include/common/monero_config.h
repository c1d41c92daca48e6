// The constants of Monero's src/cryptonote_config.h that cncrypto's headers
// use, as Monero has them: object-like macros, with Monero's values and
// replacement lists (token for token, Monero 0.18.0.0 and master 0aa9c51 agree
// on every one; MAX_TX_EXTRA_SIZE is master's only). Each is defined only if
// it is not defined yet, so a program may include Monero's own
// cryptonote_config.h before or after any cncrypto header: before, these
// definitions are skipped; after, Monero's are identical redefinitions, which
// the preprocessor accepts (C++17 [cpp.replace]/2).
//
// Consequences a user notices, all as in Monero: these names are macros, not
// namespaced constants (no `cryptonote::FEE_PER_BYTE`); their type is that of
// the literal (int for most: `std::min(n, CRYPTONOTE_MAX_TX_SIZE)` with a
// size_t n needs an explicit template argument, as in Monero); and
// DIFFICULTY_BLOCKS_COUNT and CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_SECONDS_V1/V2
// are unparenthesised expressions, exactly as Monero writes them.
// Units: sizes and weights in bytes, amounts in atomic units (1e-12 XMR),
// times in seconds, heights in blocks, HF_VERSION_* are block major versions.
#pragma once

#include <stdint.h>  // uint64_t, for FEE_PER_BYTE and DYNAMIC_FEE_REFERENCE_TRANSACTION_WEIGHT

// A Monero build has Monero's src/cryptonote_config.h on its include path, and
// Monero's cryptonote_basic.h includes it: so does this header, first, when a
// file of that name is found (define CNCRYPTO_NO_MONERO_CONFIG to prevent it).
// Its values then stand, and where it defines CRYPTONOTE_NAME, its
// cryptonote::network_type is the one cryptonote/address.h uses (Monero's
// enum and ours are the same: MAINNET 0, TESTNET, STAGENET, FAKECHAIN,
// UNDEFINED 255).
#if defined(__has_include) && !defined(CNCRYPTO_NO_MONERO_CONFIG)
#if __has_include(<cryptonote_config.h>)
#include <cryptonote_config.h>
#endif
#endif

// --- difficulty (cryptonote_basic/difficulty.cpp's inputs)
#ifndef DIFFICULTY_TARGET_V2
#define DIFFICULTY_TARGET_V2 120  // seconds per block from hard fork 2 on
#endif
#ifndef DIFFICULTY_TARGET_V1
#define DIFFICULTY_TARGET_V1 60  // seconds per block before hard fork 2
#endif
#ifndef DIFFICULTY_WINDOW
#define DIFFICULTY_WINDOW 720  // blocks next_difficulty looks at
#endif
#ifndef DIFFICULTY_LAG
#define DIFFICULTY_LAG 15  // newest blocks the caller passes that are never used
#endif
#ifndef DIFFICULTY_CUT
#define DIFFICULTY_CUT 60  // timestamps cut at each end of the sorted window
#endif
#ifndef DIFFICULTY_BLOCKS_COUNT
#define DIFFICULTY_BLOCKS_COUNT DIFFICULTY_WINDOW + DIFFICULTY_LAG  // 735; no parentheses, as Monero's
#endif

// --- sizes and limits
#ifndef CRYPTONOTE_MAX_TX_SIZE
#define CRYPTONOTE_MAX_TX_SIZE 1000000  // bytes of one transaction blob
#endif
#ifndef CRYPTONOTE_COINBASE_BLOB_RESERVED_SIZE
#define CRYPTONOTE_COINBASE_BLOB_RESERVED_SIZE 600  // bytes
#endif
#ifndef CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V1
#define CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V1 20000  // bytes, before HF 2
#endif
#ifndef CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V2
#define CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V2 60000  // bytes, HF 2 to 4
#endif
#ifndef CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V5
#define CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V5 300000  // bytes, from HF 5
#endif
#ifndef MAX_TX_EXTRA_SIZE
#define MAX_TX_EXTRA_SIZE 1060  // bytes: the pool's and the builder's limit (not consensus)
#endif
#ifndef BULLETPROOF_MAX_OUTPUTS
#define BULLETPROOF_MAX_OUTPUTS 16  // amounts one original Bulletproof covers
#endif
#ifndef BULLETPROOF_PLUS_MAX_OUTPUTS
#define BULLETPROOF_PLUS_MAX_OUTPUTS 16  // amounts one Bulletproof+ covers
#endif

// --- emission (get_block_reward)
#ifndef MONEY_SUPPLY
#define MONEY_SUPPLY ((uint64_t)(-1))  // atomic units ever to be emitted, before the tail
#endif
#ifndef EMISSION_SPEED_FACTOR_PER_MINUTE
#define EMISSION_SPEED_FACTOR_PER_MINUTE (20)
#endif
#ifndef FINAL_SUBSIDY_PER_MINUTE
#define FINAL_SUBSIDY_PER_MINUTE ((uint64_t)300000000000)  // 0.3 XMR a minute: the tail emission
#endif

// --- unlock times: below CRYPTONOTE_MAX_BLOCK_NUMBER a height, else a unix time
#ifndef CRYPTONOTE_MAX_BLOCK_NUMBER
#define CRYPTONOTE_MAX_BLOCK_NUMBER 500000000
#endif
#ifndef CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_BLOCKS
#define CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_BLOCKS 1
#endif
#ifndef CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_SECONDS_V1
#define CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_SECONDS_V1 DIFFICULTY_TARGET_V1 * CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_BLOCKS
#endif
#ifndef CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_SECONDS_V2
#define CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_SECONDS_V2 DIFFICULTY_TARGET_V2 * CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_BLOCKS
#endif
#ifndef CRYPTONOTE_DEFAULT_TX_SPENDABLE_AGE
#define CRYPTONOTE_DEFAULT_TX_SPENDABLE_AGE 10  // blocks, enforced from HF 12
#endif

// --- fees
#ifndef FEE_PER_BYTE
#define FEE_PER_BYTE ((uint64_t)300000)  // the wallet's fallback base fee per byte
#endif
#ifndef DYNAMIC_FEE_REFERENCE_TRANSACTION_WEIGHT
#define DYNAMIC_FEE_REFERENCE_TRANSACTION_WEIGHT ((uint64_t)3000)
#endif
#ifndef PER_KB_FEE_QUANTIZATION_DECIMALS
#define PER_KB_FEE_QUANTIZATION_DECIMALS 8
#endif
#ifndef CRYPTONOTE_DISPLAY_DECIMAL_POINT
#define CRYPTONOTE_DISPLAY_DECIMAL_POINT 12
#endif
#ifndef CRYPTONOTE_SCALING_2021_FEE_ROUNDING_PLACES
#define CRYPTONOTE_SCALING_2021_FEE_ROUNDING_PLACES 2
#endif

// --- hard-fork versions of the rules (mainnet numbering; testnet and stagenet the same)
#ifndef HF_VERSION_DYNAMIC_FEE
#define HF_VERSION_DYNAMIC_FEE 4  // fees from the block reward and the median
#endif
#ifndef HF_VERSION_MIN_MIXIN_4
#define HF_VERSION_MIN_MIXIN_4 6  // ring size >= 5
#endif
#ifndef HF_VERSION_ENFORCE_RCT
#define HF_VERSION_ENFORCE_RCT 6  // RingCT required
#endif
#ifndef HF_VERSION_MIN_MIXIN_6
#define HF_VERSION_MIN_MIXIN_6 7  // ring size >= 7
#endif
#ifndef HF_VERSION_MIN_MIXIN_10
#define HF_VERSION_MIN_MIXIN_10 8  // ring size 11
#endif
#ifndef HF_VERSION_PER_BYTE_FEE
#define HF_VERSION_PER_BYTE_FEE 8
#endif
#ifndef HF_VERSION_SMALLER_BP
#define HF_VERSION_SMALLER_BP 10  // Bulletproofs, type 4
#endif
#ifndef HF_VERSION_LONG_TERM_BLOCK_WEIGHT
#define HF_VERSION_LONG_TERM_BLOCK_WEIGHT 10
#endif
#ifndef HF_VERSION_MIN_2_OUTPUTS
#define HF_VERSION_MIN_2_OUTPUTS 12
#endif
#ifndef HF_VERSION_MIN_V2_COINBASE_TX
#define HF_VERSION_MIN_V2_COINBASE_TX 12
#endif
#ifndef HF_VERSION_SAME_MIXIN
#define HF_VERSION_SAME_MIXIN 12
#endif
#ifndef HF_VERSION_REJECT_SIGS_IN_COINBASE
#define HF_VERSION_REJECT_SIGS_IN_COINBASE 12
#endif
#ifndef HF_VERSION_ENFORCE_MIN_AGE
#define HF_VERSION_ENFORCE_MIN_AGE 12
#endif
#ifndef HF_VERSION_CLSAG
#define HF_VERSION_CLSAG 13
#endif
#ifndef HF_VERSION_DETERMINISTIC_UNLOCK_TIME
#define HF_VERSION_DETERMINISTIC_UNLOCK_TIME 13
#endif
#ifndef HF_VERSION_BULLETPROOF_PLUS
#define HF_VERSION_BULLETPROOF_PLUS 15
#endif
#ifndef HF_VERSION_VIEW_TAGS
#define HF_VERSION_VIEW_TAGS 15
#endif
#ifndef HF_VERSION_2021_SCALING
#define HF_VERSION_2021_SCALING 15
#endif
#ifndef HF_VERSION_MIN_MIXIN_15
#define HF_VERSION_MIN_MIXIN_15 15  // ring size 16
#endif
