// The builder's helpers (get_destination_view_key_pub, classify_addresses)
// and more of its inputs: caller-chosen keys that are refused, two subaddress
// destinations, a long payment id in the caller's extra. A module of its own
// beside tx_tests (see CMakeLists.txt).
#include <boost/test/unit_test.hpp>

#include "cryptonote/tx_extra.h"
#include "tx_test_chain.h"

#include <algorithm>
#include <cstring>
#include <optional>

using namespace cryptonote;
using namespace txtest;

BOOST_AUTO_TEST_SUITE(builder_helpers)

// More caller mistakes with caller-chosen keys (construct_tx_with_tx_key):
// a tx key or additional key that is not a reduced scalar, additional keys
// where none are needed.
BOOST_AUTO_TEST_CASE(caller_keys_refused) {
  fake_chain chain;
  wallet alice, bob;
  const funded cb = mine_to(chain, alice);
  std::vector<tx_source_entry> sources{chain.source(cb.tx, 2, cb.gidx[2], 4)};
  // bob main, bob (1, 1), alice's change: additional keys needed (3)
  std::vector<tx_destination_entry> dests{bob.dest(1000000000ull), bob.dest(2000000000ull, 1, 1),
                                          alice.dest(3000000000ull)};
  const boost::optional<account_public_address> change = alice.addr();
  const account_keys &sender = alice.keys();
  const cncrypto::subaddress_map &subs = alice.subs;
  const std::vector<std::uint8_t> extra;
  crypto::secret_key r;
  crypto::public_key R;
  crypto::generate_keys(R, r);
  crypto::secret_key unreduced;
  std::memset(unreduced.data, 0xff, sizeof unreduced.data);
  std::vector<tx_destination_entry> to_main{bob.dest(1000000000ull), alice.dest(3000000000ull)};
  transaction tx;
  std::string error;
  BOOST_CHECK(!construct_tx_with_tx_key(sender, subs, sources, to_main, change, extra, tx, 0, unreduced, {}, false,
                                        {rct::RangeProofBorromean, 0}, false, false, &error));
  BOOST_TEST(error.find("tx_key is not a reduced scalar (>= L)") != std::string::npos, error);
  const std::vector<crypto::secret_key> one{r};
  BOOST_CHECK(!construct_tx_with_tx_key(sender, subs, sources, to_main, change, extra, tx, 0, r, one, false,
                                        {rct::RangeProofBorromean, 0}, false, false, &error));
  BOOST_TEST(error.find("the destinations need no additional tx keys, but 1 were given") != std::string::npos, error);
  // Destination 0 is a standard address: its additional key is multiplied by G.
  const std::vector<crypto::secret_key> three{unreduced, r, r};
  BOOST_CHECK(!construct_tx_with_tx_key(sender, subs, sources, dests, change, extra, tx, 0, r, three, false,
                                        {rct::RangeProofBorromean, 0}, false, false, &error));
  BOOST_TEST(error.find("an additional tx key is not a reduced scalar (>= L)") != std::string::npos, error);
  BOOST_CHECK(tx.vin.empty() && tx.vout.empty());
}

// Monero's get_destination_view_key_pub and classify_addresses on their own:
// the single non-change destination address (repeats allowed), else the change
// address when every destination is change or carries 0, else none.
BOOST_AUTO_TEST_CASE(destination_view_key) {
  const wallet alice, bob, carol;
  const boost::optional<account_public_address> no_change;
  const boost::optional<account_public_address> change = alice.addr();
  const auto view = [](const account_public_address &a) { return a.m_view_public_key; };
  BOOST_CHECK(get_destination_view_key_pub({bob.dest(1), bob.dest(2)}, no_change) == view(bob.addr()));
  BOOST_CHECK(get_destination_view_key_pub({bob.dest(1), alice.dest(2)}, change) == view(bob.addr()));
  BOOST_CHECK(get_destination_view_key_pub({bob.dest(1), carol.dest(2)}, change) == crypto::null_pkey);
  BOOST_CHECK(get_destination_view_key_pub({bob.dest(0), alice.dest(2)}, change) == view(alice.addr()));
  BOOST_CHECK(get_destination_view_key_pub({}, change) == view(alice.addr()));
  BOOST_CHECK(get_destination_view_key_pub({}, no_change) == crypto::null_pkey);
  // The change address a second time counts as a destination.
  BOOST_CHECK(get_destination_view_key_pub({alice.dest(1), alice.dest(2)}, change) == view(alice.addr()));
  std::size_t n_std = 9, n_sub = 9;
  account_public_address single{};
  classify_addresses({bob.dest(1, 0, 1), bob.dest(2, 0, 1), bob.dest(3, 0, 2), alice.dest(4)}, change, n_std, n_sub,
                     single);
  BOOST_CHECK_EQUAL(n_std, 0u);
  BOOST_CHECK_EQUAL(n_sub, 2u);
  BOOST_CHECK(single == bob.addr(0, 2));
}

