// Monero's crypto/hash.h: the 32-byte hash type, cn_fast_hash, tree_hash and
// cn_slow_hash (CryptoNight) in namespace crypto (plus cncrypto's multi-hash
// cncrypto::cn_slow_hash_many), with the C functions of hash-ops.h brought in as well (as
// Monero does), so code written for Monero compiles unchanged.
#pragma once

#include "crypto/hash-ops.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iosfwd>
#include <string>
#include <type_traits>

namespace crypto {

// Monero's hash.h includes hash-ops.h inside namespace crypto, so Monero code names
// crypto::HASH_SIZE: the same constants (one entity each, so `using namespace
// crypto` meets no ambiguity).
using ::HASH_DATA_AREA;
using ::HASH_SIZE;

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

// Writes "<" + hex + ">" (64 + 2 / 16 + 2 characters), as Monero's operator<<
// (epee's to_hex::formatted). For the bare hex (e.g. in a tool's output) call
// cncrypto::to_hex (below).
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

// ---- Proof of work: CryptoNight ----
// NOT constant time (data-dependent scratchpad addresses, division, table
// lookups). Intended: proof-of-work inputs are public. Never pass secrets.


using ::cn_slow_hash;  // the C form (data, length, char *hash, variant, prehashed, height)
using ::cn_slow_hash_allocate_state;
using ::cn_slow_hash_free_state;
using ::hash_extra_blake;
using ::hash_extra_groestl;
using ::hash_extra_jh;
using ::hash_extra_skein;
using ::hash_permutation;
using ::hash_process;
using ::hash_state;

// CryptoNight of data[0 .. length) into hash (32 bytes). variant 0..5 as in
// hash-ops.h (3 = 2, 5 = 4); height is used by variants 4 and 5 only.
// About 20 ms; uses this thread's 2 MiB scratchpad (allocated on first use).
// Throws std::invalid_argument (variant outside 0..5; variant 1 with
// length < 43; data NULL with length > 0), std::bad_alloc (scratchpad),
// std::runtime_error (bad CNCRYPTO_CN_IMPL); hash is untouched then.
// Source: Monero crypto/hash.h cn_slow_hash.
inline void cn_slow_hash(const void *data, std::size_t length, hash &hash, int variant = 0, uint64_t height = 0) {
  ::cn_slow_hash(data, length, hash.data, variant, 0 /*prehashed*/, height);
}

// The same starting from an already computed 200-byte Keccak state (data =
// the state, length must be 200, else std::invalid_argument). For variant 1
// the nonce tweak reads bytes 35..42 of that state, as Monero does.
// Source: Monero crypto/hash.h cn_slow_hash_prehashed.
inline void cn_slow_hash_prehashed(const void *data, std::size_t length, hash &hash, int variant = 0,
                                   uint64_t height = 0) {
  ::cn_slow_hash(data, length, hash.data, variant, 1 /*prehashed*/, height);
}


}  // namespace crypto

namespace cncrypto {

// Lowercase hex of the bytes in memory order (64 / 16 characters), no brackets.
// Variable time (public data). cncrypto's (Monero prints with epee::to_hex).
std::string to_hex(const crypto::hash &h);
std::string to_hex(const crypto::hash8 &h);

// One input of cn_slow_hash_many.
struct cn_slow_hash_input {
  const void *data;    // message (may be NULL when length is 0)
  std::size_t length;  // bytes
  uint64_t height;     // for variants 4 and 5 (each input its own program)
};

// Multi-hash (cncrypto; Monero has no such function): out[i] =
// crypto::cn_slow_hash(inputs[i], variant) for i < count, computed four at a time
// (the remainder two and then one at a time) with the scratchpad loops
// interleaved in this thread (xmrig's "double hash", widened): their memory
// latencies overlap where the memory system serves several misses at once
// (how much that gains depends on the machine: docs/cryptonight.md).
// Variants 4 and 5: a group whose inputs share one height (a miner's nonces
// of one block template) runs its one CryptonightR program once for all
// lanes on vectors (x86-64 with AVX2; CNCRYPTO_CN_R_SIMD=0 turns that off,
// "avx2" / "avx512" force a form, unset or empty is the best form; a form
// this CPU lacks, or any other value, throws std::runtime_error naming the
// variable on every variant 4/5 call that hashes two or more inputs, with
// every implementation); distinct heights run each lane's program (same
// results either way). Uses an
// 8 MiB per-thread scratchpad, 2 MiB per lane (kept like the 2 MiB one;
// cn_slow_hash_free_state frees it). All inputs are checked
// before any hashing; on an error (as cn_slow_hash, naming the input index)
// nothing is written. count 0 does nothing (not even the implementation
// choice: a bad CNCRYPTO_CN_IMPL is not reported then).
void cn_slow_hash_many(const cn_slow_hash_input *inputs, std::size_t count, crypto::hash *out, int variant);

}  // namespace cncrypto

namespace cncrypto::detail {
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
}  // namespace cncrypto::detail

namespace std {
template <>
struct hash<crypto::hash> : cncrypto::detail::first_bytes_hash<crypto::hash> {};
}  // namespace std

namespace crypto {
// Boost's hash support (boost::hash, boost::unordered_map keys), found by ADL:
// the first sizeof(size_t) bytes of h, in memory order, as std::hash<crypto::hash>.
// Never throws; variable time (public data). Source: Monero crypto/hash.h
// (CRYPTO_MAKE_HASHABLE(hash), generic-ops.h's hash_value).
inline std::size_t hash_value(const hash &h) noexcept { return cncrypto::detail::first_bytes_hash<hash>()(h); }
}  // namespace crypto
