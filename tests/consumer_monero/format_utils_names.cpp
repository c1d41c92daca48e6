// Monero's idiom for the names of cryptonote_basic/cryptonote_format_utils.h
// beyond ids and parsing, compiled against the installed package with Monero's
// include path only (scripts/test-consumer.sh): amount formatting
// (print_money, parse_amount, get_unit, the default decimal point),
// find_tx_extra_field_by_type and remove_field_from_tx_extra with typeid as
// Monero's wallet code calls them, is_v1_tx, the money and output checks,
// get_hash_stats, get_object_blobsize, t_serializable_object_from_blob,
// calculate_transaction_prunable_hash and obj_to_json_str.
//
// Expected values: parse_amount's from Monero 0.18's tests/unit_tests/parse_amount.cpp
// ("6553.5" -> 6553500000000000, "18446744.073709551615" -> 2^64 - 1,
// "0.0000000000001" refused) and test_tx_utils.cpp ("   100.0001    " ->
// 100000100000000); print_money's and get_unit's from Monero's
// cryptonote_format_utils.cpp (insert_money_decimal_point, get_unit's switch);
// H_k("") = c5d24601...a470 is Keccak-256 of nothing (RingCT type 0 has no
// prunable bytes). obj_to_json_str's texts are what Monero 0.18.0.0's own
// obj_to_json_str printed for the same transaction and block (their blobs parsed
// by Monero's serializer; tests/unit_tests/vectors/monero_json/NOTICE.md says how).
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

#include "check.h"
#include "cryptonote_basic/cryptonote_format_utils.h"

using monero_idiom::check;
using namespace cryptonote;  // as Monero's own sources and tests do

