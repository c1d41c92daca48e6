// The hard-fork rules a Monero daemon applies to a transaction, per fork
// version (docs/tx_rules.md; spec cryptonote_format.md sections 3, 6.5, 12).
//
// check_tx_hf_rules gathers, for one non-coinbase transaction and one hard
// fork version, the fork-dependent checks of Monero v0.18 (unchanged on
// Monero's master up to the FCMP++ fork, which is not covered):
//   * core::check_tx_inputs_ring_members_diff (part of check_tx_semantic):
//     from HF 6 no ring member repeated (a relative key offset 0 after the
//     first), rule ring_members;
//   * Blockchain::check_tx_outputs: dust-free v1 amounts (HF >= 2), zero v2
//     amounts (HF >= 3), output keys that are points (HF >= 4), the RingCT
//     type ladder (Bulletproofs from 8, Borromean refused from 9,
//     Bulletproof2 from 10, type 3 refused from 11, CLSAG from 13, the MLSAG
//     types refused from 14 but for two grandfathered transactions,
//     Bulletproofs+ from 15, the original Bulletproofs refused from 16) and
//     check_output_types (txout_to_key before 15, either kind but one kind
//     per transaction at 15, txout_to_tagged_key from 16);
//   * Blockchain::check_tx_inputs: at least two outputs for v2 from HF 12,
//     the ring size rules from HF 2 (minimum 3 / 5 / 7 / 11 / 16 at forks
//     2 / 6 / 7 / 8 / 15, exactly 11 at forks 8 and 9, at most 11 from 10 to
//     14, 11 or 16 at 15, at most 16 from 16, all rings the same size from
//     12; smaller rings only when spending unmixable pre-RingCT outputs), the
//     transaction version (v1 only up to HF 3, v2 required from HF 6 unless
//     an input is unmixable), key images in strictly descending byte order
//     from HF 7, a type 0 (RCTTypeNull) signature refused on a non-coinbase
//     transaction, and multi-output Bulletproofs refused before HF 8;
//   * tx_memory_pool::add_tx (only for a transaction submitted to the pool,
//     options.kept_by_block == false, Monero's default for a relayed
//     transaction): tx_extra at most MAX_TX_EXTRA_SIZE = 1060 bytes, weight
//     at most get_transaction_weight_limit(hf) (also applied to block
//     transactions from HF 8, as Monero), and a v1 transaction with a zero
//     fee refused.
// tx_rule, tx_hf_options, check_tx_hf_rules and is_tx_spendtime_unlocked are
// cncrypto's own (namespace cncrypto); Monero's names (check_output_types,
// is_valid_decomposed_amount, ...) stay in cryptonote.
// Chain state stays the caller's: key images already spent, the ring
// members' existence, their unlock times (cncrypto::is_tx_spendtime_unlocked below),
// the 10-block minimum output age from HF 12, the fee against the current
// medians (check_fee in cryptonote/tx_fee.h), the signatures
// (cryptonote/tx_verification.h). The number of outputs of each pre-RingCT
// amount on the chain (Monero's get_num_outputs, which decides whether an
// input is "unmixable") comes from options.outputs_of_amount; without it
// every input counts as mixable (the rule then is the plain minimum).
//
// Error style: Monero's bool API as the rest of the tx layer
// (cryptonote/tx_verification.h): true when the transaction passes; false
// with a message naming the rule, the fork and where (input 2, output 0) in
// *error, and the rule's kind in *rule, when they are non-null. Never throws
// for bad transaction data (std::bad_alloc only). Public data: variable time.
#pragma once

#include "cryptonote/cryptonote_basic.h"
#include "common/monero_config.h"
#include "cryptonote/tx_extra.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace cryptonote {

// Monero's hard-fork versions of these rules (HF_VERSION_*), size limits
// (CRYPTONOTE_MAX_TX_SIZE, CRYPTONOTE_COINBASE_BLOB_RESERVED_SIZE,
// CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V1/V2/V5, MAX_TX_EXTRA_SIZE) and
// unlock-time constants (CRYPTONOTE_MAX_BLOCK_NUMBER,
// CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_*, CRYPTONOTE_DEFAULT_TX_SPENDABLE_AGE)
// are Monero's cryptonote_config.h macros: common/monero_config.h.

// Monero's check_output_types (cryptonote_format_utils.cpp, v0.18): every
// output a txout_to_key before HF 15; at HF 15 txout_to_key or
// txout_to_tagged_key, all of the first output's kind; from HF 16
// txout_to_tagged_key only. Applies to coinbase transactions too.
bool check_output_types(const transaction &tx, std::uint8_t hf_version);

