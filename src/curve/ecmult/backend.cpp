// The table of curve backends and the one-time choice among them (curve/ecmult.h's
// batch entry points dispatch through it; docs/ed25519_backends.md). Compiled
// without ISA flags: the vector kernels are called only after available() said yes.
//
// To add a backend: one translation unit under src/curve/backend/<name>/ compiled
// with its ISA flags (src/curve/CMakeLists.txt), its kernels declared in
// backend/backend.h, an available() from common/cpu_features.h, and an entry below
// (best last).
#include "backend/backend.h"

#include "common/cpu_features.h"
#include "common/implementation_choice.h"
#include "curve/ecmult.h"

#include <cstring>
#include <iterator>

namespace cncrypto::ed25519 {
namespace {

bool always() { return true; }

#if defined(CNCRYPTO_CURVE_IFMA)
bool ifma_available() { return crypto::detected_cpu_features().avx512ifma; }
constexpr curve_backend kIfma{"ifma", ifma_available, 8, ifma::scalarmult_lanes, ifma::scalarmult_base_lanes,
                              ifma::scalarmult_each_lanes, ifma::scalarmult_one, ifma::scalarmult_base_one,
                              ifma::straus_dense_vartime, ifma::straus_pair_vartime,
                              ifma::straus_sparse_vartime, ifma::pow22523_lanes, ifma::x25519_lanes,
                              ifma::x25519_one, ifma::scalarmult_vartime_lanes,
                              ifma::scalarmult_base_one_side, ifma::ref10_product_sums};
static_assert(kIfma.lanes <= kMaxCurveLanes, "batch.cpp's tail buffers hold kMaxCurveLanes points");
#endif
#if defined(CNCRYPTO_CURVE_AVX2)
bool avx2_available() { return crypto::detected_cpu_features().avx2; }
constexpr curve_backend kAvx2{"avx2", avx2_available, 4, avx2::scalarmult_lanes, avx2::scalarmult_base_lanes,
                              avx2::scalarmult_each_lanes, nullptr, nullptr, nullptr, nullptr, nullptr,
                              avx2::pow22523_lanes, avx2::x25519_lanes, nullptr, avx2::scalarmult_vartime_lanes,
                              nullptr, nullptr};
static_assert(kAvx2.lanes <= kMaxCurveLanes, "batch.cpp's tail buffers hold kMaxCurveLanes points");
#endif
#if defined(CNCRYPTO_CURVE_SIMD128)
}  // namespace
// Weak stand-ins for backend/simd128/simd128.cpp's kernels: the scalar-only wasm
// module does not link that file (the SIMD128 module does, and its definitions
// win), so there the entry exists but is unavailable; the kernels are never called.
namespace simd128 {
__attribute__((weak)) bool linked() { return false; }
__attribute__((weak)) void scalarmult_one(ge_p3 *, const signed char *, const ge_p3 *) { __builtin_trap(); }
__attribute__((weak)) void scalarmult_base_one(ge_p3 *, const signed char *) { __builtin_trap(); }
__attribute__((weak)) void pow22523_lanes(fe *, const fe *) { __builtin_trap(); }
__attribute__((weak)) void scalarmult_lanes(ge_p3 *, const signed char *, const ge_p3 *) { __builtin_trap(); }
}  // namespace simd128
namespace {
bool simd128_available() { return simd128::linked(); }
// 4 lanes: scalarmult_lanes (a P_k, one point per lane) and pow22523_lanes; without
// fixed-base and per-lane-scalar lane kernels those batches loop over the single
// calls, which run the one-point kernels.
constexpr curve_backend kSimd128{"simd128", simd128_available, 4, simd128::scalarmult_lanes, nullptr, nullptr,
                                 simd128::scalarmult_one,
                                 simd128::scalarmult_base_one, nullptr, nullptr, nullptr, simd128::pow22523_lanes,
                                 nullptr, nullptr, nullptr, nullptr, nullptr};
static_assert(kSimd128.lanes <= kMaxCurveLanes, "batch.cpp's tail buffers hold kMaxCurveLanes points");
#endif
constexpr curve_backend kSerial{"serial", always, 0,       nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                                nullptr,  nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr};

// Every compiled-in backend, worst first; the default is the last available one.
const curve_backend *const kBackends[] = {
    &kSerial,
#if defined(CNCRYPTO_CURVE_SIMD128)
    &kSimd128,
#endif
#if defined(CNCRYPTO_CURVE_AVX2)
    &kAvx2,
#endif
#if defined(CNCRYPTO_CURVE_IFMA)
    &kIfma,
#endif
};
constexpr std::size_t kCount = std::size(kBackends);

}  // namespace

const curve_backend &curve_active_backend() {
  // Initialised once, thread-safely; if the choice throws, the next call throws again.
  static const curve_backend &active = choose_implementation("CNCRYPTO_CURVE_IMPL", "curve", kBackends, kCount);
  return active;
}

const curve_backend *find_curve_backend(const char *name) {
  if (name == nullptr) return nullptr;
  for (const curve_backend *b : kBackends)
    if (std::strcmp(b->name, name) == 0) return b;
  return nullptr;
}

const curve_backend *runnable_curve_backend(const char *name) {
  const curve_backend *b = find_curve_backend(name);
  return b != nullptr && b->available() ? b : nullptr;
}

const char *curve_backend_name() { return curve_active_backend().name; }

unsigned curve_backend_lanes() { return curve_active_backend().lanes; }


std::size_t curve_backend_names(const char **names, std::size_t max) {
  std::size_t n = 0;
  for (const curve_backend *b : kBackends) {
    if (!b->available()) continue;
    if (n < max) names[n] = b->name;
    ++n;
  }
  return n;
}

}  // namespace cncrypto::ed25519
