// The "ssse3" CryptoNight implementation: software AES without AES-NI, for
// x86-64 CPUs with SSSE3 (PSHUFB). The scratchpad explode and implode, 10
// rounds on 8 independent blocks under one key (about 2.6 million block
// rounds per hash, five times the loop's 524,288), run bitsliced: the 8
// blocks' 1024 bits are held as 8 bit planes of 128 bits (xmm registers),
// plane b holding bit b of each of the 16 byte positions of the 8 blocks (byte
// p of the plane, bit k: block k's byte p). In that form:
//
//   SubBytes     one Boolean circuit of 113 XOR/AND gates on the 8 planes
//                (Boyar and Peralta's circuit for the AES S-box, without its
//                four NOTs: they are the S-box's constant 0x63, folded into
//                the round keys, since ShiftRows and MixColumns map a
//                constant byte in every position to itself),
//   ShiftRows    a byte permutation of each plane (PSHUFB),
//   MixColumns   byte rotations within the columns (PSHUFB) and XORs, xtime
//                being a renaming of planes plus three XORs,
//
// about 175 instructions per round for all 8 blocks, against 8 x 32 table
// loads with the T-tables. The planes stay bitsliced from chunk to chunk; only
// the blocks written to (explode) or read from (implode) the scratchpad are
// converted, by an 8 x 8 bit transpose at every byte position (three rounds of
// "swap-move" between pairs of registers; the transpose is its own inverse).
//
// The loop's single round per iteration stays the T-table round of
// aes_table_ops.h: its latency is on the loop's dependency chain, and a
// bitsliced round of one block would cost the same 175 instructions.
//
// Constant time: the bitsliced explode/implode are (no table lookup, no
// data-dependent branch or address); the loop is not (table lookups and
// scratchpad addresses from the data). Not required: proof-of-work inputs are
// public (crypto/hash-ops.h).
//
// Compile this file alone with -mssse3 (x86-64 only); cn_impl.cpp calls
// ssse3_run only after its available() saw SSSE3 in CPUID.

#include "aes_table_ops.h"

#include <tmmintrin.h>

