// Bulletproofs+ (see bulletproofs_plus.h and docs/ringct.md). Notation follows
// the paper (eprint 2020/735): the value generator g is Monero's H, the blinding
// generator h is G, the vectors bold-g, bold-h are Gi, Hi.
#include "ringct/bulletproofs_plus.h"

#include "bp_common.h"
#include "common/ct_declassify.h"
#include "crypto/crypto-ops.h"
#include "curve/ecmult.h"
#include "curve/group.h"
#include "ringct/cncrypto_multiexp.h"
#include "ringct/rctOps.h"
#include "multiexp_layer.h"
#include "rct_points.h"

#include <sodium.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace rct {
namespace {

using namespace bp;  // scalars, transcript, generators, prover and verifier pieces (bp_common.h)

// ---- generators -------------------------------------------------------------------

struct generators {
  std::unique_ptr<cncrypto::multiexp_table> table;
  key initial_transcript;
};

const generators &gens() {
  static generators g;
  static std::once_flag once;
  std::call_once(once, [] {
    g.table = generator_table("bulletproof_plus");
    static const char domain[] = "bulletproof_plus_transcript";
    const key d = keccak(domain, sizeof domain - 1);
    ed::ge_p3 t;
    points::hash_to_p3(t, d);
    ed::ge_p3_tobytes(g.initial_transcript.bytes, &t);
  });
  return g;
}

// ---- verification -------------------------------------------------------------------
//
// The batch equation (README_ringct.md, bulletproof_plus_VERIFY) for proofs p with
// random weights w_p, as one multi-scalar product that must be the identity:
//   G:    sum_p w d1
//   H:    sum_p w (r1 y s1 + e^2 (y^(MN+1) z sum_d + (z^2 - z) sum_{k=1..MN} y^k))
//   Gi_k: sum_p w (e r1 y^-k chi_k + e^2 z)
//   Hi_k: sum_p w (e s1 chi_(MN-1-k) - e^2 z - e^2 y^(MN-k) d_k),  d_(jN+i) = z^(2(j+1)) 2^i
//   and each proof's own points times 8: V_j by -w e^2 z^(2(j+1)) y^(MN+1), B by -w,
//   A1 by -w e, A by -w e^2, L_j by -w e^2 x_j^2, R_j by -w e^2 x_j^-2,
// where chi_k = prod_j x_j^(+1 if bit j of k (most significant first) else -1).
// Per generator index only products of running factors are needed: going from k to
// k + 2^(rounds-1-j) multiplies chi_k by x_j^2 and y^-k by y^-(2^(rounds-1-j)), so
// each of the three per-index terms costs one scalar multiplication (the e^2 z parts
// are summed over the proofs once and added at the end).

// What one proof contributes, after its transcript was replayed.
struct proof_state {
  const BulletproofPlus *proof;
  std::size_t logMN, MN;
  key w, y, z, e;
  std::size_t inv_at;  // its x_j^-1 (j < rounds) and y^-1 in the batch inversion
};

// Checks the shape and replays the transcript; false if malformed or a challenge is zero.
bool replay(const BulletproofPlus &proof, proof_state &st, keyV &to_invert) {
  const std::size_t nv = proof.V.size();
  if (nv == 0 || nv > max_M) return false;
  if (proof.L.size() != proof.R.size() || proof.L.empty()) return false;
  if (sc_check(proof.r1.bytes) != 0 || sc_check(proof.s1.bytes) != 0 || sc_check(proof.d1.bytes) != 0) return false;
  std::size_t logM = 0;
  while ((std::size_t(1) << logM) < nv) ++logM;
  const std::size_t rounds = 6 + logM;
  if (proof.L.size() != rounds) return false;
  st.proof = &proof;
  st.logMN = rounds;
  st.MN = std::size_t(1) << rounds;

  const generators &g = gens();
  const key hv = hs(proof.V.data(), 32 * nv);
  key t = transcript(g.initial_transcript, hv);
  st.y = transcript(t, proof.A);
  if (is_zero(st.y)) return false;
  st.z = hs(st.y.bytes, 32);
  if (is_zero(st.z)) return false;
  t = st.z;
  st.inv_at = to_invert.size();
  for (std::size_t j = 0; j < rounds; ++j) {
    t = transcript(t, proof.L[j], proof.R[j]);
    if (is_zero(t)) return false;
    to_invert.push_back(t);  // x_j
  }
  to_invert.push_back(st.y);
  st.e = transcript(t, proof.A1, proof.B);
  if (is_zero(st.e)) return false;
  return true;
}

// Adds w (the proof's equation) to the sums; x: its challenges x_j, then y; inv: their
// inverses. false if a point does not decode.
bool add_proof(const proof_state &st, const key *x, const key *inv, batch_accumulator &b) {
  const BulletproofPlus &proof = *st.proof;
  const std::size_t rounds = st.logMN, MN = st.MN, M = MN / N_bits, nv = proof.V.size();
  const key &w = st.w, &y = st.y, &z = st.z, &e = st.e;
  const key &y_inv = inv[rounds];

  // y^(2^t) and y^-(2^t), t <= rounds.
  key ypow2[16], yinvpow2[16];
  ypow2[0] = y;
  yinvpow2[0] = y_inv;
  for (std::size_t t = 1; t <= rounds; ++t) {
    ypow2[t] = mul(ypow2[t - 1], ypow2[t - 1]);
    yinvpow2[t] = mul(yinvpow2[t - 1], yinvpow2[t - 1]);
  }
  const key &y_MN = ypow2[rounds];
  const key y_MN1 = mul(y_MN, y);
  // sum_{k=1..MN} y^k by S(2n) = S(n) + y^n S(n), S(1) = y.
  key sum_y = y;
  for (std::size_t t = 0; t < rounds; ++t) sum_y = muladd(ypow2[t], sum_y, sum_y);
  const key z2 = mul(z, z);
  const key we = mul(w, e);
  const key we2 = mul(we, e);
  const key mwe2 = sub(k_zero, we2);

  auto push_point = [&](const key &p, const key &s) { return b.push_point(p, s); };
  // V_j: -w e^2 y^(MN+1) z^(2(j+1)).
  const key v_base = mul(mwe2, y_MN1);
  key z2j = k_one, sum_z2j = k_zero;  // z^(2j); sum over j = 1..M
  for (std::size_t j = 0; j < M; ++j) {
    z2j = mul(z2j, z2);
    sum_z2j = add(sum_z2j, z2j);
    if (j < nv && !push_point(proof.V[j], mul(v_base, z2j))) return false;
  }
  if (!push_point(proof.B, sub(k_zero, w))) return false;
  if (!push_point(proof.A1, sub(k_zero, we))) return false;
  if (!push_point(proof.A, mwe2)) return false;
  key x_prod = k_one, xinv_prod = k_one;
  for (std::size_t j = 0; j < rounds; ++j) {
    const key x2 = mul(x[j], x[j]), xi2 = mul(inv[j], inv[j]);
    if (!push_point(proof.L[j], mul(mwe2, x2))) return false;
    if (!push_point(proof.R[j], mul(mwe2, xi2))) return false;
    x_prod = mul(x_prod, x[j]);
    xinv_prod = mul(xinv_prod, inv[j]);
  }

  // G: w d1.
  b.g = muladd(w, proof.d1, b.g);
  // H: w (r1 y s1 + e^2 (y^(MN+1) z (2^64 - 1) sum_z2j + (z^2 - z) sum_y)).
  key two64m1 = k_zero;
  std::memset(two64m1.bytes, 0xff, 8);
  key hsc = mul(mul(y_MN1, z), mul(two64m1, sum_z2j));
  hsc = muladd(sub(z2, z), sum_y, hsc);
  hsc = mul(e, mul(e, hsc));
  hsc = muladd(mul(proof.r1, y), proof.s1, hsc);
  b.h = muladd(w, hsc, b.h);
  // e^2 z parts of Gi_k (+) and Hi_k (-), k < MN: summed per size.
  b.const_by_size[rounds - 6] = muladd(we2, z, b.const_by_size[rounds - 6]);

  // tg_k = w e r1 y^-k chi_k: tg_0 = w e r1 prod x_j^-1, and setting the bit of
  // weight 2^t (round rounds-1-t) multiplies by x_j^2 y^-(2^t).
  // th_k = w e s1 chi_(MN-1-k) = w e s1 / chi_k: th_0 = w e s1 prod x_j, the same bit
  // multiplies by x_j^-2.
  key fg[16], fh[16];
  for (std::size_t t = 0; t < rounds; ++t) {
    const std::size_t j = rounds - 1 - t;
    fg[t] = mul(mul(x[j], x[j]), yinvpow2[t]);
    fh[t] = mul(inv[j], inv[j]);
  }
  batch_accumulator::running_products(b.tg, mul(mul(we, proof.r1), xinv_prod), fg, rounds);
  batch_accumulator::running_products(b.th, mul(mul(we, proof.s1), x_prod), fh, rounds);
  // td_(jN+i) = -w e^2 y^(MN-jN-i) z^(2(j+1)) 2^i = c_j (2 y^-1)^i with
  // c_j = -w e^2 z^(2(j+1)) y^(MN-jN).
  key c[max_M];
  c[0] = mul(mul(mwe2, z2), y_MN);
  const key step = mul(z2, yinvpow2[6]);  // z^2 y^-N
  for (std::size_t j = 1; j < M; ++j) c[j] = mul(c[j - 1], step);
  b.block_powers(c, M, add(y_inv, y_inv));
  b.add_index_terms(MN);
  return true;
}

bool verify_batch(const std::vector<const BulletproofPlus *> &proofs) {
  // One weight per proof: random in a batch, 1 for a single proof (one equation).
  auto weigh = [](proof_state &st, const BulletproofPlus &, std::size_t n) { st.w = n > 1 ? random_weight() : k_one; };
  return verify_batch_with<proof_state>(proofs, *gens().table, replay, weigh, add_proof);
}

// ---- proving --------------------------------------------------------------------------

// sum_(i < count) bit_i P_i, where term(i, bit_i) returns the table index of P_i
// and sets bit_i (0 or 1, secret): the curve layer's bit_sum_ct over the table's
// affine entries. Constant time in the bits.
template <class Term>
ed::ge_p3 bit_sum_ct(const cncrypto::multiexp_table &table, std::size_t count, Term term) {
  std::vector<const ed::ge_precomp *> points(count);
  std::vector<unsigned char> bits(count);
  for (std::size_t i = 0; i < count; ++i) points[i] = cncrypto::layer_of(table).odd_multiples(term(i, bits[i]));
  const ed::ge_p3 S = ed::bit_sum_ct(points.data(), bits.data(), count);
  sodium_memzero(bits.data(), bits.size());
  return S;
}

// sum_(i < count) P_i, where term(i) returns the table index of P_i. _vartime (public).
template <class Term>
ed::ge_p3 plain_sum(const cncrypto::multiexp_table &table, std::size_t count, Term term) {
  std::vector<const ed::ge_precomp *> points(count);
  for (std::size_t i = 0; i < count; ++i) points[i] = cncrypto::layer_of(table).odd_multiples(term(i));
  return ed::sum_vartime(points.data(), count);
}

// The prover, one step per method (paper section 3 and Monero's
// bulletproof_plus_PROVE): check the inputs, commit to the amounts (V), commit to
// their bits (A), the challenges y and z, the vectors a and b of the weighted inner
// product, its rounds (L and R, the challenge x, the folding), and the last round
// (A1, B, e and the responses r1, s1, d1). A zero challenge (probability ~2^-250)
// restarts from the bit commitment.
class prover {
 public:
  prover(const keyV &sv, const keyV &gamma, amount_limit limit)
      : sv_(sv), gamma_(gamma), g_(gens()), table_(*g_.table) {
    check_inputs(limit);
    std::size_t logM = 0;
    while ((std::size_t(1) << logM) < m_) ++logM;
    M_ = std::size_t(1) << logM;
    MN_ = M_ * N_bits;
  }

