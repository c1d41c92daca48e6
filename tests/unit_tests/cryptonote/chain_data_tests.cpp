// Real Monero transactions and blocks from ../shared/data (see its README.md
// and manifest.json): every blob parses completely, re-serializes to the same
// bytes and gives the expected values listed in the manifest.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "cryptonote/chain_data.h"
#include "cryptonote/serialization.h"
#include "support/shared_data.h"

#include <string>

using namespace cryptonote;
using cncrypto::test::data_manifest;
using cncrypto::test::read_data_file;

BOOST_AUTO_TEST_SUITE(chain_data)

BOOST_AUTO_TEST_CASE(every_tx_round_trips, *cncrypto::test::needs_shared()) {
  const auto &txs = data_manifest().at("shared_txs");
  BOOST_TEST(txs.size() == 36u);
  for (const auto &entry : txs) {
    const std::string file = entry.at("file");
    BOOST_TEST_CONTEXT(file) {
      const blobdata blob = read_data_file(file);
      BOOST_TEST(blob.size() == entry.at("size").get<std::size_t>());
      transaction_layout layout;
      const transaction tx = parse_transaction(blob, &layout);
      BOOST_TEST(layout.total_size() == blob.size());
      BOOST_TEST(tx.version == entry.at("version").get<std::uint64_t>());
      BOOST_TEST(tx.vin.size() == entry.at("inputs").get<std::size_t>());
      BOOST_TEST(tx.vout.size() == entry.at("outputs").get<std::size_t>());
      const bool coinbase = !tx.vin.empty() && std::holds_alternative<txin_gen>(tx.vin[0]);
      BOOST_TEST(coinbase == entry.at("coinbase").get<bool>());
      if (!entry.at("rct_type").is_null()) {
        BOOST_TEST(int(tx.rct_signatures.type) == entry.at("rct_type").get<int>());
        BOOST_TEST(layout.unprunable_size() == entry.at("unprunable_size").get<std::size_t>());
      }
      if (!coinbase) {
        const auto &in0 = std::get<txin_to_key>(tx.vin[0]);
        BOOST_TEST(in0.key_offsets.size() == entry.at("ring_size").get<std::size_t>());
      }
      const std::string target = entry.at("output_target");
      for (const auto &o : tx.vout) {
        BOOST_TEST(std::holds_alternative<txout_to_tagged_key>(o.target) == (target == "tagged_key"));
      }
      const blobdata again = tx_to_blob(tx);
      BOOST_TEST(again == blob, boost::test_tools::per_element());

      // Pruned form: prefix || base parses back to an equal pruned object.
      if (tx.version == 2) {
        const blobdata pruned_blob(blob.begin(), blob.begin() + static_cast<std::ptrdiff_t>(layout.unprunable_size()));
        const transaction pruned = parse_pruned_transaction(pruned_blob);
        BOOST_TEST(pruned.pruned);
        BOOST_TEST(tx_to_blob(pruned) == pruned_blob, boost::test_tools::per_element());
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(every_block_round_trips, *cncrypto::test::needs_shared()) {
  const auto &blocks = data_manifest().at("shared_blocks");
  BOOST_TEST(blocks.size() == 9u);
  for (const auto &entry : blocks) {
    const std::string file = entry.at("file");
    BOOST_TEST_CONTEXT(file) {
      const blobdata blob = read_data_file(file);
      const block b = parse_block(blob);
      BOOST_TEST(int(b.major_version) == entry.at("major_version").get<int>());
      BOOST_TEST(int(b.minor_version) == entry.at("minor_version").get<int>());
      BOOST_TEST(b.timestamp == entry.at("timestamp").get<std::uint64_t>());
      BOOST_TEST(b.nonce == entry.at("nonce").get<std::uint32_t>());
      BOOST_TEST(cncrypto::test::hex32(&b.prev_id) == entry.at("prev_id").get<std::string>());
      BOOST_TEST(b.tx_hashes.size() == entry.at("tx_count_excluding_miner").get<std::size_t>());
      BOOST_TEST(b.miner_tx.version == entry.at("miner_tx_version").get<std::uint64_t>());
      BOOST_TEST(std::get<txin_gen>(b.miner_tx.vin.at(0)).height == entry.at("height").get<std::uint64_t>());
      BOOST_TEST(block_to_blob(b) == blob, boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
