// cncrypto's own multi-scalar products (namespace cncrypto::; Monero has none of
// these names): the method-choosing multiexp, the constant-time product for secret
// scalars, and tables of fixed generators (the Bulletproofs(+) Gi/Hi, G, H) built once
// and read by both. Monero's names (MultiexpData, straus, pippenger, their caches,
// Bos-Coster) are in ringct/multiexp.h, which this header includes. See
// docs/ringct.md, "Multi-scalar multiplication".
//
// Timing: multiexp, multiexp_p3 and every function ending in _vartime take time that
// depends on the scalars and points: all must be public (verification). multiexp_ct
// runs in time independent of the scalars (the points and the sizes are public): it is
// the one for a prover's secret scalars.
//
// Scalars are 32-byte little-endian integers. The vartime functions use the full
// 256-bit integer (reduced or not: s P for the integer s); the constant-time one needs
// s < L and points in the prime-order subgroup (see multiexp_ct).
#pragma once

#include "ringct/multiexp.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace cncrypto {

// rct::straus for small sizes, rct::pippenger for large ones (the crossover measured
// here: docs/ringct.md). _vartime. Empty data gives the identity. Same point as either.
ge_p3 multiexp_p3(const std::vector<rct::MultiexpData> &data);
rct::key multiexp(const std::vector<rct::MultiexpData> &data);

// Precomputed odd multiples (1, 3, ..., 31) P of each point of a fixed list, in
// affine form (ge_precomp), for the generators a protocol uses again and again.
// Building costs about 16 additions per point and one field inversion per 1024
// points; it holds 16 * 120 bytes (5x51 limbs) per point, in the curve layer's own
// representation (not exposed: the points come back with point(i)). Read-only once
// built: safe to share between threads; a copy shares the tables. (rct::straus_init_cache
// builds one.)
struct multiexp_table_layer;
class multiexp_table {
 public:
  // Throws std::bad_alloc if memory runs out; points are public (taken by value:
  // pass a temporary, or std::move, and the table keeps that vector).
  explicit multiexp_table(std::vector<ge_p3> points);
  std::size_t size() const { return n_; }
  const ge_p3 &point(std::size_t i) const { return points_[i]; }
  // The bytes held (points, and points and multiples in the layer's form).
  std::size_t bytes() const;

 private:
  friend const multiexp_table_layer &layer_of(const multiexp_table &table);
  std::size_t n_;
  std::vector<ge_p3> points_;
  std::shared_ptr<const multiexp_table_layer> layer_;
};

// r = sum_{i < n} fixed_scalars[i] table.point(offset + i) + sum of data.
// _vartime (all public). Throws std::invalid_argument naming
// multiexp_fixed_vartime if offset + n > table.size(). fixed_scalars may be null
// when n = 0. The fixed terms use the precomputed tables (width-6 NAF); the data
// terms are done by Straus or, when there are many, by Pippenger.
ge_p3 multiexp_fixed_vartime(const multiexp_table &table, std::size_t offset, const rct::key *fixed_scalars,
                             std::size_t n, const std::vector<rct::MultiexpData> &data);

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
ge_p3 multiexp_indexed_vartime(const multiexp_table &table, const std::size_t *indices, const rct::key *scalars,
                               std::size_t n, const std::vector<rct::MultiexpData> &data);

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
ge_p3 multiexp_ct(const std::vector<rct::MultiexpData> &data);
ge_p3 multiexp_ct(const multiexp_table *table, const std::size_t *indices, const rct::key *scalars,
                  std::size_t n_fixed, const std::vector<rct::MultiexpData> &data);

}  // namespace cncrypto
