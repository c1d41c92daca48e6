// Monero's rx_slow_hash family over librandomx (crypto/rx-slow-hash.h).
//
// Shared state (one per process, under one mutex): the main seed and its
// cache (pinned), the caches of up to kOtherCaches other seeds (most recently
// used first), in fast mode the main seed's dataset, and a map seed ->
// weak_ptr of every cache alive, whoever holds it. Each cache is built once
// (std::call_once, outside the mutex, so other seeds go on hashing) and
// shared through std::shared_ptr: a thread's VM holds the cache or dataset it
// was bound to, so dropping one from the store never frees memory a VM uses,
// and a request for a seed whose cache is still alive (a thread's VM holds
// it after the store let it go) gets that cache back from the map instead of
// a second copy: one live cache per seed. Per thread: one light VM and one
// full VM, rebound when the seed changes. A call with the seed its thread
// used last takes no lock at all.
#include <randomx.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "crypto/hash.h"
#include "crypto/rx-handles.h"
#include "crypto/rx-slow-hash.h"
#include "hash/randomx.h"

namespace {

constexpr std::size_t kSeedSize = HASH_SIZE;
constexpr std::size_t kOtherCaches = 2;  // besides the main seed's
using seed_bytes = std::string;  // the RandomX key: 32 bytes from the C API, any length internally

// Monero's MONERO_RANDOMX_UMASK: flags to clear, read once (strtol base 0).
int disabled_flags() {
  static const int flags = [] {
    const char *env = std::getenv("MONERO_RANDOMX_UMASK");
    if (!env) return 0;
    char *end = nullptr;
    const long v = std::strtol(env, &end, 0);
    return (end != env && v >= 0 && v < INT_MAX) ? static_cast<int>(v) : 0;
  }();
  return flags;
}

randomx_flags base_flags() {
  static const randomx_flags flags = static_cast<randomx_flags>(randomx_get_flags() & ~disabled_flags());
  return flags;
}

randomx_flags vm_flags(bool full) {
  int f = base_flags();
  if (f & RANDOMX_FLAG_JIT) f |= RANDOMX_FLAG_SECURE;  // W^X JIT, as Monero's non-miner threads
  if (full) f |= RANDOMX_FLAG_FULL_MEM;
  else f &= ~RANDOMX_FLAG_FULL_MEM;
  return static_cast<randomx_flags>(f & ~disabled_flags());
}

// Whether the system has free huge pages (Linux /proc/meminfo HugePages_Free),
// read once. Without them a large-page allocation can only fail, and
// librandomx 1.1.10 leaks its 72-byte cache object on that failure path.
bool huge_pages_free() {
  static const bool free_pages = [] {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    long long value = 0;
    while (meminfo >> key >> value) {
      if (key == "HugePages_Free:") return value > 0;
      meminfo.ignore(256, '\n');
    }
    return false;
  }();
  return free_pages;
}

// The flags to try first: with large pages when there are any (then the
// caller retries without), else f itself.
randomx_flags with_large_pages(randomx_flags f) {
  const int large = huge_pages_free() ? RANDOMX_FLAG_LARGE_PAGES : 0;
  return static_cast<randomx_flags>((f | large) & ~disabled_flags());
}

// A librandomx object (cache or dataset) built for one seed, released with it.
template <typename T, void (*release)(T *)>
struct seeded {
  explicit seeded(const seed_bytes &s) : seed(s) {}
  seeded(const seeded &) = delete;
  seeded &operator=(const seeded &) = delete;
  ~seeded() {
    if (object) release(object);
  }
  const seed_bytes seed;
  T *object = nullptr;
};

// Counters of the light-mode caches (crypto::rx_light_cache_counters).
std::atomic<std::uint64_t> g_cache_builds{0};
std::atomic<std::uint64_t> g_caches_live{0};
std::atomic<std::uint64_t> g_caches_peak{0};

void note_cache_built() {
  g_cache_builds.fetch_add(1, std::memory_order_relaxed);
  const std::uint64_t live = g_caches_live.fetch_add(1, std::memory_order_relaxed) + 1;
  std::uint64_t peak = g_caches_peak.load(std::memory_order_relaxed);
  while (live > peak && !g_caches_peak.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
  }
}

struct cache_entry : seeded<randomx_cache, randomx_release_cache> {
  using seeded::seeded;
  ~cache_entry() {
    if (object) g_caches_live.fetch_sub(1, std::memory_order_relaxed);
  }
  std::once_flag built;
};
using dataset_entry = seeded<randomx_dataset, randomx_release_dataset>;

// Builds the cache of e once; throws std::runtime_error if it cannot be
// allocated (then a later call tries again).
void build_cache(cache_entry &e) {
  std::call_once(e.built, [&e] {
    const randomx_flags f = static_cast<randomx_flags>(base_flags() & ~RANDOMX_FLAG_FULL_MEM);
    randomx_cache *c = randomx_alloc_cache(with_large_pages(f));
    if (!c && with_large_pages(f) != f) c = randomx_alloc_cache(f);
    if (!c) throw std::runtime_error("rx_slow_hash: cannot allocate a RandomX cache (256 MiB)");
    randomx_init_cache(c, e.seed.data(), e.seed.size());
    e.object = c;
    note_cache_built();
  });
}

struct store {
  std::mutex mutex;
  bool main_set = false;
  seed_bytes main_seed{};
  std::shared_ptr<cache_entry> main_cache;
  std::list<std::shared_ptr<cache_entry>> others;  // most recently used first
  // Every cache entry alive, by seed, whoever holds it (the store, a thread's
  // VM, rx_light_cache's caller): consulted before a new entry is made, so a
  // seed never has two. Expired pointers are pruned when an entry is made.
  std::map<seed_bytes, std::weak_ptr<cache_entry>> alive;
  std::shared_ptr<dataset_entry> dataset;          // the main seed's, fast mode only
  std::atomic<bool> has_dataset{false};
  std::atomic<std::uint64_t> dataset_generation{0};
  std::atomic<bool> fast{std::getenv("MONERO_RANDOMX_FULL_MEM") != nullptr &&
                         !(disabled_flags() & RANDOMX_FLAG_FULL_MEM)};