  BulletproofPlus run() {
    commit_amounts();
    const key hv = hs(proof_.V.data(), 32 * m_);
    const key t0 = transcript(g_.initial_transcript, hv);
    for (;;) {  // restarts only if a challenge is zero
      t_ = t0;
      secret_keys aL(MN_), alpha(1);
      commit_bits(aL, alpha);
      if (!challenges_yz()) continue;
      secret_keys a(MN_), b(MN_);
      set_vectors(aL, alpha, a, b);
      if (!inner_product_rounds(aL, alpha, a, b)) continue;
      if (!last_round(alpha, a, b)) continue;
      return proof_;
    }
  }

 private:
  // Throws std::invalid_argument (misuse) on a bad count or an amount over limit.
  void check_inputs(amount_limit limit) {
    check_amounts("bulletproof_plus_PROVE", sv_, gamma_, limit);
    m_ = sv_.size();
  }

  // V_j = (gamma_j G + v_j H) / 8, constant time.
  void commit_amounts() { proof_.V = bp::commit_amounts(table_, sv_, gamma_); }

  // aL: the bits of the amounts (padding amounts are 0); aR = aL - 1; alpha random.
  // A = (sum aL_k Gi_k + aR_k Hi_k + alpha G) / 8.
  void commit_bits(secret_keys &aL, secret_keys &alpha) {
    amount_bits(sv_, MN_, aL);
    alpha.v[0] = skGen();
    proof_.A = bp::commit_bits(table_, aL, MN_, alpha.v[0]);
  }

