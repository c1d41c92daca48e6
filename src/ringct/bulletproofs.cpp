// Bulletproofs, the original (see bulletproofs.h and docs/bulletproofs.md).
// Notation follows the paper and Monero: the value generator is H, the blinding
// generator G, the vectors Gi, Hi; the inner-product challenges are w_j.
#include "ringct/bulletproofs.h"

#include "bp_common.h"
#include "common/ct_declassify.h"
#include "crypto/crypto-ops.h"

#include <algorithm>
#include <initializer_list>
#include <mutex>
#include <string>

namespace rct {
namespace {

using namespace bp;

const cncrypto::multiexp_table &gens() {
  static std::unique_ptr<cncrypto::multiexp_table> table;
  static std::once_flag once;
  std::call_once(once, [] { table = generator_table("bulletproof"); });
  return *table;
}

key hash_keys(std::initializer_list<key> keys) {
  keyV buf(keys);
  return hs(buf.data(), 32 * buf.size());
}

// ---- verification ---------------------------------------------------------------------
//
// Per proof, with random weights wy (the polynomial equation) and wz (the inner
// product), the product that must be the identity (README_ringct_legacy.md step 6):
//   G:    -wy taux - wz mu
//   H:    wy (delta - t) + wz x_ip (t - a b)
//   Gi_k: wz (-z - a s_k)
//   Hi_k: wz (z + y^-k (z^(2+j) 2^i - b s_k^-1)),   k = 64 j + i
//   and the proof's points times 8: V_j by wy z^(2+j), T1 by wy x, T2 by wy x^2,
//   A by wz, S by wz x, L_j by wz w_j^2, R_j by wz w_j^-2,
// where s_k = prod_j w_j^(+1 if bit j of k (most significant first) else -1) and
// delta = (z - z^2) sum_(k<MN) y^k - (2^64 - 1) sum_(j<M) z^(3+j).
// The per-index terms are running products (batch_accumulator::running_products).

struct proof_state {
  const Bulletproof *proof;
  std::size_t rounds, MN;
  key wy, wz, y, z, x, x_ip, w_last;
  std::size_t inv_at;  // its w_j^-1 (j < rounds) and y^-1 in the batch inversion
};

bool replay(const Bulletproof &proof, proof_state &st, keyV &to_invert) {
  for (const key *s : {&proof.taux, &proof.mu, &proof.a, &proof.b, &proof.t})
    if (sc_check(s->bytes) != 0) return false;
  const std::size_t nv = proof.V.size();
  if (nv == 0 || nv > max_M) return false;
  if (proof.L.size() != proof.R.size() || proof.L.empty()) return false;
  const std::size_t rounds = 6 + log2_ceil(nv);
  if (proof.L.size() != rounds) return false;
  st.proof = &proof;
  st.rounds = rounds;
  st.MN = std::size_t(1) << rounds;

  const key hv = hs(proof.V.data(), 32 * nv);
  st.y = transcript(hv, proof.A, proof.S);
  if (is_zero(st.y)) return false;
  st.z = hs(st.y.bytes, 32);
  if (is_zero(st.z)) return false;
  st.x = hash_keys({st.z, st.z, proof.T1, proof.T2});
  if (is_zero(st.x)) return false;
  st.x_ip = hash_keys({st.x, st.x, proof.taux, proof.mu, proof.t});
  if (is_zero(st.x_ip)) return false;
  key w = st.x_ip;
  st.inv_at = to_invert.size();
  for (std::size_t j = 0; j < rounds; ++j) {
    w = transcript(w, proof.L[j], proof.R[j]);
    if (is_zero(w)) return false;
    to_invert.push_back(w);
  }
  to_invert.push_back(st.y);
  st.w_last = w;
  return true;
}

// Adds the proof's weighted equations; w: its challenges w_j then y; inv: their
// inverses. false if a point does not decode.
bool add_proof(const proof_state &st, const key *w, const key *inv, batch_accumulator &b) {
  const Bulletproof &proof = *st.proof;
  const std::size_t rounds = st.rounds, MN = st.MN, M = MN / N_bits, nv = proof.V.size();
  const key &wy = st.wy, &wz = st.wz, &y = st.y, &z = st.z, &x = st.x;
  const key &y_inv = inv[rounds];

  key ypow2[16], yinvpow2[16];  // y^(2^t), y^-(2^t), t <= rounds
  ypow2[0] = y;
  yinvpow2[0] = y_inv;
  for (std::size_t t = 1; t <= rounds; ++t) {
    ypow2[t] = mul(ypow2[t - 1], ypow2[t - 1]);
    yinvpow2[t] = mul(yinvpow2[t - 1], yinvpow2[t - 1]);
  }
  key sum_y = k_one;  // sum_(k<MN) y^k: S(2n) = S(n) + y^n S(n)
  for (std::size_t t = 0; t < rounds; ++t) sum_y = muladd(ypow2[t], sum_y, sum_y);
  const key z2 = mul(z, z);

  // V_j: wy z^(2+j).
  key zj = z2;
  for (std::size_t j = 0; j < nv; ++j) {
    if (!b.push_point(proof.V[j], mul(wy, zj))) return false;
    zj = mul(zj, z);
  }
  // sum_(j<M) z^(3+j)
  key sum_z = k_zero, z3j = mul(z2, z);
  for (std::size_t j = 0; j < M; ++j) {
    sum_z = add(sum_z, z3j);
    z3j = mul(z3j, z);
  }
  key two64m1 = k_zero;
  for (int i = 0; i < 8; ++i) two64m1.bytes[i] = 0xff;
  const key delta = sub(mul(sub(z, z2), sum_y), mul(sum_z, two64m1));
  const key wzx = mul(wz, x);
  if (!b.push_point(proof.T1, mul(wy, x))) return false;
  if (!b.push_point(proof.T2, mul(mul(wy, x), x))) return false;
  if (!b.push_point(proof.A, wz)) return false;
  if (!b.push_point(proof.S, wzx)) return false;
  key w_prod = k_one, winv_prod = k_one;
  for (std::size_t j = 0; j < rounds; ++j) {
    if (!b.push_point(proof.L[j], mul(wz, mul(w[j], w[j])))) return false;
    if (!b.push_point(proof.R[j], mul(wz, mul(inv[j], inv[j])))) return false;
    w_prod = mul(w_prod, w[j]);
    winv_prod = mul(winv_prod, inv[j]);
  }

  // G and H.
  b.g = sub(b.g, add(mul(wy, proof.taux), mul(wz, proof.mu)));
  const key h_poly = mul(wy, sub(delta, proof.t));
  const key h_ip = mul(mul(wz, st.x_ip), sub(proof.t, mul(proof.a, proof.b)));
  b.h = add(b.h, add(h_poly, h_ip));
  // -wz z on Gi_k, +wz z on Hi_k (k < MN).
  b.const_by_size[rounds - 6] = sub(b.const_by_size[rounds - 6], mul(wz, z));

  // tg_k = -wz a s_k: tg_0 = -wz a prod w_j^-1, bit t (round rounds-1-t) multiplies by w^2.
  // th_k = -wz b s_k^-1 y^-k: th_0 = -wz b prod w_j, bit t multiplies by w^-2 y^-(2^t).
  key fg[16], fh[16];
  for (std::size_t t = 0; t < rounds; ++t) {
    const std::size_t j = rounds - 1 - t;
    fg[t] = mul(w[j], w[j]);
    fh[t] = mul(mul(inv[j], inv[j]), yinvpow2[t]);
  }
  const key mwz = sub(k_zero, wz);
  batch_accumulator::running_products(b.tg, mul(mul(mwz, proof.a), winv_prod), fg, rounds);
  batch_accumulator::running_products(b.th, mul(mul(mwz, proof.b), w_prod), fh, rounds);
  // td_(64j+i) = wz z^(2+j) 2^i y^-(64j+i) = c_j (2 y^-1)^i, c_j = wz z^(2+j) y^-(64j).
  key c[max_M];
  c[0] = mul(wz, z2);
  const key step = mul(z, yinvpow2[6]);
  for (std::size_t j = 1; j < M; ++j) c[j] = mul(c[j - 1], step);
  b.block_powers(c, M, add(y_inv, y_inv));
  b.add_index_terms(MN);
  return true;
}

// Several proofs: random weights (as Monero). One proof: the weight of its first
// equation is a hash of the whole proof (the last challenge covers everything
// but a and b), so a wrong proof passes only if it hits one value of a random
// oracle (~2^-252) and the result is deterministic; wz = 1.
void weigh(proof_state &st, const Bulletproof &proof, std::size_t batch_size) {
  if (batch_size > 1) {
    st.wy = random_weight();
    st.wz = random_weight();
    return;
  }
  st.wy = transcript(st.w_last, proof.a, proof.b);
  if (is_zero(st.wy)) st.wy = k_one;
  st.wz = k_one;
}

bool verify_batch(const std::vector<const Bulletproof *> &proofs) {
  return verify_batch_with<proof_state>(proofs, gens(), replay, weigh, add_proof);
}

// ---- proving ----------------------------------------------------------------------------

constexpr const char *prove_name = "bulletproof_PROVE";

// The prover (paper sections 4.2, 4.3 and protocol 2; Monero's bulletproof_PROVE):
// commit to the amounts (V), their bits (A) and the blinding vectors (S); the
// challenges y, z; the polynomial t(X) = <l(X), r(X)> and its commitments T1, T2;
// x; taux, mu, t; x_ip; the inner-product rounds (L, R, w, folding) down to a, b.
// A zero challenge (probability ~2^-250) restarts from the bit commitment.
class prover {
 public:
  prover(const keyV &sv, const keyV &gamma, amount_limit limit) : sv_(sv), gamma_(gamma), table_(gens()) {
    check_amounts(prove_name, sv, gamma, limit);
    m_ = sv.size();
    MN_ = N_bits << log2_ceil(m_);
    M_ = MN_ / N_bits;
  }

