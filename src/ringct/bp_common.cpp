// What Bulletproofs and Bulletproofs+ share (bp_common.h; docs/bulletproofs.md).
#include "bp_common.h"
#include "multiexp_layer.h"

#include "common/ct_declassify.h"
#include "crypto/ed25519/sc.h"
#include "crypto/hash.h"
#include "curve/ecmult.h"
#include "curve/group.h"
#include "rct_points.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace rct::bp {

namespace scalar = cncrypto::ed25519::sc;

key invert(const key &a) {
  key r;
  scalar::invert(r.bytes, a.bytes);
  return r;
}

keyV invert_batch(const keyV &in) {
  keyV out(in.size());
  scalar::invert_batch(reinterpret_cast<unsigned char(*)[32]>(out.data()),
                       reinterpret_cast<const unsigned char(*)[32]>(in.data()), in.size());
  return out;
}

key times8_integer(const key &s) {
  key r;
  unsigned carry = 0;
  for (int i = 0; i < 32; ++i) {
    const unsigned v = (static_cast<unsigned>(s.bytes[i]) << 3) | carry;
    r.bytes[i] = static_cast<unsigned char>(v);
    carry = v >> 8;
  }
  return r;
}

key random_weight() {
  key w;
  do {
    randombytes_buf(w.bytes, 32);
    sc_reduce32(w.bytes);
  } while (is_zero(w));
  return w;
}

std::size_t log2_ceil(std::size_t m) {
  std::size_t l = 0;
  while ((std::size_t(1) << l) < m) ++l;
  return l;
}

key keccak(const void *data, std::size_t n) {
  key k;
  cn_fast_hash(k, data, n);
  return k;
}
key hs(const void *data, std::size_t n) {
  key k;
  hash_to_scalar(k, data, n);
  return k;
}
key transcript(const key &t, const key &a) {
  key buf[2] = {t, a};
  return hs(buf, sizeof buf);
}
key transcript(const key &t, const key &a, const key &b) {
  key buf[3] = {t, a, b};
  return hs(buf, sizeof buf);
}

key encode(const ed::ge_p3 &p) {
  key k;
  ed::ge_p3_tobytes(k.bytes, &p);
  return k;
}
void add_p3(ed::ge_p3 &p, const ed::ge_p3 &q) { ed::p3_add(&p, &p, &q); }

std::unique_ptr<cncrypto::multiexp_table> generator_table(const char *salt) {
  const std::size_t salt_len = std::strlen(salt);
  std::vector<ed::ge_p3> pts(2 + 2 * max_MN);
  if (ed::ge_frombytes_vartime(&pts[idx_G], G.bytes) != 0) throw std::logic_error("bulletproofs: G does not decode");
  pts[idx_H] = ed::ge_p3_H;
  std::vector<unsigned char> buf(32 + salt_len + 10);
  std::memcpy(buf.data(), H.bytes, 32);
  std::memcpy(buf.data() + 32, salt, salt_len);
  for (std::size_t i = 0; i < 2 * max_MN; ++i) {
    std::size_t n = 32 + salt_len;
    std::uint64_t v = i;
    while (v >= 0x80) {
      buf[n++] = static_cast<unsigned char>((v & 0x7f) | 0x80);
      v >>= 7;
    }
    buf[n++] = static_cast<unsigned char>(v);
    const key h = keccak(buf.data(), n);
    const std::size_t k = i / 2;
    points::hash_to_p3(pts[i % 2 == 0 ? idx_Hi(k) : idx_Gi(k)], h);
  }
  return std::make_unique<cncrypto::multiexp_table>(ed::to_face(pts));
}

// ---- provers ---------------------------------------------------------------------------

void misuse(const char *fn, const std::string &what) { throw std::invalid_argument(std::string(fn) + ": " + what); }

