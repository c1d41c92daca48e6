#include "keccak_reference.h"

namespace cncrypto::test {

namespace {

std::uint64_t rotl(std::uint64_t v, unsigned n) { return n == 0 ? v : (v << n) | (v >> (64 - n)); }

int mod5(int v) { return ((v % 5) + 5) % 5; }

// FIPS 202 Algorithm 5: rc(t), the output bit of an 8-bit LFSR.
bool rc_bit(int t) {
  if (t % 255 == 0) return true;
  unsigned r = 0x01;  // R = 10000000 with R[0] the low bit
  for (int i = 1; i <= t % 255; ++i) {
    // R = 0 || R; R[0] ^= R[8]; R[4] ^= R[8]; R[5] ^= R[8]; R[6] ^= R[8]; R = Trunc8(R)
    r <<= 1;
    const unsigned r8 = (r >> 8) & 1;
    r ^= r8 | (r8 << 4) | (r8 << 5) | (r8 << 6);
    r &= 0xff;
  }
  return r & 1;
}

}  // namespace

std::uint64_t reference_round_constant(int round) {
  // FIPS 202 Algorithm 6: RC[2^j - 1] = rc(j + 7 * round) for j = 0..6.
  std::uint64_t rc = 0;
  for (int j = 0; j <= 6; ++j) {
    if (rc_bit(j + 7 * round)) rc |= std::uint64_t{1} << ((1u << j) - 1);
  }
  return rc;
}

unsigned reference_rho_offset(int x, int y) {
  // FIPS 202 Algorithm 2: (x, y) = (1, 0); for t = 0..23 the lane (x, y) gets
  // offset (t + 1)(t + 2)/2 mod 64, then (x, y) = (y, (2x + 3y) mod 5).
  if (x == 0 && y == 0) return 0;
  int cx = 1, cy = 0;
  for (int t = 0; t < 24; ++t) {
    if (cx == x && cy == y) return static_cast<unsigned>(((t + 1) * (t + 2) / 2) % 64);
    const int nx = cy, ny = mod5(2 * cx + 3 * cy);
    cx = nx;
    cy = ny;
  }
  return 0;  // unreachable for 0 <= x, y < 5
}

void reference_keccakf(std::uint64_t st[25], int rounds) {
  auto A = [&](int x, int y) -> std::uint64_t & { return st[mod5(x) + 5 * mod5(y)]; };
  for (int round = 0; round < rounds; ++round) {
    // theta (Algorithm 1)
    std::uint64_t c[5], d[5];
    for (int x = 0; x < 5; ++x) c[x] = A(x, 0) ^ A(x, 1) ^ A(x, 2) ^ A(x, 3) ^ A(x, 4);
    for (int x = 0; x < 5; ++x) d[x] = c[mod5(x - 1)] ^ rotl(c[mod5(x + 1)], 1);
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y) A(x, y) ^= d[x];
    // rho (Algorithm 2)
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y) A(x, y) = rotl(A(x, y), reference_rho_offset(x, y));
    // pi (Algorithm 3): A'[x, y] = A[(x + 3y) mod 5, x]
    std::uint64_t b[25];
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y) b[x + 5 * y] = A(x + 3 * y, x);
    // chi (Algorithm 4)
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y)
        A(x, y) = b[x + 5 * y] ^ (~b[mod5(x + 1) + 5 * y] & b[mod5(x + 2) + 5 * y]);
    // iota (Algorithm 6)
    A(0, 0) ^= reference_round_constant(round);
  }
}

}  // namespace cncrypto::test
