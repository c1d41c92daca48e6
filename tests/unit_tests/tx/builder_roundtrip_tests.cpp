// Round trips through the version 1 builder: build -> serialize -> parse ->
// daemon-side check -> every recipient's scan finds exactly its outputs (the
// amounts and subaddress indices sent), with key images equal to the ones its
// own spend produces; wallets that were not paid find nothing.
//
// The expected values are the inputs of each scenario (who is paid what, at
// which subaddress) and the protocol identities of spec 9.1/9.2 recomputed
// independently here (R = r*G or r*D, R_k = r_k*G or r_k*D, the payment id
// decrypted by the recipient).
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/subaddress.h"
#include "cryptonote/tx_verification.h"
#include "support/points.h"
#include "tx_test_chain.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <set>
#include <tuple>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names
using namespace txtest;

namespace {

crypto::public_key scalarmult(const crypto::public_key &P, const crypto::secret_key &s) {
  ge_p3 A;
  BOOST_REQUIRE(ge_frombytes_vartime(&A, reinterpret_cast<const unsigned char *>(&P)) == 0);
  ge_p2 R;
  ge_scalarmult(&R, reinterpret_cast<const unsigned char *>(&s), &A);
  crypto::public_key out;
  ge_tobytes(reinterpret_cast<unsigned char *>(&out), &R);
  return out;
}

using cncrypto::test::public_of;

struct payment {
  int wallet;  // index into the recipients (0, 1, 2); -1: the sender itself (not change)
  std::uint32_t major, minor;
  std::uint64_t amount;
};

struct scenario {
  std::string name;
  std::vector<payment> payments;
  std::uint64_t change = 0;  // 0: no change output
  std::size_t ring_size = 1;
  std::vector<std::size_t> miner_outputs;  // which of the sender's coinbase outputs to spend
  bool spend_subaddress_funds = false;     // also spend an output the sender received at (1, 2)
  bool use_view_tags = false;
  std::optional<crypto::hash8> payment_id;  // integrated address payment (to payments[0])
};

// The sender's coinbase amounts (spec 10.1).
const std::uint64_t miner_amounts[6] = {186044415ull,    2000000000ull,    90000000000ull,
                                        500000000000ull, 7000000000000ull, 10000000000000ull};
constexpr std::uint64_t subaddress_funds = 123456789012ull;

struct world {
  fake_chain chain;
  wallet alice;  // the sender
  wallet recipients[3];
  wallet outsider;  // never paid
  funded coinbase;
  // The sender's output received at subaddress (1, 2) (from a bank's transaction).
  transaction sub_tx;
  std::size_t sub_k = 0;
  std::uint64_t sub_gidx = 0;

  world() : coinbase(mine_to(chain, alice)) {}