  // y = Hs(t || A), z = Hs(y); the powers of y and y^-1 the rounds use. false if
  // y or z is zero.
  bool challenges_yz() {
    y_ = transcript(t_, proof_.A);
    if (is_zero(y_)) return false;
    z_ = hs(y_.bytes, 32);
    if (is_zero(z_)) return false;
    t_ = z_;
    ypow_.assign(MN_ + 2, k_one);
    for (std::size_t k = 1; k < MN_ + 2; ++k) ypow_[k] = mul(ypow_[k - 1], y_);
    const key y_inv = invert(y_);
    yinvpow_.assign(MN_ / 2 + 1, k_one);
    for (std::size_t k = 1; k <= MN_ / 2; ++k) yinvpow_[k] = mul(yinvpow_[k - 1], y_inv);
    return true;
  }

  // a = aL - z 1; b = aR + d o y^(MN-k) + z 1 = aL + beta with the public
  // beta_k = z - 1 + d_k y^(MN-k), d_(jN+i) = z^(2(j+1)) 2^i;
  // alpha_hat = alpha + y^(MN+1) sum_j z^(2(j+1)) gamma_j.
  void set_vectors(const secret_keys &aL, secret_keys &alpha, secret_keys &a, secret_keys &b) {
    const key z2 = mul(z_, z_);
    beta_.assign(MN_, k_zero);
    const key z_minus_1 = sub(z_, k_one);
    key zj = k_one;
    for (std::size_t j = 0; j < M_; ++j) {
      zj = mul(zj, z2);
      key d = zj;
      for (std::size_t i = 0; i < N_bits; ++i) {
        const std::size_t k = j * N_bits + i;
        a.v[k] = sub(aL.v[k], z_);
        beta_[k] = add(z_minus_1, mul(d, ypow_[MN_ - k]));  // public
        b.v[k] = add(aL.v[k], beta_[k]);
        d = add(d, d);
      }
    }
    zj = k_one;
    key acc = k_zero;
    for (std::size_t j = 0; j < m_; ++j) {
      zj = mul(zj, z2);
      acc = muladd(zj, gamma_[j], acc);
    }
    alpha.v[0] = muladd(ypow_[MN_ + 1], acc, alpha.v[0]);
    sodium_memzero(acc.bytes, 32);
  }

