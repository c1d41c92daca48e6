// Monero's cryptonote_basic/cryptonote_format_utils.h: ids, hashes, hash
// counters and checks (cryptonote/cryptonote_format_utils.h), parsing and
// serialization (cryptonote/serialization.h), tx_extra functions
// (cryptonote/tx_extra.h), amount formatting (cryptonote/money.h), obj_to_json_str
// (cryptonote/json.h),
// with what Monero's header includes (blobdatatype.h, cryptonote_basic_impl.h,
// tx_extra.h, account.h, subaddress_index.h). The comments are in those headers;
// the few Monero names declared here (Monero's overloads and small helpers)
// are defined in src/tx/monero_format_utils.cpp. Variable time (public data).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/json.h"
#include "cryptonote/money.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_fee.h"
#include "cryptonote/wallet_scan.h"
#include "cryptonote_basic/account.h"
#include "cryptonote_basic/blobdatatype.h"
#include "cryptonote_basic/cryptonote_basic_impl.h"
#include "cryptonote_basic/subaddress_index.h"
#include "cryptonote_basic/tx_extra.h"
#include "device/device.hpp"

namespace cryptonote {

// Monero's hw::device forms of get_transaction_prefix_hash: H_k(serialized
// prefix), 32 bytes, as get_transaction_prefix_hash(tx). Monero asks the device
// (device_default computes it in software); here hwdev must be a software
// device (hw::get_device("default")), else std::invalid_argument, as
// cncrypto's other hw::device& functions (device/device.hpp). Throws
// std::invalid_argument for an inconsistent prefix (bad version). Variable
// time (public data). Source: Monero cryptonote_format_utils.cpp.
void get_transaction_prefix_hash(const transaction_prefix &tx, crypto::hash &h, hw::device &hwdev);
crypto::hash get_transaction_prefix_hash(const transaction_prefix &tx, hw::device &hwdev);

// Monero's text form of round_money_up: parses amount with parse_amount (in
// the default decimal point's units, "1.23" -> 1230000000000), rounds it up to
// significant_digits significant decimal digits (round_money_up(uint64_t,
// unsigned), cryptonote/tx_fee.h) and prints it with print_money (12 decimals
// by default, "1.300000000000"). Throws std::runtime_error("Failed to parse
// amount: <amount>") when amount does not parse, as Monero; the integer form's
// std::runtime_error otherwise (0 digits, a result over 64 bits; Monero's texts,
// cryptonote/tx_fee.h). Source: Monero
// cryptonote_format_utils.cpp round_money_up(const std::string &, unsigned).
std::string round_money_up(const std::string &amount, unsigned significant_digits);

// h = tree_hash(tx_hashes). Throws std::invalid_argument when tx_hashes is empty
// (Monero asserts). Source: Monero get_tx_tree_hash.
void get_tx_tree_hash(const std::vector<crypto::hash> &tx_hashes, crypto::hash &h);

// money = the sum of the inputs' amounts (mod 2^64, as in Monero; no overflow
// check). False, with money the partial sum, when an input is not a
// txin_to_key. Source: Monero get_inputs_money_amount.
bool get_inputs_money_amount(const transaction &tx, std::uint64_t &money);

// The sum of the outputs' amounts, mod 2^64 as in Monero (no overflow check:
// check_outs_overflow-style callers must check it themselves).
// Source: Monero get_outs_money_amount.
std::uint64_t get_outs_money_amount(const transaction &tx);

// True when every input is a txin_to_key. Source: Monero check_inputs_types_supported.
bool check_inputs_types_supported(const transaction &tx);

// out = {amount, txout_to_tagged_key{output_public_key, view_tag}} when
// use_view_tags, else {amount, txout_to_key{output_public_key}}.
// Source: Monero set_tx_out.
void set_tx_out(std::uint64_t amount, const crypto::public_key &output_public_key, bool use_view_tags,
                const crypto::view_tag &view_tag, tx_out &out);

// The hash's first 8 and last 8 hex digits around "....". Source: Monero short_hash_str.
std::string short_hash_str(const crypto::hash &h);

}  // namespace cryptonote
