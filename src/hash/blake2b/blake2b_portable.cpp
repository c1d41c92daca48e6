// Portable BLAKE2b compression F (RFC 7693 section 3.2): 64-bit integer
// operations only. The twelve rounds are written out by templates, so every
// message-word index SIGMA[r][i] is a constant and the sixteen words stay in
// registers or fixed stack slots.
//
// Timing: constant time (no data-dependent branch or index).

#include "hash/blake2b_impl.h"

#include "common/endian.h"

#include <utility>

namespace crypto::blake2b_impl {

namespace {

template <unsigned n>
inline std::uint64_t rotr(std::uint64_t x) {
  static_assert(n > 0 && n < 64, "rotation offset out of range");
  return (x >> n) | (x << (64 - n));
}

// The mixing function G of RFC 7693 section 3.1 on v[a], v[b], v[c], v[d]
// with the message words x and y (rotation constants R1..R4 = 32, 24, 16, 63).
template <unsigned a, unsigned b, unsigned c, unsigned d>
inline void g(std::uint64_t v[16], std::uint64_t x, std::uint64_t y) {
  v[a] = v[a] + v[b] + x;
  v[d] = rotr<32>(v[d] ^ v[a]);
  v[c] = v[c] + v[d];
  v[b] = rotr<24>(v[b] ^ v[c]);
  v[a] = v[a] + v[b] + y;
  v[d] = rotr<16>(v[d] ^ v[a]);
  v[c] = v[c] + v[d];
  v[b] = rotr<63>(v[b] ^ v[c]);
}

// Round r: G on the four columns, then on the four diagonals, with the message
// words SIGMA[r mod 10][0..15] (section 3.2, step "Cryptographic mixing").
template <unsigned r>
inline void round(std::uint64_t v[16], const std::uint64_t m[16]) {
  constexpr const std::uint8_t *s = sigma[r % 10];
  g<0, 4, 8, 12>(v, m[s[0]], m[s[1]]);
  g<1, 5, 9, 13>(v, m[s[2]], m[s[3]]);
  g<2, 6, 10, 14>(v, m[s[4]], m[s[5]]);
  g<3, 7, 11, 15>(v, m[s[6]], m[s[7]]);
  g<0, 5, 10, 15>(v, m[s[8]], m[s[9]]);
  g<1, 6, 11, 12>(v, m[s[10]], m[s[11]]);
  g<2, 7, 8, 13>(v, m[s[12]], m[s[13]]);
  g<3, 4, 9, 14>(v, m[s[14]], m[s[15]]);
}

template <std::size_t... r>
inline void all_rounds(std::uint64_t v[16], const std::uint64_t m[16], std::index_sequence<r...>) {
  (round<r>(v, m), ...);
}

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
    all_rounds(v, m, std::make_index_sequence<rounds>());
    for (unsigned i = 0; i < 8; ++i) h[i] ^= v[i] ^ v[i + 8];
  }
}

}  // namespace crypto::blake2b_impl
