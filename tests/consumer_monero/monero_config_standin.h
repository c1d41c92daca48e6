// A stand-in for the part of Monero's src/cryptonote_config.h that cncrypto's
// headers meet, written here for the consumer check (not Monero's file): the
// same names, values and replacement lists (token for token) as Monero 0.18's
// and master's, as a Monero program's own config would bring them. Without an
// include guard on purpose: config_after.cpp includes it after cncrypto's
// headers, where each #define must be an identical redefinition (-Werror).
#include <stdint.h>
#define DIFFICULTY_TARGET_V2                            120
#define DIFFICULTY_TARGET_V1                            60
#define DIFFICULTY_WINDOW                               720
#define DIFFICULTY_LAG                                  15
#define DIFFICULTY_CUT                                  60
#define DIFFICULTY_BLOCKS_COUNT                         DIFFICULTY_WINDOW + DIFFICULTY_LAG
#define CRYPTONOTE_MAX_TX_SIZE                          1000000
#define CRYPTONOTE_COINBASE_BLOB_RESERVED_SIZE          600
#define CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V1    20000
#define CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V2    60000
#define CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V5    300000
#define MAX_TX_EXTRA_SIZE                               1060
#define BULLETPROOF_MAX_OUTPUTS                         16
#define BULLETPROOF_PLUS_MAX_OUTPUTS                    16
#define CRYPTONOTE_MAX_BLOCK_NUMBER                     500000000
#define CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_BLOCKS       1
#define CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_SECONDS_V1   DIFFICULTY_TARGET_V1 * CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_BLOCKS
#define CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_SECONDS_V2   DIFFICULTY_TARGET_V2 * CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_BLOCKS
#define CRYPTONOTE_DEFAULT_TX_SPENDABLE_AGE             10
#define FEE_PER_BYTE                                    ((uint64_t)300000)
#define DYNAMIC_FEE_REFERENCE_TRANSACTION_WEIGHT        ((uint64_t)3000)
#define PER_KB_FEE_QUANTIZATION_DECIMALS                8
#define CRYPTONOTE_DISPLAY_DECIMAL_POINT                12
#define CRYPTONOTE_SCALING_2021_FEE_ROUNDING_PLACES     2
#define HF_VERSION_DYNAMIC_FEE                          4
#define HF_VERSION_MIN_MIXIN_4                          6
#define HF_VERSION_ENFORCE_RCT                          6
#define HF_VERSION_MIN_MIXIN_6                          7
#define HF_VERSION_MIN_MIXIN_10                         8
#define HF_VERSION_PER_BYTE_FEE                         8
#define HF_VERSION_SMALLER_BP                           10
#define HF_VERSION_LONG_TERM_BLOCK_WEIGHT               10
#define HF_VERSION_MIN_2_OUTPUTS                        12
#define HF_VERSION_MIN_V2_COINBASE_TX                   12
#define HF_VERSION_SAME_MIXIN                           12
#define HF_VERSION_REJECT_SIGS_IN_COINBASE              12
#define HF_VERSION_ENFORCE_MIN_AGE                      12
#define HF_VERSION_CLSAG                                13
#define HF_VERSION_DETERMINISTIC_UNLOCK_TIME            13
#define HF_VERSION_BULLETPROOF_PLUS                     15
#define HF_VERSION_VIEW_TAGS                            15
#define HF_VERSION_2021_SCALING                         15
#define HF_VERSION_MIN_MIXIN_15                         15
