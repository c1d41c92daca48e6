// Real Monero transactions and blocks from ../shared/data (see its README.md
// and manifest.json): every blob parses completely, re-serializes to the same
// bytes and gives the expected values listed in the manifest.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "support/chain_data.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "support/shared_data.h"
#include "support/hex.h"

#include <fstream>
#include <algorithm>
#include <string>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names
using cncrypto::test::data_manifest;
using cncrypto::test::read_data_file;

namespace {
std::string hex(const crypto::hash &h) { return cncrypto::hex_encode(&h, sizeof h); }
using cncrypto::test::unhex;
using cncrypto::test::as_blob;
using cncrypto::test::unhex_blob;
}  // namespace

BOOST_AUTO_TEST_SUITE(chain_data)

BOOST_AUTO_TEST_CASE(every_tx_round_trips, *cncrypto::test::needs_shared()) {
  const auto &txs = data_manifest().at("shared_txs");
  BOOST_TEST(txs.size() == 36u);
  std::size_t most_offsets = 0;  // total key offsets of the real tx with the most
  for (const auto &entry : txs) {
    const std::string file = entry.at("file");
    BOOST_TEST_CONTEXT(file) {
      const blobdata blob = as_blob(read_data_file(file));
      BOOST_TEST(blob.size() == entry.at("size").get<std::size_t>());
      transaction_layout layout;
      const transaction tx = parse_transaction(blob, &layout);
      BOOST_TEST(layout.total_size() == blob.size());
      BOOST_TEST(tx.version == entry.at("version").get<std::uint64_t>());
      BOOST_TEST(tx.vin.size() == entry.at("inputs").get<std::size_t>());
      BOOST_TEST(tx.vout.size() == entry.at("outputs").get<std::size_t>());
      const bool coinbase = !tx.vin.empty() && (tx.vin[0].type() == typeid(txin_gen));
      BOOST_TEST(coinbase == entry.at("coinbase").get<bool>());
      if (!entry.at("rct_type").is_null()) {
        BOOST_TEST(int(tx.rct_signatures.type) == entry.at("rct_type").get<int>());
        BOOST_TEST(layout.unprunable_size() == entry.at("unprunable_size").get<std::size_t>());
      }
      if (!coinbase) {
        const auto &in0 = boost::get<txin_to_key>(tx.vin[0]);
        BOOST_TEST(in0.key_offsets.size() == entry.at("ring_size").get<std::size_t>());
      }
      std::size_t offsets = 0;
      for (const auto &in : tx.vin) {
        if (const auto *k = boost::get<txin_to_key>(&in)) offsets += k->key_offsets.size();
      }
      most_offsets = std::max(most_offsets, offsets);
      const std::string target = entry.at("output_target");
      for (const auto &o : tx.vout) {
        BOOST_TEST((o.target.type() == typeid(txout_to_tagged_key)) == (target == "tagged_key"));
      }
      const blobdata again = tx_to_blob(tx);
      BOOST_TEST(again == blob, boost::test_tools::per_element());
      // Monero's other names on the same blob: the version varint, the
      // serializer-only read, the blob size; Monero's core runs check_outs_valid
      // and check_money_overflow on every non-coinbase transaction it accepts.
      BOOST_TEST(is_v1_tx(blob) == (tx.version == 1));
      transaction read_back;
      BOOST_TEST(t_serializable_object_from_blob(read_back, blob));
      BOOST_TEST(tx_to_blob(read_back) == blob, boost::test_tools::per_element());
      BOOST_TEST(get_object_blobsize(tx) == blob.size());
      if (!coinbase) {
        BOOST_TEST(check_outs_valid(tx));
        BOOST_TEST(check_money_overflow(tx));
      }

      // Ids, from the object (re-serialized) and from the blob's byte ranges.
      const std::string expected_hash = entry.at("hash");
      BOOST_TEST(file == "txs/" + expected_hash + ".bin");
      const transaction_hashes h = get_transaction_hashes(tx);
      const transaction_hashes hb = get_transaction_hashes_from_blob(blob);
      BOOST_TEST(hex(h.hash) == expected_hash);
      BOOST_TEST(hex(hb.hash) == expected_hash);
      BOOST_TEST(hex(get_transaction_hash(tx)) == expected_hash);
      BOOST_TEST(hex(get_transaction_prefix_hash(tx)) == entry.at("prefix_hash").get<std::string>());
      BOOST_TEST(hex(h.prefix_hash) == entry.at("prefix_hash").get<std::string>());
      BOOST_TEST(hex(hb.prefix_hash) == entry.at("prefix_hash").get<std::string>());
      BOOST_TEST(h.blob_size == blob.size());
      BOOST_TEST(h.prefix_size == layout.prefix_size);
      if (tx.version == 2) {
        BOOST_TEST(hex(h.rct_base_hash) == entry.at("rct_base_hash").get<std::string>());
        BOOST_TEST(hex(hb.rct_base_hash) == entry.at("rct_base_hash").get<std::string>());
        BOOST_TEST(hex(h.rct_prunable_hash) == entry.at("rct_prunable_hash").get<std::string>());
        BOOST_TEST(hex(hb.rct_prunable_hash) == entry.at("rct_prunable_hash").get<std::string>());
        // Monero's get_transaction_prunable_hash / calculate_transaction_prunable_hash:
        // H_k(prunable bytes), from the object or from the blob's tail; for RingCT
        // type 0 there are none, so H_k("") (c5d2...a470), where the id and the
        // manifest use null_hash (Monero 0.18 cryptonote_format_utils.cpp).
        const std::string prunable_expected = tx.rct_signatures.type == rct::RCTTypeNull
                                                  ? "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"
                                                  : entry.at("rct_prunable_hash").get<std::string>();
        BOOST_TEST(hex(get_transaction_prunable_hash(tx)) == prunable_expected);
        const blobdata_ref received(blob);
        BOOST_TEST(hex(get_transaction_prunable_hash(tx, &received)) == prunable_expected);
        crypto::hash prunable_hash;
        BOOST_TEST(calculate_transaction_prunable_hash(tx, &received, prunable_hash));
        BOOST_TEST(hex(prunable_hash) == prunable_expected);
        BOOST_TEST(h.unprunable_size == entry.at("unprunable_size").get<std::size_t>());
        BOOST_TEST(hb.unprunable_size == entry.at("unprunable_size").get<std::size_t>());
      } else {
        BOOST_TEST(h.unprunable_size == layout.prefix_size);  // as Monero: v1 keeps its prefix when pruned
        BOOST_TEST(hb.unprunable_size == layout.prefix_size);
        if (coinbase) BOOST_TEST(hex(h.hash) == hex(h.prefix_hash));  // v1 coinbase: blob = prefix
      }

      // Pruned form (v2: prefix || base; v1: prefix) parses back to an equal pruned object.
      const blobdata pruned_blob(blob.begin(), blob.begin() + static_cast<std::ptrdiff_t>(layout.unprunable_size()));
      const transaction pruned = parse_pruned_transaction(pruned_blob);
      BOOST_TEST(pruned.pruned);
      BOOST_TEST(pruned.signatures.empty());
      BOOST_TEST(tx_to_blob(pruned) == pruned_blob, boost::test_tools::per_element());
      if (tx.version == 2) {
        // Its id needs the separately stored prunable hash.
        crypto::hash prunable;
        BOOST_REQUIRE(cncrypto::hex_decode_fixed(entry.at("rct_prunable_hash").get<std::string>(), &prunable, 32));
        BOOST_TEST(hex(get_pruned_transaction_hash(pruned, prunable)) == expected_hash);
        BOOST_TEST(hex(get_pruned_transaction_hash(tx, prunable)) == expected_hash);
        // Monero's exception type and message (get_transaction_hash(const transaction &)).
        BOOST_CHECK_EXCEPTION(get_transaction_hash(pruned), std::runtime_error, [](const std::runtime_error &e) {
          return std::string(e.what()) == "Failed to calculate transaction hash";
        });
        crypto::hash res;
        BOOST_TEST(!calculate_transaction_hash(pruned, res));
      }
    }
  }
  // The parse-time limit on total key offsets (31 250, Monero's) is far above
  // every real transaction (docs/formats.md explains why it must be).
  BOOST_TEST_MESSAGE("most key offsets in one real transaction: " << most_offsets);
  BOOST_TEST(most_offsets > 0u);
  BOOST_TEST(most_offsets < max_total_key_offsets);
}

