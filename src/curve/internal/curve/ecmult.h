// Scalar multiplication of every kind: the one answer to "where is a·P computed?".
//
// Layer interface of the curve layer (C++, namespace cncrypto::ed25519), for the
// layers above (keys, ringct, ...). Implementations in src/curve/ecmult/:
//   scalarmult.cpp   a G (ge_scalarmult_base), a H and mask G + amount H (commitments),
//                    a P for one variable P (ge_scalarmult), constant time
//   ct_products.cpp  constant-time multi-scalar products: radix-16 Straus over
//                    arbitrary points, regular odd radix-32 Straus over the
//                    prime-order subgroup, secret-bit sums of table points
//   straus.cpp       _vartime Straus (dense wNAF: Monero's ge_double_scalarmult_*,
//                    the CLSAG pair; sparse and sorted: rct::straus), tables of odd
//                    multiples
//   pippenger.cpp    _vartime Pippenger (rct::pippenger, large batches), points to
//                    affine form (precomp_batch_vartime)
//   batch.cpp        batches of constant-time products (many points by one scalar,
//                    many scalars by G) and of encodings
// and one in src/curve/group/ge.cpp beside the decoding it interleaves with a G
// (frombytes_vartime_and_scalarmult_base).
// The recodings and the one constant-time table select are in ecmult/recode.h.
//
// Conventions: scalars are 32-byte little-endian integers; points are the layer's
// ge_p3 etc. (curve/types.h; Monero's structs of crypto/crypto-ops.h are the
// face's). "Constant time": time and memory addresses independent of
// the scalars and of the point values (sizes and counts public). "_vartime": every
// input must be public. Nothing here throws except std::bad_alloc where a function
// says it allocates.
#pragma once

#include "curve/ops.h"
#include "curve/types.h"

#include <cstddef>
#include <cstdint>

