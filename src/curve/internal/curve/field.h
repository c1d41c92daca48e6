// Field arithmetic mod p = 2^255 - 19: the one interface over both representations.
//
// Internal header (C++ only): inline functions in namespace cncrypto::ed25519, so
// the group layer compiles them into straight-line code. A few of them are also
// exported with C linkage under Monero's names (fe_add, fe_mul, fe_tobytes,
// fe_invert, ... declared in crypto/crypto-ops.h) by fe.cpp.
//
// Representation: fe_repr.h (5x51-bit limbs with unsigned __int128 products on
// 64-bit targets, 10x25.5-bit limbs otherwise). Elements are not kept reduced; each
// function states which of two limb bounds it needs and gives:
//   tight  - what carry/mul/sq/sub produce (51-bit: limbs <= 2^51 + 2^15;
//            25.5-bit: limb i <= 2^w_i + 2^17).
//   loose  - the sum of two tight elements (51-bit: limbs < 2^52 + 2^17;
//            25.5-bit: limb i < 2^(w_i+1) + 2^18).
// Every function accepting loose also accepts tight. Outputs may alias inputs.
// (5x51: mul/sq accept any limbs < 2^53, which covers loose and fe_sub_loose.)
// fe_51.h / fe_25.h give the exact numbers and the reasoning.
//
// Constant time: every function here runs in time independent of the field values
// (no secret-dependent branch or index), except those whose name ends in _vartime.
//
// Contracts at a glance (f, g inputs; h output):
//   fe_0, fe_1, fe_copy                      -> tight (copy keeps the bound of f)
//   fe_add(h, f, g)        f, g tight        -> h loose
//   fe_sub(h, f, g)        f, g loose        -> h tight
//   fe_sub_loose(h, f, g)  f, g tight        -> h "mul-only": valid only as an input
//                          of fe_mul/fe_sq/fe_sq2 (5x51: f + 2p - g, no carry,
//                          limbs < 2^53; 10x25.5: same as fe_sub)
//   fe_neg(h, f)           f loose           -> h tight
//   fe_carry(h, f)         f loose           -> h tight
//   fe_mul(h, f, g)        f, g loose        -> h tight
//   fe_sq(h, f)            f loose           -> h tight
//   fe_sq2(h, f) = 2f^2    f loose           -> h loose
//   fe_sqn(h, f, n) = f^(2^n), n >= 1        -> h tight
//   fe_sqn_mul(h, f, n, g) = f^(2^n) g       f, g loose -> h tight
//   fe_mul_small(h, f, n)  f loose, n < 2^20 -> h tight
//   fe_frombytes(h, s)     32 bytes, bit 255 ignored, value may be >= p -> h tight
//   fe_frombytes_modp(h,s) 32 bytes read as a 256-bit integer mod p     -> h tight
//   fe_tobytes(s, f)       f loose -> 32 canonical bytes (< p), bit 255 = 0
//   fe_isnegative(f)       f loose -> low bit of the canonical value (RFC 8032 "sign")
//   fe_iszero / fe_isnonzero, fe_equal
//   fe_cmov / fe_cswap     any bounds, kept as they are
//   fe_invert(h, f)        f loose -> h = f^(p-2) tight (0 maps to 0)
//   fe_pow22523(h, f)      f loose -> h = f^((p-5)/8) tight
//   fe_sqrt_ratio_m1(x, u, v)  see below
#pragma once

#include "common/ct.h"
#include "curve/fe_repr.h"
#include "curve/types.h"

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace cncrypto::ed25519 {

// Number of limbs of the representation (5 or 10).
inline constexpr int fe_limbs = static_cast<int>(std::extent_v<fe>);

// h = 0, h = 1, h = f (bounds kept). Limb-wise, for both representations.
inline void fe_0(fe h) {
  for (int i = 0; i < fe_limbs; ++i) h[i] = 0;
}
inline void fe_1(fe h) {
  h[0] = 1;
  for (int i = 1; i < fe_limbs; ++i) h[i] = 0;
}
inline void fe_copy(fe h, const fe f) {
  for (int i = 0; i < fe_limbs; ++i) h[i] = f[i];
}

// h = f + g, no carry. f, g tight -> h loose.
inline void fe_add(fe h, const fe f, const fe g) {
  for (int i = 0; i < fe_limbs; ++i) h[i] = f[i] + g[i];
}

}  // namespace cncrypto::ed25519

