// hw::device and the software default device (device/device.hpp,
// device/device_default.hpp), and the hw::device& parameters of the RingCT
// functions.
//
// Expected values: the default device's members against the crypto:: and rct::
// functions they forward to (themselves checked against Monero's vectors in
// the keys and ringct tests); the signing steps by the relations their results
// must satisfy (ss*G + c*x*G = alpha*G); get_device's names and error as
// Monero's device.cpp (the registry's "device not found: " message and
// "default_core_device").
#include <boost/test/unit_test.hpp>

#include "crypto/crypto.h"
#include "device/device_default.hpp"
#include "ringct/rctOps.h"
#include "ringct/rctSigs.h"

#include <sstream>
#include <stdexcept>
#include <string>

BOOST_AUTO_TEST_SUITE(device)

BOOST_AUTO_TEST_CASE(get_device_default) {
  hw::device &dev = hw::get_device("default");
  BOOST_TEST(&dev == &hw::get_device("default"));
  BOOST_TEST(&dev == &hw::get_device("default:extra"));  // Monero: the name ends at the first ':'
  BOOST_TEST(dev.get_name() == "default_core_device");
  BOOST_TEST(dev.get_type() == hw::device::SOFTWARE);
  BOOST_TEST(static_cast<bool>(dev));
  BOOST_TEST(dev.get_mode() == hw::device::NONE);
  for (const char *name : {"Ledger", "", "defaults", "Trezor:x"}) {
    try {
      (void)hw::get_device(name);
      BOOST_ERROR("get_device(\"" << name << "\") did not throw");
    } catch (const std::runtime_error &e) {
      BOOST_TEST(std::string(e.what()) == std::string("device not found: ") + name);
    }
  }
}

BOOST_AUTO_TEST_CASE(default_device_forwards) {
  hw::core::device_default dev;
  BOOST_TEST(dev.set_name("test"));
  BOOST_TEST(dev.get_name() == "test");
  crypto::secret_key tx_key{};
  BOOST_TEST(dev.open_tx(tx_key));
  BOOST_TEST(dev.close_tx());
  {
    hw::reset_mode reset(dev);
    BOOST_TEST(dev.set_mode(hw::device::TRANSACTION_CREATE_FAKE));
    BOOST_TEST(dev.get_mode() == hw::device::TRANSACTION_CREATE_FAKE);
  }
  BOOST_TEST(dev.get_mode() == hw::device::NONE);

  const rct::key a = rct::skGen(), b = rct::skGen();
  const rct::key P = rct::scalarmultBase(b);
  rct::key r;
  BOOST_TEST(dev.scalarmultKey(r, P, a));
  BOOST_TEST(r == rct::scalarmultKey(P, a));
  BOOST_TEST(dev.scalarmultBase(a) == rct::scalarmultBase(a));

  crypto::public_key pub, derived_pub, expected_pub;
  crypto::secret_key sec, derived_sec, expected_sec;
  dev.generate_keys(pub, sec);
  BOOST_TEST(dev.verify_keys(sec, pub));
  BOOST_TEST(!dev.verify_keys(sec, rct::rct2pk(P)));
  crypto::public_key pub2;
  BOOST_TEST(dev.secret_key_to_public_key(sec, pub2));
  BOOST_TEST(pub2 == pub);
  crypto::key_derivation d1, d2;
  BOOST_TEST(dev.generate_key_derivation(rct::rct2pk(P), sec, d1));
  BOOST_TEST(crypto::generate_key_derivation(rct::rct2pk(P), sec, d2));
  BOOST_TEST(std::memcmp(&d1, &d2, 32) == 0);
  BOOST_TEST(dev.derive_public_key(d1, 3, pub, derived_pub));
  BOOST_TEST(crypto::derive_public_key(d1, 3, pub, expected_pub));
  BOOST_TEST(derived_pub == expected_pub);
  BOOST_TEST(dev.derive_secret_key(d1, 3, sec, derived_sec));
  crypto::derive_secret_key(d1, 3, sec, expected_sec);
  BOOST_TEST(derived_sec == expected_sec);
  crypto::key_image ki1, ki2;
  BOOST_TEST(dev.generate_key_image(pub, sec, ki1));
  crypto::generate_key_image(pub, sec, ki2);
  BOOST_TEST(ki1 == ki2);
  crypto::secret_key sum;
  BOOST_TEST(dev.sc_secret_add(sum, rct::rct2sk(a), rct::rct2sk(b)));
  rct::key expected_sum;
  sc_add(expected_sum.bytes, a.bytes, b.bytes);
  BOOST_TEST(rct::sk2rct(sum) == expected_sum);

  rct::ecdhTuple t{rct::skGen(), rct::d2h(123456)}, t0 = t;
  BOOST_TEST(dev.ecdhEncode(t, a, true));
  rct::ecdhTuple u = t0;
  rct::ecdhEncode(u, a, true);
  BOOST_TEST(t.amount == u.amount);
  BOOST_TEST(dev.ecdhDecode(t, a, true));
  BOOST_TEST(t.amount == t0.amount);
  BOOST_TEST(dev.genCommitmentMask(a) == rct::genCommitmentMask(a));
}

