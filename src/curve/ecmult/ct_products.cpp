// Constant-time multi-scalar products (curve/ecmult.h): one Straus loop (shared
// doublings, every table entry read at each lookup through select_digit) with two
// digit systems: plain signed radix 16 (exact on any point, CLSAG signing) and
// regular signed odd radix 32 (prime-order subgroup, Bulletproofs+ proving); and
// the secret-bit sums of table points.
#include "curve/ecmult.h"

#include "ecmult/recode.h"

#include <sodium.h>

#include <algorithm>
#include <vector>

namespace cncrypto::ed25519 {
namespace {

// r = sum over windows i (from windows - 1 down to 0) of 2^(bits i) (the terms'
// digit i times their points): add_terms(r, i) adds the digits of window i to r.
// Constant time when add_terms is.
template <class AddTerms>
inline void ct_straus_loop(ge_p3 &r, int windows, int bits, AddTerms &&add_terms) {
  ge_p1p1 t;
  ge_p2 s;
  p3_identity(&r);
  for (int i = windows - 1; i >= 0; --i) {
    if (i != windows - 1) {
      p3_dbl(&t, &r);
      for (int k = 1; k < bits; ++k) {
        p1p1_to_p2(&s, &t);
        p2_dbl(&t, &s);
      }
      p1p1_to_p3(&r, &t);
    }
    add_terms(r, i);
  }
  sodium_memzero(&t, sizeof t);
  sodium_memzero(&s, sizeof s);
}

// L = 2^252 + 27742317777372353535851937790883648493, 64-bit limbs.
constexpr std::uint64_t L_limbs[4] = {0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0, 0x1000000000000000ULL};

}  // namespace

void recode_odd_radix32(signed char digits[odd32_digits], const unsigned char s[32]) {
  std::uint64_t x[4], t[4];
  for (int i = 0; i < 4; ++i) {
    x[i] = 0;
    for (int b = 0; b < 8; ++b) x[i] |= static_cast<std::uint64_t>(s[8 * i + b]) << (8 * b);
  }
  std::uint64_t borrow = 0;
  for (int i = 0; i < 4; ++i) {  // t = L - x
    const std::uint64_t d0 = L_limbs[i] - x[i];
    const std::uint64_t b0 = L_limbs[i] < x[i];
    t[i] = d0 - borrow;
    borrow = b0 | (d0 < borrow);
  }
  const std::uint64_t odd = x[0] & 1;
  const std::uint64_t keep = ct::mask_from_bit(odd);
  for (int i = 0; i < 4; ++i) x[i] = ct::select(keep, x[i], t[i]);
  // k' = (k >> 1) + 2^254; digit i = 2 * (5-bit window i of k') - 31.
  for (int i = 0; i < 3; ++i) x[i] = (x[i] >> 1) | (x[i + 1] << 63);
  x[3] = (x[3] >> 1) | (std::uint64_t(1) << 62);
  const int neg = static_cast<int>(1 - odd);
  for (int i = 0; i < odd32_digits; ++i) {
    const int pos = 5 * i, word = pos / 64, bit = pos % 64;
    std::uint64_t w = x[word] >> bit;
    if (bit > 59 && word < 3) w |= x[word + 1] << (64 - bit);
    const int d = 2 * static_cast<int>(w & 31) - 31;
    digits[i] = static_cast<signed char>((d ^ -neg) + neg);
  }
  sodium_memzero(x, sizeof x);
  sodium_memzero(t, sizeof t);
}

void ct_straus_radix16(ge_p3 &r, const unsigned char *const *scalars, const ge_cached *const *tables, int count) {
  signed char digits[8][64];
  for (int k = 0; k < count; ++k) recode_radix16(digits[k], scalars[k], false);
  ge_p1p1 t;
  ge_cached sel;
  ct_straus_loop(r, 64, 4, [&](ge_p3 &acc, int i) {
    for (int k = 0; k < count; ++k) {
      select_digit<table_kind::multiples>(sel, tables[k], 8, digits[k][i]);
      add_cached<false>(&t, &acc, &sel);
      p1p1_to_p3(&acc, &t);
    }
  });
  sodium_memzero(digits, sizeof digits);
  sodium_memzero(&t, sizeof t);
  sodium_memzero(&sel, sizeof sel);
}

// Terms per Straus pass. Each term's table is 16 points (1,920 bytes affine,
// 2,560 cached) and every window reads all of it: with thousands of terms (a
// Bulletproof's 2,049) the tables of one pass would stream from L3 or memory
// 52 times. Chunks of this many terms keep a pass's tables in a 512 KiB L2;
// each chunk costs its own 255 doublings (about 2% of its additions).
constexpr std::size_t kCtChunk = 128;

ge_p3 multiexp_ct(const ct_term *terms, std::size_t n) {
  std::vector<signed char> digits(n * odd32_digits);
  for (std::size_t i = 0; i < n; ++i) recode_odd_radix32(&digits[i * odd32_digits], terms[i].scalar);
  ge_p1p1 t;
  ge_precomp pre;
  ge_cached cac;
  ge_p3 r, part;
  p3_identity(&r);
  for (std::size_t begin = 0; begin < n; begin += kCtChunk) {
    const std::size_t end = std::min(n, begin + kCtChunk);
    ct_straus_loop(part, odd32_digits, 5, [&](ge_p3 &acc, int w) {
      for (std::size_t i = begin; i < end; ++i) {
        const int d = digits[i * odd32_digits + w];
        if (terms[i].precomp != nullptr) {  // public: the kind of term
          select_digit<table_kind::odd_multiples>(pre, terms[i].precomp, 16, d);
          add_precomp<false>(&t, &acc, &pre);
        } else {
          select_digit<table_kind::odd_multiples>(cac, terms[i].cached, 16, d);
          add_cached<false>(&t, &acc, &cac);
        }
        p1p1_to_p3(&acc, &t);
      }
    });
    p3_add(&r, &r, &part);
  }
  sodium_memzero(digits.data(), digits.size());
  sodium_memzero(&pre, sizeof pre);
  sodium_memzero(&cac, sizeof cac);
  sodium_memzero(&t, sizeof t);
  sodium_memzero(&part, sizeof part);
  return r;
}

namespace {
// S = sum_(i < n) of the point choose(sel, i) leaves in sel (constant time when
// choose is).
template <class Choose>
ge_p3 sum_chosen(std::size_t n, Choose &&choose) {
  ge_p3 S;
  p3_identity(&S);
  ge_p1p1 r;
  ge_precomp sel;
  for (std::size_t i = 0; i < n; ++i) {
    choose(sel, i);
    add_precomp<false>(&r, &S, &sel);
    p1p1_to_p3(&S, &r);
  }
  sodium_memzero(&sel, sizeof sel);
  sodium_memzero(&r, sizeof r);
  return S;
}
}  // namespace

ge_p3 bit_sum_ct(const ge_precomp *const *points, const unsigned char *bits, std::size_t n) {
  return sum_chosen(n, [&](ge_precomp &sel, std::size_t i) {
    identity(&sel);  // P_i or the identity: select_digit's move without its (empty) negation
    cmov_point(sel, *points[i], ct::mask_from_bit(bits[i]));
  });
}

ge_p3 choose_sum_ct(const ge_precomp *const *A, const ge_precomp *const *B, const unsigned char *bits,
                    std::size_t n) {
  return sum_chosen(n, [&](ge_precomp &sel, std::size_t i) {
    sel = *B[i];
    cneg(&sel, ~std::uint64_t(0));
    cmov_point(sel, *A[i], ct::mask_from_bit(bits[i]));
  });
}

}  // namespace cncrypto::ed25519
