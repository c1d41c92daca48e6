// Portable Keccak-f[1600] (FIPS 202 section 3): 64-bit integer operations only.
//
// The round body is written out: theta, rho, pi, chi and iota for all 25 lanes,
// with the 24 rotation offsets and the pi lane moves as constants. The loop over
// rounds stays a loop (unrolling all 24 rounds overflows the decoded-instruction
// cache and measured slower). Lanes live in local variables named a<x><y> for
// lane A[x, y] (x = column, y = row, FIPS 202 section 3.1.1).
//
// Timing: constant time (no data-dependent branch or index).

#include "hash/keccak_permutation.h"
#include "keccak/keccak_fallback.h"

namespace crypto {

const std::uint64_t keccak_round_constants[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

namespace {

template <unsigned n>
inline std::uint64_t rotl(std::uint64_t v) {
  static_assert(n < 64, "rotation offset out of range");
  if constexpr (n == 0) {
    return v;
  } else {
    return (v << n) | (v >> (64 - n));
  }
}

// rho and pi for one row of chi's input: b_j = rotl(t_j, r_j), where t_j is
// the row's j-th lane after pi with theta's d already added.
template <unsigned r0, unsigned r1, unsigned r2, unsigned r3, unsigned r4>
inline void rho_row(std::uint64_t &b0, std::uint64_t &b1, std::uint64_t &b2, std::uint64_t &b3, std::uint64_t &b4,
                    std::uint64_t t0, std::uint64_t t1, std::uint64_t t2, std::uint64_t t3, std::uint64_t t4) {
  b0 = rotl<r0>(t0);
  b1 = rotl<r1>(t1);
  b2 = rotl<r2>(t2);
  b3 = rotl<r3>(t3);
  b4 = rotl<r4>(t4);
}

// Applies rounds 0 .. rounds-1 (Monero's keccakf semantics). rounds is 1..24.
//
// Lane complementing (Keccak team, "Keccak implementation overview", section
// 2.2): the six lanes A[1,0], A[2,0], A[3,1], A[2,2], A[2,3], A[0,4] are kept
// complemented inside the loop. Theta, rho and pi are linear, so they carry the
// complement pattern along; chi is then written per row with AND / OR chosen so
// that each row needs one NOT instead of five and its output has the same six
// lanes complemented again. Each chi line below names the complement pattern
// of its row's inputs (after pi) and outputs.
void portable_permute_rounds(std::uint64_t st[25], int rounds) {
  // Load lane A[x, y] = st[x + 5y]; complement the six lanes.
  std::uint64_t a00 = st[0], a10 = ~st[1], a20 = ~st[2], a30 = st[3], a40 = st[4];
  std::uint64_t a01 = st[5], a11 = st[6], a21 = st[7], a31 = ~st[8], a41 = st[9];
  std::uint64_t a02 = st[10], a12 = st[11], a22 = ~st[12], a32 = st[13], a42 = st[14];
  std::uint64_t a03 = st[15], a13 = st[16], a23 = ~st[17], a33 = st[18], a43 = st[19];
  std::uint64_t a04 = ~st[20], a14 = st[21], a24 = st[22], a34 = st[23], a44 = st[24];

  for (int round = 0; round < rounds; ++round) {
    // theta: column parities c[x], then d[x] = c[x-1] ^ rotl(c[x+1], 1) is
    // added to every lane of column x (folded into the rho/pi loads below).
    const std::uint64_t c0 = a00 ^ a01 ^ a02 ^ a03 ^ a04;
    const std::uint64_t c1 = a10 ^ a11 ^ a12 ^ a13 ^ a14;
    const std::uint64_t c2 = a20 ^ a21 ^ a22 ^ a23 ^ a24;
    const std::uint64_t c3 = a30 ^ a31 ^ a32 ^ a33 ^ a34;
    const std::uint64_t c4 = a40 ^ a41 ^ a42 ^ a43 ^ a44;
    const std::uint64_t d0 = c4 ^ rotl<1>(c1);
    const std::uint64_t d1 = c0 ^ rotl<1>(c2);
    const std::uint64_t d2 = c1 ^ rotl<1>(c3);
    const std::uint64_t d3 = c2 ^ rotl<1>(c4);
    const std::uint64_t d4 = c3 ^ rotl<1>(c0);

    // rho and pi: B[y, 2x + 3y] = rotl(A[x, y] ^ d[x], r[x, y]); then chi on each
    // output row Y: E[X, Y] = B[X, Y] ^ (~B[X+1, Y] & B[X+2, Y]); iota on E[0, 0].
    // Row Y = 0 takes A[0,0], A[1,1], A[2,2], A[3,3], A[4,4].
    // Complemented: inputs b0, b2, b3; outputs e10, e20.
    std::uint64_t b0, b1, b2, b3, b4;
    rho_row<0, 44, 43, 21, 14>(b0, b1, b2, b3, b4, a00 ^ d0, a11 ^ d1, a22 ^ d2, a33 ^ d3, a44 ^ d4);
    const std::uint64_t e00 = b0 ^ (b1 | b2) ^ keccak_round_constants[round];
    const std::uint64_t e10 = b1 ^ (~b2 | b3);
    const std::uint64_t e20 = b2 ^ (b3 & b4);
    const std::uint64_t e30 = b3 ^ (b4 | b0);
    const std::uint64_t e40 = b4 ^ (b0 & b1);

    // Row Y = 1 takes A[3,0], A[4,1], A[0,2], A[1,3], A[2,4].
    // Complemented: inputs b0, b2; output e31.
    rho_row<28, 20, 3, 45, 61>(b0, b1, b2, b3, b4, a30 ^ d3, a41 ^ d4, a02 ^ d0, a13 ^ d1, a24 ^ d2);
    const std::uint64_t e01 = b0 ^ (b1 | b2);
    const std::uint64_t e11 = b1 ^ (b2 & b3);
    const std::uint64_t e21 = b2 ^ (b3 | ~b4);
    const std::uint64_t e31 = b3 ^ (b4 | b0);
    const std::uint64_t e41 = b4 ^ (b0 & b1);

    // Row Y = 2 takes A[1,0], A[2,1], A[3,2], A[4,3], A[0,4].
    // Complemented: inputs b0, b2; output e22.
    rho_row<1, 6, 25, 8, 18>(b0, b1, b2, b3, b4, a10 ^ d1, a21 ^ d2, a32 ^ d3, a43 ^ d4, a04 ^ d0);
    std::uint64_t not_b = ~b3;
    const std::uint64_t e02 = b0 ^ (b1 | b2);
    const std::uint64_t e12 = b1 ^ (b2 & b3);
    const std::uint64_t e22 = b2 ^ (not_b & b4);
    const std::uint64_t e32 = not_b ^ (b4 | b0);
    const std::uint64_t e42 = b4 ^ (b0 & b1);

    // Row Y = 3 takes A[4,0], A[0,1], A[1,2], A[2,3], A[3,4].
    // Complemented: inputs b1, b3, b4; output e23.
    rho_row<27, 36, 10, 15, 56>(b0, b1, b2, b3, b4, a40 ^ d4, a01 ^ d0, a12 ^ d1, a23 ^ d2, a34 ^ d3);
    not_b = ~b3;
    const std::uint64_t e03 = b0 ^ (b1 & b2);
    const std::uint64_t e13 = b1 ^ (b2 | b3);
    const std::uint64_t e23 = b2 ^ (not_b | b4);
    const std::uint64_t e33 = not_b ^ (b4 & b0);
    const std::uint64_t e43 = b4 ^ (b0 | b1);

    // Row Y = 4 takes A[2,0], A[3,1], A[4,2], A[0,3], A[1,4].
    // Complemented: inputs b0, b3; output e04.
    rho_row<62, 55, 39, 41, 2>(b0, b1, b2, b3, b4, a20 ^ d2, a31 ^ d3, a42 ^ d4, a03 ^ d0, a14 ^ d1);
    not_b = ~b1;
    const std::uint64_t e04 = b0 ^ (not_b & b2);
    const std::uint64_t e14 = not_b ^ (b2 | b3);
    const std::uint64_t e24 = b2 ^ (b3 & b4);
    const std::uint64_t e34 = b3 ^ (b4 | b0);
    const std::uint64_t e44 = b4 ^ (b0 & b1);

    a00 = e00; a10 = e10; a20 = e20; a30 = e30; a40 = e40;
    a01 = e01; a11 = e11; a21 = e21; a31 = e31; a41 = e41;
    a02 = e02; a12 = e12; a22 = e22; a32 = e32; a42 = e42;
    a03 = e03; a13 = e13; a23 = e23; a33 = e33; a43 = e43;
    a04 = e04; a14 = e14; a24 = e24; a34 = e34; a44 = e44;
  }

  // Store, undoing the complement of the six lanes.
  st[0] = a00; st[1] = ~a10; st[2] = ~a20; st[3] = a30; st[4] = a40;
  st[5] = a01; st[6] = a11; st[7] = a21; st[8] = ~a31; st[9] = a41;
  st[10] = a02; st[11] = a12; st[12] = ~a22; st[13] = a32; st[14] = a42;
  st[15] = a03; st[16] = a13; st[17] = ~a23; st[18] = a33; st[19] = a43;
  st[20] = ~a04; st[21] = a14; st[22] = a24; st[23] = a34; st[24] = a44;
}

void portable_permute(std::uint64_t st[25]) { portable_permute_rounds(st, 24); }

void portable_add_bytes(std::uint64_t st[25], const std::uint8_t *data, std::size_t offset,
                        std::size_t length) {
  std::size_t lane = offset >> 3;
  unsigned shift = static_cast<unsigned>(offset & 7) * 8;
  // Head: bytes up to the next lane boundary.
  while (length != 0 && shift != 0) {
    st[lane] ^= static_cast<std::uint64_t>(*data++) << shift;
    --length;
    shift += 8;
    if (shift == 64) {
      shift = 0;
      ++lane;
    }
  }
  // Whole lanes.
  for (; length >= 8; length -= 8, data += 8) st[lane++] ^= load_lane(data);
  // Tail.
  for (shift = 0; length != 0; --length, shift += 8) st[lane] ^= static_cast<std::uint64_t>(*data++) << shift;
}

void portable_extract_bytes(const std::uint64_t st[25], std::uint8_t *out, std::size_t offset,
                            std::size_t length) {
  std::size_t lane = offset >> 3;
  unsigned shift = static_cast<unsigned>(offset & 7) * 8;
  while (length != 0 && shift != 0) {
    *out++ = static_cast<std::uint8_t>(st[lane] >> shift);
    --length;
    shift += 8;
    if (shift == 64) {
      shift = 0;
      ++lane;
    }
  }
  for (; length >= 8; length -= 8, out += 8) store_lane(out, st[lane++]);
  for (shift = 0; length != 0; --length, shift += 8) *out++ = static_cast<std::uint8_t>(st[lane] >> shift);
}

bool portable_available() { return true; }

void portable_absorb_blocks(std::uint64_t st[25], const std::uint8_t *data, std::size_t blocks, std::size_t rate) {
  absorb_blocks_fallback(portable_permute, st, data, blocks, rate);
}

// The multi-lane entries and the bulk absorb are the generic fallbacks
// (keccak_fallback.h) over the one-state permutation.
const keccak_permutation portable = {
    "portable",
    portable_available,
    portable_permute,
    portable_permute_rounds,
    portable_add_bytes,
    portable_extract_bytes,
    permute_lanes_fallback<4, portable_permute>,
    permute_lanes_fallback<8, portable_permute>,
    portable_absorb_blocks,
    hash_one_block_fallback<portable_permute>,
    1,
};

}  // namespace

const keccak_permutation &keccak_portable_permutation() { return portable; }

}  // namespace crypto
