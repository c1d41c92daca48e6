// The rules of ringct/rctSigs.h one by one: every misuse check of genRctSimple
// and genRct (std::invalid_argument naming the function and the mistake), every
// shape rule of verRctSemanticsSimple / verRctNonSemanticsSimple / verRct
// (false, with *error saying which rule failed), and the decoders' refusals.
// Each case starts from a valid rctSig built here and changes one thing; the
// unchanged rctSig must verify, so a rule that fires on good input fails too.
#include <boost/test/unit_test.hpp>

#include "common/binary_reader.h"
#include "ringct/rctSerialization.h"
#include "ringct/rctSigs.h"
#include "rct_test_util.h"

#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace {

// decodeRctSimple's one refusal message for output 0 (rctSigs.h: one message
// for every failing check, so that only the validity bit leaves the function).
const char *const kDecodeSimpleRefused =
    "rct::decodeRctSimple: output 0: does not decode with this key (mask*G + amount*H != outPk: the wrong amount "
    "key, or an output that can never be spent; or a decoded mask or amount that is not a reduced scalar, or an "
    "amount that does not fit 64 bits)";

rct::key random_point() { return rct::scalarmultBase(rct::skGen()); }

// A ring of `size` members with the real one at index: {p*G, commit(amount, mask)}.
rct::ctkeyV ring_with(const rct::ctkey &sk, std::uint64_t amount, std::size_t size, unsigned int index) {
  rct::ctkeyV ring(size);
  for (auto &m : ring) m = {random_point(), random_point()};
  ring[index] = {rct::scalarmultBase(sk.dest), rct::commit(amount, sk.mask)};
  return ring;
}

// genRctSimple's arguments for 2 inputs (rings of 3) and 2 outputs, balanced.
struct simple_args {
  rct::key message = rct::skGen();
  rct::ctkeyV inSk;
  rct::keyV destinations{random_point(), random_point()};
  std::vector<std::uint64_t> inamounts{5000, 3000}, outamounts{6000, 1900};
  std::uint64_t fee = 100;
  rct::ctkeyM mixRing;
  rct::keyV amount_keys{rct::skGen(), rct::skGen()};
  std::vector<unsigned int> index{1, 2};
  rct::ctkeyV outSk;
  rct::RCTConfig config{rct::RangeProofPaddedBulletproof, 4};

  simple_args() {
    for (std::size_t i = 0; i < 2; ++i) {
      inSk.push_back({rct::skGen(), rct::skGen()});
      mixRing.push_back(ring_with(inSk[i], inamounts[i], 3, index[i]));
    }
  }
  rct::rctSig gen() {
    return rct::genRctSimple(message, inSk, destinations, inamounts, outamounts, fee, mixRing, amount_keys, index,
                             outSk, config, hw::get_device("default"));
  }
  rct::rctSig gen_strict() {
    return cncrypto::genRctSimple_strict(message, inSk, destinations, inamounts, outamounts, fee, mixRing,
                                         amount_keys, index, outSk, config);
  }
};

// Reads a prunable part; the parse_error's message, or "" when it parsed.
std::string read_prunable_error(const std::vector<std::uint8_t> &bytes, std::uint8_t type, std::uint64_t inputs,
                                std::uint64_t outputs, std::uint64_t mixin) {
  cncrypto::binary_reader r(cncrypto::byte_span(bytes.data(), bytes.size()));
  rct::rctSigPrunable p;
  try {
    cncrypto::read_rctsig_prunable(r, p, type, inputs, outputs, mixin);
  } catch (const cncrypto::parse_error &e) {
    return e.what();
  }
  return "";
}

// f throws std::invalid_argument whose message is exactly `expected`.
void check_misuse(const std::function<void()> &f, const std::string &expected) {
  try {
    f();
    BOOST_ERROR("no exception, expected: " << expected);
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(std::string(e.what()) == expected);
  }
}

// check(rv, &error) is false and error contains `expected`.
template <typename Check>
void check_refused(Check check, const rct::rctSig &rv, const std::string &expected) {
  std::string error;
  BOOST_TEST(!check(rv, &error), "accepted; expected: " << expected);
  BOOST_TEST(error.find(expected) != std::string::npos, "error: '" << error << "', expected: " << expected);
}

bool semantics(const rct::rctSig &rv, std::string *error) { return rct::verRctSemanticsSimple(rv, error); }
bool non_semantics(const rct::rctSig &rv, std::string *error) { return rct::verRctNonSemanticsSimple(rv, error); }

}  // namespace

BOOST_AUTO_TEST_SUITE(ringct_checks)

