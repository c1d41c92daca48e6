// The CPU probe's decoding (common/cpu_features.h: decode_cpu_features), from
// register values built from the manuals' bit definitions, and the probe of
// this machine against the Linux kernel's own decoding (/proc/cpuinfo).
//
// Where the bits come from:
// - CPUID.1:ECX: SSSE3 bit 9, SSE4.1 bit 19, AES bit 25, OSXSAVE bit 27, AVX
//   bit 28 (Intel SDM vol. 2A, CPUID, table 3-10 "Feature Information Returned
//   in the ECX Register"; the same bits in AMD APM vol. 3, appendix E.3.2,
//   CPUID Fn0000_0001_ECX).
// - CPUID.(EAX=7,ECX=0):EBX: BMI1 bit 3, AVX2 bit 5, BMI2 bit 8, AVX512F bit
//   16, AVX512_IFMA bit 21, AVX512VL bit 31 (Intel SDM vol. 2A, CPUID, table
//   3-8 leaf 07H; AMD APM vol. 3, CPUID Fn0000_0007_EBX_x0).
// - CPUID.(EAX=7,ECX=0):ECX: VAES bit 9 (Intel SDM vol. 2A, CPUID, table 3-8
//   leaf 07H; AMD APM vol. 3, CPUID Fn0000_0007_ECX_x0).
// - XCR0: x87 bit 0, SSE bit 1, AVX bit 2, opmask bit 5, ZMM_Hi256 bit 6,
//   Hi16_ZMM bit 7, PKRU bit 9 (Intel SDM vol. 1, section 13.1 "XSAVE-supported
//   features and state-component bitmaps"). Software may use AVX only when XCR0
//   bits 1 and 2 are set, AVX-512 only when bits 1, 2, 5, 6 and 7 are (Intel
//   SDM vol. 1, sections 14.3 "Detection of Intel AVX instructions" and 15.2
//   "Detection of AVX-512 foundation instructions"), and XGETBV itself only when
//   CPUID.1:ECX.OSXSAVE is set.
// - Leaves above CPUID.0:EAX (the highest basic leaf) must not be used: Intel
//   returns the data of the highest basic leaf for them (SDM vol. 2A, CPUID,
//   "If a value entered for CPUID.EAX is higher than the maximum input value").
#include <boost/test/unit_test.hpp>

#include "common/cpu_features.h"

#include <cstdint>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace {

using crypto::cpu_features;
using crypto::cpuid_values;
using crypto::decode_cpu_features;

constexpr std::uint32_t bit(unsigned n) { return std::uint32_t{1} << n; }

// Leaf 1 ECX bits.
constexpr std::uint32_t kSsse3 = bit(9), kSse41 = bit(19), kAes = bit(25), kOsxsave = bit(27), kAvx = bit(28);
// Leaf 7 EBX bits.
constexpr std::uint32_t kBmi1 = bit(3), kAvx2 = bit(5), kBmi2 = bit(8), kAvx512f = bit(16),
                        kAvx512ifma = bit(21), kAvx512vl = bit(31);
// XCR0 state components.
constexpr std::uint64_t kX87 = 1u << 0, kSseState = 1u << 1, kAvxState = 1u << 2, kOpmask = 1u << 5,
                        kZmmHi256 = 1u << 6, kHi16Zmm = 1u << 7, kPkru = 1u << 9;

// Every feature the probe knows, set by the CPU and saved by the OS: leaf 1 and
// leaf 7 hold only the bits above, XCR0 x87|SSE|AVX|opmask|ZMM = 0xe7 (what
// Linux enables on an AVX-512 CPU without PKRU).
cpuid_values everything() {
  cpuid_values v;
  v.max_leaf = 7;
  v.leaf1_ecx = kSsse3 | kSse41 | kAes | kOsxsave | kAvx;
  v.leaf7_ebx = kBmi1 | kAvx2 | kBmi2 | kAvx512f | kAvx512ifma | kAvx512vl;
  v.xcr0 = kX87 | kSseState | kAvxState | kOpmask | kZmmHi256 | kHi16Zmm;
  return v;
}