void check_amounts(const char *fn, const keyV &sv, const keyV &gamma, amount_limit limit) {
  const std::size_t m = sv.size();
  if (m == 0) misuse(fn, "no amounts (1 to 16 are needed)");
  if (m > max_M) misuse(fn, std::to_string(m) + " amounts (at most 16)");
  if (gamma.size() != m) misuse(fn, std::to_string(m) + " amounts but " + std::to_string(gamma.size()) + " masks (gamma)");
  for (std::size_t j = 0; j < m; ++j) {
    int too_big;
    if (limit == amount_limit::below_2_64) {
      int high = 0;
      for (int b = 8; b < 32; ++b) high |= sv[j].bytes[b];
      too_big = high != 0;
    } else {
      too_big = sc_check(sv[j].bytes) != 0;  // constant time
    }
    CNCRYPTO_DECLASSIFY(&too_big, sizeof too_big);  // misuse: revealed by the exception anyway
    if (too_big) {
      misuse(fn, "v[" + std::to_string(j) + "] is not below " +
                     (limit == amount_limit::below_2_64 ? "2^64 (amounts are 64-bit)" : "L (not a reduced scalar)"));
    }
  }
}

void amounts_to_keys(const std::vector<std::uint64_t> &v, secret_keys &out) {
  for (std::size_t j = 0; j < v.size(); ++j)
    for (int b = 0; b < 8; ++b) out.v[j].bytes[b] = static_cast<unsigned char>(v[j] >> (8 * b));
}

keyV commit_amounts(const cncrypto::multiexp_table &table, const keyV &sv, const keyV &gamma) {
  keyV V(sv.size());
  for (std::size_t j = 0; j < sv.size(); ++j) {
    secret_keys s(2);
    s.v[0] = mul(gamma[j], INV_EIGHT);
    s.v[1] = mul(sv[j], INV_EIGHT);
    const std::size_t idx[2] = {idx_G, idx_H};
    V[j] = encode(ed::from_face(cncrypto::multiexp_ct(&table, idx, s.v.data(), 2, {})));
  }
  CNCRYPTO_DECLASSIFY(V.data(), 32 * V.size());  // published
  return V;
}

void amount_bits(const keyV &sv, std::size_t MN, secret_keys &aL) {
  for (std::size_t k = 0; k < MN; ++k) aL.v[k] = k_zero;
  for (std::size_t j = 0; j < sv.size(); ++j)
    for (std::size_t i = 0; i < N_bits; ++i) aL.v[j * N_bits + i].bytes[0] = (sv[j].bytes[i / 8] >> (i % 8)) & 1;
}

key commit_bits(const cncrypto::multiexp_table &table, const secret_keys &aL, std::size_t MN, const key &alpha) {
  ed::ge_p3 A;
  {
    secret_keys a8(1);
    a8.v[0] = mul(alpha, INV_EIGHT);
    const std::size_t idx = idx_G;
    A = ed::from_face(cncrypto::multiexp_ct(&table, &idx, a8.v.data(), 1, {}));
  }
  // The bit sum, times INV_EIGHT afterwards: Gi_k or -Hi_k chosen in constant time.
  std::vector<const ed::ge_precomp *> gi(MN), hi(MN);
  std::vector<unsigned char> bits(MN);
  for (std::size_t k = 0; k < MN; ++k) {
    gi[k] = cncrypto::layer_of(table).odd_multiples(idx_Gi(k));
    hi[k] = cncrypto::layer_of(table).odd_multiples(idx_Hi(k));
    bits[k] = aL.v[k].bytes[0];
  }
  ed::ge_p3 S = ed::choose_sum_ct(gi.data(), hi.data(), bits.data(), MN);
  sodium_memzero(bits.data(), bits.size());
  ed::ge_p3 S8;
  ed::ge_scalarmult_p3(&S8, INV_EIGHT.bytes, &S);
  add_p3(A, S8);
  sodium_memzero(&S, sizeof S);
  sodium_memzero(&S8, sizeof S8);
  key out = encode(A);
  CNCRYPTO_DECLASSIFY(out.bytes, 32);  // published
  return out;
}

folded_generators::folded_generators(const cncrypto::multiexp_table &table, std::size_t MN, const keyV &wh0)
    : gens_(&table), nb_(MN), wg_(MN, k_one), wh_(wh0) {}