BOOST_AUTO_TEST_CASE(genRctSimple_misuse) {
  // Monero's name and the strict variant refuse the same mistakes, but for the
  // amounts and the empty outputs (strict_only, the genRctSimple_as_monero case).
  auto refused = [&](const std::function<void(simple_args &)> &change, const std::string &what,
                     bool strict_only = false) {
    simple_args a;
    change(a);
    if (!strict_only) check_misuse([&] { (void)a.gen(); }, "rct::genRctSimple: " + what);
    check_misuse([&] { (void)a.gen_strict(); }, "cncrypto::genRctSimple_strict: " + what);
  };
  refused([](simple_args &a) { a.config = {rct::RangeProofBulletproof, 4}; },
          "RCTConfig {RangeProofBulletproof, 4} is not supported: Bulletproofs+ (type 6) are built as "
          "{RangeProofPaddedBulletproof, 4}");
  refused([](simple_args &a) { a.config = {rct::RangeProofMultiOutputBulletproof, 0}; },
          "RCTConfig {RangeProofMultiOutputBulletproof, 0} is not supported: Bulletproofs+ (type 6) are built as "
          "{RangeProofPaddedBulletproof, 4}");
  refused([](simple_args &a) { a.inamounts.clear(); }, "no inputs");
  refused([](simple_args &a) { a.inSk.pop_back(); }, "inSk and inamounts sizes differ");
  refused([](simple_args &a) { a.mixRing.pop_back(); }, "mixRing and inamounts sizes differ");
  refused([](simple_args &a) { a.index.pop_back(); }, "index and inamounts sizes differ");
  refused([](simple_args &a) { a.destinations.clear(); }, "no outputs");
  refused([](simple_args &a) { a.destinations.resize(17); }, "17 outputs, more than the 16 one Bulletproof+ covers");
  refused(
      [](simple_args &a) {
        a.destinations.resize(17);
        a.config = {rct::RangeProofPaddedBulletproof, 2};
      },
      "17 outputs, more than the 16 one padded Bulletproof covers");
  refused([](simple_args &a) { a.outamounts.pop_back(); }, "outamounts and destinations sizes differ");
  refused([](simple_args &a) { a.amount_keys.pop_back(); }, "amount_keys and destinations sizes differ");
  refused([](simple_args &a) { a.mixRing[1].pop_back(); },
          "input 1: a ring of 2 members, input 0 has 3 (every input needs the same ring size)");
  refused([](simple_args &a) { a.index[0] = 3; }, "input 0: index 3 is outside its ring of 3");
  refused([](simple_args &a) { a.inamounts = {std::numeric_limits<std::uint64_t>::max(), 1}; },
          "the input amounts overflow 64 bits", true);
  refused([](simple_args &a) { a.outamounts = {std::numeric_limits<std::uint64_t>::max(), 1}; },
          "the output amounts and fee overflow 64 bits", true);
  refused([](simple_args &a) { ++a.fee; }, "inputs (8000) != outputs + fee (8001)", true);
  refused(
      [](simple_args &a) {
        a.destinations.clear();
        a.outamounts.clear();
        a.amount_keys.clear();
        a.config = {rct::RangeProofBorromean, 0};
      },
      "no outputs", true);
}

// Monero 0.18's genRctSimple (rctSigs.cpp) checks sizes and indices only: it
// signs unbalanced amounts (the last pseudo-output's mask is sum(output masks) -
// sum(other masks) whatever the amounts), and with no outputs it builds type 2
// (no range proof to make) or throws for one padded Bulletproof(+) of no amounts
// (bulletproof(_plus)_PROVE: "sv is empty").
BOOST_AUTO_TEST_CASE(genRctSimple_as_monero) {
  std::string error;
  for (const rct::RCTConfig config : {rct::RCTConfig{rct::RangeProofPaddedBulletproof, 4},
                                      rct::RCTConfig{rct::RangeProofBorromean, 0}}) {
    simple_args a;
    a.config = config;
    ++a.fee;  // inputs 8000, outputs + fee 8001
    const rct::rctSig rv = a.gen();
    // Every ring signature verifies; the balance does not.
    BOOST_TEST(rct::verRctNonSemanticsSimple(rv, &error), error);
    check_refused(semantics, rv, "the amounts do not balance");
    BOOST_TEST(!rct::verRctSimple(rv));
  }
  // No outputs, type 2: inputs = fee. The one pseudo-output is 0*G + fee*H and
  // verRctSimple accepts the signature.
  simple_args a;
  a.config = {rct::RangeProofBorromean, 0};
  a.destinations.clear();
  a.outamounts.clear();
  a.amount_keys.clear();
  a.fee = 8000;
  const rct::rctSig rv = a.gen();
  BOOST_TEST(rv.type == rct::RCTTypeSimple);
  BOOST_TEST(rv.outPk.empty());
  BOOST_TEST(rv.p.rangeSigs.empty());
  BOOST_TEST(rv.pseudoOuts.size() == 2u);
  BOOST_TEST(rct::verRctSimple(rv, &error), error);
  // The same with one padded Bulletproof+ (type 6) or Bulletproof (type 4): refused.
  a.config = {rct::RangeProofPaddedBulletproof, 4};
  check_misuse([&] { (void)a.gen(); }, "rct::genRctSimple: no outputs");
  a.config = {rct::RangeProofPaddedBulletproof, 2};
  check_misuse([&] { (void)a.gen(); }, "rct::genRctSimple: no outputs");
}

