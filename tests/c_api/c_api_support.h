/* What the C ABI test program's files share (tests/c_api/c_api_tests.c defines
 * these; c_api_wallet.c, the wallet half of cncrypto.h, uses them). */
#ifndef CNCRYPTO_C_API_SUPPORT_H
#define CNCRYPTO_C_API_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cncrypto.h"

extern int failures;
extern int checks;

#define CHECK(cond)                                                        \
  do {                                                                     \
    ++checks;                                                              \
    if (!(cond)) {                                                         \
      ++failures;                                                          \
      fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond);     \
    }                                                                      \
  } while (0)

/* CHECK_RC(call, code): call returns code; and its error detail
 * (cncrypto_last_error) is set when the code is negative, left as it was ("",
 * cleared before the call) when it is not. */
#define CHECK_RC(call, code)                                                                        \
  do {                                                                                              \
    int rc_;                                                                                        \
    cncrypto_last_error_clear();                                                                    \
    rc_ = (call);                                                                                   \
    ++checks;                                                                                       \
    if (rc_ != (code)) {                                                                            \
      ++failures;                                                                                   \
      fprintf(stderr, "%s:%d: FAIL: %s returned %d (%s), expected %d; detail: %s\n", __FILE__, __LINE__, \
              #call, rc_, cncrypto_strerror(rc_), (code), cncrypto_last_error());                    \
    } else if ((rc_ < 0) != (cncrypto_last_error()[0] != '\0')) {                                   \
      ++failures;                                                                                   \
      fprintf(stderr, "%s:%d: FAIL: %s returned %d with the detail \"%s\"\n", __FILE__, __LINE__, #call, \
              rc_, cncrypto_last_error());                                                          \
    }                                                                                               \
  } while (0)

/* CHECK_DETAIL(call, code, text): as CHECK_RC, and the detail contains text. */
#define CHECK_DETAIL(call, code, text)                                                                       \
  do {                                                                                                       \
    CHECK_RC(call, code);                                                                                    \
    ++checks;                                                                                                \
    if (strstr(cncrypto_last_error(), (text)) == NULL) {                                                     \
      ++failures;                                                                                            \
      fprintf(stderr, "%s:%d: FAIL: %s: detail \"%s\" lacks \"%s\"\n", __FILE__, __LINE__, #call,          \
              cncrypto_last_error(), (text));                                                                \
    }                                                                                                        \
  } while (0)

/* For the random-argument loops: the code is documented (OK or a negative code
 * but EINTERNAL), and a negative code came with a detail, OK with none. Use as
 * DOCUMENTED(call): the detail is cleared before the call. */
int documented_with_detail(int rc, const char *call, int line);
#define DOCUMENTED(call) (cncrypto_last_error_clear(), documented_with_detail((call), #call, __LINE__))

/* The shared directory ($CNCRYPTO_SHARED_DIR or the configured ../shared). */
extern char shared_dir[4096];
char *path_in_shared(char *out, size_t cap, const char *relative);
/* Hex ("x" = empty) into out (capacity cap): the byte count or -1. */
long unhex(const char *hex, uint8_t *out, size_t cap);
int unhex32(const char *hex, uint8_t out[32]);
int equal_hex(const uint8_t *bytes, size_t n, const char *hex);
/* A whole file, NUL-terminated (free it); NULL when it cannot be read. */
uint8_t *read_file(const char *path, size_t *len);
/* The value of "key": "..." after p (and before limit, if not NULL): 1 if found. */
int json_string_after(const char *p, const char *limit, const char *key, char *out, size_t cap);
/* Reproducible random numbers and bytes (xorshift64*). */
uint64_t next_random(void);
void random_fill(uint8_t *p, size_t n);

/* The wallet half's tests (c_api_wallet.c): without the shared directory
 * (have_shared 0) only those that need no vectors. */
void test_wallet(int have_shared);

#endif
