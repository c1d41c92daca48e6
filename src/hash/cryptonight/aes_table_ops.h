// Private to src/hash/cryptonight: the T-table software AES and the 128-bit
// values as two 64-bit integers ("table_ops", the Ops type of cn_loop.h), shared
// by the portable implementation (aes_portable.cpp) and the bitsliced SSSE3 one
// (aes_bitslice_ssse3.cpp, which keeps this single round for the loop and
// replaces the explode/implode AES).
//
// Software AES with four 1 KiB T-tables (FIPS 197 section 5.1: SubBytes,
// ShiftRows and MixColumns of one round folded into four table lookups per
// column, the tables computed at compile time from the S-box by
// hash/gf256.h's make_aes_t_tables). Plain C++: no
// intrinsics, correct on either byte order.
//
// Not constant time (table lookups at data-dependent indices): proof-of-work
// inputs are public. Internal linkage (anonymous namespace), as cn_loop.h.
#pragma once

#include "common/endian.h"
#include "hash/gf256.h"
#include "cn_loop.h"

namespace crypto::cn {
namespace {

// The T-tables (hash/gf256.h), built at compile time.
alignas(64) constexpr crypto::gf256::aes_t_tables tables = crypto::gf256::make_aes_t_tables();

struct table_ops {
  static constexpr bool bulk_aes = false;  // explode/implode through encrypt8 below
  static constexpr bool use_r_jit = false;  // plain C++: always interpret
  // Bytes 0..7 of the block in lo, 8..15 in hi, both as little-endian values.
  struct block {
    std::uint64_t lo, hi;
  };

  static std::uint64_t read64(const std::uint8_t *p) { return cncrypto::load_le64(p); }
  static void write64(std::uint8_t *p, std::uint64_t v) { cncrypto::store_le64(p, v); }
  static std::uint64_t load64(const std::uint8_t *p) { return read64(p); }
  static void store64(std::uint8_t *p, std::uint64_t v) { write64(p, v); }
  static block load(const std::uint8_t *p) { return {read64(p), read64(p + 8)}; }
  static block loadu(const std::uint8_t *p) { return load(p); }
  static void store(std::uint8_t *p, block b) {
    write64(p, b.lo);
    write64(p + 8, b.hi);
  }
  static void storeu(std::uint8_t *p, block b) { store(p, b); }
  static block xor_(block x, block y) { return {x.lo ^ y.lo, x.hi ^ y.hi}; }
  static block add64(block x, block y) { return {x.lo + y.lo, x.hi + y.hi}; }
  static std::uint64_t lo(block x) { return x.lo; }
  static std::uint64_t hi(block x) { return x.hi; }
  static block make(std::uint64_t l, std::uint64_t h) { return {l, h}; }

  // One AESENC round: ShiftRows, SubBytes, MixColumns, then XOR with key.
  // Output column j takes row r from input column (j + r) mod 4, i.e. bytes
  // 4j, 4(j+1)+1, 4(j+2)+2, 4(j+3)+3 (mod 16).
  static CN_ALWAYS_INLINE block aes_round(block s, block key) {
    const auto &t = tables.t;
    const std::uint64_t l = s.lo, h = s.hi;
    const auto byte_lo = [l](unsigned i) { return static_cast<unsigned>(l >> (8 * i)) & 0xff; };
    const auto byte_hi = [h](unsigned i) { return static_cast<unsigned>(h >> (8 * i)) & 0xff; };
    const std::uint32_t c0 = t[0][byte_lo(0)] ^ t[1][byte_lo(5)] ^ t[2][byte_hi(2)] ^ t[3][byte_hi(7)];
    const std::uint32_t c1 = t[0][byte_lo(4)] ^ t[1][byte_hi(1)] ^ t[2][byte_hi(6)] ^ t[3][byte_lo(3)];
    const std::uint32_t c2 = t[0][byte_hi(0)] ^ t[1][byte_hi(5)] ^ t[2][byte_lo(2)] ^ t[3][byte_lo(7)];
    const std::uint32_t c3 = t[0][byte_hi(4)] ^ t[1][byte_lo(1)] ^ t[2][byte_lo(6)] ^ t[3][byte_hi(3)];
    return {(c0 | (std::uint64_t{c1} << 32)) ^ key.lo, (c2 | (std::uint64_t{c3} << 32)) ^ key.hi};
  }

  // explode/implode: 10 rounds on 8 blocks, the state kept as bytes in a
  // small buffer so that each table index is one byte load (MOVZX from
  // memory) instead of a shift and a mask of a register: the rounds are then
  // bound by the load ports, not by the ALUs. Measured per hash (explode +
  // implode, best of 15, GCC 12 -O2, the shared 2-core Zen 5 VM at load 8,
  // 2026-12-01): the register round on all 8 blocks at once 18-20 ms (the 32
  // state words spill), on 2 blocks at a time 12-14 ms, this form 10.4-15 ms
  // (better or equal in 7 of 8 alternating runs).
  static void encrypt8(block x[8], const block k[10]) {
    alignas(64) std::uint8_t buf[2][128];
    std::uint32_t kw[10][4];
    for (int r = 0; r < 10; ++r) {
      kw[r][0] = static_cast<std::uint32_t>(k[r].lo);
      kw[r][1] = static_cast<std::uint32_t>(k[r].lo >> 32);
      kw[r][2] = static_cast<std::uint32_t>(k[r].hi);
      kw[r][3] = static_cast<std::uint32_t>(k[r].hi >> 32);
    }
    for (int i = 0; i < 8; ++i) store(buf[0] + 16 * i, x[i]);
    const auto &t = tables.t;
    for (int r = 0; r < 10; ++r) {
      const std::uint8_t *in = buf[r & 1];
      std::uint8_t *out = buf[(r + 1) & 1];
      for (int i = 0; i < 8; ++i) {
        const std::uint8_t *s = in + 16 * i;
        const std::uint32_t c0 = t[0][s[0]] ^ t[1][s[5]] ^ t[2][s[10]] ^ t[3][s[15]] ^ kw[r][0];
        const std::uint32_t c1 = t[0][s[4]] ^ t[1][s[9]] ^ t[2][s[14]] ^ t[3][s[3]] ^ kw[r][1];
        const std::uint32_t c2 = t[0][s[8]] ^ t[1][s[13]] ^ t[2][s[2]] ^ t[3][s[7]] ^ kw[r][2];
        const std::uint32_t c3 = t[0][s[12]] ^ t[1][s[1]] ^ t[2][s[6]] ^ t[3][s[11]] ^ kw[r][3];
        write64(out + 16 * i, c0 | (std::uint64_t{c1} << 32));
        write64(out + 16 * i + 8, c2 | (std::uint64_t{c3} << 32));
      }
    }
    for (int i = 0; i < 8; ++i) x[i] = load(buf[0] + 16 * i);  // 10 rounds: the result is in buf[0]
  }
};

}  // namespace
}  // namespace crypto::cn
