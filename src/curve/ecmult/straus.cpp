// Variable-time multi-scalar products by Straus's method (curve/ecmult.h): shared
// doublings over width-w NAF digits (ecmult/recode.h). Two forms: dense (every
// term's digits in an array, a few terms: Monero's ge_double_scalarmult_*, the
// CLSAG pair) and sparse (the nonzero digits of all terms sorted by position: any
// number of terms, rct::straus). Also the tables of odd multiples they read.
// Each loop runs on the active curve backend's kernel when it has one
// (backend/backend.h: straus_dense_vartime, straus_pair_vartime,
// straus_sparse_vartime; ifma: 4-way, one point's X, Y, Z, T in four lanes); the
// serial loops here are the reference and the fallback. The recoding (wNAF, the
// sort by position) is done here either way.
// The loops themselves are ecmult/msm.h's templates (written once over the group
// interface, curve/group_interface.h), instantiated here for ed25519.
// Source: E. G. Straus, "Addition chains of vectors" (1964).
#include "curve/ecmult.h"

#include "backend/backend.h"
#include "ecmult/msm.h"

#include <algorithm>
#include <memory>
#include <vector>

namespace cncrypto::ed25519 {
namespace {

using G = ed25519_group;
using dense_term = msm::dense_term<G>;
using msm::set_term;

}  // namespace

void odd_multiples_cached(ge_cached *out, const ge_p3 &P, int count) { odd_multiples_cached_inline(out, &P, count); }

void odd_multiples_affine(ge_precomp *out, const ge_p3 *points, std::size_t n) {
  // Odd multiples in extended coordinates, then one batch inversion to affine.
  constexpr std::size_t chunk = 1024;
  std::vector<ge_p3> odd(16 * std::min(chunk, n));
  // fe is an array type: not a std::vector element in libc++ (the WebAssembly build).
  std::unique_ptr<fe[]> zs(new fe[odd.size()]);
  for (std::size_t start = 0; start < n; start += chunk) {
    const std::size_t m = std::min(chunk, n - start);
    for (std::size_t i = 0; i < m; ++i) odd_multiples_p3(&odd[16 * i], &points[start + i], 16);
    for (std::size_t j = 0; j < 16 * m; ++j) fe_copy(zs[j], odd[j].Z);
    fe_batch_invert(zs.get(), zs.get(), 16 * m);
    for (std::size_t j = 0; j < 16 * m; ++j) {
      fe x, y;
      fe_mul(x, odd[j].X, zs[j]);
      fe_mul(y, odd[j].Y, zs[j]);
      affine_to_precomp(&out[16 * start + j], x, y);
    }
  }
}

ge_p3 sum_vartime(const ge_precomp *const *points, std::size_t n) {
  ge_p3 S;
  p3_identity(&S);
  ge_p1p1 r;
  for (std::size_t i = 0; i < n; ++i) {
    add_precomp<false>(&r, &S, points[i]);
    p1p1_to_p3(&S, &r);
  }
  return S;
}

namespace {

inline naf_digits_term kernel_term(const dense_term &t) { return {t.naf, t.cached, t.precomp}; }

inline void p3_to_p2_copy(ge_p2 &r, const ge_p3 &p) {
  fe_copy(r.X, p.X);
  fe_copy(r.Y, p.Y);
  fe_copy(r.Z, p.Z);
}

void straus_pair_with(const curve_backend &backend, ge_p2 &ra, const wnaf_term a[3], ge_p2 &rb, const wnaf_term b[3]) {
  dense_term ta_terms[3], tb_terms[3];
  int top = -1;
  for (int k = 0; k < 3; ++k) {
    top = set_term(ta_terms[k], a[k].scalar, a[k].cached, a[k].precomp, a[k].w, top);
    top = set_term(tb_terms[k], b[k].scalar, b[k].cached, b[k].precomp, b[k].w, top);
  }
  if (backend.straus_pair_vartime == nullptr || top < 0) {  // public: the backend, the scalars
    msm::straus_pair<G>(ra, ta_terms, rb, tb_terms, top);  // the serial reference
    return;
  }
  const naf_digits_term ka[3] = {kernel_term(ta_terms[0]), kernel_term(ta_terms[1]), kernel_term(ta_terms[2])};
  const naf_digits_term kb[3] = {kernel_term(tb_terms[0]), kernel_term(tb_terms[1]), kernel_term(tb_terms[2])};
  ge_p3 pa, pb;
  backend.straus_pair_vartime(&pa, ka, 3, &pb, kb, 3, top);
  p3_to_p2_copy(ra, pa);
  p3_to_p2_copy(rb, pb);
}

// r = sum of the n <= 3 dense terms on the backend (its kernel, or straus_dense).
void straus_dense_with(const curve_backend &backend, ge_p3 &r, const dense_term *terms, int n, int top) {
  if (backend.straus_dense_vartime == nullptr || top < 0) {  // public: the backend, the scalars
    ge_p1p1 t;
    msm::straus_dense<G>(&t, terms, n, top);
    p1p1_to_p3(&r, &t);
    return;
  }
  naf_digits_term k[3];
  for (int i = 0; i < n; ++i) k[i] = kernel_term(terms[i]);
  backend.straus_dense_vartime(&r, k, n, top);
}

void straus_dense_with(const curve_backend &backend, ge_p2 &r, const dense_term *terms, int n, int top) {
  if (backend.straus_dense_vartime == nullptr || top < 0) {
    ge_p1p1 t;
    msm::straus_dense<G>(&t, terms, n, top);
    p1p1_to_p2(&r, &t);
    return;
  }
  ge_p3 p;
  straus_dense_with(backend, p, terms, n, top);
  p3_to_p2_copy(r, p);
}

}  // namespace

void straus_pair_vartime(ge_p2 &ra, const wnaf_term a[3], ge_p2 &rb, const wnaf_term b[3]) {
  straus_pair_with(curve_active_backend(), ra, a, rb, b);
}

bool straus_pair_vartime_on(const char *backend, ge_p2 &ra, const wnaf_term a[3], ge_p2 &rb, const wnaf_term b[3]) {
  const curve_backend *bk = find_curve_backend(backend);
  if (bk == nullptr || !bk->available()) return false;
  straus_pair_with(*bk, ra, a, rb, b);
  return true;
}

bool straus_dense_vartime_on(const char *backend, ge_p3 &r, const wnaf_term *terms, int n) {
  const curve_backend *bk = find_curve_backend(backend);
  if (bk == nullptr || !bk->available() || n < 1 || n > 3) return false;
  dense_term t[3];
  int top = -1;
  for (int k = 0; k < n; ++k) top = set_term(t[k], terms[k].scalar, terms[k].cached, terms[k].precomp, terms[k].w, top);
  straus_dense_with(*bk, r, t, n, top);
  return true;
}

namespace {

ge_p3 straus_sparse_with(const curve_backend &backend, const straus_term *terms, std::size_t n) {
  // The nonzero digits of all terms, then sorted by position (counting sort).
  std::vector<sparse_digit> digits;
  digits.reserve(n * 48);
  std::vector<std::uint32_t> count(naf_len + 1, 0);
  int top = -1;
  for (std::size_t k = 0; k < n; ++k)
    wnaf_sparse_vartime(terms[k].scalar, terms[k].precomp != nullptr ? 6 : 5, [&](int pos, int d) {
      digits.push_back({static_cast<std::uint32_t>(k), static_cast<std::int16_t>(pos), static_cast<signed char>(d)});
      ++count[pos + 1];
      top = std::max(top, pos);
    });
  if (top < 0) {
    ge_p3 out;
    p3_identity(&out);
    return out;
  }
  for (int i = 0; i < naf_len; ++i) count[i + 1] += count[i];
  std::vector<sparse_digit> entries(digits.size());
  {
    std::vector<std::uint32_t> fill(count.begin(), count.end() - 1);
    for (const sparse_digit &e : digits) entries[fill[e.pos]++] = e;
  }
  if (backend.straus_sparse_vartime == nullptr)  // the serial reference
    return msm::straus_sparse<G>(terms, entries.data(), entries.size(), count.data(), top);
  std::vector<odd_table> tables(n);
  for (std::size_t k = 0; k < n; ++k) tables[k] = {terms[k].cached, terms[k].precomp};
  ge_p3 out;
  backend.straus_sparse_vartime(&out, tables.data(), entries.data(), entries.size(), count.data(), top);
  return out;
}

}  // namespace

ge_p3 straus_vartime(const straus_term *terms, std::size_t n) {
  return straus_sparse_with(curve_active_backend(), terms, n);
}

bool straus_vartime_on(const char *backend, ge_p3 &out, const straus_term *terms, std::size_t n) {
  const curve_backend *bk = find_curve_backend(backend);
  if (bk == nullptr || !bk->available()) return false;
  out = straus_sparse_with(*bk, terms, n);
  return true;
}

}  // namespace cncrypto::ed25519