folded_generators::folded_generators(const std::vector<ed::ge_p3> &points)
    : gens_(nullptr),
      base_(std::make_unique<cncrypto::multiexp_table>(ed::to_face(points))),
      own_(true),
      nb_((points.size() - 2) / 2),
      wg_(nb_, k_one),
      wh_(nb_, k_one) {}

void folded_generators::start_round(std::size_t n) {
  if (n <= 1 || nb_ < 8 * n) return;
  // The current generators become the base (public, vartime).
  const cncrypto::multiexp_table &old = own_ ? *base_ : *gens_;
  const std::size_t per = nb_ / n;
  std::vector<ed::ge_p3> pts(2 * n + 2);
  std::vector<std::size_t> idx(per);
  keyV w(per);
  for (std::size_t q = 0; q < n; ++q) {
    for (std::size_t i = 0; i < per; ++i) {
      idx[i] = g_index(q + i * n);
      w[i] = wg_[q + i * n];
    }
    pts[q] = ed::from_face(cncrypto::multiexp_indexed_vartime(old, idx.data(), w.data(), per, {}));
    for (std::size_t i = 0; i < per; ++i) {
      idx[i] = h_index(q + i * n);
      w[i] = wh_[q + i * n];
    }
    pts[n + q] = ed::from_face(cncrypto::multiexp_indexed_vartime(old, idx.data(), w.data(), per, {}));
  }
  pts[2 * n] = ed::from_face(old.point(G_index()));
  pts[2 * n + 1] = ed::from_face(old.point(H_index()));
  base_ = std::make_unique<cncrypto::multiexp_table>(ed::to_face(pts));  // old is not used after this
  own_ = true;
  nb_ = n;
  wg_.assign(n, k_one);
  wh_.assign(n, k_one);
}

ed::ge_p3 folded_generators::side_point(const keyV &a, const keyV &b, std::size_t n, std::size_t g_off,
                                    std::size_t a_off, std::size_t h_off, std::size_t b_off, const key &g_scale,
                                    const key &cH, const key *cG) const {
  const std::size_t h = n / 2;
  const key g8 = mul(g_scale, INV_EIGHT);
  const std::size_t per = nb_ / n;
  const std::size_t count = 2 * h * per + 1 + (cG != nullptr);
  secret_keys sc(count);
  std::vector<std::size_t> idx(count);
  std::size_t c = 0;
  for (std::size_t k = 0; k < nb_; ++k) {
    const std::size_t r = k % n;
    if (r >= g_off && r < g_off + h) {
      sc.v[c] = mul(a[r - g_off + a_off], mul(wg_[k], g8));
      idx[c++] = g_index(k);
    }
    if (r >= h_off && r < h_off + h) {
      sc.v[c] = mul(b[r - h_off + b_off], mul(wh_[k], INV_EIGHT));
      idx[c++] = h_index(k);
    }
  }
  sc.v[c] = mul(cH, INV_EIGHT);
  idx[c++] = H_index();
  if (cG != nullptr) {
    sc.v[c] = mul(*cG, INV_EIGHT);
    idx[c++] = G_index();
  }
  return ed::from_face(cncrypto::multiexp_ct(own_ ? base_.get() : gens_, idx.data(), sc.v.data(), c, {}));
}

ed::ge_p3 folded_generators::last_point(const key &sg, const key &sh, const key &cH, const key &cG) const {
  const key g8 = mul(sg, INV_EIGHT), h8 = mul(sh, INV_EIGHT);
  secret_keys sc(2 * nb_ + 2);
  std::vector<std::size_t> idx(2 * nb_ + 2);
  for (std::size_t k = 0; k < nb_; ++k) {
    sc.v[2 * k] = mul(g8, wg_[k]);
    idx[2 * k] = g_index(k);
    sc.v[2 * k + 1] = mul(h8, wh_[k]);
    idx[2 * k + 1] = h_index(k);
  }
  sc.v[2 * nb_] = mul(cH, INV_EIGHT);
  idx[2 * nb_] = H_index();
  sc.v[2 * nb_ + 1] = mul(cG, INV_EIGHT);
  idx[2 * nb_ + 1] = G_index();
  return ed::from_face(cncrypto::multiexp_ct(own_ ? base_.get() : gens_, idx.data(), sc.v.data(), idx.size(), {}));
}

