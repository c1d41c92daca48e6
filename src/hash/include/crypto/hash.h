// Monero's crypto/hash.h: the 32-byte hash type, cn_fast_hash and tree_hash in
// namespace crypto, with the C functions of hash-ops.h brought in as well (as
// Monero does), so code written for Monero compiles unchanged.
#pragma once

#include "crypto/hash-ops.h"

#include <cstddef>
#include <cstring>
#include <functional>
#include <iosfwd>
#include <string>
#include <type_traits>

namespace crypto {

// The C functions, also reachable as crypto::cn_fast_hash(data, length, char *) etc.
using ::cn_fast_hash;
using ::is_branch_in_tree;
using ::tree_branch;
using ::tree_branch_hash;
using ::tree_hash;
using ::tree_path;

#pragma pack(push, 1)
// A 32-byte hash (cn_fast_hash output, transaction/block ids). Public data:
// printable, compared in variable time.
struct hash {
  char data[HASH_SIZE];
};
// An 8-byte hash (Monero: short payment ids).
struct hash8 {
  char data[8];
};
#pragma pack(pop)

static_assert(sizeof(hash) == HASH_SIZE, "crypto::hash must be exactly 32 bytes");
static_assert(sizeof(hash8) == 8, "crypto::hash8 must be exactly 8 bytes");
static_assert(std::is_trivial<hash>::value && std::is_standard_layout<hash>::value, "crypto::hash must be POD");
static_assert(std::is_trivial<hash8>::value && std::is_standard_layout<hash8>::value, "crypto::hash8 must be POD");

// The all-zero hash.
inline constexpr hash null_hash{};
inline constexpr hash8 null_hash8{};

inline bool operator==(const hash &a, const hash &b) { return std::memcmp(a.data, b.data, sizeof a.data) == 0; }
inline bool operator!=(const hash &a, const hash &b) { return !(a == b); }
// Byte-wise (memcmp) order, for sorted containers.
inline bool operator<(const hash &a, const hash &b) { return std::memcmp(a.data, b.data, sizeof a.data) < 0; }
inline bool operator==(const hash8 &a, const hash8 &b) { return std::memcmp(a.data, b.data, sizeof a.data) == 0; }
inline bool operator!=(const hash8 &a, const hash8 &b) { return !(a == b); }

// Lowercase hex of the bytes in memory order (64 / 16 characters).
std::string to_hex(const hash &h);
std::string to_hex(const hash8 &h);
// Writes to_hex(h). (Monero's epee prints "<hex>"; cncrypto prints the bare hex.)
std::ostream &operator<<(std::ostream &o, const hash &h);
std::ostream &operator<<(std::ostream &o, const hash8 &h);

// cn_fast_hash: Keccak-256 (original Keccak padding, rate 136; NOT SHA3-256) of
// data[0 .. length) into h. data may be null when length is 0. Constant time in
// the data. Source: Monero crypto/hash.h.
inline void cn_fast_hash(const void *data, std::size_t length, hash &h) {
  ::cn_fast_hash(data, length, h.data);
}

// Same, returning the hash.
inline hash cn_fast_hash(const void *data, std::size_t length) {
  hash h;
  ::cn_fast_hash(data, length, h.data);
  return h;
}

// tree_hash: Monero's Merkle root of hashes[0 .. count) (see hash-ops.h).
// count 0 throws std::invalid_argument. Source: Monero crypto/hash.h.
inline void tree_hash(const hash *hashes, std::size_t count, hash &root_hash) {
  ::tree_hash(reinterpret_cast<const char(*)[HASH_SIZE]>(hashes), count, root_hash.data);
}

}  // namespace crypto

namespace crypto::detail {
// std::hash of a type whose bytes are uniformly distributed (hashes, keys,
// key images): its first sizeof(size_t) bytes, for unordered containers
// (Monero: CRYPTO_MAKE_HASHABLE). Public data only; variable time is fine.
template <class T>
struct first_bytes_hash {
  std::size_t operator()(const T &value) const noexcept {
    static_assert(sizeof(T) >= sizeof(std::size_t), "the type has fewer bytes than a bucket hash");
    std::size_t v;
    std::memcpy(&v, &value, sizeof v);
    return v;
  }
};
}  // namespace crypto::detail

namespace std {
template <>
struct hash<crypto::hash> : crypto::detail::first_bytes_hash<crypto::hash> {};
}  // namespace std
