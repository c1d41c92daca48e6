// Layer interface of the hash layer (tests, benchmarks, the layers above; not
// installed): CryptoNight's implementations behind one small table, chosen
// once per process, like Keccak's (hash/keccak_permutation.h).
//
// An implementation runs a whole hash's scratchpad work, explode + 524288
// iterations + implode, for 1, 2 or 4 hashes of the same variant: the entry
// is called once per hash, never inside the loop. Keccak-1600 before and the
// permutation and finalizer after are cn_slow_hash.cpp's, common to all.
//
//   portable  T-table software AES, plain C++ (aes_portable.cpp)
//   ssse3     software AES, no AES-NI: explode/implode bitsliced with SSSE3,
//             the loop's round by T-tables (aes_bitslice_ssse3.cpp, -mssse3)
//   aesni     AESENC + SSE4.1 (aes_ni.cpp, compiled with -maes -msse4.1)
//   vaes      aesni's loop, explode/implode by VAES on ymm (aes_vaes.cpp,
//             compiled with -mvaes -mavx512f -mavx512vl); needs AVX-512 F+VL
//
// CNCRYPTO_CN_IMPL=portable|ssse3|aesni|vaes forces one; otherwise the last available.
#pragma once

#include "hash/cn_r.h"

#include <cstddef>
#include <cstdint>

namespace crypto {
struct cpu_features;  // common/cpu_features.h
}

namespace crypto::cn {

// One hash's inputs to an implementation.
struct job {
  std::uint8_t *state;       // the 200-byte Keccak state; bytes 64..191 are replaced by implode
  std::uint8_t *scratchpad;  // 2 MiB, 64-byte aligned, contents irrelevant (overwritten)
  std::uint64_t tweak;       // variant 1: state bytes 192..199 ^ input bytes 35..42 (little-endian)
  const r_program *program;  // variant 4: the height's program
  const void *r_jit;         // variant 4: the program as x86-64 code (hash/cn_r_jit.h), or nullptr
};

struct cn_implementation {
  // Printable name ("portable", "aesni"). Stable: CNCRYPTO_CN_IMPL selects by it.
  const char *name;
  // true when this implementation can run on the current CPU.
  bool (*available)();
  // variant 0, 1, 2 or 4 (Monero's 3 and 5 mapped to 2 and 4 by the caller);
  // count 1, 2 or 4 (independent hashes interleaved). Never throws.
  void (*run)(int variant, const job *jobs, std::size_t count);
  // true when run() uses job::r_jit (then the caller compiles the program).
  bool uses_r_jit;
};

// The implementation in use, chosen on the first call (thread-safe, once per
// process). Throws std::runtime_error naming CNCRYPTO_CN_IMPL and listing the
// valid names when it names an unknown implementation or one the CPU cannot
// run (and again on every later call: no silent fallback).
const cn_implementation &cn_active_implementation();
// The choice cn_active_implementation() makes (it returns
// choose_cn_implementation(detected_cpu_features(), getenv("CNCRYPTO_CN_IMPL"))), for
// a CPU with the given features and the variable's value `forced` (nullptr or
// empty: not set). Pure: reads neither the CPU nor the environment. Throws as
// cn_active_implementation(), the names "not supported by this CPU" being those
// `features` cannot run.
const cn_implementation &choose_cn_implementation(const cpu_features &features, const char *forced);
const char *cn_implementation_name();

// Every compiled-in implementation (available or not), the portable one first.
const cn_implementation *const *cn_implementations(std::size_t &count);
// By name, or nullptr.
const cn_implementation *find_cn_implementation(const char *name);

// The entries' run functions, defined in the implementation files.
void portable_run(int variant, const job *jobs, std::size_t count);
#if defined(CNCRYPTO_CN_X86)
void aesni_run(int variant, const job *jobs, std::size_t count);
void ssse3_run(int variant, const job *jobs, std::size_t count);
void vaes_run(int variant, const job *jobs, std::size_t count);
#endif

}  // namespace crypto::cn

namespace cncrypto {
struct cn_slow_hash_input;  // crypto/hash.h
}

namespace crypto::cn {

using cncrypto::cn_slow_hash_input;

// cn_slow_hash through a given implementation (tests and benchmarks run each
// one). Same checks, errors and results as cn_slow_hash; out: 32 bytes.
void slow_hash_with(const cn_implementation &impl, const void *data, std::size_t length, std::uint8_t *out,
                    int variant, bool prehashed, std::uint64_t height);

// Variant 2's integer square root as the loop computes it (for tests):
// floor(2 * sqrt(2^64 + n)) - 2^33.
std::uint64_t variant2_sqrt(std::uint64_t n);

// The CryptonightR interpreter as the loop runs it (for tests): r = R0..R8.
void r_execute(const r_program &program, std::uint32_t r[9]);

// Hashes the multi-hash path runs interleaved in one thread (its default).
constexpr std::size_t max_lanes = 4;

// cn_slow_hash_many through a given implementation; out: count * 32 bytes.
// lanes: 1, 2 or 4 hashes interleaved (std::invalid_argument otherwise); the
// inputs go in groups of `lanes`, the remainder in a group of 2, then of 1.
void slow_hash_many_with(const cn_implementation &impl, const cn_slow_hash_input *inputs, std::size_t count,
                         std::uint8_t *out, int variant, std::size_t lanes = max_lanes);

}  // namespace crypto::cn