void folded_generators::fold(std::size_t n, const key &gl, const key &gu, const key &hl, const key &hu) {
  const std::size_t h = n / 2;
  for (std::size_t k = 0; k < nb_; ++k) {
    const bool lower = k % n < h;
    wg_[k] = mul(wg_[k], lower ? gl : gu);
    wh_[k] = mul(wh_[k], lower ? hl : hu);
  }
}

// ---- verifiers -------------------------------------------------------------------------

batch_accumulator::batch_accumulator(std::size_t max_mn, std::size_t n_vars)
    : gi(max_mn), hi(max_mn), tg(max_mn), th(max_mn), td(max_mn) {
  for (key &k : const_by_size) k = k_zero;
  vars.reserve(n_vars);
}

bool batch_accumulator::push_point(const key &p, const key &s) {
  vars.emplace_back();
  MultiexpData &d = vars.back();
  ed::ge_p3 q;
  if (ed::ge_frombytes_vartime(&q, p.bytes) != 0) return false;
  d.point = ed::to_face(q);
  d.scalar = times8_integer(s);
  return true;
}

void batch_accumulator::running_products(std::vector<limbs4> &out, const key &start, const key *f,
                                         std::size_t rounds) {
  out[0] = to_limbs(start);
  for (std::size_t t = 0, size = 1; t < rounds; ++t, size *= 2) {
    const limbs4 fm = to_mont(f[t]);
    for (std::size_t k = 0; k < size; ++k) out[k + size] = mont_mul(out[k], fm);
  }
}

void batch_accumulator::block_powers(const key *c, std::size_t M, const key &r) {
  const limbs4 rm = to_mont(r);
  td[0] = to_limbs(k_one);
  for (std::size_t i = 1; i < N_bits; ++i) td[i] = mont_mul(td[i - 1], rm);
  limbs4 cm[max_M];
  for (std::size_t j = 0; j < M; ++j) cm[j] = to_mont(c[j]);
  for (std::size_t j = M; j-- > 0;)  // top block first: td[0..N) holds r^i until j = 0
    for (std::size_t i = 0; i < N_bits; ++i) td[j * N_bits + i] = mont_mul(td[i], cm[j]);
}

void batch_accumulator::add_index_terms(std::size_t MN) {
  for (std::size_t k = 0; k < MN; ++k) {
    gi[k].add(tg[k]);
    hi[k].add(th[k]);
    hi[k].add(td[k]);
  }
}

bool batch_accumulator::holds(const cncrypto::multiexp_table &table) const {
  const std::size_t max_mn = gi.size();
  keyV fixed(2 + 2 * max_mn);
  fixed[idx_G] = g;
  fixed[idx_H] = h;
  // Plus the constant parts: the sum over the proofs with MN > k.
  key acc = k_zero;
  for (std::size_t c = n_size_classes; c-- > 0;) {
    acc = add(acc, const_by_size[c]);
    const std::size_t lo = c == 0 ? 0 : (N_bits << (c - 1)), hi_end = std::min(max_mn, N_bits << c);
    for (std::size_t k = lo; k < hi_end; ++k) {
      key s;
      gi[k].reduced(s.bytes);
      fixed[idx_Gi(k)] = add(s, acc);
      hi[k].reduced(s.bytes);
      fixed[idx_Hi(k)] = sub(s, acc);
    }
  }
  ed::ge_p3 r = ed::from_face(cncrypto::multiexp_fixed_vartime(table, 0, fixed.data(), fixed.size(), vars));
  return ed::ge_p3_is_point_at_infinity_vartime(&r) != 0;
}

}  // namespace rct::bp
