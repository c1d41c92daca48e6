/* Ed25519 field, group and scalar operations with Monero's C API (crypto-ops.h).
 *
 * Names, argument orders and results follow monero-project/monero
 * src/crypto/crypto-ops.h, so RingCT-style code ports unchanged, and so are the
 * structs (docs/ed25519.md):
 *   fe          field element mod p = 2^255 - 19: Monero's (ref10's) ten signed
 *               32-bit limbs, value = sum f[i] 2^off[i] mod p, off = 0, 26, 51, 77,
 *               102, 128, 153, 179, 204, 230 (26/25 bits a limb, not kept reduced)
 *   ge_p2       projective (X : Y : Z), x = X/Z, y = Y/Z
 *   ge_p3       extended (X : Y : Z : T), additionally T = XY/Z (Hisil et al. 2008)
 *   ge_p1p1     completed ((X : Z), (Y : T)), x = X/Z, y = Y/T
 *   ge_cached   (Y + X, Y - X, Z, 2d T): a ge_p3 ready to be added
 *   ge_precomp  (y + x, y - x, 2d x y): an affine point (Z = 1) ready to be added
 *
 * Points are 32-byte encodings (RFC 8032 5.1.2): y little-endian, bit 255 = the low
 * bit of x. Scalars are 32-byte little-endian integers (not necessarily < L).
 *
 * Timing: functions ending in _vartime take time that depends on their inputs and
 * must only see public data (points being decoded or verified, public scalars).
 * Every other function runs in constant time with respect to its inputs.
 *
 * Nothing here reports errors other than through return values; no function
 * allocates, except fe_batch_invert (which reports a failed allocation as -1).
 *
 * Limbs. Monero's own tests read the limbs of these structs (tests/crypto's
 * check_ge_p3_identity), so the "one formula" functions give EXACTLY the limbs of
 * Monero's crypto-ops.c (ref10's formulas and carry order; checked against
 * Monero 0.18's code on millions of random inputs, curve/ref10.h): fe_0, fe_1,
 * fe_add, fe_sub, fe_neg, fe_mul, fe_sq, fe_invert, fe_frombytes_vartime;
 * ge_p1p1_to_p2, ge_p1p1_to_p3, ge_p3_to_p2, ge_p3_to_cached, ge_p2_0, ge_p3_0,
 * ge_add, ge_sub, ge_madd, ge_msub, ge_p2_dbl, ge_p3_dbl, ge_mul8,
 * ge_frombytes_vartime; the tables (fe_d, fe_d2, fe_sqrtm1, fe_ma, fe_ma2,
 * fe_fffb1..4, ge_p3_identity, ge_p3_H, ge_base, ge_Bi) hold Monero's limbs
 * (ge_base_odd, fe_a, fe_a_inv_3, fe_c in the same form). Everything else (the
 * scalar multiplications, ge_dsm_precomp, ge_fromfe_frombytes_vartime,
 * fe_batch_invert, fe_reduce_vartime, ...) converts to cncrypto's fast internal
 * representation and back: its outputs are the right field values and points, in
 * a correct but not necessarily Monero's limb form (limbs within Monero's
 * bounds, carried as Monero's fe_frombytes carries, the value not necessarily
 * reduced below p). Bytes (encodings, fe_tobytes) are always
 * Monero's. Inputs may be any limbs within ref10's bounds (|f[i]| below about
 * 1.6 * 2^26 / 2^25, what these functions and Monero's produce). */
#ifndef CNCRYPTO_CRYPTO_CRYPTO_OPS_H
#define CNCRYPTO_CRYPTO_CRYPTO_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "crypto/ed25519/sc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Monero's field element and point structs (crypto-ops.h), its layout. cncrypto
 * computes on its own types and converts at this boundary
 * (src/curve/internal/curve/face.h). */
typedef int32_t fe[10];

typedef struct {
  fe X;
  fe Y;
  fe Z;
} ge_p2;

typedef struct {
  fe X;
  fe Y;
  fe Z;
  fe T;
} ge_p3;

typedef struct {
  fe X;
  fe Y;
  fe Z;
  fe T;
} ge_p1p1;

typedef struct {
  fe yplusx;
  fe yminusx;
  fe xy2d;
} ge_precomp;

typedef struct {
  fe YplusX;
  fe YminusX;
  fe Z;
  fe T2d;
} ge_cached;

