// A block's proof of work: Monero's get_block_longhash (the PoW hash of a
// block's hashing blob, the algorithm chosen from its major version), its
// block 202612 exception, and a checked form for untrusted input (cnutil pow).
// docs/pow.md; ../shared/spec/pow.md 3.1, 3.3, 3.4.
//
// Every name here is cncrypto's own, in namespace cncrypto: Monero's
// get_block_longhash takes the chain (const Blockchain *pbc) and a miner
// thread count, which a library without a chain cannot offer, so the chainless
// forms below are cncrypto::get_block_longhash, not overloads of Monero's name.
// Included by cryptonote/cryptonote_format_utils.h (where Monero's current
// code declares get_block_longhash) and cryptonote/cryptonote_tx_utils.h
// (where Monero 0.18 declares it).
//
// The algorithm of a block of major version M (Monero's rule, any M 0..255):
//   M <= 6       CryptoNight variant 0        cn_slow_hash(blob, variant 0)
//   M == 7       CryptoNight variant 1        variant 1
//   M == 8, 9    CryptoNight variant 2        variant M - 6 (3 behaves as 2)
//   M == 10, 11  CryptoNight-R                variant M - 6 (5 behaves as 4), with the height
//   M >= 12      RandomX                      rx_slow_hash(seed, blob), seed = id of the
//                                             block at rx_seedheight(height)
// except at height 202612 (see is_block_202612_longhash_exception).
//
// The library has no chain: a RandomX seed (the 32-byte id of the block at
// rx_seedheight(height)) is always supplied by the caller.
//
// Timing: NOT constant time, and it need not be: every input (block blobs,
// heights, seed block ids) is public chain data. CryptoNight's and RandomX's
// timing depends on the blob.
#pragma once

#include "common/positioned_error.h"
#include "crypto/hash.h"
#include "cryptonote/binary_reader.h"
#include "cryptonote/cryptonote_basic.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace cncrypto {

// The last block major version Monero has had (hard fork 16, mainnet height
// 2689608; Monero 0.18). Only the checked form get_block_pow refuses majors
// above it (and major 0, which no network ever had); get_block_longhash
// follows Monero and uses RandomX for every major >= 12.
constexpr std::uint8_t LAST_KNOWN_BLOCK_MAJOR_VERSION = 16;

// The height whose PoW Monero hard-codes, and the hash it returns there:
// 84f64766475d51837ac9efbef1926486e58563c95a19fef4aec3254f03000000
// (CryptoNight v0 of mainnet block 202612's hashing blob as the buggy tree
// hash of the time built it: root over 512 of its 514 leaves).
constexpr std::uint64_t BLOCK_202612_HEIGHT = 202612;
inline constexpr crypto::hash block_202612_longhash{{
    '\x84', '\xf6', '\x47', '\x66', '\x47', '\x5d', '\x51', '\x83', '\x7a', '\xc9', '\xef', '\xbe', '\xf1', '\x92', '\x64', '\x86',
    '\xe5', '\x85', '\x63', '\xc9', '\x5a', '\x19', '\xfe', '\xf4', '\xae', '\xc3', '\x25', '\x4f', '\x03', '\x00', '\x00', '\x00'}};

enum class pow_algorithm {
  cryptonight_v0,  // majors 0..6
  cryptonight_v1,  // major 7
  cryptonight_v2,  // majors 8, 9
  cryptonight_r,   // majors 10, 11
  randomx,         // majors >= 12
  fixed_202612,    // the block 202612 exception (not a function of the major)
};

// Short printable name: "cn/0", "cn/1", "cn/2", "cn/r", "rx/0" (the names
// miners use) and "fixed-202612". Never null, never throws.
const char *pow_algorithm_name(pow_algorithm a) noexcept;

// Monero's choice for a major version (never fixed_202612). Never throws.
pow_algorithm get_pow_algorithm(std::uint8_t major_version) noexcept;

