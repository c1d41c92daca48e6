// The Keccak sponge: one construction for Keccak-256 (cn_fast_hash), SHA-3 and
// SHAKE, configured by rate and padding (domain) byte (FIPS 202 sections 4-6).
//
// Keccak-256 (pad 0x01, rate 136) is what Monero calls cn_fast_hash; it is NOT
// SHA3-256 (pad 0x06, rate 136): the two give different digests for every input.
//
// Names: "keccak_256" / keccak_algorithm::keccak_256 is always the original
// Keccak (Monero), "sha3_*" / "shake*" always FIPS 202. See docs/hashing.md.
// cncrypto's own (Monero has no such header): everything here is in namespace
// cncrypto.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace crypto {
struct keccak_permutation;  // the library's internal Keccak-f[1600] table entry
}  // namespace crypto

namespace cncrypto {

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

// All algorithms, in the order above; count is set to their number. Never empty.
const keccak_algorithm_info *keccak_algorithms(std::size_t &count);
// The entry of algo. Throws std::invalid_argument for a value outside the enum.
const keccak_algorithm_info &algorithm_info(keccak_algorithm algo);
// Looks up a name or alias, case-insensitively ("cn_fast_hash" is an alias of
// "keccak-256"). Returns nullptr when unknown.
const keccak_algorithm_info *find_keccak_algorithm(std::string_view name);

// Incremental hashing with any algorithm above: update() any number of times,
// then finalize() once; for SHAKE, squeeze() may follow any number of times.
// Misuse (update or finalize after finalize, a fixed-length digest of the wrong
// size, squeeze on a non-XOF or before finalize, a null pointer with a non-zero
// size) throws std::logic_error / std::invalid_argument with a message naming
// the mistake, and leaves the object unchanged. The state is wiped
// (sodium_memzero) on destruction and by reset().
// Timing: constant time in the data; depends only on the (public) lengths.
// Source: FIPS 202 sections 4-6 (SHA-3, SHAKE); Keccak-256 as in Monero's keccak.c.
class keccak_hasher {
 public:
  explicit keccak_hasher(keccak_algorithm algo);
  ~keccak_hasher();
  keccak_hasher(const keccak_hasher &) = default;
  keccak_hasher &operator=(const keccak_hasher &) = default;

  // Absorbs data[0 .. size). size 0 does nothing (data may then be null).
  void update(const void *data, std::size_t size);
  // Pads, then writes size bytes of output to out. For fixed-length algorithms
  // size must equal algorithm_info(algo).output_size; for SHAKE any size
  // (0 allowed, more output follows with squeeze()).
  void finalize(void *out, std::size_t size);
  // SHAKE only, after finalize(): the next size bytes of output. Pieces of any
  // sizes concatenate to the same stream as one finalize() of the total size.
  void squeeze(void *out, std::size_t size);
  // Back to the empty-input state, same algorithm. Never throws.
  void reset() noexcept;
  const keccak_algorithm_info &info() const;
  // true after finalize() (squeeze() may follow; update() and finalize() may
  // not), false again after reset(). Never throws.
  bool finalized() const noexcept { return squeezing_; }

 private:
  alignas(8) std::uint64_t state_[25];  // Keccak-f[1600] state, lanes as in keccakf()
  std::size_t position_;      // absorbing: bytes in the current block; squeezing: bytes taken from it
  const keccak_algorithm_info *info_;
  const crypto::keccak_permutation *permutation_;  // keccak_active_permutation(), fixed at construction
  bool squeezing_;            // true after finalize()
};

// One-shot hashes. data may be null when size is 0. Constant time in the data.
// Keccak-256 with the original Keccak padding (0x01), rate 136: the same as
// cn_fast_hash. NOT SHA3-256. Writes 32 bytes.
void keccak_256(const void *data, std::size_t size, std::uint8_t out[32]);
// FIPS 202 section 6.1 SHA3-224 / SHA3-256 / SHA3-384 / SHA3-512: write 28 / 32 / 48 / 64 bytes.
void sha3_224(const void *data, std::size_t size, std::uint8_t out[28]);
void sha3_256(const void *data, std::size_t size, std::uint8_t out[32]);
void sha3_384(const void *data, std::size_t size, std::uint8_t out[48]);
void sha3_512(const void *data, std::size_t size, std::uint8_t out[64]);
// FIPS 202 section 6.2 SHAKE128 / SHAKE256: write out_size bytes (any size, 0 allowed).
void shake128(const void *data, std::size_t size, void *out, std::size_t out_size);
void shake256(const void *data, std::size_t size, void *out, std::size_t out_size);
// Any algorithm: out_size must equal the digest size for fixed-length ones
// (std::invalid_argument otherwise); any size for SHAKE.
void keccak_hash(keccak_algorithm algo, const void *data, std::size_t size, void *out, std::size_t out_size);

}  // namespace cncrypto
