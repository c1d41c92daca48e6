// Skein-512-256 (Skein version 1.3), written from the specification:
// N. Ferguson, S. Lucks, B. Schneier, D. Whiting, M. Bellare, T. Kohno,
// J. Callas, J. Walker, "The Skein Hash Function Family", version 1.3 (2010):
// section 3.3 (Threefish-512: 72 rounds of MIX and word permutation, a subkey
// every 4 rounds, rotation constants of table 4, C240), 3.4 (UBI chaining and
// the tweak: position, type, first/final flags), 3.5 (the configuration block)
// and 3.5.4 (the simple hash: config UBI, message UBI, output UBI).
//
// Monero's hash_extra_skein (src/crypto/hash-extra-skein.c) is Skein-512 with
// a 256-bit output of the whole input. Words are little-endian.
// Time depends on the length only.

#include "crypto/hash-ops.h"
#include "extra_bytes.h"
#include "extra_hashes.h"

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>

namespace {

using crypto::extra::load_le64;
using crypto::extra::rotl64;
using crypto::extra::store_le64;

constexpr std::uint64_t skein_c240 = 0x1BD11BDAA9FC1A22ULL;

// Rotation constants R_{d mod 8, j} for Threefish-512 (spec table 4).
constexpr unsigned skein_rot[8][4] = {{46, 36, 19, 37}, {33, 27, 14, 42}, {17, 49, 36, 39}, {44, 9, 54, 56},
                                      {39, 30, 34, 24}, {13, 50, 10, 17}, {25, 29, 39, 43}, {8, 35, 56, 22}};
// Word permutation pi for Nw = 8 (spec table 3): after a round, word i takes old word pi[i].
constexpr int skein_pi[8] = {2, 1, 4, 7, 6, 5, 0, 3};

constexpr int threefish_rounds = 72;

// Block types (spec table 6), placed in tweak bits 120..125.
constexpr std::uint64_t type_cfg = 4, type_msg = 48, type_out = 63;
constexpr std::uint64_t flag_first = 1ULL << 62, flag_final = 1ULL << 63;  // tweak bits 126, 127 (word 1)

// Threefish-512 encryption of `plain` under key k and tweak t.
void threefish512(const std::uint64_t key[8], const std::uint64_t tweak[2], const std::uint64_t plain[8],
                  std::uint64_t out[8]) {
  std::uint64_t k[9], t[3] = {tweak[0], tweak[1], tweak[0] ^ tweak[1]};
  k[8] = skein_c240;
  for (int i = 0; i < 8; ++i) {
    k[i] = key[i];
    k[8] ^= key[i];
  }
  std::uint64_t v[8];
  std::memcpy(v, plain, sizeof v);
  for (int d = 0; d < threefish_rounds; ++d) {
    if (d % 4 == 0) {  // subkey s = d / 4
      const int s = d / 4;
      for (int i = 0; i < 8; ++i) v[i] += k[(s + i) % 9];
      v[5] += t[s % 3];
      v[6] += t[(s + 1) % 3];
      v[7] += static_cast<std::uint64_t>(s);
    }
    for (int j = 0; j < 4; ++j) {  // MIX
      v[2 * j] += v[2 * j + 1];
      v[2 * j + 1] = rotl64(v[2 * j + 1], skein_rot[d % 8][j]) ^ v[2 * j];
    }
    std::uint64_t p[8];
    for (int i = 0; i < 8; ++i) p[i] = v[skein_pi[i]];
    std::memcpy(v, p, sizeof v);
  }
  const int s = threefish_rounds / 4;  // the last subkey, 18
  for (int i = 0; i < 8; ++i) out[i] = v[i] + k[(s + i) % 9];
  out[5] += t[s % 3];
  out[6] += t[(s + 1) % 3];
  out[7] += static_cast<std::uint64_t>(s);
}

// UBI(G, M, type): chains the 64-byte blocks of msg (zero-padded; one zero
// block when empty) into g.
void ubi(std::uint64_t g[8], const std::uint8_t *msg, std::size_t length, std::uint64_t type) {
  std::size_t done = 0;
  bool first = true;
  do {
    const std::size_t take = length - done > 64 ? 64 : length - done;
    std::uint8_t block[64] = {};
    if (take != 0) std::memcpy(block, msg + done, take);
    done += take;
    const bool final = done == length;
    std::uint64_t m[8], out[8];
    for (int i = 0; i < 8; ++i) m[i] = load_le64(block + 8 * i);
    // Tweak: bits 0..95 the number of message bytes processed so far
    // (including this block), 120..125 the type, 126 first, 127 final.
    const std::uint64_t tweak[2] = {static_cast<std::uint64_t>(done),
                                    (type << 56) | (first ? flag_first : 0) | (final ? flag_final : 0)};
    threefish512(g, tweak, m, out);
    for (int i = 0; i < 8; ++i) g[i] = out[i] ^ m[i];
    first = false;
  } while (done < length);
}

// The chaining value G: 8 words.
using skein_chain = std::array<std::uint64_t, 8>;

// G0 = UBI(0, config, Cfg) for a 256-bit output and no tree hashing (spec 3.5.2).
skein_chain make_iv() {
  std::uint8_t config[32] = {'S', 'H', 'A', '3', 1, 0, 0, 0};  // schema identifier, version 1
  store_le64(config + 8, 256);                                   // output length in bits
  skein_chain iv{};
  ubi(iv.data(), config, sizeof config, type_cfg);
  return iv;
}

}  // namespace

namespace crypto::extra {

void skein512_256(const std::uint8_t *data, std::size_t length, std::uint8_t out[32]) {
  skein_chain g = computed_initial_value<skein_chain, make_iv>();
  ubi(g.data(), data, length, type_msg);
  const std::uint8_t counter[8] = {};  // output block 0
  ubi(g.data(), counter, sizeof counter, type_out);
  for (int i = 0; i < 4; ++i) store_le64(out + 8 * i, g[i]);
}

}  // namespace crypto::extra