BOOST_AUTO_TEST_CASE(genRct_misuse) {
  const rct::ctkeyV inSk{{rct::skGen(), rct::skGen()}};
  const rct::keyV destinations{random_point()};
  const rct::keyV amount_keys{rct::skGen()};
  rct::ctkeyM mixRing(2);  // ring members x inputs
  for (auto &member : mixRing) member = {{random_point(), random_point()}};
  rct::ctkeyV outSk;
  auto gen = [&](const std::vector<std::uint64_t> &amounts, const rct::ctkeyM &ring, const rct::keyV &keys,
                 unsigned int index, const rct::ctkeyV &sk, rct::RCTConfig config) {
    return [=, &outSk] { (void)rct::genRct(rct::skGen(), sk, destinations, amounts, ring, keys, index, outSk, config, hw::get_device("default")); };
  };
  const rct::RCTConfig borromean{rct::RangeProofBorromean, 0};
  const std::string fn = "rct::genRct: ";
  const std::string full = ", ...}: RCTTypeFull has Borromean range proofs only";
  check_misuse(gen({1}, mixRing, amount_keys, 0, inSk, {rct::RangeProofBulletproof, 0}),
               fn + "RCTConfig {RangeProofBulletproof" + full);
  check_misuse(gen({1}, mixRing, amount_keys, 0, inSk, {rct::RangeProofMultiOutputBulletproof, 0}),
               fn + "RCTConfig {RangeProofMultiOutputBulletproof" + full);
  check_misuse(gen({1}, mixRing, amount_keys, 0, inSk, {rct::RangeProofPaddedBulletproof, 0}),
               fn + "RCTConfig {RangeProofPaddedBulletproof" + full);
  check_misuse(gen({1}, mixRing, amount_keys, 0, inSk, {static_cast<rct::RangeProofType>(9), 0}),
               fn + "RCTConfig {an unknown RangeProofType" + full);
  check_misuse(gen({1, 2, 3}, mixRing, amount_keys, 0, inSk, borromean),
               fn + "amounts needs one entry per destination, plus optionally the fee");
  check_misuse(gen({1}, mixRing, {}, 0, inSk, borromean), fn + "amount_keys and destinations sizes differ");
  check_misuse(gen({1}, mixRing, amount_keys, 2, inSk, borromean), fn + "index 2 is outside the ring of 2");
  check_misuse(gen({1}, mixRing, amount_keys, 0, {}, borromean), fn + "no inputs");
  rct::ctkeyM ragged = mixRing;
  ragged[1].push_back({random_point(), random_point()});
  check_misuse(gen({1}, ragged, amount_keys, 0, inSk, borromean), fn + "ring member 1 has 2 inputs, inSk has 1");
}

