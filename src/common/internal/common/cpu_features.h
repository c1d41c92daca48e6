// The x86-64 instruction-set features the Keccak, CryptoNight and BLAKE2b implementations need, probed
// once per process (CPUID for what the CPU implements, XGETBV for what the OS
// saves on a context switch). Internal to the library.
//
// On a non-x86 build every flag is false and only the portable code exists.
#pragma once

#include <cstdint>

namespace crypto {

struct cpu_features {
  bool bmi1 = false;      // ANDN (CPUID.7.0:EBX bit 3)
  bool bmi2 = false;      // RORX (CPUID.7.0:EBX bit 8)
  bool avx2 = false;      // AVX2 usable: CPUID.7.0:EBX bit 5, AVX, and the OS saves ymm state
  bool avx512 = false;    // AVX-512 F+VL usable: CPUID.7.0:EBX bits 16, 31, and the OS saves
                          // opmask and zmm state (XCR0 bits 1, 2, 5, 6, 7)
  bool avx512ifma = false;  // AVX-512 IFMA (VPMADD52LUQ/HUQ) usable: avx512 and CPUID.7.0:EBX bit 21
  bool aes = false;       // AESENC etc. (CPUID.1:ECX bit 25); xmm state only, saved by every x86-64 OS
  bool sse41 = false;     // SSE4.1 (CPUID.1:ECX bit 19)
  bool ssse3 = false;     // SSSE3, PSHUFB (CPUID.1:ECX bit 9)
  bool vaes = false;      // VAES, VAESENC on ymm/zmm (CPUID.7.0:ECX bit 9); usable with avx2 / avx512
  // Not features: which CPU, for the few choices that measured speed decides
  // rather than the instruction set (BLAKE2b's, hash/blake2b_impl.h).
  bool amd = false;       // CPUID.0 vendor string "AuthenticAMD"
  unsigned family = 0;    // CPUID.1:EAX family: bits 8..11, plus bits 20..27 when those are 0xF
};

// The register values the probe reads (0 where it did not read them: a leaf above
// the highest basic leaf, or XCR0 when CPUID does not report OSXSAVE).
struct cpuid_values {
  std::uint32_t max_leaf = 0;   // CPUID.0:EAX, the highest basic leaf
  bool vendor_amd = false;      // CPUID.0:EBX, EDX, ECX spell "AuthenticAMD"
  std::uint32_t leaf1_eax = 0;  // CPUID.1:EAX, family / model / stepping (read when max_leaf >= 1)
  std::uint32_t leaf1_ecx = 0;  // CPUID.1:ECX (read when max_leaf >= 1)
  std::uint32_t leaf7_ebx = 0;  // CPUID.(EAX=7,ECX=0):EBX (read when max_leaf >= 7)
  std::uint32_t leaf7_ecx = 0;  // CPUID.(EAX=7,ECX=0):ECX (read when max_leaf >= 7)
  std::uint64_t xcr0 = 0;       // XGETBV(ECX=0) (read when max_leaf >= 1 and CPUID.1:ECX bit 27)
};

// The features those values mean (pure; what detected_cpu_features() applies to
// the CPU's own values). A leaf above max_leaf, or XCR0 without OSXSAVE, is
// ignored whatever the field holds.
cpu_features decode_cpu_features(const cpuid_values &v);

// The features of the CPU this process runs on (probed on the first call, then
// cached; thread-safe). Never throws.
const cpu_features &detected_cpu_features();

}  // namespace crypto
