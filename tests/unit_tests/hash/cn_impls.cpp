// Prints the names of the CryptoNight implementations this machine can run,
// one per line (for scripts/test.sh, which runs the CryptoNight suites once per
// implementation with CNCRYPTO_CN_IMPL set to each name).
#include "hash/cn_impl.h"

#include <cstdio>

int main() {
  std::size_t count = 0;
  const crypto::cn::cn_implementation *const *all = crypto::cn::cn_implementations(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (all[i]->available()) std::printf("%s\n", all[i]->name);
  }
  return 0;
}