  // Weighted inner-product argument (paper section 3, zk-WIP).
  //
  // Round j (size n = MN / 2^j, h = n / 2) publishes L and R, sums over the
  // folded generators G^(j), H^(j) with the folded secret vectors a^(j), b^(j).
  // Write an original index k = q + t n (q < n, t < 2^j): t says which halves k
  // fell into in the earlier rounds, and every folding coefficient depends on t
  // only. So, with public coefficients (WG, WH for the generators, GA, GB for
  // the vectors) and the amount bits aL:
  //   G^(j)_q = sum_t WG_t Gi_(q+tn),            H^(j)_q = sum_t WH_t Hi_(q+tn),
  //   a^(j)_q = sum_t GA_t aL_(q+tn) + za,        b^(j)_q = sum_t GB_t aL_(q+tn) + beta_q,
  // where a = aL - z 1 and b = aL + beta (beta_k = z - 1 + d_k y^(MN-k)); za and
  // beta are those public parts, folded. Hence, for the first `decomposed` rounds,
  //   L = sum_(t,t') (y^-h WG_t' GA_t / 8) SG_(t,t') + (WH_t' GB_t / 8) SH_(t,t')
  //     + sum_t' (y^-h za WG_t' / 8) UG_t' + sum_(q<h,t') (beta_(h+q) WH_t' / 8) Hi_(q+t'n)
  //     + (cL / 8) H + (dL / 8) G,
  //   SG_(t,t') = sum_(q<h) aL_(q+tn) Gi_(h+q+t'n),   SH_(t,t') = sum_(q<h) aL_(h+q+tn) Hi_(q+t'n),
  //   UG_t' = sum_(q<h) Gi_(h+q+t'n),
  // and R the same with the halves swapped. SG and SH are secret points, sums
  // of generators chosen by the bits with masks (constant time); every scalar
  // of the big product is public, so it is a variable-time product whose time
  // depends on those scalars only (its group operations are constant time in
  // the points); only cL, dL (cR, dR) go through the constant-time product.
  // The number of secret points grows as 4^j: after `decomposed` rounds the
  // nb = MN / 2^decomposed folded generators of each vector are computed once
  // (2^decomposed originals each, public, vartime) into a table `base`
  // (with G and H), and the remaining rounds never fold points: as above, a
  // folded generator is sum_k w_k base_k over the base points k = q (mod n)
  // with public weights wbg, wbh per base index, so L and R are constant-time
  // products over the base table with the scalars (secret) * (weight).
  // Returns false if a challenge x is zero.
  bool inner_product_rounds(const secret_keys &aL, secret_keys &alpha, secret_keys &a, secret_keys &b) {
    WG_.assign(1, k_one);
    WH_.assign(1, k_one);
    GA_.assign(1, k_one);
    GB_.assign(1, k_one);
    za_ = sub(k_zero, z_);
    fg_.reset();
    proof_.L.clear();
    proof_.R.clear();
    std::size_t n = MN_;
    for (std::size_t round = 0; n > 1; ++round) {
      const std::size_t h = n / 2;
      if (round >= decomposed) fg_->start_round(n);
      secret_keys c(4);  // cL, cR, dL, dR
      cross_terms(a, b, h, c);
      for (int side = 0; side < 2; ++side) {
        const ed::ge_p3 P = round < decomposed ? side_point_decomposed(aL, side, n, c) : side_point_base(a, b, side, n, c);
        (side == 0 ? proof_.L : proof_.R).push_back(encode(P));
      }
      CNCRYPTO_DECLASSIFY(proof_.L.back().bytes, 32);  // published
      CNCRYPTO_DECLASSIFY(proof_.R.back().bytes, 32);
      const key x = transcript(t_, proof_.L.back(), proof_.R.back());
      if (is_zero(x)) return false;
      t_ = x;
      fold(round, n, x, c, alpha, a, b);
      n = h;
    }
    return true;
  }

