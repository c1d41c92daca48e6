// Recognising owned outputs, key images and scanning (cryptonote/wallet_scan.h).
//
// Expected values:
//   * synthetic transactions built here sender-side with crypto.h directly
//     (spec 9.1/9.2: R = r*G, or r*D for a single subaddress destination,
//     additional keys r_k*G / r_k*D, derivation 8*r*V computed from the
//     sender's secrets): the receiver side (8*a*R) must find exactly its own
//     outputs, at the right subaddress index; other wallets find nothing. (The
//     full builder round trips come with cryptonote_tx_utils.)
//   * ../shared/data/vectors/owned_output_clsag_tx.json: a real BP+/CLSAG
//     transaction (monero-oxide test vectors) with its creating wallet's keys:
//     output 0 is the wallet's change (one-time key, view tag cf, derivation
//     8aR, amount 60363387616637, commitment mask and outPk given there). The
//     mismatch tests alter that transaction's outPk / ecdhInfo / RingCT type.
//   * small-order points: the order-2 point (0, -1), the order-4 point
//     (sqrt(-1), 0) and an order-8 point (encoding 26e8958f...fc05, the
//     well-known ed25519 torsion point); the test checks 8*T = identity itself.
#include <boost/test/unit_test.hpp>

#include "crypto/crypto-ops.h"
#include "cryptonote/account.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/subaddress.h"
#include "cryptonote/tx_extra.h"
#include "cryptonote/wallet_scan.h"
#include "ringct/rctOps.h"
#include "support/points.h"
#include "support/shared_data.h"
#include "support/xorshift.h"
#include "wallet/wallet_test_util.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names
using namespace wallet_test;

namespace {

unsigned char *u8(void *p) { return static_cast<unsigned char *>(p); }
const unsigned char *u8(const void *p) { return static_cast<const unsigned char *>(p); }

struct wallet {
  account_base acc;
  cncrypto::subaddress_map map;
  explicit wallet(const char *recovery_hex) {
    acc.generate(secret_from_hex(recovery_hex), true);
    map = cncrypto::make_subaddress_map(acc.get_keys(), 3, 8);
  }
  const account_keys &keys() const { return acc.get_keys(); }
};

const char *const bob_seed = "1111111111111111111111111111111111111111111111111111111111111101";
const char *const carol_seed = "2222222222222222222222222222222222222222222222222222222222222202";
const char *const dave_seed = "3333333333333333333333333333333333333333333333333333333333333303";
const char *const eve_seed = "4444444444444444444444444444444444444444444444444444444444444404";

crypto::secret_key test_secret(unsigned char seed) {
  crypto::secret_key s;
  for (unsigned i = 0; i < 32; ++i) s.data[i] = static_cast<char>(seed + 7 * i);
  sc_reduce32(u8(&s));
  return s;
}

// s*P for a public point P (no cofactor).
crypto::public_key scalar_mult(const crypto::secret_key &s, const crypto::public_key &P) {
  ge_p3 point;
  BOOST_REQUIRE(ge_frombytes_vartime(&point, u8(&P)) == 0);
  ge_p2 product;
  ge_scalarmult(&product, u8(&s), &point);
  crypto::public_key out;
  ge_tobytes(u8(&out), &product);
  return out;
}

// Sender-side: one-time key and view tag of output k to (spend, view) with tx secret s.
void sender_output(const account_public_address &to, const crypto::secret_key &s, std::size_t k,
                   crypto::public_key &P, crypto::view_tag &tag) {
  crypto::key_derivation d;
  BOOST_REQUIRE(crypto::generate_key_derivation(to.m_view_public_key, s, d));
  BOOST_REQUIRE(crypto::derive_public_key(d, k, to.m_spend_public_key, P));
  crypto::derive_view_tag(d, k, tag);
}

struct destination {
  account_public_address address;
  bool is_subaddress;
  std::uint64_t amount;
};

// A version 1 transaction paying the destinations in order (no inputs: only the
// outputs and tx_extra matter to scanning), with Monero's tx key rules.
transaction make_tx(const std::vector<destination> &dests, bool tagged, crypto::secret_key r = test_secret(90)) {
  std::size_t n_sub = 0, n_std = 0;
  for (const auto &d : dests) (d.is_subaddress ? n_sub : n_std) += 1;
  const bool additional = n_sub > 0 && (n_std > 0 || n_sub > 1);
  const bool single_sub = n_sub == 1 && n_std == 0;
  const crypto::public_key R =
      single_sub ? scalar_mult(r, dests[0].address.m_spend_public_key) : public_of(r);
  transaction tx;
  tx.version = 1;
  std::vector<crypto::public_key> additional_keys;
  for (std::size_t k = 0; k < dests.size(); ++k) {
    const destination &d = dests[k];
    crypto::secret_key s = r;
    if (additional) {
      const crypto::secret_key rk = test_secret(static_cast<unsigned char>(100 + k));
      additional_keys.push_back(d.is_subaddress ? scalar_mult(rk, d.address.m_spend_public_key) : public_of(rk));
      if (d.is_subaddress) s = rk;
    }
    crypto::public_key P;
    crypto::view_tag tag;
    sender_output(d.address, s, k, P, tag);
    tx_out out;
    out.amount = d.amount;
    if (tagged)
      out.target = txout_to_tagged_key{P, tag};
    else
      out.target = txout_to_key{P};
    tx.vout.push_back(out);
  }
  add_tx_pub_key_to_extra(tx.extra, R);
  if (additional) add_additional_tx_pub_keys_to_extra(tx.extra, additional_keys);
  return tx;
}

crypto::key_derivation receiver_derivation(const crypto::public_key &R, const wallet &w) {
  crypto::key_derivation d;
  BOOST_REQUIRE(crypto::generate_key_derivation(R, w.keys().m_view_secret_key, d));
  return d;
}

const crypto::public_key &out_key(const transaction &tx, std::size_t k) {
  if (const auto *t = boost::get<txout_to_tagged_key>(&tx.vout.at(k).target)) return t->key;
  return boost::get<txout_to_key>(tx.vout.at(k).target).key;
}

bool has_problem(const cncrypto::scan_result &r, const std::string &fragment) {
  for (const auto &p : r.problems)
    if (p.find(fragment) != std::string::npos) return true;
  return false;
}

std::string problems_text(const cncrypto::scan_result &r) {
  std::string all;
  for (const auto &p : r.problems) all += p + "; ";
  return all;
}

nlohmann::json load_owned_vector() {
  std::ifstream in(cncrypto::test::shared_path("data/vectors/owned_output_clsag_tx.json"));
  BOOST_REQUIRE(in);
  return nlohmann::json::parse(in);
}

const crypto::key_image identity_image = pod_from_hex<crypto::key_image>(
    "0100000000000000000000000000000000000000000000000000000000000000");

}  // namespace

BOOST_AUTO_TEST_SUITE(recognising_outputs)

BOOST_AUTO_TEST_CASE(main_address) {
  const wallet bob(bob_seed), carol(carol_seed);
  const transaction tx = make_tx({{carol.keys().m_account_address, false, 5}, {bob.keys().m_account_address, false, 7}},
                                 true);
  const crypto::public_key R = get_tx_pub_key_from_extra(tx);
  const auto &o1 = boost::get<txout_to_tagged_key>(tx.vout[1].target);
  BOOST_TEST(is_out_to_acc(bob.keys(), o1.key, R, {}, 1, o1.view_tag));
  BOOST_TEST(is_out_to_acc(bob.keys(), o1.key, R, {}, 1));  // no tag: full check only
  crypto::view_tag wrong = o1.view_tag;
  wrong.data = static_cast<char>(wrong.data ^ 1);
  BOOST_TEST(!is_out_to_acc(bob.keys(), o1.key, R, {}, 1, wrong));  // rejected by the tag alone
  BOOST_TEST(!is_out_to_acc(bob.keys(), o1.key, R, {}, 0));          // wrong index
  BOOST_TEST(!is_out_to_acc(carol.keys(), o1.key, R, {}, 1));
  BOOST_TEST(is_out_to_acc(carol.keys(), out_key(tx, 0), R, {}, 0));

  const crypto::key_derivation d = receiver_derivation(R, bob);
  BOOST_TEST(out_can_be_to_acc(boost::none, d, 1));
  BOOST_TEST(out_can_be_to_acc(o1.view_tag, d, 1));
  BOOST_TEST(!out_can_be_to_acc(wrong, d, 1));
  const auto found = is_out_to_acc_precomp(bob.map, o1.key, d, {}, 1, hw::get_device("default"), o1.view_tag);
  BOOST_REQUIRE(found.has_value());
  BOOST_TEST(found->index.is_zero());
  BOOST_TEST(hex_of(found->derivation) == hex_of(d));
  BOOST_TEST(!is_out_to_acc_precomp(bob.map, o1.key, d, {}, 0, hw::get_device("default")).has_value());
  BOOST_TEST(!is_out_to_acc_precomp(carol.map, o1.key, receiver_derivation(R, carol), {}, 1, hw::get_device("default")).has_value());
}