// Type 6: every rule of the shape check, in both verifiers that apply it.
BOOST_AUTO_TEST_CASE(type6_shape) {
  simple_args a;
  const rct::rctSig good = a.gen();
  std::string error;
  BOOST_TEST_REQUIRE(rct::verRctSimple(good, &error), error);
  auto refused = [&](const std::function<void(rct::rctSig &)> &change, const std::string &expected) {
    rct::rctSig rv = good;
    change(rv);
    check_refused(semantics, rv, expected);
    check_refused(non_semantics, rv, expected);
  };
  refused([](rct::rctSig &rv) { rv.outPk.clear(); }, "no outputs");
  refused([](rct::rctSig &rv) { rv.outPk.resize(17); }, "17 outputs, more than the 16 one Bulletproof+ covers");
  refused([](rct::rctSig &rv) { rv.ecdhInfo.pop_back(); }, "ecdhInfo and outPk sizes differ");
  refused([](rct::rctSig &rv) { rv.p.bulletproofs_plus.clear(); }, "0 Bulletproofs+ (exactly one expected)");
  refused([](rct::rctSig &rv) { rv.p.bulletproofs_plus.push_back(rv.p.bulletproofs_plus[0]); },
          "2 Bulletproofs+ (exactly one expected)");
  refused([](rct::rctSig &rv) { rv.p.bulletproofs.resize(1); }, "range proofs of another type");
  refused([](rct::rctSig &rv) { rv.p.rangeSigs.resize(1); }, "range proofs of another type");
  refused([](rct::rctSig &rv) { rv.p.MGs.resize(1); }, "MLSAGs in a CLSAG type");
  refused([](rct::rctSig &rv) { rv.p.CLSAGs.clear(); }, "no CLSAGs (no inputs)");
  refused([](rct::rctSig &rv) { rv.p.pseudoOuts.pop_back(); }, "pseudoOuts and CLSAGs sizes differ");
  refused([](rct::rctSig &rv) { rv.pseudoOuts = rv.p.pseudoOuts; }, "pseudoOuts in the base (a type 2 field)");
  // Past the shape: the rings and signatures.
  rct::rctSig rings = good;
  rings.mixRing.pop_back();
  check_refused(non_semantics, rings, "mixRing has 1 rings for 2 pseudo-outputs");
  rct::rctSig forged = good;
  forged.p.CLSAGs[1].c1.bytes[0] ^= 1;
  check_refused(non_semantics, forged, "input 1: the CLSAG does not verify");
  BOOST_TEST(rct::verRctSemanticsSimple(forged));  // the range proof and balance are untouched
  // A batch: the null pointer, a non-simple type, and two proofs one of which is broken.
  check_refused([](const rct::rctSig &, std::string *e) { return rct::verRctSemanticsSimple(std::vector<const rct::rctSig *>{nullptr}, e); }, good,
                "null rctSig pointer");
  rct::rctSig full = good;
  full.type = rct::RCTTypeFull;
  check_refused(semantics, full, "is not a simple type (2-6)");
  check_refused(non_semantics, full, "is not a simple type (2-6)");
  simple_args b;
  rct::rctSig other = b.gen();
  other.p.bulletproofs_plus[0].r1.bytes[0] ^= 1;  // breaks the proof, not the shape or the balance
  BOOST_TEST(!rct::verRctSemanticsSimple(std::vector<const rct::rctSig *>{&good, &other}, &error));
  BOOST_TEST(error == "the Bulletproofs+ of the batch do not verify (at least one is invalid)");
  BOOST_TEST(!rct::verRctSemanticsSimple(other, &error));
  BOOST_TEST(error == "the Bulletproof+ range proof does not verify");
  BOOST_TEST(rct::decodeRctSimple(good, a.amount_keys[1], 1, hw::get_device("default")) == 1900u);
  try {
    // Output 1's key for output 0: an 8-byte amount (v2) decodes to some amount whose commitment differs.
    (void)rct::decodeRctSimple(good, a.amount_keys[1], 0, hw::get_device("default"));
    BOOST_ERROR("the wrong amount key decoded");
  } catch (const std::runtime_error &e) {
    BOOST_TEST(std::string(e.what()) == kDecodeSimpleRefused);
  }
}