// Two subaddress destinations and change only (no standard address): each
// output gets an additional key (Monero: num_subaddresses > 1), and bob finds
// both under their subaddresses.
BOOST_AUTO_TEST_CASE(two_subaddress_destinations) {
  fake_chain chain;
  wallet alice, bob;
  const funded cb = mine_to(chain, alice);
  std::vector<tx_source_entry> sources{chain.source(cb.tx, 2, cb.gidx[2], 4)};
  std::vector<tx_destination_entry> dests{bob.dest(1000000000ull, 0, 1), bob.dest(2000000000ull, 1, 2),
                                          alice.dest(3000000000ull)};
  transaction tx;
  crypto::secret_key k;
  std::vector<crypto::secret_key> a;
  std::string error;
  BOOST_REQUIRE_MESSAGE(construct_tx_and_get_tx_key(alice.keys(), alice.subs, sources, dests, alice.addr(), {}, tx, 0,
                                                    k, a, false, {rct::RangeProofBorromean, 0}, true, &error),
                        error);
  BOOST_CHECK_EQUAL(a.size(), 3u);
  BOOST_CHECK_EQUAL(get_additional_tx_pub_keys_from_extra(tx.extra).size(), 3u);
  std::vector<found_output> found = scan(tx, bob);
  BOOST_REQUIRE_EQUAL(found.size(), 2u);
  std::sort(found.begin(), found.end(), [](const found_output &x, const found_output &y) { return x.amount < y.amount; });
  BOOST_CHECK(found[0].subaddr == (subaddress_index{0, 1}));
  BOOST_CHECK_EQUAL(found[0].amount, 1000000000ull);
  BOOST_CHECK(found[1].subaddr == (subaddress_index{1, 2}));
  BOOST_CHECK_EQUAL(found[1].amount, 2000000000ull);
}

// A long (unencrypted) payment id in the caller's extra stays as it is
// (Monero keeps it; no dummy short id is added).
BOOST_AUTO_TEST_CASE(long_payment_id_kept) {
  fake_chain chain;
  wallet alice, bob;
  const funded cb = mine_to(chain, alice);
  std::vector<tx_source_entry> sources{chain.source(cb.tx, 2, cb.gidx[2], 4)};
  std::vector<tx_destination_entry> dests{bob.dest(1000000000ull), alice.dest(3000000000ull)};
  crypto::hash pid;
  for (std::size_t i = 0; i < sizeof pid.data; ++i) pid.data[i] = static_cast<char>(i + 1);
  blobdata nonce;
  set_payment_id_to_tx_extra_nonce(nonce, pid);
  std::vector<std::uint8_t> extra;
  BOOST_REQUIRE(add_extra_nonce_to_tx_extra(extra, nonce));
  transaction tx;
  crypto::secret_key k;
  std::vector<crypto::secret_key> a;
  std::string error;
  BOOST_REQUIRE_MESSAGE(construct_tx_and_get_tx_key(alice.keys(), alice.subs, sources, dests, alice.addr(), extra, tx, 0,
                                                    k, a, false, {rct::RangeProofBorromean, 0}, true, &error),
                        error);
  blobdata got;
  BOOST_REQUIRE(cncrypto::get_extra_nonce_from_extra(tx.extra, got));
  crypto::hash back{};
  BOOST_REQUIRE(get_payment_id_from_tx_extra_nonce(got, back));
  BOOST_CHECK(back == pid);
  crypto::hash8 short_id;
  BOOST_CHECK(!get_encrypted_payment_id_from_tx_extra_nonce(got, short_id));
}

BOOST_AUTO_TEST_SUITE_END()