  // The entry alive for seed, or a new one (not built yet). Under mutex.
  std::shared_ptr<cache_entry> entry_for(const seed_bytes &seed) {
    const auto found = alive.find(seed);
    if (found != alive.end()) {
      if (std::shared_ptr<cache_entry> e = found->second.lock()) return e;
    }
    for (auto it = alive.begin(); it != alive.end();) it = it->second.expired() ? alive.erase(it) : std::next(it);
    auto e = std::make_shared<cache_entry>(seed);
    alive[seed] = e;
    return e;
  }

  // Takes the entry for seed out of `others` if it is there; the entry alive
  // for seed, or a new one. Under mutex.
  std::shared_ptr<cache_entry> take_other(const seed_bytes &seed) {
    for (auto it = others.begin(); it != others.end(); ++it) {
      if ((*it)->seed == seed) {
        std::shared_ptr<cache_entry> e = *it;
        others.erase(it);
        return e;
      }
    }
    return entry_for(seed);
  }
  void push_other(std::shared_ptr<cache_entry> e) {  // under mutex
    others.push_front(std::move(e));
    while (others.size() > kOtherCaches) others.pop_back();
  }

  // The built cache for seed, shared with whoever holds it, but not kept by
  // the store (a caller-owned cache, crypto/rx-handles.h: freed with its last
  // holder).
  std::shared_ptr<cache_entry> shared_cache(const seed_bytes &seed) {
    std::shared_ptr<cache_entry> e;
    {
      std::lock_guard<std::mutex> lock(mutex);
      e = entry_for(seed);
    }
    build_cache(*e);
    return e;
  }

  // The built cache for seed.
  std::shared_ptr<cache_entry> cache_for(const seed_bytes &seed) {
    std::shared_ptr<cache_entry> e;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (main_set && seed == main_seed) {
        if (!main_cache) main_cache = take_other(seed);
        e = main_cache;
      } else {
        e = take_other(seed);
        push_other(e);
      }
    }
    build_cache(*e);
    return e;
  }
};

// Destroyed at exit (after the exiting thread's VMs), which frees every cache
// and dataset; threads still hashing then must have been joined, as for any
// static object they use.
store &the_store() {
  static store s;
  return s;
}

randomx_vm *create_vm(bool full, randomx_cache *cache, randomx_dataset *dataset) {
  const randomx_flags f = vm_flags(full);
  randomx_vm *vm = randomx_create_vm(with_large_pages(f), cache, dataset);
  if (!vm) vm = randomx_create_vm(f, cache, dataset);
  if (!vm) {
    throw std::runtime_error(full ? "rx_slow_hash: cannot create a RandomX fast-mode VM"
                                  : "rx_slow_hash: cannot create a RandomX light VM");
  }
  return vm;
}