BOOST_AUTO_TEST_CASE(single_subaddress_destination) {
  // R = r*D: the receiver's 8*a*R equals the sender's 8*r*C.
  const wallet bob(bob_seed);
  const account_public_address sub = cncrypto::get_subaddress(bob.keys(), {1, 3});
  const transaction tx = make_tx({{sub, true, 9}}, true);
  const crypto::public_key R = get_tx_pub_key_from_extra(tx);
  const auto &o = boost::get<txout_to_tagged_key>(tx.vout[0].target);
  const auto found = is_out_to_acc_precomp(bob.map, o.key, receiver_derivation(R, bob), {}, 0, hw::get_device("default"), o.view_tag);
  BOOST_REQUIRE(found.has_value());
  BOOST_TEST((found->index == subaddress_index{1, 3}));
  BOOST_TEST(!is_out_to_acc(bob.keys(), o.key, R, {}, 0));  // main address only
  // Not in the table (a wallet that only knows (0..0, 0..7)): not found.
  const cncrypto::subaddress_map small = cncrypto::make_subaddress_map(bob.keys(), 1, 8);
  BOOST_TEST(!is_out_to_acc_precomp(small, o.key, receiver_derivation(R, bob), {}, 0, hw::get_device("default")).has_value());
}

BOOST_AUTO_TEST_CASE(additional_keys) {
  const wallet bob(bob_seed), carol(carol_seed);
  const transaction tx = make_tx({{carol.keys().m_account_address, false, 1},
                                  {cncrypto::get_subaddress(bob.keys(), {0, 2}), true, 2},
                                  {bob.keys().m_account_address, false, 3}},
                                 true);
  const crypto::public_key R = get_tx_pub_key_from_extra(tx);
  const std::vector<crypto::public_key> additional = get_additional_tx_pub_keys_from_extra(tx);
  BOOST_REQUIRE(additional.size() == 3u);
  std::vector<crypto::key_derivation> add_d;
  for (const auto &key : additional) add_d.push_back(receiver_derivation(key, bob));
  const crypto::key_derivation d = receiver_derivation(R, bob);

  const auto o1 = boost::get<txout_to_tagged_key>(tx.vout[1].target);
  const auto found = is_out_to_acc_precomp(bob.map, o1.key, d, add_d, 1, hw::get_device("default"), o1.view_tag);
  BOOST_REQUIRE(found.has_value());
  BOOST_TEST((found->index == subaddress_index{0, 2}));
  BOOST_TEST(hex_of(found->derivation) == hex_of(add_d[1]));
  // The standard destination still uses R (spec 9.2).
  const auto found2 = is_out_to_acc_precomp(bob.map, out_key(tx, 2), d, add_d, 2, hw::get_device("default"));
  BOOST_REQUIRE(found2.has_value());
  BOOST_TEST(hex_of(found2->derivation) == hex_of(d));
  BOOST_TEST(is_out_to_acc(bob.keys(), out_key(tx, 2), R, additional, 2));
  BOOST_TEST(!is_out_to_acc(bob.keys(), out_key(tx, 1), R, additional, 1));  // a subaddress: not main
  // Too few additional derivations for the index: not found (Monero: "wrong number").
  BOOST_TEST(!is_out_to_acc_precomp(bob.map, o1.key, d, {add_d[0]}, 1, hw::get_device("default")).has_value());
  BOOST_TEST(!is_out_to_acc(carol.keys(), out_key(tx, 0), R, {additional[0]}, 1));
  // An additional key that does not decode is dropped from the list, as Monero
  // 0.18's generate_key_image_helper does (cryptonote_format_utils.cpp: only the
  // derivations it could compute are pushed): the later keys shift down, so
  // output 1 is looked up with output 2's key and is not found. With the bad key
  // after it, nothing shifts and it is found.
  crypto::public_key bad;
  std::memset(&bad, 0xff, sizeof bad);
  bad.data[31] = 0x7f;  // y = 2^255 - 1 >= p
  keypair eph;
  crypto::key_image ki;
  hw::device &dev = hw::get_device("default");
  BOOST_TEST(generate_key_image_helper(bob.keys(), bob.map, o1.key, R, additional, 1, eph, ki, dev));
  BOOST_TEST(!generate_key_image_helper(bob.keys(), bob.map, o1.key, R, {bad, additional[1], additional[2]}, 1, eph,
                                        ki, dev));
  BOOST_TEST(generate_key_image_helper(bob.keys(), bob.map, o1.key, R, {additional[0], additional[1], bad}, 1, eph,
                                       ki, dev));
}

BOOST_AUTO_TEST_CASE(bad_keys_give_false) {
  const wallet bob(bob_seed);
  crypto::public_key bad;
  std::memset(&bad, 0xff, sizeof bad);
  bad.data[31] = 0x7f;  // y = 2^255 - 1 >= p
  const transaction tx = make_tx({{bob.keys().m_account_address, false, 7}}, false);
  const crypto::public_key R = get_tx_pub_key_from_extra(tx);
  BOOST_TEST(!is_out_to_acc(bob.keys(), out_key(tx, 0), bad, {}, 0));      // R does not decode
  BOOST_TEST(!is_out_to_acc(bob.keys(), bad, R, {}, 0));                   // P is not ours
  BOOST_TEST(!is_out_to_acc(bob.keys(), out_key(tx, 0), bad, {bad}, 0));   // nor does R_0
  BOOST_TEST(!is_out_to_acc_precomp(bob.map, bad, receiver_derivation(R, bob), {}, 0, hw::get_device("default")).has_value());
  keypair eph;
  crypto::key_image ki;
  BOOST_TEST(!generate_key_image_helper(bob.keys(), bob.map, out_key(tx, 0), bad, {}, 0, eph, ki, hw::get_device("default")));
  BOOST_TEST(!generate_key_image_helper(bob.keys(), bob.map, bad, R, {bad, bad}, 0, eph, ki, hw::get_device("default")));
  // A good R with a bad additional key still finds the output through R.
  BOOST_TEST(generate_key_image_helper(bob.keys(), bob.map, out_key(tx, 0), R, {bad}, 0, eph, ki, hw::get_device("default")));
}

BOOST_AUTO_TEST_CASE(typed_batch_view_tags_equal_single_ones) {
  // cncrypto::derive_view_tags (typed) against crypto::derive_view_tag one by one,
  // for every count 0..20 and indexes that need 1, 2 and 3 varint bytes.
  std::vector<crypto::key_derivation> d(20);
  std::vector<std::size_t> idx(20);
  for (std::size_t i = 0; i < d.size(); ++i) {
    for (std::size_t b = 0; b < 32; ++b) d[i].data[b] = static_cast<char>(i * 31 + b * 7);
    idx[i] = i * 9973 % 20000;
  }
  for (std::size_t count = 0; count <= d.size(); ++count) {
    std::vector<crypto::view_tag> tags(count + 1, crypto::view_tag{'\x5a'});
    cncrypto::derive_view_tags(d.data(), idx.data(), count, tags.data());
    for (std::size_t i = 0; i < count; ++i) {
      crypto::view_tag single;
      crypto::derive_view_tag(d[i], idx[i], single);
      BOOST_TEST(hex_of(tags[i]) == hex_of(single), "count " << count << " item " << i);
    }
    BOOST_TEST(tags[count].data == '\x5a');  // nothing written past count
  }
  BOOST_CHECK_THROW(cncrypto::derive_view_tags(nullptr, idx.data(), 1, nullptr), std::invalid_argument);
  cncrypto::derive_view_tags(nullptr, nullptr, 0, nullptr);  // count 0: nothing to do
}