namespace crypto::cn {
namespace {

// Bit planes of 8 blocks: p[b] = bit b of every byte (see the header).
struct planes {
  __m128i p[8];
};

// Exchanges the bits of a selected by mask << n with the bits of b selected by
// mask (n < 8, mask within each byte): the step of the transpose.
CN_ALWAYS_INLINE void swap_move(__m128i &a, __m128i &b, int n, __m128i mask) {
  const __m128i t = _mm_and_si128(_mm_xor_si128(_mm_srli_epi64(a, n), b), mask);
  b = _mm_xor_si128(b, t);
  a = _mm_xor_si128(a, _mm_slli_epi64(t, n));
}

// In place, at each of the 16 byte positions: bit b of x[k] <-> bit k of x[b]
// (8 x 8 bit transpose). 8 blocks -> 8 planes, and back.
CN_ALWAYS_INLINE void transpose(__m128i x[8]) {
  const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33), m4 = _mm_set1_epi8(0x0f);
  for (int i = 0; i < 8; i += 2) swap_move(x[i], x[i + 1], 1, m1);
  for (int i : {0, 1, 4, 5}) swap_move(x[i], x[i + 2], 2, m2);
  for (int i = 0; i < 4; ++i) swap_move(x[i], x[i + 4], 4, m4);
}

// SubBytes without the constant 0x63 (folded into the round keys), on the
// planes x[0] (least significant bit) .. x[7]. The circuit's inputs U0..U7
// and outputs S0..S7 are most significant bit first: U_i = x[7 - i].
CN_ALWAYS_INLINE void sub_bytes(__m128i x[8]) {
  const __m128i t1 = _mm_xor_si128(x[7], x[4]);
  const __m128i t2 = _mm_xor_si128(x[7], x[2]);
  const __m128i t3 = _mm_xor_si128(x[7], x[1]);
  const __m128i t4 = _mm_xor_si128(x[4], x[2]);
  const __m128i t5 = _mm_xor_si128(x[3], x[1]);
  const __m128i t6 = _mm_xor_si128(t1, t5);
  const __m128i t7 = _mm_xor_si128(x[6], x[5]);
  const __m128i t8 = _mm_xor_si128(x[0], t6);
  const __m128i t9 = _mm_xor_si128(x[0], t7);
  const __m128i t10 = _mm_xor_si128(t6, t7);
  const __m128i t11 = _mm_xor_si128(x[6], x[2]);
  const __m128i t12 = _mm_xor_si128(x[5], x[2]);
  const __m128i t13 = _mm_xor_si128(t3, t4);
  const __m128i t14 = _mm_xor_si128(t6, t11);
  const __m128i t15 = _mm_xor_si128(t5, t11);
  const __m128i t16 = _mm_xor_si128(t5, t12);
  const __m128i t17 = _mm_xor_si128(t9, t16);
  const __m128i t18 = _mm_xor_si128(x[4], x[0]);
  const __m128i t19 = _mm_xor_si128(t7, t18);
  const __m128i t20 = _mm_xor_si128(t1, t19);
  const __m128i t21 = _mm_xor_si128(x[1], x[0]);
  const __m128i t22 = _mm_xor_si128(t7, t21);
  const __m128i t23 = _mm_xor_si128(t2, t22);
  const __m128i t24 = _mm_xor_si128(t2, t10);
  const __m128i t25 = _mm_xor_si128(t20, t17);
  const __m128i t26 = _mm_xor_si128(t3, t16);
  const __m128i t27 = _mm_xor_si128(t1, t12);
  const __m128i m1 = _mm_and_si128(t13, t6);
  const __m128i m2 = _mm_and_si128(t23, t8);
  const __m128i m3 = _mm_xor_si128(t14, m1);
  const __m128i m4 = _mm_and_si128(t19, x[0]);
  const __m128i m5 = _mm_xor_si128(m4, m1);
  const __m128i m6 = _mm_and_si128(t3, t16);
  const __m128i m7 = _mm_and_si128(t22, t9);
  const __m128i m8 = _mm_xor_si128(t26, m6);
  const __m128i m9 = _mm_and_si128(t20, t17);
  const __m128i m10 = _mm_xor_si128(m9, m6);
  const __m128i m11 = _mm_and_si128(t1, t15);
  const __m128i m12 = _mm_and_si128(t4, t27);
  const __m128i m13 = _mm_xor_si128(m12, m11);
  const __m128i m14 = _mm_and_si128(t2, t10);
  const __m128i m15 = _mm_xor_si128(m14, m11);
  const __m128i m16 = _mm_xor_si128(m3, m2);
  const __m128i m17 = _mm_xor_si128(m5, t24);
  const __m128i m18 = _mm_xor_si128(m8, m7);
  const __m128i m19 = _mm_xor_si128(m10, m15);
  const __m128i m20 = _mm_xor_si128(m16, m13);
  const __m128i m21 = _mm_xor_si128(m17, m15);
  const __m128i m22 = _mm_xor_si128(m18, m13);
  const __m128i m23 = _mm_xor_si128(m19, t25);
  const __m128i m24 = _mm_xor_si128(m22, m23);
  const __m128i m25 = _mm_and_si128(m22, m20);
  const __m128i m26 = _mm_xor_si128(m21, m25);
  const __m128i m27 = _mm_xor_si128(m20, m21);
  const __m128i m28 = _mm_xor_si128(m23, m25);
  const __m128i m29 = _mm_and_si128(m28, m27);
  const __m128i m30 = _mm_and_si128(m26, m24);
  const __m128i m31 = _mm_and_si128(m20, m23);
  const __m128i m32 = _mm_and_si128(m27, m31);
  const __m128i m33 = _mm_xor_si128(m27, m25);
  const __m128i m34 = _mm_and_si128(m21, m22);
  const __m128i m35 = _mm_and_si128(m24, m34);
  const __m128i m36 = _mm_xor_si128(m24, m25);
  const __m128i m37 = _mm_xor_si128(m21, m29);
  const __m128i m38 = _mm_xor_si128(m32, m33);
  const __m128i m39 = _mm_xor_si128(m23, m30);
  const __m128i m40 = _mm_xor_si128(m35, m36);
  const __m128i m41 = _mm_xor_si128(m38, m40);
  const __m128i m42 = _mm_xor_si128(m37, m39);
  const __m128i m43 = _mm_xor_si128(m37, m38);
  const __m128i m44 = _mm_xor_si128(m39, m40);
  const __m128i m45 = _mm_xor_si128(m42, m41);
  const __m128i m46 = _mm_and_si128(m44, t6);
  const __m128i m47 = _mm_and_si128(m40, t8);
  const __m128i m48 = _mm_and_si128(m39, x[0]);
  const __m128i m49 = _mm_and_si128(m43, t16);
  const __m128i m50 = _mm_and_si128(m38, t9);
  const __m128i m51 = _mm_and_si128(m37, t17);
  const __m128i m52 = _mm_and_si128(m42, t15);
  const __m128i m53 = _mm_and_si128(m45, t27);
  const __m128i m54 = _mm_and_si128(m41, t10);
  const __m128i m55 = _mm_and_si128(m44, t13);
  const __m128i m56 = _mm_and_si128(m40, t23);
  const __m128i m57 = _mm_and_si128(m39, t19);
  const __m128i m58 = _mm_and_si128(m43, t3);
  const __m128i m59 = _mm_and_si128(m38, t22);
  const __m128i m60 = _mm_and_si128(m37, t20);
  const __m128i m61 = _mm_and_si128(m42, t1);
  const __m128i m62 = _mm_and_si128(m45, t4);
  const __m128i m63 = _mm_and_si128(m41, t2);
  const __m128i l0 = _mm_xor_si128(m61, m62);
  const __m128i l1 = _mm_xor_si128(m50, m56);
  const __m128i l2 = _mm_xor_si128(m46, m48);
  const __m128i l3 = _mm_xor_si128(m47, m55);
  const __m128i l4 = _mm_xor_si128(m54, m58);
  const __m128i l5 = _mm_xor_si128(m49, m61);
  const __m128i l6 = _mm_xor_si128(m62, l5);
  const __m128i l7 = _mm_xor_si128(m46, l3);
  const __m128i l8 = _mm_xor_si128(m51, m59);
  const __m128i l9 = _mm_xor_si128(m52, m53);
  const __m128i l10 = _mm_xor_si128(m53, l4);
  const __m128i l11 = _mm_xor_si128(m60, l2);
  const __m128i l12 = _mm_xor_si128(m48, m51);
  const __m128i l13 = _mm_xor_si128(m50, l0);
  const __m128i l14 = _mm_xor_si128(m52, m61);
  const __m128i l15 = _mm_xor_si128(m55, l1);
  const __m128i l16 = _mm_xor_si128(m56, l0);
  const __m128i l17 = _mm_xor_si128(m57, l1);
  const __m128i l18 = _mm_xor_si128(m58, l8);
  const __m128i l19 = _mm_xor_si128(m63, l4);
  const __m128i l20 = _mm_xor_si128(l0, l1);
  const __m128i l21 = _mm_xor_si128(l1, l7);
  const __m128i l22 = _mm_xor_si128(l3, l12);
  const __m128i l23 = _mm_xor_si128(l18, l2);
  const __m128i l24 = _mm_xor_si128(l15, l9);
  const __m128i l25 = _mm_xor_si128(l6, l10);
  const __m128i l26 = _mm_xor_si128(l7, l9);
  const __m128i l27 = _mm_xor_si128(l8, l10);
  const __m128i l28 = _mm_xor_si128(l11, l14);
  const __m128i l29 = _mm_xor_si128(l11, l17);
  x[7] = _mm_xor_si128(l6, l24);
  x[6] = _mm_xor_si128(l16, l26);
  x[5] = _mm_xor_si128(l19, l28);
  x[4] = _mm_xor_si128(l6, l21);
  x[3] = _mm_xor_si128(l20, l22);
  x[2] = _mm_xor_si128(l25, l29);
  x[1] = _mm_xor_si128(l13, l27);
  x[0] = _mm_xor_si128(l6, l23);
}

// Byte permutations for PSHUFB (out byte p = in byte mask[p]); state byte
// p = 4 * column + row. ShiftRows: out[4c + r] = in[4((c + r) mod 4) + r].
// row1_sr: ShiftRows, then each column rotated by one row
// (out[4c + r] = sr[4c + (r + 1) mod 4]); row2: rotated by two rows.
struct linear_masks {
  __m128i sr, row1_sr, row2;
};

inline linear_masks make_masks() {
  alignas(16) std::uint8_t sr[16], r1[16], r2[16];
  for (int c = 0; c < 4; ++c) {
    for (int r = 0; r < 4; ++r) {
      const auto shift_rows = [](int col, int row) { return static_cast<std::uint8_t>(4 * ((col + row) & 3) + row); };
      sr[4 * c + r] = shift_rows(c, r);
      r1[4 * c + r] = shift_rows(c, (r + 1) & 3);
      r2[4 * c + r] = static_cast<std::uint8_t>(4 * c + ((r + 2) & 3));
    }
  }
  const auto load = [](const std::uint8_t *p) { return _mm_load_si128(reinterpret_cast<const __m128i *>(p)); };
  return {load(sr), load(r1), load(r2)};
}

// One AESENC round on the 8 blocks: SubBytes, ShiftRows, MixColumns, then XOR
// with the bitsliced round key k (which carries the S-box's 0x63). MixColumns,
// with t = a ^ rot1(a): out = xtime(t) ^ rot1(a) ^ rot2(t).
CN_ALWAYS_INLINE void bs_round(planes &s, const planes &k, const linear_masks &m) {
  sub_bytes(s.p);
  __m128i t[8], r1[8];
  for (int b = 0; b < 8; ++b) {
    r1[b] = _mm_shuffle_epi8(s.p[b], m.row1_sr);
    t[b] = _mm_xor_si128(_mm_shuffle_epi8(s.p[b], m.sr), r1[b]);
  }
  // xtime(t): planes shifted up by one, the carried-out top plane XORed into
  // planes 0, 1, 3 and 4 (x^8 = x^4 + x^3 + x + 1).
  const __m128i top = t[7];
  for (int b = 0; b < 8; ++b) {
    __m128i x = b == 0 ? top : t[b - 1];
    if (b == 1 || b == 3 || b == 4) x = _mm_xor_si128(x, top);
    s.p[b] = _mm_xor_si128(_mm_xor_si128(x, r1[b]), _mm_xor_si128(_mm_shuffle_epi8(t[b], m.row2), k.p[b]));
  }
}

// The 10 round keys, bitsliced (every block has the same key: byte p of plane
// b is 0xff where bit b of the key's byte p is set), with 0x63 folded in.
void bitslice_keys(const std::uint8_t key_bytes[160], planes k[10]) {
  for (int r = 0; r < 10; ++r) {
    for (int b = 0; b < 8; ++b) {
      alignas(16) std::uint8_t plane[16];
      for (int p = 0; p < 16; ++p) {
        const unsigned bit = ((key_bytes[16 * r + p] ^ 0x63u) >> b) & 1u;
        plane[p] = static_cast<std::uint8_t>(0u - bit);
      }
      k[r].p[b] = _mm_load_si128(reinterpret_cast<const __m128i *>(plane));
    }
  }
}

CN_ALWAYS_INLINE void ten_rounds(planes &s, const planes k[10], const linear_masks &m) {
  for (int r = 0; r < 10; ++r) bs_round(s, k[r], m);
}

// The bitsliced round keys, and the 128 bytes at `blocks` as planes.
void start(const std::uint8_t key_bytes[160], const std::uint8_t *blocks, planes k[10], planes &s) {
  bitslice_keys(key_bytes, k);
  for (int i = 0; i < 8; ++i) s.p[i] = _mm_loadu_si128(reinterpret_cast<const __m128i *>(blocks + 16 * i));
  transpose(s.p);
}

struct ssse3_ops : table_ops {
  static constexpr bool bulk_aes = true;