struct thread_vms {
  randomx_vm *light = nullptr;
  std::shared_ptr<cache_entry> light_cache;
  randomx_vm *full = nullptr;
  std::shared_ptr<dataset_entry> full_dataset;
  std::uint64_t full_generation = 0;

  thread_vms() = default;
  thread_vms(const thread_vms &) = delete;
  thread_vms &operator=(const thread_vms &) = delete;
  ~thread_vms() { release(); }
  void release() {
    if (light) randomx_destroy_vm(light);
    if (full) randomx_destroy_vm(full);
    light = full = nullptr;
    light_cache.reset();
    full_dataset.reset();
  }
};

thread_local thread_vms tl_vms;

bool try_fast(store &s, const seed_bytes &seed, const void *data, std::size_t length, char *out) {
  if (!s.has_dataset.load(std::memory_order_acquire)) return false;
  thread_vms &t = tl_vms;
  const std::uint64_t generation = s.dataset_generation.load(std::memory_order_acquire);
  if (!(t.full && t.full_generation == generation && t.full_dataset && t.full_dataset->seed == seed)) {
    std::shared_ptr<dataset_entry> ds;
    std::uint64_t gen;
    {
      std::lock_guard<std::mutex> lock(s.mutex);
      ds = s.dataset;
      gen = s.dataset_generation.load(std::memory_order_relaxed);
    }
    if (!ds || ds->seed != seed) return false;
    if (!t.full) t.full = create_vm(true, nullptr, ds->object);
    else randomx_vm_set_dataset(t.full, ds->object);
    t.full_dataset = std::move(ds);
    t.full_generation = gen;
  }
  randomx_calculate_hash(t.full, data, length, out);
  return true;
}

void hash_light(store &s, const seed_bytes &seed, const void *data, std::size_t length, char *out) {
  thread_vms &t = tl_vms;
  if (!(t.light && t.light_cache && t.light_cache->seed == seed)) {
    std::shared_ptr<cache_entry> e = s.cache_for(seed);
    if (!t.light) t.light = create_vm(false, e->object, nullptr);
    else randomx_vm_set_cache(t.light, e->object);
    t.light_cache = std::move(e);
  }
  randomx_calculate_hash(t.light, data, length, out);
}

// Builds the dataset of seed with `threads` threads (Monero's split of the items).
std::shared_ptr<dataset_entry> build_dataset(store &s, const seed_bytes &seed, std::size_t max_threads) {
  std::shared_ptr<cache_entry> cache = s.cache_for(seed);
  auto ds = std::make_shared<dataset_entry>(seed);
  const randomx_flags f = static_cast<randomx_flags>(base_flags() | RANDOMX_FLAG_FULL_MEM);
  ds->object = randomx_alloc_dataset(with_large_pages(f));
  if (!ds->object) ds->object = randomx_alloc_dataset(static_cast<randomx_flags>(f & ~disabled_flags()));
  if (!ds->object) throw std::runtime_error("rx_set_main_seedhash: cannot allocate the RandomX dataset (2 GiB)");
  const std::size_t threads = max_threads < 4 ? 1 : max_threads - 2;
  const unsigned long items = randomx_dataset_item_count();
  const unsigned long per_thread = items / threads;
  std::vector<std::thread> workers;
  unsigned long start = 0;
  try {
    for (std::size_t i = 0; i + 1 < threads; ++i, start += per_thread) {
      workers.emplace_back(randomx_init_dataset, ds->object, cache->object, start, per_thread);
    }
  } catch (...) {
    for (auto &w : workers) w.join();
    throw std::runtime_error("rx_set_main_seedhash: cannot start the dataset threads");
  }
  randomx_init_dataset(ds->object, cache->object, start, items - start);
  for (auto &w : workers) w.join();
  return ds;
}

seed_bytes to_seed(const char *seedhash) { return seed_bytes(seedhash, kSeedSize); }

void hash_with_key(const seed_bytes &seed, const void *data, std::size_t length, char *result_hash) {
  if (!result_hash) throw std::invalid_argument("rx_slow_hash: NULL result_hash");
  if (!data && length != 0) throw std::invalid_argument("rx_slow_hash: NULL data with a non-zero length");
  static const unsigned char empty = 0;
  if (!data) data = &empty;
  store &s = the_store();
  char out[HASH_SIZE];
  if (!try_fast(s, seed, data, length, out)) hash_light(s, seed, data, length, out);
  std::memcpy(result_hash, out, HASH_SIZE);
}

}  // namespace

