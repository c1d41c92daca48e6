/* Monero's hash-ops.h C functions: cn_fast_hash, tree_hash and the Merkle
 * branch helpers, same names, signatures and results as Monero.
 *
 * C linkage; usable from C. Implemented in C++: misuse (a NULL pointer with a
 * non-zero size, tree_hash of 0 hashes) throws std::invalid_argument naming the
 * function and argument (Monero asserts, undefined in release builds). From C
 * such an exception terminates the process with the message.
 *
 * In C++ prefer crypto/hash.h, which also brings these into namespace crypto
 * (as Monero's hash.h does) with the crypto::hash overloads.
 *
 * Timing: cn_fast_hash is constant time in the data. The tree functions hash
 * public data (transaction hashes) and compare with memcmp (variable time).
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifndef __cplusplus
#include <stdbool.h>
#endif

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