  // cL = sum a1_i b2_i y^(i+1); cR = y^h sum a2_i b1_i y^(i+1); dL, dR random.
  void cross_terms(const secret_keys &a, const secret_keys &b, std::size_t h, secret_keys &c) {
    for (std::size_t i = 0; i < h; ++i) {
      c.v[0] = muladd(mul(a.v[i], b.v[h + i]), ypow_[i + 1], c.v[0]);
      c.v[1] = muladd(mul(a.v[h + i], b.v[i]), ypow_[i + 1], c.v[1]);
    }
    c.v[1] = mul(c.v[1], ypow_[h]);
    c.v[2] = skGen();  // dL
    c.v[3] = skGen();  // dR
  }

  // L (side 0) = sum (a1 y^-h)_i G2_i + sum b2_i H1_i + cL H + dL G;
  // R (side 1) = sum (a2 y^h)_i G1_i + sum b1_i H2_i + cR H + dR G; every scalar / 8.
  // In the decomposed rounds: over the original generators (see inner_product_rounds).
  ed::ge_p3 side_point_decomposed(const secret_keys &aL, int side, std::size_t n, const secret_keys &c) {
    const std::size_t h = n / 2;
    secret_keys cd(2);
    cd.v[0] = mul(c.v[side], INV_EIGHT);
    cd.v[1] = mul(c.v[2 + side], INV_EIGHT);
    const std::size_t fidx[2] = {idx_H, idx_G};
    ed::ge_p3 P = ed::from_face(cncrypto::multiexp_ct(&table_, fidx, cd.v.data(), 2, {}));
    const key ys8 = mul(side == 0 ? yinvpow_[h] : ypow_[h], INV_EIGHT);  // y^-h / 8 (L), y^h / 8 (R)
    const std::size_t T = WG_.size();  // 2^round
    // L: G terms at h + q with the bits of a at q, H terms at q with the bits of b at h + q.
    // R: G terms at q with the bits at h + q, H terms at h + q with the bits at q.
    const std::size_t g_at = side == 0 ? h : 0, a_at = side == 0 ? 0 : h;
    const std::size_t h_at = side == 0 ? 0 : h, b_at = side == 0 ? h : 0;
    std::vector<MultiexpData> data;
    data.reserve(2 * T * T + T);
    for (std::size_t tg = 0; tg < T; ++tg) {  // t' (generators)
      const key wg = mul(ys8, WG_[tg]), wh = mul(INV_EIGHT, WH_[tg]);
      for (std::size_t ta = 0; ta < T; ++ta) {  // t (bits)
        data.emplace_back(mul(wg, GA_[ta]), ed::to_face(bit_sum_ct(table_, h, [&](std::size_t q, unsigned char &bit) {
                            bit = aL.v[a_at + q + ta * n].bytes[0];
                            return idx_Gi(g_at + q + tg * n);
                          })));
        data.emplace_back(mul(wh, GB_[ta]), ed::to_face(bit_sum_ct(table_, h, [&](std::size_t q, unsigned char &bit) {
                            bit = aL.v[b_at + q + ta * n].bytes[0];
                            return idx_Hi(h_at + q + tg * n);
                          })));
      }
      data.emplace_back(mul(wg, za_),
                        ed::to_face(plain_sum(table_, h, [&](std::size_t q) { return idx_Gi(g_at + q + tg * n); })));
    }
    std::vector<std::size_t> idx(T * h);
    keyV sc(T * h);
    for (std::size_t tg = 0; tg < T; ++tg) {
      const key wh = mul(INV_EIGHT, WH_[tg]);
      for (std::size_t q = 0; q < h; ++q) {
        idx[tg * h + q] = idx_Hi(h_at + q + tg * n);
        sc[tg * h + q] = mul(wh, beta_[b_at + q]);
      }
    }
    const ed::ge_p3 Q = ed::from_face(cncrypto::multiexp_indexed_vartime(table_, idx.data(), sc.data(), T * h, data));
    add_p3(P, Q);
    for (auto &d : data) sodium_memzero(&d.point, sizeof d.point);
    return P;
  }