namespace ed = cncrypto::ed25519;

// ---- Monero's C API: the _vartime double and triple products ---------------------------
// G's terms use ge_base_odd (64 affine odd multiples, width 8), the others their
// ge_dsmp (8 cached odd multiples, width 5).

namespace cncrypto::ed25519 {
namespace {

// r = sum of the n terms (a_k, Ai_k) where Ai_k null means G, on the active backend
// (its straus_dense_vartime kernel when it has one, else the serial straus_dense).
template <class Out>
void dsm(Out *r, int n, const unsigned char *const *a, const ge_cached *const *Ai) {
  ed::dense_term terms[3];
  int top = -1;
  for (int k = 0; k < n; ++k)
    top = Ai[k] != nullptr ? ed::set_term<ed::G>(terms[k], a[k], Ai[k], nullptr, 5, top)
                           : ed::set_term<ed::G>(terms[k], a[k], nullptr, ge_base_odd, 8, top);
  ed::straus_dense_with(ed::curve_active_backend(), *r, terms, n, top);
}

// r = a A + b G.
template <class Out>
void double_base(Out *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b) {
  ge_dsmp Ai;
  ed::odd_multiples_cached_inline(Ai, A, 8);
  const unsigned char *s[2] = {a, b};
  const ge_cached *t[2] = {Ai, nullptr};
  dsm(r, 2, s, t);
}

}  // namespace


void ge_dsm_precomp(ge_dsmp r, const ge_p3 *s) { ed::odd_multiples_cached_inline(r, s, 8); }

void ge_double_scalarmult_base_vartime_p3(ge_p3 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b) {
  double_base(r, a, A, b);
}

void ge_double_scalarmult_base_vartime(ge_p2 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b) {
  double_base(r, a, A, b);
}

void ge_double_scalarmult_precomp_vartime2(ge_p2 *r, const unsigned char *a, const ge_dsmp Ai, const unsigned char *b,
                                           const ge_dsmp Bi) {
  const unsigned char *s[2] = {a, b};
  const ge_cached *t[2] = {Ai, Bi};
  dsm(r, 2, s, t);
}

void ge_double_scalarmult_precomp_vartime2_p3(ge_p3 *r, const unsigned char *a, const ge_dsmp Ai,
                                              const unsigned char *b, const ge_dsmp Bi) {
  const unsigned char *s[2] = {a, b};
  const ge_cached *t[2] = {Ai, Bi};
  dsm(r, 2, s, t);
}

void ge_double_scalarmult_precomp_vartime(ge_p2 *r, const unsigned char *a, const ge_p3 *A, const unsigned char *b,
                                          const ge_dsmp Bi) {
  ge_dsmp Ai;
  ed::odd_multiples_cached_inline(Ai, A, 8);
  ge_double_scalarmult_precomp_vartime2(r, a, Ai, b, Bi);
}

void ge_triple_scalarmult_base_vartime(ge_p2 *r, const unsigned char *a, const unsigned char *b, const ge_dsmp Bi,
                                       const unsigned char *c, const ge_dsmp Ci) {
  const unsigned char *s[3] = {a, b, c};
  const ge_cached *t[3] = {nullptr, Bi, Ci};
  dsm(r, 3, s, t);
}

void ge_triple_scalarmult_precomp_vartime(ge_p2 *r, const unsigned char *a, const ge_dsmp Ai, const unsigned char *b,
                                          const ge_dsmp Bi, const unsigned char *c, const ge_dsmp Ci) {
  const unsigned char *s[3] = {a, b, c};
  const ge_cached *t[3] = {Ai, Bi, Ci};
  dsm(r, 3, s, t);
}

}  // namespace cncrypto::ed25519
