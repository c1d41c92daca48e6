/* The C ABI's test suite: a C99 program that links only libcncrypto_c.so and
 * includes only cncrypto.h (tests/c_api/CMakeLists.txt).
 *
 *   c_api_tests            conventions, every error code, NULL arguments, known
 *                          answers, consistency, a random-argument loop, then the
 *                          vectors of the shared directory (Monero's tests.txt-style
 *                          crypto vectors, its hash vectors, real transactions and
 *                          blocks with their ids and PoW hashes)
 *   c_api_tests --randomx  the RandomX vector only (builds a 256 MiB cache)
 *
 * The shared directory is $CNCRYPTO_SHARED_DIR, else the path configured at build
 * time (<source>/../shared); without vectors/ and data/ in it, the checks that
 * need it are skipped with a message and the program exits 77 (ctest "Skipped")
 * when nothing failed. Exit 1 on any failure.
 *
 * Where the expected values come from: the shared files (Monero's own test
 * vectors and chain data, see their READMEs); FIPS 202's empty-message digests
 * (SHA-3, SHAKE); Monero's cn_fast_hash("") and the ed25519 base point. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "c_api_support.h"
#include "cncrypto.h"

/* The repository (for tests/unit_tests/vectors/monero_json); the installed-package
 * consumer check builds this file from the repository's root. */
#ifndef CNCRYPTO_SOURCE_DIR
#define CNCRYPTO_SOURCE_DIR "."
#endif
#ifndef CNCRYPTO_SHARED_DIR
#define CNCRYPTO_SHARED_DIR "../shared"
#endif
/* 0 in a build with -DCNCRYPTO_WITH_POW=OFF (a wallet build): the proof-of-work
 * functions must then return CNCRYPTO_EUNSUPPORTED, and their vectors are skipped. */
#ifndef CNCRYPTO_TEST_WITH_POW
#define CNCRYPTO_TEST_WITH_POW 1
#endif

int failures = 0;
int checks = 0;

/* ---- helpers --------------------------------------------------------------------- */

static int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Decodes hex (a whole string; "x" is the empty string, as in Monero's vector
 * files) into out (capacity cap). Returns the byte count, or -1. */
long unhex(const char *hex, uint8_t *out, size_t cap) {
  size_t n = strlen(hex), i;
  if (strcmp(hex, "x") == 0) return 0;
  if (n % 2 != 0 || n / 2 > cap) return -1;
  for (i = 0; i < n / 2; ++i) {
    int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return -1;
    out[i] = (uint8_t)(hi * 16 + lo);
  }
  return (long)(n / 2);
}

int unhex32(const char *hex, uint8_t out[32]) { return unhex(hex, out, 32) == 32; }

int equal_hex(const uint8_t *bytes, size_t n, const char *hex) {
  uint8_t buf[256];
  long got = unhex(hex, buf, sizeof buf);
  return got == (long)n && memcmp(buf, bytes, n) == 0;
}

static int is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

char shared_dir[4096];

static int find_shared_dir(void) {
  const char *env = getenv("CNCRYPTO_SHARED_DIR");
  char a[4200], b[4200];
  snprintf(shared_dir, sizeof shared_dir, "%s", env != NULL && *env != '\0' ? env : CNCRYPTO_SHARED_DIR);
  snprintf(a, sizeof a, "%s/vectors", shared_dir);
  snprintf(b, sizeof b, "%s/data", shared_dir);
  return is_dir(a) && is_dir(b);
}

/* Reads a whole file (NUL-terminated too); NULL when it cannot. */
uint8_t *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  uint8_t *buf = NULL;
  size_t cap = 0, n = 0;
  if (f == NULL) return NULL;
  for (;;) {
    size_t got;
    if (cap - n < 4096) {
      uint8_t *grown = realloc(buf, cap * 2 + 8192);
      if (grown == NULL) {
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = grown;
      cap = cap * 2 + 8192;
    }
    got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0) break;
  }
  fclose(f);
  buf[n] = 0;
  *len = n;
  return buf;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
uint64_t next_random(void) { /* xorshift64*: reproducible arguments for the random loop */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dULL;
}
void random_fill(uint8_t *p, size_t n) {
  size_t i;
  for (i = 0; i < n; ++i) p[i] = (uint8_t)next_random();
}

/* ---- conventions -------------------------------------------------------------------- */

static void test_conventions(void) {
  static const int codes[] = {CNCRYPTO_OK,     CNCRYPTO_EINVAL, CNCRYPTO_EDECODE,      CNCRYPTO_EVERIFY,
                              CNCRYPTO_ESIZE,  CNCRYPTO_ENOMEM, CNCRYPTO_EUNSUPPORTED, CNCRYPTO_EINTERNAL};
  size_t i, j;
  uint8_t a[64], b[64];

  CHECK(cncrypto_hash_bytes() == CNCRYPTO_HASH_BYTES && CNCRYPTO_HASH_BYTES == 32);
  CHECK(cncrypto_key_bytes() == CNCRYPTO_KEY_BYTES && CNCRYPTO_KEY_BYTES == 32);
  CHECK(cncrypto_public_key_bytes() == CNCRYPTO_PUBLIC_KEY_BYTES && CNCRYPTO_PUBLIC_KEY_BYTES == 32);
  CHECK(cncrypto_secret_key_bytes() == CNCRYPTO_SECRET_KEY_BYTES && CNCRYPTO_SECRET_KEY_BYTES == 32);
  CHECK(cncrypto_key_derivation_bytes() == CNCRYPTO_KEY_DERIVATION_BYTES && CNCRYPTO_KEY_DERIVATION_BYTES == 32);
  CHECK(cncrypto_key_image_bytes() == CNCRYPTO_KEY_IMAGE_BYTES && CNCRYPTO_KEY_IMAGE_BYTES == 32);
  CHECK(cncrypto_signature_bytes() == CNCRYPTO_SIGNATURE_BYTES && CNCRYPTO_SIGNATURE_BYTES == 64);
  CHECK(cncrypto_view_tag_bytes() == CNCRYPTO_VIEW_TAG_BYTES && CNCRYPTO_VIEW_TAG_BYTES == 1);
  CHECK(cncrypto_sha3_224_bytes() == 28 && cncrypto_sha3_256_bytes() == 32 && cncrypto_sha3_384_bytes() == 48 &&
        cncrypto_sha3_512_bytes() == 64);

  CHECK(strcmp(cncrypto_version(), CNCRYPTO_VERSION_STRING) == 0);
  CHECK(cncrypto_abi_version() == CNCRYPTO_ABI_VERSION);
  CHECK_RC(CNCRYPTO_ABI_CHECK(), CNCRYPTO_OK);
  CHECK_RC(cncrypto_abi_check(CNCRYPTO_ABI_VERSION + 1), CNCRYPTO_EUNSUPPORTED);
  CHECK_RC(cncrypto_abi_check(0), CNCRYPTO_EUNSUPPORTED);

  /* Codes: 0 and distinct negatives, each with its own message. */
  for (i = 0; i < sizeof codes / sizeof codes[0]; ++i) {
    CHECK(cncrypto_strerror(codes[i]) != NULL);
    CHECK(i == 0 ? codes[i] == 0 : codes[i] < 0);
    CHECK(strcmp(cncrypto_strerror(codes[i]), "unknown error code") != 0);
    for (j = 0; j < i; ++j) CHECK(codes[i] != codes[j] && strcmp(cncrypto_strerror(codes[i]), cncrypto_strerror(codes[j])) != 0);
  }
  CHECK(strcmp(cncrypto_strerror(-1000), "unknown error code") == 0);
  CHECK(strcmp(cncrypto_strerror(1), "unknown error code") == 0);

  memset(a, 0xAB, sizeof a);
  CHECK_RC(cncrypto_memzero(a, sizeof a), CNCRYPTO_OK);
  memset(b, 0, sizeof b);
  CHECK(memcmp(a, b, sizeof a) == 0);
  CHECK_RC(cncrypto_memzero(NULL, 0), CNCRYPTO_OK);
  CHECK_RC(cncrypto_memzero(NULL, 1), CNCRYPTO_EINVAL);

  CHECK_RC(cncrypto_random_bytes(a, 32), CNCRYPTO_OK);
  CHECK_RC(cncrypto_random_bytes(b, 32), CNCRYPTO_OK);
  CHECK(memcmp(a, b, 32) != 0); /* fails with probability 2^-256 */
  CHECK_RC(cncrypto_random_bytes(NULL, 0), CNCRYPTO_OK);
  CHECK_RC(cncrypto_random_bytes(NULL, 5), CNCRYPTO_EINVAL);
}

/* ---- known answers (no shared data needed) --------------------------------------------------- */

static const char *const base_point_hex = "5866666666666666666666666666666666666666666666666666666666666666";
static const char *const undecodable_hex = "0100000000000000000000000000000000000000000000000000000000000080";

