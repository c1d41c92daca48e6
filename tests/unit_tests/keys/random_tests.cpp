// Monero's randomness API over libsodium (crypto/random.h).
#include "crypto/random.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <numeric>
#include <string>
#include <set>
#include <stdexcept>
#include <vector>

BOOST_AUTO_TEST_SUITE(random_api)

BOOST_AUTO_TEST_CASE(bytes_and_values) {
  std::array<std::uint8_t, 64> a{}, b{};
  crypto::generate_random_bytes_thread_safe(a.size(), a.data());
  crypto::rand(b.size(), b.data());
  BOOST_TEST(a != b);  // 2^-512 to fail
  BOOST_TEST(std::any_of(a.begin(), a.end(), [](std::uint8_t x) { return x != 0; }));
  crypto::generate_random_bytes_thread_safe(0, nullptr);  // nothing to do
  BOOST_CHECK_THROW(crypto::generate_random_bytes_thread_safe(1, nullptr), std::invalid_argument);
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 100; ++i) seen.insert(crypto::rand<std::uint64_t>());
  BOOST_TEST(seen.size() == 100u);
  struct pod { std::uint8_t b[24]; };
  const pod p = crypto::rand<const pod>();
  BOOST_TEST(std::any_of(std::begin(p.b), std::end(p.b), [](std::uint8_t x) { return x != 0; }));
}

BOOST_AUTO_TEST_CASE(ranges_and_indices) {
  // Every value of a small range shows up, none outside it.
  std::array<int, 7> hits{};
  for (int i = 0; i < 7000; ++i) {
    const int v = crypto::rand_range<int>(-3, 3);
    BOOST_REQUIRE(v >= -3 && v <= 3);
    ++hits[static_cast<std::size_t>(v + 3)];
  }
  for (int h : hits) BOOST_TEST(h > 700);  // expected 1000 each
  for (int i = 0; i < 1000; ++i) BOOST_REQUIRE(crypto::rand_idx<std::uint8_t>(3) < 3);
  BOOST_TEST(crypto::rand_idx<std::size_t>(1) == 0u);
  BOOST_TEST(crypto::rand_range<std::int8_t>(5, 5) == 5);
  // Full ranges.
  (void)crypto::rand_range<std::uint64_t>(0, UINT64_MAX);
  (void)crypto::rand_range<std::int64_t>(INT64_MIN, INT64_MAX);
  const std::int64_t big = crypto::rand_range<std::int64_t>(INT64_MIN, INT64_MIN + 1);
  BOOST_TEST((big == INT64_MIN || big == INT64_MIN + 1));
  BOOST_CHECK_THROW(crypto::rand_idx<unsigned>(0), std::invalid_argument);
  BOOST_CHECK_THROW(crypto::rand_range<int>(2, 1), std::invalid_argument);
}

// A span whose size n = 2^63 + 1 does not divide 2^64: draws above the last
// multiple of n (almost half of them) are redrawn, never folded into the range.
BOOST_AUTO_TEST_CASE(rejected_draws) {
  const std::uint64_t top = std::uint64_t{1} << 63;
  bool low = false, high = false;
  for (int i = 0; i < 256; ++i) {
    const std::uint64_t v = crypto::rand_range<std::uint64_t>(0, top);
    BOOST_REQUIRE(v <= top);
    (v < top / 2 ? low : high) = true;
  }
  BOOST_TEST(low);   // 2^-256 each to fail
  BOOST_TEST(high);
}

namespace {
// The process's locked memory in kB (Linux /proc/self/status VmLck), or -1.
long locked_kb() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == "VmLck:") {
      long kb = -1;
      status >> kb;
      return kb;
    }
    status.ignore(1 << 16, '\n');
  }
  return -1;
}
}  // namespace

// mlock_secret / munlock_secret bookkeeping, seen in the kernel's count of
// locked memory: size 0 and null lock nothing, an unlock of size 0 or of a
// page never locked changes nothing, and a page is unlocked with its last hold.
BOOST_AUTO_TEST_CASE(secret_memory_locks) {
  BOOST_TEST(!cncrypto::mlock_secret(nullptr, 8));
  alignas(4096) static std::uint8_t pages[3 * 4096];
  BOOST_TEST(!cncrypto::mlock_secret(pages, 0));
  cncrypto::munlock_secret(nullptr, 8);  // nothing to do
  cncrypto::munlock_secret(pages, 0);
#if defined(__SANITIZE_ADDRESS__)
#define CNCRYPTO_TEST_ASAN_MLOCK 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CNCRYPTO_TEST_ASAN_MLOCK 1
#endif
#endif
#if defined(CNCRYPTO_TEST_ASAN_MLOCK)
  // AddressSanitizer's mlock/munlock interceptors do nothing (no page is locked).
  BOOST_TEST_MESSAGE("AddressSanitizer build: mlock is a no-op there, lock counts not checked");
  return;
#endif
  const long before = locked_kb();
  if (before < 0 || !cncrypto::mlock_secret(pages, 1)) {
    BOOST_TEST_MESSAGE("mlock refused or VmLck not readable: lock counts not checked");
    cncrypto::munlock_secret(pages, 1);
    return;
  }
  BOOST_TEST(locked_kb() == before + 4);
  BOOST_TEST(cncrypto::mlock_secret(pages + 100, 4096));  // the same page again and the next one
  BOOST_TEST(locked_kb() == before + 8);
  cncrypto::munlock_secret(pages + 2 * 4096, 16);  // never locked: nothing happens
  cncrypto::munlock_secret(pages, 0);
  BOOST_TEST(locked_kb() == before + 8);
  cncrypto::munlock_secret(pages, 1);  // the first page still has a hold
  BOOST_TEST(locked_kb() == before + 8);
  cncrypto::munlock_secret(pages + 100, 4096);
  BOOST_TEST(locked_kb() == before);
}

// Moving a secret_buffer into itself keeps its bytes (no release of its own memory).
BOOST_AUTO_TEST_CASE(secret_buffer_self_move) {
  cncrypto::secret_buffer b(40);
  b.data()[7] = 0x5a;
  cncrypto::secret_buffer &alias = b;
  b = std::move(alias);
  BOOST_TEST(b.size() == 40u);
  BOOST_TEST(b.data()[7] == 0x5a);
}

BOOST_AUTO_TEST_CASE(random_device_shuffles) {
  static_assert(crypto::random_device::min() == 0 && crypto::random_device::max() == UINT64_MAX, "");
  std::vector<int> v(52);
  std::iota(v.begin(), v.end(), 0);
  const std::vector<int> sorted = v;
  std::shuffle(v.begin(), v.end(), crypto::random_device{});
  BOOST_TEST(v != sorted);  // 1/52! to fail
  BOOST_TEST(std::is_permutation(v.begin(), v.end(), sorted.begin()));
}

BOOST_AUTO_TEST_SUITE_END()
