// The daemon-side version 1 check: accepts what the builder makes, refuses
// every single-byte change of the blob (signatures, key images, output keys,
// prefix), key images with a torsion component (even when the ring signature
// itself verifies), duplicate key images and malformed transactions.
//
// Torsion points: (0, -1) of order 2 (encoding ecff..ff7f) and the order-8
// point 26e8958f...fc05 (the well-known ed25519 torsion point); the test
// checks their orders itself with the group law.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_rules.h"
#include "cryptonote/tx_verification.h"
#include "support/chain_data.h"
#include "support/points.h"
#include "support/shared_data.h"
#include "tx_test_chain.h"

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names
using namespace txtest;

namespace {

struct built {
  fake_chain chain;
  wallet alice, bob;
  funded cb;
  transaction tx;
  std::vector<tx_source_entry> sources;  // in the inputs' order after building

  explicit built(std::size_t ring_size = 3, std::size_t n_inputs = 2) : cb(mine_to(chain, alice)) {
    for (std::size_t i = 0; i < n_inputs; ++i) sources.push_back(chain.source(cb.tx, 1 + i, cb.gidx[1 + i], ring_size));
    std::vector<tx_destination_entry> dests{bob.dest(1000000000ull, 0, 1), bob.dest(500000000ull),
                                            alice.dest(400000000ull)};
    crypto::secret_key k;
    std::vector<crypto::secret_key> a;
    std::string error;
    BOOST_REQUIRE_MESSAGE(construct_tx_and_get_tx_key(alice.keys(), alice.subs, sources, dests, alice.addr(), {}, tx, 0,
                                                      k, a, false, {rct::RangeProofBorromean, 0}, true, &error),
                          error);
  }
  bool check(const transaction &t, std::string *error = nullptr) const {
    return check_tx_v1(t, chain.lookup_fn(), error);
  }
  std::vector<std::vector<crypto::public_key>> rings() const {
    std::vector<std::vector<crypto::public_key>> r;
    for (const tx_source_entry &s : sources) {
      r.emplace_back();
      for (const auto &o : s.outputs) {
        crypto::public_key k;
        std::memcpy(&k, o.second.dest.bytes, 32);
        r.back().push_back(k);
      }
    }
    return r;
  }
  // The one-time secret key of input i.
  keypair ephemeral(std::size_t i) const {
    const tx_source_entry &s = sources[i];
    crypto::public_key real;
    std::memcpy(&real, s.outputs[s.real_output].second.dest.bytes, 32);
    keypair eph;
    crypto::key_image ki;
    BOOST_REQUIRE(generate_key_image_helper(alice.keys(), alice.subs, real, s.real_out_tx_key,
                                            s.real_out_additional_tx_keys, s.real_output_in_tx_index, eph, ki, hw::get_device("default")));
    return eph;
  }
};

ge_p3 decode(const std::string &hex) {
  unsigned char b[32];
  std::string err;
  BOOST_REQUIRE(cncrypto::hex_decode_fixed(hex, b, 32, &err));
  ge_p3 p;
  BOOST_REQUIRE(ge_frombytes_vartime(&p, b) == 0);
  return p;
}

crypto::key_image add_point(const crypto::key_image &ki, const ge_p3 &T) {
  using namespace cncrypto::test;
  return encode_point<crypto::key_image>(add_points(decode_point(&ki), T));
}

// n*T == identity, and m*T != identity for the proper divisors m of n.
bool has_order(const ge_p3 &T, int n) {
  ge_p3 acc = T;
  for (int m = 1; m <= n; ++m) {
    const bool is_identity = ge_p3_is_point_at_infinity_vartime(&acc) != 0;
    if (is_identity != (m == n)) return false;
    acc = cncrypto::test::add_points(acc, T);
  }
  return true;
}

const char order2_hex[] = "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f";
const char order8_hex[] = "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05";

}  // namespace

BOOST_AUTO_TEST_SUITE(tx_check)

BOOST_AUTO_TEST_CASE(accepts_built_transaction_both_ways) {
  built b;
  std::string error;
  BOOST_CHECK_MESSAGE(b.check(b.tx, &error), error);
  BOOST_CHECK_MESSAGE(check_tx_v1(b.tx, b.rings(), &error), error);
  BOOST_CHECK_MESSAGE(check_tx_semantics_v1(b.tx, &error), error);
  BOOST_CHECK_MESSAGE(check_tx_ring_signatures_v1(b.tx, b.rings(), &error), error);
}

