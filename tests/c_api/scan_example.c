/* Scanning transactions for a wallet through the C ABI (cncrypto.h): the
 * example of docs/c_api.md, "Scanning".
 *
 *   scan_example VIEW_SECRET_HEX SPEND_PUBLIC_HEX TX_HEX...
 *
 * Each TX_HEX is a whole transaction in hex (as a daemon's get_transactions
 * gives it, "as_hex"). Prints one line per output of the wallet:
 *   TX_HASH OUTPUT_INDEX MAJOR,MINOR AMOUNT
 * (the amount in atomic units, "?" when it could not be decoded). The wallet's
 * subaddresses 0..1 x 0..200 are looked at. Exit status 1 on an error.
 * ctest c_api_scan_example runs it on a real transaction of the shared vectors
 * (tests/c_api/run_scan_example.cmake). */
#include <cncrypto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int from_hex(const char *hex, uint8_t *out, size_t len) {
  size_t i;
  if (strlen(hex) != 2 * len) return 0;
  for (i = 0; i < len; ++i) {
    unsigned v;
    if (sscanf(hex + 2 * i, "%2x", &v) != 1) return 0;
    out[i] = (uint8_t)v;
  }
  return 1;
}

int main(int argc, char **argv) {
  uint8_t view_secret[32], spend_public[32];
  cncrypto_scan_context *ctx = NULL;
  int i, status = 0;
  if (argc < 4 || !from_hex(argv[1], view_secret, 32) || !from_hex(argv[2], spend_public, 32)) {
    fprintf(stderr, "usage: scan_example VIEW_SECRET_HEX SPEND_PUBLIC_HEX TX_HEX...\n");
    return 1;
  }
  /* A watch-only context (no spend secret key: no key images), with Monero's
   * first two accounts' subaddresses. */
  if (cncrypto_scan_context_create(view_secret, spend_public, NULL, &ctx) != CNCRYPTO_OK ||
      cncrypto_scan_context_add_subaddress_range(ctx, 0, 2, 0, 200) != CNCRYPTO_OK) {
    fprintf(stderr, "scan_example: bad keys\n");
    cncrypto_scan_context_destroy(ctx);
    return 1;
  }
  cncrypto_memzero(view_secret, sizeof view_secret);
  for (i = 3; i < argc; ++i) {
    size_t len = strlen(argv[i]) / 2, count = 16, k;
    uint8_t *blob = malloc(len + 1);
    cncrypto_owned_output found[16], *outs = found;
    int rc;
    if (blob == NULL || !from_hex(argv[i], blob, len)) {
      fprintf(stderr, "scan_example: argument %d is not hex\n", i);
      free(blob);
      status = 1;
      continue;
    }
    /* Room for 16 outputs; more: the two-call convention says how many. */
    rc = cncrypto_scan_tx(ctx, blob, len, outs, &count);
    if (rc == CNCRYPTO_ESIZE && (outs = malloc(count * sizeof *outs)) != NULL)
      rc = cncrypto_scan_tx(ctx, blob, len, outs, &count);
    if (rc != CNCRYPTO_OK) {
      fprintf(stderr, "scan_example: transaction %d: %s\n", i - 2, cncrypto_strerror(rc));
      status = 1;
    }
    for (k = 0; rc == CNCRYPTO_OK && k < count; ++k) {
      int b;
      for (b = 0; b < 32; ++b) printf("%02x", outs[k].tx_hash[b]);
      printf(" %llu %u,%u ", (unsigned long long)outs[k].output_index, (unsigned)outs[k].major, (unsigned)outs[k].minor);
      if (outs[k].flags & CNCRYPTO_OWNED_AMOUNT)
        printf("%llu\n", (unsigned long long)outs[k].amount);
      else
        printf("?\n");
    }
    if (outs != found && outs != NULL) {
      cncrypto_memzero(outs, count * sizeof *outs); /* the masks are secret */
      free(outs);
    }
    cncrypto_memzero(found, sizeof found);
    free(blob);
  }
  cncrypto_scan_context_destroy(ctx);
  return status;
}