int main() {
  const char *me = "monero_idiom_format_utils";

  // Amounts.
  uint64_t amount = 0;
  check(me, "parse_amount(\"6553.5\")", parse_amount(amount, "6553.5") && amount == 6553500000000000ull);
  check(me, "parse_amount(max supply)", parse_amount(amount, "18446744.073709551615") && amount == UINT64_MAX);
  check(me, "parse_amount trims white space", parse_amount(amount, "   100.0001    ") && amount == 100000100000000ull);
  check(me, "parse_amount below 10^-12 refused", !parse_amount(amount, "0.0000000000001"));
  check(me, "print_money(1)", print_money(1) == "0.000000000001");
  check(me, "print_money(amount, 0)", print_money(uint64_t(42), 0) == "42");
  check(me, "print_money(uint128_t)", print_money(boost::multiprecision::uint128_t(1500000000000ull)) == "1.500000000000");
  check(me, "get_unit()", get_unit() == "monero" && get_unit(9) == "millinero");
  set_default_decimal_point(6);
  check(me, "set_default_decimal_point(6)", get_default_decimal_point() == 6 && get_unit() == "micronero" &&
                                                print_money(1234567) == "1.234567");
  bool threw = false;
  try {
    set_default_decimal_point(5);
  } catch (const std::runtime_error &e) {
    threw = std::string(e.what()) == "Invalid decimal point specification: 5";
  }
  check(me, "set_default_decimal_point(5) throws", threw && get_default_decimal_point() == 6);
  set_default_decimal_point();
  check(me, "default decimal point back to CRYPTONOTE_DISPLAY_DECIMAL_POINT",
        get_default_decimal_point() == CRYPTONOTE_DISPLAY_DECIMAL_POINT);

  // A v1 coinbase (format_names.cpp's shape) paying to the base point G's
  // encoding (58 66..66, a key check_key accepts), with a nonce after its tx key.
  crypto::public_key key;
  monero_idiom::from_hex("5866666666666666666666666666666666666666666666666666666666666666", key);
  transaction tx;
  tx.version = 1;
  txin_gen in;
  in.height = 5;
  tx.vin.push_back(in);
  tx_out out;
  out.amount = 7;
  txout_to_tagged_key tk;
  tk.key = key;
  tk.view_tag.data = 0x42;
  out.target = tk;
  tx.vout.push_back(out);
  check(me, "add_tx_pub_key_to_extra(tx, key) returns true", add_tx_pub_key_to_extra(tx, key));
  add_extra_nonce_to_tx_extra(tx.extra, std::string("\x2a", 1));

  std::vector<tx_extra_field> fields;
  check(me, "parse_tx_extra", parse_tx_extra(tx.extra, fields) && fields.size() == 2);
  tx_extra_pub_key pub_key_field;
  check(me, "find_tx_extra_field_by_type(fields, pub_key_field, 0)",
        find_tx_extra_field_by_type(fields, pub_key_field, 0) && pub_key_field.pub_key == key);
  check(me, "find_tx_extra_field_by_type index 1 absent", !find_tx_extra_field_by_type(fields, pub_key_field, 1));
  tx_extra_nonce extra_nonce;
  check(me, "find_tx_extra_field_by_type(fields, extra_nonce)",
        find_tx_extra_field_by_type(fields, extra_nonce) && extra_nonce.nonce == "\x2a");
  std::vector<uint8_t> extra = tx.extra;
  check(me, "remove_field_from_tx_extra(extra, typeid(tx_extra_nonce))",
        remove_field_from_tx_extra(extra, typeid(cryptonote::tx_extra_nonce)) && extra.size() == 33 && extra[0] == 1);

  // Blobs, checks, sizes.
  const blobdata blob = tx_to_blob(tx);
  check(me, "is_v1_tx(blobdata)", is_v1_tx(blob));
  check(me, "is_v1_tx(blobdata_ref)", !is_v1_tx(blobdata_ref("\x02", 1)));
  transaction back;
  check(me, "t_serializable_object_from_blob(tx, blob)", t_serializable_object_from_blob(back, blob) && tx_to_blob(back) == blob);
  check(me, "t_serializable_object_from_blob refuses a trailing byte", !t_serializable_object_from_blob(back, blob + "x"));
  check(me, "get_object_blobsize(tx)", get_object_blobsize(tx) == blob.size());
  crypto::hash object_hash, blob_hash;
  size_t object_size = 0;
  get_blob_hash(blob, blob_hash);
  check(me, "get_object_hash(tx, h, size)",
        get_object_hash(tx, object_hash, object_size) && object_hash == blob_hash && object_size == blob.size());
  crypto::hash prefix_hash;
  get_transaction_prefix_hash(tx, prefix_hash);
  check(me, "get_transaction_prefix_hash(tx, h) of a v1 coinbase = its blob hash", prefix_hash == blob_hash);
  check(me, "check_outs_valid (a valid key, amount 7)", check_outs_valid(tx));
  check(me, "check_money_overflow of a coinbase (not txin_to_key) is false", !check_money_overflow(tx));
  check(me, "check_outs_overflow", check_outs_overflow(tx));
  block b;
  b.major_version = 1;
  b.miner_tx = tx;
  const blobdata block_blob = block_to_blob(b);
  block b_back;
  check(me, "t_serializable_object_from_blob(block, blob)", t_serializable_object_from_blob(b_back, block_blob) &&
                                                                get_object_blobsize(b_back) == block_blob.size());

  // obj_to_json_str, as the daemon's print_tx and the RPC's decode_as_json call it.
  std::string extra_ints = "1, 88";  // 01 (tx public key), 58 66..66, 02 01 2a (nonce)
  for (int i = 0; i < 31; ++i) extra_ints += ", 102";
  extra_ints += ", 2, 1, 42";
  const std::string tx_json =
      "{\n  \"version\": 1, \n  \"unlock_time\": 0, \n  \"vin\": [ {\n      \"gen\": {\n        \"height\": 5\n"
      "      }\n    }\n  ], \n  \"vout\": [ {\n      \"amount\": 7, \n      \"target\": {\n        \"tagged_key\": {\n"
      "          \"key\": \"5866666666666666666666666666666666666666666666666666666666666666\", \n"
      "          \"view_tag\": \"42\"\n        }\n      }\n    }\n  ], \n  \"extra\": [ " +
      extra_ints + "\n  ], \n  \"signatures\": [ ]\n}";
  check(me, "obj_to_json_str(tx)", cryptonote::obj_to_json_str(tx) == tx_json);
  std::string nested = tx_json.substr(0, tx_json.size() - 1);  // the miner tx, 2 more spaces deep
  for (size_t at = nested.find('\n'); at != std::string::npos; at = nested.find('\n', at + 1)) nested.insert(at + 1, "  ");
  const std::string block_json =
      "{\n  \"major_version\": 1, \n  \"minor_version\": 0, \n  \"timestamp\": 0, \n"
      "  \"prev_id\": \"0000000000000000000000000000000000000000000000000000000000000000\", \n  \"nonce\": 0, \n"
      "  \"miner_tx\": " + nested + "}, \n  \"tx_hashes\": [ ]\n}";
  check(me, "obj_to_json_str(block)", obj_to_json_str(b) == block_json);
  transaction no_version = tx;
  no_version.version = 0;
  check(me, "obj_to_json_str of an object that does not serialize is empty", obj_to_json_str(no_version).empty());

  // Hash counters: one get_transaction_hash and one get_block_hash (which hashes
  // the miner transaction too).
  uint64_t tx_calc0, tx_cached0, block_calc0, block_cached0, tx_calc1, tx_cached1, block_calc1, block_cached1;
  get_hash_stats(tx_calc0, tx_cached0, block_calc0, block_cached0);
  crypto::hash h;
  get_transaction_hash(tx, h);
  get_block_hash(b, h);
  get_hash_stats(tx_calc1, tx_cached1, block_calc1, block_cached1);
  check(me, "get_hash_stats counts", tx_calc1 - tx_calc0 == 2 && block_calc1 - block_calc0 == 1);

  // RingCT type 0 v2: no prunable bytes, so H_k("").
  transaction v2 = tx;
  v2.version = 2;
  crypto::hash prunable;
  crypto::hash empty_hash;
  monero_idiom::from_hex("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470", empty_hash);
  check(me, "calculate_transaction_prunable_hash (type 0)",
        calculate_transaction_prunable_hash(v2, nullptr, prunable) && prunable == empty_hash);
  check(me, "calculate_transaction_prunable_hash of v1 is false", !calculate_transaction_prunable_hash(tx, nullptr, prunable));
  return 0;
}
