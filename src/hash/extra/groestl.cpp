// Groestl-256 (the final, tweaked SHA-3 round 3 version), written from the
// specification: P. Gauravaram, L. R. Knudsen, K. Matusiewicz, F. Mendel,
// C. Rechberger, M. Schlaeffer, S. S. Thomsen, "Groestl - a SHA-3 candidate",
// version 2.0.1 (2011): section 3 (compression f(h, m) = P(h ^ m) ^ Q(m) ^ h,
// output Omega(x) = trunc_256(P(x) ^ x), padding), section 3.4 (the 512-bit
// permutations P and Q, 10 rounds: AddRoundConstant, SubBytes, ShiftBytes,
// MixBytes).
//
// Monero's hash_extra_groestl (src/crypto/hash-extra-groestl.c) is Groestl-256
// of the whole input. The state is an 8 x 8 byte matrix filled column by
// column: byte k of a block is row k % 8 of column k / 8.
//
// Time depends on the length only (the S-box is a table indexed by state bytes,
// which is fine here: CryptoNight's inputs are public).

#include "crypto/hash-ops.h"
#include "extra_bytes.h"
#include "extra_hashes.h"
#include "hash/gf256.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace {

constexpr int groestl_rounds = 10;  // for digests up to 256 bits

// First row of the circulant MixBytes matrix B = circ(02, 02, 03, 04, 05, 03, 05, 07).
constexpr std::uint8_t mix_row[8] = {2, 2, 3, 4, 5, 3, 5, 7};
// ShiftBytes: row i moves left by shift[i] positions.
constexpr std::uint8_t shift_p[8] = {0, 1, 2, 3, 4, 5, 6, 7};
constexpr std::uint8_t shift_q[8] = {1, 3, 5, 7, 0, 2, 4, 6};

// Products by each MixBytes coefficient, per byte value: mul.t[c][x] = c * x
// (hash/gf256.h), built at compile time.
constexpr crypto::gf256::mul_tables mul = crypto::gf256::make_mul_tables();

// One permutation (P when is_q is false, Q otherwise) on s[8 * column + row].
void groestl_permute(std::uint8_t s[64], bool is_q) {
  const std::uint8_t *shift = is_q ? shift_q : shift_p;
  std::uint8_t t[64];
  for (int r = 0; r < groestl_rounds; ++r) {
    // AddRoundConstant.
    if (!is_q) {
      for (int j = 0; j < 8; ++j) s[8 * j] ^= static_cast<std::uint8_t>((j << 4) ^ r);
    } else {
      for (int k = 0; k < 64; ++k) s[k] ^= 0xff;
      for (int j = 0; j < 8; ++j) s[8 * j + 7] ^= static_cast<std::uint8_t>((j << 4) ^ r);
    }
    // SubBytes and ShiftBytes together: t[row i, column j] = S(s[row i, column j + shift[i]]).
    for (int j = 0; j < 8; ++j) {
      for (int i = 0; i < 8; ++i) t[8 * j + i] = crypto::gf256::aes_sbox[s[8 * ((j + shift[i]) & 7) + i]];
    }
    // MixBytes: each column times B, B[i][k] = mix_row[(k - i) mod 8].
    for (int j = 0; j < 8; ++j) {
      const std::uint8_t *col = t + 8 * j;
      for (int i = 0; i < 8; ++i) {
        std::uint8_t acc = 0;
        for (int k = 0; k < 8; ++k) acc ^= mul.t[mix_row[(k - i) & 7]][col[k]];
        s[8 * j + i] = acc;
      }
    }
  }
}

void groestl_compress(std::uint8_t h[64], const std::uint8_t m[64]) {
  std::uint8_t p[64], q[64];
  for (int k = 0; k < 64; ++k) p[k] = h[k] ^ m[k];
  std::memcpy(q, m, 64);
  groestl_permute(p, false);
  groestl_permute(q, true);
  for (int k = 0; k < 64; ++k) h[k] ^= p[k] ^ q[k];
}

}  // namespace

namespace crypto::extra {

void groestl256(const std::uint8_t *data, std::size_t length, std::uint8_t out[32]) {
  std::uint8_t h[64] = {};
  h[62] = 0x01;  // IV: the digest size in bits (256) as a 64-bit big-endian number in the last bytes
  std::uint8_t block[128] = {};
  const std::size_t rest =
      whole_blocks_then_tail(data, length, [&](const std::uint8_t *b) { groestl_compress(h, b); }, block);
  const std::size_t pad_blocks = rest <= 55 ? 1 : 2;
  const std::uint64_t total_blocks = static_cast<std::uint64_t>(length / 64) + pad_blocks;
  store_be64(block + 64 * pad_blocks - 8, total_blocks);
  for (std::size_t b = 0; b < pad_blocks; ++b) groestl_compress(h, block + 64 * b);
  // Omega: trunc_256(P(h) ^ h), the last 32 bytes.
  std::uint8_t x[64];
  std::memcpy(x, h, 64);
  groestl_permute(x, false);
  for (int k = 0; k < 32; ++k) out[k] = x[32 + k] ^ h[32 + k];
}

}  // namespace crypto::extra
