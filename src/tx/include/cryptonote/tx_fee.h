// Transaction weight and fees: the daemon's weight (with the Bulletproof and
// Bulletproof+ clawback) and fee rules, and the wallet's fee estimate, so that
// a wallet can compute Monero's fee from this library (docs/tx_rules.md).
// Sources: Monero v0.18 cryptonote_format_utils.cpp (weights, get_tx_fee,
// round_money_up), blockchain.cpp (get_dynamic_base_fee, check_fee,
// get_fee_quantization_mask, get_dynamic_base_fee_estimate_2021_scaling) and
// wallet2.cpp (estimate_rct_tx_size, estimate_tx_size, estimate_tx_weight,
// estimate_fee, calculate_fee, calculate_fee_from_weight, get_fee_multiplier,
// get_fee_algorithm, get_base_fee). Amounts are in atomic units (1e-12 XMR),
// weights and sizes in bytes. Everything is public data: variable time.
#pragma once

#include "common/monero_config.h"
#include "cryptonote/cryptonote_basic.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cryptonote {

// FEE_PER_BYTE, DYNAMIC_FEE_REFERENCE_TRANSACTION_WEIGHT,
// PER_KB_FEE_QUANTIZATION_DECIMALS, CRYPTONOTE_DISPLAY_DECIMAL_POINT,
// CRYPTONOTE_SCALING_2021_FEE_ROUNDING_PLACES and BULLETPROOF_MAX_OUTPUTS are
// Monero's cryptonote_config.h macros: common/monero_config.h.
inline constexpr std::size_t APPROXIMATE_INPUT_BYTES = 80;  // wallet2.cpp, for v1 size estimates

// ---- weight ----

// The bytes of tx_to_blob(tx) (prefix || RingCT base || prunable; a pruned
// transaction's prefix || base). Throws std::invalid_argument for an object
// that does not serialize (as tx_to_blob). Monero: get_transaction_blob_size.
std::uint64_t get_transaction_blob_size(const transaction &tx);

// The weight added to a transaction whose range proof is aggregated over
// n_padded_outputs > 2 amounts (a power of two for one proof): 4/5 of the
// difference between bp_base * n_padded_outputs and the proof's real size,
// bp_base being half a 2-amount proof, 32 * (9 + 7*2) / 2 = 368 bytes for
// Bulletproofs (types 3-5), 32 * (6 + 7*2) / 2 = 320 for Bulletproofs+
// (type 6); the proof's size is 32 * (9 or 6 + 2 * (6 + log2 n_padded)),
// with log2 rounded up. 0 when n_padded_outputs <= 2. Throws
// std::invalid_argument when tx has more than 16 outputs. Monero:
// get_transaction_weight_clawback (cryptonote_format_utils.cpp, static there).
std::uint64_t get_transaction_weight_clawback(const transaction &tx, std::size_t n_padded_outputs);

// The weight of a complete transaction of blob_size bytes: blob_size for v1
// and for types 0-2 (no Bulletproof), blob_size + the clawback for types 3-6
// with n_padded_outputs = the amounts its proofs can cover (sum over proofs of
// 2^(rounds - 6); 0, so no clawback, when a proof is malformed, as Monero).
// Throws std::invalid_argument for a pruned transaction (Monero returns
// UINT64_MAX with an error log) or more than 16 outputs. Monero:
// get_transaction_weight(tx, blob_size).
std::uint64_t get_transaction_weight(const transaction &tx, std::size_t blob_size);
// The same with blob_size = get_transaction_blob_size(tx). Monero:
// get_transaction_weight(tx).
std::uint64_t get_transaction_weight(const transaction &tx);

// The weight of a pruned v2 transaction of type 4-6, from its pruned bytes
// and the prunable part's deterministic size: one proof over the outputs
// padded to a power of two (+ 2 bytes), the CLSAGs ((ring + 2) * 32 per
// input; type 4: ring * 64 + 32), 32 bytes of pseudo-output per input, and
// the clawback; + 1 for the proof count. Throws std::invalid_argument for a
// transaction that is not pruned, v1, another type, or without a key input.
// Monero: get_pruned_transaction_weight.
std::uint64_t get_pruned_transaction_weight(const transaction &tx);

// ---- fee of a transaction ----

// The fee a transaction pays: v2 (RingCT) rct_signatures.txnFee; v1 the sum
// of the input amounts minus the sum of the output amounts. false (with a
// message in *error) for a v1 transaction with an input that is not a
// txin_to_key, when a sum overflows 64 bits (Monero does not check: it would
// wrap), or when the outputs exceed the inputs. Monero: get_tx_fee(tx, fee).
bool get_tx_fee(const transaction &tx, std::uint64_t &fee, std::string *error = nullptr);
// The same, 0 on failure. Monero: get_tx_fee(tx).
std::uint64_t get_tx_fee(const transaction &tx);