  Bulletproof run() {
    proof_.V = commit_amounts(table_, sv_, gamma_);
    const key hv = hs(proof_.V.data(), 32 * m_);
    while (!attempt(hv)) {
    }
    return proof_;
  }

 private:
  bool attempt(const key &hv) {
    secret_keys aL(MN_), sL(MN_), sR(MN_), nonce(4);  // alpha, rho, tau1, tau2
    for (key &k : nonce.v) k = skGen();
    const key &alpha = nonce.v[0], &rho = nonce.v[1], &tau1 = nonce.v[2], &tau2 = nonce.v[3];
    amount_bits(sv_, MN_, aL);
    proof_.A = commit_bits(table_, aL, MN_, alpha);
    // S = (sum sL_k Gi_k + sR_k Hi_k + rho G) / 8.
    {
      for (std::size_t k = 0; k < MN_; ++k) {
        sL.v[k] = skGen();
        sR.v[k] = skGen();
      }
      secret_keys sc(2 * MN_ + 1);
      std::vector<std::size_t> idx(2 * MN_ + 1);
      for (std::size_t k = 0; k < MN_; ++k) {
        sc.v[2 * k] = mul(sL.v[k], INV_EIGHT);
        idx[2 * k] = idx_Gi(k);
        sc.v[2 * k + 1] = mul(sR.v[k], INV_EIGHT);
        idx[2 * k + 1] = idx_Hi(k);
      }
      sc.v[2 * MN_] = mul(rho, INV_EIGHT);
      idx[2 * MN_] = idx_G;
      proof_.S = encode(cncrypto::multiexp_ct(&table_, idx.data(), sc.v.data(), idx.size(), {}));
      CNCRYPTO_DECLASSIFY(proof_.S.bytes, 32);  // published
    }
    const key y = transcript(hv, proof_.A, proof_.S);
    if (is_zero(y)) return false;
    const key z = hs(y.bytes, 32);
    if (is_zero(z)) return false;
    keyV ypow(MN_), yinvpow(MN_);
    const key y_inv = invert(y);
    ypow[0] = yinvpow[0] = k_one;
    for (std::size_t k = 1; k < MN_; ++k) {
      ypow[k] = mul(ypow[k - 1], y);
      yinvpow[k] = mul(yinvpow[k - 1], y_inv);
    }

    // l(X) = (aL - z) + sL X; r(X) = y^k (aL - 1 + z + sR X) + z^(2+j) 2^i.
    secret_keys l0(MN_), r0(MN_), r1(MN_), t12(2);
    {
      const key zm1 = sub(z, k_one);
      key zj = mul(z, z);
      for (std::size_t j = 0; j < M_; ++j) {
        key d = zj;  // z^(2+j) 2^i (public)
        for (std::size_t i = 0; i < N_bits; ++i) {
          const std::size_t k = j * N_bits + i;
          l0.v[k] = sub(aL.v[k], z);
          r0.v[k] = muladd(ypow[k], add(aL.v[k], zm1), d);
          r1.v[k] = mul(ypow[k], sR.v[k]);
          d = add(d, d);
        }
        zj = mul(zj, z);
      }
      for (std::size_t k = 0; k < MN_; ++k) {
        t12.v[0] = muladd(l0.v[k], r1.v[k], t12.v[0]);
        t12.v[0] = muladd(sL.v[k], r0.v[k], t12.v[0]);
        t12.v[1] = muladd(sL.v[k], r1.v[k], t12.v[1]);
      }
    }
    // T1 = (t1 H + tau1 G) / 8, T2 = (t2 H + tau2 G) / 8.
    for (int i = 0; i < 2; ++i) {
      secret_keys sc(2);
      sc.v[0] = mul(t12.v[i], INV_EIGHT);
      sc.v[1] = mul(i == 0 ? tau1 : tau2, INV_EIGHT);
      const std::size_t idx[2] = {idx_H, idx_G};
      key &T = i == 0 ? proof_.T1 : proof_.T2;
      T = encode(cncrypto::multiexp_ct(&table_, idx, sc.v.data(), 2, {}));
      CNCRYPTO_DECLASSIFY(T.bytes, 32);  // published
    }
    const key x = hash_keys({z, z, proof_.T1, proof_.T2});
    if (is_zero(x)) return false;
    // taux = tau1 x + tau2 x^2 + sum_j z^(2+j) gamma_j; mu = alpha + rho x.
    {
      secret_keys acc(1);
      acc.v[0] = muladd(tau2, mul(x, x), mul(tau1, x));
      key zj = mul(z, z);
      for (std::size_t j = 0; j < m_; ++j) {
        acc.v[0] = muladd(zj, gamma_[j], acc.v[0]);
        zj = mul(zj, z);
      }
      proof_.taux = acc.v[0];
      proof_.mu = muladd(rho, x, alpha);
      CNCRYPTO_DECLASSIFY(proof_.taux.bytes, 32);  // published
      CNCRYPTO_DECLASSIFY(proof_.mu.bytes, 32);
    }
    // l = l0 + sL x, r = r0 + r1 x, t = <l, r>.
    secret_keys a(MN_), b(MN_);
    {
      secret_keys t(1);
      for (std::size_t k = 0; k < MN_; ++k) {
        a.v[k] = muladd(sL.v[k], x, l0.v[k]);
        b.v[k] = muladd(r1.v[k], x, r0.v[k]);
        t.v[0] = muladd(a.v[k], b.v[k], t.v[0]);
      }
      proof_.t = t.v[0];
      CNCRYPTO_DECLASSIFY(proof_.t.bytes, 32);  // published
    }
    const key x_ip = hash_keys({x, x, proof_.taux, proof_.mu, proof_.t});
    if (is_zero(x_ip)) return false;
    return inner_product(x_ip, yinvpow, a, b);
  }

