// The run-time table of curve backends (docs/ed25519_backends.md): what a vector
// backend provides to the batch entry points of curve/ecmult.h, and the one-time
// choice among the compiled-in backends (ecmult/backend.cpp; forced by
// CNCRYPTO_CURVE_IMPL=serial|avx2|ifma, or simd128 in the wasm build).
//
// Private to src/curve/. A backend's ISA translation unit (backend/<name>/*.cpp,
// compiled with its ISA flags) includes only this header and curve/types.h:
// no inline function of the serial code is compiled with vector flags (a weak
// inline copy with AVX-512 instructions could otherwise be the one the linker
// keeps for every caller). Its functions run only after available() said yes.
#pragma once

#include "curve/types.h"

#include <cstddef>
#include <cstdint>

namespace cncrypto::ed25519 {

// The widest backend's lanes: batch.cpp's stack buffers for a padded tail hold this
// many points; backend.cpp checks every entry against it at compile time.
inline constexpr unsigned kMaxCurveLanes = 8;

// One term of a dense variable-time Straus sum, as the kernels read it: the digits
// naf[0..top] of a width-w NAF (each 0 or odd, |d| < 2^(w-1); ecmult/recode.h's
// wnaf_vartime) over a table of odd multiples, entry j = (2j+1) P: cached (ge_dsmp's
// form) or affine (ge_precomp, e.g. ge_base_odd). Exactly one table is set.
struct naf_digits_term {
  const signed char *naf;
  const ge_cached *cached;
  const ge_precomp *precomp;
};

// The sparse form of a variable-time Straus sum (straus_vartime, the multiexps of
// Bulletproofs+ verification): every nonzero width-w NAF digit of every term, with
// its term and position, sorted by position; and per term its table of odd
// multiples (entry j = (2j+1) P; cached or affine, one of them set).
struct sparse_digit {
  std::uint32_t term;
  std::int16_t pos;
  signed char digit;
};
struct odd_table {
  const ge_cached *cached;
  const ge_precomp *precomp;
};

// One backend. lanes: how many points its kernels process at once (0 for the serial
// reference, whose entry points are plain loops; at most kMaxCurveLanes).
struct curve_backend {
  const char *name;
  bool (*available)();
  unsigned lanes;
  // out[k] = sum_i e[i] 16^i points[k], k < lanes, e[0..64) the digits of
  // recode_radix16(e, a, true) (shared by every lane, secret); the result is
  // ge_scalarmult_p3's point, in tight limbs. Constant time in e and the points.
  // Set by every backend with lanes (batch.cpp relies on it).
  void (*scalarmult_lanes)(ge_p3 *out, const signed char e[64], const ge_p3 *points);
  // out[k] = sum_i e[k][i] 16^i G over ge_base (the table of ge_scalarmult_base),
  // k < lanes, each e[k] a recode_radix16(.., true) digit string (secret).
  // Constant time in every digit.
  void (*scalarmult_base_lanes)(ge_p3 *out, const signed char (*e)[64]);
  // out[k] = sum_i e[k][i] 16^i points[k], k < lanes: scalarmult_lanes with a digit
  // string per lane (each a recode_radix16(.., true) string, secret). Constant time
  // in every digit and in the points.
  void (*scalarmult_each_lanes)(ge_p3 *out, const signed char (*e)[64], const ge_p3 *points);
  // *out = sum_i e[i] 16^i *point for ONE point, its coordinates computed in
  // parallel (the single calls ge_scalarmult / ge_scalarmult_p3 use it when set);
  // e as for scalarmult_lanes (secret). The result is ge_scalarmult_p3's group
  // element (possibly another projective representative), limbs < 2^51 + 2^15.
  // Constant time in e and the point. out may alias point. Null: the single calls
  // run the serial code.
  void (*scalarmult_one)(ge_p3 *out, const signed char e[64], const ge_p3 *point);
  // *out = sum_i e[i] 16^i G over ge_base for ONE scalar, the coordinates computed in
  // parallel (ge_scalarmult_base uses it when set); e as for scalarmult_lanes
  // (secret). Constant time in e. Null: the serial code.
  void (*scalarmult_base_one)(ge_p3 *out, const signed char e[64]);
  // *out = sum_k sum_{i <= top} terms[k].naf[i] 2^i P_k, 0 < n <= 3 terms, top >= 0:
  // the dense Straus loop of ge_double_scalarmult_*_vartime and
  // ge_triple_scalarmult_*_vartime for ONE accumulator, its coordinates computed in
  // parallel. _vartime: digits, tables and points are public (it branches on the
  // digits and indexes the tables by them). The result is the serial straus_dense's
  // group element, limbs < 2^51 + 2^15. Null: the serial code.
  void (*straus_dense_vartime)(ge_p3 *out, const naf_digits_term *terms, int n, int top);
  // The same for two independent sums sharing one digit loop (straus_pair_vartime,
  // CLSAG's L and R): *ra over a[0..na), *rb over b[0..nb), na, nb <= 3, top >= 0
  // the highest nonzero position of either. _vartime. Null: the serial code.
  void (*straus_pair_vartime)(ge_p3 *ra, const naf_digits_term *a, int na, ge_p3 *rb, const naf_digits_term *b,
                              int nb, int top);
  // *out = sum of digit 2^pos (tables[term]) over the n sparse digits, sorted by pos;
  // the digits at position i are entries[count[i] .. count[i+1]), top >= 0 the
  // highest position. _vartime (public digits, tables and points). The serial
  // straus_vartime's group element, limbs < 2^51 + 2^15. Null: the serial code.
  void (*straus_sparse_vartime)(ge_p3 *out, const odd_table *tables, const sparse_digit *entries, std::size_t n,
                                const std::uint32_t *count, int top);
  // out[k] = in[k]^((p-5)/8), k < lanes (lanes.h pow22523): the exponentiations of
  // the batched decompressions and hash-to-point maps (fe_pow22523_batch). Inputs
  // serial elements (limbs < 2^63), outputs tight. Constant time in the values.
  // Null: the serial fe_pow22523.
  void (*pow22523_lanes)(fe *out, const fe *in);
  // X25519's ladder for lanes entries (backend/lanes.h x25519_ladder): x2[k] / z2[k]
  // = u of s_k * u[k] (z2 = 0 at infinity), bits[k][i] = bit i < 255 of s_k (0 or 1,
  // secret; the arrays may be shared), u[k] serial limbs; outputs tight. Constant
  // time in the bits and the u. Null for the serial backend (curve/x25519.h).
  void (*x25519_lanes)(fe *x2, fe *z2, const std::uint64_t *const *bits, const fe *u);
  // X25519's ladder for ONE scalar, its state computed in parallel (the single call
  // x25519_ladder uses it when set): x2 / z2 = u of s * u (z2 = 0 at infinity), s
  // bits 254..0 of k (secret), u serial limbs (tight); outputs tight. Constant time
  // in k and u. Null: the serial ladder.
  void (*x25519_one)(fe x2, fe z2, const unsigned char k[32], const fe u);
  // scalarmult_lanes for a PUBLIC digit string e and public points (lanes.h
  // scalarmult_public: zero digits skipped, table entries read by index; the
  // batched leaf preparation's torsion clearing, scalarmult_batch_vartime): the same
  // group elements, limbs tight. _vartime. Null: scalarmult_lanes.
  void (*scalarmult_vartime_lanes)(ge_p3 *out, const signed char e[64], const ge_p3 *points);
  // scalarmult_base_one that also calls side(ctx) kBaseSideCalls times (132:
  // one_point.h, after each table selection and group operation), so that the caller's serial
  // work runs interleaved with the kernel's vector chain (the decoding's square
  // root of frombytes_vartime_and_scalarmult_base, curve/ecmult.h). side must not
  // depend on e. Constant time in e. Null: the caller runs its work before or after.
  void (*scalarmult_base_one_side)(ge_p3 *out, const signed char e[64], void (*side)(void *), void *ctx);
  // h[0..9] = the exact sums of Monero's ten-limb product f * g before its carries
  // (field/ref10.cpp's product_sums, which Monero's fe_mul limbs follow from), for
  // limbs within ref10's bounds (|f_i|, |g_i| <= 1.65 * 2^26); h has room for 16
  // (h[10..15] are scratch). Constant time. Null: the portable sums.
  void (*ref10_product_sums)(std::int64_t *h, const std::int32_t *f, const std::int32_t *g);
};

// How often a backend's scalarmult_base_one_side calls its side function.
inline constexpr int kBaseSideCalls = 132;

// The backend the batch entry points use: chosen on first use (thread-safe) as the
// best one this CPU runs, or the one CNCRYPTO_CURVE_IMPL names. Throws
// std::runtime_error naming the variable, its value and the valid names when the
// value is unknown or names a backend this CPU cannot run.
const curve_backend &curve_active_backend();

// The compiled-in backend of that name (available or not), or null.
const curve_backend *find_curve_backend(const char *name);
// The compiled-in backend of that name when it runs on this CPU, else null (the
// *_on entry points of the tests and benchmarks).
const curve_backend *runnable_curve_backend(const char *name);

// *r = a *A (ge_scalarmult_p3's semantics) on backend b: its scalarmult_one kernel,
// or the serial code when it has none (ecmult/scalarmult.cpp). r may alias A.
void scalarmult_p3_with(const curve_backend &b, ge_p3 *r, const unsigned char a[32], const ge_p3 *A);
// *h = a G (ge_scalarmult_base's semantics) on backend b: its scalarmult_base_one, or
// the serial code.
void scalarmult_base_with(const curve_backend &b, ge_p3 *h, const unsigned char a[32]);
// The same on b's scalarmult_base_one_side, which must not be null (the caller
// checks it and otherwise runs its work itself), with side(ctx) called
// kBaseSideCalls times during the computation. Constant time in a.
void scalarmult_base_with_side(const curve_backend &b, ge_p3 *h, const unsigned char a[32], void (*side)(void *),
                               void *ctx);

// The lane kernels an ISA file defines with lanes.h's CNCRYPTO_CURVE_LANE_KERNELS.
#define CNCRYPTO_CURVE_LANE_KERNEL_DECLARATIONS                                                  \
  void scalarmult_lanes(ge_p3 *out, const signed char e[64], const ge_p3 *points);              \
  void scalarmult_vartime_lanes(ge_p3 *out, const signed char e[64], const ge_p3 *points);      \
  void scalarmult_base_lanes(ge_p3 *out, const signed char (*e)[64]);                           \
  void scalarmult_each_lanes(ge_p3 *out, const signed char (*e)[64], const ge_p3 *points);      \
  void pow22523_lanes(fe *out, const fe *in);                                                   \
  void x25519_lanes(fe *x2, fe *z2, const std::uint64_t *const *bits, const fe *u);

#if defined(CNCRYPTO_CURVE_IFMA)
namespace ifma {
// The AVX-512 IFMA kernels (backend/ifma/ifma.cpp): 8 lanes.
CNCRYPTO_CURVE_LANE_KERNEL_DECLARATIONS
// One point, its four coordinates in four lanes (HWCD 2008's 4-way formulas).
void scalarmult_one(ge_p3 *out, const signed char e[64], const ge_p3 *point);
void scalarmult_base_one(ge_p3 *out, const signed char e[64]);
void scalarmult_base_one_side(ge_p3 *out, const signed char e[64], void (*side)(void *), void *ctx);
// Variable-time dense Straus, one or two 4-way accumulators (public inputs).
void straus_dense_vartime(ge_p3 *out, const naf_digits_term *terms, int n, int top);
void straus_pair_vartime(ge_p3 *ra, const naf_digits_term *a, int na, ge_p3 *rb, const naf_digits_term *b, int nb,
                         int top);
void straus_sparse_vartime(ge_p3 *out, const odd_table *tables, const sparse_digit *entries, std::size_t n,
                           const std::uint32_t *count, int top);
// X25519's ladder for one scalar, (x2, z2, x3, z3) in four lanes.
void x25519_one(fe x2, fe z2, const unsigned char k[32], const fe u);
// Monero's ten-limb product sums, ten lanes of two zmm registers (AVX-512F only).
void ref10_product_sums(std::int64_t *h, const std::int32_t *f, const std::int32_t *g);
}  // namespace ifma
#endif

#if defined(CNCRYPTO_CURVE_SIMD128)
namespace simd128 {
// The WebAssembly SIMD128 kernels (backend/simd128/simd128.cpp, the library
// cncrypto_curve_simd128 built with -msimd128): one point, its four coordinates in
// the four 32-bit lanes (the 4-way formulas of ifma's one-point kernels, on the
// 10-limb field), and the batched square-root exponentiation, 4 lanes. Only the SIMD128 module links them; ecmult/backend.cpp has weak
// fallbacks for the scalar module, where linked() is false and the entry is
// unavailable (a wasm engine without SIMD cannot even load a module with them).
bool linked();
void scalarmult_one(ge_p3 *out, const signed char e[64], const ge_p3 *point);
void scalarmult_base_one(ge_p3 *out, const signed char e[64]);
// out[k] = in[k]^((p-5)/8), k < 4, one element per lane (the serial chain).
void pow22523_lanes(fe *out, const fe *in);
// out[k] = a P_k, k < 4, one point per lane (the serial formulas lane-wise).
void scalarmult_lanes(ge_p3 *out, const signed char e[64], const ge_p3 *points);
}  // namespace simd128
#endif

#if defined(CNCRYPTO_CURVE_AVX2)
namespace avx2 {
// The AVX2 kernels (backend/avx2/avx2.cpp): 4 lanes.
CNCRYPTO_CURVE_LANE_KERNEL_DECLARATIONS
}  // namespace avx2
#endif

}  // namespace cncrypto::ed25519