#define CNCRYPTO_FE_H_INSIDE 1
#if CNCRYPTO_FE_51
#include "curve/fe_51.h"
#else
#include "curve/fe_25.h"
#endif
#undef CNCRYPTO_FE_H_INSIDE

namespace cncrypto::ed25519 {

// h = 2 * f^2. f loose -> h loose.
inline void fe_sq2(fe h, const fe f) {
  fe t;
  fe_sq(t, f);
  fe_add(h, t, t);
}

// h = f^(2^n) (n successive squarings), n >= 1. f loose -> h tight.
inline void fe_sqn(fe h, const fe f, int n) {
  fe_sq(h, f);
  for (int i = 1; i < n; ++i) fe_sq(h, h);
}

// Reads 32 little-endian bytes as a full 256-bit integer and reduces it mod p: bit
// 255 counts (2^255 = 19 mod p). Used by Monero's hash-to-point map. -> h tight.
inline void fe_frombytes_modp(fe h, const unsigned char s[32]) {
  fe_frombytes(h, s);
  h[0] += 19u * static_cast<unsigned>(s[31] >> 7);
}

// 1 if the canonical value of f is odd ("negative" in RFC 8032 terms), else 0.
inline int fe_isnegative(const fe f) {
  unsigned char s[32];
  fe_tobytes(s, f);
  return s[0] & 1;
}

// 1 if f = 0 mod p, else 0.
inline int fe_iszero(const fe f) {
  unsigned char s[32];
  fe_tobytes(s, f);
  return ct::is_zero_bytes(s, 32);
}

// 1 if f != 0 mod p, else 0.
inline int fe_isnonzero(const fe f) { return 1 - fe_iszero(f); }

// 1 if f = g mod p, else 0. f, g tight.
inline int fe_equal(const fe f, const fe g) {
  fe d;
  fe_sub(d, f, g);
  return fe_iszero(d);
}

// h = f^(2^n) g, n >= 1. f, g loose -> h tight. h may alias f or g.
inline void fe_sqn_mul(fe h, const fe f, int n, const fe g) {
  fe t;
  fe_sqn(t, f, n);
  fe_mul(h, t, g);
}

// z^(2^250 - 1) into out and z^11 into z11: the shared part of the inversion and
// square-root exponentiations (250 squarings and 11 multiplications), written once
// for a field F: F::elem its element type, F::sq, F::sqn (n >= 1 squarings) and
// F::mul on it. This layer's field (fe_pow_2_250_1 below) and Monero's ten-limb one
// (field/ref10.cpp: Monero's fe_invert and fe_pow22523 take these same steps in this
// order, and its products do not depend on the order of their operands, so the
// limbs are Monero's) run it. out and z11 must not alias z.
template <class F, class L>
inline void pow_2_250_1_chain(L *out, L *z11, const L *z) {
  typename F::elem t0, t1, z9, z_5_0, z_10_0, z_20_0, z_50_0, z_100_0;
  const auto sqn_mul = [](L *h, const L *f, int n, const L *g) {
    typename F::elem t;
    F::sqn(t, f, n);
    F::mul(h, t, g);
  };
  F::sq(t0, z);                          // z^2
  F::sqn(t1, t0, 2);                     // z^8
  F::mul(z9, t1, z);                     // z^9
  F::mul(z11, z9, t0);                   // z^11
  F::sq(t0, z11);                        // z^22
  F::mul(z_5_0, t0, z9);                 // z^(2^5 - 1)
  sqn_mul(z_10_0, z_5_0, 5, z_5_0);      // z^(2^10 - 1)
  sqn_mul(z_20_0, z_10_0, 10, z_10_0);   // z^(2^20 - 1)
  sqn_mul(t0, z_20_0, 20, z_20_0);       // z^(2^40 - 1)
  sqn_mul(z_50_0, t0, 10, z_10_0);       // z^(2^50 - 1)
  sqn_mul(z_100_0, z_50_0, 50, z_50_0);  // z^(2^100 - 1)
  sqn_mul(t0, z_100_0, 100, z_100_0);    // z^(2^200 - 1)
  sqn_mul(out, t0, 50, z_50_0);          // z^(2^250 - 1)
}

// This layer's field for pow_2_250_1_chain.
struct layer_field {
  using elem = fe;
  static void sq(fe h, const fe f) { fe_sq(h, f); }
  static void sqn(fe h, const fe f, int n) { fe_sqn(h, f, n); }
  static void mul(fe h, const fe f, const fe g) { fe_mul(h, f, g); }
};

// Returns z^(2^250 - 1) in out and z^11 in z11 (pow_2_250_1_chain on this field).
inline void fe_pow_2_250_1(fe out, fe z11, const fe z) { pow_2_250_1_chain<layer_field>(out, z11, z); }

// h = f^((2^250 - 1) 2^n + k) for the exponents below: k = 11 (use_z11) or 1.
inline void fe_pow_2_250_1_shift(fe h, const fe f, int n, bool use_z11) {
  fe t, z11;
  fe_pow_2_250_1(t, z11, f);
  fe_sqn_mul(h, t, n, use_z11 ? z11 : f);
}

// h = 1/f = f^(p-2) (Fermat); f = 0 gives 0. p - 2 = (2^250 - 1) * 2^5 + 11.
inline void fe_invert(fe h, const fe f) { fe_pow_2_250_1_shift(h, f, 5, true); }

// h = f^((p-5)/8) = f^(2^252 - 3); (2^252 - 3) = (2^250 - 1) * 4 + 1.
inline void fe_pow22523(fe h, const fe f) { fe_pow_2_250_1_shift(h, f, 2, false); }

// fe_pow22523's chain (the same 251 squarings and 11 multiplications, so the same
// value) as a resumable sequence of field operations: run(n) performs the next n
// of them (a squaring, a multiplication, or a copy into a slot), so a caller can
// spread the exponentiation over another computation's loop. Why: the chain is a
// serial dependency (bound by the latency of one squaring) on the scalar multiply
// port; the one-point kernels of a vector backend run on the vector ports, so the
// two interleaved in one loop run nearly in the time of the longer
// (frombytes_vartime_and_scalarmult_base, curve/ecmult.h). Constant time: the
// control flow depends only on the step count. Not wiped (its inputs are public).
class fe_pow22523_steps {
 public:
  // Field operations in the whole chain: each program entry's squarings plus one
  // multiplication (or copy) per entry.
  static constexpr int total_ops = 251 + 12;

