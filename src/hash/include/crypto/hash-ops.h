/* Monero's hash-ops.h C functions: cn_fast_hash, tree_hash and the Merkle
 * branch helpers, the Keccak state functions hash_permutation / hash_process,
 * the proof-of-work hash cn_slow_hash (CryptoNight, every variant Monero
 * passes) with its per-thread scratchpad, and the four CryptoNight finalizers
 * hash_extra_*: same names, signatures and results as Monero.
 *
 * C linkage; usable from C (link as docs/install.md says: the static library
 * brings the C++ runtime with it). Implemented in C++: misuse (a NULL pointer with a
 * non-zero size, tree_hash of 0 hashes) throws std::invalid_argument naming the
 * function and argument (Monero asserts, undefined in release builds). From C
 * such an exception terminates the process with the message.
 *
 * In C++ prefer crypto/hash.h, which also brings these into namespace crypto
 * (as Monero's hash.h does) with the crypto::hash overloads.
 *
 * Timing: cn_fast_hash is constant time in the data. The tree functions hash
 * public data (transaction hashes) and compare with memcmp (variable time).
 * cn_slow_hash and hash_extra_* are NOT constant time: CryptoNight's
 * scratchpad addresses, the variant 2 division and the CryptoNight-R program
 * depend on the data, and the finalizers use table lookups. That is intended:
 * proof-of-work inputs (block hashing blobs) are public. Do not use them on
 * secrets. Where Monero aborts (_exit) in cn_slow_hash, these throw (see
 * cn_slow_hash); a result is written only when it is the right one.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifndef __cplusplus
#include <stdbool.h>
#endif

/* Monero's hash-ops.h includes epee's int-util.h (mul128, the rotations, the
 * byte-order macros SWAP64LE, ..., and through <sys/param.h> <limits.h>'s
 * ULLONG_MAX, ...), and Monero's callers use them without including it
 * (tests/crypto/cnv4-jit.c, the slow-hash code): so does this one. */
#include "int-util.h"

enum {
  HASH_SIZE = 32,       /* bytes of a cn_fast_hash digest */
  HASH_DATA_AREA = 136  /* Keccak-256 rate in bytes */
};

#ifdef __cplusplus
extern "C" {
#endif

/* cn_fast_hash: Keccak-256 (original Keccak padding 0x01, rate 136; NOT
 * SHA3-256) of data[0 .. length), 32 bytes written to hash. data may be NULL
 * when length is 0. Source: Monero hash.c cn_fast_hash. */
void cn_fast_hash(const void *data, size_t length, char *hash);

/* tree_hash: Monero's transaction Merkle root of count 32-byte hashes, written
 * to root_hash (32 bytes). count 1: the hash itself; count 2:
 * cn_fast_hash(h0 || h1); count >= 3: with cnt the largest power of two below
 * count, the first 2*cnt - count hashes are carried over, the rest are hashed
 * in pairs, then pairs are hashed level by level down to the root.
 * count 0 throws std::invalid_argument (Monero only asserts). Any count that
 * fits in memory works (scratch space is on the heap; std::bad_alloc if it
 * cannot be allocated). Source: Monero tree-hash.c tree_hash. */
void tree_hash(const char (*hashes)[HASH_SIZE], size_t count, char *root_hash);

/* tree_path: the left/right path from leaf idx of a tree of count leaves to
 * the root, as tree_branch would give it: one bit per level, the bit for the
 * leaf's level most significant of the `depth` low bits; bit 1 means the node
 * was the right one of its pair. Returns false when count is 0 or the depth
 * would exceed 32 levels (count > 2^32, where Monero's uint32_t path overflows).
 * Source: Monero tree-hash.c tree_path. */
bool tree_path(size_t count, size_t idx, uint32_t *path);

/* tree_branch: the Merkle branch proving that `hash` (32 bytes; its first
 * occurrence in hashes) is in the tree of hashes[0 .. count). Writes *depth
 * sibling hashes to branch (the caller provides room for ceil(log2(count))
 * entries, at most 32), sets *depth and *path (as tree_path). Returns false
 * when count is 0, when hash is not among the hashes, or when count > 2^32.
 * Source: Monero tree-hash.c tree_branch. */
bool tree_branch(const char (*hashes)[HASH_SIZE], size_t count, const char *hash, char (*branch)[HASH_SIZE],
                 size_t *depth, uint32_t *path);

/* tree_branch_hash: the root obtained by hashing `hash` up the branch
 * (branch[0] is the leaf-level sibling, depth entries, path as from
 * tree_branch), written to root (32 bytes). Returns true, or false when depth
 * is more than 32 (then root is not written). Source: Monero tree-hash.c. */
bool tree_branch_hash(const char hash[HASH_SIZE], const char (*branch)[HASH_SIZE], size_t depth, uint32_t path,
                      char root[HASH_SIZE]);

/* is_branch_in_tree: true iff tree_branch_hash(hash, branch, depth, path)
 * succeeds and equals root. Source: Monero tree-hash.c is_branch_in_tree. */
bool is_branch_in_tree(const char hash[HASH_SIZE], const char root[HASH_SIZE], const char (*branch)[HASH_SIZE],
                       size_t depth, uint32_t path);

#ifdef __cplusplus
}
#endif

