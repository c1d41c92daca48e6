/* The C API of the installed package (crypto/hash-ops.h, crypto/blake2b.h), from C.
 * Known answers: Keccak-256 of the empty string, Monero's tests/hash/tests-slow.txt
 * line 1 (CryptoNight variant 0 of "de omnibus dubitandum"), BLAKE2b-256("abc")
 * (Python's hashlib.blake2b) and blake2b_monero of the empty string with a 3-byte
 * output (../shared/vectors/monero_master_crypto.txt, "blake2b_monero 3 x x").
 * Exit 0 when all match. */
#include "crypto/blake2b.h"
#include "crypto/hash-ops.h"

#include <stdio.h>
#include <string.h>

static int check_bytes(const char *what, const char *hash, int size, const char *expected_hex) {
  char hex[2 * 64 + 1];
  for (int i = 0; i < size; ++i) snprintf(hex + 2 * i, 3, "%02x", (unsigned char)hash[i]);
  if (strcmp(hex, expected_hex) != 0) {
    fprintf(stderr, "%s: got %s, expected %s\n", what, hex, expected_hex);
    return 1;
  }
  printf("%s: %s\n", what, hex);
  return 0;
}

static int check(const char *what, const char hash[HASH_SIZE], const char *expected_hex) {
  return check_bytes(what, hash, HASH_SIZE, expected_hex);
}

int main(void) {
  char hash[HASH_SIZE];
  int failures = 0;
  cn_fast_hash("", 0, hash);
  failures += check("cn_fast_hash(\"\")", hash, "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  const char *message = "de omnibus dubitandum";
  cn_slow_hash(message, strlen(message), hash, 0, 0, 0);
  failures += check("cn_slow_hash(v0)", hash, "2f8e3df40bd11f9ac90c743ca8e32bb391da4fb98612aa3b6cdc639ee00b31f5");
  cn_slow_hash_free_state();
  if (blake2b(hash, 32, "abc", 3, NULL, 0) != 0) return 1;
  failures += check("blake2b(\"abc\", 32)", hash, "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319");
  if (blake2b_monero(hash, 3, NULL, 0, NULL, 0) != 0) return 1;
  failures += check_bytes("blake2b_monero(\"\", 3)", hash, 3, "f333bb");
  return failures == 0 ? 0 : 1;
}
