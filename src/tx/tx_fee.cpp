// Weights and fees of cryptonote/tx_fee.h (docs/tx_rules.md). Each function
// names the Monero v0.18 function it reproduces.
#include "cryptonote/tx_fee.h"

#include "rct_kinds.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_rules.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <boost/variant.hpp>

namespace cryptonote {
namespace {

constexpr std::uint64_t u64_max = std::numeric_limits<std::uint64_t>::max();

[[noreturn]] void misuse(const std::string &message) { throw std::invalid_argument(message); }

// The range proof's fixed elements (BP: A S T1 T2 taux mu a b t; BP+: A A1 B r1 s1 d1).
std::uint64_t proof_scalars(bool plus) { return plus ? 6 : 9; }

// ceil(log2(n)) for n >= 1.
std::size_t log2_up(std::size_t n) {
  std::size_t l = 0;
  while ((std::size_t{1} << l) < n) ++l;
  return l;
}

// Monero's static get_transaction_weight_clawback(plus, n_outputs, n_padded_outputs).
std::uint64_t clawback(bool plus, std::size_t n_outputs, std::size_t n_padded_outputs) {
  const std::uint64_t bp_base = (32 * (proof_scalars(plus) + 7 * 2)) / 2;
  if (n_padded_outputs <= 2) return 0;
  const std::uint64_t nlr = log2_up(n_padded_outputs) + 6;
  const std::uint64_t bp_size = 32 * (proof_scalars(plus) + 2 * nlr);
  if (n_outputs > BULLETPROOF_MAX_OUTPUTS) {
    misuse("weight clawback: " + std::to_string(n_outputs) + " outputs, the maximum is " +
           std::to_string(BULLETPROOF_MAX_OUTPUTS) + " per transaction");
  }
  if (bp_base * n_padded_outputs < bp_size) {
    misuse("weight clawback: bp_base " + std::to_string(bp_base) + " * n_padded_outputs " +
           std::to_string(n_padded_outputs) + " is below the proof size " + std::to_string(bp_size));
  }
  return (bp_base * n_padded_outputs - bp_size) * 4 / 5;
}

std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b, const char *what) {
  if (a != 0 && b > u64_max / a) throw std::overflow_error(std::string(what) + " overflows 64 bits");
  return a * b;
}

}  // namespace

std::uint64_t get_transaction_blob_size(const transaction &tx) { return tx_to_blob(tx).size(); }

std::uint64_t get_transaction_weight_clawback(const transaction &tx, std::size_t n_padded_outputs) {
  return clawback(rct_kinds::bulletproof_plus(tx.rct_signatures.type), tx.vout.size(), n_padded_outputs);
}

std::uint64_t get_transaction_weight(const transaction &tx, std::size_t blob_size) {
  if (tx.pruned) misuse("get_transaction_weight: the transaction is pruned (use get_pruned_transaction_weight)");
  if (tx.version < 2) return blob_size;
  const rct::rctSig &rv = tx.rct_signatures;
  const bool bp = rct_kinds::bulletproof(rv.type);
  const bool plus = rct_kinds::bulletproof_plus(rv.type);
  if (!bp && !plus) return blob_size;
  const std::size_t n_padded =
      plus ? rct_kinds::max_amounts(rv.p.bulletproofs_plus) : rct_kinds::max_amounts(rv.p.bulletproofs);
  const std::uint64_t extra = get_transaction_weight_clawback(tx, n_padded);
  if (extra > u64_max - blob_size) misuse("get_transaction_weight: the weight overflows 64 bits");
  return blob_size + extra;
}

std::uint64_t get_transaction_weight(const transaction &tx) {
  if (tx.pruned) misuse("get_transaction_weight: the transaction is pruned (use get_pruned_transaction_weight)");
  return get_transaction_weight(tx, get_transaction_blob_size(tx));
}