/* ---- Proof of work: the Keccak state, CryptoNight and its finalizers ---- */

#ifdef __cplusplus
extern "C" {
#endif

#pragma pack(push, 1)
/* Monero's Keccak-f[1600] state as bytes or lanes (lane i = bytes 8i..8i+7,
 * little-endian). 200 bytes. */
union hash_state {
  uint8_t b[200];
  uint64_t w[25];
};
#pragma pack(pop)

/* hash_permutation: Keccak-f[1600] (24 rounds) on the state, in place.
 * Source: Monero hash.c hash_permutation. */
void hash_permutation(union hash_state *state);

/* hash_process: the 200-byte Keccak state after absorbing buf[0 .. count)
 * (rate 136, original Keccak padding 0x01; the first 32 bytes are
 * cn_fast_hash). buf may be NULL when count is 0; NULL state, or NULL buf with
 * count > 0, throws std::invalid_argument. Source: Monero hash.c hash_process. */
void hash_process(union hash_state *state, const uint8_t *buf, size_t count);

/* cn_slow_hash: CryptoNight of data[0 .. length), 32 bytes written to hash.
 * Source: Monero slow-hash.c cn_slow_hash (same arguments, same results).
 *
 *   variant   0: original CryptoNight (block majors < 7);
 *             1: CryptoNight v1 / "variant 1" (major 7): needs length >= 43;
 *             2: CryptoNight v2 (major 8), integer division + square root,
 *                shuffle; 3 (major 9) is computed exactly as 2;
 *             4: CryptoNight-R (major 10), random program generated from
 *                `height`; 5 (major 11) is computed exactly as 4.
 *   prehashed 0: data is the message (Keccak-1600 is applied to it);
 *             non-zero: data is already the 200-byte Keccak state
 *                (Monero's cn_slow_hash_prehashed); length must be 200.
 *   height    the block height; used only by variants 4 and 5 (ignored
 *             otherwise).
 *
 * Memory: a 2 MiB scratchpad per thread (thread_local), allocated by the first
 * call on a thread (or by cn_slow_hash_allocate_state) and kept for later
 * calls until cn_slow_hash_free_state or thread exit.
 *
 * Errors (nothing is written to hash):
 *   std::invalid_argument  variant not in 0..5; variant 1 with length < 43
 *                          (Monero prints "Cryptonight variant 1 needs at least
 *                          43 bytes of data" and _exit(1)s); prehashed with
 *                          length != 200; hash NULL; data NULL with length > 0.
 *   std::bad_alloc         the scratchpad cannot be allocated.
 *   std::runtime_error     CNCRYPTO_CN_IMPL names an unknown implementation or
 *                          one this CPU cannot run.
 *
 * Implementation: VAES (AES-NI loop, VAES explode/implode) when the CPU has
 * VAES and usable AVX-512 F+VL, else AES-NI when it has AES and SSE4.1, else
 * software AES (ssse3 on x86-64 with SSSE3, else portable); chosen once per
 * process, forced with the environment variable
 * CNCRYPTO_CN_IMPL=portable|ssse3|aesni|vaes (an unknown name, or one this
 * CPU cannot run, throws std::runtime_error). All give the same bytes. On
 * x86-64 the aesni and vaes paths compile variant 4's program to machine code (a
 * W^X mapping per call; where the system refuses executable memory, or with
 * CNCRYPTO_CN_R_JIT=0, the program is interpreted: same result, slower).
 * Time: one call is bound by the scratchpad's memory latency, about
 * 524288 x (2 loads + one AES round): 15-40 ms on a current x86-64 with AES-NI
 * (about 1.1x the latency bound for every variant), about 1.5x that with the
 * software AES. Not constant time (see above). Thread-safe: each thread
 * has its own scratchpad. */
void cn_slow_hash(const void *data, size_t length, char *hash, int variant, int prehashed, uint64_t height);

/* use_v4_jit_flag: Monero's slow-hash.c switch for variant 4's (CryptoNight-R)
 * program: 0 interprets it, any other value except -1 compiles it to machine
 * code (x86-64, where the system allows executable memory; elsewhere it is
 * always interpreted). Both give the same bytes; Monero's tests/crypto
 * cnv4-jit.c compares them. -1 (the initial value) leaves the choice to
 * CNCRYPTO_CN_R_JIT (above; default: compile). Differences from Monero: the
 * library never writes it (Monero sets it to 0 or 1 on the first variant 4
 * hash, from MONERO_USE_CNV4_JIT, which is not read here), and it is read at
 * each hash, so a program sets it before hashing, not while other threads
 * hash (a plain volatile int, as Monero's). Monero's headers do not declare it
 * (its users declare it extern); declaring it again is allowed. */
extern volatile int use_v4_jit_flag;

/* cn_slow_hash_allocate_state: allocates this thread's 2 MiB scratchpad now
 * (idempotent: does nothing when it exists). Throws std::bad_alloc when the
 * memory cannot be had. Monero: slow-hash.c cn_slow_hash_allocate_state
 * (which cannot report failure). */
void cn_slow_hash_allocate_state(void);

/* cn_slow_hash_free_state: frees this thread's scratchpad (idempotent). A later
 * cn_slow_hash allocates again. Never throws. Monero: slow-hash.c
 * cn_slow_hash_free_state. */
void cn_slow_hash_free_state(void);

/* The CryptoNight finalizers: hash data[0 .. length) and write a 32-byte
 * digest to hash. CryptoNight calls extra_hashes[state[0] & 3] (blake,
 * groestl, jh, skein) on its 200-byte final state; any length works.
 * data may be NULL when length is 0; NULL hash, or NULL data with length > 0,
 * throws std::invalid_argument. Time depends on the length only.
 *   hash_extra_blake    BLAKE-256 (14 rounds, SHA-3 final round version)
 *   hash_extra_groestl  Groestl-256 (SHA-3 final round version)
 *   hash_extra_jh       JH-256 (42 rounds)
 *   hash_extra_skein    Skein-512-256 (Skein 1.3)
 * Source: Monero hash-extra-{blake,groestl,jh,skein}.c. */
void hash_extra_blake(const void *data, size_t length, char *hash);
void hash_extra_groestl(const void *data, size_t length, char *hash);
void hash_extra_jh(const void *data, size_t length, char *hash);
void hash_extra_skein(const void *data, size_t length, char *hash);

#ifdef __cplusplus
}
#endif

/* ---- RandomX: Monero's hash-ops.h declares rx_slow_hash, rx_seedheight(s),
 * rx_set_main_seedhash, rx_slow_hash_allocate_state/_free_state,
 * rx_set_miner_thread/rx_get_miner_thread and RX_BLOCK_VERSION here too (the
 * signatures of Monero master, whose rx_slow_hash takes the seed hash alone);
 * cncrypto keeps them, with their comments, in crypto/rx-slow-hash.h. ---- */
#include "crypto/rx-slow-hash.h"