/* Odd multiples P, 3P, 5P, ..., 15P of a point, for 5-bit sliding windows. */
typedef ge_cached ge_dsmp[8];

/* ---- constants ---------------------------------------------------------- */

extern const fe fe_d;        /* d = -121665/121666 */
extern const fe fe_d2;       /* 2d */
extern const fe fe_sqrtm1;   /* sqrt(-1) = 2^((p-1)/4) */
extern const fe fe_ma;       /* -A, A = 486662 */
extern const fe fe_ma2;      /* -A^2 */
extern const fe fe_fffb1;    /* sqrt(-2A(A+2)) */
extern const fe fe_fffb2;    /* sqrt(2A(A+2)) */
extern const fe fe_fffb3;    /* sqrt(-sqrt(-1) A(A+2)) */
extern const fe fe_fffb4;    /* sqrt(sqrt(-1) A(A+2)) */
/* Monero master's (0aa9c51) Weierstrass constants (draft-ietf-lwig-curve-
 * representations-02 E.2), canonical limbs: */
extern const fe fe_a;        /* A = 486662 */
extern const fe fe_a_inv_3;  /* A/3 */
extern const fe fe_c;        /* sqrt(-(A+2)), the larger root (bytes e781ba00...0b12d970) */
extern const ge_p3 ge_p3_identity;     /* (0 : 1 : 1 : 0) */
extern const ge_p3 ge_p3_H;            /* Monero's amount generator H */
extern const ge_precomp ge_base[32][8];  /* ge_base[i][j] = (j+1) 256^i G */
extern const ge_precomp ge_Bi[8];        /* ge_Bi[j] = (2j+1) G */
extern const ge_precomp ge_base_odd[64]; /* ge_base_odd[j] = (2j+1) G (cncrypto) */

/* ---- field elements (Monero's exported subset, on Monero's limbs) ------- */

/* h = 0 / h = 1. */
void fe_0(fe h);
void fe_1(fe h);
/* h = f + g without carrying (f, g reduced by a previous operation). */
void fe_add(fe h, const fe f, const fe g);
/* h = f - g, h = -f, h = f*g, h = f^2, h = 1/f (0 -> 0). */
void fe_sub(fe h, const fe f, const fe g);
void fe_neg(fe h, const fe f);
void fe_mul(fe h, const fe f, const fe g);
void fe_sq(fe h, const fe f);
void fe_invert(fe h, const fe f);
/* s[32] = canonical little-endian encoding of f (value < p). */
void fe_tobytes(unsigned char *s, const fe f);
/* 1 if the canonical value of f is odd / nonzero. */
int fe_isnegative(const fe f);
int fe_isnonzero(const fe f);
/* Reads s[32] (bit 255 ignored) into h. Returns 0, or -1 (h unspecified) if the
 * 255-bit value is >= p (non-canonical). _vartime: s must be public. */
int fe_frombytes_vartime(fe h, const unsigned char *s);
/* out[i] = 1/in[i] for i < n with one inversion (Montgomery's trick), as Monero
 * master's (0aa9c51) fe_batch_invert: returns 0, or -1 when some in[i] is zero
 * (then out is unspecified; Monero leaves partial products there), and 0 for
 * n = 0. Monero forbids out overlapping in; here out may equal in. Constant time
 * in the values except for the one public fact "some in[i] is zero" (n public).
 * Allocates 3n field elements of scratch (wiped before it returns); returns -1
 * if that fails, or if in or out is NULL with n > 0 (Monero: assert). */
int fe_batch_invert(fe *out, const fe *in, const unsigned int n);
/* 1 if f and g are the same value mod p (their canonical bytes compared in
 * constant time), else 0. Monero master: fe_equals. */
int fe_equals(const fe f, const fe g);
/* reduced_f = f with canonical limbs (f's bytes read back): always 0, as
 * fe_tobytes gives a value < p. Monero master: fe_reduce_vartime (variable time
 * by its name; here constant time but for the return). */
int fe_reduce_vartime(fe reduced_f, const fe f);
/* Little-endian loads of 3 and 4 bytes into the low bits of a uint64_t (Monero's
 * crypto-ops.h load_3/load_4, 0.18 and master). */
uint64_t load_3(const unsigned char *in);
uint64_t load_4(const unsigned char *in);

/* ---- group: conversions ------------------------------------------------- */

