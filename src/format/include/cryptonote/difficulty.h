// Monero's cryptonote_basic/difficulty.h: the 128-bit difficulty type, the
// proof-of-work check (check_hash) and the difficulty of the next block
// (next_difficulty), same names, signatures and results as Monero 0.18.
// docs/pow.md describes the rules; ../shared/spec/pow.md 3.5 and 3.6 state them.
//
// Timing: NOT constant time, and it need not be: every input (block hashes,
// difficulties, timestamps) is public chain data.
#pragma once
// (cryptonote_basic/difficulty.h, Monero's form with boost's uint128_t, refuses to
// be included in the same file as this one: the two difficulty_types differ.)
#define CNCRYPTO_CRYPTONOTE_DIFFICULTY_H 1

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "crypto/hash.h"

#if !defined(__SIZEOF_INT128__)
#error "cryptonote/difficulty.h needs unsigned __int128 (GCC or Clang on a 64-bit target)"
#endif

// Monero's difficulty constants (DIFFICULTY_TARGET_V1/V2, DIFFICULTY_WINDOW,
// DIFFICULTY_LAG, DIFFICULTY_CUT, DIFFICULTY_BLOCKS_COUNT) are Monero's macros,
// defined in common/monero_config.h (read its notes: ints, no parentheses).
#include "common/monero_config.h"

namespace cryptonote {


// A 128-bit unsigned difficulty (Monero: boost::multiprecision::uint128_t).
//
// A thin value class over unsigned __int128, so the library's header needs no
// Boost, with the part of boost::multiprecision's interface Monero's code uses:
// construction from any built-in integer (implicit) or from a decimal or 0x-hex
// string (explicit), + - * / % & | ^ ~ << >> and their compound forms, ++/--,
// all comparisons (also against built-in integers on either side),
// convert_to<T>() and explicit conversions to built-in arithmetic types (the
// low bits, like boost), explicit bool, std::numeric_limits, and decimal
// iostream << / >>. Arithmetic wraps modulo 2^128 (boost's unchecked uint128_t
// does the same); a shift by 128 or more gives 0 (as boost); division or
// remainder by 0 throws std::overflow_error (as boost). native() / the
// constructor from unsigned __int128 convert to and from the built-in type.
// All operations are inline and cost what the unsigned __int128 operation costs.
class difficulty_type {
 public:
  __extension__ typedef unsigned __int128 native_type;

  constexpr difficulty_type() noexcept : v_(0) {}
  template <typename T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
  constexpr difficulty_type(T v) noexcept : v_(static_cast<native_type>(v)) {}  // NOLINT: implicit as boost's
  constexpr difficulty_type(native_type v) noexcept : v_(v) {}                 // NOLINT
  // Decimal digits, or 0x / 0X and hex digits; no sign, no spaces. Throws
  // std::invalid_argument on any other character or an empty string, and
  // std::overflow_error when the value needs more than 128 bits.
  explicit difficulty_type(const std::string &text);
  explicit difficulty_type(const char *text) : difficulty_type(std::string(text)) {}

  constexpr native_type native() const noexcept { return v_; }
  template <typename T>
  constexpr T convert_to() const noexcept {
    return static_cast<T>(v_);
  }
  template <typename T, std::enable_if_t<std::is_arithmetic<T>::value && !std::is_same<T, bool>::value, int> = 0>
  explicit constexpr operator T() const noexcept {
    return static_cast<T>(v_);
  }
  explicit constexpr operator bool() const noexcept { return v_ != 0; }

  // Decimal digits (no sign, no leading zeros; "0" for zero).
  std::string str() const;

