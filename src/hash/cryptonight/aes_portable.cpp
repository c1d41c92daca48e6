// The portable CryptoNight implementation: the T-table software AES of
// aes_table_ops.h for the loop's round and for explode/implode, the 128-bit
// values as two 64-bit integers. Plain C++: no intrinsics, correct on either
// byte order.
//
// Not constant time (table lookups at data-dependent indices): proof-of-work
// inputs are public.

#include "aes_table_ops.h"

namespace crypto::cn {

void portable_run(int variant, const job *jobs, std::size_t count) { run_variant<table_ops>(variant, jobs, count); }

std::uint64_t variant2_sqrt(std::uint64_t n) { return v2_sqrt(n); }

void r_execute(const r_program &program, std::uint32_t r[9]) { r_run_from<0>(program.code, r); }

}  // namespace crypto::cn