std::uint64_t get_pruned_transaction_weight(const transaction &tx) {
  if (!tx.pruned) misuse("get_pruned_transaction_weight: the transaction is not pruned");
  if (tx.version < 2) misuse("get_pruned_transaction_weight: version 1 transactions are not supported");
  const std::uint8_t type = tx.rct_signatures.type;
  if (type != rct::RCTTypeBulletproof2 && type != rct::RCTTypeCLSAG && type != rct::RCTTypeBulletproofPlus) {
    misuse(std::string("get_pruned_transaction_weight: ") + cncrypto::rct_type_name(type) +
           " is not supported (types 4, 5 and 6 only)");
  }
  if (tx.vin.empty()) misuse("get_pruned_transaction_weight: no inputs");
  const auto *in0 = boost::get<txin_to_key>(&tx.vin[0]);
  if (in0 == nullptr) misuse("get_pruned_transaction_weight: input 0 is not a txin_to_key");

  std::uint64_t weight = get_transaction_blob_size(tx);
  weight += 1;  // the proof count (a varint of 1)
  // One proof over the outputs padded to a power of two (the smallest >= outputs).
  const std::size_t nrl = log2_up(std::max<std::size_t>(tx.vout.size(), 1));
  const std::size_t n_padded = std::size_t{1} << nrl;
  weight += 32 * (proof_scalars(rct_kinds::bulletproof_plus(type)) + 2 * (nrl + 6)) + 2;  // + the L and R counts
  const std::uint64_t ring = in0->key_offsets.size();
  if (rct_kinds::clsag(type)) {
    weight += tx.vin.size() * (ring + 2) * 32;  // s, c1, D
  } else {
    weight += tx.vin.size() * (ring * (1 + 1) * 32 + 32);  // ss (2 per member), cc
  }
  weight += 32 * tx.vin.size();  // pseudoOuts
  const std::uint64_t extra = get_transaction_weight_clawback(tx, n_padded);
  if (extra > u64_max - weight) misuse("get_pruned_transaction_weight: the weight overflows 64 bits");
  return weight + extra;
}

bool get_tx_fee(const transaction &tx, std::uint64_t &fee, std::string *error) {
  auto refuse = [&](const std::string &message) {
    if (error != nullptr) *error = message;
    return false;
  };
  if (tx.version > 1) {
    fee = tx.rct_signatures.txnFee;
    return true;
  }
  std::uint64_t in = 0, out = 0;
  for (std::size_t i = 0; i < tx.vin.size(); ++i) {
    const auto *k = boost::get<txin_to_key>(&tx.vin[i]);
    if (k == nullptr) return refuse("input " + std::to_string(i) + ": not a txin_to_key (no amount to count)");
    if (in > u64_max - k->amount) return refuse("the sum of the input amounts overflows 64 bits");
    in += k->amount;
  }
  for (const tx_out &o : tx.vout) {
    if (out > u64_max - o.amount) return refuse("the sum of the output amounts overflows 64 bits");
    out += o.amount;
  }
  if (out > in) {
    return refuse("the transaction spends " + std::to_string(out) + ", more than its inputs " + std::to_string(in));
  }
  fee = in - out;
  return true;
}

std::uint64_t get_tx_fee(const transaction &tx) {
  std::uint64_t fee = 0;
  return get_tx_fee(tx, fee) ? fee : 0;
}

std::uint64_t get_fee_quantization_mask() noexcept {
  std::uint64_t mask = 1;
  for (unsigned n = PER_KB_FEE_QUANTIZATION_DECIMALS; n < CRYPTONOTE_DISPLAY_DECIMAL_POINT; ++n) mask *= 10;
  return mask;
}

std::uint64_t get_dynamic_base_fee(std::uint64_t block_reward, std::uint64_t median_block_weight) {
  const std::uint64_t median = std::max<std::uint64_t>(median_block_weight, CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V5);
  // Monero: mul128 then two div128_64 (each a floor), then lo -= lo / 20.
  unsigned __int128 v = static_cast<unsigned __int128>(block_reward) * DYNAMIC_FEE_REFERENCE_TRANSACTION_WEIGHT;
  v /= median;
  v /= median;
  std::uint64_t lo = static_cast<std::uint64_t>(v);  // < 2^64: reward * 3000 / 300000^2
  lo -= lo / 20;
  return lo == 0 ? 1 : lo;
}

