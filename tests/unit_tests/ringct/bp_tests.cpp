// Bulletproofs, the original (ringct/bulletproofs.h; RingCT types 3-5).
//
// Expected values: the bulletproof_VERIFY and bulletproof_VERIFY_batch lines of
// ../shared/vectors/monero_ringct_legacy.txt and monero_ringct_legacy_realtx.txt
// (computed by Monero's own verifier, README_ringct_legacy.md), the
// realtx_bulletproof_VERIFY lines (the proofs of the real type 3-5 transactions
// of ../shared/data, V from their outPk), and round trips through our prover.
#include <boost/test/unit_test.hpp>

#include "ringct/bp_semantics.h"
#include "crypto/crypto-ops.h"
#include "cryptonote/serialization.h"
#include "rct_test_util.h"
#include "ringct/bulletproofs.h"
#include "ringct/rctOps.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace cncrypto::test;
using rct_test::hex_key;
using rct_test::key_field;

namespace {

std::mt19937_64 rng(20261202);

rct::key random_reduced() {
  rct::key k;
  for (auto &b : k.bytes) b = static_cast<unsigned char>(rng());
  sc_reduce32(k.bytes);
  return k;
}

// One PROOF group of a vector line starting at fields[i]; advances i.
rct::Bulletproof read_proof(const vector_line &l, std::size_t &i) {
  rct::Bulletproof p;
  const std::size_t nv = u64_field(l.fields.at(i++));
  for (std::size_t j = 0; j < nv; ++j) p.V.push_back(key_field(l, i++));
  for (rct::key *k : {&p.A, &p.S, &p.T1, &p.T2, &p.taux, &p.mu}) *k = key_field(l, i++);
  const std::size_t nl = u64_field(l.fields.at(i++));
  for (std::size_t j = 0; j < nl; ++j) p.L.push_back(key_field(l, i++));
  const std::size_t nr = u64_field(l.fields.at(i++));
  for (std::size_t j = 0; j < nr; ++j) p.R.push_back(key_field(l, i++));
  for (rct::key *k : {&p.a, &p.b, &p.t}) *k = key_field(l, i++);
  return p;
}

std::vector<vector_line> legacy_lines(const std::string &file, const std::string &name) {
  return read_vector_file(shared_path("vectors/" + file), name);
}

// Checks every single and batch line of file; returns (lines, true lines).
void check_vector_file(const std::string &file, std::size_t n_single, std::size_t true_single,
                       std::size_t n_batch, std::size_t true_batch) {
  const auto lines = legacy_lines(file, "bulletproof_VERIFY");
  BOOST_TEST_REQUIRE(lines.size() == n_single);
  std::size_t trues = 0;
  for (const auto &l : lines) {
    std::size_t i = 1;
    const rct::Bulletproof p = read_proof(l, i);
    BOOST_TEST_REQUIRE(i + 1 == l.fields.size(), file << " line " << l.line_number);
    const bool expect = bool_field(l.fields[i]);
    trues += expect;
    BOOST_TEST(rct::bulletproof_VERIFY(p) == expect, file << " line " << l.line_number);
  }
  BOOST_TEST(trues == true_single);
  const auto batches = legacy_lines(file, "bulletproof_VERIFY_batch");
  BOOST_TEST_REQUIRE(batches.size() == n_batch);
  trues = 0;
  for (const auto &l : batches) {
    std::size_t i = 1;
    const std::size_t k = u64_field(l.fields.at(i++));
    std::vector<rct::Bulletproof> proofs;
    for (std::size_t j = 0; j < k; ++j) proofs.push_back(read_proof(l, i));
    BOOST_TEST_REQUIRE(i + 1 == l.fields.size(), file << " line " << l.line_number);
    const bool expect = bool_field(l.fields[i]);
    trues += expect;
    BOOST_TEST(rct::bulletproof_VERIFY(proofs) == expect, file << " line " << l.line_number);
    std::vector<const rct::Bulletproof *> ptrs;
    for (const auto &p : proofs) ptrs.push_back(&p);
    BOOST_TEST(rct::bulletproof_VERIFY(ptrs) == expect, file << " line " << l.line_number << " (pointers)");
  }
  BOOST_TEST(trues == true_batch);
}

rct::key inv8_times(const rct::key &c) {
  ge_p3 p;
  BOOST_TEST_REQUIRE(ge_frombytes_vartime(&p, c.bytes) == 0);
  ge_p3 v;
  ge_scalarmult_p3(&v, rct::INV_EIGHT.bytes, &p);
  rct::key k;
  ge_p3_tobytes(k.bytes, &v);
  return k;
}

struct real_tx {
  std::string hash;
  bool expect;
  rct::rctSig rv;
};

// The real type 3-5 transactions named by the realtx_bulletproof_VERIFY lines.
std::vector<real_tx> real_txs() {
  std::vector<real_tx> out;
  for (const auto &l : legacy_lines("monero_ringct_legacy_realtx.txt", "realtx_bulletproof_VERIFY")) {
    BOOST_TEST_REQUIRE(l.fields.size() == 3u);
    const std::string hash = l.fields[1];
    std::ifstream f(shared_path("data/txs/" + hash + ".bin"), std::ios::binary);
    BOOST_TEST_REQUIRE(f.good(), "missing tx " << hash);
    const std::vector<std::uint8_t> blob((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    const auto tx = cryptonote::parse_transaction(cryptonote::byte_span(blob.data(), blob.size()));
    out.push_back({hash, bool_field(l.fields[2]), tx.rct_signatures});
  }
  return out;
}

rct::Bulletproof with_v(const rct::rctSig &rv) {
  BOOST_TEST_REQUIRE(rv.p.bulletproofs.size() == 1u);
  rct::Bulletproof p = rv.p.bulletproofs[0];
  BOOST_TEST(p.V.empty());  // not serialized
  for (const auto &o : rv.outPk) p.V.push_back(inv8_times(o.mask));
  return p;
}

// Every 32-byte field of a proof, for flipping bits.
std::vector<rct::key *> fields_of(rct::Bulletproof &p) {
  std::vector<rct::key *> f;
  for (auto &v : p.V) f.push_back(&v);
  for (rct::key *k : {&p.A, &p.S, &p.T1, &p.T2, &p.taux, &p.mu}) f.push_back(k);
  for (auto &k : p.L) f.push_back(&k);
  for (auto &k : p.R) f.push_back(&k);
  for (rct::key *k : {&p.a, &p.b, &p.t}) f.push_back(k);
  return f;
}

rct::key commitment8(std::uint64_t amount, const rct::key &mask) {
  // INV8 (mask G + amount H), by the plain functions of rctOps.
  rct::key a{{0}};
  for (int b = 0; b < 8; ++b) a.bytes[b] = static_cast<unsigned char>(amount >> (8 * b));
  rct::key C;
  rct::addKeys2(C, mask, a, rct::H);
  return rct::scalarmultKey(C, rct::INV_EIGHT);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(bulletproofs)

BOOST_AUTO_TEST_CASE(legacy_vector_lines, *needs_shared()) {
  // Counts from README_ringct_legacy.md, "Line counts".
  check_vector_file("monero_ringct_legacy.txt", 183, 14, 13, 5);
}

BOOST_AUTO_TEST_CASE(realtx_vector_lines, *needs_shared()) {
  check_vector_file("monero_ringct_legacy_realtx.txt", 30, 15, 1, 1);
}

BOOST_AUTO_TEST_CASE(real_transactions, *needs_shared()) {
  const auto txs = real_txs();
  BOOST_TEST_REQUIRE(txs.size() == 15u);
  std::vector<rct::Bulletproof> all;
  std::vector<const rct::rctSig *> sigs;
  for (const auto &t : txs) {
    const rct::Bulletproof p = with_v(t.rv);
    BOOST_TEST(rct::bulletproof_VERIFY(p) == t.expect, t.hash);
    all.push_back(p);
    sigs.push_back(&t.rv);
    std::string error;
    BOOST_TEST(rct::bp::verify_bulletproofs_of({&t.rv}, &error) == t.expect, t.hash << " " << error);
  }
  BOOST_TEST(rct::bulletproof_VERIFY(all));
  BOOST_TEST(rct::bp::verify_bulletproofs_of(sigs));
  // Bit flips: every 89th bit of every field (V, A, S, T1, T2, taux, mu, L, R,
  // a, b, t), offset by the proof's index, each alone and (every 4th) in the
  // batch of all.
  std::size_t flips = 0;
  for (std::size_t n = 0; n < all.size(); ++n) {
    rct::Bulletproof p = all[n];
    const auto fields = fields_of(p);
    for (std::size_t bit = n; bit < 256 * fields.size(); bit += 89) {
      rct::key &k = *fields[bit / 256];
      k.bytes[(bit % 256) / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
      BOOST_TEST(!rct::bulletproof_VERIFY(p), txs[n].hash << " bit " << bit);
      if (bit % 4 == 0) {
        auto batch = all;
        batch[n] = p;
        BOOST_TEST(!rct::bulletproof_VERIFY(batch), "batch, " << txs[n].hash << " bit " << bit);
      }
      k.bytes[(bit % 256) / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
      ++flips;
    }
    BOOST_TEST(rct::bulletproof_VERIFY(p));
  }
  BOOST_TEST(flips > 1000u);
  // The helper's refusals, each naming the field.
  rct::rctSig rv = txs[0].rv;
  std::string error;
  rv.outPk[0].mask.bytes[31] = 0xff;
  std::memset(rv.outPk[0].mask.bytes, 0xff, 32);  // y >= p: does not decode
  BOOST_TEST(!rct::bp::verify_bulletproofs_of({&rv}, &error));
  BOOST_TEST(error.find("outPk[0].mask") != std::string::npos, error);
  rv = txs[0].rv;
  rv.p.bulletproofs.push_back(rv.p.bulletproofs[0]);
  BOOST_TEST(!rct::bp::verify_bulletproofs_of({&rv}, &error));
  BOOST_TEST(error.find("2 bulletproofs") != std::string::npos, error);
  rv = txs[0].rv;
  rv.outPk.resize(1u << (rv.p.bulletproofs[0].L.size() - 6 + 1), rv.outPk[0]);
  BOOST_TEST(!rct::bp::verify_bulletproofs_of({&rv}, &error));
  BOOST_TEST(error.find("does not cover") != std::string::npos, error);
  rv = txs[0].rv;
  rv.type = rct::RCTTypeBulletproofPlus;
  BOOST_TEST(!rct::bp::verify_bulletproofs_of({&rv}, &error));
  BOOST_TEST(rct::bp::verify_bulletproofs_of({}));
}

BOOST_AUTO_TEST_CASE(prove_verify_round_trips) {
  std::vector<rct::Bulletproof> all;
  for (std::size_t m = 1; m <= 16; ++m) {
    std::vector<std::uint64_t> amounts;
    rct::keyV masks;
    for (std::size_t j = 0; j < m; ++j) {
      amounts.push_back(j == 0 ? 0 : j == 1 ? ~std::uint64_t(0) : rng());
      masks.push_back(random_reduced());
    }
    const rct::Bulletproof p = rct::bulletproof_PROVE(amounts, masks);
    BOOST_TEST_REQUIRE(p.V.size() == m);
    std::size_t logM = 0;
    while ((std::size_t(1) << logM) < m) ++logM;
    BOOST_TEST(p.L.size() == 6 + logM);
    BOOST_TEST(p.R.size() == 6 + logM);
    for (std::size_t j = 0; j < m; ++j) BOOST_TEST(hex_key(p.V[j]) == hex_key(commitment8(amounts[j], masks[j])));
    BOOST_TEST(rct::bulletproof_VERIFY(p), "m=" << m);
    rct::Bulletproof bad = p;
    bad.t.bytes[0] ^= 1;
    BOOST_TEST(!rct::bulletproof_VERIFY(bad), "m=" << m);
    if (m > 1) {
      bad = p;
      std::swap(bad.V[0], bad.V[m - 1]);
      BOOST_TEST(!rct::bulletproof_VERIFY(bad), "m=" << m);
    }
    all.push_back(p);
  }
  BOOST_TEST(rct::bulletproof_VERIFY(all));
  all[9].taux.bytes[3] ^= 4;
  BOOST_TEST(!rct::bulletproof_VERIFY(all));

  // The single-amount overloads, 0 and 2^64 - 1.
  const rct::key mask = random_reduced();
  const rct::Bulletproof p1 = rct::bulletproof_PROVE(std::uint64_t(12345), mask);
  BOOST_TEST(rct::bulletproof_VERIFY(p1));
  BOOST_TEST(hex_key(p1.V[0]) == hex_key(commitment8(12345, mask)));
  rct::key v{{0}};
  std::memset(v.bytes, 0xff, 8);
  BOOST_TEST(rct::bulletproof_VERIFY(rct::bulletproof_PROVE(v, mask)));
  BOOST_TEST(rct::bulletproof_VERIFY(rct::bulletproof_PROVE(rct::zero(), rct::zero())));  // V = identity
  BOOST_TEST(rct::bulletproof_VERIFY(rct::bulletproof_PROVE(rct::keyV{v, rct::zero()}, {mask, mask})));
}

BOOST_AUTO_TEST_CASE(every_byte_of_a_proof_matters) {
  // Altering any byte (here: xor 0x40 in each byte) of a 2-amount proof fails.
  const rct::Bulletproof good = rct::bulletproof_PROVE(std::vector<std::uint64_t>{5, 1u << 30}, {random_reduced(), random_reduced()});
  BOOST_TEST_REQUIRE(rct::bulletproof_VERIFY(good));
  rct::Bulletproof p = good;
  std::size_t n = 0;
  for (rct::key *k : fields_of(p)) {
    for (int byte = 0; byte < 32; ++byte) {
      k->bytes[byte] ^= 0x40;
      BOOST_TEST(!rct::bulletproof_VERIFY(p), "field " << n << " byte " << byte);
      k->bytes[byte] ^= 0x40;
    }
    ++n;
  }
  BOOST_TEST(rct::bulletproof_VERIFY(p));
}

BOOST_AUTO_TEST_CASE(prove_misuse) {
  const rct::key mask = random_reduced();
  auto throws_naming = [](auto &&f, const std::string &what) {
    try {
      f();
      BOOST_TEST(false, "no exception for " << what);
    } catch (const std::invalid_argument &e) {
      const std::string msg = e.what();
      BOOST_TEST(msg.find("bulletproof_PROVE") != std::string::npos, msg);
      BOOST_TEST(msg.find(what) != std::string::npos, msg);
    }
  };
  throws_naming([&] { rct::bulletproof_PROVE(std::vector<std::uint64_t>{}, rct::keyV{}); }, "no amounts");
  throws_naming([&] { rct::bulletproof_PROVE(rct::keyV{}, rct::keyV{}); }, "no amounts");
  throws_naming([&] { rct::bulletproof_PROVE(std::vector<std::uint64_t>(17, 1), rct::keyV(17, mask)); }, "17 amounts");
  throws_naming([&] { rct::bulletproof_PROVE(std::vector<std::uint64_t>{1, 2}, rct::keyV{mask}); },
                "2 amounts but 1 masks");
  rct::key big{{0}};
  big.bytes[8] = 1;  // 2^64: Monero's prover makes a proof that fails (README_ringct_legacy.md)
  throws_naming([&] { rct::bulletproof_PROVE(big, mask); }, "v[0] is not below 2^64");
  throws_naming([&] { rct::bulletproof_PROVE(rct::keyV{rct::zero(), big}, rct::keyV{mask, mask}); },
                "v[1] is not below 2^64");
}

BOOST_AUTO_TEST_CASE(verify_refuses_malformed_without_throwing) {
  const rct::Bulletproof good = rct::bulletproof_PROVE(std::uint64_t(7), random_reduced());
  BOOST_TEST_REQUIRE(rct::bulletproof_VERIFY(good));
  rct::Bulletproof p = good;
  p.V.clear();
  BOOST_TEST(!rct::bulletproof_VERIFY(p));
  p = good;
  p.V.resize(17, good.V[0]);  // too many amounts
  BOOST_TEST(!rct::bulletproof_VERIFY(p));
  p = good;
  p.V.resize(2, good.V[0]);  // a proof sized for 1
  BOOST_TEST(!rct::bulletproof_VERIFY(p));
  p = good;
  p.L.pop_back();  // L and R sizes differ
  BOOST_TEST(!rct::bulletproof_VERIFY(p));
  p = good;
  p.L.pop_back();
  p.R.pop_back();  // both one short
  BOOST_TEST(!rct::bulletproof_VERIFY(p));
  p = good;
  p.L.push_back(good.L[0]);
  p.R.push_back(good.R[0]);  // both one long
  BOOST_TEST(!rct::bulletproof_VERIFY(p));
  p = good;
  p.L.clear();
  p.R.clear();
  BOOST_TEST(!rct::bulletproof_VERIFY(p));
  p = good;
  p.L.assign(40, good.L[0]);  // far too long: no over-read
  p.R.assign(40, good.R[0]);
  BOOST_TEST(!rct::bulletproof_VERIFY(p));
  const rct::key L_minus_1 = key_field(vector_line{0, {"ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"}}, 0);
  rct::key L_plus_0 = L_minus_1;
  L_plus_0.bytes[0] += 1;  // L itself: not canonical
  for (rct::key rct::Bulletproof::*s : {&rct::Bulletproof::taux, &rct::Bulletproof::mu, &rct::Bulletproof::a,
                                         &rct::Bulletproof::b, &rct::Bulletproof::t}) {
    p = good;
    p.*s = L_plus_0;
    BOOST_TEST(!rct::bulletproof_VERIFY(p));
  }
  for (rct::key rct::Bulletproof::*pt : {&rct::Bulletproof::A, &rct::Bulletproof::S, &rct::Bulletproof::T1,
                                          &rct::Bulletproof::T2}) {
    p = good;
    std::memset((p.*pt).bytes, 0xff, 32);  // undecodable
    BOOST_TEST(!rct::bulletproof_VERIFY(p));
  }
  p = good;
  std::memset(p.V[0].bytes, 0xff, 32);
  BOOST_TEST(!rct::bulletproof_VERIFY(p));
  p = good;
  std::memset(p.R[3].bytes, 0xff, 32);
  BOOST_TEST(!rct::bulletproof_VERIFY(p));
  BOOST_TEST(rct::bulletproof_VERIFY(std::vector<rct::Bulletproof>{}));
  BOOST_TEST(!rct::bulletproof_VERIFY(std::vector<const rct::Bulletproof *>{&good, nullptr}));
}

BOOST_AUTO_TEST_SUITE_END()
