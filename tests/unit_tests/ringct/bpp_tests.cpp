// Multi-scalar multiplication (ringct/multiexp.h, ringct/cncrypto_multiexp.h) and Bulletproofs+
// (ringct/bulletproofs_plus.h).
//
// Expected values: the bulletproof_plus_VERIFY and bulletproof_plus_VERIFY_batch
// lines of ../shared/vectors/monero_ringct.txt (computed by Monero's own code,
// README_ringct.md) and the BP+ proofs of the real type-6 transactions of
// ../shared/data; multi-scalar products against a plain double-and-add sum
// written here (one bit at a time, independent of every window method).
#include <boost/test/unit_test.hpp>

#include "crypto/crypto-ops.h"
#include "cryptonote/serialization.h"
#include "ringct/bulletproofs_plus.h"
#include "ringct/cncrypto_multiexp.h"
#include "ringct/rctOps.h"
#include "support/shared_data.h"
#include "support/vector_file.h"
#include "rct_test_util.h"

#include <nlohmann/json.hpp>
#include <sodium.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace cncrypto::test;
using rct_test::naive_sum;

namespace {

rct::key key_of(const std::string &hex) {
  const auto b = hex_field(hex);
  BOOST_TEST_REQUIRE(b.size() == 32u, "32-byte field expected: " << hex);
  rct::key k;
  std::memcpy(k.bytes, b.data(), 32);
  return k;
}

rct::key encode(const ge_p3 &p) {
  rct::key k;
  ge_p3_tobytes(k.bytes, &p);
  return k;
}

// Keys are compared as hex so that failures print them.
std::string hex(const rct::key &k) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char b : k.bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

std::mt19937_64 rng(20261130);

rct::key random_bytes32() {
  rct::key k;
  for (auto &b : k.bytes) b = static_cast<unsigned char>(rng());
  return k;
}
rct::key random_reduced() {
  rct::key k = random_bytes32();
  sc_reduce32(k.bytes);
  return k;
}
ge_p3 random_point() {
  const rct::key s = random_reduced();
  ge_p3 p;
  ge_scalarmult_base(&p, s.bytes);
  return p;
}

const rct::key INV8 = rct::INV_EIGHT;

// One PROOF group of a vector line starting at fields[i]; advances i.
rct::BulletproofPlus read_proof(const std::vector<std::string> &f, std::size_t &i) {
  rct::BulletproofPlus p;
  const std::size_t nv = u64_field(f.at(i++));
  for (std::size_t j = 0; j < nv; ++j) p.V.push_back(key_of(f.at(i++)));
  p.A = key_of(f.at(i++));
  p.A1 = key_of(f.at(i++));
  p.B = key_of(f.at(i++));
  p.r1 = key_of(f.at(i++));
  p.s1 = key_of(f.at(i++));
  p.d1 = key_of(f.at(i++));
  const std::size_t nl = u64_field(f.at(i++));
  for (std::size_t j = 0; j < nl; ++j) p.L.push_back(key_of(f.at(i++)));
  const std::size_t nr = u64_field(f.at(i++));
  for (std::size_t j = 0; j < nr; ++j) p.R.push_back(key_of(f.at(i++)));
  return p;
}

std::vector<vector_line> ringct_lines(const std::string &name) {
  return read_vector_file(shared_path("vectors/monero_ringct.txt"), name);
}

// Every type-6 transaction of ../shared/data (the manifest's, and the one of
// vectors/owned_output_clsag_tx.json) with its proof and V filled.
std::vector<rct::BulletproofPlus> real_proofs() {
  std::ifstream in(shared_path("data/manifest.json"));
  BOOST_TEST_REQUIRE(in.good());
  const auto manifest = nlohmann::json::parse(in);
  std::vector<std::vector<std::uint8_t>> blobs;
  for (const auto &t : manifest.at("shared_txs")) {
    if (!t.contains("rct_type") || !t.at("rct_type").is_number() || t.at("rct_type").get<int>() != 6) continue;
    const std::string hash = t.at("hash");
    std::ifstream f(shared_path("data/txs/" + hash + ".bin"), std::ios::binary);
    BOOST_TEST_REQUIRE(f.good(), "missing tx " << hash);
    blobs.emplace_back((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  }
  std::ifstream owned(shared_path("data/vectors/owned_output_clsag_tx.json"));
  BOOST_TEST_REQUIRE(owned.good());
  blobs.push_back(hex_field(nlohmann::json::parse(owned).at("tx_hex").get<std::string>()));
  std::vector<rct::BulletproofPlus> out;
  for (const auto &blob : blobs) {
    const auto tx = cncrypto::parse_transaction(cncrypto::byte_span(blob.data(), blob.size()));
    BOOST_TEST_REQUIRE(tx.rct_signatures.p.bulletproofs_plus.size() == 1u);
    rct::BulletproofPlus p = tx.rct_signatures.p.bulletproofs_plus[0];
    BOOST_TEST(p.V.empty());  // not serialized
    for (const auto &o : tx.rct_signatures.outPk) {
      ge_p3 c;
      BOOST_TEST_REQUIRE(ge_frombytes_vartime(&c, o.mask.bytes) == 0);
      ge_p3 v;
      ge_scalarmult_p3(&v, INV8.bytes, &c);
      p.V.push_back(encode(v));
    }
    out.push_back(p);
  }
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(multiexp)

BOOST_AUTO_TEST_CASE(all_methods_agree_with_double_and_add) {
  for (std::size_t n : {0u, 1u, 2u, 3u, 7u, 16u, 33u, 70u, 300u}) {
    std::vector<rct::MultiexpData> data;
    for (std::size_t i = 0; i < n; ++i) {
      // Mix reduced scalars, full 256-bit ones, zero, one and L - 1.
      rct::key s = i % 3 == 0 ? random_reduced() : random_bytes32();
      if (i == 4) s = rct::key{{0}};
      if (i == 5) s = rct::key{{1}};
      // Half the points decoded from bytes (Z = 1, the form verifiers pass), half
      // straight from a scalar multiplication (projective Z).
      if (i % 2 == 0)
        data.emplace_back(s, random_point());
      else
        data.emplace_back(s, encode(random_point()));
    }
    const rct::key expect = naive_sum(data);
    BOOST_TEST(hex(rct::straus(data)) == hex(expect), "straus n=" << n);
    BOOST_TEST(hex(rct::pippenger(data)) == hex(expect), "pippenger n=" << n);
    for (std::size_t c : {1u, 3u, 5u, 9u})
      BOOST_TEST(hex(rct::pippenger(data, nullptr, 0, c)) == hex(expect), "pippenger c=" << c);
    BOOST_TEST(hex(cncrypto::multiexp(data)) == hex(expect), "multiexp n=" << n);
  }
}

BOOST_AUTO_TEST_CASE(fixed_tables_and_constant_time) {
  std::vector<ge_p3> pts;
  for (int i = 0; i < 20; ++i) pts.push_back(random_point());
  const cncrypto::multiexp_table table(pts);
  BOOST_TEST(table.size() == 20u);
  for (std::size_t nvar : {0u, 1u, 5u, 300u}) {
    std::vector<rct::MultiexpData> data, all;
    rct::keyV fixed;
    std::vector<std::size_t> idx;
    for (std::size_t i = 0; i < 12; ++i) {
      fixed.push_back(random_reduced());
      idx.push_back(3 + i);
      all.emplace_back(fixed.back(), pts[3 + i]);
    }
    for (std::size_t i = 0; i < nvar; ++i) {
      data.emplace_back(random_reduced(), random_point());
      all.push_back(data.back());
    }
    if (nvar == 1) data[0].scalar = rct::key{{0}};  // zero: even, handled as L - 0
    if (nvar == 1) all.back().scalar = rct::key{{0}};
    const rct::key expect = naive_sum(all);
    BOOST_TEST(hex(encode(cncrypto::multiexp_fixed_vartime(table, 3, fixed.data(), 12, data))) == hex(expect), "nvar=" << nvar);
    if (nvar <= 5) {
      BOOST_TEST(hex(encode(cncrypto::multiexp_ct(&table, idx.data(), fixed.data(), 12, data))) == hex(expect), "ct nvar=" << nvar);
    }
  }
  // Even and odd scalars, zero, one, L - 1 in the constant-time product.
  std::vector<rct::MultiexpData> d;
  rct::key lm1 = key_of("ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");
  for (rct::key s : {rct::key{{0}}, rct::key{{1}}, rct::key{{2}}, lm1, random_reduced(), random_reduced()})
    d.emplace_back(s, random_point());
  BOOST_TEST(hex(encode(cncrypto::multiexp_ct(d))) == hex(naive_sum(d)));
}

BOOST_AUTO_TEST_CASE(indexed_fixed_terms) {
  // multiexp_indexed_vartime: fixed terms picked by index, in any order and with
  // repeats, plus variable terms; against the double-and-add sum.
  std::vector<ge_p3> pts;
  for (int i = 0; i < 40; ++i) pts.push_back(random_point());
  const cncrypto::multiexp_table table(pts);
  for (std::size_t nvar : {0u, 1u, 4u, 300u}) {
    for (std::size_t nfix : {0u, 1u, 2u, 9u, 64u}) {
      std::vector<rct::MultiexpData> data, all;
      rct::keyV fixed;
      std::vector<std::size_t> idx;
      for (std::size_t i = 0; i < nfix; ++i) {
        fixed.push_back(i % 4 == 3 ? random_bytes32() : random_reduced());
        if (i == 1) fixed.back() = rct::key{{0}};
        idx.push_back((7 * i + nvar) % 40);  // repeats once nfix > 40
        all.emplace_back(fixed.back(), pts[idx.back()]);
      }
      for (std::size_t i = 0; i < nvar; ++i) {
        data.emplace_back(random_reduced(), random_point());
        all.push_back(data.back());
      }
      const rct::key got = encode(cncrypto::multiexp_indexed_vartime(table, idx.data(), fixed.data(), nfix, data));
      BOOST_TEST(hex(got) == hex(naive_sum(all)), "nfix=" << nfix << " nvar=" << nvar);
    }
  }
}

BOOST_AUTO_TEST_CASE(misuse_is_refused) {
  const cncrypto::multiexp_table table({random_point()});
  const rct::key s = random_reduced();
  BOOST_CHECK_THROW(cncrypto::multiexp_fixed_vartime(table, 1, &s, 1, {}), std::invalid_argument);
  const std::size_t idx_bad[2] = {0, 1};
  const rct::key s2[2] = {s, s};
  BOOST_CHECK_THROW(cncrypto::multiexp_indexed_vartime(table, idx_bad, s2, 2, {}), std::invalid_argument);
  const std::size_t bad = 1;
  BOOST_CHECK_THROW(cncrypto::multiexp_ct(&table, &bad, &s, 1, {}), std::invalid_argument);
  BOOST_CHECK_THROW(rct::pippenger({}, nullptr, 0, 10), std::runtime_error);  // Monero: c <= 9
  rct::key undecodable;
  std::memset(undecodable.bytes, 0xff, 32);  // y >= p
  BOOST_CHECK_THROW(rct::MultiexpData(s, undecodable), std::runtime_error);  // as Monero's
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(bulletproofs_plus)

BOOST_AUTO_TEST_CASE(verify_vector_lines, *needs_shared()) {
  const auto lines = ringct_lines("bulletproof_plus_VERIFY");
  BOOST_TEST_REQUIRE(lines.size() == 152u);
  std::size_t trues = 0;
  for (const auto &l : lines) {
    std::size_t i = 1;
    const rct::BulletproofPlus p = read_proof(l.fields, i);
    BOOST_TEST_REQUIRE(i + 1 == l.fields.size(), "line " << l.line_number);
    const bool expect = bool_field(l.fields[i]);
    trues += expect;
    BOOST_TEST(rct::bulletproof_plus_VERIFY(p) == expect, "line " << l.line_number);
  }
  BOOST_TEST(trues == 32u);
}

BOOST_AUTO_TEST_CASE(verify_batch_vector_lines, *needs_shared()) {
  const auto lines = ringct_lines("bulletproof_plus_VERIFY_batch");
  BOOST_TEST_REQUIRE(lines.size() == 51u);
  std::size_t trues = 0;
  for (const auto &l : lines) {
    std::size_t i = 1;
    const std::size_t k = u64_field(l.fields.at(i++));
    std::vector<rct::BulletproofPlus> proofs;
    for (std::size_t j = 0; j < k; ++j) proofs.push_back(read_proof(l.fields, i));
    BOOST_TEST_REQUIRE(i + 1 == l.fields.size(), "line " << l.line_number);
    const bool expect = bool_field(l.fields[i]);
    trues += expect;
    BOOST_TEST(rct::bulletproof_plus_VERIFY(proofs) == expect, "line " << l.line_number);
    std::vector<const rct::BulletproofPlus *> ptrs;
    for (const auto &p : proofs) ptrs.push_back(&p);
    BOOST_TEST(rct::bulletproof_plus_VERIFY(ptrs) == expect, "line " << l.line_number << " (pointers)");
  }
  BOOST_TEST(trues == 20u);
}

BOOST_AUTO_TEST_CASE(real_transactions, *needs_shared()) {
  const auto proofs = real_proofs();
  BOOST_TEST_REQUIRE(proofs.size() == 9u);
  for (const auto &p : proofs) BOOST_TEST(rct::bulletproof_plus_VERIFY(p));
  BOOST_TEST(rct::bulletproof_plus_VERIFY(proofs));
  // Bit flips: a sample of 61 bits per proof (every 97th bit of V, A, A1, B, r1,
  // s1, d1, L, R, offset by the proof's index), each alone and inside the batch
  // of all nine.
  std::size_t flips = 0;
  for (std::size_t n = 0; n < proofs.size(); ++n) {
    std::vector<rct::key *> fields;
    rct::BulletproofPlus p = proofs[n];
    for (auto &v : p.V) fields.push_back(&v);
    for (rct::key *k : {&p.A, &p.A1, &p.B, &p.r1, &p.s1, &p.d1}) fields.push_back(k);
    for (auto &k : p.L) fields.push_back(&k);
    for (auto &k : p.R) fields.push_back(&k);
    const std::size_t bits = 256 * fields.size();
    for (std::size_t bit = n; bit < bits; bit += 97) {
      rct::key &k = *fields[bit / 256];
      k.bytes[(bit % 256) / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
      BOOST_TEST(!rct::bulletproof_plus_VERIFY(p), "proof " << n << " bit " << bit);
      if (bit % 5 == 0) {
        auto batch = proofs;
        batch[n] = p;
        BOOST_TEST(!rct::bulletproof_plus_VERIFY(batch), "batch, proof " << n << " bit " << bit);
      }
      k.bytes[(bit % 256) / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
      ++flips;
    }
    BOOST_TEST(rct::bulletproof_plus_VERIFY(p));
  }
  BOOST_TEST(flips > 400u);
}

BOOST_AUTO_TEST_CASE(prove_verify_round_trips) {
  std::vector<rct::BulletproofPlus> all;
  for (std::size_t m = 1; m <= 16; ++m) {
    std::vector<std::uint64_t> amounts;
    rct::keyV masks;
    for (std::size_t j = 0; j < m; ++j) {
      amounts.push_back(j == 0 ? 0 : j == 1 ? ~std::uint64_t(0) : rng());
      masks.push_back(random_reduced());
    }
    const rct::BulletproofPlus p = rct::bulletproof_plus_PROVE(amounts, masks);
    BOOST_TEST_REQUIRE(p.V.size() == m);
    std::size_t logM = 0;
    while ((std::size_t(1) << logM) < m) ++logM;
    BOOST_TEST(p.L.size() == 6 + logM);
    BOOST_TEST(p.R.size() == 6 + logM);
    // V = INV8 (mask G + amount H).
    for (std::size_t j = 0; j < m; ++j) {
      rct::key a{{0}};
      for (int b = 0; b < 8; ++b) a.bytes[b] = static_cast<unsigned char>(amounts[j] >> (8 * b));
      rct::key g8, a8;
      sc_mul(g8.bytes, masks[j].bytes, INV8.bytes);
      sc_mul(a8.bytes, a.bytes, INV8.bytes);
      std::vector<rct::MultiexpData> d;
      ge_p3 G;
      ge_scalarmult_base(&G, rct::key{{1}}.bytes);
      d.emplace_back(g8, G);
      d.emplace_back(a8, ge_p3_H);
      BOOST_TEST(hex(p.V[j]) == hex(naive_sum(d)), "V " << j << " of " << m);
    }
    BOOST_TEST(rct::bulletproof_plus_VERIFY(p), "m=" << m);
    rct::BulletproofPlus bad = p;
    bad.r1.bytes[0] ^= 1;
    BOOST_TEST(!rct::bulletproof_plus_VERIFY(bad), "m=" << m);
    bad = p;
    std::swap(bad.V[0], bad.V[m - 1]);
    if (m > 1) BOOST_TEST(!rct::bulletproof_plus_VERIFY(bad), "m=" << m);
    all.push_back(p);
  }
  BOOST_TEST(rct::bulletproof_plus_VERIFY(all));
  all[7].d1.bytes[3] ^= 4;
  BOOST_TEST(!rct::bulletproof_plus_VERIFY(all));

  // The single-amount overloads.
  const rct::key mask = random_reduced();
  BOOST_TEST(rct::bulletproof_plus_VERIFY(rct::bulletproof_plus_PROVE(std::uint64_t(12345), mask)));
  rct::key v{{0}};
  std::memset(v.bytes, 0xff, 8);  // 2^64 - 1 as a scalar
  BOOST_TEST(rct::bulletproof_plus_VERIFY(rct::bulletproof_plus_PROVE(v, mask)));
  BOOST_TEST(rct::bulletproof_plus_VERIFY(rct::bulletproof_plus_PROVE(rct::keyV{v, rct::key{{0}}}, {mask, mask})));
}

BOOST_AUTO_TEST_CASE(prove_misuse) {
  const rct::key mask = random_reduced();
  auto throws_naming = [](auto &&f, const std::string &what) {
    try {
      f();
      BOOST_TEST(false, "no exception for " << what);
    } catch (const std::invalid_argument &e) {
      const std::string msg = e.what();
      BOOST_TEST(msg.find("bulletproof_plus_PROVE") != std::string::npos, msg);
      BOOST_TEST(msg.find(what) != std::string::npos, msg);
    }
  };
  throws_naming([&] { rct::bulletproof_plus_PROVE(std::vector<std::uint64_t>{}, rct::keyV{}); }, "no amounts");
  throws_naming([&] { rct::bulletproof_plus_PROVE(std::vector<std::uint64_t>(17, 1), rct::keyV(17, mask)); },
                "17 amounts");
  throws_naming([&] { rct::bulletproof_plus_PROVE(std::vector<std::uint64_t>{1, 2}, rct::keyV{mask}); },
                "2 amounts but 1 masks");
  rct::key big{{0}};
  big.bytes[8] = 1;  // 2^64
  // The strict variant refuses an amount scalar >= 2^64; the message names the
  // offending position, not its value.
  throws_naming([&] { cncrypto::bulletproof_plus_PROVE_strict(big, mask); }, "v[0] is not below 2^64");
  rct::keyV amounts{rct::zero(), big};
  throws_naming([&] { cncrypto::bulletproof_plus_PROVE_strict(amounts, rct::keyV{mask, mask}); },
                "v[1] is not below 2^64");
  BOOST_TEST(rct::bulletproof_plus_VERIFY(cncrypto::bulletproof_plus_PROVE_strict(rct::d2h(9), mask)));
  // Monero's name refuses only a scalar that is not reduced (Monero: "Invalid sv input").
  rct::key L{{0}};
  const unsigned char L_bytes[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                     0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                     0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
  std::memcpy(L.bytes, L_bytes, 32);
  throws_naming([&] { rct::bulletproof_plus_PROVE(L, mask); }, "v[0] is not below L");
}

// Monero 0.18's bulletproof_plus_PROVE takes any reduced amount scalar (it checks
// only is_reduced): V = (gamma G + v H) / 8 commits to the whole scalar while the
// bit vector aL holds only bits 0..63, so the weighted inner product does not
// match V and bulletproof_plus_VERIFY rejects the proof. An amount < 2^64 in the
// same key form verifies.
BOOST_AUTO_TEST_CASE(prove_amount_of_2_64_or_more_gives_a_failing_proof_as_monero) {
  const rct::key mask = random_reduced();
  rct::key two_64{{0}}, two_100_plus_3{{0}};
  two_64.bytes[8] = 1;
  two_100_plus_3.bytes[12] = 0x10;
  two_100_plus_3.bytes[0] = 3;
  for (const rct::key &v : {two_64, two_100_plus_3}) {
    const rct::BulletproofPlus p = rct::bulletproof_plus_PROVE(v, mask);
    BOOST_TEST_REQUIRE(p.V.size() == 1u);
    BOOST_TEST(!rct::bulletproof_plus_VERIFY(p));
    rct::key committed;
    rct::addKeys2(committed, mask, v, rct::H);
    BOOST_TEST((rct::scalarmult8(p.V[0]) == committed));
  }
  BOOST_TEST(rct::bulletproof_plus_VERIFY(rct::bulletproof_plus_PROVE(rct::d2h(~std::uint64_t(0)), mask)));
  BOOST_TEST(!rct::bulletproof_plus_VERIFY(rct::bulletproof_plus_PROVE(rct::keyV{rct::d2h(1), two_64}, rct::keyV{mask, mask})));
}

BOOST_AUTO_TEST_CASE(verify_refuses_malformed_without_throwing) {
  const rct::BulletproofPlus good = rct::bulletproof_plus_PROVE(std::uint64_t(7), random_reduced());
  BOOST_TEST(rct::bulletproof_plus_VERIFY(good));
  rct::BulletproofPlus p = good;
  p.V.clear();
  BOOST_TEST(!rct::bulletproof_plus_VERIFY(p));
  p = good;
  p.V.resize(17, good.V[0]);
  BOOST_TEST(!rct::bulletproof_plus_VERIFY(p));
  p = good;
  p.L.pop_back();
  BOOST_TEST(!rct::bulletproof_plus_VERIFY(p));
  p = good;
  p.L.clear();
  p.R.clear();
  BOOST_TEST(!rct::bulletproof_plus_VERIFY(p));
  p = good;
  std::memset(p.A.bytes, 0xff, 32);  // undecodable
  BOOST_TEST(!rct::bulletproof_plus_VERIFY(p));
  BOOST_TEST(rct::bulletproof_plus_VERIFY(std::vector<rct::BulletproofPlus>{}));
  BOOST_TEST(!rct::bulletproof_plus_VERIFY(std::vector<const rct::BulletproofPlus *>{&good, nullptr}));
}

BOOST_AUTO_TEST_SUITE_END()
