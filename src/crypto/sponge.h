// The Keccak sponge: one construction for Keccak-256 (cn_fast_hash), SHA-3 and
// SHAKE, configured by rate and padding (domain) byte (FIPS 202 sections 4-6).
//
// Keccak-256 (pad 0x01, rate 136) is what Monero calls cn_fast_hash; it is NOT
// SHA3-256 (pad 0x06, rate 136): the two give different digests for every input.
//
// STATUS: interface fixed here so the tools can be written against it;
// implementation lands with issue 2.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace crypto {

// Every algorithm the sponge provides.
enum class keccak_algorithm : std::uint8_t {
  keccak_256,  // original Keccak padding 0x01, rate 136, 32-byte digest (cn_fast_hash)
  sha3_224,    // FIPS 202 SHA3-224: pad 0x06, rate 144, 28 bytes
  sha3_256,    // FIPS 202 SHA3-256: pad 0x06, rate 136, 32 bytes
  sha3_384,    // FIPS 202 SHA3-384: pad 0x06, rate 104, 48 bytes
  sha3_512,    // FIPS 202 SHA3-512: pad 0x06, rate 72, 64 bytes
  shake128,    // FIPS 202 SHAKE128: pad 0x1F, rate 168, any length (default 32)
  shake256,    // FIPS 202 SHAKE256: pad 0x1F, rate 136, any length (default 64)
};

struct keccak_algorithm_info {
  keccak_algorithm id;
  std::string_view name;        // canonical lowercase name, e.g. "sha3-256", "keccak-256"
  std::string_view tag_name;    // name used in BSD-style (--tag) lines, e.g. "SHA3-256", "KECCAK-256"
  std::size_t rate;             // bytes absorbed per permutation
  std::uint8_t pad;             // domain/padding byte: 0x01, 0x06 or 0x1F
  std::size_t output_size;      // digest size in bytes; for SHAKE the default output length
  bool xof;                     // true for SHAKE (any output length)
};

// All algorithms, in the order above. Never empty.
const keccak_algorithm_info *keccak_algorithms(std::size_t &count);
const keccak_algorithm_info &algorithm_info(keccak_algorithm algo);
// Looks up a name or alias, case-insensitively ("cn_fast_hash" is an alias of
// "keccak-256"). Returns nullptr when unknown.
const keccak_algorithm_info *find_keccak_algorithm(std::string_view name);

// Incremental hashing with any algorithm above: update() any number of times,
// then finalize() once; for SHAKE, squeeze() may follow any number of times.
// Misuse (update or finalize after finalize, a fixed-length digest of the wrong
// size, squeeze on a non-XOF) throws std::logic_error / std::invalid_argument
// with a message naming the mistake. The state is wiped on destruction.
class keccak_hasher {
 public:
  explicit keccak_hasher(keccak_algorithm algo);
  ~keccak_hasher();
  keccak_hasher(const keccak_hasher &) = default;
  keccak_hasher &operator=(const keccak_hasher &) = default;

  void update(const void *data, std::size_t size);
  // Writes size bytes of output. For fixed-length algorithms size must equal
  // algorithm_info(algo).output_size; for SHAKE any size (0 allowed).
  void finalize(void *out, std::size_t size);
  // SHAKE only, after finalize(): the next size bytes of output.
  void squeeze(void *out, std::size_t size);
  // Back to the empty-input state, same algorithm.
  void reset();
  const keccak_algorithm_info &info() const;

 private:
  // Implementation detail; see sponge.cpp.
  alignas(8) std::uint64_t state_[25];
  std::size_t position_;      // byte offset into the rate part
  const keccak_algorithm_info *info_;
  bool squeezing_;
};

}  // namespace crypto
