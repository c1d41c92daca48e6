// Multi-scalar multiplication r = sum_i s_i P_i over the ed25519 group, with Monero's
// names and signatures (Monero 0.18's src/ringct/multiexp.h; straus_p3 and
// pippenger_p3 with Monero master's signatures). The methods are the curve layer's
// (curve/ecmult.h: Straus, Pippenger); this header only gives them Monero's faces and
// caches. cncrypto's own products (multiexp, multiexp_ct for secret scalars, the
// generator tables of Bulletproofs(+)) are in ringct/cncrypto_multiexp.h, namespace
// cncrypto::. See docs/ringct.md, "Multi-scalar multiplication".
//
// Every function here is _vartime: time depends on the scalars and the points, so all
// of them must be public (verification). A prover's secret scalars go to
// cncrypto::multiexp_ct.
//
// Scalars are 32-byte little-endian integers. straus and pippenger use the full
// 256-bit integer (reduced or not: s P for the integer s), as Monero's do; the
// Bos-Coster functions subtract scalars mod L, as Monero's do (see there).
//
// Errors: where Monero's CHECK_AND_ASSERT_THROW_MES throws std::runtime_error, so do
// these (the message names the function). Every result is the same point (the same
// 32 bytes) as Monero's for the same inputs; the caches hold other precomputations
// than Monero's, so their sizes in bytes differ.
#pragma once

#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "ringct/rctTypes.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace rct {

// One term s P of a product. Mirrors Monero's rct::MultiexpData (the default
// constructor leaves both members uninitialized, as Monero's does).
struct MultiexpData {
  key scalar;
  ge_p3 point;

  MultiexpData() {}
  MultiexpData(const key &s, const ge_p3 &p) : scalar(s), point(p) {}
  // Decodes p (ge_frombytes_vartime, public data); throws std::runtime_error naming
  // MultiexpData when it does not decode (Monero: "ge_frombytes_vartime failed").
  MultiexpData(const key &s, const key &p);
};

// Precomputed tables of a fixed list of points, for many products over the same
// points (Bulletproofs' generators in Monero). Opaque, as in Monero; built only by
// straus_init_cache / pippenger_init_cache, read-only afterwards (safe to share
// between threads).
struct straus_cached_data;
struct pippenger_cached_data;

// sum of the terms by the Bos-Coster method: a max-heap of the terms by scalar;
// the two largest s1 P1, s2 P2 become (s1 - s2) P1 + s2 (P1 + P2) until one term is
// left, which is multiplied by ge_scalarmult. _vartime. Source: Bos and Coster,
// "Addition chain heuristics" (Crypto 1989), as described by de Rooij, "Efficient
// exponentiation using precomputation and vector addition chains" (Eurocrypt 1994);
// mirrors Monero's rct::bos_coster_heap_conv and
// bos_coster_heap_conv_robust.
//
// Scalars must be < L for the result to be the plain sum sum s_i P_i (what Monero's
// callers pass; then every subtraction is exact). For larger scalars the result is
// Monero's arithmetic: differences are taken mod L (sc_sub), so it is the sum for
// points of the prime-order subgroup, and the last term's multiplication follows
// ge_scalarmult (a scalar with byte 31 > 127 is not a plain integer there).
//
// bos_coster_heap_conv_robust: any number of terms; terms with a zero scalar or the
// identity point are dropped; nothing left gives the identity (rct::identity()).
// When the largest scalar is more than twice the next, it is halved and its point
// doubled first (the odd bit kept apart), so every input takes about as many steps
// as a Straus product.
//
// bos_coster_heap_conv: throws std::runtime_error naming it when data has fewer than
// 2 terms (as Monero's "Not enough points"); otherwise the same result as the robust
// form. Monero's own bos_coster_heap_conv never halves: it loops forever on a zero
// scalar beside a nonzero one and takes s1/s2 steps for scalars far apart; here it
// runs the robust algorithm (the same point wherever Monero's returns).
key bos_coster_heap_conv(std::vector<MultiexpData> data);
key bos_coster_heap_conv_robust(std::vector<MultiexpData> data);

