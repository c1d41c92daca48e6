// Layer interface of the hash layer (tests, benchmarks, the layers above; not
// installed): BLAKE2b's compression function F (RFC 7693 section 3.2) behind
// one small table, chosen once per process like Keccak's
// (hash/keccak_permutation.h) and CryptoNight's (hash/cn_impl.h).
//
//   portable  64-bit integer operations (blake2b/blake2b_portable.cpp)
//   avx2      the state's four rows in four ymm registers, the G function on
//             four columns (then four diagonals) at once (blake2b_avx2.cpp,
//             compiled with -mavx2)
//   avx512    avx2's layout with AVX-512VL's rotate and two-source permute
//             for the message schedule (blake2b_avx512.cpp, -mavx512f -mavx512vl)
//
// Each entry also has a multi-message form (compress_lanes): W independent
// messages, one per 64-bit lane (W = 4 for avx2, 8 for avx512; the portable
// entry has none, and its batch loops the single-message code).
//
// CNCRYPTO_BLAKE2B_IMPL=portable|avx2|avx512 forces one (for both forms);
// otherwise the last available, except on CPUs where the portable code
// measured fastest for one message (AMD family 1Ah, Zen 5: blake2b_table.cpp;
// the batch still takes the last available there). crypto/blake2b.h (Monero's
// API) and crypto/blake2b_batch.h (cncrypto::blake2b_batch) are the callers.
#pragma once

#include <cstddef>
#include <cstdint>

namespace crypto {
struct cpu_features;  // common/cpu_features.h
}
namespace cncrypto {
struct blake2b_batch_input;  // crypto/blake2b_batch.h
}

// cncrypto's own internals, so in namespace cncrypto (not Monero's crypto::). Not
// cncrypto::blake2b: Monero's crypto/blake2b.h defines `blake2b` as a macro
// (crypto_blake2b), which would rename the namespace in the files that include it.
namespace cncrypto::blake2b_impl {

using crypto::cpu_features;

// RFC 7693 section 2.6 (the SHA-512 IV) and section 2.7 (the message
// schedule SIGMA; rounds 10 and 11 reuse rows 0 and 1).
inline constexpr std::uint64_t iv[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};
inline constexpr unsigned rounds = 12;
inline constexpr std::uint8_t sigma[10][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4}, {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13}, {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11}, {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5}, {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
};

// What one compression call does: for each of `count` >= 1 consecutive
// 128-byte blocks at `blocks` (any alignment), first the 128-bit byte
// counter t (t[0] low word) grows by `increment` (128 for a full block; the
// final block's byte count, 0..128, for the last), then F(h, block, t, f)
// with f = (f0, f1) replaces h. Every implementation gives the same h and t.
// Constant time: no branch or index depends on h or the block contents.
using compress_fn = void (*)(std::uint64_t h[8], std::uint64_t t[2], std::uint64_t f0, std::uint64_t f1,
                             const std::uint8_t *blocks, std::size_t count, std::uint64_t increment);

// What one multi-message call does, W = the entry's `lanes`: for each lane k
// < W, F(h_k, blocks[k], (t[k], 0), (f[k], 0)) replaces h_k, where h_k is
// h[W * i + k] for i = 0..7 (word i of every lane side by side). blocks[k]
// points to 128 bytes (any alignment); t[k] is the low word of lane k's byte
// counter after this block (the high word is 0: a message in memory is shorter
// than 2^64 - 128 bytes), f[k] its final flag (0 or all ones; f1 = 0, no tree
// hashing in a batch). Lanes are independent: an unused lane may hold anything.
// Constant time: no branch or index depends on h or the blocks' contents.
using compress_lanes_fn = void (*)(std::uint64_t *h, const std::uint8_t *const *blocks, const std::uint64_t *t,
                                   const std::uint64_t *f);

struct implementation {
  // Printable name ("portable", "avx2"). Stable: CNCRYPTO_BLAKE2B_IMPL selects by it.
  const char *name;
  // true when this implementation can run on the current CPU (and OS):
  // supported(detected_cpu_features()).
  bool (*available)();
  // true when it can run on a CPU (and OS) with these features (pure).
  bool (*supported)(const cpu_features &);
  compress_fn compress;
  // Messages per multi-message call (4 for avx2, 8 for avx512), and the call;
  // 1 and nullptr for the portable entry, whose batch is the one-message code
  // in a loop.
  unsigned lanes;
  compress_lanes_fn compress_lanes;
};

// The implementation in use, chosen on the first call (thread-safe, once per
// process). Throws std::runtime_error naming CNCRYPTO_BLAKE2B_IMPL and listing
// the valid names when it names an unknown implementation or one this CPU
// cannot run (and again on every later call: no silent fallback).
const implementation &active_implementation();
// The choice active_implementation() makes, for a CPU with the given features
// and the variable's value `forced` (nullptr or empty: not set). Pure.
const implementation &choose_implementation(const cpu_features &features, const char *forced);
// The same choices for the multi-message batch: forced as above, otherwise the
// last entry the CPU runs (no Zen 5 exception: W independent messages have no
// dependency chain for the scalar code to win on).
const implementation &active_batch_implementation();
const implementation &choose_batch_implementation(const cpu_features &features, const char *forced);
// Every compiled-in implementation (available or not), the portable one first.
const implementation *const *implementations(std::size_t &count);
// By name, or nullptr.
const implementation *find_implementation(const char *name);

// cncrypto::blake2b_batch's work on a given implementation, without its
// checks (the caller has made them): the digests of inputs[0 .. count) one
// after the other at out, through `entry`'s multi-message compression, or its
// single-message one in a loop when it has none (blake2b_batch.cpp). The
// tests and the constant-time program run it on every implementation.
void hash_batch(const implementation &entry, std::uint8_t *out, const cncrypto::blake2b_batch_input *inputs,
                std::size_t count);

// The entries' compression functions, defined in the implementation files.
void portable_compress(std::uint64_t h[8], std::uint64_t t[2], std::uint64_t f0, std::uint64_t f1,
                       const std::uint8_t *blocks, std::size_t count, std::uint64_t increment);
#if defined(CNCRYPTO_BLAKE2B_X86)
void avx2_compress(std::uint64_t h[8], std::uint64_t t[2], std::uint64_t f0, std::uint64_t f1,
                   const std::uint8_t *blocks, std::size_t count, std::uint64_t increment);
void avx512_compress(std::uint64_t h[8], std::uint64_t t[2], std::uint64_t f0, std::uint64_t f1,
                     const std::uint8_t *blocks, std::size_t count, std::uint64_t increment);
void avx2_compress_x4(std::uint64_t *h, const std::uint8_t *const *blocks, const std::uint64_t *t,
                      const std::uint64_t *f);
void avx512_compress_x8(std::uint64_t *h, const std::uint8_t *const *blocks, const std::uint64_t *t,
                        const std::uint64_t *f);
#endif

}  // namespace cncrypto::blake2b_impl
