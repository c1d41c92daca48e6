// Prints the names of the curve backends this machine can run, one per line (for
// scripts/test.sh, which runs the curve and keys suites once per backend with
// CNCRYPTO_CURVE_IMPL set to each name).
#include "curve/ecmult.h"

#include <cstdio>

int main() {
  const char *names[16];
  const std::size_t n = cncrypto::ed25519::curve_backend_names(names, 16);
  for (std::size_t i = 0; i < n && i < 16; ++i) std::printf("%s\n", names[i]);
  return 0;
}