std::string flags(const cpu_features &f) {
  std::string s;
  for (auto [on, name] : {std::pair{f.bmi1, "bmi1"}, {f.bmi2, "bmi2"}, {f.avx2, "avx2"}, {f.avx512, "avx512"},
                          {f.avx512ifma, "avx512ifma"}, {f.aes, "aes"}, {f.sse41, "sse41"}, {f.ssse3, "ssse3"}})
    if (on) s += std::string(s.empty() ? "" : " ") + name;
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(cpu_features_decoding)

BOOST_AUTO_TEST_CASE(everything_set_gives_every_feature) {
  BOOST_TEST(flags(decode_cpu_features(everything())) == "bmi1 bmi2 avx2 avx512 avx512ifma aes sse41 ssse3");
  // A higher max leaf (today's CPUs report 0x16 to 0x24) changes nothing.
  cpuid_values v = everything();
  v.max_leaf = 0x20;
  BOOST_TEST(flags(decode_cpu_features(v)) == "bmi1 bmi2 avx2 avx512 avx512ifma aes sse41 ssse3");
}

BOOST_AUTO_TEST_CASE(all_zero_gives_nothing) {
  BOOST_TEST(flags(decode_cpu_features(cpuid_values{})) == "");
}

BOOST_AUTO_TEST_CASE(max_leaf_zero_ignores_every_leaf) {
  // CPUID.0:EAX = 0: not even leaf 1 exists; whatever the fields hold is not CPUID data.
  cpuid_values v;
  v.max_leaf = 0;
  v.leaf1_ecx = 0xffffffffu;
  v.leaf7_ebx = 0xffffffffu;
  v.xcr0 = ~std::uint64_t{0};
  BOOST_TEST(flags(decode_cpu_features(v)) == "");
}

BOOST_AUTO_TEST_CASE(max_leaf_below_7_ignores_leaf_7) {
  // Pre-Haswell Intel CPUs report max leaf 0xd, early ones 2 to 6; with max leaf
  // 6, leaf 7 would return the data of leaf 6: only leaf 1's features count.
  for (std::uint32_t max_leaf : {1u, 2u, 5u, 6u}) {
    cpuid_values v = everything();
    v.max_leaf = max_leaf;
    v.leaf7_ebx = 0xffffffffu;
    BOOST_TEST(flags(decode_cpu_features(v)) == "aes sse41 ssse3", "max leaf " << max_leaf);
  }
}

BOOST_AUTO_TEST_CASE(each_cpuid_bit_alone) {
  // Exactly one leaf-1 bit of a feature that needs nothing else.
  for (auto [ecx, expected] : {std::pair{kSsse3, "ssse3"}, {kSse41, "sse41"}, {kAes, "aes"}}) {
    cpuid_values v;
    v.max_leaf = 1;
    v.leaf1_ecx = ecx;
    BOOST_TEST(flags(decode_cpu_features(v)) == expected);
  }
  // BMI1 and BMI2 are general-purpose-register instructions: no OS state needed.
  for (auto [ebx, expected] : {std::pair{kBmi1, "bmi1"}, {kBmi2, "bmi2"}}) {
    cpuid_values v;
    v.max_leaf = 7;
    v.leaf7_ebx = ebx;
    BOOST_TEST(flags(decode_cpu_features(v)) == expected);
  }
  // Bits the probe does not read (e.g. SSE3 bit 0, FMA bit 12, SSE4.2 bit 20 of
  // leaf 1; FSGSBASE bit 0, ERMS bit 9, AVX512DQ bit 17 of leaf 7) give nothing.
  cpuid_values v;
  v.max_leaf = 7;
  v.leaf1_ecx = ~(kSsse3 | kSse41 | kAes | kOsxsave | kAvx);
  v.leaf7_ebx = ~(kBmi1 | kAvx2 | kBmi2 | kAvx512f | kAvx512ifma | kAvx512vl);
  v.xcr0 = everything().xcr0;
  BOOST_TEST(flags(decode_cpu_features(v)) == "");
}

BOOST_AUTO_TEST_CASE(clearing_one_bit_drops_what_depends_on_it) {
  // From everything(), clear each of the 32 bits of leaf 1 and of leaf 7 in turn:
  // only the features that need that bit go (AVX-512 needs AVX2, IFMA needs AVX-512).
  const std::string all = "bmi1 bmi2 avx2 avx512 avx512ifma aes sse41 ssse3";
  for (unsigned b = 0; b < 32; ++b) {
    cpuid_values v = everything();
    v.leaf1_ecx &= ~bit(b);
    std::string expected = all;
    if (b == 9) expected = "bmi1 bmi2 avx2 avx512 avx512ifma aes sse41";
    if (b == 19) expected = "bmi1 bmi2 avx2 avx512 avx512ifma aes ssse3";
    if (b == 25) expected = "bmi1 bmi2 avx2 avx512 avx512ifma sse41 ssse3";
    if (b == 27 || b == 28) expected = "bmi1 bmi2 aes sse41 ssse3";  // OSXSAVE or AVX
    BOOST_TEST(flags(decode_cpu_features(v)) == expected, "leaf 1 ECX bit " << b);
  }
  for (unsigned b = 0; b < 32; ++b) {
    cpuid_values v = everything();
    v.leaf7_ebx &= ~bit(b);
    std::string expected = all;
    if (b == 3) expected = "bmi2 avx2 avx512 avx512ifma aes sse41 ssse3";
    if (b == 5) expected = "bmi1 bmi2 aes sse41 ssse3";
    if (b == 8) expected = "bmi1 avx2 avx512 avx512ifma aes sse41 ssse3";
    if (b == 16 || b == 31) expected = "bmi1 bmi2 avx2 aes sse41 ssse3";  // AVX512F or AVX512VL
    if (b == 21) expected = "bmi1 bmi2 avx2 avx512 aes sse41 ssse3";
    BOOST_TEST(flags(decode_cpu_features(v)) == expected, "leaf 7 EBX bit " << b);
  }
}

BOOST_AUTO_TEST_CASE(vaes_is_leaf_7_ecx_bit_9) {
  // VAES reports that the instructions exist; using them on ymm/zmm also needs
  // avx2 / avx512 (the CryptoNight vaes entry checks both). It is not in flags().
  cpuid_values v;
  v.max_leaf = 7;
  v.leaf7_ecx = bit(9);
  BOOST_TEST(decode_cpu_features(v).vaes);
  BOOST_TEST(flags(decode_cpu_features(v)) == "");
  for (unsigned b = 0; b < 32; ++b) {
    if (b == 9) continue;
    v.leaf7_ecx = bit(b);
    BOOST_TEST(!decode_cpu_features(v).vaes, "leaf 7 ECX bit " << b);
  }
  v = everything();
  v.leaf7_ecx = bit(9);
  BOOST_TEST(decode_cpu_features(v).vaes);
  v.leaf7_ebx = 0xffffffffu;
  v.leaf7_ecx = ~bit(9);  // every other bit of leaf 7 ECX: no VAES
  BOOST_TEST(!decode_cpu_features(v).vaes);
  v.leaf7_ecx = bit(9);
  v.max_leaf = 6;  // leaf 7 not there: ignored
  BOOST_TEST(!decode_cpu_features(v).vaes);
}

BOOST_AUTO_TEST_CASE(xcr0_os_support) {
  const std::string all = "bmi1 bmi2 avx2 avx512 avx512ifma aes sse41 ssse3";
  const std::string no_avx = "bmi1 bmi2 aes sse41 ssse3";
  const std::string avx2_only = "bmi1 bmi2 avx2 aes sse41 ssse3";
  struct row {
    std::uint64_t xcr0;
    std::string expected;
    const char *what;
  };
  const row rows[] = {
      {0x0, no_avx, "nothing enabled"},
      {kX87 | kSseState, no_avx, "0x3: an OS that saves only x87 and SSE state (no AVX support, e.g. Windows 7 before SP1)"},
      {kX87 | kAvxState, no_avx, "0x5: AVX state without SSE state (an invalid XCR0, still not enough)"},
      {kX87 | kSseState | kAvxState, avx2_only, "0x7: x87|SSE|AVX, an AVX2 CPU (or AVX-512 disabled by the OS)"},
      {kSseState | kAvxState, avx2_only, "0x6: the two bits AVX needs"},
      {0xe7, all, "0xe7: x87|SSE|AVX|opmask|ZMM_Hi256|Hi16_ZMM"},
      {0xe7 | kPkru, all, "0x2e7: with PKRU (Linux on a CPU with protection keys)"},
      {0xe7 & ~kOpmask, avx2_only, "0xc7: no opmask state"},
      {0xe7 & ~kZmmHi256, avx2_only, "0xa7: no ZMM_Hi256 state"},
      {0xe7 & ~kHi16Zmm, avx2_only, "0x67: no Hi16_ZMM state"},
      {0xe3, no_avx, "0xe3: the AVX-512 components without AVX state"},
      {0xe5, no_avx, "0xe5: the AVX-512 components without SSE state"},
      {std::uint64_t{0xe7} | (std::uint64_t{1} << 63), all, "bit 63 (reserved) changes nothing"},
  };
  for (const row &r : rows) {
    cpuid_values v = everything();
    v.xcr0 = r.xcr0;
    BOOST_TEST(flags(decode_cpu_features(v)) == r.expected, r.what);
  }
}

BOOST_AUTO_TEST_CASE(xcr0_ignored_without_osxsave) {
  // Without OSXSAVE the OS has not enabled XSAVE: XGETBV would fault (#UD), the
  // probe does not run it, and a value in the field means nothing.
  cpuid_values v = everything();
  v.leaf1_ecx &= ~kOsxsave;
  v.xcr0 = ~std::uint64_t{0};
  BOOST_TEST(flags(decode_cpu_features(v)) == "bmi1 bmi2 aes sse41 ssse3");
}

BOOST_AUTO_TEST_SUITE_END()

namespace {

// The family (CPUID.1:EAX bits 8..11, plus the extended family, bits 20..27, when
// those are 0xF: Intel SDM vol. 2A, CPUID, figure 3-6; AMD APM vol. 3, CPUID
// Fn0000_0001_EAX) and the vendor, which only the BLAKE2b choice reads. EAX values:
// 0x00b40f40 (AMD Zen 5, family 1Ah), 0x00a10f11 (Zen 4, 19h), 0x000506e3 (Intel
// Skylake, family 6: its extended family field is 0 and would not count anyway).
BOOST_AUTO_TEST_CASE(family_and_vendor) {
  for (auto [eax, family] : {std::pair{0x00b40f40u, 0x1au}, {0x00a10f11u, 0x19u}, {0x000506e3u, 6u},
                             {0x0ff00600u, 6u}}) {
    cpuid_values v = everything();
    v.leaf1_eax = eax;
    v.vendor_amd = true;
    const cpu_features f = decode_cpu_features(v);
    BOOST_TEST(f.family == family, "EAX " << std::hex << eax);
    BOOST_TEST(f.amd);
    BOOST_TEST(flags(f) == "bmi1 bmi2 avx2 avx512 avx512ifma aes sse41 ssse3");
  }
  cpuid_values v = everything();
  v.leaf1_eax = 0x00b40f40u;
  BOOST_TEST(!decode_cpu_features(v).amd);
  v.max_leaf = 0;  // no leaf 1: no family
  v.vendor_amd = true;
  BOOST_TEST(decode_cpu_features(v).family == 0u);
}

// The flags of the first "flags" line of /proc/cpuinfo: the Linux kernel's own
// decoding of the same CPUID leaves; it clears the AVX and AVX-512 flags when
// it does not enable their XCR0 state. Empty when there is no such file.
std::set<std::string> proc_cpuinfo_flags() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("flags", 0) != 0) continue;
    std::istringstream words(line.substr(line.find(':') + 1));
    std::set<std::string> out;
    for (std::string w; words >> w;) out.insert(w);
    return out;
  }
  return {};
}

