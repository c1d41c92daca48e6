// Multi-scalar multiplication (see ringct/multiexp.h, ringct/cncrypto_multiexp.h and
// docs/ringct.md): Monero's names and caches and cncrypto's own products over the
// curve layer's methods (curve/ecmult.h: Straus, Pippenger, the constant-time
// product). This file builds the terms and picks the method; Bos-Coster, which the
// curve layer does not have, is here.
#include "ringct/cncrypto_multiexp.h"

#include "crypto/ed25519/sc.h"
#include "curve/ecmult.h"
#include "curve/face.h"
#include "curve/group.h"
#include "curve/ops.h"
#include "multiexp_layer.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace ed25519 = cncrypto::ed25519;
// Monero's MultiexpData and cncrypto::multiexp_table hold the public face's structs
// (crypto-ops.h, Monero's limbs); the work is on the curve layer's own types: each
// call converts its points once (curve/face.h), a table when it is built.
using cncrypto::layer_of;
using ed25519::from_face;
using ed25519::to_face;
using rct::key;
using rct::MultiexpData;

namespace {

key encode(const ed25519::ge_p3 &p) {
  key k;
  ed25519::ge_p3_tobytes(k.bytes, &p);
  return k;
}
key encode(const ge_p3 &p) { return encode(from_face(p)); }

// The points of data in the layer's form, converted once.
std::vector<ed25519::ge_p3> from_face_points(const std::vector<MultiexpData> &data) {
  std::vector<ed25519::ge_p3> r(data.size());
  for (std::size_t i = 0; i < data.size(); ++i) r[i] = from_face(data[i].point);
  return r;
}

constexpr std::size_t straus_limit = 256;  // measured crossover, docs/ringct.md

// Straus over data plus (optionally) fixed-table terms.
// Fixed term i is table->point(indices ? indices[i] : offset + i).
ed25519::ge_p3 straus_with_fixed(const cncrypto::multiexp_table *table, std::size_t offset, const std::size_t *indices,
                                 const key *fixed_scalars, std::size_t n_fixed, const std::vector<MultiexpData> &data) {
  std::vector<ed25519::ge_cached> cached(8 * data.size());
  std::vector<ed25519::straus_term> terms;
  terms.reserve(n_fixed + data.size());
  for (std::size_t i = 0; i < n_fixed; ++i)
    terms.push_back({fixed_scalars[i].bytes, nullptr, layer_of(*table).odd_multiples(indices ? indices[i] : offset + i)});
  for (std::size_t i = 0; i < data.size(); ++i) {
    ed25519::odd_multiples_cached(&cached[8 * i], from_face(data[i].point), 8);
    terms.push_back({data[i].scalar.bytes, &cached[8 * i], nullptr});
  }
  return ed25519::straus_vartime(terms.data(), terms.size());
}

// Scalars as 256-bit little-endian integers.
bool scalar_less(const key &a, const key &b) {
  for (int i = 31; i >= 0; --i)
    if (a.bytes[i] != b.bytes[i]) return a.bytes[i] < b.bytes[i];
  return false;
}
bool scalar_is_zero(const key &a) {
  return std::all_of(std::begin(a.bytes), std::end(a.bytes), [](unsigned char b) { return b == 0; });
}
key scalar_half(const key &a) {  // floor(a / 2)
  key r;
  for (int i = 0; i < 32; ++i)
    r.bytes[i] = static_cast<unsigned char>((a.bytes[i] >> 1) | (i < 31 ? a.bytes[i + 1] << 7 : 0));
  return r;
}

void add_to(ed25519::ge_p3 &acc, const ed25519::ge_p3 &p) {
  ed25519::ge_cached c;
  ed25519::ge_p1p1 t;
  ed25519::ge_p3_to_cached(&c, &p);
  ed25519::ge_add(&t, &acc, &c);
  ed25519::ge_p1p1_to_p3(&acc, &t);
}

// Bos-Coster over a max-heap of term indices, ordered by scalar. The largest term
// s1 P1 is taken off the heap; while the next largest s2 is below s1 / 2, s1 is halved
// and P1 doubled (an odd bit's P1 goes to a side sum of unit terms); then
// s1 P1 + s2 P2 = (s1 - s2) P1 + s2 (P1 + P2): P2 (still on top of the heap, its
// scalar unchanged) takes P1 in, and P1 goes back with s1 - s2 unless that is zero.
key bos_coster(std::vector<MultiexpData> &data) {
  std::vector<ed25519::ge_p3> point(data.size());  // data[i].point, the layer's form
  std::vector<std::size_t> heap;
  heap.reserve(data.size());
  for (std::size_t i = 0; i < data.size(); ++i) {
    point[i] = from_face(data[i].point);
    if (!scalar_is_zero(data[i].scalar) && !ed25519::ge_p3_is_point_at_infinity_vartime(&point[i]))
      heap.push_back(i);
  }
  const auto smaller = [&data](std::size_t a, std::size_t b) { return scalar_less(data[a].scalar, data[b].scalar); };
  std::make_heap(heap.begin(), heap.end(), smaller);

  ed25519::ge_p3 units = ed25519::ge_p3_identity;  // the odd bits set aside by halving
  while (heap.size() > 1) {
    std::pop_heap(heap.begin(), heap.end(), smaller);
    MultiexpData &big = data[heap.back()];
    MultiexpData &next = data[heap.front()];
    ed25519::ge_p3 &big_point = point[heap.back()];
    while (scalar_less(next.scalar, scalar_half(big.scalar))) {
      if (big.scalar.bytes[0] & 1) add_to(units, big_point);
      big.scalar = scalar_half(big.scalar);
      ed25519::ge_p1p1 t;
      ed25519::ge_p3_dbl(&t, &big_point);
      ed25519::ge_p1p1_to_p3(&big_point, &t);
    }
    add_to(point[heap.front()], big_point);
    sc_sub(big.scalar.bytes, big.scalar.bytes, next.scalar.bytes);
    if (scalar_is_zero(big.scalar))
      heap.pop_back();
    else
      std::push_heap(heap.begin(), heap.end(), smaller);
  }
  if (!heap.empty()) {
    ed25519::ge_p3 last;
    ed25519::ge_scalarmult_p3(&last, data[heap[0]].scalar.bytes, &point[heap[0]]);
    add_to(units, last);
  }
  return encode(units);
}

[[noreturn]] void refuse(const std::string &what) { throw std::runtime_error(what); }

}  // namespace

