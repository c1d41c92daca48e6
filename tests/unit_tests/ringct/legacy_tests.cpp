// RingCT types 1-5 without the vector files' help: the real type 1-5
// transactions of ../shared/data (byte-for-byte re-serialization, hashes,
// range proofs; the realtx_* lines of monero_ringct_legacy_realtx.txt),
// sign/verify round trips of Borromean proofs, MLSAG, genRct and genRctSimple
// type 2, and bad input (undecodable points, non-canonical scalars, oversized
// counts, mismatched dimensions): false or a clear exception, never a crash.
#include <boost/test/unit_test.hpp>

#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "ringct/rctSerialization.h"
#include "ringct/rctSigs.h"
#include "rct_test_util.h"
#include "support/chain_data.h"
#include "support/hex.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using cncrypto::test::bool_field;
using cncrypto::test::needs_shared;
using cncrypto::test::u64_field;
using rct_test::hex_key;


// ---- real transactions ------------------------------------------------------------

struct real_tx {
  std::vector<std::uint8_t> blob;
  cryptonote::transaction tx;
};

// The real transactions of RingCT types 1-5 in ../shared/data, by hash, with
// rv.message = the prefix hash (and outPk dest, CLSAG I filled by the parser).
const std::map<std::string, real_tx> &real_txs() {
  static const std::map<std::string, real_tx> txs = [] {
    std::map<std::string, real_tx> m;
    for (const auto &entry : cncrypto::test::data_manifest().at("shared_txs")) {
      if (!entry.contains("rct_type") || entry.at("rct_type").is_null()) continue;
      const int type = entry.at("rct_type");
      if (type < 1 || type > 5) continue;
      real_tx t;
      t.blob = cncrypto::test::read_data_file(entry.at("file"));
      t.tx = cncrypto::parse_transaction(cncrypto::byte_span(t.blob.data(), t.blob.size()));
      const crypto::hash prefix = cryptonote::get_transaction_prefix_hash(t.tx);
      std::memcpy(t.tx.rct_signatures.message.bytes, prefix.data, 32);
      m.emplace(entry.at("hash").get<std::string>(), std::move(t));
    }
    return m;
  }();
  return txs;
}

const real_tx &real(const std::string &hash) {
  const auto it = real_txs().find(hash);
  if (it == real_txs().end()) throw std::runtime_error("no real transaction " + hash + " in ../shared/data");
  return it->second;
}

std::vector<cncrypto::test::vector_line> realtx_lines(const std::string &name) {
  return cncrypto::test::read_vector_file(cncrypto::test::shared_path("vectors/monero_ringct_legacy_realtx.txt"), name);
}

std::string hex_hash(const crypto::hash &h) { return cncrypto::test::hex32(h.data); }

// ---- synthetic rings ----------------------------------------------------------------

rct::key random_point() { return rct::scalarmultBase(rct::skGen()); }

