/* The libsodium functions cncrypto calls, for the WebAssembly build only
 * (external/wasm/CMakeLists.txt, docs/wasm.md). Debian has no libsodium for
 * wasm32-emscripten, and cncrypto uses a few of its functions: this file
 * implements exactly those, against libsodium's own header declarations (the
 * build machine's libsodium-dev headers), with the behaviour libsodium
 * documents:
 *
 *   sodium_init, sodium_memzero, sodium_memcmp, sodium_is_zero, crypto_verify_32
 *   randombytes_buf, randombytes_uniform     getentropy(): crypto.getRandomValues
 *                                            in browsers and Node (emscripten)
 *   crypto_hash_sha256{,_init,_update,_final}          FIPS 180-4 section 6.2
 *   crypto_auth_hmacsha256_{init,update,final}        RFC 2104 over SHA-256
 *   crypto_stream_chacha20_xor                        ChaCha20 with a 64-bit nonce
 *                                                     and 64-bit block counter
 *                                                     (D. J. Bernstein's original,
 *                                                     libsodium's crypto_stream_chacha20)
 *
 * Comparisons and wipes are constant time in the contents, as libsodium's.
 * randombytes_buf aborts when the platform has no randomness (libsodium does the
 * same; a browser or Node always has it). Checked by tests/wasm/sodium_subset_test.c
 * (FIPS 180-2, RFC 4231 and ChaCha20 known answers) in scripts/wasm.sh. */
#include <sodium.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int sodium_init(void) {
  static int done = 0;
  if (done) return 1;
  done = 1;
  return 0;
}

void sodium_memzero(void *const pnt, const size_t len) {
  volatile unsigned char *p = (volatile unsigned char *)pnt;
  size_t i;
  for (i = 0; i < len; ++i) p[i] = 0;
}

int sodium_memcmp(const void *const b1_, const void *const b2_, size_t len) {
  const volatile unsigned char *b1 = (const volatile unsigned char *)b1_;
  const volatile unsigned char *b2 = (const volatile unsigned char *)b2_;
  unsigned int d = 0;
  size_t i;
  for (i = 0; i < len; ++i) d |= (unsigned int)(b1[i] ^ b2[i]);
  return (int)((1U & ((d - 1U) >> 8)) - 1U); /* 0 when equal, -1 otherwise */
}

int sodium_is_zero(const unsigned char *n, const size_t nlen) {
  const volatile unsigned char *p = (const volatile unsigned char *)n;
  unsigned int d = 0;
  size_t i;
  for (i = 0; i < nlen; ++i) d |= p[i];
  return (int)(1U & ((d - 1U) >> 8)); /* 1 when all zero */
}

int crypto_verify_32(const unsigned char *x, const unsigned char *y) { return sodium_memcmp(x, y, 32); }

void randombytes_buf(void *const buf, const size_t size) {
  unsigned char *p = (unsigned char *)buf;
  size_t left = size;
  while (left > 0) {
    const size_t n = left < 256 ? left : 256; /* getentropy's limit */
    if (getentropy(p, n) != 0) abort();
    p += n;
    left -= n;
  }
}

uint32_t randombytes_uniform(const uint32_t upper_bound) {
  uint32_t min, r;
  if (upper_bound < 2) return 0;
  min = (1U + ~upper_bound) % upper_bound; /* 2^32 mod upper_bound */
  do {
    randombytes_buf(&r, sizeof r);
  } while (r < min);
  return r % upper_bound;
}

/* ---- SHA-256 (FIPS 180-4) ---- */