// Monero's is_valid_decomposed_amount: amount = d * 10^k with 1 <= d <= 9
// (0 is not). The outputs of a v1 transaction must be such from HF 2.
bool is_valid_decomposed_amount(std::uint64_t amount) noexcept;

// Monero's get_min_block_weight(version) (cryptonote_basic_impl.cpp): the
// full-reward zone, 20000 bytes for HF 1, 60000 for HF 2-4, 300000 from HF 5.
std::uint64_t get_min_block_weight(std::uint8_t hf_version) noexcept;

// The largest weight the pool accepts (tx_pool.cpp get_transaction_weight_limit,
// v0.18): get_min_block_weight / 2 - 600 from HF 8 (149400), else
// get_min_block_weight - 600.
std::uint64_t get_transaction_weight_limit(std::uint8_t hf_version) noexcept;

}  // namespace cryptonote

// cncrypto's own (namespace cncrypto: Monero spreads these checks over
// Blockchain, core and tx_memory_pool members and has no such free functions).
namespace cncrypto {

// Which rule a transaction broke (none when it passed).
enum class tx_rule : std::uint8_t {
  none,
  input_type,       // an input that is not a txin_to_key, or an empty ring
  version,          // transaction version not accepted at this fork
  ring_size,        // ring too small, not the exact size, or rings of different sizes
  unsorted_inputs,  // key images not in strictly descending byte order (HF >= 7)
  too_few_outputs,  // a v2 transaction with fewer than 2 outputs (HF >= 12)
  output_amount,    // a v1 amount that is not d * 10^k (HF >= 2), a v2 amount not 0 (HF >= 3)
  output_key,       // an output key that is not a point (HF >= 4)
  output_type,      // check_output_types: txout_to_key / txout_to_tagged_key per fork
  rct_type,         // a RingCT type not allowed at this fork (or 0 on a non-coinbase)
  range_proof,      // Bulletproofs / Bulletproofs+ data not allowed at this fork
  extra_size,       // tx_extra above MAX_TX_EXTRA_SIZE (pool rule)
  weight,           // weight above get_transaction_weight_limit (pool rule; blocks too from HF 8)
  fee,              // a v1 transaction with no fee (pool rule)
  ring_members,     // a ring member repeated (a key offset 0 after the first; HF >= 6)
};

// The enumerator's name ("ring_size"), or "unknown".
const char *tx_rule_name(tx_rule rule) noexcept;

struct tx_hf_options {
  // Monero's kept_by_block: false for a transaction submitted to the pool
  // (the pool rules apply), true for one that is part of a block.
  bool kept_by_block = false;
  // Number of outputs on the chain with this (pre-RingCT, non-zero) amount,
  // Monero's BlockchainDB::get_num_outputs(amount); an input whose amount has
  // at most min_mixin outputs is "unmixable". Empty: every input is mixable.
  std::function<std::uint64_t(std::uint64_t amount)> outputs_of_amount;
  // The transaction's weight as Monero's add_tx receives it (computed from
  // the blob the daemon got); 0: get_transaction_weight(tx), and a
  // transaction whose weight cannot be computed (it does not serialize)
  // breaks the weight rule.
  std::uint64_t tx_weight = 0;
};

// The checks above for tx at hard fork hf_version (1..16; later versions get
// the HF 16 rules, Monero's FCMP++ fork excepted). A coinbase (a txin_gen
// input) is not for this function: false, rule input_type (see
// validate_miner_transaction: check_output_types applies to it too).
bool check_tx_hf_rules(const cryptonote::transaction &tx, std::uint8_t hf_version, std::string *error = nullptr,
                       tx_rule *rule = nullptr);
bool check_tx_hf_rules(const cryptonote::transaction &tx, std::uint8_t hf_version, const tx_hf_options &options,
                       std::string *error = nullptr, tx_rule *rule = nullptr);

// Whether an output with this unlock_time may be spent in the next block
// (Blockchain::is_tx_spendtime_unlocked, v0.18, a member there). chain_height: the number of
// blocks in the chain (Monero's m_db->height()); current_time: unix seconds,
// Blockchain::get_adjusted_time(chain_height) from HF 13
// (HF_VERSION_DETERMINISTIC_UNLOCK_TIME) and the wall clock before, as the
// caller computes them. A height (unlock_time < 500 000 000) is unlocked when
// chain_height - 1 + 1 >= unlock_time; a time when current_time + 60 (HF 1) or
// + 120 (from HF 2) >= unlock_time. Monero puts no other limit on unlock_time
// (consensus or pool, v0.18): a transaction may lock its outputs for ever; the
// coinbase's is height + 60 (validate_miner_transaction).
bool is_tx_spendtime_unlocked(std::uint64_t unlock_time, std::uint64_t chain_height, std::uint64_t current_time,
                              std::uint8_t hf_version) noexcept;

}  // namespace cncrypto
