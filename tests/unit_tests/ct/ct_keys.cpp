// Constant-time check of the key layer, by a tool: valgrind memcheck.
//
// Secret inputs are marked undefined (VALGRIND_MAKE_MEM_UNDEFINED); so is every
// byte libsodium's randombytes_buf returns (a custom randombytes
// implementation), which makes nonces and fresh keys secret too. memcheck then
// reports any conditional branch or memory address computed from them
// ("Conditional jump or move depends on uninitialised value(s)", "Use of
// uninitialised value of size 8"), and ctest runs this program under
// `valgrind --error-exitcode=1` (label "ct").
//
// Deliberate declassifications, each marked public again with
// VALGRIND_MAKE_MEM_DEFINED:
//   in the library (crypto/ct_declassify.h, see crypto.cpp):
//     - random32_unbiased: whether a candidate is rejected (>= 15L or zero);
//       rejected candidates are discarded, so this says nothing about the output.
//     - generate_signature: c and r, to retry when one is zero (Monero's loop);
//       they are the published signature.
//     - generate_ring_signature: the decoys' random c_i, r_i (published as is).
//     - secret_key_to_public_key and the signing functions: the one bit
//       "the secret key is canonical (< L)", which the return value or the
//       std::invalid_argument reveals anyway.
//   here: public outputs (public keys, signatures, key images, view tags),
//     before the functional checks below compare or verify them.
//
// Without valgrind the program still runs the functional checks and returns 77
// (ctest: skipped), since no constant-time claim was checked.
#include "crypto/crypto.h"
#include "crypto/ed25519/sc.h"
#include "support/ct_valgrind.h"

#include <cstring>
#include <boost/optional.hpp>
#include <vector>