extern "C" void rx_set_main_seedhash(const char *seedhash, size_t max_dataset_init_threads) {
  if (!seedhash) throw std::invalid_argument("rx_set_main_seedhash: NULL seedhash");
  store &s = the_store();
  const seed_bytes seed = to_seed(seedhash);
  const bool fast = s.fast.load();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    const bool same = s.main_set && s.main_seed == seed;
    if (same && (!fast || (s.dataset && s.dataset->seed == seed))) return;
    if (!same) {
      // The new main seed leaves the others' list before the old one joins
      // it, so that moving the main seed among 3 seeds never drops one.
      std::shared_ptr<cache_entry> old_main = std::move(s.main_cache);
      s.main_cache = s.take_other(seed);
      if (old_main) s.push_other(std::move(old_main));
      s.main_seed = seed;
      s.main_set = true;
      s.dataset.reset();
      s.has_dataset.store(false, std::memory_order_release);
      s.dataset_generation.fetch_add(1, std::memory_order_acq_rel);
    }
  }
  if (!fast) return;
  std::shared_ptr<dataset_entry> ds = build_dataset(s, seed, max_dataset_init_threads);
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.main_set && s.main_seed == seed && s.fast.load()) {
    s.dataset = std::move(ds);
    s.dataset_generation.fetch_add(1, std::memory_order_acq_rel);
    s.has_dataset.store(true, std::memory_order_release);
  }
}

extern "C" void rx_slow_hash(const char *seedhash, const void *data, size_t length, char *result_hash) {
  if (!seedhash) throw std::invalid_argument("rx_slow_hash: NULL seedhash");
  hash_with_key(to_seed(seedhash), data, length, result_hash);
}

extern "C" void rx_slow_hash_allocate_state(void) {}

extern "C" void rx_slow_hash_free_state(void) { tl_vms.release(); }

extern "C" int crypto_randomx_available(void) { return 1; }

namespace {
thread_local std::uint32_t tl_miner_thread = 0;
}  // namespace

extern "C" void rx_set_miner_thread(uint32_t value, size_t max_dataset_init_threads) {
  tl_miner_thread = value;
  if (value == 0) return;
  cncrypto::rx_set_fast_mode(true);
  if (!cncrypto::rx_fast_mode()) return;  // MONERO_RANDOMX_UMASK forbids the dataset
  store &s = the_store();
  seed_bytes seed;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (!s.main_set) return;  // built by rx_set_main_seedhash once there is a main seed
    seed = s.main_seed;
  }
  rx_set_main_seedhash(seed.data(), max_dataset_init_threads);
}

extern "C" uint32_t rx_get_miner_thread(void) { return tl_miner_thread; }

namespace cncrypto {

void rx_slow_hash(const std::string &seed, const void *data, std::size_t length, crypto::hash &result) {
  if (seed.size() != kSeedSize) {
    throw std::invalid_argument("rx_slow_hash: the seed hash must be 32 bytes (a block id), got " +
                                std::to_string(seed.size()));
  }
  ::rx_slow_hash(seed.data(), data, length, result.data);
}

void rx_set_fast_mode(bool enabled) {
  store &s = the_store();
  if (enabled && (disabled_flags() & RANDOMX_FLAG_FULL_MEM)) enabled = false;
  s.fast.store(enabled);
  if (!enabled) {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.dataset.reset();
    s.has_dataset.store(false, std::memory_order_release);
    s.dataset_generation.fetch_add(1, std::memory_order_acq_rel);
  }
}

bool rx_fast_mode() { return the_store().fast.load(); }

}  // namespace cncrypto

