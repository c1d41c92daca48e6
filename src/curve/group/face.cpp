// Monero's crypto/crypto-ops.h, the public face of the curve layer. The structs are
// Monero's (ten signed limbs, curve/ref10.h):
//   - the one-formula functions (conversions, additions, doublings, encoding,
//     decoding) are curve/ref10.h's, limb for limb Monero's;
//   - the heavy ones (scalar multiplications, the hash-to-point map, the identity
//     test, X25519) convert Monero's structs to the layer's own (curve/face.h), call
//     the function of the same name in curve/ops.h and convert the result back.
// The public tables are Monero's limbs (group/ed25519_tables_ref10.inc).
// cncrypto's own code never calls these (it calls curve/ops.h directly).
#include "crypto/crypto-ops.h"
#include "curve/face.h"
#include "curve/ops.h"
#include "curve/ref10.h"

namespace ed = cncrypto::ed25519;
namespace r10 = cncrypto::ed25519::ref10;
using ed::from_face;
using ed::to_face;

extern "C" {

// Field constants, ge_base, ge_Bi, ge_base_odd, ge_p3_identity, ge_p3_H in Monero's
// layout and limbs.
#include "group/ed25519_tables_ref10.inc"

void ge_p1p1_to_p2(ge_p2 *r, const ge_p1p1 *p) { r10::ge_p1p1_to_p2(r, p); }
void ge_p1p1_to_p3(ge_p3 *r, const ge_p1p1 *p) { r10::ge_p1p1_to_p3(r, p); }
void ge_p3_to_p2(ge_p2 *r, const ge_p3 *p) { r10::ge_p3_to_p2(r, p); }
void ge_p3_to_cached(ge_cached *r, const ge_p3 *p) { r10::ge_p3_to_cached(r, p); }
void ge_p2_0(ge_p2 *r) { r10::ge_p2_0(r); }
void ge_p3_0(ge_p3 *r) { r10::ge_p3_0(r); }

void ge_add(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q) { r10::ge_add(r, p, q); }
void ge_sub(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q) { r10::ge_sub(r, p, q); }
void ge_madd(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q) { r10::ge_madd(r, p, q); }
void ge_msub(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q) { r10::ge_msub(r, p, q); }
void ge_p2_dbl(ge_p1p1 *r, const ge_p2 *p) { r10::ge_p2_dbl(r, p); }
void ge_p3_dbl(ge_p1p1 *r, const ge_p3 *p) { r10::ge_p3_dbl(r, p); }
void ge_mul8(ge_p1p1 *r, const ge_p2 *t) { r10::ge_mul8(r, t); }

void ge_tobytes(unsigned char *s, const ge_p2 *h) {
  const ed::ge_p2 p = from_face(*h);
  ed::ge_tobytes(s, &p);
}
void ge_p3_tobytes(unsigned char *s, const ge_p3 *h) {
  const ed::ge_p3 p = from_face(*h);
  ed::ge_p3_tobytes(s, &p);
}
int ge_frombytes_vartime(ge_p3 *h, const unsigned char *s) { return r10::ge_frombytes_vartime(h, s); }
void ge_fromfe_frombytes_vartime(ge_p2 *r, const unsigned char *s) {
  ed::ge_p2 p;
  ed::ge_fromfe_frombytes_vartime(&p, s);
  *r = to_face(p);
}
int ge_p3_is_point_at_infinity_vartime(const ge_p3 *p) {
  const ed::ge_p3 q = from_face(*p);
  return ed::ge_p3_is_point_at_infinity_vartime(&q);
}

int ge_p3_to_x25519(unsigned char *xbytes, const ge_p3 *h) {
  const ed::ge_p3 p = from_face(*h);
  return ed::ge_p3_to_x25519(xbytes, &p);
}
int edwards_bytes_to_x25519_vartime(unsigned char *xbytes, const unsigned char *s) {
  ed::ge_p3 p;
  if (ed::ge_frombytes_vartime(&p, s) != 0) return -1;
  return ed::ge_p3_to_x25519(xbytes, &p);
}

void ge_scalarmult_base(ge_p3 *h, const unsigned char *a) {
  ed::ge_p3 r;
  ed::ge_scalarmult_base(&r, a);
  *h = to_face(r);
}
void ge_scalarmult(ge_p2 *r, const unsigned char *a, const ge_p3 *A) {
  const ed::ge_p3 p = from_face(*A);
  ed::ge_p2 q;
  ed::ge_scalarmult(&q, a, &p);
  *r = to_face(q);
}
void ge_scalarmult_p3(ge_p3 *r, const unsigned char *a, const ge_p3 *A) {
  const ed::ge_p3 p = from_face(*A);
  ed::ge_p3 q;
  ed::ge_scalarmult_p3(&q, a, &p);
  *r = to_face(q);
}
void ge_dsm_precomp(ge_dsmp r, const ge_p3 *s) {
  const ed::ge_p3 p = from_face(*s);
  ed::ge_dsmp t;
  ed::ge_dsm_precomp(t, &p);
  to_face(r, t);
}

void ge_double_scalarmult_base_vartime(ge_p2 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b) {
  const ed::ge_p3 p = from_face(*A);
  ed::ge_p2 q;
  ed::ge_double_scalarmult_base_vartime(&q, a, &p, b);
  *r = to_face(q);
}
void ge_double_scalarmult_base_vartime_p3(ge_p3 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b) {
  const ed::ge_p3 p = from_face(*A);
  ed::ge_p3 q;
  ed::ge_double_scalarmult_base_vartime_p3(&q, a, &p, b);
  *r = to_face(q);
}
void ge_double_scalarmult_precomp_vartime(ge_p2 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b,
                                          const ge_dsmp Bi) {
  const ed::ge_p3 p = from_face(*A);
  ed::ge_dsmp bi;
  from_face(bi, Bi);
  ed::ge_p2 q;
  ed::ge_double_scalarmult_precomp_vartime(&q, a, &p, b, bi);
  *r = to_face(q);
}
void ge_double_scalarmult_precomp_vartime2(ge_p2 *r, const unsigned char *a, const ge_dsmp Ai, const unsigned char *b,
                                           const ge_dsmp Bi) {
  ed::ge_dsmp ai, bi;
  from_face(ai, Ai);
  from_face(bi, Bi);
  ed::ge_p2 q;
  ed::ge_double_scalarmult_precomp_vartime2(&q, a, ai, b, bi);
  *r = to_face(q);
}
void ge_double_scalarmult_precomp_vartime2_p3(ge_p3 *r, const unsigned char *a, const ge_dsmp Ai,
                                              const unsigned char *b, const ge_dsmp Bi) {
  ed::ge_dsmp ai, bi;
  from_face(ai, Ai);
  from_face(bi, Bi);
  ed::ge_p3 q;
  ed::ge_double_scalarmult_precomp_vartime2_p3(&q, a, ai, b, bi);
  *r = to_face(q);
}
void ge_triple_scalarmult_base_vartime(ge_p2 *r, const unsigned char *a, const unsigned char *b, const ge_dsmp Bi,
                                       const unsigned char *c, const ge_dsmp Ci) {
  ed::ge_dsmp bi, ci;
  from_face(bi, Bi);
  from_face(ci, Ci);
  ed::ge_p2 q;
  ed::ge_triple_scalarmult_base_vartime(&q, a, b, bi, c, ci);
  *r = to_face(q);
}
void ge_triple_scalarmult_precomp_vartime(ge_p2 *r, const unsigned char *a, const ge_dsmp Ai, const unsigned char *b,
                                          const ge_dsmp Bi, const unsigned char *c, const ge_dsmp Ci) {
  ed::ge_dsmp ai, bi, ci;
  from_face(ai, Ai);
  from_face(bi, Bi);
  from_face(ci, Ci);
  ed::ge_p2 q;
  ed::ge_triple_scalarmult_precomp_vartime(&q, a, ai, b, bi, c, ci);
  *r = to_face(q);
}

}  // extern "C"
