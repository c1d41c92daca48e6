// The constant-time test method shared by tests/unit_tests/ct/*.cpp (STYLE.md
// item 15): secret inputs are marked undefined for valgrind memcheck
// (VALGRIND_MAKE_MEM_UNDEFINED), and memcheck reports any conditional branch or
// memory address computed from them ("Conditional jump or move depends on
// uninitialised value(s)", "Use of uninitialised value of size 8"). ctest runs
// each program under `valgrind --error-exitcode=1` (cncrypto_ct_test in
// tests/unit_tests/ct/CMakeLists.txt, label "ct").
//
// A program: install_secret_randombytes(...) when its nonces must be secret,
// mark its inputs with secret(), declassify() what is public by design before
// comparing or verifying it, check the marking took with expect_tainted(), and
// end main with `return finish();`. Without valgrind it still runs its
// functional checks and returns 77 (ctest: skipped), since no constant-time
// claim was checked.
//
// The same programs also run in a MemorySanitizer build (CNCRYPTO_SANITIZE_MEMORY,
// scripts/ct_msan.sh), for the code valgrind cannot execute (the AVX-512 IFMA curve
// backend): there secret() poisons the bytes (__msan_poison), declassify()
// unpoisons them, and MemorySanitizer reports a branch or an address computed from
// poisoned bytes ("use-of-uninitialized-value"). Blends, masks and arithmetic
// (including vpmadd52*) only propagate the poison, as memcheck's definedness does.
//
// Header-only, for these test programs only (needs valgrind/memcheck.h and
// libsodium).
#pragma once

#include <sodium.h>
#include <valgrind/memcheck.h>

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define CNCRYPTO_CT_TEST_MSAN 1
#include <sanitizer/msan_interface.h>
#endif
#endif

#include <cstddef>
#include <cstdint>
#include <cstdio>

namespace cncrypto::test::ct {

// Marks v secret (undefined to memcheck) / public again (defined).
// Marks size bytes at p secret / public (memcheck: undefined / defined;
// MemorySanitizer: poisoned / unpoisoned).
inline void secret_bytes(const void *p, std::size_t size) {
#if defined(CNCRYPTO_CT_TEST_MSAN)
  __msan_poison(p, size);
#else
  (void)VALGRIND_MAKE_MEM_UNDEFINED(p, size);
#endif
}
inline void declassify_bytes(const void *p, std::size_t size) {
#if defined(CNCRYPTO_CT_TEST_MSAN)
  __msan_unpoison(p, size);
#else
  (void)VALGRIND_MAKE_MEM_DEFINED(p, size);
#endif
}
template <typename T>
void secret(T &v) {
  secret_bytes(&v, sizeof v);
}
template <typename T>
void declassify(T &v) {
  declassify_bytes(&v, sizeof v);
}

// True when a checker watches this run: valgrind's memcheck, or a MemorySanitizer build.
inline bool checked_run() {
#if defined(CNCRYPTO_CT_TEST_MSAN)
  return true;
#else
  return RUNNING_ON_VALGRIND != 0;
#endif
}

// The program's name in messages ("ct_keys"), and its failed functional checks.
inline const char *program = "ct test";
inline int failures = 0;

// A functional check: prints and counts a failure, never aborts (the rest still runs under memcheck).
inline void expect(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "%s: functional check failed: %s\n", program, what);
    ++failures;
  }
}

// Self-test of the method: a value computed from secrets must still carry
// memcheck's "undefined" bits (read without a report via VALGRIND_GET_VBITS),
// otherwise the marking was lost and the run proves nothing. No-op without valgrind.
template <typename T>
void expect_tainted(const T &v, const char *what) {
  static_assert(sizeof(T) <= 64, "small values only");
#if defined(CNCRYPTO_CT_TEST_MSAN)
  expect(__msan_test_shadow(&v, sizeof(T)) != -1, what);
  return;
#endif
  if (!RUNNING_ON_VALGRIND) return;
  unsigned char vbits[64] = {0};
  if (VALGRIND_GET_VBITS(&v, vbits, sizeof(T)) != 1) {
    std::fprintf(stderr, "%s: VALGRIND_GET_VBITS failed for %s\n", program, what);
    ++failures;
    return;
  }
  unsigned char any = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i) any |= vbits[i];
  expect(any != 0, what);
}

namespace detail {
// Deterministic generator (splitmix64) behind randombytes_buf.
inline std::uint64_t rng_state = 0;
inline std::uint64_t splitmix() {
  std::uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
inline const char *rng_name() { return "cncrypto-ct-test"; }
inline std::uint32_t rng_random() { return static_cast<std::uint32_t>(splitmix()); }
inline void rng_buf(void *const buf, const std::size_t size) {
  auto *p = static_cast<unsigned char *>(buf);
  for (std::size_t i = 0; i < size; ++i) p[i] = static_cast<unsigned char>(splitmix() >> 56);
  secret_bytes(buf, size);
}
inline randombytes_implementation rng = {rng_name, rng_random, nullptr, nullptr, rng_buf, nullptr};
}  // namespace detail

// Sets the program name and initialises libsodium. With secret_random, first
// installs a deterministic randombytes implementation (splitmix64 from seed)
// whose every output byte is secret, so nonces and fresh keys are secret too.
// Returns false (after printing why) when the setup fails.
inline bool setup(const char *name, bool secret_random, std::uint64_t seed = 0) {
  program = name;
  if (secret_random) {
    detail::rng_state = seed;
    if (randombytes_set_implementation(&detail::rng) != 0) {
      std::fprintf(stderr, "%s: randombytes_set_implementation failed\n", program);
      return false;
    }
  }
  if (sodium_init() < 0) {
    std::fprintf(stderr, "%s: sodium_init failed\n", program);
    return false;
  }
  return true;
}

// main's exit code: 1 if a functional check failed, 77 (skipped) when neither
// valgrind nor MemorySanitizer watched the run, 0 otherwise (valgrind's
// --error-exitcode, or MemorySanitizer's exit, reports what was found).
inline int finish() {
  if (failures != 0) return 1;
#if defined(CNCRYPTO_CT_TEST_MSAN)
  std::printf("%s: no secret-dependent branch or index reported (MemorySanitizer)\n", program);
  return 0;
#endif
  if (!RUNNING_ON_VALGRIND) {
    std::printf("%s: functional checks passed; constant-time check skipped (not running under valgrind)\n", program);
    return 77;
  }
  std::printf("%s: no secret-dependent branch or index reported\n", program);
  return 0;
}

}  // namespace cncrypto::test::ct
