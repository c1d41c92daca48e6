// ringct/rctOps.h: every line of the 11 functions zeroCommit .. hashToPoint of
// ../shared/vectors/monero_ringct.txt (expected values from Monero's own
// rctOps, see README_ringct.md), plus consistency checks that run without
// ../shared: the H table against the generic multiplication, commit against
// its definition, encode/decode round trips, misuse errors.
#include <boost/test/unit_test.hpp>

#include "crypto/crypto-ops.h"
#include "curve/ecmult.h"
#include "ringct/rctOps.h"
#include "ringct/rct_test_util.h"

#include <sodium.h>

#include <cstring>
#include <stdexcept>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace cncrypto::test;
using rct_test::hex_key;
using rct_test::key_field;
using rct_test::ringct_lines;

namespace {

// A random 32-byte string (not reduced), from libsodium.
rct::key random_bytes32() {
  rct::key k;
  randombytes_buf(k.bytes, 32);
  return k;
}

// Throws std::invalid_argument whose message contains every word of want.
template <typename F>
void check_throws(F &&f, const std::string &want) {
  try {
    f();
    BOOST_ERROR("no exception, expected one mentioning '" << want << "'");
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(std::string(e.what()).find(want) != std::string::npos, "message: " << e.what());
  }
}

// An undecodable encoding: y = 2 has no x on ed25519 (README.md's check_key lines).
rct::key undecodable() {
  rct::key k = rct::Z;
  k.bytes[0] = 2;
  ge_p3 p;
  BOOST_TEST_REQUIRE(ge_frombytes_vartime(&p, k.bytes) != 0);
  return k;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(rct_ops_vectors)

BOOST_AUTO_TEST_CASE(zeroCommit_lines, *needs_shared()) {
  const auto lines = ringct_lines("zeroCommit");
  BOOST_TEST_REQUIRE(lines.size() == 106u);
  for (const auto &l : lines) {
    const std::uint64_t amount = u64_field(l.fields.at(1));
    BOOST_TEST(hex_key(rct::zeroCommit(amount)) == l.fields.at(2), "line " << l.line_number);
    BOOST_TEST(hex_key(rct::zeroCommitVartime(amount)) == l.fields.at(2), "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(commit_lines, *needs_shared()) {
  const auto lines = ringct_lines("commit");
  BOOST_TEST_REQUIRE(lines.size() == 100u);
  int top_bit_masks = 0;
  for (const auto &l : lines) {
    const std::uint64_t amount = u64_field(l.fields.at(1));
    const rct::key mask = key_field(l, 2);
    top_bit_masks += mask.bytes[31] >> 7;
    BOOST_TEST(hex_key(rct::commit(amount, mask)) == l.fields.at(3), "line " << l.line_number);
    rct::key c;
    rct::genC(c, mask, amount);
    BOOST_TEST(hex_key(c) == l.fields.at(3), "line " << l.line_number);
    // Monero's commit is addKeys2(mask, d2h(amount), H): the _vartime path agrees.
    rct::addKeys2(c, mask, rct::d2h(amount), rct::H);
    BOOST_TEST(hex_key(c) == l.fields.at(3), "line " << l.line_number);
  }
  BOOST_TEST(top_bit_masks > 0);  // the sliding-window carry rule was exercised
}

BOOST_AUTO_TEST_CASE(genCommitmentMask_lines, *needs_shared()) {
  const auto lines = ringct_lines("genCommitmentMask");
  BOOST_TEST_REQUIRE(lines.size() == 80u);
  for (const auto &l : lines)
    BOOST_TEST(hex_key(rct::genCommitmentMask(key_field(l, 1))) == l.fields.at(2), "line " << l.line_number);
}

BOOST_AUTO_TEST_CASE(ecdh_encode_v2_lines, *needs_shared()) {
  const auto lines = ringct_lines("ecdh_encode_v2");
  BOOST_TEST_REQUIRE(lines.size() == 85u);
  for (const auto &l : lines) {
    rct::ecdhTuple t;
    t.mask = random_bytes32();
    t.amount = rct::d2h(u64_field(l.fields.at(1)));
    rct::ecdhEncode(t, key_field(l, 2), true);
    BOOST_TEST(cncrypto::hex_encode(t.amount.bytes, 8) == l.fields.at(3), "line " << l.line_number);
    BOOST_TEST(hex_key(t.mask) == hex_key(rct::Z), "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(ecdh_decode_v2_lines, *needs_shared()) {
  const auto lines = ringct_lines("ecdh_decode_v2");
  BOOST_TEST_REQUIRE(lines.size() == 85u);
  for (const auto &l : lines) {
    const auto enc = hex_field(l.fields.at(1));
    BOOST_TEST_REQUIRE(enc.size() == 8u);
    rct::ecdhTuple t;
    t.mask = random_bytes32();
    t.amount = rct::Z;  // as after parsing: only 8 bytes are serialized
    std::memcpy(t.amount.bytes, enc.data(), 8);
    rct::ecdhDecode(t, key_field(l, 2), true);
    BOOST_TEST(rct::h2d(t.amount) == u64_field(l.fields.at(3)), "line " << l.line_number);
    BOOST_TEST(hex_key(t.mask) == l.fields.at(4), "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(d2h_lines, *needs_shared()) {
  const auto lines = ringct_lines("d2h");
  BOOST_TEST_REQUIRE(lines.size() == 60u);
  for (const auto &l : lines) {
    const std::uint64_t amount = u64_field(l.fields.at(1));
    BOOST_TEST(hex_key(rct::d2h(amount)) == l.fields.at(2), "line " << l.line_number);
    rct::key k = random_bytes32();
    rct::d2h(k, amount);
    BOOST_TEST(hex_key(k) == l.fields.at(2), "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(h2d_lines, *needs_shared()) {
  const auto lines = ringct_lines("h2d");
  BOOST_TEST_REQUIRE(lines.size() == 80u);
  int ok = 0;
  for (const auto &l : lines) {
    const rct::key k = key_field(l, 1);
    const bool expect = bool_field(l.fields.at(2));
    // The vectors are Monero master's bool rct::h2d(amount, key).
    std::uint64_t amount = 1;
    BOOST_TEST(rct::h2d(amount, k) == expect, "line " << l.line_number);
    // Monero 0.18's rct::h2d(key): the low 64 bits, whatever bytes 8..31 hold.
    std::uint64_t low = 0;
    for (int i = 7; i >= 0; --i) low = (low << 8) | k.bytes[i];
    BOOST_TEST(rct::h2d(k) == low, "line " << l.line_number);
    if (expect) {
      ++ok;
      BOOST_TEST(amount == u64_field(l.fields.at(3)), "line " << l.line_number);
      BOOST_TEST(cncrypto::h2d_strict(k) == u64_field(l.fields.at(3)), "line " << l.line_number);
      BOOST_TEST(rct::h2d(k) == u64_field(l.fields.at(3)), "line " << l.line_number);
    } else {
      BOOST_TEST(amount == 0u, "line " << l.line_number);
      BOOST_CHECK_THROW(cncrypto::h2d_strict(k), std::invalid_argument);
    }
  }
  BOOST_TEST(ok == 44);
}

// Monero 0.18's randXmrAmount(limit) is h2d(skGen()) % limit: it relies on h2d
// taking the low 64 bits of a random scalar, whose bytes 8..31 are almost never
// all zero. With the strict h2d that would throw; with Monero's it is a number.
BOOST_AUTO_TEST_CASE(h2d_of_a_random_scalar_is_its_low_64_bits) {
  int with_upper_bytes = 0;
  for (int n = 0; n < 20; ++n) {
    const rct::key s = rct::skGen();
    std::uint64_t low = 0;
    for (int i = 7; i >= 0; --i) low = (low << 8) | s.bytes[i];
    BOOST_TEST(rct::h2d(s) == low);
    std::uint64_t ignored;
    if (!rct::h2d(ignored, s)) ++with_upper_bytes;
  }
  BOOST_TEST(with_upper_bytes > 0);  // probability of failing: 20 * 2^-189
}

BOOST_AUTO_TEST_CASE(scalarmultH_lines, *needs_shared()) {
  const auto lines = ringct_lines("scalarmultH");
  BOOST_TEST_REQUIRE(lines.size() == 100u);
  for (const auto &l : lines) {
    const rct::key s = key_field(l, 1);
    BOOST_TEST(hex_key(rct::scalarmultH(s)) == l.fields.at(2), "line " << l.line_number);
    BOOST_TEST(hex_key(rct::scalarmultKey(rct::H, s)) == l.fields.at(2), "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_CASE(addKeys_lines, *needs_shared()) {
  const auto lines = ringct_lines("addKeys");
  BOOST_TEST_REQUIRE(lines.size() == 120u);
  int ok = 0;
  for (const auto &l : lines) {
    const rct::key a = key_field(l, 1), b = key_field(l, 2);
    if (bool_field(l.fields.at(3))) {
      ++ok;
      BOOST_TEST(hex_key(rct::addKeys(a, b)) == l.fields.at(4), "line " << l.line_number);
      BOOST_TEST(hex_key(rct::addKeys(rct::keyV{a, b})) == l.fields.at(4), "line " << l.line_number);
    } else {
      BOOST_CHECK_THROW(rct::addKeys(a, b), std::invalid_argument);
      BOOST_CHECK_THROW(rct::addKeys(rct::keyV{a, b}), std::invalid_argument);
    }
  }
  BOOST_TEST(ok == 102);
}

BOOST_AUTO_TEST_CASE(scalarmultKey_lines, *needs_shared()) {
  const auto lines = ringct_lines("scalarmultKey");
  BOOST_TEST_REQUIRE(lines.size() == 120u);
  int ok = 0;
  for (const auto &l : lines) {
    const rct::key P = key_field(l, 1), s = key_field(l, 2);
    if (bool_field(l.fields.at(3))) {
      ++ok;
      BOOST_TEST(hex_key(rct::scalarmultKey(P, s)) == l.fields.at(4), "line " << l.line_number);
    } else {
      BOOST_CHECK_THROW(rct::scalarmultKey(P, s), std::invalid_argument);
    }
  }
  BOOST_TEST(ok == 106);
}

BOOST_AUTO_TEST_CASE(hashToPoint_lines, *needs_shared()) {
  const auto lines = ringct_lines("hashToPoint");
  BOOST_TEST_REQUIRE(lines.size() == 100u);
  for (const auto &l : lines) {
    const rct::key k = key_field(l, 1);
    BOOST_TEST(hex_key(cncrypto::hashToPoint(k)) == l.fields.at(2), "line " << l.line_number);
    ge_p3 p;
    rct::hash_to_p3(p, k);
    rct::key e;
    ge_p3_tobytes(e.bytes, &p);
    BOOST_TEST(hex_key(e) == l.fields.at(2), "line " << l.line_number);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(rct_ops_consistency)

// H is 8 * decode(keccak(G)) (Monero's definition), and ge_p3_H encodes to it.
BOOST_AUTO_TEST_CASE(generator_H) {
  BOOST_TEST(hex_key(rct::scalarmult8(rct::cn_fast_hash(rct::G))) == hex_key(rct::H));
  rct::key e;
  ge_p3_tobytes(e.bytes, &ge_p3_H);
  BOOST_TEST(hex_key(e) == hex_key(rct::H));
  BOOST_TEST(hex_key(rct::scalarmultBase(rct::I)) == hex_key(rct::G));
  // INV_EIGHT * 8 = 1
  rct::key one;
  sc_mul(one.bytes, rct::INV_EIGHT.bytes, rct::EIGHT.bytes);
  BOOST_TEST(hex_key(one) == hex_key(rct::I));
}

// The H table (every row and column is reached by some digit) against the generic
// variable-base multiplication, for random full 32-byte scalars (top digits too).
BOOST_AUTO_TEST_CASE(scalarmultH_matches_scalarmultKey) {
  for (int i = 0; i < 300; ++i) {
    rct::key s = random_bytes32();
    if (i % 3 == 1) sc_reduce32(s.bytes);
    if (i % 3 == 2) s.bytes[31] |= 0xf0;  // top digit above 8: dropped
    BOOST_TEST(hex_key(rct::scalarmultH(s)) == hex_key(rct::scalarmultKey(rct::H, s)), "scalar " << hex_key(s));
  }
}

// commit(a, m) = m*G + a*H through independent paths, and zeroCommit = commit with mask 1.
BOOST_AUTO_TEST_CASE(commit_definition) {
  const std::uint64_t amounts[] = {0, 1, 7, 8, 15, 16, 255, 0x8888888888888888ull, 0x7fffffffffffffffull,
                                   0xffffffffffffffffull, 60363387616637ull};
  for (const std::uint64_t a : amounts) {
    const rct::key m = rct::skGen();
    const rct::key expect = rct::addKeys(rct::scalarmultBase(m), rct::scalarmultKey(rct::H, rct::d2h(a)));
    BOOST_TEST(hex_key(rct::commit(a, m)) == hex_key(expect), "amount " << a);
    BOOST_TEST(hex_key(rct::zeroCommit(a)) == hex_key(rct::commit(a, rct::I)), "amount " << a);
    rct::key c;
    rct::addKeys1(c, m, rct::scalarmultH(rct::d2h(a)));
    BOOST_TEST(hex_key(c) == hex_key(expect), "amount " << a);
  }
  for (int i = 0; i < 200; ++i) {
    std::uint64_t a;
    randombytes_buf(&a, sizeof a);
    rct::key m = random_bytes32();
    if (i % 2) m.bytes[31] |= 0x80;  // the sliding-window carry rule: both paths apply it
    rct::key c;
    rct::addKeys2(c, m, rct::d2h(a), rct::H);
    BOOST_TEST(hex_key(rct::commit(a, m)) == hex_key(c), "mask " << hex_key(m));
  }
}

// zeroCommit's table of round amounts (the 173 Monero precomputes: 0, d * 10^k,
// 10^19) and their neighbours, from several threads at once, twice each (the
// second answer comes from the table): always G + a*H computed independently
// (scalarmultBase(1) + scalarmultKey(H, a)).
BOOST_AUTO_TEST_CASE(zeroCommit_round_amount_table) {
  std::vector<std::uint64_t> amounts = {0, 1, 11, 99, 101, 110, 1000000000000000000ull,
                                        10000000000000000000ull, 10000000000000000001ull,
                                        18000000000000000000ull, 0xffffffffffffffffull};
  for (std::uint64_t p = 1;; p *= 10) {
    for (std::uint64_t d = 1; d <= 9; ++d) {
      if (d > 0xffffffffffffffffull / p) break;
      amounts.push_back(d * p);
      amounts.push_back(d * p + 1);
    }
    if (p > 0xffffffffffffffffull / 10) break;
  }
  std::vector<std::string> expect;
  for (const std::uint64_t a : amounts) {
    expect.push_back(hex_key(rct::addKeys(rct::scalarmultBase(rct::I), rct::scalarmultKey(rct::H, rct::d2h(a)))));
  }
  std::vector<std::vector<std::string>> got(4);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < got.size(); ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 2; ++round) {
        for (const std::uint64_t a : amounts) got[t].push_back(hex_key(rct::zeroCommit(a)));
      }
    });
  }
  for (std::thread &th : threads) th.join();
  for (const auto &g : got) {
    BOOST_REQUIRE_EQUAL(g.size(), 2 * amounts.size());
    for (std::size_t i = 0; i < g.size(); ++i) {
      BOOST_TEST(g[i] == expect[i % amounts.size()], "amount " << amounts[i % amounts.size()]);
    }
  }
}

// A mask of all one-bits: ref10's slide carries out of bit 255, so Monero's
// commit multiplies G by m - 2^256, not m. (Worked out by hand: the recoding of
// 2^256 - 1 is -1 at bit 0 and a carry into bit 256 that is dropped.)
BOOST_AUTO_TEST_CASE(commit_lost_carry) {
  rct::key ones;
  std::memset(ones.bytes, 0xff, 32);
  rct::key minus_one;  // L - 1
  sc_sub(minus_one.bytes, rct::Z.bytes, rct::I.bytes);
  BOOST_TEST(hex_key(rct::commit(0, ones)) == hex_key(rct::scalarmultBase(minus_one)));
  BOOST_TEST(hex_key(rct::commit(5, ones)) == hex_key(rct::addKeys(rct::scalarmultBase(minus_one),
                                                                     rct::scalarmultH(rct::d2h(5)))));
}

// The 32-byte-amount commitment decodeRct checks (ed25519::commit_GH(r, mask,
// amount)) against Monero's definition, rct::addKeys2(mask, amount, H) (the
// _vartime sliding-window path checked by the addKeys2 lines): reduced and
// unreduced values, bit 255 set (the carry rule on both scalars), all one-bits.
BOOST_AUTO_TEST_CASE(commit_GH_32_byte_amount) {
  const auto check = [](const rct::key &m, const rct::key &a) {
    cncrypto::ed25519::ge_p3 p;
    cncrypto::ed25519::commit_GH(p, m.bytes, a.bytes);
    rct::key got, expect;
    cncrypto::ed25519::ge_p3_tobytes(got.bytes, &p);
    rct::addKeys2(expect, m, a, rct::H);
    BOOST_TEST(hex_key(got) == hex_key(expect), "mask " << hex_key(m) << " amount " << hex_key(a));
  };
  for (int i = 0; i < 200; ++i) {
    rct::key m = i % 4 == 0 ? rct::skGen() : random_bytes32();
    rct::key a = i % 4 == 1 ? rct::skGen() : random_bytes32();
    if (i % 3 == 0) a.bytes[31] |= 0x80;
    if (i % 5 == 0) m.bytes[31] |= 0x80;
    check(m, a);
  }
  rct::key ones;
  std::memset(ones.bytes, 0xff, 32);
  check(ones, ones);
  check(rct::skGen(), ones);
  check(rct::Z, rct::d2h(0xffffffffffffffffull));
}

BOOST_AUTO_TEST_CASE(amount_encoding_round_trips) {
  for (int i = 0; i < 100; ++i) {
    std::uint64_t a;
    randombytes_buf(&a, sizeof a);
    BOOST_TEST(rct::h2d(rct::d2h(a)) == a);
    const rct::key shared = rct::skGen();
    const rct::key mask = rct::genCommitmentMask(shared);
    // v2: the mask is not sent; the receiver derives it.
    rct::ecdhTuple t{rct::Z, rct::d2h(a)};
    t.mask = mask;
    rct::ecdhEncode(t, shared, true);
    BOOST_TEST(hex_key(t.mask) == hex_key(rct::Z));
    rct::ecdhDecode(t, shared, true);
    BOOST_TEST(rct::h2d(t.amount) == a);
    BOOST_TEST(hex_key(t.mask) == hex_key(mask));
    // v1 (types 1-3): both are sent, masked by Hs(S) and Hs(Hs(S)).
    const rct::key m1 = rct::skGen();
    rct::ecdhTuple u{m1, rct::d2h(a)};
    rct::ecdhEncode(u, shared, false);
    rct::key s1 = rct::hash_to_scalar(shared), expect_mask;
    sc_add(expect_mask.bytes, m1.bytes, s1.bytes);
    BOOST_TEST(hex_key(u.mask) == hex_key(expect_mask));
    rct::ecdhDecode(u, shared, false);
    BOOST_TEST(hex_key(u.mask) == hex_key(m1));
    BOOST_TEST(rct::h2d(u.amount) == a);
  }
  // genAmountEncodingFactor / genCommitmentMask are keccak("amount" || k) and
  // Hs("commitment_mask" || k).
  const rct::key k = random_bytes32();
  unsigned char buf[15 + 32];
  std::memcpy(buf, "amount", 6);
  std::memcpy(buf + 6, k.bytes, 32);
  rct::key h;
  rct::cn_fast_hash(h, buf, 38);
  BOOST_TEST(hex_key(rct::genAmountEncodingFactor(k)) == hex_key(h));
  std::memcpy(buf, "commitment_mask", 15);
  std::memcpy(buf + 15, k.bytes, 32);
  rct::hash_to_scalar(h, buf, 47);
  BOOST_TEST(hex_key(rct::genCommitmentMask(k)) == hex_key(h));
}

BOOST_AUTO_TEST_CASE(hashes_of_vectors) {
  const rct::keyV v{rct::G, rct::H, rct::I};
  unsigned char buf[96];
  std::memcpy(buf, rct::G.bytes, 32);
  std::memcpy(buf + 32, rct::H.bytes, 32);
  std::memcpy(buf + 64, rct::I.bytes, 32);
  rct::key h;
  rct::cn_fast_hash(h, buf, 96);
  BOOST_TEST(hex_key(rct::cn_fast_hash(v)) == hex_key(h));
  sc_reduce32(h.bytes);
  BOOST_TEST(hex_key(rct::hash_to_scalar(v)) == hex_key(h));
  const rct::ctkeyV pc{{rct::G, rct::H}, {rct::I, rct::Z}};
  unsigned char buf2[128];
  std::memcpy(buf2, rct::G.bytes, 32);
  std::memcpy(buf2 + 32, rct::H.bytes, 32);
  std::memcpy(buf2 + 64, rct::I.bytes, 32);
  std::memcpy(buf2 + 96, rct::Z.bytes, 32);
  rct::cn_fast_hash(h, buf2, 128);
  BOOST_TEST(hex_key(rct::cn_fast_hash(pc)) == hex_key(h));
  // keccak("") for no keys
  rct::cn_fast_hash(h, nullptr, 0);
  BOOST_TEST(hex_key(rct::cn_fast_hash(rct::keyV{})) == hex_key(h));
  BOOST_TEST(hex_key(cncrypto::hashToPoint(rct::G)) != hex_key(rct::G));
}

BOOST_AUTO_TEST_CASE(subgroup_and_small_points) {
  BOOST_TEST(rct::isInMainSubgroup(rct::G));
  BOOST_TEST(rct::isInMainSubgroup(rct::H));
  BOOST_TEST(rct::isInMainSubgroup(rct::I));
  // (0, -1): order 2
  const rct::key order2 = {{0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                            0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                            0xff, 0x7f}};
  BOOST_TEST(!rct::isInMainSubgroup(order2));
  BOOST_TEST(!rct::isInMainSubgroup(rct::addKeys(rct::H, order2)));
  BOOST_TEST(hex_key(rct::scalarmult8(order2)) == hex_key(rct::I));
  BOOST_TEST(!rct::isInMainSubgroup(undecodable()));
  // P - P = identity, A + B - B = A
  BOOST_TEST(hex_key(rct::addKeys(rct::H, rct::I)) == hex_key(rct::H));
  rct::key d;
  rct::subKeys(d, rct::addKeys(rct::G, rct::H), rct::H);
  BOOST_TEST(hex_key(d) == hex_key(rct::G));
  BOOST_TEST(rct::equalKeys(d, rct::G));
  BOOST_TEST(!rct::equalKeys(d, rct::H));
}

BOOST_AUTO_TEST_CASE(multi_scalar_forms) {
  for (int i = 0; i < 20; ++i) {
    const rct::key a = rct::skGen(), b = rct::skGen(), c = rct::skGen();
    const rct::key A = rct::pkGen(), B = rct::pkGen(), C = rct::pkGen();
    ge_dsmp Ai, Bi, Ci;
    rct::precomp(Ai, A);
    rct::precomp(Bi, B);
    rct::precomp(Ci, C);
    const rct::key aA = rct::scalarmultKey(A, a), bB = rct::scalarmultKey(B, b), cC = rct::scalarmultKey(C, c);
    const rct::key aG = rct::scalarmultBase(a);
    rct::key r;
    rct::addKeys3(r, a, A, b, Bi);
    BOOST_TEST(hex_key(r) == hex_key(rct::addKeys(aA, bB)));
    rct::addKeys3(r, a, Ai, b, Bi);
    BOOST_TEST(hex_key(r) == hex_key(rct::addKeys(aA, bB)));
    rct::addKeys_aGbBcC(r, a, b, Bi, c, Ci);
    BOOST_TEST(hex_key(r) == hex_key(rct::addKeys(rct::keyV{aG, bB, cC})));
    rct::addKeys_aAbBcC(r, a, Ai, b, Bi, c, Ci);
    BOOST_TEST(hex_key(r) == hex_key(rct::addKeys(rct::keyV{aA, bB, cC})));
    rct::addKeys2(r, a, b, B);
    BOOST_TEST(hex_key(r) == hex_key(rct::addKeys(aG, bB)));
  }
}

BOOST_AUTO_TEST_CASE(misuse_errors_name_function_and_argument) {
  const rct::key bad = undecodable();
  check_throws([&] { (void)rct::addKeys(bad, rct::G); }, "rct::addKeys: A is not a valid point encoding");
  check_throws([&] { (void)rct::addKeys(rct::G, bad); }, "rct::addKeys: B is not");
  check_throws([&] { (void)rct::addKeys(rct::keyV{rct::G, rct::H, bad}); }, "rct::addKeys: A[2]");
  check_throws([&] { rct::key r; rct::subKeys(r, rct::G, bad); }, "rct::subKeys: B");
  check_throws([&] { (void)rct::scalarmultKey(bad, rct::I); }, "rct::scalarmultKey: P");
  check_throws([&] { (void)rct::scalarmult8(bad); }, "rct::scalarmult8: P");
  check_throws([&] { rct::key r; rct::addKeys1(r, rct::I, bad); }, "rct::addKeys1: B");
  check_throws([&] { rct::key r; rct::addKeys2(r, rct::I, rct::I, bad); }, "rct::addKeys2: B");
  check_throws([&] { ge_dsmp t; rct::precomp(t, bad); }, "rct::precomp: B");
  check_throws([&] { ge_dsmp t; rct::precomp(t, rct::H); rct::key r; rct::addKeys3(r, rct::I, bad, rct::I, t); },
               "rct::addKeys3: A");
  rct::key big = rct::d2h(5);
  big.bytes[8] = 1;
  check_throws([&] { (void)cncrypto::h2d_strict(big); }, "cncrypto::h2d_strict: bytes 8..31");
  // Monero 0.18's rct::h2d (rctTypes.cpp) reads bytes 7..0 and nothing else.
  BOOST_TEST(rct::h2d(big) == 5u);
}

// Monero's rctTypes.h prints an rct::key with epee's to_hex::formatted: "<" +
// 64 lowercase hex digits + ">".
BOOST_AUTO_TEST_CASE(key_prints_as_monero) {
  rct::key k = rct::Z;
  k.bytes[0] = 0xab;
  k.bytes[31] = 0x01;
  std::ostringstream out;
  out << k;
  BOOST_TEST(out.str() == "<ab" + std::string(60, '0') + "01>");
}

BOOST_AUTO_TEST_CASE(random_scalars) {
  const rct::keyV v = rct::skvGen(50);
  BOOST_TEST(v.size() == 50u);
  for (const auto &k : v) {
    BOOST_TEST(sc_check(k.bytes) == 0);
    BOOST_TEST(sc_isnonzero(k.bytes) == 1);
  }
  BOOST_TEST(hex_key(v[0]) != hex_key(v[1]));
  rct::key sk, pk;
  rct::skpkGen(sk, pk);
  BOOST_TEST(hex_key(pk) == hex_key(rct::scalarmultBase(sk)));
}

// Monero's constant helpers and byte conversions (rctOps.h): the values
// written out are ed25519's (RFC 8032 section 5.1: L = 2^252 +
// 27742317777372353535851937790883648493, little-endian; the identity encodes
// as y = 1), and each conversion keeps the 32 bytes.
BOOST_AUTO_TEST_CASE(constants_and_conversions) {
  const std::string order = "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010";
  rct::key k = random_bytes32();
  rct::zero(k);
  BOOST_TEST(hex_key(k) == "0000000000000000000000000000000000000000000000000000000000000000");
  rct::identity(k);
  BOOST_TEST(hex_key(k) == "0100000000000000000000000000000000000000000000000000000000000000");
  BOOST_TEST(hex_key(rct::curveOrder()) == order);
  rct::curveOrder(k);
  BOOST_TEST(hex_key(k) == order);
  const rct::key r = random_bytes32();
  rct::copy(k, r);
  BOOST_TEST((k == r));
  BOOST_TEST((rct::copy(r) == r));
  crypto::key_derivation kd;
  std::memcpy(kd.data, r.bytes, 32);
  BOOST_TEST((cncrypto::kd2rct(kd) == r));
  const crypto::secret_key sk = rct::rct2sk(r);
  BOOST_TEST(std::memcmp(sk.data, r.bytes, 32) == 0);
  const crypto::hash h = rct::rct2hash(r);
  BOOST_TEST(std::memcmp(h.data, r.bytes, 32) == 0);
  BOOST_TEST((rct::hash2rct(h) == r));
}

// The output-parameter and pair forms equal the forms checked above against
// Monero's vectors: cn_fast_hash / hash_to_scalar of one key equal those of
// its 32 bytes, of ctkeys those of dest0 mask0 dest1 mask1 ..., and skpkGen's
// public key is its secret key times G.
BOOST_AUTO_TEST_CASE(hash_forms_and_key_pairs) {
  const rct::key a = random_bytes32();
  rct::key out1, out2;
  rct::cn_fast_hash(out1, a);
  rct::cn_fast_hash(out2, a.bytes, 32);
  BOOST_TEST(hex_key(out1) == hex_key(out2));
  BOOST_TEST(hex_key(rct::cn_fast_hash(a)) == hex_key(out2));
  rct::hash_to_scalar(out1, a);
  rct::hash_to_scalar(out2, a.bytes, 32);
  BOOST_TEST(hex_key(out1) == hex_key(out2));
  BOOST_TEST(hex_key(rct::hash_to_scalar(a)) == hex_key(out2));
  const rct::ctkeyV pc{{random_bytes32(), random_bytes32()}, {random_bytes32(), random_bytes32()}};
  const rct::keyV flat{pc[0].dest, pc[0].mask, pc[1].dest, pc[1].mask};
  BOOST_TEST(hex_key(rct::hash_to_scalar(pc)) == hex_key(rct::hash_to_scalar(flat)));
  BOOST_TEST(hex_key(rct::cn_fast_hash(pc)) == hex_key(rct::cn_fast_hash(flat)));
  const auto [sk, pk] = rct::skpkGen();
  BOOST_TEST(hex_key(pk) == hex_key(rct::scalarmultBase(sk)));
  rct::key sk2, pk2;
  rct::skpkGen(sk2, pk2);
  BOOST_TEST(hex_key(pk2) == hex_key(rct::scalarmultBase(sk2)));
  BOOST_TEST(hex_key(sk2) != hex_key(sk));  // 2^-252 to fail
}

BOOST_AUTO_TEST_SUITE_END()
