// Coinbase (miner) transactions parse as Monero parses them (issue 39): its
// expand_transaction_1 skips every RingCT check for a coinbase (exactly one
// txin_gen input), so parse_transaction, its bool wrapper and the ids from a
// blob accept what parse_block accepts as a miner transaction, and
// parse_transaction(tx_to_blob(block.miner_tx)) works for every such block.
//
// Expected values: the real blocks and coinbase transactions of
// ../shared/data (manifest.json: miner tx ids verified against Monero's
// sources, see its README), and for transactions without a stated id the
// spec's formula (cryptonote_format.md 6.3: v2 id = H_k(H_k(prefix) ||
// H_k(RingCT base) || H_k(prunable)), the prunable hash all zero for type 0)
// computed here over the blob's byte ranges.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/hash.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "support/chain_data.h"
#include "support/hex.h"
#include "support/shared_data.h"
#include "support/xorshift.h"

#include <cstring>
#include <string>
#include <vector>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names

namespace {

using cncrypto::test::unhex;
using cncrypto::test::unhex_blob;
std::string hex(const crypto::hash &h) { return cncrypto::hex_encode(&h, sizeof h); }

crypto::hash hash_range(const blobdata &b, std::size_t from, std::size_t to) {
  return crypto::cn_fast_hash(b.data() + from, to - from);
}

// The spec's v2 id over the blob's own byte ranges: prefix [0, p), base
// [p, u), prunable [u, end) (all zero for RingCT type 0).
crypto::hash spec_v2_id(const blobdata &blob, std::size_t p, std::size_t u, bool type_null) {
  crypto::hash parts[3];
  parts[0] = hash_range(blob, 0, p);
  parts[1] = hash_range(blob, p, u);
  if (type_null) std::memset(&parts[2], 0, sizeof parts[2]);
  else parts[2] = hash_range(blob, u, blob.size());
  return crypto::cn_fast_hash(parts, sizeof parts);
}

// Every way this library reads a transaction blob must accept `blob`, give
// back the same bytes and the same id (from the object and from the blob's
// byte ranges, Monero's two paths); returns the id.
crypto::hash check_reads_back(const blobdata &blob) {
  transaction_layout layout;
  const transaction tx = parse_transaction(blob, &layout);
  BOOST_TEST(is_coinbase(tx));
  BOOST_TEST(layout.total_size() == blob.size());
  BOOST_TEST(tx_to_blob(tx) == blob, boost::test_tools::per_element());
  const transaction_hashes from_blob = get_transaction_hashes_from_blob(blob);
  BOOST_TEST(hex(from_blob.hash) == hex(get_transaction_hash(tx)));
  BOOST_TEST(from_blob.blob_size == blob.size());
  transaction again;
  std::string error;
  BOOST_TEST(parse_and_validate_tx_from_blob(blob, again, &error), error);
  crypto::hash id, prefix_hash;
  BOOST_TEST(parse_and_validate_tx_from_blob(blob, again, id, prefix_hash));
  BOOST_TEST(hex(id) == hex(from_blob.hash));
  BOOST_TEST(hex(prefix_hash) == hex(hash_range(blob, 0, layout.prefix_size)));
  // The pruned form (what a pruned node keeps) parses too.
  const blobdata pruned(blob.begin(), blob.begin() + static_cast<std::ptrdiff_t>(layout.unprunable_size()));
  BOOST_TEST(parse_pruned_transaction(pruned).vout.size() == tx.vout.size());
  if (tx.version >= 2) {
    BOOST_TEST(hex(from_blob.hash) == hex(spec_v2_id(blob, layout.prefix_size, layout.unprunable_size(),
                                                      tx.rct_signatures.type == rct::RCTTypeNull)));
  } else {
    BOOST_TEST(hex(from_blob.hash) == hex(crypto::cn_fast_hash(blob.data(), blob.size())));
  }
  return from_blob.hash;
}

// The 138-byte transaction of issue 39: version 2, unlock 0, one txin_gen
// (height 5), no outputs, empty extra (7 bytes of prefix); RingCT type 6, fee
// 0 (2 bytes of base); no bulletproof+ (count 00), one CLSAG (s[0] = 01..,
// c1 = 02.., D = 03..) and one pseudo-output 04.. (129 bytes of prunable part).
const char *const issue_39_coinbase =
    "020001ff0500000600000101010101010101010101010101010101010101010101010101010101010101020202020202020202020202020202"
    "020202020202020202020202020202020203030303030303030303030303030303030303030303030303030303030303030404040404040404"
    "040404040404040404040404040404040404040404040404";

rct::key key_of(std::uint8_t b) {
  rct::key k;
  std::memset(k.bytes, b, sizeof k.bytes);
  return k;
}

rct::key random_key(cncrypto::test::xorshift64 &next) {
  rct::key k;
  for (auto &b : k.bytes) b = static_cast<unsigned char>(next());
  return k;
}

template <class Proof>
Proof random_proof(cncrypto::test::xorshift64 &next, std::size_t rounds) {
  Proof bp;
  for (std::size_t i = 0; i < rounds; ++i) {
    bp.L.push_back(random_key(next));
    bp.R.push_back(random_key(next));
  }
  return bp;
}

// `count` proofs (at most `outputs`, at least 1 when outputs > 0) covering
// every output: the first has enough rounds for all of them (2^(|L| - 6)
// amounts), the others 6 to 10 rounds.
template <class Proof>
std::vector<Proof> random_proofs(cncrypto::test::xorshift64 &next, std::size_t count, std::size_t outputs) {
  std::vector<Proof> proofs;
  std::size_t rounds = 6;
  while ((std::size_t{1} << (rounds - 6)) < outputs) ++rounds;
  for (std::size_t i = 0; i < count; ++i) proofs.push_back(random_proof<Proof>(next, i == 0 ? rounds : 6 + next() % 5));
  return proofs;
}

// A random coinbase with every shape Monero's serializer takes: version 1 or 2,
// one txin_gen, 0-3 outputs of every kind, and for v2 RingCT type 0-6 with any
// bulletproof count from 0 to the output count that covers the outputs.
transaction random_coinbase(cncrypto::test::xorshift64 &next) {
  transaction tx;
  tx.version = 1 + next() % 2;
  tx.unlock_time = next() % 3 == 0 ? next() : next() % 100;
  tx.vin.emplace_back(txin_gen{next() % 4000000});
  const std::size_t outputs = next() % 4;
  for (std::size_t i = 0; i < outputs; ++i) {
    tx_out o;
    o.amount = next() % 2 ? 0 : next();
    switch (next() % 4) {
      case 0: {
        txout_to_key k;
        const rct::key key = random_key(next);
        std::memcpy(k.key.data, key.bytes, 32);
        o.target = k;
        break;
      }
      case 1: {
        txout_to_tagged_key k;
        const rct::key key = random_key(next);
        std::memcpy(k.key.data, key.bytes, 32);
        k.view_tag.data = static_cast<char>(next());
        o.target = k;
        break;
      }
      case 2: {
        txout_to_script s;
        s.keys.resize(next() % 3);
        for (auto &k : s.keys) {
          const rct::key key = random_key(next);
          std::memcpy(k.data, key.bytes, 32);
        }
        s.script.resize(next() % 4, 0x51);
        o.target = s;
        break;
      }
      default: {
        txout_to_scripthash s;
        const rct::key key = random_key(next);
        std::memcpy(s.hash.data, key.bytes, 32);
        o.target = s;
      }
    }
    tx.vout.push_back(o);
  }
  tx.extra.resize(next() % 40);
  for (auto &b : tx.extra) b = static_cast<std::uint8_t>(next());
  if (tx.version == 1) return tx;

  rct::rctSig &rv = tx.rct_signatures;
  rv.type = static_cast<std::uint8_t>(next() % 7);
  if (rv.type == rct::RCTTypeNull) return tx;
  rv.txnFee = next() % 1000000;
  for (std::size_t i = 0; i < outputs; ++i) {
    rct::ecdhTuple e;
    if (rv.type >= rct::RCTTypeBulletproof2) {
      for (std::size_t b = 0; b < 8; ++b) e.amount.bytes[b] = static_cast<unsigned char>(next());  // 8 bytes on the wire
    } else {
      e.mask = random_key(next);
      e.amount = random_key(next);
    }
    rv.ecdhInfo.push_back(e);
    rv.outPk.push_back(rct::ctkey{rct::key{}, random_key(next)});  // dest is not serialized
  }
  const std::size_t proofs = outputs == 0 ? 0 : 1 + next() % outputs;
  switch (rv.type) {
    case rct::RCTTypeFull:
    case rct::RCTTypeSimple: {
      rv.p.rangeSigs.resize(outputs);
      for (auto &r : rv.p.rangeSigs) r.asig.ee = random_key(next);
      break;
    }
    case rct::RCTTypeBulletproofPlus:
      rv.p.bulletproofs_plus = random_proofs<rct::BulletproofPlus>(next, proofs, outputs);
      break;
    default:
      rv.p.bulletproofs = random_proofs<rct::Bulletproof>(next, proofs, outputs);
  }
  if (rv.type == rct::RCTTypeSimple) rv.pseudoOuts = {random_key(next)};
  if (rv.type >= rct::RCTTypeBulletproof) rv.p.pseudoOuts = {random_key(next)};
  if (rv.type == rct::RCTTypeCLSAG || rv.type == rct::RCTTypeBulletproofPlus) {
    rct::clsag c;
    c.s = {random_key(next)};  // ring size 1: Monero's mixin for a txin_gen input 0 is 0
    c.c1 = random_key(next);
    c.D = random_key(next);
    rv.p.CLSAGs.push_back(c);
  } else {
    rct::mgSig mg;  // one MG (Full: one for all inputs; the others: one per input), 1 x 2 scalars
    mg.ss = {{random_key(next), random_key(next)}};
    mg.cc = random_key(next);
    rv.p.MGs.push_back(mg);
  }
  return tx;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(coinbase)

// The issue's example, which parse_transaction refused with "range proofs:
// expected exactly 1 bulletproof, found 0" while parse_block accepted it.
BOOST_AUTO_TEST_CASE(issue_39_example) {
  const blobdata blob = unhex_blob(issue_39_coinbase);
  BOOST_TEST_REQUIRE(blob.size() == 138u);
  const transaction tx = parse_transaction(blob);
  BOOST_TEST(tx.version == 2u);
  BOOST_TEST(boost::get<txin_gen>(tx.vin.at(0)).height == 5u);
  BOOST_TEST(tx.vout.empty());
  BOOST_TEST(int(tx.rct_signatures.type) == int(rct::RCTTypeBulletproofPlus));
  BOOST_TEST(tx.rct_signatures.p.bulletproofs_plus.empty());
  BOOST_TEST_REQUIRE(tx.rct_signatures.p.CLSAGs.size() == 1u);
  BOOST_TEST((tx.rct_signatures.p.CLSAGs[0].D == key_of(3)));
  BOOST_TEST((tx.rct_signatures.p.pseudoOuts.at(0) == key_of(4)));
  const crypto::hash id = check_reads_back(blob);
  BOOST_TEST(hex(id) == hex(spec_v2_id(blob, 7, 9, false)));  // the byte ranges counted by hand above
  // As the miner transaction of a block, the same bytes.
  block b;
  b.major_version = 16;
  b.miner_tx = tx;
  const block parsed = parse_block(block_to_blob(b));
  BOOST_TEST(tx_to_blob(parsed.miner_tx) == blob, boost::test_tools::per_element());
  BOOST_TEST(hex(get_transaction_hash(parsed.miner_tx)) == hex(id));
}

// What Monero's expand_transaction_1 checks, and skips for a coinbase: a
// type 5 coinbase with two bulletproofs (covering its two outputs), a type 6
// coinbase with a script output (no public key) parse, its outPk dest stays
// zero; the same with a txin_to_key input instead are refused, by the full
// and (for the output key) the pruned parser.
BOOST_AUTO_TEST_CASE(expand_checks_skipped_for_coinbase_only) {
  cncrypto::test::xorshift64 next;
  transaction tx;
  tx.version = 2;
  tx.vin.emplace_back(txin_gen{100});
  for (int i = 0; i < 2; ++i) {
    txout_to_tagged_key k;
    std::memset(k.key.data, 0x20 + i, 32);
    tx.vout.push_back(tx_out{0, k});
  }
  rct::rctSig &rv = tx.rct_signatures;
  rv.type = rct::RCTTypeCLSAG;
  rv.ecdhInfo.resize(2);
  rv.outPk = {rct::ctkey{rct::key{}, key_of(5)}, rct::ctkey{rct::key{}, key_of(6)}};
  rv.p.bulletproofs = random_proofs<rct::Bulletproof>(next, 2, 2);
  rv.p.CLSAGs.push_back(rct::clsag{{key_of(7)}, key_of(8), key_of(9), key_of(10)});
  rv.p.pseudoOuts = {key_of(11)};
  blobdata blob = tx_to_blob(tx);
  transaction back = parse_transaction(blob);
  BOOST_TEST(back.rct_signatures.p.bulletproofs.size() == 2u);
  BOOST_TEST((back.rct_signatures.outPk[0].dest == rct::key{}));  // not filled for a coinbase, as in Monero
  check_reads_back(blob);

  transaction spend = tx;  // the same with a ring input: one proof needed
  txin_to_key in{};
  in.key_offsets = {7};
  spend.vin = {in};
  blob = tx_to_blob(spend);
  BOOST_CHECK_EXCEPTION(parse_transaction(blob), parse_error, [](const parse_error &e) {
    return e.reason() == "range proofs: expected exactly 1 bulletproof, found 2";
  });
  crypto::hash id;
  BOOST_TEST(!parse_and_validate_tx_from_blob(blob, back, id));
  BOOST_CHECK_THROW(get_transaction_hashes_from_blob(blob), parse_error);
  spend.rct_signatures.p.bulletproofs.resize(1);
  spend.rct_signatures.p.bulletproofs[0] = random_proof<rct::Bulletproof>(next, 7);
  BOOST_TEST((parse_transaction(tx_to_blob(spend)).rct_signatures.outPk[1].dest == key_of(0x21)));  // filled

  // A script output in a RingCT transaction: no public key for outPk dest.
  tx.rct_signatures.type = rct::RCTTypeBulletproofPlus;
  tx.rct_signatures.p.bulletproofs.clear();
  tx.rct_signatures.p.bulletproofs_plus = random_proofs<rct::BulletproofPlus>(next, 1, 2);
  tx.vout[1].target = txout_to_scripthash{};
  blob = tx_to_blob(tx);
  check_reads_back(blob);
  spend = tx;
  spend.vin = {in};
  blob = tx_to_blob(spend);
  const std::string message = "output 1: a RingCT output must be txout_to_key or txout_to_tagged_key (it has no public key)";
  BOOST_CHECK_EXCEPTION(parse_transaction(blob), parse_error, [&](const parse_error &e) { return e.reason() == message; });
  const transaction_blobs parts = serialize_transaction_parts(spend);
  blobdata pruned = parts.prefix;
  pruned.insert(pruned.end(), parts.rct_base.begin(), parts.rct_base.end());
  BOOST_CHECK_EXCEPTION(parse_pruned_transaction(pruned), parse_error,
                        [&](const parse_error &e) { return e.reason() == message; });
}

// Every real block's miner transaction, written out alone, reads back with the
// manifest's id; so does every real coinbase transaction of the manifest.
BOOST_AUTO_TEST_CASE(real_miner_transactions_read_back, *cncrypto::test::needs_shared()) {
  std::size_t blocks = 0, coinbases = 0;
  for (const auto &entry : cncrypto::test::data_manifest().at("shared_blocks")) {
    const std::string file = entry.at("file");
    BOOST_TEST_CONTEXT(file) {
      const block b = parse_block(cncrypto::test::read_data_file(file));
      const crypto::hash id = check_reads_back(tx_to_blob(b.miner_tx));
      BOOST_TEST(hex(id) == entry.at("miner_tx_hash").get<std::string>());
      ++blocks;
    }
  }
  for (const auto &entry : cncrypto::test::data_manifest().at("shared_txs")) {
    if (!entry.at("coinbase").get<bool>()) continue;
    const std::string file = entry.at("file");
    BOOST_TEST_CONTEXT(file) {
      const crypto::hash id = check_reads_back(cncrypto::test::as_blob(cncrypto::test::read_data_file(file)));
      BOOST_TEST(hex(id) == entry.at("hash").get<std::string>());
      ++coinbases;
    }
  }
  BOOST_TEST(blocks == 9u);
  BOOST_TEST(coinbases == 4u);
}

// 400 generated blocks (random_coinbase: every RingCT type, bulletproof
// counts 0 to the output count, every output kind): parse_block accepts each,
// and its miner transaction written out alone reads back the same everywhere.
BOOST_AUTO_TEST_CASE(generated_miner_transactions_read_back) {
  cncrypto::test::xorshift64 next;
  int per_type[7] = {};
  for (int n = 0; n < 400; ++n) {
    block b;
    b.major_version = static_cast<std::uint8_t>(1 + next() % 16);
    b.timestamp = next() % 2000000000;
    b.nonce = static_cast<std::uint32_t>(next());
    b.miner_tx = random_coinbase(next);
    b.tx_hashes.resize(next() % 3);
    BOOST_TEST_CONTEXT("block " << n << ", miner tx version " << b.miner_tx.version << " type "
                                << int(b.miner_tx.rct_signatures.type) << ", outputs " << b.miner_tx.vout.size()) {
      const blobdata block_blob = block_to_blob(b);
      const block parsed = parse_block(block_blob);
      BOOST_TEST(block_to_blob(parsed) == block_blob, boost::test_tools::per_element());
      const blobdata blob = tx_to_blob(parsed.miner_tx);
      BOOST_TEST(blob == tx_to_blob(b.miner_tx), boost::test_tools::per_element());
      check_reads_back(blob);
    }
    if (b.miner_tx.version == 2) ++per_type[b.miner_tx.rct_signatures.type];
  }
  for (int type = 0; type < 7; ++type) BOOST_TEST(per_type[type] > 10, "type " << type);
}

BOOST_AUTO_TEST_SUITE_END()
