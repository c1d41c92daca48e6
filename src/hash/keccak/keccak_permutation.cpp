// The table of Keccak-f[1600] implementations and the one-time choice among them.
//
// To add an implementation: build its translation unit with its ISA flags only
// (never raise -march for the whole library; src/hash/CMakeLists.txt), give
// it an `available()` that checks cpu_features (CPU and OS support), and add
// it to `implementations()` below (best last). Nothing else changes: the
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
bool bmi2_available() {
  const cpu_features &f = detected_cpu_features();
  return f.bmi1 && f.bmi2;
}
bool avx2_available() { return bmi2_available() && detected_cpu_features().avx2; }
bool avx512_available() { return avx2_available() && detected_cpu_features().avx512; }

// An x86 entry: the given permutation functions with the portable byte access
// (add_bytes / extract_bytes are a few loads and XORs; the permutation is what
// costs).
keccak_permutation x86_entry(const char *name, bool (*available)(), void (*permute)(std::uint64_t *),
                             void (*permute_rounds)(std::uint64_t *, int), void (*x4_lanes)(std::uint64_t *),
                             void (*x8_lanes)(std::uint64_t *),
                             void (*absorb)(std::uint64_t *, const std::uint8_t *, std::size_t, std::size_t),
                             unsigned parallel_lanes) {
  keccak_permutation p = keccak_portable_permutation();
  p.name = name;
  p.available = available;
  p.permute = permute;
  p.permute_rounds = permute_rounds;
  p.permute_x4_lanes = x4_lanes;
  p.permute_x8_lanes = x8_lanes;
  p.absorb_blocks = absorb;
  p.parallel_lanes = parallel_lanes;
  return p;
}
#endif

struct implementation_table {
  const keccak_permutation *entries[8];
  std::size_t count;
};

// Every compiled-in implementation, in order of preference from worst to best.
// The default choice is the last available one.
const implementation_table &implementations() {
  static const implementation_table table = [] {
    implementation_table t{};
    t.entries[t.count++] = &keccak_portable_permutation();
#if defined(CNCRYPTO_KECCAK_X86)
    // bmi2 has no multi-lane permutation: the generic fallback over its one
    // state. avx2 is bmi2 for one state.
    static const keccak_permutation x86_entries[] = {
        x86_entry("bmi2", bmi2_available, bmi2_permute, x86::bmi2_permute_rounds,
                  permute_lanes_fallback<4, bmi2_permute>, permute_lanes_fallback<8, bmi2_permute>,
                  x86::bmi2_absorb_blocks, 1),
        x86_entry("avx2", avx2_available, bmi2_permute, x86::bmi2_permute_rounds, x86::avx2_permute_x4_lanes,
                  x86::avx2_permute_x8_lanes, x86::bmi2_absorb_blocks, 4),
        x86_entry("avx512", avx512_available, x86::avx512_permute, x86::avx512_permute_rounds,
                  x86::avx512_permute_x4_lanes, x86::avx512_permute_x8_lanes, x86::avx512_absorb_blocks, 8),
    };
    for (const keccak_permutation &p : x86_entries) t.entries[t.count++] = &p;
#endif
    return t;
  }();
  return table;
}

const keccak_permutation &choose() {
  const implementation_table &t = implementations();
  return cncrypto::choose_implementation("CNCRYPTO_KECCAK_IMPL", "Keccak", t.entries, t.count);
}

}  // namespace

const keccak_permutation &keccak_active_permutation() {
  // A function-local static is initialised exactly once, thread-safely; if
  // choose() throws, the next call tries (and throws) again.
  static const keccak_permutation &active = choose();
  return active;
}

const char *keccak_implementation_name() { return keccak_active_permutation().name; }

const keccak_permutation *const *keccak_permutations(std::size_t &count) {
  const implementation_table &t = implementations();
  count = t.count;
  return t.entries;
}

const keccak_permutation *find_keccak_permutation(const char *name) {
  if (name == nullptr) return nullptr;
  const implementation_table &t = implementations();
  for (std::size_t i = 0; i < t.count; ++i) {
    if (std::strcmp(t.entries[i]->name, name) == 0) return t.entries[i];
  }
  return nullptr;
}

}  // namespace crypto
