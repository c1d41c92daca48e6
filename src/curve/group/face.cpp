// Monero's crypto/crypto-ops.h, the public face of the curve layer: each extern "C"
// function with Monero's name and signature converts Monero's structs to the
// layer's own (curve/face.h) and calls the function of the same name in
// curve/ops.h; the public tables are the layer's tables in the face's types.
// cncrypto's own code never calls these (it calls curve/ops.h directly).
#include "crypto/crypto-ops.h"
#include "curve/face.h"
#include "curve/ops.h"

namespace ed = cncrypto::ed25519;
using ed::internal;

extern "C" {

// Field constants, ge_base, ge_Bi, ge_base_odd in the face's types (the same
// generated data as the layer's, group/ge.cpp).
#include "group/ed25519_tables.inc"

void ge_p1p1_to_p2(ge_p2 *r, const ge_p1p1 *p) { ed::ge_p1p1_to_p2(internal(r), internal(p)); }
void ge_p1p1_to_p3(ge_p3 *r, const ge_p1p1 *p) { ed::ge_p1p1_to_p3(internal(r), internal(p)); }
void ge_p3_to_p2(ge_p2 *r, const ge_p3 *p) { ed::ge_p3_to_p2(internal(r), internal(p)); }
void ge_p3_to_cached(ge_cached *r, const ge_p3 *p) { ed::ge_p3_to_cached(internal(r), internal(p)); }
void ge_p2_0(ge_p2 *r) { ed::ge_p2_0(internal(r)); }
void ge_p3_0(ge_p3 *r) { ed::ge_p3_0(internal(r)); }

void ge_add(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q) { ed::ge_add(internal(r), internal(p), internal(q)); }
void ge_sub(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q) { ed::ge_sub(internal(r), internal(p), internal(q)); }
void ge_madd(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q) { ed::ge_madd(internal(r), internal(p), internal(q)); }
void ge_msub(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q) { ed::ge_msub(internal(r), internal(p), internal(q)); }
void ge_p2_dbl(ge_p1p1 *r, const ge_p2 *p) { ed::ge_p2_dbl(internal(r), internal(p)); }
void ge_p3_dbl(ge_p1p1 *r, const ge_p3 *p) { ed::ge_p3_dbl(internal(r), internal(p)); }
void ge_mul8(ge_p1p1 *r, const ge_p2 *t) { ed::ge_mul8(internal(r), internal(t)); }

void ge_tobytes(unsigned char *s, const ge_p2 *h) { ed::ge_tobytes(s, internal(h)); }
void ge_p3_tobytes(unsigned char *s, const ge_p3 *h) { ed::ge_p3_tobytes(s, internal(h)); }
int ge_frombytes_vartime(ge_p3 *h, const unsigned char *s) { return ed::ge_frombytes_vartime(internal(h), s); }
void ge_fromfe_frombytes_vartime(ge_p2 *r, const unsigned char *s) { ed::ge_fromfe_frombytes_vartime(internal(r), s); }
int ge_p3_is_point_at_infinity_vartime(const ge_p3 *p) { return ed::ge_p3_is_point_at_infinity_vartime(internal(p)); }

int ge_p3_to_x25519(unsigned char *xbytes, const ge_p3 *h) { return ed::ge_p3_to_x25519(xbytes, internal(h)); }
int edwards_bytes_to_x25519_vartime(unsigned char *xbytes, const unsigned char *s) {
  ed::ge_p3 p;
  if (ed::ge_frombytes_vartime(&p, s) != 0) return -1;
  return ed::ge_p3_to_x25519(xbytes, &p);
}

void ge_scalarmult_base(ge_p3 *h, const unsigned char *a) { ed::ge_scalarmult_base(internal(h), a); }
void ge_scalarmult(ge_p2 *r, const unsigned char *a, const ge_p3 *A) { ed::ge_scalarmult(internal(r), a, internal(A)); }
void ge_scalarmult_p3(ge_p3 *r, const unsigned char *a, const ge_p3 *A) {
  ed::ge_scalarmult_p3(internal(r), a, internal(A));
}
void ge_dsm_precomp(ge_dsmp r, const ge_p3 *s) { ed::ge_dsm_precomp(internal(r), internal(s)); }

void ge_double_scalarmult_base_vartime(ge_p2 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b) {
  ed::ge_double_scalarmult_base_vartime(internal(r), a, internal(A), b);
}
void ge_double_scalarmult_base_vartime_p3(ge_p3 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b) {
  ed::ge_double_scalarmult_base_vartime_p3(internal(r), a, internal(A), b);
}
void ge_double_scalarmult_precomp_vartime(ge_p2 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b,
                                          const ge_dsmp Bi) {
  ed::ge_double_scalarmult_precomp_vartime(internal(r), a, internal(A), b, internal(Bi));
}
void ge_double_scalarmult_precomp_vartime2(ge_p2 *r, const unsigned char *a, const ge_dsmp Ai, const unsigned char *b,
                                           const ge_dsmp Bi) {
  ed::ge_double_scalarmult_precomp_vartime2(internal(r), a, internal(Ai), b, internal(Bi));
}
void ge_double_scalarmult_precomp_vartime2_p3(ge_p3 *r, const unsigned char *a, const ge_dsmp Ai,
                                              const unsigned char *b, const ge_dsmp Bi) {
  ed::ge_double_scalarmult_precomp_vartime2_p3(internal(r), a, internal(Ai), b, internal(Bi));
}
void ge_triple_scalarmult_base_vartime(ge_p2 *r, const unsigned char *a, const unsigned char *b, const ge_dsmp Bi,
                                       const unsigned char *c, const ge_dsmp Ci) {
  ed::ge_triple_scalarmult_base_vartime(internal(r), a, b, internal(Bi), c, internal(Ci));
}
void ge_triple_scalarmult_precomp_vartime(ge_p2 *r, const unsigned char *a, const ge_dsmp Ai, const unsigned char *b,
                                          const ge_dsmp Bi, const unsigned char *c, const ge_dsmp Ci) {
  ed::ge_triple_scalarmult_precomp_vartime(internal(r), a, internal(Ai), b, internal(Bi), c, internal(Ci));
}

}  // extern "C"