// A ring of `size` members with the real one at index: {p*G, commit(amount, mask)}.
rct::ctkeyV ring_with(const rct::ctkey &sk, std::uint64_t amount, std::size_t size, unsigned int index) {
  rct::ctkeyV ring(size);
  for (auto &m : ring) m = {random_point(), random_point()};
  ring[index] = {rct::scalarmultBase(sk.dest), rct::commit(amount, sk.mask)};
  return ring;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(ringct_legacy)

// ---- real transactions --------------------------------------------------------------------

// Every real type 1-5 transaction re-serializes to its own bytes, and its id
// (recomputed from the three hashes) is its file name.
BOOST_AUTO_TEST_CASE(real_transactions_round_trip, *needs_shared()) {
  std::size_t by_type[6] = {0};
  for (const auto &[hash, t] : real_txs()) {
    BOOST_TEST_CONTEXT(hash) {
      BOOST_TEST((cryptonote::tx_to_blob(t.tx) == cncrypto::test::as_blob(t.blob)));
      BOOST_TEST(hex_hash(cryptonote::get_transaction_hash(t.tx)) == hash);
      ++by_type[t.tx.rct_signatures.type];
    }
  }
  BOOST_TEST(real_txs().size() == 17u);  // README_ringct_legacy.md: 17 real type 1-5 transactions
  BOOST_TEST(by_type[1] == 1u);
  BOOST_TEST(by_type[2] == 1u);
  BOOST_TEST(by_type[3] == 6u);
  BOOST_TEST(by_type[4] == 7u);
  BOOST_TEST(by_type[5] == 2u);
}

// realtx_rct TXHASH TYPE NIN NOUT MIXIN FEE PREFIX_HASH BASE_HASH PRUNABLE_HASH PRE_MLSAG_HASH
BOOST_AUTO_TEST_CASE(realtx_rct_lines, *needs_shared()) {
  std::size_t n = 0;
  for (const auto &l : realtx_lines("realtx_rct")) {
    const std::string &hash = l.fields.at(1);
    BOOST_TEST_CONTEXT(hash) {
      const real_tx &t = real(hash);
      const rct::rctSig &rv = t.tx.rct_signatures;
      BOOST_TEST(rv.type == u64_field(l.fields.at(2)));
      BOOST_TEST(t.tx.vin.size() == u64_field(l.fields.at(3)));
      BOOST_TEST(t.tx.vout.size() == u64_field(l.fields.at(4)));
      const auto &in0 = boost::get<cryptonote::txin_to_key>(t.tx.vin.at(0));
      BOOST_TEST(in0.key_offsets.size() - 1 == u64_field(l.fields.at(5)));
      BOOST_TEST(rv.txnFee == u64_field(l.fields.at(6)));
      const cncrypto::transaction_hashes h = cncrypto::get_transaction_hashes(t.tx);
      BOOST_TEST(hex_hash(h.prefix_hash) == l.fields.at(7));
      BOOST_TEST(hex_hash(h.rct_base_hash) == l.fields.at(8));
      BOOST_TEST(hex_hash(h.rct_prunable_hash) == l.fields.at(9));
      BOOST_TEST(hex_hash(h.hash) == hash);
      BOOST_TEST(hex_key(rct::get_pre_mlsag_hash(rv, hw::get_device("default"))) == l.fields.at(10));
      ++n;
    }
  }
  BOOST_TEST(n == 17u);
}

// realtx_verRange TXHASH I BOOL, realtx_verRct_semantics(_tampered), and every
// real Borromean proof with one bit of a scalar flipped.
BOOST_AUTO_TEST_CASE(realtx_borromean_lines, *needs_shared()) {
  std::size_t n = 0;
  for (const auto &l : realtx_lines("realtx_verRange")) {
    BOOST_TEST_CONTEXT(l.fields.at(1)) {
      const rct::rctSig &rv = real(l.fields.at(1)).tx.rct_signatures;
      const std::size_t i = u64_field(l.fields.at(2));
      BOOST_TEST(rct::verRange(rv.outPk.at(i).mask, rv.p.rangeSigs.at(i)) == bool_field(l.fields.at(3)));
      // Altering any part of the proof makes it fail (a sample of bytes of each field).
      rct::rangeSig bad = rv.p.rangeSigs[i];
      bad.asig.s0[7].bytes[3] ^= 1;
      BOOST_TEST(!rct::verRange(rv.outPk[i].mask, bad));
      bad = rv.p.rangeSigs[i];
      bad.asig.s1[63].bytes[0] ^= 0x80;
      BOOST_TEST(!rct::verRange(rv.outPk[i].mask, bad));
      bad = rv.p.rangeSigs[i];
      bad.Ci[30].bytes[5] ^= 4;
      BOOST_TEST(!rct::verRange(rv.outPk[i].mask, bad));
      ++n;
    }
  }
  BOOST_TEST(n == 4u);
  for (const auto &l : realtx_lines("realtx_verRct_semantics")) {
    std::string error;
    BOOST_TEST(rct::verRct(real(l.fields.at(1)).tx.rct_signatures, true, &error) == bool_field(l.fields.at(2)), error);
  }
  for (const auto &l : realtx_lines("realtx_verRct_semantics_tampered")) {
    rct::rctSig rv = real(l.fields.at(1)).tx.rct_signatures;
    BOOST_REQUIRE(l.fields.at(2) == "ee");
    rv.p.rangeSigs.at(0).asig.ee.bytes[2] ^= 1;
    BOOST_TEST(rct::verRct(rv, true) == bool_field(l.fields.at(3)));
  }
}

// realtx_verRctSemanticsSimple(_tampered): types 2-5 (Borromean range proofs
// or Bulletproofs, balance, shapes); the tampered ones, with a pseudo-output
// altered, fail the balance.
BOOST_AUTO_TEST_CASE(realtx_semantics_lines, *needs_shared()) {
  std::size_t bulletproof_types = 0, n = 0;
  for (const auto &l : realtx_lines("realtx_verRctSemanticsSimple")) {
    BOOST_TEST_CONTEXT(l.fields.at(1)) {
      const rct::rctSig &rv = real(l.fields.at(1)).tx.rct_signatures;
      std::string error;
      BOOST_TEST(rct::verRctSemanticsSimple(rv, &error) == bool_field(l.fields.at(2)), error);
      if (rct::is_rct_bulletproof(rv.type)) ++bulletproof_types;
      ++n;
    }
  }
  BOOST_TEST(n == 16u);
  BOOST_TEST(bulletproof_types == 15u);
  for (const auto &l : realtx_lines("realtx_verRctSemanticsSimple_tampered")) {
    BOOST_TEST_CONTEXT(l.fields.at(1)) {
      rct::rctSig rv = real(l.fields.at(1)).tx.rct_signatures;
      BOOST_REQUIRE(l.fields.at(2) == "pseudoOut0");
      (rv.type == rct::RCTTypeSimple ? rv.pseudoOuts : rv.p.pseudoOuts).at(0).bytes[4] ^= 1;
      std::string error;
      BOOST_TEST(rct::verRctSemanticsSimple(rv, &error) == bool_field(l.fields.at(3)), error);
    }
  }
}

// ---- conversions -----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(bits_conversions) {
  rct::bits b;
  const std::uint64_t v = 0x8000000000000001ull | (0x5aull << 20);
  rct::d2b(b, v);
  BOOST_TEST(b[0] == 1u);
  BOOST_TEST(b[63] == 1u);
  BOOST_TEST(b[1] == 0u);
  BOOST_TEST(rct::b2d(b) == v);
  rct::key k;
  rct::b2h(k, b);
  BOOST_TEST(hex_key(k) == hex_key(rct::d2h(v)));
  rct::bits b2;
  rct::h2b(b2, rct::d2h(v));
  BOOST_TEST(std::memcmp(b, b2, sizeof b) == 0);
  // Monero's Horner evaluation: an element 2 counts as 2 (b2d), as 2 in its byte (b2h).
  rct::bits two{};
  two[0] = 2;
  BOOST_TEST(rct::b2d(two) == 2u);
  rct::b2h(k, two);
  BOOST_TEST(k.bytes[0] == 2);
  BOOST_TEST(hex_key(rct::H2[0]) == hex_key(rct::H));
  BOOST_TEST(hex_key(rct::H2[1]) == hex_key(rct::addKeys(rct::H, rct::H)));
  BOOST_CHECK_THROW(rct::H2[64], std::out_of_range);
  // cn_fast_hash(key64) hashes the 2048 bytes.
  rct::key64 keys;
  for (int i = 0; i < 64; ++i) keys[i] = rct::d2h(i);
  rct::key direct;
  rct::cn_fast_hash(direct, keys, sizeof keys);
  BOOST_TEST(hex_key(rct::cn_fast_hash(keys)) == hex_key(direct));
  rct::key reduced;
  rct::hash_to_scalar(reduced, keys, sizeof keys);
  BOOST_TEST(hex_key(rct::hash_to_scalar(keys)) == hex_key(reduced));
}