// A Straus cache of the points data[0 .. N) (N = 0: all of data): 16 odd multiples
// (1, 3, ..., 31) P of each, in affine form (2 KiB per point). Throws
// std::runtime_error naming straus_init_cache when N > data.size(); std::bad_alloc
// when memory runs out. The scalars of data are not read. Mirrors Monero's
// rct::straus_init_cache.
std::shared_ptr<straus_cached_data> straus_init_cache(const std::vector<MultiexpData> &data, std::size_t N = 0);
// The bytes a Straus cache holds (points and tables); 0 for a null cache (Monero
// dereferences it). Mirrors Monero's rct::straus_get_cache_size (the figure differs:
// Monero's cache holds 15 projective multiples per point).
std::size_t straus_get_cache_size(const std::shared_ptr<straus_cached_data> &cache);

// sum of the terms by Straus's method (shared doublings, width-5 NAF over 8 odd
// multiples computed here, or width-6 NAF over the cache's 16). Empty data gives the
// identity. With a cache, term i is data[i].scalar times the cache's point i (data's
// points are not read, as in Monero): the cache must hold at least data.size()
// points, else std::runtime_error naming straus ("cache is too small"). STEP (Monero's
// band of points per pass, default 192) is accepted and ignored: it changes no
// result. _vartime. Source: Straus 1964; mirrors Monero's rct::straus and master's
// rct::straus_p3.
ge_p3 straus_p3(const std::vector<MultiexpData> &data, const std::shared_ptr<straus_cached_data> &cache = nullptr,
                std::size_t STEP = 0);
key straus(const std::vector<MultiexpData> &data, const std::shared_ptr<straus_cached_data> &cache = nullptr,
           std::size_t STEP = 0);

// A Pippenger cache of the points data[start_offset .. start_offset + N) (N = 0: to
// the end), each in affine form for mixed additions (120 bytes per point). Throws
// std::runtime_error naming pippenger_init_cache when start_offset > data.size() or
// N > data.size() - start_offset. The scalars of data are not read. Mirrors Monero's
// rct::pippenger_init_cache.
std::shared_ptr<pippenger_cached_data> pippenger_init_cache(const std::vector<MultiexpData> &data,
                                                            std::size_t start_offset = 0, std::size_t N = 0);
// The bytes a Pippenger cache holds; 0 for a null cache. Mirrors Monero's
// rct::pippenger_get_cache_size (Monero's holds 160-byte projective points).
std::size_t pippenger_get_cache_size(const std::shared_ptr<pippenger_cached_data> &cache);

// Monero's window width for an uncached Pippenger product of N terms: 2 for N <= 13,
// 3 to 29, 4 to 83, 5 to 185, 6 to 465, 7 to 1180, 8 to 2295, 9 beyond (Monero's
// table, measured for its unsigned digits). Mirrors Monero's rct::get_pippenger_c.
std::size_t get_pippenger_c(std::size_t N);

// sum of the terms by Pippenger's bucket method with signed c-bit digits. c = 0 picks
// the width for data.size() by cncrypto's cost model (curve/ecmult.h's
// pippenger_window, tuned for signed digits; it may differ from get_pippenger_c);
// otherwise 1 <= c <= 9, and c > 9 throws std::runtime_error naming pippenger
// ("c is too large"), as Monero's. The result does not depend on c. With a cache, its
// first cache_size points (cache_size = 0: all of them) stand for data[0 ..
// cache_size) and must be those points (the cache of data's own points, or of a
// list data begins with); cache_size larger than the cache throws std::runtime_error
// ("cache is too small"); the terms past the cache, or all without one, are
// converted here. Empty data gives the identity. _vartime. Source: Pippenger 1976,
// as in Bernstein et al., "Faster batch forgery identification" (2012); mirrors
// Monero's rct::pippenger and master's rct::pippenger_p3.
ge_p3 pippenger_p3(const std::vector<MultiexpData> &data, const std::shared_ptr<pippenger_cached_data> &cache = nullptr,
                   std::size_t cache_size = 0, std::size_t c = 0);
key pippenger(const std::vector<MultiexpData> &data, const std::shared_ptr<pippenger_cached_data> &cache = nullptr,
              const std::size_t cache_size = 0, const std::size_t c = 0);

}  // namespace rct
