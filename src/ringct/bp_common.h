// What the two Bulletproofs implementations share (private to the ringct layer):
// bulletproofs.cpp (the original, RingCT types 3-5) and bulletproofs_plus.cpp
// (type 6). One home each for the scalar helpers, the transcript hash, the
// generator derivation (Monero's Gi/Hi from H and a salt), the amount checks and
// commitments of the provers, the constant-time inner-product rounds over folded
// generators, and the verifier's batch accumulator (every proof's equation folded
// into one multi-scalar product through ringct/cncrypto_multiexp.h / curve/ecmult.h).
// docs/bulletproofs.md describes the techniques.
#pragma once

#include "crypto/crypto-ops.h"
#include "curve/face.h"
#include "curve/ops.h"
#include "curve/scalar.h"
#include "ringct/cncrypto_multiexp.h"
#include "ringct/rctOps.h"
#include "ringct/rctTypes.h"

#include <sodium.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rct::bp {

constexpr std::size_t max_M = 16;               // amounts per proof (Monero's maxM)
constexpr std::size_t N_bits = 64;              // bits per amount (Monero's maxN)
constexpr std::size_t max_MN = max_M * N_bits;  // generators per vector
constexpr std::size_t n_size_classes = 5;       // M = 1, 2, 4, 8, 16

// ---- scalars mod L (crypto-ops: constant time) ----------------------------------------
inline const key k_zero = {{0}};
inline const key k_one = {{1}};
inline key mul(const key &a, const key &b) {
  key r;
  sc_mul(r.bytes, a.bytes, b.bytes);
  return r;
}
inline key add(const key &a, const key &b) {
  key r;
  sc_add(r.bytes, a.bytes, b.bytes);
  return r;
}
inline key sub(const key &a, const key &b) {
  key r;
  sc_sub(r.bytes, a.bytes, b.bytes);
  return r;
}
// c + a b
inline key muladd(const key &a, const key &b, const key &c) {
  key r;
  sc_muladd(r.bytes, a.bytes, b.bytes, c.bytes);
  return r;
}
inline bool is_zero(const key &a) { return sc_isnonzero(a.bytes) == 0; }
// a^-1 (curve/scalar.h, Fermat, constant time); a nonzero.
key invert(const key &a);
// out[i] = in[i]^-1 (Montgomery's trick); all nonzero; public values.
keyV invert_batch(const keyV &in);
// 8 s as a 256-bit integer (s < L < 2^253 fits): (8 s) P = s (8 P) exactly, so a
// verifier multiplies a proof's points by 8 for free inside the product.
key times8_integer(const key &s);
// A random nonzero scalar (libsodium): the batch weights.
key random_weight();
// The smallest logM with 2^logM >= m.
std::size_t log2_ceil(std::size_t m);

// Montgomery multiplication for the verifier's per-generator loops (public values).
using cncrypto::ed25519::sc::limbs4;
using cncrypto::ed25519::sc::mont_mul;
inline limbs4 to_limbs(const key &k) { return cncrypto::ed25519::sc::to_limbs(k.bytes); }
inline limbs4 to_mont(const key &f) { return cncrypto::ed25519::sc::to_mont(f.bytes); }

// A vector of secret scalars, wiped when it goes.
struct secret_keys {
  keyV v;
  explicit secret_keys(std::size_t n) : v(n) {}
  secret_keys(const secret_keys &) = delete;
  secret_keys &operator=(const secret_keys &) = delete;
  ~secret_keys() {
    if (!v.empty()) sodium_memzero(v.data(), v.size() * sizeof(key));
  }
};

// ---- hashing (rctOps: hash_to_scalar = Hs, cn_fast_hash = keccak) ----------------------
key keccak(const void *data, std::size_t n);
key hs(const void *data, std::size_t n);
// The transcript updates Hs(t || a) and Hs(t || a || b) (Monero's hash_cache_mash).
key transcript(const key &t, const key &a);
key transcript(const key &t, const key &a, const key &b);

// ---- points ----------------------------------------------------------------------------
key encode(const cncrypto::ed25519::ge_p3 &p);
// The same for a point of the public face (what cncrypto_multiexp.h returns).
inline key encode(const ::ge_p3 &p) { return encode(cncrypto::ed25519::from_face(p)); }
void add_p3(cncrypto::ed25519::ge_p3 &p, const cncrypto::ed25519::ge_p3 &q);

