// Multi-scalar multiplication (see multiexp.h and docs/ringct.md).
#include "ringct/multiexp.h"

#include "common/ct.h"
#include "wnaf.h"

#include <sodium.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace rct {
namespace {

using limb = std::remove_extent_t<fe>;

// ---- small group helpers (public C API of crypto-ops.h) ---------------------

void p1p1_identity(ge_p1p1 *r) {
  fe_0(r->X);
  fe_1(r->Y);
  fe_1(r->Z);
  fe_1(r->T);
}

// r = p + q, all ge_p3 (q converted on the fly).
void add_p3(ge_p3 *r, const ge_p3 *p, const ge_p3 *q) {
  ge_cached c;
  ge_p1p1 t;
  ge_p3_to_cached(&c, q);
  ge_add(&t, p, &c);
  ge_p1p1_to_p3(r, &t);
}

key encode(const ge_p3 &p) {
  key k;
  ge_p3_tobytes(k.bytes, &p);
  return k;
}

// odd[j] = (2j+1) P for j < count, in extended coordinates.
void odd_multiples_p3(ge_p3 *odd, const ge_p3 &p, int count) {
  ge_p1p1 t;
  ge_p3 p2;
  ge_cached c2;
  ge_p3_dbl(&t, &p);
  ge_p1p1_to_p3(&p2, &t);
  ge_p3_to_cached(&c2, &p2);
  odd[0] = p;
  for (int j = 1; j < count; ++j) {
    ge_add(&t, &odd[j - 1], &c2);
    ge_p1p1_to_p3(&odd[j], &t);
  }
}

void odd_multiples_cached(ge_cached *odd, const ge_p3 &p, int count) {
  ge_p3 tmp[16];
  odd_multiples_p3(tmp, p, count);
  for (int j = 0; j < count; ++j) ge_p3_to_cached(&odd[j], &tmp[j]);
}

// ---- width-w NAF (public scalars) ---------------------------------------------

constexpr int naf_len = 256 + 9;

using detail::wnaf_sparse_vartime;

// ---- Straus (vartime) --------------------------------------------------------

struct vt_term {
  const unsigned char *scalar;
  const ge_cached *cached;    // odd multiples 1..15 (w = 5), or null
  const ge_precomp *precomp;  // odd multiples 1..31 (w = 6), or null
};

ge_p3 straus_terms(const std::vector<vt_term> &terms) {
  const std::size_t n = terms.size();
  // The nonzero digits of all terms, then sorted by position (counting sort).
  struct entry {
    std::uint32_t term;
    std::int16_t pos;
    signed char digit;
  };
  std::vector<entry> digits;
  digits.reserve(n * 48);
  std::vector<std::uint32_t> count(naf_len + 1, 0);
  int top = -1;
  for (std::size_t k = 0; k < n; ++k)
    wnaf_sparse_vartime(terms[k].scalar, terms[k].precomp != nullptr ? 6 : 5, [&](int pos, int d) {
      digits.push_back({static_cast<std::uint32_t>(k), static_cast<std::int16_t>(pos), static_cast<signed char>(d)});
      ++count[pos + 1];
      top = std::max(top, pos);
    });
  ge_p3 out;
  if (top < 0) {
    ge_p3_0(&out);
    return out;
  }
  for (int i = 0; i < naf_len; ++i) count[i + 1] += count[i];
  std::vector<entry> entries(digits.size());
  {
    std::vector<std::uint32_t> fill(count.begin(), count.end() - 1);
    for (const entry &e : digits) entries[fill[e.pos]++] = e;
  }
  ge_p1p1 r;
  ge_p2 s;
  ge_p3 u;
  p1p1_identity(&r);
  for (int i = top; i >= 0; --i) {
    if (i != top) {
      ge_p1p1_to_p2(&s, &r);
      ge_p2_dbl(&r, &s);
    }
    for (std::uint32_t e = count[i]; e < count[i + 1]; ++e) {
#if defined(__GNUC__) || defined(__clang__)
      if (e + 4 < entries.size()) {  // the table entry four additions ahead
        const vt_term &ahead = terms[entries[e + 4].term];
        const int da = entries[e + 4].digit;
        const int ja = (da > 0 ? da : -da) / 2;
        const char *line = ahead.precomp != nullptr ? reinterpret_cast<const char *>(&ahead.precomp[ja])
                                                    : reinterpret_cast<const char *>(&ahead.cached[ja]);
        __builtin_prefetch(line);
        __builtin_prefetch(line + 64);  // an entry spans two or three cache lines
        __builtin_prefetch(line + 119);
      }
#endif
      const vt_term &t = terms[entries[e].term];
      const int d = entries[e].digit;
      ge_p1p1_to_p3(&u, &r);
      if (t.precomp != nullptr) {
        if (d > 0)
          ge_madd(&r, &u, &t.precomp[d / 2]);
        else
          ge_msub(&r, &u, &t.precomp[-d / 2]);
      } else {
        if (d > 0)
          ge_add(&r, &u, &t.cached[d / 2]);
        else
          ge_sub(&r, &u, &t.cached[-d / 2]);
      }
    }
  }
  ge_p1p1_to_p3(&out, &r);
  return out;
}

// Straus over data plus (optionally) fixed-table terms.
// Fixed term i is table->point(indices ? indices[i] : offset + i).
ge_p3 straus_with_fixed(const multiexp_table *table, std::size_t offset, const std::size_t *indices,
                        const key *fixed_scalars, std::size_t n_fixed, const std::vector<MultiexpData> &data) {
  std::vector<ge_cached> cached(8 * data.size());
  std::vector<vt_term> terms;
  terms.reserve(n_fixed + data.size());
  for (std::size_t i = 0; i < n_fixed; ++i)
    terms.push_back({fixed_scalars[i].bytes, nullptr, table->odd_multiples(indices ? indices[i] : offset + i)});
  for (std::size_t i = 0; i < data.size(); ++i) {
    odd_multiples_cached(&cached[8 * i], data[i].point, 8);
    terms.push_back({data[i].scalar.bytes, &cached[8 * i], nullptr});
  }
  return straus_terms(terms);
}

// ---- Pippenger (vartime) -----------------------------------------------------

// One term of pippenger_terms: scalar times point; pre is the point in affine form
// when the caller has it (a multiexp_table entry), else null.
struct pip_term {
  const unsigned char *scalar;
  const ge_p3 *point;
  const ge_precomp *pre;
};

ge_p3 pippenger_terms(const std::vector<pip_term> &terms, std::size_t c) {
  const std::size_t n = terms.size();
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
  // The points in affine form (y + x, y - x, 2 d x y) for mixed additions: given, or
  // computed (decoded points have Z = 1 and T = x y already; the others share one
  // batched inversion).
  std::vector<ge_precomp> own(n);
  std::vector<const ge_precomp *> pre(n);
  {
    fe one;
    fe_1(one);
    std::vector<std::size_t> projective;
    for (std::size_t k = 0; k < n; ++k)
      if (terms[k].pre == nullptr && std::memcmp(terms[k].point->Z, one, sizeof(fe)) != 0) projective.push_back(k);
    std::vector<fe> zinv(projective.size());
    for (std::size_t i = 0; i < projective.size(); ++i) std::memcpy(zinv[i], terms[projective[i]].point->Z, sizeof(fe));
    if (!zinv.empty()) fe_batch_invert(zinv.data(), zinv.data(), zinv.size());
    std::size_t next = 0;
    for (std::size_t k = 0; k < n; ++k) {
      if (terms[k].pre != nullptr) {
        pre[k] = terms[k].pre;
        continue;
      }
      const ge_p3 &p = *terms[k].point;
      ge_precomp &e = own[k];
      pre[k] = &e;
      if (next < projective.size() && projective[next] == k) {
        fe x, y, xy;
        fe_mul(x, p.X, zinv[next]);
        fe_mul(y, p.Y, zinv[next]);
        fe_add(e.yplusx, y, x);
        fe_sub(e.yminusx, y, x);
        fe_mul(xy, x, y);
        fe_mul(e.xy2d, xy, fe_d2);
        ++next;
      } else {
        fe_add(e.yplusx, p.Y, p.X);
        fe_sub(e.yminusx, p.Y, p.X);
        fe_mul(e.xy2d, p.T, fe_d2);
      }
    }
  }

  std::vector<ge_p3> buckets(half + 1);
  std::vector<char> used(half + 1);
  ge_p3 result;
  ge_p3_0(&result);
  bool result_set = false;
  ge_p1p1 t;
  ge_p2 s;
  for (std::size_t w = windows; w-- > 0;) {
    if (result_set) {
      for (std::size_t i = 0; i < c; ++i) {
        ge_p3_to_p2(&s, &result);
        ge_p2_dbl(&t, &s);
        ge_p1p1_to_p3(&result, &t);
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
          ge_madd(&t, &buckets[b], pre[k]);
        else
          ge_msub(&t, &buckets[b], pre[k]);
        ge_p1p1_to_p3(&buckets[b], &t);
      }
    }
    // acc = sum_b b * bucket[b] by running sums.
    ge_p3 sum, acc;
    bool sum_set = false, acc_set = false;
    for (int b = half; b >= 1; --b) {
      if (used[b]) {
        if (sum_set)
          add_p3(&sum, &sum, &buckets[b]);
        else
          sum = buckets[b];
        sum_set = true;
      }
      if (sum_set) {
        if (acc_set)
          add_p3(&acc, &acc, &sum);
        else
          acc = sum;
        acc_set = true;
      }
    }
    if (acc_set) {
      if (result_set)
        add_p3(&result, &result, &acc);
      else
        result = acc;
      result_set = true;
    }
  }
  return result;
}

// ---- constant time -------------------------------------------------------------

constexpr int ct_digits = 51;  // 51 signed odd radix-32 digits cover k < 2^255

// L = 2^252 + 27742317777372353535851937790883648493, 64-bit limbs.
constexpr std::uint64_t L_limbs[4] = {0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0, 0x1000000000000000ULL};

// digits[i] (i < 51), odd in [-31, 31], with sum digits[i] 32^i = s if s is odd and
// -(L - s) if s is even (so = s mod L). s < L, secret: constant time.
void recode_ct(signed char *digits, const unsigned char *s) {
  std::uint64_t x[4], t[4];
  for (int i = 0; i < 4; ++i) {
    x[i] = 0;
    for (int b = 0; b < 8; ++b) x[i] |= static_cast<std::uint64_t>(s[8 * i + b]) << (8 * b);
  }
  std::uint64_t borrow = 0;
  for (int i = 0; i < 4; ++i) {
    const unsigned __int128 d = static_cast<unsigned __int128>(L_limbs[i]) - x[i] - borrow;
    t[i] = static_cast<std::uint64_t>(d);
    borrow = static_cast<std::uint64_t>(d >> 64) & 1;
  }
  const std::uint64_t odd = x[0] & 1;
  const std::uint64_t keep = cncrypto::ct::mask_from_bit(odd);
  for (int i = 0; i < 4; ++i) x[i] = cncrypto::ct::select(keep, x[i], t[i]);
  // k' = (k >> 1) + 2^254; digit i = 2 * (5-bit window i of k') - 31.
  for (int i = 0; i < 3; ++i) x[i] = (x[i] >> 1) | (x[i + 1] << 63);
  x[3] = (x[3] >> 1) | (std::uint64_t(1) << 62);
  const int neg = static_cast<int>(1 - odd);
  for (int i = 0; i < ct_digits; ++i) {
    const int pos = 5 * i, word = pos / 64, bit = pos % 64;
    std::uint64_t w = x[word] >> bit;
    if (bit > 59 && word < 3) w |= x[word + 1] << (64 - bit);
    const int d = 2 * static_cast<int>(w & 31) - 31;
    digits[i] = static_cast<signed char>((d ^ -neg) + neg);
  }
  sodium_memzero(x, sizeof x);
  sodium_memzero(t, sizeof t);
}

void cmov_limbs(limb *dst, const limb *src, std::size_t n, std::uint64_t mask) {
  const limb m = static_cast<limb>(mask);
  for (std::size_t i = 0; i < n; ++i) dst[i] ^= m & (dst[i] ^ src[i]);
}

// |d| = 2j + 1, sign = d < 0, constant time.
void split_odd_digit(int d, unsigned &j, std::uint64_t &negmask) {
  const unsigned ud = static_cast<unsigned>(d);
  const unsigned sign = ud >> 31;
  const unsigned absd = (ud ^ (0u - sign)) + sign;
  j = absd >> 1;
  negmask = cncrypto::ct::mask_from_bit(sign);
}

void select_precomp_ct(ge_precomp *out, const ge_precomp *table, int d) {
  unsigned j;
  std::uint64_t negmask;
  split_odd_digit(d, j, negmask);
  *out = table[0];
  for (unsigned i = 1; i < 16; ++i)
    cmov_limbs(reinterpret_cast<limb *>(out), reinterpret_cast<const limb *>(&table[i]),
               sizeof(ge_precomp) / sizeof(limb), cncrypto::ct::eq_mask(j, i));
  ge_precomp minus;
  std::memcpy(minus.yplusx, out->yminusx, sizeof(fe));
  std::memcpy(minus.yminusx, out->yplusx, sizeof(fe));
  fe_neg(minus.xy2d, out->xy2d);
  cmov_limbs(reinterpret_cast<limb *>(out), reinterpret_cast<const limb *>(&minus), sizeof(ge_precomp) / sizeof(limb),
             negmask);
}

void select_cached_ct(ge_cached *out, const ge_cached *table, int d) {
  unsigned j;
  std::uint64_t negmask;
  split_odd_digit(d, j, negmask);
  *out = table[0];
  for (unsigned i = 1; i < 16; ++i)
    cmov_limbs(reinterpret_cast<limb *>(out), reinterpret_cast<const limb *>(&table[i]),
               sizeof(ge_cached) / sizeof(limb), cncrypto::ct::eq_mask(j, i));
  ge_cached minus;
  std::memcpy(minus.YplusX, out->YminusX, sizeof(fe));
  std::memcpy(minus.YminusX, out->YplusX, sizeof(fe));
  std::memcpy(minus.Z, out->Z, sizeof(fe));
  fe_neg(minus.T2d, out->T2d);
  cmov_limbs(reinterpret_cast<limb *>(out), reinterpret_cast<const limb *>(&minus), sizeof(ge_cached) / sizeof(limb),
             negmask);
}

}  // namespace

