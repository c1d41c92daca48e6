// tx_extra fields (spec cryptonote_format.md section 4): layouts, Monero's
// tolerance rules, writers and sort order, and the extras of real transactions.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "support/chain_data.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_extra.h"
#include "support/shared_data.h"
#include "support/hex.h"

#include <fstream>
#include <string>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names

namespace {
using cncrypto::test::unhex;
using cncrypto::test::unhex_blob;
std::string hex(const void *p, std::size_t n) { return cncrypto::hex_encode(p, n); }
public_key pk_of(std::uint8_t b) {
  public_key k;
  std::memset(k.data, b, sizeof k.data);
  return k;
}
std::vector<std::uint8_t> serialize_fields(const std::vector<tx_extra_field> &fields) {
  std::vector<std::uint8_t> out;
  for (const auto &f : fields) cncrypto::write_tx_extra_field(out, f);
  return out;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(tx_extra)

// tx_extra_tag gives the tag byte of each field type, the values of spec
// cryptonote_format.md section 4 (Monero's TX_EXTRA_* constants), written out here.
BOOST_AUTO_TEST_CASE(tx_extra_tag_of_each_field) {
  BOOST_TEST(cncrypto::tx_extra_tag(tx_extra_padding{3}) == 0x00);
  BOOST_TEST(cncrypto::tx_extra_tag(tx_extra_pub_key{pk_of(1)}) == 0x01);
  BOOST_TEST(cncrypto::tx_extra_tag(tx_extra_nonce{}) == 0x02);
  BOOST_TEST(cncrypto::tx_extra_tag(tx_extra_merge_mining_tag{}) == 0x03);
  BOOST_TEST(cncrypto::tx_extra_tag(tx_extra_additional_pub_keys{}) == 0x04);
  BOOST_TEST(cncrypto::tx_extra_tag(tx_extra_mysterious_minergate{}) == 0xde);
}

BOOST_AUTO_TEST_CASE(empty_extra_is_complete) {
  const auto r = cncrypto::parse_tx_extra(byte_span());
  BOOST_TEST(r.complete);
  BOOST_TEST(r.fields.empty());
  BOOST_TEST((get_tx_pub_key_from_extra(std::vector<std::uint8_t>{}) == public_key{}));
}

BOOST_AUTO_TEST_CASE(every_field_kind_round_trips) {
  std::vector<std::uint8_t> extra;
  add_tx_pub_key_to_extra(extra, pk_of(0xaa));
  crypto::hash8 short_id;
  std::memcpy(short_id.data, "\x01\x23\x45\x67\x89\xab\xcd\xef", 8);
  blobdata nonce;
  set_encrypted_payment_id_to_tx_extra_nonce(nonce, short_id);
  BOOST_TEST(add_extra_nonce_to_tx_extra(extra, nonce));
  BOOST_TEST(add_additional_tx_pub_keys_to_extra(extra, {pk_of(1), pk_of(2)}));  // always true, as Monero
  crypto::hash root;
  std::memset(root.data, 0x5c, 32);
  BOOST_TEST(add_mm_merkle_root_to_tx_extra(extra, root, 300));
  cncrypto::write_tx_extra_field(extra, tx_extra_mysterious_minergate{{1, 2, 3}});
  cncrypto::write_tx_extra_field(extra, tx_extra_padding{4});
  BOOST_TEST(extra.size() == 33u + (2 + 9) + (2 + 64) + (2 + 2 + 32) + (2 + 3) + 4u);
  // 03 body: length 34 = varint(300) (2 bytes) + 32.
  BOOST_TEST(hex(extra.data() + 33 + 11 + 66, 4) == "0322ac02");

  const auto r = cncrypto::parse_tx_extra(extra);
  BOOST_TEST(r.complete, r.error);
  BOOST_REQUIRE(r.fields.size() == 6u);
  BOOST_TEST((boost::get<tx_extra_pub_key>(r.fields[0]).pub_key == pk_of(0xaa)));
  crypto::hash8 back;
  BOOST_TEST(get_encrypted_payment_id_from_tx_extra_nonce(boost::get<tx_extra_nonce>(r.fields[1]).nonce, back));
  BOOST_TEST((back == short_id));
  crypto::hash long_id;
  BOOST_TEST(!get_payment_id_from_tx_extra_nonce(boost::get<tx_extra_nonce>(r.fields[1]).nonce, long_id));
  BOOST_TEST(boost::get<tx_extra_additional_pub_keys>(r.fields[2]).data.size() == 2u);
  BOOST_TEST(boost::get<tx_extra_merge_mining_tag>(r.fields[3]).depth == 300u);
  BOOST_TEST((boost::get<tx_extra_merge_mining_tag>(r.fields[3]).merkle_root == root));
  BOOST_TEST(boost::get<tx_extra_mysterious_minergate>(r.fields[4]).data == (blobdata{1, 2, 3}));
  BOOST_TEST(boost::get<tx_extra_padding>(r.fields[5]).size == 4u);
  BOOST_TEST(serialize_fields(r.fields) == extra, boost::test_tools::per_element());
  BOOST_TEST((get_additional_tx_pub_keys_from_extra(extra) == std::vector<public_key>{pk_of(1), pk_of(2)}));

  crypto::hash long_in;
  std::memset(long_in.data, 0x77, 32);
  set_payment_id_to_tx_extra_nonce(nonce, long_in);
  BOOST_TEST(nonce.size() == 33u);
  BOOST_TEST(get_payment_id_from_tx_extra_nonce(nonce, long_id));
  BOOST_TEST((long_id == long_in));
}

BOOST_AUTO_TEST_CASE(sort_order_is_monero_canonical) {
  std::vector<std::uint8_t> extra;
  BOOST_TEST(add_extra_nonce_to_tx_extra(extra, blobdata{9, 9}));
  add_additional_tx_pub_keys_to_extra(extra, {pk_of(3)});
  add_tx_pub_key_to_extra(extra, pk_of(1));
  add_tx_pub_key_to_extra(extra, pk_of(2));
  std::vector<std::uint8_t> sorted;
  BOOST_TEST(sort_tx_extra(extra, sorted));
  std::vector<std::uint8_t> expected;
  add_tx_pub_key_to_extra(expected, pk_of(1));
  add_tx_pub_key_to_extra(expected, pk_of(2));
  add_additional_tx_pub_keys_to_extra(expected, {pk_of(3)});
  BOOST_TEST(add_extra_nonce_to_tx_extra(expected, blobdata{9, 9}));
  BOOST_TEST(sorted == expected, boost::test_tools::per_element());
  // The i-th 01 field.
  BOOST_TEST((get_tx_pub_key_from_extra(extra, 1) == pk_of(2)));
  BOOST_TEST((get_tx_pub_key_from_extra(extra, 2) == public_key{}));

  // An unparsable tail is refused, or kept after the sorted part with allow_partial.
  std::vector<std::uint8_t> tail = extra;
  tail.push_back(0x07);
  tail.push_back(0x01);
  BOOST_TEST(!sort_tx_extra(tail, sorted));
  BOOST_TEST(sort_tx_extra(tail, sorted, true));
  expected.push_back(0x07);
  expected.push_back(0x01);
  BOOST_TEST(sorted == expected, boost::test_tools::per_element());
}

// Monero's tolerance: fields before a bad one are kept and used.
BOOST_AUTO_TEST_CASE(fields_before_a_bad_one_are_kept) {
  std::vector<std::uint8_t> extra;
  add_tx_pub_key_to_extra(extra, pk_of(0x42));
  extra.push_back(0x05);  // unknown tag
  add_tx_pub_key_to_extra(extra, pk_of(0x43));  // lost after the garbage
  const auto r = cncrypto::parse_tx_extra(extra);
  BOOST_TEST(!r.complete);
  BOOST_TEST(r.fields.size() == 1u);
  BOOST_TEST(r.error_offset == 33u);
  BOOST_TEST(r.error_field == 1u);
  BOOST_TEST(r.error.find("unknown tag 0x05") != std::string::npos, r.error);
  BOOST_TEST(r.error.find("at byte offset 33") != std::string::npos, r.error);
  BOOST_TEST((get_tx_pub_key_from_extra(extra) == pk_of(0x42)));
  BOOST_TEST((get_tx_pub_key_from_extra(extra, 1) == public_key{}));
  std::vector<tx_extra_field> fields;
  BOOST_TEST(!parse_tx_extra(extra, fields));
  BOOST_TEST(fields.size() == 1u);
}

BOOST_AUTO_TEST_CASE(bad_fields_are_reported) {
  struct bad_case {
    std::string hex;
    std::size_t fields_kept;
    std::size_t error_offset;
    const char *needle;
  };
  const std::string key(64, 'a');
  const bad_case cases[] = {
      {"01" + key.substr(0, 40), 0, 0, "tx public key: unexpected end of input"},
      {"01" + key + "000001", 1, 33, "padding: non-zero byte 0x01"},
      {"02" + std::string("05") + "0102", 0, 0, "nonce: count 5"},
      {"02" + std::string("8002") + std::string(512, '0'), 0, 0, "nonce: length 256 exceeds 255"},
      {"03" + std::string("22") + "01" + key + "00", 0, 0, "merge-mining tag: body of 34 bytes"},
      {"03" + std::string("20") + "01" + key.substr(0, 62), 0, 2, "merge-mining merkle root: unexpected end"},
      {"04" + std::string("808080808080808010") + key, 0, 0, "additional public key count: count 1152921504606846976"},
      {"04" + std::string("02") + key + key.substr(0, 10), 0, 0, "additional public key count: count 2"},
      {"de" + std::string("0a") + "00", 0, 0, "minergate data: count 10"},
      {"02" + std::string("8000"), 0, 0, "non-canonical varint"},
  };
  for (const auto &c : cases) {
    BOOST_TEST_CONTEXT(c.hex) {
      const blobdata extra = unhex_blob(c.hex);
      const auto r = cncrypto::parse_tx_extra(extra);
      BOOST_TEST(!r.complete);
      BOOST_TEST(r.fields.size() == c.fields_kept);
      BOOST_TEST(r.error.find(c.needle) != std::string::npos, r.error);
      (void)c.error_offset;
    }
  }
}

// Monero parses tx_extra with the same binary_archive: a length or count
// varint cut off (or missing) at the end of extra reads as the bits present
// (0 when none), so "02" alone is an empty nonce and "04" no additional keys.
BOOST_AUTO_TEST_CASE(varint_cut_off_at_the_end) {
  const std::string key(64, 'a');
  for (const char *tail : {"02", "0280", "04", "0480", "de"}) {
    BOOST_TEST_CONTEXT(tail) {
      const auto r = cncrypto::parse_tx_extra(unhex("01" + key + tail));
      BOOST_TEST(r.complete, r.error);
      BOOST_REQUIRE(r.fields.size() == 2u);
      if (const auto *n = boost::get<tx_extra_nonce>(&r.fields[1])) BOOST_TEST(n->nonce.empty());
      if (const auto *a = boost::get<tx_extra_additional_pub_keys>(&r.fields[1])) BOOST_TEST(a->data.empty());
    }
  }
  // A cut-off count that is not 0 still needs its bytes.
  BOOST_TEST(!cncrypto::parse_tx_extra(unhex("01" + key + "0281")).complete);
  // Raw fields still fail at the end: a tx public key needs its 32 bytes.
  BOOST_TEST(!cncrypto::parse_tx_extra(unhex("01")).complete);
}

BOOST_AUTO_TEST_CASE(padding_limits) {
  // Tag + 254 zeros (255 bytes) is the longest padding; one more zero fails.
  std::vector<std::uint8_t> pad(255, 0);
  auto r = cncrypto::parse_tx_extra(pad);
  BOOST_TEST(r.complete, r.error);
  BOOST_TEST(boost::get<tx_extra_padding>(r.fields.at(0)).size == 255u);
  pad.push_back(0);
  r = cncrypto::parse_tx_extra(pad);
  BOOST_TEST(!r.complete);
  BOOST_TEST(r.error.find("padding: longer than 255") != std::string::npos, r.error);
  BOOST_CHECK_THROW(cncrypto::write_tx_extra_field(pad, tx_extra_padding{256}), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::write_tx_extra_field(pad, tx_extra_padding{0}), std::invalid_argument);
  // Nonce length limit on the writer side.
  std::vector<std::uint8_t> extra;
  BOOST_TEST(!add_extra_nonce_to_tx_extra(extra, blobdata(256, 1)));
  BOOST_TEST(extra.empty());
  BOOST_TEST(add_extra_nonce_to_tx_extra(extra, blobdata(255, 1)));
  BOOST_TEST(hex(extra.data(), 3) == "02ff01");  // varint length
  BOOST_TEST(boost::get<tx_extra_nonce>(cncrypto::parse_tx_extra(extra).fields.at(0)).nonce.size() == 255u);
}

// Every real transaction's extra: parse, and when complete re-serialize to
// the same bytes; the tx public key is found.
BOOST_AUTO_TEST_CASE(real_tx_extras, *cncrypto::test::needs_shared()) {
  std::size_t complete = 0;
  for (const auto &entry : cncrypto::test::data_manifest().at("shared_txs")) {
    const std::string file = entry.at("file");
    BOOST_TEST_CONTEXT(file) {
      const transaction tx = parse_transaction(cncrypto::test::read_data_file(file));
      const auto r = cncrypto::parse_tx_extra(tx.extra);
      if (r.complete) {
        ++complete;
        BOOST_TEST(serialize_fields(r.fields) == tx.extra, boost::test_tools::per_element());
      } else {
        BOOST_TEST_MESSAGE(file << ": " << r.error);
      }
      BOOST_TEST(!r.fields.empty());
      std::string tags;
      const tx_extra_pub_key *first_key = nullptr;
      for (const auto &f : r.fields) {
        tags += std::to_string(f.which());
        if (!first_key) first_key = boost::get<tx_extra_pub_key>(&f);
      }
      BOOST_TEST_MESSAGE(file << " field kinds " << tags);
      BOOST_REQUIRE(first_key);  // every real tx carries a tx public key
      BOOST_TEST((get_tx_pub_key_from_extra(tx) == first_key->pub_key));
    }
  }
  BOOST_TEST(complete == 36u);
}

// The owned-output vector (real BP+ tx with known R, output key, view tag,
// fee, key images, pseudo-outs and commitment), decoded field by field.
BOOST_AUTO_TEST_CASE(owned_output_tx_fields, *cncrypto::test::needs_shared()) {
  std::ifstream in(cncrypto::test::shared_path("data/vectors/owned_output_clsag_tx.json"));
  BOOST_REQUIRE(in);
  const auto v = nlohmann::json::parse(in);
  const blobdata blob = unhex_blob(v.at("tx_hex"));
  const transaction tx = parse_transaction(blob);
  BOOST_TEST(tx_to_blob(tx) == blob, boost::test_tools::per_element());
  const crypto::hash id = get_transaction_hash(tx);
  BOOST_TEST(hex(&id, 32) == v.at("tx_hash_computed").get<std::string>());
  const public_key R = get_tx_pub_key_from_extra(tx);
  BOOST_TEST(hex(R.data, 32) == v.at("tx_pubkey_R").get<std::string>());
  const auto &out0 = boost::get<txout_to_tagged_key>(tx.vout.at(0).target);
  BOOST_TEST(hex(out0.key.data, 32) == v.at("output0_key").get<std::string>());
  BOOST_TEST(hex(&out0.view_tag.data, 1) == v.at("output0_view_tag").get<std::string>());
  BOOST_TEST(tx.rct_signatures.type == rct::RCTTypeBulletproofPlus);
  BOOST_TEST(tx.rct_signatures.txnFee == v.at("fee").get<std::uint64_t>());
  BOOST_TEST(hex(tx.rct_signatures.outPk.at(0).mask.bytes, 32) == v.at("output0_commitment_outPk").get<std::string>());
  BOOST_REQUIRE(tx.vin.size() == 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    BOOST_TEST(hex(boost::get<txin_to_key>(tx.vin[i]).k_image.data, 32) == v.at("key_images").at(i).get<std::string>());
    BOOST_TEST(hex(tx.rct_signatures.p.pseudoOuts.at(i).bytes, 32) == v.at("pseudo_outs").at(i).get<std::string>());
    BOOST_TEST(tx.rct_signatures.p.CLSAGs.at(i).s.size() ==
               boost::get<txin_to_key>(tx.vin[i]).key_offsets.size());
  }
}

BOOST_AUTO_TEST_SUITE_END()
