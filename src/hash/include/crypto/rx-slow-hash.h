/* RandomX, Monero's proof of work from block major version 12 on: Monero's
 * rx_* C functions (Monero 0.18 hash-ops.h / rx-slow-hash.c), same names,
 * signatures and results, over Debian's librandomx (tevador's reference
 * library; cncrypto wraps it and does not reimplement RandomX). docs/pow.md.
 *
 * C linkage; usable from C. Implemented in C++: errors throw (from C they
 * terminate the process with the message) where Monero logs and _exit()s.
 *
 * Built without librandomx (the Debian package librandomx-dev was missing at
 * configure time; CMake then says so), rx_seedheight and rx_seedheights work
 * and every other function here throws std::runtime_error("... built without
 * librandomx ..."); crypto_randomx_available() tells which build it is.
 *
 * Timing: not constant time, and it need not be: seeds (block ids) and block
 * blobs are public. librandomx's timing depends on both.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* First block major version that uses RandomX (Monero: RX_BLOCK_VERSION). */
#define RX_BLOCK_VERSION 12

/* Monero's seed epoch constants (rx-slow-hash.c; test networks may override
 * them with the environment variables SEEDHASH_EPOCH_BLOCKS / SEEDHASH_EPOCH_LAG,
 * which cncrypto honours exactly as Monero does: read once, a power of two no
 * larger than the default, else the default). */
#define SEEDHASH_EPOCH_BLOCKS 2048
#define SEEDHASH_EPOCH_LAG 64

