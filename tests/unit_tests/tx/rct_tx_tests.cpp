// RingCT type 6 transactions through the builder and the daemon-side check
// (issue 8; docs/transactions.md, docs/ringct.md "Transactions: building,
// checking, scanning"): construct_tx_and_get_tx_key with rct = true and
// {RangeProofPaddedBulletproof, 4} -> serialize -> parse -> same bytes ->
// check_tx_v2 accepts -> each recipient's scan finds exactly its outputs with
// the amounts sent (decodeRctSimple: mask*G + amount*H == outPk) -> those
// outputs can be spent again. Tampering: every single-byte change of a built
// blob is refused by the parser or the check.
//
// Expected values are the scenarios' inputs (who is paid what, where): the
// protocol identities (commitments, balance, CLSAG, BP+) are checked by the
// verifiers, which are themselves tested against Monero's vectors and real
// transactions (ringct_tests: rct_sigs, clsag and bpp suites).
#include <boost/test/unit_test.hpp>

#include "crypto/crypto.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_verification.h"
#include "ringct/rctOps.h"
#include "ringct/rctSigs.h"
#include "tx_test_chain.h"

#include <sodium.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names
using txtest::wallet;

namespace {

constexpr rct::RCTConfig type6{rct::RangeProofPaddedBulletproof, 4};

#if defined(__SANITIZE_ADDRESS__)
constexpr bool sanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif
#else
constexpr bool sanitized = false;
#endif

rct::key random_point() { return rct::pkGen(); }

// Outputs by amount as (key, commitment): amount 0 holds the RingCT outputs
// (one global index space, as in Monero), other amounts the pre-RingCT ones,
// whose commitment is zeroCommit(amount).
struct rct_chain {
  std::map<std::uint64_t, rct::ctkeyV> by_amount;

  rct::ctkeyV &outputs_of(std::uint64_t amount) {
    auto &v = by_amount[amount];
    if (v.empty()) {
      for (int i = 0; i < 40; ++i) v.push_back(decoy(amount));
    }
    return v;
  }
  static rct::ctkey decoy(std::uint64_t amount) {
    return {random_point(), amount == 0 ? random_point() : rct::zeroCommit(amount)};
  }
  // Records tx's outputs; returns their global indices.
  std::vector<std::uint64_t> add_tx(const transaction &tx) {
    std::vector<std::uint64_t> idx;
    for (std::size_t k = 0; k < tx.vout.size(); ++k) {
      const std::uint64_t amount = tx.vout[k].amount;
      auto &v = outputs_of(amount);
      idx.push_back(v.size());
      const rct::key C = tx.version == 1 || tx.rct_signatures.type == rct::RCTTypeNull
                             ? rct::zeroCommit(amount)
                             : tx.rct_signatures.outPk[k].mask;
      v.push_back({rct::pk2rct(txtest::output_key(tx.vout[k])), C});
    }
    return idx;
  }
  // The rings of tx's inputs, as the daemon looks them up.
  std::vector<rct::ctkeyV> rings(const transaction &tx) const {
    std::vector<rct::ctkeyV> out;
    for (const txin_v &in : tx.vin) {
      const auto &k = boost::get<txin_to_key>(in);
      const auto &v = by_amount.at(k.amount);
      rct::ctkeyV ring;
      for (std::uint64_t g : relative_output_offsets_to_absolute(k.key_offsets)) ring.push_back(v.at(g));
      out.push_back(ring);
    }
    return out;
  }
  // A source spending output k of tx (global index gidx, amount, mask) with a
  // ring of ring_size: the real member at a random position.
  tx_source_entry source(const transaction &tx, std::size_t k, std::uint64_t gidx, std::uint64_t amount,
                         const rct::key &mask, bool is_rct, std::size_t ring_size) {
    const std::uint64_t chain_amount = tx.vout[k].amount;
    auto &v = outputs_of(chain_amount);
    std::size_t real_position = 0;
    const auto idx = txtest::ring_indices(v, gidx, ring_size, real_position, [&] { return decoy(chain_amount); });
    tx_source_entry src = txtest::source_without_ring(tx, k, amount, real_position);
    src.rct = is_rct;
    src.mask = mask;
    for (std::uint64_t i : idx) src.outputs.emplace_back(i, v[i]);
    return src;
  }
};

// An output a wallet found, with what spending it needs.
struct coin {
  transaction tx;
  std::size_t k = 0;
  std::uint64_t gidx = 0;
  std::uint64_t amount = 0;
  rct::key mask{};
  bool is_rct = false;
  subaddress_index subaddr;
};

// The wallet's scanner on tx: every owned output with the amount and mask it
// decoded (scan_transaction), which must equal rct::decodeRctSimple's with the
// amount key Hs(derivation || k) (that checks mask*G + amount*H == outPk and
// throws otherwise).
std::vector<coin> scan(const transaction &tx, const wallet &w, const std::vector<std::uint64_t> &gidx) {
  const cncrypto::scan_result r = cncrypto::scan_transaction(tx, w.keys(), w.subs);
  if (!r.problems.empty()) throw std::logic_error("scan_transaction: " + r.problems.front());
  std::vector<coin> found;
  for (const cncrypto::owned_output &o : r.outputs) {
    coin c;
    c.tx = tx;
    c.k = o.output_index;
    c.gidx = gidx.at(o.output_index);
    c.subaddr = o.received_index;
    c.is_rct = true;
    crypto::ec_scalar amount_key;
    crypto::derivation_to_scalar(o.derivation, o.output_index, amount_key);
    rct::key sk;
    std::memcpy(sk.bytes, &amount_key, sizeof sk.bytes);
    const unsigned int k = static_cast<unsigned int>(o.output_index);
    c.amount = tx.rct_signatures.type == rct::RCTTypeFull ? rct::decodeRct(tx.rct_signatures, sk, k, c.mask, hw::get_device("default"))
                                                         : rct::decodeRctSimple(tx.rct_signatures, sk, k, c.mask, hw::get_device("default"));
    if (!o.amount_decoded || o.amount != c.amount || o.mask != c.mask) {
      throw std::logic_error("the scanner did not decode the amount and mask decodeRctSimple gives");
    }
    found.push_back(c);
  }
  return found;
}

struct world {
  rct_chain chain;
  wallet alice;  // the sender
  wallet bob, carol;
  std::vector<coin> alice_coins;  // RingCT outputs alice can spend

