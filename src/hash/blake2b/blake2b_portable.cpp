// Portable BLAKE2b compression F (RFC 7693 section 3.2): 64-bit integer
// operations only. The twelve rounds are written out by templates
// (blake2b_lanes.h's `mixing` on std::uint64_t, the code the multi-message
// implementations run on vectors), so every message-word index SIGMA[r][i] is
// a constant and the sixteen words stay in registers or fixed stack slots.
//
// Timing: constant time (no data-dependent branch or index).

#include "blake2b/blake2b_lanes.h"
#include "common/endian.h"

namespace cncrypto::blake2b_impl {

namespace {

// One message's sixteen words in 64-bit integers (blake2b_lanes.h's rounds).
struct scalar_ops {
  using vec = std::uint64_t;
  static vec add(vec a, vec b) { return a + b; }
  static vec xor_(vec a, vec b) { return a ^ b; }
  template <unsigned n>
  static vec ror(vec x) {
    static_assert(n > 0 && n < 64, "rotation offset out of range");
    return (x >> n) | (x << (64 - n));
  }
};

}  // namespace

void portable_compress(std::uint64_t h[8], std::uint64_t t[2], std::uint64_t f0, std::uint64_t f1,
                       const std::uint8_t *blocks, std::size_t count, std::uint64_t increment) {
  for (; count != 0; --count, blocks += 128) {
    t[0] += increment;
    t[1] += t[0] < increment ? 1 : 0;  // carry into the high word (public: the length)
    std::uint64_t m[16];
    for (unsigned i = 0; i < 16; ++i) m[i] = cncrypto::load_le64(blocks + 8 * i);
    std::uint64_t v[16];
    for (unsigned i = 0; i < 8; ++i) {
      v[i] = h[i];
      v[i + 8] = iv[i];
    }
    v[12] ^= t[0];
    v[13] ^= t[1];
    v[14] ^= f0;
    v[15] ^= f1;
    mixing<scalar_ops>::all(v, m);
    for (unsigned i = 0; i < 8; ++i) h[i] ^= v[i] ^ v[i + 8];
  }
}

}  // namespace cncrypto::blake2b_impl
