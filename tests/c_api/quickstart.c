#include <cncrypto.h>
#include <stdio.h>
int main(void) { uint8_t h[CNCRYPTO_HASH_BYTES]; /* Keccak-256 of "abc", as Monero's cn_fast_hash */
  if (cncrypto_cn_fast_hash((const uint8_t *)"abc", 3, h) != CNCRYPTO_OK) return 1;
  for (int i = 0; i < CNCRYPTO_HASH_BYTES; ++i) printf("%02x", h[i]);
  printf("\n"); return 0; }