void get_dynamic_base_fee_estimate_2021_scaling(std::uint64_t base_reward, std::uint64_t Mnw, std::uint64_t Mlw,
                                                std::vector<std::uint64_t> &fees) {
  if (Mnw == 0 || Mlw == 0) misuse("2021 fee scaling: the medians must be positive (Monero clamps them to >= 300000)");
  const std::uint64_t Mfw = std::min(Mnw, Mlw);
  const std::uint64_t ref = DYNAMIC_FEE_REFERENCE_TRANSACTION_WEIGHT;
  const std::uint64_t zone = CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V5;
  // Monero's 64-bit expressions, in its order of operations.
  const std::uint64_t Fl = base_reward * ref / (Mfw * Mfw);
  const std::uint64_t Fn = 4 * base_reward * ref / (Mfw * Mfw);
  const std::uint64_t Fm = 16 * base_reward * ref / (zone * Mfw);
  const std::uint64_t divisor = 32 * ref * Mnw / zone;
  if (divisor == 0) misuse("2021 fee scaling: Mnw too small");
  const std::uint64_t Fh = std::max<std::uint64_t>(4 * Fm, 4 * Fm * Mfw / divisor);
  fees.resize(4);
  fees[0] = round_money_up(Fl, CRYPTONOTE_SCALING_2021_FEE_ROUNDING_PLACES);
  fees[1] = round_money_up(Fn, CRYPTONOTE_SCALING_2021_FEE_ROUNDING_PLACES);
  fees[2] = round_money_up(Fm, CRYPTONOTE_SCALING_2021_FEE_ROUNDING_PLACES);
  fees[3] = round_money_up(Fh, CRYPTONOTE_SCALING_2021_FEE_ROUNDING_PLACES);
}

std::uint64_t round_money_up(std::uint64_t amount, unsigned significant_digits) {
  // Monero's exception type and text for both failures (CHECK_AND_ASSERT_THROW_MES).
  if (significant_digits == 0) throw std::runtime_error("significant_digits must not be 0");
  // Monero rounds the decimal text: every digit past the significant ones
  // becomes 0, and when one of them was not 0 the kept part goes up by one.
  std::uint64_t scale = 1;
  unsigned digits = 1;
  for (std::uint64_t a = amount; a >= 10; a /= 10) ++digits;
  if (digits <= significant_digits) return amount;
  for (unsigned i = significant_digits; i < digits; ++i) scale *= 10;
  const std::uint64_t kept = amount / scale;
  const bool bump = amount % scale != 0;
  const unsigned __int128 r = (static_cast<unsigned __int128>(kept) + (bump ? 1 : 0)) * scale;
  if (r > u64_max) {
    // Monero's strtoull of the rounded text fails (ERANGE); the text is the kept
    // digits bumped, then a 0 per dropped digit.
    throw std::runtime_error("Failed to parse rounded amount: " + std::to_string(kept + (bump ? 1 : 0)) +
                             std::string(digits - significant_digits, '0'));
  }
  return static_cast<std::uint64_t>(r);
}

bool check_fee(std::uint64_t tx_weight, std::uint64_t fee, std::uint64_t base_reward, std::uint64_t median,
               std::uint64_t long_term_effective_median, std::uint8_t hf_version, std::string *error) {
  auto refuse = [&](const std::string &message) {
    if (error != nullptr) *error = message;
    return false;
  };
  if (hf_version < HF_VERSION_PER_BYTE_FEE) {
    return refuse("check_fee: the per-kB fee rules before hard fork 8 are not reproduced");
  }
  const bool long_term = hf_version >= HF_VERSION_LONG_TERM_BLOCK_WEIGHT;
  const std::uint64_t per_byte = get_dynamic_base_fee(base_reward, long_term ? std::min(median, long_term_effective_median) : median);
  const unsigned __int128 product = static_cast<unsigned __int128>(tx_weight) * per_byte;
  if (product > u64_max - get_fee_quantization_mask()) return refuse("check_fee: the needed fee overflows 64 bits");
  std::uint64_t needed = static_cast<std::uint64_t>(product);
  const std::uint64_t mask = get_fee_quantization_mask();
  needed = (needed + mask - 1) / mask * mask;
  if (fee < needed - needed / 50) {
    return refuse("the fee " + std::to_string(fee) + " is not enough: the minimum is " + std::to_string(needed) + " (" +
                  std::to_string(per_byte) + " per byte for weight " + std::to_string(tx_weight) +
                  ", less a 2% margin)");
  }
  return true;
}