// ---- round trips ----------------------------------------------------------------------------

BOOST_AUTO_TEST_CASE(range_proofs) {
  for (std::uint64_t amount : {0ull, 1ull, 0xffffffffffffffffull, 0x8000000000000000ull, 123456789ull}) {
    BOOST_TEST_CONTEXT(amount) {
      rct::key C, mask;
      const rct::rangeSig sig = rct::proveRange(C, mask, amount);
      BOOST_TEST(hex_key(C) == hex_key(rct::commit(amount, mask)));
      BOOST_TEST(rct::verRange(C, sig));
      BOOST_TEST(!rct::verRange(rct::commit(amount + 1, mask), sig));
      rct::rangeSig bad = sig;
      bad.asig.ee.bytes[0] ^= 1;
      BOOST_TEST(!rct::verRange(C, bad));
      bad = sig;
      bad.Ci[0].bytes[0] ^= 1;
      BOOST_TEST(!rct::verRange(C, bad));
      bad = sig;
      bad.Ci[9] = rct::key{{2}};  // y = 2 has no x: does not decode
      BOOST_TEST(!rct::verRange(C, bad));
      // s0 + L verifies like s0 (not range-checked, as Monero).
      bad = sig;
      unsigned char carry = 0;
      for (int b = 0; b < 32; ++b) {
        const unsigned sum = bad.asig.s0[5].bytes[b] + rct::L.bytes[b] + carry;
        bad.asig.s0[5].bytes[b] = static_cast<unsigned char>(sum);
        carry = static_cast<unsigned char>(sum >> 8);
      }
      BOOST_TEST(rct::verRange(C, bad));
    }
  }
}

