// Constant-time multi-scalar products (curve/ecmult.h): one Straus loop (shared
// doublings, every table entry read at each lookup through select_digit) with two
// digit systems: plain signed radix 16 (exact on any point, CLSAG signing) and
// regular signed odd radix 32 (prime-order subgroup, Bulletproofs+ proving); and
// the secret-bit sums of table points. The loops are ecmult/msm.h's templates
// (written once over the group interface), instantiated here for ed25519.
#include "curve/ecmult.h"

#include "ecmult/msm.h"

#include <sodium.h>

#include <algorithm>
#include <vector>

namespace cncrypto::ed25519 {
namespace {

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
  msm::ct_straus_radix16<ed25519_group>(r, scalars, tables, count);
}

ge_p3 multiexp_ct(const ct_term *terms, std::size_t n) {
  std::vector<signed char> digits(n * odd32_digits);
  for (std::size_t i = 0; i < n; ++i) recode_odd_radix32(&digits[i * odd32_digits], terms[i].scalar);
  const ge_p3 r = msm::ct_straus_odd<ed25519_group>(terms, n, digits.data(), odd32_digits, 5);
  sodium_memzero(digits.data(), digits.size());
  return r;
}

ge_p3 bit_sum_ct(const ge_precomp *const *points, const unsigned char *bits, std::size_t n) {
  return msm::sum_chosen<ed25519_group>(n, [&](ge_precomp &sel, std::size_t i) {
    identity(&sel);  // P_i or the identity: select_digit's move without its (empty) negation
    cmov_point(sel, *points[i], ct::mask_from_bit(bits[i]));
  });
}

ge_p3 choose_sum_ct(const ge_precomp *const *A, const ge_precomp *const *B, const unsigned char *bits,
                    std::size_t n) {
  return msm::sum_chosen<ed25519_group>(n, [&](ge_precomp &sel, std::size_t i) {
    sel = *B[i];
    cneg(&sel, ~std::uint64_t(0));
    cmov_point(sel, *A[i], ct::mask_from_bit(bits[i]));
  });
}

}  // namespace cncrypto::ed25519