// Types 3-5: the Bulletproof expansion and the MLSAG/CLSAG split.
BOOST_AUTO_TEST_CASE(types_3_to_5_shape) {
  simple_args a;
  a.config = {rct::RangeProofPaddedBulletproof, 3};
  const rct::rctSig clsag = a.gen();
  a.config = {rct::RangeProofPaddedBulletproof, 2};
  const rct::rctSig mlsag = a.gen();
  a.config = {rct::RangeProofBulletproof, 1};  // one proof per output, each with its V
  const rct::rctSig several = a.gen();
  std::string error;
  for (const rct::rctSig *rv : {&clsag, &mlsag, &several}) BOOST_TEST_REQUIRE(rct::verRctSimple(*rv, &error), error);
  BOOST_TEST_REQUIRE(several.p.bulletproofs.size() == 2u);
  auto refused = [&](const rct::rctSig &good, const std::function<void(rct::rctSig &)> &change,
                     const std::string &expected) {
    rct::rctSig rv = good;
    change(rv);
    check_refused(semantics, rv, expected);
  };
  refused(clsag, [](rct::rctSig &rv) { rv.p.bulletproofs.clear(); }, "no Bulletproofs");
  refused(clsag, [](rct::rctSig &rv) { rv.outPk[1].mask = rct::key{{2}}; },
          "outPk[1].mask is not a valid point encoding");
  refused(clsag, [](rct::rctSig &rv) { rv.outPk.push_back(rv.outPk[0]); }, "outPk and the Bulletproof's amounts differ");
  refused(clsag, [](rct::rctSig &rv) { rv.p.MGs.resize(1); }, "MLSAGs in a CLSAG type");
  refused(clsag, [](rct::rctSig &rv) { rv.p.pseudoOuts.pop_back(); }, "pseudoOuts and CLSAGs sizes differ");
  refused(clsag, [](rct::rctSig &rv) { rv.pseudoOuts = rv.p.pseudoOuts; }, "pseudoOuts in the base (a type 2 field)");
  refused(clsag, [](rct::rctSig &rv) { rv.ecdhInfo.pop_back(); }, "ecdhInfo and outPk sizes differ");
  refused(mlsag, [](rct::rctSig &rv) { rv.p.CLSAGs.resize(1); }, "CLSAGs in an MLSAG type");
  refused(mlsag, [](rct::rctSig &rv) { rv.p.pseudoOuts.pop_back(); }, "pseudoOuts and MLSAGs sizes differ");
  refused(several, [](rct::rctSig &rv) { rv.p.bulletproofs[1].V.clear(); },
          "Bulletproof 1 of 2 has no V (a transaction a node accepts has exactly one Bulletproof)");
  refused(several, [](rct::rctSig &rv) { std::swap(rv.p.bulletproofs[0].V, rv.p.bulletproofs[1].V); },
          "Bulletproof 0: its V does not match outPk[0]");
  refused(several, [](rct::rctSig &rv) { rv.outPk.pop_back(); }, "Bulletproof 1: its V does not match outPk[1]");
  // Past the shape: the MLSAG count and a forged MLSAG; a batch with a broken proof.
  rct::rctSig rings = mlsag;
  rings.mixRing.pop_back();
  check_refused(non_semantics, rings, "mixRing has 1 rings for 2 pseudo-outputs");
  rct::rctSig mgs = mlsag;
  mgs.p.MGs.pop_back();
  check_refused(non_semantics, mgs, "mixRing has 2 rings for 1 MLSAGs");
  rct::rctSig clsags = clsag;
  clsags.p.CLSAGs.pop_back();
  check_refused(non_semantics, clsags, "mixRing has 2 rings for 1 CLSAGs");
  rct::rctSig forged = mlsag;
  forged.p.MGs[0].cc.bytes[0] ^= 1;
  check_refused(non_semantics, forged, "input 0: the MLSAG does not verify");
  rct::rctSig broken = clsag;
  broken.p.bulletproofs[0].taux.bytes[0] ^= 1;
  BOOST_TEST(!rct::verRctSemanticsSimple(std::vector<const rct::rctSig *>{&clsag, &broken}, &error));
  BOOST_TEST(error == "the Bulletproofs of the batch do not verify (at least one is invalid)");
  BOOST_TEST(!rct::verRctSemanticsSimple(broken, &error));
  BOOST_TEST(error == "the Bulletproof range proof does not verify");
}