BOOST_AUTO_TEST_CASE(every_block_round_trips, *cncrypto::test::needs_shared()) {
  const auto &blocks = data_manifest().at("shared_blocks");
  BOOST_TEST(blocks.size() == 9u);
  for (const auto &entry : blocks) {
    const std::string file = entry.at("file");
    BOOST_TEST_CONTEXT(file) {
      const blobdata blob = as_blob(read_data_file(file));
      const block b = parse_block(blob);
      BOOST_TEST(int(b.major_version) == entry.at("major_version").get<int>());
      BOOST_TEST(int(b.minor_version) == entry.at("minor_version").get<int>());
      BOOST_TEST(b.timestamp == entry.at("timestamp").get<std::uint64_t>());
      BOOST_TEST(b.nonce == entry.at("nonce").get<std::uint32_t>());
      BOOST_TEST(cncrypto::test::hex32(&b.prev_id) == entry.at("prev_id").get<std::string>());
      BOOST_TEST(b.tx_hashes.size() == entry.at("tx_count_excluding_miner").get<std::size_t>());
      BOOST_TEST(b.miner_tx.version == entry.at("miner_tx_version").get<std::uint64_t>());
      BOOST_TEST(boost::get<txin_gen>(b.miner_tx.vin.at(0)).height == entry.at("height").get<std::uint64_t>());
      BOOST_TEST(block_to_blob(b) == blob, boost::test_tools::per_element());
      block read_back;
      BOOST_TEST(t_serializable_object_from_blob(read_back, blob));
      BOOST_TEST(block_to_blob(read_back) == blob, boost::test_tools::per_element());
      BOOST_TEST(get_object_blobsize(b) == blob.size());
      BOOST_TEST(get_block_height(b) == entry.at("height").get<std::uint64_t>());
      BOOST_TEST(hex(get_transaction_hash(b.miner_tx)) == entry.at("miner_tx_hash").get<std::string>());
      const blobdata hashing_blob = get_block_hashing_blob(b);
      BOOST_TEST(cncrypto::hex_encode(hashing_blob.data(), hashing_blob.size()) ==
                 entry.at("hashing_blob").get<std::string>());
      BOOST_TEST(hex(get_object_hash_of_blob(hashing_blob)) == entry.at("hashing_blob_object_hash").get<std::string>());
      BOOST_TEST(hex(get_block_hash(b)) == entry.at("id").get<std::string>());
      crypto::hash id;
      const blobdata_ref received(blob);
      BOOST_TEST(calculate_block_hash(b, id, &received));
      BOOST_TEST(hex(id) == entry.at("id").get<std::string>());
    }
  }
}