  void fund_subaddress(std::size_t ring_size) {
    wallet bank;
    funded f = mine_to(chain, bank);
    std::vector<tx_source_entry> sources{chain.source(f.tx, 5, f.gidx[5], ring_size)};
    std::vector<tx_destination_entry> dests{alice.dest(subaddress_funds, 1, 2),
                                            bank.dest(miner_amounts[5] - subaddress_funds - 1000)};
    crypto::secret_key tx_key;
    std::vector<crypto::secret_key> additional;
    std::string error;
    BOOST_REQUIRE_MESSAGE(
        construct_tx_and_get_tx_key(bank.keys(), bank.subs, sources, dests, bank.addr(), {}, sub_tx, 0, tx_key,
                                    additional, false, {rct::RangeProofBorromean, 0}, false, &error),
        error);
    const std::vector<std::uint64_t> gidx = chain.add_tx(sub_tx);
    const std::vector<found_output> mine = scan(sub_tx, alice);
    BOOST_REQUIRE_EQUAL(mine.size(), 1u);
    BOOST_REQUIRE(mine[0].subaddr == (subaddress_index{1, 2}));
    sub_k = mine[0].index;
    sub_gidx = gidx[sub_k];
  }
};

using found_key = std::tuple<std::uint32_t, std::uint32_t, std::uint64_t>;  // major, minor, amount
std::vector<found_key> keys_of(const std::vector<found_output> &f) {
  std::vector<found_key> out;
  for (const found_output &o : f) out.emplace_back(o.subaddr.major, o.subaddr.minor, o.amount);
  std::sort(out.begin(), out.end());
  return out;
}

void run(const scenario &sc) {
  BOOST_TEST_CONTEXT("scenario " << sc.name) {
    world w;
    if (sc.spend_subaddress_funds) w.fund_subaddress(sc.ring_size);

    std::vector<tx_source_entry> sources;
    std::uint64_t in_total = 0;
    for (std::size_t k : sc.miner_outputs) {
      sources.push_back(w.chain.source(w.coinbase.tx, k, w.coinbase.gidx[k], sc.ring_size));
      in_total += miner_amounts[k];
    }
    if (sc.spend_subaddress_funds) {
      sources.push_back(w.chain.source(w.sub_tx, w.sub_k, w.sub_gidx, sc.ring_size));
      in_total += subaddress_funds;
    }
    std::vector<tx_destination_entry> dests;
    std::uint64_t out_total = 0;
    for (const payment &p : sc.payments) {
      const wallet &to = p.wallet < 0 ? w.alice : w.recipients[p.wallet];
      dests.push_back(to.dest(p.amount, p.major, p.minor));
      out_total += p.amount;
    }
    boost::optional<account_public_address> change_addr;
    if (sc.change != 0) {
      change_addr = w.alice.addr();
      dests.push_back(w.alice.dest(sc.change));
      out_total += sc.change;
    }
    std::vector<std::uint8_t> extra;
    if (sc.payment_id) {
      dests[0].is_integrated = true;
      blobdata nonce;
      set_encrypted_payment_id_to_tx_extra_nonce(nonce, *sc.payment_id);
      BOOST_REQUIRE(add_extra_nonce_to_tx_extra(extra, nonce));
    }
    const std::vector<tx_destination_entry> dests_before = dests;
    const std::size_t n_sources = sources.size();

    transaction tx;
    crypto::secret_key tx_key;
    std::vector<crypto::secret_key> additional_keys;
    std::string error;
    const bool ok =
        construct_tx_and_get_tx_key(w.alice.keys(), w.alice.subs, sources, dests, change_addr, extra, tx, 0, tx_key,
                                    additional_keys, false, {rct::RangeProofBorromean, 0}, sc.use_view_tags, &error);
    BOOST_REQUIRE_MESSAGE(ok, error);
    BOOST_CHECK(error.empty());

    // Shape.
    BOOST_CHECK_EQUAL(tx.version, 1u);
    BOOST_CHECK_EQUAL(tx.unlock_time, 0u);
    BOOST_REQUIRE_EQUAL(tx.vin.size(), n_sources);
    BOOST_REQUIRE_EQUAL(tx.vout.size(), dests_before.size());
    BOOST_REQUIRE_EQUAL(tx.signatures.size(), n_sources);
    // The caller's sources now follow the inputs; inputs sorted by key image, descending.
    for (std::size_t i = 0; i < tx.vin.size(); ++i) {
      const txin_to_key &in = boost::get<txin_to_key>(tx.vin[i]);
      BOOST_CHECK_EQUAL(in.amount, sources[i].amount);
      BOOST_CHECK_EQUAL(in.key_offsets.size(), sc.ring_size);
      BOOST_CHECK_EQUAL(tx.signatures[i].size(), sc.ring_size);
      if (i > 0) {
        const txin_to_key &prev = boost::get<txin_to_key>(tx.vin[i - 1]);
        BOOST_CHECK(std::memcmp(&prev.k_image, &in.k_image, 32) > 0);
      }
    }
    // The caller's destinations now follow the outputs.
    for (std::size_t k = 0; k < tx.vout.size(); ++k) {
      BOOST_CHECK_EQUAL(tx.vout[k].amount, dests[k].amount);
      BOOST_CHECK_EQUAL((tx.vout[k].target.type() == typeid(txout_to_tagged_key)), sc.use_view_tags);
    }

    // Extra: canonical order, R = r*G or r*D, additional keys.
    std::vector<std::uint8_t> sorted;
    BOOST_REQUIRE(sort_tx_extra(tx.extra, sorted));
    BOOST_CHECK(sorted == tx.extra);
    BOOST_CHECK(tx.extra.size() <= MAX_TX_EXTRA_SIZE);
    std::size_t n_std = 0, n_sub = 0;
    account_public_address single_sub{};
    classify_addresses(dests_before, change_addr, n_std, n_sub, single_sub);
    const crypto::public_key R = get_tx_pub_key_from_extra(tx);
    BOOST_CHECK(R ==
                (n_std == 0 && n_sub == 1 ? scalarmult(single_sub.m_spend_public_key, tx_key) : public_of(tx_key)));
    const bool need_additional = n_sub > 0 && (n_std > 0 || n_sub > 1);
    const std::vector<crypto::public_key> additional = get_additional_tx_pub_keys_from_extra(tx);
    BOOST_REQUIRE_EQUAL(additional_keys.size(), need_additional ? tx.vout.size() : 0u);
    BOOST_REQUIRE_EQUAL(additional.size(), additional_keys.size());
    for (std::size_t k = 0; k < additional.size(); ++k) {
      BOOST_CHECK(additional[k] == (dests[k].is_subaddress
                                        ? scalarmult(dests[k].addr.m_spend_public_key, additional_keys[k])
                                        : public_of(additional_keys[k])));
    }
    // Payment id: the integrated one decrypts for its recipient; a dummy with <= 2 destinations.
    blobdata nonce;
    const bool has_nonce = cncrypto::get_extra_nonce_from_extra(tx.extra, nonce);
    crypto::hash8 pid{};
    if (sc.payment_id) {
      BOOST_REQUIRE(has_nonce);
      BOOST_REQUIRE(get_encrypted_payment_id_from_tx_extra_nonce(nonce, pid));
      BOOST_CHECK(pid != *sc.payment_id);  // encrypted on the wire
      BOOST_REQUIRE(decrypt_payment_id(pid, R, w.recipients[sc.payments[0].wallet].keys().m_view_secret_key));
      BOOST_CHECK(pid == *sc.payment_id);
    } else if (dests_before.size() <= 2 &&
               get_destination_view_key_pub(dests_before, change_addr) != crypto::null_pkey) {
      BOOST_REQUIRE(has_nonce);
      BOOST_CHECK(get_encrypted_payment_id_from_tx_extra_nonce(nonce, pid));
    } else {
      BOOST_CHECK(!has_nonce);
    }

    // Serialize -> parse -> same bytes, same id; the check accepts it.
    const blobdata blob = tx_to_blob(tx);
    transaction parsed;
    std::string perr;
    BOOST_REQUIRE_MESSAGE(parse_and_validate_tx_from_blob(blob, parsed, &perr), perr);
    BOOST_CHECK(tx_to_blob(parsed) == blob);
    BOOST_CHECK(get_transaction_hash(parsed) == get_transaction_hash(tx));
    std::string cerr;
    BOOST_CHECK_MESSAGE(check_tx_v1(parsed, w.chain.lookup_fn(), &cerr), cerr);

    // Each recipient finds exactly what was sent to it.
    for (int r = -1; r < 3; ++r) {
      const wallet &rw = r < 0 ? w.alice : w.recipients[r];
      std::vector<found_key> expected;
      for (const payment &p : sc.payments) {
        if (p.wallet == r) expected.emplace_back(p.major, p.minor, p.amount);
      }
      if (r < 0 && sc.change != 0) expected.emplace_back(0, 0, sc.change);
      std::sort(expected.begin(), expected.end());
      const std::vector<found_output> found = scan(parsed, rw);
      BOOST_CHECK_MESSAGE(keys_of(found) == expected,
                          "wallet " << r << " found " << found.size() << " outputs, expected " << expected.size());
      // The key images the scan reports are what the wallet's own helper gives.
      for (const found_output &f : found) {
        keypair eph;
        crypto::key_image ki;
        BOOST_REQUIRE(generate_key_image_helper(rw.keys(), rw.subs, f.key, R, additional, f.index, eph, ki, hw::get_device("default")));
        BOOST_CHECK(ki == f.key_image);
        BOOST_CHECK(eph.pub == f.key);
      }
    }
    BOOST_CHECK(scan(parsed, w.outsider).empty());

    // The sender's inputs carry the key images its helper derives.
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const tx_source_entry &src = sources[i];
      keypair eph;
      crypto::key_image ki;
      crypto::public_key real;
      std::memcpy(&real, src.outputs[src.real_output].second.dest.bytes, 32);
      BOOST_REQUIRE(generate_key_image_helper(w.alice.keys(), w.alice.subs, real, src.real_out_tx_key,
                                              src.real_out_additional_tx_keys, src.real_output_in_tx_index, eph, ki, hw::get_device("default")));
      BOOST_CHECK(ki == boost::get<txin_to_key>(tx.vin[i]).k_image);
    }
    // Fee = inputs - outputs.
    BOOST_CHECK(in_total >= out_total);
  }
}