// The variant argument Monero passes to cn_slow_hash for a CryptoNight major:
// 0 for majors <= 6, major - 6 for 7..11 (so 1, 2, 3, 4, 5); -1 for
// majors >= 12 (RandomX). Never throws.
int get_cn_variant(std::uint8_t major_version) noexcept;

// Block 202612: Monero's current rule (master 0aa9c51): true iff height is
// 202612 and the object hash of hashing_blob (cn_fast_hash(varint(size) ||
// blob), the block id before any id exception) is one of the real 202612
// blocks': 426d16cf...331a (mainnet), 248fde4b...a676 (testnet),
// f3449e65...e7b1 (stagenet). Every other blob at that height is hashed
// normally. Monero 0.18's releases are looser: they return the fixed hash for
// ANY blob at height 202612; both agree on the real chains (docs/pow.md).
// Never throws.
bool is_block_202612_longhash_exception(byte_span hashing_blob, std::uint64_t height) noexcept;

// ---- Monero's get_block_longhash (no Blockchain object) ----------------------

// Monero master's form: the PoW hash of hashing_blob (any length; a block's
// hashing blob, or what RPC calc_pow is given) for a block of major_version
// at height: block_202612_longhash under the 202612 rule above, else the
// table at the top (CryptoNight-R takes height; RandomX keys with seed_hash,
// the id of the block at rx_seedheight(height), or crypto::null_hash when
// generating a genesis block, as Monero does without a chain; CryptoNight
// ignores seed_hash). Returns the 32-byte hash.
// Throws (never a partial or wrong hash): std::runtime_error when RandomX is
// needed and cncrypto was built without librandomx, or when the scratchpad,
// cache or VM cannot be allocated; std::invalid_argument from cn_slow_hash for
// variant 1 on fewer than 43 bytes (a block's hashing blob has at least 72).
// Source: Monero cryptonote_basic/cryptonote_format_utils.cpp get_block_longhash.
crypto::hash get_block_longhash(byte_span hashing_blob, std::uint64_t height, std::uint8_t major_version,
                                const crypto::hash &seed_hash);

// Monero 0.18's blob form, get_block_longhash(pbc, bd, res, height,
// major_version, seed_hash, miners), without the chain and the miner thread
// count: res = the hash above. seed_hash is the RandomX key and must be
// non-null for majors >= 12 (Monero reads it from the chain, or uses zeros
// when it has none: pass &crypto::null_hash for that); ignored for
// CryptoNight. Returns false, res = null_hash, when major_version is outside
// 0..255 or a RandomX major comes without seed_hash; the 202612 rule is
// checked first, so a 202612 block needs no seed. Throws as above for a
// missing librandomx or memory. Source: Monero 0.18 cryptonote_tx_utils.cpp.
bool get_block_longhash(const cryptonote::blobdata &bd, crypto::hash &res, std::uint64_t height, int major_version,
                        const crypto::hash *seed_hash);

// Monero 0.18's block form: the same over get_block_hashing_blob(b) and
// b.major_version. height is the block's height in the chain (the caller's;
// it is not read from the miner tx here: see get_block_pow). Returns false
// (res = null_hash) as above, and also when b cannot be serialized (an
// inconsistent object). Source: Monero 0.18 cryptonote_tx_utils.cpp.
bool get_block_longhash(const cryptonote::block &b, crypto::hash &res, std::uint64_t height,
                        const crypto::hash *seed_hash);

// The same, returning the hash; throws pow_error (kind seed_required) where
// the bool form returns false for a missing seed, std::invalid_argument for an
// inconsistent block. Monero 0.18: crypto::hash get_block_longhash(pbc, b,
// height, seed_hash, miners).
crypto::hash get_block_longhash(const cryptonote::block &b, std::uint64_t height, const crypto::hash *seed_hash);

// ---- the checked form, for blocks from outside ---------------------------------

