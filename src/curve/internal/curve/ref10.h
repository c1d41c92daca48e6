// Monero's own field-element layout and its exact limb arithmetic (issue 33, step 2):
// the representation of Monero's public crypto-ops.h structs, for the face.
//
// Layer interface (C++ only), namespace cncrypto::ed25519::ref10. Monero's
// crypto-ops.c (from SUPERCOP's ref10) keeps a field element as ten signed 32-bit
// limbs, value = sum(f[i] * 2^off[i]) mod p, off = 0, 26, 51, 77, 102, 128, 153, 179,
// 204, 230 (radix 2^25.5: even limbs 26 bits, odd limbs 25 bits, signed, not kept
// reduced). Monero's own tests read these limbs (tests/crypto's
// check_ge_p3_identity compares X[n], T[n] == 0 and Y[n] == Z[n] after
// ge_frombytes_vartime, ge_p3_to_cached, ge_add, ge_sub and ge_p1p1_to_p3), so the
// functions below give EXACTLY Monero's limb values, not only the same field
// values. They are written here from the algorithm (ref10's formulas and carry
// order), not from Monero's code:
//   fe_add/fe_sub/fe_neg: limb-wise, no carry.
//   fe_mul/fe_sq: the exact integer h[k] = sum over i + j = k (mod 10) of
//     f[i] g[j] * (2 if i and j are both odd) * (19 if i + j >= 10), then ref10's
//     carries in the order 0,4 / 1,5 / 2,6 / 3,7 / 4,8 / 9 / 0, each rounding:
//     c = (h[i] + 2^(w-1)) >> w (w = 26 for even i, 25 for odd), h[i] -= c 2^w,
//     c (times 19 from limb 9) added to the next limb. fe_sq(f) is fe_mul(f, f)
//     limb for limb; fe_sq2 doubles every h[k] before carrying.
//   fe_frombytes: Monero's loads (bit 255 dropped) and carries 9,1,3,5,7,0,2,4,6,8.
//   fe_invert, fe_pow22523 and fe_divpowm1: Monero's exact square/multiply chains.
//   The ge_* formulas: Monero's, operation for operation (the order of the fe_*
//     calls decides the limbs).
// Inputs are expected within ref10's bounds (what these functions produce and
// Monero's tables hold: |limb| below about 1.65 * 2^w); the products are computed
// in 64 bits exactly, so within those bounds the result is Monero's. fe_tobytes,
// fe_isnegative and fe_isnonzero read the canonical value (any limbs).
//
// Monero's constants in this layout (fe_d, fe_d2, fe_sqrtm1, the tables) are the
// canonical value in the form fe_frombytes gives (checked for every constant of
// Monero's crypto-ops-data.c: from_internal() of our value reproduces Monero's limbs,
// with Monero's choice of the even square root for fe_fffb1..4).
//
// crypto-ops.h's extern "C" functions of the same names (group/face.cpp,
// field/fe.cpp) call these. Inside this namespace a ge_* call on the public
// structs must be qualified (ref10::ge_add): argument-dependent lookup also finds
// the global C function of that name.
//
// Conversions with the layer's fast representation (curve/types.h):
//   to_internal: any int32 limbs (unreduced, negative) -> the value, tight limbs.
//   from_internal: the layer's limbs carried, split at these offsets and carried as
//     fe_frombytes carries: limbs within +-2^25 / +-2^24 (and a carry), the value
//     not necessarily reduced below p; for reduced limbs (a canonical value, every
//     table) exactly the form of Monero's constants. No reduction: cheap.
// Constant time: everything here except the _vartime functions.
#pragma once

#include "crypto/crypto-ops.h"
#include "curve/types.h"

#include <cstdint>