boost::test_tools::assertion_result linux_x86(boost::unit_test::test_unit_id) {
#if defined(__x86_64__) || defined(__i386__)
  if (!proc_cpuinfo_flags().empty()) return true;
#endif
  boost::test_tools::assertion_result r(false);
  r.message() << "skipped: needs x86 Linux's /proc/cpuinfo";
  return r;
}

}  // namespace

BOOST_AUTO_TEST_CASE(probe_matches_the_kernel, *boost::unit_test::precondition(linux_x86)) {
  const std::set<std::string> k = proc_cpuinfo_flags();
  const cpu_features &f = crypto::detected_cpu_features();
  auto has = [&](const char *name) { return k.count(name) != 0; };
  BOOST_TEST(f.ssse3 == has("ssse3"));
  BOOST_TEST(f.sse41 == has("sse4_1"));
  BOOST_TEST(f.aes == has("aes"));
  BOOST_TEST(f.bmi1 == has("bmi1"));
  BOOST_TEST(f.bmi2 == has("bmi2"));
  BOOST_TEST(f.avx2 == (has("avx") && has("avx2")));
  BOOST_TEST(f.avx512 == (f.avx2 && has("avx512f") && has("avx512vl")));
  BOOST_TEST(f.avx512ifma == (f.avx512 && has("avx512ifma")));
  BOOST_TEST(f.vaes == has("vaes"));
  BOOST_TEST_MESSAGE("probe: " << flags(f));
  // The kernel's "vendor_id" and "cpu family" (decimal) lines.
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  bool vendor_seen = false, family_seen = false;
  while (std::getline(in, line) && !(vendor_seen && family_seen)) {
    const std::string value = line.find(':') == std::string::npos ? "" : line.substr(line.find(':') + 2);
    if (!vendor_seen && line.rfind("vendor_id", 0) == 0) {
      BOOST_TEST(f.amd == (value == "AuthenticAMD"));
      vendor_seen = true;
    }
    if (!family_seen && line.rfind("cpu family", 0) == 0) {
      BOOST_TEST(f.family == static_cast<unsigned>(std::stoul(value)));
      family_seen = true;
    }
  }
  // The probe is the decoding of the CPU's own values: calling it again gives the same object.
  BOOST_TEST(&crypto::detected_cpu_features() == &f);
}