  friend constexpr difficulty_type operator+(difficulty_type a, difficulty_type b) noexcept { return a.v_ + b.v_; }
  friend constexpr difficulty_type operator-(difficulty_type a, difficulty_type b) noexcept { return a.v_ - b.v_; }
  friend constexpr difficulty_type operator*(difficulty_type a, difficulty_type b) noexcept { return a.v_ * b.v_; }
  friend difficulty_type operator/(difficulty_type a, difficulty_type b) {
    if (b.v_ == 0) throw std::overflow_error("cryptonote::difficulty_type: division by zero");
    return a.v_ / b.v_;
  }
  friend difficulty_type operator%(difficulty_type a, difficulty_type b) {
    if (b.v_ == 0) throw std::overflow_error("cryptonote::difficulty_type: division by zero");
    return a.v_ % b.v_;
  }
  friend constexpr difficulty_type operator&(difficulty_type a, difficulty_type b) noexcept { return a.v_ & b.v_; }
  friend constexpr difficulty_type operator|(difficulty_type a, difficulty_type b) noexcept { return a.v_ | b.v_; }
  friend constexpr difficulty_type operator^(difficulty_type a, difficulty_type b) noexcept { return a.v_ ^ b.v_; }
  template <typename I, std::enable_if_t<std::is_integral<I>::value, int> = 0>
  friend constexpr difficulty_type operator<<(difficulty_type a, I n) noexcept {
    return (n < 0 || static_cast<unsigned long long>(n) >= 128) ? native_type(0) : native_type(a.v_ << n);
  }
  template <typename I, std::enable_if_t<std::is_integral<I>::value, int> = 0>
  friend constexpr difficulty_type operator>>(difficulty_type a, I n) noexcept {
    return (n < 0 || static_cast<unsigned long long>(n) >= 128) ? native_type(0) : native_type(a.v_ >> n);
  }
  constexpr difficulty_type operator~() const noexcept { return ~v_; }
  constexpr difficulty_type operator-() const noexcept { return native_type(0) - v_; }
  constexpr difficulty_type operator+() const noexcept { return *this; }

  constexpr difficulty_type &operator+=(difficulty_type b) noexcept { v_ += b.v_; return *this; }
  constexpr difficulty_type &operator-=(difficulty_type b) noexcept { v_ -= b.v_; return *this; }
  constexpr difficulty_type &operator*=(difficulty_type b) noexcept { v_ *= b.v_; return *this; }
  difficulty_type &operator/=(difficulty_type b) { return *this = *this / b; }
  difficulty_type &operator%=(difficulty_type b) { return *this = *this % b; }
  constexpr difficulty_type &operator&=(difficulty_type b) noexcept { v_ &= b.v_; return *this; }
  constexpr difficulty_type &operator|=(difficulty_type b) noexcept { v_ |= b.v_; return *this; }
  constexpr difficulty_type &operator^=(difficulty_type b) noexcept { v_ ^= b.v_; return *this; }
  template <typename I, std::enable_if_t<std::is_integral<I>::value, int> = 0>
  constexpr difficulty_type &operator<<=(I n) noexcept { return *this = *this << n; }
  template <typename I, std::enable_if_t<std::is_integral<I>::value, int> = 0>
  constexpr difficulty_type &operator>>=(I n) noexcept { return *this = *this >> n; }
  constexpr difficulty_type &operator++() noexcept { ++v_; return *this; }
  constexpr difficulty_type &operator--() noexcept { --v_; return *this; }
  constexpr difficulty_type operator++(int) noexcept { difficulty_type t = *this; ++v_; return t; }
  constexpr difficulty_type operator--(int) noexcept { difficulty_type t = *this; --v_; return t; }

  friend constexpr bool operator==(difficulty_type a, difficulty_type b) noexcept { return a.v_ == b.v_; }
  friend constexpr bool operator!=(difficulty_type a, difficulty_type b) noexcept { return a.v_ != b.v_; }
  friend constexpr bool operator<(difficulty_type a, difficulty_type b) noexcept { return a.v_ < b.v_; }
  friend constexpr bool operator<=(difficulty_type a, difficulty_type b) noexcept { return a.v_ <= b.v_; }
  friend constexpr bool operator>(difficulty_type a, difficulty_type b) noexcept { return a.v_ > b.v_; }
  friend constexpr bool operator>=(difficulty_type a, difficulty_type b) noexcept { return a.v_ >= b.v_; }