namespace cncrypto::ed25519 {

// ---- fixed bases (constant time) -----------------------------------------------------

// Decodes s into P by ge_frombytes_vartime's rules (0, or -1 when s is not a point's
// encoding) and sets aG = a G (ge_scalarmult_base's semantics) in the same call: the
// decoding's square-root exponentiation (public, serial, on the scalar multiplier)
// runs interleaved with the one-point fixed-base kernel of the active backend
// (vector ports) when it has one (ifma), else one after the other. The single
// derive_public_key and derive_subaddress_public_key use it (Monero's decode, then
// the offset's a G). P and aG are unspecified when it returns -1. Constant time in a;
// _vartime in s (public). Defined in group/ge.cpp, beside the decoding.
int frombytes_vartime_and_scalarmult_base(ge_p3 &P, const unsigned char s[32], ge_p3 &aG, const unsigned char a[32]);

// r = a H, H Monero's amount generator, with the radix-16 semantics of
// ge_scalarmult_base (a top digit above 8 counts as 0: for a[31] <= 127 this is a H
// for the integer a). Constant time in a. The table (32 x 8 affine multiples of
// 256^i H, built on first use, thread-safe) makes it about 3x faster than
// ge_scalarmult(a, H). Source: Bernstein et al., "High-speed high-security
// signatures" (2011), section 4, applied to H.
void scalarmult_H(ge_p3 &r, const unsigned char a[32]);

// r = m G + amount H, where m = mask mod L, or (mask - 2^256) mod L when Monero's
// sliding window (ref10 slide, as in its ge_double_scalarmult_base_vartime) would
// lose a carry past bit 255 (only masks with bit 255 set): Monero's rct::commit.
// Constant time in mask and amount. mask: 32 bytes, any value.
void commit_GH(ge_p3 &r, const unsigned char mask[32], std::uint64_t amount);
// r = m G + a H, m from mask and a from amount (32 bytes each, any value) by the
// rule above (the value mod L, or minus 2^256 mod L when the sliding window loses
// its carry: only values with bit 255 set): Monero's rct::addKeys2(r, mask, amount,
// H), as decodeRct checks a decrypted 32-byte amount. Constant time in both.
void commit_GH(ge_p3 &r, const unsigned char mask[32], const unsigned char amount[32]);
// r = G + amount H (Monero's zeroCommit). Constant time in amount.
void commit_GH_unit(ge_p3 &r, std::uint64_t amount);

// The scalar that an exact (full 256-bit integer) multi-scalar product must use to
// give Monero's ref10 sliding-window result for s: s itself, or s - 2^256 mod 8L
// (as a 256-bit value) when the window's carry runs past bit 255. out may alias s.
// _vartime (s public).
void slide_effective_vartime(unsigned char out[32], const unsigned char s[32]);

// ---- batches (constant time) -----------------------------------------------------------
// Many independent scalar multiplications at once, e.g. a wallet's secret view key
// times every transaction public key of a block (keys: generate_key_derivations).
// n is public; n == 0 does nothing. Results are the same group elements as the single
// calls give (as points: the projective coordinates may differ in representation
// between backends, ge_p3_tobytes of them is identical). Implemented in
// ecmult/batch.cpp; thread-safe, no allocation.

// out[i] = a P_i (i < n) with exactly the semantics of ge_scalarmult(&out[i], a,
// &points[i]) (ge_scalarmult_p3: Monero's radix-16 signed recoding, a any 32 bytes; for
// a[31] <= 127, as ge_scalarmult requires, this is the integer a times P_i, a >= L
// included; a top digit above 8 counts as 0). points may have torsion components,
// identity and small-order points included (the formulas are complete). Constant time
// in a and in the points. out must not alias points.
void scalarmult_batch(ge_p3 *out, const unsigned char a[32], const ge_p3 *points, std::size_t n);

// scalarmult_batch for a PUBLIC a and public points (_vartime: the vector kernels
// skip a's zero digits and index their tables by its digits; the serial backend runs
// scalarmult_batch's code). Same results (as group elements) and the same
// semantics. For the batched leaf preparation's torsion clearing (keys:
// outputs_to_leaves, a = 1 + 3L).
void scalarmult_batch_vartime(ge_p3 *out, const unsigned char a[32], const ge_p3 *points, std::size_t n);

// out[i] = s_i G with ge_scalarmult_base's semantics (the same radix-16 rule as above,
// s_i any 32 bytes). Constant time in every s_i.
void scalarmult_base_batch(ge_p3 *out, const unsigned char (*s)[32], std::size_t n);

// out[i] = a_i P_i (i < n): scalarmult_batch with a scalar per point, each with
// ge_scalarmult_p3's semantics (as above). For many unrelated products, e.g. the
// key images x_i Hp(P_i) of a wallet's outputs, or a ring signer's s_i Hp(P_i).
// Constant time in every a_i and in the points. out must not alias points.
void scalarmult_each_batch(ge_p3 *out, const unsigned char (*a)[32], const ge_p3 *points, std::size_t n);

// out[i] = ge_p3_tobytes(in[i]) (32 bytes each), with one shared field inversion per
// 256 points (Montgomery's trick). A Z of 0 encodes as ge_p3_tobytes does (inverse 0).
// Constant time in the point values. out must not alias in.
void p3_tobytes_batch(unsigned char (*out)[32], const ge_p3 *in, std::size_t n);

// ---- batches of decodings and hash-to-point maps (_vartime) -------------------------
// Each costs one exponentiation w^((p-5)/8) per item, which these run on the
// active backend's lanes (8 per AVX-512 IFMA call, 4 per AVX2 call; the serial
// fe_pow22523 on serial and for a tail of one); the rest of the work is the single
// call's code. Results are the single calls' (the same field values; limbs within
// the serial bounds). For the batched leaf preparation (keys: outputs_to_leaves).
// No allocation; thread-safe. Group formulas in group/ge.cpp, dispatch in
// ecmult/batch.cpp.

// out[i] = in[i]^((p-5)/8) = in[i]^(2^252 - 3) (fe_pow22523), i < n; in loose.
// Constant time in the values (n public). out may alias in.
void fe_pow22523_batch(fe *out, const fe *in, std::size_t n);

// res[i] = ge_frombytes_vartime(&out[i], s[i]) (0, or -1 for bytes that do not
// decode, out[i] then unspecified), i < n, s[i] 32 bytes each. _vartime (public
// bytes).
void frombytes_batch_vartime(ge_p3 *out, int *res, const unsigned char *const *s, std::size_t n);

// ge_fromfe_frombytes_vartime(&out[i], s[i]) (Monero's hash-to-point map of the 32
// bytes s[i] read mod p), i < n. _vartime (public bytes).
void fromfe_frombytes_batch_vartime(ge_p2 *out, const unsigned char *const *s, std::size_t n);

// The batch entry points run on one backend (docs/ed25519_backends.md): "serial" (the
// reference: loops over the single calls) or a vector one ("avx2": 4 points at a
// time; "ifma": AVX-512 IFMA, 8 points at a time, and one point 4-way in the single
// calls), chosen on first use as the best
// this CPU runs, or forced by the environment variable CNCRYPTO_CURVE_IMPL=serial|avx2|ifma. An unknown name or one
// this CPU cannot run makes the first batch call or single call ge_scalarmult,
// ge_scalarmult_p3, ge_scalarmult_base (and this one) throw
// std::runtime_error naming the variable, its value and the valid names.
// Returns the active backend's name. Thread-safe.
const char *curve_backend_name();

// The active backend's lanes (points per kernel call; 0 for the serial backend, whose
// batches are loops over the single calls). Callers that can lay their work out
// either as batches or as shared-doubling products (ct_straus_radix16) choose by it:
// a batch only pays with lanes. Same exception as curve_backend_name.
unsigned curve_backend_lanes();

// Writes the names of the compiled-in backends this CPU can run (worst first) to
// names[0 .. min(count, max)) and returns their count. Never throws.
std::size_t curve_backend_names(const char **names, std::size_t max);

// scalarmult_batch / scalarmult_base_batch / scalarmult_each_batch on the backend of that name instead of the
// active one (tests and benchmarks compare backends in one process). Return false,
// writing nothing, when no compiled-in backend of that name runs on this CPU.
bool scalarmult_batch_on(const char *backend, ge_p3 *out, const unsigned char a[32], const ge_p3 *points,
                         std::size_t n);
bool scalarmult_batch_vartime_on(const char *backend, ge_p3 *out, const unsigned char a[32], const ge_p3 *points,
                                 std::size_t n);
bool scalarmult_base_batch_on(const char *backend, ge_p3 *out, const unsigned char (*s)[32], std::size_t n);
bool scalarmult_each_batch_on(const char *backend, ge_p3 *out, const unsigned char (*a)[32], const ge_p3 *points,
                              std::size_t n);

// ---- one variable point (constant time) --------------------------------------------------
// ge_scalarmult / ge_scalarmult_p3 (crypto/crypto-ops.h) run the active backend's
// one-point kernel when it has one (ifma: one point's X, Y, Z, T in four lanes,
// the 4-way parallel formulas of Hisil et al. 2008; docs/ed25519_backends.md) and
// the serial code otherwise. Same group element either way (the projective
// representative may differ; the encodings are equal).

// r = a A, ge_scalarmult_p3's semantics, always on the serial code: the reference
// the vector kernels are tested against. Constant time in a and A. r may alias A.
void scalarmult_p3_serial(ge_p3 &r, const unsigned char a[32], const ge_p3 &A);

// ge_scalarmult_p3 on the backend of that name (its one-point kernel, or the serial
// code for a backend without one). Returns false, writing nothing, when no
// compiled-in backend of that name runs on this CPU.
bool scalarmult_p3_on(const char *backend, ge_p3 &r, const unsigned char a[32], const ge_p3 &A);

// h = a G, ge_scalarmult_base's semantics, always on the serial code (the reference);
// ge_scalarmult_base itself runs the active backend's one-point kernel when it has
// one (ifma: 4-way). Constant time in a.
void scalarmult_base_serial(ge_p3 &h, const unsigned char a[32]);
// ge_scalarmult_base on the named backend (serial code for a backend without a
// one-point kernel); false, writing nothing, when it does not run here.
bool scalarmult_base_on(const char *backend, ge_p3 &h, const unsigned char a[32]);

// ---- constant-time products -----------------------------------------------------------

// table[j] = (j+1) P, j < 8, for ct_straus_radix16. Constant time in P.
void multiples8(ge_cached table[8], const ge_p3 &P);

// r = sum_k scalars[k] P_k (count <= 8), tables[k] = multiples8(P_k), scalars
// < 2^255 used as plain integers (exact for points with torsion too: signed radix-16
// digits, one shared chain of doublings). Constant time in the scalars and points.
void ct_straus_radix16(ge_p3 &r, const unsigned char *const *scalars, const ge_cached *const *tables, int count);

// One term of multiexp_ct: scalar times the point whose 16 odd multiples
// (1, 3, ..., 31) P are given, affine (precomp, e.g. a rct::multiexp_table entry)
// or cached (cached; the other pointer null).
struct ct_term {
  const unsigned char *scalar;
  const ge_precomp *precomp;
  const ge_cached *cached;
};

// r = sum of the n terms for secret scalars < L and points of the prime-order
// subgroup (an even s is replaced by L - s with the digits negated, so a torsion
// component would be multiplied wrongly). Regular signed odd radix-32 digits (every
// window adds), every table entry read at each lookup: time and addresses depend
// on n only. A scalar >= L gives a wrong result. Source: Joye and Tunstall,
// "Exponent recoding and regular exponentiation algorithms" (2009); Straus 1964.
// Allocates (std::bad_alloc).
ge_p3 multiexp_ct(const ct_term *terms, std::size_t n);

// r = sum_(i < n) bits[i] P_i, bits[i] in {0, 1} secret, points[i] public affine
// points (each term adds P_i or the identity, chosen with masks). Constant time in
// the bits.
ge_p3 bit_sum_ct(const ge_precomp *const *points, const unsigned char *bits, std::size_t n);

// r = sum_(i < n) (bits[i] ? A_i : -B_i), bits secret in {0, 1}, A_i, B_i public
// affine points. Constant time in the bits.
ge_p3 choose_sum_ct(const ge_precomp *const *A, const ge_precomp *const *B, const unsigned char *bits,
                    std::size_t n);

// r = sum_(i < n) P_i. _vartime (public points; the additions themselves are
// constant time in the values).
ge_p3 sum_vartime(const ge_precomp *const *points, std::size_t n);

// ---- variable time ---------------------------------------------------------------------

// out[j] = (2j+1) P, j < count, cached. Constant time in P.
void odd_multiples_cached(ge_cached *out, const ge_p3 &P, int count);

// out[16 i + j] = (2j+1) points[i], i < n, j < 16, affine (one field inversion per
// 1024 points). Public points; allocates (std::bad_alloc).
void odd_multiples_affine(ge_precomp *out, const ge_p3 *points, std::size_t n);

// out[i] = *points[i] in affine form (y + x, y - x, 2 d x y), i < n: points with
// Z = 1 (as ge_frombytes_vartime gives them) directly, the others with one shared
// field inversion. For a cache of points added again and again (rct::pippenger's
// cache, mixed additions). _vartime (public points: branches on Z = 1). Allocates
// (std::bad_alloc). out must not alias the points.
void precomp_batch_vartime(ge_precomp *out, const ge_p3 *const *points, std::size_t n);

// One term of straus_vartime: scalar times the point whose odd multiples are given:
// 8 cached (1..15 P, width-5 NAF) or 16 affine (1..31 P, width-6 NAF).
struct straus_term {
  const unsigned char *scalar;
  const ge_cached *cached;    // or null
  const ge_precomp *precomp;  // or null
};

// r = sum of the n terms (scalars as full 256-bit integers), Straus's shared
// doublings with the nonzero digits of all terms sorted by position. _vartime: time
// depends on the scalars and n; the group operations are constant time in the point
// values, so points may be secret when every scalar is public. Empty: identity.
// Allocates (std::bad_alloc). Source: Straus 1964. On the active backend: its
// straus_sparse_vartime kernel when it has one (ifma: the accumulator's X, Y, Z, T
// in four lanes), else the serial loop; the same group element either way.
ge_p3 straus_vartime(const straus_term *terms, std::size_t n);
// straus_vartime on the named backend ("serial" is the reference); false when the
// name is unknown or this CPU cannot run it. For tests and benchmarks.
bool straus_vartime_on(const char *backend, ge_p3 &out, const straus_term *terms, std::size_t n);

// One term of straus_pair_vartime: the scalar's width-w NAF (5 <= w <= 8) over a
// table of 2^(w-2) odd multiples (cached or affine).
struct wnaf_term {
  const unsigned char *scalar;
  int w;
  const ge_cached *cached;
  const ge_precomp *precomp;
};

// ra = sum of a[0..3), rb = sum of b[0..3) in one loop (their independent doublings
// overlap in the processor). _vartime (public scalars and points). For CLSAG. On the
// active backend: its straus_pair_vartime kernel when it has one (ifma: two 4-way
// accumulators, X, Y, Z, T in parallel; ~2x the serial loop), else the serial loop.
// Same group elements either way (projective limbs may differ).
void straus_pair_vartime(ge_p2 &ra, const wnaf_term a[3], ge_p2 &rb, const wnaf_term b[3]);
// straus_pair_vartime on the named backend ("serial" is the reference); false when
// the name is unknown or this CPU cannot run it. For tests and benchmarks.
bool straus_pair_vartime_on(const char *backend, ge_p2 &ra, const wnaf_term a[3], ge_p2 &rb, const wnaf_term b[3]);
// r = sum of terms[0..n), 1 <= n <= 3: the dense Straus loop behind
// ge_double_scalarmult_*_vartime and ge_triple_scalarmult_*_vartime, on the named
// backend (its straus_dense_vartime kernel or the serial loop); false for an unknown
// or unrunnable name or n out of range. _vartime. For tests and benchmarks.
bool straus_dense_vartime_on(const char *backend, ge_p3 &r, const wnaf_term *terms, int n);

// One term of pippenger_vartime: scalar times point; pre is the point in affine form
// when the caller has it, else null.
struct pippenger_term {
  const unsigned char *scalar;
  const ge_p3 *point;
  const ge_precomp *pre;
};

// r = sum of the n terms by Pippenger's bucket method with signed c-bit digits,
// 1 <= c <= 16. _vartime (public points: the set-up branches on Z = 1). Allocates.
// Source: Pippenger 1976, as in Bernstein et al., "Faster batch forgery
// identification" (2012).
ge_p3 pippenger_vartime(const pippenger_term *terms, std::size_t n, std::size_t c);

// The window width pippenger_vartime should use for n terms (cost model in group
// additions). Mirrors Monero's get_pippenger_c.
std::size_t pippenger_window(std::size_t n);

}  // namespace cncrypto::ed25519