namespace rct {

struct straus_cached_data {
  explicit straus_cached_data(const std::vector<ge_p3> &points) : table(points) {}
  cncrypto::multiexp_table table;
};

struct pippenger_cached_data {
  std::vector<ed25519::ge_precomp> pre;  // the points in affine form
};

MultiexpData::MultiexpData(const key &s, const key &p) : scalar(s) {
  ed25519::ge_p3 q;
  if (ed25519::ge_frombytes_vartime(&q, p.bytes) != 0) refuse("rct::MultiexpData: the point does not decode");
  point = to_face(q);
}

key bos_coster_heap_conv(std::vector<MultiexpData> data) {
  if (data.size() < 2)
    refuse("rct::bos_coster_heap_conv: " + std::to_string(data.size()) + " terms (needs at least 2)");
  return bos_coster(data);
}

key bos_coster_heap_conv_robust(std::vector<MultiexpData> data) { return bos_coster(data); }

std::shared_ptr<straus_cached_data> straus_init_cache(const std::vector<MultiexpData> &data, std::size_t N) {
  if (N == 0) N = data.size();
  if (N > data.size())
    refuse("rct::straus_init_cache: N = " + std::to_string(N) + " exceeds the " + std::to_string(data.size()) +
           " points given");
  std::vector<ge_p3> points(N);
  for (std::size_t i = 0; i < N; ++i) points[i] = data[i].point;
  return std::make_shared<straus_cached_data>(points);
}

std::size_t straus_get_cache_size(const std::shared_ptr<straus_cached_data> &cache) {
  return cache ? cache->table.bytes() : 0;
}

ge_p3 straus_p3(const std::vector<MultiexpData> &data, const std::shared_ptr<straus_cached_data> &cache,
                std::size_t /*STEP: changes no result*/) {
  if (!cache) return to_face(straus_with_fixed(nullptr, 0, nullptr, nullptr, 0, data));
  if (cache->table.size() < data.size())
    refuse("rct::straus: cache is too small (" + std::to_string(cache->table.size()) + " points for " +
           std::to_string(data.size()) + " terms)");
  std::vector<ed25519::straus_term> terms(data.size());
  for (std::size_t i = 0; i < data.size(); ++i)
    terms[i] = {data[i].scalar.bytes, nullptr, layer_of(cache->table).odd_multiples(i)};
  return to_face(ed25519::straus_vartime(terms.data(), terms.size()));
}

key straus(const std::vector<MultiexpData> &data, const std::shared_ptr<straus_cached_data> &cache, std::size_t STEP) {
  return encode(straus_p3(data, cache, STEP));
}

std::shared_ptr<pippenger_cached_data> pippenger_init_cache(const std::vector<MultiexpData> &data,
                                                            std::size_t start_offset, std::size_t N) {
  if (start_offset > data.size())
    refuse("rct::pippenger_init_cache: start_offset " + std::to_string(start_offset) + " is past the " +
           std::to_string(data.size()) + " points given");
  if (N == 0) N = data.size() - start_offset;
  if (N > data.size() - start_offset)
    refuse("rct::pippenger_init_cache: N = " + std::to_string(N) + " from offset " + std::to_string(start_offset) +
           " exceeds the " + std::to_string(data.size()) + " points given");
  std::vector<ed25519::ge_p3> point(N);
  std::vector<const ed25519::ge_p3 *> points(N);
  for (std::size_t i = 0; i < N; ++i) {
    point[i] = from_face(data[start_offset + i].point);
    points[i] = &point[i];
  }
  auto cache = std::make_shared<pippenger_cached_data>();
  cache->pre.resize(N);
  ed25519::precomp_batch_vartime(cache->pre.data(), points.data(), N);
  return cache;
}

std::size_t pippenger_get_cache_size(const std::shared_ptr<pippenger_cached_data> &cache) {
  return cache ? cache->pre.size() * sizeof(ed25519::ge_precomp) : 0;
}

std::size_t get_pippenger_c(std::size_t N) {
  // Monero's table (src/ringct/multiexp.cc): the largest N for each width.
  static const std::size_t upto[] = {13, 29, 83, 185, 465, 1180, 2295};
  std::size_t c = 2;
  for (std::size_t limit : upto) {
    if (N <= limit) return c;
    ++c;
  }
  return c;
}

ge_p3 pippenger_p3(const std::vector<MultiexpData> &data, const std::shared_ptr<pippenger_cached_data> &cache,
                   std::size_t cache_size, std::size_t c) {
  if (cache && cache_size == 0) cache_size = cache->pre.size();
  if (cache && cache_size > cache->pre.size())
    refuse("rct::pippenger: cache is too small (" + std::to_string(cache->pre.size()) + " points, cache_size " +
           std::to_string(cache_size) + ")");
  if (c > 9) refuse("rct::pippenger: c is too large (" + std::to_string(c) + ", at most 9)");
  if (c == 0) c = ed25519::pippenger_window(data.size());
  const std::size_t cached = cache ? std::min(cache_size, data.size()) : 0;
  const std::vector<ed25519::ge_p3> point = from_face_points(data);
  std::vector<ed25519::pippenger_term> terms(data.size());
  for (std::size_t k = 0; k < data.size(); ++k)
    terms[k] = {data[k].scalar.bytes, &point[k], k < cached ? &cache->pre[k] : nullptr};
  return to_face(ed25519::pippenger_vartime(terms.data(), terms.size(), c));
}

key pippenger(const std::vector<MultiexpData> &data, const std::shared_ptr<pippenger_cached_data> &cache,
              const std::size_t cache_size, const std::size_t c) {
  return encode(pippenger_p3(data, cache, cache_size, c));
}

}  // namespace rct