void ge_p1p1_to_p2(ge_p2 *r, const ge_p1p1 *p);
void ge_p1p1_to_p3(ge_p3 *r, const ge_p1p1 *p);
void ge_p3_to_p2(ge_p2 *r, const ge_p3 *p);
void ge_p3_to_cached(ge_cached *r, const ge_p3 *p);
/* r = identity. */
void ge_p2_0(ge_p2 *r);
void ge_p3_0(ge_p3 *r);

/* ---- group: addition and doubling (complete formulas, any inputs) --------- */

/* r = p + q / r = p - q, q cached (Hisil et al. add-2008-hwcd-3). */
void ge_add(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q);
void ge_sub(ge_p1p1 *r, const ge_p3 *p, const ge_cached *q);
/* r = p + q / r = p - q, q affine precomputed (madd-2008-hwcd-3). */
void ge_madd(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q);
void ge_msub(ge_p1p1 *r, const ge_p3 *p, const ge_precomp *q);
/* r = 2p (dbl-2008-hwcd). */
void ge_p2_dbl(ge_p1p1 *r, const ge_p2 *p);
void ge_p3_dbl(ge_p1p1 *r, const ge_p3 *p);
/* r = 8t (three doublings), as Monero's ge_mul8. */
void ge_mul8(ge_p1p1 *r, const ge_p2 *t);

/* ---- encoding and decoding ---------------------------------------------- */

/* s[32] = encoding of h (RFC 8032 5.1.2). Constant time. */
void ge_tobytes(unsigned char *s, const ge_p2 *h);
void ge_p3_tobytes(unsigned char *s, const ge_p3 *h);
/* Decodes s[32] into h with Monero's rules: returns 0 on success, -1 if the
 * 255-bit y is >= p, if (y^2 - 1)/(d y^2 + 1) has no square root, or if x = 0
 * while the sign bit is set. Small-order points and points with a torsion
 * component are accepted (no subgroup check). _vartime: s must be public.
 * Mirrors Monero's ge_frombytes_vartime; check_key is exactly this. */
int ge_frombytes_vartime(ge_p3 *h, const unsigned char *s);
/* Monero's hash-to-point map (ge_fromfe_frombytes_vartime,
 * cryptonote_format.md 0.3): s[32] read as a full 256-bit integer mod p (bit 255
 * NOT masked), mapped with the Elligator-2-style map to a curve point r (no
 * cofactor multiplication; the result may have small order). _vartime: s must be
 * public (it is a hash of public data in Monero). */
void ge_fromfe_frombytes_vartime(ge_p2 *r, const unsigned char *s);
/* 1 if p is the identity, else 0. _vartime. */
int ge_p3_is_point_at_infinity_vartime(const ge_p3 *p);

/* ---- Ed25519 to short Weierstrass (Monero master, FCMP++ leaves) -------- */

/* wei_x[32] = one_plus_y * inv_one_minus_y + A/3 and wei_y[32] = c * one_plus_y *
 * inv_one_minus_y_mul_x (canonical bytes; c = fe_c): the Weierstrass (x, y) of an
 * Ed25519 point from (1 + y), 1/(1 - y) and 1/((1 - y) x), the inverses made by the
 * caller (fe_batch_invert; draft-ietf-lwig-curve-representations-02 E.2). Never
 * fails; constant time. Source: Monero master (0aa9c51) crypto-ops.h
 * fe_ed_derivatives_to_wei_x_y (same argument order). */
void fe_ed_derivatives_to_wei_x_y(unsigned char *wei_x, unsigned char *wei_y, const fe inv_one_minus_y,
                                  const fe one_plus_y, const fe inv_one_minus_y_mul_x);

/* ---- Ed25519 to X25519 (Monero master) ----------------------------------- */

/* xbytes[32] = the Montgomery (X25519) u-coordinate (1 + y)/(1 - y) = (Z + Y)/(Z - Y)
 * of h, canonical bytes: "ConvertPointE" of the Carrot spec. Returns 0, or -1 when
 * Y = Z (h is the identity; xbytes then holds 32 zero bytes, our choice). h must
 * have Z != 0 and be a curve point. Constant time in h.
 * Source: Monero master (0aa9c51) crypto-ops.h ge_p3_to_x25519. */