#ifdef __cplusplus
extern "C" {
#endif

/* rx_seedheight: the height of the block whose id is the RandomX key (seed)
 * for the block at `height`:
 *   0                                         if height <= 2048 + 64 (= 2112),
 *   (height - 64 - 1) & ~(uint64_t)(2048 - 1)  otherwise.
 * So the key changes 64 blocks after every multiple of 2048: heights
 * 2048k + 65 .. 2048(k+1) + 64 use the id of block 2048k (e.g. 1978433, the
 * first RandomX block on mainnet, uses 1978368). Pure arithmetic; never fails.
 * Source: Monero rx-slow-hash.c rx_seedheight. */
uint64_t rx_seedheight(const uint64_t height);

/* rx_seedheights: *seed_height = rx_seedheight(height) and *next_height =
 * rx_seedheight(height + 64) (the seed a miner will need 64 blocks later).
 * Both pointers must be valid (NULL throws std::invalid_argument).
 * Source: Monero rx-slow-hash.c rx_seedheights. */
void rx_seedheights(const uint64_t height, uint64_t *seed_height, uint64_t *next_height);

/* rx_set_main_seedhash: declares seedhash (32 bytes, the id of the block at
 * the current seed height) the main seed. Its cache is kept while it is main
 * (other seeds' caches may be dropped, see rx_slow_hash). In fast mode (the
 * environment variable MONERO_RANDOMX_FULL_MEM is set, as in Monero, or
 * cncrypto::rx_set_fast_mode(true) was called) it also builds the 2 GiB RandomX
 * dataset for that seed with max(1, max_dataset_init_threads - 2) threads
 * (Monero leaves 2 cores free the same way; 0 or 1 to 3 mean 1 thread) and
 * returns when it is ready (Monero returns at once and builds it in a
 * background thread, hashing in light mode until then). In light mode it only
 * records the seed (the cache is built by the first rx_slow_hash that needs
 * it). Calling it again with the same seed does nothing. Thread-safe.
 * Throws std::invalid_argument for NULL, std::runtime_error when the dataset
 * or cache cannot be allocated (or librandomx is missing): the main seed is
 * then still set and hashing falls back to light mode.
 * Source: Monero rx-slow-hash.c rx_set_main_seedhash. */
void rx_set_main_seedhash(const char *seedhash, size_t max_dataset_init_threads);

/* rx_slow_hash: result_hash (32 bytes) = RandomX(key = seedhash[0..32),
 * data[0 .. length)), i.e. randomx_calculate_hash of a VM keyed by the seed.
 * data may be NULL when length is 0. The PoW of a block is rx_slow_hash of its
 * hashing blob with the id of the block at rx_seedheight(height).
 *   - Fast mode: when seedhash is the main seed and its dataset is built
 *     (rx_set_main_seedhash in fast mode), a per-thread full-memory VM
 *     (~1-2 ms a hash on a desktop core).
 *   - Light mode (the default): a per-thread light VM over the 256 MiB cache
 *     for that seed (tens of ms a hash; 60 ms on a loaded 2-core VM).
 *     Caches are keyed by seed and reused across calls and threads;
 *     building one takes about a second (more under load), other threads
 *     asking for the same seed wait for that one build.
 *     Bound: at most one cache per seed is alive at any time, whoever holds
 *     it, so the caches alive are at most D, the number of distinct seeds in
 *     use, and their memory D x 256 MiB, whatever the number of threads. A
 *     seed is in use while it is the main seed, one of the 2 most recently
 *     used other seeds (the store keeps those caches), or the seed of some
 *     thread's last light-mode hash (that thread's VM keeps its cache until
 *     the thread hashes with another seed, exits or calls
 *     rx_slow_hash_free_state). One thread: at most 3 caches (768 MiB);
 *     8 threads over 4 rotating seeds: at most 4 (1 GiB). A seed's cache is
 *     built again only after it went out of use entirely (then it was freed).
 *     Besides the caches, each thread that hashed has its light VM (a 2 MiB
 *     scratchpad and its JIT code).
 * Flags (JIT, hardware AES, Argon2 SIMD) come from randomx_get_flags(); the
 * JIT runs in RandomX's secure (W^X) mode as in Monero's non-miner threads;
 * MONERO_RANDOMX_UMASK clears flags as in Monero. None of them changes the
 * result. Safe to call from any number of threads at once (each thread has
 * its own VMs, created on its first call, freed at thread exit or by
 * rx_slow_hash_free_state). Throws std::invalid_argument for a NULL seed or
 * result (or NULL data with length > 0) and std::runtime_error when a cache,
 * dataset or VM cannot be allocated or librandomx is missing; result_hash is
 * then not written. Source: Monero rx-slow-hash.c rx_slow_hash. */
void rx_slow_hash(const char *seedhash, const void *data, size_t length, char *result_hash);

/* rx_slow_hash_allocate_state: nothing to do (VMs are created on a thread's
 * first rx_slow_hash), as in Monero. Never throws. */
void rx_slow_hash_allocate_state(void);

/* rx_slow_hash_free_state: frees the calling thread's VMs (and its hold on
 * caches and datasets it was using); the next rx_slow_hash on this thread
 * creates them again. Never throws. Source: Monero rx_slow_hash_free_state. */
void rx_slow_hash_free_state(void);

/* rx_set_miner_thread: marks the calling thread as a miner thread (value != 0)
 * or not (0); rx_get_miner_thread returns the calling thread's value (0 on a
 * new thread). As in Monero, a non-zero value also makes sure the dataset
 * exists: it switches to fast mode (cncrypto::rx_set_fast_mode(true); nothing
 * when MONERO_RANDOMX_UMASK forbids full memory) and, when a main seed is set,
 * builds its 2 GiB dataset with max_dataset_init_threads as
 * rx_set_main_seedhash does (Monero allocates it at once and fills it for the
 * main seed). Unlike Monero, a miner thread's VMs keep RandomX's secure (W^X)
 * JIT: same results, slightly slower. Throws std::runtime_error when the
 * dataset cannot be allocated (the value is recorded first). Built without
 * librandomx, only the value is recorded. Source: Monero master
 * rx-slow-hash.c rx_set_miner_thread / rx_get_miner_thread. */
void rx_set_miner_thread(uint32_t value, size_t max_dataset_init_threads);
uint32_t rx_get_miner_thread(void);

/* 1 when cncrypto was built with librandomx (rx_slow_hash works), else 0. */
int crypto_randomx_available(void);

#ifdef __cplusplus
}

#include <string>

namespace crypto {
// Monero's hash.h includes hash-ops.h inside namespace crypto: the C functions
// are crypto::rx_* too.
using ::rx_get_miner_thread;
using ::rx_seedheight;
using ::rx_seedheights;
using ::rx_set_main_seedhash;
using ::rx_set_miner_thread;
using ::rx_slow_hash;
using ::rx_slow_hash_allocate_state;
using ::rx_slow_hash_free_state;

struct hash;

}  // namespace crypto

// cncrypto's own additions (Monero has none of these).
namespace cncrypto {

// rx_slow_hash with the seed as bytes of any length: throws
// std::invalid_argument unless seed.size() is 32 (a block id), then as the C
// function above. Returns the 32-byte RandomX hash.
void rx_slow_hash(const std::string &seed, const void *data, std::size_t length, crypto::hash &result);

// Fast mode on or off for the following rx_set_main_seedhash calls (the same
// effect as setting MONERO_RANDOMX_FULL_MEM, which turns it on at start). Off:
// the current dataset, if any, is no longer used for new hashes and is freed
// when no thread uses it. Thread-safe, never throws.
void rx_set_fast_mode(bool enabled);

// Whether fast mode is on (rx_set_fast_mode or MONERO_RANDOMX_FULL_MEM).
bool rx_fast_mode();

}  // namespace cncrypto
#endif
