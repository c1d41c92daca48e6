/* Checks external/wasm/sodium_subset.c, the libsodium functions of the
 * WebAssembly build (scripts/wasm.sh runs it).
 *
 * The same source is built twice: with emcc against the subset (run by node)
 * and natively against Debian's libsodium. Each run checks known answers
 * (SHA-256: FIPS 180-2 appendix B; HMAC-SHA-256: RFC 4231 test cases 1, 2 and 6;
 * ChaCha20 keystream blocks 0 and 1 of the all-zero key and nonce: RFC 8439
 * appendix A.1 test vectors 1 and 2) and prints one line, the SHA-256 of every
 * output over a fixed set of pseudo-random inputs (lengths 0..300, keys of
 * 0..140 bytes, nonces, counters into a second block, uniform bounds from a
 * deterministic stream): the two runs must print the same line, so libsodium
 * itself is the oracle for the rest. Exit 0 when every known answer matches. */
#include <sodium.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

static void hex(const unsigned char *p, size_t n, char *out) {
  static const char d[] = "0123456789abcdef";
  size_t i;
  for (i = 0; i < n; ++i) out[2 * i] = d[p[i] >> 4], out[2 * i + 1] = d[p[i] & 15];
  out[2 * n] = 0;
}

static void expect(const char *what, const unsigned char *got, size_t n, const char *want) {
  char h[300];
  hex(got, n, h);
  if (strcmp(h, want) != 0) {
    printf("FAIL %s: %s, expected %s\n", what, h, want);
    ++failures;
  }
}

/* HMAC-SHA-256 of msg under key, the message given in two updates (split in the middle). */
static void expect_hmac(const char *what, const unsigned char *key, size_t keylen, const char *msg, const char *want) {
  crypto_auth_hmacsha256_state mac;
  unsigned char out[32];
  const size_t n = strlen(msg);
  crypto_auth_hmacsha256_init(&mac, key, keylen);
  crypto_auth_hmacsha256_update(&mac, (const unsigned char *)msg, n / 2);
  crypto_auth_hmacsha256_update(&mac, (const unsigned char *)msg + n / 2, n - n / 2);
  crypto_auth_hmacsha256_final(&mac, out);
  expect(what, out, 32, want);
}

static uint64_t rng = 0x0123456789abcdefULL;
static unsigned char next_byte(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (unsigned char)(rng >> 24);
}

int main(void) {
  unsigned char out[64], buf[400], key[160], nonce[8], ks[128], zero[128];
  static unsigned char million[1000000];
  crypto_hash_sha256_state sha, all;
  crypto_auth_hmacsha256_state mac;
  size_t i, len;
  char h[65];

  if (sodium_init() < 0) return 1;
  crypto_hash_sha256(out, (const unsigned char *)"abc", 3);
  expect("sha256 abc", out, 32, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  crypto_hash_sha256(out, (const unsigned char *)"", 0);
  expect("sha256 empty", out, 32, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  crypto_hash_sha256(out, (const unsigned char *)"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56);
  expect("sha256 448 bits", out, 32, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  memset(million, 'a', sizeof million);
  crypto_hash_sha256(out, million, sizeof million);
  expect("sha256 a*10^6", out, 32, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");

  memset(key, 0x0b, 20);
  expect_hmac("hmac rfc4231 1", key, 20, "Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
  expect_hmac("hmac rfc4231 2", (const unsigned char *)"Jefe", 4, "what do ya want for nothing?",
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  memset(key, 0xaa, 131);
  expect_hmac("hmac rfc4231 6", key, 131, "Test Using Larger Than Block-Size Key - Hash Key First",
              "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");

  memset(zero, 0, sizeof zero);
  memset(key, 0, 32);
  memset(nonce, 0, 8);
  crypto_stream_chacha20_xor(ks, zero, 128, nonce, key);
  expect("chacha20 block 0", ks, 64,
         "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"
         "da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586");
  expect("chacha20 block 1", ks + 64, 64,
         "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed"
         "29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f");

  /* The cross-check digest: every output below, hashed. */
  crypto_hash_sha256_init(&all);
  for (len = 0; len <= 300; len += 7) {
    for (i = 0; i < len; ++i) buf[i] = next_byte();
    crypto_hash_sha256_init(&sha);
    crypto_hash_sha256_update(&sha, buf, len / 3);
    crypto_hash_sha256_update(&sha, buf + len / 3, len - len / 3);
    crypto_hash_sha256_final(&sha, out);
    crypto_hash_sha256_update(&all, out, 32);
    for (i = 0; i < len % 141; ++i) key[i] = next_byte();
    crypto_auth_hmacsha256_init(&mac, key, len % 141);
    crypto_auth_hmacsha256_update(&mac, buf, len);
    crypto_auth_hmacsha256_final(&mac, out);
    crypto_hash_sha256_update(&all, out, 32);
    for (i = 0; i < 32; ++i) key[i] = next_byte();
    for (i = 0; i < 8; ++i) nonce[i] = next_byte();
    crypto_stream_chacha20_xor(buf, buf, len, nonce, key);
    crypto_hash_sha256_update(&all, buf, len);
    out[0] = (unsigned char)(sodium_memcmp(buf, buf, len) == 0);
    out[1] = (unsigned char)sodium_is_zero(zero, len % 128);
    out[2] = (unsigned char)sodium_is_zero(buf, len);
    out[3] = (unsigned char)(crypto_verify_32(key, key) == 0);
    key[len % 32] ^= 1;
    out[4] = (unsigned char)(crypto_verify_32(key, key + 1) == 0);
    crypto_hash_sha256_update(&all, out, 5);
  }
  crypto_hash_sha256_final(&all, out);
  hex(out, 32, h);
  printf("sodium subset cross-check digest: %s\n", h);

  /* randomness: two draws differ; uniform stays below its bound. */
  randombytes_buf(buf, 64);
  randombytes_buf(buf + 64, 64);
  if (memcmp(buf, buf + 64, 64) == 0) {
    printf("FAIL randombytes_buf gave the same 64 bytes twice\n");
    ++failures;
  }
  for (i = 0; i < 1000; ++i) {
    if (randombytes_uniform(7) >= 7 || randombytes_uniform(1) != 0) {
      printf("FAIL randombytes_uniform out of range\n");
      ++failures;
      break;
    }
  }
  sodium_memzero(buf, sizeof buf);
  if (!sodium_is_zero(buf, sizeof buf)) {
    printf("FAIL sodium_memzero\n");
    ++failures;
  }
  printf("sodium subset: %s\n", failures == 0 ? "every known answer matches" : "FAILED");
  return failures == 0 ? 0 : 1;
}
