// Monero's transaction tree hash and Merkle branch helpers (hash-ops.h),
// written from the algorithm's description: carry 2*cnt - count leaves, hash
// the remaining ones in pairs, then halve level by level to the root.
//
// Every pair hash is cn_fast_hash of 64 bytes = one Keccak-f[1600] call on one
// block. Each level is one batch of such messages on the multi-lane
// permutations (8 pairs side by side with AVX-512, 4 with AVX2).

#include "crypto/hash-ops.h"

#include "hash/keccak256_batch.h"
#include "hash/keccak_permutation.h"
#include "hash/sponge_params.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using node = char[HASH_SIZE];

// Largest power of two strictly below count (count >= 3).
std::size_t carry_split(std::size_t count) {
  std::size_t cnt = 1;
  while (cnt <= (count - 1) / 2) cnt <<= 1;
  return cnt;
}

// out[j] = cn_fast_hash(in[2j] || in[2j+1]) for j < pairs: the pairs are
// 64-byte messages one after the other, hashed up to 8 at a time on the
// multi-lane permutation (keccak256_batch.h, one block each). out may equal
// in (in place): each group of messages is read before its outputs are
// written, and output j (bytes 32j .. 32j+31) ends before message j+1 starts.
void hash_pairs(const node *in, std::size_t pairs, node *out) {
  const crypto::keccak_permutation &p = crypto::keccak_active_permutation();
  const auto *bytes = reinterpret_cast<const std::uint8_t *>(in);
  crypto::batch::keccak256_many_short(
      p, pairs,
      [&](std::size_t j, unsigned, std::size_t &size) {
        size = 2 * HASH_SIZE;
        return bytes + 2 * HASH_SIZE * j;
      },
      [&](std::size_t j, const std::uint64_t *digest) {
        crypto::sponge::store_digest(digest, reinterpret_cast<std::uint8_t *>(out[j]), HASH_SIZE);
      });
}

void require(bool ok, const char *function, const char *what) {
  if (!ok) throw std::invalid_argument(std::string(function) + ": " + what);
}

// Monero's path is a uint32_t, one bit per level: at most 32 levels, i.e.
// at most 2^32 leaves.
bool depth_fits(std::size_t count) { return static_cast<std::uint64_t>(count) <= (std::uint64_t{1} << 32); }

}  // namespace