  // The same after the decomposed rounds, over the folded generators
  // (bp_common.h): L: G terms at h + q (scalar a_q y^-h), H terms at q (b_(h+q));
  // R: G at q (a_(h+q) y^h), H at h + q (b_q); plus cL H + dL G (cR H + dR G).
  // One constant-time product.
  ed::ge_p3 side_point_base(const secret_keys &a, const secret_keys &b, int side, std::size_t n, const secret_keys &c) {
    const std::size_t h = n / 2;
    if (side == 0) return fg_->side_point(a.v, b.v, n, h, 0, 0, h, yinvpow_[h], c.v[0], &c.v[2]);
    return fg_->side_point(a.v, b.v, n, 0, h, h, 0, ypow_[h], c.v[1], &c.v[3]);
  }

  // G'_i = x^-1 G_i + x y^-h G_(h+i); H'_i = x H_i + x^-1 H_(h+i);
  // a' = x a1 + x^-1 y^h a2; b' = x^-1 b1 + x b2 (and their public parts alike);
  // alpha' = dL x^2 + alpha + dR x^-2.
  void fold(std::size_t round, std::size_t n, const key &x, const secret_keys &c, secret_keys &alpha, secret_keys &a,
            secret_keys &b) {
    const std::size_t h = n / 2;
    const key x_inv = invert(x);
    const key x2 = mul(x, x), xi2 = mul(x_inv, x_inv);
    const key gx = mul(x, yinvpow_[h]);
    const key xiyh = mul(x_inv, ypow_[h]);
    if (round < decomposed) {
      // Index k = q' + t'' h with t'' = 2t + (1 if k was in the upper half).
      const std::size_t T = WG_.size();
      keyV WG2(2 * T), WH2(2 * T), GA2(2 * T), GB2(2 * T);
      for (std::size_t i = 0; i < T; ++i) {
        WG2[2 * i] = mul(WG_[i], x_inv);
        WG2[2 * i + 1] = mul(WG_[i], gx);
        WH2[2 * i] = mul(WH_[i], x);
        WH2[2 * i + 1] = mul(WH_[i], x_inv);
        GA2[2 * i] = mul(GA_[i], x);
        GA2[2 * i + 1] = mul(GA_[i], xiyh);
        GB2[2 * i] = mul(GB_[i], x_inv);
        GB2[2 * i + 1] = mul(GB_[i], x);
      }
      WG_.swap(WG2);
      WH_.swap(WH2);
      GA_.swap(GA2);
      GB_.swap(GB2);
      za_ = mul(za_, add(x, xiyh));
      for (std::size_t i = 0; i < h; ++i) beta_[i] = add(mul(x_inv, beta_[i]), mul(x, beta_[h + i]));
      if (round + 1 == decomposed) build_base(h);
    } else {
      fg_->fold(n, x_inv, gx, x, x_inv);
    }
    for (std::size_t i = 0; i < h; ++i) {
      a.v[i] = add(mul(x, a.v[i]), mul(xiyh, a.v[h + i]));
      b.v[i] = add(mul(x_inv, b.v[i]), mul(x, b.v[h + i]));
    }
    alpha.v[0] = add(add(mul(c.v[2], x2), alpha.v[0]), mul(c.v[3], xi2));
  }

