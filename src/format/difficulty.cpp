// Monero's difficulty.cpp: check_hash and next_difficulty (see cryptonote/difficulty.h).
// Products and quotients use unsigned __int128 on 64-bit limbs instead of
// Monero's boost 256/512-bit integers; the results are the same on every input.
#include "cryptonote/difficulty.h"
#include "difficulty_native.h"

#include <algorithm>
#include <cstring>
#include <istream>
#include <ostream>

namespace cryptonote {
namespace {

using u128 = difficulty_type::native_type;

// The i-th little-endian 64-bit word of the hash (Monero: swap64le of word i).
inline std::uint64_t hash_word(const crypto::hash &hash, int i) {
  std::uint64_t w;
  std::memcpy(&w, hash.data + 8 * i, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  w = __builtin_bswap64(w);
#endif
  return w;
}

inline std::uint64_t lo64(u128 v) { return static_cast<std::uint64_t>(v); }
inline std::uint64_t hi64(u128 v) { return static_cast<std::uint64_t>(v >> 64); }

// The window Monero's two functions share: the first DIFFICULTY_WINDOW entries,
// and the cut bounds of the sorted timestamps. Returns false for 0 or 1 entries.
struct window {
  std::size_t cut_begin, cut_end;
  std::uint64_t time_span;
};

bool prepare_window(std::vector<std::uint64_t> &timestamps, std::size_t cumulative_count, window &w) {
  if (timestamps.size() != cumulative_count) {
    throw std::invalid_argument("next_difficulty: timestamps and cumulative_difficulties differ in length");
  }
  if (timestamps.size() > DIFFICULTY_WINDOW) timestamps.resize(DIFFICULTY_WINDOW);
  const std::size_t length = timestamps.size();
  if (length <= 1) return false;
  static_assert(2 * DIFFICULTY_CUT <= DIFFICULTY_WINDOW - 2, "Cut length is too large");
  constexpr std::size_t kept = DIFFICULTY_WINDOW - 2 * DIFFICULTY_CUT;
  if (length <= kept) {
    w.cut_begin = 0;
    w.cut_end = length;
  } else {
    w.cut_begin = (length - kept + 1) / 2;
    w.cut_end = w.cut_begin + kept;
  }
  // Only the two order statistics matter: select them instead of sorting
  // (equal to sorted[cut_end - 1] and sorted[cut_begin] of a full sort).
  auto last = timestamps.begin() + static_cast<std::ptrdiff_t>(w.cut_end - 1);
  std::nth_element(timestamps.begin(), last, timestamps.end());
  const std::uint64_t high = *last;
  auto first = timestamps.begin() + static_cast<std::ptrdiff_t>(w.cut_begin);
  if (w.cut_begin < w.cut_end - 1) std::nth_element(timestamps.begin(), first, last);
  const std::uint64_t low = *first;
  w.time_span = high - low;
  if (w.time_span == 0) w.time_span = 1;
  return true;
}

int digit_value(char c, int base) {
  int v = -1;
  if (c >= '0' && c <= '9') v = c - '0';
  else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
  else if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
  return v < base ? v : -1;
}

}  // namespace

difficulty_type::difficulty_type(const std::string &text) : v_(0) {
  std::size_t pos = 0;
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    pos = 2;
  }
  if (pos == text.size()) throw std::invalid_argument("cryptonote::difficulty_type: empty number");
  const u128 max = ~u128(0);
  for (; pos < text.size(); ++pos) {
    const int d = digit_value(text[pos], base);
    if (d < 0) throw std::invalid_argument("cryptonote::difficulty_type: not a number: \"" + text + "\"");
    if (v_ > (max - static_cast<unsigned>(d)) / static_cast<unsigned>(base)) {
      throw std::overflow_error("cryptonote::difficulty_type: more than 128 bits: " + text);
    }
    v_ = v_ * static_cast<unsigned>(base) + static_cast<unsigned>(d);
  }
}

std::string difficulty_type::str() const {
  char buf[40];
  int n = 0;
  u128 v = v_;
  do {
    buf[n++] = static_cast<char>('0' + static_cast<int>(v % 10));
    v /= 10;
  } while (v != 0);
  std::string s(buf, buf + n);
  std::reverse(s.begin(), s.end());
  return s;
}

std::ostream &operator<<(std::ostream &o, const difficulty_type &d) { return o << d.str(); }

std::istream &operator>>(std::istream &in, difficulty_type &d) {
  std::string token;
  if (!(in >> token)) return in;
  try {
    d = difficulty_type(token);
  } catch (const std::exception &) {
    in.setstate(std::ios::failbit);
  }
  return in;
}

bool check_hash_64(const crypto::hash &hash, std::uint64_t difficulty) {
  // Top word first: for a random hash its product already overflows.
  const u128 top = static_cast<u128>(hash_word(hash, 3)) * difficulty;
  if (hi64(top) != 0) return false;
  const u128 p0 = static_cast<u128>(hash_word(hash, 0)) * difficulty;
  const u128 p1 = static_cast<u128>(hash_word(hash, 1)) * difficulty + hi64(p0);
  const u128 p2 = static_cast<u128>(hash_word(hash, 2)) * difficulty + hi64(p1);
  // H * D = p0.lo + p1.lo 2^64 + p2.lo 2^128 + (top + p2.hi) 2^192: fits in 256 bits
  // iff the last limb has no carry.
  return top + hi64(p2) <= ~std::uint64_t(0);
}

bool check_hash_128(const crypto::hash &hash, difficulty_type difficulty) {
  const std::uint64_t d0 = lo64(difficulty.native()), d1 = hi64(difficulty.native());
  if (d1 == 0) return check_hash_64(hash, d0);  // the same product, one limb shorter
  // D >= 2^64: a non-zero top word of H makes H * D >= 2^192 * 2^64.
  if (hash_word(hash, 3) != 0) return false;
  const std::uint64_t h0 = hash_word(hash, 0), h1 = hash_word(hash, 1), h2 = hash_word(hash, 2);
  // The highest partial product first (h2 * d1 at 2^192): most hashes fail here.
  const u128 top = static_cast<u128>(h2) * d1;
  if (hi64(top) != 0) return false;
  // H * D = (h0 + h1 2^64 + h2 2^128) * d0 + (h0 + h1 2^64) * d1 2^64 + top 2^192,
  // limb by limb with carries; it fits in 256 bits iff nothing is left above limb 3.
  const u128 a0 = static_cast<u128>(h0) * d0;
  const u128 a1 = static_cast<u128>(h1) * d0 + hi64(a0);
  const u128 a2 = static_cast<u128>(h2) * d0 + hi64(a1);  // a = H * d0: limbs a0.lo a1.lo a2.lo a2.hi
  const u128 b0 = static_cast<u128>(h0) * d1 + lo64(a1);
  const u128 b1 = static_cast<u128>(h1) * d1 + hi64(b0) + lo64(a2);  // < 2^128: no overflow
  const u128 limb3 = static_cast<u128>(hi64(a2)) + lo64(top) + hi64(b1);
  return hi64(top) == 0 && limb3 <= ~std::uint64_t(0);
}

bool check_hash(const crypto::hash &hash, difficulty_type difficulty) {
  if (difficulty <= difficulty_type(~std::uint64_t(0))) {
    return check_hash_64(hash, difficulty.convert_to<std::uint64_t>());
  }
  return check_hash_128(hash, difficulty);
}

std::uint64_t next_difficulty_64(std::vector<std::uint64_t> timestamps,
                                 std::vector<std::uint64_t> cumulative_difficulties, std::size_t target_seconds) {
  window w;
  if (!prepare_window(timestamps, cumulative_difficulties.size(), w)) return 1;
  const std::uint64_t total_work = cumulative_difficulties[w.cut_end - 1] - cumulative_difficulties[w.cut_begin];
  const u128 product = static_cast<u128>(total_work) * static_cast<std::uint64_t>(target_seconds);
  const std::uint64_t low = lo64(product), high = hi64(product);
  // Monero's overflow rule, evaluated as it writes it: (low + time_span) - 1 in
  // wrapping 64-bit arithmetic.
  const std::uint64_t rounded = low + w.time_span - 1;
  if (high != 0 || rounded < low) return 0;
  return rounded / w.time_span;
}

difficulty_type next_difficulty(std::vector<std::uint64_t> timestamps,
                                std::vector<difficulty_type> cumulative_difficulties, std::size_t target_seconds) {
  window w;
  if (!prepare_window(timestamps, cumulative_difficulties.size(), w)) return 1;
  const u128 total_work = (cumulative_difficulties[w.cut_end - 1] - cumulative_difficulties[w.cut_begin]).native();
  const std::uint64_t target = static_cast<std::uint64_t>(target_seconds);
  // n = total_work * target + (time_span - 1): three 64-bit limbs (< 2^192).
  const u128 a = static_cast<u128>(lo64(total_work)) * target;
  const u128 b = static_cast<u128>(hi64(total_work)) * target + hi64(a);
  std::uint64_t n0 = lo64(a), n1 = lo64(b), n2 = hi64(b);
  const std::uint64_t add = w.time_span - 1;
  n0 += add;
  if (n0 < add && ++n1 == 0) ++n2;
  // n / time_span by 64-bit long division.
  const std::uint64_t ts = w.time_span;
  const std::uint64_t q2 = n2 / ts;
  u128 x = (static_cast<u128>(n2 % ts) << 64) | n1;
  const std::uint64_t q1 = static_cast<std::uint64_t>(x / ts);
  x = (static_cast<u128>(static_cast<std::uint64_t>(x % ts)) << 64) | n0;
  const std::uint64_t q0 = static_cast<std::uint64_t>(x / ts);
  if (q2 != 0) return 0;  // more than 128 bits: Monero's overflow answer
  return difficulty_type((static_cast<u128>(q1) << 64) | q0);
}

std::string hex(difficulty_type v) {
  static const char chars[] = "0123456789abcdef";
  std::string s;
  u128 x = v.native();
  do {
    s.push_back(chars[static_cast<unsigned>(x & 0xf)]);
    x >>= 4;
  } while (x != 0);
  std::reverse(s.begin(), s.end());
  return "0x" + s;
}

}  // namespace cryptonote

namespace cryptonote::difficulty_native {

bool check_hash_128(const crypto::hash &hash, u128 difficulty) {
  return cryptonote::check_hash_128(hash, difficulty_type(difficulty));
}

bool check_hash(const crypto::hash &hash, u128 difficulty) {
  return cryptonote::check_hash(hash, difficulty_type(difficulty));
}

u128 next_difficulty(std::vector<std::uint64_t> timestamps, const std::vector<u128> &cumulative_difficulties,
                     std::size_t target_seconds) {
  std::vector<difficulty_type> cumulative(cumulative_difficulties.begin(), cumulative_difficulties.end());
  return cryptonote::next_difficulty(std::move(timestamps), std::move(cumulative), target_seconds).native();
}

std::string hex(u128 v) { return cryptonote::hex(difficulty_type(v)); }

}  // namespace cryptonote::difficulty_native
