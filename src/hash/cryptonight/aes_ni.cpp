// The AES-NI CryptoNight implementation: the 128-bit values live in xmm
// registers, one AESENC per round (its definition is exactly CryptoNight's
// round: ShiftRows, SubBytes, MixColumns, XOR with the key). The explode and
// implode round keys are loaded into registers once per hash; in the loop the
// round key is `a` itself. SSE4.1 for PEXTRQ.
//
// Compile this file alone with -maes -msse4.1 (x86-64 only); cn_impl.cpp
// calls aesni_run only after its available() saw AES and SSE4.1 in CPUID.

#include "cn_loop.h"
#include "xmm_block_ops.h"

#include <immintrin.h>

namespace crypto::cn {
namespace {

struct aesni_ops : xmm_block_ops {
  // explode/implode: each round on all 8 blocks (8 AESENC in flight).
  static constexpr int aes_group = 8;
  static constexpr bool bulk_aes = false;
  static void encrypt8(block x[8], const block k[10]) { encrypt8_grouped<aesni_ops>(x, k); }
};

}  // namespace

void aesni_run(int variant, const job *jobs, std::size_t count) { run_variant<aesni_ops>(variant, jobs, count); }

}  // namespace crypto::cn
