// Scalar layer (crypto/ed25519/sc.h): Monero's vector lines, an independent
// oracle (libsodium's crypto_core_ed25519_scalar_*), aliasing and edge cases.
#include <boost/test/unit_test.hpp>

#include "crypto/ed25519/sc.h"
#include "keys/keys_test_util.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <sodium.h>

#include <array>
#include <cstring>

using namespace cncrypto::test;
using keys_test::bytes32;
using keys_test::field32;
using keys_test::hex;
using keys_test::monero_lines;

BOOST_AUTO_TEST_SUITE(scalar)

BOOST_AUTO_TEST_CASE(check_scalar_vectors, *needs_shared()) {
  const auto lines = monero_lines("check_scalar");
  BOOST_TEST_REQUIRE(lines.size() == 195u);
  for (const auto &l : lines) {
    const bytes32 s = field32(l, 1);
    const bool canonical = sc_check(s.data()) == 0;
    BOOST_TEST(canonical == bool_field(l.fields[2]), "line " << l.line_number);
    BOOST_TEST((sc_check(s.data()) == 0 || sc_check(s.data()) == -1));
  }
}

BOOST_AUTO_TEST_CASE(sc_reduce32_vectors, *needs_shared()) {
  const auto lines = monero_lines("sc_reduce32");
  BOOST_TEST_REQUIRE(lines.size() == 80u);
  for (const auto &l : lines) {
    bytes32 s = field32(l, 1);
    sc_reduce32(s.data());
    BOOST_TEST(hex(s) == l.fields[2], "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(sc_reduce_vectors, *needs_shared()) {
  const auto lines = monero_lines("sc_reduce");
  BOOST_TEST_REQUIRE(lines.size() == 60u);
  for (const auto &l : lines) {
    const auto in = hex_field(l.fields[1]);
    BOOST_TEST_REQUIRE(in.size() == 64u);
    std::array<unsigned char, 64> s;
    std::memcpy(s.data(), in.data(), 64);
    sc_reduce(s.data());
    BOOST_TEST(hex(s.data(), 32) == l.fields[2], "line " << l.line_number);
    BOOST_TEST(std::memcmp(s.data() + 32, in.data() + 32, 32) == 0, "upper half untouched, line " << l.line_number);
  }
}

// sc_reduce32 folds x = q*2^252 + lo (q < 16) to lo - q*c, c = L - 2^252, and
// adds L back when that is negative. Values on both sides of that boundary for
// every q: x = q*L + d for d in -2..2 (expected d mod L, from the arithmetic
// alone, and libsodium's reduction agrees), and x = q*2^252 + (2^252 - 1).
BOOST_AUTO_TEST_CASE(sc_reduce32_fold_boundaries) {
  BOOST_TEST_REQUIRE(sodium_init() >= 0);
  const bytes32 L = keys_test::from_hex32("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");
  // a = a + sign*small (little-endian 256-bit, small < 256; no overflow here).
  auto add_small = [](bytes32 a, int sign, unsigned small) {
    int carry = sign * static_cast<int>(small);
    for (auto &byte : a) {
      const int v = byte + carry;
      byte = static_cast<unsigned char>(v & 0xff);
      carry = (v - (v & 0xff)) / 256;  // floor division, also for negative v
    }
    return a;
  };
  auto libsodium_reduce = [](const bytes32 &x) {
    std::array<unsigned char, 64> wide{};
    std::memcpy(wide.data(), x.data(), 32);
    bytes32 r;
    crypto_core_ed25519_scalar_reduce(r.data(), wide.data());
    return r;
  };
  for (unsigned q = 0; q < 16; ++q) {
    bytes32 qL{};  // q*L, byte by byte
    unsigned carry = 0;
    for (std::size_t i = 0; i < 32; ++i) {
      const unsigned v = L[i] * q + carry;
      qL[i] = static_cast<unsigned char>(v & 0xff);
      carry = v >> 8;
    }
    BOOST_TEST_REQUIRE(carry == 0u);
    for (int d = -2; d <= 2; ++d) {
      if (q == 0 && d < 0) continue;
      bytes32 x = add_small(qL, d < 0 ? -1 : 1, static_cast<unsigned>(d < 0 ? -d : d));
      const bytes32 expected = d >= 0 ? add_small(bytes32{}, 1, static_cast<unsigned>(d))
                                      : add_small(L, -1, static_cast<unsigned>(-d));
      const bytes32 oracle = libsodium_reduce(x);
      sc_reduce32(x.data());
      BOOST_TEST(hex(x) == hex(expected), "q " << q << " d " << d);
      BOOST_TEST(hex(x) == hex(oracle), "q " << q << " d " << d);
    }
    bytes32 top;  // q*2^252 + 2^252 - 1
    top.fill(0xff);
    top[31] = static_cast<unsigned char>((q << 4) | 0x0f);
    const bytes32 oracle = libsodium_reduce(top);
    sc_reduce32(top.data());
    BOOST_TEST(hex(top) == hex(oracle), "q " << q << " low bits all ones");
  }
}

namespace {
using binop = void (*)(unsigned char *, const unsigned char *, const unsigned char *);
using ternop = void (*)(unsigned char *, const unsigned char *, const unsigned char *, const unsigned char *);

void check_binop(const char *name, binop f) {
  const auto lines = monero_lines(name);
  BOOST_TEST_REQUIRE(lines.size() == 60u);
  for (const auto &l : lines) {
    const bytes32 a = field32(l, 1), b = field32(l, 2);
    bytes32 r;
    f(r.data(), a.data(), b.data());
    BOOST_TEST(hex(r) == l.fields[3], name << " line " << l.line_number);
    bytes32 alias_a = a;  // output aliasing either input gives the same result
    f(alias_a.data(), alias_a.data(), b.data());
    BOOST_TEST(hex(alias_a) == l.fields[3], name << " aliasing a, line " << l.line_number);
    bytes32 alias_b = b;
    f(alias_b.data(), a.data(), alias_b.data());
    BOOST_TEST(hex(alias_b) == l.fields[3], name << " aliasing b, line " << l.line_number);
  }
}

void check_ternop(const char *name, ternop f) {
  const auto lines = monero_lines(name);
  BOOST_TEST_REQUIRE(lines.size() == 60u);
  for (const auto &l : lines) {
    const bytes32 a = field32(l, 1), b = field32(l, 2), c = field32(l, 3);
    bytes32 r;
    f(r.data(), a.data(), b.data(), c.data());
    BOOST_TEST(hex(r) == l.fields[4], name << " line " << l.line_number);
    bytes32 alias_c = c;
    f(alias_c.data(), a.data(), b.data(), alias_c.data());
    BOOST_TEST(hex(alias_c) == l.fields[4], name << " aliasing c, line " << l.line_number);
  }
}
}  // namespace

BOOST_AUTO_TEST_CASE(sc_add_vectors, *needs_shared()) { check_binop("sc_add", sc_add); }
BOOST_AUTO_TEST_CASE(sc_sub_vectors, *needs_shared()) { check_binop("sc_sub", sc_sub); }
BOOST_AUTO_TEST_CASE(sc_mul_vectors, *needs_shared()) { check_binop("sc_mul", sc_mul); }
BOOST_AUTO_TEST_CASE(sc_mulsub_vectors, *needs_shared()) { check_ternop("sc_mulsub", sc_mulsub); }
BOOST_AUTO_TEST_CASE(sc_muladd_vectors, *needs_shared()) { check_ternop("sc_muladd", sc_muladd); }

// Edge values, written out: L, L-1, and the all-ones integer. Expected values
// computed with Python integers (pow / % on 256-bit ints).
BOOST_AUTO_TEST_CASE(edge_values) {
  const bytes32 L = keys_test::from_hex32("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");
  bytes32 lm1 = L;
  lm1[0] -= 1;
  bytes32 ones;
  ones.fill(0xff);
  BOOST_TEST(sc_check(L.data()) == -1);
  BOOST_TEST(sc_check(lm1.data()) == 0);
  BOOST_TEST(sc_check(ones.data()) == -1);
  BOOST_TEST(sc_isnonzero(L.data()) == 1);  // does not reduce first
  bytes32 z{};
  BOOST_TEST(sc_isnonzero(z.data()) == 0);
  z[31] = 0x80;
  BOOST_TEST(sc_isnonzero(z.data()) == 1);

  bytes32 r = L;
  sc_reduce32(r.data());
  BOOST_TEST(hex(r) == std::string(64, '0'));
  r = ones;  // (2^256 - 1) mod L
  sc_reduce32(r.data());
  BOOST_TEST(hex(r) == "1c95988d7431ecd670cf7d73f45befc6feffffffffffffffffffffffffffff0f");
  sc_mul(r.data(), ones.data(), ones.data());  // (2^256-1)^2 mod L
  BOOST_TEST(hex(r) == "a28c56e32e7552a6122e79c77b57ed6b68bef517d273ecce3d9a307c1b419903");
  bytes32 zero{};
  sc_mulsub(r.data(), lm1.data(), lm1.data(), zero.data());  // 0 - (L-1)^2 = -1 = L-1 mod L
  BOOST_TEST(hex(r) == hex(lm1));
  sc_0(r.data());
  BOOST_TEST(hex(r) == std::string(64, '0'));
}

// Independent oracle: libsodium's scalar arithmetic on random canonical
// scalars, and its 64-byte reduction on random 512-bit inputs.
BOOST_AUTO_TEST_CASE(libsodium_oracle) {
  BOOST_TEST_REQUIRE(sodium_init() >= 0);
  for (int iter = 0; iter < 2000; ++iter) {
    std::array<unsigned char, 64> wide, wide2;
    randombytes_buf(wide.data(), 64);
    wide2 = wide;
    bytes32 expect;
    crypto_core_ed25519_scalar_reduce(expect.data(), wide.data());
    sc_reduce(wide2.data());
    BOOST_TEST(hex(wide2.data(), 32) == hex(expect));

    bytes32 a, b, c, got, want, t;
    crypto_core_ed25519_scalar_random(a.data());
    crypto_core_ed25519_scalar_random(b.data());
    crypto_core_ed25519_scalar_random(c.data());
    if (iter < 10) {  // include 0 and 1 and L-1 (as -1) among the operands
      a.fill(0);
      if (iter & 1) a[0] = 1;
      if (iter & 2) crypto_core_ed25519_scalar_negate(b.data(), a.data());
    }
    sc_add(got.data(), a.data(), b.data());
    crypto_core_ed25519_scalar_add(want.data(), a.data(), b.data());
    BOOST_TEST(hex(got) == hex(want));
    sc_sub(got.data(), a.data(), b.data());
    crypto_core_ed25519_scalar_sub(want.data(), a.data(), b.data());
    BOOST_TEST(hex(got) == hex(want));
    sc_mul(got.data(), a.data(), b.data());
    crypto_core_ed25519_scalar_mul(want.data(), a.data(), b.data());
    BOOST_TEST(hex(got) == hex(want));
    sc_muladd(got.data(), a.data(), b.data(), c.data());
    crypto_core_ed25519_scalar_mul(t.data(), a.data(), b.data());
    crypto_core_ed25519_scalar_add(want.data(), c.data(), t.data());
    BOOST_TEST(hex(got) == hex(want));
    sc_mulsub(got.data(), a.data(), b.data(), c.data());
    crypto_core_ed25519_scalar_sub(want.data(), c.data(), t.data());
    BOOST_TEST(hex(got) == hex(want));
    // Any 256-bit value: reduce32 agrees with the 64-byte reduction of it.
    bytes32 any;
    randombytes_buf(any.data(), 32);
    std::array<unsigned char, 64> pad{};
    std::memcpy(pad.data(), any.data(), 32);
    crypto_core_ed25519_scalar_reduce(want.data(), pad.data());
    sc_reduce32(any.data());
    BOOST_TEST(hex(any) == hex(want));
  }
}

BOOST_AUTO_TEST_SUITE_END()
