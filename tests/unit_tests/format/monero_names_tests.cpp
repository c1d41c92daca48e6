// Monero 0.18's names of cryptonote_basic/cryptonote_format_utils.h added for
// issue 33: amount formatting (cryptonote/money.h), the tx_extra field helpers,
// the money and output checks, is_v1_tx, the hash counters and the
// serializer-only read. Each expected value says where it comes from: Monero's
// own unit tests (tests/unit_tests/parse_amount.cpp, test_tx_utils.cpp of
// Monero v0.18.0.0) or the source lines of Monero's
// src/cryptonote_basic/cryptonote_format_utils.cpp they follow from.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/money.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_extra.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

using namespace cryptonote;

namespace {

// Restores the process-wide default decimal point when a test case ends.
struct decimal_point_guard {
  unsigned int saved = get_default_decimal_point();
  ~decimal_point_guard() { set_default_decimal_point(saved); }
};

bool parses(const std::string &s, std::uint64_t expected) {
  std::uint64_t v = 12345;
  return parse_amount(v, s) && v == expected;
}

bool refused(const std::string &s) {
  std::uint64_t v = 12345;
  return !parse_amount(v, s) && v == 12345;  // amount untouched on failure
}

// Monero's test_tx_utils.cpp extra: a tx public key field (01 || 32 bytes) and
// a one-byte nonce (02 01 2a).
const std::vector<std::uint8_t> pub_key_then_nonce = {
    1,   30,  208, 98,  162, 133, 64,  85,  83,  112, 91,  188, 89,  211, 24, 131, 39, 154,
    22,  228, 80,  63,  198, 141, 173, 111, 244, 183, 4,   149, 186, 140, 230, 2,  1,  42};

transaction_prefix tx_with_inputs(const std::vector<std::uint64_t> &amounts) {
  transaction_prefix tx;
  for (const std::uint64_t a : amounts) {
    txin_to_key in{};
    in.amount = a;
    in.key_offsets = {1};
    tx.vin.push_back(in);
  }
  return tx;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(monero_names)

// Every case of Monero's tests/unit_tests/parse_amount.cpp (its '_' is '.', '~'
// is removed: the macro's spelling), default decimal point 12.
BOOST_AUTO_TEST_CASE(parse_amount_monero_unit_tests) {
  decimal_point_guard guard;
  set_default_decimal_point(12);
  for (const char *zero : {"0", "00", "00000000", "000000000", "00000000000000000000000000000000", ".0", ".00",
                           ".00000000", ".000000000", ".00000000000000000000000000000000", "00000000.", "000000000.",
                           "00000000000000000000000000000000.", "0.", "0.0", "0.00", "0.00000000", "0.000000000",
                           "0.00000000000000000000000000000000", "00.", "00.0", "00.00", "00.00000000", "00.000000000",
                           "00.00000000000000000000000000000000"}) {
    BOOST_TEST_CONTEXT(zero) { BOOST_TEST(parses(zero, 0)); }
  }
  BOOST_TEST(parses("0.000000000001", 1));
  BOOST_TEST(parses("0.0000000000010", 1));
  BOOST_TEST(parses("0.0000000000010000000000000000000000000", 1));
  BOOST_TEST(parses("0.000000000009", 9));
  BOOST_TEST(parses("0.0000000000090", 9));
  BOOST_TEST(parses("0.0000000000090000000000000000000000000", 9));
  BOOST_TEST(parses("1", UINT64_C(1000000000000)));
  BOOST_TEST(parses("10", UINT64_C(10000000000000)));
  BOOST_TEST(parses("100", UINT64_C(100000000000000)));
  BOOST_TEST(parses("1000", UINT64_C(1000000000000000)));
  BOOST_TEST(parses("6553.5", UINT64_C(6553500000000000)));
  BOOST_TEST(parses("429496.7295", UINT64_C(429496729500000000)));
  for (const char *s : {"18446744.0737", "18446744.0737000", "18446744.07370000", "18446744.073700000",
                        "18446744.0737000000000000000"}) {
    BOOST_TEST_CONTEXT(s) { BOOST_TEST(parses(s, UINT64_C(18446744073700000000))); }
  }
  BOOST_TEST(parses("18446744.073709551615", UINT64_C(18446744073709551615)));  // max supply
  // Invalid numbers, below 10^-12, overflow, two or more points.
  for (const char *s : {"", "-0", "+0", "-1", "+1", ".", "0.0000000000001", "0.0000000000009",
                        "184467440737.000000001", "184467440737.09551616", "184467440738", "18446744073709551616",
                        "..", "0..", "..0", "0..0", "0.0.", ".0.0", "0.0.0"}) {
    BOOST_TEST_CONTEXT(s) { BOOST_TEST(refused(s)); }
  }
}

// Monero's tests/unit_tests/test_tx_utils.cpp validate_parse_amount: white
// space around the number is trimmed, inside it refused.
BOOST_AUTO_TEST_CASE(parse_amount_monero_tx_utils_test) {
  decimal_point_guard guard;
  set_default_decimal_point(12);
  BOOST_TEST(parses("0.0001", UINT64_C(100000000)));
  BOOST_TEST(parses("100.0001", UINT64_C(100000100000000)));
  BOOST_TEST(parses("000.0000", 0));
  BOOST_TEST(parses("0", 0));
  BOOST_TEST(parses("   100.0001    ", UINT64_C(100000100000000)));
  BOOST_TEST(parses("   100.0000    ", UINT64_C(100000000000000)));
  for (const char *s : {"   100. 0000    ", "100. 0000", "100 . 0000", "100.00 00", "1 00.00 00"}) {
    BOOST_TEST_CONTEXT(s) { BOOST_TEST(refused(s)); }
  }
}

// The default decimal point scales parse_amount (Monero's parse_amount pads to
// default_decimal_point digits); the other "C" white space characters are trimmed
// too (boost::algorithm::trim's isspace).
BOOST_AUTO_TEST_CASE(parse_amount_other_decimal_points) {
  decimal_point_guard guard;
  set_default_decimal_point(0);
  BOOST_TEST(parses("5", 5));
  BOOST_TEST(parses("5.000", 5));  // extra fraction digits that are zeros are dropped
  BOOST_TEST(refused("5.1"));
  BOOST_TEST(parses("18446744073709551615", UINT64_C(18446744073709551615)));
  BOOST_TEST(refused("18446744073709551616"));
  set_default_decimal_point(3);
  BOOST_TEST(parses("1.5", 1500));
  BOOST_TEST(parses(".5", 500));
  BOOST_TEST(parses("2.", 2000));
  BOOST_TEST(refused("0.0001"));
  BOOST_TEST(parses("\t\n\v\f\r 7 \r\f\v\n\t", 7000));
  BOOST_TEST(refused("1e3"));
}

// print_money: Monero's insert_money_decimal_point pads with '0' to
// decimal_point + 1 digits and puts '.' decimal_point digits from the right
// (none for 0); -1 means the default decimal point, other values are not checked.
BOOST_AUTO_TEST_CASE(print_money_as_monero) {
  decimal_point_guard guard;
  set_default_decimal_point(12);
  BOOST_TEST(print_money(0) == "0.000000000000");
  BOOST_TEST(print_money(1) == "0.000000000001");
  BOOST_TEST(print_money(UINT64_C(1230000000000)) == "1.230000000000");
  BOOST_TEST(print_money(UINT64_C(18446744073709551615)) == "18446744.073709551615");
  BOOST_TEST(print_money(5, 0) == "5");
  BOOST_TEST(print_money(5, 3) == "0.005");
  BOOST_TEST(print_money(123456, 3) == "123.456");
  BOOST_TEST(print_money(1, 20) == "0.00000000000000000001");
  set_default_decimal_point(6);
  BOOST_TEST(print_money(1234567) == "1.234567");
  BOOST_TEST(print_money(1234567, 12) == "0.000001234567");
  // The 128-bit overload: the same text for the same value, and beyond 2^64.
  boost::multiprecision::uint128_t big = UINT64_C(18446744073709551615);
  big += 1;  // 2^64 = 18446744073709551616
  BOOST_TEST(print_money(big, 12) == "18446744.073709551616");
  BOOST_TEST(print_money(boost::multiprecision::uint128_t(1234567)) == "1.234567");
  BOOST_TEST(print_money(boost::multiprecision::uint128_t(0), 0) == "0");
}

// Round trip at every valid decimal point: parse_amount(print_money(x)) == x.
BOOST_AUTO_TEST_CASE(print_then_parse_round_trips) {
  decimal_point_guard guard;
  for (const unsigned dp : {0u, 3u, 6u, 9u, 12u}) {
    set_default_decimal_point(dp);
    for (const std::uint64_t x : {UINT64_C(0), UINT64_C(1), UINT64_C(999), UINT64_C(1000000000000),
                                  UINT64_C(18446744073709551615)}) {
      std::uint64_t back = 0;
      BOOST_TEST(parse_amount(back, print_money(x)));
      BOOST_TEST(back == x);
    }
  }
}

// get_unit's names and set_default_decimal_point's accepted values (Monero's
// switch statements); anything else throws std::runtime_error with Monero's
// message and leaves the default alone.
BOOST_AUTO_TEST_CASE(units_and_decimal_point) {
  decimal_point_guard guard;
  set_default_decimal_point();
  BOOST_TEST(get_default_decimal_point() == 12u);
  BOOST_TEST(get_unit() == "monero");
  BOOST_TEST(get_unit(9) == "millinero");
  BOOST_TEST(get_unit(6) == "micronero");
  BOOST_TEST(get_unit(3) == "nanonero");
  BOOST_TEST(get_unit(0) == "piconero");
  set_default_decimal_point(3);
  BOOST_TEST(get_default_decimal_point() == 3u);
  BOOST_TEST(get_unit() == "nanonero");
  for (const unsigned bad : {1u, 7u, 13u, 24u}) {
    try {
      set_default_decimal_point(bad);
      BOOST_ERROR("set_default_decimal_point accepted " << bad);
    } catch (const std::runtime_error &e) {
      BOOST_TEST(std::string(e.what()) == "Invalid decimal point specification: " + std::to_string(bad));
    }
    BOOST_TEST(get_default_decimal_point() == 3u);
    BOOST_CHECK_THROW(get_unit(bad), std::runtime_error);
  }
}

// Monero's tests/unit_tests/test_tx_utils.cpp remove_field_from_tx_extra cases.
BOOST_AUTO_TEST_CASE(remove_field_from_tx_extra_monero_tests) {
  std::vector<std::uint8_t> extra = pub_key_then_nonce;  // remove_first
  std::vector<tx_extra_field> fields;
  BOOST_TEST(remove_field_from_tx_extra(extra, typeid(tx_extra_pub_key)));
  BOOST_TEST(parse_tx_extra(extra, fields));
  BOOST_TEST(fields.size() == 1u);
  BOOST_TEST((fields[0].type() == typeid(tx_extra_nonce)));
  BOOST_TEST((extra == std::vector<std::uint8_t>{2, 1, 42}));

  extra = pub_key_then_nonce;  // remove_last
  BOOST_TEST(remove_field_from_tx_extra(extra, typeid(tx_extra_nonce)));
  BOOST_TEST((extra == std::vector<std::uint8_t>(pub_key_then_nonce.begin(), pub_key_then_nonce.begin() + 33)));

  extra = pub_key_then_nonce;  // remove_middle: 01 key, 02 nonce, 01 key
  extra.insert(extra.end(), pub_key_then_nonce.begin(), pub_key_then_nonce.begin() + 33);
  BOOST_TEST(remove_field_from_tx_extra(extra, typeid(tx_extra_nonce)));
  BOOST_TEST(parse_tx_extra(extra, fields));
  BOOST_TEST(fields.size() == 2u);
  BOOST_TEST((fields[0].type() == typeid(tx_extra_pub_key) && fields[1].type() == typeid(tx_extra_pub_key)));

  // invalid_varint: 02 80 00 (a non-canonical nonce length) fails, extra unchanged.
  extra.assign(pub_key_then_nonce.begin(), pub_key_then_nonce.begin() + 33);
  extra.insert(extra.end(), {2, 0x80, 0});
  const std::vector<std::uint8_t> before = extra;
  BOOST_TEST(!remove_field_from_tx_extra(extra, typeid(tx_extra_nonce)));
  BOOST_TEST((extra == before));

  // Monero returns true at once for an empty extra; a type present nowhere
  // leaves the bytes as they were.
  extra.clear();
  BOOST_TEST(remove_field_from_tx_extra(extra, typeid(tx_extra_nonce)));
  BOOST_TEST(extra.empty());
  extra = pub_key_then_nonce;
  BOOST_TEST(remove_field_from_tx_extra(extra, typeid(tx_extra_merge_mining_tag)));
  BOOST_TEST((extra == pub_key_then_nonce));
}

// find_tx_extra_field_by_type: the index-th field of that type (Monero's
// template: typeid(T) == f.type() && !index--).
BOOST_AUTO_TEST_CASE(find_tx_extra_field_by_type_index) {
  std::vector<std::uint8_t> extra = pub_key_then_nonce;
  extra.insert(extra.end(), pub_key_then_nonce.begin(), pub_key_then_nonce.begin() + 33);
  extra[34 + 2 + 1] = 0x77;  // second key's first byte after its tag (offset 36 + 1)
  std::vector<tx_extra_field> fields;
  BOOST_REQUIRE(parse_tx_extra(extra, fields));
  tx_extra_pub_key pk;
  BOOST_TEST(find_tx_extra_field_by_type(fields, pk));
  BOOST_TEST(pk.pub_key.data[0] == 30);
  BOOST_TEST(find_tx_extra_field_by_type(fields, pk, 1));
  BOOST_TEST(pk.pub_key.data[0] == 0x77);
  tx_extra_pub_key untouched = pk;
  BOOST_TEST(!find_tx_extra_field_by_type(fields, pk, 2));
  BOOST_TEST(std::memcmp(&pk, &untouched, sizeof pk) == 0);
  tx_extra_nonce nonce;
  BOOST_TEST(find_tx_extra_field_by_type(fields, nonce));
  BOOST_TEST(nonce.nonce == std::string(1, '\x2a'));
  tx_extra_merge_mining_tag mm;
  BOOST_TEST(!find_tx_extra_field_by_type(fields, mm));
}

// is_v1_tx reads the version varint with Monero's tools::read_varint: a cut-off
// varint is its bits so far (80: version 0), a missing, overflowing or
// non-canonical one throws Monero's std::runtime_error.
BOOST_AUTO_TEST_CASE(is_v1_tx_reads_the_version_varint) {
  BOOST_TEST(is_v1_tx(blobdata("\x01\x00", 2)));
  BOOST_TEST(is_v1_tx(blobdata("\x00", 1)));
  BOOST_TEST(!is_v1_tx(blobdata("\x02", 1)));
  BOOST_TEST(!is_v1_tx(blobdata("\x81\x01", 2)));  // 129
  BOOST_TEST(is_v1_tx(blobdata("\x80", 1)));       // cut off: 0
  BOOST_TEST(is_v1_tx(blobdata_ref("\x01", 1)));
  BOOST_CHECK_THROW(is_v1_tx(blobdata()), std::runtime_error);
  BOOST_CHECK_THROW(is_v1_tx(blobdata("\x80\x00", 2)), std::runtime_error);  // non-canonical
  BOOST_CHECK_THROW(is_v1_tx(blobdata(10, '\xff') + '\x01'), std::runtime_error);  // > 2^64 - 1
}

// check_inputs_overflow / check_outs_overflow / check_money_overflow: Monero's
// sums with `money > amount + money` as the overflow test; a non-txin_to_key
// input fails check_inputs_overflow (CHECKED_GET_SPECIFIC_VARIANT).
BOOST_AUTO_TEST_CASE(money_overflow_checks) {
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  transaction tx;
  static_cast<transaction_prefix &>(tx) = tx_with_inputs({max - 1, 1});
  BOOST_TEST(check_inputs_overflow(tx));
  static_cast<transaction_prefix &>(tx) = tx_with_inputs({max, 1});
  BOOST_TEST(!check_inputs_overflow(tx));
  BOOST_TEST(!check_money_overflow(tx));
  static_cast<transaction_prefix &>(tx) = tx_with_inputs({5});
  tx.vin.push_back(txin_gen{7});
  BOOST_TEST(!check_inputs_overflow(tx));
  tx.vin.clear();
  BOOST_TEST(check_inputs_overflow(tx));
  tx_out o;
  o.amount = max;
  o.target = txout_to_key{};
  tx.vout = {o};
  BOOST_TEST(check_outs_overflow(tx));
  BOOST_TEST(check_money_overflow(tx));
  o.amount = 1;
  tx.vout.push_back(o);
  BOOST_TEST(!check_outs_overflow(tx));
  BOOST_TEST(!check_money_overflow(tx));
}

// check_outs_valid: every output a (tagged) key output whose key decodes
// (crypto::check_key), non-zero amounts in v1. The base point's encoding 58 66 ..
// 66 decodes; c2cb3cf3...d183 does not (Monero's tests/crypto/tests.txt:
// "check_key c2cb3cf3840aa9893e00ec77093d3d44dba7da840b51c48462072d58d8efd183 false").
BOOST_AUTO_TEST_CASE(check_outs_valid_as_monero) {
  crypto::public_key good;
  std::memset(&good, 0x66, sizeof good);
  good.data[0] = 0x58;
  crypto::public_key bad;
  BOOST_REQUIRE(cncrypto::hex_decode_fixed("c2cb3cf3840aa9893e00ec77093d3d44dba7da840b51c48462072d58d8efd183", &bad, 32));
  BOOST_REQUIRE(crypto::check_key(good));
  BOOST_REQUIRE(!crypto::check_key(bad));
  transaction tx;
  tx.version = 2;
  tx_out o;
  o.amount = 0;  // a zero amount is fine in v2
  o.target = txout_to_key{good};
  tx.vout.push_back(o);
  txout_to_tagged_key tagged;
  tagged.key = good;
  o.target = tagged;
  tx.vout.push_back(o);
  BOOST_TEST(check_outs_valid(tx));
  tx.version = 1;
  BOOST_TEST(!check_outs_valid(tx));  // zero amount in v1
  tx.vout[0].amount = tx.vout[1].amount = 3;
  BOOST_TEST(check_outs_valid(tx));
  tx.vout[1].target = txout_to_key{bad};
  BOOST_TEST(!check_outs_valid(tx));
  tx.vout[1].target = txout_to_scripthash{};
  BOOST_TEST(!check_outs_valid(tx));
  // Monero logs the id with that failure, so a pruned transaction (no id) throws.
  tx.pruned = true;
  BOOST_CHECK_THROW(check_outs_valid(tx), std::runtime_error);
  tx.vout[1].target = txout_to_key{bad};
  BOOST_TEST(!check_outs_valid(tx));  // a bad key is not logged: false
}

// get_hash_stats counts at Monero's places: get_transaction_hash and
// get_transaction_prunable_hash as transaction hashes, get_block_hash as a block
// hash plus the miner transaction's hash inside get_tx_tree_hash(block). Nothing
// is cached here. Deltas only: other tests of this process count too.
BOOST_AUTO_TEST_CASE(hash_stats_count_calculations) {
  std::uint64_t tx0, txc0, b0, bc0, tx1, txc1, b1, bc1;
  get_hash_stats(tx0, txc0, b0, bc0);
  block b;
  b.miner_tx.vin.push_back(txin_gen{1});
  crypto::hash h;
  BOOST_TEST(get_transaction_hash(b.miner_tx, h));
  (void)get_transaction_hash(b.miner_tx);
  get_hash_stats(tx1, txc1, b1, bc1);
  BOOST_TEST(tx1 - tx0 == 2u);
  BOOST_TEST(b1 == b0);
  BOOST_TEST(get_block_hash(b, h));
  get_hash_stats(tx0, txc0, b0, bc0);
  BOOST_TEST(tx0 - tx1 == 1u);
  BOOST_TEST(b0 - b1 == 1u);
  BOOST_TEST(txc0 == 0u);
  BOOST_TEST(bc0 == 0u);
}

// t_serializable_object_from_blob: the whole blob must be read (Monero's
// ::serialization::serialize checks the archive is at its end); the call
// syntax with an explicit template argument works too.
BOOST_AUTO_TEST_CASE(serializable_object_from_blob) {
  transaction tx;
  tx.vin.push_back(txin_gen{5});
  const blobdata blob = tx_to_blob(tx);
  transaction back;
  BOOST_TEST(t_serializable_object_from_blob(back, blob));
  BOOST_TEST(tx_to_blob(back) == blob);
  BOOST_TEST(t_serializable_object_from_blob<transaction>(back, blob));
  BOOST_TEST(!t_serializable_object_from_blob(back, blob + '\0'));
  BOOST_TEST(!t_serializable_object_from_blob(back, blobdata("\x05", 1)));  // version 5
  transaction_prefix prefix;
  BOOST_TEST(t_serializable_object_from_blob(prefix, blob));  // v1 coinbase: no signatures, blob = prefix
  BOOST_TEST(get_object_blobsize(tx) == blob.size());
  block b;
  b.miner_tx = tx;
  const blobdata block_blob = block_to_blob(b);
  block b_back;
  BOOST_TEST(t_serializable_object_from_blob(b_back, block_blob));
  BOOST_TEST(block_to_blob(b_back) == block_blob);
  BOOST_TEST(!t_serializable_object_from_blob(b_back, block_blob + '\0'));
  BOOST_TEST(get_object_blobsize(b) == block_blob.size());
}

// get_object_hash: cn_fast_hash of the object's blob (Monero's template), with
// its size; get_transaction_prefix_hash's void form; add_tx_pub_key_to_extra on a
// transaction or prefix appends 01 || key and returns true (Monero's bool).
BOOST_AUTO_TEST_CASE(object_hash_prefix_hash_and_pub_key_forms) {
  transaction tx;
  tx.vin.push_back(txin_gen{9});
  crypto::public_key key;
  std::memset(&key, 0x5a, sizeof key);
  BOOST_TEST(add_tx_pub_key_to_extra(tx, key));
  BOOST_TEST(add_tx_pub_key_to_extra(static_cast<transaction_prefix &>(tx), key));
  BOOST_TEST(tx.extra.size() == 66u);
  BOOST_TEST((tx.extra[0] == 1 && tx.extra[33] == 1 && tx.extra[1] == 0x5a && tx.extra[65] == 0x5a));
  const blobdata blob = tx_to_blob(tx);
  crypto::hash h, expected;
  crypto::cn_fast_hash(blob.data(), blob.size(), expected);
  std::size_t size = 0;
  BOOST_TEST(get_object_hash(tx, h));
  BOOST_TEST(std::memcmp(&h, &expected, sizeof h) == 0);
  BOOST_TEST(get_object_hash(tx, h, size));
  BOOST_TEST(size == blob.size());
  crypto::hash prefix_hash;
  get_transaction_prefix_hash(tx, prefix_hash);
  const crypto::hash direct = get_transaction_prefix_hash(tx);
  BOOST_TEST(std::memcmp(&prefix_hash, &direct, sizeof h) == 0);
  BOOST_TEST(std::memcmp(&prefix_hash, &expected, sizeof h) == 0);  // a v1 coinbase: blob = prefix
}

BOOST_AUTO_TEST_SUITE_END()
