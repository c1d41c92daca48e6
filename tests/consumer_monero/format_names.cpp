// Monero's idiom for the transaction/format headers (cryptonote_basic/*.h,
// cryptonote_core/cryptonote_tx_utils.h), compiled against the installed
// package with Monero's include paths only (scripts/test-consumer.sh): the
// transaction variants through boost::get (reference and pointer forms),
// boost::apply_visitor, which() and type() == typeid(...), tx_extra fields the
// same way, get_output_public_key / get_output_view_tag (boost::optional),
// blobdata, and merge mining's depth field.
//
// Expected values: the blob is written out by hand from Monero's serialization
// (docs/formats.md): version 01, unlock_time 00, one input ff (txin_gen) with
// height 05, one output of amount 07 with tag 03 (txout_to_tagged_key), its key
// and view tag, an extra of 33 bytes (01 || key); a v1 transaction's id is
// cn_fast_hash of its blob. The depth field 177 = 1 | (3 - 1) << 3 | 5 << 5
// (n_bits 2, Monero's merge_mining.cpp layout).
#include <cstdint>
#include <cstring>
#include <string>
#include <typeinfo>
#include <vector>

#include <boost/optional.hpp>
#include <boost/variant.hpp>

#include "check.h"
#include "crypto/hash.h"
#include "cryptonote_basic/blobdatatype.h"
#include "cryptonote_basic/cryptonote_basic.h"
#include "cryptonote_basic/cryptonote_format_utils.h"
#include "cryptonote_basic/merge_mining.h"
#include "cryptonote_basic/tx_extra.h"
#include "cryptonote_core/cryptonote_tx_utils.h"

using monero_idiom::check;

namespace {

// A visitor as Monero writes them (boost::static_visitor).
struct input_height_visitor : public boost::static_visitor<std::uint64_t> {
  std::uint64_t operator()(const cryptonote::txin_gen &in) const { return in.height; }
  std::uint64_t operator()(const cryptonote::txin_to_key &) const { return 1000; }
  std::uint64_t operator()(const cryptonote::txin_to_script &) const { return 1001; }
  std::uint64_t operator()(const cryptonote::txin_to_scripthash &) const { return 1002; }
};

}  // namespace

int main() {
  const char *me = "monero_idiom_format";
  crypto::public_key key;
  monero_idiom::from_hex("5ce55ff0b1c1e22f19d4d5d81c3a7b6c0d6d9e4bb21a3bfa2a8f0b9e1d2c3b4a", key);

  cryptonote::transaction tx;
  tx.version = 1;
  tx.unlock_time = 0;
  cryptonote::txin_gen in;
  in.height = 5;
  tx.vin.push_back(in);
  cryptonote::tx_out out;
  out.amount = 7;
  cryptonote::txout_to_tagged_key tk;
  tk.key = key;
  tk.view_tag.data = 0x42;
  out.target = tk;
  tx.vout.push_back(out);
  cryptonote::add_tx_pub_key_to_extra(tx.extra, key);

  check(me, "boost::get<txin_gen>(vin[0]).height", boost::get<cryptonote::txin_gen>(tx.vin[0]).height == 5);
  check(me, "boost::get<txin_to_key>(&vin[0]) is null", boost::get<cryptonote::txin_to_key>(&tx.vin[0]) == nullptr);
  bool threw = false;
  try {
    (void)boost::get<cryptonote::txin_to_key>(tx.vin[0]);
  } catch (const boost::bad_get &) {
    threw = true;
  }
  check(me, "boost::get on another type throws boost::bad_get", threw);
  check(me, "vin[0].which() == 0 (txin_gen)", tx.vin[0].which() == 0);
  check(me, "vin[0].type() == typeid(txin_gen)", tx.vin[0].type() == typeid(cryptonote::txin_gen));
  check(me, "target.which() == 3 (txout_to_tagged_key)", tx.vout[0].target.which() == 3);
  check(me, "target.type() == typeid(txout_to_tagged_key)",
        tx.vout[0].target.type() == typeid(cryptonote::txout_to_tagged_key));
  check(me, "boost::apply_visitor(static_visitor, vin[0])",
        boost::apply_visitor(input_height_visitor(), tx.vin[0]) == 5);

  crypto::public_key got;
  check(me, "get_output_public_key", cryptonote::get_output_public_key(tx.vout[0], got) && got == key);
  const boost::optional<crypto::view_tag> tag = cryptonote::get_output_view_tag(tx.vout[0]);
  check(me, "get_output_view_tag (boost::optional)", tag && tag->data == 0x42);
  cryptonote::tx_out plain;
  cryptonote::txout_to_key pk;
  pk.key = key;
  plain.target = pk;
  check(me, "get_output_view_tag of txout_to_key is boost::none",
        cryptonote::get_output_view_tag(plain) == boost::none);

  std::vector<cryptonote::tx_extra_field> fields;
  check(me, "parse_tx_extra", cryptonote::parse_tx_extra(tx.extra, fields) && fields.size() == 1);
  check(me, "tx_extra_field which()/type()",
        fields[0].which() == 1 && fields[0].type() == typeid(cryptonote::tx_extra_pub_key));
  check(me, "boost::get<tx_extra_pub_key>", boost::get<cryptonote::tx_extra_pub_key>(fields[0]).pub_key == key);

  const cryptonote::blobdata blob = cryptonote::tx_to_blob(tx);
  const std::string expected_hex = std::string("0100") + "01ff05" + "0107" + "03" +
                                   "5ce55ff0b1c1e22f19d4d5d81c3a7b6c0d6d9e4bb21a3bfa2a8f0b9e1d2c3b4a" + "42" +
                                   "21" + "01" + "5ce55ff0b1c1e22f19d4d5d81c3a7b6c0d6d9e4bb21a3bfa2a8f0b9e1d2c3b4a";
  std::string blob_hex;
  for (unsigned char c : blob) {
    static const char digits[] = "0123456789abcdef";
    blob_hex += digits[c >> 4];
    blob_hex += digits[c & 15];
  }
  check(me, "tx_to_blob bytes (Monero's serialization by hand)", blob_hex == expected_hex);
  cryptonote::transaction back;
  crypto::hash id, prefix_hash;
  check(me, "parse_and_validate_tx_from_blob(blobdata)",
        cryptonote::parse_and_validate_tx_from_blob(blob, back, id, prefix_hash));
  crypto::hash whole;
  crypto::cn_fast_hash(blob.data(), blob.size(), whole);
  check(me, "v1 id = cn_fast_hash(blob)", id == whole && cryptonote::get_transaction_hash(back) == whole);
  check(me, "parsed view tag through boost::get",
        boost::get<cryptonote::txout_to_tagged_key>(back.vout[0].target).view_tag.data == 0x42);
  check(me, "is_coinbase", cryptonote::is_coinbase(back));

  const std::uint32_t depth = cryptonote::encode_mm_depth(3, 5);
  std::uint32_t n_chains = 0, nonce = 0;
  check(me, "encode_mm_depth(3, 5) == 177", depth == 177);
  check(me, "decode_mm_depth", cryptonote::decode_mm_depth(depth, n_chains, nonce) && n_chains == 3 && nonce == 5);
  return 0;
}
