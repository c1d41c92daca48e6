// Monero's overloads and small helpers declared in
// cryptonote_basic/cryptonote_format_utils.h (that header has the comments).
#include "cryptonote_basic/cryptonote_format_utils.h"

#include "common/hex.h"

#include <stdexcept>

namespace cryptonote {

void get_transaction_prefix_hash(const transaction_prefix &tx, crypto::hash &h, hw::device &hwdev) {
  cncrypto::require_software_device(hwdev, "get_transaction_prefix_hash");
  get_transaction_prefix_hash(tx, h);
}

crypto::hash get_transaction_prefix_hash(const transaction_prefix &tx, hw::device &hwdev) {
  crypto::hash h;
  get_transaction_prefix_hash(tx, h, hwdev);
  return h;
}

std::string round_money_up(const std::string &amount, unsigned significant_digits) {
  std::uint64_t value = 0;
  if (!parse_amount(value, amount)) throw std::runtime_error("Failed to parse amount: " + amount);
  return print_money(round_money_up(value, significant_digits));
}

void get_tx_tree_hash(const std::vector<crypto::hash> &tx_hashes, crypto::hash &h) { h = get_tx_tree_hash(tx_hashes); }

bool get_inputs_money_amount(const transaction &tx, std::uint64_t &money) {
  money = 0;
  for (const auto &in : tx.vin) {
    const auto *k = boost::get<txin_to_key>(&in);
    if (k == nullptr) return false;
    money += k->amount;
  }
  return true;
}

std::uint64_t get_outs_money_amount(const transaction &tx) {
  std::uint64_t sum = 0;
  for (const auto &o : tx.vout) sum += o.amount;
  return sum;
}

bool check_inputs_types_supported(const transaction &tx) {
  for (const auto &in : tx.vin)
    if (boost::get<txin_to_key>(&in) == nullptr) return false;
  return true;
}

void set_tx_out(std::uint64_t amount, const crypto::public_key &output_public_key, bool use_view_tags,
                const crypto::view_tag &tag, tx_out &out) {
  out.amount = amount;
  if (use_view_tags) {
    txout_to_tagged_key t;
    t.key = output_public_key;
    t.view_tag = tag;
    out.target = txout_target_v(t);  // a variant rvalue: no boost temporary (gcc 12 warns on its copy)
  } else {
    txout_to_key k;
    k.key = output_public_key;
    out.target = txout_target_v(k);
  }
}

std::string short_hash_str(const crypto::hash &h) {
  const std::string hex = cncrypto::hex_encode(h.data, sizeof h.data);
  return hex.substr(0, 8) + "...." + hex.substr(56);
}

}  // namespace cryptonote