  // Protocol 2 with Gi and H'_k = y^-k Hi_k: round n publishes
  // L = (a1 . G2 + b2 . H1 + cL x_ip H) / 8, R = (a2 . G1 + b1 . H2 + cR x_ip H) / 8,
  // cL = <a1, b2>, cR = <a2, b1>; w = Hs(w_prev || L || R);
  // G' = w^-1 G1 + w G2, H' = w H1 + w^-1 H2, a' = w a1 + w^-1 a2, b' = w^-1 b1 + w b2.
  bool inner_product(const key &x_ip, const keyV &yinvpow, secret_keys &a, secret_keys &b) {
    folded_generators fg(table_, MN_, yinvpow);
    proof_.L.clear();
    proof_.R.clear();
    key w = x_ip;
    for (std::size_t n = MN_; n > 1; n /= 2) {
      const std::size_t h = n / 2;
      fg.start_round(n);
      secret_keys c(2);  // cL x_ip, cR x_ip
      for (std::size_t i = 0; i < h; ++i) {
        c.v[0] = muladd(a.v[i], b.v[h + i], c.v[0]);
        c.v[1] = muladd(a.v[h + i], b.v[i], c.v[1]);
      }
      c.v[0] = mul(c.v[0], x_ip);
      c.v[1] = mul(c.v[1], x_ip);
      proof_.L.push_back(encode(fg.side_point(a.v, b.v, n, h, 0, 0, h, k_one, c.v[0], nullptr)));
      proof_.R.push_back(encode(fg.side_point(a.v, b.v, n, 0, h, h, 0, k_one, c.v[1], nullptr)));
      CNCRYPTO_DECLASSIFY(proof_.L.back().bytes, 32);  // published
      CNCRYPTO_DECLASSIFY(proof_.R.back().bytes, 32);
      w = transcript(w, proof_.L.back(), proof_.R.back());
      if (is_zero(w)) return false;
      const key w_inv = invert(w);
      fg.fold(n, w_inv, w, w, w_inv);
      for (std::size_t i = 0; i < h; ++i) {
        a.v[i] = add(mul(w, a.v[i]), mul(w_inv, a.v[h + i]));
        b.v[i] = add(mul(w_inv, b.v[i]), mul(w, b.v[h + i]));
      }
    }
    proof_.a = a.v[0];
    proof_.b = b.v[0];
    CNCRYPTO_DECLASSIFY(proof_.a.bytes, 32);  // published
    CNCRYPTO_DECLASSIFY(proof_.b.bytes, 32);
    return true;
  }