std::size_t estimate_rct_tx_size(int n_inputs, int mixin, int n_outputs, std::size_t extra_size, bool bulletproof,
                                 bool clsag, bool bulletproof_plus, bool use_view_tags) {
  if (n_inputs < 0 || mixin < 0 || n_outputs < 0) misuse("estimate_rct_tx_size: negative counts");
  const std::size_t ins = static_cast<std::size_t>(n_inputs);
  const std::size_t ring = static_cast<std::size_t>(mixin) + 1;
  const std::size_t outs = static_cast<std::size_t>(n_outputs);
  std::size_t size = 1 + 6;                // version, unlock time, counts
  size += ins * (1 + 6 + ring * 2 + 32);   // tag, amount, offsets, key image
  size += outs * (6 + 32);                 // amount, tag, key
  size += extra_size;
  size += 1;                               // type
  if (bulletproof || bulletproof_plus) {
    const std::size_t log_padded = log2_up(std::max<std::size_t>(outs, 1));
    size += (2 * (6 + log_padded) + (bulletproof_plus ? 6 : (4 + 5))) * 32 + 3;
  } else {
    size += (2 * 64 * 32 + 32 + 64 * 32) * outs;  // Borromean
  }
  size += clsag ? ins * (32 * ring + 64) : ins * (64 * ring + 32);
  if (use_view_tags) size += outs;  // sizeof(crypto::view_tag)
  size += 32 * ins;                 // pseudoOuts
  size += 8 * outs;                 // ecdhInfo
  size += 32 * outs;                // outPk commitments
  size += 4;                        // txnFee
  return size;
}

std::size_t estimate_tx_size(bool use_rct, int n_inputs, int mixin, int n_outputs, std::size_t extra_size,
                             bool bulletproof, bool clsag, bool bulletproof_plus, bool use_view_tags) {
  if (use_rct) {
    return estimate_rct_tx_size(n_inputs, mixin, n_outputs, extra_size, bulletproof, clsag, bulletproof_plus,
                                use_view_tags);
  }
  if (n_inputs < 0 || mixin < 0 || n_outputs < 0) misuse("estimate_tx_size: negative counts");
  return static_cast<std::size_t>(n_inputs) * (static_cast<std::size_t>(mixin) + 1) * APPROXIMATE_INPUT_BYTES +
         extra_size + (use_view_tags ? static_cast<std::size_t>(n_outputs) : 0);
}

std::uint64_t estimate_tx_weight(bool use_rct, int n_inputs, int mixin, int n_outputs, std::size_t extra_size,
                                 bool bulletproof, bool clsag, bool bulletproof_plus, bool use_view_tags) {
  std::uint64_t size = estimate_tx_size(use_rct, n_inputs, mixin, n_outputs, extra_size, bulletproof, clsag,
                                        bulletproof_plus, use_view_tags);
  if (use_rct && (bulletproof || bulletproof_plus) && n_outputs > 2) {
    // wallet2 starts log_padded_outputs at 2: at least 4 padded outputs.
    const std::size_t log_padded = std::max<std::size_t>(2, log2_up(static_cast<std::size_t>(n_outputs)));
    const std::uint64_t bp_base = (32 * (proof_scalars(bulletproof_plus) + 7 * 2)) / 2;
    const std::uint64_t bp_size = 32 * (proof_scalars(bulletproof_plus) + 2 * (6 + log_padded));
    size += (bp_base * (std::uint64_t{1} << log_padded) - bp_size) * 4 / 5;
  }
  return size;
}

