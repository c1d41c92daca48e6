// X25519 (RFC 7748): Diffie-Hellman on Curve25519's Montgomery u-coordinate, and the
// unclamped scalar multiplication of Monero's Carrot addressing. cncrypto's own
// header and names (namespace cncrypto): Monero (master at 0aa9c51) has no X25519
// multiplication; its Carrot code, later, calls mx25519 (jeffro256's "unclamped"
// branch), whose mx25519_scmul_key / mx25519_scmul_base x25519_unclamped and
// x25519_unclamped_base reproduce. docs/x25519.md. Not named crypto/x25519.h: later
// Monero master has a header of that name (crypto::x25519_* over mx25519), which a
// Monero build must find, not this one.
//
// Sizes: every scalar, u-coordinate and output is 32 bytes, little-endian.
// Inputs:
//   scalar  secret. x25519* clamp it as RFC 7748 section 5's decodeScalar25519 does
//           (bits 0, 1, 2 and 255 cleared, bit 254 set); x25519_unclamped* use it as
//           given except bit 255, which is ignored (a 255-bit integer, any low bits,
//           bit 254 zero or one: Carrot multiplies by Ed25519 scalars mod L).
//   u       the peer's public u-coordinate: bit 255 is masked and a value >= p =
//           2^255 - 19 is taken mod p (RFC 7748 section 5). Every u is accepted:
//           points of the twist and of small order too (Wycheproof X25519's
//           "acceptable" cases), as the RFC's function does.
// Output: the canonical u of scalar * u (< p); all zero when the result is the point
// at infinity (a small-order u, or u = 0). The single calls return false, the batches
// count one, exactly then: RFC 7748 section 6.1's all-zero check, left to the caller
// (the output is written either way).
//
// Constant time in the scalar and in u (the ladder's swaps are masked; no branch or
// address depends on either); only the all-zero result is revealed by the return
// value. Thread-safe; no allocation. A null pointer (with n > 0 for arrays) throws
// std::invalid_argument; every call throws std::runtime_error when
// CNCRYPTO_CURVE_IMPL names an unknown curve backend or one this CPU cannot run (they
// run on the active backend, as ge_scalarmult does; docs/ed25519_backends.md).
// Nothing else fails.
#pragma once

#include <cstddef>

namespace cncrypto {

// out = X25519(scalar, u), RFC 7748 section 5 (clamped scalar, Montgomery ladder).
// Returns false iff out is all zero.
bool x25519(unsigned char out[32], const unsigned char scalar[32], const unsigned char u[32]);

// out = X25519(scalar, 9): the public key of scalar (RFC 7748 section 6.1), computed
// as ed25519's fixed-base product then u = (1 + y)/(1 - y). Returns false iff out is
// all zero (never, for a clamped scalar).
bool x25519_base(unsigned char out[32], const unsigned char scalar[32]);

// out = u of scalar * u with the scalar's bits 0..254 as given (bit 255 ignored): Carrot's
// ECDH (s_sr = k_v D_e, d_e ConvertPointE(K_v)), mx25519_scmul_key of Monero's
// mx25519. Returns false iff out is all zero.
bool x25519_unclamped(unsigned char out[32], const unsigned char scalar[32], const unsigned char u[32]);

// out = u of scalar * B, B the base point (u = 9), scalar as in x25519_unclamped:
// Carrot's D_e = d_e B (mx25519_scmul_base). Returns false iff out is all zero
// (scalar a multiple of the group order, e.g. 0).
bool x25519_unclamped_base(unsigned char out[32], const unsigned char scalar[32]);

// out[i] = x25519(scalar, u[i]) / x25519_unclamped(scalar, u[i]), i < n: one scalar
// against many points (a view key against each transaction's ephemeral key when
// scanning). Byte for byte the single calls' results, computed on the active curve
// backend's vector lanes (AVX2: 4, AVX-512 IFMA: 8) with one field inversion per 64
// entries. out must not overlap u. Returns the number of all-zero outputs.
std::size_t x25519_batch(unsigned char (*out)[32], const unsigned char scalar[32], const unsigned char (*u)[32],
                         std::size_t n);
std::size_t x25519_unclamped_batch(unsigned char (*out)[32], const unsigned char scalar[32],
                                   const unsigned char (*u)[32], std::size_t n);

// out[i] = x25519(scalars[i], u[i]) / x25519_unclamped(scalars[i], u[i]), i < n: a
// scalar per entry; otherwise as above.
std::size_t x25519_each_batch(unsigned char (*out)[32], const unsigned char (*scalars)[32],
                              const unsigned char (*u)[32], std::size_t n);
std::size_t x25519_unclamped_each_batch(unsigned char (*out)[32], const unsigned char (*scalars)[32],
                                        const unsigned char (*u)[32], std::size_t n);

}  // namespace cncrypto