BOOST_AUTO_TEST_CASE(signing_steps) {
  hw::core::device_default dev;
  // mlsag_sign: ss[j] = alpha[j] - c*xx[j], so ss[j]*G + c*(xx[j]*G) = alpha[j]*G.
  const rct::key c = rct::skGen();
  const rct::keyV xx = rct::skvGen(2), alpha = rct::skvGen(2);
  rct::keyV ss(2);
  BOOST_TEST(dev.mlsag_sign(c, xx, alpha, 2, 1, ss));
  for (std::size_t j = 0; j < 2; ++j) {
    rct::key lhs;
    rct::addKeys2(lhs, ss[j], c, rct::scalarmultBase(xx[j]));
    BOOST_TEST(lhs == rct::scalarmultBase(alpha[j]));
  }
  BOOST_CHECK_THROW(dev.mlsag_sign(c, xx, alpha, 2, 3, ss), std::invalid_argument);
  rct::keyV short_ss(1);
  BOOST_CHECK_THROW(dev.mlsag_sign(c, xx, alpha, 2, 1, short_ss), std::invalid_argument);
  // clsag_prepare: aG = a*G, aH = a*H, I = p*H, D = z*H.
  const rct::key p = rct::skGen(), z = rct::skGen(), H = rct::pkGen();
  rct::key I, D, a, aG, aH;
  BOOST_TEST(dev.clsag_prepare(p, z, I, D, H, a, aG, aH));
  BOOST_TEST(aG == rct::scalarmultBase(a));
  BOOST_TEST(aH == rct::scalarmultKey(H, a));
  BOOST_TEST(I == rct::scalarmultKey(H, p));
  BOOST_TEST(D == rct::scalarmultKey(H, z));
  // clsag_sign: s = a - c*(mu_P*p + mu_C*z), so s*G + c*(mu_P*pG + mu_C*zG) = a*G.
  const rct::key mu_P = rct::skGen(), mu_C = rct::skGen();
  rct::key s;
  BOOST_TEST(dev.clsag_sign(c, a, p, z, mu_P, mu_C, s));
  rct::key c_mu_P, c_mu_C, lhs;
  sc_mul(c_mu_P.bytes, c.bytes, mu_P.bytes);
  sc_mul(c_mu_C.bytes, c.bytes, mu_C.bytes);
  rct::addKeys2(lhs, s, c_mu_P, rct::scalarmultBase(p));
  rct::addKeys(lhs, lhs, rct::scalarmultKey(rct::scalarmultBase(z), c_mu_C));
  BOOST_TEST(lhs == aG);
}

