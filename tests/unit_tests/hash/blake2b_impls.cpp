// Prints the names of the BLAKE2b compression implementations this machine can
// run, one per line (for scripts/test.sh, which runs the BLAKE2b suite once per
// implementation with CNCRYPTO_BLAKE2B_IMPL set to each name).
#include "hash/blake2b_impl.h"

#include <cstdio>

int main() {
  std::size_t count = 0;
  const cncrypto::blake2b_impl::implementation *const *all = cncrypto::blake2b_impl::implementations(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (all[i]->available()) std::printf("%s\n", all[i]->name);
  }
  return 0;
}
