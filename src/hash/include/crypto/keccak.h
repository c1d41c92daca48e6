/* Monero's Keccak C API (src/crypto/keccak.h in Monero), same names, same
 * signatures, same results.
 *
 * These functions have C linkage and can be declared from C, but they are
 * implemented in C++ and report misuse by throwing C++ exceptions
 * (std::invalid_argument, std::logic_error) whose message names the function
 * and the bad argument. Monero prints "Bad keccak use" and aborts (or hangs, for
 * keccak() with mdlen 100); cncrypto never aborts and never hangs. A C caller
 * cannot catch the exception, so misuse from C still ends the process loudly
 * (std::terminate prints the message with GCC's default handler).
 *
 * Timing: constant time in the data (no data-dependent branch or index); only
 * the lengths matter.
 *
 * Keccak here is the original Keccak submission padding (0x01 ... 0x80), NOT
 * FIPS 202 SHA-3 (0x06 ... 0x80): see crypto/sponge.h for SHA-3 and SHAKE.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifndef KECCAK_ROUNDS
#define KECCAK_ROUNDS 24
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Keccak-256 of an incremental message: rate 136 bytes, padding 0x01, a
 * 32-byte digest (= cn_fast_hash). Monero's layout; cncrypto adds `finalized`.
 * Fields:
 *   hash      the Keccak-f[1600] state (lanes as in keccakf()); the input is
 *             absorbed straight into it,
 *   message   unused by cncrypto (kept so code that knows Monero's struct still
 *             compiles); always zero,
 *   rest      bytes of the current block already absorbed (0 .. 135),
 *   finalized non-zero after keccak_finish(). */
typedef struct KECCAK_CTX {
  uint64_t hash[25];
  uint8_t message[136];
  size_t rest;
  int finalized;
} KECCAK_CTX;

/* keccakf: Keccak-f[1600] on the 25-lane state st (lane x + 5*y; each lane is
 * the little-endian reading of 8 state bytes), running rounds 0 .. rounds-1,
 * i.e. with the FIRST `rounds` round constants (Monero's semantics; FIPS 202's
 * Keccak-p[1600, n] would use the last n). rounds = 24 (KECCAK_ROUNDS) is the
 * full permutation.
 * rounds must be 1 .. 24: anything else throws std::invalid_argument naming
 * `rounds` (Monero does nothing for rounds <= 0 and reads past its round
 * constant table for rounds > 24).
 * Uses the implementation chosen by crypto::keccak_active_permutation(). */
void keccakf(uint64_t st[25], int rounds);

/* keccak: Monero's Keccak with an mdlen-byte output: rate = 200 - 2*mdlen bytes
 * (136 when mdlen is 200), padding 0x01 ... 0x80; md receives the first mdlen
 * bytes of the state. inlen bytes are read from in (in may be NULL when inlen
 * is 0); mdlen bytes are written to md.
 * mdlen must be one that Monero accepts: a multiple of 8 from 32 to 96
 * (mdlen 32 is Keccak-256 = cn_fast_hash, 48 Keccak-384, 64 Keccak-512), or
 * 200 (the whole state, = keccak1600). Any other mdlen throws
 * std::invalid_argument naming `mdlen`, before anything is written. */
void keccak(const uint8_t *in, size_t inlen, uint8_t *md, int mdlen);

/* keccak1600: the full 200-byte state after absorbing in[0 .. inlen) with rate
 * 136 and padding 0x01 (Keccak-256's sponge); md receives 200 bytes. Its first
 * 32 bytes are cn_fast_hash(in). */
void keccak1600(const uint8_t *in, size_t inlen, uint8_t *md);

/* keccak_init: starts an empty Keccak-256 message in ctx (which may hold
 * anything before). */
void keccak_init(KECCAK_CTX *ctx);

/* keccak_update: absorbs in[0 .. inlen) (in may be NULL when inlen is 0).
 * After keccak_finish() this is misuse: throws std::logic_error naming
 * keccak_update (Monero aborts). */
void keccak_update(KECCAK_CTX *ctx, const uint8_t *in, size_t inlen);

/* keccak_finish: pads and writes the 32-byte Keccak-256 digest to md (md may be
 * NULL: then only finalizes). Calling it again returns the same digest, as in
 * Monero. */
void keccak_finish(KECCAK_CTX *ctx, uint8_t *md);

#ifdef __cplusplus
}
#endif