// ---- daemon: the fee a transaction must pay ----

// 10^(12 - 8) = 10000: fees are rounded up to a multiple of it (per-byte fees,
// from HF 8). Monero: Blockchain::get_fee_quantization_mask.
std::uint64_t get_fee_quantization_mask() noexcept;

// The minimum fee per byte from HF 8 (HF_VERSION_PER_BYTE_FEE):
// 0.95 * block_reward * 3000 / median^2 in integer steps (floor twice, then
// minus a twentieth, at least 1), the median clamped to at least 300000.
// Monero: Blockchain::get_dynamic_base_fee for version >= 8 (the per-kB forms
// of HF 4-7 are not reproduced).
std::uint64_t get_dynamic_base_fee(std::uint64_t block_reward, std::uint64_t median_block_weight);

// The four fee levels per byte of the 2021 scaling (HF >= 15) for a
// short-term median Mnw and long-term median Mlw (both clamped by the
// caller as Monero: Mlw >= 300000, Mnw = min(max(short median, Mlw), 50 * Mlw)):
// with Mfw = min(Mnw, Mlw), low = R*3000/Mfw^2, normal = 4*R*3000/Mfw^2,
// elevated Fm = 16*R*3000/(300000*Mfw), priority max(4*Fm, 4*Fm*Mfw/(32*3000*Mnw/300000)),
// each rounded up to 2 significant digits (round_money_up). 64-bit integer
// arithmetic as Monero (exact for any block reward Monero has). Monero:
// Blockchain::get_dynamic_base_fee_estimate_2021_scaling(base_reward, Mnw, Mlw, fees).
void get_dynamic_base_fee_estimate_2021_scaling(std::uint64_t base_reward, std::uint64_t Mnw, std::uint64_t Mlw,
                                                std::vector<std::uint64_t> &fees);

// Rounds amount up to significant_digits significant decimal digits (12345,
// 2 -> 13000; 995, 2 -> 1000). Throws std::runtime_error, as Monero (its
// CHECK_AND_ASSERT_THROW_MES), with Monero's texts: "significant_digits must
// not be 0" for 0 digits, and "Failed to parse rounded amount: <digits>" when
// the result does not fit 64 bits (Monero rounds the decimal text and its
// strtoull of it fails; e.g. 2^64 - 1 to 2 digits: "...: 19000000000000000000").
// Monero: round_money_up(uint64_t, unsigned).
std::uint64_t round_money_up(std::uint64_t amount, unsigned significant_digits);

// Whether fee is enough for tx_weight bytes from HF 8: needed =
// tx_weight * get_dynamic_base_fee(base_reward, min(median, long_term_median)
// from HF 10, else median), rounded up to get_fee_quantization_mask(); the fee
// passes when fee >= needed - needed / 50 (a 2% margin). base_reward is
// get_block_reward(median, 1, already_generated_coins, reward, hf) and
// median the current block weight limit / 2 (the caller's chain state).
// false with a message in *error; hf_version < 8 is refused (the per-kB rules
// are not reproduced). Monero: Blockchain::check_fee.
bool check_fee(std::uint64_t tx_weight, std::uint64_t fee, std::uint64_t base_reward, std::uint64_t median,
               std::uint64_t long_term_effective_median, std::uint8_t hf_version, std::string *error = nullptr);

// ---- wallet: estimating the fee before building ----

// wallet2's size estimate of a RingCT transaction with n_inputs inputs of
// ring size mixin + 1, n_outputs outputs, extra_size bytes of tx_extra: the
// prefix (1 + 6, per input 1 + 6 + (mixin + 1) * 2 + 32, per output 6 + 32,
// the extra), type 1, the range proof ((2 * (6 + log2 padded outputs) + 6 or
// 9) * 32 + 3 for BP+/BP, 6176 per output for Borromean), the ring
// signatures (CLSAG 32 * (mixin + 1) + 64 per input, MLSAG
// 64 * (mixin + 1) + 32), one view tag byte per output when use_view_tags,
// 32 per input pseudo-output, 8 per output ecdhInfo, 32 per output
// commitment, 4 for the fee. An estimate, not the exact size. Monero:
// estimate_rct_tx_size (wallet2.cpp, v0.18).
std::size_t estimate_rct_tx_size(int n_inputs, int mixin, int n_outputs, std::size_t extra_size, bool bulletproof,
                                 bool clsag, bool bulletproof_plus, bool use_view_tags);

