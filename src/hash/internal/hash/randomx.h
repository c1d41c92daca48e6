// Layer interface of the RandomX wrapper (src/hash/randomx/): what the tests
// and benchmarks use beyond Monero's rx_* functions (crypto/rx-slow-hash.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

struct randomx_cache;  // librandomx's cache (randomx.h)

namespace crypto {

// rx_hash_with_key: result_hash (32 bytes) = RandomX(key[0 .. key_size),
// data[0 .. length)), through the same cache store and per-thread VMs as
// rx_slow_hash (which is this with a 32-byte key). For keys that are not
// 32-byte block ids, e.g. RandomX's own test vectors ("test key 000"). Throws
// as rx_slow_hash (std::invalid_argument for NULL with a non-zero size,
// std::runtime_error on allocation failure or without librandomx). Variable
// time (public inputs). Source: librandomx randomx_calculate_hash.
void rx_hash_with_key(const void *key, std::size_t key_size, const void *data, std::size_t length,
                      char *result_hash);

// rx_light_cache: the light-mode cache (256 MiB) alive for key (held by the
// store or by anyone else), built if none is, shared with the store (valid
// while the pointer lives, even after the store drops it; while it lives,
// every request for key, rx_slow_hash included, uses this same cache). For the benchmark's direct librandomx call: a VM
// on this cache hashes from the same memory as rx_slow_hash, so the pair
// measures the wrapper and not where two caches landed (on the 2026-12-04
// VM, of two caches allocated one after the other, the first hashed 11-17%
// slower, whichever code used it; docs/measurements/pow.md). Throws as
// rx_hash_with_key.
std::shared_ptr<randomx_cache> rx_light_cache(const void *key, std::size_t key_size);

// rx_light_vm_flags: the randomx_flags (as int) rx_slow_hash creates its
// light-mode VMs with: randomx_get_flags() without MONERO_RANDOMX_UMASK's
// bits and without FULL_MEM, plus SECURE with the JIT (as Monero's
// non-miner threads). For a direct librandomx VM that matches the wrapper's
// (the benchmark's peer, the tests). Throws std::runtime_error without
// librandomx.
int rx_light_vm_flags();

// The light-mode cache store's counters (tests, monitoring): builds = caches
// built (one Argon2 fill of 256 MiB each) since the process started; live =
// caches allocated now, whoever holds them (the store, threads' VMs,
// rx_light_cache's callers); peak_live = the largest `live` since start or
// the last rx_reset_light_cache_peak. The bound they are tested against
// (crypto/rx-slow-hash.h, docs/pow.md): at most one live cache per seed, so
// live <= the number of distinct seeds in use, whatever the number of
// threads. Relaxed atomic reads: exact once the threads that hash have
// stopped. Never throw; all zero without librandomx.
struct rx_light_cache_counts {
  std::uint64_t builds = 0;
  std::uint64_t live = 0;
  std::uint64_t peak_live = 0;
};
rx_light_cache_counts rx_light_cache_counters();

// Sets peak_live to the current live count (the start of a measurement).
void rx_reset_light_cache_peak();

}  // namespace crypto
