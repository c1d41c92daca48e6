// Monero's epee int-util.h (contrib/epee/include/int-util.h, Monero 0.18 and
// master): 64-bit rotations, the 64x64->128 product and 128-bit divisions that
// Monero's difficulty and crypto code use, and the byte-order helpers
// (SWAP64LE, memcpy_swap32be, ...). Monero's names, signatures and macros; our
// code. C (C99 and later, -pedantic clean) and C++ (static inline functions;
// div128_64 for C++ only, in libcncrypto).
//
// Byte order: BYTE_ORDER, LITTLE_ENDIAN and BIG_ENDIAN come from <sys/param.h>
// (glibc, the BSDs, macOS), as in Monero; MSVC gets them defined here
// (little-endian), and a strict ISO mode that hides them from <sys/param.h>
// gets them from the compiler's __BYTE_ORDER__ (Monero fails to compile there). The *LE/*BE names map to the identity or the swap for the
// target's order, so SWAP64LE(x) is x's value as stored little-endian.
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifndef _MSC_VER
#include <sys/param.h>
#else
#include <stdlib.h>
#endif

// Rotations left by r bits (r taken mod 32 / mod 64; r = 0 returns x).
// Constant time. Source: Monero int-util.h rol32 / rol64.
static inline uint32_t rol32(uint32_t x, int r) {
  const unsigned s = (unsigned)r & 31u;
  return s == 0 ? x : (uint32_t)((x << s) | (x >> (32u - s)));
}
static inline uint64_t rol64(uint64_t x, int r) {
  const unsigned s = (unsigned)r & 63u;
  return s == 0 ? x : (x << s) | (x >> (64u - s));
}

// The high and low 32 bits of val, as 64-bit values. Source: Monero int-util.h.
static inline uint64_t hi_dword(uint64_t val) { return val >> 32; }
static inline uint64_t lo_dword(uint64_t val) { return val & 0xffffffffu; }

// multiplier * multiplicand as 128 bits: returns the low 64 bits and writes the
// high 64 bits to *product_hi (must not be NULL). Constant time. Source: Monero
// int-util.h mul128.
static inline uint64_t mul128(uint64_t multiplier, uint64_t multiplicand, uint64_t *product_hi) {
  // Four 32x32-bit products, summed column by column (ISO C: no __int128 here).
  const uint64_t x0 = lo_dword(multiplier), x1 = hi_dword(multiplier);
  const uint64_t y0 = lo_dword(multiplicand), y1 = hi_dword(multiplicand);
  const uint64_t p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
  const uint64_t middle = hi_dword(p00) + lo_dword(p01) + lo_dword(p10);  // < 3 * 2^32
  *product_hi = p11 + hi_dword(p01) + hi_dword(p10) + hi_dword(middle);
  return (middle << 32) | lo_dword(p00);
}

// One step of a base-2^32 long division: (*remainder * 2^32 + low 32 bits of
// dividend) / divisor, the remainder back in *remainder. Monero's form: the
// caller keeps dividend < 2^32 and *remainder < divisor; divisor 0 returns 0
// and leaves *remainder (Monero: a division by zero). Source: Monero
// int-util.h div_with_reminder (sic).
static inline uint64_t div_with_reminder(uint64_t dividend, uint32_t divisor, uint32_t *remainder) {
  if (divisor == 0) return 0;
  const uint64_t n = ((uint64_t)*remainder << 32) | dividend;
  *remainder = (uint32_t)(n % divisor);
  return n / divisor;
}

// (dividend_hi * 2^64 + dividend_lo) / divisor: the 128-bit quotient in
// *quotient_hi, *quotient_lo (neither NULL), the remainder returned. divisor 0
// gives quotient 0 and remainder 0 (Monero: a division by zero, undefined).
// Variable time. Source: Monero int-util.h div128_32.
static inline uint32_t div128_32(uint64_t dividend_hi, uint64_t dividend_lo, uint32_t divisor, uint64_t *quotient_hi,
                                 uint64_t *quotient_lo) {
  if (divisor == 0) {
    *quotient_hi = 0;
    *quotient_lo = 0;
    return 0;
  }
  uint32_t rem = 0;
  uint64_t q[4];
  const uint64_t digits[4] = {hi_dword(dividend_hi), lo_dword(dividend_hi), hi_dword(dividend_lo),
                              lo_dword(dividend_lo)};
  for (int i = 0; i < 4; ++i) q[i] = div_with_reminder(digits[i], divisor, &rem);
  *quotient_hi = (q[0] << 32) | q[1];
  *quotient_lo = (q[2] << 32) | q[3];
  return rem;
}

