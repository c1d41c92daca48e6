// get_block_longhash and get_block_pow (cryptonote/block_pow.h, docs/pow.md).
#include "cryptonote/block_pow.h"

#include "crypto/hash-ops.h"
#include "crypto/rx-slow-hash.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"

#include <cstring>
#include <string>
#include <boost/variant.hpp>

namespace cncrypto {

using namespace cryptonote;  // Monero's types (transaction, block, ...) unqualified

namespace {

// Object hashes of the three real 202612 hashing blobs (Monero master's list;
// ../shared/spec/pow.md 3.3, blocks_pow.json for testnet and stagenet).
constexpr std::uint8_t known_202612_hashing_blob_hashes[3][32] = {
    // mainnet 426d16cf...331a
    {0x42, 0x6d, 0x16, 0xcf, 0xf0, 0x4c, 0x71, 0xf8, 0xb1, 0x63, 0x40, 0xb7, 0x22, 0xdc, 0x40, 0x10,
     0xa2, 0xdd, 0x38, 0x31, 0xc2, 0x20, 0x41, 0x43, 0x1f, 0x77, 0x25, 0x47, 0xba, 0x6e, 0x33, 0x1a},
    // testnet 248fde4b...a676
    {0x24, 0x8f, 0xde, 0x4b, 0x96, 0xb8, 0x29, 0xc4, 0xdd, 0xbd, 0x00, 0xe3, 0xf7, 0x6d, 0x35, 0xb0,
     0x3d, 0x01, 0x25, 0x78, 0x98, 0xbc, 0x1b, 0x55, 0x78, 0xbc, 0x9e, 0x04, 0xb3, 0x79, 0xa6, 0x76},
    // stagenet f3449e65...e7b1
    {0xf3, 0x44, 0x9e, 0x65, 0x8b, 0x5f, 0x88, 0x0c, 0x4b, 0x0e, 0x69, 0x00, 0x7e, 0xd5, 0xd0, 0x92,
     0xc9, 0xc8, 0x83, 0xac, 0x3a, 0x51, 0x81, 0x66, 0xfa, 0x65, 0x2d, 0x5c, 0xc5, 0x05, 0xe7, 0xb1},
};

// The non-202612 part of get_block_longhash. seed_hash must be non-null for
// RandomX majors (callers check).
crypto::hash pow_hash_of(byte_span blob, std::uint64_t height, std::uint8_t major_version,
                         const crypto::hash *seed_hash) {
  crypto::hash res;
  const int variant = get_cn_variant(major_version);
  if (variant < 0) {
    ::rx_slow_hash(seed_hash->data, blob.data, blob.size, res.data);
  } else {
    ::cn_slow_hash(blob.data, blob.size, res.data, variant, 0 /*prehashed*/, height);
  }
  return res;
}

std::string seed_required_message(std::uint64_t height, std::uint8_t major_version, std::uint64_t seed_height) {
  return "block of major version " + std::to_string(major_version) + " at height " + std::to_string(height) +
         " uses RandomX: its seed hash is the id of block " + std::to_string(seed_height) +
         " (rx_seedheight(" + std::to_string(height) + "))";
}

void check_major_version(std::uint8_t major_version) {
  if (major_version == 0 || major_version > LAST_KNOWN_BLOCK_MAJOR_VERSION) {
    throw pow_error(pow_error::kind::unknown_major_version,
                    "block major version " + std::to_string(major_version) + " is not one Monero ever had (1 to " +
                        std::to_string(LAST_KNOWN_BLOCK_MAJOR_VERSION) + ")");
  }
}

// get_block_pow and get_blob_pow once out.height is known.
block_pow &finish_pow(byte_span blob, std::uint8_t major_version, const crypto::hash *seed_hash, block_pow &out) {
  out.major_version = major_version;
  if (is_block_202612_longhash_exception(blob, out.height)) {
    out.algorithm = pow_algorithm::fixed_202612;
    out.hash = block_202612_longhash;
    return out;
  }
  out.algorithm = get_pow_algorithm(major_version);
  out.cn_variant = get_cn_variant(major_version);
  if (out.algorithm == pow_algorithm::randomx) {
    out.seed_height = rx_seedheight(out.height);
    if (seed_hash == nullptr) {
      throw pow_error(pow_error::kind::seed_required, seed_required_message(out.height, major_version, out.seed_height),
                      out.seed_height);
    }
  }
  out.hash = pow_hash_of(blob, out.height, major_version, seed_hash);
  return out;
}

}  // namespace

const char *pow_algorithm_name(pow_algorithm a) noexcept {
  switch (a) {
    case pow_algorithm::cryptonight_v0: return "cn/0";
    case pow_algorithm::cryptonight_v1: return "cn/1";
    case pow_algorithm::cryptonight_v2: return "cn/2";
    case pow_algorithm::cryptonight_r: return "cn/r";
    case pow_algorithm::randomx: return "rx/0";
    case pow_algorithm::fixed_202612: return "fixed-202612";
  }
  return "unknown";
}

pow_algorithm get_pow_algorithm(std::uint8_t major_version) noexcept {
  if (major_version >= RX_BLOCK_VERSION) return pow_algorithm::randomx;
  if (major_version >= 10) return pow_algorithm::cryptonight_r;
  if (major_version >= 8) return pow_algorithm::cryptonight_v2;
  if (major_version == 7) return pow_algorithm::cryptonight_v1;
  return pow_algorithm::cryptonight_v0;
}

int get_cn_variant(std::uint8_t major_version) noexcept {
  if (major_version >= RX_BLOCK_VERSION) return -1;
  return major_version >= 7 ? major_version - 6 : 0;
}

bool is_block_202612_longhash_exception(byte_span hashing_blob, std::uint64_t height) noexcept {
  if (height != BLOCK_202612_HEIGHT) return false;
  const crypto::hash id = get_object_hash_of_blob(hashing_blob);
  for (const auto &known : known_202612_hashing_blob_hashes) {
    if (std::memcmp(&id, known, sizeof id) == 0) return true;
  }
  return false;
}

crypto::hash get_block_longhash(byte_span hashing_blob, std::uint64_t height, std::uint8_t major_version,
                                const crypto::hash &seed_hash) {
  if (is_block_202612_longhash_exception(hashing_blob, height)) return block_202612_longhash;
  return pow_hash_of(hashing_blob, height, major_version, &seed_hash);
}

bool get_block_longhash(const blobdata &bd, crypto::hash &res, std::uint64_t height, int major_version,
                        const crypto::hash *seed_hash) {
  res = crypto::null_hash;
  if (major_version < 0 || major_version > 255) return false;
  if (is_block_202612_longhash_exception(bd, height)) {
    res = block_202612_longhash;
    return true;
  }
  const auto major = static_cast<std::uint8_t>(major_version);
  if (get_pow_algorithm(major) == pow_algorithm::randomx && seed_hash == nullptr) return false;
  res = pow_hash_of(bd, height, major, seed_hash);
  return true;
}

bool get_block_longhash(const block &b, crypto::hash &res, std::uint64_t height, const crypto::hash *seed_hash) {
  blobdata bd;
  try {
    bd = get_block_hashing_blob(b);
  } catch (const std::invalid_argument &) {
    res = crypto::null_hash;
    return false;
  }
  return get_block_longhash(bd, res, height, b.major_version, seed_hash);
}

crypto::hash get_block_longhash(const block &b, std::uint64_t height, const crypto::hash *seed_hash) {
  const blobdata bd = get_block_hashing_blob(b);  // throws std::invalid_argument for an inconsistent block
  crypto::hash res;
  if (!get_block_longhash(bd, res, height, b.major_version, seed_hash)) {
    const std::uint64_t seed_height = rx_seedheight(height);
    throw pow_error(pow_error::kind::seed_required,
                    "get_block_longhash: no seed hash given: " + seed_required_message(height, b.major_version, seed_height),
                    seed_height);
  }
  return res;
}

block_pow get_block_pow(const block &b, std::optional<std::uint64_t> height, const crypto::hash *seed_hash) {
  check_major_version(b.major_version);
  const bool single_gen = is_coinbase(b.miner_tx);
  block_pow out;
  if (single_gen) {
    const std::uint64_t miner_height = boost::get<txin_gen>(b.miner_tx.vin[0]).height;
    if (height && *height != miner_height) {
      throw pow_error(pow_error::kind::height_mismatch,
                      "height " + std::to_string(*height) + " contradicts the block's miner transaction, which says " +
                          std::to_string(miner_height));
    }
    out.height = miner_height;
    out.height_from_miner_tx = !height;
  } else if (height) {
    out.height = *height;
  } else {
    throw pow_error(pow_error::kind::no_height,
                    "the block's miner transaction has no single txin_gen input to give its height: give the height");
  }
  return finish_pow(get_block_hashing_blob(b), b.major_version, seed_hash, out);  // throws for an inconsistent block
}

block_pow get_block_pow_from_blob(byte_span blob, std::optional<std::uint64_t> height, const crypto::hash *seed_hash) {
  const block b = parse_block(blob);
  const blobdata canonical = block_to_blob(b);
  if (canonical.size() != blob.size || std::memcmp(canonical.data(), blob.data, blob.size) != 0) {
    std::size_t at = 0;
    while (at < canonical.size() && at < blob.size && canonical[at] == blob.data[at]) ++at;
    throw pow_error(pow_error::kind::non_canonical_blob,
                    "the blob (" + std::to_string(blob.size) + " bytes) is not the serialization of the block it parses to (" +
                        std::to_string(canonical.size()) + " bytes; they differ from byte " + std::to_string(at) +
                        "): cut off inside its last varint, or not canonical");
  }
  return get_block_pow(b, height, seed_hash);
}

block_pow get_blob_pow(byte_span blob, std::uint64_t height, std::uint8_t major_version,
                       const crypto::hash *seed_hash) {
  check_major_version(major_version);
  block_pow out;
  out.height = height;
  return finish_pow(blob, major_version, seed_hash, out);
}

}  // namespace cncrypto
