// RandomX caches, datasets and VMs as objects the caller owns (cncrypto's own;
// Monero keeps them inside rx-slow-hash.c): what a miner, a pool or a
// verifier that hashes many blobs under one key needs, and what the C ABI's
// cncrypto_rx_cache / _dataset / _vm handles wrap. Over Debian's librandomx
// (randomx_alloc_cache / randomx_init_cache, randomx_alloc_dataset /
// randomx_init_dataset, randomx_create_vm, randomx_calculate_hash).
//
//   cache   the 256 MiB light-mode cache of a key (an Argon2d fill: about a
//           second, more under load). The same store as rx_slow_hash's
//           (crypto/rx-slow-hash.h): one live cache per key in the process,
//           whoever holds it, so a cache made here for a key rx_slow_hash
//           uses is that same memory.
//   dataset the 2 GiB fast-mode dataset of a cache (randomx_init_dataset over
//           the whole item range, split across `threads` threads: tens of
//           seconds on one core). Not shared with rx_slow_hash's.
//   vm      a light VM over a cache (tens of ms a hash) or a fast VM over a
//           dataset (1-2 ms a hash on a desktop core); each has its 2 MiB
//           scratchpad and JIT code. It keeps its cache or dataset alive
//           (shared_ptr): the caller may drop theirs in any order.
//
// Flags: as rx_slow_hash's VMs (randomx_get_flags without
// MONERO_RANDOMX_UMASK's bits, the W^X secure JIT, large pages when the system
// has free ones); none changes a hash. Thread safety: make_cache, make_dataset
// and make_vm may be called from any thread; a cache or dataset is read-only
// once made (any number of VMs on any threads); one vm is used by one thread at
// a time. Variable time (keys and blobs are public).
//
// Errors: std::invalid_argument (NULL with a non-zero size, a missing
// cache/dataset), std::runtime_error (memory or VM cannot be had; a build
// without librandomx, crypto_randomx_available() == 0: every function throws).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace cncrypto::rx {

struct cache;    // opaque (librandomx's randomx_cache and its key)
struct dataset;  // opaque (randomx_dataset and the cache it was made from)
struct vm;       // opaque (randomx_vm and what it runs on)

// The light-mode cache of key[0 .. key_size) (a Monero seed: the 32-byte id
// of the block at rx_seedheight; any length for RandomX's own test keys).
std::shared_ptr<const cache> make_cache(const void *key, std::size_t key_size);

// The fast-mode dataset of c, filled by `threads` threads (0 or 1: the
// calling thread only; the calling thread is one of them).
std::shared_ptr<const dataset> make_dataset(const std::shared_ptr<const cache> &c, unsigned threads);

// A light VM over c (d null) or a fast VM over d (c ignored, may be null).
std::shared_ptr<vm> make_vm(const std::shared_ptr<const cache> &c, const std::shared_ptr<const dataset> &d);

// out (32 bytes) = RandomX(the VM's key, data[0 .. length)) (data may be null
// when length is 0): randomx_calculate_hash.
void hash(vm &v, const void *data, std::size_t length, std::uint8_t out[32]);

}  // namespace cncrypto::rx