// estimate_rct_tx_size when use_rct, else n_inputs * (mixin + 1) * 80 +
// extra_size (+ n_outputs when use_view_tags). Monero: estimate_tx_size.
std::size_t estimate_tx_size(bool use_rct, int n_inputs, int mixin, int n_outputs, std::size_t extra_size,
                             bool bulletproof, bool clsag, bool bulletproof_plus, bool use_view_tags);

// estimate_tx_size plus, for a (BP or BP+) RingCT transaction of more than 2
// outputs, the clawback of get_transaction_weight_clawback for the outputs
// padded to a power of two (at least 4). Monero: estimate_tx_weight.
std::uint64_t estimate_tx_weight(bool use_rct, int n_inputs, int mixin, int n_outputs, std::size_t extra_size,
                                 bool bulletproof, bool clsag, bool bulletproof_plus, bool use_view_tags);

// weight * base_fee rounded up to a multiple of fee_quantization_mask (>= 1).
// Throws std::overflow_error when weight * base_fee overflows (as later
// Monero versions; v0.18.0 wraps) and std::invalid_argument for a zero mask.
// Monero: calculate_fee_from_weight(base_fee, weight, fee_quantization_mask).
std::uint64_t calculate_fee_from_weight(std::uint64_t base_fee, std::uint64_t weight,
                                        std::uint64_t fee_quantization_mask);

// The per-kB fee of HF < 8: ceil(bytes / 1024) * fee_per_kb (throws
// std::overflow_error on overflow). Monero: calculate_fee(fee_per_kb, bytes).
std::uint64_t calculate_fee(std::uint64_t fee_per_kb, std::size_t bytes);

// The fee of a built transaction: calculate_fee_from_weight(base_fee,
// get_transaction_weight(tx, blob_size), mask) when use_per_byte_fee, else
// calculate_fee(base_fee, blob_size). Monero: calculate_fee(use_per_byte_fee,
// tx, blob_size, base_fee, fee_quantization_mask).
std::uint64_t calculate_fee(bool use_per_byte_fee, const transaction &tx, std::size_t blob_size,
                            std::uint64_t base_fee, std::uint64_t fee_quantization_mask);

// The fee of a transaction of the given shape: calculate_fee_from_weight of
// estimate_tx_weight when use_per_byte_fee, else calculate_fee of
// estimate_tx_size. base_fee: per byte (per kB before HF 8), with the
// priority already in it (get_base_fee). Monero: wallet2::estimate_fee (v0.18).
std::uint64_t estimate_fee(bool use_per_byte_fee, bool use_rct, int n_inputs, int mixin, int n_outputs,
                           std::size_t extra_size, bool bulletproof, bool clsag, bool bulletproof_plus,
                           bool use_view_tags, std::uint64_t base_fee, std::uint64_t fee_quantization_mask);

// wallet2's fee algorithm for a chain at hf_version (use_fork_rules(v, 0) taken
// as hf_version >= v): 3 from HF 8, 2 from HF 5, 1 from HF 3, else 0 (wallet2
// switches to 1 some 14 days before HF 3; that look-ahead is the caller's).
// Monero: wallet2::get_fee_algorithm.
int get_fee_algorithm(std::uint8_t hf_version) noexcept;

// The priority multiplier of fee algorithm 0-3: {1, 2, 3}, {1, 20, 166},
// {1, 4, 20, 166}, {1, 5, 25, 1000} for priorities 1.. ; priority 0 is the
// default, 2 for algorithms >= 2 and 1 before (wallet2 first uses its
// m_default_priority, the caller's). Throws std::invalid_argument for an
// algorithm outside 0-3 or a priority above the algorithm's count (Monero's
// error::invalid_priority). Monero: wallet2::get_fee_multiplier.
std::uint64_t get_fee_multiplier(std::uint32_t priority, int fee_algorithm);

// The base fee per byte the wallet uses for a priority, from HF 15 (2021
// scaling): fees_2021 is the daemon's get_fee_estimate "fees" list (4
// levels, get_dynamic_base_fee_estimate_2021_scaling); priority 0 or 1 picks
// fees[0], 2 fees[1], 3 fees[2], 4 and above fees[3]; FEE_PER_BYTE when the
// list is too short (as wallet2 when the daemon's answer is unusable). Before
// HF 15: per_byte_base_fee * get_fee_multiplier(priority,
// get_fee_algorithm(hf_version)). Monero: wallet2::get_base_fee(priority).
std::uint64_t get_base_fee(std::uint32_t priority, std::uint8_t hf_version, const std::vector<std::uint64_t> &fees_2021,
                           std::uint64_t per_byte_base_fee = FEE_PER_BYTE);

}  // namespace cryptonote
