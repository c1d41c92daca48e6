// Subaddress keys (spec 8.3) and encrypted payment ids (spec 4, 9.2).
//
// Expected values: ../shared/data/vectors/addresses.json (a real wallet's six
// subaddresses with m, D, C; Monero's functional tests), and for the tests that
// run without ../shared a hand-made wallet (spend secret 5, view secret 7, tx
// secret 11) computed with an independent Python implementation (big-integer
// ed25519 arithmetic, Keccak from pycryptodome) that reproduces all six shared
// subaddress vectors.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "cryptonote/address.h"
#include "cryptonote/subaddress.h"
#include "support/address_vectors.h"
#include "support/hex.h"
#include "support/points.h"
#include "support/shared_data.h"

#include <nlohmann/json.hpp>

#include <cstring>

using namespace cryptonote;
using namespace cncrypto;  // the subaddress and payment-id functions are cncrypto's own
using cncrypto::test::hex_of;
using cncrypto::test::pod_from_hex;

namespace {

crypto::secret_key scalar(unsigned char value) {
  crypto::secret_key k{};
  reinterpret_cast<unsigned char *>(&k)[0] = value;
  return k;
}

using cncrypto::test::public_of;

struct local_case {
  subaddress_index index;
  const char *m, *D, *C, *address;
};
const local_case local_cases[] = {
    {{0, 1},
     "ee84f7f12935373c9af09cecfcffcae5f2fee6e596d4196ac6aff77531277202",
     "8056c4079e268ca04d98a235e78bb51c453fcc15b74e167d606b8657959c51eb",
     "518bd96dfc0a8b0a8798ab7890a7fce58e3955dab59349719f86b371ca6f39be",
     "87KLJJVbsEbTp9BEapLCnp5jG3KGSKtS1MyK1R26L1wngMtJqNDzvX42m9m32QsbydfPydyRM7G5NL1He45KKWVWNXFNLP7"},
    {{3, 200},
     "274b453de30d48b15c0c3e0e0f5fe0f0c1c0e7311c3666e82385b098e53de60c",
     "2ad27c7e182c677af75c09000fbc9989cc4347fe741add56a274bd4e3ed41a49",
     "6a1febd3c0cabe7b52a42b9e6cd83348565859695b07d906f7889472b8ae0775",
     "845NanfXogiMZvkDeHEYxYQ3p7SNoGzw6FVTvB83hq3fDHDMr9Bpz3FMdPNsGyquC6D6mDKhat2d62Ab6nZSJNPYED7563s"},
};

}  // namespace

BOOST_AUTO_TEST_CASE(hand_made_wallet) {
  const crypto::secret_key a = scalar(7);
  const account_public_address main{public_of(scalar(5)), public_of(a)};
  BOOST_TEST(hex_of(main.m_spend_public_key) == "edc876d6831fd2105d0b4389ca2e283166469289146e2ce06faefe98b22548df");
  for (const local_case &c : local_cases) {
    BOOST_TEST(hex_of(get_subaddress_secret_key(a, c.index)) == c.m);
    BOOST_TEST(hex_of(get_subaddress_spend_public_key(main.m_spend_public_key, a, c.index)) == c.D);
    const account_public_address sub = get_subaddress(main, a, c.index);
    BOOST_TEST(hex_of(sub.m_spend_public_key) == c.D);
    BOOST_TEST(hex_of(sub.m_view_public_key) == c.C);
    BOOST_TEST(get_account_address_as_str(MAINNET, true, sub) == c.address);
  }
  // m is defined for (0, 0) too, but the (0, 0) subaddress is the main address.
  BOOST_TEST(hex_of(get_subaddress_secret_key(a, {0, 0})) ==
             "58925ddc9567cb4febe50c0846bb89892b83398dbf5f31c875b65f732ca9370e");
  BOOST_TEST((get_subaddress(main, a, {0, 0}) == main));
  BOOST_TEST((get_subaddress_spend_public_key(main.m_spend_public_key, a, {0, 0}) == main.m_spend_public_key));
}

BOOST_AUTO_TEST_CASE(consistency_with_secret_keys) {
  // The subaddress spend secret is b + m (spec 8.3): D = (b + m)*G and
  // C = a*D = (a*(b + m))*G, computed here through scalars instead of points.
  const crypto::secret_key a = scalar(7), b = scalar(5);
  const account_public_address main{public_of(b), public_of(a)};
  auto bytes = [](crypto::secret_key &k) { return reinterpret_cast<unsigned char *>(&k); };
  auto cbytes = [](const crypto::secret_key &k) { return reinterpret_cast<const unsigned char *>(&k); };
  for (std::uint32_t major : {0u, 1u, 0xffffffffu}) {
    for (std::uint32_t minor : {1u, 2u, 0x80000000u}) {
      const subaddress_index index{major, minor};
      const crypto::secret_key m = get_subaddress_secret_key(a, index);
      BOOST_TEST(sc_check(cbytes(m)) == 0, "m is reduced");
      crypto::secret_key spend, view;
      sc_add(bytes(spend), cbytes(b), cbytes(m));
      sc_mul(bytes(view), cbytes(a), cbytes(spend));
      const account_public_address sub = get_subaddress(main, a, index);
      BOOST_TEST(hex_of(sub.m_spend_public_key) == hex_of(public_of(spend)), major << "," << minor);
      BOOST_TEST(hex_of(sub.m_view_public_key) == hex_of(public_of(view)), major << "," << minor);
    }
  }
}

