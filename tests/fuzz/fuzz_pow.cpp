// Fuzz target: proof-of-work inputs (cryptonote/cryptonote_format_utils.h
// get_block_hashing_blob, hash/cn_impl.h CryptoNight implementations).
// Inputs whose first byte is below 0x80 (every block: it starts with the major
// version) are block blobs. Oracle: a block that parses has the hashing blob
// Monero defines, built here from its parts: the header bytes, then the tree
// hash of the miner transaction's id and the other ids, then varint(1 + count).
// Inputs starting with a byte >= 0x80 are CryptoNight inputs (kept short: one
// hash per implementation). Oracle: every other available implementation
// (ssse3, aesni) gives the portable (software AES) one's hash, or all refuse the
// input (variant 1 needs 43 bytes); the low 2 bits of the first byte choose the
// variant (0, 1, 2, 4 = CryptoNight-R, whose height is the second byte).
#include "cryptonote/serialization.h"
#include "fuzz_check.h"
#include "hash/cn_impl.h"
#include "hashing_blob_oracle.h"

#include <cstdint>
#include <cstring>
#include <exception>
#include <vector>

namespace {

void check_hashing_blob(const std::uint8_t *data, std::size_t size) {
  cryptonote::block b;
  try {
    b = cncrypto::parse_block(cncrypto::byte_span(data, size));
  } catch (const cncrypto::parse_error &) {
    return;
  }
  FUZZ_CHECK(cryptonote::get_block_hashing_blob(b) == hashing_blob_from_parts(b));
}

// The hash of data through impl, or false when it refuses the input.
bool hash_with(const crypto::cn::cn_implementation &impl, const std::uint8_t *data, std::size_t size, int variant,
               std::uint64_t height, std::uint8_t out[32]) {
  try {
    crypto::cn::slow_hash_with(impl, data, size, out, variant, false, height);
    return true;
  } catch (const std::exception &) {
    return false;
  }
}

void check_cryptonight(const std::uint8_t *data, std::size_t size) {
  static const int variants[4] = {0, 1, 2, 4};
  const int variant = variants[data[0] & 3];
  const std::uint64_t height = size > 1 ? data[1] : 0;
  const std::uint8_t *input = data + 1;
  const std::size_t length = size - 1 < 96 ? size - 1 : 96;
  std::size_t count = 0;
  const crypto::cn::cn_implementation *const *all = crypto::cn::cn_implementations(count);
  std::uint8_t ref[32];
  const bool ok = hash_with(*all[0], input, length, variant, height, ref);
  for (std::size_t i = 1; i < count; ++i) {
    if (!all[i]->available()) continue;
    std::uint8_t out[32];
    FUZZ_CHECK(hash_with(*all[i], input, length, variant, height, out) == ok);
    if (ok) FUZZ_CHECK(std::memcmp(out, ref, 32) == 0);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  if (size == 0) return 0;
  if (data[0] < 0x80) {
    check_hashing_blob(data, size);
    return 0;
  }
#ifdef CNCRYPTO_LIBFUZZER
  // Two hashes cost seconds under ASan (14 s for the two of cn_v1 on the loaded
  // shared machine): under libFuzzer only one CryptoNight input in 32 (last byte
  // a multiple of 32) is hashed, so the block inputs keep most of the time; the
  // seed replay (ctest -L fuzz, every build) hashes every seed.
  if (data[size - 1] % 32 != 0) return 0;
#endif
  check_cryptonight(data, size);
  return 0;
}
