// Bulletproofs (the original; RingCT types 3, 4, 5: RCTTypeBulletproof,
// RCTTypeBulletproof2, RCTTypeCLSAG) aggregated range proofs.
//
// Monero's names and signatures (src/ringct/bulletproofs.h), written from the
// paper (Bünz, Bootle, Boneh, Poelstra, Wuille, Maxwell, "Bulletproofs: Short
// Proofs for Confidential Transactions and More", IEEE S&P 2018: section 4.2 for
// the range proof, 4.3 for aggregation, protocol 2 for the inner-product
// argument) and from Monero's transcript, generators and point scaling
// (../shared/vectors/README_ringct_legacy.md, "Bulletproofs (original)"). See
// docs/bulletproofs.md.
//
// A proof shows that each of m commitments (1 <= m <= 16, Monero's maxM) hides a
// 64-bit amount (N = 64). Amounts are padded to M = the next power of two (amount
// 0, mask 0); the proof holds 6 + log2(M) L and R points. Every point of the proof
// (V, A, S, T1, T2, L, R) is stored multiplied by INV_EIGHT; the verifier
// multiplies them by 8 (a torsion component is ignored) while the transcript
// hashes the stored bytes. The generators are Hi_k = Hp(keccak(H || "bulletproof"
// || varint(2k))), Gi_k the same with 2k + 1 (Bulletproofs+ uses the salt
// "bulletproof_plus").
#pragma once

#include "ringct/rctTypes.h"

#include <cstdint>
#include <vector>

namespace rct {

// true iff every proof is valid (README_ringct_legacy.md, bulletproof_VERIFY):
// taux, mu, a, b, t are canonical scalars (< L), V holds 1..16 commitments, L and
// R both hold 6 + log2(M) points, every point decodes, no transcript challenge
// is zero, and both verification equations hold. Never throws on bad data:
// anything malformed is false. The two equations of every proof are checked
// together with one multi-scalar product, weighted: several proofs with random
// weights from libsodium (as Monero), a single proof with a weight hashed from
// the whole proof (deterministic, no randomness used); an invalid proof or batch
// passes with probability about 2^-252. An empty batch is true. _vartime:
// proofs are public. Mirrors Monero's bulletproof_VERIFY (one proof; a vector of
// pointers, nullptr is false; a vector of proofs).
bool bulletproof_VERIFY(const Bulletproof &proof);
bool bulletproof_VERIFY(const std::vector<const Bulletproof *> &proofs);
bool bulletproof_VERIFY(const std::vector<Bulletproof> &proofs);

// Proves that the amounts v[i] are in [0, 2^64), with V[i] = INV_EIGHT * (gamma[i] G
// + v[i] H) (proof.V, one 32-byte point per amount, in order).
//   v, gamma: 1..16 amounts and as many masks (32-byte scalars; any 256-bit value
//   is used mod L). In the key overloads an amount is a 32-byte little-endian
//   scalar below L.
// As Monero 0.18: a key amount in [2^64, L) is not refused. V commits to the whole
// scalar while the proof covers its low 64 bits, so the result is a proof that
// bulletproof_VERIFY rejects. That is a trap for a caller who reads a returned proof
// as a proven range: new code should call cncrypto::bulletproof_PROVE_strict, which
// throws there. (The uint64 overloads cannot meet it.)
// Throws std::invalid_argument naming bulletproof_PROVE and the mistake: no
// amounts, more than 16, a different number of masks, an amount scalar >= L
// (Monero throws std::runtime_error "Invalid sv input" there).
// Constant time in the amounts, the masks and the prover's random nonces (masked
// generator selection by the amount bits, and the constant-time multi-scalar
// product of ringct/cncrypto_multiexp.h for every product with a secret scalar; valgrind check
// ct_bp); time depends only on the number of amounts and on public values (the
// transcript challenges). Randomness: libsodium. Secrets are wiped before
// returning. Mirrors Monero's bulletproof_PROVE (4 overloads).
Bulletproof bulletproof_PROVE(const key &v, const key &gamma);
Bulletproof bulletproof_PROVE(std::uint64_t v, const key &gamma);
Bulletproof bulletproof_PROVE(const keyV &v, const keyV &gamma);
Bulletproof bulletproof_PROVE(const std::vector<std::uint64_t> &v, const keyV &gamma);

}  // namespace rct

namespace cncrypto {

// rct::bulletproof_PROVE for new code: the same proof, but an amount scalar with any
// of bytes 8..31 nonzero (>= 2^64) throws std::invalid_argument ("... is not below
// 2^64") instead of giving a proof that does not verify. Sizes, other failures,
// constant time and randomness as rct::bulletproof_PROVE. cncrypto's own.
rct::Bulletproof bulletproof_PROVE_strict(const rct::key &v, const rct::key &gamma);
rct::Bulletproof bulletproof_PROVE_strict(const rct::keyV &v, const rct::keyV &gamma);

}  // namespace cncrypto