const crypto::hash8 some_payment_id = {{0x12, 0x34, 0x56, 0x78, 0x1a, 0x3c, 0x5e, 0x70}};

}  // namespace

BOOST_AUTO_TEST_SUITE(builder_round_trip)

BOOST_AUTO_TEST_CASE(standard_address_no_change_ring_1) {
  run({"std/no change/ring 1", {{0, 0, 0, 1900000000ull}}, 0, 1, {1}, false, false, std::nullopt});
}
BOOST_AUTO_TEST_CASE(standard_address_with_change_ring_2) {
  run({"std/change/ring 2", {{0, 0, 0, 1000000000ull}}, 899000000ull, 2, {1}, false, false, std::nullopt});
}
BOOST_AUTO_TEST_CASE(single_subaddress_with_change_ring_11) {
  // R = r*D, no additional keys.
  run({"subaddress/change/ring 11", {{0, 1, 1, 50000000000ull}}, 39000000000ull, 11, {2}, false, true, std::nullopt});
}
BOOST_AUTO_TEST_CASE(single_subaddress_no_change_ring_16) {
  run({"subaddress/no change/ring 16", {{1, 0, 2, 89000000000ull}}, 0, 16, {2}, false, false, std::nullopt});
}
BOOST_AUTO_TEST_CASE(integrated_address_with_change_ring_16) {
  run({"integrated/change/ring 16",
       {{0, 0, 0, 400000000000ull}},
       99000000000ull,
       16,
       {3},
       false,
       true,
       some_payment_id});
}
BOOST_AUTO_TEST_CASE(integrated_address_no_change_ring_2) {
  run({"integrated/no change/ring 2", {{2, 0, 0, 1999000000ull}}, 0, 2, {1}, false, false, some_payment_id});
}
BOOST_AUTO_TEST_CASE(mixed_destinations_with_change_ring_11) {
  // Standard + two subaddresses of one wallet + another wallet's subaddress:
  // additional keys; three inputs incl. one received at the sender's subaddress.
  run({"mix/change/ring 11",
       {{0, 0, 0, 1000000000000ull}, {1, 0, 1, 2000000000000ull}, {1, 1, 2, 300000000000ull}, {2, 1, 0, 5000ull}},
       3700000000000ull,
       11,
       {3, 4},
       true,
       true,
       std::nullopt});
}
BOOST_AUTO_TEST_CASE(mixed_destinations_no_change_ring_1) {
  run({"mix/no change/ring 1",
       {{0, 0, 0, 6000000000000ull}, {1, 1, 1, 999000000000ull}},
       0,
       1,
       {4},
       false,
       false,
       std::nullopt});
}
BOOST_AUTO_TEST_CASE(many_sources_and_self_payment_ring_2) {
  // A payment to the sender's own subaddress (not change) and every coinbase output spent.
  run({"self payment/ring 2",
       {{-1, 1, 0, 17000000000000ull}, {0, 0, 0, 500000000000ull}},
       92186000000ull,
       2,
       {0, 1, 2, 3, 4, 5},
       false,
       false,
       std::nullopt});
}
BOOST_AUTO_TEST_CASE(three_destinations_no_dummy_payment_id) {
  run({"three destinations",
       {{0, 0, 0, 1000ull}, {1, 0, 0, 2000ull}},
       1999997000ull,
       2,
       {1},
       false,
       true,
       std::nullopt});
}

