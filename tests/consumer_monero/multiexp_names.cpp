// Monero's idiom for ringct/multiexp.h, compiled against the installed package with
// Monero's include paths only (scripts/test-consumer.sh): the Straus and Pippenger
// caches, Bos-Coster, get_pippenger_c, called unqualified under `using namespace rct`
// as Monero's tests do. The file also declares its own `multiexp` and `multiexp_ct`
// at global scope and calls them unqualified: a name of cncrypto's in namespace rct
// would make those calls ambiguous (issue 33).
//
// Expected values: the points are P_i = (i + 1) G and the scalars s_i = 7 i + 3, so
// sum s_i P_i = (sum (7 i + 3)(i + 1)) G, one scalarmultBase of that integer; and the
// same sum by Monero's own way in its performance test, rct::addKeys of
// rct::scalarmultKey products. get_pippenger_c: the table of Monero's
// src/ringct/multiexp.cc.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <vector>

#include "check.h"
#include "ringct/multiexp.h"
#include "ringct/rctOps.h"

using namespace rct;
using monero_idiom::check;

// Names a Monero program may well have (Monero has none of them in rct).
static key multiexp(const std::vector<MultiexpData> &data) { return straus(data); }
static key multiexp_ct(const std::vector<MultiexpData> &data) { return pippenger(data); }

int main() {
  const char *me = "monero_idiom_multiexp";
  const std::size_t N = 40;
  std::vector<MultiexpData> data;
  std::uint64_t total = 0;
  key expected_by_adds = identity();
  for (std::size_t i = 0; i < N; ++i) {
    const key P = scalarmultBase(d2h(i + 1));
    const key s = d2h(7 * i + 3);
    data.push_back({s, P});  // MultiexpData(const key &, const key &) decodes P
    total += (7 * i + 3) * (i + 1);
    expected_by_adds = addKeys(expected_by_adds, scalarmultKey(P, s));
  }
  const key expected = scalarmultBase(d2h(total));
  check(me, "addKeys of scalarmultKey products equal the one scalarmultBase", expected == expected_by_adds);

  std::shared_ptr<straus_cached_data> straus_cache = straus_init_cache(data);
  std::shared_ptr<pippenger_cached_data> pippenger_cache = pippenger_init_cache(data);
  check(me, "straus(data)", straus(data) == expected);
  check(me, "straus(data, cache)", straus(data, straus_cache) == expected);
  check(me, "straus(data, cache, STEP)", straus(data, straus_cache, 16) == expected);
  check(me, "pippenger(data)", pippenger(data) == expected);
  check(me, "pippenger(data, NULL, 0, c)", pippenger(data, NULL, 0, 4) == expected);
  check(me, "pippenger(data, cache, 0, c)", pippenger(data, pippenger_cache, 0, get_pippenger_c(N)) == expected);
  check(me, "bos_coster_heap_conv_robust(data)", bos_coster_heap_conv_robust(data) == expected);
  check(me, "bos_coster_heap_conv(data)", bos_coster_heap_conv(data) == expected);
  check(me, "cache sizes", straus_get_cache_size(straus_cache) > 0 && pippenger_get_cache_size(pippenger_cache) > 0);
  check(me, "get_pippenger_c (Monero's table)",
        get_pippenger_c(13) == 2 && get_pippenger_c(14) == 3 && get_pippenger_c(2295) == 8 &&
            get_pippenger_c(2296) == 9);

  // A cache of the first 20 points serves products over those points.
  std::vector<MultiexpData> first(data.begin(), data.begin() + 20);
  std::shared_ptr<straus_cached_data> small = straus_init_cache(data, 20);
  check(me, "straus with a cache of the first N points", straus(first, small) == straus(first));
  bool refused = false;
  try {
    straus(data, small);  // 40 terms, 20 cached points: Monero's "Cache is too small"
  } catch (const std::runtime_error &) {
    refused = true;
  }
  check(me, "a too small cache throws std::runtime_error", refused);

  check(me, "own multiexp / multiexp_ct (unqualified, no ambiguity)",
        multiexp(data) == expected && multiexp_ct(data) == expected);
  return 0;
}