BOOST_AUTO_TEST_CASE(every_single_byte_change_is_refused) {
  built b;
  const blobdata blob = tx_to_blob(b.tx);
  transaction_layout layout;
  (void)parse_transaction(blob, &layout);
  BOOST_REQUIRE_EQUAL(layout.total_size(), blob.size());
  std::size_t parsed_and_refused = 0;
  for (std::size_t i = 0; i < blob.size(); ++i) {
    for (std::uint8_t flip : {0x01, 0x80}) {
      blobdata t = blob;
      t[i] ^= flip;
      transaction tt;
      if (!parse_and_validate_tx_from_blob(t, tt)) continue;  // refused by the parser
      std::string error;
      const bool accepted = b.check(tt, &error);
      BOOST_CHECK_MESSAGE(!accepted, "byte " << i << " ^ " << int(flip) << " accepted");
      ++parsed_and_refused;
    }
  }
  // Most changes parse (keys, signatures, amounts, extra): the check itself refused them.
  BOOST_CHECK_GT(parsed_and_refused, blob.size());
}

BOOST_AUTO_TEST_CASE(flipped_signature_key_image_output_key_prefix) {
  built b;
  std::string error;
  {
    transaction t = b.tx;
    t.signatures[1][2].r.data[5] ^= 0x04;
    BOOST_CHECK(!b.check(t, &error));
    BOOST_CHECK_NE(error.find("input 1: the ring signature does not verify"), std::string::npos);
  }
  {
    transaction t = b.tx;
    t.signatures[0][0].c.data[0] ^= 0x01;
    BOOST_CHECK(!b.check(t, &error));
  }
  {
    transaction t = b.tx;
    boost::get<txin_to_key>(t.vin[0]).k_image.data[3] ^= 0x10;
    BOOST_CHECK(!b.check(t, &error));
  }
  {
    transaction t = b.tx;
    boost::get<txout_to_tagged_key>(t.vout[1].target).key.data[7] ^= 0x01;
    BOOST_CHECK(!b.check(t, &error));
  }
  {
    transaction t = b.tx;
    boost::get<txout_to_tagged_key>(t.vout[0].target).view_tag.data ^= 0x01;
    BOOST_CHECK(!b.check(t, &error));
  }
  {
    transaction t = b.tx;
    t.unlock_time = 1;
    BOOST_CHECK(!b.check(t, &error));
  }
  {
    transaction t = b.tx;
    t.extra.back() ^= 0x01;
    BOOST_CHECK(!b.check(t, &error));
  }
  {
    transaction t = b.tx;
    t.vout[2].amount -= 1;
    BOOST_CHECK(!b.check(t, &error));
  }
  {
    // Rings in another order than the offsets.
    auto rings = b.rings();
    std::swap(rings[0][0], rings[0][1]);
    BOOST_CHECK(!check_tx_v1(b.tx, rings, &error));
  }
}

BOOST_AUTO_TEST_CASE(torsion_points_have_their_orders) {
  BOOST_CHECK(has_order(decode(order2_hex), 2));
  BOOST_CHECK(has_order(decode(order8_hex), 8));
}

// I' = I + T with T of order 2 still verifies in the ring signature whenever
// the real member's challenge c_s is even (c_s*T = 0): such a transaction is
// found in a few tries. The check must refuse it for the subgroup rule alone.
BOOST_AUTO_TEST_CASE(torsioned_key_image_with_a_valid_signature_is_refused) {
  built b(3, 1);
  const ge_p3 T = decode(order2_hex);
  const keypair eph = b.ephemeral(0);
  transaction t = b.tx;
  txin_to_key &in = boost::get<txin_to_key>(t.vin[0]);
  in.k_image = add_point(in.k_image, T);
  const crypto::hash prefix = get_transaction_prefix_hash(t);
  const auto rings = b.rings();
  std::vector<const crypto::public_key *> ptrs;
  for (const auto &k : rings[0]) ptrs.push_back(&k);
  bool verified = false;
  for (int attempt = 0; attempt < 64 && !verified; ++attempt) {
    crypto::generate_ring_signature(prefix, in.k_image, ptrs, eph.sec, b.sources[0].real_output,
                                    t.signatures[0].data());
    verified = crypto::check_ring_signature(prefix, in.k_image, ptrs, t.signatures[0].data());
  }
  BOOST_REQUIRE_MESSAGE(verified, "no signature with an even challenge in 64 tries (probability 2^-64)");
  std::string error;
  BOOST_CHECK(check_tx_ring_signatures_v1(t, rings, &error));  // the signature alone passes
  BOOST_CHECK(!b.check(t, &error));
  BOOST_CHECK_NE(error.find("not in the prime-order subgroup"), std::string::npos);
  BOOST_CHECK(!check_tx_semantics_v1(t, &error));
}

