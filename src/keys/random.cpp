// Monero's randomness API over libsodium; see crypto/random.h.
#include "crypto/random.h"

#include <sodium.h>

#include <map>
#include <mutex>
#include <new>
#include <stdexcept>
#include <utility>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define CNCRYPTO_HAVE_MLOCK 1
#endif

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

namespace detail {

std::uint64_t uniform_u64(std::uint64_t span) {
  if (span == UINT64_MAX) return rand<std::uint64_t>();
  const std::uint64_t n = span + 1;
  // Accept draws below the largest multiple of n that fits in 2^64; the
  // rejected fraction is (2^64 mod n) / 2^64 < 1/2.
  const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n;  // last accepted draw
  for (;;) {
    const std::uint64_t x = rand<std::uint64_t>();
    if (x <= limit) return x % n;
  }
}

void require_argument(bool ok, const char *message) {
  if (!ok) throw std::invalid_argument(message);
}

}  // namespace detail
// ---- Secret memory ------------------------------------------------------------

namespace {

#if defined(CNCRYPTO_HAVE_MLOCK)
struct page_locks {
  std::mutex mutex;
  // page address -> (number of mlock_secret holds, whether mlock succeeded)
  std::map<std::uintptr_t, std::pair<std::size_t, bool>> pages;
};

page_locks &locks() {
  static page_locks *const instance = new page_locks;  // never destroyed: objects may unlock during exit
  return *instance;
}

std::uintptr_t page_size() {
  static const std::uintptr_t size = [] {
    const long n = ::sysconf(_SC_PAGESIZE);
    return n > 0 ? static_cast<std::uintptr_t>(n) : std::uintptr_t{4096};
  }();
  return size;
}
#endif

}  // namespace

bool mlock_secret(const void *ptr, std::size_t size) noexcept {
  if (ptr == nullptr || size == 0) return false;
#if defined(CNCRYPTO_HAVE_MLOCK)
  const std::uintptr_t ps = page_size();
  const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(ptr) & ~(ps - 1);
  const std::uintptr_t last = (reinterpret_cast<std::uintptr_t>(ptr) + size - 1) & ~(ps - 1);
  bool all = true;
  try {
    page_locks &l = locks();
    std::lock_guard<std::mutex> guard(l.mutex);
    for (std::uintptr_t page = first;; page += ps) {
      auto &entry = l.pages[page];
      if (entry.first++ == 0) entry.second = ::mlock(reinterpret_cast<const void *>(page), ps) == 0;
      all = all && entry.second;
      if (page == last) break;
    }
  } catch (...) {  // std::bad_alloc of the map: leave the memory unlocked
    return false;
  }
  return all;
#else
  return false;
#endif
}

void munlock_secret(const void *ptr, std::size_t size) noexcept {
  if (ptr == nullptr || size == 0) return;
#if defined(CNCRYPTO_HAVE_MLOCK)
  const std::uintptr_t ps = page_size();
  const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(ptr) & ~(ps - 1);
  const std::uintptr_t last = (reinterpret_cast<std::uintptr_t>(ptr) + size - 1) & ~(ps - 1);
  page_locks &l = locks();
  std::lock_guard<std::mutex> guard(l.mutex);
  for (std::uintptr_t page = first;; page += ps) {
    const auto it = l.pages.find(page);
    if (it != l.pages.end() && --it->second.first == 0) {
      if (it->second.second) ::munlock(reinterpret_cast<const void *>(page), ps);
      l.pages.erase(it);
    }
    if (page == last) break;
  }
#endif
}

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

}  // namespace crypto