// A received output is spent again: the key image on the new input is the
// one the recipient's scan reported (spend chain alice -> bob (subaddress) -> carol).
BOOST_AUTO_TEST_CASE(second_hop_key_image_matches_scan) {
  fake_chain chain;
  wallet alice, bob, carol;
  funded cb = mine_to(chain, alice);
  std::vector<tx_source_entry> src{chain.source(cb.tx, 4, cb.gidx[4], 11)};
  std::vector<tx_destination_entry> dst{bob.dest(6000000000000ull, 1, 1), alice.dest(999000000000ull)};
  transaction tx1;
  std::string error;
  crypto::secret_key k1;
  std::vector<crypto::secret_key> a1;
  BOOST_REQUIRE_MESSAGE(construct_tx_and_get_tx_key(alice.keys(), alice.subs, src, dst, alice.addr(), {}, tx1, 0, k1,
                                                    a1, false, {rct::RangeProofBorromean, 0}, true, &error),
                        error);
  const std::vector<std::uint64_t> g1 = chain.add_tx(tx1);
  const std::vector<found_output> bob_found = scan(tx1, bob);
  BOOST_REQUIRE_EQUAL(bob_found.size(), 1u);

  std::vector<tx_source_entry> src2{chain.source(tx1, bob_found[0].index, g1[bob_found[0].index], 16)};
  std::vector<tx_destination_entry> dst2{carol.dest(5999000000000ull, 0, 2)};
  transaction tx2;
  crypto::secret_key k2;
  std::vector<crypto::secret_key> a2;
  BOOST_REQUIRE_MESSAGE(construct_tx_and_get_tx_key(bob.keys(), bob.subs, src2, dst2, boost::none, {}, tx2, 0, k2, a2,
                                                    false, {rct::RangeProofBorromean, 0}, true, &error),
                        error);
  BOOST_CHECK(boost::get<txin_to_key>(tx2.vin[0]).k_image == bob_found[0].key_image);
  BOOST_CHECK_MESSAGE(check_tx_v1(tx2, chain.lookup_fn(), &error), error);
  const std::vector<found_output> carol_found = scan(tx2, carol);
  BOOST_REQUIRE_EQUAL(carol_found.size(), 1u);
  BOOST_CHECK(carol_found[0].subaddr == (subaddress_index{0, 2}));
  BOOST_CHECK_EQUAL(carol_found[0].amount, 5999000000000ull);
}