// ---- generators ------------------------------------------------------------------------
// Table layout: 0 = G, 1 = H, 2 + 2k = Gi_k, 3 + 2k = Hi_k (k < max_MN).
constexpr std::size_t idx_G = 0, idx_H = 1;
inline std::size_t idx_Gi(std::size_t k) { return 2 + 2 * k; }
inline std::size_t idx_Hi(std::size_t k) { return 3 + 2 * k; }
// The table of G, H and Monero's generators for salt ("bulletproof" for
// Bulletproofs, "bulletproof_plus" for Bulletproofs+):
//   Hi_k = Hp(keccak(H || salt || varint(2k))), Gi_k = Hp(keccak(H || salt || varint(2k + 1)))
// (Monero's get_exponent; README_ringct_legacy.md step 5). Public, vartime.
std::unique_ptr<cncrypto::multiexp_table> generator_table(const char *salt);

// ---- provers ---------------------------------------------------------------------------
// Throws std::invalid_argument "fn: what".
[[noreturn]] void misuse(const char *fn, const std::string &what);
// Which amount scalars a prover takes: below 2^64 (cncrypto's strict provers), or
// any reduced scalar (below L, Monero's bulletproof(_plus)_PROVE: an amount in
// [2^64, L) gives a proof that does not verify, since the bits cover only 64).
enum class amount_limit { below_2_64, below_L };
// 1..16 amounts under limit and as many masks, else misuse(fn, ...) naming the
// count or the position (never the value). Constant time in the amounts until a
// failure.
void check_amounts(const char *fn, const keyV &sv, const keyV &gamma, amount_limit limit);
// The amounts as 32-byte scalars (secret, wiped by the caller's secret_keys).
void amounts_to_keys(const std::vector<std::uint64_t> &v, secret_keys &out);
// V_j = (gamma_j G + v_j H) / 8, encoded and declassified (published). Constant time.
keyV commit_amounts(const cncrypto::multiexp_table &table, const keyV &sv, const keyV &gamma);
// aL: the bits of the amounts (MN entries, 0 or 1 in byte 0, padding amounts 0).
void amount_bits(const keyV &sv, std::size_t MN, secret_keys &aL);
// A = (alpha G + sum_k aL_k Gi_k + (aL_k - 1) Hi_k) / 8 = (alpha G + sum_k (aL_k ? Gi_k : -Hi_k)) / 8,
// encoded and declassified. Constant time in aL and alpha.
key commit_bits(const cncrypto::multiexp_table &table, const secret_keys &aL, std::size_t MN, const key &alpha);

// The inner-product rounds over folded generators, constant time in the vectors.
// The current generators of round size n are sums over a base of points:
//   G_q = sum_(k = q mod n) wg_k baseG_k,   H_q = sum_(k = q mod n) wh_k baseH_k   (q < n)
// with public weights; folding a round multiplies the weights of the lower and
// upper halves by public factors. A side point (L or R) is then one constant-time
// product over the base with the scalars (secret vector entry) * (weight): its
// time depends only on the sizes. When the base has 8 points per current
// generator it is rebuilt from the current generators (public, vartime).
class folded_generators {
 public:
  // The base is Gi_k, Hi_k (k < MN) of table with weights wg = 1, wh = wh0.
  folded_generators(const cncrypto::multiexp_table &table, std::size_t MN, const keyV &wh0);
  // The base is the given points: nb G-side ones, nb H-side ones, then G and H;
  // weights 1 (public points of the prime-order subgroup).
  explicit folded_generators(const std::vector<cncrypto::ed25519::ge_p3> &points);
  // Round start at size n: rebuilds the base if it has >= 8 points per generator.
  void start_round(std::size_t n);
  // sum_(q<h) (g_scale a_(q + a_off)) G_(q + g_off) + b_(q + b_off) H_(q + h_off) + cH H
  // (+ cG G when cG is given), every scalar times INV_EIGHT (h = n/2; offsets are 0
  // or h; a, b secret, g_scale public). Constant time in a, b, cH, cG.
  cncrypto::ed25519::ge_p3 side_point(const keyV &a, const keyV &b, std::size_t n, std::size_t g_off, std::size_t a_off,
                   std::size_t h_off, std::size_t b_off, const key &g_scale, const key &cH, const key *cG) const;
  // G'_q = gl G_q + gu G_(h+q), H'_q = hl H_q + hu H_(h+q) (public factors).
  void fold(std::size_t n, const key &gl, const key &gu, const key &hl, const key &hu);
  // After the last fold (n = 1): (sg G_0 + sh H_0 + cH H + cG G) / 8. Constant time
  // in sg, sh, cH, cG.
  cncrypto::ed25519::ge_p3 last_point(const key &sg, const key &sh, const key &cH, const key &cG) const;

