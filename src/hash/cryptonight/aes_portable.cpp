// The portable CryptoNight implementation: the T-table software AES of
// aes_table_ops.h for the loop's round and for explode/implode, the 128-bit
// values as two 64-bit integers. Plain C++: no intrinsics, correct on either
// byte order.
//
// Not constant time (table lookups at data-dependent indices): proof-of-work
// inputs are public.

#include "aes_table_ops.h"

#include <stdexcept>

namespace crypto::cn {

#if defined(CNCRYPTO_CN_VARIANT0_ONLY)
void portable_run(int variant, const job *jobs, std::size_t count) {
  if (variant != 0) throw std::logic_error("CryptoNight variants 1, 2 and 4 are not in this build");
  run_count<table_ops, 0>(jobs, count);
}
#else
void portable_run(int variant, const job *jobs, std::size_t count) { run_variant<table_ops>(variant, jobs, count); }
#endif

std::uint64_t variant2_sqrt(std::uint64_t n) { return v2_sqrt(n); }

void r_execute(const r_program &program, std::uint32_t r[9]) { r_run_from<0>(program.code, r); }

}  // namespace crypto::cn