// Testnet and stagenet block 202612: no id special case (spec 7.4); the
// manifest gives the ids Monero's unit tests assert.
BOOST_AUTO_TEST_CASE(block_202612_testnet_stagenet, *cncrypto::test::needs_shared()) {
  const std::pair<const char *, const char *> cases[] = {
      {"blocks/block_202612_testnet.bin", "248fde4b96b829c4ddbd00e3f76d35b03d01257898bc1b5578bc9e04b379a676"},
      {"blocks/block_202612_stagenet.bin", "f3449e658b5f880c4b0e69007ed5d092c9c883ac3a518166fa652d5cc505e7b1"},
  };
  for (const auto &[file, id] : cases) {
    BOOST_TEST_CONTEXT(file) {
      const block b = parse_block(read_data_file(file));
      BOOST_TEST(get_block_height(b) == 202612u);
      BOOST_TEST(hex(get_block_hash(b)) == id);
    }
  }
}

// The genesis blocks rebuilt from GENESIS_TX and nonce (vectors/genesis.json).
BOOST_AUTO_TEST_CASE(genesis_blocks_from_shared_vectors, *cncrypto::test::needs_shared()) {
  std::ifstream in(cncrypto::test::shared_path("data/vectors/genesis.json"));
  BOOST_REQUIRE(in);
  const auto vectors = nlohmann::json::parse(in);
  BOOST_TEST(vectors.size() == 3u);
  for (const auto &v : vectors) {
    BOOST_TEST_CONTEXT(v.at("network").get<std::string>()) {
      const blobdata tx = unhex_blob(v.at("genesis_tx_hex"));
      const block b = generate_genesis_block(tx, v.at("nonce").get<std::uint32_t>());
      BOOST_TEST(hex(get_transaction_hash(b.miner_tx)) == v.at("genesis_tx_hash").get<std::string>());
      const blobdata blob = block_to_blob(b);
      BOOST_TEST(cncrypto::hex_encode(blob.data(), blob.size()) == v.at("block_blob_hex").get<std::string>());
      const blobdata hb = get_block_hashing_blob(b);
      BOOST_TEST(cncrypto::hex_encode(hb.data(), hb.size()) == v.at("hashing_blob_hex").get<std::string>());
      BOOST_TEST(hex(get_block_hash(b)) == v.at("expected_block_id").get<std::string>());
      BOOST_TEST(hex(get_block_hash(parse_block(blob))) == v.at("expected_block_id").get<std::string>());
    }
  }
}

