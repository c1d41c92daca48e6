// Variable-time multi-scalar products by Pippenger's bucket method (curve/ecmult.h),
// for large batches (Bulletproofs+ batch verification). Signed c-bit digits; the
// points in affine form for mixed additions (one batched inversion). Source:
// Pippenger 1976, as in Bernstein, Doumen, Lange, Oosterwijk, "Faster batch forgery
// identification" (2012).
#include "curve/ecmult.h"

#include "ecmult/recode.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace cncrypto::ed25519 {

std::size_t pippenger_window(std::size_t n) {
  // Cost model in group additions: ceil(257/c) windows of (n bucket additions +
  // 2^c running-sum additions), plus 256 doublings.
  std::size_t best = 1;
  double best_cost = 1e300;
  for (std::size_t c = 1; c <= 16; ++c) {
    const double windows = static_cast<double>((257 + c - 1) / c);
    const double cost = windows * (static_cast<double>(n) + static_cast<double>(std::size_t(1) << c));
    if (cost < best_cost) {
      best_cost = cost;
      best = c;
    }
  }
  return best;
}

namespace {
// acc += x, where acc_set says whether acc holds a value yet (else acc = x).
inline void accumulate(ge_p3 &acc, bool &acc_set, const ge_p3 &x) {
  if (acc_set)
    p3_add(&acc, &acc, &x);
  else
    acc = x;
  acc_set = true;
}
}  // namespace

void precomp_batch_vartime(ge_precomp *out, const ge_p3 *const *points, std::size_t n) {
  // (y + x, y - x, 2 d x y): decoded points have Z = 1 and T = x y already; the
  // others share one batched inversion of their Z.
  fe one;
  fe_1(one);
  std::vector<std::size_t> projective;
  for (std::size_t k = 0; k < n; ++k)
    if (std::memcmp(points[k]->Z, one, sizeof(fe)) != 0) projective.push_back(k);
  std::vector<fe> zinv(projective.size());
  for (std::size_t i = 0; i < projective.size(); ++i) fe_copy(zinv[i], points[projective[i]]->Z);
  if (!zinv.empty()) fe_batch_invert(zinv.data(), zinv.data(), zinv.size());
  std::size_t next = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const ge_p3 &p = *points[k];
    ge_precomp &e = out[k];
    if (next < projective.size() && projective[next] == k) {
      fe x, y;
      fe_mul(x, p.X, zinv[next]);
      fe_mul(y, p.Y, zinv[next]);
      affine_to_precomp(&e, x, y);
      ++next;
    } else {
      fe_add(e.yplusx, p.Y, p.X);
      fe_sub(e.yminusx, p.Y, p.X);
      fe_mul(e.xy2d, p.T, fe_d2);
    }
  }
}

ge_p3 pippenger_vartime(const pippenger_term *terms, std::size_t n, std::size_t c) {
  if (n == 0) {
    ge_p3 id;
    p3_identity(&id);
    return id;
  }
  const std::size_t windows = (257 + c - 1) / c;
  const int half = 1 << (c - 1);
  // Signed digits in [-2^(c-1), 2^(c-1)], window-major.
  std::vector<std::int32_t> digits(n * windows);
  const std::uint64_t mask = (std::uint64_t(1) << c) - 1;
  for (std::size_t k = 0; k < n; ++k) {
    std::uint64_t x[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 32; ++i) x[i / 8] |= static_cast<std::uint64_t>(terms[k].scalar[i]) << (8 * (i % 8));
    int carry = 0;
    for (std::size_t w = 0; w < windows; ++w) {
      const std::size_t pos = w * c, word = pos / 64, bit = pos % 64;
      std::uint64_t bits = x[word] >> bit;
      if (bit != 0 && word < 4) bits |= x[word + 1] << (64 - bit);
      int v = static_cast<int>(bits & mask) + carry;
      if (v > half) {
        v -= 2 * half;
        carry = 1;
      } else {
        carry = 0;
      }
      digits[w * n + k] = v;
    }
  }
  // The points in affine form for mixed additions: given, or computed together.
  std::vector<const ge_p3 *> missing;
  for (std::size_t k = 0; k < n; ++k)
    if (terms[k].pre == nullptr) missing.push_back(terms[k].point);
  std::vector<ge_precomp> own(missing.size());
  precomp_batch_vartime(own.data(), missing.data(), missing.size());
  std::vector<const ge_precomp *> pre(n);
  for (std::size_t k = 0, next = 0; k < n; ++k) pre[k] = terms[k].pre != nullptr ? terms[k].pre : &own[next++];

  std::vector<ge_p3> buckets(half + 1);
  std::vector<char> used(half + 1);
  ge_p3 result;
  p3_identity(&result);
  bool result_set = false;
  ge_p1p1 t;
  ge_p2 s;
  for (std::size_t w = windows; w-- > 0;) {
    if (result_set) {
      for (std::size_t i = 0; i < c; ++i) {
        p3_to_p2(&s, &result);
        p2_dbl(&t, &s);
        p1p1_to_p3(&result, &t);
      }
    }
    std::fill(used.begin(), used.end(), 0);
    const std::int32_t *dw = &digits[w * n];
    for (std::size_t k = 0; k < n; ++k) {
      const int d = dw[k];
      if (d == 0) continue;
      const int b = d > 0 ? d : -d;
      if (!used[b]) {
        buckets[b] = *terms[k].point;
        if (d < 0) {
          fe_neg(buckets[b].X, buckets[b].X);
          fe_neg(buckets[b].T, buckets[b].T);
        }
        used[b] = 1;
      } else {
        if (d > 0)
          add_precomp<false>(&t, &buckets[b], pre[k]);
        else
          add_precomp<true>(&t, &buckets[b], pre[k]);
        p1p1_to_p3(&buckets[b], &t);
      }
    }
    // acc = sum_b b * bucket[b] by running sums.
    ge_p3 sum, acc;
    bool sum_set = false, acc_set = false;
    for (int b = half; b >= 1; --b) {
      if (used[b]) accumulate(sum, sum_set, buckets[b]);
      if (sum_set) accumulate(acc, acc_set, sum);
    }
    if (acc_set) accumulate(result, result_set, acc);
  }
  return result;
}

}  // namespace cncrypto::ed25519