#ifdef __cplusplus
// (dividend_hi * 2^64 + dividend_lo) / divisor with a 64-bit divisor: the
// quotient in *quotient_hi, *quotient_lo (neither NULL), the remainder in
// *remainder_hi (always 0) and *remainder_lo, each skipped when NULL. Throws
// std::overflow_error for divisor 0 (as Monero's, whose Boost.Multiprecision
// division throws that type). Variable time. C++ linkage, defined in
// libcncrypto, as Monero's (epee int-util.cpp), so not declared to C.
// Source: Monero int-util.h / int-util.cpp div128_64.
void div128_64(uint64_t dividend_hi, uint64_t dividend_lo, uint64_t divisor, uint64_t *quotient_hi,
               uint64_t *quotient_lo, uint64_t *remainder_hi, uint64_t *remainder_lo);
#endif

// *value += add, saturating at 2^64 - 1; *value -= sub, saturating at 0.
// Source: Monero int-util.h add64clamp / sub64clamp.
static inline void add64clamp(uint64_t *value, uint64_t add) {
  *value = (*value > UINT64_MAX - add) ? UINT64_MAX : *value + add;
}
static inline void sub64clamp(uint64_t *value, uint64_t sub) { *value = (*value < sub) ? 0 : *value - sub; }

// Byte order: identity and byte reversal, as macros (constant expressions) and
// functions. Source: Monero int-util.h.
#define IDENT16(x) ((uint16_t)(x))
#define IDENT32(x) ((uint32_t)(x))
#define IDENT64(x) ((uint64_t)(x))
#define SWAP16(x) ((uint16_t)((((uint16_t)(x) >> 8) & 0xffu) | (((uint16_t)(x) & 0xffu) << 8)))
#define SWAP32(x) ((uint32_t)(((uint32_t)SWAP16((uint32_t)(x) & 0xffffu) << 16) | SWAP16((uint32_t)(x) >> 16)))
#define SWAP64(x) ((uint64_t)(((uint64_t)SWAP32((uint64_t)(x) & 0xffffffffu) << 32) | SWAP32((uint64_t)(x) >> 32)))

static inline uint16_t ident16(uint16_t x) { return x; }
static inline uint32_t ident32(uint32_t x) { return x; }
static inline uint64_t ident64(uint64_t x) { return x; }

// Monero leaves these to the system on OpenBSD, and on Android when <byteswap.h>
// has them as macros; so do we.
#ifndef __OpenBSD__
#ifndef swap16
static inline uint16_t swap16(uint16_t x) { return SWAP16(x); }
#endif
#ifndef swap32
static inline uint32_t swap32(uint32_t x) { return SWAP32(x); }
#endif
#ifndef swap64
static inline uint64_t swap64(uint64_t x) { return SWAP64(x); }
#endif
#endif

// n elements (not bytes) at mem swapped in place / copied from src to dst
// (identity: a plain copy). The buffers must hold n elements of the size and
// be aligned for it, as in Monero.
static inline void mem_inplace_ident(void *mem, size_t n) {
  (void)mem;
  (void)n;
}
static inline void mem_inplace_swap16(void *mem, size_t n) {
  uint16_t *p = (uint16_t *)mem;
  for (size_t i = 0; i < n; ++i) p[i] = SWAP16(p[i]);
}
static inline void mem_inplace_swap32(void *mem, size_t n) {
  uint32_t *p = (uint32_t *)mem;
  for (size_t i = 0; i < n; ++i) p[i] = SWAP32(p[i]);
}
static inline void mem_inplace_swap64(void *mem, size_t n) {
  uint64_t *p = (uint64_t *)mem;
  for (size_t i = 0; i < n; ++i) p[i] = SWAP64(p[i]);
}
static inline void memcpy_ident16(void *dst, const void *src, size_t n) { memcpy(dst, src, n * sizeof(uint16_t)); }
static inline void memcpy_ident32(void *dst, const void *src, size_t n) { memcpy(dst, src, n * sizeof(uint32_t)); }
static inline void memcpy_ident64(void *dst, const void *src, size_t n) { memcpy(dst, src, n * sizeof(uint64_t)); }
static inline void memcpy_swap16(void *dst, const void *src, size_t n) {
  uint16_t *d = (uint16_t *)dst;
  const uint16_t *s = (const uint16_t *)src;
  for (size_t i = 0; i < n; ++i) d[i] = SWAP16(s[i]);
}
static inline void memcpy_swap32(void *dst, const void *src, size_t n) {
  uint32_t *d = (uint32_t *)dst;
  const uint32_t *s = (const uint32_t *)src;
  for (size_t i = 0; i < n; ++i) d[i] = SWAP32(s[i]);
}
static inline void memcpy_swap64(void *dst, const void *src, size_t n) {
  uint64_t *d = (uint64_t *)dst;
  const uint64_t *s = (const uint64_t *)src;
  for (size_t i = 0; i < n; ++i) d[i] = SWAP64(s[i]);
}