extern "C" {

void tree_hash(const char (*hashes)[HASH_SIZE], size_t count, char *root_hash) {
  require(count != 0, "tree_hash", "count is 0 (the tree hash of no hashes is undefined)");
  require(hashes != nullptr, "tree_hash", "hashes is NULL");
  require(root_hash != nullptr, "tree_hash", "root_hash is NULL");
  require(count <= SIZE_MAX / HASH_SIZE, "tree_hash", "count is larger than any array of hashes can be");
  if (count == 1) {
    std::memmove(root_hash, hashes[0], HASH_SIZE);
    return;
  }
  if (count == 2) {
    node root;
    hash_pairs(hashes, 1, &root);
    std::memcpy(root_hash, root, HASH_SIZE);
    return;
  }
  std::size_t cnt = carry_split(count);
  const std::size_t carried = 2 * cnt - count;
  std::vector<char> scratch(cnt * HASH_SIZE);
  node *level = reinterpret_cast<node *>(scratch.data());
  std::memcpy(level, hashes, carried * HASH_SIZE);
  hash_pairs(hashes + carried, cnt - carried, level + carried);
  while (cnt > 2) {
    cnt >>= 1;
    hash_pairs(level, cnt, level);
  }
  node root;
  hash_pairs(level, 1, &root);
  std::memcpy(root_hash, root, HASH_SIZE);
}

bool tree_path(size_t count, size_t idx, uint32_t *path) {
  require(path != nullptr, "tree_path", "path is NULL");
  if (count == 0 || !depth_fits(count)) return false;
  if (count == 1) {
    *path = 0;
  } else if (count == 2) {
    *path = idx == 0 ? 0 : 1;
  } else {
    // As Monero: an idx that is not a leaf gives path 0.
    std::uint32_t bits = 0;
    std::size_t cnt = carry_split(count);
    const std::size_t carried = 2 * cnt - count;
    if (idx >= carried && idx < count) {  // a leaf hashed at the first level
      bits = static_cast<std::uint32_t>((idx - carried) & 1);
      idx = carried + (idx - carried) / 2;
    }
    while (cnt > 2) {
      cnt >>= 1;
      if (idx < 2 * cnt) {
        bits = (bits << 1) | static_cast<std::uint32_t>(idx & 1);
        idx >>= 1;
      }
    }
    if (idx < 2) bits = (bits << 1) | static_cast<std::uint32_t>(idx);
    *path = bits;
  }
  return true;
}

bool tree_branch(const char (*hashes)[HASH_SIZE], size_t count, const char *hash, char (*branch)[HASH_SIZE],
                 size_t *depth, uint32_t *path) {
  require(hash != nullptr, "tree_branch", "hash is NULL");
  require(depth != nullptr && path != nullptr, "tree_branch", "depth or path is NULL");
  if (count == 0 || !depth_fits(count)) return false;
  require(hashes != nullptr, "tree_branch", "hashes is NULL");
  require(count <= SIZE_MAX / HASH_SIZE, "tree_branch", "count is larger than any array of hashes can be");
  std::size_t idx = 0;
  while (idx < count && std::memcmp(hash, hashes[idx], HASH_SIZE) != 0) ++idx;
  if (idx == count) return false;
  require(branch != nullptr || count == 1, "tree_branch", "branch is NULL");

  if (count == 1) {
    *depth = 0;
    *path = 0;
    return true;
  }
  if (count == 2) {
    std::memcpy(branch[0], hashes[idx ^ 1], HASH_SIZE);
    *depth = 1;
    *path = static_cast<std::uint32_t>(idx);
    return true;
  }

  std::size_t levels = 0;
  std::uint32_t bits = 0;
  std::size_t cnt = carry_split(count);
  const std::size_t carried = 2 * cnt - count;
  std::vector<char> scratch(cnt * HASH_SIZE);
  node *level = reinterpret_cast<node *>(scratch.data());

  // First level: leaves carried over unchanged, the others hashed in pairs.
  if (idx >= carried) {
    const std::size_t right = (idx - carried) & 1;
    std::memcpy(branch[levels++], hashes[right ? idx - 1 : idx + 1], HASH_SIZE);
    bits = static_cast<std::uint32_t>(right);
    idx = carried + (idx - carried) / 2;
  }
  std::memcpy(level, hashes, carried * HASH_SIZE);
  hash_pairs(hashes + carried, cnt - carried, level + carried);

  // Then halve down to two nodes; the sibling is read before the level is hashed.
  while (cnt > 2) {
    cnt >>= 1;
    std::memcpy(branch[levels++], level[idx ^ 1], HASH_SIZE);
    bits = (bits << 1) | static_cast<std::uint32_t>(idx & 1);
    idx >>= 1;
    hash_pairs(level, cnt, level);
  }
  std::memcpy(branch[levels++], level[idx ^ 1], HASH_SIZE);
  bits = (bits << 1) | static_cast<std::uint32_t>(idx & 1);

  *depth = levels;
  *path = bits;
  return true;
}

bool tree_branch_hash(const char hash[HASH_SIZE], const char (*branch)[HASH_SIZE], size_t depth, uint32_t path,
                      char root[HASH_SIZE]) {
  require(hash != nullptr && root != nullptr, "tree_branch_hash", "hash or root is NULL");
  if (depth > 32) return false;
  require(branch != nullptr || depth == 0, "tree_branch_hash", "branch is NULL");
  node partial;
  std::memcpy(partial, hash, HASH_SIZE);
  for (std::size_t d = 0; d < depth; ++d) {
    node pair[2];
    const bool right = (path >> (depth - d - 1)) & 1;  // partial is the right node of its pair
    std::memcpy(pair[right ? 1 : 0], partial, HASH_SIZE);
    std::memcpy(pair[right ? 0 : 1], branch[d], HASH_SIZE);
    hash_pairs(pair, 1, &partial);
  }
  std::memcpy(root, partial, HASH_SIZE);
  return true;
}

bool is_branch_in_tree(const char hash[HASH_SIZE], const char root[HASH_SIZE], const char (*branch)[HASH_SIZE],
                       size_t depth, uint32_t path) {
  require(root != nullptr, "is_branch_in_tree", "root is NULL");
  node computed;
  if (!tree_branch_hash(hash, branch, depth, path, computed)) return false;
  return std::memcmp(computed, root, HASH_SIZE) == 0;
}

}  // extern "C"
