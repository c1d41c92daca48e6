/* The curve layer's representation of field elements mod p = 2^255 - 19 (its own
 * fe, curve/types.h), chosen at compile time. Layer interface: not installed; the
 * public fe of crypto/crypto-ops.h is Monero's int32_t[10] (curve/ref10.h).
 *
 * CNCRYPTO_FE_51 = 1: 5 unsigned 64-bit limbs of 51 bits (radix 2^51), products in
 *   unsigned __int128. Used whenever the compiler has __int128 (64-bit targets).
 * CNCRYPTO_FE_51 = 0: 10 unsigned 32-bit limbs alternating 26 and 25 bits (radix
 *   2^25.5), products in 64-bit integers. Used when __int128 is missing, or when the
 *   build defines CNCRYPTO_FE_10LIMB (CMake option of the same name) to test it.
 *
 * Both store value = sum(limb[i] * 2^offset[i]) mod p; limbs need not be reduced.
 * The limb bounds each function expects and returns are stated in curve/field.h. */
#ifndef CNCRYPTO_CURVE_FE_REPR_H
#define CNCRYPTO_CURVE_FE_REPR_H

#if defined(__SIZEOF_INT128__) && !defined(CNCRYPTO_FE_10LIMB)
#define CNCRYPTO_FE_51 1
#else
#define CNCRYPTO_FE_51 0
#endif

#endif
