// Transactions and blocks built by hand or from the spec's published
// constants (cryptonote_format.md sections 3-7): these run without ../shared.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "crypto/hash.h"
#include "cryptonote/address.h"
#include "cryptonote/base58.h"
#include "cryptonote/block_pow.h"
#include "cryptonote/tx_extra.h"
#include "common/varint.h"
#include "support/hex.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names

namespace {
using cncrypto::test::unhex;
using cncrypto::test::unhex_blob;
std::string hex(const blobdata &b) { return cncrypto::hex_encode(b.data(), b.size()); }
std::string hex(const crypto::hash &h) { return cncrypto::hex_encode(&h, sizeof h); }

// GENESIS_TX of mainnet/testnet (Monero src/cryptonote_config.h; spec 7.5).
const char *const mainnet_genesis_tx =
    "013c01ff0001ffffffffffff03029b2e4c0281c0b02e7c53291a94d1d0cbff8883f8024f5142ee494ffbbd08807121017767aafcde9be00d"
    "cfd098715ebcf7f410daebc582fda69d24a28e9d0bc890d1";

// Expects parse to throw parse_error whose message contains `needle` and whose offset is `offset`.
template <class F>
void expect_parse_error(F &&parse, std::size_t offset, const std::string &needle) {
  try {
    parse();
    BOOST_ERROR("no parse_error; expected one containing '" << needle << "'");
  } catch (const parse_error &e) {
    BOOST_TEST(e.offset() == offset, "message: " << e.what());
    BOOST_TEST(std::string(e.what()).find(needle) != std::string::npos, "message: " << e.what());
    BOOST_TEST(std::string(e.what()).find("at byte offset " + std::to_string(offset)) != std::string::npos);
  }
}

std::size_t tx_serialization_prunable_offset(const transaction &tx) {
  const transaction_blobs parts = serialize_transaction_parts(tx);
  return parts.prefix.size() + parts.rct_base.size();
}

rct::key key_of(std::uint8_t b) {
  rct::key k;
  std::memset(k.bytes, b, sizeof k.bytes);
  return k;
}

// A small v2 RCTTypeBulletproofPlus transaction: 1 input (ring 3), 2 tagged outputs.
transaction make_bpp_tx() {
  transaction tx;
  tx.version = 2;
  tx.unlock_time = 0;
  txin_to_key in;
  in.amount = 0;
  in.key_offsets = {1000, 5, 300};
  std::memset(in.k_image.data, 0x11, 32);
  tx.vin.emplace_back(in);
  for (std::uint8_t i = 0; i < 2; ++i) {
    txout_to_tagged_key t;
    std::memset(t.key.data, 0x20 + i, 32);
    t.view_tag.data = static_cast<char>(0xa0 + i);
    tx.vout.emplace_back();
    tx.vout.back().target = t;
  }
  tx.extra = {0x01};
  tx.extra.insert(tx.extra.end(), 32, 0x33);
  auto &rv = tx.rct_signatures;
  rv.type = rct::RCTTypeBulletproofPlus;
  rv.txnFee = 30720000;
  rv.ecdhInfo.resize(2);
  rv.ecdhInfo[0].amount.bytes[0] = 0x44;
  rv.outPk = {rct::ctkey{key_of(0x20), key_of(0x55)}, rct::ctkey{key_of(0x21), key_of(0x56)}};
  rct::BulletproofPlus bp;
  bp.A = key_of(1); bp.A1 = key_of(2); bp.B = key_of(3); bp.r1 = key_of(4); bp.s1 = key_of(5); bp.d1 = key_of(6);
  bp.L.assign(7, key_of(7));
  bp.R.assign(7, key_of(8));
  rv.p.bulletproofs_plus.push_back(bp);
  rct::clsag c;
  c.s.assign(3, key_of(9));
  c.c1 = key_of(10);
  c.D = key_of(11);
  std::memset(c.I.bytes, 0x11, 32);
  rv.p.CLSAGs.push_back(c);
  rv.p.pseudoOuts = {key_of(12)};
  return tx;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(tx_format)

BOOST_AUTO_TEST_CASE(genesis_tx_decodes_as_spec) {
  const blobdata blob = unhex_blob(mainnet_genesis_tx);
  transaction_layout layout;
  const transaction tx = parse_transaction(blob, &layout);
  BOOST_TEST(tx.version == 1u);
  BOOST_TEST(tx.unlock_time == 60u);
  BOOST_REQUIRE(tx.vin.size() == 1u);
  BOOST_TEST(boost::get<txin_gen>(tx.vin[0]).height == 0u);
  BOOST_REQUIRE(tx.vout.size() == 1u);
  BOOST_TEST(tx.vout[0].amount == 17592186044415u);
  BOOST_TEST(cncrypto::hex_encode(boost::get<txout_to_key>(tx.vout[0].target).key.data, 32) ==
             "9b2e4c0281c0b02e7c53291a94d1d0cbff8883f8024f5142ee494ffbbd088071");
  BOOST_TEST(tx.extra.size() == 33u);
  BOOST_TEST(layout.prefix_size == blob.size());
  BOOST_TEST(layout.signatures_size == 0u);
  BOOST_TEST(hex(tx_to_blob(tx)) == mainnet_genesis_tx);
}

BOOST_AUTO_TEST_CASE(hand_built_bpp_tx_round_trips) {
  const transaction tx = make_bpp_tx();
  const transaction_blobs parts = serialize_transaction_parts(tx);
  // base: type + fee varint (4 bytes) + 2 x 8 ecdh + 2 x 32 outPk
  BOOST_TEST(parts.rct_base.size() == 1u + 4u + 16u + 64u);
  // prunable: nbp + 6 keys + 2 x (1 + 7 keys) + CLSAG (3 s + c1 + D) + 1 pseudoOut
  BOOST_TEST(parts.rct_prunable.size() == 1u + 6u * 32 + 2u * (1 + 7 * 32) + 5u * 32 + 32u);
  const blobdata blob = tx_to_blob(tx);
  transaction_layout layout;
  const transaction back = parse_transaction(blob, &layout);
  BOOST_TEST(layout.prefix_size == parts.prefix.size());
  BOOST_TEST(layout.rct_base_size == parts.rct_base.size());
  BOOST_TEST(layout.rct_prunable_size == parts.rct_prunable.size());
  BOOST_TEST(tx_to_blob(back) == blob, boost::test_tools::per_element());
  // Fields the parser fills from the prefix (outPk dest, CLSAG I).
  BOOST_TEST((back.rct_signatures.outPk[1].dest == key_of(0x21)));
  BOOST_TEST((back.rct_signatures.p.CLSAGs[0].I == tx.rct_signatures.p.CLSAGs[0].I));
  BOOST_TEST(boost::get<txout_to_tagged_key>(back.vout[1].target).view_tag.data == static_cast<char>(0xa1));
  BOOST_TEST(boost::get<txin_to_key>(back.vin[0]).key_offsets == (std::vector<std::uint64_t>{1000, 5, 300}));

  // Pruned: prefix || base only.
  const blobdata pruned_blob(blob.begin(), blob.begin() + static_cast<std::ptrdiff_t>(layout.unprunable_size()));
  const transaction pruned = parse_pruned_transaction(pruned_blob);
  BOOST_TEST(pruned.pruned);
  BOOST_TEST(pruned.rct_signatures.p.CLSAGs.empty());
  BOOST_TEST(tx_to_blob(pruned) == pruned_blob, boost::test_tools::per_element());
  // The full parser refuses the pruned blob (it ends where the prunable part starts).
  // (Its bulletproof+ count is missing at the end: Monero reads 0 there, and
  // then no proof covers the outputs.)
  expect_parse_error([&] { parse_transaction(pruned_blob); }, pruned_blob.size(),
                     "range proofs: proofs cover 0 amounts, fewer than the 2 outputs");
  // ... and the pruned parser refuses the full one (trailing bytes).
  expect_parse_error([&] { parse_pruned_transaction(blob); }, pruned_blob.size(), "trailing byte");
}

// Types 3-5 (Bulletproof with MLSAG, full then compact ecdhInfo; Bulletproof with
// CLSAG), hand-built from the type 6 one (spec 5.x layouts): written, parsed,
// written again to the same bytes; so their parsing runs without ../shared.
BOOST_AUTO_TEST_CASE(bulletproof_types_3_to_5_round_trip) {
  for (const std::uint8_t type : {rct::RCTTypeBulletproof, rct::RCTTypeBulletproof2, rct::RCTTypeCLSAG}) {
    BOOST_TEST_CONTEXT("type " << int(type)) {
      transaction tx = make_bpp_tx();
      auto &rv = tx.rct_signatures;
      rv.type = type;
      rv.p.bulletproofs_plus.clear();
      rct::Bulletproof bp;
      bp.A = key_of(1); bp.S = key_of(2); bp.T1 = key_of(3); bp.T2 = key_of(4); bp.taux = key_of(5);
      bp.mu = key_of(6); bp.a = key_of(7); bp.b = key_of(8); bp.t = key_of(9);
      bp.L.assign(7, key_of(10));
      bp.R.assign(7, key_of(11));
      rv.p.bulletproofs.push_back(bp);
      if (type == rct::RCTTypeBulletproof) {
        rv.ecdhInfo[0].mask = key_of(0x61);
        rv.ecdhInfo[1].amount = key_of(0x62);
      }
      if (type != rct::RCTTypeCLSAG) {
        rv.p.CLSAGs.clear();
        rct::mgSig mg;
        mg.ss.assign(3, rct::keyV{key_of(12), key_of(13)});
        mg.cc = key_of(14);
        rv.p.MGs.push_back(mg);
      }
      const blobdata blob = tx_to_blob(tx);
      transaction_layout layout;
      const transaction back = parse_transaction(blob, &layout);
      BOOST_TEST(layout.canonical);
      BOOST_TEST(back.rct_signatures.type == type);
      BOOST_TEST(back.rct_signatures.p.bulletproofs.size() == 1u);
      BOOST_TEST(back.rct_signatures.p.bulletproofs[0].L.size() == 7u);
      BOOST_TEST((back.rct_signatures.p.bulletproofs[0].t == key_of(9)));
      BOOST_TEST(back.rct_signatures.p.MGs.size() == (type == rct::RCTTypeCLSAG ? 0u : 1u));
      BOOST_TEST(back.rct_signatures.p.CLSAGs.size() == (type == rct::RCTTypeCLSAG ? 1u : 0u));
      BOOST_TEST(tx_to_blob(back) == blob, boost::test_tools::per_element());
      // ecdhInfo: 64 bytes per output for type 3, 8 for types 4 and 5.
      BOOST_TEST(layout.rct_base_size == 1u + 4u + (type == rct::RCTTypeBulletproof ? 64u : 8u) * 2 + 64u);
      // One bulletproof must cover the outputs: 6 rounds cover 1 amount only.
      transaction small = tx;
      small.rct_signatures.p.bulletproofs[0].L.resize(6);
      small.rct_signatures.p.bulletproofs[0].R.resize(6);
      const blobdata small_blob = tx_to_blob(small);
      BOOST_CHECK_THROW(parse_transaction(small_blob), parse_error);
    }
  }
}

BOOST_AUTO_TEST_CASE(writer_refuses_inconsistent_objects) {
  transaction tx = make_bpp_tx();
  tx.rct_signatures.ecdhInfo.pop_back();
  BOOST_CHECK_THROW(tx_to_blob(tx), std::invalid_argument);
  tx = make_bpp_tx();
  tx.rct_signatures.p.CLSAGs[0].s.pop_back();
  BOOST_CHECK_THROW(tx_to_blob(tx), std::invalid_argument);
  tx = make_bpp_tx();
  tx.rct_signatures.type = 9;
  BOOST_CHECK_THROW(tx_to_blob(tx), std::invalid_argument);
  tx = make_bpp_tx();
  tx.version = 3;
  BOOST_CHECK_THROW(tx_to_blob(tx), std::invalid_argument);
  // v1 with a ring input but no signatures.
  tx = make_bpp_tx();
  tx.version = 1;
  BOOST_CHECK_THROW(tx_to_blob(tx), std::invalid_argument);
  tx.signatures = {std::vector<signature>(3)};
  BOOST_CHECK_NO_THROW(tx_to_blob(tx));
}

BOOST_AUTO_TEST_CASE(bulletproof_count_rules) {
  transaction tx = make_bpp_tx();
  tx.rct_signatures.p.bulletproofs_plus[0].L.resize(6);
  tx.rct_signatures.p.bulletproofs_plus[0].R.resize(6);  // covers 1 amount < 2 outputs
  const blobdata blob = tx_to_blob(tx);
  expect_parse_error([&] { parse_transaction(blob); }, tx_serialization_prunable_offset(tx),
                     "range proofs: proofs cover 1 amounts, fewer than the 2 outputs");
  // More proofs than outputs: named as the field was read (a type 6 count is
  // the bulletproof+ count).
  const transaction good = make_bpp_tx();
  blobdata three = tx_to_blob(good);
  const std::size_t at = tx_serialization_prunable_offset(good);
  BOOST_REQUIRE(three.at(at) == 1u);
  three[at] = 3;
  expect_parse_error([&] { parse_transaction(three); }, at, "bulletproof+ count: 3 proofs for 2 outputs");
}

BOOST_AUTO_TEST_CASE(malformed_transactions_name_field_and_offset) {
  const blobdata genesis = unhex_blob(mainnet_genesis_tx);
  // Trailing byte after a complete transaction.
  blobdata trailing = genesis;
  trailing.push_back(0);
  expect_parse_error([&] { parse_transaction(trailing); }, genesis.size(), "1 trailing byte");
  // Version 0 and 3.
  blobdata v3 = genesis;
  v3[0] = 3;
  expect_parse_error([&] { parse_transaction(v3); }, 0, "unsupported version 3");
  v3[0] = 0;
  expect_parse_error([&] { parse_transaction(v3); }, 0, "unsupported version 0");
  // Non-canonical unlock_time: 3c -> bc 00.
  blobdata nc = unhex_blob("01bc00" + std::string(mainnet_genesis_tx).substr(4));
  expect_parse_error([&] { parse_transaction(nc); }, 1, "unlock_time: non-canonical varint");
  // Overflowing varint (11 bytes) as unlock_time.
  blobdata of = unhex_blob("01ffffffffffffffffffff01" + std::string(mainnet_genesis_tx).substr(4));
  expect_parse_error([&] { parse_transaction(of); }, 1, "overflows a 64-bit field");
  // Input count 2^60 with a few bytes left: refused without allocating.
  blobdata huge = unhex_blob("013c808080808080808010ff00");
  expect_parse_error([&] { parse_transaction(huge); }, 2, "input count: count 1152921504606846976");
  // Unknown input tag 0x05 at offset 3.
  blobdata bad_in = genesis;
  bad_in[3] = 0x05;
  expect_parse_error([&] { parse_transaction(bad_in); }, 3, "input 0: input type tag: unknown tag 0x05");
  // Unknown output tag (offset 13: 01 3c 01 ff 00 01 + 7-byte amount).
  blobdata bad_out = genesis;
  BOOST_REQUIRE(bad_out[13] == 0x02);
  bad_out[13] = 0x07;
  expect_parse_error([&] { parse_transaction(bad_out); }, 13, "output 0: output type tag: unknown tag 0x07");
  // extra length far beyond the input.
  blobdata bad_extra(genesis.begin(), genesis.begin() + 46);
  binary_writer(bad_extra).write_varint(std::uint64_t{1} << 40);
  expect_parse_error([&] { parse_transaction(bad_extra); }, 46, "extra: count 1099511627776");
  // Truncated. Monero's reader takes a varint that meets the end of the input
  // as the bits present (0 when no byte is left; spec section 1, and see
  // docs/formats.md), so a cut where only varints remain to be read is another
  // valid transaction: after byte 1 (version), 2 (+ unlock_time), 4 (+ input
  // count and tag; height, output count and extra length missing), 5 (+
  // height) and 46 (all but the extra length). Every other proper prefix ends
  // inside a raw field (tag, key, extra bytes) and fails cleanly.
  std::vector<std::size_t> accepted;
  for (std::size_t n = 0; n < genesis.size(); ++n) {
    const blobdata cut(genesis.begin(), genesis.begin() + static_cast<std::ptrdiff_t>(n));
    transaction_layout layout;
    transaction tx;
    try {
      tx = parse_transaction(cut, &layout);
    } catch (const parse_error &e) {
      BOOST_TEST(e.offset() <= n);
      continue;
    }
    accepted.push_back(n);
    BOOST_TEST_CONTEXT("cut at " << n) {
      BOOST_TEST(!layout.canonical);
      const blobdata again = tx_to_blob(tx);
      BOOST_TEST(again.size() > n);
      BOOST_TEST(std::equal(cut.begin(), cut.end(), again.begin()));  // the missing varints were appended as 00
      // Ids come from the object, as Monero's; the size is the received one.
      const transaction_hashes h = get_transaction_hashes_from_blob(cut);
      BOOST_TEST(hex(h.hash) == hex(get_transaction_hash(tx)));
      BOOST_TEST(hex(h.hash) == hex(get_blob_hash(again)));
      BOOST_TEST(h.blob_size == n);
    }
  }
  BOOST_TEST(accepted == (std::vector<std::size_t>{1, 2, 4, 5, 46}), boost::test_tools::per_element());
  // A cut-off extra length: 0x80 alone reads as 0 (Monero), 0x81 as 1 with no byte left (refused).
  blobdata partial(genesis.begin(), genesis.begin() + 46);
  partial.push_back(0x80);
  const transaction p = parse_transaction(partial);
  BOOST_TEST(p.extra.empty());
  BOOST_TEST(hex(tx_to_blob(p)) == hex(blobdata(genesis.begin(), genesis.begin() + 46)) + "00");
  partial.back() = 0x81;
  expect_parse_error([&] { parse_transaction(partial); }, 46, "extra: count 1");
  // The one-byte transaction 01: version 1 and nothing else, as Monero parses it.
  const transaction one = parse_transaction(unhex("01"));
  BOOST_TEST(one.version == 1u);
  BOOST_TEST(one.vin.empty());
  BOOST_TEST(one.vout.empty());
  BOOST_TEST(hex(tx_to_blob(one)) == "0100000000");
  // Empty input: the version reads as 0, which is refused.
  expect_parse_error([&] { parse_transaction(blobdata{}); }, 0, "unsupported version 0");
}

// Total key offsets over all inputs: 31 249 parse, 31 250 are refused while
// counting (Monero's parse-time limit 1 000 000 / 32, spec section 3). Built
// as a v1 transaction whose inputs carry rings of 1 000 members (31 inputs)
// plus a remainder, with one zero signature per offset.
BOOST_AUTO_TEST_CASE(total_key_offset_limit) {
  for (const std::uint64_t total : {max_total_key_offsets - 1, max_total_key_offsets}) {
    BOOST_TEST_CONTEXT(total) {
      transaction tx;
      tx.version = 1;
      std::uint64_t left = total;
      while (left > 0) {
        const std::uint64_t ring = std::min<std::uint64_t>(left, 1000);
        txin_to_key in{};
        in.key_offsets.assign(ring, 1);
        tx.vin.emplace_back(in);
        tx.signatures.emplace_back(ring);
        left -= ring;
      }
      const blobdata blob = tx_to_blob(tx);
      if (total < max_total_key_offsets) {
        BOOST_TEST(parse_transaction(blob).vin.size() == tx.vin.size());
      } else {
        try {
          parse_transaction(blob);
          BOOST_ERROR("31 250 key offsets were accepted");
        } catch (const parse_error &e) {
          BOOST_TEST(std::string(e.what()).find("total key offsets over all inputs reach 31250") != std::string::npos,
                     e.what());
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(rct_type_out_of_range) {
  transaction tx = make_bpp_tx();
  transaction_layout layout;
  blobdata blob = tx_to_blob(tx);
  parse_transaction(blob, &layout);
  blob[layout.prefix_size] = 7;
  expect_parse_error([&] { parse_transaction(blob); }, layout.prefix_size, "RingCT type: unknown type 7");
  // Ring of zero members in input 0 cannot give a CLSAG layout.
  tx.vin[0] = txin_to_key{0, {}, key_image{}};
  tx.rct_signatures.p.CLSAGs[0].s.clear();
  BOOST_CHECK_THROW(tx_to_blob(tx), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(block_parse_errors) {
  // Genesis block (spec 7.5) with a bad major version varint and a huge tx count.
  const blobdata genesis_tx = unhex_blob(mainnet_genesis_tx);
  const block b = generate_genesis_block(genesis_tx, 10000);
  const blobdata blob = block_to_blob(b);
  BOOST_TEST(parse_block(blob).nonce == 10000u);
  blobdata bad = blob;
  bad.erase(bad.begin());
  bad.insert(0, "\x80\x02", 2);  // 256 in an 8-bit field
  expect_parse_error([&] { parse_block(bad); }, 0, "block major_version: varint overflows an 8-bit field");
  blobdata many = blob;
  many.pop_back();
  binary_writer(many).write_varint(0x10000001);
  expect_parse_error([&] { parse_block(many); }, blob.size() - 1, "block tx hash count");
  blobdata trailing = blob;
  trailing.push_back(0);
  expect_parse_error([&] { parse_block(trailing); }, blob.size(), "block: 1 trailing byte");
  // Truncations: refused, except where only varints remain (Monero reads
  // them as the bits present or 0): in the miner tx after the 39-byte header
  // (at 1, 2, 4, 5 and 46 of it, see malformed_transactions_name_field_and_offset)
  // and before the final tx hash count. The last one is the same block, so it
  // has the genesis id.
  std::vector<std::size_t> accepted;
  for (std::size_t n = 0; n < blob.size(); ++n) {
    const blobdata cut(blob.begin(), blob.begin() + static_cast<std::ptrdiff_t>(n));
    try {
      const block c = parse_block(cut);
      accepted.push_back(n);
      BOOST_TEST(block_to_blob(c).size() > n);
    } catch (const parse_error &e) {
      BOOST_TEST(e.offset() <= n);
    }
  }
  BOOST_TEST(accepted == (std::vector<std::size_t>{40, 41, 43, 44, 85, 119}), boost::test_tools::per_element());
  BOOST_REQUIRE(blob.size() == 120u);
  const char *const genesis_id = "418015bb9ae982a1975da7d79277c2705727a56894ba0fb246adaabb1f4632e3";
  const blobdata no_count(blob.begin(), blob.end() - 1);
  crypto::hash id;
  const blobdata_ref no_count_ref(no_count);
  BOOST_TEST(calculate_block_hash(parse_block(no_count), id, &no_count_ref));
  BOOST_TEST(hex(id) == genesis_id);
  blobdata cut_count = no_count;
  cut_count.push_back(0x80);  // a count cut off after its first byte: 0
  BOOST_TEST(parse_block(cut_count).tx_hashes.empty());
  BOOST_TEST(hex(get_block_hash(parse_block(cut_count))) == genesis_id);
  cut_count.push_back(0x80);
  BOOST_TEST(hex(block_to_blob(parse_block(cut_count))) == hex(blob));
  cut_count.back() = 0x81;  // 128 tx hashes with no byte left: refused
  expect_parse_error([&] { parse_block(cut_count); }, blob.size() - 1, "block tx hash count");
}

// parse_block's canonical flag, parse_block_header and Monero's bool-returning
// parse_and_validate_*_from_blob wrappers, on the genesis block and transaction
// (spec 7.5) and the hand-built type 6 transaction: no ../shared needed.
BOOST_AUTO_TEST_CASE(block_header_canonical_flag_and_bool_wrappers) {
  const blobdata genesis_tx = unhex_blob(mainnet_genesis_tx);
  const blobdata blob = block_to_blob(generate_genesis_block(genesis_tx, 10000));
  BOOST_REQUIRE(blob.size() == 120u);
  bool canonical = false;
  parse_block(blob, &canonical);
  BOOST_TEST(canonical);
  const blobdata no_count(blob.begin(), blob.end() - 1);  // accepted, read as Monero reads it
  parse_block(no_count, &canonical);
  BOOST_TEST(!canonical);
  const blobdata first_44(blob.begin(), blob.begin() + 44);  // ends where the miner tx's outputs start
  const block short_block = parse_block(first_44, &canonical);
  BOOST_TEST(!canonical);
  BOOST_TEST(short_block.miner_tx.vout.empty());

  // The header: versions 1/0, timestamp 0, zero prev_id, nonce 10000 (spec 7.5), 39 bytes,
  // whatever follows it.
  std::size_t header_size = 0;
  const block_header h = parse_block_header(blob, &header_size);
  BOOST_TEST(header_size == 39u);
  BOOST_TEST(h.major_version == 1u);
  BOOST_TEST(h.minor_version == 0u);
  BOOST_TEST(h.timestamp == 0u);
  BOOST_TEST((h.prev_id == crypto::hash{}));
  BOOST_TEST(h.nonce == 10000u);
  BOOST_TEST(hex(block_header_to_blob(h)) == hex(blobdata(blob.begin(), blob.begin() + 39)));
  BOOST_TEST(parse_block_header(blobdata(blob.begin(), blob.begin() + 39)).nonce == 10000u);
  expect_parse_error([&] { parse_block_header(blobdata(blob.begin(), blob.begin() + 20)); }, 3,
                     "block prev_id: unexpected end of input (32 bytes needed, 17 remain)");
  expect_parse_error([&] { parse_block_header(blobdata(blob.begin(), blob.begin() + 38)); }, 35, "block nonce");

  std::string error = "stale";
  block b;
  BOOST_TEST(parse_and_validate_block_from_blob(blob, b, &error));
  BOOST_TEST(error == "stale");  // untouched on success
  BOOST_TEST(b.nonce == 10000u);
  BOOST_TEST(hex(get_block_hash(b)) == "418015bb9ae982a1975da7d79277c2705727a56894ba0fb246adaabb1f4632e3");
  blobdata trailing = blob;
  trailing.push_back(0);
  BOOST_TEST(!parse_and_validate_block_from_blob(trailing, b, &error));
  BOOST_TEST(error == "block: 1 trailing byte(s) after the end of the object (at byte offset 120)");
  BOOST_TEST(!parse_and_validate_block_from_blob(blobdata(blob.begin(), blob.begin() + 20), b));  // no error string

  // Monero's parse-and-hash forms (cryptonote_format_utils.h), called as Monero code
  // calls them: the blob in a std::string (Monero's blobdata), the id out. Expected ids:
  // the genesis block's and its miner transaction's, as above and below (spec 7.5).
  const std::string monero_blob(blob.begin(), blob.end());
  crypto::hash id{};
  BOOST_TEST(parse_and_validate_block_from_blob(monero_blob, b, id));
  BOOST_TEST(hex(id) == "418015bb9ae982a1975da7d79277c2705727a56894ba0fb246adaabb1f4632e3");
  crypto::hash *no_id = nullptr;
  BOOST_TEST(parse_and_validate_block_from_blob(monero_blob, b, no_id));
  BOOST_TEST(b.nonce == 10000u);
  BOOST_TEST(!parse_and_validate_block_from_blob(monero_blob.substr(0, 20), b, id));
  BOOST_TEST(!parse_and_validate_block_from_blob(monero_blob + '\0', b, &id));
  const std::string monero_tx(genesis_tx.begin(), genesis_tx.end());
  transaction monero_parsed_tx;
  crypto::hash tx_id{}, tx_prefix_hash{};
  BOOST_TEST(parse_and_validate_tx_from_blob(monero_tx, monero_parsed_tx, tx_id, tx_prefix_hash));
  BOOST_TEST(hex(tx_id) == "c88ce9783b4f11190d7b9c17a69c1c52200f9faaee8e98dd07e6811175177139");
  BOOST_TEST(hex(tx_prefix_hash) == hex(tx_id));  // a v1 coinbase: the id is the prefix hash
  tx_id = crypto::hash{};
  BOOST_TEST(parse_and_validate_tx_from_blob(monero_tx, monero_parsed_tx, tx_id));
  BOOST_TEST(hex(tx_id) == "c88ce9783b4f11190d7b9c17a69c1c52200f9faaee8e98dd07e6811175177139");
  BOOST_TEST(!parse_and_validate_tx_from_blob(monero_tx.substr(0, monero_tx.size() - 3), monero_parsed_tx, tx_id));
  // A v2 (RingCT) transaction: the id the object gives (Monero hashes it from the object)
  // equals the id of the blob's byte ranges.
  const blobdata v2 = tx_to_blob(make_bpp_tx());
  BOOST_TEST(parse_and_validate_tx_from_blob(std::string(v2.begin(), v2.end()), monero_parsed_tx, tx_id, tx_prefix_hash));
  BOOST_TEST(hex(tx_id) == hex(get_transaction_hashes_from_blob(v2).hash));
  BOOST_TEST(hex(tx_prefix_hash) == hex(get_transaction_hashes_from_blob(v2).prefix_hash));

  // The prefix parser allows bytes after the prefix; a cut inside an output is refused.
  transaction_prefix prefix;
  blobdata prefix_and_more = genesis_tx;
  prefix_and_more += "\xde\xad";
  BOOST_TEST(parse_and_validate_tx_prefix_from_blob(prefix_and_more, prefix, &error));
  BOOST_TEST(prefix.unlock_time == 60u);
  BOOST_TEST(prefix.vout.size() == 1u);
  BOOST_TEST(!parse_and_validate_tx_prefix_from_blob(blobdata(genesis_tx.begin(), genesis_tx.begin() + 10), prefix,
                                                     &error));
  BOOST_TEST(error.find("(at byte offset 10)") != std::string::npos, "error: " << error);

  // The base parser: prefix || RingCT base. Monero 0.18's (tx.serialize_base, no
  // EOF check) ignores what follows, so a full blob gives the pruned transaction;
  // cncrypto's strict variant wants nothing after the base.
  const blobdata full = tx_to_blob(make_bpp_tx());
  transaction_layout layout;
  parse_transaction(full, &layout);
  BOOST_TEST(layout.canonical);
  const blobdata base_blob(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(layout.unprunable_size()));
  transaction tx;
  for (const bool strict : {false, true}) {
    tx = transaction{};
    BOOST_TEST((strict ? cncrypto::parse_and_validate_tx_base_from_blob_strict(base_blob, tx, &error)
                       : parse_and_validate_tx_base_from_blob(base_blob, tx, &error)));
    BOOST_TEST(tx.pruned);
    BOOST_TEST(tx.rct_signatures.txnFee == 30720000u);
    BOOST_TEST(tx_to_blob(tx) == base_blob, boost::test_tools::per_element());
  }
  tx = transaction{};
  BOOST_TEST(parse_and_validate_tx_base_from_blob(full, tx, &error), error);
  BOOST_TEST(tx.pruned);
  BOOST_TEST(tx.rct_signatures.p.bulletproofs_plus.empty());
  BOOST_TEST(tx_to_blob(tx) == base_blob, boost::test_tools::per_element());
  blobdata base_and_junk = base_blob;
  base_and_junk += "\xde\xad";
  BOOST_TEST(parse_and_validate_tx_base_from_blob(base_and_junk, tx, &error), error);
  BOOST_TEST(tx_to_blob(tx) == base_blob, boost::test_tools::per_element());
  BOOST_TEST(!cncrypto::parse_and_validate_tx_base_from_blob_strict(full, tx, &error));
  BOOST_TEST(error.find("trailing byte") != std::string::npos, "error: " << error);
  // A v1 transaction: Monero's base is the prefix alone (signatures are not read).
  BOOST_TEST(parse_and_validate_tx_base_from_blob(genesis_tx, tx, &error), error);
  BOOST_TEST(tx.pruned);
  BOOST_TEST(tx.version == 1u);
  // A blob that ends inside the base is still refused.
  BOOST_TEST(!parse_and_validate_tx_base_from_blob(blobdata(base_blob.begin(), base_blob.end() - 1), tx, &error));
  BOOST_TEST(parse_and_validate_tx_from_blob(full, tx, &error));
  BOOST_TEST(!tx.pruned);
  BOOST_TEST(!parse_and_validate_tx_from_blob(base_blob, tx, &error));
  // The genesis tx read from its first byte only: version 1 and nothing else (not canonical).
  parse_transaction(blobdata(genesis_tx.begin(), genesis_tx.begin() + 1), &layout);
  BOOST_TEST(!layout.canonical);
}

// Genesis blocks from the published GENESIS_TX and nonces (spec 7.5; ids from
// Monero's blockchain_db.cpp and checkpoints.cpp).
BOOST_AUTO_TEST_CASE(genesis_ids_from_spec) {
  const char *const stagenet_genesis_tx =
      "013c01ff0001ffffffffffff0302df5d56da0c7d643ddd1ce61901c7bdc5fb1738bfe39fbe69c28a3a7032729c0f2101168d0c4ca86fb5"
      "5a4cf6a36d31431be1c53a3bd7411bb24e8832410289fa6f3b";
  const struct {
    const char *tx;
    std::uint32_t nonce;
    const char *tx_hash;
    const char *id;
  } cases[] = {
      {mainnet_genesis_tx, 10000, "c88ce9783b4f11190d7b9c17a69c1c52200f9faaee8e98dd07e6811175177139",
       "418015bb9ae982a1975da7d79277c2705727a56894ba0fb246adaabb1f4632e3"},
      {mainnet_genesis_tx, 10001, "c88ce9783b4f11190d7b9c17a69c1c52200f9faaee8e98dd07e6811175177139",
       "48ca7cd3c8de5b6a4d53d2861fbdaedca141553559f9be9520068053cda8430b"},
      {stagenet_genesis_tx, 10002, "c099809301da6ad2fde11969b0e9cb291fc698f8dc678cef00506e7baf561de4",
       "76ee3cc98646292206cd3e86f74d88b4dcc1d937088645e9b0cbca84b7ce74eb"},
  };
  for (const auto &c : cases) {
    BOOST_TEST_CONTEXT(c.nonce) {
      const block b = generate_genesis_block(unhex(c.tx), c.nonce);
      BOOST_TEST(hex(get_transaction_hash(b.miner_tx)) == c.tx_hash);
      BOOST_TEST(get_block_height(b) == 0u);
      BOOST_TEST(hex(get_block_hash(b)) == c.id);
    }
  }
  const blobdata hb = get_block_hashing_blob(generate_genesis_block(unhex(mainnet_genesis_tx), 10000));
  BOOST_TEST(hex(hb) ==
             "010000000000000000000000000000000000000000000000000000000000000000000010270000c88ce9783b4f11190d7b9c17a69c1c"
             "52200f9faaee8e98dd07e681117517713901");
}

// Spec 6.3: a v2 coinbase hashes H_k(00) as base and null as prunable; a v2
// tx without inputs has no RingCT bytes and uses H_k("") as base.
BOOST_AUTO_TEST_CASE(v2_hash_corner_cases) {
  transaction tx = generate_genesis_block(unhex(mainnet_genesis_tx), 0).miner_tx;
  tx.version = 2;
  transaction_hashes h = get_transaction_hashes(tx);
  BOOST_TEST(hex(h.rct_base_hash) == "bc36789e7a1e281436464229828f817d6612f7b477d66591ff96a9e064bcc98a");
  BOOST_TEST(hex(h.rct_prunable_hash) == std::string(64, '0'));
  BOOST_TEST(h.unprunable_size == tx_to_blob(tx).size());
  tx.vin.clear();
  h = get_transaction_hashes(tx);
  BOOST_TEST(hex(h.rct_base_hash) == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  BOOST_TEST(hex(h.rct_prunable_hash) == std::string(64, '0'));
  const blobdata blob = tx_to_blob(tx);
  BOOST_TEST(hex(get_transaction_hashes_from_blob(blob).hash) == hex(h.hash));
}

// Spec 7.4: only the real mainnet 202612 blob gets the historical id; a block
// with height 202612 that is not it keeps its normal id.
BOOST_AUTO_TEST_CASE(block_202612_rule_needs_the_real_blob) {
  block b = generate_genesis_block(unhex(mainnet_genesis_tx), 10000);
  boost::get<txin_gen>(b.miner_tx.vin[0]).height = 202612;
  crypto::hash id;
  BOOST_TEST(calculate_block_hash(b, id));
  BOOST_TEST(hex(id) == hex(get_object_hash_of_blob(get_block_hashing_blob(b))));
  BOOST_TEST(hex(id) != "bbd604d2ba11ba27935e006ed39c9bfdd99b76bf4a50654bc1e1e61217962698");
}

// ---- issue 19: the paths of src/format/serialization.cpp the cases above leave out

namespace {
// A v1 transaction with every input and output kind (tags: cryptonote_basic.h,
// spec section 3), written out by hand from the spec's field layout: 290 bytes.
// Offsets: 3 input 0 (txin_to_script: prev 4..35, prevout ac02 at 36, sigset
// count 38), 41 input 1 (txin_to_scripthash: prev 42..73, prevout 74, script
// key count 75, key 76..107, script count 108, sigset count 110), 111 input 2
// (txin_gen, height 112), output count 113; output 0 (amount 114, tag 00 at
// 115, key count 116, keys 117..180, script count 181), output 1 (amount 185,
// tag 01, hash 187..218), output 2 (amount 219, tag 02, key 221..252), output 3
// (amount 8001 at 253, tag 03, key 256..287, view tag 288), extra count 289.
std::string all_kinds_tx_hex() {
  const auto rep = [](const char *byte, int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += byte;
    return s;
  };
  return "010003"                                                        // version 1, unlock 0, 3 inputs
         "00" + rep("aa", 32) + "ac02" "020102"                          // to_script: prev, 300, sigset 01 02
         "01" + rep("bb", 32) + "05" "01" + rep("cc", 32) + "017f" "00"  // to_scripthash
         "ff07"                                                          // gen, height 7
         "04"                                                            // 4 outputs
         "01" "00" "02" + rep("d1", 32) + rep("d2", 32) + "03a1a2a3"     // 1: to_script
         "02" "01" + rep("e0", 32) +                                     // 2: to_scripthash
         "03" "02" + rep("f0", 32) +                                     // 3: to_key
         "8001" "03" + rep("f1", 32) + "9c"                              // 128: tagged key
         "00";                                                           // no extra
}

crypto::hash hash_of(std::uint8_t b) {
  crypto::hash h;
  std::memset(h.data, b, sizeof h.data);
  return h;
}
crypto::public_key pub_of(std::uint8_t b) {
  crypto::public_key k;
  std::memset(k.data, b, sizeof k.data);
  return k;
}
}  // namespace

// Every input and output kind is written and read as the spec lays it out:
// the object built field by field serializes to the hand-written bytes above,
// and those bytes parse back to the same fields (script kinds: never on chain,
// so no real blob has them).
BOOST_AUTO_TEST_CASE(every_input_and_output_kind_byte_exact) {
  transaction tx;
  tx.version = 1;
  tx.vin.emplace_back(txin_to_script{hash_of(0xaa), 300, {0x01, 0x02}});
  tx.vin.emplace_back(txin_to_scripthash{hash_of(0xbb), 5, txout_to_script{{pub_of(0xcc)}, {0x7f}}, {}});
  tx.vin.emplace_back(txin_gen{7});
  tx.vout.push_back({1, txout_to_script{{pub_of(0xd1), pub_of(0xd2)}, {0xa1, 0xa2, 0xa3}}});
  tx.vout.push_back({2, txout_to_scripthash{hash_of(0xe0)}});
  tx.vout.push_back({3, txout_to_key{pub_of(0xf0)}});
  txout_to_tagged_key tagged{pub_of(0xf1), {}};
  tagged.view_tag.data = static_cast<char>(0x9c);
  tx.vout.push_back({128, tagged});
  const std::string expected = all_kinds_tx_hex();
  BOOST_REQUIRE(expected.size() == 2 * 290u);
  BOOST_TEST(hex(tx_to_blob(tx)) == expected);  // no input has a ring: no signatures follow
  BOOST_TEST(hex(tx_prefix_to_blob(tx)) == expected);

  const blobdata blob = unhex_blob(expected);
  transaction_layout layout;
  const transaction back = parse_transaction(blob, &layout);
  BOOST_TEST(layout.prefix_size == 290u);
  BOOST_TEST(layout.signatures_size == 0u);
  BOOST_REQUIRE(back.vin.size() == 3u);
  const auto &s = boost::get<txin_to_script>(back.vin[0]);
  BOOST_TEST((s.prev == hash_of(0xaa)));
  BOOST_TEST(s.prevout == 300u);
  BOOST_TEST(s.sigset == (std::vector<std::uint8_t>{0x01, 0x02}));
  const auto &sh = boost::get<txin_to_scripthash>(back.vin[1]);
  BOOST_TEST((sh.prev == hash_of(0xbb)));
  BOOST_TEST(sh.prevout == 5u);
  BOOST_REQUIRE(sh.script.keys.size() == 1u);
  BOOST_TEST((sh.script.keys[0] == pub_of(0xcc)));
  BOOST_TEST(sh.script.script == (std::vector<std::uint8_t>{0x7f}));
  BOOST_TEST(sh.sigset.empty());
  BOOST_TEST(boost::get<txin_gen>(back.vin[2]).height == 7u);
  BOOST_REQUIRE(back.vout.size() == 4u);
  const auto &os = boost::get<txout_to_script>(back.vout[0].target);
  BOOST_REQUIRE(os.keys.size() == 2u);
  BOOST_TEST((os.keys[1] == pub_of(0xd2)));
  BOOST_TEST(os.script == (std::vector<std::uint8_t>{0xa1, 0xa2, 0xa3}));
  BOOST_TEST((boost::get<txout_to_scripthash>(back.vout[1].target).hash == hash_of(0xe0)));
  BOOST_TEST((boost::get<txout_to_key>(back.vout[2].target).key == pub_of(0xf0)));
  BOOST_TEST(back.vout[3].amount == 128u);
  BOOST_TEST(boost::get<txout_to_tagged_key>(back.vout[3].target).view_tag.data == static_cast<char>(0x9c));
  // One (empty) signature vector per input, as Monero's v1 layout (no ring, no signature).
  BOOST_REQUIRE(back.signatures.size() == 3u);
  for (const auto &v : back.signatures) BOOST_TEST(v.empty());
  BOOST_TEST(hex(tx_to_blob(back)) == expected);

  // The prefix parser reports the prefix length and allows what follows it.
  blobdata more = blob;
  more.insert(more.end(), {0x01, 0x02, 0x03});
  std::size_t prefix_size = 0;
  const transaction_prefix p = parse_transaction_prefix(more, &prefix_size);
  BOOST_TEST(prefix_size == 290u);
  BOOST_TEST(p.vout.size() == 4u);
  // ... which the complete and the pruned parsers refuse, naming the object.
  expect_parse_error([&] { parse_transaction(more); }, 290,
                     "transaction: 3 trailing byte(s) after the end of the object");
  expect_parse_error([&] { parse_pruned_transaction(more); }, 290,
                     "pruned transaction: 3 trailing byte(s) after the end of the object");
}

// Each field of the script kinds, and of the other kinds, refused where it is
// cut or its count cannot fit: message (context, field, reason) and offset,
// from the byte offsets listed at all_kinds_tx_hex (remaining = blob size -
// offset after the count; counts of 1-byte elements on a blob cut short).
BOOST_AUTO_TEST_CASE(script_and_output_field_errors) {
  const blobdata good = unhex_blob(all_kinds_tx_hex());
  const auto with = [&](std::size_t at, std::uint8_t value) {
    blobdata b = good;
    b.at(at) = value;
    return b;
  };
  const auto cut_after = [](blobdata b, std::size_t n) {
    b.resize(n);
    return b;
  };
  const auto cut = [&](std::size_t n) { return cut_after(good, n); };
  expect_parse_error([&] { parse_transaction(cut(14)); }, 4,
                     "input 0: prev: unexpected end of input (32 bytes needed, 10 remain)");
  expect_parse_error([&] { parse_transaction(cut_after(with(38, 0x7f), 100)); }, 38,
                     "input 0: sigset: count 127 with elements of at least 1 byte(s) each cannot fit in the 61 bytes "
                     "that remain");
  expect_parse_error([&] { parse_transaction(cut(60)); }, 42,
                     "input 1: prev: unexpected end of input (32 bytes needed, 18 remain)");
  expect_parse_error([&] { parse_transaction(with(75, 0x7f)); }, 75,
                     "input 1: script key count: count 127 with elements of at least 32 byte(s) each cannot fit in "
                     "the 214 bytes that remain");
  expect_parse_error([&] { parse_transaction(cut_after(with(108, 0x7f), 150)); }, 108,
                     "input 1: script: count 127 with elements of at least 1 byte(s) each cannot fit in the 41 bytes "
                     "that remain");
  expect_parse_error([&] { parse_transaction(cut_after(with(110, 0x7f), 150)); }, 110,
                     "input 1: sigset: count 127 with elements of at least 1 byte(s) each cannot fit in the 39 bytes "
                     "that remain");
  expect_parse_error([&] { parse_transaction(with(113, 0x7f)); }, 113,
                     "output count: count 127 with elements of at least 2 byte(s) each cannot fit in the 176 bytes "
                     "that remain");
  expect_parse_error([&] { parse_transaction(with(116, 0x09)); }, 116,
                     "output 0: script key count: count 9 with elements of at least 32 byte(s) each cannot fit in the "
                     "173 bytes that remain");
  // (A key cut short is refused by its count, checked against the bytes left first.)
  expect_parse_error([&] { parse_transaction(cut(150)); }, 116,
                     "output 0: script key count: count 2 with elements of at least 32 byte(s) each cannot fit in the "
                     "33 bytes that remain");
  expect_parse_error([&] { parse_transaction(with(181, 0x7f)); }, 181,
                     "output 0: script: count 127 with elements of at least 1 byte(s) each cannot fit in the 108 bytes "
                     "that remain");
  expect_parse_error([&] { parse_transaction(cut(200)); }, 187,
                     "output 1: script hash: unexpected end of input (32 bytes needed, 13 remain)");
  expect_parse_error([&] { parse_transaction(cut(240)); }, 221,
                     "output 2: output key: unexpected end of input (32 bytes needed, 19 remain)");
  expect_parse_error([&] { parse_transaction(cut(270)); }, 256,
                     "output 3: output key: unexpected end of input (32 bytes needed, 14 remain)");
  expect_parse_error([&] { parse_transaction(cut(288)); }, 288,
                     "output 3: view tag: unexpected end of input (1 byte needed, 0 remain)");
  // An output type tag cut off (output 1's amount is its last byte).
  expect_parse_error([&] { parse_transaction(cut(186)); }, 186,
                     "output 1: output type tag: unexpected end of input (1 byte needed, 0 remain)");
  // The prefix parser gives the same errors (it reads the same prefix).
  expect_parse_error([&] { parse_transaction_prefix(cut(288)); }, 288, "output 3: view tag");

  // txin_to_key: 01 00 01 | 02 amount 00, offset count, offsets, key image.
  expect_parse_error([&] { parse_transaction(unhex("010001020001" "05" + std::string(20, 'a'))); }, 7,
                     "input 0: key image: unexpected end of input (32 bytes needed, 10 remain)");
  expect_parse_error([&] { parse_transaction(unhex("01000102007f" + std::string(20, 'a'))); }, 5,
                     "input 0: key offset count: count 127 with elements of at least 1 byte(s) each cannot fit in the "
                     "10 bytes that remain");
  // An input type tag cut off: the input count says 2, one gen input follows.
  expect_parse_error([&] { parse_transaction(unhex("010002ff00")); }, 5,
                     "input 1: input type tag: unexpected end of input (1 byte needed, 0 remain)");
}

// A bulletproof transaction carries exactly one proof (serialization.h,
// parse_transaction; Monero's expand_transaction_1): two proofs that between
// them cover both outputs (6 rounds each: 1 amount each) pass the per-proof
// reader and are then refused, for type 6 and for the type 5 layout; so is a
// type 6 transaction without outputs and so without a proof. The offset is the
// end of the blob (the whole transaction was read). The pruned parser does
// not check this (it does not read the proofs).
BOOST_AUTO_TEST_CASE(exactly_one_bulletproof) {
  transaction tx = make_bpp_tx();
  tx.rct_signatures.p.bulletproofs_plus[0].L.resize(6);
  tx.rct_signatures.p.bulletproofs_plus[0].R.resize(6);
  tx.rct_signatures.p.bulletproofs_plus.push_back(tx.rct_signatures.p.bulletproofs_plus[0]);
  blobdata blob = tx_to_blob(tx);
  expect_parse_error([&] { parse_transaction(blob); }, blob.size(),
                     "range proofs: expected exactly 1 bulletproof, found 2");

  transaction clsag = tx;
  clsag.rct_signatures.type = rct::RCTTypeCLSAG;
  clsag.rct_signatures.p.bulletproofs_plus.clear();
  rct::Bulletproof bp;
  bp.L.assign(6, key_of(10));
  bp.R.assign(6, key_of(11));
  clsag.rct_signatures.p.bulletproofs = {bp, bp};
  blob = tx_to_blob(clsag);
  expect_parse_error([&] { parse_transaction(blob); }, blob.size(),
                     "range proofs: expected exactly 1 bulletproof, found 2");

  transaction none = make_bpp_tx();
  none.vout.clear();
  none.rct_signatures.ecdhInfo.clear();
  none.rct_signatures.outPk.clear();
  none.rct_signatures.p.bulletproofs_plus.clear();
  blob = tx_to_blob(none);
  expect_parse_error([&] { parse_transaction(blob); }, blob.size(),
                     "range proofs: expected exactly 1 bulletproof, found 0");
  const transaction_blobs parts = serialize_transaction_parts(none);
  const blobdata base(blob.begin(), blob.begin() + static_cast<std::ptrdiff_t>(parts.prefix.size() + parts.rct_base.size()));
  BOOST_TEST(parse_pruned_transaction(base).vout.empty());
}

namespace {
// Expects f to throw std::invalid_argument with exactly this message.
template <class F>
void expect_misuse(F &&f, const std::string &message) {
  try {
    f();
    BOOST_ERROR("no std::invalid_argument; expected '" << message << "'");
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(std::string(e.what()) == message);
  }
}
}  // namespace

// The writer's refusals, with their messages (serialization.cpp misuse(): an
// object that has no serialization): v1 signature vectors that do not match
// the inputs' rings, a RingCT ring of 0. (A boost::variant input or target is
// never empty, so there is no "without a value" case.)
BOOST_AUTO_TEST_CASE(writer_refusal_messages) {
  transaction v1;
  v1.version = 1;
  v1.vin.emplace_back(txin_to_key{0, {1, 2, 3}, key_image{}});
  expect_misuse([&] { tx_to_blob(v1); }, "cryptonote serialization: v1 transaction without signatures for input 0");
  v1.signatures.assign(2, std::vector<signature>(3));
  expect_misuse([&] { tx_to_blob(v1); }, "cryptonote serialization: 2 signature vectors for 1 inputs");
  v1.signatures.assign(1, std::vector<signature>(2));
  expect_misuse([&] { tx_to_blob(v1); }, "cryptonote serialization: input 0 has 2 signatures for a ring of 3");
  v1.signatures.assign(1, std::vector<signature>(3));
  BOOST_TEST(tx_to_blob(v1).size() == tx_prefix_to_blob(v1).size() + 3 * 64u);  // spec: 64 bytes per ring member
  // A pruned v1 transaction is its prefix: no signatures are needed or written.
  v1.signatures.clear();
  v1.pruned = true;
  BOOST_TEST(hex(tx_to_blob(v1)) == hex(tx_prefix_to_blob(v1)));

  transaction ring0 = make_bpp_tx();
  ring0.vin[0] = txin_to_key{0, {}, key_image{}};
  expect_misuse([&] { tx_to_blob(ring0); }, "cryptonote serialization: RingCT input 0 has no ring members");
  // ... but the same transaction pruned has no prunable part to write.
  ring0.pruned = true;
  BOOST_TEST(tx_to_blob(ring0).size() == serialize_transaction_parts(ring0).prefix.size() +
                                             serialize_transaction_parts(ring0).rct_base.size());
}

// Block headers and blocks: a minor version over 8 bits (spec 7.1: varints
// read into uint8), the version varints written back as varints (255 = ff 01),
// a miner transaction error named as such with its block offset (39-byte
// genesis header, spec 7.5), and the tx hashes cut short.
BOOST_AUTO_TEST_CASE(block_header_and_block_field_errors) {
  const block genesis = generate_genesis_block(unhex(mainnet_genesis_tx), 10000);
  const blobdata blob = block_to_blob(genesis);
  BOOST_REQUIRE(blob.size() == 120u);
  blobdata minor = blob;
  minor.erase(minor.begin() + 1);
  minor.insert(1, "\x80\x02", 2);
  expect_parse_error([&] { parse_block_header(minor); }, 1, "block minor_version: varint overflows an 8-bit field");
  expect_parse_error([&] { parse_block(minor); }, 1, "block minor_version: varint overflows an 8-bit field");

  block_header h;
  h.major_version = 255;
  h.minor_version = 128;
  h.timestamp = 1;
  h.nonce = 0x01020304;
  const blobdata hb = block_header_to_blob(h);
  BOOST_TEST(hex(hb) == "ff018001" "01" + std::string(64, '0') + "04030201");
  std::size_t size = 0;
  const block_header back = parse_block_header(hb, &size);
  BOOST_TEST(size == hb.size());
  BOOST_TEST(back.major_version == 255u);
  BOOST_TEST(back.minor_version == 128u);

  blobdata bad_miner = blob;
  BOOST_REQUIRE(static_cast<std::uint8_t>(bad_miner[39 + 3]) == txin_gen_tag);
  bad_miner[39 + 3] = 0x05;
  expect_parse_error([&] { parse_block(bad_miner); }, 42, "miner transaction: input 0: input type tag: unknown tag 0x05");
  std::string error;
  block b;
  BOOST_TEST(!parse_and_validate_block_from_blob(bad_miner, b, &error));
  BOOST_TEST(error == "miner transaction: input 0: input type tag: unknown tag 0x05 (at byte offset 42)");

  block one = genesis;
  one.tx_hashes.push_back(hash_of(0x77));
  const blobdata with_hash = block_to_blob(one);
  BOOST_REQUIRE(with_hash.size() == 120u + 32u);
  BOOST_TEST((parse_block(with_hash).tx_hashes.at(0) == hash_of(0x77)));
  // Count 1 then 31 hash bytes: the count cannot fit (1 x 32 > 31).
  expect_parse_error([&] { parse_block(blobdata(with_hash.begin(), with_hash.end() - 1)); }, 119,
                     "block tx hash count: count 1 with elements of at least 32 byte(s) each cannot fit in the 31 "
                     "bytes that remain");
}

// The ring size of the prunable part comes from input 0 only, and is 1 (mixin
// 0) when input 0 has no ring (Monero's serializer: mixin = vin[0] is a
// txin_to_key ? key_offsets.size() - 1 : 0): a type 6 transaction whose input
// is a txin_to_script carries a CLSAG of one s, and the parser reads it so.
// CLSAG I is filled from the input's key image only for a txin_to_key.
BOOST_AUTO_TEST_CASE(prunable_ring_size_from_input_0_only) {
  transaction tx = make_bpp_tx();
  tx.vin[0] = txin_to_script{hash_of(0x42), 1, {}};
  tx.rct_signatures.p.CLSAGs[0].s.assign(1, key_of(9));
  tx.rct_signatures.p.CLSAGs[0].I = rct::key{};
  const blobdata blob = tx_to_blob(tx);
  const transaction_blobs parts = serialize_transaction_parts(tx);
  // prunable: nbp + 6 keys + 2 x (1 + 7 keys) + CLSAG (1 s + c1 + D) + 1 pseudoOut
  BOOST_TEST(parts.rct_prunable.size() == 1u + 6u * 32 + 2u * (1 + 7 * 32) + 3u * 32 + 32u);
  const transaction back = parse_transaction(blob);
  BOOST_REQUIRE(back.rct_signatures.p.CLSAGs.size() == 1u);
  BOOST_TEST(back.rct_signatures.p.CLSAGs[0].s.size() == 1u);
  BOOST_TEST((back.rct_signatures.p.CLSAGs[0].I == rct::key{}));
  BOOST_TEST(tx_to_blob(back) == blob, boost::test_tools::per_element());
}

// ---- issue 19: the refusals of cryptonote_format_utils.cpp and the writers on
// objects Monero's code would not build (cryptonote_format_utils.h: "throw
// std::invalid_argument for inconsistent objects"), and the printable names of
// every enum value (and of a value outside the enum: the headers promise a
// name, never null).

BOOST_AUTO_TEST_CASE(hash_functions_refuse_what_has_no_such_hash) {
  const blobdata blob = unhex_blob(mainnet_genesis_tx);
  transaction v1 = parse_transaction(blob);
  BOOST_REQUIRE(v1.version == 1u);
  // The blob size comes back with the id (Monero's calculate_transaction_hash);
  // the id is Monero's genesis miner tx hash (as in genesis_ids_from_spec).
  crypto::hash id;
  std::size_t size = 0;
  BOOST_TEST(calculate_transaction_hash(v1, id, &size));
  BOOST_TEST(size == blob.size());
  BOOST_TEST(hex(id) == "c88ce9783b4f11190d7b9c17a69c1c52200f9faaee8e98dd07e6811175177139");
  // v1 has neither a prunable hash nor a pruned-hash form (spec: only v2 txs are prunable).
  // Monero's get_transaction_prunable_hash throws std::runtime_error there
  // (CHECK_AND_ASSERT_THROW_MES on calculate_transaction_prunable_hash's false).
  BOOST_CHECK_THROW(get_transaction_prunable_hash(v1), std::runtime_error);
  crypto::hash unused;
  BOOST_TEST(!calculate_transaction_prunable_hash(v1, nullptr, unused));
  BOOST_CHECK_THROW(get_pruned_transaction_hash(v1, crypto::null_hash), std::invalid_argument);
  // A pruned v2 tx: its prunable data is gone, so its prunable hash cannot be computed.
  transaction v2 = make_bpp_tx();
  v2.pruned = true;
  BOOST_CHECK_THROW(get_transaction_prunable_hash(v2), std::runtime_error);
  BOOST_TEST(!calculate_transaction_prunable_hash(v2, nullptr, unused));
  // Versions other than 1 and 2 are not written (Monero writes only those).
  for (std::size_t version : {std::size_t{0}, std::size_t{3}}) {
    transaction t = v1;
    t.version = version;
    BOOST_CHECK_THROW(tx_to_blob(t), std::invalid_argument);
    BOOST_TEST(!calculate_transaction_hash(t, id, &size));
    BOOST_TEST(hex(id) == hex(crypto::null_hash));
  }
}

BOOST_AUTO_TEST_CASE(block_height_and_tree_hash_refusals) {
  block b = generate_genesis_block(unhex(mainnet_genesis_tx), 10000);
  BOOST_TEST(get_block_height(b) == 0u);
  block none = b;
  none.miner_tx.vin.clear();
  none.miner_tx.signatures.clear();  // v1: one signature vector per input
  BOOST_CHECK_THROW(get_block_height(none), std::invalid_argument);
  block two = b;
  two.miner_tx.vin.push_back(two.miner_tx.vin[0]);
  BOOST_CHECK_THROW(get_block_height(two), std::invalid_argument);
  block key_input = b;
  key_input.miner_tx.vin[0] = txin_to_key{};
  BOOST_CHECK_THROW(get_block_height(key_input), std::invalid_argument);
  // A tree hash of nothing does not exist (Monero asserts count >= 1).
  BOOST_CHECK_THROW(get_tx_tree_hash(std::vector<crypto::hash>{}), std::invalid_argument);
  // A block whose miner tx has no txin_gen is hashed without the 202612 rule.
  crypto::hash id;
  BOOST_TEST(calculate_block_hash(none, id));
  BOOST_TEST(hex(id) == hex(get_object_hash_of_blob(get_block_hashing_blob(none))));
}

BOOST_AUTO_TEST_CASE(enum_names) {
  // Names from the headers' comments (address.h, base58.h, block_pow.h).
  BOOST_TEST(std::string(cncrypto::network_name(MAINNET)) == "mainnet");
  BOOST_TEST(std::string(cncrypto::network_name(TESTNET)) == "testnet");
  BOOST_TEST(std::string(cncrypto::network_name(STAGENET)) == "stagenet");
  BOOST_TEST(std::string(cncrypto::network_name(FAKECHAIN)) == "fakechain");
  BOOST_TEST(std::string(cncrypto::network_name(UNDEFINED)) == "undefined");
  BOOST_TEST(std::string(cncrypto::network_name(static_cast<network_type>(7))) == "undefined");
  BOOST_TEST(std::string(cncrypto::address_type_name(cncrypto::address_type::standard)) == "standard");
  BOOST_TEST(std::string(cncrypto::address_type_name(cncrypto::address_type::integrated)) == "integrated");
  BOOST_TEST(std::string(cncrypto::address_type_name(cncrypto::address_type::subaddress)) == "subaddress");
  BOOST_TEST(std::string(cncrypto::address_type_name(static_cast<cncrypto::address_type>(9))) == "unknown");
  BOOST_TEST(std::string(cncrypto::address_error_kind_name(cncrypto::address_error::kind::bad_character)) ==
             "bad character");
  BOOST_TEST(std::string(cncrypto::address_error_kind_name(cncrypto::address_error::kind::bad_length)) == "bad length");
  BOOST_TEST(std::string(cncrypto::address_error_kind_name(static_cast<cncrypto::address_error::kind>(99))) ==
             "unknown error");
  BOOST_TEST(std::string(base58::error_kind_name(base58::error_kind::bad_character)) == "bad character");
  BOOST_TEST(std::string(base58::error_kind_name(base58::error_kind::bad_checksum)) == "bad checksum");
  BOOST_TEST(std::string(base58::error_kind_name(base58::error_kind::bad_tag)) == "bad tag");
  BOOST_TEST(std::string(base58::error_kind_name(static_cast<base58::error_kind>(99))) == "unknown error");
  BOOST_TEST(std::string(pow_algorithm_name(pow_algorithm::cryptonight_v0)) == "cn/0");
  BOOST_TEST(std::string(pow_algorithm_name(pow_algorithm::randomx)) == "rx/0");
  BOOST_TEST(std::string(pow_algorithm_name(pow_algorithm::fixed_202612)) == "fixed-202612");
  BOOST_TEST(std::string(pow_algorithm_name(static_cast<pow_algorithm>(99))) == "unknown");
}

BOOST_AUTO_TEST_CASE(account_address_inequality) {
  account_public_address a{}, b{};
  BOOST_TEST(!(a != b));
  b.m_view_public_key.data[31] = 1;
  BOOST_TEST((a != b));
  b = a;
  b.m_spend_public_key.data[0] = 1;
  BOOST_TEST((a != b));
}

BOOST_AUTO_TEST_CASE(tx_extra_nonce_over_255_bytes_not_written) {
  // TX_EXTRA_NONCE_MAX_COUNT = 255 (Monero tx_extra.h); the length is written
  // as a varint, 255 = ff 01 (docs/formats.md "Extra nonce length").
  std::vector<std::uint8_t> extra;
  tx_extra_nonce n;
  n.nonce.assign(255, 'x');
  cncrypto::write_tx_extra_field(extra, n);
  BOOST_REQUIRE(extra.size() == 3u + 255u);
  BOOST_TEST(extra[0] == 0x02);
  BOOST_TEST(extra[1] == 0xff);
  BOOST_TEST(extra[2] == 0x01);
  n.nonce.push_back('x');
  std::vector<std::uint8_t> more;
  BOOST_CHECK_THROW(cncrypto::write_tx_extra_field(more, n), std::invalid_argument);
  BOOST_TEST(more.empty());
}

// docs/formats.md "v2 without inputs" (spec 6.3): no RingCT bytes, the id is
// H_k(prefix_hash || H_k("") || null_hash); the pruned-form id agrees with it
// whatever prunable hash is passed. (Monero's get_pruned_transaction_hash
// would serialize an rctsig base, the type byte, even without inputs, and so
// disagree with its own full-tx id; see the issue 19 report.)
BOOST_AUTO_TEST_CASE(v2_without_inputs_ids) {
  transaction tx;
  tx.version = 2;
  tx_out o;
  o.amount = 5;
  o.target = txout_to_key{};
  tx.vout.push_back(o);
  const blobdata prefix = tx_prefix_to_blob(tx);
  BOOST_TEST(tx_to_blob(tx) == prefix);  // nothing after the prefix
  crypto::hash three[3];
  three[0] = crypto::cn_fast_hash(prefix.data(), prefix.size());
  three[1] = crypto::cn_fast_hash("", 0);
  three[2] = crypto::null_hash;
  const crypto::hash expected = crypto::cn_fast_hash(three, sizeof three);
  BOOST_TEST(hex(get_transaction_hash(tx)) == hex(expected));
  // Monero's get_transaction_prunable_hash hashes the prunable bytes written,
  // none here: H_k(""), not the null_hash the id uses (calculate_transaction_prunable_hash,
  // serialize_rctsig_prunable writing nothing for RCTTypeNull, Monero 0.18).
  BOOST_TEST(hex(get_transaction_prunable_hash(tx)) ==
             "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  crypto::hash other;
  std::memset(&other, 0x5a, sizeof other);
  BOOST_TEST(hex(get_pruned_transaction_hash(tx, other)) == hex(expected));
}

BOOST_AUTO_TEST_SUITE_END()
