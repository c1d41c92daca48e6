// CPUID + XGETBV probe (Intel SDM vol. 2A "CPUID", vol. 1 section 13.3 "Enabling
// the XSAVE feature set"; AMD APM vol. 3 appendix E; the family: Intel SDM vol.
// 2A CPUID, figure 3-6 "Version Information", AMD APM vol. 3 CPUID
// Fn0000_0001_EAX). Compiled without any ISA flags: it must run on every x86-64.

#include "common/cpu_features.h"

#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace crypto {

namespace {

#if defined(__x86_64__) || defined(__i386__)
// XCR0: the state components the OS has enabled for XSAVE (i.e. saves and
// restores on context switches). XGETBV is only valid when CPUID says OSXSAVE.
std::uint64_t read_xcr0() {
  std::uint32_t eax = 0, edx = 0;
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<std::uint64_t>(edx) << 32) | eax;
}

cpu_features probe() {
  cpuid_values v;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  __cpuid(0, eax, ebx, ecx, edx);
  v.max_leaf = eax;
  v.vendor_amd = ebx == 0x68747541 && edx == 0x69746e65 && ecx == 0x444d4163;  // "Auth" "enti" "cAMD"
  if (v.max_leaf >= 1) {
    __cpuid_count(1, 0, eax, ebx, ecx, edx);
    v.leaf1_eax = eax;
    v.leaf1_ecx = ecx;
    if ((ecx >> 27) & 1) v.xcr0 = read_xcr0();  // OSXSAVE: XGETBV is valid
  }
  if (v.max_leaf >= 7) {
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    v.leaf7_ebx = ebx;
    v.leaf7_ecx = ecx;
  }
  return decode_cpu_features(v);
}
#else
cpu_features probe() { return cpu_features{}; }
#endif

}  // namespace

cpu_features decode_cpu_features(const cpuid_values &v) {
  cpu_features f;
  if (v.max_leaf < 1) return f;
  f.amd = v.vendor_amd;
  const unsigned base_family = (v.leaf1_eax >> 8) & 0xf;
  f.family = base_family == 0xf ? base_family + ((v.leaf1_eax >> 20) & 0xff) : base_family;
  const std::uint32_t ecx = v.leaf1_ecx;
  const bool osxsave = (ecx >> 27) & 1;
  const bool avx = (ecx >> 28) & 1;
  f.aes = (ecx >> 25) & 1;
  f.sse41 = (ecx >> 19) & 1;
  f.ssse3 = (ecx >> 9) & 1;
  if (v.max_leaf < 7) return f;
  const std::uint32_t ebx = v.leaf7_ebx;
  f.bmi1 = (ebx >> 3) & 1;
  f.bmi2 = (ebx >> 8) & 1;
  const bool cpu_avx2 = (ebx >> 5) & 1;
  const bool cpu_avx512f = (ebx >> 16) & 1;
  const bool cpu_avx512vl = (ebx >> 31) & 1;
  const bool cpu_avx512ifma = (ebx >> 21) & 1;
  f.vaes = (v.leaf7_ecx >> 9) & 1;  // the instructions exist; ymm/zmm use also needs avx2 / avx512 below
  if (!osxsave) return f;
  const std::uint64_t xcr0 = v.xcr0;
  const bool os_ymm = (xcr0 & 0x6) == 0x6;    // SSE (bit 1) and AVX (bit 2) state
  const bool os_zmm = (xcr0 & 0xe6) == 0xe6;  // + opmask (5), ZMM_Hi256 (6), Hi16_ZMM (7)
  f.avx2 = avx && cpu_avx2 && os_ymm;
  f.avx512 = f.avx2 && cpu_avx512f && cpu_avx512vl && os_zmm;
  f.avx512ifma = f.avx512 && cpu_avx512ifma;
  return f;
}

const cpu_features &detected_cpu_features() {
  static const cpu_features features = probe();
  return features;
}

}  // namespace crypto
