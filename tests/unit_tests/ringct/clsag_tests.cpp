// CLSAG (ringct/clsag.h): proveRctCLSAGSimple and verRctCLSAGSimple.
//
// Expected values:
//   * every CLSAG_verify line of ../shared/vectors/monero_ringct.txt (151 lines,
//     25 true): Monero's verRctCLSAGSimple at commit 0aa9c51b, recomputed by an
//     independent Python implementation (README_ringct.md);
//   * ../shared/data/vectors/owned_output_clsag_tx.json: a real type-6
//     transaction (monero-oxide test vectors) with both rings and the
//     pre-MLSAG hash (signature_message); its two CLSAGs must verify;
//   * round trips: our signer against our verifier, which the vectors pin to
//     Monero's rules; the key image against crypto::generate_key_image.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "cryptonote/serialization.h"
#include "ringct/clsag.h"
#include "ringct/rctOps.h"
#include "support/points.h"
#include "support/shared_data.h"
#include "support/vector_file.h"
#include "support/xorshift.h"

#include <nlohmann/json.hpp>

#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>

using cncrypto::test::hex_field;
using cncrypto::test::needs_shared;

namespace {

rct::key key_of(const std::vector<std::uint8_t> &bytes) {
  BOOST_REQUIRE_EQUAL(bytes.size(), 32u);
  rct::key k;
  std::memcpy(k.bytes, bytes.data(), 32);
  return k;
}
rct::key key_hex(const std::string &hex) { return key_of(hex_field(hex)); }

rct::key random_scalar() { return rct::skGen(); }
rct::key base_mult(const rct::key &s) { return rct::scalarmultBase(s); }

// A ring of n random members with the real one at index; the input has
// amount 1000 with mask z, the pseudo-output the same amount with mask a.
struct ring_case {
  rct::key message;
  rct::ctkeyV pubs;
  rct::ctkey in_sk;
  rct::key a, Cout;
};
ring_case make_ring(std::size_t n, std::size_t index) {
  ring_case rc;
  rc.message = random_scalar();
  for (std::size_t i = 0; i < n; ++i)
    rc.pubs.push_back({base_mult(random_scalar()), rct::commit(i * 7, random_scalar())});
  rc.in_sk.dest = random_scalar();
  rc.in_sk.mask = random_scalar();
  rc.pubs[index] = {base_mult(rc.in_sk.dest), rct::commit(1000, rc.in_sk.mask)};
  rc.a = random_scalar();
  rc.Cout = rct::commit(1000, rc.a);
  return rc;
}

struct clsag_line {
  rct::key message, C_offset;
  rct::ctkeyV pubs;
  rct::clsag sig;
  bool expected;
};
clsag_line parse_line(const cncrypto::test::vector_line &line) {
  const auto &f = line.fields;
  clsag_line c;
  c.message = key_hex(f.at(1));
  const std::size_t n = cncrypto::test::u64_field(f.at(2));
  BOOST_REQUIRE_EQUAL(f.size(), 3 + 2 * n + 6);
  c.pubs.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    c.pubs[i].dest = key_hex(f[3 + i]);
    c.pubs[i].mask = key_hex(f[3 + n + i]);
  }
  std::size_t k = 3 + 2 * n;
  c.C_offset = key_hex(f[k++]);
  const std::vector<std::uint8_t> s = hex_field(f[k++]);
  BOOST_REQUIRE_EQUAL(s.size() % 32, 0u);
  for (std::size_t i = 0; i < s.size(); i += 32) {
    rct::key k32;
    std::memcpy(k32.bytes, s.data() + i, 32);
    c.sig.s.push_back(k32);
  }
  c.sig.c1 = key_hex(f[k++]);
  c.sig.D = key_hex(f[k++]);
  c.sig.I = key_hex(f[k++]);
  c.expected = cncrypto::test::bool_field(f[k]);
  return c;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(clsag)

BOOST_AUTO_TEST_CASE(monero_vectors, *needs_shared()) {
  const auto lines =
      cncrypto::test::read_vector_file(cncrypto::test::shared_path("vectors/monero_ringct.txt"), "CLSAG_verify");
  BOOST_REQUIRE_EQUAL(lines.size(), 151u);
  std::size_t trues = 0;
  for (const auto &line : lines) {
    const clsag_line c = parse_line(line);
    trues += c.expected;
    BOOST_CHECK_MESSAGE(rct::verRctCLSAGSimple(c.message, c.sig, c.pubs, c.C_offset) == c.expected,
                        "monero_ringct.txt line " << line.line_number);
  }
  BOOST_CHECK_EQUAL(trues, 25u);
}

// The signed lines also come out of our verifier false after any single bit
// flip of a scalar or of D (sampled bits: every 37th).
BOOST_AUTO_TEST_CASE(monero_vectors_bit_flips, *needs_shared()) {
  const auto lines =
      cncrypto::test::read_vector_file(cncrypto::test::shared_path("vectors/monero_ringct.txt"), "CLSAG_verify");
  std::size_t checked = 0;
  for (const auto &line : lines) {
    const clsag_line c = parse_line(line);
    if (!c.expected || c.pubs.size() > 3) continue;
    for (std::size_t bit = 0; bit < 256 * (c.sig.s.size() + 2); bit += 37) {
      rct::clsag t = c.sig;
      rct::key &k = bit / 256 < t.s.size() ? t.s[bit / 256] : (bit / 256 == t.s.size() ? t.c1 : t.D);
      k.bytes[(bit % 256) / 8] ^= static_cast<unsigned char>(1 << (bit % 8));
      BOOST_CHECK(!rct::verRctCLSAGSimple(c.message, t, c.pubs, c.C_offset));
      ++checked;
    }
  }
  BOOST_CHECK_GT(checked, 100u);
}

BOOST_AUTO_TEST_CASE(round_trips_every_ring_size_and_index) {
  for (std::size_t n = 1; n <= 16; ++n) {
    for (std::size_t l = 0; l < n; ++l) {
      const ring_case rc = make_ring(n, l);
      const rct::clsag sig =
          rct::proveRctCLSAGSimple(rc.message, rc.pubs, rc.in_sk, rc.a, rc.Cout, static_cast<unsigned>(l), hw::get_device("default"));
      BOOST_REQUIRE_EQUAL(sig.s.size(), n);
      BOOST_CHECK_MESSAGE(rct::verRctCLSAGSimple(rc.message, sig, rc.pubs, rc.Cout), "n " << n << " index " << l);
      // I is the key image of the real key.
      crypto::public_key pub;
      crypto::secret_key sec;
      std::memcpy(pub.data, rc.pubs[l].dest.bytes, 32);
      std::memcpy(sec.data, rc.in_sk.dest.bytes, 32);
      crypto::key_image image;
      crypto::generate_key_image(pub, sec, image);
      BOOST_CHECK(std::memcmp(image.data, sig.I.bytes, 32) == 0);
      // A different message, pseudo-output or key image fails.
      rct::key other = rc.message;
      other.bytes[0] ^= 1;
      BOOST_CHECK(!rct::verRctCLSAGSimple(other, sig, rc.pubs, rc.Cout));
      BOOST_CHECK(!rct::verRctCLSAGSimple(rc.message, sig, rc.pubs, rct::commit(1001, rc.a)));
      if (n > 1) {
        rct::ctkeyV swapped = rc.pubs;
        std::swap(swapped[0], swapped[n - 1]);
        BOOST_CHECK(!rct::verRctCLSAGSimple(rc.message, sig, swapped, rc.Cout));
      }
    }
  }
}

// D is stored as INV8 * z * Hp(P_l), z = inSk.mask - a (Monero's layout).
BOOST_AUTO_TEST_CASE(auxiliary_image_layout) {
  const ring_case rc = make_ring(3, 2);
  const rct::clsag sig = rct::proveRctCLSAGSimple(rc.message, rc.pubs, rc.in_sk, rc.a, rc.Cout, 2, hw::get_device("default"));
  rct::key z;
  sc_sub(z.bytes, rc.in_sk.mask.bytes, rc.a.bytes);
  const rct::key zH = rct::scalarmultKey(cncrypto::hashToPoint(rc.pubs[2].dest), z);
  BOOST_CHECK(rct::scalarmultKey(sig.D, rct::EIGHT) == zH);
  BOOST_CHECK(rct::scalarmultKey(zH, rct::INV_EIGHT) == sig.D);
}

// Garbage in every field: false, never an exception.
BOOST_AUTO_TEST_CASE(random_garbage_is_rejected_without_exceptions) {
  cncrypto::test::xorshift64 next;
  auto random_key = [&] {
    rct::key k;
    for (int i = 0; i < 32; i += 8) {
      const std::uint64_t v = next();
      std::memcpy(k.bytes + i, &v, 8);
    }
    if (next() % 2) k.bytes[31] &= 0x0f;  // often a valid scalar (< 2^252)
    return k;
  };
  for (int round = 0; round < 300; ++round) {
    const std::size_t n = next() % 6;
    rct::ctkeyV pubs(n);
    for (auto &m : pubs) m = {random_key(), random_key()};
    rct::clsag sig;
    const std::size_t count = next() % 3 == 0 ? next() % 7 : n;
    for (std::size_t i = 0; i < count; ++i) sig.s.push_back(random_key());
    sig.c1 = random_key();
    sig.D = random_key();
    sig.I = random_key();
    bool result = true;
    BOOST_CHECK_NO_THROW(result = rct::verRctCLSAGSimple(random_key(), sig, pubs, random_key()));
    BOOST_CHECK(!result);
  }
}

BOOST_AUTO_TEST_CASE(signatures_differ_each_time) {
  const ring_case rc = make_ring(4, 2);
  const rct::clsag a = rct::proveRctCLSAGSimple(rc.message, rc.pubs, rc.in_sk, rc.a, rc.Cout, 2, hw::get_device("default"));
  const rct::clsag b = rct::proveRctCLSAGSimple(rc.message, rc.pubs, rc.in_sk, rc.a, rc.Cout, 2, hw::get_device("default"));
  BOOST_CHECK(a.c1 != b.c1);
  BOOST_CHECK(a.I == b.I);
  BOOST_CHECK(a.D == b.D);
}

// Decoys that are the identity, small-order, torsioned or duplicated still
// give a valid signature (Monero's signer too, see README_ringct.md).
BOOST_AUTO_TEST_CASE(odd_decoys) {
  // Order-8 point (the usual ed25519 torsion point) and the order-2 point (0, -1).
  const rct::key t8 = key_hex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05");
  const rct::key t2 = key_hex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
  const rct::key id = key_hex("0100000000000000000000000000000000000000000000000000000000000000");
  ring_case rc = make_ring(6, 3);
  using cncrypto::test::decode_point;
  rc.pubs[0].dest = cncrypto::test::encode_point<rct::key>(  // torsioned decoy key
      cncrypto::test::add_points(decode_point(rc.pubs[0].dest.bytes), decode_point(t8.bytes)));
  rc.pubs[1] = {id, id};
  rc.pubs[2] = {t2, t8};
  rc.pubs[4] = rc.pubs[5];
  const rct::clsag sig = rct::proveRctCLSAGSimple(rc.message, rc.pubs, rc.in_sk, rc.a, rc.Cout, 3, hw::get_device("default"));
  BOOST_CHECK(rct::verRctCLSAGSimple(rc.message, sig, rc.pubs, rc.Cout));
}

// A torsion component on the real key or on the pseudo-output is not misuse
// (Monero's signer signs, and the result verifies exactly when the challenge
// kills the torsion: README_ringct.md); an order-8 component makes that rare.
// The signer must not throw: such a statement is not one that can never verify.
BOOST_AUTO_TEST_CASE(torsion_on_real_key_or_pseudo_output_signs) {
  const rct::key t8 = key_hex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05");
  auto plus_t8 = [&](const rct::key &k) {
    ge_p3 p, t, r;
    BOOST_REQUIRE_EQUAL(ge_frombytes_vartime(&p, k.bytes), 0);
    BOOST_REQUIRE_EQUAL(ge_frombytes_vartime(&t, t8.bytes), 0);
    ge_cached tc;
    ge_p3_to_cached(&tc, &t);
    ge_p1p1 s;
    ge_add(&s, &p, &tc);
    ge_p1p1_to_p3(&r, &s);
    rct::key out;
    ge_p3_tobytes(out.bytes, &r);
    return out;
  };
  ring_case rc = make_ring(3, 1);
  rct::ctkeyV pubs = rc.pubs;
  pubs[1].dest = plus_t8(pubs[1].dest);
  BOOST_CHECK_NO_THROW((void)rct::proveRctCLSAGSimple(rc.message, pubs, rc.in_sk, rc.a, rc.Cout, 1, hw::get_device("default")));
  BOOST_CHECK_NO_THROW(
      (void)rct::proveRctCLSAGSimple(rc.message, rc.pubs, rc.in_sk, rc.a, plus_t8(rc.Cout), 1, hw::get_device("default")));
}

BOOST_AUTO_TEST_CASE(misuse_throws_naming_the_mistake) {
  const ring_case rc = make_ring(5, 1);
  auto expect_throw = [&](const rct::ctkeyV &pubs, const rct::ctkey &sk, const rct::key &a, const rct::key &Cout,
                          unsigned index, const std::string &needle) {
    try {
      (void)rct::proveRctCLSAGSimple(rc.message, pubs, sk, a, Cout, index, hw::get_device("default"));
      BOOST_ERROR("no exception for " << needle);
    } catch (const std::invalid_argument &e) {
      BOOST_CHECK_MESSAGE(std::string(e.what()).find(needle) != std::string::npos,
                          "message '" << e.what() << "' lacks '" << needle << "'");
      BOOST_CHECK(std::string(e.what()).find("proveRctCLSAGSimple") != std::string::npos);
    }
  };
  expect_throw({}, rc.in_sk, rc.a, rc.Cout, 0, "empty ring");
  expect_throw(rc.pubs, rc.in_sk, rc.a, rc.Cout, 5, "index 5 is outside the ring of 5");
  expect_throw(rc.pubs, rc.in_sk, rc.a, rc.Cout, 0, "pubs[index].dest is not inSk.dest*G");
  rct::ctkey wrong = rc.in_sk;
  wrong.dest = random_scalar();
  expect_throw(rc.pubs, wrong, rc.a, rc.Cout, 1, "pubs[index].dest is not inSk.dest*G");
  wrong = rc.in_sk;
  wrong.mask = random_scalar();
  expect_throw(rc.pubs, wrong, rc.a, rc.Cout, 1, "pubs[index].mask - Cout");
  expect_throw(rc.pubs, rc.in_sk, random_scalar(), rc.Cout, 1, "pubs[index].mask - Cout");
  expect_throw(rc.pubs, rc.in_sk, rc.a, rct::commit(999, rc.a), 1, "pubs[index].mask - Cout");  // unbalanced
  wrong = rc.in_sk;
  std::memset(wrong.dest.bytes, 0xff, 32);
  expect_throw(rc.pubs, wrong, rc.a, rc.Cout, 1, "not reduced");
  rct::ctkeyV bad = rc.pubs;
  bad[3].mask.bytes[31] = 0x7f;
  std::memset(bad[3].mask.bytes, 0xff, 31);  // y >= p: undecodable
  expect_throw(bad, rc.in_sk, rc.a, rc.Cout, 1, "pubs[3].mask");
  rct::key bad_out = rc.Cout;
  std::memset(bad_out.bytes, 0xff, 31);
  bad_out.bytes[31] = 0x7f;
  expect_throw(rc.pubs, rc.in_sk, rc.a, bad_out, 1, "Cout");
}

// The two CLSAGs of a real type-6 transaction, against its rings and its
// pre-MLSAG hash; every single-bit flip of a sampled set breaks them.
BOOST_AUTO_TEST_CASE(real_transaction, *needs_shared()) {
  std::ifstream in(cncrypto::test::shared_path("data/vectors/owned_output_clsag_tx.json"));
  BOOST_REQUIRE(in);
  const nlohmann::json j = nlohmann::json::parse(in);
  std::vector<std::uint8_t> blob;
  BOOST_REQUIRE(cncrypto::hex_decode(j.at("tx_hex").get<std::string>(), blob));
  cryptonote::transaction tx;
  std::string error;
  BOOST_REQUIRE_MESSAGE(cryptonote::parse_and_validate_tx_from_blob(blob, tx, &error), error);
  const rct::rctSig &rv = tx.rct_signatures;
  BOOST_REQUIRE_EQUAL(rv.p.CLSAGs.size(), 2u);
  BOOST_REQUIRE_EQUAL(rv.p.pseudoOuts.size(), 2u);
  const rct::key message = key_hex(j.at("signature_message").get<std::string>());
  for (std::size_t in_i = 0; in_i < 2; ++in_i) {
    rct::ctkeyV pubs;
    for (const auto &m : j.at("ring_members").at(in_i))
      pubs.push_back({key_hex(m.at("key").get<std::string>()), key_hex(m.at("mask").get<std::string>())});
    BOOST_REQUIRE_EQUAL(pubs.size(), 16u);
    const rct::clsag &sig = rv.p.CLSAGs[in_i];
    BOOST_CHECK(sig.I == key_hex(j.at("key_images").at(in_i).get<std::string>()));
    BOOST_CHECK(rv.p.pseudoOuts[in_i] == key_hex(j.at("pseudo_outs").at(in_i).get<std::string>()));
    BOOST_CHECK(rct::verRctCLSAGSimple(message, sig, pubs, rv.p.pseudoOuts[in_i]));
    for (std::size_t bit = 0; bit < 256; bit += 29) {
      rct::clsag t = sig;
      t.s[bit % 16].bytes[bit / 8] ^= static_cast<unsigned char>(1 << (bit % 8));
      BOOST_CHECK(!rct::verRctCLSAGSimple(message, t, pubs, rv.p.pseudoOuts[in_i]));
      t = sig;
      t.I.bytes[bit / 8] ^= static_cast<unsigned char>(1 << (bit % 8));
      BOOST_CHECK(!rct::verRctCLSAGSimple(message, t, pubs, rv.p.pseudoOuts[in_i]));
    }
    // The other input's ring does not verify this signature.
    rct::ctkeyV other;
    for (const auto &m : j.at("ring_members").at(1 - in_i))
      other.push_back({key_hex(m.at("key").get<std::string>()), key_hex(m.at("mask").get<std::string>())});
    BOOST_CHECK(!rct::verRctCLSAGSimple(message, sig, other, rv.p.pseudoOuts[in_i]));
  }
}

BOOST_AUTO_TEST_SUITE_END()