BOOST_AUTO_TEST_CASE(order_8_torsion_and_identity_images_are_refused) {
  built b(2, 1);
  std::string error;
  transaction t = b.tx;
  boost::get<txin_to_key>(t.vin[0]).k_image = add_point(boost::get<txin_to_key>(t.vin[0]).k_image, decode(order8_hex));
  BOOST_CHECK(!check_tx_semantics_v1(t, &error));
  BOOST_CHECK_NE(error.find("prime-order subgroup"), std::string::npos);
  crypto::key_image id{};
  id.data[0] = 1;
  boost::get<txin_to_key>(t.vin[0]).k_image = id;
  BOOST_CHECK(!check_tx_semantics_v1(t, &error));
  BOOST_CHECK_NE(error.find("identity"), std::string::npos);
}

BOOST_AUTO_TEST_CASE(duplicate_key_images_are_refused) {
  built b(2, 2);
  transaction t = b.tx;
  boost::get<txin_to_key>(t.vin[1]).k_image = boost::get<txin_to_key>(t.vin[0]).k_image;
  std::string error;
  BOOST_CHECK(!check_tx_semantics_v1(t, &error));
  BOOST_CHECK_NE(error.find("inputs 0 and 1 have the same key image"), std::string::npos);
}

BOOST_AUTO_TEST_CASE(malformed_transactions_are_refused) {
  built b(2, 1);
  std::string error;
  auto refused = [&](const transaction &t, const std::string &expected) {
    BOOST_CHECK(!b.check(t, &error));
    BOOST_CHECK_MESSAGE(error.find(expected) != std::string::npos, "'" << error << "' lacks '" << expected << "'");
  };
  {
    transaction t = b.tx;
    t.version = 2;
    refused(t, "only version 1");
  }
  {
    transaction t = b.tx;
    t.vin.clear();
    refused(t, "no inputs");
  }
  {
    transaction t = b.tx;
    t.vout.clear();
    refused(t, "no outputs");
  }
  {
    transaction t = b.tx;
    t.vin[0] = txin_gen{5};
    refused(t, "not a txin_to_key");
  }
  {
    transaction t = b.tx;
    t.vout[1].amount = 0;
    refused(t, "output 1: amount 0");
  }
  {
    transaction t = b.tx;
    t.vout[0].amount = 1ull << 63;
    t.vout[1].amount = 1ull << 63;
    refused(t, "overflows 64 bits");
  }
  {
    transaction t = b.tx;
    t.vout[0].amount += 1000000000000ull;
    refused(t, "exceed inputs");
  }
  {
    transaction t = b.tx;
    crypto::public_key bad{};
    bad.data[0] = 2;
    boost::get<txout_to_tagged_key>(t.vout[2].target).key = bad;
    refused(t, "output 2: key");
  }
  {
    transaction t = b.tx;
    t.vout[1].target = txout_to_key{boost::get<txout_to_tagged_key>(t.vout[1].target).key};
    refused(t, "untagged output");
  }
  {
    transaction t = b.tx;
    t.signatures[0].pop_back();
    refused(t, "signatures for a ring of 2");
  }
  {
    transaction t = b.tx;
    t.signatures.clear();
    refused(t, "0 signature vectors for 1 inputs");
  }
  {
    // A repeated ring member is a fork rule (check_tx_hf_rules, HF >= 6, as
    // Monero's check_tx_inputs_ring_members_diff), not a semantic one.
    transaction t = b.tx;
    boost::get<txin_to_key>(t.vin[0]).key_offsets[1] = 0;
    BOOST_CHECK(check_tx_semantics_v1(t, &error));
    BOOST_CHECK(!check_tx_hf_rules(t, 6, &error));
    BOOST_CHECK_NE(error.find("repeats the one before it"), std::string::npos);
  }
  {
    transaction t = b.tx;
    boost::get<txin_to_key>(t.vin[0]).key_offsets[0] += 1000000;
    refused(t, "not found");
  }
  {
    transaction t = b.tx;
    boost::get<txin_to_key>(t.vin[0]).key_offsets.clear();
    refused(t, "input 0: empty ring (no key offsets)");
  }
  {
    transaction t = b.tx;
    t.pruned = true;
    refused(t, "the transaction is pruned: its signatures are missing");
  }
  {
    // Rings given by the caller must have one key per key offset.
    std::vector<std::vector<crypto::public_key>> rings = b.rings();
    BOOST_REQUIRE(check_tx_v1(b.tx, rings, &error));
    rings[0].pop_back();
    BOOST_CHECK(!check_tx_v1(b.tx, rings, &error));
    BOOST_CHECK_EQUAL(error, "input 0: 1 ring keys given for 2 key offsets");
    BOOST_CHECK(!check_tx_ring_signatures_v1(b.tx, rings, &error));
    BOOST_CHECK_EQUAL(error, "input 0: 1 ring keys given for 2 key offsets");
  }
  {
    // Relative key offsets whose absolute form overflows 64 bits (Monero's
    // relative_output_offsets_to_absolute wraps; here the lookup is refused).
    transaction t = b.tx;
    boost::get<txin_to_key>(t.vin[0]).key_offsets[0] = 5;
    boost::get<txin_to_key>(t.vin[0]).key_offsets[1] = ~0ull;
    refused(t, "input 0: key offset 1 overflows 64 bits when made absolute");
  }
  {
    BOOST_CHECK(!check_tx_v1(b.tx, std::vector<std::vector<crypto::public_key>>{}, &error));
    BOOST_CHECK(!check_tx_v1(b.tx, output_key_lookup{}, &error));
  }
}