// Types 1 and 2 (Borromean range proofs).
BOOST_AUTO_TEST_CASE(types_1_and_2_shape) {
  simple_args a;
  a.config = {rct::RangeProofBorromean, 0};
  const rct::rctSig simple = a.gen();
  std::string error;
  BOOST_TEST_REQUIRE(rct::verRctSimple(simple, &error), error);
  rct::rctSig rv = simple;
  rv.p.pseudoOuts = rv.pseudoOuts;
  check_refused(semantics, rv, "prunable pseudoOuts in type 2 (its pseudoOuts are in the base)");
  rv = simple;
  rv.ecdhInfo.pop_back();
  check_refused(semantics, rv, "ecdhInfo and outPk sizes differ");
  rv = simple;
  rv.p.rangeSigs[1].asig.ee.bytes[0] ^= 1;
  check_refused(semantics, rv, "output 1: the Borromean range proof does not verify");

  // Type 1: one ring of 2 members of 1 input.
  const rct::ctkeyV inSk{{rct::skGen(), rct::skGen()}};
  const std::vector<std::uint64_t> amounts{700, 300};  // 700 to the destination, 300 fee
  rct::ctkeyM mixRing(2);
  for (auto &member : mixRing) member = {{random_point(), random_point()}};
  mixRing[1][0] = {rct::scalarmultBase(inSk[0].dest), rct::commit(1000, inSk[0].mask)};
  const rct::keyV amount_keys{rct::skGen()};
  rct::ctkeyV outSk;
  const rct::rctSig full = rct::genRct(rct::skGen(), inSk, {random_point()}, amounts, mixRing, amount_keys, 1, outSk,
                                       {rct::RangeProofBorromean, 0}, hw::get_device("default"));
  BOOST_TEST_REQUIRE(rct::verRct(full, true, &error), error);
  BOOST_TEST_REQUIRE(rct::verRct(full, false, &error), error);
  auto ver_semantics = [](const rct::rctSig &r, std::string *e) { return rct::verRct(r, true, e); };
  auto ver_rings = [](const rct::rctSig &r, std::string *e) { return rct::verRct(r, false, e); };
  check_refused(ver_semantics, simple, "verRct: RingCT type RCTTypeSimple is not RCTTypeFull");
  rv = full;
  rv.p.rangeSigs.clear();
  check_refused(ver_semantics, rv, "outPk and rangeSigs sizes differ");
  rv = full;
  rv.ecdhInfo.clear();
  check_refused(ver_semantics, rv, "outPk and ecdhInfo sizes differ");
  rv = full;
  rv.p.MGs.push_back(rv.p.MGs[0]);
  check_refused(ver_semantics, rv, "2 MLSAGs (a full rctSig has exactly one)");
  check_refused(ver_rings, rv, "2 MLSAGs (a full rctSig has exactly one)");
  rv = full;
  rv.p.rangeSigs[0].asig.ee.bytes[0] ^= 1;
  check_refused(ver_semantics, rv, "output 0: the range proof does not verify");
  rv = full;
  ++rv.txnFee;
  check_refused(ver_rings, rv, "the MLSAG does not verify");

  // The decoders: the type, the index, the sizes, a wrong amount key.
  BOOST_TEST(rct::decodeRct(full, amount_keys[0], 0, hw::get_device("default")) == 700u);
  check_misuse([&] { (void)rct::decodeRct(simple, a.amount_keys[0], 0, hw::get_device("default")); }, "rct::decodeRct: not RCTTypeFull: RCTTypeSimple");
  check_misuse([&] { (void)rct::decodeRctSimple(full, amount_keys[0], 0, hw::get_device("default")); },
               "rct::decodeRctSimple: not a simple RingCT type: RCTTypeFull");
  check_misuse([&] { (void)rct::decodeRctSimple(simple, a.amount_keys[0], 2, hw::get_device("default")); }, "rct::decodeRctSimple: output 2 of 2");
  rv = simple;
  rv.outPk.pop_back();
  check_misuse([&] { (void)rct::decodeRctSimple(rv, a.amount_keys[0], 0, hw::get_device("default")); },
               "rct::decodeRctSimple: outPk and ecdhInfo sizes differ");
  try {
    // Output 1's key for output 0: a 32-byte amount (v1) decodes to a random
    // reduced scalar, whose commitment differs (Monero checks the commitment with
    // the 32-byte amount before the amount's length).
    (void)rct::decodeRctSimple(simple, a.amount_keys[1], 0, hw::get_device("default"));
    BOOST_ERROR("the wrong amount key decoded");
  } catch (const std::runtime_error &e) {
    BOOST_TEST(std::string(e.what()) == kDecodeSimpleRefused);
  }
  rv = simple;
  ++rv.txnFee;
  BOOST_TEST(!rct::verRctSimple(rv, &error));  // stops at the semantics
  BOOST_TEST(error == "the amounts do not balance: sum(pseudoOuts) != sum(outPk) + fee*H");
}

