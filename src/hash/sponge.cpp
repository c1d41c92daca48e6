// keccak_hasher and the one-shot FIPS 202 / Keccak-256 helpers: the one
// sponge (sponge_core.h) configured by rate and padding byte.

#include "crypto/sponge.h"

#include "hash/keccak_permutation.h"
#include "hash/sponge_core.h"
#include "hash/sponge_params.h"

#include <sodium/utils.h>

#include <stdexcept>
#include <string>

namespace cncrypto {

namespace {

namespace sponge = crypto::sponge;
using crypto::keccak_active_permutation;
using crypto::keccak_permutation;

// Rates are (1600 - 2 * security bits) / 8 (FIPS 202 sections 6.1, 6.2);
// Keccak-256's rate and the padding bytes are sponge_params.h's.
using sponge::keccak256_rate;
using sponge::keccak_pad;
using sponge::sha3_pad;
using sponge::shake_pad;
constexpr keccak_algorithm_info algorithm_table[] = {
    {keccak_algorithm::keccak_256, "keccak-256", "KECCAK-256", keccak256_rate, keccak_pad, 32, false},
    {keccak_algorithm::sha3_224, "sha3-224", "SHA3-224", 144, sha3_pad, 28, false},
    {keccak_algorithm::sha3_256, "sha3-256", "SHA3-256", 136, sha3_pad, 32, false},
    {keccak_algorithm::sha3_384, "sha3-384", "SHA3-384", 104, sha3_pad, 48, false},
    {keccak_algorithm::sha3_512, "sha3-512", "SHA3-512", 72, sha3_pad, 64, false},
    {keccak_algorithm::shake128, "shake128", "SHAKE128", 168, shake_pad, 32, true},
    {keccak_algorithm::shake256, "shake256", "SHAKE256", 136, shake_pad, 64, true},
};
constexpr std::size_t algorithm_count = sizeof algorithm_table / sizeof algorithm_table[0];

static_assert(sponge::algorithms_in_enum_order(algorithm_table, algorithm_count),
              "algorithm_table must list the algorithms in keccak_algorithm order");

bool equal_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

std::string where(const keccak_algorithm_info &info, const char *function) {
  return std::string("keccak_hasher::") + function + " (" + std::string(info.name) + "): ";
}

// One-shot hash without an object: absorb, pad, squeeze, wipe.
void one_shot(const keccak_algorithm_info &info, const void *data, std::size_t size, void *out,
              std::size_t out_size) {
  if (data == nullptr && size != 0) {
    throw std::invalid_argument(std::string(info.name) + ": data is null but size is " + std::to_string(size));
  }
  if (out == nullptr && out_size != 0) {
    throw std::invalid_argument(std::string(info.name) + ": out is null but out_size is " +
                                std::to_string(out_size));
  }
  if (!info.xof && out_size != info.output_size) {
    throw std::invalid_argument(std::string(info.name) + ": digest is " + std::to_string(info.output_size) +
                                " bytes, out_size is " + std::to_string(out_size));
  }
  const keccak_permutation &p = keccak_active_permutation();
  if (info.rate == sponge::keccak256_rate && size < info.rate && out_size == 32) {
    // One block and a 32-byte output (Keccak-256, SHA3-256, SHAKE256 to 32
    // bytes): the one-block entry, which wipes its buffer.
    std::uint64_t block[25];
    sponge::set_only_block(block, static_cast<const std::uint8_t *>(data), size, info.pad);
    p.hash_one_block(block, static_cast<std::uint8_t *>(out), out_size);
    return;
  }
  std::uint64_t st[25];
  sponge::zero_state(st);
  const std::size_t position =
      sponge::absorb(p, st, 0, info.rate, static_cast<const std::uint8_t *>(data), size);
  sponge::pad_and_permute(p, st, position, info.rate, info.pad);
  sponge::squeeze(p, st, 0, info.rate, static_cast<std::uint8_t *>(out), out_size);
  sodium_memzero(st, sizeof st);
}

}  // namespace

const keccak_algorithm_info *keccak_algorithms(std::size_t &count) {
  count = algorithm_count;
  return algorithm_table;
}

const keccak_algorithm_info &algorithm_info(keccak_algorithm algo) {
  const auto index = static_cast<std::size_t>(algo);
  if (index >= algorithm_count) {
    throw std::invalid_argument("algorithm_info: keccak_algorithm value " + std::to_string(index) +
                                " is not an algorithm");
  }
  return algorithm_table[index];
}

const keccak_algorithm_info *find_keccak_algorithm(std::string_view name) {
  if (equal_ignoring_case(name, "cn_fast_hash")) return &algorithm_table[0];
  for (const keccak_algorithm_info &info : algorithm_table) {
    if (equal_ignoring_case(name, info.name)) return &info;
  }
  return nullptr;
}

keccak_hasher::keccak_hasher(keccak_algorithm algo)
    : state_{}, position_(0), info_(&algorithm_info(algo)), permutation_(&keccak_active_permutation()),
      squeezing_(false) {}

keccak_hasher::~keccak_hasher() { sodium_memzero(state_, sizeof state_); }

void keccak_hasher::update(const void *data, std::size_t size) {
  if (squeezing_) {
    throw std::logic_error(where(*info_, "update") + "called after finalize(); call reset() to start a new hash");
  }
  if (data == nullptr && size != 0) {
    throw std::invalid_argument(where(*info_, "update") + "data is null but size is " + std::to_string(size));
  }
  position_ = sponge::absorb(*permutation_, state_, position_, info_->rate,
                             static_cast<const std::uint8_t *>(data), size);
}

void keccak_hasher::finalize(void *out, std::size_t size) {
  if (squeezing_) {
    throw std::logic_error(where(*info_, "finalize") + "called twice; call reset() to start a new hash" +
                           (info_->xof ? ", or squeeze() for more output" : ""));
  }
  if (!info_->xof && size != info_->output_size) {
    throw std::invalid_argument(where(*info_, "finalize") + "the digest is " +
                                std::to_string(info_->output_size) + " bytes, size is " + std::to_string(size));
  }
  if (out == nullptr && size != 0) {
    throw std::invalid_argument(where(*info_, "finalize") + "out is null but size is " + std::to_string(size));
  }
  sponge::pad_and_permute(*permutation_, state_, position_, info_->rate, info_->pad);
  squeezing_ = true;
  position_ = sponge::squeeze(*permutation_, state_, 0, info_->rate, static_cast<std::uint8_t *>(out), size);
}

void keccak_hasher::squeeze(void *out, std::size_t size) {
  if (!info_->xof) {
    throw std::logic_error(where(*info_, "squeeze") +
                           "not an extendable-output function; only shake128 and shake256 can squeeze");
  }
  if (!squeezing_) {
    throw std::logic_error(where(*info_, "squeeze") + "called before finalize()");
  }
  if (out == nullptr && size != 0) {
    throw std::invalid_argument(where(*info_, "squeeze") + "out is null but size is " + std::to_string(size));
  }
  position_ = sponge::squeeze(*permutation_, state_, position_, info_->rate, static_cast<std::uint8_t *>(out), size);
}

void keccak_hasher::reset() noexcept {
  sodium_memzero(state_, sizeof state_);
  position_ = 0;
  squeezing_ = false;
}

const keccak_algorithm_info &keccak_hasher::info() const { return *info_; }

void keccak_256(const void *data, std::size_t size, std::uint8_t out[32]) {
  one_shot(algorithm_table[0], data, size, out, 32);
}
void sha3_224(const void *data, std::size_t size, std::uint8_t out[28]) {
  one_shot(algorithm_table[1], data, size, out, 28);
}
void sha3_256(const void *data, std::size_t size, std::uint8_t out[32]) {
  one_shot(algorithm_table[2], data, size, out, 32);
}
void sha3_384(const void *data, std::size_t size, std::uint8_t out[48]) {
  one_shot(algorithm_table[3], data, size, out, 48);
}
void sha3_512(const void *data, std::size_t size, std::uint8_t out[64]) {
  one_shot(algorithm_table[4], data, size, out, 64);
}
void shake128(const void *data, std::size_t size, void *out, std::size_t out_size) {
  one_shot(algorithm_table[5], data, size, out, out_size);
}
void shake256(const void *data, std::size_t size, void *out, std::size_t out_size) {
  one_shot(algorithm_table[6], data, size, out, out_size);
}
void keccak_hash(keccak_algorithm algo, const void *data, std::size_t size, void *out, std::size_t out_size) {
  one_shot(algorithm_info(algo), data, size, out, out_size);
}

}  // namespace cncrypto