namespace {

using namespace cncrypto::test::ct;

crypto::secret_key random_secret() {
  crypto::secret_key s;
  crypto::random32_unbiased(reinterpret_cast<unsigned char *>(s.data));
  return s;
}

void scalar_ops() {
  unsigned char a[32], b[32], c[32], wide[64], out[32];
  randombytes_buf(a, 32);  // secret, and not reduced
  randombytes_buf(b, 32);
  randombytes_buf(c, 32);
  randombytes_buf(wide, 64);
  sc_reduce32(a);
  sc_reduce(wide);
  sc_add(out, a, b);
  sc_sub(out, out, c);
  sc_mul(out, out, b);
  sc_muladd(out, a, b, out);
  sc_mulsub(out, a, b, out);
  expect_tainted(out, "scalar result");
  int check = sc_check(out);
  int nonzero = sc_isnonzero(out);
  declassify(check);  // only to print; computing them above is what is checked
  declassify(nonzero);
  expect(check == 0, "sc ops give canonical results");
}

void keys_and_derivations() {
  crypto::public_key pub;
  crypto::secret_key sec;
  const crypto::secret_key seed = crypto::generate_keys(pub, sec);  // random: secret
  expect_tainted(sec, "fresh secret key is secret");
  expect_tainted(pub, "public key computed from it carries the taint");
  declassify(pub);
  crypto::public_key pub2;
  crypto::secret_key recovered;
  crypto::generate_keys(pub2, recovered, seed, true);
  declassify(pub2);
  expect(pub == pub2, "generate_keys recovery");

  crypto::secret_key s2 = sec;
  secret(s2);
  crypto::public_key pub3;
  expect(crypto::secret_key_to_public_key(s2, pub3), "secret_key_to_public_key");
  declassify(pub3);
  expect(pub3 == pub, "secret_key_to_public_key result");

  // Receiver side: derivation from the tx public key and the view secret.
  crypto::public_key tx_pub, view_pub, spend_pub;
  crypto::secret_key tx_sec, view_sec, spend_sec;
  crypto::generate_keys(tx_pub, tx_sec);
  crypto::generate_keys(view_pub, view_sec);
  crypto::generate_keys(spend_pub, spend_sec);
  declassify(tx_pub);
  declassify(view_pub);
  declassify(spend_pub);
  crypto::key_derivation d;
  expect(crypto::generate_key_derivation(tx_pub, view_sec, d), "generate_key_derivation");
  crypto::key_derivation d_sender;
  expect(crypto::generate_key_derivation(view_pub, tx_sec, d_sender), "generate_key_derivation (sender)");

  expect_tainted(d, "derivation is secret");
  crypto::ec_scalar hs;
  crypto::derivation_to_scalar(d, 3, hs);
  crypto::view_tag vt;
  crypto::derive_view_tag(d, 3, vt);
  expect_tainted(vt, "view tag computed from the derivation");
  crypto::public_key out_key;
  expect(crypto::derive_public_key(d, 3, spend_pub, out_key), "derive_public_key");
  crypto::secret_key out_sec;
  crypto::derive_secret_key(d, 3, spend_sec, out_sec);
  crypto::public_key sub;
  declassify(out_key);
  expect(crypto::derive_subaddress_public_key(out_key, d, 3, sub), "derive_subaddress_public_key");
  declassify(sub);
  expect(sub == spend_pub, "subaddress round trip");
  crypto::public_key from_sec;
  expect(crypto::secret_key_to_public_key(out_sec, from_sec), "one-time secret is canonical");
  declassify(from_sec);
  expect(from_sec == out_key, "derive_public_key == derive_secret_key * G");
  declassify(d);
  declassify(d_sender);
  expect(cncrypto::equal(d, d_sender), "derivation symmetry");
  declassify(vt);

  // Key images, including a secret >= L (Monero's radix-16 quirk path).
  crypto::key_image image;
  crypto::generate_key_image(out_key, out_sec, image);
  expect_tainted(image, "key image computed from the secret");
  crypto::secret_key big;
  std::memset(big.data, 0xff, 32);
  secret(big);
  crypto::key_image image2;
  crypto::generate_key_image(out_key, big, image2);
  crypto::key_derivation d_big;
  expect(crypto::generate_key_derivation(tx_pub, big, d_big), "derivation with a secret >= L");
}

void signatures() {
  crypto::public_key pub;
  crypto::secret_key sec;
  crypto::generate_keys(pub, sec);
  declassify(pub);
  crypto::hash prefix;
  std::memset(prefix.data, 0x42, 32);
  crypto::signature sig;
  crypto::generate_signature(prefix, pub, sec, sig);
  declassify(sig);
  expect(crypto::check_signature(prefix, pub, sig), "generate_signature verifies");

  // Ring of 4, real key at index 2.
  std::vector<crypto::public_key> keys(4);
  std::vector<crypto::secret_key> secs(4);
  for (int i = 0; i < 4; ++i) {
    crypto::generate_keys(keys[i], secs[i]);
    declassify(keys[i]);
  }
  crypto::key_image image;
  crypto::generate_key_image(keys[2], secs[2], image);
  declassify(image);
  std::vector<const crypto::public_key *> ring;
  for (const auto &k : keys) ring.push_back(&k);
  std::vector<crypto::signature> sigs(4);
  crypto::generate_ring_signature(prefix, image, ring, secs[2], 2, sigs.data());
  for (auto &s : sigs) declassify(s);
  expect(crypto::check_ring_signature(prefix, image, ring, sigs.data()), "ring signature verifies");

  // Tx proofs: R = r*G (or r*B), D = r*A, with r secret.
  crypto::public_key A, B;
  crypto::secret_key a, b;
  crypto::generate_keys(A, a);
  crypto::generate_keys(B, b);
  declassify(A);
  declassify(B);
  const crypto::secret_key r = random_secret();
  crypto::public_key R;
  expect(crypto::secret_key_to_public_key(r, R), "tx key");
  declassify(R);
  // No API computes r*A without the cofactor, so prove for r8 = 8r instead:
  // R8 = r8*G and D = generate_key_derivation(A, r) = 8*(r*A) = r8*A.
  crypto::secret_key r8;
  unsigned char eight[32] = {8};
  sc_mul(reinterpret_cast<unsigned char *>(r8.data), reinterpret_cast<const unsigned char *>(r.data), eight);
  crypto::key_derivation D8;
  expect(crypto::generate_key_derivation(A, r, D8), "tx proof D");
  declassify(D8);
  crypto::public_key D;
  std::memcpy(D.data, D8.data, 32);  // D = 8rA = r8*A, R8 = r8*G
  crypto::public_key R8;
  expect(crypto::secret_key_to_public_key(r8, R8), "R8");
  declassify(R8);
  for (int version = 1; version <= 2; ++version) {
    crypto::signature proof;
    if (version == 1)
      crypto::generate_tx_proof_v1(prefix, R8, A, boost::none, D, r8, proof);
    else
      crypto::generate_tx_proof(prefix, R8, A, boost::none, D, r8, proof);
    expect_tainted(proof, "tx proof computed from r and the nonce");
    declassify(proof);
    expect(crypto::check_tx_proof(prefix, R8, A, boost::none, D, proof, version), "tx proof verifies");
  }
  // Subaddress form: R = r*B. Build it from the derivation function: 8*(r*B) = r8*B.
  crypto::key_derivation RB;
  expect(crypto::generate_key_derivation(B, r, RB), "r*B");
  declassify(RB);
  crypto::public_key RB_pub;
  std::memcpy(RB_pub.data, RB.data, 32);
  crypto::signature proof;
  crypto::generate_tx_proof(prefix, RB_pub, A, B, D, r8, proof);
  declassify(proof);
  expect(crypto::check_tx_proof(prefix, RB_pub, A, B, D, proof, 2), "tx proof with B verifies");
}

}  // namespace

int main() {
  if (!setup("ct_keys", true, 0x0123456789abcdefULL)) return 1;
  scalar_ops();
  keys_and_derivations();
  signatures();
  return finish();
}