  explicit fe_pow22523_steps(const fe z) {
    fe_copy(slot_[kZ], z);
    start(0);
  }
  // Performs the next n operations (fewer when the chain ends first).
  void run(int n) {
    for (; n > 0 && k_ < kEntries; --n) {
      if (left_ > 0) {
        fe_sq(acc_, acc_);
        --left_;
        continue;
      }
      const entry &e = kProgram[k_];
      if (e.mul >= 0)
        fe_mul(slot_[e.dst], acc_, slot_[e.mul]);
      else
        fe_copy(slot_[e.dst], acc_);
      start(k_ + 1);
    }
  }
  bool done() const { return k_ == kEntries; }
  // Runs the rest and returns z^((p-5)/8), tight.
  const fe &finish() {
    run(total_ops);
    return slot_[kOut];
  }

 private:
  // Slots: z, z^2 (then a temporary), z^9, z^11, z^(2^5-1), z^(2^10-1), z^(2^20-1),
  // z^(2^50-1), z^(2^100-1), the result.
  enum : signed char { kZ, kT, kZ9, kZ11, kZ5, kZ10, kZ20, kZ50, kZ100, kOut, kSlots };
  // slot[dst] = slot[src]^(2^nsq) * slot[mul] (no multiplication when mul < 0).
  struct entry {
    signed char src, nsq, mul, dst;
  };
  static constexpr int kEntries = 12;
  static constexpr entry kProgram[kEntries] = {
      {kZ, 1, -1, kT},         // z^2
      {kT, 2, kZ, kZ9},        // z^9
      {kZ9, 0, kT, kZ11},      // z^11
      {kZ11, 1, kZ9, kZ5},     // z^(2^5 - 1)
      {kZ5, 5, kZ5, kZ10},     // z^(2^10 - 1)
      {kZ10, 10, kZ10, kZ20},  // z^(2^20 - 1)
      {kZ20, 20, kZ20, kT},    // z^(2^40 - 1)
      {kT, 10, kZ10, kZ50},    // z^(2^50 - 1)
      {kZ50, 50, kZ50, kZ100},  // z^(2^100 - 1)
      {kZ100, 100, kZ100, kT},  // z^(2^200 - 1)
      {kT, 50, kZ50, kT},       // z^(2^250 - 1)
      {kT, 2, kZ, kOut},        // z^(2^252 - 3)
  };
  void start(int k) {
    k_ = k;
    if (k < kEntries) {
      fe_copy(acc_, slot_[kProgram[k].src]);
      left_ = kProgram[k].nsq;
    }
  }
  fe slot_[kSlots];
  fe acc_;
  int k_ = 0;
  int left_ = 0;
};

// Square root of a ratio (RFC 8032 5.1.3 step 2-3): sets x to a root of u/v when
// one exists and returns 1; returns 0 otherwise (x then holds an unspecified value).
// x = u v^3 (u v^7)^((p-5)/8); if v x^2 = -u, x is multiplied by sqrt(-1).
// Which of the two roots x is (its sign) is not normalised. u, v loose. v = 0 gives
// x = 0 and returns 1 iff u = 0. Constant time. Written as its two halves around
// the exponentiation, which a batch computes for many at once
// (fe_pow22523_batch, curve/ecmult.h): begin gives w = u v^7 (the base) and
// v3 = v^3; end takes pw = w^((p-5)/8).
inline void fe_sqrt_ratio_m1_begin(fe w, fe v3, const fe u, const fe v) {
  fe v7;
  fe_sq(v3, v);
  fe_mul(v3, v3, v);     // v^3
  fe_sq(v7, v3);
  fe_mul(v7, v7, v);     // v^7
  fe_mul(w, u, v7);
}

inline int fe_sqrt_ratio_m1_end(fe x, const fe pw, const fe v3, const fe u, const fe v) {
  fe t, check, neg_u, x_alt;
  fe_mul(t, pw, v3);
  fe_mul(x, t, u);       // u v^3 (u v^7)^((p-5)/8)
  fe_sq(check, x);
  fe_mul(check, check, v);  // v x^2
  fe_neg(neg_u, u);
  fe_carry(t, u);
  const int is_root = fe_equal(check, t);
  const int is_neg_root = fe_equal(check, neg_u);
  fe_mul(x_alt, x, fe_sqrtm1);
  fe_cmov(x, x_alt, static_cast<unsigned>(is_neg_root));
  return is_root | is_neg_root;
}

inline int fe_sqrt_ratio_m1(fe x, const fe u, const fe v) {
  fe w, v3, pw;
  fe_sqrt_ratio_m1_begin(w, v3, u, v);
  fe_pow22523(pw, w);    // (u v^7)^((p-5)/8)
  return fe_sqrt_ratio_m1_end(x, pw, v3, u, v);
}

// One field element as an array element (fe itself is an array type).
struct fe_elem {
  fe v;
};

// out[i] = 1 / in[i] (0 where in[i] = 0, as fe_invert gives), i < n, with one field
// inversion (Montgomery's trick) and the caller's scratch: prefix and value of n
// elements each, zero of n bytes. out may alias in. Constant time (n public); wipes its
// own locals, the caller wipes the scratch. The one home of batch inversion:
// fe_batch_invert below (allocating) and p3_tobytes_batch (stack scratch).
// Defined in field/fe.cpp.
void fe_batch_invert_with(fe *out, const fe *in, std::size_t n, fe_elem *prefix, fe_elem *value,
                          unsigned char *zero);

// The same with allocated scratch (wiped before it returns; std::bad_alloc if
// the allocation fails): out[i] = 1/in[i], 0 where in[i] = 0, out may alias in;
// zero (n bytes, or NULL) receives 1 where in[i] = 0. The layer's own batch
// inversion; crypto-ops.h's fe_batch_invert is Monero master's (-1 on a zero).
void fe_batch_invert(fe *out, const fe *in, std::size_t n, unsigned char *zero = nullptr);

// Reads s[32] (bit 255 ignored) into h: 0, or -1 (h unspecified) when the 255-bit
// value is >= p (crypto-ops.h's fe_frombytes_vartime). _vartime: s must be public.
int fe_frombytes_vartime(fe h, const unsigned char *s);

}  // namespace cncrypto::ed25519
