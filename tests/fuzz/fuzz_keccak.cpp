// Fuzz target: Keccak (crypto/sponge.h, crypto/cn_fast_hash_batch.h and every
// Keccak-f[1600] implementation of hash/keccak_permutation.h).
// Oracles: the input absorbed in pieces at fuzzer-chosen splits equals one-shot,
// for Keccak-256, SHA3-256 and SHAKE128 (squeezed in pieces too); the batch hash
// of the pieces equals cn_fast_hash of each; every implementation available on
// this CPU gives the portable one's permutation, rounds-limited permutation,
// 4- and 8-lane permutations and bulk absorb on states made of the input.
// BLAKE2b's multi-message batch (crypto/blake2b_batch.h) rides along: the same
// pieces, keyed with a prefix of the input or not, personalised with Monero's
// string or not, with digests of 1..64 bytes, equal blake2b / blake2b_monero of
// each, through blake2b_batch and through every implementation's batch.
#include "crypto/blake2b.h"
#include "crypto/blake2b_batch.h"
#include "crypto/cn_fast_hash_batch.h"
#include "crypto/hash.h"
#include "crypto/sponge.h"
#include "fuzz_check.h"
#include "hash/blake2b_impl.h"
#include "hash/keccak_permutation.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {

// permute_lanes on n interleaved states (the first 25 * n lanes of `lanes`) equals
// n calls of ref.permute on the states taken apart.
void check_lanes(const crypto::keccak_permutation &ref, void (*permute_lanes)(std::uint64_t *), int n,
                 const std::uint64_t *lanes) {
  alignas(64) std::uint64_t many[25 * 8];
  std::memcpy(many, lanes, sizeof(std::uint64_t) * 25 * static_cast<std::size_t>(n));
  permute_lanes(many);
  for (int k = 0; k < n; ++k) {
    std::uint64_t one[25];
    for (int l = 0; l < 25; ++l) one[l] = lanes[n * l + k];
    ref.permute(one);
    for (int l = 0; l < 25; ++l) FUZZ_CHECK(many[n * l + k] == one[l]);
  }
}

void check_implementations(const std::uint8_t *data, std::size_t size) {
  const crypto::keccak_permutation &ref = crypto::keccak_portable_permutation();
  std::size_t count = 0;
  const crypto::keccak_permutation *const *all = crypto::keccak_permutations(count);
  alignas(64) std::uint64_t lanes[25 * 8] = {};
  std::memcpy(lanes, data, size < sizeof lanes ? size : sizeof lanes);
  const int rounds = size ? 1 + data[0] % 24 : 24;
  for (std::size_t i = 0; i < count; ++i) {
    const crypto::keccak_permutation &impl = *all[i];
    if (!impl.available()) continue;
    std::uint64_t a[25], b[25];
    std::memcpy(a, lanes, sizeof a);
    std::memcpy(b, lanes, sizeof b);
    ref.permute(a);
    impl.permute(b);
    FUZZ_CHECK(std::memcmp(a, b, sizeof a) == 0);
    ref.permute_rounds(a, rounds);
    impl.permute_rounds(b, rounds);
    FUZZ_CHECK(std::memcmp(a, b, sizeof a) == 0);
    check_lanes(ref, impl.permute_x4_lanes, 4, lanes);
    check_lanes(ref, impl.permute_x8_lanes, 8, lanes);
    // Bulk absorb of whole 136-byte blocks against add_bytes + permute.
    const std::size_t blocks = size / 136;
    std::uint64_t c[25] = {}, d[25] = {};
    impl.absorb_blocks(c, data, blocks, 136);
    for (std::size_t k = 0; k < blocks; ++k) {
      ref.add_bytes(d, data + 136 * k, 0, 136);
      ref.permute(d);
    }
    FUZZ_CHECK(std::memcmp(c, d, sizeof c) == 0);
  }
}