// rctSerialization.h: the writer refuses an rctSig whose parts do not fit the
// sizes it is given (std::invalid_argument "rct serialization: ..."), and the
// reader refuses L/R counts and sizes outside the format, naming them.
BOOST_AUTO_TEST_CASE(serialization_misuse_and_bad_counts) {
  simple_args a;
  const rct::rctSig bpp = a.gen();
  a.config = {rct::RangeProofPaddedBulletproof, 2};
  const rct::rctSig mlsag = a.gen();
  a.config = {rct::RangeProofBorromean, 0};
  const rct::rctSig simple = a.gen();
  const std::string prefix = "rct serialization: ";
  std::vector<std::uint8_t> out;
  auto base = [&](const rct::rctSig &rv, std::size_t inputs, std::size_t outputs) {
    return [&rv, &out, inputs, outputs] { rct::serialize_rctsig_base(out, rv, inputs, outputs); };
  };
  auto prunable = [&](const rct::rctSigPrunable &p, std::uint8_t type, std::size_t inputs, std::size_t outputs,
                      std::size_t mixin) {
    return [p, &out, type, inputs, outputs, mixin] { rct::serialize_rctsig_prunable(out, p, type, inputs, outputs, mixin); };
  };
  rct::rctSig unknown = bpp;
  unknown.type = 7;
  check_misuse(base(unknown, 2, 2), prefix + "unknown RingCT type 7");
  check_misuse(base(simple, 1, 2), prefix + "RCTTypeSimple needs one base pseudoOut per input");
  check_misuse(base(bpp, 2, 3), prefix + "ecdhInfo needs one entry per output");
  check_misuse(prunable(bpp.p, rct::RCTTypeNull, 2, 2, 2), prefix + "no prunable part for RingCT type 0");
  check_misuse(prunable(bpp.p, 7, 2, 2, 2), prefix + "no prunable part for RingCT type 7");
  check_misuse(prunable(bpp.p, rct::RCTTypeBulletproofPlus, 2, 2, SIZE_MAX), prefix + "ring size overflows");
  check_misuse(prunable(bpp.p, rct::RCTTypeBulletproofPlus, 2, 0, 2), prefix + "more bulletproofs+ than outputs");
  check_misuse(prunable(mlsag.p, rct::RCTTypeBulletproof2, 2, 0, 2), prefix + "more bulletproofs than outputs");
  check_misuse(prunable(simple.p, rct::RCTTypeSimple, 2, 3, 2), prefix + "Borromean types need one rangeSig per output");
  check_misuse(prunable(bpp.p, rct::RCTTypeBulletproofPlus, 3, 2, 2), prefix + "CLSAG types need one CLSAG per input");
  check_misuse(prunable(bpp.p, rct::RCTTypeBulletproofPlus, 2, 2, 3),
               prefix + "every CLSAG needs one s per ring member of input 0");
  check_misuse(prunable(mlsag.p, rct::RCTTypeBulletproof2, 3, 2, 2), prefix + "wrong number of MLSAGs for the RingCT type");
  check_misuse(prunable(mlsag.p, rct::RCTTypeBulletproof2, 2, 2, 3),
               prefix + "every MLSAG needs one ss column per ring member");
  rct::rctSigPrunable one_mlsag = mlsag.p;  // type 1 with 2 inputs: one MLSAG of columns of 3
  one_mlsag.MGs.pop_back();
  check_misuse(prunable(one_mlsag, rct::RCTTypeFull, 2, 0, 2), prefix + "wrong MLSAG ss column height for the RingCT type");
  rct::rctSigPrunable fewer = bpp.p;
  fewer.pseudoOuts.pop_back();
  check_misuse(prunable(fewer, rct::RCTTypeBulletproofPlus, 2, 2, 2), prefix + "prunable pseudoOuts need one entry per input");
  const std::string lr = prefix + "bulletproof L/R sizes must be equal and within 6..10";
  for (std::size_t l : {5u, 11u}) {
    rct::rctSigPrunable p = bpp.p;
    p.bulletproofs_plus[0].L.resize(l);
    p.bulletproofs_plus[0].R.resize(l);
    check_misuse(prunable(p, rct::RCTTypeBulletproofPlus, 2, 2, 2), lr);
  }
  for (std::size_t l : {5u, 11u}) {
    rct::rctSigPrunable p = mlsag.p;
    p.bulletproofs[0].L.resize(l);
    p.bulletproofs[0].R.resize(l);
    check_misuse(prunable(p, rct::RCTTypeBulletproof2, 2, 2, 2), lr);
  }
  rct::rctSigPrunable unequal = mlsag.p;
  unequal.bulletproofs[0].R.pop_back();
  check_misuse(prunable(unequal, rct::RCTTypeBulletproof2, 2, 2, 2), lr);
  unequal = bpp.p;
  unequal.bulletproofs_plus[0].R.pop_back();
  check_misuse(prunable(unequal, rct::RCTTypeBulletproofPlus, 2, 2, 2), lr);

  // Reading: the good bytes parse; then L/R counts of 5, 11 and unequal
  // (written by hand: the writer refuses them), and the size limits.
  out.clear();
  rct::serialize_rctsig_prunable(out, bpp.p, rct::RCTTypeBulletproofPlus, 2, 2, 2);
  BOOST_TEST(read_prunable_error(out, rct::RCTTypeBulletproofPlus, 2, 2, 2) == "");
  const std::size_t l_count = 1 + 6 * 32;  // after the proof count and A A1 B r1 s1 d1
  BOOST_TEST_REQUIRE(out[l_count] == 7u);  // 2 amounts: 2^(7-6)
  auto with_counts = [&](std::size_t nl, std::size_t nr) {
    std::vector<std::uint8_t> b(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(l_count));
    b.push_back(static_cast<std::uint8_t>(nl));
    b.insert(b.end(), nl * 32, 0);
    b.push_back(static_cast<std::uint8_t>(nr));
    b.insert(b.end(), nr * 32, 0);
    return b;
  };
  BOOST_TEST(read_prunable_error(with_counts(5, 5), rct::RCTTypeBulletproofPlus, 2, 2, 2).find(
                 "L/R: sizes 5/5 (equal and within 6..10 expected)") != std::string::npos);
  BOOST_TEST(read_prunable_error(with_counts(11, 11), rct::RCTTypeBulletproofPlus, 2, 2, 2).find(
                 "L/R: sizes 11/11 (equal and within 6..10 expected)") != std::string::npos);
  BOOST_TEST(read_prunable_error(with_counts(7, 8), rct::RCTTypeBulletproofPlus, 2, 2, 2).find(
                 "L/R: sizes 7/8 (equal and within 6..10 expected)") != std::string::npos);
  // The same for a Bulletproof (type 4: varint count, A S T1 T2 taux mu, L, R, a b t).
  out.clear();
  rct::serialize_rctsig_prunable(out, mlsag.p, rct::RCTTypeBulletproof2, 2, 2, 2);
  BOOST_TEST(read_prunable_error(out, rct::RCTTypeBulletproof2, 2, 2, 2) == "");
  BOOST_TEST_REQUIRE(out[l_count] == 7u);
  for (const auto &counts : {std::pair<std::size_t, std::size_t>{5, 5}, {11, 11}, {7, 6}}) {
    const std::string expected = "L/R: sizes " + std::to_string(counts.first) + "/" + std::to_string(counts.second) +
                                 " (equal and within 6..10 expected)";
    BOOST_TEST(read_prunable_error(with_counts(counts.first, counts.second), rct::RCTTypeBulletproof2, 2, 2, 2)
                       .find(expected) != std::string::npos,
               expected);
  }
  out.clear();
  rct::serialize_rctsig_prunable(out, bpp.p, rct::RCTTypeBulletproofPlus, 2, 2, 2);
  const std::uint64_t too_many = 0xffffffffu;
  BOOST_TEST(read_prunable_error(out, rct::RCTTypeBulletproofPlus, too_many, 2, 2).find("RingCT prunable: too many inputs") == 0u);
  BOOST_TEST(read_prunable_error(out, rct::RCTTypeBulletproofPlus, 2, too_many, 2).find("RingCT prunable: too many outputs") == 0u);
  BOOST_TEST(read_prunable_error(out, rct::RCTTypeBulletproofPlus, 2, 2, UINT64_MAX)
                 .find("RingCT prunable: input 0 has no ring members (or too many)") == 0u);
}

