// Multi-scalar multiplication: r = sum_i s_i P_i over the ed25519 group.
//
// Monero's names (src/ringct/multiexp.h): MultiexpData, straus, pippenger, and the
// _p3 variants returning the point before encoding. Monero's cache arguments are
// not taken; instead, fixed generator sets (the Bulletproofs+ Gi/Hi, G, H) are
// held in a multiexp_table built once, which the vartime and the constant-time
// products both read. See docs/ringct.md, "Multi-scalar multiplication".
//
// Timing: every function whose name ends in _vartime, and straus/pippenger/
// multiexp (Monero's names, kept without the suffix), takes time that depends on
// the scalars and points: scalars and points must be public (verification).
// multiexp_ct runs in time independent of the scalars (the points and the sizes
// are public): it is the one for a prover's secret scalars.
//
// Scalars are 32-byte little-endian integers. The vartime functions use the full
// 256-bit integer (reduced or not: s P for the integer s); the constant-time ones
// need s < L and points in the prime-order subgroup (see multiexp_ct).
#pragma once

#include "crypto/crypto-ops.h"
#include "ringct/rctTypes.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace rct {

// One term s P of a product. Mirrors Monero's rct::MultiexpData.
struct MultiexpData {
  key scalar;
  ge_p3 point;

  MultiexpData() = default;
  MultiexpData(const key &s, const ge_p3 &p) : scalar(s), point(p) {}
  // Decodes p (ge_frombytes_vartime, public data); throws std::invalid_argument
  // naming MultiexpData when it does not decode.
  MultiexpData(const key &s, const key &p);
};

// sum of the terms by Straus's method (shared doublings, width-5 NAF per term,
// tables of odd multiples). _vartime. Empty data gives the identity. Source:
// Straus 1964; mirrors Monero's rct::straus / straus_p3 (results are the same
// points; Monero's cache argument is not taken).
ge_p3 straus_p3(const std::vector<MultiexpData> &data);
key straus(const std::vector<MultiexpData> &data);

// sum of the terms by Pippenger's bucket method with signed c-bit digits; c = 0
// picks get_pippenger_c(data.size()); c must be 0 or in 1..16 (else throws
// std::invalid_argument naming pippenger). _vartime. Source: Pippenger 1976, as
// in Bernstein et al. "Faster batch forgery identification" (2012); mirrors
// Monero's rct::pippenger / pippenger_p3.
ge_p3 pippenger_p3(const std::vector<MultiexpData> &data, std::size_t c = 0);
key pippenger(const std::vector<MultiexpData> &data, std::size_t c = 0);

// The window width pippenger uses for n terms. Mirrors Monero's get_pippenger_c.
std::size_t get_pippenger_c(std::size_t n);

// straus for small sizes, pippenger for large ones (the crossover measured here:
// docs/ringct.md). _vartime.
ge_p3 multiexp_p3(const std::vector<MultiexpData> &data);
key multiexp(const std::vector<MultiexpData> &data);

// Precomputed odd multiples (1, 3, ..., 31) P of each point of a fixed list, in
// affine form (ge_precomp), for the generators a protocol uses again and again.
// Building costs about 16 additions per point and one field inversion per 1024
// points; it holds 16 * 120 bytes (5x51 limbs) per point. Read-only once built:
// safe to share between threads.
class multiexp_table {
 public:
  // Throws std::bad_alloc if memory runs out; points are public.
  explicit multiexp_table(const std::vector<ge_p3> &points);
  std::size_t size() const { return n_; }
  const ge_p3 &point(std::size_t i) const { return points_[i]; }
  // The 16 odd multiples of point i.
  const ge_precomp *odd_multiples(std::size_t i) const { return &table_[16 * i]; }

 private:
  std::size_t n_;
  std::vector<ge_p3> points_;
  std::vector<ge_precomp> table_;
};

// r = sum_{i < n} fixed_scalars[i] table.point(offset + i) + sum of data.
// _vartime (all public). Throws std::invalid_argument naming
// multiexp_fixed_vartime if offset + n > table.size(). fixed_scalars may be null
// when n = 0. The fixed terms use the precomputed tables (width-6 NAF); the data
// terms are done by straus or, when there are many, by pippenger.
ge_p3 multiexp_fixed_vartime(const multiexp_table &table, std::size_t offset, const key *fixed_scalars, std::size_t n,
                             const std::vector<MultiexpData> &data);

// The same with the fixed terms chosen by index: r = sum_{i < n} scalars[i]
// table.point(indices[i]) + sum of data (indices may repeat and come in any
// order). _vartime (all public). Throws std::invalid_argument naming
// multiexp_indexed_vartime if an index is >= table.size(). indices and scalars
// may be null when n = 0. Time depends on the scalars, indices and sizes only:
// with at most 256 data terms (the Straus path) the group operations are
// constant time in the point values, so the data points may be secret as long
// as every scalar is public (Bulletproofs+ proving sums bit-selected generators
// this way, at most 36 data terms; ct_bpp checks it). With more data terms the
// Pippenger path branches on whether a point's Z is 1: public points only.
ge_p3 multiexp_indexed_vartime(const multiexp_table &table, const std::size_t *indices, const key *scalars,
                               std::size_t n, const std::vector<MultiexpData> &data);

// Constant-time r = sum_i s_i P_i for secret scalars s_i < L and public points P_i
// of the prime-order subgroup (generators such as G, H, Gi, Hi and sums of their
// multiples). Time and memory addresses depend only on the counts, the indices
// and the public points, never on the scalars: signed odd radix-32 digits (all
// digits nonzero, so every window adds), every table entry read at each lookup;
// an even s is replaced by L - s with the digits negated. A scalar >= L gives a
// wrong result; the caller reduces them.
// Fixed terms: scalars[i] times table->point(indices[i]) for i < n_fixed (table
// may be null when n_fixed = 0); variable terms: data. Throws
// std::invalid_argument naming multiexp_ct if an index is >= table->size().
// Source: Joye and Tunstall, "Exponent recoding and regular exponentiation
// algorithms" (2009), for the regular digits; Straus for the shared doublings.
ge_p3 multiexp_ct(const std::vector<MultiexpData> &data);
ge_p3 multiexp_ct(const multiexp_table *table, const std::size_t *indices, const key *scalars, std::size_t n_fixed,
                  const std::vector<MultiexpData> &data);

}  // namespace rct
