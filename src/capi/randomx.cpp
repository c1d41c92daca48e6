// cncrypto.h: RandomX: Monero's rx_slow_hash, and caches, datasets and VMs as
// handles (crypto/rx-handles.h).
//
// Each handle holds a shared_ptr of the C++ object: a VM keeps its cache or
// dataset alive, so handles may be destroyed in any order (a garbage-collected
// binding frees them in its own order). No caller-memory form: librandomx
// allocates the 256 MiB cache, the 2 GiB dataset and each VM's scratchpad and
// executable JIT pages itself (its API takes no caller memory).
#include <memory>
#include <stdexcept>

#include "boundary.h"
#include "crypto/rx-handles.h"
#include "crypto/rx-slow-hash.h"  // crypto_randomx_available

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

struct cncrypto_rx_cache {
  std::shared_ptr<const cncrypto::rx::cache> cache;
};
struct cncrypto_rx_dataset {
  std::shared_ptr<const cncrypto::rx::dataset> dataset;
};
struct cncrypto_rx_vm {
  std::shared_ptr<cncrypto::rx::vm> vm;
};

namespace {

// OK when RandomX can run here: a build with proof of work and librandomx.
int supported(const char *fn) {
  if (!CNCRYPTO_C_WITH_POW)
    return fail(failure::unsupported, fn, "RandomX is not in this build (CNCRYPTO_WITH_POW=OFF)");
  if (!crypto_randomx_available())
    return fail(failure::unsupported, fn, "RandomX is not in this build (no librandomx)");
  return CNCRYPTO_OK;
}

// guard() for the handle functions: their std::runtime_error (librandomx
// present: checked first) is a cache, dataset, VM or thread that cannot be
// had: ENOMEM with its text; the rest as boundary.cpp's table.
template <typename Body>
int rx_guard(const char *fn, Body &&body) noexcept {
  try {
    return body();
  } catch (const std::runtime_error &e) {
    return fail(failure::no_memory, fn, e.what());
  } catch (...) {
    return fail_current_exception(fn);
  }
}

}  // namespace

extern "C" {

int cncrypto_rx_slow_hash(const uint8_t seed_hash[32], const uint8_t *data, size_t len, uint8_t hash[32]) {
  if (const int rc =
          check_args("rx_slow_hash", need(seed_hash, "seed_hash"), need(data, len, "data"), need(hash, "hash"));
      rc != CNCRYPTO_OK)
    return rc;
  if (const int rc = supported("rx_slow_hash"); rc != CNCRYPTO_OK) return rc;
  return guard("rx_slow_hash", [&] {
    rx_slow_hash(reinterpret_cast<const char *>(seed_hash), data, len, reinterpret_cast<char *>(hash));
    return CNCRYPTO_OK;
  });
}

int cncrypto_rx_cache_create(const uint8_t *key, size_t key_len, cncrypto_rx_cache **cache) {
  constexpr const char *fn = "rx_cache_create";
  if (cache == nullptr) return fail(failure::bad_argument, fn, "cache is NULL");
  *cache = nullptr;
  if (const int rc = check_args(fn, need(key, key_len, "key")); rc != CNCRYPTO_OK) return rc;
  if (const int rc = supported(fn); rc != CNCRYPTO_OK) return rc;
  return rx_guard(fn, [&] {
    auto made = std::make_unique<cncrypto_rx_cache>();
    made->cache = cncrypto::rx::make_cache(key, key_len);
    *cache = made.release();
    return CNCRYPTO_OK;
  });
}

int cncrypto_rx_cache_destroy(cncrypto_rx_cache *cache) {
  delete cache;  // the memory goes with the last VM or dataset that uses it
  return CNCRYPTO_OK;
}

int cncrypto_rx_dataset_create(const cncrypto_rx_cache *cache, unsigned threads, cncrypto_rx_dataset **dataset) {
  constexpr const char *fn = "rx_dataset_create";
  if (dataset == nullptr) return fail(failure::bad_argument, fn, "dataset is NULL");
  *dataset = nullptr;
  if (cache == nullptr) return fail(failure::bad_argument, fn, "cache is NULL");
  if (threads > 256) return fail_with(failure::bad_argument, fn, {"threads ", num(threads), " above the limit 256"});
  if (const int rc = supported(fn); rc != CNCRYPTO_OK) return rc;
  return rx_guard(fn, [&] {
    auto made = std::make_unique<cncrypto_rx_dataset>();
    made->dataset = cncrypto::rx::make_dataset(cache->cache, threads);
    *dataset = made.release();
    return CNCRYPTO_OK;
  });
}

int cncrypto_rx_dataset_destroy(cncrypto_rx_dataset *dataset) {
  delete dataset;
  return CNCRYPTO_OK;
}

int cncrypto_rx_vm_create(const cncrypto_rx_cache *cache, const cncrypto_rx_dataset *dataset, cncrypto_rx_vm **vm) {
  constexpr const char *fn = "rx_vm_create";
  if (vm == nullptr) return fail(failure::bad_argument, fn, "vm is NULL");
  *vm = nullptr;
  if ((cache == nullptr) == (dataset == nullptr))
    return fail(failure::bad_argument, fn,
                cache == nullptr ? "cache and dataset are both NULL: give a cache (light mode) or a dataset (fast)"
                                 : "cache and dataset are both given: give a cache (light mode) or a dataset (fast)");
  if (const int rc = supported(fn); rc != CNCRYPTO_OK) return rc;
  return rx_guard(fn, [&] {
    auto made = std::make_unique<cncrypto_rx_vm>();
    made->vm = cache != nullptr ? cncrypto::rx::make_vm(cache->cache, nullptr)
                                : cncrypto::rx::make_vm(nullptr, dataset->dataset);
    *vm = made.release();
    return CNCRYPTO_OK;
  });
}

int cncrypto_rx_vm_destroy(cncrypto_rx_vm *vm) {
  delete vm;
  return CNCRYPTO_OK;
}

int cncrypto_rx_hash(cncrypto_rx_vm *vm, const uint8_t *data, size_t len, uint8_t hash[32]) {
  constexpr const char *fn = "rx_hash";
  if (const int rc = check_args(fn, need(vm, "vm"), need(data, len, "data"), need(hash, "hash")); rc != CNCRYPTO_OK)
    return rc;
  return guard(fn, [&] {
    cncrypto::rx::hash(*vm->vm, data, len, hash);
    return CNCRYPTO_OK;
  });
}

}  // extern "C"