std::uint64_t calculate_fee_from_weight(std::uint64_t base_fee, std::uint64_t weight,
                                        std::uint64_t fee_quantization_mask) {
  if (fee_quantization_mask == 0) misuse("calculate_fee_from_weight: the quantization mask must be at least 1");
  const std::uint64_t fee = checked_mul(weight, base_fee, "calculate_fee_from_weight: weight * base fee");
  if (fee > u64_max - (fee_quantization_mask - 1)) {
    throw std::overflow_error("calculate_fee_from_weight: rounding the fee up overflows 64 bits");
  }
  return (fee + fee_quantization_mask - 1) / fee_quantization_mask * fee_quantization_mask;
}

std::uint64_t calculate_fee(std::uint64_t fee_per_kb, std::size_t bytes) {
  const std::uint64_t kb = (static_cast<std::uint64_t>(bytes) + 1023) / 1024;
  return checked_mul(kb, fee_per_kb, "calculate_fee: kB * fee per kB");
}

std::uint64_t calculate_fee(bool use_per_byte_fee, const transaction &tx, std::size_t blob_size,
                            std::uint64_t base_fee, std::uint64_t fee_quantization_mask) {
  if (use_per_byte_fee) {
    return calculate_fee_from_weight(base_fee, get_transaction_weight(tx, blob_size), fee_quantization_mask);
  }
  return calculate_fee(base_fee, blob_size);
}

std::uint64_t estimate_fee(bool use_per_byte_fee, bool use_rct, int n_inputs, int mixin, int n_outputs,
                           std::size_t extra_size, bool bulletproof, bool clsag, bool bulletproof_plus,
                           bool use_view_tags, std::uint64_t base_fee, std::uint64_t fee_quantization_mask) {
  if (use_per_byte_fee) {
    const std::uint64_t weight = estimate_tx_weight(use_rct, n_inputs, mixin, n_outputs, extra_size, bulletproof,
                                                    clsag, bulletproof_plus, use_view_tags);
    return calculate_fee_from_weight(base_fee, weight, fee_quantization_mask);
  }
  const std::size_t size = estimate_tx_size(use_rct, n_inputs, mixin, n_outputs, extra_size, bulletproof, clsag,
                                            bulletproof_plus, use_view_tags);
  return calculate_fee(base_fee, size);
}

int get_fee_algorithm(std::uint8_t hf_version) noexcept {
  if (hf_version >= HF_VERSION_PER_BYTE_FEE) return 3;
  if (hf_version >= 5) return 2;
  if (hf_version >= 3) return 1;
  return 0;
}

std::uint64_t get_fee_multiplier(std::uint32_t priority, int fee_algorithm) {
  struct table {
    std::size_t count;
    std::uint64_t multipliers[4];
  };
  static const table multipliers[] = {
      {3, {1, 2, 3, 0}},
      {3, {1, 20, 166, 0}},
      {4, {1, 4, 20, 166}},
      {4, {1, 5, 25, 1000}},
  };
  if (fee_algorithm < 0 || fee_algorithm > 3) {
    misuse("get_fee_multiplier: fee algorithm " + std::to_string(fee_algorithm) + " (0-3 exist)");
  }
  if (priority == 0) priority = fee_algorithm >= 2 ? 2 : 1;
  const table &t = multipliers[fee_algorithm];
  if (priority > t.count) {
    misuse("get_fee_multiplier: invalid priority " + std::to_string(priority) + " (1-" + std::to_string(t.count) +
           " for fee algorithm " + std::to_string(fee_algorithm) + ")");
  }
  return t.multipliers[priority - 1];
}

std::uint64_t get_base_fee(std::uint32_t priority, std::uint8_t hf_version, const std::vector<std::uint64_t> &fees_2021,
                           std::uint64_t per_byte_base_fee) {
  if (hf_version >= HF_VERSION_2021_SCALING) {
    std::uint32_t index = priority == 0 ? 0 : std::min<std::uint32_t>(priority, 4) - 1;
    if (index >= fees_2021.size()) return FEE_PER_BYTE;
    return fees_2021[index];
  }
  return checked_mul(per_byte_base_fee, get_fee_multiplier(priority, get_fee_algorithm(hf_version)),
                     "get_base_fee: base fee * multiplier");
}

}  // namespace cryptonote
