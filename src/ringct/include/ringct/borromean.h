// Borromean ring signatures and the 64-bit range proofs of RingCT types 1 and 2
// (Maxwell and Poelstra, "Borromean Ring Signatures" (2015); Noether, "Ring
// Confidential Transactions" (2016), section 5; spec cryptonote_format.md
// section 9.5; acceptance rules: ../shared/vectors/README_ringct_legacy.md,
// "Borromean range proofs"). Monero declares these in src/ringct/rctSigs.h
// (which includes this header here too); names and arguments are Monero's.
// docs/ringct.md, "Borromean range proofs (types 1, 2)", lists the oddities
// reproduced.
#pragma once

#include "crypto/crypto-ops.h"
#include "ringct/rctOps.h"
#include "ringct/rctTypes.h"

#include <cstdint>

namespace rct {

// A Borromean signature over 64 two-member rings {P1[i], P2[i]}: for each i the
// signer knows x[i] with P1[i] = x[i]*G when indices[i] == 0, with P2[i] =
// x[i]*G when indices[i] == 1. x: 64 reduced scalars (secret), P1, P2: 64 point
// encodings (public), indices: 64 elements 0 or 1 (secret). Returns {s0, s1, ee}
// (64 + 64 + 1 reduced scalars). The relation is not checked (a wrong x gives a
// signature that does not verify). Throws std::invalid_argument when a P1/P2
// point does not decode (naming it) or an index is not 0/1. Constant time in x
// and indices (every ring takes both branches' work and selects); secrets are
// wiped. Mirrors rct::genBorromean.
boroSig genBorromean(const key64 x, const key64 P1, const key64 P2, const bits indices);

// Verifies bb over the rings {P1[i], P2[i]}: for i < 64, LL = s0[i]*G + ee*P1[i],
// c = Hs(LL), R[i] = s1[i]*G + c*P2[i]; true iff Hs(R[0] || ... || R[63]) == ee
// (bytes). Monero's rules exactly: s0, s1 are NOT range-checked (used as
// 256-bit integers with Monero's sliding-window rule, so s + L verifies like s),
// points are not subgroup-checked. The key64 form returns false (never throws)
// when one of the 128 points does not decode. _vartime (public data).
// Mirrors both rct::verifyBorromean overloads.
bool verifyBorromean(const boroSig &bb, const ge_p3 P1[64], const ge_p3 P2[64]);
bool verifyBorromean(const boroSig &bb, const key64 P1, const key64 P2);

// The range proof of a type 1/2 output: amount (0 .. 2^64-1, secret) is split
// into bits b_i; Ci[i] = a_i*G + b_i*2^i*H with random a_i; C (out) = sum Ci =
// mask*G + amount*H and mask (out) = sum a_i (reduced); asig = genBorromean over
// {Ci[i], Ci[i] - 2^i*H}. Returns the 6176-byte rangeSig. Never fails. Constant
// time in amount, the a_i and the nonces (tests/unit_tests/ct/ct_borromean.cpp);
// secrets wiped. Mirrors rct::proveRange.
rangeSig proveRange(key &C, key &mask, const xmr_amount &amount);

// true iff every Ci decodes, the encoding of sum Ci equals C byte for byte, and
// verifyBorromean(as.asig, Ci, Ci - 2^i*H) holds. Never throws; false for any
// failure. _vartime. Mirrors rct::verRange.
bool verRange(const key &C, const rangeSig &as);

}  // namespace rct
