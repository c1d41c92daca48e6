// Monero's crypto-ops.h functions on the curve layer's own types (curve/types.h):
// what cncrypto's code calls (layer interface, C++ only).
//
// Same names, argument orders, semantics and timing as the public face
// (crypto/crypto-ops.h, whose comments are the reference), in namespace
// cncrypto::ed25519 and on the fast representation; the face's extern "C" functions
// (group/face.cpp) convert Monero's structs and call these. Code in namespace
// cncrypto::ed25519 calls them unqualified; code elsewhere as `ed::ge_add(...)` with
// `namespace ed = cncrypto::ed25519;`. The cheap ones (conversions, additions,
// doublings) are inline, so a caller's loop compiles them into straight-line code.
#pragma once

#include "curve/group.h"
#include "curve/types.h"

namespace cncrypto::ed25519 {

// ---- conversions, additions, doublings (constant time) -------------------

inline void ge_p1p1_to_p2(ge_p2 *r, const ge_p1p1 *p) { p1p1_to_p2(r, p); }
inline void ge_p1p1_to_p3(ge_p3 *r, const ge_p1p1 *p) { p1p1_to_p3(r, p); }
inline void ge_p3_to_p2(ge_p2 *r, const ge_p3 *p) { p3_to_p2(r, p); }
inline void ge_p3_to_cached(ge_cached *r, const ge_p3 *p) { p3_to_cached(r, p); }
inline void ge_p2_0(ge_p2 *r) {
  fe_0(r->X);
  fe_1(r->Y);
  fe_1(r->Z);
}
inline void ge_p3_0(ge_p3 *r) { p3_identity(r); }
inline void ge_add(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q) { add_cached<false>(r, p, q); }
inline void ge_sub(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q) { add_cached<true>(r, p, q); }
inline void ge_madd(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q) { add_precomp<false>(r, p, q); }
inline void ge_msub(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q) { add_precomp<true>(r, p, q); }
inline void ge_p2_dbl(ge_p1p1 *r, const ge_p2 *p) { p2_dbl(r, p); }
inline void ge_p3_dbl(ge_p1p1 *r, const ge_p3 *p) { p3_dbl(r, p); }
// r = 8t (three doublings).
void ge_mul8(ge_p1p1 *r, const ge_p2 *t);

// ---- encoding, decoding, the hash-to-point map ----------------------------

void ge_tobytes(unsigned char *s, const ge_p2 *h);
void ge_p3_tobytes(unsigned char *s, const ge_p3 *h);
int ge_frombytes_vartime(ge_p3 *h, const unsigned char *s);
void ge_fromfe_frombytes_vartime(ge_p2 *r, const unsigned char *s);
int ge_p3_is_point_at_infinity_vartime(const ge_p3 *p);
int ge_p3_to_x25519(unsigned char *xbytes, const ge_p3 *h);

// ---- scalar multiplication (ecmult/) ---------------------------------------

void ge_scalarmult_base(ge_p3 *h, const unsigned char *a);
void ge_scalarmult(ge_p2 *r, const unsigned char *a, const ge_p3 *A);
void ge_scalarmult_p3(ge_p3 *r, const unsigned char *a, const ge_p3 *A);
void ge_dsm_precomp(ge_dsmp r, const ge_p3 *s);
// Monero master's fe_ed_derivatives_to_wei_x_y (crypto-ops.h) on the layer's fe:
// wei_x = one_plus_y inv_one_minus_y + A/3, wei_y = c one_plus_y
// inv_one_minus_y_mul_x, canonical bytes. Constant time. (convert/weierstrass.cpp)
void fe_ed_derivatives_to_wei_x_y(unsigned char *wei_x, unsigned char *wei_y, const fe inv_one_minus_y,
                                  const fe one_plus_y, const fe inv_one_minus_y_mul_x);
void ge_double_scalarmult_base_vartime(ge_p2 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b);
void ge_double_scalarmult_base_vartime_p3(ge_p3 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b);
void ge_double_scalarmult_precomp_vartime(ge_p2 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b,
                                          const ge_dsmp Bi);
void ge_double_scalarmult_precomp_vartime2(ge_p2 *r, const unsigned char *a, const ge_dsmp Ai, const unsigned char *b,
                                           const ge_dsmp Bi);
void ge_double_scalarmult_precomp_vartime2_p3(ge_p3 *r, const unsigned char *a, const ge_dsmp Ai,
                                              const unsigned char *b, const ge_dsmp Bi);
void ge_triple_scalarmult_base_vartime(ge_p2 *r, const unsigned char *a, const unsigned char *b, const ge_dsmp Bi,
                                       const unsigned char *c, const ge_dsmp Ci);
void ge_triple_scalarmult_precomp_vartime(ge_p2 *r, const unsigned char *a, const ge_dsmp Ai, const unsigned char *b,
                                          const ge_dsmp Bi, const unsigned char *c, const ge_dsmp Ci);

}  // namespace cncrypto::ed25519
