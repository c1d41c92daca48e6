// Private to the BLAKE2b implementations: the twelve rounds on sixteen
// separate words, written once over a word type (`mixing`: the portable
// code's std::uint64_t, one message), and the multi-message compression
// (compress_lanes_fn, hash/blake2b_impl.h) on it over a vector type
// (`lanes_compression`: blake2b_avx2.cpp's ymm, blake2b_avx512.cpp's zmm).
// Included by each translation unit under its own ISA flags (internal linkage).
//
// The lanes' layout: W messages, one per 64-bit lane. Each of the sixteen working
// words v0..v15 (RFC 7693 section 3.2) is its own register, holding that word
// of all W messages, and so is each of the sixteen message words (the W blocks
// transposed on loading). G is then the scalar G with vector operations, on
// the columns and on the diagonals alike: no lane shuffles in the rounds.
//
// Ops (one per implementation file) provides
//   vec                                  the word or register type (W lanes of 64 bits)
//   add(a, b), xor_(a, b)                per lane
//   ror<n>(x)                            per lane, n = 32, 24, 16, 63
// and for lanes_compression also
//   lanes                                W
//   load(p), store(p, x), set1(x)        W words at p (any alignment)
//   load_message(m[16], blocks)          word i of block k into lane k of m[i]
#pragma once

#include "hash/blake2b_impl.h"

#include <cstddef>
#include <cstdint>
#include <utility>

namespace cncrypto::blake2b_impl {
namespace {

// G (RFC 7693 section 3.1) and the rounds (section 3.2) on v[0..15] with the
// message words m[0..15].
template <typename Ops>
struct mixing {
  using vec = typename Ops::vec;

  template <unsigned a, unsigned b, unsigned c, unsigned d>
  static inline void g(vec v[16], vec x, vec y) {
    v[a] = Ops::add(Ops::add(v[a], v[b]), x);
    v[d] = Ops::template ror<32>(Ops::xor_(v[d], v[a]));
    v[c] = Ops::add(v[c], v[d]);
    v[b] = Ops::template ror<24>(Ops::xor_(v[b], v[c]));
    v[a] = Ops::add(Ops::add(v[a], v[b]), y);
    v[d] = Ops::template ror<16>(Ops::xor_(v[d], v[a]));
    v[c] = Ops::add(v[c], v[d]);
    v[b] = Ops::template ror<63>(Ops::xor_(v[b], v[c]));
  }

  // Round r: the four columns, then the four diagonals, with SIGMA[r mod 10].
  template <unsigned r>
  static inline void round(vec v[16], const vec m[16]) {
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
  static inline void all_rounds(vec v[16], const vec m[16], std::index_sequence<r...>) {
    (round<r>(v, m), ...);
  }

  static inline void all(vec v[16], const vec m[16]) { all_rounds(v, m, std::make_index_sequence<rounds>()); }
};

template <typename Ops>
struct lanes_compression {
  using vec = typename Ops::vec;

  // The compress_lanes_fn contract (hash/blake2b_impl.h).
  static void compress(std::uint64_t *h, const std::uint8_t *const *blocks, const std::uint64_t *t,
                       const std::uint64_t *f) {
    constexpr unsigned W = Ops::lanes;
    vec m[16];
    Ops::load_message(m, blocks);
    vec v[16];
    for (unsigned i = 0; i < 8; ++i) {
      v[i] = Ops::load(h + W * i);
      v[i + 8] = Ops::set1(iv[i]);
    }
    v[12] = Ops::xor_(v[12], Ops::load(t));  // t1 = 0: v13 stays iv[5]
    v[14] = Ops::xor_(v[14], Ops::load(f));  // f1 = 0: v15 stays iv[7]
    mixing<Ops>::all(v, m);
    for (unsigned i = 0; i < 8; ++i) {
      Ops::store(h + W * i, Ops::xor_(Ops::load(h + W * i), Ops::xor_(v[i], v[i + 8])));
    }
  }
};

}  // namespace
}  // namespace cncrypto::blake2b_impl
