// RingCT types 1-5 at the transaction level (issue 17 item 5;
// docs/tx_rules.md "Checking RingCT types 1-5"): check_tx_semantics_v2
// checks the transaction around the rctSig and the rctSig's counts for its
// type, then hands it to rct::verRctSemanticsSimple (types 2-6) or
// rct::verRct(rv, true) (type 1), as Monero's check_tx_semantic.
//
// Every real type 1-5 transaction of ../shared/data (manifest.json, Monero's
// chain) is accepted alone and in one batch, a changed range proof is refused,
// and the per-type counts are checked before the rct verifiers run.
#include <boost/test/unit_test.hpp>

#include "cryptonote/serialization.h"
#include "cryptonote/tx_verification.h"
#include "support/chain_data.h"
#include "support/shared_data.h"

#include <string>
#include <vector>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names

namespace {

std::vector<std::pair<std::string, transaction>> legacy_txs() {
  std::vector<std::pair<std::string, transaction>> out;
  for (const auto &e : cncrypto::test::data_manifest().at("shared_txs")) {
    if (e.at("version").get<int>() != 2) continue;
    const int type = e.at("rct_type").get<int>();
    if (type < 1 || type > 5) continue;
    const auto blob = cncrypto::test::read_data_file(e.at("file").get<std::string>());
    out.emplace_back(e.at("hash").get<std::string>(), parse_transaction(byte_span(blob.data(), blob.size())));
  }
  return out;
}

// Changes one byte of the range proof (Borromean for types 1-2, Bulletproof for 3-5).
void tamper_range_proof(transaction &tx) {
  rct::rctSigPrunable &p = tx.rct_signatures.p;
  if (!p.rangeSigs.empty()) {
    p.rangeSigs[0].asig.ee.bytes[0] ^= 1;
  } else {
    BOOST_REQUIRE(!p.bulletproofs.empty());
    p.bulletproofs[0].taux.bytes[0] ^= 1;
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(rct_legacy_tx)

BOOST_AUTO_TEST_CASE(structure_is_checked_per_type, *cncrypto::test::needs_shared()) {
  const auto txs = legacy_txs();
  std::size_t checked = 0;
  for (const auto &[hash, tx0] : txs) {
    const std::uint8_t type = tx0.rct_signatures.type;
    BOOST_TEST_CONTEXT(hash << " (type " << int(type) << ")") {
      std::string error;
      transaction tx = tx0;
      if (type == rct::RCTTypeCLSAG) {
        tx.rct_signatures.p.CLSAGs[0].s.pop_back();
        BOOST_CHECK(!check_tx_semantics_v2(tx, &error));
        BOOST_CHECK_NE(error.find("its CLSAG has"), std::string::npos);
      } else if (type == rct::RCTTypeFull) {
        tx.rct_signatures.p.MGs.push_back(tx.rct_signatures.p.MGs[0]);
        BOOST_CHECK(!check_tx_semantics_v2(tx, &error));
        BOOST_CHECK_NE(error.find("MLSAGs"), std::string::npos);
        tx = tx0;
        tx.rct_signatures.p.MGs[0].ss[0].pop_back();
        BOOST_CHECK(!check_tx_semantics_v2(tx, &error));
        BOOST_CHECK_NE(error.find("MLSAG rows"), std::string::npos);
      } else {
        tx.rct_signatures.p.MGs.pop_back();
        BOOST_CHECK(!check_tx_semantics_v2(tx, &error));
        BOOST_CHECK_NE(error.find("MLSAGs for"), std::string::npos);
        tx = tx0;
        rct::keyV &pseudo = type == rct::RCTTypeSimple ? tx.rct_signatures.pseudoOuts : tx.rct_signatures.p.pseudoOuts;
        pseudo.pop_back();
        BOOST_CHECK(!check_tx_semantics_v2(tx, &error));
        BOOST_CHECK_NE(error.find("pseudo-outputs"), std::string::npos);
      }
      tx = tx0;
      tx.rct_signatures.ecdhInfo.pop_back();
      BOOST_CHECK(!check_tx_semantics_v2(tx, &error));
      BOOST_CHECK_NE(error.find("encrypted amounts"), std::string::npos);
      tx = tx0;
      tx.rct_signatures.type = 7;
      BOOST_CHECK(!check_tx_semantics_v2(tx, &error));
      BOOST_CHECK_NE(error.find("unknown RingCT type"), std::string::npos);
      // The ring signatures: the rings' shape is checked before the verifier.
      BOOST_CHECK(!check_tx_ring_signatures_v2(tx0, {}, &error));
      BOOST_CHECK_NE(error.find("rings given"), std::string::npos);
      ++checked;
    }
  }
  BOOST_CHECK_EQUAL(checked, 17u);
}

BOOST_AUTO_TEST_CASE(legacy_types_verify, *cncrypto::test::needs_shared()) {
  const auto txs = legacy_txs();
  BOOST_REQUIRE_EQUAL(txs.size(), 17u);
  std::vector<const transaction *> batch;
  for (const auto &[hash, tx] : txs) {
    std::string error;
    BOOST_CHECK_MESSAGE(check_tx_semantics_v2(tx, &error), hash << ": " << error);
    if (tx.rct_signatures.type != rct::RCTTypeFull) batch.push_back(&tx);
    transaction bad = tx;
    tamper_range_proof(bad);
    BOOST_CHECK_MESSAGE(!check_tx_semantics_v2(bad, &error), hash << ": a changed range proof was accepted");
  }
  std::string error;
  BOOST_CHECK_MESSAGE(check_tx_semantics_v2(batch, &error), error);
}

BOOST_AUTO_TEST_SUITE_END()
