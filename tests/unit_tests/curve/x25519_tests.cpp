// X25519 (crypto/cncrypto_x25519.h, curve/x25519.h; docs/x25519.md). Expected values:
// - RFC 7748 section 5.2 (the two multiplications, the iterated function after 1 and
//   1,000 iterations; 1,000,000 in x25519_long_tests, label "long") and section 6.1
//   (Alice and Bob's keys and shared secret);
// - Wycheproof's x25519_test.json (tests/unit_tests/vectors/wycheproof/, NOTICE.md):
//   518 cases, low-order, twist and non-canonical u included, each with its value;
// - libsodium's crypto_scalarmult / crypto_scalarmult_base (an independent
//   implementation) on random inputs;
// - the unclamped form: jeffro256/mx25519's "unclamped" branch tests (the mx25519 that
//   Monero's Carrot code calls; bit 255 ignored, bit 254 zero), Monero's
//   carrot_convergence tests (k_v D_e = d_e ConvertPointE(K_v)), and ed25519's own
//   ge_scalarmult followed by the Edwards-to-Montgomery map (u of k P = ConvertPointE(k P_ed));
// - the batches against the single call on every backend this CPU runs, sizes around
//   the lanes (4, 8) and the 64-entry inversion chunks.
#include <boost/test/unit_test.hpp>

#include "crypto/crypto-ops.h"
#include "crypto/cncrypto_x25519.h"
#include "curve/ecmult.h"
#include "curve/x25519.h"
#include "support/hex.h"
#ifndef CNCRYPTO_TEST_ED25519_ONLY  // ed25519_fe10_tests: the curve layer alone (no key types)
#include "support/points.h"
#endif
#include "support/shared_data.h"
#include "support/xorshift.h"

#include <nlohmann/json.hpp>
#include <sodium.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace ed = cncrypto::ed25519;
using bytes32 = std::array<unsigned char, 32>;

namespace {

bytes32 h32(const std::string &hex) { return cncrypto::test::pod_from_hex<bytes32>(hex); }
std::string hexof(const bytes32 &b) { return cncrypto::hex_encode(b.data(), b.size()); }

bytes32 random_from(cncrypto::test::xorshift64 &rng) {
  bytes32 out;
  for (std::size_t i = 0; i < out.size(); i += 8) {
    const std::uint64_t w = rng();
    for (std::size_t j = 0; j < 8; ++j) out[i + j] = static_cast<unsigned char>(w >> (8 * j));
  }
  return out;
}

bytes32 random32() {
  static cncrypto::test::xorshift64 rng;
  return random_from(rng);
}

bytes32 x25519_of(const bytes32 &k, const bytes32 &u) {
  bytes32 out;
  cncrypto::x25519(out.data(), k.data(), u.data());
  return out;
}

bytes32 unclamped_of(const bytes32 &k, const bytes32 &u) {
  bytes32 out;
  cncrypto::x25519_unclamped(out.data(), k.data(), u.data());
  return out;
}

const bytes32 kNine = h32("0900000000000000000000000000000000000000000000000000000000000000");

}  // namespace

BOOST_AUTO_TEST_SUITE(x25519)