  // After the decomposed rounds: the h folded generators of each vector, from the
  // 2T originals k = p (mod h); base index p < nb is G^(decomposed)_p, nb + p is
  // H^(decomposed)_p, 2 nb is G, 2 nb + 1 is H. Public, vartime.
  void build_base(std::size_t h) {
    const std::size_t T2 = WG_.size();
    std::vector<ed::ge_p3> pts(2 * h + 2);
    std::vector<std::size_t> idx(T2);
    for (std::size_t p = 0; p < h; ++p) {
      for (std::size_t i = 0; i < T2; ++i) idx[i] = idx_Gi(p + i * h);
      pts[p] = ed::from_face(cncrypto::multiexp_indexed_vartime(table_, idx.data(), WG_.data(), T2, {}));
      for (std::size_t i = 0; i < T2; ++i) idx[i] = idx_Hi(p + i * h);
      pts[h + p] = ed::from_face(cncrypto::multiexp_indexed_vartime(table_, idx.data(), WH_.data(), T2, {}));
    }
    pts[2 * h] = ed::from_face(table_.point(idx_G));
    pts[2 * h + 1] = ed::from_face(table_.point(idx_H));
    fg_ = std::make_unique<folded_generators>(pts);
  }

  // Last round (n = 1): r, s, delta, eta random;
  // A1 = (r g + s h + (r y b + s y a) H + delta G) / 8, with g and h the last folded
  // generators (folded_generators::last_point); B = (r y s H + eta G) / 8;
  // e = Hs(t || A1 || B); r1 = r + a e, s1 = s + b e, d1 = eta + delta e + alpha e^2.
  // false if e is zero.
  bool last_round(const secret_keys &alpha, const secret_keys &a, const secret_keys &b) {
    secret_keys rs(4);
    for (auto &k : rs.v) k = skGen();
    const key &r = rs.v[0], &s = rs.v[1], &delta = rs.v[2], &eta = rs.v[3];
    {
      secret_keys cH(1);
      cH.v[0] = mul(add(mul(r, b.v[0]), mul(s, a.v[0])), y_);
      proof_.A1 = encode(fg_->last_point(r, s, cH.v[0], delta));
    }
    {
      secret_keys sc(2);
      const std::size_t idx[2] = {idx_H, idx_G};
      sc.v[0] = mul(mul(mul(r, y_), s), INV_EIGHT);
      sc.v[1] = mul(eta, INV_EIGHT);
      proof_.B = encode(cncrypto::multiexp_ct(&table_, idx, sc.v.data(), 2, {}));
    }
    CNCRYPTO_DECLASSIFY(proof_.A1.bytes, 32);  // published
    CNCRYPTO_DECLASSIFY(proof_.B.bytes, 32);
    const key e = transcript(t_, proof_.A1, proof_.B);
    if (is_zero(e)) return false;
    proof_.r1 = muladd(a.v[0], e, r);
    proof_.s1 = muladd(b.v[0], e, s);
    proof_.d1 = add(eta, muladd(delta, e, mul(alpha.v[0], mul(e, e))));
    CNCRYPTO_DECLASSIFY(proof_.r1.bytes, 32);  // published
    CNCRYPTO_DECLASSIFY(proof_.s1.bytes, 32);
    CNCRYPTO_DECLASSIFY(proof_.d1.bytes, 32);
    return true;
  }

