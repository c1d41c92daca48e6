/* A binding-style consumer of libcncrypto_c: no cncrypto.h, no macros. It loads
 * the library with dlopen, finds each function with dlsym, and declares the
 * prototypes itself from docs/c_api.md, as an FFI (ctypes, cffi, JNA, Dart's
 * ffi, purego) does. Proves the ABI is usable from the exported names alone.
 *
 *   dlopen_consumer PATH/libcncrypto_c.so.N
 *
 * Expected values: Monero's cn_fast_hash("") and the ed25519 base point;
 * generate_key_derivation(G, 1) = 8*G (Monero's derivation multiplies by 8). */
#define _POSIX_C_SOURCE 200809L

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef int (*hash_fn)(const uint8_t *, size_t, uint8_t *);
typedef int (*sk_to_pk_fn)(const uint8_t *, uint8_t *);
typedef int (*derivation_fn)(const uint8_t *, const uint8_t *, uint8_t *);
typedef int (*check_sig_fn)(const uint8_t *, const uint8_t *, const uint8_t *);
typedef const char *(*strerror_fn)(int);
typedef const char *(*text_fn)(void);
typedef unsigned (*abi_fn)(void);
typedef size_t (*size_fn)(void);
typedef int (*encode_fn)(int, int, const uint8_t *, const uint8_t *, const uint8_t *, char *, size_t *);

static void *need(void *lib, const char *name) {
  void *f = dlsym(lib, name);
  if (f == NULL) fprintf(stderr, "dlopen_consumer: %s not exported: %s\n", name, dlerror());
  return f;
}

int main(int argc, char **argv) {
  static const uint8_t empty_hash[32] = {0xc5, 0xd2, 0x46, 0x01, 0x86, 0xf7, 0x23, 0x3c, 0x92, 0x7e, 0x7d,
                                         0xb2, 0xdc, 0xc7, 0x03, 0xc0, 0xe5, 0x00, 0xb6, 0x53, 0xca, 0x82,
                                         0x27, 0x3b, 0x7b, 0xfa, 0xd8, 0x04, 0x5d, 0x85, 0xa4, 0x70};
  uint8_t one[32] = {1}, eight[32] = {8}, g[32], eight_g[32], der[32], out[32], sig[64] = {0};
  void *lib;
  hash_fn fast_hash;
  sk_to_pk_fn sk_to_pk;
  derivation_fn derivation;
  check_sig_fn check_sig;
  strerror_fn str;
  text_fn last_error;
  abi_fn abi;
  size_fn hash_bytes, record_bytes;
  encode_fn encode;
  char address[107];
  size_t n = 0;
  int failures = 0;
  size_t i;

  if (argc != 2) {
    fprintf(stderr, "usage: dlopen_consumer PATH/libcncrypto_c.so\n");
    return 2;
  }
  lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) {
    fprintf(stderr, "dlopen_consumer: %s\n", dlerror());
    return 1;
  }
  *(void **)&fast_hash = need(lib, "cncrypto_cn_fast_hash");
  *(void **)&sk_to_pk = need(lib, "cncrypto_secret_key_to_public_key");
  *(void **)&derivation = need(lib, "cncrypto_generate_key_derivation");
  *(void **)&check_sig = need(lib, "cncrypto_check_signature");
  *(void **)&str = need(lib, "cncrypto_strerror");
  *(void **)&last_error = need(lib, "cncrypto_last_error");
  *(void **)&abi = need(lib, "cncrypto_abi_version");
  *(void **)&hash_bytes = need(lib, "cncrypto_hash_bytes");
  *(void **)&record_bytes = need(lib, "cncrypto_owned_output_bytes");
  *(void **)&encode = need(lib, "cncrypto_address_encode");
  if (!fast_hash || !sk_to_pk || !derivation || !check_sig || !str || !last_error || !abi || !hash_bytes ||
      !record_bytes || !encode)
    return 1;
  /* The C++ library inside is not reachable: its symbols are local. */
  if (dlsym(lib, "cn_fast_hash") != NULL || dlsym(lib, "sc_reduce32") != NULL) {
    fprintf(stderr, "dlopen_consumer: an internal symbol is exported\n");
    ++failures;
  }

  if (abi() < 1 || hash_bytes() != 32) ++failures;
  if (fast_hash(NULL, 0, out) != 0 || memcmp(out, empty_hash, 32) != 0) ++failures;
  if (fast_hash(NULL, 1, out) != -1) ++failures; /* CNCRYPTO_EINVAL */
  /* ... and the calling thread's detail of that failure. */
  if (strcmp(last_error(), "cn_fast_hash: data is NULL but its length is 1") != 0) ++failures;
  if (sk_to_pk(one, g) != 0 || g[0] != 0x58) ++failures;
  for (i = 1; i < 32; ++i) failures += g[i] != 0x66;
  if (sk_to_pk(eight, eight_g) != 0 || derivation(g, one, der) != 0 || memcmp(der, eight_g, 32) != 0) ++failures;
  g[31] |= 0x80;
  g[0] = 1;
  memset(g + 1, 0, 31);
  g[31] = 0x80; /* y = 1 with the sign of x set: not a point */
  if (derivation(g, one, der) != -2) ++failures;    /* CNCRYPTO_EDECODE */
  if (check_sig(out, eight_g, sig) != -3) ++failures; /* CNCRYPTO_EVERIFY */
  if (str(-2) == NULL || strlen(str(-2)) == 0) ++failures;
  /* The two-call convention as an FFI uses it (numbers, not macros): ask the size
   * (-4, CNCRYPTO_ESIZE, with 96 written back), then the mainnet (0) standard (0)
   * address of (8G, G): it starts with '4' and has 95 characters. */
  if (record_bytes() != 200) ++failures;
  if (encode(0, 0, eight_g, eight_g, NULL, NULL, &n) != -4 || n != 96) ++failures;
  if (sk_to_pk(one, g) != 0 || encode(0, 0, eight_g, g, NULL, address, &n) != 0 || n != 96 || address[0] != '4' ||
      strlen(address) != 95)
    ++failures;

  /* No dlclose: as an FFI keeps the library loaded for the process's life. (Under
   * LeakSanitizer an unloaded library's deliberately kept singletons, allocated by
   * its static initialisers, would show as leaks.) */
  printf("dlopen_consumer: %s\n", failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
