// X25519's Montgomery ladder (RFC 7748 section 5) on the curve layer's field: the
// layer interface behind the public crypto/cncrypto_x25519.h (docs/x25519.md).
//
// C++, namespace cncrypto::ed25519. Implemented in src/curve/x25519/x25519.cpp; the
// batch forms run the active curve backend's lanes (backend/lanes.h: the ladder
// written once over the vector field; avx2 4 lanes, ifma 8) through the table of
// ecmult/backend.cpp, the serial ladder being the reference and the fallback.
//
// Scalars: 32 bytes little-endian, taken AS GIVEN except that bit 255 is ignored
// (the ladder runs bits 254..0); clamping is the caller's (crypto/cncrypto_x25519.h's x25519
// clamps, x25519_unclamped does not). u: 32 bytes little-endian, bit 255 masked, a
// value >= p taken mod p (RFC 7748 section 5: "implementations MUST accept
// non-canonical values and process them as if they had been reduced modulo the
// field prime"). Output: the canonical 32-byte u of k * u, 0 when the result is the
// point at infinity (x2 * z2^(p-2) with z2 = 0), as RFC 7748 specifies.
//
// Constant time in the scalar and in u: the ladder's conditional swaps are masked
// (fe_cswap, or the backend's blends), every field operation is constant time; n is
// public. Thread-safe, no allocation.
#pragma once

#include <cstddef>

namespace cncrypto::ed25519 {

// out = k * u on the serial field (curve/field.h): the reference every backend is
// tested against.
void x25519_ladder_serial(unsigned char out[32], const unsigned char k[32], const unsigned char u[32]);

// out = k * u (the single call) on the active curve backend: its one-scalar kernel
// (ifma: the ladder's four coordinates in four lanes, 3 4-way multiplications a
// step), else the serial ladder. Same exception as the batches below.
void x25519_ladder(unsigned char out[32], const unsigned char k[32], const unsigned char u[32]);
// The same on the named backend; false, writing nothing, when it does not run here.
bool x25519_ladder_on(const char *backend, unsigned char out[32], const unsigned char k[32],
                      const unsigned char u[32]);

// out[i] = k * u[i], i < n (one scalar, many points: a view key against every
// transaction's ephemeral key), on the active curve backend: whole groups of lanes
// through its kernel, a tail of 2 or more as one more padded kernel call, a tail of
// 1 through the backend's one-scalar kernel; one shared field inversion per 64 entries. Each out[i]
// equals x25519_ladder(k, u[i]). out must not alias u. Throws std::runtime_error as
// the other batch calls do (CNCRYPTO_CURVE_IMPL, curve/ecmult.h).
void x25519_ladder_batch(unsigned char (*out)[32], const unsigned char k[32], const unsigned char (*u)[32],
                         std::size_t n);

// out[i] = k[i] * u[i], i < n: a scalar per entry; otherwise as x25519_ladder_batch.
void x25519_ladder_each_batch(unsigned char (*out)[32], const unsigned char (*k)[32], const unsigned char (*u)[32],
                              std::size_t n);

// The same on the backend of that name (tests and benchmarks compare backends in one
// process); false, writing nothing, when no compiled-in backend of that name runs here.
bool x25519_ladder_batch_on(const char *backend, unsigned char (*out)[32], const unsigned char k[32],
                            const unsigned char (*u)[32], std::size_t n);
bool x25519_ladder_each_batch_on(const char *backend, unsigned char (*out)[32], const unsigned char (*k)[32],
                                 const unsigned char (*u)[32], std::size_t n);

// out = u of k * B, B the base point (u = 9), through ed25519's fixed-base
// multiplication (ge_scalarmult_base, the active backend's) and u = (1 + y)/(1 - y):
// equal to x25519_ladder(k, 9) for every k with bit 255 ignored (k < 2^255, so
// Monero's top-digit rule never applies). Constant time in k.
void x25519_base(unsigned char out[32], const unsigned char k[32]);

}  // namespace cncrypto::ed25519
