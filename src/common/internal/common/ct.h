// Constant-time helpers: the one place for value barriers, masks, conditional
// moves and equality on secret data (STYLE.md item 8).
//
// Every function here runs in time independent of its arguments' values: no
// branch and no memory index depends on them. A "mask" is all-ones (true) or
// all-zeros (false). The value barrier stops the compiler from proving that a
// mask is 0/1-valued and turning the arithmetic back into a branch.
#pragma once

#include <cstddef>
#include <cstdint>

// CNCRYPTO_MSAN: this is a MemorySanitizer build (CNCRYPTO_SANITIZE_MEMORY), the
// constant-time check of scripts/ct_msan.sh: secrets are poisoned and MemorySanitizer
// reports a branch or an address computed from them. It also reports a poisoned
// input of an inline asm, so the barriers below pass the poison around their asm.
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define CNCRYPTO_MSAN 1
#include <sanitizer/msan_interface.h>
#endif
#endif

namespace cncrypto::ct {

// Returns x unchanged, hiding its value from the optimiser (an empty asm that
// claims to modify x). Use on masks and selector bits derived from secrets.
template <typename T>
inline T value_barrier_of(T x) {
#if defined(CNCRYPTO_MSAN)
  T y = x;
  __msan_unpoison(&y, sizeof y);
  __asm__("" : "+r"(y) : /* no inputs */);
  __msan_copy_shadow(&y, &x, sizeof y);  // y is x: it carries x's poison
  return y;
#elif defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(x) : /* no inputs */);
  return x;
#else
  return x;
#endif
}

inline std::uint64_t value_barrier(std::uint64_t x) { return value_barrier_of(x); }

inline std::uint32_t value_barrier_u32(std::uint32_t x) { return value_barrier_of(x); }

// All-ones if bit (0 or 1) is 1, else 0. bit must be 0 or 1.
inline std::uint64_t mask_from_bit(std::uint64_t bit) { return value_barrier(0 - bit); }

// All-ones if x == 0, else 0.
inline std::uint64_t is_zero_mask(std::uint64_t x) {
  // (x | -x) has its top bit set iff x != 0.
  return mask_from_bit(1 ^ ((x | (0 - x)) >> 63));
}

// All-ones if a == b, else 0.
inline std::uint64_t eq_mask(std::uint64_t a, std::uint64_t b) { return is_zero_mask(a ^ b); }

// All-ones if a < b (as unsigned 64-bit integers), else 0.
inline std::uint64_t lt_mask(std::uint64_t a, std::uint64_t b) {
  // Borrow out of a - b, computed without a branch.
  const std::uint64_t borrow = ((~a & b) | ((~(a ^ b)) & (a - b))) >> 63;
  return mask_from_bit(borrow);
}

// mask ? a : b.
inline std::uint64_t select(std::uint64_t mask, std::uint64_t a, std::uint64_t b) { return b ^ (mask & (a ^ b)); }

// If mask is all-ones, copies n bytes from src to dst; if all-zeros, leaves dst.
inline void cmov_bytes(std::uint8_t *dst, const std::uint8_t *src, std::size_t n, std::uint64_t mask) {
  const std::uint8_t m = static_cast<std::uint8_t>(mask);
  for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<std::uint8_t>(dst[i] ^ (m & (dst[i] ^ src[i])));
}

// 1 if the n bytes at a and b are equal, else 0; reads all n bytes.
inline int equal_bytes(const std::uint8_t *a, const std::uint8_t *b, std::size_t n) {
  std::uint64_t diff = 0;
  for (std::size_t i = 0; i < n; ++i) diff |= static_cast<std::uint64_t>(a[i] ^ b[i]);
  return static_cast<int>(is_zero_mask(diff) & 1);
}

// 1 if all n bytes are zero, else 0; reads all n bytes.
inline int is_zero_bytes(const std::uint8_t *a, std::size_t n) {
  std::uint64_t acc = 0;
  for (std::size_t i = 0; i < n; ++i) acc |= a[i];
  return static_cast<int>(is_zero_mask(acc) & 1);
}

}  // namespace cncrypto::ct
