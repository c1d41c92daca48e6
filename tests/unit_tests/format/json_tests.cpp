// obj_to_json_str (cryptonote/json.h) against Monero 0.18.0.0's own output:
// vectors/monero_json/digests.txt lists, for every transaction (full and
// pruned) and block of ../shared/data and for a few hand-made blobs (the
// script variants, a v2 transaction without inputs, RingCT type 0 with a key
// input, an address), the cn_fast_hash and length of the text Monero's
// obj_to_json_str printed, and some whole texts (vectors/monero_json/NOTICE.md
// says how they were made). The refusal cases follow the return-false lines
// of Monero's serializers (cryptonote_basic.h transaction::serialize,
// rctTypes.h serialize_rctsig_base / serialize_rctsig_prunable): Monero's
// obj_to_json_str returns "" for them.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/hash.h"
#include "cryptonote/json.h"
#include "cryptonote/serialization.h"
#include "serialization/binary_utils.h"
#include "support/chain_data.h"
#include "support/hex.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <fstream>
#include <functional>
#include <iterator>
#include <string>

using namespace cryptonote;
using cncrypto::test::as_blob;
using cncrypto::test::unhex_blob;

namespace {

const std::filesystem::path &vectors_dir() {
  static const std::filesystem::path dir = cncrypto::test::repo_vectors_dir() / "monero_json";
  return dir;
}

std::string read_text(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  BOOST_TEST_REQUIRE(in.good(), "cannot read " << path);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

blobdata source_blob(const std::string &source) {
  if (source.rfind("hex:", 0) == 0) return unhex_blob(source.substr(4));
  return as_blob(cncrypto::test::read_data_file(source));
}

// Our JSON of the object a digest line names, through the non-const form (the
// const form must give the same text).
std::string our_json(const std::string &kind, const blobdata &blob) {
  std::string text;
  if (kind == "tx" || kind == "ptx") {
    transaction tx;
    const bool ok = kind == "tx" ? parse_and_validate_tx_from_blob(blob, tx)
                                 : parse_and_validate_tx_base_from_blob(blob, tx);
    BOOST_TEST_REQUIRE(ok);
    text = obj_to_json_str(tx);
    BOOST_TEST(obj_to_json_str(static_cast<const transaction &>(tx)) == text);
  } else if (kind == "block") {
    block b;
    BOOST_TEST_REQUIRE(parse_and_validate_block_from_blob(blob, b));
    text = obj_to_json_str(b);
    BOOST_TEST(obj_to_json_str(static_cast<const block &>(b)) == text);
  } else {
    BOOST_TEST_REQUIRE(kind == "addr");
    account_public_address a;
    BOOST_TEST_REQUIRE(serialization::parse_binary(blob, a));
    text = obj_to_json_str(a);
    BOOST_TEST(obj_to_json_str(static_cast<const account_public_address &>(a)) == text);
  }
  return text;
}

// Checks every digest line whose source is (or is not) in ../shared/data; the count checked.
std::size_t check_digests(bool from_shared) {
  std::size_t checked = 0;
  for (const auto &line : cncrypto::test::read_vector_file(vectors_dir() / "digests.txt")) {
    const auto &f = line.fields;
    BOOST_TEST_REQUIRE((f.size() == 4 || f.size() == 5), "digests.txt line " << line.line_number);
    if ((f[1].rfind("hex:", 0) != 0) != from_shared) continue;
    BOOST_TEST_CONTEXT(f[0] << " " << f[1].substr(0, 80)) {
      const std::string text = our_json(f[0], source_blob(f[1]));
      const crypto::hash digest = crypto::cn_fast_hash(text.data(), text.size());
      BOOST_TEST(cncrypto::hex_encode(&digest, sizeof digest) == f[2]);
      BOOST_TEST(std::to_string(text.size()) == f[3]);
      if (f.size() == 5) BOOST_TEST(text == read_text(vectors_dir() / f[4]));  // readable diff
      ++checked;
    }
  }
  return checked;
}

transaction parse_tx(const std::string &relative) {
  return cncrypto::parse_transaction(cncrypto::test::read_data_file(relative));
}

// Each mutation of a copy of tx must make obj_to_json_str return "".
void expect_refused(const transaction &tx, const std::vector<std::pair<const char *, std::function<void(transaction &)>>> &cases) {
  BOOST_TEST_REQUIRE(!obj_to_json_str(tx).empty());
  for (const auto &c : cases) {
    transaction bad = tx;
    c.second(bad);
    BOOST_TEST(obj_to_json_str(bad).empty(), c.first);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(monero_json)

// Hand-made blobs, no ../shared needed: txin_to_script / txin_to_scripthash /
// txout_to_script / txout_to_scripthash (and Monero's "[ , ]" for two inputs
// without rings), a v2 transaction without inputs ("rct_signatures": and no
// value), RingCT type 0 after a key input, a v2 coinbase with a tagged key,
// an address.
BOOST_AUTO_TEST_CASE(hand_made_objects_as_monero) { BOOST_TEST(check_digests(false) == 5u); }

// Every transaction of ../shared/data (v1, v1 coinbase, RingCT types 0-6),
// full and pruned, and every block (miner transactions v1 and v2, tx hashes).
BOOST_AUTO_TEST_CASE(chain_objects_as_monero, *cncrypto::test::needs_shared()) {
  BOOST_TEST(check_digests(true) == 36u * 2 + 9);
}

BOOST_AUTO_TEST_CASE(the_text_of_a_small_transaction) {
  // A v2 transaction without inputs or outputs: the literal text (the whole
  // vector file says the same; spelled out here so the layout rules are visible).
  transaction tx;
  tx.version = 2;
  BOOST_TEST(obj_to_json_str(tx) ==
             "{\n  \"version\": 2, \n  \"unlock_time\": 0, \n  \"vin\": [ ], \n  \"vout\": [ ], \n"
             "  \"extra\": [ ], \n  \"rct_signatures\": \n}");
}

BOOST_AUTO_TEST_CASE(refused_prefix_and_v1) {
  // v1: one key input (amount 0, one key offset 3, key image 55..55), one
  // output (amount 0, key 66..66), no extra, one 64-byte signature aa..aa.
  transaction v1 = cncrypto::parse_transaction(unhex_blob("01" "00" "01" "02" "00" "01" "03" + std::string(64, '5') +
                                                          "01" "00" "02" + std::string(64, '6') + "00" +
                                                          std::string(128, 'a')));
  expect_refused(v1, {
      {"version 0", [](transaction &t) { t.version = 0; }},
      {"version 3", [](transaction &t) { t.version = 3; }},
      {"two signature rings for one input", [](transaction &t) { t.signatures.push_back({}); }},
      {"ring of 2 signatures for 1 key offset", [](transaction &t) { t.signatures[0].push_back({}); }},
      {"no signatures for a key input", [](transaction &t) { t.signatures.clear(); }},
  });
  // A pruned v1 transaction prints without signatures.
  v1.signatures.clear();
  v1.pruned = true;
  BOOST_TEST(obj_to_json_str(v1).find("\"signatures\": [ ]") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(refused_ringct_clsag_bpp, *cncrypto::test::needs_shared()) {
  // RingCT type 6, 1 input (ring 16), 2 outputs, one Bulletproof+ with |L| = 7.
  const transaction tx = parse_tx("txs/e89415b95564aa7e3587c91422756ba5303e727996e19c677630309a0d52a7ca.bin");
  expect_refused(tx, {
      {"RingCT type 7", [](transaction &t) { t.rct_signatures.type = 7; }},
      {"3 ecdhInfo for 2 outputs", [](transaction &t) { t.rct_signatures.ecdhInfo.emplace_back(); }},
      {"1 outPk for 2 outputs", [](transaction &t) { t.rct_signatures.outPk.pop_back(); }},
      {"2 pseudoOuts for 1 input", [](transaction &t) { t.rct_signatures.p.pseudoOuts.emplace_back(); }},
      {"no CLSAG", [](transaction &t) { t.rct_signatures.p.CLSAGs.clear(); }},
      {"CLSAG s of 15 for ring 16", [](transaction &t) { t.rct_signatures.p.CLSAGs[0].s.pop_back(); }},
      {"3 Bulletproof+ for 2 outputs",
       [](transaction &t) { t.rct_signatures.p.bulletproofs_plus.resize(3, t.rct_signatures.p.bulletproofs_plus[0]); }},
      {"Bulletproof+ without L and R",
       [](transaction &t) {
         t.rct_signatures.p.bulletproofs_plus[0].L.clear();
         t.rct_signatures.p.bulletproofs_plus[0].R.clear();
       }},
      {"Bulletproof+ |L| != |R|", [](transaction &t) { t.rct_signatures.p.bulletproofs_plus[0].R.pop_back(); }},
      {"Bulletproof+ for 1 amount, 2 outputs",
       [](transaction &t) {
         t.rct_signatures.p.bulletproofs_plus[0].L.pop_back();
         t.rct_signatures.p.bulletproofs_plus[0].R.pop_back();
       }},
      {"input 0 with no ring (mixin -1)",
       [](transaction &t) { boost::get<txin_to_key>(t.vin[0]).key_offsets.clear(); }},
  });
  // The same objects pruned are not refused for their prunable part: it is not printed.
  transaction pruned = tx;
  pruned.pruned = true;
  pruned.rct_signatures.p.CLSAGs.clear();
  BOOST_TEST(obj_to_json_str(pruned).find("rctsig_prunable") == std::string::npos);
  BOOST_TEST(!obj_to_json_str(pruned).empty());
}

BOOST_AUTO_TEST_CASE(refused_ringct_mlsag_borromean, *cncrypto::test::needs_shared()) {
  // RingCT type 4 (Bulletproof2, MLSAG), 1 input, ring 11, 2 outputs.
  const transaction bp2 = parse_tx("txs/10312fd4a2da881f8a5ab31d4492176d835f523f08c09a8cea7456f6bdedb6fa.bin");
  expect_refused(bp2, {
      {"2 MGs for 1 input", [](transaction &t) { t.rct_signatures.p.MGs.push_back(t.rct_signatures.p.MGs[0]); }},
      {"MG of 10 rows for ring 11", [](transaction &t) { t.rct_signatures.p.MGs[0].ss.pop_back(); }},
      {"MG row of 3 for 2 columns", [](transaction &t) { t.rct_signatures.p.MGs[0].ss[4].emplace_back(); }},
      {"no bulletproof", [](transaction &t) { t.rct_signatures.p.bulletproofs.clear(); }},
  });
  // RingCT type 1 (Full, Borromean), 1 input, ring 3, 2 outputs: one MG over all inputs.
  const transaction full = parse_tx("txs/140564273396a16135ba0867ded6b7981fdc28bda45c62f993dc51ff26cfb2e5.bin");
  expect_refused(full, {
      {"1 range proof for 2 outputs", [](transaction &t) { t.rct_signatures.p.rangeSigs.pop_back(); }},
      {"MG row of 3 for 2 columns (1 input + 1)", [](transaction &t) { t.rct_signatures.p.MGs[0].ss[0].emplace_back(); }},
  });
  // RingCT type 2 (Simple): pseudoOuts in the base.
  const transaction simple = parse_tx("txs/c69861bf16c5f382c2003b2b6b93d82989c385e7d33ff03e7a61f60014109147.bin");
  expect_refused(simple, {{"1 pseudoOut for 2 inputs", [](transaction &t) { t.rct_signatures.pseudoOuts.pop_back(); }}});
}

BOOST_AUTO_TEST_CASE(a_refused_miner_tx_refuses_its_block, *cncrypto::test::needs_shared()) {
  block b = cncrypto::parse_block(
      cncrypto::test::read_data_file("blocks/f910435a5477ca27be1986c080d5476aeab52d0c07cf3d9c72513213350d25d4.bin"));
  BOOST_TEST(!obj_to_json_str(b).empty());
  b.miner_tx.version = 3;
  BOOST_TEST(obj_to_json_str(b).empty());
  // (More than CRYPTONOTE_MAX_TX_PER_BLOCK = 2^28 tx hashes, also refused, would take 8 GiB.)
}

BOOST_AUTO_TEST_SUITE_END()
