// Multi-scalar products of ringct/multiexp.h with the names and parameters of Monero's
// tests/performance_tests/multiexp.h: test_multiexp<algorithm, npoints, c> times one
// product of npoints random terms (skGen scalars, points skGen * G decoded from bytes)
// by Bos-Coster (bos_coster_heap_conv_robust), Straus and Pippenger, uncached and with
// a cache of the same points built in init() (not timed), as Monero's does. Loop counts
// as Monero's. Every name of Monero 0.18's main.cpp is registered once (its main.cpp
// lists the pippenger rows of its own window widths twice).
//
// Known answer: with P_i = p_i G, sum s_i P_i = (sum s_i p_i mod L) G, one
// scalarmultBase of a scalar built with sc_muladd (Monero sums scalarmultKey products
// instead; the value is the same). The terms of each size are made once and shared by
// its rows.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "crypto/crypto-ops.h"
#include "performance_tests.h"
#include "ringct/multiexp.h"
#include "ringct/rctOps.h"

namespace perf {

enum test_multiexp_algorithm {
  multiexp_bos_coster,
  multiexp_straus,
  multiexp_straus_cached,
  multiexp_pippenger,
  multiexp_pippenger_cached,
};

namespace multiexp_detail {

struct terms {
  std::vector<rct::MultiexpData> data;
  rct::key sum;  // the known answer
};

// The npoints random terms and their sum, made on first use (the harness runs on one
// thread). Null if a point fails to decode (it cannot: s G always does).
inline const terms *terms_of(std::size_t npoints) {
  static std::map<std::size_t, std::unique_ptr<terms>> made;
  auto &slot = made[npoints];
  if (!slot) {
    auto t = std::make_unique<terms>();
    rct::key total = rct::zero();
    t->data.resize(npoints);
    for (auto &d : t->data) {
      const rct::key p = rct::skGen();
      d.scalar = rct::skGen();
      if (ge_frombytes_vartime(&d.point, rct::scalarmultBase(p).bytes) != 0) return nullptr;
      rct::key next;
      sc_muladd(next.bytes, d.scalar.bytes, p.bytes, total.bytes);
      total = next;
    }
    t->sum = rct::scalarmultBase(total);
    slot = std::move(t);
  }
  return slot.get();
}

}  // namespace multiexp_detail

template <test_multiexp_algorithm algorithm, std::size_t npoints, std::size_t c = 0>
class test_multiexp {
 public:
  static const std::size_t loop_count = npoints >= 1024 ? 10 : npoints < 256 ? 1000 : 100;

  bool init() {
    terms_ = multiexp_detail::terms_of(npoints);
    if (terms_ == nullptr) return false;
    if (algorithm == multiexp_straus_cached) straus_cache_ = rct::straus_init_cache(terms_->data);
    if (algorithm == multiexp_pippenger_cached) pippenger_cache_ = rct::pippenger_init_cache(terms_->data);
    return test();
  }

  bool test() {
    const std::vector<rct::MultiexpData> &data = terms_->data;
    switch (algorithm) {
      case multiexp_bos_coster:
        return terms_->sum == rct::bos_coster_heap_conv_robust(data);
      case multiexp_straus:
        return terms_->sum == rct::straus(data);
      case multiexp_straus_cached:
        return terms_->sum == rct::straus(data, straus_cache_);
      case multiexp_pippenger:
        return terms_->sum == rct::pippenger(data, nullptr, 0, c);
      case multiexp_pippenger_cached:
        return terms_->sum == rct::pippenger(data, pippenger_cache_, 0, c);
    }
    return false;
  }

 private:
  const multiexp_detail::terms *terms_ = nullptr;
  std::shared_ptr<rct::straus_cached_data> straus_cache_;
  std::shared_ptr<rct::pippenger_cached_data> pippenger_cache_;
};

namespace multiexp_detail {

// Monero's name of a row: test_multiexp<multiexp_straus, 64> or, with a width,
// test_multiexp<multiexp_pippenger, 64, 4>.
inline std::string row_name(const char *algorithm, std::size_t npoints, std::size_t c = 0) {
  return std::string("test_multiexp<") + algorithm + ", " + std::to_string(npoints) +
         (c != 0 ? ", " + std::to_string(c) : std::string()) + ">";
}

// Monero's sizes are 2 << k, k < 12 (2 to 4096 points); its widths 1 to 9.
template <test_multiexp_algorithm algorithm, std::size_t... k>
void register_sizes(registry &r, const char *name, std::index_sequence<k...>) {
  (r.test<test_multiexp<algorithm, (std::size_t(2) << k)>>(row_name(name, std::size_t(2) << k)), ...);
}
template <test_multiexp_algorithm algorithm, std::size_t npoints, std::size_t... w>
void register_widths(registry &r, const char *name, std::index_sequence<w...>) {
  (r.test<test_multiexp<algorithm, npoints, w + 1>>(row_name(name, npoints, w + 1)), ...);
}
template <test_multiexp_algorithm algorithm, std::size_t... k>
void register_sizes_and_widths(registry &r, const char *name, std::index_sequence<k...>) {
  (register_widths<algorithm, (std::size_t(2) << k)>(r, name, std::make_index_sequence<9>{}), ...);
}

}  // namespace multiexp_detail

// Monero 0.18's test_multiexp rows (main.cpp), each name once: Bos-Coster, Straus and
// cached Straus per size; cached and uncached Pippenger per size and width 1 to 9
// (which include the rows of Monero's own width for each size).
inline void register_multiexp_tests(registry &r) {
  using namespace multiexp_detail;
  const auto sizes = std::make_index_sequence<12>{};
  register_sizes<multiexp_bos_coster>(r, "multiexp_bos_coster", sizes);
  register_sizes<multiexp_straus>(r, "multiexp_straus", sizes);
  register_sizes<multiexp_straus_cached>(r, "multiexp_straus_cached", sizes);
  register_sizes_and_widths<multiexp_pippenger_cached>(r, "multiexp_pippenger_cached", sizes);
  register_sizes_and_widths<multiexp_pippenger>(r, "multiexp_pippenger", sizes);
}

}  // namespace perf
