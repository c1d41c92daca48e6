/* The C API of the installed package (crypto/hash-ops.h), from C. Known answers:
 * Keccak-256 of the empty string, and Monero's tests/hash/tests-slow.txt line 1
 * (CryptoNight variant 0 of "de omnibus dubitandum"). Exit 0 when both match. */
#include "crypto/hash-ops.h"

#include <stdio.h>
#include <string.h>

static int check(const char *what, const char hash[HASH_SIZE], const char *expected_hex) {
  char hex[2 * HASH_SIZE + 1];
  for (int i = 0; i < HASH_SIZE; ++i) snprintf(hex + 2 * i, 3, "%02x", (unsigned char)hash[i]);
  if (strcmp(hex, expected_hex) != 0) {
    fprintf(stderr, "%s: got %s, expected %s\n", what, hex, expected_hex);
    return 1;
  }
  printf("%s: %s\n", what, hex);
  return 0;
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
  return failures == 0 ? 0 : 1;
}