static void test_hash_known_answers(void) {
  uint8_t out[64], out2[64], data[300];
  size_t i;
  CHECK_RC(cncrypto_cn_fast_hash(NULL, 0, out), CNCRYPTO_OK);
  CHECK(equal_hex(out, 32, "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"));
  CHECK_RC(cncrypto_sha3_224(NULL, 0, out), CNCRYPTO_OK);
  CHECK(equal_hex(out, 28, "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7"));
  CHECK_RC(cncrypto_sha3_256(NULL, 0, out), CNCRYPTO_OK);
  CHECK(equal_hex(out, 32, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"));
  CHECK_RC(cncrypto_sha3_384(NULL, 0, out), CNCRYPTO_OK);
  CHECK(equal_hex(out, 48,
                  "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2ac3713831264adb47fb6bd1e058d5f004"));
  CHECK_RC(cncrypto_sha3_512(NULL, 0, out), CNCRYPTO_OK);
  CHECK(equal_hex(out, 64,
                  "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
                  "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"));
  CHECK_RC(cncrypto_shake128(NULL, 0, out, 32), CNCRYPTO_OK);
  CHECK(equal_hex(out, 32, "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"));
  CHECK_RC(cncrypto_shake256(NULL, 0, out, 64), CNCRYPTO_OK);
  CHECK(equal_hex(out, 64,
                  "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
                  "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"));
  CHECK_RC(cncrypto_shake256(NULL, 0, NULL, 0), CNCRYPTO_OK);

  /* tree_hash: one hash is itself; two are cn_fast_hash of their concatenation. */
  random_fill(data, 64);
  CHECK_RC(cncrypto_tree_hash(data, 1, out), CNCRYPTO_OK);
  CHECK(memcmp(out, data, 32) == 0);
  CHECK_RC(cncrypto_tree_hash(data, 2, out), CNCRYPTO_OK);
  CHECK_RC(cncrypto_cn_fast_hash(data, 64, out2), CNCRYPTO_OK);
  CHECK(memcmp(out, out2, 32) == 0);

  /* The streaming state equals the one-shot hashes, in any split, in both forms. */
  random_fill(data, sizeof data);
  for (i = 0; i <= 7; ++i) {
    static const size_t sizes[] = {32, 28, 32, 48, 64, 40, 80};
    cncrypto_keccak_state *st = NULL;
    unsigned char mem[1024];
    cncrypto_keccak_state *cm = (cncrypto_keccak_state *)(void *)(mem + 1); /* any alignment */
    size_t split;
    if (i == 7) break;
    CHECK(cncrypto_keccak_statebytes() <= sizeof mem - 1);
    switch (i) {
      case 0: cncrypto_cn_fast_hash(data, sizeof data, out2); break;
      case 1: cncrypto_sha3_224(data, sizeof data, out2); break;
      case 2: cncrypto_sha3_256(data, sizeof data, out2); break;
      case 3: cncrypto_sha3_384(data, sizeof data, out2); break;
      case 4: cncrypto_sha3_512(data, sizeof data, out2); break;
      case 5: cncrypto_shake128(data, sizeof data, out2, 40); break;
      default: cncrypto_shake256(data, sizeof data, out2, 64); break;
    }
    CHECK_RC(cncrypto_keccak_create((int)i, &st), CNCRYPTO_OK);
    CHECK_RC(cncrypto_keccak_init(cm, cncrypto_keccak_statebytes(), (int)i), CNCRYPTO_OK);
    for (split = 0; split <= sizeof data; split += 67) {
      size_t n = i == 6 ? 64 : sizes[i];
      CHECK_RC(cncrypto_keccak_reset(st), CNCRYPTO_OK);
      CHECK_RC(cncrypto_keccak_update(st, data, split), CNCRYPTO_OK);
      CHECK_RC(cncrypto_keccak_update(st, NULL, 0), CNCRYPTO_OK);
      CHECK_RC(cncrypto_keccak_update(st, data + split, sizeof data - split), CNCRYPTO_OK);
      CHECK_RC(cncrypto_keccak_final(st, out, n), CNCRYPTO_OK);
      CHECK(memcmp(out, out2, n) == 0);
      CHECK_RC(cncrypto_keccak_reset(cm), CNCRYPTO_OK);
      CHECK_RC(cncrypto_keccak_update(cm, data, sizeof data - split), CNCRYPTO_OK);
      CHECK_RC(cncrypto_keccak_update(cm, data + sizeof data - split, split), CNCRYPTO_OK);
      if (i >= 5) { /* SHAKE: final of 8 bytes, the rest squeezed */
        CHECK_RC(cncrypto_keccak_final(cm, out, 8), CNCRYPTO_OK);
        CHECK_RC(cncrypto_keccak_squeeze(cm, out + 8, n - 8), CNCRYPTO_OK);
      } else {
        CHECK_RC(cncrypto_keccak_final(cm, out, n), CNCRYPTO_OK);
        CHECK_RC(cncrypto_keccak_squeeze(cm, out, 1), CNCRYPTO_EINVAL); /* not a XOF */
      }
      CHECK(memcmp(out, out2, n) == 0);
      CHECK_RC(cncrypto_keccak_update(cm, data, 1), CNCRYPTO_EINVAL); /* after final */
      /* Copy: a common prefix absorbed once, then two independent streams
       * (hashlib's copy()): caller memory -> handle and handle -> caller memory,
       * into states of another algorithm; and a finalised state copied. */
      {
        unsigned char mem2[1024];
        cncrypto_keccak_state *cm2 = (cncrypto_keccak_state *)(void *)(mem2 + 3);
        cncrypto_keccak_state *st2 = NULL;
        uint8_t other[64];
        CHECK_RC(cncrypto_keccak_create((int)(6 - i), &st2), CNCRYPTO_OK);
        CHECK_RC(cncrypto_keccak_init(cm2, cncrypto_keccak_statebytes(), (int)(6 - i)), CNCRYPTO_OK);
        CHECK_RC(cncrypto_keccak_reset(cm), CNCRYPTO_OK);
        CHECK_RC(cncrypto_keccak_update(cm, data, split), CNCRYPTO_OK);
        CHECK_RC(cncrypto_keccak_copy(cm, st2), CNCRYPTO_OK);
        CHECK_RC(cncrypto_keccak_update(cm, data, 5), CNCRYPTO_OK); /* the source goes on: the copy does not see it */
        CHECK_RC(cncrypto_keccak_update(st2, data + split, sizeof data - split), CNCRYPTO_OK);
        CHECK_RC(cncrypto_keccak_copy(st2, cm2), CNCRYPTO_OK);
        CHECK_RC(cncrypto_keccak_copy(st2, st2), CNCRYPTO_OK); /* itself: nothing */
        CHECK_RC(cncrypto_keccak_final(st2, out, n), CNCRYPTO_OK);
        CHECK(memcmp(out, out2, n) == 0);
        CHECK_RC(cncrypto_keccak_final(cm2, other, n), CNCRYPTO_OK);
        CHECK(memcmp(other, out2, n) == 0);
        if (i >= 5) { /* a finalised SHAKE copied: both squeeze the same next bytes */
          CHECK_RC(cncrypto_keccak_copy(cm2, st2), CNCRYPTO_OK);
          CHECK_RC(cncrypto_keccak_squeeze(cm2, out, 16), CNCRYPTO_OK);
          CHECK_RC(cncrypto_keccak_squeeze(st2, other, 16), CNCRYPTO_OK);
          CHECK(memcmp(out, other, 16) == 0);
        } else {
          CHECK_RC(cncrypto_keccak_copy(cm2, st2), CNCRYPTO_OK);
          CHECK_RC(cncrypto_keccak_final(st2, out, n), CNCRYPTO_EINVAL); /* finalised too */
        }
        CHECK_RC(cncrypto_keccak_destroy(st2), CNCRYPTO_OK); /* still a created handle */
        CHECK_RC(cncrypto_keccak_destroy(cm2), CNCRYPTO_EINVAL); /* still caller memory */
        CHECK_RC(cncrypto_keccak_clear(cm2), CNCRYPTO_OK);
      }
    }
    CHECK_RC(cncrypto_keccak_destroy(cm), CNCRYPTO_EINVAL); /* caller memory is not freed */
    CHECK_RC(cncrypto_keccak_clear(cm), CNCRYPTO_OK);
    CHECK_RC(cncrypto_keccak_update(cm, data, 1), CNCRYPTO_EINVAL); /* cleared */
    CHECK_RC(cncrypto_keccak_clear(st), CNCRYPTO_OK);
    CHECK_RC(cncrypto_keccak_update(st, data, 1), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_keccak_destroy(st), CNCRYPTO_OK);
  }
}

static void test_key_known_answers(void) {
  uint8_t one[32] = {1}, eight[32] = {8}, pub[32], sec[32], sec2[32], der[32], der2[32], out[32], out2[32];
  uint8_t image[32], sig[64], hash[32], g[32], vt, recovery[32];
  int i;
  CHECK_RC(cncrypto_secret_key_to_public_key(one, pub), CNCRYPTO_OK);
  CHECK(equal_hex(pub, 32, base_point_hex));
  unhex32(base_point_hex, g);
  CHECK_RC(cncrypto_check_key(g), CNCRYPTO_OK);
  unhex32(undecodable_hex, pub);
  CHECK_RC(cncrypto_check_key(pub), CNCRYPTO_EVERIFY);

  /* generate_key_derivation(G, 1) = 8*G. */
  CHECK_RC(cncrypto_generate_key_derivation(g, one, der), CNCRYPTO_OK);
  CHECK_RC(cncrypto_secret_key_to_public_key(eight, out), CNCRYPTO_OK);
  CHECK(memcmp(der, out, 32) == 0);

  for (i = 0; i < 8; ++i) {
    /* Key pairs: random, and recovered from a seed (reduced mod L). */
    CHECK_RC(cncrypto_generate_keys(pub, sec, NULL), CNCRYPTO_OK);
    CHECK_RC(cncrypto_secret_key_to_public_key(sec, out), CNCRYPTO_OK);
    CHECK(memcmp(pub, out, 32) == 0);
    random_fill(recovery, 32);
    CHECK_RC(cncrypto_generate_keys(out, sec2, recovery), CNCRYPTO_OK);
    CHECK_RC(cncrypto_secret_key_to_public_key(sec2, out2), CNCRYPTO_OK);
    CHECK(memcmp(out, out2, 32) == 0);
    CHECK_RC(cncrypto_generate_keys(out2, recovery, recovery), CNCRYPTO_OK); /* in place */
    CHECK(memcmp(recovery, sec2, 32) == 0);

    /* Both sides of a derivation agree: r*A = a*R. */
    CHECK_RC(cncrypto_generate_key_derivation(pub, sec2, der), CNCRYPTO_OK);
    CHECK_RC(cncrypto_generate_key_derivation(out, sec, der2), CNCRYPTO_OK);
    CHECK(memcmp(der, der2, 32) == 0);
    /* derive_public_key(D, i, B) = derive_secret_key(D, i, b)*G, and the subaddress inverse. */
    CHECK_RC(cncrypto_derive_public_key(der, (uint64_t)i, pub, out), CNCRYPTO_OK);
    CHECK_RC(cncrypto_derive_secret_key(der, (uint64_t)i, sec, sec2), CNCRYPTO_OK);
    CHECK_RC(cncrypto_secret_key_to_public_key(sec2, out2), CNCRYPTO_OK);
    CHECK(memcmp(out, out2, 32) == 0);
    CHECK_RC(cncrypto_derive_subaddress_public_key(out, der, (uint64_t)i, out2), CNCRYPTO_OK);
    CHECK(memcmp(out2, pub, 32) == 0);
    CHECK_RC(cncrypto_derive_view_tag(der, (uint64_t)i, &vt), CNCRYPTO_OK);
    CHECK_RC(cncrypto_generate_key_image(out, sec2, image), CNCRYPTO_OK);
    CHECK_RC(cncrypto_check_key(image), CNCRYPTO_OK);

    /* A ring of 3 with the real key at i % 3: valid, then a flipped bit fails. */
    {
      uint8_t ring[3 * 32], rsigs[3 * 64], other[32];
      const size_t real = (size_t)i % 3;
      size_t m;
      for (m = 0; m < 3; ++m) CHECK_RC(cncrypto_generate_keys(ring + 32 * m, other, NULL), CNCRYPTO_OK);
      memcpy(ring + 32 * real, out, 32);
      random_fill(hash, 32);
      CHECK_RC(cncrypto_generate_ring_signature(hash, image, ring, 3, sec2, real, rsigs), CNCRYPTO_OK);
      CHECK_RC(cncrypto_check_ring_signature(hash, image, ring, 3, rsigs), CNCRYPTO_OK);
      CHECK_RC(cncrypto_generate_ring_signature(hash, image, ring, 3, other, real, rsigs), CNCRYPTO_EINVAL);
      rsigs[next_random() % sizeof rsigs] ^= (uint8_t)(1u << (next_random() % 8));
      CHECK_RC(cncrypto_check_ring_signature(hash, image, ring, 3, rsigs), CNCRYPTO_EVERIFY);
    }

    /* A tx-key proof with r = sec2, R = r*G = out, A = G, so D = r*A = out: it
     * verifies as version 2, not as version 1 nor with a B; a wrong r is refused. */
    {
      uint8_t proof[64];
      CHECK_RC(cncrypto_generate_tx_proof(hash, out, g, NULL, out, sec2, proof), CNCRYPTO_OK);
      CHECK_RC(cncrypto_check_tx_proof(hash, out, g, NULL, out, proof, 2), CNCRYPTO_OK);
      CHECK_RC(cncrypto_check_tx_proof(hash, out, g, NULL, out, proof, 1), CNCRYPTO_EVERIFY);
      CHECK_RC(cncrypto_check_tx_proof(hash, out, g, g, out, proof, 2), CNCRYPTO_EVERIFY);
      CHECK_RC(cncrypto_generate_tx_proof(hash, out, g, NULL, out, sec, proof), CNCRYPTO_EINVAL);
    }

    /* Signatures: valid, then any flipped bit fails. */
    random_fill(hash, 32);
    CHECK_RC(cncrypto_generate_signature(hash, pub, sec, sig), CNCRYPTO_OK);
    CHECK_RC(cncrypto_check_signature(hash, pub, sig), CNCRYPTO_OK);
    sig[next_random() % 64] ^= (uint8_t)(1u << (next_random() % 8));
    CHECK_RC(cncrypto_check_signature(hash, pub, sig), CNCRYPTO_EVERIFY);
  }
}

/* ---- every error code, every NULL ------------------------------------------------------------------- */

/* cncrypto_generate_key_derivations: each entry is the single call's (the
 * single call matches Monero's vectors in test_monero_crypto_vectors); a key
 * that does not decode fails alone with ok, the whole call without. */
static void test_batch_derivations(void) {
  enum { count = 37 };
  static uint8_t pubs[32 * count], got[32 * count], want[32 * count], ok[count];
  uint8_t sec[32], pub[32], zero[32] = {0}, bad[32];
  size_t i;
  unhex32(undecodable_hex, bad);
  CHECK_RC(cncrypto_check_key(bad), CNCRYPTO_EVERIFY);
  CHECK_RC(cncrypto_generate_keys(pub, sec, NULL), CNCRYPTO_OK);
  for (i = 0; i < count; ++i) {
    uint8_t s2[32];
    CHECK_RC(cncrypto_generate_keys(pubs + 32 * i, s2, NULL), CNCRYPTO_OK);
    CHECK_RC(cncrypto_generate_key_derivation(pubs + 32 * i, sec, want + 32 * i), CNCRYPTO_OK);
  }
  CHECK_RC(cncrypto_generate_key_derivations(pubs, count, sec, got, NULL), CNCRYPTO_OK);
  CHECK(memcmp(got, want, sizeof got) == 0);
  memset(ok, 7, sizeof ok);
  memset(got, 0x55, sizeof got);
  CHECK_RC(cncrypto_generate_key_derivations(pubs, count, sec, got, ok), CNCRYPTO_OK);
  CHECK(memcmp(got, want, sizeof got) == 0);
  for (i = 0; i < count; ++i) CHECK(ok[i] == 1);
  for (i = 1; i <= 3; ++i) { /* one entry: the single call */
    CHECK_RC(cncrypto_generate_key_derivations(pubs + 32 * (count - i), 1, sec, got, NULL), CNCRYPTO_OK);
    CHECK(memcmp(got, want + 32 * (count - i), 32) == 0);
  }
  /* entries 5 and 20 do not decode */
  memcpy(pubs + 32 * 5, bad, 32);
  memcpy(pubs + 32 * 20, bad, 32);
  CHECK_RC(cncrypto_generate_key_derivations(pubs, count, sec, got, ok), CNCRYPTO_OK);
  for (i = 0; i < count; ++i) {
    const int fails = i == 5 || i == 20;
    CHECK(ok[i] == !fails);
    CHECK(memcmp(got + 32 * i, fails ? zero : want + 32 * i, 32) == 0);
  }
  memset(got, 0x55, sizeof got);
  CHECK_DETAIL(cncrypto_generate_key_derivations(pubs, count, sec, got, NULL), CNCRYPTO_EDECODE,
               "generate_key_derivations: pubs[5] is not a point (it does not decode; 2 of 37 do not)");
  for (i = 0; i < sizeof got; ++i) CHECK(got[i] == 0); /* no partial result */
  /* arguments */
  CHECK_RC(cncrypto_generate_key_derivations(NULL, 0, sec, NULL, NULL), CNCRYPTO_OK);
  CHECK_DETAIL(cncrypto_generate_key_derivations(NULL, 1, sec, got, ok), CNCRYPTO_EINVAL,
               "pubs is NULL but its length is 1");
  CHECK_DETAIL(cncrypto_generate_key_derivations(pubs, 1, NULL, got, ok), CNCRYPTO_EINVAL, "sec is NULL");
  CHECK_DETAIL(cncrypto_generate_key_derivations(pubs, 1, sec, NULL, ok), CNCRYPTO_EINVAL,
               "derivations is NULL but its length is 1");
  CHECK_DETAIL(cncrypto_generate_key_derivations(pubs, SIZE_MAX / 16, sec, got, ok), CNCRYPTO_EINVAL,
               "times 32 bytes overflows size_t");
}

static void test_errors(void) {
  uint8_t k[32] = {1}, k2[32] = {1}, out[64], sig[64] = {0}, bad_point[32], big[32], vt;
  cncrypto_keccak_state *st = NULL;
  unsigned char mem[1024];
  cncrypto_keccak_state *cm = (cncrypto_keccak_state *)(void *)mem;
  unhex32(undecodable_hex, bad_point);
  memset(big, 0xff, sizeof big); /* >= L: not a canonical scalar */

  /* EINVAL: NULL with a length, NULL fixed-size buffers, bad values. */
  CHECK_RC(cncrypto_cn_fast_hash(NULL, 1, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_cn_fast_hash(k, 1, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_tree_hash(NULL, 1, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_tree_hash(k, 0, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_tree_hash(k, 1, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_tree_hash(k, (size_t)-1, out), CNCRYPTO_EINVAL); /* count * 32 overflows */
  CHECK_RC(cncrypto_cn_slow_hash(NULL, 1, 0, 0, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_cn_slow_hash(k, 1, 0, 0, NULL), CNCRYPTO_EINVAL);
  if (CNCRYPTO_TEST_WITH_POW) {
    CHECK_RC(cncrypto_cn_slow_hash(k, 32, -1, 0, out), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_cn_slow_hash(k, 32, 6, 0, out), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_cn_slow_hash(k, 32, 1, 0, out), CNCRYPTO_EINVAL); /* variant 1 needs 43 bytes */
  } else { /* a wallet build: the arguments are checked, then EUNSUPPORTED */
    CHECK_RC(cncrypto_cn_slow_hash(k, 32, 0, 0, out), CNCRYPTO_EUNSUPPORTED);
    CHECK_RC(cncrypto_cn_slow_hash(k, 32, 6, 0, out), CNCRYPTO_EUNSUPPORTED);
    CHECK_RC(cncrypto_block_pow_hash(k, 32, k, out), CNCRYPTO_EUNSUPPORTED);
    CHECK_RC(cncrypto_rx_slow_hash(k, k, 32, out), CNCRYPTO_EUNSUPPORTED);
    {
      cncrypto_rx_cache *c = NULL;
      cncrypto_rx_dataset *d = NULL;
      cncrypto_rx_vm *vm = NULL;
      CHECK_DETAIL(cncrypto_rx_cache_create(k, 32, &c), CNCRYPTO_EUNSUPPORTED, "CNCRYPTO_WITH_POW=OFF");
      CHECK(c == NULL);
      CHECK_RC(cncrypto_rx_dataset_create((const cncrypto_rx_cache *)(const void *)k, 1, &d), CNCRYPTO_EUNSUPPORTED);
      CHECK_RC(cncrypto_rx_vm_create((const cncrypto_rx_cache *)(const void *)k, NULL, &vm), CNCRYPTO_EUNSUPPORTED);
      CHECK(d == NULL && vm == NULL);
    }
  }
  { /* RandomX handles: the argument checks (no cache is built here: c_api_randomx does). */
    cncrypto_rx_cache *c = (cncrypto_rx_cache *)(void *)k;
    cncrypto_rx_dataset *d = (cncrypto_rx_dataset *)(void *)k;
    cncrypto_rx_vm *vm = (cncrypto_rx_vm *)(void *)k;
    CHECK_RC(cncrypto_rx_cache_create(k, 32, NULL), CNCRYPTO_EINVAL);
    CHECK_DETAIL(cncrypto_rx_cache_create(NULL, 32, &c), CNCRYPTO_EINVAL, "rx_cache_create: key is NULL but its length is 32");
    CHECK(c == NULL);
    CHECK_RC(cncrypto_rx_dataset_create(NULL, 1, &d), CNCRYPTO_EINVAL);
    CHECK(d == NULL);
    CHECK_RC(cncrypto_rx_dataset_create((const cncrypto_rx_cache *)(const void *)k, 1, NULL), CNCRYPTO_EINVAL);
    CHECK_DETAIL(cncrypto_rx_dataset_create((const cncrypto_rx_cache *)(const void *)k, 257, &d), CNCRYPTO_EINVAL,
                 "threads 257 above the limit 256");
    CHECK_DETAIL(cncrypto_rx_vm_create(NULL, NULL, &vm), CNCRYPTO_EINVAL, "cache and dataset are both NULL");
    CHECK(vm == NULL);
    CHECK_DETAIL(cncrypto_rx_vm_create((const cncrypto_rx_cache *)(const void *)k,
                                       (const cncrypto_rx_dataset *)(const void *)k, &vm),
                 CNCRYPTO_EINVAL, "both given");
    CHECK_RC(cncrypto_rx_vm_create((const cncrypto_rx_cache *)(const void *)k, NULL, NULL), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_rx_hash(NULL, k, 1, out), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_rx_cache_destroy(NULL), CNCRYPTO_OK);
    CHECK_RC(cncrypto_rx_dataset_destroy(NULL), CNCRYPTO_OK);
    CHECK_RC(cncrypto_rx_vm_destroy(NULL), CNCRYPTO_OK);
  }
  CHECK_RC(cncrypto_sha3_224(NULL, 1, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_sha3_256(k, 1, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_sha3_384(NULL, 1, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_sha3_512(k, 1, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_shake128(NULL, 1, out, 1), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_shake256(k, 1, NULL, 1), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_secret_key_to_public_key(NULL, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_secret_key_to_public_key(k, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_keys(NULL, out, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_keys(out, NULL, k), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_key(NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_key_derivation(NULL, k, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_key_derivation(k, NULL, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_key_derivation(k, k, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_derive_public_key(NULL, 0, k, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_derive_public_key(k, 0, NULL, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_derive_public_key(k, 0, k, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_derive_secret_key(NULL, 0, k, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_derive_secret_key(k, 0, NULL, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_derive_secret_key(k, 0, k, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_derive_subaddress_public_key(NULL, k, 0, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_derive_subaddress_public_key(k, NULL, 0, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_derive_subaddress_public_key(k, k, 0, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_derive_view_tag(NULL, 0, &vt), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_derive_view_tag(k, 0, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_key_image(NULL, k, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_key_image(k, NULL, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_key_image(k, k, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_signature(NULL, k, k, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_signature(k, NULL, k, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_signature(k, k, NULL, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_signature(k, k, k, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_signature(NULL, k, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_signature(k, NULL, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_signature(k, k, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_ring_signature(NULL, k, k, 1, k, 0, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_ring_signature(k, NULL, k, 1, k, 0, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_ring_signature(k, k, NULL, 1, k, 0, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_ring_signature(k, k, k, 0, k, 0, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_ring_signature(k, k, k, 1, NULL, 0, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_ring_signature(k, k, k, 1, k, 1, sig), CNCRYPTO_EINVAL); /* sec_index */
  CHECK_RC(cncrypto_generate_ring_signature(k, k, k, 1, k, 0, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_ring_signature(k, k, k, (size_t)-1, k, 0, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_ring_signature(NULL, k, k, 1, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_ring_signature(k, NULL, k, 1, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_ring_signature(k, k, NULL, 1, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_ring_signature(k, k, k, 0, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_ring_signature(k, k, k, 1, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_ring_signature(k, k, k, (size_t)-1, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_tx_proof(NULL, k, k, NULL, k, k, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_tx_proof(k, NULL, k, NULL, k, k, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_tx_proof(k, k, NULL, NULL, k, k, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_tx_proof(k, k, k, NULL, NULL, k, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_tx_proof(k, k, k, NULL, k, NULL, sig), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_generate_tx_proof(k, k, k, NULL, k, k, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_tx_proof(NULL, k, k, NULL, k, sig, 2), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_tx_proof(k, NULL, k, NULL, k, sig, 2), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_tx_proof(k, k, NULL, NULL, k, sig, 2), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_tx_proof(k, k, k, NULL, NULL, sig, 2), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_check_tx_proof(k, k, k, NULL, k, NULL, 2), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_tx_hash(NULL, 1, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_tx_hash(k, 1, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_tx_prefix_hash(NULL, 1, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_tx_prefix_hash(k, 1, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_block_id(NULL, 1, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_block_id(k, 1, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_block_pow_hash(NULL, 1, NULL, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_block_pow_hash(k, 1, NULL, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_rx_slow_hash(NULL, k, 1, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_rx_slow_hash(k, NULL, 1, out), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_rx_slow_hash(k, k, 1, NULL), CNCRYPTO_EINVAL);
  if (sizeof(size_t) < sizeof(uint64_t)) { /* an output index Monero's size_t cannot hold */
    CHECK_RC(cncrypto_derive_view_tag(k, UINT64_MAX, &vt), CNCRYPTO_EINVAL);
  }

  /* The streaming state. */
  CHECK_RC(cncrypto_keccak_create(CNCRYPTO_KECCAK_256, NULL), CNCRYPTO_EINVAL);
  st = (cncrypto_keccak_state *)(void *)mem;
  CHECK_RC(cncrypto_keccak_create(7, &st), CNCRYPTO_EINVAL);
  CHECK(st == NULL);
  CHECK_RC(cncrypto_keccak_create(-1, &st), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_init(NULL, sizeof mem, CNCRYPTO_SHA3_256), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_init(cm, sizeof mem, 99), CNCRYPTO_EINVAL);
  /* ESIZE: caller memory too small. */
  CHECK_RC(cncrypto_keccak_init(cm, cncrypto_keccak_statebytes() - 1, CNCRYPTO_SHA3_256), CNCRYPTO_ESIZE);
  CHECK_RC(cncrypto_keccak_init(cm, 0, CNCRYPTO_SHA3_256), CNCRYPTO_ESIZE);
  memset(mem, 0, sizeof mem); /* never initialised */
  CHECK_RC(cncrypto_keccak_update(cm, k, 1), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_final(cm, out, 32), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_squeeze(cm, out, 32), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_reset(cm), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_update(NULL, k, 1), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_final(NULL, out, 32), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_squeeze(NULL, out, 32), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_reset(NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_clear(NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_destroy(NULL), CNCRYPTO_OK);
  { /* copy: both states initialised, neither NULL */
    unsigned char mem2[1024];
    cncrypto_keccak_state *cm2 = (cncrypto_keccak_state *)(void *)mem2;
    memset(mem2, 0, sizeof mem2);
    CHECK_DETAIL(cncrypto_keccak_copy(cm, cm2), CNCRYPTO_EINVAL, "keccak_copy: src is not initialised");
    CHECK_DETAIL(cncrypto_keccak_copy(NULL, cm2), CNCRYPTO_EINVAL, "keccak_copy: src is NULL");
    CHECK_RC(cncrypto_keccak_init(cm2, sizeof mem2, CNCRYPTO_SHAKE128), CNCRYPTO_OK);
    CHECK_RC(cncrypto_keccak_copy(cm, cm2), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_keccak_copy(cm2, NULL), CNCRYPTO_EINVAL);
    CHECK_DETAIL(cncrypto_keccak_copy(cm2, cm), CNCRYPTO_EINVAL, "keccak_copy: dst is not initialised");
    CHECK_RC(cncrypto_keccak_clear(cm2), CNCRYPTO_OK);
    CHECK_RC(cncrypto_keccak_copy(cm2, cm2), CNCRYPTO_EINVAL); /* cleared */
  }
  CHECK_RC(cncrypto_keccak_init(cm, sizeof mem, CNCRYPTO_SHA3_256), CNCRYPTO_OK);
  CHECK_RC(cncrypto_keccak_update(cm, NULL, 1), CNCRYPTO_EINVAL);
  CHECK_DETAIL(cncrypto_keccak_squeeze(cm, out, 1), CNCRYPTO_EINVAL,
               "keccak_squeeze: squeeze is for SHAKE states only; this state is sha3-256");
  CHECK_DETAIL(cncrypto_keccak_final(cm, out, 31), CNCRYPTO_EINVAL, /* SHA3-256 is 32 bytes */
               "keccak_final: out_len 31: the sha3-256 digest is 32 bytes");
  CHECK_RC(cncrypto_keccak_final(cm, NULL, 32), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keccak_final(cm, out, 32), CNCRYPTO_OK); /* the errors left it unchanged */
  CHECK(equal_hex(out, 32, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"));
  /* twice; update after final: the details name the C functions (no C++ name) */
  CHECK_DETAIL(cncrypto_keccak_final(cm, out, 32), CNCRYPTO_EINVAL,
               "keccak_final: called after cncrypto_keccak_final (cncrypto_keccak_reset starts a new hash)");
  CHECK(strstr(cncrypto_last_error(), "keccak_hasher") == NULL);
  CHECK_DETAIL(cncrypto_keccak_update(cm, out, 1), CNCRYPTO_EINVAL, "keccak_update: called after cncrypto_keccak_final");
  CHECK(strstr(cncrypto_last_error(), "keccak_hasher") == NULL);
  { /* SHAKE: squeeze before final; final after final names squeeze */
    unsigned char mem3[1024];
    cncrypto_keccak_state *cm3 = (cncrypto_keccak_state *)(void *)mem3;
    CHECK_RC(cncrypto_keccak_init(cm3, sizeof mem3, CNCRYPTO_SHAKE256), CNCRYPTO_OK);
    CHECK_DETAIL(cncrypto_keccak_squeeze(cm3, out, 4), CNCRYPTO_EINVAL,
                 "keccak_squeeze: called before cncrypto_keccak_final");
    CHECK_RC(cncrypto_keccak_final(cm3, out, 3), CNCRYPTO_OK);
    CHECK_DETAIL(cncrypto_keccak_final(cm3, out, 3), CNCRYPTO_EINVAL, "cncrypto_keccak_squeeze gives more output");
    CHECK_RC(cncrypto_keccak_squeeze(cm3, out, 4), CNCRYPTO_OK);
    CHECK_RC(cncrypto_keccak_reset(cm3), CNCRYPTO_OK); /* final again after reset */
    CHECK_RC(cncrypto_keccak_final(cm3, out, 3), CNCRYPTO_OK);
    CHECK_RC(cncrypto_keccak_clear(cm3), CNCRYPTO_OK);
  }
  CHECK_RC(cncrypto_keccak_clear(cm), CNCRYPTO_OK);

  /* EDECODE: bytes that are not the object. */
  CHECK_RC(cncrypto_generate_key_derivation(bad_point, k, out), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_derive_public_key(k, 0, bad_point, out), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_derive_subaddress_public_key(bad_point, k, 0, out), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_secret_key_to_public_key(big, out), CNCRYPTO_EDECODE);
  unhex32(base_point_hex, k2);
  CHECK_RC(cncrypto_generate_signature(k, k2, big, sig), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_generate_ring_signature(k, k2, k2, 1, big, 0, sig), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_generate_ring_signature(k, bad_point, k2, 1, k, 0, sig), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_generate_ring_signature(k, k2, bad_point, 1, k, 0, sig), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_generate_tx_proof(k, k2, k2, NULL, k2, big, sig), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_generate_tx_proof(k, bad_point, k2, NULL, k2, k, sig), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_generate_tx_proof(k, k2, k2, bad_point, k2, k, sig), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_generate_tx_proof(k, k2, k2, NULL, bad_point, k, sig), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_tx_hash(k, 0, out), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_tx_hash(NULL, 0, out), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_tx_prefix_hash(k, 32, out), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_block_id(k, 32, out), CNCRYPTO_EDECODE);
  if (CNCRYPTO_TEST_WITH_POW) CHECK_RC(cncrypto_block_pow_hash(k, 32, NULL, out), CNCRYPTO_EDECODE);

  /* EVERIFY: a check that fails. */
  CHECK_RC(cncrypto_check_key(bad_point), CNCRYPTO_EVERIFY);
  memset(sig, 0, sizeof sig);
  CHECK_RC(cncrypto_check_signature(k, k2, sig), CNCRYPTO_EVERIFY);
  CHECK_RC(cncrypto_check_signature(k, bad_point, sig), CNCRYPTO_EVERIFY);

  /* EUNSUPPORTED: a header of another ABI. (EINTERNAL is a library bug: no input
   * provokes it by design.) */
  CHECK_RC(cncrypto_abi_check(CNCRYPTO_ABI_VERSION + 1), CNCRYPTO_EUNSUPPORTED);
}

/* ENOMEM: a child process whose address space cannot grow asks for a new
 * CryptoNight scratchpad (2 MiB). Not under a sanitizer (its shadow memory
 * needs the address space). */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
#define CNCRYPTO_TEST_UNDER_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CNCRYPTO_TEST_UNDER_SANITIZER 1
#endif

static void test_enomem(void) {
#if defined(CNCRYPTO_TEST_UNDER_SANITIZER)
  fprintf(stderr, "c_api_tests: the ENOMEM check is skipped under a sanitizer (its shadow memory needs the address space)\n");
#elif !CNCRYPTO_TEST_WITH_POW
  fprintf(stderr, "c_api_tests: the ENOMEM check (a CryptoNight scratchpad) is skipped: built without proof of work\n");
#else
  pid_t pid;
  int status = 0;
  fflush(NULL);
  pid = fork();
  if (pid < 0) {
    CHECK(!"fork failed");
    return;
  }
  if (pid == 0) {
    uint8_t out[32];
    struct rlimit rl;
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    int rc;
    if (f == NULL || fscanf(f, "%lu", &pages) != 1) _exit(3);
    fclose(f);
    cncrypto_cn_slow_hash_free_state();
    rl.rlim_cur = rl.rlim_max = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + (rlim_t)(512 * 1024);
    if (setrlimit(RLIMIT_AS, &rl) != 0) _exit(3);
    rc = cncrypto_cn_slow_hash((const uint8_t *)"abc", 3, 0, 0, out);
    _exit(rc == CNCRYPTO_ENOMEM ? 0 : rc == CNCRYPTO_OK ? 4 : 5);
  }
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == 3) {
    fprintf(stderr, "c_api_tests: the ENOMEM check could not limit the address space: skipped\n");
    return;
  }
  ++checks;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    ++failures;
    fprintf(stderr, "FAIL: cn_slow_hash without memory: child status %d (4: no error, 5: another code)\n", status);
  }
#endif
}

/* ---- random arguments: no crash, only the documented codes ------------------------------------------------- */

/* A documented code (OK or a negative code but EINTERNAL; EIO only from the
 * file functions), with the detail rule of cncrypto_last_error: set with a
 * negative code, untouched ("", cleared before the call) on success. */
int documented_with_detail(int rc, const char *call, int line) {
  const int known = rc <= 0 && rc >= CNCRYPTO_EIO && rc != CNCRYPTO_EINTERNAL;
  const int detail = cncrypto_last_error()[0] != '\0';
  if (known && (rc < 0) == detail) return 1;
  fprintf(stderr, "line %d: %s returned %d with the detail \"%s\"\n", line, call, rc, cncrypto_last_error());
  return 0;
}

static void test_random_arguments(const uint8_t *const *blobs, const size_t *blob_lens, size_t blob_count) {
  uint8_t *buf = malloc(4096), out[200], out2[64];
  int i;
  if (buf == NULL) {
    CHECK(!"malloc");
    return;
  }
  for (i = 0; i < 3000; ++i) {
    size_t len = (size_t)(next_random() % 600), olen = (size_t)(next_random() % 200);
    uint64_t idx = next_random() >> (next_random() % 64);
    int rc;
    unsigned char mem[1024];
    cncrypto_keccak_state *cm = (cncrypto_keccak_state *)(void *)(mem + next_random() % 16);
    random_fill(buf, 4096);
    if (blob_count != 0 && next_random() % 2 == 0) { /* a real blob, mutated or cut */
      size_t which = (size_t)(next_random() % blob_count), n = blob_lens[which];
      if (n > 4096) n = 4096;
      memcpy(buf, blobs[which], n);
      len = (size_t)(next_random() % (n + 1));
      if (len != 0 && next_random() % 2 == 0) buf[next_random() % len] ^= (uint8_t)(1 + next_random() % 255);
    }
    CHECK(DOCUMENTED(rc = cncrypto_cn_fast_hash(buf, len, out)) && rc == 0);
    CHECK(DOCUMENTED(cncrypto_tree_hash(buf, 1 + len / 32 % 64, out)));
    CHECK(DOCUMENTED(cncrypto_sha3_224(buf, len, out)));
    CHECK(DOCUMENTED(cncrypto_shake128(buf, len, out, olen)));
    CHECK(DOCUMENTED(cncrypto_shake256(buf, len, out, olen)));
    CHECK(DOCUMENTED(cncrypto_secret_key_to_public_key(buf, out)));
    CHECK(DOCUMENTED(cncrypto_generate_keys(out, out2, next_random() % 2 ? buf : NULL)));
    CHECK(DOCUMENTED(rc = cncrypto_check_key(buf)));
    CHECK(DOCUMENTED(cncrypto_generate_key_derivation(buf, buf + 32, out)));
    { /* the batch: up to 6 random keys, with and without ok */
      uint8_t derivations[6 * 32], ok[6];
      CHECK(DOCUMENTED(cncrypto_generate_key_derivations(buf + 64, (size_t)(next_random() % 7), buf,
                                                         derivations, next_random() % 2 ? ok : NULL)));
    }
    { /* a caller-memory scan context from random keys: refused, or a context that scans */
      static uint64_t scan_mem[(160 + 40 * 4) / 8];
      cncrypto_scan_context *sc = (cncrypto_scan_context *)(void *)scan_mem;
      size_t n = next_random() % 3;
      cncrypto_owned_output rec[2];
      if (cncrypto_scan_context_init(sc, sizeof scan_mem - (size_t)(next_random() % 2) * 40, buf, buf + 32,
                                     next_random() % 2 ? buf + 64 : NULL) == CNCRYPTO_OK) {
        CHECK(DOCUMENTED(cncrypto_scan_context_add_subaddress_range(sc, 0, (uint32_t)(next_random() % 3), 0,
                                                                    (uint32_t)(next_random() % 4))));
        CHECK(DOCUMENTED(cncrypto_scan_tx(sc, buf, len, rec, &n)));
        CHECK_RC(cncrypto_scan_context_clear(sc), CNCRYPTO_OK);
      }
    }
    CHECK(DOCUMENTED(cncrypto_derive_public_key(buf, idx, buf + 32, out)));
    CHECK(DOCUMENTED(cncrypto_derive_secret_key(buf, idx, buf + 32, out)));
    CHECK(DOCUMENTED(cncrypto_derive_subaddress_public_key(buf, buf + 32, idx, out)));
    CHECK(DOCUMENTED(cncrypto_derive_view_tag(buf, idx, out)));
    CHECK(DOCUMENTED(cncrypto_generate_key_image(buf, buf + 32, out)));
    CHECK(DOCUMENTED(cncrypto_generate_signature(buf, buf + 32, buf + 64, out)));
    CHECK(DOCUMENTED(rc = cncrypto_check_signature(buf, buf + 32, buf + 64)));
    {
      size_t members = 1 + (size_t)(next_random() % 4);
      CHECK(DOCUMENTED(cncrypto_generate_ring_signature(buf, buf + 32, buf + 64, members, buf + 256,
                                                        (size_t)(next_random() % 5), buf + 512)));
      CHECK(DOCUMENTED(rc = cncrypto_check_ring_signature(buf, buf + 32, buf + 64, members, buf + 256)));
    }
    CHECK(DOCUMENTED(cncrypto_generate_tx_proof(buf, buf + 32, buf + 64, next_random() % 2 ? buf + 96 : NULL,
                                                buf + 128, buf + 160, out)));
    CHECK(DOCUMENTED(rc = cncrypto_check_tx_proof(buf, buf + 32, buf + 64, next_random() % 2 ? buf + 96 : NULL,
                                                  buf + 128, buf + 160, (int)(next_random() % 5) - 1)));
    CHECK(DOCUMENTED(cncrypto_tx_hash(buf, len, out)));
    CHECK(DOCUMENTED(cncrypto_tx_prefix_hash(buf, len, out)));
    CHECK(DOCUMENTED(cncrypto_block_id(buf, len, out)));
    CHECK(DOCUMENTED(cncrypto_strerror((int)next_random()) != NULL ? 0 : 1));
    CHECK(DOCUMENTED(cncrypto_abi_check((unsigned)next_random())));
    /* A random sequence of streaming calls with random algorithms and lengths. */
    {
      int op, alg = (int)(next_random() % 10) - 1;
      if (cncrypto_keccak_init(cm, sizeof mem - 16, alg) == CNCRYPTO_OK) {
        for (op = 0; op < 6; ++op) {
          switch (next_random() % 4) {
            case 0: CHECK(DOCUMENTED(cncrypto_keccak_update(cm, buf, len))); break;
            case 1: CHECK(DOCUMENTED(cncrypto_keccak_final(cm, out, olen))); break;
            case 2: CHECK(DOCUMENTED(cncrypto_keccak_squeeze(cm, out, olen))); break;
            default: CHECK(DOCUMENTED(cncrypto_keccak_reset(cm))); break;
          }
        }
        CHECK_RC(cncrypto_keccak_clear(cm), CNCRYPTO_OK);
      } else {
        CHECK(alg < 0 || alg > 6);
      }
    }
    /* Slow ones, now and then: CryptoNight with any variant, the PoW of random bytes. */
    if (i % 300 == 0) {
      CHECK(DOCUMENTED(cncrypto_cn_slow_hash(buf, len, (int)(next_random() % 9) - 2, next_random(), out)));
      CHECK(DOCUMENTED(cncrypto_block_pow_hash(buf, len, next_random() % 2 ? buf + 100 : NULL, out)));
    }
  }
  free(buf);
}

/* ---- the shared vectors --------------------------------------------------------------------------------------- */

char *path_in_shared(char *out, size_t cap, const char *relative) {
  snprintf(out, cap, "%s/%s", shared_dir, relative);
  return out;
}

/* One check_ring_signature line: prefix, image, count, then in rest the count keys,
 * the signatures (one token) and the expected result. */
static int check_ring_line(const char *prefix_hex, const char *image_hex, const char *count_hex, char *rest) {
  uint8_t prefix[32], image[32], pubs[32 * 32], sigs[64 * 32];
  size_t count = (size_t)strtoul(count_hex, NULL, 10), i;
  char *save = NULL, *tok;
  int expected;
  if (count == 0 || count > 32 || rest == NULL) return 0;
  unhex32(prefix_hex, prefix);
  unhex32(image_hex, image);
  for (i = 0; i < count; ++i) {
    tok = strtok_r(i == 0 ? rest : NULL, " \r\n", &save);
    if (tok == NULL || !unhex32(tok, pubs + 32 * i)) return 0;
  }
  tok = strtok_r(NULL, " \r\n", &save);
  if (tok == NULL || unhex(tok, sigs, sizeof sigs) != (long)(64 * count)) return 0;
  tok = strtok_r(NULL, " \r\n", &save);
  if (tok == NULL) return 0;
  expected = strcmp(tok, "true") == 0 ? CNCRYPTO_OK : CNCRYPTO_EVERIFY;
  return cncrypto_check_ring_signature(prefix, image, pubs, count, sigs) == expected;
}

/* Monero's tests/crypto vectors (vectors/monero_crypto.txt), the functions cncrypto.h has. */
static void test_monero_crypto_vectors(void) {
  static char line[300000];
  static uint8_t data[150000];
  char path[4200];
  FILE *f = fopen(path_in_shared(path, sizeof path, "vectors/monero_crypto.txt"), "r");
  int lines = 0;
  if (f == NULL) {
    CHECK(!"vectors/monero_crypto.txt cannot be read");
    return;
  }
  while (fgets(line, sizeof line, f) != NULL) {
    char *w[10];
    int n = 0;
    char *save = NULL, *tok, *ring_rest;
    uint8_t a[32], b[32], c[32], out[64], sig[64];
    long len;
    ring_rest = NULL;
    for (tok = strtok_r(line, " \r\n", &save); tok != NULL; tok = n < 10 ? strtok_r(NULL, " \r\n", &save) : NULL) {
      w[n++] = tok;
      if (n == 4 && strcmp(w[0], "check_ring_signature") == 0) {
        ring_rest = save; /* the ring, the signatures and the result: check_ring_line splits them */
        break;
      }
    }
    if (n == 0) continue;
#define WANT(cond) do { ++lines; CHECK(cond); } while (0)
    if (strcmp(w[0], "check_key") == 0 && n == 3) {
      unhex32(w[1], a);
      WANT(cncrypto_check_key(a) == (strcmp(w[2], "true") == 0 ? CNCRYPTO_OK : CNCRYPTO_EVERIFY));
    } else if (strcmp(w[0], "secret_key_to_public_key") == 0) {
      unhex32(w[1], a);
      if (strcmp(w[2], "true") == 0)
        WANT(cncrypto_secret_key_to_public_key(a, out) == CNCRYPTO_OK && equal_hex(out, 32, w[3]));
      else
        WANT(cncrypto_secret_key_to_public_key(a, out) == CNCRYPTO_EDECODE);
    } else if (strcmp(w[0], "generate_key_derivation") == 0) {
      unhex32(w[1], a);
      unhex32(w[2], b);
      if (strcmp(w[3], "true") == 0)
        WANT(cncrypto_generate_key_derivation(a, b, out) == CNCRYPTO_OK && equal_hex(out, 32, w[4]));
      else
        WANT(cncrypto_generate_key_derivation(a, b, out) == CNCRYPTO_EDECODE);
    } else if (strcmp(w[0], "derive_public_key") == 0) {
      unhex32(w[1], a);
      unhex32(w[3], b);
      if (strcmp(w[4], "true") == 0)
        WANT(cncrypto_derive_public_key(a, strtoull(w[2], NULL, 10), b, out) == CNCRYPTO_OK && equal_hex(out, 32, w[5]));
      else
        WANT(cncrypto_derive_public_key(a, strtoull(w[2], NULL, 10), b, out) == CNCRYPTO_EDECODE);
    } else if (strcmp(w[0], "derive_secret_key") == 0) {
      unhex32(w[1], a);
      unhex32(w[3], b);
      WANT(cncrypto_derive_secret_key(a, strtoull(w[2], NULL, 10), b, out) == CNCRYPTO_OK && equal_hex(out, 32, w[4]));
    } else if (strcmp(w[0], "derive_subaddress_public_key") == 0) {
      unhex32(w[1], a);
      unhex32(w[2], b);
      if (strcmp(w[4], "true") == 0)
        WANT(cncrypto_derive_subaddress_public_key(a, b, strtoull(w[3], NULL, 10), out) == CNCRYPTO_OK &&
             equal_hex(out, 32, w[5]));
      else
        WANT(cncrypto_derive_subaddress_public_key(a, b, strtoull(w[3], NULL, 10), out) == CNCRYPTO_EDECODE);
    } else if (strcmp(w[0], "derive_view_tag") == 0) {
      unhex32(w[1], a);
      WANT(cncrypto_derive_view_tag(a, strtoull(w[2], NULL, 10), out) == CNCRYPTO_OK && equal_hex(out, 1, w[3]));
    } else if (strcmp(w[0], "generate_key_image") == 0) {
      unhex32(w[1], a);
      unhex32(w[2], b);
      WANT(cncrypto_generate_key_image(a, b, out) == CNCRYPTO_OK && equal_hex(out, 32, w[3]));
    } else if (strcmp(w[0], "check_signature") == 0) {
      unhex32(w[1], a);
      unhex32(w[2], b);
      CHECK(unhex(w[3], sig, sizeof sig) == 64);
      WANT(cncrypto_check_signature(a, b, sig) == (strcmp(w[4], "true") == 0 ? CNCRYPTO_OK : CNCRYPTO_EVERIFY));
    } else if (strcmp(w[0], "check_ring_signature") == 0 && n == 4) {
      /* prefix image count pub_1 .. pub_count sigs (count * 64 bytes) true|false: the
       * tokens after the count are re-split from the line's copy (rings of up to 16). */
      ++lines;
      CHECK(check_ring_line(w[1], w[2], w[3], ring_rest));
    } else if (strcmp(w[0], "check_tx_proof") == 0 && n == 9) {
      /* prefix R A B|x D sig version true|false */
      uint8_t d[32], bkey[32];
      unhex32(w[1], a);
      unhex32(w[2], b);
      unhex32(w[3], c);
      if (strcmp(w[4], "x") != 0) unhex32(w[4], bkey);
      unhex32(w[5], d);
      CHECK(unhex(w[6], sig, sizeof sig) == 64);
      WANT(cncrypto_check_tx_proof(a, b, c, strcmp(w[4], "x") != 0 ? bkey : NULL, d, sig, atoi(w[7])) ==
           (strcmp(w[8], "true") == 0 ? CNCRYPTO_OK : CNCRYPTO_EVERIFY));
    } else if (strcmp(w[0], "cn_fast_hash") == 0) {
      len = unhex(w[1], data, sizeof data);
      CHECK(len >= 0);
      WANT(cncrypto_cn_fast_hash(data, (size_t)len, out) == CNCRYPTO_OK && equal_hex(out, 32, w[2]));
    } else if (strcmp(w[0], "tree_hash") == 0) {
      len = unhex(w[2], data, sizeof data);
      CHECK(len == 32 * atol(w[1]));
      WANT(cncrypto_tree_hash(data, (size_t)atol(w[1]), out) == CNCRYPTO_OK && equal_hex(out, 32, w[3]));
    }
#undef WANT
    (void)c;
  }
  fclose(f);
  /* 280+200+220+200+180+170+220+180+250+200+170+320+143 lines of the functions above */
  CHECK(lines >= 2733);
  fprintf(stderr, "c_api_tests: %d lines of monero_crypto.txt checked\n", lines);
}

/* Monero's tests/hash files: tests-fast.txt (cn_fast_hash) and tests-slow*.txt (cn_slow_hash). */
static void test_monero_hash_vectors(void) {
  static const struct {
    const char *file;
    int variant;
  } files[] = {{"vectors/monero-hash/tests-fast.txt", -1},  {"vectors/monero-hash/tests-slow.txt", 0},
               {"vectors/monero-hash/tests-slow-1.txt", 1}, {"vectors/monero-hash/tests-slow-2.txt", 2},
               {"vectors/monero-hash/tests-slow-4.txt", 4}};
  size_t i;
  int lines = 0;
  static char line[300000];
  static uint8_t data[150000];
  for (i = 0; i < sizeof files / sizeof files[0]; ++i) {
    char path[4200];
    FILE *f;
    if (files[i].variant >= 0 && !CNCRYPTO_TEST_WITH_POW) {
      fprintf(stderr, "c_api_tests: %s skipped: built without proof of work\n", files[i].file);
      continue;
    }
    f = fopen(path_in_shared(path, sizeof path, files[i].file), "r");
    if (f == NULL) {
      CHECK(!"a monero-hash vector file cannot be read");
      continue;
    }
    while (fgets(line, sizeof line, f) != NULL) {
      char *save = NULL, *expected = strtok_r(line, " \r\n", &save), *input = strtok_r(NULL, " \r\n", &save);
      char *height = strtok_r(NULL, " \r\n", &save);
      uint8_t out[32];
      long len;
      if (expected == NULL || input == NULL) continue;
      len = unhex(input, data, sizeof data);
      CHECK(len >= 0);
      if (files[i].variant < 0)
        CHECK_RC(cncrypto_cn_fast_hash(data, (size_t)len, out), CNCRYPTO_OK);
      else
        CHECK_RC(cncrypto_cn_slow_hash(data, (size_t)len, files[i].variant,
                                       height != NULL ? strtoull(height, NULL, 10) : 0, out),
                 CNCRYPTO_OK);
      CHECK(equal_hex(out, 32, expected));
      ++lines;
    }
    fclose(f);
  }
  CHECK(lines >= 321 + (CNCRYPTO_TEST_WITH_POW ? 4 + 5 + 10 + 10 : 0));
  fprintf(stderr, "c_api_tests: %d lines of monero-hash checked\n", lines);
}

/* The value of "key": "..." after position p and before limit, into out (cap); 1 if found. */
int json_string_after(const char *p, const char *limit, const char *key, char *out, size_t cap) {
  char pattern[64];
  const char *at, *end;
  snprintf(pattern, sizeof pattern, "\"%s\": \"", key);
  at = strstr(p, pattern);
  if (at == NULL || (limit != NULL && at > limit)) return 0;
  at += strlen(pattern);
  end = strchr(at, '"');
  if (end == NULL || (size_t)(end - at) >= cap) return 0;
  memcpy(out, at, (size_t)(end - at));
  out[end - at] = 0;
  return 1;
}

/* Real transactions and blocks (data/manifest.json: each object has its id
 * first and its "file" last) through tx_hash, tx_prefix_hash and block_id; the
 * blobs are kept for the random loop. */
static size_t load_chain_blobs(uint8_t **blobs, size_t *lens, size_t cap) {
  char path[4200];
  size_t n = 0, mlen;
  uint8_t *manifest = read_file(path_in_shared(path, sizeof path, "data/manifest.json"), &mlen);
  const char *p, *blocks;
  int txs = 0, block_count = 0;
  if (manifest == NULL) {
    CHECK(!"data/manifest.json cannot be read");
    return 0;
  }
  blocks = strstr((const char *)manifest, "\"shared_blocks\"");
  for (p = (const char *)manifest; (p = strstr(p, "{")) != NULL; ++p) {
    char id[65], prefix[65], file[300];
    const char *next = strstr(p + 1, "\"file\": \"");
    const int is_block = blocks != NULL && p > blocks;
    uint8_t out[32];
    size_t len;
    uint8_t *blob;
    if (next == NULL) break;
    if (!json_string_after(p, next, is_block ? "id" : "hash", id, sizeof id)) continue;
    if (!json_string_after(next, NULL, "file", file, sizeof file)) break;
    {
      char full[4096 + 300 + 16];
      snprintf(full, sizeof full, "%s/data/%s", shared_dir, file);
      blob = read_file(full, &len);
    }
    CHECK(blob != NULL);
    if (blob == NULL) continue;
    if (is_block) {
      CHECK_RC(cncrypto_block_id(blob, len, out), CNCRYPTO_OK);
      CHECK(equal_hex(out, 32, id));
      /* (Cut by one byte a block may still parse: Monero's parser accepts a blob
       * cut off inside its final varint, docs/formats.md.) */
      CHECK_RC(cncrypto_block_id(blob, len / 2, out), CNCRYPTO_EDECODE);
      ++block_count;
    } else {
      CHECK_RC(cncrypto_tx_hash(blob, len, out), CNCRYPTO_OK);
      CHECK(equal_hex(out, 32, id));
      CHECK(json_string_after(p, next, "prefix_hash", prefix, sizeof prefix));
      CHECK_RC(cncrypto_tx_prefix_hash(blob, len, out), CNCRYPTO_OK);
      CHECK(equal_hex(out, 32, prefix));
      CHECK_RC(cncrypto_tx_hash(blob, len / 2, out), CNCRYPTO_EDECODE);
      ++txs;
    }
    if (n < cap) {
      blobs[n] = blob;
      lens[n++] = len;
    } else {
      free(blob);
    }
    p = next;
  }
  free(manifest);
  CHECK(txs >= 36 && block_count >= 9);
  fprintf(stderr, "c_api_tests: %d transactions and %d blocks checked\n", txs, block_count);
  return n;
}

/* The proof-of-work hashes of the CryptoNight blocks of data/pow/blocks_pow.json
 * (the RandomX blocks need their seed block's id, which the file does not give). */
static void test_block_pow(void) {
  char path[4200];
  size_t mlen;
  uint8_t *text = read_file(path_in_shared(path, sizeof path, "data/pow/blocks_pow.json"), &mlen);
  const char *p;
  int count = 0;
  if (text == NULL) {
    CHECK(!"data/pow/blocks_pow.json cannot be read");
    return;
  }
  for (p = (const char *)text; (p = strstr(p, "\"block_file\": \"")) != NULL; ++p) {
    char file[300], pow[65], full[4096 + 300 + 16];
    const char *rx, *end;
    uint8_t *blob, out[32];
    size_t len;
    if (!json_string_after(p, NULL, "block_file", file, sizeof file)) break;
    end = strstr(p, "\n  }"); /* the end of this block's object (2-space indent) */
    if (end == NULL) break;
    rx = strstr(p, "\"rx_seed_height\"");
    if (rx != NULL && rx < end) continue;                                   /* RandomX */
    if (!json_string_after(p, end, "pow_hash", pow, sizeof pow)) continue; /* none given */
    snprintf(full, sizeof full, "%s/data/pow/%s", shared_dir, file);
    blob = read_file(full, &len);
    CHECK(blob != NULL);
    if (blob == NULL) continue;
    CHECK_RC(cncrypto_block_pow_hash(blob, len, NULL, out), CNCRYPTO_OK);
    CHECK(equal_hex(out, 32, pow));
    free(blob);
    ++count;
  }
  free(text);
  CHECK(count >= 4);
  fprintf(stderr, "c_api_tests: %d block PoW hashes checked\n", count);
}

/* RandomX: the vector of data/pow/randomx_vectors.txt with a 32-byte key (a
 * seed hash, as Monero's rx_slow_hash takes). */
/* The RandomX handles on every vector of data/pow/randomx_vectors.txt (3 keys:
 * RandomX's "test key 000" and "test key 001", and a 32-byte Monero seed): one
 * cache and light VM per key, the cache handle dropped before the VM hashes
 * (the VM keeps it); with CNCRYPTO_TEST_RANDOMX_FAST=1 (2 GiB more) also a
 * dataset and a fast VM for the first key. Returns the hashes checked. */
static int test_randomx_handles(void) {
  char path[4200];
  size_t len;
  uint8_t *text = read_file(path_in_shared(path, sizeof path, "data/pow/randomx_vectors.txt"), &len);
  char *line, *save = NULL, *lines[16];
  int count = 0, nlines = 0, i, j;
  const int fast = getenv("CNCRYPTO_TEST_RANDOMX_FAST") != NULL && strcmp(getenv("CNCRYPTO_TEST_RANDOMX_FAST"), "1") == 0;
  if (text == NULL) return 0;
  for (line = strtok_r((char *)text, "\n", &save); line != NULL && nlines < 16; line = strtok_r(NULL, "\n", &save))
    if (line[0] != '#') lines[nlines++] = line;
  for (i = 0; i < nlines; ++i) {
    char key_hex[200];
    uint8_t key[100];
    long key_len;
    cncrypto_rx_cache *cache = NULL;
    cncrypto_rx_dataset *dataset = NULL;
    cncrypto_rx_vm *light = NULL, *full = NULL;
    if (sscanf(lines[i], "%199s", key_hex) != 1) continue;
    for (j = 0; j < i; ++j) /* one cache per key: the first line with it */
      if (strncmp(lines[j], key_hex, strlen(key_hex)) == 0 && lines[j][strlen(key_hex)] == ' ') break;
    if (j < i) continue;
    key_len = unhex(key_hex, key, sizeof key);
    CHECK(key_len > 0);
    CHECK_RC(cncrypto_rx_cache_create(key, (size_t)key_len, &cache), CNCRYPTO_OK);
    if (cache == NULL) break;
    CHECK_RC(cncrypto_rx_vm_create(cache, NULL, &light), CNCRYPTO_OK);
    if (fast && count == 0) {
      CHECK_RC(cncrypto_rx_dataset_create(cache, 2, &dataset), CNCRYPTO_OK);
      CHECK_RC(cncrypto_rx_vm_create(NULL, dataset, &full), CNCRYPTO_OK);
      CHECK_RC(cncrypto_rx_dataset_destroy(dataset), CNCRYPTO_OK); /* the VM keeps it */
    }
    CHECK_RC(cncrypto_rx_cache_destroy(cache), CNCRYPTO_OK); /* the VMs keep it */
    for (j = i; j < nlines && light != NULL; ++j) {
      char k2[200], input[4200], expected[80];
      uint8_t data[2048], out[32];
      long n;
      if (sscanf(lines[j], "%199s %4199s %79s", k2, input, expected) != 3 || strcmp(k2, key_hex) != 0) continue;
      n = unhex(input, data, sizeof data);
      CHECK(n >= 0);
      CHECK_RC(cncrypto_rx_hash(light, data, (size_t)n, out), CNCRYPTO_OK);
      CHECK(equal_hex(out, 32, expected));
      ++count;
      if (full != NULL) {
        memset(out, 0, 32);
        CHECK_RC(cncrypto_rx_hash(full, data, (size_t)n, out), CNCRYPTO_OK);
        CHECK(equal_hex(out, 32, expected));
        ++count;
      }
      CHECK_RC(cncrypto_rx_hash(light, NULL, 1, out), CNCRYPTO_EINVAL);
      CHECK_RC(cncrypto_rx_hash(light, data, (size_t)n, NULL), CNCRYPTO_EINVAL);
    }
    CHECK_RC(cncrypto_rx_vm_destroy(light), CNCRYPTO_OK);
    CHECK_RC(cncrypto_rx_vm_destroy(full), CNCRYPTO_OK);
  }
  free(text);
  CHECK(count >= 6);
  fprintf(stderr, "c_api_tests: %d RandomX hashes through the handles (%s)\n", count,
          fast ? "light and fast mode" : "light mode; CNCRYPTO_TEST_RANDOMX_FAST=1 adds fast mode, 2 GiB");
  return count;
}

static int test_randomx(void) {
  char path[4200];
  size_t len;
  uint8_t *text = read_file(path_in_shared(path, sizeof path, "data/pow/randomx_vectors.txt"), &len);
  char *line, *save = NULL;
  int count = 0;
  if (text == NULL) {
    CHECK(!"data/pow/randomx_vectors.txt cannot be read");
    return 0;
  }
  for (line = strtok_r((char *)text, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
    char *s2 = NULL, *key = strtok_r(line, " ", &s2), *input = strtok_r(NULL, " ", &s2), *expected = strtok_r(NULL, " ", &s2);
    uint8_t seed[32], data[4096], out[32];
    long n;
    int rc;
    if (key == NULL || input == NULL || expected == NULL || key[0] == '#' || strlen(key) != 64) continue;
    unhex32(key, seed);
    n = unhex(input, data, sizeof data);
    CHECK(n >= 0);
    rc = cncrypto_rx_slow_hash(seed, data, (size_t)n, out);
    if (rc == CNCRYPTO_EUNSUPPORTED) {
      fprintf(stderr, "c_api_tests: built without librandomx: the RandomX vector is skipped\n");
      free(text);
      return 0;
    }
    CHECK_RC(rc, CNCRYPTO_OK);
    CHECK(equal_hex(out, 32, expected));
    ++count;
  }
  free(text);
  CHECK(count >= 1);
  fprintf(stderr, "c_api_tests: %d RandomX vector(s) checked\n", count);
  count += test_randomx_handles();
  return count;
}

/* ---- the error detail (cncrypto_last_error) ------------------------------------------------------------------ */

/* A detail does not contain text (a secret the call was given). */
static void check_no(const char *text) {
  ++checks;
  if (strstr(cncrypto_last_error(), text) != NULL) {
    ++failures;
    fprintf(stderr, "FAIL: the detail \"%s\" contains \"%s\"\n", cncrypto_last_error(), text);
  }
}

static void *other_thread(void *arg) {
  uint8_t h[32];
  int *ok = (int *)arg;
  /* A new thread has no detail, whatever the creating thread's. */
  *ok = cncrypto_last_error()[0] == '\0';
  *ok = *ok && cncrypto_cn_slow_hash(h, 32, 77, 0, h) != CNCRYPTO_OK; /* (EUNSUPPORTED in a wallet build) */
  *ok = *ok && cncrypto_last_error()[0] != '\0' && strstr(cncrypto_last_error(), "tree_hash") == NULL;
  return NULL;
}

static void test_last_error(void) {
  uint8_t k[64] = {1}, out[64], spend[32], view[32], sec[32], other[32], pid[8] = {0};
  char addr[CNCRYPTO_ADDRESS_MAX_BYTES];
  size_t n = sizeof addr;
  int net, kind, i;
  const char *before;
  cncrypto_scan_context *ctx = NULL;
  unsigned char mem[1024];

  /* Never NULL; "" after clearing; set by a failure, kept by a success. */
  CHECK(cncrypto_last_error() != NULL);
  CHECK_RC(cncrypto_last_error_clear(), CNCRYPTO_OK);
  CHECK(strcmp(cncrypto_last_error(), "") == 0);
  CHECK_DETAIL(cncrypto_tree_hash(k, 0, out), CNCRYPTO_EINVAL, "tree_hash: count must be >= 1");
  before = cncrypto_last_error();
  CHECK(cncrypto_cn_fast_hash(k, 3, out) == CNCRYPTO_OK);
  CHECK(strstr(cncrypto_last_error(), "tree_hash: count must be >= 1") != NULL); /* a success leaves it */
  CHECK_DETAIL(cncrypto_cn_fast_hash(NULL, 3, out), CNCRYPTO_EINVAL, "cn_fast_hash: data is NULL but its length is 3");
  CHECK(cncrypto_last_error() == before); /* the same thread-local buffer */
  CHECK_DETAIL(cncrypto_sha3_256(k, 1, NULL), CNCRYPTO_EINVAL, "sha3_256: out is NULL");

  /* Per thread: another thread starts with "" and its failures do not touch ours. */
  {
    pthread_t t;
    int ok = 0;
    CHECK_DETAIL(cncrypto_tree_hash(k, 0, out), CNCRYPTO_EINVAL, "tree_hash");
    CHECK(pthread_create(&t, NULL, other_thread, &ok) == 0 && pthread_join(t, NULL) == 0);
    CHECK(ok);
    CHECK(strstr(cncrypto_last_error(), "tree_hash: count must be >= 1") != NULL);
  }

  /* EINVAL states the limit broken. */
  CHECK_DETAIL(cncrypto_tree_hash(k, (size_t)-1, out), CNCRYPTO_EINVAL, "overflows");
  if (CNCRYPTO_TEST_WITH_POW) {
    CHECK_DETAIL(cncrypto_cn_slow_hash(k, 32, 9, 0, out), CNCRYPTO_EINVAL, "variant 9 outside 0..5");
    CHECK_DETAIL(cncrypto_cn_slow_hash(k, 32, -2, 0, out), CNCRYPTO_EINVAL, "variant -2 outside 0..5");
    CHECK_DETAIL(cncrypto_cn_slow_hash(k, 32, 1, 0, out), CNCRYPTO_EINVAL, "variant 1 needs len >= 43");
  } else {
    CHECK_DETAIL(cncrypto_cn_slow_hash(k, 32, 0, 0, out), CNCRYPTO_EUNSUPPORTED, "CNCRYPTO_WITH_POW=OFF");
  }
  CHECK_DETAIL(cncrypto_keccak_init((cncrypto_keccak_state *)(void *)mem, sizeof mem, 7), CNCRYPTO_EINVAL,
               "algorithm 7 outside 0..6");
  CHECK_DETAIL(cncrypto_keccak_init((cncrypto_keccak_state *)(void *)mem, 1, 0), CNCRYPTO_ESIZE,
               "state: ");
  CHECK_DETAIL(cncrypto_ecdh_decode(k, k, 9, NULL, (uint64_t[1]){0}, out), CNCRYPTO_EINVAL, "ecdh_info_len 9");
  CHECK_DETAIL(cncrypto_generate_ring_signature(k, k, k, 1, k, 3, out), CNCRYPTO_EINVAL,
               "sec_index 3 is not below pubs_count 1");

  /* Addresses: the reason, and a refused network named. */
  CHECK_RC(cncrypto_random_bytes(k, 64), CNCRYPTO_OK);
  k[31] &= 0x0f;
  CHECK_RC(cncrypto_secret_key_to_public_key(k, spend), CNCRYPTO_OK);
  CHECK_RC(cncrypto_secret_key_to_public_key(k, view), CNCRYPTO_OK);
  CHECK_RC(cncrypto_address_encode(CNCRYPTO_MAINNET, CNCRYPTO_ADDRESS_STANDARD, spend, view, NULL, addr, &n),
           CNCRYPTO_OK);
  addr[40] = addr[40] == 'A' ? 'B' : 'A';
  CHECK_DETAIL(cncrypto_address_decode(addr, n - 1, CNCRYPTO_ANY_NETWORK, &net, &kind, spend, view, pid),
               CNCRYPTO_EDECODE, "address_decode: invalid address: address checksum mismatch");
  addr[40] = '0'; /* not base58 */
  CHECK_DETAIL(cncrypto_address_decode(addr, n - 1, CNCRYPTO_ANY_NETWORK, &net, &kind, spend, view, pid),
               CNCRYPTO_EDECODE, "at offset 40");
  CHECK_DETAIL(cncrypto_address_decode(addr, n - 1, 7, &net, &kind, spend, view, pid), CNCRYPTO_EINVAL,
               "network 7 is not");
  n = 10;
  CHECK_DETAIL(cncrypto_address_encode(CNCRYPTO_MAINNET, CNCRYPTO_ADDRESS_STANDARD, spend, view, NULL, addr, &n),
               CNCRYPTO_ESIZE, "out: 96 bytes (NUL included) needed, 10 given");

  /* Seeds: the position, never the word. */
  {
    char words[400] = "";
    for (i = 1; i <= 25; ++i) {
      strcat(words, i == 7 ? "qzxwvut" : "abbey");
      if (i != 25) strcat(words, " ");
    }
    CHECK_DETAIL(cncrypto_seed_decode(words, strlen(words), NULL, out, NULL), CNCRYPTO_EDECODE, "word 7");
    check_no("qzxwvut");
    CHECK_DETAIL(cncrypto_seed_decode(words, strlen(words), "English", out, NULL), CNCRYPTO_EDECODE,
                 "word 7 is not in the English word list");
    check_no("qzxwvut");
    check_no("qzx"); /* nor its prefix */
    CHECK_DETAIL(cncrypto_seed_restore(words, strlen(words), NULL, 0, NULL, spend, view, NULL, NULL),
                 CNCRYPTO_EDECODE, "word 7");
    check_no("qzxwvut");
    CHECK_DETAIL(cncrypto_seed_decode(words, strlen(words), "Klingon", out, NULL), CNCRYPTO_EINVAL, "Klingon");
  }

  /* Scanning: a spend key that does not match, the table and thread limits. */
  CHECK_RC(cncrypto_random_bytes(sec, 32), CNCRYPTO_OK);
  sec[31] &= 0x0f;
  CHECK_RC(cncrypto_random_bytes(other, 32), CNCRYPTO_OK);
  other[31] &= 0x0f;
  CHECK_RC(cncrypto_secret_key_to_public_key(sec, spend), CNCRYPTO_OK);
  CHECK_DETAIL(cncrypto_scan_context_create(k, spend, other, &ctx), CNCRYPTO_EINVAL, "does not match");
  CHECK(ctx == NULL);
  CHECK_RC(cncrypto_scan_context_create(k, spend, sec, &ctx), CNCRYPTO_OK);
  if (ctx != NULL) {
    size_t one = 0, cap = 0;
    CHECK_DETAIL(cncrypto_scan_context_add_subaddress_range(ctx, 0, 5000, 0, 5000), CNCRYPTO_EINVAL,
                 "above the limit 16777216 (2^24)");
    CHECK_DETAIL(cncrypto_scan_context_add_subaddress_range(ctx, 3, 2, 0, 5), CNCRYPTO_EINVAL,
                 "major_end 2 < major_begin 3");
    CHECK_DETAIL(cncrypto_scan_txs(ctx, NULL, &one, 0, 300, NULL, &cap), CNCRYPTO_EINVAL,
                 "threads 300 above the limit 256");
    CHECK_DETAIL(cncrypto_scan_tx(ctx, k, 10, NULL, &cap), CNCRYPTO_EDECODE, "scan_tx: blob 0 is not a complete transaction");
    cncrypto_scan_context_destroy(ctx);
  }
  CHECK_DETAIL(cncrypto_tx_hash(k, 10, out), CNCRYPTO_EDECODE, "tx_hash: not a complete transaction");
  CHECK_DETAIL(cncrypto_keys_file_load("/nonexistent/cncrypto-test.keys", "pw", 2, 1, spend, view, out, out + 32,
                                       NULL),
               CNCRYPTO_EIO, "/nonexistent/cncrypto-test.keys");
  { /* a file that is not a .keys file (e.g. a README: a length byte, then far more bytes): said so first */
    static uint8_t text[2164];
    memset(text, 'x', sizeof text);
    text[8] = 2;
    CHECK_DETAIL(cncrypto_keys_file_read(text, sizeof text, "pw", 2, 1, spend, view, out, out + 32, NULL),
                 CNCRYPTO_EDECODE,
                 "keys_file_read: not a Monero .keys file: its length field (byte 8) says 2 bytes of encrypted data, "
                 "but 2153 more bytes follow them");
    /* a shorter one (the length byte announces more than follows) */
    text[8] = 100;
    CHECK_DETAIL(cncrypto_keys_file_read(text, 50, "pw", 2, 1, spend, view, out, out + 32, NULL), CNCRYPTO_EDECODE,
                 "the file says 100 bytes of encrypted data follow, but only 41 do: the file is truncated (or not a "
                 ".keys file)");
  }
  CHECK_DETAIL(cncrypto_keys_file_read(k, 64, "hunter2", 7, 0, spend, view, out, out + 32, NULL), CNCRYPTO_EINVAL,
               "kdf_rounds must be >= 1");
  CHECK_DETAIL(cncrypto_keys_file_read(k, 3, "hunter2", 7, 1, spend, view, out, out + 32, NULL), CNCRYPTO_EDECODE,
               "keys_file_read: ");
  check_no("hunter2");

  /* kdf_rounds: 1 .. CNCRYPTO_KDF_ROUNDS_MAX. The limit itself is taken (a cut
   * file is refused before the KDF runs: EDECODE, not EINVAL); one more is not. */
  CHECK(cncrypto_kdf_rounds_max() == CNCRYPTO_KDF_ROUNDS_MAX && CNCRYPTO_KDF_ROUNDS_MAX == 1000000);
  CHECK_RC(cncrypto_keys_file_read(k, 3, "pw", 2, CNCRYPTO_KDF_ROUNDS_MAX, spend, view, out, out + 32, NULL),
           CNCRYPTO_EDECODE);
  CHECK_DETAIL(cncrypto_keys_file_read(k, 3, "pw", 2, CNCRYPTO_KDF_ROUNDS_MAX + 1, spend, view, out, out + 32, NULL),
               CNCRYPTO_EINVAL, "kdf_rounds 1000001 above the limit 1000000");
  CHECK_DETAIL(cncrypto_keys_file_read(k, 3, "pw", 2, 1000000000, spend, view, out, out + 32, NULL), CNCRYPTO_EINVAL,
               "keys_file_read: kdf_rounds 1000000000 above the limit 1000000");
  CHECK_DETAIL(cncrypto_keys_file_read(k, 3, "pw", 2, UINT64_MAX, spend, view, out, out + 32, NULL), CNCRYPTO_EINVAL,
               "kdf_rounds 18446744073709551615 above");
  CHECK_DETAIL(cncrypto_keys_file_load("/nonexistent/cncrypto-test.keys", "pw", 2, CNCRYPTO_KDF_ROUNDS_MAX + 1, spend,
                                       view, out, out + 32, NULL),
               CNCRYPTO_EINVAL, "keys_file_load: kdf_rounds 1000001 above the limit 1000000");
  {
    uint8_t file[4096];
    size_t file_len = sizeof file;
    memset(sec, 0, sizeof sec);
    sec[0] = 1;
    CHECK_DETAIL(cncrypto_keys_file_write(sec, sec, CNCRYPTO_MAINNET, "pw", 2, CNCRYPTO_KDF_ROUNDS_MAX + 1, NULL, 0,
                                          file, &file_len),
                 CNCRYPTO_EINVAL, "keys_file_write: kdf_rounds 1000001 above the limit 1000000");
    CHECK(file_len == sizeof file);
  }
  cncrypto_last_error_clear();
}

/* ---- transactions and blocks as Monero's JSON ------------------------------------------------------------------ */

/* Monero 0.18's own obj_to_json_str texts, by digest (cn_fast_hash) and length:
 * tests/unit_tests/vectors/monero_json/digests.txt (NOTICE.md there: made with
 * Monero's code at v0.18.0.0). Every tx, ptx and block line whose source is a
 * file of the shared data or a hex blob: tx through cncrypto_tx_to_json, ptx
 * through cncrypto_tx_prune then cncrypto_pruned_tx_to_json (Monero's ptx is
 * transaction::serialize_base of the full blob), block through
 * cncrypto_block_to_json. Returns the lines checked. */
static int test_json_vectors(int have_shared) {
  char path[4200], line[8192];
  FILE *f;
  int count = 0;
  snprintf(path, sizeof path, "%s/tests/unit_tests/vectors/monero_json/digests.txt", CNCRYPTO_SOURCE_DIR);
  f = fopen(path, "r");
  if (f == NULL) {
    fprintf(stderr, "c_api_tests: %s not found: the JSON vectors are skipped\n", path);
    return 0;
  }
  while (fgets(line, sizeof line, f) != NULL) {
    char kind[8], source[8000], digest[80];
    unsigned long length;
    uint8_t *blob = NULL, *pruned = NULL, h[32];
    size_t len = 0, n = 0, plen = 0;
    char *text = NULL;
    int rc;
    if (line[0] == '#' || sscanf(line, "%7s %7999s %79s %lu", kind, source, digest, &length) != 4) continue;
    if (strcmp(kind, "addr") == 0) continue;
    if (strncmp(source, "hex:", 4) == 0) {
      blob = malloc(strlen(source) / 2 + 1);
      if (blob == NULL) break;
      len = (size_t)unhex(source + 4, blob, strlen(source) / 2);
    } else if (have_shared) {
      char rel[300], blob_path[4400];
      snprintf(rel, sizeof rel, "data/%.250s", source);
      blob = read_file(path_in_shared(blob_path, sizeof blob_path, rel), &len);
    }
    if (blob == NULL) continue;
    if (strcmp(kind, "ptx") == 0) { /* the pruned blob, then its text */
      CHECK_RC(cncrypto_tx_prune(blob, len, NULL, &plen), CNCRYPTO_ESIZE);
      pruned = malloc(plen);
      CHECK_RC(cncrypto_tx_prune(blob, len, pruned, &plen), CNCRYPTO_OK);
      CHECK(plen < len || len == plen); /* (type 0 and no-input transactions have nothing to prune) */
      CHECK_RC(cncrypto_pruned_tx_to_json(pruned, plen, NULL, &n), CNCRYPTO_ESIZE);
    } else if (strcmp(kind, "tx") == 0) {
      CHECK_RC(cncrypto_tx_to_json(blob, len, NULL, &n), CNCRYPTO_ESIZE);
    } else {
      CHECK_RC(cncrypto_block_to_json(blob, len, NULL, &n), CNCRYPTO_ESIZE);
    }
    CHECK(n == length + 1); /* the size needed counts the NUL */
    text = malloc(n);
    if (text != NULL) {
      size_t cap = n;
      rc = strcmp(kind, "ptx") == 0  ? cncrypto_pruned_tx_to_json(pruned, plen, text, &cap)
           : strcmp(kind, "tx") == 0 ? cncrypto_tx_to_json(blob, len, text, &cap)
                                     : cncrypto_block_to_json(blob, len, text, &cap);
      CHECK(rc == CNCRYPTO_OK && cap == n && text[n - 1] == '\0' && strlen(text) == length);
      CHECK_RC(cncrypto_cn_fast_hash((const uint8_t *)text, length, h), CNCRYPTO_OK);
      if (!equal_hex(h, 32, digest)) {
        ++failures;
        fprintf(stderr, "FAIL: %s %s: the JSON text differs from Monero's (digest)\n", kind, source);
      }
      ++checks;
      if (n > 1) { /* one byte short: ESIZE, nothing written */
        cap = n - 1;
        text[0] = 'X';
        rc = strcmp(kind, "ptx") == 0  ? cncrypto_pruned_tx_to_json(pruned, plen, text, &cap)
             : strcmp(kind, "tx") == 0 ? cncrypto_tx_to_json(blob, len, text, &cap)
                                       : cncrypto_block_to_json(blob, len, text, &cap);
        CHECK(rc == CNCRYPTO_ESIZE && cap == n && text[0] == 'X');
      }
    }
    ++count;
    free(text);
    free(pruned);
    free(blob);
  }
  fclose(f);
  return count;
}

static void test_json(int have_shared) {
  /* A v2 transaction without inputs or outputs (a hand-made blob of the vectors). */
  static const uint8_t empty_v2[5] = {2, 0, 0, 0, 0};
  /* Not a transaction: version 0 (a blob cut inside its last varint would
   * still parse, as in Monero: docs/formats.md). */
  static const uint8_t version_0[5] = {0, 0, 0, 0, 0};
  char out[512];
  uint8_t pruned[16];
  size_t n = sizeof out, p = sizeof pruned;
  int count;
  CHECK_RC(cncrypto_tx_to_json(empty_v2, 5, out, &n), CNCRYPTO_OK);
  CHECK(n == strlen(out) + 1 && strncmp(out, "{\n  \"version\": 2, \n", 19) == 0);
  CHECK_RC(cncrypto_tx_prune(empty_v2, 5, pruned, &p), CNCRYPTO_OK);
  CHECK(p == 5 && memcmp(pruned, empty_v2, 5) == 0);
  /* Errors: NULL, not a transaction or block, cut, a complete blob as a pruned one. */
  n = sizeof out;
  CHECK_RC(cncrypto_tx_to_json(NULL, 5, out, &n), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_tx_to_json(empty_v2, 5, out, NULL), CNCRYPTO_EINVAL);
  n = 5;
  CHECK_DETAIL(cncrypto_tx_to_json(empty_v2, 5, NULL, &n), CNCRYPTO_EINVAL, "tx_to_json: out is NULL but its length is 5");
  n = sizeof out;
  CHECK_DETAIL(cncrypto_tx_to_json(version_0, 5, out, &n), CNCRYPTO_EDECODE, "tx_to_json: not a complete transaction: ");
  CHECK(n == sizeof out);
  CHECK_RC(cncrypto_tx_to_json(NULL, 0, out, &n), CNCRYPTO_EDECODE);
  CHECK_DETAIL(cncrypto_block_to_json(empty_v2, 5, out, &n), CNCRYPTO_EDECODE, "block_to_json: not a block: ");
  CHECK_RC(cncrypto_block_to_json(NULL, 1, out, &n), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_pruned_tx_to_json(version_0, 5, out, &n), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_pruned_tx_to_json(empty_v2, 5, out, &n), CNCRYPTO_OK); /* no inputs: nothing to prune */
  CHECK_RC(cncrypto_pruned_tx_to_json(NULL, 1, out, &n), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_tx_prune(version_0, 5, pruned, &p), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_tx_prune(empty_v2, 5, pruned, NULL), CNCRYPTO_EINVAL);
  p = 2;
  CHECK_DETAIL(cncrypto_tx_prune(empty_v2, 5, pruned, &p), CNCRYPTO_ESIZE, "tx_prune: out: 5 bytes needed, 2 given");
  CHECK(p == 5);
  count = test_json_vectors(have_shared);
  CHECK(count == 0 || count == (have_shared ? 85 : 4));
  fprintf(stderr, "c_api_tests: %d JSON texts compared with Monero 0.18's\n", count);
}

int main(int argc, char **argv) {
  const int have_shared = find_shared_dir();
  uint8_t *blobs[64] = {0};
  size_t lens[64] = {0}, blob_count = 0, i;
  int skipped = 0;

  if (CNCRYPTO_ABI_CHECK() != CNCRYPTO_OK) {
    fprintf(stderr, "c_api_tests: cncrypto.h and libcncrypto_c disagree on the ABI version\n");
    return 1;
  }
  if (argc > 1 && strcmp(argv[1], "--randomx") == 0) {
    if (!have_shared) {
      fprintf(stderr, "c_api_tests: SKIPPED: no shared directory (%s lacks vectors/ and data/; set CNCRYPTO_SHARED_DIR)\n",
              shared_dir);
      return 77;
    }
    if (test_randomx() == 0 && failures == 0) return 77;
  } else {
    test_conventions();
    test_hash_known_answers();
    test_key_known_answers();
    test_batch_derivations();
    test_errors();
    test_last_error();
    test_json(have_shared);
    test_enomem();
    test_wallet(have_shared);
    if (have_shared) {
      test_monero_crypto_vectors();
      test_monero_hash_vectors();
      blob_count = load_chain_blobs(blobs, lens, sizeof blobs / sizeof blobs[0]);
      if (CNCRYPTO_TEST_WITH_POW)
        test_block_pow();
      else
        fprintf(stderr, "c_api_tests: the block PoW hashes are skipped: built without proof of work\n");
    } else {
      fprintf(stderr,
              "c_api_tests: SKIPPED the shared vectors: %s lacks vectors/ and data/ (set CNCRYPTO_SHARED_DIR to "
              "Monero's vectors and chain data)\n",
              shared_dir);
      skipped = 1;
    }
    test_random_arguments((const uint8_t *const *)blobs, lens, blob_count);
    for (i = 0; i < blob_count; ++i) free(blobs[i]);
    cncrypto_cn_slow_hash_free_state();
  }
  fprintf(stderr, "c_api_tests: %d checks, %d failures\n", checks, failures);
  if (failures != 0) return 1;
  return skipped ? 77 : 0;
}