  const keyV &sv_, &gamma_;
  const cncrypto::multiexp_table &table_;
  std::size_t m_ = 0, M_ = 0, MN_ = 0;
  Bulletproof proof_;
};

}  // namespace

bool bulletproof_VERIFY(const Bulletproof &proof) { return verify_batch({&proof}); }
bool bulletproof_VERIFY(const std::vector<const Bulletproof *> &proofs) { return verify_batch(proofs); }
bool bulletproof_VERIFY(const std::vector<Bulletproof> &proofs) { return verify_batch(pointers_of(proofs)); }

// The uint64 overloads pass the amounts as scalars (wiped afterwards).
Bulletproof bulletproof_PROVE(const keyV &v, const keyV &gamma) { return prover(v, gamma, amount_limit::below_L).run(); }
Bulletproof bulletproof_PROVE(const key &v, const key &gamma) {
  return prover(keyV{v}, keyV{gamma}, amount_limit::below_L).run();
}
Bulletproof bulletproof_PROVE(std::uint64_t v, const key &gamma) {
  return bulletproof_PROVE(std::vector<std::uint64_t>{v}, keyV{gamma});
}
Bulletproof bulletproof_PROVE(const std::vector<std::uint64_t> &v, const keyV &gamma) {
  secret_keys sv(v.size());
  amounts_to_keys(v, sv);
  return prover(sv.v, gamma, amount_limit::below_2_64).run();
}

}  // namespace rct

namespace cncrypto {

rct::Bulletproof bulletproof_PROVE_strict(const rct::keyV &v, const rct::keyV &gamma) {
  return rct::prover(v, gamma, rct::bp::amount_limit::below_2_64).run();
}
rct::Bulletproof bulletproof_PROVE_strict(const rct::key &v, const rct::key &gamma) {
  return bulletproof_PROVE_strict(rct::keyV{v}, rct::keyV{gamma});
}

}  // namespace cncrypto