namespace cncrypto::ed25519::ref10 {

// The public structs of crypto/crypto-ops.h are this layout: these names are them.
using fe = ::fe;
using ge_p2 = ::ge_p2;
using ge_p3 = ::ge_p3;
using ge_p1p1 = ::ge_p1p1;
using ge_precomp = ::ge_precomp;
using ge_cached = ::ge_cached;
static_assert(sizeof(fe) == 10 * sizeof(std::int32_t), "Monero's fe: ten 32-bit limbs");

// The constants are crypto-ops.h's tables (fe_d, fe_d2, fe_sqrtm1, ge_base, ...),
// group/ed25519_tables_ref10.inc.

// ---- field: limb-exact with Monero's crypto-ops.c ---------------------------
void fe_0(fe h);
void fe_1(fe h);
void fe_copy(fe h, const fe f);
void fe_add(fe h, const fe f, const fe g);
void fe_sub(fe h, const fe f, const fe g);
void fe_neg(fe h, const fe f);
void fe_mul(fe h, const fe f, const fe g);
void fe_sq(fe h, const fe f);
void fe_sq2(fe h, const fe f);  // 2 f^2
// s[32] little-endian, bit 255 ignored; any 255-bit value (>= p too).
void fe_frombytes(fe h, const unsigned char *s);
void fe_invert(fe h, const fe f);                      // f^(p-2)
void fe_pow22523(fe h, const fe f);                    // f^((p-5)/8)
void fe_divpowm1(fe r, const fe u, const fe v);        // u v^3 (u v^7)^((p-5)/8)
// ---- field: value-exact (canonical value of any limbs) ----------------------
void fe_tobytes(unsigned char *s, const fe f);  // 32 canonical bytes
int fe_isnegative(const fe f);                   // low bit of the canonical value
int fe_isnonzero(const fe f);

// ---- group: limb-exact with Monero's crypto-ops.c ---------------------------
void ge_p2_0(ge_p2 *h);
void ge_p3_0(ge_p3 *h);
void ge_precomp_0(ge_precomp *h);
void ge_p3_to_p2(ge_p2 *r, const ge_p3 *p);
void ge_p3_to_cached(ge_cached *r, const ge_p3 *p);
void ge_p1p1_to_p2(ge_p2 *r, const ge_p1p1 *p);
void ge_p1p1_to_p3(ge_p3 *r, const ge_p1p1 *p);
void ge_add(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q);
void ge_sub(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q);
void ge_madd(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q);
void ge_msub(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q);
void ge_p2_dbl(ge_p1p1 *r, const ge_p2 *p);
void ge_p3_dbl(ge_p1p1 *r, const ge_p3 *p);
void ge_mul8(ge_p1p1 *r, const ge_p2 *t);  // three doublings, as Monero's
void ge_tobytes(unsigned char *s, const ge_p2 *h);
void ge_p3_tobytes(unsigned char *s, const ge_p3 *h);
// Monero's decoder: 0, or -1 (h unspecified) when the 255-bit y is >= p, when
// (y^2 - 1)/(d y^2 + 1) is not a square, or when x = 0 with the sign bit set (the
// refusals of curve/ops.h's ge_frombytes_vartime, which is the same function on
// the layer's types). _vartime: s must be public.
int ge_frombytes_vartime(ge_p3 *h, const unsigned char *s);

// ---- conversions with the layer's representation ------------------------------
void to_internal(cncrypto::ed25519::fe out, const fe f);
void from_internal(fe out, const cncrypto::ed25519::fe f);
cncrypto::ed25519::ge_p2 to_internal(const ge_p2 &p);
cncrypto::ed25519::ge_p3 to_internal(const ge_p3 &p);
cncrypto::ed25519::ge_p1p1 to_internal(const ge_p1p1 &p);
cncrypto::ed25519::ge_precomp to_internal(const ge_precomp &p);
cncrypto::ed25519::ge_cached to_internal(const ge_cached &p);
ge_p2 from_internal(const cncrypto::ed25519::ge_p2 &p);
ge_p3 from_internal(const cncrypto::ed25519::ge_p3 &p);
ge_p1p1 from_internal(const cncrypto::ed25519::ge_p1p1 &p);
ge_precomp from_internal(const cncrypto::ed25519::ge_precomp &p);
ge_cached from_internal(const cncrypto::ed25519::ge_cached &p);

}  // namespace cncrypto::ed25519::ref10