  // alice gets `count` RingCT outputs of `amount` each (at her main address
  // and subaddresses (0, 1), (1, 2) in turn) from type 6 transactions a bank
  // builds from its coinbase (a pre-RingCT source: commitment zeroCommit(a), mask 1).
  void fund(std::size_t count, std::uint64_t amount) {
    while (count > 0) {
      wallet bank;
      transaction cb;
      std::string error;
      BOOST_REQUIRE_MESSAGE(construct_miner_tx(0, 0, 0, 2, 0, bank.addr(), cb, {}, 999, 1, &error), error);
      const auto cb_idx = chain.add_tx(cb);
      const std::size_t n = std::min<std::size_t>(count, 15);
      std::vector<tx_source_entry> sources{
          chain.source(cb, 5, cb_idx[5], cb.vout[5].amount, rct::identity(), false, 16)};
      std::vector<tx_destination_entry> dests;
      static const subaddress_index where[3] = {{0, 0}, {0, 1}, {1, 2}};
      for (std::size_t i = 0; i < n; ++i) dests.push_back(alice.dest(amount, where[i % 3].major, where[i % 3].minor));
      dests.push_back(bank.dest(cb.vout[5].amount - n * amount - 1000000));
      transaction tx;
      crypto::secret_key tx_key;
      std::vector<crypto::secret_key> additional;
      BOOST_REQUIRE_MESSAGE(construct_tx_and_get_tx_key(bank.keys(), bank.subs, sources, dests, bank.addr(), {}, tx, 0,
                                                        tx_key, additional, true, type6, true, &error),
                            error);
      BOOST_REQUIRE_MESSAGE(check_tx_v2(tx, chain.rings(tx), &error), error);
      const auto idx = chain.add_tx(tx);
      auto mine = scan(tx, alice, idx);
      BOOST_REQUIRE_EQUAL(mine.size(), n);
      for (auto &c : mine) {
        BOOST_REQUIRE_EQUAL(c.amount, amount);
        alice_coins.push_back(c);
      }
      count -= n;
    }
  }