BOOST_AUTO_TEST_CASE(borromean_generic) {
  rct::key64 x, P1, P2;
  rct::bits indices;
  for (int i = 0; i < 64; ++i) {
    indices[i] = (i * 7 + 3) % 5 < 2 ? 1 : 0;
    x[i] = rct::skGen();
    const rct::key known = rct::scalarmultBase(x[i]);
    (indices[i] == 0 ? P1 : P2)[i] = known;
    (indices[i] == 0 ? P2 : P1)[i] = random_point();
  }
  const rct::boroSig bb = rct::genBorromean(x, P1, P2, indices);
  BOOST_TEST(rct::verifyBorromean(bb, P1, P2));
  BOOST_TEST(!rct::verifyBorromean(bb, P2, P1));
  indices[4] = 2;
  BOOST_CHECK_THROW(rct::genBorromean(x, P1, P2, indices), std::invalid_argument);
  P1[0] = rct::key{{2}};
  indices[4] = 0;
  BOOST_CHECK_THROW(rct::genBorromean(x, P1, P2, indices), std::invalid_argument);
  BOOST_TEST(!rct::verifyBorromean(bb, P1, P2));
}

BOOST_AUTO_TEST_CASE(mlsag_round_trips) {
  struct shape {
    std::size_t cols, rows, ds;
  };
  for (const shape s : {shape{2, 1, 1}, shape{3, 2, 1}, shape{5, 3, 3}, shape{4, 2, 0}, shape{11, 2, 1}}) {
    for (unsigned int index : {0u, static_cast<unsigned int>(s.cols / 2), static_cast<unsigned int>(s.cols - 1)}) {
      BOOST_TEST_CONTEXT(s.cols << "x" << s.rows << " ds " << s.ds << " index " << index) {
        rct::keyM pk(s.cols, rct::keyV(s.rows));
        rct::keyV xx(s.rows);
        for (auto &col : pk)
          for (auto &k : col) k = random_point();
        for (std::size_t j = 0; j < s.rows; ++j) {
          xx[j] = rct::skGen();
          pk[index][j] = rct::scalarmultBase(xx[j]);
        }
        const rct::key message = rct::skGen();
        const rct::mgSig sig = rct::MLSAG_Gen(message, pk, xx, index, s.ds, hw::get_device("default"));
        BOOST_TEST(sig.II.size() == s.ds);
        BOOST_TEST(rct::MLSAG_Ver(message, pk, sig, s.ds));
        rct::key other = message;
        other.bytes[0] ^= 1;
        BOOST_TEST(!rct::MLSAG_Ver(other, pk, sig, s.ds));
        rct::mgSig bad = sig;
        bad.ss[index][0].bytes[1] ^= 1;
        BOOST_TEST(!rct::MLSAG_Ver(message, pk, bad, s.ds));
        // Mismatched dimensions and counts: false, no over-read.
        bad = sig;
        bad.ss.pop_back();
        BOOST_TEST(!rct::MLSAG_Ver(message, pk, bad, s.ds));
        bad = sig;
        bad.ss[0].push_back(rct::Z);
        BOOST_TEST(!rct::MLSAG_Ver(message, pk, bad, s.ds));
        BOOST_TEST(!rct::MLSAG_Ver(message, pk, sig, s.ds + 1));
        bad = sig;
        bad.cc = rct::L;  // non-canonical
        BOOST_TEST(!rct::MLSAG_Ver(message, pk, bad, s.ds));
        rct::keyM ragged = pk;
        ragged[1].pop_back();
        BOOST_TEST(!rct::MLSAG_Ver(message, ragged, sig, s.ds));
        rct::keyM undecodable = pk;
        undecodable[(index + 1) % s.cols][0] = rct::key{{2}};
        BOOST_TEST(!rct::MLSAG_Ver(message, undecodable, sig, s.ds));
        if (s.ds > 0) {
          bad = sig;
          bad.II[0] = rct::I;
          BOOST_TEST(!rct::MLSAG_Ver(message, pk, bad, s.ds));
          bad.II[0] = rct::key{{2}};
          BOOST_TEST(!rct::MLSAG_Ver(message, pk, bad, s.ds));
        }
      }
    }
  }
  rct::keyM one(1, rct::keyV(1, random_point()));
  BOOST_CHECK_THROW(rct::MLSAG_Gen(rct::Z, one, {rct::skGen()}, 0, 1, hw::get_device("default")), std::invalid_argument);
  rct::keyM two(2, rct::keyV(1, random_point()));
  BOOST_CHECK_THROW(rct::MLSAG_Gen(rct::Z, two, {rct::skGen()}, 2, 1, hw::get_device("default")), std::invalid_argument);
  BOOST_CHECK_THROW(rct::MLSAG_Gen(rct::Z, two, {rct::skGen(), rct::skGen()}, 0, 1, hw::get_device("default")), std::invalid_argument);
  BOOST_CHECK_THROW(rct::MLSAG_Gen(rct::Z, two, {rct::skGen()}, 0, 2, hw::get_device("default")), std::invalid_argument);
  BOOST_TEST(!rct::MLSAG_Ver(rct::Z, rct::keyM{}, rct::mgSig{}, 0));
  BOOST_TEST(!rct::verRctMGSimple(rct::Z, rct::mgSig{}, rct::ctkeyV{}, rct::H));
}