BOOST_AUTO_TEST_CASE(lookup_acc_outs_main_address) {
  const wallet bob(bob_seed), carol(carol_seed);
  const transaction tx = make_tx({{bob.keys().m_account_address, false, 5},
                                  {carol.keys().m_account_address, false, 6},
                                  {bob.keys().m_account_address, false, 7}},
                                 true);
  std::vector<std::size_t> outs{99};
  std::uint64_t money = 123;
  BOOST_REQUIRE(lookup_acc_outs(bob.keys(), tx, outs, money));
  BOOST_TEST(outs == (std::vector<std::size_t>{99, 0, 2}), boost::test_tools::per_element());
  BOOST_TEST(money == 12u);
  outs.clear();
  BOOST_REQUIRE(lookup_acc_outs(carol.keys(), tx, outs, money));
  BOOST_TEST(outs == std::vector<std::size_t>{1}, boost::test_tools::per_element());
  BOOST_TEST(money == 6u);
  // Subaddress outputs are not the main address's.
  const transaction sub_tx = make_tx({{cncrypto::get_subaddress(bob.keys(), {0, 1}), true, 5}}, true);
  outs.clear();
  BOOST_REQUIRE(lookup_acc_outs(bob.keys(), sub_tx, outs, money));
  BOOST_TEST(outs.empty());
  BOOST_TEST(money == 0u);
  // No tx public key; wrong number of additional keys; an output without a key.
  transaction bad = tx;
  bad.extra.clear();
  money = 77;
  BOOST_TEST(!lookup_acc_outs(bob.keys(), bad, outs, money));
  BOOST_TEST(money == 77u);
  BOOST_TEST(!lookup_acc_outs(bob.keys(), tx, get_tx_pub_key_from_extra(tx), {get_tx_pub_key_from_extra(tx)}, outs,
                              money));
  bad = tx;
  bad.vout[1].target = txout_to_scripthash{};
  BOOST_TEST(!lookup_acc_outs(bob.keys(), bad, outs, money));
  BOOST_TEST(outs.empty());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(key_images)

BOOST_AUTO_TEST_CASE(helper_gives_the_one_time_key_and_image) {
  const wallet bob(bob_seed);
  const account_public_address sub = cncrypto::get_subaddress(bob.keys(), {2, 5});
  const transaction tx = make_tx({{bob.keys().m_account_address, false, 1}, {sub, true, 2}}, true);
  const crypto::public_key R = get_tx_pub_key_from_extra(tx);
  const auto additional = get_additional_tx_pub_keys_from_extra(tx);
  BOOST_REQUIRE(additional.size() == 2u);
  for (std::size_t k = 0; k < 2; ++k) {
    keypair eph;
    crypto::key_image ki;
    BOOST_REQUIRE(generate_key_image_helper(bob.keys(), bob.map, out_key(tx, k), R, additional, k, eph, ki, hw::get_device("default")));
    BOOST_TEST(hex_of(eph.pub) == hex_of(out_key(tx, k)));
    BOOST_TEST(hex_of(public_of(eph.sec)) == hex_of(out_key(tx, k)));  // x*G == P
    // Independently: x = Hs(sender derivation || k) + b (+ m for the subaddress).
    const crypto::secret_key s = k == 0 ? test_secret(90) : test_secret(101);
    crypto::key_derivation sender_d;
    BOOST_REQUIRE(crypto::generate_key_derivation(k == 0 ? bob.keys().m_account_address.m_view_public_key
                                                         : sub.m_view_public_key,
                                                  s, sender_d));
    crypto::secret_key x;
    crypto::derive_secret_key(sender_d, k, bob.keys().m_spend_secret_key, x);
    if (k == 1) {
      const crypto::secret_key m = get_subaddress_secret_key(bob.keys().m_view_secret_key, {2, 5});
      sc_add(u8(&x), u8(&x), u8(&m));
    }
    BOOST_TEST(hex_of(x) == hex_of(eph.sec));
    crypto::key_image expected;
    crypto::generate_key_image(out_key(tx, k), x, expected);
    BOOST_TEST(hex_of(ki) == hex_of(expected));
    BOOST_TEST(cncrypto::is_key_image_in_main_subgroup(ki));
  }
}

BOOST_AUTO_TEST_CASE(precomp_refuses_a_wrong_index) {
  const wallet bob(bob_seed);
  const transaction tx = make_tx({{cncrypto::get_subaddress(bob.keys(), {1, 1}), true, 2}}, true);
  const crypto::key_derivation d = receiver_derivation(get_tx_pub_key_from_extra(tx), bob);
  keypair eph;
  crypto::key_image ki;
  BOOST_TEST(generate_key_image_helper_precomp(bob.keys(), out_key(tx, 0), d, 0, {1, 1}, eph, ki, hw::get_device("default")));
  BOOST_TEST(!generate_key_image_helper_precomp(bob.keys(), out_key(tx, 0), d, 0, {1, 2}, eph, ki, hw::get_device("default")));
  BOOST_TEST(!generate_key_image_helper_precomp(bob.keys(), out_key(tx, 0), d, 0, {0, 0}, eph, ki, hw::get_device("default")));
  BOOST_TEST(!generate_key_image_helper_precomp(bob.keys(), out_key(tx, 0), d, 1, {1, 1}, eph, ki, hw::get_device("default")));
}

BOOST_AUTO_TEST_CASE(watch_only_gets_the_identity_image) {
  const wallet bob(bob_seed);
  account_base watch;
  watch.create_from_viewkey(bob.keys().m_account_address, bob.keys().m_view_secret_key);
  const transaction tx = make_tx({{bob.keys().m_account_address, false, 1}}, true);
  keypair eph;
  crypto::key_image ki;
  BOOST_REQUIRE(generate_key_image_helper(watch.get_keys(), bob.map, out_key(tx, 0), get_tx_pub_key_from_extra(tx),
                                          {}, 0, eph, ki, hw::get_device("default")));
  BOOST_TEST(hex_of(eph.pub) == hex_of(out_key(tx, 0)));
  BOOST_TEST(hex_of(eph.sec) == std::string(64, '0'));
  BOOST_TEST(hex_of(ki) == hex_of(identity_image));
}

BOOST_AUTO_TEST_CASE(torsioned_images_are_refused) {
  const wallet bob(bob_seed);
  const transaction tx = make_tx({{bob.keys().m_account_address, false, 1}}, true);
  keypair eph;
  crypto::key_image ki;
  BOOST_REQUIRE(generate_key_image_helper(bob.keys(), bob.map, out_key(tx, 0), get_tx_pub_key_from_extra(tx), {}, 0,
                                          eph, ki, hw::get_device("default")));
  BOOST_TEST(cncrypto::is_key_image_in_main_subgroup(ki));
  BOOST_TEST(cncrypto::is_key_image_in_main_subgroup(identity_image));  // L*0 = 0, as Monero

  const char *const torsion[] = {
      "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",  // (0, -1), order 2
      "0000000000000000000000000000000000000000000000000000000000000000",  // (sqrt(-1), 0), order 4
      "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",  // order 8
  };
  using namespace cncrypto::test;
  const ge_p3 K = decode_point(&ki);
  for (const char *t : torsion) {
    const auto T_bytes = pod_from_hex<crypto::public_key>(t);
    const ge_p3 T = decode_point(&T_bytes);
    // T really is a nonzero small-order point: 8*T = identity, T != identity.
    BOOST_TEST(hex_of(encode_point<crypto::key_image>(mul8(T))) == hex_of(identity_image), t);
    BOOST_TEST(!cncrypto::is_key_image_in_main_subgroup(pod_from_hex<crypto::key_image>(t)), t);
    // KI + T
    const auto torsioned = encode_point<crypto::key_image>(add_points(K, T));
    BOOST_TEST(hex_of(torsioned) != hex_of(ki));
    BOOST_TEST(!cncrypto::is_key_image_in_main_subgroup(torsioned), t);
  }
  // Bytes that are not a point at all.
  auto bad = pod_from_hex<crypto::key_image>("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
  BOOST_TEST(!cncrypto::is_key_image_in_main_subgroup(bad));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scanning)

BOOST_AUTO_TEST_CASE(finds_exactly_its_outputs) {
  const wallet bob(bob_seed), carol(carol_seed), dave(dave_seed), eve(eve_seed);
  const std::vector<destination> dests = {
      {carol.keys().m_account_address, false, 1000},
      {bob.keys().m_account_address, false, 2000},
      {cncrypto::get_subaddress(bob.keys(), {1, 2}), true, 3000},
      {cncrypto::get_subaddress(bob.keys(), {0, 4}), true, 4000},
      {cncrypto::get_subaddress(dave.keys(), {2, 7}), true, 5000},
  };
  for (const bool tagged : {true, false}) {
    BOOST_TEST_CONTEXT("tagged " << tagged) {
      const transaction tx = make_tx(dests, tagged);
      const cncrypto::scan_result r = cncrypto::scan_transaction(tx, bob.keys(), bob.map);
      BOOST_TEST(r.problems.empty(), problems_text(r));
      BOOST_REQUIRE(r.outputs.size() == 3u);
      const std::size_t expect_k[] = {1, 2, 3};
      const subaddress_index expect_index[] = {{0, 0}, {1, 2}, {0, 4}};
      for (std::size_t i = 0; i < 3; ++i) {
        const cncrypto::owned_output &o = r.outputs[i];
        BOOST_TEST(o.output_index == expect_k[i]);
        BOOST_TEST((o.received_index == expect_index[i]));
        BOOST_TEST(o.amount_decoded);
        BOOST_TEST(o.amount == dests[o.output_index].amount);
        BOOST_TEST(hex_of(o.out_key) == hex_of(out_key(tx, o.output_index)));
        BOOST_TEST(o.additional_key == dests[o.output_index].is_subaddress);
        // The key image is the helper's.
        keypair eph;
        crypto::key_image ki;
        BOOST_REQUIRE(generate_key_image_helper(bob.keys(), bob.map, o.out_key, get_tx_pub_key_from_extra(tx),
                                                get_additional_tx_pub_keys_from_extra(tx), o.output_index, eph, ki, hw::get_device("default")));
        BOOST_TEST(o.key_image_known);
        BOOST_TEST(hex_of(o.key_image) == hex_of(ki));
      }
      const cncrypto::scan_result rc = cncrypto::scan_transaction(tx, carol.keys(), carol.map);
      BOOST_REQUIRE(rc.outputs.size() == 1u);
      BOOST_TEST(rc.outputs[0].output_index == 0u);
      const cncrypto::scan_result rd = cncrypto::scan_transaction(tx, dave.keys(), dave.map);
      BOOST_REQUIRE(rd.outputs.size() == 1u);
      BOOST_TEST((rd.outputs[0].received_index == subaddress_index{2, 7}));
      const cncrypto::scan_result re = cncrypto::scan_transaction(tx, eve.keys(), eve.map);
      BOOST_TEST(re.outputs.empty());
      BOOST_TEST(re.problems.empty());
    }
  }
}

BOOST_AUTO_TEST_CASE(single_destinations) {
  const wallet bob(bob_seed), eve(eve_seed);
  // Standard address, R = r*G; a single subaddress, R = r*D (no additional keys).
  for (const bool sub : {false, true}) {
    const account_public_address to = sub ? cncrypto::get_subaddress(bob.keys(), {2, 1}) : bob.keys().m_account_address;
    const transaction tx = make_tx({{to, sub, 42}}, true);
    BOOST_TEST(get_additional_tx_pub_keys_from_extra(tx).empty());
    const cncrypto::scan_result r = cncrypto::scan_transaction(tx, bob.keys(), bob.map);
    BOOST_REQUIRE(r.outputs.size() == 1u);
    BOOST_TEST((r.outputs[0].received_index == (sub ? subaddress_index{2, 1} : subaddress_index{0, 0})));
    BOOST_TEST(r.outputs[0].amount == 42u);
    BOOST_TEST(!r.outputs[0].additional_key);
    BOOST_TEST(cncrypto::scan_transaction(tx, eve.keys(), eve.map).outputs.empty());
  }
}

BOOST_AUTO_TEST_CASE(several_tx_public_keys) {
  // Two 01 fields (some wallets wrote a dummy first): the outputs are found
  // through the second; one derivation per distinct key, duplicates ignored.
  const wallet bob(bob_seed);
  transaction tx = make_tx(
      {{bob.keys().m_account_address, false, 5}, {cncrypto::get_subaddress(bob.keys(), {1, 1}), true, 6}}, true);
  const crypto::public_key R = get_tx_pub_key_from_extra(tx);
  const auto additional = get_additional_tx_pub_keys_from_extra(tx);
  tx.extra.clear();
  add_tx_pub_key_to_extra(tx.extra, public_of(test_secret(7)));
  add_tx_pub_key_to_extra(tx.extra, R);
  add_tx_pub_key_to_extra(tx.extra, R);
  add_additional_tx_pub_keys_to_extra(tx.extra, additional);
  const cncrypto::scan_result r = cncrypto::scan_transaction(tx, bob.keys(), bob.map);
  BOOST_TEST(r.problems.empty(), problems_text(r));
  BOOST_REQUIRE(r.outputs.size() == 2u);
  BOOST_TEST(!r.outputs[0].additional_key);
  BOOST_TEST(r.outputs[0].tx_pub_key_index == 1u);
  BOOST_TEST(r.outputs[1].additional_key);
  BOOST_TEST(r.outputs[1].tx_pub_key_index == 1u);  // additional key of output 1
}

BOOST_AUTO_TEST_CASE(outputs_under_different_tx_public_keys) {
  // Outputs 0 and 2 made with r (R first in extra), output 1 with r' (R'
  // second), output 3 to Carol: each is found under its own key.
  const wallet bob(bob_seed), carol(carol_seed);
  transaction tx = make_tx({{bob.keys().m_account_address, false, 5}, {bob.keys().m_account_address, false, 6},
                            {bob.keys().m_account_address, false, 7}, {carol.keys().m_account_address, false, 8}},
                           true);
  const crypto::secret_key r2 = test_secret(55);
  crypto::public_key P;
  crypto::view_tag tag;
  sender_output(bob.keys().m_account_address, r2, 1, P, tag);
  tx.vout[1].target = txout_to_tagged_key{P, tag};
  add_tx_pub_key_to_extra(tx.extra, public_of(r2));
  const cncrypto::scan_result r = cncrypto::scan_transaction(tx, bob.keys(), bob.map);
  BOOST_TEST(r.problems.empty(), problems_text(r));
  BOOST_REQUIRE(r.outputs.size() == 3u);
  const std::size_t expect_key[] = {0, 1, 0};
  for (std::size_t i = 0; i < 3; ++i) {
    BOOST_TEST(r.outputs[i].output_index == i);
    BOOST_TEST(r.outputs[i].tx_pub_key_index == expect_key[i]);
    BOOST_TEST(r.outputs[i].amount == 5u + i);
  }
  BOOST_TEST(cncrypto::scan_transaction(tx, carol.keys(), carol.map).outputs.size() == 1u);
}

BOOST_AUTO_TEST_CASE(payment_ids) {
  const wallet bob(bob_seed), eve(eve_seed);
  const auto pid = pod_from_hex<crypto::hash8>("0123456789abcdef");
  for (const bool sub : {false, true}) {
    const account_public_address to = sub ? cncrypto::get_subaddress(bob.keys(), {1, 4}) : bob.keys().m_account_address;
    transaction tx = make_tx({{to, sub, 5}}, true);
    // Sender: the short id encrypted with 8*r*V (spec 4, 9.2).
    crypto::hash8 encrypted = pid;
    BOOST_REQUIRE(encrypt_payment_id(encrypted, to.m_view_public_key, test_secret(90)));
    BOOST_TEST(hex_of(encrypted) != hex_of(pid));
    blobdata nonce;
    set_encrypted_payment_id_to_tx_extra_nonce(nonce, encrypted);
    BOOST_REQUIRE(add_extra_nonce_to_tx_extra(tx.extra, nonce));
    const cncrypto::scan_result r = cncrypto::scan_transaction(tx, bob.keys(), bob.map);
    BOOST_TEST(r.problems.empty(), problems_text(r));
    BOOST_REQUIRE(r.outputs.size() == 1u);
    BOOST_TEST(r.has_short_payment_id);
    BOOST_TEST(hex_of(r.short_payment_id) == hex_of(pid));
    BOOST_TEST(!r.has_long_payment_id);
    // Not read by a wallet that owns nothing.
    const cncrypto::scan_result re = cncrypto::scan_transaction(tx, eve.keys(), eve.map);
    BOOST_TEST(!re.has_short_payment_id);
  }
  // A dummy (encrypted zeros) decrypts to crypto::null_hash8.
  transaction tx = make_tx({{bob.keys().m_account_address, false, 5}}, true);
  crypto::hash8 dummy{};
  BOOST_REQUIRE(encrypt_payment_id(dummy, bob.keys().m_account_address.m_view_public_key, test_secret(90)));
  blobdata nonce;
  set_encrypted_payment_id_to_tx_extra_nonce(nonce, dummy);
  BOOST_REQUIRE(add_extra_nonce_to_tx_extra(tx.extra, nonce));
  cncrypto::scan_result r = cncrypto::scan_transaction(tx, bob.keys(), bob.map);
  BOOST_TEST(r.has_short_payment_id);
  BOOST_TEST((r.short_payment_id == crypto::null_hash8));
  // A long id is read as is.
  tx = make_tx({{bob.keys().m_account_address, false, 5}}, true);
  crypto::hash long_id;
  for (std::size_t i = 0; i < 32; ++i) long_id.data[i] = static_cast<char>(i);
  set_payment_id_to_tx_extra_nonce(nonce, long_id);
  BOOST_REQUIRE(add_extra_nonce_to_tx_extra(tx.extra, nonce));
  r = cncrypto::scan_transaction(tx, bob.keys(), bob.map);
  BOOST_TEST(!r.has_short_payment_id);
  BOOST_TEST(r.has_long_payment_id);
  BOOST_TEST(hex_of(r.long_payment_id) == hex_of(long_id));
}

BOOST_AUTO_TEST_CASE(watch_only_scan) {
  const wallet bob(bob_seed);
  account_base watch;
  watch.create_from_viewkey(bob.keys().m_account_address, bob.keys().m_view_secret_key);
  const transaction tx = make_tx(
      {{bob.keys().m_account_address, false, 5}, {cncrypto::get_subaddress(bob.keys(), {0, 1}), true, 6}}, true);
  const cncrypto::scan_result r = cncrypto::scan_transaction(tx, watch.get_keys(), bob.map);
  BOOST_TEST(r.problems.empty(), problems_text(r));
  BOOST_REQUIRE(r.outputs.size() == 2u);
  for (const auto &o : r.outputs) {
    BOOST_TEST(!o.key_image_known);
    BOOST_TEST(hex_of(o.key_image) == std::string(64, '0'));
  }
}

BOOST_AUTO_TEST_CASE(real_transaction_change_output, *cncrypto::test::needs_shared()) {
  const auto v = load_owned_vector();
  std::vector<std::uint8_t> blob;
  BOOST_REQUIRE(cncrypto::hex_decode(v.at("tx_hex").get<std::string>(), blob));
  const transaction tx = parse_transaction(blob);
  account_base acc;
  acc.create_from_keys({pod_from_hex<crypto::public_key>(v.at("wallet_spend_public")),
                        pod_from_hex<crypto::public_key>(v.at("wallet_view_public"))},
                       secret_from_hex(v.at("wallet_spend_secret")), secret_from_hex(v.at("wallet_view_secret")));
  const cncrypto::subaddress_map map = cncrypto::make_subaddress_map(acc.get_keys(), 2, 50);
  const cncrypto::scan_result r = cncrypto::scan_transaction(tx, acc.get_keys(), map);
  BOOST_TEST(r.problems.empty(), problems_text(r));
  BOOST_REQUIRE(r.outputs.size() == 1u);  // the change; output 1 went to someone else
  const cncrypto::owned_output &o = r.outputs[0];
  BOOST_TEST(o.output_index == v.at("owned_output_index").get<std::size_t>());
  BOOST_TEST(o.received_index.is_zero());
  BOOST_TEST(hex_of(o.out_key) == v.at("output0_key").get<std::string>());
  BOOST_TEST(hex_of(o.derivation) == v.at("derivation_8aR").get<std::string>());
  BOOST_TEST(!o.additional_key);
  // RingCT type 6: amount and mask decrypted from ecdhInfo, and they open outPk[0].
  BOOST_TEST(o.amount_decoded);
  BOOST_TEST(o.amount == v.at("output0_amount").get<std::uint64_t>());
  BOOST_TEST(o.amount == 60363387616637ull);
  BOOST_TEST(cncrypto::hex_encode(o.mask.bytes, 32) == v.at("output0_commitment_mask").get<std::string>());
  BOOST_TEST(cncrypto::hex_encode(tx.rct_signatures.outPk[0].mask.bytes, 32) ==
             v.at("output0_commitment_outPk").get<std::string>());
  BOOST_TEST(o.key_image_known);
  BOOST_TEST(cncrypto::is_key_image_in_main_subgroup(o.key_image));

  // The view tag cf passes the fast check, and the helpers agree.
  const auto tag = get_output_view_tag(tx.vout[0]);
  BOOST_REQUIRE(tag.has_value());
  BOOST_TEST(hex_of(*tag) == v.at("output0_view_tag").get<std::string>());
  const crypto::public_key R = pod_from_hex<crypto::public_key>(v.at("tx_pubkey_R"));
  BOOST_TEST(hex_of(get_tx_pub_key_from_extra(tx)) == hex_of(R));
  BOOST_TEST(out_can_be_to_acc(tag, pod_from_hex<crypto::key_derivation>(v.at("derivation_8aR")), 0));
  BOOST_TEST(is_out_to_acc(acc.get_keys(), o.out_key, R, {}, 0, tag));
  BOOST_TEST(!is_out_to_acc(acc.get_keys(), out_key(tx, 1), R, {}, 1, get_output_view_tag(tx.vout[1])));
  keypair eph;
  crypto::key_image ki;
  BOOST_REQUIRE(generate_key_image_helper(acc.get_keys(), map, o.out_key, R, {}, 0, eph, ki, hw::get_device("default")));
  BOOST_TEST(hex_of(ki) == hex_of(o.key_image));
  BOOST_TEST(hex_of(public_of(eph.sec)) == v.at("output0_key").get<std::string>());
  // The wallet's other scalar from the vector: Hs(8aR || 0) + b = x.
  const crypto::secret_key h = secret_from_hex(v.at("derivation_scalar_Hs(derivation||varint(0))"));
  crypto::secret_key x;
  sc_add(u8(&x), u8(&h), u8(&acc.get_keys().m_spend_secret_key));
  BOOST_TEST(hex_of(x) == hex_of(eph.sec));

  // Another wallet finds nothing in it.
  const wallet eve(eve_seed);
  BOOST_TEST(cncrypto::scan_transaction(tx, eve.keys(), eve.map).outputs.empty());
}

// The owned output of the real transaction, scanned after changing tx: the
// output is still reported (its key is ours), but its amount is only accepted
// when it opens the commitment.
struct real_owned_scan {
  nlohmann::json v = load_owned_vector();
  transaction tx;
  account_base acc;
  cncrypto::subaddress_map map;
  real_owned_scan() {
    std::vector<std::uint8_t> blob;
    BOOST_REQUIRE(cncrypto::hex_decode(v.at("tx_hex").get<std::string>(), blob));
    tx = parse_transaction(blob);
    acc.create_from_keys({pod_from_hex<crypto::public_key>(v.at("wallet_spend_public")),
                          pod_from_hex<crypto::public_key>(v.at("wallet_view_public"))},
                         secret_from_hex(v.at("wallet_spend_secret")), secret_from_hex(v.at("wallet_view_secret")));
    map = cncrypto::make_subaddress_map(acc.get_keys(), 1, 1);
  }
  rct::key key_of(const char *name) const {
    rct::key k;
    BOOST_REQUIRE(cncrypto::hex_decode_fixed(v.at(name).get<std::string>(), k.bytes, 32));
    return k;
  }
  // Scans t; expects output 0 found without an amount and a problem containing want.
  void expect_refused(const transaction &t, const std::string &want) const {
    const cncrypto::scan_result r = cncrypto::scan_transaction(t, acc.get_keys(), map);
    BOOST_REQUIRE(r.outputs.size() == 1u);
    const cncrypto::owned_output &o = r.outputs[0];
    BOOST_TEST(o.output_index == 0u);
    BOOST_TEST(!o.amount_decoded);
    BOOST_TEST(o.amount == 0u);
    BOOST_TEST(cncrypto::hex_encode(o.mask.bytes, 32) == std::string(64, '0'));
    BOOST_TEST(o.key_image_known);  // the key is ours all the same
    BOOST_TEST(has_problem(r, want), problems_text(r));
    BOOST_TEST(has_problem(r, "output 0: "), problems_text(r));
  }
};

BOOST_AUTO_TEST_CASE(commitment_mismatch_is_reported, *cncrypto::test::needs_shared()) {
  const real_owned_scan s;
  const std::uint64_t amount = s.v.at("output0_amount").get<std::uint64_t>();
  const rct::key mask = s.key_of("output0_commitment_mask");
  const std::string mismatch = "do not open the output's commitment";
  // outPk commits to another amount (a valid point: amount + 1 with the same mask).
  transaction t = s.tx;
  t.rct_signatures.outPk[0].mask = rct::commit(amount + 1, mask);
  s.expect_refused(t, mismatch);
  // outPk with another mask.
  t = s.tx;
  t.rct_signatures.outPk[0].mask = rct::commit(amount, rct::skGen());
  s.expect_refused(t, mismatch);
  // outPk not a point at all.
  t = s.tx;
  t.rct_signatures.outPk[0].mask = rct::Z;
  t.rct_signatures.outPk[0].mask.bytes[0] = 2;
  s.expect_refused(t, mismatch);
  // Every single bit of the 8 encrypted amount bytes flipped: a different amount.
  for (int bit = 0; bit < 64; ++bit) {
    t = s.tx;
    t.rct_signatures.ecdhInfo[0].amount.bytes[bit / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
    s.expect_refused(t, mismatch);
  }
  // The other output (not ours) tampered: ours still decodes.
  t = s.tx;
  t.rct_signatures.outPk[1].mask = rct::commit(1, rct::skGen());
  const cncrypto::scan_result r = cncrypto::scan_transaction(t, s.acc.get_keys(), s.map);
  BOOST_REQUIRE(r.outputs.size() == 1u);
  BOOST_TEST(r.outputs[0].amount_decoded);
  BOOST_TEST(r.outputs[0].amount == amount);
  BOOST_TEST(r.problems.empty(), problems_text(r));
}

BOOST_AUTO_TEST_CASE(undecodable_rct_amounts_are_reported, *cncrypto::test::needs_shared()) {
  const real_owned_scan s;
  transaction t = s.tx;
  t.rct_signatures.ecdhInfo.clear();
  s.expect_refused(t, "no ecdhInfo or outPk entry");
  t = s.tx;
  t.rct_signatures.outPk.resize(0);
  s.expect_refused(t, "no ecdhInfo or outPk entry");
  t = s.tx;
  t.rct_signatures.type = 7;
  s.expect_refused(t, "RingCT type 7 is not known");
  // Read as a type 1-3 (32-byte, v1) encoding, the 8 bytes decrypt to a value
  // far above 2^64: refused as such, not truncated.
  t = s.tx;
  t.rct_signatures.type = rct::RCTTypeBulletproof;
  s.expect_refused(t, "does not fit in 64 bits");
  // Type 5 (CLSAG) uses the same v2 encoding as type 6: still decodes.
  t = s.tx;
  t.rct_signatures.type = rct::RCTTypeCLSAG;
  const cncrypto::scan_result r = cncrypto::scan_transaction(t, s.acc.get_keys(), s.map);
  BOOST_REQUIRE(r.outputs.size() == 1u);
  BOOST_TEST(r.outputs[0].amount_decoded);
}

// Types 1-3 encrypt the mask and the 32-byte amount by scalar addition
// (spec 9.3): an output encoded that way (with the real mask and amount, from
// the vector's amount key Hs(8aR || 0)) decodes and opens the same commitment.
BOOST_AUTO_TEST_CASE(legacy_v1_encoding_decodes, *cncrypto::test::needs_shared()) {
  const real_owned_scan s;
  const std::uint64_t amount = s.v.at("output0_amount").get<std::uint64_t>();
  const rct::key amount_key = s.key_of("derivation_scalar_Hs(derivation||varint(0))");
  for (const std::uint8_t type : {rct::RCTTypeFull, rct::RCTTypeSimple, rct::RCTTypeBulletproof}) {
    transaction t = s.tx;
    t.rct_signatures.type = type;
    rct::ecdhTuple e{s.key_of("output0_commitment_mask"), rct::d2h(amount)};
    rct::ecdhEncode(e, amount_key, false);
    t.rct_signatures.ecdhInfo[0] = e;
    const cncrypto::scan_result r = cncrypto::scan_transaction(t, s.acc.get_keys(), s.map);
    BOOST_REQUIRE(r.outputs.size() == 1u);
    BOOST_TEST(r.outputs[0].amount_decoded);
    BOOST_TEST(r.outputs[0].amount == amount);
    BOOST_TEST(cncrypto::hex_encode(r.outputs[0].mask.bytes, 32) == s.v.at("output0_commitment_mask").get<std::string>());
    BOOST_TEST(r.problems.empty(), problems_text(r));
    // and with the v1 mask field off by one: refused.
    sc_add(t.rct_signatures.ecdhInfo[0].mask.bytes, t.rct_signatures.ecdhInfo[0].mask.bytes, rct::I.bytes);
    s.expect_refused(t, "do not open the output's commitment");
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(scanning_bad_input)

BOOST_AUTO_TEST_CASE(missing_tx_public_key) {
  const wallet bob(bob_seed);
  transaction tx = make_tx({{bob.keys().m_account_address, false, 5}}, true);
  tx.extra.clear();
  const cncrypto::scan_result r = cncrypto::scan_transaction(tx, bob.keys(), bob.map);
  BOOST_TEST(r.outputs.empty());
  BOOST_REQUIRE(r.problems.size() == 1u);
  BOOST_TEST(r.problems[0] == "no tx public key in tx_extra: no output can be recognised");
  // Only a nonce: the same.
  tx.extra = {0x02, 0x01, 0x00};
  BOOST_TEST(has_problem(cncrypto::scan_transaction(tx, bob.keys(), bob.map), "no tx public key"));
}

BOOST_AUTO_TEST_CASE(truncated_extra_uses_the_fields_before) {
  const wallet bob(bob_seed);
  const transaction full = make_tx({{bob.keys().m_account_address, false, 5}}, true);
  transaction tx = full;
  tx.extra.insert(tx.extra.end(), {0x04, 0x05, 0x01, 0x02});  // 5 additional keys announced, 2 bytes follow
  const cncrypto::scan_result r = cncrypto::scan_transaction(tx, bob.keys(), bob.map);
  BOOST_TEST(r.outputs.size() == 1u);  // R (before the bad field) still finds it
  BOOST_TEST(has_problem(r, "tx_extra: "), problems_text(r));
  // Cut inside the tx public key itself: no key at all.
  for (std::size_t cut = 0; cut < full.extra.size(); ++cut) {
    transaction t = full;
    t.extra.resize(cut);
    const cncrypto::scan_result rc = cncrypto::scan_transaction(t, bob.keys(), bob.map);
    BOOST_TEST(rc.outputs.empty());
    BOOST_TEST(has_problem(rc, "no tx public key"), cut);
  }
}

BOOST_AUTO_TEST_CASE(undecodable_keys) {
  const wallet bob(bob_seed);
  crypto::public_key bad;
  std::memset(&bad, 0xff, sizeof bad);
  bad.data[31] = 0x7f;

  // An output key that is not a point (no view tag, so the full check runs).
  transaction tx = make_tx({{bob.keys().m_account_address, false, 5}, {bob.keys().m_account_address, false, 6}},
                           false);
  boost::get<txout_to_key>(tx.vout[0].target).key = bad;
  cncrypto::scan_result r = cncrypto::scan_transaction(tx, bob.keys(), bob.map);
  BOOST_REQUIRE(r.outputs.size() == 1u);
  BOOST_TEST(r.outputs[0].output_index == 1u);
  BOOST_TEST(r.problems == std::vector<std::string>{"output 0: the one-time key is not a valid point"},
             boost::test_tools::per_element());

  // A tx public key that is not a point.
  transaction tx2 = make_tx({{bob.keys().m_account_address, false, 5}}, true);
  tx2.extra.clear();
  add_tx_pub_key_to_extra(tx2.extra, bad);
  r = cncrypto::scan_transaction(tx2, bob.keys(), bob.map);
  BOOST_TEST(r.outputs.empty());
  BOOST_TEST(has_problem(r, "tx public key 0 is not a valid point"), problems_text(r));

  // A bad additional key, and too few of them.
  transaction tx3 = make_tx(
      {{bob.keys().m_account_address, false, 5}, {cncrypto::get_subaddress(bob.keys(), {0, 3}), true, 6}}, true);
  std::vector<crypto::public_key> add = get_additional_tx_pub_keys_from_extra(tx3);
  const crypto::public_key R = get_tx_pub_key_from_extra(tx3);
  tx3.extra.clear();
  add_tx_pub_key_to_extra(tx3.extra, R);
  add_additional_tx_pub_keys_to_extra(tx3.extra, {add[0], bad});
  r = cncrypto::scan_transaction(tx3, bob.keys(), bob.map);
  BOOST_TEST(r.outputs.size() == 1u);  // output 0 through R; output 1 needed the bad key
  BOOST_TEST(has_problem(r, "additional tx public key 1 is not a valid point"), problems_text(r));
  tx3.extra.clear();
  add_tx_pub_key_to_extra(tx3.extra, R);
  add_additional_tx_pub_keys_to_extra(tx3.extra, {add[0]});
  r = cncrypto::scan_transaction(tx3, bob.keys(), bob.map);
  BOOST_TEST(r.outputs.size() == 1u);
  BOOST_TEST(has_problem(r, "1 additional tx public keys for 2 outputs"), problems_text(r));
}

BOOST_AUTO_TEST_CASE(unsupported_output_type) {
  const wallet bob(bob_seed);
  transaction tx = make_tx({{bob.keys().m_account_address, false, 5}, {bob.keys().m_account_address, false, 6}}, true);
  tx.vout[0].target = txout_to_scripthash{};
  const cncrypto::scan_result r = cncrypto::scan_transaction(tx, bob.keys(), bob.map);
  BOOST_REQUIRE(r.outputs.size() == 1u);
  BOOST_TEST(r.outputs[0].output_index == 1u);
  BOOST_TEST(has_problem(r, "output 0: target type 1 has no one-time key"), problems_text(r));
}

BOOST_AUTO_TEST_CASE(real_transactions_and_mutations, *cncrypto::test::needs_shared()) {
  // Every real transaction of ../shared/data/txs (v1 and every RingCT type,
  // coinbase and not): a wallet that owns none of them finds nothing, and
  // neither do 100 mutations per transaction of its extra and output keys
  // (bytes flipped, extra cut short) -- and nothing throws.
  const wallet eve(eve_seed);
  cncrypto::test::xorshift64 next;
  std::size_t files = 0, with_problems = 0;
  for (const auto &entry : std::filesystem::directory_iterator(cncrypto::test::shared_path("data/txs"))) {
    if (entry.path().extension() != ".bin") continue;
    ++files;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::vector<std::uint8_t> blob((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const transaction tx = parse_transaction(blob);
    const cncrypto::scan_result r = cncrypto::scan_transaction(tx, eve.keys(), eve.map);
    BOOST_TEST(r.outputs.empty(), entry.path().filename());
    if (!r.problems.empty()) {
      ++with_problems;
      BOOST_TEST_MESSAGE(entry.path().filename() << ": " << problems_text(r));
    }
    for (int m = 0; m < 100; ++m) {
      transaction t = tx;
      const auto choice = next() % 3;
      if (choice == 0 && !t.extra.empty()) {
        t.extra[next() % t.extra.size()] ^= static_cast<std::uint8_t>(1u << (next() % 8));
      } else if (choice == 1 && !t.extra.empty()) {
        t.extra.resize(next() % t.extra.size());
      } else if (!t.vout.empty()) {
        crypto::public_key key;
        tx_out &o = t.vout[next() % t.vout.size()];
        if (get_output_public_key(o, key)) {
          key.data[next() % 32] ^= static_cast<char>(1u << (next() % 8));
          if (auto *k = boost::get<txout_to_key>(&o.target)) k->key = key;
          if (auto *k = boost::get<txout_to_tagged_key>(&o.target)) k->key = key;
        }
      }
      cncrypto::scan_result rm;
      BOOST_CHECK_NO_THROW(rm = cncrypto::scan_transaction(t, eve.keys(), eve.map));
      BOOST_TEST(rm.outputs.empty());
    }
  }
  BOOST_TEST(files >= 30u);
  BOOST_TEST_MESSAGE(files << " real transactions, " << with_problems << " with problem lines");
}

BOOST_AUTO_TEST_CASE(inconsistent_account_keys) {
  // View keys right, spend secret wrong: recognised, but no key image.
  const wallet bob(bob_seed);
  account_keys keys = bob.keys();
  keys.m_spend_secret_key = test_secret(5);
  const transaction tx = make_tx({{bob.keys().m_account_address, false, 5}}, true);
  const cncrypto::scan_result r = cncrypto::scan_transaction(tx, keys, bob.map);
  BOOST_REQUIRE(r.outputs.size() == 1u);
  BOOST_TEST(!r.outputs[0].key_image_known);
  BOOST_TEST(has_problem(r, "inconsistent account keys"), problems_text(r));
}

BOOST_AUTO_TEST_SUITE_END()

// ---- scan_transactions: many transactions at once ----
//
// Expected values: scan_transaction on each transaction (the single-call
// scanner, checked above against sender-side constructions and the real owned
// output of ../shared/data/vectors/owned_output_clsag_tx.json), and that
// vector's tx_hash_computed for the one real owned output.

namespace {

void expect_same_output(const cncrypto::owned_output &a, const cncrypto::owned_output &b) {
  BOOST_TEST(a.output_index == b.output_index);
  BOOST_TEST((a.received_index == b.received_index));
  BOOST_TEST(hex_of(a.out_key) == hex_of(b.out_key));
  BOOST_TEST(a.amount == b.amount);
  BOOST_TEST(a.amount_decoded == b.amount_decoded);
  BOOST_TEST(cncrypto::hex_encode(a.mask.bytes, 32) == cncrypto::hex_encode(b.mask.bytes, 32));
  BOOST_TEST(hex_of(a.key_image) == hex_of(b.key_image));
  BOOST_TEST(a.key_image_known == b.key_image_known);
  BOOST_TEST(a.additional_key == b.additional_key);
  BOOST_TEST(a.tx_pub_key_index == b.tx_pub_key_index);
  BOOST_TEST(hex_of(a.derivation) == hex_of(b.derivation));
}

void expect_same_scan(const cncrypto::scan_result &a, const cncrypto::scan_result &b) {
  BOOST_REQUIRE(a.outputs.size() == b.outputs.size());
  for (std::size_t i = 0; i < a.outputs.size(); ++i) expect_same_output(a.outputs[i], b.outputs[i]);
  BOOST_TEST(a.problems == b.problems, problems_text(a) << " vs " << problems_text(b));
  BOOST_TEST(a.has_short_payment_id == b.has_short_payment_id);
  BOOST_TEST(hex_of(a.short_payment_id) == hex_of(b.short_payment_id));
  BOOST_TEST(a.has_long_payment_id == b.has_long_payment_id);
  BOOST_TEST(hex_of(a.long_payment_id) == hex_of(b.long_payment_id));
}

// Transactions of every shape scan_transaction handles, some paying bob (main
// address, subaddresses, additional keys, several tx keys), carol and dave,
// tagged and untagged, with undecodable tx public keys and output keys, no
// tx key, a cut extra; more than two rounds (256) of them.
std::vector<transaction> mixed_transactions(const wallet &bob, const wallet &carol, const wallet &dave) {
  std::vector<transaction> txs;
  const crypto::public_key bad = pod_from_hex<crypto::public_key>(
      "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff");
  for (unsigned i = 0; txs.size() < 600; ++i) {
    const crypto::secret_key r = test_secret(static_cast<unsigned char>(i));
    const bool tagged = i % 3 != 0;
    // (Built with push_back: GCC 12 warns falsely on assigning an initializer list here.)
    std::vector<destination> dests;
    const auto pay = [&](const account_public_address &to, bool sub, std::uint64_t amount) {
      dests.push_back(destination{to, sub, amount});
    };
    if (i % 8 == 0) {
      pay(carol.keys().m_account_address, false, 1);
      pay(dave.keys().m_account_address, false, 2);
    } else if (i % 8 == 1) {
      pay(bob.keys().m_account_address, false, 10 + i);
      pay(carol.keys().m_account_address, false, 3);
    } else if (i % 8 == 2) {
      pay(cncrypto::get_subaddress(bob.keys(), {1, 2}), true, 20 + i);
    } else if (i % 8 == 3) {
      pay(carol.keys().m_account_address, false, 4);
      pay(cncrypto::get_subaddress(bob.keys(), {2, 5}), true, 30 + i);
      pay(cncrypto::get_subaddress(dave.keys(), {1, 1}), true, 5);
    } else {
      pay(dave.keys().m_account_address, false, 6);
      pay(carol.keys().m_account_address, false, 7);
    }
    transaction tx = make_tx(dests, tagged, r);
    if (i % 37 == 5) {  // an undecodable main key before the real one
      const crypto::public_key R = get_tx_pub_key_from_extra(tx);
      const auto additional = get_additional_tx_pub_keys_from_extra(tx);
      tx.extra.clear();
      add_tx_pub_key_to_extra(tx.extra, bad);
      add_tx_pub_key_to_extra(tx.extra, R);
      if (!additional.empty()) add_additional_tx_pub_keys_to_extra(tx.extra, additional);
    } else if (i % 37 == 11) {  // only an undecodable key
      tx.extra.clear();
      add_tx_pub_key_to_extra(tx.extra, bad);
    } else if (i % 37 == 17) {  // no key at all
      tx.extra.clear();
    } else if (i % 37 == 23 && tx.extra.size() > 3) {  // extra cut short
      tx.extra.resize(tx.extra.size() - 3);
    } else if (i % 37 == 29) {  // an undecodable output key
      tx.vout[0].target = txout_to_key{bad};
    } else if (i % 37 == 31) {  // an undecodable additional key
      const crypto::public_key R = get_tx_pub_key_from_extra(tx);
      std::vector<crypto::public_key> additional(tx.vout.size(), bad);
      tx.extra.clear();
      add_tx_pub_key_to_extra(tx.extra, R);
      add_additional_tx_pub_keys_to_extra(tx.extra, additional);
    }
    txs.push_back(std::move(tx));
  }
  return txs;
}

// A subaddress table that is not a subaddress_map: the entries in a vector,
// searched linearly (the scan_transactions overloads taking a
// subaddress_lookup).
class vector_lookup final : public cncrypto::subaddress_lookup {
 public:
  explicit vector_lookup(const cncrypto::subaddress_map &map) : entries_(map.begin(), map.end()) {}
  boost::optional<subaddress_index> find(const crypto::public_key &spend_key) const override {
    for (const auto &e : entries_)
      if (e.first == spend_key) return e.second;
    return boost::none;
  }

 private:
  std::vector<std::pair<crypto::public_key, subaddress_index>> entries_;
};

// scan_transactions' results for txs equal scan_transaction's, for one thread,
// two threads of its own, and an executor that runs its tasks backwards; the
// same with the table as a subaddress_lookup.
void expect_batch_equals_loop(const std::vector<transaction> &txs, const account_keys &keys,
                              const cncrypto::subaddress_map &map, std::size_t &owned) {
  const auto one = cncrypto::scan_transactions(txs, keys, map);
  const auto two = cncrypto::scan_transactions(txs.data(), txs.size(), keys, map, 2u);
  const cncrypto::parallel_executor backwards = [](std::size_t tasks, const std::function<void(std::size_t)> &run) {
    for (std::size_t i = tasks; i-- > 0;) run(i);
  };
  const auto three = cncrypto::scan_transactions(txs.data(), txs.size(), keys, map, backwards, 3);
  const vector_lookup lookup(map);
  const auto one_l = cncrypto::scan_transactions(txs.data(), txs.size(), keys, lookup);
  const auto two_l = cncrypto::scan_transactions(txs.data(), txs.size(), keys, lookup, 2u);
  const auto three_l = cncrypto::scan_transactions(txs.data(), txs.size(), keys, lookup, backwards, 3);
  for (const auto *r : {&one, &two, &three, &one_l, &two_l, &three_l}) BOOST_REQUIRE(r->size() == txs.size());
  for (std::size_t i = 0; i < txs.size(); ++i) {
    BOOST_TEST_CONTEXT("transaction " << i) {
      const cncrypto::scan_result single = cncrypto::scan_transaction(txs[i], keys, map);
      for (const auto *r : {&one[i], &two[i], &three[i], &one_l[i], &two_l[i], &three_l[i]}) {
        expect_same_scan(r->result, single);
        BOOST_TEST(r->tx_hash_known == !single.outputs.empty());
        if (r->tx_hash_known) BOOST_TEST(hex_of(r->tx_hash) == hex_of(get_transaction_hash(txs[i])));
      }
      owned += single.outputs.size();
    }
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(scanning_many)

BOOST_AUTO_TEST_CASE(synthetic_transactions_equal_the_single_scan) {
  const wallet bob(bob_seed), carol(carol_seed), dave(dave_seed), eve(eve_seed);
  const auto txs = mixed_transactions(bob, carol, dave);
  for (const wallet *w : {&bob, &carol, &dave, &eve}) {
    std::size_t owned = 0;
    expect_batch_equals_loop(txs, w->keys(), w->map, owned);
    BOOST_TEST((owned == 0) == (w == &eve));
  }
  // Watch-only: the same outputs, no key images.
  account_keys watch = bob.keys();
  watch.m_spend_secret_key = crypto::null_skey;
  std::size_t owned = 0;
  expect_batch_equals_loop(txs, watch, bob.map, owned);
  BOOST_TEST(owned > 200u);
}

BOOST_AUTO_TEST_CASE(real_transactions_equal_the_single_scan, *cncrypto::test::needs_shared()) {
  // Every real transaction of ../shared/data/txs and the owned one of the
  // vector, scanned together by the vector's wallet: exactly the known change
  // output is found, with the vector's tx hash, amount and key image equal to
  // the single scan's.
  const auto v = load_owned_vector();
  std::vector<transaction> txs;
  for (const auto &entry : std::filesystem::directory_iterator(cncrypto::test::shared_path("data/txs"))) {
    if (entry.path().extension() != ".bin") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::vector<std::uint8_t> blob((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    txs.push_back(parse_transaction(blob));
  }
  std::vector<std::uint8_t> blob;
  BOOST_REQUIRE(cncrypto::hex_decode(v.at("tx_hex").get<std::string>(), blob));
  const std::size_t owned_at = txs.size() / 2;
  txs.insert(txs.begin() + static_cast<std::ptrdiff_t>(owned_at), parse_transaction(blob));
  account_base acc;
  acc.create_from_keys({pod_from_hex<crypto::public_key>(v.at("wallet_spend_public")),
                        pod_from_hex<crypto::public_key>(v.at("wallet_view_public"))},
                       secret_from_hex(v.at("wallet_spend_secret")), secret_from_hex(v.at("wallet_view_secret")));
  const cncrypto::subaddress_map map = cncrypto::make_subaddress_map(acc.get_keys(), 2, 50);
  std::size_t owned = 0;
  expect_batch_equals_loop(txs, acc.get_keys(), map, owned);
  BOOST_TEST(owned == 1u);
  const auto r = cncrypto::scan_transactions(txs, acc.get_keys(), map);
  BOOST_REQUIRE(r[owned_at].result.outputs.size() == 1u);
  BOOST_TEST(hex_of(r[owned_at].tx_hash) == v.at("tx_hash_computed").get<std::string>());
  BOOST_TEST(r[owned_at].result.outputs[0].amount == v.at("output0_amount").get<std::uint64_t>());
  // Caller-given hashes are reported as they are.
  std::vector<crypto::hash> hashes(txs.size());
  hashes[owned_at].data[0] = 7;
  const auto rh = cncrypto::scan_transactions(txs.data(), txs.size(), acc.get_keys(), map, hashes.data());
  BOOST_TEST(rh[owned_at].tx_hash.data[0] == 7);
}

BOOST_AUTO_TEST_CASE(empty_and_null) {
  const wallet bob(bob_seed);
  BOOST_TEST(cncrypto::scan_transactions(nullptr, 0, bob.keys(), bob.map).empty());
  BOOST_CHECK_THROW((void)cncrypto::scan_transactions(nullptr, 2, bob.keys(), bob.map), std::invalid_argument);
  const transaction tx = make_tx({{bob.keys().m_account_address, false, 5}}, true);
  BOOST_CHECK_THROW((void)cncrypto::scan_transactions(&tx, 1, bob.keys(), bob.map, cncrypto::parallel_executor{}, 2),
                    std::invalid_argument);
  // More threads than transactions: one task.
  const auto r = cncrypto::scan_transactions(&tx, 1, bob.keys(), bob.map, 8u);
  BOOST_REQUIRE(r.size() == 1u);
  BOOST_TEST(r[0].result.outputs.size() == 1u);
}

// The executor overload's argument checks, and its tx_hashes (each task gets
// its own part of them).
BOOST_AUTO_TEST_CASE(executor_arguments) {
  const wallet bob(bob_seed);
  const cncrypto::parallel_executor backwards = [](std::size_t tasks, const std::function<void(std::size_t)> &run) {
    for (std::size_t i = tasks; i-- > 0;) run(i);
  };
  try {
    (void)cncrypto::scan_transactions(nullptr, 3, bob.keys(), bob.map, backwards, 2);
    BOOST_ERROR("a null txs with count 3 was accepted");
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(std::string(e.what()) == "scan_transactions: txs is null but count is 3");
  }
  try {
    (void)cncrypto::scan_transactions(nullptr, 0, bob.keys(), bob.map, cncrypto::parallel_executor{}, 2);
    BOOST_ERROR("an empty executor was accepted");
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(std::string(e.what()) == "scan_transactions: executor is empty");
  }
  BOOST_TEST(cncrypto::scan_transactions(nullptr, 0, bob.keys(), bob.map, backwards, 2).empty());
  // Executors that break the contract: a task never run (the scan would report
  // nothing found), run twice, or an index out of range: a logic_error naming it.
  {
    const transaction one = make_tx({{bob.keys().m_account_address, false, 5}}, true);
    const cncrypto::parallel_executor lazy = [](std::size_t, const std::function<void(std::size_t)> &) {};
    const cncrypto::parallel_executor twice = [](std::size_t tasks, const std::function<void(std::size_t)> &run) {
      for (std::size_t i = 0; i < tasks; ++i) run(i);
      run(0);
    };
    const cncrypto::parallel_executor beyond = [](std::size_t tasks, const std::function<void(std::size_t)> &run) {
      for (std::size_t i = 0; i <= tasks; ++i) run(i);
    };
    const auto message = [&](const cncrypto::parallel_executor &ex) -> std::string {
      try {
        (void)cncrypto::scan_transactions(&one, 1, bob.keys(), bob.map, ex, 2);
      } catch (const std::logic_error &e) {
        return e.what();
      }
      return "accepted";
    };
    BOOST_TEST(message(lazy) ==
               "scan_transactions: the executor ran task 0 of 1 0 times (a parallel_executor must run each task "
               "exactly once and return when all finished)");
    BOOST_TEST(message(twice).find("ran task 0 of 1 2 times") != std::string::npos);
    BOOST_TEST(message(beyond) == "scan_transactions: the executor ran a task index >= tasks (1)");
  }
  std::vector<transaction> txs;
  for (unsigned char k = 0; k < 3; ++k) txs.push_back(make_tx({{bob.keys().m_account_address, false, 5}}, true, test_secret(static_cast<unsigned char>(100 + k))));
  std::vector<crypto::hash> hashes(txs.size());
  for (std::size_t i = 0; i < hashes.size(); ++i) hashes[i].data[0] = static_cast<char>(i + 1);
  const auto r = cncrypto::scan_transactions(txs.data(), txs.size(), bob.keys(), bob.map, backwards, 3, hashes.data());
  BOOST_REQUIRE(r.size() == 3u);
  for (std::size_t i = 0; i < r.size(); ++i) {
    BOOST_TEST(r[i].result.outputs.size() == 1u);
    BOOST_TEST(r[i].tx_hash_known);
    BOOST_TEST(r[i].tx_hash.data[0] == static_cast<char>(i + 1));
  }
}

// A pruned transaction's hash needs its prunable part: scanned without
// tx_hashes, its owned output is found (amounts are in the base) and the
// missing hash is reported; with tx_hashes it is known. The real owned
// transaction of ../shared's scan vector, cut to its unprunable bytes.
BOOST_AUTO_TEST_CASE(pruned_transactions_need_tx_hashes, *cncrypto::test::needs_shared()) {
  const auto v = load_owned_vector();
  std::vector<std::uint8_t> blob;
  BOOST_REQUIRE(cncrypto::hex_decode(v.at("tx_hex").get<std::string>(), blob));
  const transaction_hashes h = get_transaction_hashes_from_blob(byte_span(blob.data(), blob.size()));
  const transaction pruned = parse_pruned_transaction(byte_span(blob.data(), h.unprunable_size));
  BOOST_REQUIRE(pruned.pruned);
  account_base acc;
  acc.create_from_keys({pod_from_hex<crypto::public_key>(v.at("wallet_spend_public")),
                        pod_from_hex<crypto::public_key>(v.at("wallet_view_public"))},
                       secret_from_hex(v.at("wallet_spend_secret")), secret_from_hex(v.at("wallet_view_secret")));
  const cncrypto::subaddress_map map = cncrypto::make_subaddress_map(acc.get_keys(), 2, 50);
  const auto r = cncrypto::scan_transactions(&pruned, 1, acc.get_keys(), map);
  BOOST_REQUIRE(r.size() == 1u);
  BOOST_REQUIRE(r[0].result.outputs.size() == 1u);
  BOOST_TEST(r[0].result.outputs[0].amount == v.at("output0_amount").get<std::uint64_t>());
  BOOST_TEST(!r[0].tx_hash_known);
  BOOST_TEST(has_problem(r[0].result, "the transaction is pruned: its hash is not known (pass tx_hashes)"),
             problems_text(r[0].result));
  crypto::hash id;
  BOOST_REQUIRE(cncrypto::hex_decode_fixed(v.at("tx_hash_computed").get<std::string>(), &id, sizeof id));
  const auto rh = cncrypto::scan_transactions(&pruned, 1, acc.get_keys(), map, &id);
  BOOST_TEST(rh[0].tx_hash_known);
  BOOST_TEST(hex_of(rh[0].tx_hash) == v.at("tx_hash_computed").get<std::string>());
}

BOOST_AUTO_TEST_SUITE_END()