namespace crypto {

void rx_hash_with_key(const void *key, std::size_t key_size, const void *data, std::size_t length, char *result_hash) {
  if (!key && key_size != 0) throw std::invalid_argument("rx_hash_with_key: NULL key with a non-zero size");
  hash_with_key(key ? seed_bytes(static_cast<const char *>(key), key_size) : seed_bytes(), data, length, result_hash);
}

std::shared_ptr<randomx_cache> rx_light_cache(const void *key, std::size_t key_size) {
  if (!key && key_size != 0) throw std::invalid_argument("rx_light_cache: NULL key with a non-zero size");
  std::shared_ptr<cache_entry> e =
      the_store().cache_for(key ? seed_bytes(static_cast<const char *>(key), key_size) : seed_bytes());
  return std::shared_ptr<randomx_cache>(e, e->object);  // shares the entry's ownership
}

int rx_light_vm_flags() { return vm_flags(false); }

rx_light_cache_counts rx_light_cache_counters() {
  rx_light_cache_counts c;
  c.builds = g_cache_builds.load(std::memory_order_relaxed);
  c.live = g_caches_live.load(std::memory_order_relaxed);
  c.peak_live = g_caches_peak.load(std::memory_order_relaxed);
  return c;
}

void rx_reset_light_cache_peak() { g_caches_peak.store(g_caches_live.load(std::memory_order_relaxed), std::memory_order_relaxed); }

}  // namespace crypto

// ---- caller-owned caches, datasets and VMs (crypto/rx-handles.h) ----

namespace cncrypto::rx {

struct cache {
  std::shared_ptr<cache_entry> entry;  // from the store: one live cache per key
};
struct dataset {
  std::shared_ptr<cache_entry> source;
  randomx_dataset *object = nullptr;
  dataset() = default;
  dataset(const dataset &) = delete;
  dataset &operator=(const dataset &) = delete;
  ~dataset() {
    if (object) randomx_release_dataset(object);
  }
};
struct vm {
  randomx_vm *object = nullptr;
  std::shared_ptr<const cache> light;
  std::shared_ptr<const dataset> fast;
  vm() = default;
  vm(const vm &) = delete;
  vm &operator=(const vm &) = delete;
  ~vm() {
    if (object) randomx_destroy_vm(object);
  }
};

std::shared_ptr<const cache> make_cache(const void *key, std::size_t key_size) {
  if (!key && key_size != 0) throw std::invalid_argument("rx cache: NULL key with a non-zero size");
  auto c = std::make_shared<cache>();
  c->entry = the_store().shared_cache(key ? seed_bytes(static_cast<const char *>(key), key_size) : seed_bytes());
  return c;
}

std::shared_ptr<const dataset> make_dataset(const std::shared_ptr<const cache> &c, unsigned threads) {
  if (!c) throw std::invalid_argument("rx dataset: no cache");
  auto ds = std::make_shared<dataset>();
  ds->source = c->entry;
  const randomx_flags f = static_cast<randomx_flags>(base_flags() | RANDOMX_FLAG_FULL_MEM);
  ds->object = randomx_alloc_dataset(with_large_pages(f));
  if (!ds->object) ds->object = randomx_alloc_dataset(static_cast<randomx_flags>(f & ~disabled_flags()));
  if (!ds->object) throw std::runtime_error("rx dataset: cannot allocate the RandomX dataset (2 GiB)");
  const unsigned long items = randomx_dataset_item_count();
  const unsigned n = threads < 1 ? 1 : threads;
  const unsigned long per_thread = items / n;
  std::vector<std::thread> workers;
  unsigned long start = 0;
  try {
    for (unsigned i = 0; i + 1 < n; ++i, start += per_thread)
      workers.emplace_back(randomx_init_dataset, ds->object, c->entry->object, start, per_thread);
  } catch (...) {
    for (auto &w : workers) w.join();
    throw std::runtime_error("rx dataset: cannot start the dataset threads");
  }
  randomx_init_dataset(ds->object, c->entry->object, start, items - start);
  for (auto &w : workers) w.join();
  return ds;
}

std::shared_ptr<vm> make_vm(const std::shared_ptr<const cache> &c, const std::shared_ptr<const dataset> &d) {
  if (!c && !d) throw std::invalid_argument("rx vm: neither a cache nor a dataset");
  auto v = std::make_shared<vm>();
  if (d) {
    v->object = create_vm(true, d->source->object, d->object);
    v->fast = d;
  } else {
    v->object = create_vm(false, c->entry->object, nullptr);
    v->light = c;
  }
  return v;
}

void hash(vm &v, const void *data, std::size_t length, std::uint8_t out[32]) {
  if (!out) throw std::invalid_argument("rx hash: NULL output");
  if (!data && length != 0) throw std::invalid_argument("rx hash: NULL data with a non-zero length");
  static const unsigned char empty = 0;
  randomx_calculate_hash(v.object, data ? data : &empty, length, out);
}

}  // namespace cncrypto::rx