int ge_p3_to_x25519(unsigned char *xbytes, const ge_p3 *h);
/* The same from a 32-byte encoding s: -1 (xbytes unchanged) when s does not decode
 * (ge_frombytes_vartime's rules), -1 (xbytes zero) for the identity, else 0 and u.
 * The sign bit of x does not matter once decoded (P and -P give the same u).
 * _vartime: decoding takes time that depends on s (Monero's promise of constant
 * time for valid points is not made here), so s must be public.
 * Source: Monero master (0aa9c51) crypto-ops.h edwards_bytes_to_x25519_vartime. */
int edwards_bytes_to_x25519_vartime(unsigned char *xbytes, const unsigned char *s);

/* ---- scalar multiplication ---------------------------------------------- */

/* Scalar semantics of the constant-time multiplications below (Monero's exactly):
 * the 256-bit a is recoded into 64 signed radix-16 digits e[0..62] in [-8, 7] and
 * e[63] in [0, 16]; a top digit e[63] > 8 (possible only when a[31] > 127) counts
 * as 0. So for a[31] <= 127 the result is a*P for the integer a (any a < 2^255,
 * reduced or not), and for larger a it is what Monero's ref10 code returns. */

/* h = a*G, G the base point. Constant time in a (fixed 4-bit signed windows over
 * the table ge_base, every entry read). a: 32 bytes. Mirrors ge_scalarmult_base.
 * These three single calls run on the curve backend (docs/ed25519_backends.md): on a
 * CPU with AVX-512 IFMA (backend "ifma") one point's four coordinates are computed
 * in parallel (about 2x the serial code); elsewhere, or with
 * CNCRYPTO_CURVE_IMPL=serial|avx2, the serial code. The group element is the same;
 * the projective coordinates may differ (the encodings are equal). Like the batch
 * calls, the first call throws std::runtime_error (C++) when CNCRYPTO_CURVE_IMPL
 * names an unknown backend or one this CPU cannot run. */
void ge_scalarmult_base(ge_p3 *h, const unsigned char *a);
/* r = a*A. Constant time in a and A. a: 32 bytes. Mirrors ge_scalarmult /
 * ge_scalarmult_p3 (r may alias A for ge_scalarmult_p3). Backend: as above. */
void ge_scalarmult(ge_p2 *r, const unsigned char *a, const ge_p3 *A);
void ge_scalarmult_p3(ge_p3 *r, const unsigned char *a, const ge_p3 *A);

/* r[i] = (2i+1) s for i < 8, for the _precomp functions below. Constant time. */
void ge_dsm_precomp(ge_dsmp r, const ge_p3 *s);

/* Multi-scalar multiplications for verification, with sliding windows (wNAF).
 * _vartime: every scalar and point must be public. Scalars are used as full 256-bit
 * integers; Monero's callers always pass scalars < L, where both agree.
 * Backend: they run the active curve backend's 4-way dense Straus kernel when it has
 * one (ifma: the accumulator's X, Y, Z, T in four lanes, ~2x the serial loop),
 * else the serial loop; the same group element either way. Like ge_scalarmult,
 * they throw std::runtime_error when CNCRYPTO_CURVE_IMPL names an unknown backend
 * or one this CPU cannot run. */
/* r = a A + b G. Mirrors ge_double_scalarmult_base_vartime(_p3). */
void ge_double_scalarmult_base_vartime(ge_p2 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b);
void ge_double_scalarmult_base_vartime_p3(ge_p3 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b);
/* r = a A + b B, Bi = ge_dsm_precomp(B). */
void ge_double_scalarmult_precomp_vartime(ge_p2 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b,
                                          const ge_dsmp Bi);
/* r = a A + b B from two precomputed tables. */
void ge_double_scalarmult_precomp_vartime2(ge_p2 *r, const unsigned char *a, const ge_dsmp Ai, const unsigned char *b,
                                           const ge_dsmp Bi);
void ge_double_scalarmult_precomp_vartime2_p3(ge_p3 *r, const unsigned char *a, const ge_dsmp Ai,
                                              const unsigned char *b, const ge_dsmp Bi);
/* r = a G + b B + c C. */
void ge_triple_scalarmult_base_vartime(ge_p2 *r, const unsigned char *a, const unsigned char *b, const ge_dsmp Bi,
                                       const unsigned char *c, const ge_dsmp Ci);
/* r = a A + b B + c C. */
void ge_triple_scalarmult_precomp_vartime(ge_p2 *r, const unsigned char *a, const ge_dsmp Ai, const unsigned char *b,
                                          const ge_dsmp Bi, const unsigned char *c, const ge_dsmp Ci);

#ifdef __cplusplus
}
#endif

#endif