// A software device of the caller's is accepted; a hardware one is refused.
struct fake_ledger : hw::core::device_default {
  device_type get_type() const override { return device_type::LEDGER; }
};

BOOST_AUTO_TEST_CASE(rct_functions_take_a_device) {
  rct::ctkey in_sk, in_pk;
  std::tie(in_sk, in_pk) = rct::ctskpkGen(5000);
  const rct::keyV destinations{rct::pkGen()}, amount_keys{rct::skGen()};
  const rct::RCTConfig config{rct::RangeProofPaddedBulletproof, 4};
  // Monero's test form: made-up rings of mixin + 1 members.
  const rct::rctSig s = rct::genRctSimple(rct::zero(), {in_sk}, {in_pk}, destinations, {5000}, {4900}, amount_keys,
                                          100, 3, config, hw::get_device("default"));
  BOOST_TEST(s.mixRing.size() == 1u);
  BOOST_TEST(s.mixRing[0].size() == 4u);
  BOOST_TEST(rct::verRctSimple(s));
  rct::key mask;
  BOOST_TEST(rct::decodeRctSimple(s, amount_keys[0], 0, mask, hw::get_device("default")) == 4900u);
  hw::core::device_default own;
  BOOST_TEST(rct::decodeRctSimple(s, amount_keys[0], 0, own) == 4900u);
  fake_ledger ledger;
  BOOST_CHECK_THROW(rct::decodeRctSimple(s, amount_keys[0], 0, ledger), std::invalid_argument);
  BOOST_CHECK_THROW(rct::genRctSimple(rct::zero(), {in_sk}, {in_pk}, destinations, {5000}, {4900}, amount_keys, 100,
                                      3, config, ledger),
                    std::invalid_argument);
  // mixin 0: Monero divides by zero; here a clear error.
  BOOST_CHECK_THROW(rct::genRctSimple(rct::zero(), {in_sk}, {in_pk}, destinations, {5000}, {4900}, amount_keys, 100,
                                      0, config, own),
                    std::invalid_argument);
  // Type 1 with Monero's mixin form, checked by the one-argument verRct.
  const rct::rctSig full = rct::genRct(rct::zero(), {in_sk}, {in_pk}, destinations, {4900, 100}, amount_keys, 2,
                                       {rct::RangeProofBorromean, 0}, own);
  BOOST_TEST(rct::verRct(full));
  BOOST_TEST(rct::decodeRct(full, amount_keys[0], 0, own) == 4900u);
}

BOOST_AUTO_TEST_CASE(test_helpers) {
  const rct::keyM m = rct::keyMInit(3, 2);
  BOOST_TEST(m.size() == 2u);
  BOOST_TEST(m[1].size() == 3u);
  BOOST_TEST(m[1][2] == rct::zero());
  for (int i = 0; i < 100; ++i) BOOST_TEST(rct::randXmrAmount(7) < 7u);
  BOOST_CHECK_THROW(rct::randXmrAmount(0), std::invalid_argument);
  rct::ctkey sk, pk;
  std::tie(sk, pk) = rct::ctskpkGen(42);
  BOOST_TEST(pk.dest == rct::scalarmultBase(sk.dest));
  BOOST_TEST(pk.mask == rct::commit(42, sk.mask));
  rct::key k = rct::zero();
  k[5] = 0xab;
  BOOST_TEST(k.bytes[5] == 0xab);
  const rct::key &ck = k;
  BOOST_TEST(ck[5] == 0xab);
  std::ostringstream o;
  o << rct::identity();
  BOOST_TEST(o.str() == "<0100000000000000000000000000000000000000000000000000000000000000>");
  const auto [ring, index] = rct::populateFromBlockchain({pk}, 4);
  BOOST_TEST(ring.size() == 5u);
  BOOST_TEST(index < 4u);
  BOOST_TEST(ring[index][0].dest == pk.dest);
}

BOOST_AUTO_TEST_SUITE_END()
