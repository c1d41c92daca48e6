/* The representation of field elements mod p = 2^255 - 19, chosen at compile time.
 *
 * CNCRYPTO_FE_51 = 1: 5 unsigned 64-bit limbs of 51 bits (radix 2^51), products in
 *   unsigned __int128. Used whenever the compiler has __int128 (64-bit targets).
 * CNCRYPTO_FE_51 = 0: 10 unsigned 32-bit limbs alternating 26 and 25 bits (radix
 *   2^25.5), products in 64-bit integers. Used when __int128 is missing, or when the
 *   build defines CNCRYPTO_FE_10LIMB (CMake option of the same name) to test it.
 *
 * Both store value = sum(limb[i] * 2^offset[i]) mod p; limbs need not be reduced.
 * The limb bounds each function expects and returns are stated in fe.h.
 * C-compatible: crypto/crypto-ops.h includes this for the ge_* structs. */
#ifndef CNCRYPTO_CRYPTO_ED25519_FE_REPR_H
#define CNCRYPTO_CRYPTO_ED25519_FE_REPR_H

#include <stdint.h>

#if defined(__SIZEOF_INT128__) && !defined(CNCRYPTO_FE_10LIMB)
#define CNCRYPTO_FE_51 1
typedef uint64_t fe[5];
#else
#define CNCRYPTO_FE_51 0
typedef uint32_t fe[10];
#endif

#endif
