// The table of Keccak-f[1600] implementations and the one-time choice among them.
//
// To add an implementation: build its translation unit with its ISA flags only
// (never raise -march for the whole library; src/hash/CMakeLists.txt), give
// it a `supported(const cpu_features &)` (pure: the CPU and OS support it
// needs) and an `available()` that asks it about detected_cpu_features(), and
// add both to `implementations()` below (best last). Nothing else changes: the
// sponge and keccakf() call through keccak_active_permutation().
//
// The entries are built here, in a file compiled without ISA flags: the ISA
// translation units export only the permutation functions themselves, which
// run only after available() said yes.
//
// x86-64 entries, from slowest to fastest on AMD Zen 5 (measured,
// docs/performance-keccak.md):
//   bmi2    scalar lanes with ANDN/RORX; x4/x8 the generic       BMI1 + BMI2
//           fallback (keccak_fallback.h)
//   avx2    bmi2 for one state; x4 in ymm, x8 = 2 x4             + AVX2
//   avx512  one state in xmm (generated asm), x4 in ymm, x8 in    + AVX-512 F/VL
//           zmm (vprolq, vpternlogq)
//   hybrid  one state: 20 lanes in xmm, one chi row in general    same as avx512
//           registers (generated asm, keccak_hybrid_asm.py), and
//           its one-block hash; the rest is avx512's. On Sapphire
//           Rapids about 1.18x avx512 for one state
//           (docs/measurements/keccak.md)
// hash_one_block is the generic fallback (keccak_fallback.h) over each entry's
// permute, except hybrid's own.

#include "hash/keccak_permutation.h"

#include "common/implementation_choice.h"

#include "common/cpu_features.h"
#include "keccak/keccak_fallback.h"
#include "keccak/keccak_x86.h"

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace crypto {

namespace {

#if defined(CNCRYPTO_KECCAK_X86)
namespace x86 = keccak_x86;

void bmi2_permute(std::uint64_t st[25]) { x86::bmi2_permute_rounds(st, 24); }
bool bmi2_supported(const cpu_features &f) { return f.bmi1 && f.bmi2; }
bool avx2_supported(const cpu_features &f) { return bmi2_supported(f) && f.avx2; }
bool avx512_supported(const cpu_features &f) { return avx2_supported(f) && f.avx512; }
bool bmi2_available() { return bmi2_supported(detected_cpu_features()); }
bool avx2_available() { return avx2_supported(detected_cpu_features()); }
bool avx512_available() { return avx512_supported(detected_cpu_features()); }

// An x86 entry: the given permutation functions with the portable byte access
// (add_bytes / extract_bytes are a few loads and XORs; the permutation is what
// costs).
keccak_permutation x86_entry(const char *name, bool (*available)(), void (*permute)(std::uint64_t *),
                             void (*permute_rounds)(std::uint64_t *, int), void (*x4_lanes)(std::uint64_t *),
                             void (*x8_lanes)(std::uint64_t *),
                             void (*absorb)(std::uint64_t *, const std::uint8_t *, std::size_t, std::size_t),
                             void (*one_block)(std::uint64_t *, std::uint8_t *, std::size_t), unsigned parallel_lanes) {
  keccak_permutation p = keccak_portable_permutation();
  p.name = name;
  p.available = available;
  p.permute = permute;
  p.permute_rounds = permute_rounds;
  p.permute_x4_lanes = x4_lanes;
  p.permute_x8_lanes = x8_lanes;
  p.absorb_blocks = absorb;
  p.hash_one_block = one_block;
  p.parallel_lanes = parallel_lanes;
  return p;
}
#endif

bool always_supported(const cpu_features &) { return true; }

// entries[i] runs on a CPU with features f when supported[i](f) (entries[i]->available()
// is supported[i](detected_cpu_features())).
struct implementation_table {
  const keccak_permutation *entries[8];
  bool (*supported[8])(const cpu_features &);
  std::size_t count;
};

// Every compiled-in implementation, in order of preference from worst to best.
// The default choice is the last available one.
const implementation_table &implementations() {
  static const implementation_table table = [] {
    implementation_table t{};
    t.supported[t.count] = always_supported;
    t.entries[t.count++] = &keccak_portable_permutation();
#if defined(CNCRYPTO_KECCAK_X86)
    // bmi2 has no multi-lane permutation: the generic fallback over its one
    // state. avx2 is bmi2 for one state.
    static const keccak_permutation x86_entries[] = {
        x86_entry("bmi2", bmi2_available, bmi2_permute, x86::bmi2_permute_rounds,
                  permute_lanes_fallback<4, bmi2_permute>, permute_lanes_fallback<8, bmi2_permute>,
                  x86::bmi2_absorb_blocks, hash_one_block_fallback<bmi2_permute>, 1),
        x86_entry("avx2", avx2_available, bmi2_permute, x86::bmi2_permute_rounds, x86::avx2_permute_x4_lanes,
                  x86::avx2_permute_x8_lanes, x86::bmi2_absorb_blocks, hash_one_block_fallback<bmi2_permute>, 4),
        x86_entry("avx512", avx512_available, x86::avx512_permute, x86::avx512_permute_rounds,
                  x86::avx512_permute_x4_lanes, x86::avx512_permute_x8_lanes, x86::avx512_absorb_blocks,
                  hash_one_block_fallback<x86::avx512_permute>, 8),
        // Monero's keccakf(st, rounds) (permute_rounds) keeps avx512's round.
        x86_entry("hybrid", avx512_available, x86::hybrid_permute, x86::avx512_permute_rounds,
                  x86::avx512_permute_x4_lanes, x86::avx512_permute_x8_lanes, x86::hybrid_absorb_blocks,
                  x86::hybrid_hash_one_block, 8),
    };
    static bool (*const x86_supported[])(const cpu_features &) = {bmi2_supported, avx2_supported,
                                                                  avx512_supported, avx512_supported};
    for (std::size_t i = 0; i < sizeof x86_entries / sizeof x86_entries[0]; ++i) {
      t.supported[t.count] = x86_supported[i];
      t.entries[t.count++] = &x86_entries[i];
    }
#endif
    return t;
  }();
  return table;
}

}  // namespace

const keccak_permutation &choose_keccak_permutation(const cpu_features &features, const char *forced) {
  const implementation_table &t = implementations();
  return cncrypto::choose_implementation("CNCRYPTO_KECCAK_IMPL", forced, "Keccak", t.entries, t.count,
                                         [&](std::size_t i) { return t.supported[i](features); });
}

const keccak_permutation &keccak_active_permutation() {
  // A function-local static is initialised exactly once, thread-safely; if
  // the choice throws, the next call tries (and throws) again.
  static const keccak_permutation &active =
      choose_keccak_permutation(detected_cpu_features(), std::getenv("CNCRYPTO_KECCAK_IMPL"));
  return active;
}

const char *keccak_implementation_name() { return keccak_active_permutation().name; }

const keccak_permutation *const *keccak_permutations(std::size_t &count) {
  const implementation_table &t = implementations();
  count = t.count;
  return t.entries;
}

const keccak_permutation *find_keccak_permutation(const char *name) {
  const implementation_table &t = implementations();
  return cncrypto::find_implementation(t.entries, t.count, name);
}

}  // namespace crypto