#ifdef _MSC_VER
#define LITTLE_ENDIAN 1234
#define BIG_ENDIAN 4321
#define BYTE_ORDER LITTLE_ENDIAN
#endif

// Strict ISO modes (-std=c11, -std=c++17 without _DEFAULT_SOURCE) leave them
// out of <sys/param.h>; the compiler's own macros give the same answer.
#if !defined(BYTE_ORDER) && !defined(LITTLE_ENDIAN) && !defined(BIG_ENDIAN) && defined(__BYTE_ORDER__) && \
    defined(__ORDER_LITTLE_ENDIAN__) && defined(__ORDER_BIG_ENDIAN__)
#define LITTLE_ENDIAN __ORDER_LITTLE_ENDIAN__
#define BIG_ENDIAN __ORDER_BIG_ENDIAN__
#define BYTE_ORDER __BYTE_ORDER__
#endif

#if !defined(BYTE_ORDER) || !defined(LITTLE_ENDIAN) || !defined(BIG_ENDIAN)
#error "int-util.h: BYTE_ORDER, LITTLE_ENDIAN and BIG_ENDIAN are not defined (<sys/param.h>)"
#endif

// <name>LE / <name>BE: the conversion between the target's order and little- /
// big-endian (the identity on a matching target).
#if BYTE_ORDER == LITTLE_ENDIAN
#define SWAP16LE IDENT16
#define SWAP16BE SWAP16
#define swap16le ident16
#define swap16be swap16
#define mem_inplace_swap16le mem_inplace_ident
#define mem_inplace_swap16be mem_inplace_swap16
#define memcpy_swap16le memcpy_ident16
#define memcpy_swap16be memcpy_swap16
#define SWAP32LE IDENT32
#define SWAP32BE SWAP32
#define swap32le ident32
#define swap32be swap32
#define mem_inplace_swap32le mem_inplace_ident
#define mem_inplace_swap32be mem_inplace_swap32
#define memcpy_swap32le memcpy_ident32
#define memcpy_swap32be memcpy_swap32
#define SWAP64LE IDENT64
#define SWAP64BE SWAP64
#define swap64le ident64
#define swap64be swap64
#define mem_inplace_swap64le mem_inplace_ident
#define mem_inplace_swap64be mem_inplace_swap64
#define memcpy_swap64le memcpy_ident64
#define memcpy_swap64be memcpy_swap64
#elif BYTE_ORDER == BIG_ENDIAN
#define SWAP16LE SWAP16
#define SWAP16BE IDENT16
#define swap16le swap16
#define swap16be ident16
#define mem_inplace_swap16le mem_inplace_swap16
#define mem_inplace_swap16be mem_inplace_ident
#define memcpy_swap16le memcpy_swap16
#define memcpy_swap16be memcpy_ident16
#define SWAP32LE SWAP32
#define SWAP32BE IDENT32
#define swap32le swap32
#define swap32be ident32
#define mem_inplace_swap32le mem_inplace_swap32
#define mem_inplace_swap32be mem_inplace_ident
#define memcpy_swap32le memcpy_swap32
#define memcpy_swap32be memcpy_ident32
#define SWAP64LE SWAP64
#define SWAP64BE IDENT64
#define swap64le swap64
#define swap64be ident64
#define mem_inplace_swap64le mem_inplace_swap64
#define mem_inplace_swap64be mem_inplace_ident
#define memcpy_swap64le memcpy_swap64
#define memcpy_swap64be memcpy_ident64
#endif