// The version 2 structure checks on real RingCT transactions of ../shared
// changed in one field: each refusal names its mistake.
BOOST_AUTO_TEST_CASE(v2_structure_refusals, *cncrypto::test::needs_shared()) {
  const auto real = [](const char *hash) {
    const auto blob = cncrypto::test::read_data_file(std::string("txs/") + hash + ".bin");
    return parse_transaction(byte_span(blob.data(), blob.size()));
  };
  const transaction t6 = real("e89415b95564aa7e3587c91422756ba5303e727996e19c677630309a0d52a7ca");    // type 6, 1/2
  const transaction full = real("140564273396a16135ba0867ded6b7981fdc28bda45c62f993dc51ff26cfb2e5");  // type 1, 1/2, ring 3
  const transaction t2 = real("c69861bf16c5f382c2003b2b6b93d82989c385e7d33ff03e7a61f60014109147");    // type 2, 2/2, ring 5
  std::string error;
  BOOST_REQUIRE_MESSAGE(check_tx_semantics_v2(t6, &error), error);
  BOOST_REQUIRE_MESSAGE(check_tx_semantics_v2(full, &error), error);
  auto refused = [&](const transaction &t, const std::string &expected) {
    BOOST_CHECK(!check_tx_semantics_v2(t, &error));
    BOOST_CHECK_MESSAGE(error.find(expected) != std::string::npos, "'" << error << "' lacks '" << expected << "'");
  };
  transaction t = t6;
  t.version = 1;
  refused(t, "version 1: only version 2 (RingCT) transactions are checked here");
  t = t6;
  t.vin.clear();
  refused(t, "no inputs");
  t = t6;
  t.vout.clear();
  refused(t, "no outputs");
  t = t6;
  t.rct_signatures.type = rct::RCTTypeNull;
  refused(t, "RingCT type RCTTypeNull (type 0): only a coinbase has no RingCT signature");
  t = t6;
  t.rct_signatures.type = 7;
  refused(t, "unknown RingCT type 7");
  t = t6;
  t.vout[0].amount = 5;
  refused(t, "output 0: amount 5 in a RingCT transaction");
  // RCTTypeFull: every ring the size of the first, no pseudo-outputs.
  t = full;
  t.vin.push_back(t2.vin[0]);  // another key image; its ring of 5 differs from 3
  refused(t, "input 1: ring of 5 members in an RCTTypeFull transaction whose first ring has 3");
  t = full;
  t.rct_signatures.p.pseudoOuts.resize(1);
  refused(t, "pseudo-outputs in an RCTTypeFull signature");
  // A null pointer in a batch.
  BOOST_CHECK(!check_tx_semantics_v2(std::vector<const transaction *>{nullptr}, &error));
  BOOST_CHECK_EQUAL(error, "null transaction pointer");
  BOOST_CHECK(!check_tx_semantics_v2(std::vector<const transaction *>{&t6, nullptr}, &error));
  BOOST_CHECK_EQUAL(error, "transaction 1 of the batch: null transaction pointer");
}

BOOST_AUTO_TEST_SUITE_END()
