// Monero's cn_slow_hash and its state functions: argument checks, the Keccak
// steps before and after the scratchpad (the library's keccak1600 / keccakf),
// the per-thread scratchpad, and the finalizer choice. The scratchpad work
// itself is the chosen implementation's (cn_impl.h), one call per hash.
//
// Also Monero's hash_process / hash_permutation (hash.c), which are the same
// two Keccak steps on a union hash_state.

#include "crypto/hash.h"
#include "crypto/hash-ops.h"
#include "crypto/keccak.h"

#include "../extra/extra_hashes.h"
#include "hash/cn_impl.h"
#include "hash/cn_r.h"
#if defined(CNCRYPTO_CN_X86)
#include "hash/cn_r_jit.h"
#endif

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace crypto::cn {

namespace {

constexpr std::size_t one_scratchpad = std::size_t{1} << 21;  // 2 MiB

// This thread's scratchpad memory: 2 MiB for one hash, 2 MiB per lane once
// the multi-hash path ran (8 MiB with its default 4 lanes). Aligned to 2 MiB so that it can sit in one huge page
// (asked for with madvise on Linux; without huge pages the loop's random
// accesses also miss the TLB).
struct scratchpad_memory {
  std::uint8_t *base = nullptr;
  std::size_t size = 0;
  ~scratchpad_memory() { release(); }
  void release() noexcept {
    std::free(base);
    base = nullptr;
    size = 0;
  }
  std::uint8_t *get(std::size_t hashes) {
    const std::size_t need = hashes * one_scratchpad;
    if (size < need) {
      release();
      void *p = std::aligned_alloc(one_scratchpad, need);
      if (p == nullptr) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
      madvise(p, need, MADV_HUGEPAGE);  // a hint: failure is harmless
#endif
      base = static_cast<std::uint8_t *>(p);
      size = need;
    }
    return base;
  }
};

thread_local scratchpad_memory scratchpad;

// Monero's variant argument to the algorithm actually run: 3 is 2 and 5 is 4
// (the block majors 9 and 11 pass them; every rule tests "2 or 3" / ">= 4").
int normalised_variant(int variant, const char *function) {
  switch (variant) {
    case 0: case 1: case 2: case 4: return variant;
    case 3: return 2;
    case 5: return 4;
    default:
      throw std::invalid_argument(std::string(function) + ": unknown CryptoNight variant " +
                                  std::to_string(variant) + " (Monero's variants are 0 to 5)");
  }
}

std::uint64_t le64(const std::uint8_t *p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

// Everything about one hash before the scratchpad work.
struct prepared {
  alignas(16) std::uint8_t state[200];
  r_program program;
#if defined(CNCRYPTO_CN_X86)
  std::unique_ptr<r_jit_program> jit;
#endif
  job j;
};

// lanes: the size of the group this hash runs in (the multi-hash loop
// compiles its own code where CNCRYPTO_CN_R_JIT_MULTI: no per-hash program).
void prepare(prepared &p, const cn_implementation &impl, const void *data, std::size_t length, int variant,
             bool prehashed, std::uint64_t height, const char *function, std::size_t lanes = 1) {
  if (data == nullptr && length != 0) {
    throw std::invalid_argument(std::string(function) + ": data is NULL but length is " + std::to_string(length));
  }
  if (variant == 1 && length < 43) {
    throw std::invalid_argument(std::string(function) +
                                ": CryptoNight variant 1 needs at least 43 bytes of data, got " +
                                std::to_string(length));
  }
  if (prehashed) {
    if (length != 200) {
      throw std::invalid_argument(std::string(function) + ": a prehashed input is the 200-byte Keccak state, got " +
                                  std::to_string(length) + " bytes");
    }
    std::memcpy(p.state, data, 200);
  } else {
    keccak1600(static_cast<const std::uint8_t *>(data), length, p.state);
  }
  p.j.state = p.state;
  p.j.scratchpad = nullptr;
  p.j.tweak = 0;
  p.j.program = nullptr;
  p.j.r_jit = nullptr;
  if (variant == 1) p.j.tweak = le64(p.state + 192) ^ le64(static_cast<const std::uint8_t *>(data) + 35);
  if (variant == 4) {
    p.program = r_generate(height);
    p.j.program = &p.program;
#if defined(CNCRYPTO_CN_X86)
    p.jit.reset();  // p may be reused from an earlier group
    if (impl.uses_r_jit && (lanes == 1 || !CNCRYPTO_CN_R_JIT_MULTI)) {
      p.jit = std::make_unique<r_jit_program>(p.program);
      p.j.r_jit = p.jit->code();
    }
#endif
  }
  (void)impl;
  (void)lanes;
}

// Keccak-f[1600] of the state, then the finalizer its first byte selects.
void finish(std::uint8_t state[200], std::uint8_t out[32]) {
  std::uint64_t lanes[25];
  for (int i = 0; i < 25; ++i) lanes[i] = le64(state + 8 * i);
  keccakf(lanes, 24);
  for (int i = 0; i < 25; ++i) {
    for (int k = 0; k < 8; ++k) state[8 * i + k] = static_cast<std::uint8_t>(lanes[i] >> (8 * k));
  }
  switch (state[0] & 3) {
    case 0: crypto::extra::blake256(state, 200, out); break;
    case 1: crypto::extra::groestl256(state, 200, out); break;
    case 2: crypto::extra::jh256(state, 200, out); break;
    default: crypto::extra::skein512_256(state, 200, out); break;
  }
}

}  // namespace

void slow_hash_with(const cn_implementation &impl, const void *data, std::size_t length, std::uint8_t *out,
                    int variant, bool prehashed, std::uint64_t height) {
  const char *function = "cn_slow_hash";
  if (out == nullptr) throw std::invalid_argument("cn_slow_hash: hash is NULL");
  const int v = normalised_variant(variant, function);
  prepared p;
  prepare(p, impl, data, length, v, prehashed, height, function);
  p.j.scratchpad = scratchpad.get(1);
  impl.run(v, &p.j, 1);
  std::uint8_t result[32];
  finish(p.state, result);
  std::memcpy(out, result, 32);
}

void slow_hash_many_with(const cn_implementation &impl, const cn_slow_hash_input *inputs, std::size_t count,
                         std::uint8_t *out, int variant, std::size_t lanes) {
  if (lanes != 1 && lanes != 2 && lanes != max_lanes) {
    throw std::invalid_argument("cn_slow_hash_many: lanes must be 1, 2 or 4, got " + std::to_string(lanes));
  }
  if (count == 0) return;
  if (inputs == nullptr) throw std::invalid_argument("cn_slow_hash_many: inputs is NULL (count " + std::to_string(count) + ")");
  if (out == nullptr) throw std::invalid_argument("cn_slow_hash_many: out is NULL (count " + std::to_string(count) + ")");
  const int v = normalised_variant(variant, "cn_slow_hash_many");
  // Check every input first: an error leaves out untouched.
  for (std::size_t i = 0; i < count; ++i) {
    const std::string where = "cn_slow_hash_many: input " + std::to_string(i);
    if (inputs[i].data == nullptr && inputs[i].length != 0) {
      throw std::invalid_argument(where + ": data is NULL but length is " + std::to_string(inputs[i].length));
    }
    if (v == 1 && inputs[i].length < 43) {
      throw std::invalid_argument(where + ": CryptoNight variant 1 needs at least 43 bytes of data, got " +
                                  std::to_string(inputs[i].length));
    }
  }
#if defined(CNCRYPTO_CN_X86) && CNCRYPTO_CN_R_JIT_MULTI
  // A bad CNCRYPTO_CN_R_SIMD is refused whenever a group of two or more
  // lanes of variant 4 would run, also by the implementations without the
  // JIT (which ignore a valid value): no silent fallback.
  if (v == 4 && lanes > 1 && count > 1) r_simd_chosen();
#endif
  std::vector<std::uint8_t> results(count * 32);
  std::uint8_t *const base = scratchpad.get(lanes);
  prepared p[max_lanes];
  for (std::size_t i = 0; i < count;) {
    // Groups of `lanes` hashes; the rest in a group of 2 and then of 1.
    std::size_t n = lanes;
    while (n > 1 && count - i < n) n /= 2;
    for (std::size_t k = 0; k < n; ++k) {
      prepare(p[k], impl, inputs[i + k].data, inputs[i + k].length, v, false, inputs[i + k].height, "cn_slow_hash_many",
              n);
      p[k].j.scratchpad = base + k * one_scratchpad;
    }
    job jobs[max_lanes];
    for (std::size_t k = 0; k < n; ++k) jobs[k] = p[k].j;
    impl.run(v, jobs, n);
    for (std::size_t k = 0; k < n; ++k) finish(p[k].state, results.data() + 32 * (i + k));
    i += n;
  }
  std::memcpy(out, results.data(), results.size());
}

}  // namespace crypto::cn

extern "C" {

// Monero's slow-hash.c switch between CryptonightR's JIT and its interpreter
// (declared in crypto/hash-ops.h; read by cn_r_jit_x86.cpp's jit_allowed()).
volatile int use_v4_jit_flag = -1;

void cn_slow_hash(const void *data, size_t length, char *hash, int variant, int prehashed, uint64_t height) {
  const crypto::cn::cn_implementation &impl = crypto::cn::cn_active_implementation();
  crypto::cn::slow_hash_with(impl, data, length, reinterpret_cast<std::uint8_t *>(hash), variant, prehashed != 0,
                             height);
}

void cn_slow_hash_allocate_state(void) { crypto::cn::scratchpad.get(1); }

void cn_slow_hash_free_state(void) { crypto::cn::scratchpad.release(); }

void hash_permutation(union hash_state *state) {
  if (state == nullptr) throw std::invalid_argument("hash_permutation: state is NULL");
  std::uint64_t lanes[25];
  for (int i = 0; i < 25; ++i) lanes[i] = crypto::cn::le64(state->b + 8 * i);
  keccakf(lanes, 24);
  for (int i = 0; i < 25; ++i) {
    for (int k = 0; k < 8; ++k) state->b[8 * i + k] = static_cast<std::uint8_t>(lanes[i] >> (8 * k));
  }
}

void hash_process(union hash_state *state, const uint8_t *buf, size_t count) {
  if (state == nullptr) throw std::invalid_argument("hash_process: state is NULL");
  if (buf == nullptr && count != 0) {
    throw std::invalid_argument("hash_process: buf is NULL but count is " + std::to_string(count));
  }
  keccak1600(buf, count, state->b);
}

}  // extern "C"

namespace cncrypto {

void cn_slow_hash_many(const cn_slow_hash_input *inputs, std::size_t count, crypto::hash *out, int variant) {
  if (count == 0) return;  // as documented, even where CNCRYPTO_CN_IMPL names no implementation
  crypto::cn::slow_hash_many_with(crypto::cn::cn_active_implementation(), inputs, count, reinterpret_cast<std::uint8_t *>(out),
                          variant);
}

}  // namespace cncrypto