// The pieces as a BLAKE2b batch (input i keyed with the first keylen bytes of
// the data, keylen = length of piece i mod 65 and at most size; Monero's
// personalisation on odd i), against the one-message API.
void check_blake2b_batch(const std::uint8_t *data, std::size_t size, const std::vector<const void *> &messages,
                         const std::vector<std::size_t> &lengths) {
  std::vector<cncrypto::blake2b_batch_input> inputs(messages.size());
  std::vector<std::uint8_t> expected;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    cncrypto::blake2b_batch_input &x = inputs[i];
    x.in = messages[i];
    x.inlen = lengths[i];
    x.keylen = lengths[i] % 65 < size ? lengths[i] % 65 : size;
    x.key = data;
    x.personal = i % 2 == 1 ? cncrypto::blake2b_monero_personal : nullptr;
    x.outlen = 1 + (size + 7 * i) % 64;
    std::uint8_t one[64];
    if (x.personal != nullptr && x.keylen > 0) {
      FUZZ_CHECK(blake2b_monero(one, x.outlen, x.in, x.inlen, x.key, x.keylen) == 0);
    } else {
      x.personal = nullptr;
      FUZZ_CHECK(blake2b(one, x.outlen, x.in, x.inlen, x.key, x.keylen) == 0);
    }
    expected.insert(expected.end(), one, one + x.outlen);
  }
  std::vector<std::uint8_t> got(expected.size());
  cncrypto::blake2b_batch(got.data(), got.size(), inputs.data(), inputs.size());
  FUZZ_CHECK(got == expected);
  std::size_t count = 0;
  const cncrypto::blake2b_impl::implementation *const *all = cncrypto::blake2b_impl::implementations(count);
  for (std::size_t k = 0; k < count; ++k) {
    if (!all[k]->available()) continue;
    std::fill(got.begin(), got.end(), 0);
    cncrypto::blake2b_impl::hash_batch(*all[k], got.data(), inputs.data(), inputs.size());
    FUZZ_CHECK(got == expected);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  // The first byte chooses up to 8 split points from the following bytes.
  std::vector<std::size_t> cuts;
  std::size_t pos = 0;
  if (size > 0) {
    const unsigned n = data[0] % 9;
    for (unsigned i = 0; i < n && 1 + i < size; ++i) cuts.push_back(data[1 + i] % (size + 1));
  }
  for (const auto algo : {cncrypto::keccak_algorithm::keccak_256, cncrypto::keccak_algorithm::sha3_256,
                          cncrypto::keccak_algorithm::shake128}) {
    cncrypto::keccak_hasher whole(algo), pieces(algo);
    whole.update(data, size);
    pos = 0;
    for (std::size_t cut : cuts) {
      const std::size_t end = cut < pos ? pos : cut;
      pieces.update(data + pos, end - pos);
      pos = end;
    }
    pieces.update(data + pos, size - pos);
    std::uint8_t a[200], b[200];
    const std::size_t out = algo == cncrypto::keccak_algorithm::shake128 ? 200 : 32;
    whole.finalize(a, out);
    if (algo == cncrypto::keccak_algorithm::shake128) {
      const std::size_t first = size ? data[size - 1] % 200 : 0;
      pieces.finalize(b, first);
      pieces.squeeze(b + first, out - first);
    } else {
      pieces.finalize(b, out);
    }
    FUZZ_CHECK(std::memcmp(a, b, out) == 0);
  }
  // Batch: the pieces between the cuts, hashed at once and one by one.
  std::vector<const void *> messages;
  std::vector<std::size_t> lengths;
  pos = 0;
  for (std::size_t cut : cuts) {
    const std::size_t end = cut < pos ? pos : cut;
    messages.push_back(data + pos);
    lengths.push_back(end - pos);
    pos = end;
  }
  messages.push_back(data + pos);
  lengths.push_back(size - pos);
  std::vector<crypto::hash> batch(messages.size());
  cncrypto::cn_fast_hash_batch(messages.data(), lengths.data(), messages.size(), batch.data());
  for (std::size_t i = 0; i < messages.size(); ++i) {
    FUZZ_CHECK(batch[i] == crypto::cn_fast_hash(messages[i], lengths[i]));
  }
  check_blake2b_batch(data, size, messages, lengths);
  check_implementations(data, size);
  return 0;
}
