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

namespace cncrypto::ed25519 {
namespace {

bool always() { return true; }

#if defined(CNCRYPTO_CURVE_IFMA)
bool ifma_available() { return crypto::detected_cpu_features().avx512ifma; }
#endif

struct backend_table {
  const curve_backend *entries[4];
  std::size_t count;
};

const backend_table &table() {
  static const backend_table t = [] {
    backend_table r{};
    static const curve_backend serial{"serial", always, 0, nullptr, nullptr};
    r.entries[r.count++] = &serial;
#if defined(CNCRYPTO_CURVE_IFMA)
    static const curve_backend ifma_entry{"ifma", ifma_available, 8, ifma::scalarmult_lanes,
                                          ifma::scalarmult_base_lanes};
    r.entries[r.count++] = &ifma_entry;
#endif
    return r;
  }();
  return t;
}

}  // namespace

const curve_backend &curve_active_backend() {
  // Initialised once, thread-safely; if the choice throws, the next call throws again.
  static const curve_backend &active =
      choose_implementation("CNCRYPTO_CURVE_IMPL", "curve", table().entries, table().count);
  return active;
}

const curve_backend *const *curve_backends(std::size_t &count) {
  count = table().count;
  return table().entries;
}

const curve_backend *find_curve_backend(const char *name) {
  if (name == nullptr) return nullptr;
  for (std::size_t i = 0; i < table().count; ++i)
    if (std::strcmp(table().entries[i]->name, name) == 0) return table().entries[i];
  return nullptr;
}

const char *curve_backend_name() { return curve_active_backend().name; }

std::size_t curve_backend_names(const char **names, std::size_t max) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < table().count; ++i) {
    if (!table().entries[i]->available()) continue;
    if (n < max) names[n] = table().entries[i]->name;
    ++n;
  }
  return n;
}

}  // namespace cncrypto::ed25519
