// Scalars modulo the ed25519 group order
//   L = 2^252 + 27742317777372353535851937790883648493.
//
// Monero's scalar interface (crypto-ops.h), C linkage, same names and argument
// orders. A scalar is 32 bytes, little-endian. Outputs are always canonical
// (< L). Inputs may be any 256-bit value (or 512-bit for sc_reduce): every
// function computes the exact residue mod L of the full integer, which is what
// Monero's code returns for such inputs too (checked against every sc_* line
// of ../shared/vectors/monero_crypto.txt, including inputs >= L and with the
// top bits set).
//
// Constant time: every function here runs in time independent of the values
// (no branch and no memory index depends on the bytes); only the pointers and
// the fixed sizes are public. Output may alias any input.
//
// Internals: four 64-bit limbs, 128-bit products, Barrett reduction of a
// 512-bit value (HAC 14.42 with b = 2^64, k = 4).
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

// s = 0. s: 32 bytes out. Mirrors Monero's sc_0.
void sc_0(unsigned char *s);

// In place: s (64 bytes, a 512-bit little-endian integer) -> s[0..31] = s mod L.
// Bytes 32..63 are left as they were. Mirrors Monero's sc_reduce.
void sc_reduce(unsigned char *s);

// In place: s (32 bytes, any 256-bit value) -> s mod L. Mirrors sc_reduce32.
void sc_reduce32(unsigned char *s);

// s = a + b mod L. All 32 bytes; a, b any 256-bit values. Mirrors sc_add.
void sc_add(unsigned char *s, const unsigned char *a, const unsigned char *b);

// s = a - b mod L. All 32 bytes; a, b any 256-bit values. Mirrors sc_sub.
void sc_sub(unsigned char *s, const unsigned char *a, const unsigned char *b);

// s = a * b mod L. All 32 bytes; a, b any 256-bit values. Mirrors sc_mul.
void sc_mul(unsigned char *s, const unsigned char *a, const unsigned char *b);

// s = c + a*b mod L (Monero's argument order). All 32 bytes. Mirrors sc_muladd.
void sc_muladd(unsigned char *s, const unsigned char *a, const unsigned char *b, const unsigned char *c);

// s = c - a*b mod L (Monero's argument order). All 32 bytes. Mirrors sc_mulsub.
void sc_mulsub(unsigned char *s, const unsigned char *a, const unsigned char *b, const unsigned char *c);

// Returns 0 when s (32 bytes) is canonical, i.e. s < L as a 256-bit integer,
// and -1 otherwise (Monero's sc_check convention: "0 means valid").
int sc_check(const unsigned char *s);

// Returns 1 if any of the 32 bytes of s is nonzero, 0 otherwise. Does not
// reduce first: sc_isnonzero(L) is 1 (Monero's sc_isnonzero, "doesn't normalize").
int sc_isnonzero(const unsigned char *s);

#ifdef __cplusplus
}
#endif