BOOST_AUTO_TEST_SUITE_END()

namespace {

// decodeRct(Simple) must throw std::runtime_error with exactly `expected`.
void check_decode_refused(const std::function<std::uint64_t()> &f, const std::string &expected) {
  try {
    const std::uint64_t amount = f();
    BOOST_ERROR("decoded " << amount << ", expected: " << expected);
  } catch (const std::runtime_error &e) {
    BOOST_TEST(std::string(e.what()) == expected);
  }
}

}  // namespace

// The decoders' other two refusals, on outputs made by hand (no valid transaction
// has them): Monero's order of checks decides which is reported.
BOOST_AUTO_TEST_CASE(decode_crafted_outputs) {
  const rct::key sk = rct::skGen(), mask = rct::skGen();
  // v1 (type 2): a commitment that opens to a 32-byte amount of 2^64 + 5
  // (addKeys2 is Monero's commitment check): it matches, then the amount is too long.
  rct::key big = rct::d2h(5);
  big.bytes[8] = 1;
  rct::rctSig rv;
  rv.type = rct::RCTTypeSimple;
  rct::ecdhTuple e{mask, big};
  rct::ecdhEncode(e, sk, false);
  rct::key C;
  rct::addKeys2(C, mask, big, rct::H);
  rv.ecdhInfo = {e};
  rv.outPk = {{random_point(), C}};
  check_decode_refused([&] { return rct::decodeRctSimple(rv, sk, 0, hw::get_device("default")); },
                       kDecodeSimpleRefused);
  // Only its low 8 bytes committed: the commitment differs (the whole 32-byte
  // amount is what is checked); then a proper 64-bit output decodes.
  rv.outPk[0].mask = rct::commit(5, mask);
  check_decode_refused([&] { return rct::decodeRctSimple(rv, sk, 0, hw::get_device("default")); },
                       kDecodeSimpleRefused);
  rv.ecdhInfo[0] = {mask, rct::d2h(5)};
  rct::ecdhEncode(rv.ecdhInfo[0], sk, false);
  rct::key got;
  BOOST_TEST(rct::decodeRctSimple(rv, sk, 0, got, hw::get_device("default")) == 5u);
  BOOST_TEST((got == mask));
  rv.type = rct::RCTTypeFull;
  BOOST_TEST(rct::decodeRct(rv, sk, 0, hw::get_device("default")) == 5u);
  // v2 (type 6) in memory with an amount longer than 8 bytes that is not a
  // reduced scalar: refused as such before the commitment is looked at.
  rv.type = rct::RCTTypeBulletproofPlus;
  rv.ecdhInfo[0] = {rct::Z, rct::d2h(7)};
  rct::ecdhEncode(rv.ecdhInfo[0], sk, true);
  rv.outPk[0].mask = rct::commit(7, rct::genCommitmentMask(sk));
  BOOST_TEST(rct::decodeRctSimple(rv, sk, 0, hw::get_device("default")) == 7u);
  for (int j = 8; j < 32; ++j) rv.ecdhInfo[0].amount.bytes[j] = 0xff;
  check_decode_refused([&] { return rct::decodeRctSimple(rv, sk, 0, hw::get_device("default")); },
                       kDecodeSimpleRefused);
}
