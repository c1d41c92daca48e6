// The table of CryptoNight implementations and the one-time choice among them
// (the same scheme as Keccak's keccak_permutation.cpp).
//
// Compiled without ISA flags: the AES-NI translation unit exports only
// aesni_run, which runs only after available() said yes.
//
// To add an implementation: build its .cpp with its ISA flags only, give it a
// supported(const cpu_features &) check and an available() that asks it about
// detected_cpu_features(), add both below (best last).

#include "hash/cn_impl.h"

#include "common/implementation_choice.h"

#include "common/cpu_features.h"

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace crypto::cn {

namespace {

bool always_available() { return true; }
bool always_supported(const cpu_features &) { return true; }

#if defined(CNCRYPTO_CN_X86)
// What each needs, from the library's one CPU probe (common/cpu_features.h); pure,
// the available() of the entries asks it about detected_cpu_features().
// aesni: AES and SSE4.1. ssse3 and aesni use xmm state only, which every x86-64
// OS saves; no XGETBV check needed.
bool aesni_supported(const cpu_features &f) { return f.aes && f.sse41; }
bool ssse3_supported(const cpu_features &f) { return f.ssse3; }
// vaes: VAES on ymm registers plus AVX-512 F+VL (32 vector registers; the probe's
// avx512 includes the OS's XCR0 check for ymm and zmm state).
bool vaes_supported(const cpu_features &f) { return aesni_supported(f) && f.vaes && f.avx512; }
bool aesni_available() { return aesni_supported(detected_cpu_features()); }
bool ssse3_available() { return ssse3_supported(detected_cpu_features()); }
bool vaes_available() { return vaes_supported(detected_cpu_features()); }
#endif

const cn_implementation portable_entry{"portable", always_available, portable_run, false};
#if defined(CNCRYPTO_CN_X86)
const cn_implementation ssse3_entry{"ssse3", ssse3_available, ssse3_run, false};
const cn_implementation aesni_entry{"aesni", aesni_available, aesni_run, true};
const cn_implementation vaes_entry{"vaes", vaes_available, vaes_run, true};
#endif

// In order of preference from worst to best; the default is the last available.
const cn_implementation *const table[] = {
    &portable_entry,
#if defined(CNCRYPTO_CN_X86)
    &ssse3_entry,
    &aesni_entry,
    &vaes_entry,
#endif
};
constexpr std::size_t table_size = sizeof table / sizeof table[0];
// table[i] runs on a CPU with features f when supported[i](f).
bool (*const supported[])(const cpu_features &) = {
    always_supported,
#if defined(CNCRYPTO_CN_X86)
    ssse3_supported,
    aesni_supported,
    vaes_supported,
#endif
};
static_assert(sizeof supported / sizeof supported[0] == table_size, "one supported() per entry");

}  // namespace

const cn_implementation &choose_cn_implementation(const cpu_features &features, const char *forced) {
  return cncrypto::choose_implementation("CNCRYPTO_CN_IMPL", forced, "CryptoNight", table, table_size,
                                         [&](std::size_t i) { return supported[i](features); });
}

const cn_implementation &cn_active_implementation() {
  // Initialised once, thread-safely; if the choice throws, the next call tries again.
  static const cn_implementation &active =
      choose_cn_implementation(detected_cpu_features(), std::getenv("CNCRYPTO_CN_IMPL"));
  return active;
}

const char *cn_implementation_name() { return cn_active_implementation().name; }

const cn_implementation *const *cn_implementations(std::size_t &count) {
  count = table_size;
  return table;
}

const cn_implementation *find_cn_implementation(const char *name) {
  return cncrypto::find_implementation(table, table_size, name);
}

}  // namespace crypto::cn
