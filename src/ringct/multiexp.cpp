// Multi-scalar multiplication (see multiexp.h and docs/ringct.md): Monero's names
// over the curve layer's products (curve/ecmult.h: Straus, Pippenger, the
// constant-time product). This file only builds the terms and picks the method.
#include "ringct/multiexp.h"

#include "curve/ecmult.h"
#include "curve/group.h"

#include <sodium.h>

#include <stdexcept>
#include <string>

namespace rct {
namespace {

namespace ed25519 = cncrypto::ed25519;

key encode(const ge_p3 &p) {
  key k;
  ge_p3_tobytes(k.bytes, &p);
  return k;
}

constexpr std::size_t straus_limit = 256;  // measured crossover, docs/ringct.md

// Straus over data plus (optionally) fixed-table terms.
// Fixed term i is table->point(indices ? indices[i] : offset + i).
ge_p3 straus_with_fixed(const multiexp_table *table, std::size_t offset, const std::size_t *indices,
                        const key *fixed_scalars, std::size_t n_fixed, const std::vector<MultiexpData> &data) {
  std::vector<ge_cached> cached(8 * data.size());
  std::vector<ed25519::straus_term> terms;
  terms.reserve(n_fixed + data.size());
  for (std::size_t i = 0; i < n_fixed; ++i)
    terms.push_back({fixed_scalars[i].bytes, nullptr, table->odd_multiples(indices ? indices[i] : offset + i)});
  for (std::size_t i = 0; i < data.size(); ++i) {
    ed25519::odd_multiples_cached(&cached[8 * i], data[i].point, 8);
    terms.push_back({data[i].scalar.bytes, &cached[8 * i], nullptr});
  }
  return ed25519::straus_vartime(terms.data(), terms.size());
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

std::size_t get_pippenger_c(std::size_t n) { return ed25519::pippenger_window(n); }

ge_p3 pippenger_p3(const std::vector<MultiexpData> &data, std::size_t c) {
  if (c > 16) throw std::invalid_argument("pippenger: window width c = " + std::to_string(c) + " (must be 0..16)");
  std::vector<ed25519::pippenger_term> terms(data.size());
  for (std::size_t k = 0; k < data.size(); ++k) terms[k] = {data[k].scalar.bytes, &data[k].point, nullptr};
  return ed25519::pippenger_vartime(terms.data(), terms.size(), c == 0 ? get_pippenger_c(data.size()) : c);
}
key pippenger(const std::vector<MultiexpData> &data, std::size_t c) { return encode(pippenger_p3(data, c)); }

ge_p3 multiexp_p3(const std::vector<MultiexpData> &data) {
  return data.size() <= straus_limit ? straus_p3(data) : pippenger_p3(data);
}
key multiexp(const std::vector<MultiexpData> &data) { return encode(multiexp_p3(data)); }

multiexp_table::multiexp_table(const std::vector<ge_p3> &points) : n_(points.size()), points_(points) {
  table_.resize(16 * n_);
  ed25519::odd_multiples_affine(table_.data(), points.data(), n_);
}

ge_p3 multiexp_fixed_vartime(const multiexp_table &table, std::size_t offset, const key *fixed_scalars, std::size_t n,
                             const std::vector<MultiexpData> &data) {
  if (offset > table.size() || n > table.size() - offset)
    throw std::invalid_argument("multiexp_fixed_vartime: terms " + std::to_string(offset) + ".." +
                                std::to_string(offset + n) + " exceed the table of " + std::to_string(table.size()));
  if (data.size() <= straus_limit) return straus_with_fixed(&table, offset, nullptr, fixed_scalars, n, data);
  // Many variable terms: one Pippenger over both, the fixed points through their
  // table's first entry (the point itself in affine form).
  std::vector<ed25519::pippenger_term> terms;
  terms.reserve(n + data.size());
  for (std::size_t i = 0; i < n; ++i)
    terms.push_back({fixed_scalars[i].bytes, &table.point(offset + i), table.odd_multiples(offset + i)});
  for (const MultiexpData &d : data) terms.push_back({d.scalar.bytes, &d.point, nullptr});
  return ed25519::pippenger_vartime(terms.data(), terms.size(), get_pippenger_c(terms.size()));
}

ge_p3 multiexp_indexed_vartime(const multiexp_table &table, const std::size_t *indices, const key *scalars,
                               std::size_t n, const std::vector<MultiexpData> &data) {
  for (std::size_t i = 0; i < n; ++i)
    if (indices[i] >= table.size())
      throw std::invalid_argument("multiexp_indexed_vartime: fixed term " + std::to_string(i) + " has index " +
                                  std::to_string(indices[i]) + " outside the table of " + std::to_string(table.size()));
  if (data.size() <= straus_limit) return straus_with_fixed(&table, 0, indices, scalars, n, data);
  ge_p3 r;
  const ge_p3 fixed = straus_with_fixed(&table, 0, indices, scalars, n, {}), var = pippenger_p3(data);
  ed25519::p3_add(&r, &fixed, &var);
  return r;
}

ge_p3 multiexp_ct(const std::vector<MultiexpData> &data) { return multiexp_ct(nullptr, nullptr, nullptr, 0, data); }

ge_p3 multiexp_ct(const multiexp_table *table, const std::size_t *indices, const key *scalars, std::size_t n_fixed,
                  const std::vector<MultiexpData> &data) {
  for (std::size_t i = 0; i < n_fixed; ++i)
    if (table == nullptr || indices[i] >= table->size())
      throw std::invalid_argument("multiexp_ct: fixed term " + std::to_string(i) + " has index " +
                                  std::to_string(indices[i]) + " outside the table");
  const std::size_t nv = data.size();
  std::vector<ge_cached> vtab(16 * nv);
  std::vector<ed25519::ct_term> terms(n_fixed + nv);
  for (std::size_t i = 0; i < n_fixed; ++i) terms[i] = {scalars[i].bytes, table->odd_multiples(indices[i]), nullptr};
  for (std::size_t i = 0; i < nv; ++i) {
    ed25519::odd_multiples_cached(&vtab[16 * i], data[i].point, 16);
    terms[n_fixed + i] = {data[i].scalar.bytes, nullptr, &vtab[16 * i]};
  }
  return ed25519::multiexp_ct(terms.data(), terms.size());
}

}  // namespace rct
