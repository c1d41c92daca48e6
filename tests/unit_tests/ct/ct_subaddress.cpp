// Constant-time check of the subaddress key functions, which take the wallet's
// view secret key a (cryptonote/subaddress.h, cryptonote/account.h), under
// valgrind memcheck, or MemorySanitizer in the CNCRYPTO_SANITIZE_MEMORY build
// (support/ct_valgrind.h, label "ct").
//
// Marked secret: the view secret key a, and the spend secret key b where a
// function takes it. Public: the address (B, A) and the indexes.
//
// Deliberate declassifications in the library, each public by design:
//   subaddress.cpp   D = B + m*G (get_subaddress_spend_public_key; it is in the
//                    subaddress, and get_subaddress decodes it in variable time);
//   account.cpp      a*G in create_from_viewkey (compared with the address's A;
//                    the subaddress table hashes the public D);
//   wallet_scan.cpp  x*G before the comparison with the output key (the key image
//                    helper: our one-time key, or a mismatch that is reported).
// m = Hs("SubAddr\0" || a || index) and the subaddress's view key C = a*D must
// come out still secret (expect_tainted; C is declassified here, as its owner
// publishes it), and x = b + Hs(8aR || k) + m too.
//
// Covered: get_subaddress_secret_key, get_subaddress_spend_public_key,
// get_subaddress, get_subaddress_spend_public_keys, account_base::get_subaddress
// (create_from_viewkey), make_subaddress_map, and generate_key_image_helper_precomp
// for an output received at a subaddress. Each expected value is computed here
// from public copies of the keys, along another path (hash_to_scalar over the
// bytes of the definition, rct::addKeys, rct::scalarmultKey). On one curve
// backend per run: the argument's (ctest ct_subaddress.serial, ...;
// ct_backend.h), else the probe's pick.
//
// Without valgrind (or MemorySanitizer) the functional checks run and the
// program returns 77 (ctest: skipped).
#include "crypto/crypto.h"
#include "ct_backend.h"
#include "cryptonote/account.h"
#include "cryptonote/subaddress.h"
#include "cryptonote/wallet_scan.h"
#include "ringct/rctOps.h"
#include "support/ct_valgrind.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

using namespace cncrypto::test::ct;

// A random reduced scalar (libsodium's RNG, public until marked).
crypto::secret_key random_secret() { return rct::rct2sk(rct::skGen()); }

crypto::public_key public_of(const crypto::secret_key &s) {
  crypto::public_key p;
  expect(crypto::secret_key_to_public_key(s, p), "a public key");
  return p;
}

// m by its definition (spec 8.3): Hs("SubAddr\0" || a || LE32(major) || LE32(minor)), a public.
crypto::secret_key expected_m(const crypto::secret_key &a, const cryptonote::subaddress_index &index) {
  unsigned char data[8 + 32 + 8] = {'S', 'u', 'b', 'A', 'd', 'd', 'r', 0};
  std::memcpy(data + 8, &a, 32);
  for (int i = 0; i < 4; ++i) {
    data[40 + i] = static_cast<unsigned char>(index.major >> (8 * i));
    data[44 + i] = static_cast<unsigned char>(index.minor >> (8 * i));
  }
  crypto::secret_key m;
  crypto::hash_to_scalar(data, sizeof data, m);
  return m;
}

}  // namespace

int main(int argc, char **argv) {
  if (!setup("ct_subaddress", false)) return 1;
  if (const int r = use_curve_backend(argc, argv); r != 0) return r;

  const crypto::secret_key a = random_secret(), b = random_secret();
  cryptonote::account_keys keys;
  keys.m_account_address = {public_of(b), public_of(a)};
  keys.m_spend_secret_key = b;
  keys.m_view_secret_key = a;
  const cryptonote::account_public_address main_address = keys.m_account_address;
  const crypto::public_key B = main_address.m_spend_public_key;
  secret(keys.m_view_secret_key);
  secret(keys.m_spend_secret_key);
  const crypto::secret_key &view = keys.m_view_secret_key;
  expect_tainted(view, "the view secret key is marked secret");

  const cryptonote::subaddress_index idx{1, 3};
  crypto::secret_key m = cncrypto::get_subaddress_secret_key(view, idx);
  expect_tainted(m, "get_subaddress_secret_key: m is secret");
  declassify(m);
  const crypto::secret_key m_expected = expected_m(a, idx);
  expect(m == m_expected, "get_subaddress_secret_key: m by its definition");
  const rct::key D_expected = rct::addKeys(rct::scalarmultBase(rct::sk2rct(m_expected)), rct::pk2rct(B));
  const rct::key C_expected = rct::scalarmultKey(D_expected, rct::sk2rct(a));

  const crypto::public_key D = cncrypto::get_subaddress_spend_public_key(B, view, idx);
  expect(rct::pk2rct(D) == D_expected, "get_subaddress_spend_public_key: D = B + m*G");
  cryptonote::account_public_address sub = cncrypto::get_subaddress(main_address, view, idx);
  expect_tainted(sub.m_view_public_key, "get_subaddress: C = a*D carries the view key");
  declassify(sub.m_view_public_key);  // published by its owner
  expect(rct::pk2rct(sub.m_spend_public_key) == D_expected && rct::pk2rct(sub.m_view_public_key) == C_expected,
         "get_subaddress: (D, a*D)");
  expect(cncrypto::get_subaddress(main_address, view, {0, 0}) == main_address,
         "get_subaddress: (0, 0) is the main address");

  const std::vector<crypto::public_key> Ds = cncrypto::get_subaddress_spend_public_keys(keys, 1, 2, 5);
  expect(Ds.size() == 3 && Ds[1] == D, "get_subaddress_spend_public_keys: (1, 3) is the single call's D");
  cryptonote::account_base viewer;
  viewer.create_from_viewkey(main_address, view);
  cryptonote::account_public_address via_account = cncrypto::get_subaddress(viewer.get_keys(), idx);
  declassify(via_account.m_view_public_key);
  expect(via_account == sub, "account_base::get_subaddress: the same subaddress");
  const cncrypto::subaddress_map table = cncrypto::make_subaddress_map(keys, 2, 4);
  const auto found = table.find(D);
  expect(table.size() == 8 && found != table.end() && found->second == idx, "make_subaddress_map: D -> (1, 3)");

  // An output paid to the subaddress (sender: R = r*D, derivation 8*r*C), then
  // its one-time secret x = b + Hs(8aR || k) + m and key image on the receiver's side.
  const crypto::secret_key r = random_secret();
  crypto::public_key R;
  {
    const rct::key Rk = rct::scalarmultKey(D_expected, rct::sk2rct(r));
    R = rct::rct2pk(Rk);
  }
  crypto::key_derivation sender_d, receiver_d;
  expect(crypto::generate_key_derivation(rct::rct2pk(C_expected), r, sender_d), "sender's derivation");
  crypto::public_key P;
  const std::size_t k = 2;
  expect(crypto::derive_public_key(sender_d, k, D, P), "the output's one-time key");
  expect(crypto::generate_key_derivation(R, view, receiver_d), "receiver's derivation");
  expect_tainted(receiver_d, "the receiver's derivation is secret");
  cryptonote::keypair eph;
  crypto::key_image ki;
  expect(cryptonote::generate_key_image_helper_precomp(keys, P, receiver_d, k, idx, eph, ki, hw::get_device("default")),
         "generate_key_image_helper_precomp at (1, 3)");
  expect_tainted(eph.sec, "the one-time secret key is secret");
  declassify(ki);  // published when the output is spent
  expect(eph.pub == P, "the one-time key is the output's");
  return finish();
}
