/* Monero's crypto/variant2_int_sqrt.h: the integer square root of CryptoNight
 * variant 2 (and 3), under Monero's names, for code written against Monero's
 * header (Monero's tests/hash checks these macros). cncrypto's own CryptoNight
 * does not use this header (src/hash/cryptonight/cn_loop.h has its own).
 *
 * The function: for a 64-bit n, r(n) = floor(2 * sqrt(2^64 + n)) - 2^33, an
 * integer in [0, 3558067407] (r(2^64 - 1) = 3558067407). Equivalently r is the
 * largest integer with (r + 2^33)^2 <= 2^66 + 4n. Source: Monero slow-hash.c /
 * variant2_int_sqrt.h (the CryptoNight v2 "sqrt" step).
 *
 * Names, as Monero's (they read the caller's variables `sqrt_input` (uint64_t,
 * the n above) and `sqrt_result` (uint64_t), which must be in scope):
 *   integer_square_root_v2(n)               r(n) exactly, integers only.
 *   VARIANT2_INTEGER_MATH_SQRT_STEP_REF()   sqrt_result = r(sqrt_input), exact.
 *   VARIANT2_INTEGER_MATH_SQRT_STEP_FP64()  sqrt_result = an estimate from
 *                                           double-precision sqrt, within 1 of r;
 *   VARIANT2_INTEGER_MATH_SQRT_STEP_SSE2()  the same estimate through SSE2's
 *                                           SQRTSD (x86-64 only: needs
 *                                           <emmintrin.h>, included here);
 *   VARIANT2_INTEGER_MATH_SQRT_FIXUP(r)     turns an estimate within 1 of
 *                                           r(sqrt_input) into the exact value,
 *                                           in place, with integer tests only
 *                                           (so any FPU rounding mode gives the
 *                                           same result after it).
 * Estimate error: 2^64 + n is rounded to 53 bits (relative error <= 2^-52, in
 * any rounding mode), the square root halves the relative error and the result
 * is near 2^33, so the estimate is off by less than 2^-19 before truncation:
 * truncation then gives r or r +- 1.
 * Constant time: the integer forms have no data-dependent branch (the compiler
 * may still choose one); the floating-point forms depend on the CPU's sqrt.
 * These compute a proof-of-work step on public data. */
#ifndef CNCRYPTO_CRYPTO_VARIANT2_INT_SQRT_H
#define CNCRYPTO_CRYPTO_VARIANT2_INT_SQRT_H

#include <float.h>
#include <math.h>
#include <stdint.h>

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#endif

/* 1 when r (<= 3558067408) satisfies (r + 2^33)^2 <= 2^66 + 4n, i.e. with
 * r = 2s + b: s*(s + b) + r*2^32 + b <= n. No term overflows 64 bits for
 * r <= 3558067408 (the largest sum, at r = 3558067408, is below 2^64 - 2^32). */
static inline int cncrypto_v2_sqrt_fits(uint64_t r, uint64_t n) {
  const uint64_t s = r >> 1, b = r & 1;
  const uint64_t lhs = s * (s + b) + (r << 32);
  /* lhs + b <= n without forming lhs + b when it could wrap */
  return lhs <= n && b <= n - lhs;
}

/* r(n), exactly: a binary search over [0, 3558067407] with the test above
 * (32 steps, no floating point). */
static inline uint32_t integer_square_root_v2(uint64_t n) {
  uint64_t lo = 0, hi = 3558067407u; /* r(n) is in [lo, hi] */
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo + 1) / 2;
    if (cncrypto_v2_sqrt_fits(mid, n))
      lo = mid;
    else
      hi = mid - 1;
  }
  return (uint32_t)lo;
}

/* The estimate within 1 of r(n) (see the top comment). */
static inline uint64_t cncrypto_v2_sqrt_estimate_fp64(uint64_t n) {
  return (uint64_t)(sqrt((double)n + 18446744073709551616.0) * 2.0 - 8589934592.0);
}

#if defined(__x86_64__) || defined(_M_X64)
static inline uint64_t cncrypto_v2_sqrt_estimate_sse2(uint64_t n) {
  const __m128d x = _mm_set_sd((double)n + 18446744073709551616.0);
  return (uint64_t)(_mm_cvtsd_f64(_mm_sqrt_sd(x, x)) * 2.0 - 8589934592.0);
}
#endif

/* r(n) from an estimate within 1 of it. */
static inline uint64_t cncrypto_v2_sqrt_fixup(uint64_t estimate, uint64_t n) {
  if (estimate > 3558067408u || !cncrypto_v2_sqrt_fits(estimate, n)) return estimate - 1;
  if (estimate < 3558067407u && cncrypto_v2_sqrt_fits(estimate + 1, n)) return estimate + 1;
  return estimate;
}

#define VARIANT2_INTEGER_MATH_SQRT_STEP_REF() sqrt_result = integer_square_root_v2(sqrt_input)

#define VARIANT2_INTEGER_MATH_SQRT_STEP_FP64()                       \
  do {                                                               \
    sqrt_result = cncrypto_v2_sqrt_estimate_fp64(sqrt_input);        \
  } while (0)

#if defined(__x86_64__) || defined(_M_X64)
#define VARIANT2_INTEGER_MATH_SQRT_STEP_SSE2()                       \
  do {                                                               \
    sqrt_result = cncrypto_v2_sqrt_estimate_sse2(sqrt_input);        \
  } while (0)
#endif

#define VARIANT2_INTEGER_MATH_SQRT_FIXUP(r)                          \
  do {                                                               \
    (r) = cncrypto_v2_sqrt_fixup((r), sqrt_input);                   \
  } while (0)

#endif
