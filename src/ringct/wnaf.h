// Width-w NAF recoding of public 256-bit scalars, shared by the variable-time
// products of ringct (multiexp.cpp's Straus, clsag.cpp's verifier). Internal:
// not part of the API, no stability promise.
#pragma once

#include <cstdint>

namespace rct {
namespace detail {

// Index of the lowest set bit of x != 0.
inline int lowest_bit(std::uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(x);
#else
  int i = 0;
  while ((x & 1) == 0) {
    x >>= 1;
    ++i;
  }
  return i;
#endif
}

// The nonzero digits of the width-w NAF (2 <= w <= 8) of s, 32 bytes little-endian
// read as the full 256-bit integer (not reduced): s = sum d 2^pos over the calls
// emit(pos, d), in increasing pos (0 <= pos <= 256), with odd |d| < 2^(w-1) and
// positions at least w apart. Runs of zero digits are skipped a word at a time.
// _vartime: time and the emitted positions depend on s (public scalars only).
template <class Emit>
void wnaf_sparse_vartime(const unsigned char *s, int w, Emit &&emit) {
  std::uint64_t x[6] = {0, 0, 0, 0, 0, 0};
  for (int i = 0; i < 32; ++i) x[i / 8] |= static_cast<std::uint64_t>(s[i]) << (8 * (i % 8));
  const int width = 1 << w;
  int carry = 0;
  for (int pos = 0; pos < 257;) {
    int word = pos / 64, bit = pos % 64;
    std::uint64_t bits = x[word] >> bit;
    if (bit != 0) bits |= x[word + 1] << (64 - bit);
    // Where bit + carry is 0 or 2 the digit is 0 and the carry stays: skip to the
    // first bit that differs from the carry.
    const std::uint64_t differs = carry != 0 ? ~bits : bits;
    if (differs == 0) {
      pos += 64;
      continue;
    }
    const int skip = lowest_bit(differs);
    if (skip != 0) {
      pos += skip;
      if (pos >= 257) break;
      word = pos / 64;
      bit = pos % 64;
      bits = x[word] >> bit;
      if (bit != 0) bits |= x[word + 1] << (64 - bit);
    }
    const int window = carry + static_cast<int>(bits & static_cast<std::uint64_t>(width - 1));  // odd
    const int d = window >= width / 2 ? window - width : window;
    carry = (window - d) >> w;
    emit(pos, d);
    pos += w;
  }
}

}  // namespace detail
}  // namespace rct