namespace cncrypto {

ge_p3 multiexp_p3(const std::vector<MultiexpData> &data) {
  return data.size() <= straus_limit ? rct::straus_p3(data) : rct::pippenger_p3(data);
}
key multiexp(const std::vector<MultiexpData> &data) { return encode(multiexp_p3(data)); }

multiexp_table::multiexp_table(std::vector<ge_p3> points) : n_(points.size()), points_(std::move(points)) {
  auto layer = std::make_shared<multiexp_table_layer>();
  layer->points = from_face(points_);
  layer->table.resize(16 * n_);
  ed25519::odd_multiples_affine(layer->table.data(), layer->points.data(), n_);
  layer_ = std::move(layer);
}

std::size_t multiexp_table::bytes() const {
  return n_ * (sizeof(ge_p3) + sizeof(ed25519::ge_p3) + 16 * sizeof(ed25519::ge_precomp));
}

const multiexp_table_layer &layer_of(const multiexp_table &table) { return *table.layer_; }

ge_p3 multiexp_fixed_vartime(const multiexp_table &table, std::size_t offset, const key *fixed_scalars, std::size_t n,
                             const std::vector<MultiexpData> &data) {
  if (offset > table.size() || n > table.size() - offset)
    throw std::invalid_argument("cncrypto::multiexp_fixed_vartime: terms " + std::to_string(offset) + ".." +
                                std::to_string(offset + n) + " exceed the table of " + std::to_string(table.size()));
  if (data.size() <= straus_limit) return to_face(straus_with_fixed(&table, offset, nullptr, fixed_scalars, n, data));
  // Many variable terms: one Pippenger over both, the fixed points through their
  // table's first entry (the point itself in affine form).
  std::vector<ed25519::pippenger_term> terms;
  terms.reserve(n + data.size());
  const multiexp_table_layer &layer = layer_of(table);
  for (std::size_t i = 0; i < n; ++i)
    terms.push_back({fixed_scalars[i].bytes, &layer.points[offset + i], layer.odd_multiples(offset + i)});
  const std::vector<ed25519::ge_p3> point = from_face_points(data);
  for (std::size_t k = 0; k < data.size(); ++k) terms.push_back({data[k].scalar.bytes, &point[k], nullptr});
  return to_face(ed25519::pippenger_vartime(terms.data(), terms.size(), ed25519::pippenger_window(terms.size())));
}

ge_p3 multiexp_indexed_vartime(const multiexp_table &table, const std::size_t *indices, const key *scalars,
                               std::size_t n, const std::vector<MultiexpData> &data) {
  for (std::size_t i = 0; i < n; ++i)
    if (indices[i] >= table.size())
      throw std::invalid_argument("cncrypto::multiexp_indexed_vartime: fixed term " + std::to_string(i) +
                                  " has index " + std::to_string(indices[i]) + " outside the table of " +
                                  std::to_string(table.size()));
  if (data.size() <= straus_limit) return to_face(straus_with_fixed(&table, 0, indices, scalars, n, data));
  ed25519::ge_p3 r;
  const ed25519::ge_p3 fixed = straus_with_fixed(&table, 0, indices, scalars, n, {}),
                       var = from_face(rct::pippenger_p3(data));
  ed25519::p3_add(&r, &fixed, &var);
  return to_face(r);
}

ge_p3 multiexp_ct(const std::vector<MultiexpData> &data) { return multiexp_ct(nullptr, nullptr, nullptr, 0, data); }

ge_p3 multiexp_ct(const multiexp_table *table, const std::size_t *indices, const key *scalars, std::size_t n_fixed,
                  const std::vector<MultiexpData> &data) {
  for (std::size_t i = 0; i < n_fixed; ++i)
    if (table == nullptr || indices[i] >= table->size())
      throw std::invalid_argument("cncrypto::multiexp_ct: fixed term " + std::to_string(i) + " has index " +
                                  std::to_string(indices[i]) + " outside the table");
  const std::size_t nv = data.size();
  std::vector<ed25519::ge_cached> vtab(16 * nv);
  std::vector<ed25519::ct_term> terms(n_fixed + nv);
  for (std::size_t i = 0; i < n_fixed; ++i)
    terms[i] = {scalars[i].bytes, layer_of(*table).odd_multiples(indices[i]), nullptr};
  for (std::size_t i = 0; i < nv; ++i) {
    ed25519::odd_multiples_cached(&vtab[16 * i], from_face(data[i].point), 16);
    terms[n_fixed + i] = {data[i].scalar.bytes, nullptr, &vtab[16 * i]};
  }
  return to_face(ed25519::multiexp_ct(terms.data(), terms.size()));
}

}  // namespace cncrypto
