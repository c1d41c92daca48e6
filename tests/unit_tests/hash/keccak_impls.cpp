// Prints the names of the Keccak-f[1600] implementations this machine can run,
// one per line (for scripts/test.sh, which runs the hash-core suites once per
// implementation with CNCRYPTO_KECCAK_IMPL set to each name).
#include "hash/keccak_permutation.h"

#include <cstdio>

int main() {
  std::size_t count = 0;
  const crypto::keccak_permutation *const *all = crypto::keccak_permutations(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (all[i]->available()) std::printf("%s\n", all[i]->name);
  }
  return 0;
}
