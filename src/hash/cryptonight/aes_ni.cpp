// The AES-NI CryptoNight implementation: the 128-bit values live in xmm
// registers, one AESENC per round (its definition is exactly CryptoNight's
// round: ShiftRows, SubBytes, MixColumns, XOR with the key). The explode and
// implode round keys are loaded into registers once per hash; in the loop the
// round key is `a` itself. SSE4.1 for PEXTRQ.
//
// Compile this file alone with -maes -msse4.1 (x86-64 only); cn_impl.cpp
// calls aesni_run only after its available() saw AES and SSE4.1 in CPUID.

#include "cn_loop.h"

#include <immintrin.h>

namespace crypto::cn {
namespace {

struct aesni_ops {
  using block = __m128i;
  static constexpr bool use_r_jit = true;
  static block load(const std::uint8_t *p) { return _mm_load_si128(reinterpret_cast<const __m128i *>(p)); }
  static block loadu(const std::uint8_t *p) { return _mm_loadu_si128(reinterpret_cast<const __m128i *>(p)); }
  static void store(std::uint8_t *p, block b) { _mm_store_si128(reinterpret_cast<__m128i *>(p), b); }
  static void storeu(std::uint8_t *p, block b) { _mm_storeu_si128(reinterpret_cast<__m128i *>(p), b); }
  // 64-bit halves (x86-64 is little-endian: bytes 0..7 of the block at p).
  static std::uint64_t load64(const std::uint8_t *p) {
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
  }
  static void store64(std::uint8_t *p, std::uint64_t v) { std::memcpy(p, &v, 8); }
  static block xor_(block x, block y) { return _mm_xor_si128(x, y); }
  static block add64(block x, block y) { return _mm_add_epi64(x, y); }
  static std::uint64_t lo(block x) { return static_cast<std::uint64_t>(_mm_cvtsi128_si64(x)); }
  static std::uint64_t hi(block x) { return static_cast<std::uint64_t>(_mm_extract_epi64(x, 1)); }
  static block make(std::uint64_t l, std::uint64_t h) {
    return _mm_set_epi64x(static_cast<long long>(h), static_cast<long long>(l));
  }
  static block aes_round(block s, block key) { return _mm_aesenc_si128(s, key); }
  // explode/implode: each round on all 8 blocks (8 AESENC in flight).
  static constexpr int aes_group = 8;
  static constexpr bool bulk_aes = false;
  static void encrypt8(block x[8], const block k[10]) { encrypt8_grouped<aesni_ops>(x, k); }
};

}  // namespace

void aesni_run(int variant, const job *jobs, std::size_t count) { run_variant<aesni_ops>(variant, jobs, count); }

}  // namespace crypto::cn
