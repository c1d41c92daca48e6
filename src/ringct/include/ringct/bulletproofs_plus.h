// Bulletproofs+ aggregated range proofs for RingCT type 6 (RCTTypeBulletproofPlus).
//
// Monero's names and signatures (src/ringct/bulletproofs_plus.h), written from
// the paper (Chung, Han, Ju, Kim, Seo, "Bulletproofs+: Shorter Proofs for a
// Privacy-Enhanced Distributed Ledger", eprint 2020/735: section 3 for the
// weighted inner-product argument, section 4 for the aggregated range proof)
// and from Monero's transcript, generators and point scaling
// (cryptonote_format.md 9.8, ../shared/vectors/README_ringct.md). See
// docs/ringct.md, "Bulletproofs+".
//
// A proof shows that each of m commitments (1 <= m <= 16) hides a 64-bit amount.
// Amounts are padded to M = the next power of two (with amount 0, mask 0); the
// proof holds 6 + log2(M) L and R points. All points of the proof (V, A, A1, B,
// L, R) are stored multiplied by INV_EIGHT, and the verifier multiplies them by
// 8 before use (so a torsion component in them is ignored), while the transcript
// hashes their stored bytes.
#pragma once

#include "ringct/rctTypes.h"

#include <cstdint>
#include <vector>

namespace rct {

// Proves that the amounts v[i] are in [0, 2^64), with V[i] = INV_EIGHT * (gamma[i] G
// + v[i] H) (proof.V, one 32-byte point per amount, in order).
//   v, gamma: 1..16 amounts and as many masks (32-byte scalars; any 256-bit value
//   is used mod L). In the key overloads an amount is a 32-byte little-endian
//   scalar below L.
// As Monero 0.18: a key amount in [2^64, L) is not refused. V commits to the whole
// scalar while the proof covers its low 64 bits, so the result is a proof that
// bulletproof_plus_VERIFY rejects. That is a trap for a caller who reads a returned
// proof as a proven range: new code should call cncrypto::bulletproof_plus_PROVE_strict,
// which throws there. (The uint64 overloads cannot meet it.)
// Throws std::invalid_argument naming bulletproof_plus_PROVE and the mistake: no
// amounts, more than 16, a different number of masks, an amount scalar >= L
// (Monero throws std::runtime_error "Invalid sv input" there).
// Constant time in the amounts, the masks and the prover's random nonces (masked
// selection of generators by the amount bits and the constant-time multi-scalar
// product of ringct/cncrypto_multiexp.h; valgrind check ct_bpp); time depends only on the number
// of amounts and on public values (the transcript challenges, which drive the
// variable-time products with public scalars). Randomness: libsodium. The nonces and
// the bit vectors are wiped before returning. Mirrors Monero's
// bulletproof_plus_PROVE (4 overloads).
BulletproofPlus bulletproof_plus_PROVE(const key &v, const key &gamma);
BulletproofPlus bulletproof_plus_PROVE(std::uint64_t v, const key &gamma);
BulletproofPlus bulletproof_plus_PROVE(const keyV &v, const keyV &gamma);
BulletproofPlus bulletproof_plus_PROVE(const std::vector<std::uint64_t> &v, const keyV &gamma);

// true iff every proof is valid (README_ringct.md, bulletproof_plus_VERIFY): the
// sizes agree (1..16 commitments in V, L and R both of 6 + log2(M) points), r1,
// s1, d1 are canonical scalars, every point decodes, and the verification
// equation holds. Never throws on bad data: anything malformed is false.
// Several proofs are checked together with one multi-scalar product (random
// weights from libsodium, so an invalid batch passes with probability about
// 2^-252); an empty batch is true. _vartime: proofs are public. Mirrors Monero's
// bulletproof_plus_VERIFY (one proof; a vector of pointers, nullptr is false; a
// vector of proofs).
bool bulletproof_plus_VERIFY(const BulletproofPlus &proof);
bool bulletproof_plus_VERIFY(const std::vector<const BulletproofPlus *> &proofs);
bool bulletproof_plus_VERIFY(const std::vector<BulletproofPlus> &proofs);

}  // namespace rct

namespace cncrypto {

// rct::bulletproof_plus_PROVE for new code: the same proof, but an amount scalar with
// any of bytes 8..31 nonzero (>= 2^64) throws std::invalid_argument ("... is not
// below 2^64") instead of giving a proof that does not verify. Sizes, other
// failures, constant time and randomness as rct::bulletproof_plus_PROVE. cncrypto's own.
rct::BulletproofPlus bulletproof_plus_PROVE_strict(const rct::key &v, const rct::key &gamma);
rct::BulletproofPlus bulletproof_plus_PROVE_strict(const rct::keyV &v, const rct::keyV &gamma);

}  // namespace cncrypto
