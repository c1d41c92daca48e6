// Test oracle: a plain, readable Keccak-f[1600] written straight from FIPS 202
// section 3 (step mappings with x, y, z loops; rotation offsets and round
// constants computed by the standard's own algorithms, not copied tables).
// Slow on purpose; used only to check the unrolled implementations.
#pragma once

#include <cstdint>

namespace cncrypto::test {

// Monero's keccakf semantics: rounds 0 .. rounds-1 (1 <= rounds <= 24) on the
// lanes st[x + 5y].
void reference_keccakf(std::uint64_t st[25], int rounds);

// rc(t) of FIPS 202 Algorithm 5 and RC[i] of Algorithm 6, from the LFSR.
std::uint64_t reference_round_constant(int round);

// Rotation offset of lane (x, y) per FIPS 202 Algorithm 2 (t-loop).
unsigned reference_rho_offset(int x, int y);

}  // namespace cncrypto::test