static const uint32_t sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t ror32(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

static void sha256_block(uint32_t h[8], const uint8_t b[64]) {
  uint32_t w[64], a, bb, c, d, e, f, g, hh;
  int t;
  for (t = 0; t < 16; ++t)
    w[t] = (uint32_t)b[4 * t] << 24 | (uint32_t)b[4 * t + 1] << 16 | (uint32_t)b[4 * t + 2] << 8 | b[4 * t + 3];
  for (t = 16; t < 64; ++t) {
    const uint32_t s0 = ror32(w[t - 15], 7) ^ ror32(w[t - 15], 18) ^ (w[t - 15] >> 3);
    const uint32_t s1 = ror32(w[t - 2], 17) ^ ror32(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  a = h[0], bb = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (t = 0; t < 64; ++t) {
    const uint32_t t1 = hh + (ror32(e, 6) ^ ror32(e, 11) ^ ror32(e, 25)) + ((e & f) ^ (~e & g)) + sha256_k[t] + w[t];
    const uint32_t t2 = (ror32(a, 2) ^ ror32(a, 13) ^ ror32(a, 22)) + ((a & bb) ^ (a & c) ^ (bb & c));
    hh = g, g = f, f = e, e = d + t1, d = c, c = bb, bb = a, a = t1 + t2;
  }
  h[0] += a, h[1] += bb, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
  sodium_memzero(w, sizeof w);
}

int crypto_hash_sha256_init(crypto_hash_sha256_state *state) {
  static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  memcpy(state->state, iv, sizeof iv);
  state->count = 0; /* bits */
  return 0;
}

int crypto_hash_sha256_update(crypto_hash_sha256_state *state, const unsigned char *in, unsigned long long inlen) {
  size_t used = (size_t)((state->count >> 3) & 63);
  state->count += (uint64_t)inlen << 3;
  while (inlen > 0) {
    size_t n = 64 - used;
    if ((unsigned long long)n > inlen) n = (size_t)inlen;
    memcpy(state->buf + used, in, n);
    used += n, in += n, inlen -= n;
    if (used == 64) {
      sha256_block(state->state, state->buf);
      used = 0;
    }
  }
  return 0;
}

int crypto_hash_sha256_final(crypto_hash_sha256_state *state, unsigned char *out) {
  const uint64_t bits = state->count;
  size_t used = (size_t)((bits >> 3) & 63);
  int i;
  state->buf[used++] = 0x80;
  if (used > 56) {
    memset(state->buf + used, 0, 64 - used);
    sha256_block(state->state, state->buf);
    used = 0;
  }
  memset(state->buf + used, 0, 56 - used);
  for (i = 0; i < 8; ++i) state->buf[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
  sha256_block(state->state, state->buf);
  for (i = 0; i < 8; ++i) {
    out[4 * i] = (uint8_t)(state->state[i] >> 24), out[4 * i + 1] = (uint8_t)(state->state[i] >> 16);
    out[4 * i + 2] = (uint8_t)(state->state[i] >> 8), out[4 * i + 3] = (uint8_t)state->state[i];
  }
  sodium_memzero(state, sizeof *state);
  return 0;
}

int crypto_hash_sha256(unsigned char *out, const unsigned char *in, unsigned long long inlen) {
  crypto_hash_sha256_state st;
  crypto_hash_sha256_init(&st);
  crypto_hash_sha256_update(&st, in, inlen);
  return crypto_hash_sha256_final(&st, out);
}

/* ---- HMAC-SHA-256 (RFC 2104; a key longer than the 64-byte block is hashed first) ---- */

int crypto_auth_hmacsha256_init(crypto_auth_hmacsha256_state *state, const unsigned char *key, size_t keylen) {
  unsigned char pad[64], khash[32];
  size_t i;
  if (keylen > 64) {
    crypto_hash_sha256(khash, key, keylen);
    key = khash;
    keylen = 32;
  }
  crypto_hash_sha256_init(&state->ictx);
  memset(pad, 0x36, sizeof pad);
  for (i = 0; i < keylen; ++i) pad[i] ^= key[i];
  crypto_hash_sha256_update(&state->ictx, pad, sizeof pad);
  crypto_hash_sha256_init(&state->octx);
  memset(pad, 0x5c, sizeof pad);
  for (i = 0; i < keylen; ++i) pad[i] ^= key[i];
  crypto_hash_sha256_update(&state->octx, pad, sizeof pad);
  sodium_memzero(pad, sizeof pad);
  sodium_memzero(khash, sizeof khash);
  return 0;
}

int crypto_auth_hmacsha256_update(crypto_auth_hmacsha256_state *state, const unsigned char *in,
                                  unsigned long long inlen) {
  return crypto_hash_sha256_update(&state->ictx, in, inlen);
}

int crypto_auth_hmacsha256_final(crypto_auth_hmacsha256_state *state, unsigned char *out) {
  unsigned char ihash[32];
  crypto_hash_sha256_final(&state->ictx, ihash);
  crypto_hash_sha256_update(&state->octx, ihash, sizeof ihash);
  crypto_hash_sha256_final(&state->octx, out);
  sodium_memzero(ihash, sizeof ihash);
  return 0;
}

/* ---- ChaCha20, 64-bit nonce and counter ---- */

static uint32_t rol32(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }
static uint32_t le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
#define QR(a, b, c, d) \
  a += b, d = rol32(d ^ a, 16), c += d, b = rol32(b ^ c, 12), a += b, d = rol32(d ^ a, 8), c += d, b = rol32(b ^ c, 7)

int crypto_stream_chacha20_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                               const unsigned char *n, const unsigned char *k) {
  uint32_t in[16], x[16];
  unsigned char block[64];
  uint64_t counter = 0;
  int i;
  in[0] = 0x61707865, in[1] = 0x3320646e, in[2] = 0x79622d32, in[3] = 0x6b206574;
  for (i = 0; i < 8; ++i) in[4 + i] = le32(k + 4 * i);
  in[14] = le32(n), in[15] = le32(n + 4);
  while (mlen > 0) {
    const size_t take = mlen < 64 ? (size_t)mlen : 64;
    size_t j;
    in[12] = (uint32_t)counter, in[13] = (uint32_t)(counter >> 32);
    memcpy(x, in, sizeof x);
    for (i = 0; i < 10; ++i) {
      QR(x[0], x[4], x[8], x[12]), QR(x[1], x[5], x[9], x[13]), QR(x[2], x[6], x[10], x[14]), QR(x[3], x[7], x[11], x[15]);
      QR(x[0], x[5], x[10], x[15]), QR(x[1], x[6], x[11], x[12]), QR(x[2], x[7], x[8], x[13]), QR(x[3], x[4], x[9], x[14]);
    }
    for (i = 0; i < 16; ++i) {
      const uint32_t v = x[i] + in[i];
      block[4 * i] = (unsigned char)v, block[4 * i + 1] = (unsigned char)(v >> 8);
      block[4 * i + 2] = (unsigned char)(v >> 16), block[4 * i + 3] = (unsigned char)(v >> 24);
    }
    for (j = 0; j < take; ++j) c[j] = m[j] ^ block[j];
    c += take, m += take, mlen -= take;
    ++counter;
  }
  sodium_memzero(in, sizeof in);
  sodium_memzero(x, sizeof x);
  sodium_memzero(block, sizeof block);
  return 0;
}
