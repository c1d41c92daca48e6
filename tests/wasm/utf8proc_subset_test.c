/* Checks external/wasm/utf8proc_subset.c against Debian's utf8proc (scripts/wasm.sh
 * --test builds this twice natively: with -lutf8proc and with the subset; the two
 * must print the same line). Inputs: every ASCII string of a fixed set through
 * decompose (NFKD) and reencode (NFC), utf8proc_iterate over 20,000 pseudo-random
 * byte strings (valid and invalid UTF-8), and whether each ASCII code point is a
 * nonspacing mark (the one category cncrypto asks about). Non-ASCII input to
 * decompose is left out: the subset refuses it (checked separately: exit 1 when
 * it does not, in the subset build, -DSUBSET). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <utf8proc.h>

static uint64_t digest = 1469598103934665603ULL; /* FNV-1a over every result */
static void mix(int64_t v) {
  for (int i = 0; i < 8; ++i) digest = (digest ^ (uint8_t)(v >> (8 * i))) * 1099511628211ULL;
}
static uint64_t rng = 88172645463325252ULL;
static uint8_t next_byte(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (uint8_t)(rng >> 32);
}

int main(void) {
  static const char *texts[] = {"", "abandon ability able", "Hello, World! 0123456789", "~`!@#$%^&*()_+-={}[]|\\:;\"'<>,.?/",
                                "tab\there\nnewline\x7f", "zoo"};
  utf8proc_int32_t buf[128];
  for (size_t t = 0; t < sizeof texts / sizeof texts[0]; ++t) {
    const utf8proc_uint8_t *s = (const utf8proc_uint8_t *)texts[t];
    const utf8proc_ssize_t n = (utf8proc_ssize_t)strlen(texts[t]);
    for (int compose = 0; compose < 2; ++compose) {
      const utf8proc_option_t o = (utf8proc_option_t)(UTF8PROC_STABLE | (compose ? UTF8PROC_COMPOSE : (UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT)));
      const utf8proc_ssize_t need = utf8proc_decompose(s, n, NULL, 0, o);
      mix(need);
      const utf8proc_ssize_t got = utf8proc_decompose(s, n, buf, 127, o);
      mix(got);
      const utf8proc_ssize_t bytes = utf8proc_reencode(buf, got, o);
      mix(bytes);
      for (utf8proc_ssize_t i = 0; i <= bytes; ++i) mix(((const uint8_t *)buf)[i]);
      mix(utf8proc_decompose(s, -1, buf, 127, (utf8proc_option_t)(o | UTF8PROC_NULLTERM)));
    }
  }
  for (int r = 0; r < 20000; ++r) {
    uint8_t b[6];
    const int len = 1 + r % 6;
    for (int i = 0; i < len; ++i) b[i] = next_byte();
    if (r % 3 == 0) b[0] = (uint8_t)(0xc0 | (b[0] & 0x3f)); /* more multi-byte starts */
    if (r % 5 == 0 && len > 1) b[1] = (uint8_t)(0x80 | (b[1] & 0x3f));
    utf8proc_int32_t cp = 0;
    mix(utf8proc_iterate(b, len, &cp));
    mix(cp);
  }
  for (utf8proc_int32_t c = 0; c < 0x80; ++c) mix(utf8proc_category(c) == UTF8PROC_CATEGORY_MN);
  printf("utf8proc subset cross-check digest: %016llx\n", (unsigned long long)digest);
#ifdef SUBSET
  if (utf8proc_decompose((const utf8proc_uint8_t *)"caf\xc3\xa9", 5, buf, 127, UTF8PROC_DECOMPOSE) != UTF8PROC_ERROR_NOTASSIGNED) {
    printf("FAIL: the subset did not refuse non-ASCII text\n");
    return 1;
  }
#endif
  return 0;
}