// A daemon's get_block_template blob and its blockhashing_blob.
BOOST_AUTO_TEST_CASE(block_template_hashing_blob, *cncrypto::test::needs_shared()) {
  std::ifstream in(cncrypto::test::shared_path("data/vectors/block_template_3195018.json"));
  BOOST_REQUIRE(in);
  const auto v = nlohmann::json::parse(in);
  const block b = parse_block(unhex(v.at("blocktemplate_blob")));
  BOOST_TEST(hex(get_transaction_hash(b.miner_tx)) == v.at("miner_tx_hash").get<std::string>());
  const blobdata hb = get_block_hashing_blob(b);
  BOOST_TEST(cncrypto::hex_encode(hb.data(), hb.size()) == v.at("expected_blockhashing_blob").get<std::string>());
}

// Parse errors on edited real blobs (issue 19). beb76a82 is v1 with 1 input
// of ring 6 (manifest), so its last 6 x 64 = 384 of 776 bytes are the ring
// signature (spec section 4) and its prefix is 392 bytes: the pruned parser
// refuses those as trailing bytes, the prefix parser stops before them, and
// a cut inside them is refused at their start. Block 110 (1 tx hash, the
// 422-byte blob ends with count 01 and beb76a82's id): a minor version over
// 8 bits, a tx hash count that cannot fit.
BOOST_AUTO_TEST_CASE(edited_real_blobs_name_field_and_offset, *cncrypto::test::needs_shared()) {
  const auto expect = [](auto &&parse, std::size_t offset, const std::string &message) {
    try {
      parse();
      BOOST_ERROR("no parse_error; expected '" << message << "'");
    } catch (const parse_error &e) {
      BOOST_TEST(e.what() == message + " (at byte offset " + std::to_string(offset) + ")");
      BOOST_TEST(e.offset() == offset);
    }
  };
  const blobdata tx = as_blob(read_data_file("txs/beb76a82ea17400cd6d7f595f70e1667d2018ed8f5a78d1ce07484222618c3cd.bin"));
  BOOST_REQUIRE(tx.size() == 776u);
  expect([&] { parse_pruned_transaction(tx); }, 392,
         "pruned transaction: 384 trailing byte(s) after the end of the object");
  std::size_t prefix_size = 0;
  const transaction_prefix prefix = parse_transaction_prefix(tx, &prefix_size);
  BOOST_TEST(prefix_size == 392u);
  BOOST_TEST(prefix.vout.size() == 8u);
  BOOST_TEST(hex(get_transaction_prefix_hash(prefix)) ==
             "ccabefb57635c09cfe66af861f11e1a379cd0de0e030409ab3c26418cf302166");  // manifest prefix_hash
  const blobdata prefix_only(tx.begin(), tx.begin() + 392);
  transaction_layout layout;
  const transaction pruned = parse_pruned_transaction(prefix_only, &layout);
  BOOST_TEST(pruned.pruned);
  BOOST_TEST(pruned.signatures.empty());
  BOOST_TEST(layout.signatures_size == 0u);
  BOOST_TEST(tx_to_blob(pruned) == prefix_only, boost::test_tools::per_element());
  const blobdata cut(tx.begin(), tx.begin() + 392 + 5 * 64 + 10);
  expect([&] { parse_transaction(cut); }, 392,
         "ring signature of input 0: ring signature: 6 elements of at least 64 byte(s) each cannot fit in the 330 "
         "bytes that remain");

  const blobdata blk = as_blob(read_data_file("blocks/7d3113f562eac36f14afa08c22ae20bbbf8cffa31a4466d24850732cb96f80e9.bin"));
  BOOST_REQUIRE(blk.size() == 422u);
  BOOST_REQUIRE(blk[389] == 1u);
  blobdata two = blk;
  two[389] = 2;
  expect([&] { parse_block(two); }, 389,
         "block tx hash count: count 2 with elements of at least 32 byte(s) each cannot fit in the 32 bytes that "
         "remain");
  blobdata minor = blk;
  BOOST_REQUIRE(minor[1] == 0u);
  minor[1] = 0x80;
  minor.insert(minor.begin() + 2, 0x02);
  expect([&] { parse_block(minor); }, 1, "block minor_version: varint overflows an 8-bit field");
  expect([&] { parse_block_header(minor); }, 1, "block minor_version: varint overflows an 8-bit field");
}

BOOST_AUTO_TEST_SUITE_END()
