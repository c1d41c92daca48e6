// Monero's randomness API over libsodium; see crypto/random.h.
#include "crypto/random.h"

#include "common/page_locks.h"

#include <sodium.h>

#include <new>
#include <stdexcept>
#include <utility>


namespace crypto {

namespace {
void ensure_sodium() {
  if (sodium_init() < 0) throw std::runtime_error("crypto::rand: libsodium could not be initialised");
}
}  // namespace

void generate_random_bytes_thread_safe(std::size_t N, std::uint8_t *bytes) {
  if (N == 0) return;
  if (bytes == nullptr) throw std::invalid_argument("generate_random_bytes_thread_safe: null buffer");
  ensure_sodium();
  randombytes_buf(bytes, N);
}

}  // namespace crypto

namespace cncrypto {

namespace detail {

std::uint64_t uniform_u64(std::uint64_t span) {
  if (span == UINT64_MAX) return crypto::rand<std::uint64_t>();
  const std::uint64_t n = span + 1;
  // Accept draws below the largest multiple of n that fits in 2^64; the
  // rejected fraction is (2^64 mod n) / 2^64 < 1/2.
  const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n;  // last accepted draw
  for (;;) {
    const std::uint64_t x = crypto::rand<std::uint64_t>();
    if (x <= limit) return x % n;
  }
}

void require_argument(bool ok, const char *message) {
  if (!ok) throw std::invalid_argument(message);
}

}  // namespace detail

// ---- Secret memory ------------------------------------------------------------

bool mlock_secret(const void *ptr, std::size_t size) noexcept { return detail::lock_pages(ptr, size); }

void munlock_secret(const void *ptr, std::size_t size) noexcept { detail::unlock_pages(ptr, size); }

secret_buffer::secret_buffer(std::size_t size) {
  if (size == 0) return;
  data_ = new std::uint8_t[size]();
  size_ = size;
  locked_ = mlock_secret(data_, size_);
}

secret_buffer::secret_buffer(secret_buffer &&other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      locked_(std::exchange(other.locked_, false)) {}

secret_buffer &secret_buffer::operator=(secret_buffer &&other) noexcept {
  if (this != &other) {
    release();
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
    locked_ = std::exchange(other.locked_, false);
  }
  return *this;
}

secret_buffer::~secret_buffer() { release(); }

void secret_buffer::release() noexcept {
  if (data_ == nullptr) return;
  sodium_memzero(data_, size_);
  munlock_secret(data_, size_);
  delete[] data_;
  data_ = nullptr;
  size_ = 0;
  locked_ = false;
}

}  // namespace cncrypto
