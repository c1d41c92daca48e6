// Variable-time multi-scalar products by Pippenger's bucket method (curve/ecmult.h),
// for large batches (Bulletproofs+ batch verification). Signed c-bit digits; the
// points in affine form for mixed additions (one batched inversion). Source:
// Pippenger 1976, as in Bernstein, Doumen, Lange, Oosterwijk, "Faster batch forgery
// identification" (2012). The bucket loop is ecmult/msm.h's template (written once
// over the group interface), instantiated here for ed25519.
#include "curve/ecmult.h"

#include "ecmult/msm.h"

#include <algorithm>
#include <memory>
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

void precomp_batch_vartime(ge_precomp *out, const ge_p3 *const *points, std::size_t n) {
  // (y + x, y - x, 2 d x y): decoded points have Z = 1 and T = x y already; the
  // others share one batched inversion of their Z.
  fe one;
  fe_1(one);
  std::vector<std::size_t> projective;
  for (std::size_t k = 0; k < n; ++k)
    if (std::memcmp(points[k]->Z, one, sizeof(fe)) != 0) projective.push_back(k);
  // fe is an array type: not a std::vector element in libc++ (the WebAssembly build).
  std::unique_ptr<fe[]> zinv(new fe[projective.size()]);
  for (std::size_t i = 0; i < projective.size(); ++i) fe_copy(zinv[i], points[projective[i]]->Z);
  if (!projective.empty()) fe_batch_invert(zinv.get(), zinv.get(), projective.size());
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
  // The points in affine form for mixed additions: given, or computed together
  // (after the recoding, as the bucket loop reads them next).
  std::vector<ge_precomp> own;
  std::vector<const ge_precomp *> pre;
  return msm::pippenger<ed25519_group>(terms, n, c, [&]() -> const ge_precomp *const * {
    std::vector<const ge_p3 *> missing;
    for (std::size_t k = 0; k < n; ++k)
      if (terms[k].pre == nullptr) missing.push_back(terms[k].point);
    own.resize(missing.size());
    precomp_batch_vartime(own.data(), missing.data(), missing.size());
    pre.resize(n);
    for (std::size_t k = 0, next = 0; k < n; ++k) pre[k] = terms[k].pre != nullptr ? terms[k].pre : &own[next++];
    return pre.data();
  });
}

}  // namespace cncrypto::ed25519
