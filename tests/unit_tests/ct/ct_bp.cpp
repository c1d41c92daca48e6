// Constant-time check of Bulletproofs proving (ringct/bulletproofs.h), by
// valgrind memcheck, as ct_bpp does for Bulletproofs+.
//
// Secret: the amounts, the masks, and every byte libsodium's randombytes_buf
// returns (the prover's nonces alpha, rho, tau1, tau2 and the blinding vectors
// sL, sR) through a custom randombytes implementation that marks its output
// undefined. memcheck reports any branch or memory index computed from them;
// ctest runs this program under `valgrind --error-exitcode=1` (label "ct").
//
// Deliberate declassifications (crypto/ct_declassify.h), in the library:
//   - the proof's published parts (V, A, S, T1, T2, taux, mu, t, L_j, R_j, a, b)
//     as soon as each is computed: the transcript challenges are hashes of them,
//     and the generators are folded with those public challenges;
//   - the one bit "amount scalar >= 2^64" of the key overloads (misuse: the
//     exception reveals it anyway);
//   - random32_unbiased's rejection bit (see ct_keys).
// Here: the finished proof, before verifying it (single-proof verification
// uses no random weights).
//
// Without valgrind the program still runs the functional checks and returns 77.
#include "crypto/crypto-ops.h"
#include "ringct/bulletproofs.h"
#include "support/ct_valgrind.h"

#include <cstdint>
#include <vector>

namespace {

using namespace cncrypto::test::ct;

// The published proof, public again: its vectors, then its nine single keys.
void declassify_proof(rct::Bulletproof &p) {
  for (rct::keyV *vec : {&p.V, &p.L, &p.R})
    for (rct::key &k : *vec) declassify(k);
  rct::key *const single[] = {&p.A, &p.S, &p.T1, &p.T2, &p.taux, &p.mu, &p.a, &p.b, &p.t};
  for (rct::key *k : single) declassify(*k);
}

// A proof of the amounts (marked secret) with secret masks, declassified once
// finished, then verified.
void prove(std::vector<std::uint64_t> amounts) {
  rct::keyV masks;
  while (masks.size() < amounts.size()) {
    rct::key k;
    randombytes_buf(k.bytes, 32);  // undefined: secret
    sc_reduce32(k.bytes);
    masks.push_back(k);
  }
  for (std::uint64_t &a : amounts) secret(a);
  rct::Bulletproof p = amounts.size() == 1 ? rct::bulletproof_PROVE(amounts[0], masks[0])
                                            : rct::bulletproof_PROVE(amounts, masks);
  declassify_proof(p);
  expect(p.V.size() == amounts.size() && rct::bulletproof_VERIFY(p), "one V per amount, and the proof verifies");
}

// The key overloads: an amount as a secret 32-byte scalar.
void prove_key_overload() {
  rct::keyV v(2, rct::key{{0}}), gamma(2);  // 2^64 - 1 and 0x615f5e5d5c5b5a... (2 amounts)
  for (int i = 0; i < 8; ++i) v[0].bytes[i] = 0xff;
  for (int i = 0; i < 8; ++i) v[1].bytes[i] = static_cast<unsigned char>(0x5a + i);
  for (rct::key &k : v) secret(k);
  randombytes_buf(gamma.data(), 64);
  for (rct::key &k : gamma) sc_reduce32(k.bytes);
  rct::Bulletproof p = rct::bulletproof_PROVE(v, gamma);
  declassify_proof(p);
  expect(rct::bulletproof_VERIFY(p), "key-overload proof verifies");
}

}  // namespace

int main() {
  if (!setup("ct_bp", true, 0x5eed0b9b00000002ULL)) return 1;
  prove({0});
  prove({1, 2, 3});
  prove_key_overload();
  return finish();
}
