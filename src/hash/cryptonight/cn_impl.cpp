// The table of CryptoNight implementations and the one-time choice among them
// (the same scheme as Keccak's keccak_permutation.cpp).
//
// Compiled without ISA flags: the AES-NI translation unit exports only
// aesni_run, which runs only after available() said yes.
//
// To add an implementation: build its .cpp
// with its ISA flags only, give it an available() check, add it below (best
// last).

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

#if defined(CNCRYPTO_CN_X86)
// AES and SSE4.1, from the library's one CPU probe (common/cpu_features.h).
// Both use xmm state only, which every x86-64 OS saves; no XGETBV check needed.
bool aesni_available() {
  const cpu_features &f = detected_cpu_features();
  return f.aes && f.sse41;
}
bool ssse3_available() { return detected_cpu_features().ssse3; }
// VAES on ymm registers plus AVX-512 F+VL (32 vector registers; the probe's
// avx512 includes the OS's XCR0 check for ymm and zmm state).
bool vaes_available() {
  const cpu_features &f = detected_cpu_features();
  return f.aes && f.sse41 && f.vaes && f.avx512;
}
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

const cn_implementation &choose() {
  return cncrypto::choose_implementation("CNCRYPTO_CN_IMPL", "CryptoNight", table, table_size);
}

}  // namespace

const cn_implementation &cn_active_implementation() {
  // Initialised once, thread-safely; if choose() throws, the next call tries again.
  static const cn_implementation &active = choose();
  return active;
}

const char *cn_implementation_name() { return cn_active_implementation().name; }

const cn_implementation *const *cn_implementations(std::size_t &count) {
  count = table_size;
  return table;
}

const cn_implementation *find_cn_implementation(const char *name) {
  if (name == nullptr) return nullptr;
  for (const cn_implementation *e : table) {
    if (std::strcmp(e->name, name) == 0) return e;
  }
  return nullptr;
}

}  // namespace crypto::cn
