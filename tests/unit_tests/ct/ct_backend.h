// The curve backend a constant-time program runs on (cncrypto_ct_test ... PER_BACKEND
// in CMakeLists.txt): `ct_prog NAME` forces the backend NAME through
// CNCRYPTO_CURVE_IMPL before the first curve call (the choice is made once per
// process, docs/ed25519_backends.md); without an argument the program runs on the
// probe's pick (under valgrind avx2, whose CPUID hides AVX-512; natively, in the
// MemorySanitizer build, ifma on an IFMA CPU).
#pragma once

#include "curve/ecmult.h"
#include "support/ct_valgrind.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cncrypto::test::ct {

// 0 to go on (the backend is set up and printed), 77 (ctest: skipped) when argv
// names a backend this process cannot run, 1 on a bad command line.
inline int use_curve_backend(int argc, char **argv) {
  if (argc > 2) {
    std::fprintf(stderr, "usage: %s [serial|avx2|ifma]\n", program);
    return 1;
  }
  if (argc == 2) {
    const char *names[8];
    const std::size_t n = cncrypto::ed25519::curve_backend_names(names, 8);
    bool runs = false;
    for (std::size_t b = 0; b < n && b < 8; ++b) runs = runs || std::strcmp(names[b], argv[1]) == 0;
    if (!runs) {
      std::printf("%s: curve backend %s does not run here (not compiled in, or this CPU, or valgrind's, lacks it)\n",
                  program, argv[1]);
      return 77;
    }
    if (setenv("CNCRYPTO_CURVE_IMPL", argv[1], 1) != 0) return 1;
  }
  std::printf("%s: curve backend %s\n", program, cncrypto::ed25519::curve_backend_name());
  return 0;
}

}  // namespace cncrypto::test::ct