BOOST_AUTO_TEST_CASE(bad_spend_key_is_refused) {
  crypto::public_key bad;
  std::memset(&bad, 0xff, sizeof bad);
  reinterpret_cast<unsigned char *>(&bad)[31] = 0x7f;  // y = 2^255 - 1 >= p
  const account_public_address main{bad, public_of(scalar(7))};
  try {
    (void)get_subaddress(main, scalar(7), {0, 1});
    BOOST_ERROR("no exception");
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(e.what() == std::string("the spend public key is not a valid ed25519 point"));
  }
}

BOOST_AUTO_TEST_CASE(encrypted_payment_id) {
  // Receiver view secret 7, tx secret 11: derivation = 8*7*11*G (Python).
  const crypto::secret_key a = scalar(7), r = scalar(11);
  const crypto::public_key A = public_of(a), R = public_of(r);
  BOOST_TEST(hex_of(R) == "1337036ac32d8f30d4589c3c1c595812ce0fff40e37c6f5a97ab213f318290ad");
  const auto derivation =
      pod_from_hex<crypto::key_derivation>("70e3828297caba3e7b43dfbb6af0c79714c5da91260e2bf45bf3b96417ea8e63");
  const auto plain = pod_from_hex<crypto::hash8>("00000000deadbeef");
  const auto cipher = pod_from_hex<crypto::hash8>("7185f1178c5a2c75");

  crypto::hash8 pid = plain;
  encrypt_payment_id(pid, derivation);
  BOOST_TEST(hex_of(pid) == hex_of(cipher));
  encrypt_payment_id(pid, derivation);
  BOOST_TEST(hex_of(pid) == hex_of(plain));

  // Sender side (A, r) and receiver side (R, a) give the same derivation.
  pid = plain;
  BOOST_TEST(encrypt_payment_id(pid, A, r));
  BOOST_TEST(hex_of(pid) == hex_of(cipher));
  BOOST_TEST(decrypt_payment_id(pid, R, a));
  BOOST_TEST(hex_of(pid) == hex_of(plain));

  // An invalid public key: false, payment id untouched.
  crypto::public_key bad;
  std::memset(&bad, 0xff, sizeof bad);
  reinterpret_cast<unsigned char *>(&bad)[31] = 0x7f;
  BOOST_TEST(!decrypt_payment_id(pid, bad, a));
  BOOST_TEST(hex_of(pid) == hex_of(plain));
}

BOOST_AUTO_TEST_CASE(shared_wallet_subaddresses, *cncrypto::test::needs_shared()) {
  const nlohmann::json w = cncrypto::test::shared_wallet();
  const auto view_secret = pod_from_hex<crypto::secret_key>(w.at("view_secret").get<std::string>());
  const auto spend_secret = pod_from_hex<crypto::secret_key>(w.at("spend_secret").get<std::string>());
  const account_public_address main{public_of(spend_secret), public_of(view_secret)};
  BOOST_TEST(hex_of(main.m_spend_public_key) == w.at("spend_public").get<std::string>());
  BOOST_TEST(hex_of(main.m_view_public_key) == w.at("view_public").get<std::string>());
  BOOST_TEST(get_account_address_as_str(MAINNET, false, main) == w.at("standard_address").get<std::string>());
  BOOST_TEST(w.at("subaddresses").size() == 6u);
  for (const auto &s : w.at("subaddresses")) {
    const subaddress_index index{s.at("major").get<std::uint32_t>(), s.at("minor").get<std::uint32_t>()};
    BOOST_TEST(hex_of(get_subaddress_secret_key(view_secret, index)) == s.at("subaddress_secret_m").get<std::string>());
    const account_public_address sub = get_subaddress(main, view_secret, index);
    BOOST_TEST(hex_of(sub.m_spend_public_key) == s.at("D_spend_public").get<std::string>());
    BOOST_TEST(hex_of(sub.m_view_public_key) == s.at("C_view_public").get<std::string>());
    BOOST_TEST(get_account_address_as_str(MAINNET, true, sub) == s.at("address").get<std::string>());
  }
}
