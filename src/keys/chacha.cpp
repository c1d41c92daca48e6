// ChaCha8 (our own) and ChaCha20 (libsodium) in Monero's 8-byte-IV form; see
// crypto/chacha.h.
#include "crypto/chacha.h"

#include "crypto/hash.h"
#include "crypto/random.h"

#include <sodium.h>

#include <cstring>
#include <stdexcept>
#include <string>

namespace {

inline std::uint32_t load32_le(const std::uint8_t *p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

inline void store32_le(std::uint8_t *p, std::uint32_t v) {
  p[0] = static_cast<std::uint8_t>(v);
  p[1] = static_cast<std::uint8_t>(v >> 8);
  p[2] = static_cast<std::uint8_t>(v >> 16);
  p[3] = static_cast<std::uint8_t>(v >> 24);
}

inline std::uint32_t rotl(std::uint32_t v, int c) { return (v << c) | (v >> (32 - c)); }

inline void quarter_round(std::uint32_t &a, std::uint32_t &b, std::uint32_t &c, std::uint32_t &d) {
  a += b;
  d = rotl(d ^ a, 16);
  c += d;
  b = rotl(b ^ c, 12);
  a += b;
  d = rotl(d ^ a, 8);
  c += d;
  b = rotl(b ^ c, 7);
}

// One 64-byte key-stream block of ChaCha with `rounds` rounds (even) for the
// given input state.
void chacha_block(const std::uint32_t in[16], int rounds, std::uint8_t out[64]) {
  std::uint32_t x[16];
  std::memcpy(x, in, sizeof x);
  for (int r = 0; r < rounds; r += 2) {
    // Column round, then diagonal round.
    quarter_round(x[0], x[4], x[8], x[12]);
    quarter_round(x[1], x[5], x[9], x[13]);
    quarter_round(x[2], x[6], x[10], x[14]);
    quarter_round(x[3], x[7], x[11], x[15]);
    quarter_round(x[0], x[5], x[10], x[15]);
    quarter_round(x[1], x[6], x[11], x[12]);
    quarter_round(x[2], x[7], x[8], x[13]);
    quarter_round(x[3], x[4], x[9], x[14]);
  }
  for (int i = 0; i < 16; ++i) store32_le(out + 4 * i, x[i] + in[i]);
  sodium_memzero(x, sizeof x);
}

// data XOR ChaCha-`rounds` key stream: 8-byte IV, 64-bit counter from 0.
void chacha_xor(const void *data, std::size_t length, const std::uint8_t *key, const std::uint8_t *iv,
                char *cipher, int rounds) {
  // "expand 32-byte k"
  std::uint32_t state[16] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};
  for (int i = 0; i < 8; ++i) state[4 + i] = load32_le(key + 4 * i);
  state[12] = 0;  // block counter, low word
  state[13] = 0;  // block counter, high word
  state[14] = load32_le(iv);
  state[15] = load32_le(iv + 4);

  const auto *in = static_cast<const std::uint8_t *>(data);
  auto *out = reinterpret_cast<std::uint8_t *>(cipher);
  std::uint8_t block[64];
  while (length > 0) {
    chacha_block(state, rounds, block);
    const std::size_t n = length < 64 ? length : 64;
    // Read before write, so in == out (in place) works.
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<std::uint8_t>(in[i] ^ block[i]);
    in += n;
    out += n;
    length -= n;
    if (++state[12] == 0) ++state[13];  // public: the counter depends only on the length
  }
  sodium_memzero(block, sizeof block);
  sodium_memzero(state, sizeof state);
}

void check_args(const char *fn, const void *data, std::size_t length, const std::uint8_t *key,
                const std::uint8_t *iv, const char *cipher) {
  if (length == 0) return;
  if (data == nullptr || key == nullptr || iv == nullptr || cipher == nullptr)
    throw std::invalid_argument(std::string(fn) + ": null pointer with length " + std::to_string(length));
}

}  // namespace

extern "C" void chacha8(const void *data, size_t length, const uint8_t *key, const uint8_t *iv, char *cipher) {
  check_args("chacha8", data, length, key, iv, cipher);
  if (length == 0) return;
  chacha_xor(data, length, key, iv, cipher, 8);
}

extern "C" void chacha20(const void *data, size_t length, const uint8_t *key, const uint8_t *iv, char *cipher) {
  check_args("chacha20", data, length, key, iv, cipher);
  if (length == 0) return;
  if (sodium_init() < 0) throw std::runtime_error("chacha20: libsodium could not be initialised");
  // The original ChaCha20 of libsodium: 8-byte nonce, 64-bit counter from 0;
  // in == out is allowed.
  crypto_stream_chacha20_xor(reinterpret_cast<unsigned char *>(cipher), static_cast<const unsigned char *>(data),
                             static_cast<unsigned long long>(length), iv, key);
}

namespace crypto {

namespace {

// h = cn_slow_hash(data, prehashed); kdf_rounds - 1 times h = cn_slow_hash(h).
void derive_chacha_key(const void *data, std::size_t size, int prehashed, chacha_key &key, std::uint64_t kdf_rounds) {
  static_assert(sizeof(chacha_key) <= HASH_SIZE, "a hash must hold a chacha_key");
  cncrypto::secret_buffer pwd_hash(HASH_SIZE);  // locked, wiped
  char *const h = reinterpret_cast<char *>(pwd_hash.data());
  ::cn_slow_hash(data, size, h, 0 /*variant*/, prehashed, 0 /*height*/);
  for (std::uint64_t n = 1; n < kdf_rounds; ++n) ::cn_slow_hash(h, HASH_SIZE, h, 0, 0, 0);
  std::memcpy(key.data(), h, key.size());
}

}  // namespace

void generate_chacha_key(const void *data, std::size_t size, chacha_key &key, std::uint64_t kdf_rounds) {
  derive_chacha_key(data, size, 0, key, kdf_rounds);
}

void generate_chacha_key_prehashed(const void *data, std::size_t size, chacha_key &key, std::uint64_t kdf_rounds) {
  derive_chacha_key(data, size, 1, key, kdf_rounds);
}

void generate_chacha_key(const std::string &password, chacha_key &key, std::uint64_t kdf_rounds) {
  derive_chacha_key(password.data(), password.size(), 0, key, kdf_rounds);
}

}  // namespace crypto
