// The hard-fork rules of cryptonote/tx_rules.h (docs/tx_rules.md). Each check
// names the Monero v0.18 function and condition it reproduces.
#include "cryptonote/tx_rules.h"

#include "rct_kinds.h"
#include "tx_detail.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/tx_fee.h"
#include "cryptonote/wallet_scan.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace cryptonote {

using namespace cncrypto;  // cncrypto's reader, writer and types used by the helpers below

namespace {

using tx_detail::num;

// A failure with its kind: tx_error carries the message, this the rule.
struct rule_failure {
  tx_rule rule;
  std::string message;
};

[[noreturn]] void broken(tx_rule rule, const std::string &message) { throw rule_failure{rule, message}; }

std::string at_fork(std::uint8_t hf) { return " (hard fork " + num(hf) + ")"; }

// Blockchain::check_tx_outputs' grandfathered MLSAG transactions (mined at
// HF 14 from a pool filled before the fork).
bool grandfathered(const transaction &tx) {
  static const char *const ids[2] = {"c5151944f0583097ba0c88cd0f43e7fabb3881278aa2f73b3b0a007c5d34e910",
                                     "6f2f117cde6fbcf8d4a6ef8974fcac744726574ac38cf25d3322c996b21edd4c"};
  crypto::hash h;
  if (!calculate_transaction_hash(tx, h)) return false;
  const std::string hex = cncrypto::hex_encode(&h, sizeof h);
  return hex == ids[0] || hex == ids[1];
}

// Blockchain::check_tx_outputs.
void outputs(const transaction &tx, std::uint8_t hf) {
  for (std::size_t k = 0; k < tx.vout.size(); ++k) {
    const tx_out &o = tx.vout[k];
    const std::string where = "output " + num(k) + ": ";
    if (hf >= 2 && tx.version == 1 && !is_valid_decomposed_amount(o.amount)) {
      broken(tx_rule::output_amount, where + "amount " + num(o.amount) +
                                         " is not a single digit times a power of ten (dust and compound "
                                         "amounts are refused from hard fork 2)" + at_fork(hf));
    }
    if (hf >= 3 && tx.version >= 2 && o.amount != 0) {
      broken(tx_rule::output_amount,
             where + "amount " + num(o.amount) + " in a RingCT transaction (0 is required from hard fork 3)" + at_fork(hf));
    }
    if (hf >= 4) {
      crypto::public_key key;
      if (!get_output_public_key(o, key)) {
        broken(tx_rule::output_type, where + "neither txout_to_key nor txout_to_tagged_key" + at_fork(hf));
      }
      if (!crypto::check_key(key)) {
        broken(tx_rule::output_key, where + "key " + cncrypto::hex_encode(&key, sizeof key) +
                                        " is not a valid point (refused from hard fork 4)" + at_fork(hf));
      }
    }
  }
  if (tx.version >= 2) {
    const rct::rctSig &rv = tx.rct_signatures;
    const std::uint8_t type = rv.type;
    const std::string name = std::string(cncrypto::rct_type_name(type)) + " (type " + num(type) + ")";
    if (hf < 8 && (rct_kinds::bulletproof(type) || !rv.p.bulletproofs.empty())) {
      broken(rct_kinds::bulletproof(type) ? tx_rule::rct_type : tx_rule::range_proof,
             "Bulletproofs are not allowed before hard fork 8: " + name + at_fork(hf));
    }
    if (hf > 8 && rct_kinds::borromean(type)) {
      broken(tx_rule::rct_type, "Borromean range proofs are not allowed after hard fork 8: " + name + at_fork(hf));
    }
    if (hf < HF_VERSION_SMALLER_BP && type == rct::RCTTypeBulletproof2) {
      broken(tx_rule::rct_type, name + " is not allowed before hard fork 10" + at_fork(hf));
    }
    if (hf > HF_VERSION_SMALLER_BP && type == rct::RCTTypeBulletproof) {
      broken(tx_rule::rct_type, name + " is not allowed from hard fork 11" + at_fork(hf));
    }
    if (hf < HF_VERSION_CLSAG && type == rct::RCTTypeCLSAG) {
      broken(tx_rule::rct_type, name + " is not allowed before hard fork 13" + at_fork(hf));
    }
    // Monero compares type <= RCTTypeBulletproof2, which includes type 0.
    if (hf > HF_VERSION_CLSAG && type <= rct::RCTTypeBulletproof2 && !grandfathered(tx)) {
      broken(tx_rule::rct_type, name + " is not allowed from hard fork 14 (CLSAG types only)" + at_fork(hf));
    }
    if (hf < HF_VERSION_BULLETPROOF_PLUS && (rct_kinds::bulletproof_plus(type) || !rv.p.bulletproofs_plus.empty())) {
      broken(rct_kinds::bulletproof_plus(type) ? tx_rule::rct_type : tx_rule::range_proof,
             "Bulletproofs+ are not allowed before hard fork 15: " + name + at_fork(hf));
    }
    if (hf > HF_VERSION_BULLETPROOF_PLUS && rct_kinds::bulletproof(type)) {
      broken(tx_rule::rct_type, "Bulletproof range proofs are not allowed after hard fork 15: " + name + at_fork(hf));
    }
  }
  if (!check_output_types(tx, hf)) {
    const char *want = hf > HF_VERSION_VIEW_TAGS   ? "txout_to_tagged_key (view tags) is required from hard fork 16"
                       : hf < HF_VERSION_VIEW_TAGS ? "txout_to_key is required before hard fork 15"
                                                   : "at hard fork 15 every output is of the first output's kind, "
                                                     "txout_to_key or txout_to_tagged_key";
    broken(tx_rule::output_type, std::string("output types: ") + want + at_fork(hf));
  }
}

const txin_to_key &key_input(const transaction &tx, std::size_t i) {
  const txin_to_key *in = boost::get<txin_to_key>(&tx.vin[i]);
  if (in == nullptr) {
    broken(tx_rule::input_type, "input " + num(i) +
                                    (boost::get<txin_gen>(&tx.vin[i]) != nullptr
                                         ? ": a coinbase input (miner transactions are checked by validate_miner_transaction)"
                                         : ": not a txin_to_key"));
  }
  if (in->key_offsets.empty()) broken(tx_rule::input_type, "input " + num(i) + ": empty ring (no key offsets)");
  return *in;
}

// Blockchain::check_tx_inputs: outputs count, ring sizes, version, sorted key images.
// Called by check_tx_hf_rules after it refused an empty vin and every input
// that is not a txin_to_key, and after outputs(): every check below relies on that.
void inputs(const transaction &tx, std::uint8_t hf, const tx_hf_options &options) {
  for (std::size_t i = 0; i < tx.vin.size(); ++i) key_input(tx, i);

  if (hf >= HF_VERSION_MIN_2_OUTPUTS && tx.version >= 2 && tx.vout.size() < 2) {
    broken(tx_rule::too_few_outputs,
           num(tx.vout.size()) + " output(s): a RingCT transaction needs at least 2 from hard fork 12" + at_fork(hf));
  }

  std::size_t n_unmixable = 0;
  if (hf >= 2) {
    std::size_t n_mixable = 0;
    std::size_t min_actual = std::numeric_limits<std::size_t>::max();
    std::size_t max_actual = 0;
    const std::size_t min_mixin = hf >= HF_VERSION_MIN_MIXIN_15  ? 15
                                  : hf >= HF_VERSION_MIN_MIXIN_10 ? 10
                                  : hf >= HF_VERSION_MIN_MIXIN_6  ? 6
                                  : hf >= HF_VERSION_MIN_MIXIN_4  ? 4
                                                                  : 2;
    for (std::size_t i = 0; i < tx.vin.size(); ++i) {
      const txin_to_key &in = key_input(tx, i);
      // RingCT inputs (amount 0) always count as mixable (Monero's comment:
      // at most a few blocks after the fork lack enough of them).
      if (in.amount == 0 || !options.outputs_of_amount || options.outputs_of_amount(in.amount) > min_mixin) {
        ++n_mixable;
      } else {
        ++n_unmixable;
      }
      const std::size_t mixin = in.key_offsets.size() - 1;
      min_actual = std::min(min_actual, mixin);
      max_actual = std::max(max_actual, mixin);
    }
    if (hf >= HF_VERSION_SAME_MIXIN && min_actual != max_actual) {
      broken(tx_rule::ring_size, "varying ring sizes (" + num(min_actual + 1) + "-" + num(max_actual + 1) +
                                     "): all rings have the same size from hard fork 12" + at_fork(hf));
    }
    if (min_actual < min_mixin && !(hf == HF_VERSION_MIN_MIXIN_15 && min_actual == 10)) {
      if (n_unmixable == 0) {
        broken(tx_rule::ring_size, "ring size " + num(min_actual + 1) + " is below the minimum " + num(min_mixin + 1) +
                                       " and no input is unmixable" + at_fork(hf));
      }
      if (n_mixable > 1) {
        broken(tx_rule::ring_size, "ring size " + num(min_actual + 1) + " is below the minimum " + num(min_mixin + 1) +
                                       " and more than one input is mixable beside the unmixable ones" + at_fork(hf));
      }
    } else if ((hf > HF_VERSION_MIN_MIXIN_15 && min_actual > 15) ||
               (hf == HF_VERSION_MIN_MIXIN_15 && min_actual != 15 && min_actual != 10) ||
               (hf < HF_VERSION_MIN_MIXIN_15 && hf >= HF_VERSION_MIN_MIXIN_10 + 2 && min_actual > 10) ||
               ((hf == HF_VERSION_MIN_MIXIN_10 || hf == HF_VERSION_MIN_MIXIN_10 + 1) && min_actual != 10)) {
      const char *want = hf > HF_VERSION_MIN_MIXIN_15    ? "16"
                         : hf == HF_VERSION_MIN_MIXIN_15 ? "16 (or 11, the grace period of hard fork 15)"
                                                         : "11";
      broken(tx_rule::ring_size, "invalid ring size " + num(min_actual + 1) + ": it should be " + want + at_fork(hf));
    }
  }

  const std::uint64_t max_version = hf <= 3 ? 1 : 2;
  if (tx.version > max_version) {
    broken(tx_rule::version, "version " + num(tx.version) + " is above the highest accepted, " + num(max_version) +
                                 " (version 2 is allowed from hard fork 4)" + at_fork(hf));
  }
  const std::uint64_t min_version = n_unmixable > 0 ? 1 : (hf >= HF_VERSION_ENFORCE_RCT ? 2 : 1);
  if (tx.version < min_version) {
    broken(tx_rule::version, "version " + num(tx.version) + " is below the lowest accepted, " + num(min_version) +
                                 " (RingCT is required from hard fork 6 unless an input is unmixable)" + at_fork(hf));
  }

  if (hf >= 7) {
    for (std::size_t i = 1; i < tx.vin.size(); ++i) {
      if (std::memcmp(&key_input(tx, i).k_image, &key_input(tx, i - 1).k_image, sizeof(crypto::key_image)) >= 0) {
        broken(tx_rule::unsorted_inputs, "inputs " + num(i - 1) + " and " + num(i) +
                                             " are not in strictly descending key image order (required from "
                                             "hard fork 7)" + at_fork(hf));
      }
    }
  }

  if (tx.version >= 2) {
    const rct::rctSig &rv = tx.rct_signatures;
    if (rv.type == rct::RCTTypeNull) {
      broken(tx_rule::rct_type, "RCTTypeNull (type 0) on a transaction that is not a coinbase");
    }
    if (rv.type > rct::RCTTypeBulletproofPlus) broken(tx_rule::rct_type, "unsupported RingCT type " + num(rv.type));
    // Monero's "for bulletproofs, check they're only multi-output after v8"
    // needs no check here: outputs() has already refused every Bulletproof
    // type (and any Bulletproof data) before hard fork 8.
  }
}

// tx_memory_pool::add_tx: the zero-fee v1 check, the weight limit, the extra size.
void pool(const transaction &tx, std::uint8_t hf, const tx_hf_options &options) {
  if (!options.kept_by_block && tx.version == 1) {
    std::uint64_t in = 0, out = 0;
    bool overflow = false;
    for (const auto &v : tx.vin) {
      if (const auto *k = boost::get<txin_to_key>(&v)) {
        overflow |= in > std::numeric_limits<std::uint64_t>::max() - k->amount;
        in += k->amount;
      }
    }
    for (const auto &o : tx.vout) {
      overflow |= out > std::numeric_limits<std::uint64_t>::max() - o.amount;
      out += o.amount;
    }
    if (!overflow && in == out) broken(tx_rule::fee, "the fee is zero (inputs == outputs " + num(in) + ")");
  }
  if (!options.kept_by_block || hf >= HF_VERSION_PER_BYTE_FEE) {
    std::uint64_t weight = options.tx_weight;
    if (weight == 0) try {
      weight = get_transaction_weight(tx);
    } catch (const std::invalid_argument &e) {
      broken(tx_rule::weight, std::string("the weight cannot be computed: ") + e.what());
    }
    const std::uint64_t limit = get_transaction_weight_limit(hf);
    if (weight > limit) {
      broken(tx_rule::weight, "weight " + num(weight) + " is above the limit " + num(limit) + at_fork(hf));
    }
  }
  if (!options.kept_by_block && tx.extra.size() > MAX_TX_EXTRA_SIZE) {
    broken(tx_rule::extra_size, "tx_extra of " + num(tx.extra.size()) + " bytes is above the pool's limit of " +
                                    num(MAX_TX_EXTRA_SIZE));
  }
}

}  // namespace

}  // namespace cryptonote