// Single products with their expected value: scalar, u, result, clamped (x25519) or
// not (x25519_unclamped), and the source.
struct product_vector {
  const char *scalar, *u, *expected;
  bool clamped;
  const char *source;
};
const product_vector kProducts[] = {
    {"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552", true, "RFC 7748 5.2, first"},
    {"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba4d",  // u's bit 255 set: masked
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957", true, "RFC 7748 5.2, second"},
    // mx25519's unclamped-branch tests: RFC 7748's first vector with the scalar clamped
    // by hand, a u >= p, a scalar with bit 254 clear and bit 255 set (ignored).
    {"a046e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552", false, "mx25519 unclamped 1"},
    {"a82b2c3964e188a899d6f74b99679013b0a2510b5a6a0a90739e444b23f7bae6",
     "f6ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
     "18b1569101d55e0e7e8527a73e27d43393a2d4ec73e67078064bc2a56dcb5860", false, "mx25519 unclamped 3"},
    {"a8c58a54782e87c7052458c2caa461aa27024fb08801ad4bb376b880e449da88",
     "08558f428dff0dc8ee4bebf2408982cf65538a3ae57dffe4f49f43f5506ccd09",
     "cd178e864e4f3dd3f5e945c04b87825b84d8a224b6c240784515c5f87af27647", false, "mx25519 unclamped 4"},
};

BOOST_AUTO_TEST_CASE(product_vectors) {
  for (const product_vector &v : kProducts) {
    const bytes32 k = h32(v.scalar), u = h32(v.u);
    BOOST_TEST(hexof(v.clamped ? x25519_of(k, u) : unclamped_of(k, u)) == v.expected, v.source);
  }
}

// RFC 7748 section 5.2, the iterated function: k = u = 9, then (k, u) = (X25519(k, u), k).
BOOST_AUTO_TEST_CASE(rfc7748_iterated_1_and_1000) {
  bytes32 k = kNine, u = kNine;
  for (int i = 1; i <= 1000; ++i) {
    const bytes32 r = x25519_of(k, u);
    u = k;
    k = r;
    if (i == 1) BOOST_TEST(hexof(k) == "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079");
  }
  BOOST_TEST(hexof(k) == "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51");
}

// RFC 7748 section 6.1: Diffie-Hellman.
BOOST_AUTO_TEST_CASE(rfc7748_section_6_1) {
  const bytes32 a = h32("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c6a");
  const bytes32 b = h32("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
  bytes32 pa, pb, ka, kb;
  BOOST_TEST(cncrypto::x25519_base(pa.data(), a.data()));
  BOOST_TEST(cncrypto::x25519_base(pb.data(), b.data()));
  BOOST_TEST(hexof(pa) == "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
  BOOST_TEST(hexof(pb) == "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
  BOOST_TEST(hexof(x25519_of(a, kNine)) == hexof(pa));  // the ladder on u = 9 agrees
  BOOST_TEST(cncrypto::x25519(ka.data(), a.data(), pb.data()));
  BOOST_TEST(cncrypto::x25519(kb.data(), b.data(), pa.data()));
  BOOST_TEST(hexof(ka) == "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
  BOOST_TEST(hexof(kb) == hexof(ka));
}

// Every Wycheproof case: shared == X25519(private, public), on the single call and, all
// cases in one batch of one scalar each, on every backend.
BOOST_AUTO_TEST_CASE(wycheproof) {
  const auto path = cncrypto::test::repo_vectors_dir() / "wycheproof" / "x25519_test.json";
  std::ifstream in(path);
  BOOST_REQUIRE_MESSAGE(in, "cannot open " << path);
  const nlohmann::json j = nlohmann::json::parse(in);
  std::vector<bytes32> priv, pub, shared;
  std::size_t zeros = 0, low_order = 0, non_canonical = 0, twist = 0;
  for (const auto &g : j.at("testGroups")) {
    BOOST_REQUIRE(g.at("curve").get<std::string>() == "curve25519");
    for (const auto &t : g.at("tests")) {
      const std::string result = t.at("result").get<std::string>();
      BOOST_REQUIRE(result == "valid" || result == "acceptable");  // the file has no "invalid" case
      priv.push_back(h32(t.at("private").get<std::string>()));
      pub.push_back(h32(t.at("public").get<std::string>()));
      shared.push_back(h32(t.at("shared").get<std::string>()));
      bytes32 out;
      const bool nonzero = cncrypto::x25519(out.data(), priv.back().data(), pub.back().data());
      BOOST_TEST(hexof(out) == hexof(shared.back()), "tcId " << t.at("tcId") << " " << t.at("comment"));
      const bool all_zero = shared.back() == bytes32{};
      BOOST_TEST(nonzero == !all_zero, "tcId " << t.at("tcId"));
      zeros += all_zero ? 1 : 0;
      for (const auto &f : t.at("flags")) {
        const std::string flag = f.get<std::string>();
        low_order += flag == "LowOrderPublic" ? 1 : 0;
        non_canonical += flag == "NonCanonicalPublic" ? 1 : 0;
        twist += flag == "Twist" ? 1 : 0;
      }
    }
  }
  // What the file holds (counted once when the file was added; a changed file fails here).
  BOOST_TEST(priv.size() == 518u);
  BOOST_TEST(zeros == 31u);  // the ZeroSharedSecret cases: low-order u, all-zero result
  BOOST_TEST(low_order == 31u);
  BOOST_TEST(non_canonical == 19u);
  BOOST_TEST(twist == 221u);
  std::vector<std::string> backends{""};
  const char *names[8];
  for (std::size_t i = 0, n = ed::curve_backend_names(names, 8); i < n && i < 8; ++i) backends.emplace_back(names[i]);
  for (const std::string &b : backends) {
    std::vector<bytes32> out(priv.size());
    std::vector<bytes32> clamped(priv);
    for (auto &k : clamped) {
      k[0] &= 248;
      k[31] = static_cast<unsigned char>((k[31] & 127) | 64);
    }
    const auto *kp = reinterpret_cast<const unsigned char(*)[32]>(clamped.data());
    const auto *up = reinterpret_cast<const unsigned char(*)[32]>(pub.data());
    auto *op = reinterpret_cast<unsigned char(*)[32]>(out.data());
    if (b.empty()) {
      BOOST_TEST(cncrypto::x25519_each_batch(op, reinterpret_cast<const unsigned char(*)[32]>(priv.data()), up,
                                             priv.size()) == zeros);
    } else {
      BOOST_REQUIRE(ed::x25519_ladder_each_batch_on(b.c_str(), op, kp, up, priv.size()));
    }
    for (std::size_t i = 0; i < out.size(); ++i) BOOST_TEST(hexof(out[i]) == hexof(shared[i]), b << " " << i);
  }
}

// libsodium's crypto_scalarmult (RFC 7748 X25519; it refuses an all-zero result, so
// its inputs here are random points) and crypto_scalarmult_base.
BOOST_AUTO_TEST_CASE(libsodium_agrees) {
  BOOST_REQUIRE(sodium_init() >= 0);
  for (int i = 0; i < 200; ++i) {
    const bytes32 k = random32();
    bytes32 u = random32();
    if (i % 3 == 0) {  // a point of the curve: a public key
      const bytes32 s = random32();
      BOOST_REQUIRE(crypto_scalarmult_base(u.data(), s.data()) == 0);
    }
    if (i % 5 == 0) u[31] |= 0x80;  // bit 255, masked by both
    bytes32 ours, theirs;
    const bool ok = cncrypto::x25519(ours.data(), k.data(), u.data());
    BOOST_REQUIRE(crypto_scalarmult(theirs.data(), k.data(), u.data()) == 0);
    BOOST_TEST(ok);
    BOOST_TEST(hexof(ours) == hexof(theirs));
    BOOST_TEST(cncrypto::x25519_base(ours.data(), k.data()));
    BOOST_REQUIRE(crypto_scalarmult_base(theirs.data(), k.data()) == 0);
    BOOST_TEST(hexof(ours) == hexof(theirs));
  }
}

// The points at infinity and small order: all-zero output and a false return.
BOOST_AUTO_TEST_CASE(zero_results) {
  bytes32 out;
  const bytes32 k = random32();
  bytes32 u{};  // u = 0 (order 2)
  BOOST_TEST(!cncrypto::x25519(out.data(), k.data(), u.data()));
  BOOST_TEST(out == bytes32{});
  u[0] = 1;  // u = 1: order 4, and 8 k = 0 mod 4
  BOOST_TEST(!cncrypto::x25519(out.data(), k.data(), u.data()));
  BOOST_TEST(out == bytes32{});
  const bool nonzero = cncrypto::x25519_unclamped(out.data(), k.data(), u.data());  // u = 1 has order 4: zero iff k is even
  BOOST_TEST(nonzero == (out != bytes32{}));
  // p itself is u = 0; p + 1 is u = 1 (non-canonical, reduced).
  const bytes32 p = h32("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
  BOOST_TEST(!cncrypto::x25519(out.data(), k.data(), p.data()));
  const bytes32 zero{};
  BOOST_TEST(!cncrypto::x25519_unclamped_base(out.data(), zero.data()));
  BOOST_TEST(out == bytes32{});
}

// The unclamped form, Monero's Carrot (mx25519_scmul_key / mx25519_scmul_base of
// jeffro256/mx25519, branch "unclamped", the submodule of Monero's master).
BOOST_AUTO_TEST_CASE(unclamped_vectors) {
  // Monero's tests/unit_tests/carrot_core convergence vectors: D_e = d_e B (an odd
  // scalar: the low bits count), the receiver's k_v D_e, and the sender's
  // d_e ConvertPointE(K_v), both the same s_sr; and D_e = d_e ConvertPointE(K_s).
  const bytes32 d_e = h32("f57ff2d7c898b755137b69e8d826801945ed72e9951850de908e9d645a0bb00d");
  bytes32 out;
  BOOST_TEST(cncrypto::x25519_unclamped_base(out.data(), d_e.data()));
  BOOST_TEST(hexof(out) == "2987777565c02409dfe871cc27b2334f5ade9d4ad014012c568367b80e99c666");
  BOOST_TEST(hexof(unclamped_of(d_e, kNine)) == hexof(out));
  const bytes32 k_v = h32("60eff3ec120a12bb44d4258816e015952fc5651040da8c8af58c17676485f200");
  const bytes32 D_e = h32("d8b8ce01943edd05d7db66aeb15109c58ec270796f0c76c03d58a398926aca55");
  BOOST_TEST(hexof(unclamped_of(k_v, D_e)) == "baa47cfc380374b15cb5a3048099968962a66e287d78654c75b550d711e58451");
  const bytes32 K_v = h32("75b7bc7759da5d9ad5ff421650949b27a13ea369685eb4d1bd59abc518e25fe2");
  bytes32 K_v_x;
  BOOST_REQUIRE(edwards_bytes_to_x25519_vartime(K_v_x.data(), K_v.data()) == 0);
  BOOST_TEST(hexof(unclamped_of(d_e, K_v_x)) == "baa47cfc380374b15cb5a3048099968962a66e287d78654c75b550d711e58451");
  const bytes32 K_s = h32("1ebcddd5d98e26788ed8d8510de7f520e973902238e107a070aad104e166b6a0");
  bytes32 K_s_x;
  BOOST_REQUIRE(edwards_bytes_to_x25519_vartime(K_s_x.data(), K_s.data()) == 0);
  BOOST_TEST(hexof(unclamped_of(d_e, K_s_x)) == hexof(D_e));
}

#ifndef CNCRYPTO_TEST_ED25519_ONLY
// The unclamped ladder against ed25519's arithmetic: u(k P) = ConvertPointE(k P) for
// random Edwards points P (torsioned ones too) and random k < 2^255 (ge_scalarmult is
// the exact integer multiple for k[31] <= 127), bit 255 of the scalar ignored; and a
// clamped scalar gives x25519's result.
BOOST_AUTO_TEST_CASE(unclamped_against_edwards) {
  cncrypto::test::xorshift64 rng;
  for (int i = 0; i < 64; ++i) {
    ge_p3 p;
    const bytes32 s = random_from(rng);
    ge_scalarmult_base(&p, s.data());
    if (i % 4 == 1)  // plus a point of order 8: a curve point with a torsion component
      p = cncrypto::test::add_points(p, cncrypto::test::decode_point(h32(cncrypto::test::kOrder8Hex).data()));
    bytes32 k = random_from(rng);
    k[31] &= 0x7f;
    bytes32 u, expected;
    BOOST_REQUIRE(ge_p3_to_x25519(u.data(), &p) == 0);
    ge_p3 kp;
    ge_scalarmult_p3(&kp, k.data(), &p);
    const int inf = ge_p3_to_x25519(expected.data(), &kp);  // the identity gives u = 0
    BOOST_TEST(hexof(unclamped_of(k, u)) == hexof(expected), i);
    BOOST_TEST((inf == 0) == (expected != bytes32{}));
    bytes32 k_hi = k;
    k_hi[31] |= 0x80;  // ignored
    BOOST_TEST(hexof(unclamped_of(k_hi, u)) == hexof(expected));
    bytes32 kc = k;
    kc[0] &= 248;
    kc[31] = static_cast<unsigned char>((kc[31] & 127) | 64);
    BOOST_TEST(hexof(unclamped_of(kc, u)) == hexof(x25519_of(k, u)));
    // the base point
    bytes32 b1, b2;
    cncrypto::x25519_unclamped_base(b1.data(), k_hi.data());
    BOOST_TEST(hexof(b1) == hexof(unclamped_of(k, kNine)));
    cncrypto::x25519_base(b2.data(), k.data());
    BOOST_TEST(hexof(b2) == hexof(x25519_of(k, kNine)));
  }
}

#endif

// Batches == the single call, on the active backend and every backend this CPU runs,
// for sizes around 4 and 8 lanes and the 64-entry chunk, one shared scalar and a
// scalar per entry, the edge u values (0, 1, p - 1, p, 2^255 - 1) among random ones.
BOOST_AUTO_TEST_CASE(batch_equals_single) {
  const std::size_t sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 63, 64, 65, 130};
  const bytes32 edges[] = {bytes32{}, h32("0100000000000000000000000000000000000000000000000000000000000000"),
                           h32("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
                           h32("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
                           h32("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff")};
  std::vector<std::string> backends{""};
  const char *names[8];
  for (std::size_t i = 0, n = ed::curve_backend_names(names, 8); i < n && i < 8; ++i) backends.emplace_back(names[i]);
  for (const std::size_t n : sizes) {
    std::vector<bytes32> u(n), k(n), single(n), single_each(n);
    bytes32 shared = random32();
    shared[31] |= 0x80;  // bit 255 ignored in the batch too
    for (std::size_t i = 0; i < n; ++i) {
      u[i] = i % 6 < 5 && i < 10 ? edges[i % 5] : random32();
      k[i] = random32();
      if (i % 7 == 3) k[i] = bytes32{};
      ed::x25519_ladder_serial(single[i].data(), shared.data(), u[i].data());
      ed::x25519_ladder_serial(single_each[i].data(), k[i].data(), u[i].data());
    }
    const auto *up = reinterpret_cast<const unsigned char(*)[32]>(u.data());
    const auto *kp = reinterpret_cast<const unsigned char(*)[32]>(k.data());
    for (const std::string &b : backends) {
      std::vector<bytes32> out(n + 1), out_each(n + 1);
      auto *op = reinterpret_cast<unsigned char(*)[32]>(out.data());
      auto *oe = reinterpret_cast<unsigned char(*)[32]>(out_each.data());
      if (b.empty()) {
        cncrypto::x25519_unclamped_batch(op, shared.data(), up, n);
        cncrypto::x25519_unclamped_each_batch(oe, kp, up, n);
      } else {
        BOOST_REQUIRE(ed::x25519_ladder_batch_on(b.c_str(), op, shared.data(), up, n));
        BOOST_REQUIRE(ed::x25519_ladder_each_batch_on(b.c_str(), oe, kp, up, n));
      }
      for (std::size_t i = 0; i < n; ++i) {
        BOOST_TEST(hexof(out[i]) == hexof(single[i]), "backend '" << b << "' n " << n << " i " << i);
        BOOST_TEST(hexof(out_each[i]) == hexof(single_each[i]), "backend '" << b << "' n " << n << " i " << i);
      }
      BOOST_TEST(out[n] == bytes32{});  // nothing written past n
      BOOST_TEST(out_each[n] == bytes32{});
    }
    // the clamped batches: x25519 per entry
    std::vector<bytes32> out(n);
    auto *op = reinterpret_cast<unsigned char(*)[32]>(out.data());
    std::size_t zeros = 0;
    for (std::size_t i = 0; i < n; ++i) zeros += x25519_of(shared, u[i]) == bytes32{} ? 1 : 0;
    BOOST_TEST(cncrypto::x25519_batch(op, shared.data(), up, n) == zeros);
    for (std::size_t i = 0; i < n; ++i) BOOST_TEST(hexof(out[i]) == hexof(x25519_of(shared, u[i])));
    BOOST_TEST(cncrypto::x25519_each_batch(op, kp, up, n) <= n);
    for (std::size_t i = 0; i < n; ++i) BOOST_TEST(hexof(out[i]) == hexof(x25519_of(k[i], u[i])));
  }
}

// The single call on every backend (ifma: its 4-way one-scalar kernel) == the serial
// ladder, on random and edge inputs (u = 0, 1, p - 1, p, 2^255 - 1; scalars 0, 1,
// all ones, bit 254 clear).
BOOST_AUTO_TEST_CASE(single_on_every_backend) {
  std::vector<bytes32> us = {bytes32{}, h32("0100000000000000000000000000000000000000000000000000000000000000"),
                             h32("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
                             h32("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
                             h32("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"), kNine};
  std::vector<bytes32> ks = {bytes32{}, h32("0100000000000000000000000000000000000000000000000000000000000000"),
                             h32("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"),
                             h32("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff3f")};
  for (int i = 0; i < 40; ++i) {
    us.push_back(random32());
    ks.push_back(random32());
  }
  const char *names[8];
  const std::size_t nb = ed::curve_backend_names(names, 8);
  for (const bytes32 &k : ks)
    for (std::size_t j = 0; j < us.size(); j += (&k - ks.data()) < 4 ? 1 : 7) {
      bytes32 expected;
      ed::x25519_ladder_serial(expected.data(), k.data(), us[j].data());
      for (std::size_t b = 0; b < nb && b < 8; ++b) {
        bytes32 out;
        BOOST_REQUIRE(ed::x25519_ladder_on(names[b], out.data(), k.data(), us[j].data()));
        BOOST_TEST(hexof(out) == hexof(expected), names[b] << " u " << j);
      }
      bytes32 out;
      ed::x25519_ladder(out.data(), k.data(), us[j].data());
      BOOST_TEST(hexof(out) == hexof(expected));
    }
}

BOOST_AUTO_TEST_CASE(null_pointers_throw) {
  bytes32 out, k = random32(), u = kNine;
  BOOST_CHECK_THROW(cncrypto::x25519(nullptr, k.data(), u.data()), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::x25519(out.data(), nullptr, u.data()), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::x25519_unclamped(out.data(), k.data(), nullptr), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::x25519_base(out.data(), nullptr), std::invalid_argument);
  unsigned char(*op)[32] = reinterpret_cast<unsigned char(*)[32]>(out.data());
  BOOST_CHECK_THROW(cncrypto::x25519_batch(op, k.data(), nullptr, 1), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::x25519_unclamped_each_batch(op, nullptr, nullptr, 1), std::invalid_argument);
  BOOST_TEST(cncrypto::x25519_unclamped_each_batch(nullptr, nullptr, nullptr, 0) == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