 private:
  std::size_t g_index(std::size_t k) const { return own_ ? k : idx_Gi(k); }
  std::size_t h_index(std::size_t k) const { return own_ ? nb_ + k : idx_Hi(k); }
  std::size_t G_index() const { return own_ ? 2 * nb_ : idx_G; }
  std::size_t H_index() const { return own_ ? 2 * nb_ + 1 : idx_H; }
  const cncrypto::multiexp_table *gens_;
  std::unique_ptr<cncrypto::multiexp_table> base_;  // after a rebuild: baseG, baseH, G, H
  bool own_ = false;
  std::size_t nb_;
  keyV wg_, wh_;
};

// ---- verifiers -------------------------------------------------------------------------
// The addresses of the proofs, in order (the vector overloads of *_VERIFY).
template <class Proof>
std::vector<const Proof *> pointers_of(const std::vector<Proof> &proofs) {
  std::vector<const Proof *> ptrs;
  ptrs.reserve(proofs.size());
  for (const Proof &p : proofs) ptrs.push_back(&p);
  return ptrs;
}

// The batch equation as one product: fixed scalars of G, H, Gi_k, Hi_k summed over
// the proofs, and each proof's own points (times 8).
struct batch_accumulator {
  key g = k_zero, h = k_zero;
  std::vector<cncrypto::ed25519::sc::sum> gi, hi;  // per generator index
  key const_by_size[n_size_classes];              // added to Gi_k, subtracted from Hi_k, k < MN of the class
  std::vector<MultiexpData> vars;
  std::vector<limbs4> tg, th, td;                 // per-proof scratch, MN entries each

  batch_accumulator(std::size_t max_mn, std::size_t n_vars);
  // The term (8 s) P for the proof point p; false if p does not decode.
  bool push_point(const key &p, const key &s);
  // out[0] = start; out[k + 2^t] = out[k] f[t] (t < rounds): the products of
  // running factors over the bits of k (the inner-product scalars s_k).
  static void running_products(std::vector<limbs4> &out, const key &start, const key *f, std::size_t rounds);
  // td[j N + i] = c_j r^i (j < M, i < N).
  void block_powers(const key *c, std::size_t M, const key &r);
  // gi[k] += tg[k]; hi[k] += th[k] + td[k] for k < MN.
  void add_index_terms(std::size_t MN);
  // true iff the whole product is the identity.
  bool holds(const cncrypto::multiexp_table &table) const;
};

// The batch verification of both systems. State has MN (its generator count)
// and inv_at (where its challenges start in the batch inversion), filled by
// replay(proof, state, to_invert) -> bool (shape checks, transcript, the
// challenges to invert); weigh(state, proof, batch size) sets its weights;
// add(state, challenges, inverses, accumulator) -> bool adds its equation (false
// if a point does not decode). _vartime.
template <class State, class Proof, class Replay, class Weigh, class Add>
bool verify_batch_with(const std::vector<const Proof *> &proofs, const cncrypto::multiexp_table &table, Replay replay,
                       Weigh weigh, Add add) {
  if (proofs.empty()) return true;
  std::vector<State> states(proofs.size());
  keyV challenges;
  std::size_t max_mn = 0, n_vars = 0;
  for (std::size_t i = 0; i < proofs.size(); ++i) {
    if (proofs[i] == nullptr || !replay(*proofs[i], states[i], challenges)) return false;
    max_mn = std::max(max_mn, states[i].MN);
    n_vars += proofs[i]->V.size() + 4 + 2 * proofs[i]->L.size();
    weigh(states[i], *proofs[i], proofs.size());
  }
  const keyV inverses = invert_batch(challenges);
  batch_accumulator b(max_mn, n_vars);
  for (const State &st : states)
    if (!add(st, &challenges[st.inv_at], &inverses[st.inv_at], b)) return false;
  return b.holds(table);
}

}  // namespace rct::bp