MultiexpData::MultiexpData(const key &s, const key &p) : scalar(s) {
  if (ge_frombytes_vartime(&point, p.bytes) != 0)
    throw std::invalid_argument("MultiexpData: the point does not decode");
}

ge_p3 straus_p3(const std::vector<MultiexpData> &data) {
  return straus_with_fixed(nullptr, 0, nullptr, nullptr, 0, data);
}
key straus(const std::vector<MultiexpData> &data) { return encode(straus_p3(data)); }

std::size_t get_pippenger_c(std::size_t n) {
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

ge_p3 pippenger_p3(const std::vector<MultiexpData> &data, std::size_t c) {
  if (c > 16) throw std::invalid_argument("pippenger: window width c = " + std::to_string(c) + " (must be 0..16)");
  if (data.empty()) {
    ge_p3 id;
    ge_p3_0(&id);
    return id;
  }
  std::vector<pip_term> terms(data.size());
  for (std::size_t k = 0; k < data.size(); ++k) terms[k] = {data[k].scalar.bytes, &data[k].point, nullptr};
  return pippenger_terms(terms, c == 0 ? get_pippenger_c(data.size()) : c);
}
key pippenger(const std::vector<MultiexpData> &data, std::size_t c) { return encode(pippenger_p3(data, c)); }

namespace {
constexpr std::size_t straus_limit = 256;  // measured crossover, docs/ringct.md
}

ge_p3 multiexp_p3(const std::vector<MultiexpData> &data) {
  return data.size() <= straus_limit ? straus_p3(data) : pippenger_p3(data);
}
key multiexp(const std::vector<MultiexpData> &data) { return encode(multiexp_p3(data)); }

multiexp_table::multiexp_table(const std::vector<ge_p3> &points) : n_(points.size()), points_(points) {
  table_.resize(16 * n_);
  // Odd multiples in extended coordinates, then one batch inversion to affine.
  constexpr std::size_t chunk = 1024;
  std::vector<ge_p3> odd(16 * chunk);
  std::vector<fe> zs(16 * chunk);
  for (std::size_t start = 0; start < n_; start += chunk) {
    const std::size_t m = std::min(chunk, n_ - start);
    for (std::size_t i = 0; i < m; ++i) odd_multiples_p3(&odd[16 * i], points[start + i], 16);
    for (std::size_t j = 0; j < 16 * m; ++j) std::memcpy(zs[j], odd[j].Z, sizeof(fe));
    fe_batch_invert(zs.data(), zs.data(), 16 * m);
    for (std::size_t j = 0; j < 16 * m; ++j) {
      fe x, y, xy;
      fe_mul(x, odd[j].X, zs[j]);
      fe_mul(y, odd[j].Y, zs[j]);
      ge_precomp &e = table_[16 * start + j];
      fe_add(e.yplusx, y, x);
      fe_sub(e.yminusx, y, x);
      fe_mul(xy, x, y);
      fe_mul(e.xy2d, xy, fe_d2);
    }
  }
}

ge_p3 multiexp_fixed_vartime(const multiexp_table &table, std::size_t offset, const key *fixed_scalars, std::size_t n,
                             const std::vector<MultiexpData> &data) {
  if (offset > table.size() || n > table.size() - offset)
    throw std::invalid_argument("multiexp_fixed_vartime: terms " + std::to_string(offset) + ".." +
                                std::to_string(offset + n) + " exceed the table of " + std::to_string(table.size()));
  if (data.size() <= straus_limit) return straus_with_fixed(&table, offset, nullptr, fixed_scalars, n, data);
  // Many variable terms: one Pippenger over both, the fixed points through their
  // table's first entry (the point itself in affine form).
  std::vector<pip_term> terms;
  terms.reserve(n + data.size());
  for (std::size_t i = 0; i < n; ++i)
    terms.push_back({fixed_scalars[i].bytes, &table.point(offset + i), table.odd_multiples(offset + i)});
  for (const MultiexpData &d : data) terms.push_back({d.scalar.bytes, &d.point, nullptr});
  return pippenger_terms(terms, get_pippenger_c(terms.size()));
}

ge_p3 multiexp_indexed_vartime(const multiexp_table &table, const std::size_t *indices, const key *scalars,
                               std::size_t n, const std::vector<MultiexpData> &data) {
  for (std::size_t i = 0; i < n; ++i)
    if (indices[i] >= table.size())
      throw std::invalid_argument("multiexp_indexed_vartime: fixed term " + std::to_string(i) + " has index " +
                                  std::to_string(indices[i]) + " outside the table of " + std::to_string(table.size()));
  if (data.size() <= straus_limit) return straus_with_fixed(&table, 0, indices, scalars, n, data);
  ge_p3 fixed = straus_with_fixed(&table, 0, indices, scalars, n, {});
  ge_p3 var = pippenger_p3(data);
  add_p3(&fixed, &fixed, &var);
  return fixed;
}

ge_p3 multiexp_ct(const std::vector<MultiexpData> &data) { return multiexp_ct(nullptr, nullptr, nullptr, 0, data); }

ge_p3 multiexp_ct(const multiexp_table *table, const std::size_t *indices, const key *scalars, std::size_t n_fixed,
                  const std::vector<MultiexpData> &data) {
  for (std::size_t i = 0; i < n_fixed; ++i)
    if (table == nullptr || indices[i] >= table->size())
      throw std::invalid_argument("multiexp_ct: fixed term " + std::to_string(i) + " has index " +
                                  std::to_string(indices[i]) + " outside the table");
  const std::size_t nv = data.size();
  const std::size_t n = n_fixed + nv;
  std::vector<ge_cached> vtab(16 * nv);
  for (std::size_t i = 0; i < nv; ++i) odd_multiples_cached(&vtab[16 * i], data[i].point, 16);
  std::vector<signed char> digits(n * ct_digits);
  for (std::size_t i = 0; i < n_fixed; ++i) recode_ct(&digits[i * ct_digits], scalars[i].bytes);
  for (std::size_t i = 0; i < nv; ++i) recode_ct(&digits[(n_fixed + i) * ct_digits], data[i].scalar.bytes);

  ge_p1p1 r;
  ge_p2 s;
  ge_p3 u;
  ge_precomp pre;
  ge_cached cac;
  p1p1_identity(&r);
  for (int w = ct_digits - 1; w >= 0; --w) {
    if (w != ct_digits - 1) {
      for (int k = 0; k < 5; ++k) {
        ge_p1p1_to_p2(&s, &r);
        ge_p2_dbl(&r, &s);
      }
    }
    for (std::size_t i = 0; i < n_fixed; ++i) {
      select_precomp_ct(&pre, table->odd_multiples(indices[i]), digits[i * ct_digits + w]);
      ge_p1p1_to_p3(&u, &r);
      ge_madd(&r, &u, &pre);
    }
    for (std::size_t i = 0; i < nv; ++i) {
      select_cached_ct(&cac, &vtab[16 * i], digits[(n_fixed + i) * ct_digits + w]);
      ge_p1p1_to_p3(&u, &r);
      ge_add(&r, &u, &cac);
    }
  }
  ge_p3 out;
  ge_p1p1_to_p3(&out, &r);
  sodium_memzero(digits.data(), digits.size());
  sodium_memzero(&pre, sizeof pre);
  sodium_memzero(&cac, sizeof cac);
  sodium_memzero(&u, sizeof u);
  sodium_memzero(&r, sizeof r);
  sodium_memzero(&s, sizeof s);
  return out;
}

}  // namespace rct