 private:
  native_type v_;
};

// Decimal, as boost prints uint128_t (the stream's base flags are ignored).
std::ostream &operator<<(std::ostream &o, const difficulty_type &d);
// Reads decimal digits (or 0x-hex) after skipping white space; sets failbit on
// a malformed or over-128-bit value.
std::istream &operator>>(std::istream &i, difficulty_type &d);

// check_hash_64: Monero's 64-bit proof-of-work check. Reads the 32 bytes of
// hash as a little-endian 256-bit integer H and returns true iff
// H * difficulty <= 2^256 - 1. difficulty 0 accepts every hash. Rejects early
// when the top 64 bits of H times difficulty overflow (what most hashes do).
// Never throws. Variable time (public inputs). Source: Monero difficulty.cpp.
bool check_hash_64(const crypto::hash &hash, std::uint64_t difficulty);

// check_hash_128: the same test for a difficulty of up to 128 bits (Monero
// multiplies in 512-bit boost integers; here 4x2 64-bit limbs). Gives the same
// answer as check_hash_64 for every difficulty below 2^64. Never throws.
// Variable time (public inputs). Source: Monero difficulty.cpp.
bool check_hash_128(const crypto::hash &hash, difficulty_type difficulty);

// check_hash: check_hash_64 when difficulty <= 2^64 - 1, check_hash_128 above
// (as Monero dispatches). true iff H * difficulty <= 2^256 - 1. Never throws.
// Variable time (public inputs). Source: Monero difficulty.cpp.
bool check_hash(const crypto::hash &hash, difficulty_type difficulty);

// next_difficulty_64: Monero's legacy 64-bit difficulty of the next block.
// timestamps and cumulative_difficulties are the last blocks in height order
// (callers pass up to DIFFICULTY_BLOCKS_COUNT = 735: window 720 + lag 15).
//   - only the first DIFFICULTY_WINDOW (720) entries count (the 15 newest
//     blocks of a full 735-block list never do);
//   - 0 or 1 entries: returns 1;
//   - the timestamps are sorted (not the cumulative difficulties); with n
//     entries, if n <= 600 all count, else cut_begin = (n - 600 + 1) / 2 and
//     cut_end = cut_begin + 600 (60 cut at each end for n = 720);
//   - time_span = ts[cut_end-1] - ts[cut_begin] (1 if 0), work =
//     cum[cut_end-1] - cum[cut_begin] (wrapping, as Monero's unsigned maths);
//   - returns ceil(work * target_seconds / time_span), or 0 when work *
//     target_seconds needs more than 64 bits or the rounding add overflows,
//     exactly Monero's tests. A 0 result means "difficulty overhead": Monero
//     refuses the block.
// Throws std::invalid_argument when the two vectors differ in length (Monero
// only asserts it). Variable time (public inputs). Source: Monero difficulty.cpp.
std::uint64_t next_difficulty_64(std::vector<std::uint64_t> timestamps,
                                 std::vector<std::uint64_t> cumulative_difficulties, std::size_t target_seconds);

// next_difficulty: the same rule with 128-bit cumulative difficulties, the
// quotient computed exactly (Monero uses 256-bit integers); returns 0 when the
// result exceeds 2^128 - 1 (Monero's overflow answer). target_seconds is
// DIFFICULTY_TARGET_V1 (60) before hard fork 2 and DIFFICULTY_TARGET_V2 (120)
// after. Same results as Monero on every input, but the timestamps are not
// fully sorted (two order statistics are selected, which is what the result
// depends on). Throws std::invalid_argument when the two vectors differ in
// length. Variable time (public inputs). Source: Monero difficulty.cpp.
difficulty_type next_difficulty(std::vector<std::uint64_t> timestamps,
                                std::vector<difficulty_type> cumulative_difficulties, std::size_t target_seconds);

// hex: "0x" and lowercase hex digits without leading zeros ("0x0" for 0), as
// Monero's RPC wide_difficulty fields. Source: Monero difficulty.cpp hex.
std::string hex(difficulty_type v);

}  // namespace cryptonote

namespace std {
template <>
class numeric_limits<cryptonote::difficulty_type> {
 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = false;
  static constexpr bool is_integer = true;
  static constexpr bool is_exact = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = true;
  static constexpr bool has_infinity = false;
  static constexpr bool has_quiet_NaN = false;
  static constexpr bool has_signaling_NaN = false;
  static constexpr int digits = 128;
  static constexpr int digits10 = 38;
  static constexpr int max_digits10 = 0;
  static constexpr int radix = 2;
  static constexpr cryptonote::difficulty_type min() noexcept { return {}; }
  static constexpr cryptonote::difficulty_type lowest() noexcept { return {}; }
  static constexpr cryptonote::difficulty_type max() noexcept {
    return ~cryptonote::difficulty_type();
  }
};
}  // namespace std
