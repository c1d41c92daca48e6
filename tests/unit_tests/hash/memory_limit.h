// Test helper of tests/unit_tests/hash: runs a check in a forked child that
// is out of memory, so that the library's large allocations (CryptoNight's
// scratchpad, the CryptonightR JIT's mapping, RandomX's cache, dataset and VM)
// fail for real, without any hook in the library. The child caps its address
// space at what it already uses (the soft RLIMIT_AS, setrlimit(2): no new
// mapping, no heap growth), then takes every free block its allocator still
// holds (a process that ran other tests has freed memory inside its heaps,
// which the cap alone would leave usable) except a 64 KiB reserve kept for
// small allocations (exception messages and the like). The parent sees only
// the child's exit status: 0 when every check held, else the number of the
// first check that failed (each call site numbers its checks and prints what
// failed to stderr), 128 + n when signal n killed it (an abort is a failure).
//
// Not under AddressSanitizer, ThreadSanitizer or MemorySanitizer: they reserve
// terabytes of shadow address space at start and replace malloc, so no useful
// RLIMIT_AS exists there. CNCRYPTO_TEST_MEMORY_LIMIT is defined only where
// these tests can run (Linux, no such sanitizer); the cases using this header
// are compiled out elsewhere (see the comment at each).
#pragma once

#if defined(__linux__)
#define CNCRYPTO_TEST_MEMORY_LIMIT 1
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#undef CNCRYPTO_TEST_MEMORY_LIMIT
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#undef CNCRYPTO_TEST_MEMORY_LIMIT
#endif
#endif

#if defined(CNCRYPTO_TEST_MEMORY_LIMIT)

#include <boost/test/unit_test.hpp>

#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

// clang's coverage runtime writes its profile at exit(); the child leaves by
// _exit (no Boost.Test teardown in a forked copy), so it writes it itself when
// the test is built with -fprofile-instr-generate (weak: absent otherwise).
extern "C" int __llvm_profile_write_file(void) __attribute__((weak));

namespace cncrypto::test {

// This process's virtual address space in bytes (/proc/self/statm, first
// field, in pages); 0 if unreadable.
inline std::size_t address_space_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0;
  if (!(statm >> pages)) return 0;
  return pages * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

// Where take_free_memory publishes its blocks (so that the compiler cannot
// drop an allocation whose block is never read).
inline void *volatile taken_memory = nullptr;

// Takes every free block of the allocator (largest first, down to 64 bytes),
// after putting aside 64 KiB in 4 KiB blocks, which it then frees again: small
// allocations are served from those, anything larger than 64 KiB needs memory
// the capped process cannot get. The blocks taken are never freed (the child
// exits). Only for the child of run_with_address_space_limit.
inline void take_free_memory() {
  void *reserve[16];
  for (void *&r : reserve) {
    r = std::malloc(4096);
    taken_memory = r;  // escapes: the compiler may not drop the malloc/free pair
  }
  void *head = nullptr;
  for (std::size_t size = std::size_t{1} << 30; size >= 64; size /= 2) {
    while (void *p = std::malloc(size)) {
      *static_cast<void **>(p) = head;
      head = p;
    }
  }
  taken_memory = head;
  for (void *r : reserve) std::free(r);
}

// Forks; the child runs setup() (not capped), caps its soft RLIMIT_AS at the
// address space it uses, takes the allocator's free memory when `take` is set
// (take_free_memory), runs check() (which must not throw: it returns 0 or the
// number of the failed check), raises the cap back, writes its coverage
// profile if any and _exits with check()'s value. Returns the child's exit
// status (128 + signal when killed; 100 when the cap could not be set), or -1
// if fork failed.
template <class Setup, class Check>
int run_capped(Setup setup, Check check, bool take) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    setup();
    rlimit old{};
    int code = 100;  // the cap could not be set
    if (getrlimit(RLIMIT_AS, &old) == 0) {
      const std::size_t used = address_space_bytes();
      rlimit lowered = old;
      lowered.rlim_cur = static_cast<rlim_t>(used);
      if (used != 0 && (old.rlim_cur == RLIM_INFINITY || lowered.rlim_cur < old.rlim_cur) &&
          setrlimit(RLIMIT_AS, &lowered) == 0) {
        if (take) take_free_memory();
        code = check();
        setrlimit(RLIMIT_AS, &old);
      }
    }
    if (__llvm_profile_write_file) __llvm_profile_write_file();
    std::fflush(nullptr);
    _exit(code);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

// Whether a lowered RLIMIT_AS is enforced here (qemu-user, for one, accepts
// setrlimit(RLIMIT_AS) and ignores it, and take_free_memory would then take
// the host's memory): a capped child must fail to map 64 MiB. Probed once.
inline bool address_space_cap_enforced() {
  static const bool enforced = run_capped([] {}, [] {
    const std::size_t size = std::size_t{64} << 20;
    void *p = mmap(nullptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return 0;
    munmap(p, size);
    return 1;
  }, false) == 0;
  return enforced;
}

// Boost.Test precondition of the out-of-memory cases: skipped, with the reason,
// where the cap is not enforced.
struct needs_address_space_cap {
  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
    boost::test_tools::assertion_result r(address_space_cap_enforced());
    r.message() << "setrlimit(RLIMIT_AS) is not enforced here (e.g. under qemu-user): out-of-memory case skipped";
    return r;
  }
};

// Forks a child out of memory (the cap, then take_free_memory) and runs
// check() there as run_capped does; setup() runs in the child before the cap.
// Only in cases that have the needs_address_space_cap precondition.
template <class Setup, class Check>
int run_with_address_space_limit(Setup setup, Check check) {
  return run_capped(setup, check, true);
}

// The same without a setup step.
template <class Check>
int run_with_address_space_limit(Check check) {
  return run_with_address_space_limit([] {}, check);
}

}  // namespace cncrypto::test

#endif
