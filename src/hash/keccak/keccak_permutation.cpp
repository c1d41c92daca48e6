// The table of Keccak-f[1600] implementations and the one-time choice among them.
//
// To add an implementation: build its translation unit with its ISA flags only
// (never raise -march for the whole library; src/crypto/CMakeLists.txt), give
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
//   bmi2    scalar lanes with ANDN/RORX; x4/x8 loop it          BMI1 + BMI2
//   avx2    bmi2 for one state; x4 in ymm, x8 = 2 x4             + AVX2
//   avx512  one state in xmm (generated asm), x4 in ymm, x8 in    + AVX-512 F/VL
//           zmm (vprolq, vpternlogq)

#include "hash/keccak_permutation.h"

#include "common/cpu_features.h"
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
void bmi2_permute_x4(std::uint64_t states[4][25]) {
  for (int k = 0; k < 4; ++k) x86::bmi2_permute_rounds(states[k], 24);
}
void bmi2_permute_x8(std::uint64_t states[8][25]) {
  for (int k = 0; k < 8; ++k) x86::bmi2_permute_rounds(states[k], 24);
}
template <int width>
void bmi2_permute_lanes(std::uint64_t *lanes) {
  std::uint64_t states[width][25];
  for (int k = 0; k < width; ++k) {
    for (int i = 0; i < 25; ++i) states[k][i] = lanes[width * i + k];
  }
  for (auto &st : states) x86::bmi2_permute_rounds(st, 24);
  for (int k = 0; k < width; ++k) {
    for (int i = 0; i < 25; ++i) lanes[width * i + k] = states[k][i];
  }
}
bool bmi2_available() {
  const cpu_features &f = detected_cpu_features();
  return f.bmi1 && f.bmi2;
}
bool avx2_available() { return bmi2_available() && detected_cpu_features().avx2; }
bool avx512_available() { return avx2_available() && detected_cpu_features().avx512; }

// Entries share the portable byte access (add_bytes / extract_bytes are a few
// loads and XORs; the permutation is what costs).
keccak_permutation with_portable_bytes(const char *name, bool (*available)()) {
  keccak_permutation p = keccak_portable_permutation();
  p.name = name;
  p.available = available;
  return p;
}

const keccak_permutation &bmi2_permutation() {
  static const keccak_permutation p = [] {
    keccak_permutation t = with_portable_bytes("bmi2", bmi2_available);
    t.permute = bmi2_permute;
    t.permute_rounds = x86::bmi2_permute_rounds;
    t.permute_x4 = bmi2_permute_x4;
    t.permute_x8 = bmi2_permute_x8;
    t.permute_x4_lanes = bmi2_permute_lanes<4>;
    t.permute_x8_lanes = bmi2_permute_lanes<8>;
    t.absorb_blocks = x86::bmi2_absorb_blocks;
    return t;
  }();
  return p;
}

const keccak_permutation &avx2_permutation() {
  static const keccak_permutation p = [] {
    keccak_permutation t = bmi2_permutation();
    t.name = "avx2";
    t.available = avx2_available;
    t.permute_x4 = x86::avx2_permute_x4;
    t.permute_x8 = x86::avx2_permute_x8;
    t.permute_x4_lanes = x86::avx2_permute_x4_lanes;
    t.permute_x8_lanes = x86::avx2_permute_x8_lanes;
    t.parallel_lanes = 4;
    return t;
  }();
  return p;
}

const keccak_permutation &avx512_permutation() {
  static const keccak_permutation p = [] {
    keccak_permutation t = with_portable_bytes("avx512", avx512_available);
    t.permute = x86::avx512_permute;
    t.permute_rounds = x86::avx512_permute_rounds;
    t.permute_x4 = x86::avx512_permute_x4;
    t.permute_x8 = x86::avx512_permute_x8;
    t.permute_x4_lanes = x86::avx512_permute_x4_lanes;
    t.permute_x8_lanes = x86::avx512_permute_x8_lanes;
    t.absorb_blocks = x86::avx512_absorb_blocks;
    t.parallel_lanes = 8;
    return t;
  }();
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
    t.entries[t.count++] = &bmi2_permutation();
    t.entries[t.count++] = &avx2_permutation();
    t.entries[t.count++] = &avx512_permutation();
#endif
    return t;
  }();
  return table;
}

std::string valid_names() {
  std::string names;
  const implementation_table &t = implementations();
  for (std::size_t i = 0; i < t.count; ++i) {
    if (!names.empty()) names += ", ";
    names += t.entries[i]->name;
    if (!t.entries[i]->available()) names += " (not supported by this CPU)";
  }
  return names;
}

const keccak_permutation &choose() {
  const char *forced = std::getenv("CNCRYPTO_KECCAK_IMPL");
  if (forced != nullptr && *forced != '\0') {
    const keccak_permutation *p = find_keccak_permutation(forced);
    if (p == nullptr) {
      throw std::runtime_error(std::string("CNCRYPTO_KECCAK_IMPL=") + forced +
                               ": unknown Keccak implementation; valid names: " + valid_names());
    }
    if (!p->available()) {
      throw std::runtime_error(std::string("CNCRYPTO_KECCAK_IMPL=") + forced +
                               ": this CPU cannot run that Keccak implementation; valid names: " +
                               valid_names());
    }
    return *p;
  }
  const implementation_table &t = implementations();
  for (std::size_t i = t.count; i-- > 0;) {
    if (t.entries[i]->available()) return *t.entries[i];
  }
  return keccak_portable_permutation();
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
