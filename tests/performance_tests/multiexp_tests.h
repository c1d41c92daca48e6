// Monero's test_multiexp<algorithm, npoints, c>: one multi-scalar product of
// npoints terms s_i P_i per call (random reduced scalars, points s'_i G for
// random s'_i), compared with the expected sum, computed once per size with
// scalarmultKey and addKeys (not with the code being timed). The uncached
// algorithms are here: rct::straus (multiexp_straus) and rct::pippenger with
// window width c (multiexp_pippenger; c from 1 to 9 at every size, the
// non-default widths being those of Monero's main.cpp when built with its
// "#else" list). The cached ones (multiexp_straus_cached,
// multiexp_pippenger_cached) and Bos-Coster (multiexp_bos_coster) come with
// the multiexp caches of ringct/multiexp.h.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "crypto/crypto-ops.h"
#include "performance_tests.h"
#include "ringct/multiexp.h"
#include "ringct/rctOps.h"
#include "test_data.h"

namespace perf {

enum test_multiexp_algorithm {
  multiexp_bos_coster,
  multiexp_straus,
  multiexp_straus_cached,
  multiexp_pippenger,
  multiexp_pippenger_cached,
};

// The terms and their sum for one size, built on first use and kept for the
// process (the rows of one size share them).
struct multiexp_fixture {
  std::vector<rct::MultiexpData> data;
  rct::key sum = rct::identity();
  bool ok = true;
};

template <std::size_t npoints>
const multiexp_fixture &multiexp_terms() {
  static const multiexp_fixture fixture = [] {
    multiexp_fixture f;
    f.data.resize(npoints);
    for (std::size_t i = 0; i < npoints; ++i) {
      rct::key scalar, seed;
      fill_random(scalar.bytes, 32, 2 * i + 1000);
      fill_random(seed.bytes, 32, 2 * i + 1001);
      sc_reduce32(scalar.bytes);
      sc_reduce32(seed.bytes);
      const rct::key point = rct::scalarmultBase(seed);
      f.data[i].scalar = scalar;
      if (ge_frombytes_vartime(&f.data[i].point, point.bytes) != 0) f.ok = false;
      f.sum = rct::addKeys(f.sum, rct::scalarmultKey(point, scalar));
    }
    return f;
  }();
  return fixture;
}

namespace detail {
// rct::pippenger with window width c and no cache, through Monero's signature
// (data, cache, cache_size, c) when ringct/multiexp.h has it, else through
// ours (data, c).
template <typename D, typename = void>
struct pippenger_takes_cache : std::false_type {};
template <typename D>
struct pippenger_takes_cache<D, std::void_t<decltype(rct::pippenger(std::declval<const D &>(), nullptr, 0, 0))>>
    : std::true_type {};

template <typename D>
rct::key pippenger_uncached(const D &data, std::size_t c) {
  if constexpr (pippenger_takes_cache<D>::value) {
    return rct::pippenger(data, nullptr, 0, c);
  } else {
    return rct::pippenger(data, c);
  }
}
}  // namespace detail

template <test_multiexp_algorithm algorithm, std::size_t npoints, std::size_t c = 0>
class test_multiexp {
  static_assert(algorithm == multiexp_straus || algorithm == multiexp_pippenger,
                "the cached algorithms and Bos-Coster need the multiexp caches");

 public:
  static const std::size_t loop_count = npoints >= 1024 ? 10 : npoints < 256 ? 1000 : 100;

  bool init() { return multiexp_terms<npoints>().ok && test(); }
  bool test() {
    const multiexp_fixture &f = multiexp_terms<npoints>();
    if constexpr (algorithm == multiexp_straus) {
      return rct::straus(f.data) == f.sum;
    } else {
      return detail::pippenger_uncached(f.data, c) == f.sum;
    }
  }
};

template <test_multiexp_algorithm algorithm, std::size_t... sizes>
void register_multiexp_sizes(registry &r, const char *name, std::index_sequence<sizes...>) {
  (r.test<test_multiexp<algorithm, std::size_t{2} << sizes>>("test_multiexp<" + std::string(name) + ", " +
                                                              std::to_string(std::size_t{2} << sizes) + ">"),
   ...);
}

template <std::size_t npoints, std::size_t... widths>
void register_pippenger_widths(registry &r, std::index_sequence<widths...>) {
  (r.test<test_multiexp<multiexp_pippenger, npoints, widths + 1>>("test_multiexp<multiexp_pippenger, " +
                                                                   std::to_string(npoints) + ", " +
                                                                   std::to_string(widths + 1) + ">"),
   ...);
}

template <std::size_t... sizes>
void register_pippenger_grid(registry &r, std::index_sequence<sizes...>) {
  (register_pippenger_widths<std::size_t{2} << sizes>(r, std::make_index_sequence<9>{}), ...);
}

// Monero's uncached rows: Straus at 2, 4, ..., 4096 terms, then Pippenger at
// the same sizes with every window width from 1 to 9.
inline void register_multiexp_tests(registry &r) {
  register_multiexp_sizes<multiexp_straus>(r, "multiexp_straus", std::make_index_sequence<12>{});
  register_pippenger_grid(r, std::make_index_sequence<12>{});
}

}  // namespace perf