  tx_source_entry spend(const coin &c, std::size_t ring_size = 16) {
    return chain.source(c.tx, c.k, c.gidx, c.amount, c.mask, c.is_rct, ring_size);
  }
};

using found_key = std::tuple<std::uint32_t, std::uint32_t, std::uint64_t>;
std::vector<found_key> keys_of(const std::vector<coin> &f) {
  std::vector<found_key> out;
  for (const coin &o : f) out.emplace_back(o.subaddr.major, o.subaddr.minor, o.amount);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<found_key> sorted(std::vector<found_key> v) {
  std::sort(v.begin(), v.end());
  return v;
}

struct built {
  transaction tx;
  blobdata blob;
  std::vector<rct::ctkeyV> rings;
};

// Builds a type 6 tx from alice's next n_in coins to n_out destinations
// (bob at (0,0), carol at subaddresses, the last one change to alice when
// with_change), checks the round trip and the scans. Returns the tx.
built round_trip(world &w, std::size_t n_in, std::size_t n_out, bool with_change, bool view_tags = true,
                 const rct::RCTConfig &config = type6, std::uint8_t expect_type = rct::RCTTypeBulletproofPlus) {
  BOOST_REQUIRE(w.alice_coins.size() >= n_in);
  std::vector<coin> spent(w.alice_coins.end() - static_cast<std::ptrdiff_t>(n_in), w.alice_coins.end());
  w.alice_coins.resize(w.alice_coins.size() - n_in);
  std::vector<tx_source_entry> sources;
  std::uint64_t in_total = 0;
  for (const coin &c : spent) {
    sources.push_back(w.spend(c));
    in_total += c.amount;
  }
  const std::uint64_t fee = 30000000 + n_in * 1000 + n_out;
  const std::size_t n_pay = with_change ? n_out - 1 : n_out;
  std::vector<tx_destination_entry> dests;
  std::vector<found_key> expect_bob, expect_carol, expect_alice;
  std::uint64_t paid = 0;
  for (std::size_t i = 0; i < n_pay; ++i) {
    const std::uint64_t amount = 1000000000ull + 7919ull * i;
    paid += amount;
    if (i % 2 == 0) {
      dests.push_back(w.bob.dest(amount));
      expect_bob.emplace_back(0, 0, amount);
    } else {
      const std::uint32_t major = static_cast<std::uint32_t>(i % 2), minor = static_cast<std::uint32_t>(i % 3);
      dests.push_back(w.carol.dest(amount, major, minor));
      expect_carol.emplace_back(major, minor, amount);
    }
  }
  BOOST_REQUIRE(in_total >= paid + fee);
  boost::optional<account_public_address> change_addr;
  if (with_change) {
    change_addr = w.alice.addr();
    dests.push_back(w.alice.dest(in_total - paid - fee));
    expect_alice.emplace_back(0, 0, in_total - paid - fee);
  }
  built b;
  crypto::secret_key tx_key;
  std::vector<crypto::secret_key> additional;
  std::string error;
  BOOST_REQUIRE_MESSAGE(construct_tx_and_get_tx_key(w.alice.keys(), w.alice.subs, sources, dests, change_addr, {}, b.tx,
                                                    0, tx_key, additional, true, config, view_tags, &error),
                        error);
  const transaction &tx = b.tx;
  BOOST_TEST(tx.version == 2u);
  BOOST_TEST(int(tx.rct_signatures.type) == int(expect_type));
  BOOST_TEST(tx.rct_signatures.txnFee == (with_change ? fee : in_total - paid));  // without change the rest is fee
  BOOST_TEST(tx.vin.size() == n_in);
  BOOST_TEST(tx.vout.size() == n_out);
  for (const tx_out &o : tx.vout) {
    BOOST_TEST(o.amount == 0u);
    BOOST_TEST((o.target.type() == typeid(txout_to_tagged_key)) == view_tags);
  }
  for (const txin_v &in : tx.vin) BOOST_TEST(boost::get<txin_to_key>(in).amount == 0u);

  // Serialize -> parse -> the same bytes; the parsed tx checks.
  b.blob = tx_to_blob(tx);
  if (tx.rct_signatures.p.bulletproofs.size() > 1) {
    // Monero's oddity: its builder makes one Bulletproof per output (or per
    // power-of-2 batch) for RangeProofBulletproof / MultiOutputBulletproof,
    // but its parser (expand_transaction_1) refuses any other count than one,
    // so such a transaction exists in memory only. Ours parses the same way.
    BOOST_CHECK_EXCEPTION(parse_transaction(b.blob), parse_error, [](const parse_error &e) {
      return std::string(e.what()).find("range proofs: expected exactly 1 bulletproof, found ") == 0;
    });
  }
  const bool parses = tx.rct_signatures.p.bulletproofs.size() <= 1;
  const transaction parsed = parses ? parse_transaction(b.blob) : tx;
  b.rings = w.chain.rings(parsed);
  BOOST_TEST_REQUIRE(check_tx_v2(tx, b.rings, &error), error);
  if (parses) {  // the parsed copy writes back the same bytes and passes the same checks
    BOOST_TEST((tx_to_blob(parsed) == b.blob));
    BOOST_TEST_REQUIRE(check_tx_v2(parsed, b.rings, &error), error);
  }
  // The builder keeps message and mixRing: the rct verifiers accept the rctSig as built.
  if (expect_type == rct::RCTTypeFull) {
    BOOST_TEST(rct::verRct(tx.rct_signatures, true, &error), error);
    BOOST_TEST(rct::verRct(tx.rct_signatures, false, &error), error);
  } else {
    BOOST_TEST(rct::verRctSemanticsSimple(tx.rct_signatures, &error), error);
    BOOST_TEST(rct::verRctSimple(tx.rct_signatures, &error), error);
  }

  // The recipients find exactly what was sent to them.
  const auto idx = w.chain.add_tx(parsed);
  BOOST_CHECK_MESSAGE(keys_of(scan(parsed, w.bob, idx)) == sorted(expect_bob), "bob finds what was sent");
  BOOST_CHECK_MESSAGE(keys_of(scan(parsed, w.carol, idx)) == sorted(expect_carol), "carol finds what was sent");
  const auto change = scan(parsed, w.alice, idx);
  BOOST_CHECK_MESSAGE(keys_of(change) == expect_alice, "alice finds her change");
  for (const coin &c : change) w.alice_coins.push_back(c);
  return b;
}

// Flips two bits (0x01, 0x80) of every step-th byte of b's blob: each change
// must be refused by the parser, the daemon's ring lookup or check_tx_v2.
void tamper_every(world &w, const built &b, std::size_t step) {
  std::size_t tried = 0, refused = 0;
  for (std::size_t pos = 0; pos < b.blob.size(); pos += step) {
    for (std::uint8_t flip : {std::uint8_t{0x01}, std::uint8_t{0x80}}) {
      blobdata bad = b.blob;
      bad[pos] ^= flip;
      ++tried;
      transaction t;
      std::string error;
      if (!parse_and_validate_tx_from_blob(bad, t, &error)) {
        ++refused;
        continue;
      }
      // The daemon's rings for this (possibly changed) prefix: a changed offset
      // names another output of the chain, or none.
      std::vector<rct::ctkeyV> rings;
      try {
        rings = w.chain.rings(t);
      } catch (const std::exception &) {
        ++refused;  // a ring member that does not exist
        continue;
      }
      if (!check_tx_v2(t, rings, &error)) {
        ++refused;
      } else {
        BOOST_ERROR("byte " << pos << " ^ " << int(flip) << " accepted");
      }
    }
  }
  BOOST_TEST(tried == refused);
  BOOST_TEST_MESSAGE("tampered " << tried << " times (" << b.blob.size() << "-byte blob, every " << step
                                 << " byte(s))");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(rct_builder)

// 1..16 outputs, 1..4 inputs (cycling), ring 16, standard and subaddress
// destinations, with change (and, for 1 output, without).
BOOST_AUTO_TEST_CASE(round_trips_1_to_16_outputs_1_to_4_inputs) {
  world w;
  w.fund(40, 50000000000ull);
  for (std::size_t n_out = 1; n_out <= 16; ++n_out) {
    const std::size_t n_in = 1 + (n_out - 1) % 4;
    BOOST_TEST_CONTEXT(n_in << " inputs, " << n_out << " outputs") {
      round_trip(w, n_in, n_out, n_out >= 2);
    }
  }
  BOOST_TEST_CONTEXT("4 inputs, 2 outputs, no view tags") { round_trip(w, 4, 2, true, false); }
}

// Zero-amount destinations are allowed with RingCT (Monero's wallet pads a
// one-output payment with a zero-amount change); version 1 refuses them
// (builder_bad_input_tests). The zero output checks, scans as 0 and opens its
// commitment (scan() compares with decodeRctSimple).
BOOST_AUTO_TEST_CASE(zero_amount_change_output) {
  world w;
  w.fund(1, 50000000000ull);
  const coin c = w.alice_coins.back();
  const std::uint64_t fee = 30000000;
  std::vector<tx_source_entry> sources{w.spend(c)};
  std::vector<tx_destination_entry> dests{w.bob.dest(c.amount - fee), w.alice.dest(0)};
  transaction tx;
  crypto::secret_key tx_key;
  std::vector<crypto::secret_key> additional;
  std::string error;
  BOOST_REQUIRE_MESSAGE(construct_tx_and_get_tx_key(w.alice.keys(), w.alice.subs, sources, dests, w.alice.addr(), {},
                                                    tx, 0, tx_key, additional, true, type6, true, &error),
                        error);
  BOOST_TEST(tx.rct_signatures.txnFee == fee);
  BOOST_TEST_REQUIRE(check_tx_v2(tx, w.chain.rings(tx), &error), error);
  const auto idx = w.chain.add_tx(tx);
  BOOST_CHECK(keys_of(scan(tx, w.alice, idx)) == std::vector<found_key>{found_key(0, 0, 0)});
  BOOST_CHECK(keys_of(scan(tx, w.bob, idx)) == std::vector<found_key>{found_key(0, 0, c.amount - fee)});
}

// The change received above is spendable: a second hop.
BOOST_AUTO_TEST_CASE(change_is_spendable) {
  world w;
  w.fund(2, 50000000000ull);
  round_trip(w, 2, 3, true);
  BOOST_REQUIRE_EQUAL(w.alice_coins.size(), 1u);  // the change
  round_trip(w, 1, 2, true);
}

// Every single-byte change of a built transaction (two bit flips per byte:
// 0x01 and 0x80) is refused: by the parser, or by check_tx_v2 (the prefix and
// the RingCT base are signed by the CLSAGs, the commitments are bound by the
// range proof and the balance, the proof and signatures verify). In sanitizer
// builds every 11th byte only (a full check is a BP+ and two CLSAG verifications).
BOOST_AUTO_TEST_CASE(every_byte_tamper_is_refused) {
  world w;
  w.fund(2, 50000000000ull);
  const built b = round_trip(w, 2, 2, true);
  tamper_every(w, b, sanitized ? 11 : 1);
}

// Every RCTConfig Monero 0.18's construct_tx_with_tx_key takes (spec 10 step
// 9): the RingCT type it selects, the range proofs it makes (one Borromean per
// output; Bulletproofs one per output, in power-of-2 batches, or one padded
// proof of all), then the round trip: parse back, the same bytes, check_tx_v2
// and the rct verifiers accept, every recipient decodes its amounts. A
// sample of single-byte changes (60 positions spread over the blob, 12 under
// sanitizers) is refused; a blob of several Bulletproofs does not parse, as
// in Monero (see round_trip), and a changed proof is refused in memory.
BOOST_AUTO_TEST_CASE(every_rct_config_builds_its_type) {
  struct config_case {
    rct::RCTConfig config;
    std::size_t n_in, n_out;
    std::uint8_t type;
    std::size_t range_sigs, bulletproofs;  // how many of each the rctSig carries
  };
  const config_case cases[] = {
      {{rct::RangeProofBorromean, 0}, 1, 2, rct::RCTTypeFull, 2, 0},
      {{rct::RangeProofBorromean, 2}, 1, 3, rct::RCTTypeFull, 3, 0},  // bp_version does not matter for Borromean
      {{rct::RangeProofBorromean, 0}, 2, 2, rct::RCTTypeSimple, 2, 0},
      {{rct::RangeProofBulletproof, 1}, 1, 3, rct::RCTTypeBulletproof, 0, 3},
      {{rct::RangeProofMultiOutputBulletproof, 1}, 2, 3, rct::RCTTypeBulletproof, 0, 2},  // batches of 2 and 1
      {{rct::RangeProofPaddedBulletproof, 1}, 1, 3, rct::RCTTypeBulletproof, 0, 1},
      {{rct::RangeProofPaddedBulletproof, 2}, 2, 2, rct::RCTTypeBulletproof2, 0, 1},
      {{rct::RangeProofMultiOutputBulletproof, 2}, 1, 5, rct::RCTTypeBulletproof2, 0, 2},  // 4 + 1
      {{rct::RangeProofBulletproof, 3}, 1, 2, rct::RCTTypeCLSAG, 0, 2},
      {{rct::RangeProofPaddedBulletproof, 3}, 2, 3, rct::RCTTypeCLSAG, 0, 1},
      {{rct::RangeProofPaddedBulletproof, 0}, 1, 2, rct::RCTTypeBulletproofPlus, 0, 0},
  };
  world w;
  w.fund(16, 50000000000ull);
  for (const config_case &c : cases) {
    BOOST_TEST_CONTEXT("RCTConfig {" << int(c.config.range_proof_type) << ", " << c.config.bp_version << "}, "
                                     << c.n_in << " inputs, " << c.n_out << " outputs") {
      const built b = round_trip(w, c.n_in, c.n_out, true, c.type >= rct::RCTTypeBulletproofPlus, c.config, c.type);
      const rct::rctSigPrunable &p = b.tx.rct_signatures.p;
      BOOST_TEST(p.rangeSigs.size() == c.range_sigs);
      BOOST_TEST(p.bulletproofs.size() == c.bulletproofs);
      BOOST_TEST(p.bulletproofs_plus.size() == (c.type == rct::RCTTypeBulletproofPlus ? 1u : 0u));
      BOOST_TEST(p.MGs.size() == (c.type == rct::RCTTypeFull ? 1u : c.type >= rct::RCTTypeCLSAG ? 0u : c.n_in));
      BOOST_TEST(p.CLSAGs.size() == (c.type >= rct::RCTTypeCLSAG ? c.n_in : 0u));
      if (p.bulletproofs.size() > 1) {
        transaction bad = b.tx;  // the blob does not parse (above): change the last proof in memory
        bad.rct_signatures.p.bulletproofs.back().taux.bytes[0] ^= 1;
        std::string error;
        BOOST_TEST(!check_tx_v2(bad, b.rings, &error));
      } else {
        tamper_every(w, b, std::max<std::size_t>(1, b.blob.size() / (sanitized ? 12 : 60)));
      }
    }
  }
  BOOST_REQUIRE(w.alice_coins.size() >= 1u);
  // Type 1 without change: the whole rest is the fee, appended to genRct's amounts.
  const built full = round_trip(w, 1, 1, false, false, {rct::RangeProofBorromean, 0}, rct::RCTTypeFull);
  BOOST_TEST(full.tx.rct_signatures.txnFee > 0u);
}

// Batch semantics: many transactions in one BP+ batch; one bad proof fails it,
// naming the transaction.
BOOST_AUTO_TEST_CASE(batch_semantics) {
  world w;
  w.fund(4, 50000000000ull);
  std::vector<built> txs;
  for (int i = 0; i < 3; ++i) txs.push_back(round_trip(w, 1, 2 + i, true));
  std::vector<const transaction *> ptrs;
  for (const auto &b : txs) ptrs.push_back(&b.tx);
  std::string error;
  BOOST_TEST(check_tx_semantics_v2(ptrs, &error), error);
  transaction bad = txs[1].tx;
  bad.rct_signatures.p.bulletproofs_plus[0].r1.bytes[0] ^= 1;
  ptrs[1] = &bad;
  BOOST_TEST(!check_tx_semantics_v2(ptrs, &error));
  BOOST_TEST(error == "the Bulletproofs+ of the batch do not verify (at least one is invalid)");
  bad = txs[2].tx;
  bad.rct_signatures.txnFee += 1;
  ptrs[1] = &txs[1].tx;
  ptrs[2] = &bad;
  BOOST_TEST(!check_tx_semantics_v2(ptrs, &error));
  BOOST_TEST(error == "transaction 2 of the batch: the amounts do not balance: sum(pseudoOuts) != sum(outPk) + fee*H");
}

// The check's rules beyond the cryptography, each with its message.
BOOST_AUTO_TEST_CASE(check_refusals) {
  world w;
  w.fund(2, 50000000000ull);
  const built b = round_trip(w, 2, 2, true);
  std::string error;
  auto refused = [&](const transaction &t, const std::vector<rct::ctkeyV> &rings, const std::string &expect) {
    error.clear();
    BOOST_TEST(!check_tx_v2(t, rings, &error));
    BOOST_TEST(error == expect);
  };
  {
    transaction t = b.tx;
    t.vout[0].amount = 5;
    refused(t, b.rings, "output 0: amount 5 in a RingCT transaction (0 expected: the amount is in the commitment)");
  }
  {
    transaction t = b.tx;
    // Every type 1-6 goes to its rct verifier (docs/tx_rules.md): a type 6
    // body labelled type 5 is refused there (its message is the rct layer's).
    t.rct_signatures.type = rct::RCTTypeCLSAG;
    error.clear();
    BOOST_TEST(!check_tx_v2(t, b.rings, &error));
    BOOST_TEST(!error.empty());
    t.rct_signatures.type = 7;
    refused(t, b.rings, "unknown RingCT type 7");
  }
  {
    auto rings = b.rings;
    rings[1].pop_back();
    refused(b.tx, rings, "input 1: 15 ring members given for 16 key offsets");
  }
  {
    auto rings = b.rings;
    std::swap(rings[0][0], rings[0][1]);  // the ring the daemon looked up differs
    refused(b.tx, rings, "input 0: the CLSAG does not verify");
  }
  {
    transaction t = b.tx;  // the same key image twice
    boost::get<txin_to_key>(t.vin[1]).k_image = boost::get<txin_to_key>(t.vin[0]).k_image;
    refused(t, b.rings, "inputs 0 and 1 have the same key image");
  }
  {
    transaction t = b.tx;  // a key image with a torsion component: + (0, -1), the point of order 2
    rct::key torsion{};
    torsion.bytes[0] = 0xec;
    for (int i = 1; i < 31; ++i) torsion.bytes[i] = 0xff;
    torsion.bytes[31] = 0x7f;
    auto &ki = boost::get<txin_to_key>(t.vin[0]).k_image;
    const rct::key moved = rct::addKeys(rct::ki2rct(ki), torsion);
    ki = rct::rct2ki(moved);
    error.clear();
    BOOST_TEST(!check_tx_v2(t, b.rings, &error));
    BOOST_TEST(error.find("is not in the prime-order subgroup") != std::string::npos, error);
  }
  {
    transaction t = b.tx;
    t.pruned = true;
    refused(t, b.rings, "the transaction is pruned: its signatures and range proof are missing");
  }
  {
    // Inputs out of key-image order (Monero refuses them from hard fork 7):
    // swapped with their CLSAGs and pseudo-outputs, the proof and the balance
    // still hold, so only the order rule can refuse it before the signatures.
    transaction t = b.tx;
    std::swap(t.vin[0], t.vin[1]);
    std::swap(t.rct_signatures.p.CLSAGs[0], t.rct_signatures.p.CLSAGs[1]);
    std::swap(t.rct_signatures.p.pseudoOuts[0], t.rct_signatures.p.pseudoOuts[1]);
    const std::string expect =
        "inputs 0 and 1 are not sorted by key image (descending byte order is required from hard fork 7)";
    error.clear();
    BOOST_TEST(!check_tx_semantics_v2(t, &error));
    BOOST_TEST(error == expect);
    refused(t, {b.rings[1], b.rings[0]}, expect);
    error.clear();
    BOOST_TEST(!check_tx_semantics_v2(std::vector<const transaction *>{&b.tx, &t}, &error));
    BOOST_TEST(error == "transaction 1 of the batch: " + expect);
  }
}

// Builder refusals for RingCT: RCTConfigs Monero cannot build, more than 16 outputs, rings
// of different sizes; nothing half-built is returned.
BOOST_AUTO_TEST_CASE(builder_refusals) {
  world w;
  w.fund(3, 50000000000ull);
  auto attempt = [&](std::vector<tx_source_entry> sources, std::vector<tx_destination_entry> dests,
                     const rct::RCTConfig &config) {
    transaction tx;
    crypto::secret_key tx_key;
    std::vector<crypto::secret_key> additional;
    std::string error;
    const bool ok = construct_tx_and_get_tx_key(w.alice.keys(), w.alice.subs, sources, dests, w.alice.addr(), {}, tx, 0,
                                                tx_key, additional, true, config, true, &error);
    BOOST_TEST(!ok);
    BOOST_TEST(tx.vin.empty());
    BOOST_TEST(tx.vout.empty());
    return error;
  };
  const coin &c = w.alice_coins[0];
  std::vector<tx_destination_entry> two{w.bob.dest(1000000000), w.alice.dest(c.amount - 1000000000 - 100000)};
  BOOST_TEST(attempt({w.spend(c)}, two, {rct::RangeProofMultiOutputBulletproof, 4}) ==
             "RCTConfig {RangeProofMultiOutputBulletproof, 4} is not supported: Bulletproofs+ (type 6) are built as "
             "{RangeProofPaddedBulletproof, 4}, one proof of every output");
  BOOST_TEST(attempt({w.spend(c)}, two, {rct::RangeProofBulletproof, 0}).find(
                 "RCTConfig {RangeProofBulletproof, 0} is not supported: Bulletproofs+") == 0u);
  BOOST_TEST(attempt({w.spend(c)}, two, {rct::RangeProofPaddedBulletproof, 5}) ==
             "RCTConfig {RangeProofPaddedBulletproof, 5} is not supported: bp_version 0-4 exist (Monero: Unsupported "
             "BP version)");
  BOOST_TEST(attempt({w.spend(c)}, two, {static_cast<rct::RangeProofType>(4), 2}).find(
                 "RCTConfig {RangeProofType 4, 2} is not supported: the range proof types are") == 0u);
  std::vector<tx_destination_entry> seventeen;
  for (int i = 0; i < 17; ++i) seventeen.push_back(w.bob.dest(1000000));
  BOOST_TEST(attempt({w.spend(c)}, seventeen, type6) ==
             "17 destinations: a RingCT transaction has at most 16 outputs (BULLETPROOF_PLUS_MAX_OUTPUTS, one "
             "Bulletproof+ covers them)");
  const std::string ring_error = attempt({w.spend(w.alice_coins[1], 16), w.spend(w.alice_coins[2], 11)},
                                         {w.bob.dest(1000000000)}, type6);
  BOOST_TEST(ring_error.find("members, input 0 has") != std::string::npos, ring_error);
  BOOST_TEST(ring_error.find("(every input of a RingCT transaction needs the same ring size)") != std::string::npos);
  // A wrong mask for the real input: the CLSAG signer refuses (the commitment would never verify).
  tx_source_entry wrong = w.spend(c);
  wrong.mask.bytes[0] ^= 1;
  const std::string mask_error = attempt({wrong}, two, type6);
  BOOST_TEST(mask_error.find("cannot sign the RingCT part: cncrypto::genRctSimple_strict: input 0: ") == 0u, mask_error);
}

// rct::genRctSimple called directly (not through the builder): misuse throws
// std::invalid_argument naming the mistake. Rings of different sizes would
// verify in memory but can never be serialized (serialize_rctsig_prunable
// refuses them), so they are refused up front.
BOOST_AUTO_TEST_CASE(genRctSimple_misuse) {
  const std::vector<std::uint64_t> inamounts{1000, 2000}, outamounts{1500, 1400};
  const std::uint64_t fee = 100;
  rct::ctkeyV inSk(2);
  rct::ctkeyM mixRing(2);
  std::vector<unsigned int> index{1, 2};
  for (std::size_t i = 0; i < 2; ++i) {
    inSk[i] = {rct::skGen(), rct::skGen()};
    mixRing[i].resize(4);
    for (auto &m : mixRing[i]) m = {random_point(), random_point()};
    mixRing[i][index[i]] = {rct::scalarmultBase(inSk[i].dest), rct::commit(inamounts[i], inSk[i].mask)};
  }
  const rct::keyV destinations{random_point(), random_point()}, amount_keys{rct::skGen(), rct::skGen()};
  const rct::key message = rct::skGen();
  rct::ctkeyV outSk;
  auto misuse = [&](const rct::ctkeyM &rings, const std::vector<std::uint64_t> &outs, std::uint64_t f,
                    const std::vector<unsigned int> &idx) {
    try {
      rct::genRctSimple(message, inSk, destinations, inamounts, outs, f, rings, amount_keys, idx, outSk, type6, hw::get_device("default"));
    } catch (const std::invalid_argument &e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  // Sanity: the valid call builds a verifying rctSig.
  const rct::rctSig rv = rct::genRctSimple(message, inSk, destinations, inamounts, outamounts, fee, mixRing,
                                           amount_keys, index, outSk, type6, hw::get_device("default"));
  std::string error;
  BOOST_TEST(rct::verRctSimple(rv, &error), error);

  rct::ctkeyM shorter = mixRing;
  shorter[1].pop_back();
  BOOST_TEST(misuse(shorter, outamounts, fee, index) ==
             "rct::genRctSimple: input 1: a ring of 3 members, input 0 has 4 (every input needs the same ring size)");
  BOOST_TEST(misuse(mixRing, outamounts, fee, {1, 4}) == "rct::genRctSimple: input 1: index 4 is outside its ring of 4");
  // Unbalanced amounts: Monero's genRctSimple signs them (verRctSimple then
  // rejects the result); the strict variant refuses.
  BOOST_TEST(misuse(mixRing, outamounts, fee + 1, index) == "no exception");
  auto strict = [&](std::uint64_t f) {
    try {
      cncrypto::genRctSimple_strict(message, inSk, destinations, inamounts, outamounts, f, mixRing, amount_keys, index,
                                    outSk, type6);
    } catch (const std::invalid_argument &e) {
      return std::string(e.what());
    }
    return std::string("no exception");
  };
  BOOST_TEST(strict(fee + 1) == "cncrypto::genRctSimple_strict: inputs (3000) != outputs + fee (3001)");
  BOOST_TEST(strict(~0ull) == "cncrypto::genRctSimple_strict: the output amounts and fee overflow 64 bits");
}

BOOST_AUTO_TEST_SUITE_END()
