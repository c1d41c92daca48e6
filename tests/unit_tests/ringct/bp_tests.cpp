// Bulletproofs, the original (ringct/bulletproofs.h; RingCT types 3-5).
//
// Expected values: the bulletproof_VERIFY and bulletproof_VERIFY_batch lines of
// ../shared/vectors/monero_ringct_legacy.txt and monero_ringct_legacy_realtx.txt
// (computed by Monero's own verifier, README_ringct_legacy.md), the
// realtx_bulletproof_VERIFY lines (the proofs of the real type 3-5 transactions
// of ../shared/data, V from their outPk), and round trips through our prover.
#include <boost/test/unit_test.hpp>

#include "ringct/rctSigs.h"
#include "crypto/crypto-ops.h"
#include "cryptonote/serialization.h"
#include "rct_test_util.h"
#include "ringct/bulletproofs.h"
#include "ringct/rctOps.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
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

// Checks every single and batch line of file against the counts of lines and of
// true lines (README_ringct_legacy.md, "Line counts").
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
    const auto tx = cncrypto::parse_transaction(cncrypto::byte_span(blob.data(), blob.size()));
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

// m amounts (0, 2^64 - 1, then random ones) and m random masks.
std::pair<std::vector<std::uint64_t>, rct::keyV> amounts_and_masks(std::size_t m) {
  std::pair<std::vector<std::uint64_t>, rct::keyV> r;
  r.first.assign(m, 0);
  if (m > 1) r.first[1] = ~std::uint64_t(0);
  for (std::size_t j = 2; j < m; ++j) r.first[j] = rng();
  for (std::size_t j = 0; j < m; ++j) r.second.push_back(random_reduced());
  return r;
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
    BOOST_TEST(rct::verRctSemanticsSimple(t.rv, &error) == t.expect, t.hash << " " << error);
  }
  BOOST_TEST(rct::bulletproof_VERIFY(all));
  BOOST_TEST(rct::verRctSemanticsSimple(sigs));
  // Bit flips: every 151st bit of every field (V, A, S, T1, T2, taux, mu, L, R,
  // a, b, t), offset by the proof's index, each alone and (those at a bit index
  // divisible by 8) in the batch of all.
  std::size_t flips = 0;
  for (std::size_t n = 0; n < all.size(); ++n) {
    rct::Bulletproof p = all[n];
    const auto fields = fields_of(p);
    for (std::size_t bit = n; bit < 256 * fields.size(); bit += 151) {
      rct::key &k = *fields[bit / 256];
      k.bytes[(bit % 256) / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
      BOOST_TEST(!rct::bulletproof_VERIFY(p), txs[n].hash << " bit " << bit);
      if (bit % 8 == 0) {
        auto batch = all;
        batch[n] = p;
        BOOST_TEST(!rct::bulletproof_VERIFY(batch), "batch, " << txs[n].hash << " bit " << bit);
      }
      k.bytes[(bit % 256) / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
      ++flips;
    }
    BOOST_TEST(rct::bulletproof_VERIFY(p));
  }
  BOOST_TEST(flips > 400u);
  // verRctSemanticsSimple's refusals of types 3-5 (the shape before the
  // Bulletproofs), each naming the field.
  rct::rctSig rv = txs[0].rv;
  std::string error;
  std::memset(rv.outPk[0].mask.bytes, 0xff, 32);  // y >= p: does not decode
  BOOST_TEST(!rct::verRctSemanticsSimple(rv, &error));
  BOOST_TEST(error.find("outPk[0].mask") != std::string::npos, error);
  rv = txs[0].rv;
  rv.p.bulletproofs.push_back(rv.p.bulletproofs[0]);
  BOOST_TEST(!rct::verRctSemanticsSimple(rv, &error));
  BOOST_TEST(error.find("has no V") != std::string::npos, error);
  rv = txs[0].rv;
  rv.outPk.resize(1u << (rv.p.bulletproofs[0].L.size() - 6 + 1), rv.outPk[0]);
  BOOST_TEST(!rct::verRctSemanticsSimple(rv, &error));
  BOOST_TEST(error.find("amounts differ") != std::string::npos, error);
  rv = txs[0].rv;
  rv.type = rct::RCTTypeBulletproofPlus;
  BOOST_TEST(!rct::verRctSemanticsSimple(rv, &error));
  BOOST_TEST(rct::verRctSemanticsSimple(std::vector<const rct::rctSig *>{}));
}

BOOST_AUTO_TEST_CASE(prove_verify_round_trips) {
  std::vector<rct::Bulletproof> all;
  for (std::size_t m = 1; m <= 16; ++m) {
    const auto [amounts, masks] = amounts_and_masks(m);
    const rct::Bulletproof p = rct::bulletproof_PROVE(amounts, masks);
    const std::size_t rounds = 6 + (m > 1) + (m > 2) + (m > 4) + (m > 8);  // 6 + ceil(log2 m)
    BOOST_TEST_REQUIRE(p.V.size() == m);
    BOOST_TEST((p.L.size() == rounds && p.R.size() == rounds), "m=" << m);
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
  rct::key big{{0}};
  big.bytes[8] = 1;  // 2^64: Monero's prover makes a proof that fails (README_ringct_legacy.md)
  // The exception names the function and the mistake (a position, never a value).
  auto names = [](const std::string &what) {
    return [what](const std::invalid_argument &e) {
      const std::string m = e.what();
      return m.rfind("bulletproof_PROVE: ", 0) == 0 && m.find(what) != std::string::npos;
    };
  };
  using u64s = std::vector<std::uint64_t>;
  BOOST_CHECK_EXCEPTION(rct::bulletproof_PROVE(u64s{}, rct::keyV{}), std::invalid_argument, names("no amounts"));
  BOOST_CHECK_EXCEPTION(rct::bulletproof_PROVE(rct::keyV{}, rct::keyV{}), std::invalid_argument, names("no amounts"));
  BOOST_CHECK_EXCEPTION(rct::bulletproof_PROVE(u64s(17, 1), rct::keyV(17, mask)), std::invalid_argument,
                        names("17 amounts"));
  BOOST_CHECK_EXCEPTION(rct::bulletproof_PROVE(u64s{1, 2}, rct::keyV{mask}), std::invalid_argument,
                        names("2 amounts but 1 masks"));
  // The strict variant refuses an amount scalar >= 2^64.
  BOOST_CHECK_EXCEPTION(cncrypto::bulletproof_PROVE_strict(big, mask), std::invalid_argument,
                        names("v[0] is not below 2^64"));
  BOOST_CHECK_EXCEPTION(cncrypto::bulletproof_PROVE_strict(rct::keyV{rct::zero(), big}, rct::keyV{mask, mask}),
                        std::invalid_argument, names("v[1] is not below 2^64"));
  // Monero's name refuses only a scalar that is not reduced (Monero: "Invalid sv input").
  const rct::key L_itself =
      key_field(vector_line{0, {"edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"}}, 0);
  BOOST_CHECK_EXCEPTION(rct::bulletproof_PROVE(L_itself, mask), std::invalid_argument, names("v[0] is not below L"));
  const rct::Bulletproof strict_ok = cncrypto::bulletproof_PROVE_strict(rct::d2h(5), mask);
  BOOST_TEST(rct::bulletproof_VERIFY(strict_ok));
}

// Monero 0.18's bulletproof_PROVE takes any reduced amount scalar: V commits to the
// whole scalar, the bits prove only its low 64, so the proof fails verification
// (README_ringct_legacy.md, bulletproof_VERIFY: Monero's prover fed 2^64, 2^64+7,
// L-1, 2^100 gives false; 2^64-1 gives true).
BOOST_AUTO_TEST_CASE(prove_amount_of_2_64_or_more_gives_a_failing_proof_as_monero) {
  const rct::key mask = random_reduced();
  auto scalar = [](std::initializer_list<std::pair<int, unsigned char>> bytes) {
    rct::key k{{0}};
    for (auto [i, b] : bytes) k.bytes[i] = b;
    return k;
  };
  const rct::key l_minus_1 =
      key_field(vector_line{0, {"ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"}}, 0);
  const std::vector<rct::key> too_big = {scalar({{8, 1}}), scalar({{0, 7}, {8, 1}}), scalar({{12, 0x10}}), l_minus_1};
  for (const rct::key &v : too_big) {
    const rct::Bulletproof p = rct::bulletproof_PROVE(v, mask);
    BOOST_TEST_REQUIRE(p.V.size() == 1u);
    BOOST_TEST(!rct::bulletproof_VERIFY(p));
    // V commits to the whole scalar: V = (mask G + v H) / 8.
    rct::key committed;
    rct::addKeys2(committed, mask, v, rct::H);
    BOOST_TEST((rct::scalarmult8(p.V[0]) == committed));
  }
  const rct::key max64 = rct::d2h(~std::uint64_t(0));
  BOOST_TEST(rct::bulletproof_VERIFY(rct::bulletproof_PROVE(max64, mask)));
  // In an aggregate, one bad amount spoils the proof of all.
  BOOST_TEST(!rct::bulletproof_VERIFY(rct::bulletproof_PROVE(rct::keyV{rct::d2h(1), too_big[0]}, rct::keyV{mask, mask})));
}

BOOST_AUTO_TEST_CASE(verify_refuses_malformed_without_throwing) {
  const rct::Bulletproof good = rct::bulletproof_PROVE(std::uint64_t(7), random_reduced());
  BOOST_TEST_REQUIRE(rct::bulletproof_VERIFY(good));
  rct::key L_order = key_field(vector_line{0, {"edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010"}}, 0);
  rct::key undecodable;
  std::memset(undecodable.bytes, 0xff, 32);  // y >= p
  using B = rct::Bulletproof;
  const std::vector<std::pair<const char *, std::function<void(B &)>>> mutations = {
      {"no V", [](B &p) { p.V.clear(); }},
      {"17 V (too many amounts)", [](B &p) { p.V.resize(17, p.V[0]); }},
      {"2 V on a proof sized for 1", [](B &p) { p.V.resize(2, p.V[0]); }},
      {"L one shorter than R", [](B &p) { p.L.pop_back(); }},
      {"L and R one short", [](B &p) { p.L.pop_back(), p.R.pop_back(); }},
      {"L and R one long", [](B &p) { p.L.push_back(p.L[0]), p.R.push_back(p.R[0]); }},
      {"no L, R", [](B &p) { p.L.clear(), p.R.clear(); }},
      {"40 L, R (no over-read)", [](B &p) { p.L.assign(40, p.L[0]), p.R.assign(40, p.R[0]); }},
      {"taux = L", [&](B &p) { p.taux = L_order; }},
      {"mu = L", [&](B &p) { p.mu = L_order; }},
      {"a = L", [&](B &p) { p.a = L_order; }},
      {"b = L", [&](B &p) { p.b = L_order; }},
      {"t = L", [&](B &p) { p.t = L_order; }},
      {"A undecodable", [&](B &p) { p.A = undecodable; }},
      {"S undecodable", [&](B &p) { p.S = undecodable; }},
      {"T1 undecodable", [&](B &p) { p.T1 = undecodable; }},
      {"T2 undecodable", [&](B &p) { p.T2 = undecodable; }},
      {"V[0] undecodable", [&](B &p) { p.V[0] = undecodable; }},
      {"R[3] undecodable", [&](B &p) { p.R[3] = undecodable; }},
  };
  for (const auto &[what, mutate] : mutations) {
    B p = good;
    mutate(p);
    BOOST_TEST(!rct::bulletproof_VERIFY(p), what);
  }
  BOOST_TEST(rct::bulletproof_VERIFY(std::vector<B>{}));  // empty batch
  BOOST_TEST(!rct::bulletproof_VERIFY(std::vector<const B *>{&good, nullptr}));
}

BOOST_AUTO_TEST_SUITE_END()