  static constexpr std::size_t decomposed = 3;  // rounds >= 6 > decomposed; docs/ringct.md

  const keyV &sv_, &gamma_;
  const generators &g_;
  const cncrypto::multiexp_table &table_;
  std::size_t m_ = 0, M_ = 0, MN_ = 0;
  BulletproofPlus proof_;
  key t_, y_, z_;              // transcript, challenges
  keyV ypow_, yinvpow_, beta_;  // public
  keyV WG_, WH_, GA_, GB_;      // folding coefficients of the decomposed rounds (public)
  key za_;
  std::unique_ptr<folded_generators> fg_;  // the generators after the decomposed rounds
};

BulletproofPlus prove(const keyV &sv, const keyV &gamma, amount_limit limit) { return prover(sv, gamma, limit).run(); }

}  // namespace

BulletproofPlus bulletproof_plus_PROVE(const keyV &v, const keyV &gamma) { return prove(v, gamma, amount_limit::below_L); }

BulletproofPlus bulletproof_plus_PROVE(const std::vector<std::uint64_t> &v, const keyV &gamma) {
  secret_keys sv(v.size());
  amounts_to_keys(v, sv);
  return prove(sv.v, gamma, amount_limit::below_2_64);
}

BulletproofPlus bulletproof_plus_PROVE(const key &v, const key &gamma) {
  return prove(keyV{v}, keyV{gamma}, amount_limit::below_L);
}

BulletproofPlus bulletproof_plus_PROVE(std::uint64_t v, const key &gamma) {
  return bulletproof_plus_PROVE(std::vector<std::uint64_t>{v}, keyV{gamma});
}

bool bulletproof_plus_VERIFY(const BulletproofPlus &proof) { return verify_batch({&proof}); }
bool bulletproof_plus_VERIFY(const std::vector<const BulletproofPlus *> &proofs) { return verify_batch(proofs); }
bool bulletproof_plus_VERIFY(const std::vector<BulletproofPlus> &proofs) { return verify_batch(pointers_of(proofs)); }

}  // namespace rct

namespace cncrypto {

rct::BulletproofPlus bulletproof_plus_PROVE_strict(const rct::keyV &v, const rct::keyV &gamma) {
  return rct::prove(v, gamma, rct::bp::amount_limit::below_2_64);
}
rct::BulletproofPlus bulletproof_plus_PROVE_strict(const rct::key &v, const rct::key &gamma) {
  return bulletproof_plus_PROVE_strict(rct::keyV{v}, rct::keyV{gamma});
}

}  // namespace cncrypto
