// Fuzz target: a block's proof of work from its blob (cryptonote/block_pow.h
// get_block_pow_from_blob, over get_block_longhash).
// Oracles, each against a second computation made here:
//   * refusal: the blob is refused with parse_error exactly when parse_block
//     refuses it; a blob that parses but is not block_to_blob of its block with
//     pow_error non_canonical_blob; then, in this order, unknown_major_version
//     for major 0 or > 16, no_height when the miner transaction has no single
//     txin_gen input (no height given), seed_required for a RandomX major
//     (>= 12) without a seed, naming rx_seedheight of the miner tx's height;
//   * the answer: the algorithm, CryptoNight variant and height reported follow
//     Monero's table written out here (majors <= 6 variant 0, 7 -> 1, 8-9 ->
//     major - 6, 10-11 -> CryptoNight-R with the height, >= 12 RandomX), and the
//     hash equals cn_slow_hash / rx_slow_hash called directly on the hashing
//     blob built from the block's parts (hashing_blob_oracle.h).
// Cost: a CryptoNight hash under ASan takes tens of milliseconds and the first
// RandomX hash builds a 256 MiB cache (one seed for the whole run, so one
// cache), so under libFuzzer the two hashes are computed for one blob in 16
// (chosen by the Keccak hash of the blob, the same each run); the refusal
// checks run on every input, and the seed replay hashes every seed.
#include "crypto/hash.h"
#include "crypto/rx-slow-hash.h"
#include "cryptonote/block_pow.h"
#include "cryptonote/serialization.h"
#include "fuzz_check.h"
#include "hashing_blob_oracle.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <boost/variant.hpp>

namespace {

using cncrypto::pow_error_kind;

// The one RandomX seed of the run (any 32 bytes: the library has no chain).
const crypto::hash &fuzz_seed() {
  static const crypto::hash seed = [] {
    crypto::hash h;
    crypto::cn_fast_hash("cncrypto fuzz_block_pow seed", 28, h);
    return h;
  }();
  return seed;
}

// The kind get_block_pow_from_blob throws, or nothing when it returns.
std::optional<pow_error_kind> refusal(cncrypto::byte_span blob, const crypto::hash *seed, cncrypto::block_pow &out,
                                      std::uint64_t &seed_height) {
  try {
    out = cncrypto::get_block_pow_from_blob(blob, std::nullopt, seed);
    return std::nullopt;
  } catch (const cncrypto::pow_error &e) {
    seed_height = e.seed_height();
    return e.error_kind();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const cncrypto::byte_span blob(data, size);
  cryptonote::block b;
  try {
    b = cncrypto::parse_block(blob);
  } catch (const cncrypto::parse_error &) {
    bool refused = false;
    try {
      (void)cncrypto::get_block_pow_from_blob(blob, std::nullopt, nullptr);
    } catch (const cncrypto::parse_error &) {
      refused = true;
    }
    FUZZ_CHECK(refused);
    return 0;
  }

  // The refusal the blob must get, decided here.
  std::optional<pow_error_kind> expected;
  std::optional<std::uint64_t> height;
  if (b.miner_tx.vin.size() == 1) {
    if (const auto *gen = boost::get<cryptonote::txin_gen>(&b.miner_tx.vin[0])) height = gen->height;
  }
  const std::uint8_t major = b.major_version;
  const bool randomx = major >= 12;
  const cryptonote::blobdata again = cryptonote::block_to_blob(b);
  if (again.size() != size || std::memcmp(again.data(), data, size) != 0) {
    expected = pow_error_kind::non_canonical_blob;
  } else if (major == 0 || major > cncrypto::LAST_KNOWN_BLOCK_MAJOR_VERSION) {
    expected = pow_error_kind::unknown_major_version;
  } else if (!height) {
    expected = pow_error_kind::no_height;
  } else if (randomx && *height != cncrypto::BLOCK_202612_HEIGHT) {
    expected = pow_error_kind::seed_required;
  }
  cncrypto::block_pow pow;
  std::uint64_t seed_height = 0;
  const std::optional<pow_error_kind> got = refusal(blob, nullptr, pow, seed_height);
  if (expected) {
    FUZZ_CHECK(got == expected);
    if (*expected == pow_error_kind::seed_required) FUZZ_CHECK(seed_height == rx_seedheight(*height));
    if (*expected != pow_error_kind::seed_required) return 0;
  } else if (!randomx) {
    FUZZ_CHECK(!got);
  }
  if (*height == cncrypto::BLOCK_202612_HEIGHT) return 0;  // Monero's fixed hash: docs/pow.md

#ifdef CNCRYPTO_LIBFUZZER
  crypto::hash sample;
  crypto::cn_fast_hash(data, size, sample);
  if (sample.data[0] % 16 != 0) return 0;
#endif
  if (randomx && !crypto_randomx_available()) return 0;  // built without librandomx
  if (randomx) {
    FUZZ_CHECK(!refusal(blob, &fuzz_seed(), pow, seed_height));
  } else if (got) {
    return 0;  // checked above: a CryptoNight block that parses is refused only for its major or height
  }
  const cryptonote::blobdata hashing_blob = hashing_blob_from_parts(b);
  crypto::hash expected_hash;
  if (randomx) {
    FUZZ_CHECK(pow.algorithm == cncrypto::pow_algorithm::randomx && pow.cn_variant == -1);
    FUZZ_CHECK(pow.seed_height == rx_seedheight(*height));
    cncrypto::rx_slow_hash(std::string(fuzz_seed().data, 32), hashing_blob.data(), hashing_blob.size(), expected_hash);
  } else {
    const int variant = major <= 6 ? 0 : major - 6;
    const cncrypto::pow_algorithm algorithm =
        major <= 6    ? cncrypto::pow_algorithm::cryptonight_v0
        : major == 7  ? cncrypto::pow_algorithm::cryptonight_v1
        : major <= 9  ? cncrypto::pow_algorithm::cryptonight_v2
                      : cncrypto::pow_algorithm::cryptonight_r;
    FUZZ_CHECK(pow.algorithm == algorithm && pow.cn_variant == variant);
    crypto::cn_slow_hash(hashing_blob.data(), hashing_blob.size(), expected_hash, variant, *height);
  }
  FUZZ_CHECK(pow.height == *height && pow.height_from_miner_tx && pow.major_version == major);
  FUZZ_CHECK(pow.hash == expected_hash);
  return 0;
}