namespace cncrypto {

using namespace cryptonote;

const char *tx_rule_name(tx_rule rule) noexcept {
  switch (rule) {
    case tx_rule::none: return "none";
    case tx_rule::input_type: return "input_type";
    case tx_rule::version: return "version";
    case tx_rule::ring_size: return "ring_size";
    case tx_rule::unsorted_inputs: return "unsorted_inputs";
    case tx_rule::too_few_outputs: return "too_few_outputs";
    case tx_rule::output_amount: return "output_amount";
    case tx_rule::output_key: return "output_key";
    case tx_rule::output_type: return "output_type";
    case tx_rule::rct_type: return "rct_type";
    case tx_rule::range_proof: return "range_proof";
    case tx_rule::extra_size: return "extra_size";
    case tx_rule::weight: return "weight";
    case tx_rule::fee: return "fee";
    case tx_rule::ring_members: return "ring_members";
  }
  return "unknown";
}

bool check_tx_hf_rules(const transaction &tx, std::uint8_t hf_version, std::string *error, tx_rule *rule) {
  return check_tx_hf_rules(tx, hf_version, tx_hf_options{}, error, rule);
}

bool check_tx_hf_rules(const transaction &tx, std::uint8_t hf_version, const tx_hf_options &options,
                       std::string *error, tx_rule *rule) {
  if (rule != nullptr) *rule = tx_rule::none;
  try {
    if (hf_version == 0) broken(tx_rule::version, "hard fork version 0 does not exist (the first is 1)");
    // Monero's order: add_tx first refuses unsupported input types
    // (check_inputs_types_supported), then the pool checks (fee, weight,
    // extra), then check_tx_outputs, then check_tx_inputs.
    if (tx.vin.empty()) broken(tx_rule::input_type, "no inputs");
    for (std::size_t i = 0; i < tx.vin.size(); ++i) {
      if (boost::get<txin_to_key>(&tx.vin[i]) == nullptr) key_input(tx, i);
    }
    // core::check_tx_semantic's check_tx_inputs_ring_members_diff (Monero
    // runs it before add_tx; here after the input types, so that a coinbase
    // input is named as such): from HF 6 no ring lists a member twice in a
    // row, i.e. no relative key offset after the first is 0 (offsets are
    // relative, so a 0 repeats the previous member).
    if (hf_version >= 6) {
      for (std::size_t i = 0; i < tx.vin.size(); ++i) {
        const txin_to_key &in = key_input(tx, i);
        for (std::size_t j = 1; j < in.key_offsets.size(); ++j) {
          if (in.key_offsets[j] == 0) {
            broken(tx_rule::ring_members, "input " + num(i) + ": ring member " + num(j) +
                                              " repeats the one before it (refused from hard fork 6)" +
                                              at_fork(hf_version));
          }
        }
      }
    }
    pool(tx, hf_version, options);
    outputs(tx, hf_version);
    inputs(tx, hf_version, options);
    return true;
  } catch (const rule_failure &f) {
    if (rule != nullptr) *rule = f.rule;
    if (error != nullptr) *error = f.message;
    return false;
  }
}

}  // namespace cncrypto