BOOST_AUTO_TEST_CASE(type1_round_trip) {
  const std::size_t inputs = 2, members = 4;
  const unsigned int index = 2;
  const std::vector<std::uint64_t> in_amounts{5000, 7000};
  const std::vector<std::uint64_t> amounts{9000, 2500, 500};  // two outputs and the fee
  rct::ctkeyV inSk(inputs);
  rct::ctkeyM mixRing(members, rct::ctkeyV(inputs));
  for (auto &m : mixRing)
    for (auto &k : m) k = {random_point(), random_point()};
  for (std::size_t j = 0; j < inputs; ++j) {
    inSk[j] = {rct::skGen(), rct::skGen()};
    mixRing[index][j] = {rct::scalarmultBase(inSk[j].dest), rct::commit(in_amounts[j], inSk[j].mask)};
  }
  const rct::keyV destinations{random_point(), random_point()}, amount_keys{rct::skGen(), rct::skGen()};
  rct::ctkeyV outSk;
  const rct::key message = rct::skGen();
  // Monero 0.18's genRct refuses 2+ inputs (rctSigs.cpp: CHECK_AND_ASSERT_THROW_MES,
  // a std::runtime_error); cncrypto::genRctFull signs them.
  try {
    (void)rct::genRct(message, inSk, destinations, amounts, mixRing, amount_keys, index, outSk,
                      {rct::RangeProofBorromean, 0}, hw::get_device("default"));
    BOOST_ERROR("rct::genRct signed 2 inputs");
  } catch (const std::runtime_error &e) {
    BOOST_TEST(std::string(e.what()) == "genRct is not suitable for 2+ rings");
  }
  rct::rctSig rv = cncrypto::genRctFull(message, inSk, destinations, amounts, mixRing, amount_keys, index, outSk,
                                        {rct::RangeProofBorromean, 0});
  std::string error;
  BOOST_TEST(rv.txnFee == 500u);
  BOOST_TEST(rct::verRct(rv, true, &error), error);
  BOOST_TEST(rct::verRct(rv, false, &error), error);
  for (unsigned int k = 0; k < 2; ++k) {
    rct::key mask;
    BOOST_TEST(rct::decodeRct(rv, amount_keys[k], k, mask, hw::get_device("default")) == amounts[k]);
    BOOST_TEST(hex_key(mask) == hex_key(outSk[k].mask));
  }
  BOOST_CHECK_THROW(rct::decodeRct(rv, amount_keys[1], 0, hw::get_device("default")), std::runtime_error);
  BOOST_CHECK_THROW(rct::decodeRctSimple(rv, amount_keys[0], 0, hw::get_device("default")), std::invalid_argument);
  // Through the wire format: the parsed copy verifies the same (rings and key images re-attached).
  std::vector<std::uint8_t> bytes;
  rct::serialize_rctsig_base(bytes, rv, inputs, 2);
  rct::serialize_rctsig_prunable(bytes, rv.p, rv.type, inputs, 2, members - 1);
  rct::rctSig back;
  cncrypto::binary_reader r(cncrypto::byte_span(bytes.data(), bytes.size()));
  cncrypto::read_rctsig_base(r, back, inputs, 2);
  cncrypto::read_rctsig_prunable(r, back.p, back.type, inputs, 2, members - 1);
  BOOST_TEST(r.at_end());
  back.message = message;
  back.mixRing = mixRing;
  back.p.MGs[0].II = rv.p.MGs[0].II;
  BOOST_TEST(rct::verRct(back, true, &error), error);
  BOOST_TEST(rct::verRct(back, false, &error), error);
  // The fee is signed: fee + 1 keeps the semantics, fails the MLSAG.
  rct::rctSig fee = rv;
  ++fee.txnFee;
  BOOST_TEST(rct::verRct(fee, true));
  BOOST_TEST(!rct::verRct(fee, false));
  // Bad shapes: false, no over-read.
  rct::rctSig no_mg = rv;
  no_mg.p.MGs.clear();
  BOOST_TEST(!rct::verRct(no_mg, true));
  BOOST_TEST(!rct::verRct(no_mg, false));
  rct::rctSig short_proofs = rv;
  short_proofs.p.rangeSigs.pop_back();
  BOOST_TEST(!rct::verRct(short_proofs, true));
  rct::rctSig ragged = rv;
  ragged.mixRing[1].pop_back();
  BOOST_TEST(!rct::verRct(ragged, false));
  ragged.type = rct::RCTTypeSimple;
  BOOST_TEST(!rct::verRct(ragged, true));
  BOOST_CHECK_THROW(rct::genRct(message, inSk, destinations, amounts, mixRing, amount_keys, 4, outSk,
                                {rct::RangeProofBorromean, 0}, hw::get_device("default")),
                    std::invalid_argument);
  BOOST_CHECK_THROW(rct::genRct(message, inSk, destinations, amounts, mixRing, amount_keys, index, outSk,
                                {rct::RangeProofPaddedBulletproof, 2}, hw::get_device("default")),
                    std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(type2_round_trip) {
  const std::vector<std::uint64_t> inamounts{4000, 6000}, outamounts{7000, 2000, 900};
  const std::uint64_t fee = 100;
  const std::vector<unsigned int> index{0, 3};
  rct::ctkeyV inSk(2);
  rct::ctkeyM mixRing(2);
  for (std::size_t i = 0; i < 2; ++i) {
    inSk[i] = {rct::skGen(), rct::skGen()};
    mixRing[i] = ring_with(inSk[i], inamounts[i], 5, index[i]);
  }
  const rct::keyV destinations{random_point(), random_point(), random_point()};
  const rct::keyV amount_keys{rct::skGen(), rct::skGen(), rct::skGen()};
  const rct::key message = rct::skGen();
  rct::ctkeyV outSk;
  const rct::rctSig rv = rct::genRctSimple(message, inSk, destinations, inamounts, outamounts, fee, mixRing,
                                           amount_keys, index, outSk, {rct::RangeProofBorromean, 0}, hw::get_device("default"));
  BOOST_TEST(rv.type == rct::RCTTypeSimple);
  BOOST_TEST(rv.pseudoOuts.size() == 2u);
  BOOST_TEST(rv.p.pseudoOuts.empty());
  std::string error;
  BOOST_TEST(rct::verRctSimple(rv, &error), error);
  for (unsigned int k = 0; k < 3; ++k) BOOST_TEST(rct::decodeRctSimple(rv, amount_keys[k], k, hw::get_device("default")) == outamounts[k]);
  rct::rctSig swapped = rv;
  std::swap(swapped.pseudoOuts[0], swapped.pseudoOuts[1]);
  BOOST_TEST(rct::verRctSemanticsSimple(swapped));  // the sum is the same
  BOOST_TEST(!rct::verRctNonSemanticsSimple(swapped));
  rct::rctSig fee1 = rv;
  ++fee1.txnFee;
  BOOST_TEST(!rct::verRctSemanticsSimple(fee1, &error));
  BOOST_TEST(error == "the amounts do not balance: sum(pseudoOuts) != sum(outPk) + fee*H");
  // Mismatched counts: false with a message, never an over-read.
  rct::rctSig fewer = rv;
  fewer.p.MGs.pop_back();
  BOOST_TEST(!rct::verRctSemanticsSimple(fewer));
  BOOST_TEST(!rct::verRctNonSemanticsSimple(fewer, &error));
  rct::rctSig rings = rv;
  rings.mixRing.pop_back();
  BOOST_TEST(!rct::verRctNonSemanticsSimple(rings));
  rct::rctSig proofs = rv;
  proofs.p.rangeSigs.pop_back();
  BOOST_TEST(!rct::verRctSemanticsSimple(proofs));
  rct::rctSig undecodable = rv;
  undecodable.outPk[1].mask = rct::key{{2}};
  BOOST_TEST(!rct::verRctSemanticsSimple(undecodable, &error));
  // A batch mixing type 2 with a broken one names the broken one.
  BOOST_TEST(!rct::verRctSemanticsSimple(std::vector<const rct::rctSig *>{&rv, &fee1}, &error));
  BOOST_TEST(error.find("rctSig 1 of the batch: ") == 0u, error);
  BOOST_TEST(rct::verRctSemanticsSimple(std::vector<const rct::rctSig *>{&rv, &rv}, &error), error);
  // Types 3-5 from every RCTConfig Monero's genRctSimple takes: the type from
  // bp_version, one padded proof, power-of-2 batches, or one proof per output;
  // each verifies, and a changed proof byte is refused.
  struct config_case {
    rct::RCTConfig config;
    std::uint8_t type;
    std::size_t proofs;
  };
  std::size_t batches = 0;
  for (std::size_t left = destinations.size(); left > 0;) {
    std::size_t b = 1;
    while (2 * b <= left && 2 * b <= 16) b *= 2;
    left -= b;
    ++batches;
  }
  const config_case cases[] = {
      {{rct::RangeProofPaddedBulletproof, 1}, rct::RCTTypeBulletproof, 1},
      {{rct::RangeProofPaddedBulletproof, 2}, rct::RCTTypeBulletproof2, 1},
      {{rct::RangeProofPaddedBulletproof, 3}, rct::RCTTypeCLSAG, 1},
      {{rct::RangeProofMultiOutputBulletproof, 2}, rct::RCTTypeBulletproof2, batches},
      {{rct::RangeProofBulletproof, 1}, rct::RCTTypeBulletproof, destinations.size()},
  };
  for (const auto &c : cases) {
    BOOST_TEST_CONTEXT("RCTConfig {" << int(c.config.range_proof_type) << ", " << c.config.bp_version << "}") {
      rct::rctSig bp = rct::genRctSimple(message, inSk, destinations, inamounts, outamounts, fee, mixRing,
                                         amount_keys, index, outSk, c.config, hw::get_device("default"));
      BOOST_TEST(int(bp.type) == int(c.type));
      BOOST_TEST(bp.p.bulletproofs.size() == c.proofs);
      BOOST_TEST(rct::verRctSimple(bp, &error), error);
      bp.p.bulletproofs.back().taux.bytes[3] ^= 1;
      BOOST_TEST(!rct::verRctSemanticsSimple(bp));
    }
  }
  BOOST_CHECK_THROW(rct::genRctSimple(message, inSk, destinations, inamounts, outamounts, fee, mixRing, amount_keys,
                                      index, outSk, {rct::RangeProofPaddedBulletproof, 7}, hw::get_device("default")),
                    std::invalid_argument);
}

// Empty and inconsistent rctSigs of every type: false, never a crash.
BOOST_AUTO_TEST_CASE(empty_and_inconsistent) {
  for (std::uint8_t type = 0; type <= 7; ++type) {
    BOOST_TEST_CONTEXT(int(type)) {
      rct::rctSig rv;
      rv.type = type;
      // Type 2 with no inputs and no outputs balances (0 == 0): Monero's rules
      // accept it too; the transaction checks refuse empty inputs/outputs.
      BOOST_TEST(rct::verRctSemanticsSimple(rv) == (type == 2));
      BOOST_TEST(rct::verRctNonSemanticsSimple(rv) == (type >= 2 && type <= 5));  // no inputs: nothing to check
      BOOST_TEST(!rct::verRct(rv, true));
      BOOST_TEST(!rct::verRct(rv, false));
      rv.p.bulletproofs.resize(1);
      rv.p.MGs.resize(3);
      rv.p.CLSAGs.resize(2);
      rv.outPk.resize(2);
      rv.mixRing.resize(3);
      BOOST_TEST(!rct::verRctSemanticsSimple(rv));
      BOOST_TEST(!rct::verRctNonSemanticsSimple(rv));
    }
  }
  // The predicates (Monero rctTypes.cpp), type by type 0..7.
  const char *expected[] = {"-----", "-b---", "sb---", "s-p--", "s-p--", "s-p-c", "s--+c", "-----"};
  for (int type = 0; type <= 7; ++type) {
    const std::string got = std::string(rct::is_rct_simple(type) ? "s" : "-") + (rct::is_rct_borromean(type) ? "b" : "-") +
                            (rct::is_rct_bulletproof(type) ? "p" : "-") +
                            (rct::is_rct_bulletproof_plus(type) ? "+" : "-") + (rct::is_rct_clsag(type) ? "c" : "-");
    BOOST_TEST(got == expected[type], "type " << type);
  }
  rct::Bulletproof bp;
  bp.L.resize(7);
  bp.R.resize(7);
  bp.V.resize(2);
  BOOST_TEST(rct::n_bulletproof_amounts(bp) == 2u);
  BOOST_TEST(rct::n_bulletproof_max_amounts(bp) == 2u);
  bp.V.resize(1);  // a proof for 2 holding 1: not Monero's padding
  BOOST_TEST(rct::n_bulletproof_amounts(bp) == 0u);
  bp.V.resize(3);
  BOOST_TEST(rct::n_bulletproof_amounts(bp) == 0u);
  bp.L.resize(11);
  bp.R.resize(11);
  BOOST_TEST(rct::n_bulletproof_max_amounts(bp) == 0u);
  bp.L.resize(8);
  bp.R.resize(8);
  BOOST_TEST(rct::n_bulletproof_amounts(std::vector<rct::Bulletproof>{bp, bp}) == 6u);
  BOOST_TEST(rct::n_bulletproof_max_amounts(std::vector<rct::Bulletproof>{bp, bp}) == 8u);
  bp.R.resize(7);
  BOOST_TEST(rct::n_bulletproof_amounts(std::vector<rct::Bulletproof>{bp}) == 0u);
  rct::BulletproofPlus bpp;
  bpp.L.resize(10);
  bpp.R.resize(10);
  bpp.V.resize(16);
  BOOST_TEST(rct::n_bulletproof_plus_amounts(bpp) == 16u);
  BOOST_TEST(rct::n_bulletproof_plus_max_amounts(std::vector<rct::BulletproofPlus>{bpp}) == 16u);
  BOOST_TEST(rct::n_bulletproof_plus_amounts(std::vector<rct::BulletproofPlus>{bpp, bpp}) == 32u);
  bpp.V.resize(9);  // 16 slots, 9 amounts: the proof's capacity stays 16
  BOOST_TEST(rct::n_bulletproof_plus_max_amounts(bpp) == 16u);
  BOOST_TEST(rct::n_bulletproof_plus_amounts(bpp) == 9u);
}

BOOST_AUTO_TEST_SUITE_END()