  // The 128 bytes at `in` (state bytes 64..191) encrypted 16384 times, each
  // result written to the next 128 bytes of the 2 MiB scratchpad.
  static void explode_bulk(const std::uint8_t key_bytes[160], const std::uint8_t *in, std::uint8_t *sp) {
    planes k[10], s;
    start(key_bytes, in, k, s);
    const linear_masks m = make_masks();
    for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
      ten_rounds(s, k, m);
      __m128i out[8];
      for (int i = 0; i < 8; ++i) out[i] = s.p[i];
      transpose(out);
      for (int i = 0; i < 8; ++i) _mm_store_si128(reinterpret_cast<__m128i *>(sp + 128 * chunk + 16 * i), out[i]);
    }
  }

  // The 128 bytes at `io` XORed with each 128-byte chunk of the scratchpad
  // and encrypted, in order; the result back to `io`.
  static void implode_bulk(const std::uint8_t key_bytes[160], const std::uint8_t *sp, std::uint8_t *io) {
    planes k[10], s;
    start(key_bytes, io, k, s);
    const linear_masks m = make_masks();
    for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
      __m128i in[8];
      for (int i = 0; i < 8; ++i) in[i] = _mm_load_si128(reinterpret_cast<const __m128i *>(sp + 128 * chunk + 16 * i));
      transpose(in);  // linear: transposing then XORing = XORing then transposing
      for (int i = 0; i < 8; ++i) s.p[i] = _mm_xor_si128(s.p[i], in[i]);
      ten_rounds(s, k, m);
    }
    transpose(s.p);
    for (int i = 0; i < 8; ++i) _mm_storeu_si128(reinterpret_cast<__m128i *>(io + 16 * i), s.p[i]);
  }
};

}  // namespace

void ssse3_run(int variant, const job *jobs, std::size_t count) { run_variant<ssse3_ops>(variant, jobs, count); }

}  // namespace crypto::cn