namespace cryptonote {

bool check_output_types(const transaction &tx, std::uint8_t hf_version) {
  for (const tx_out &o : tx.vout) {
    const bool plain = boost::get<txout_to_key>(&o.target) != nullptr;
    const bool tagged = boost::get<txout_to_tagged_key>(&o.target) != nullptr;
    if (hf_version > HF_VERSION_VIEW_TAGS) {
      if (!tagged) return false;
    } else if (hf_version < HF_VERSION_VIEW_TAGS) {
      if (!plain) return false;
    } else {
      if (!plain && !tagged) return false;
      if (o.target.which() != tx.vout[0].target.which()) return false;
    }
  }
  return true;
}

bool is_valid_decomposed_amount(std::uint64_t amount) noexcept {
  if (amount == 0) return false;
  while (amount % 10 == 0) amount /= 10;
  return amount < 10;
}

std::uint64_t get_min_block_weight(std::uint8_t hf_version) noexcept {
  if (hf_version < 2) return CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V1;
  if (hf_version < 5) return CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V2;
  return CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V5;
}

std::uint64_t get_transaction_weight_limit(std::uint8_t hf_version) noexcept {
  if (hf_version >= 8) return get_min_block_weight(hf_version) / 2 - CRYPTONOTE_COINBASE_BLOB_RESERVED_SIZE;
  return get_min_block_weight(hf_version) - CRYPTONOTE_COINBASE_BLOB_RESERVED_SIZE;
}

}  // namespace cryptonote

namespace cncrypto {

using namespace cryptonote;

bool is_tx_spendtime_unlocked(std::uint64_t unlock_time, std::uint64_t chain_height, std::uint64_t current_time,
                              std::uint8_t hf_version) noexcept {
  if (unlock_time < CRYPTONOTE_MAX_BLOCK_NUMBER) {
    // Monero: m_db->height() - 1 + DELTA_BLOCKS (unsigned: height 0 wraps back to 0).
    return chain_height - 1 + CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_BLOCKS >= unlock_time;
  }
  const std::uint64_t delta =
      hf_version < 2 ? CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_SECONDS_V1 : CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_SECONDS_V2;
  // current_time + delta cannot overflow for a real clock; saturate anyway.
  const std::uint64_t now = current_time > std::numeric_limits<std::uint64_t>::max() - delta
                                ? std::numeric_limits<std::uint64_t>::max()
                                : current_time + delta;
  return now >= unlock_time;
}

}  // namespace cncrypto