// What get_block_pow refuses.
enum class pow_error_kind {
  unknown_major_version,  // major 0 or > LAST_KNOWN_BLOCK_MAJOR_VERSION
  no_height,              // no height given and the miner tx has no single txin_gen input
  height_mismatch,        // the height given differs from the miner tx's txin_gen height
  seed_required,          // a RandomX block without a seed hash; seed_height() names the block
  non_canonical_blob,     // get_block_pow_from_blob: the blob is not the serialization of the block it parses to
};

// The exception of get_block_pow and friends (a std::invalid_argument): what()
// is a full sentence naming the values; error_kind() one of pow_error_kind
// (also pow_error::kind); position() and seed_height() are, for seed_required,
// rx_seedheight(height): the height of the block whose id is the seed (else 0).
class pow_error : public cncrypto::positioned_error<pow_error_kind> {
 public:
  using kind = pow_error_kind;
  pow_error(kind k, const std::string &message, std::uint64_t seed_height = 0)
      : positioned_error(k, static_cast<std::size_t>(seed_height), message), seed_height_(seed_height) {}
  // Kept apart from position(), a std::size_t (32 bits in the WebAssembly build).
  std::uint64_t seed_height() const noexcept { return seed_height_; }

 private:
  std::uint64_t seed_height_;
};

struct block_pow {
  crypto::hash hash{};            // the PoW hash (get_block_longhash)
  pow_algorithm algorithm{};      // fixed_202612 when the exception applied
  std::uint8_t major_version = 0;  // the block's (or the caller's, get_blob_pow)
  int cn_variant = -1;            // cn_slow_hash's variant argument; -1 for RandomX and fixed_202612
  std::uint64_t height = 0;       // the height used
  bool height_from_miner_tx = false;  // true when read from the miner tx (none given)
  std::uint64_t seed_height = 0;  // RandomX: rx_seedheight(height); else 0
};

// The PoW of a block received from outside (a file, the network), with the
// checks Monero makes elsewhere (its hard-fork table, the miner tx check)
// before it computes one:
//   - b.major_version must be 1..LAST_KNOWN_BLOCK_MAJOR_VERSION (16): Monero
//     never had another; pow_error unknown_major_version otherwise;
//   - height: the miner tx's txin_gen height (Monero's get_block_height) when
//     height is empty (pow_error no_height if the miner tx has no single
//     txin_gen input); when given, it must equal that height if there is one
//     (pow_error height_mismatch), and is used alone for a block without one;
//   - a RandomX block needs seed_hash (pow_error seed_required, naming
//     rx_seedheight(height)), except the block 202612 exception.
// Then get_block_longhash. Throws std::invalid_argument for an inconsistent
// object, std::runtime_error as get_block_longhash. Variable time (public).
block_pow get_block_pow(const cryptonote::block &b, std::optional<std::uint64_t> height, const crypto::hash *seed_hash);

// get_block_pow of a block blob from outside: parse_block(blob) (throws
// parse_error naming field and offset for a truncated or mangled blob), then
// the blob must be exactly the block's serialization (block_to_blob), else
// pow_error non_canonical_blob naming the first differing byte: Monero's
// parser accepts a blob cut off inside its final varint (docs/formats.md) and
// would hash the block it reads, but such a blob is never a real block, so
// this refuses it rather than give a hash. Then get_block_pow.
block_pow get_block_pow_from_blob(byte_span blob, std::optional<std::uint64_t> height, const crypto::hash *seed_hash);

// The same checks for bytes hashed as given (a hashing blob, or whatever RPC
// calc_pow is handed: Monero hashes its block_blob as it comes), with the
// major version and height supplied by the caller (height_from_miner_tx is
// false): pow_error unknown_major_version for major 0 or > 16, seed_required
// for RandomX without seed_hash; then get_block_longhash. Throws
// std::runtime_error as get_block_longhash. Variable time (public inputs).
block_pow get_blob_pow(byte_span blob, std::uint64_t height, std::uint8_t major_version,
                       const crypto::hash *seed_hash);

}  // namespace cncrypto
