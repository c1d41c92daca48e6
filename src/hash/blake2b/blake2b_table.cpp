// The table of BLAKE2b compression implementations and the one-time choices
// among them, for one message and for the multi-message batch (the scheme of
// keccak_permutation.cpp and cn_impl.cpp).
//
// Compiled without ISA flags: the AVX2 and AVX-512 translation units export
// only their compression functions, which run only after available() said yes.
//
// To add an implementation: build its .cpp with its ISA flags only
// (src/hash/CMakeLists.txt), give it a supported(const cpu_features &) check
// and an available() that asks it about detected_cpu_features(), and add its
// entry below (best last), with its multi-message function and lane count
// (1 and nullptr if it has none: the batch then loops the one-message code).

#include "hash/blake2b_impl.h"

#include "common/implementation_choice.h"

#include "common/cpu_features.h"

#include <cstdlib>

namespace cncrypto::blake2b_impl {

using crypto::detected_cpu_features;

namespace {

bool always_available() { return true; }
bool always_supported(const cpu_features &) { return true; }

#if defined(CNCRYPTO_BLAKE2B_X86)
// Where the portable code is the fastest although the vector entries run: AMD
// family 1Ah (Zen 5), whose vector integer operations take two cycles. One
// message's compression is one chain of dependent operations, which the
// portable code runs as four independent scalar chains of one-cycle
// operations: 110 ns per block there, against 175-210 for avx2 and avx512
// (docs/blake2b.md). Only the unforced choice follows this.
bool portable_is_fastest(const cpu_features &f) { return f.amd && f.family == 0x1a; }

// avx2: the probe's avx2 includes the OS's XCR0 check for ymm state. avx512:
// AVX-512 F+VL (vprorq, vpermt2q on ymm; the probe checks zmm and opmask state).
bool avx2_supported(const cpu_features &f) { return f.avx2; }
bool avx512_supported(const cpu_features &f) { return f.avx2 && f.avx512; }
bool avx2_available() { return avx2_supported(detected_cpu_features()); }
bool avx512_available() { return avx512_supported(detected_cpu_features()); }
#endif

const implementation portable_entry{"portable", always_available, always_supported, portable_compress, 1, nullptr};
#if defined(CNCRYPTO_BLAKE2B_X86)
const implementation avx2_entry{"avx2", avx2_available, avx2_supported, avx2_compress, 4, avx2_compress_x4};
const implementation avx512_entry{"avx512", avx512_available, avx512_supported, avx512_compress, 8, avx512_compress_x8};
#endif

// In order of preference from worst to best; the default is the last available.
const implementation *const table[] = {
    &portable_entry,
#if defined(CNCRYPTO_BLAKE2B_X86)
    &avx2_entry,
    &avx512_entry,
#endif
};
constexpr std::size_t table_size = sizeof table / sizeof table[0];

}  // namespace

const implementation &choose_batch_implementation(const cpu_features &features, const char *forced) {
  return cncrypto::choose_implementation("CNCRYPTO_BLAKE2B_IMPL", forced, "BLAKE2b", table, table_size,
                                         [&](std::size_t i) { return table[i]->supported(features); });
}

const implementation &choose_implementation(const cpu_features &features, const char *forced) {
#if defined(CNCRYPTO_BLAKE2B_X86)
  if ((forced == nullptr || *forced == '\0') && portable_is_fastest(features)) return portable_entry;
#endif
  return choose_batch_implementation(features, forced);
}

const implementation &active_batch_implementation() {
  static const implementation &active =
      choose_batch_implementation(detected_cpu_features(), std::getenv("CNCRYPTO_BLAKE2B_IMPL"));
  return active;
}

const implementation &active_implementation() {
  // Initialised once, thread-safely; if the choice throws, the next call tries again.
  static const implementation &active =
      choose_implementation(detected_cpu_features(), std::getenv("CNCRYPTO_BLAKE2B_IMPL"));
  return active;
}

const implementation *const *implementations(std::size_t &count) {
  count = table_size;
  return table;
}

const implementation *find_implementation(const char *name) {
  return cncrypto::find_implementation(table, table_size, name);
}

}  // namespace cncrypto::blake2b_impl
