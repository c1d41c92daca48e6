// Monero's randomness API (the part of src/crypto/crypto.h that wallet2-derived
// code calls): generate_random_bytes_thread_safe, rand, rand<T>, random_device,
// rand_range, rand_idx. Included by crypto/crypto.h; include either.
// At the end, in namespace cncrypto: the secret-memory helpers (Monero's epee::mlocker and
// mlocked<scrubbed<...>>): mlock_secret / munlock_secret and secret_buffer.
//
// Every byte comes from libsodium's randombytes_buf (the operating system's
// CSPRNG: getrandom / arc4random / RtlGenRandom), which is thread safe.
// Monero instead runs its own Keccak-based generator seeded from the OS; the
// output of either is unpredictable, so results differ (as they do between two
// runs of Monero) and nothing else does.
//
// Failure: if libsodium cannot be initialised, std::runtime_error (Monero
// aborts when its OS source fails). Misuse throws std::invalid_argument (see
// each function). Timing: the bytes are secret and are produced in time
// independent of their value; rand_range/rand_idx reject and redraw a value
// with probability < 1/2 per draw, so their time depends on the (discarded)
// rejected draws only, never on the result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

// Helpers of the templates below (cncrypto's, not Monero's names).
namespace cncrypto::detail {
// Uniform in [0, span] (span = max - min as an unsigned 64-bit value), by
// rejection sampling of 64-bit draws: unbiased, independent of the library's
// std::uniform_int_distribution.
std::uint64_t uniform_u64(std::uint64_t span);
// Throws std::invalid_argument(message) unless ok.
void require_argument(bool ok, const char *message);
}  // namespace cncrypto::detail

namespace crypto {

// Fills bytes[0..N) with random bytes. bytes may be null when N is 0; null with
// N > 0 throws std::invalid_argument. Source: Monero
// generate_random_bytes_thread_safe.
void generate_random_bytes_thread_safe(std::size_t N, std::uint8_t *bytes);

// The same. Source: Monero crypto::rand(size_t, uint8_t*).
inline void rand(std::size_t N, std::uint8_t *bytes) { generate_random_bytes_thread_safe(N, bytes); }

// A value of T whose bytes are all random (T trivially copyable: an integer,
// crypto::hash, chacha_iv, ...). For a secret scalar use random32_unbiased (a
// value of random bytes is not reduced mod L). Source: Monero crypto::rand<T>().
template <typename T>
T rand() {
  static_assert(std::is_trivially_copyable<T>::value, "crypto::rand<T>: T must be trivially copyable");
  typename std::remove_cv<T>::type res;
  generate_random_bytes_thread_safe(sizeof(T), reinterpret_cast<std::uint8_t *>(&res));
  return res;
}

// A UniformRandomBitGenerator over rand<uint64_t>() (for std::shuffle and the
// std distributions). Source: Monero crypto::random_device.
struct random_device {
  typedef std::uint64_t result_type;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
  result_type operator()() const { return crypto::rand<result_type>(); }
};


// A uniformly distributed integer in [range_min, range_max] (both included).
// Throws std::invalid_argument if range_min > range_max (Monero's
// std::uniform_int_distribution has undefined behaviour there).
// Source: Monero crypto::rand_range.
template <typename T>
typename std::enable_if<std::is_integral<T>::value, T>::type rand_range(T range_min, T range_max) {
  static_assert(sizeof(T) <= 8, "crypto::rand_range: at most 64-bit integers");
  cncrypto::detail::require_argument(range_min <= range_max, "crypto::rand_range: range_min > range_max");
  using U = typename std::make_unsigned<T>::type;
  const std::uint64_t span = static_cast<std::uint64_t>(static_cast<U>(static_cast<U>(range_max) - static_cast<U>(range_min)));
  return static_cast<T>(static_cast<U>(static_cast<U>(range_min) + static_cast<U>(cncrypto::detail::uniform_u64(span))));
}

// A uniformly distributed index in [0, sz - 1]. Throws std::invalid_argument if
// sz is 0 (Monero then draws from [0, max of T], an index that is never
// valid). Source: Monero crypto::rand_idx.
template <typename T>
typename std::enable_if<std::is_unsigned<T>::value, T>::type rand_idx(T sz) {
  cncrypto::detail::require_argument(sz != 0, "crypto::rand_idx: size 0");
  return crypto::rand_range<T>(0, static_cast<T>(sz - 1));
}

}  // namespace crypto

// ---- Secret memory (cncrypto's, in namespace cncrypto) --------------------

namespace cncrypto {
//
// Secrets (ChaCha keys, decrypted wallet files, passwords, seed bytes) are kept
// out of swap where the platform allows: their pages are locked with mlock(2)
// (POSIX; a no-op elsewhere). Locks are counted per page, so two objects on one
// page do not unlock each other (Monero's epee::mlocker does the same). Locking
// can fail (RLIMIT_MEMLOCK is 8 MiB or less on many systems, containers may
// forbid it): that is never an error, the memory stays usable and is still
// wiped, only not locked. Wiping is sodium_memzero (not optimised away).
// crypto::secret_key itself is wiped but not locked (it is used by value on
// hot paths where a system call per key would dominate).

// Locks the pages that hold [ptr, ptr + size). Returns true if every page is
// now locked, false if the platform refused (nothing to undo: call
// munlock_secret with the same arguments in either case). size 0 does
// nothing. Thread safe; never throws. Cncrypto's form of epee::mlocker::lock.
bool mlock_secret(const void *ptr, std::size_t size) noexcept;

// Releases one lock of each page of [ptr, ptr + size) taken by mlock_secret;
// a page is unlocked when its last lock goes. Does not wipe. Never throws.
void munlock_secret(const void *ptr, std::size_t size) noexcept;

// A heap buffer for secret bytes: size fixed at construction, zero-filled,
// locked (mlock_secret) for its whole life, wiped (sodium_memzero) and
// unlocked when destroyed or moved from. Move-only, so no unwiped copy is made
// behind the caller's back. Throws std::bad_alloc when memory is short.
class secret_buffer {
 public:
  secret_buffer() noexcept = default;
  explicit secret_buffer(std::size_t size);
  secret_buffer(secret_buffer &&other) noexcept;
  secret_buffer &operator=(secret_buffer &&other) noexcept;
  secret_buffer(const secret_buffer &) = delete;
  secret_buffer &operator=(const secret_buffer &) = delete;
  ~secret_buffer();

  std::uint8_t *data() noexcept { return data_; }
  const std::uint8_t *data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  // Whether mlock_secret succeeded for the buffer (false also when empty).
  bool locked() const noexcept { return locked_; }

 private:
  void release() noexcept;
  std::uint8_t *data_ = nullptr;
  std::size_t size_ = 0;
  bool locked_ = false;
};

}  // namespace cncrypto