// construct_tx (main address only, version 1, no view tags) keeps the
// caller's destinations in order and builds a valid transaction.
BOOST_AUTO_TEST_CASE(construct_tx_main_address) {
  fake_chain chain;
  wallet alice, bob;
  funded cb = mine_to(chain, alice);
  std::vector<tx_source_entry> src{chain.source(cb.tx, 2, cb.gidx[2], 3)};
  const std::vector<tx_destination_entry> dst{bob.dest(1000), bob.dest(2000), alice.dest(3000)};
  transaction tx;
  std::string error;
  BOOST_REQUIRE_MESSAGE(construct_tx(alice.keys(), src, dst, alice.addr(), {}, tx, 7, &error), error);
  BOOST_CHECK_EQUAL(tx.unlock_time, 7u);
  BOOST_CHECK_EQUAL(dst[0].amount, 1000u);  // untouched (copied)
  BOOST_CHECK_MESSAGE(check_tx_v1(tx, chain.lookup_fn(), &error), error);
  BOOST_CHECK_EQUAL(scan(tx, bob).size(), 2u);
  BOOST_CHECK_EQUAL(scan(tx, alice).size(), 1u);
}

// Destinations really are shuffled: over 64 builds of 4 distinct amounts the
// first output's amount takes more than one value (fails with probability 4^-63).
BOOST_AUTO_TEST_CASE(destinations_are_shuffled) {
  fake_chain chain;
  wallet alice, bob;
  funded cb = mine_to(chain, alice);
  std::set<std::uint64_t> firsts;
  for (int i = 0; i < 64 && firsts.size() < 2; ++i) {
    std::vector<tx_source_entry> src{chain.source(cb.tx, 2, cb.gidx[2], 1)};
    std::vector<tx_destination_entry> dst{bob.dest(1), bob.dest(2), bob.dest(3), bob.dest(4)};
    transaction tx;
    crypto::secret_key k;
    std::vector<crypto::secret_key> a;
    std::string error;
    BOOST_REQUIRE_MESSAGE(construct_tx_and_get_tx_key(alice.keys(), alice.subs, src, dst, boost::none, {}, tx, 0, k, a,
                                                      false, {rct::RangeProofBorromean, 0}, false, &error),
                          error);
    firsts.insert(tx.vout[0].amount);
  }
  BOOST_CHECK_GT(firsts.size(), 1u);
}

BOOST_AUTO_TEST_SUITE_END()
