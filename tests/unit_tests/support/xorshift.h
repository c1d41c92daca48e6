// A reproducible pseudo-random stream for mutation tests: Marsaglia's xorshift64
// (Journal of Statistical Software 8(14), 2003, shifts 13, 7, 17). Not for secrets.
#pragma once

#include <cstdint>

namespace cncrypto::test {

struct xorshift64 {
  std::uint64_t state = 0x243f6a8885a308d3ULL;  // any nonzero seed (here pi's fraction bits)
  std::uint64_t operator()() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
};

}  // namespace cncrypto::test
