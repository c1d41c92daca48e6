/* The C ABI's wallet half (cncrypto.h: addresses, scanning, RingCT amounts,
 * seeds, .keys files), part of the c_api_tests program (C99, libcncrypto_c.so
 * only; helpers in c_api_support.h).
 *
 * Where the expected values come from (all in the shared directory):
 *   data/vectors/addresses.json        Monero's functional tests' wallet: its
 *                                      standard, integrated and subaddress strings,
 *                                      subaddress keys and secrets m
 *   data/vectors/owned_output_clsag_tx.json  a real BP+/CLSAG transaction and the
 *                                      keys of the wallet that owns its output 0
 *                                      (one-time key, amount, mask, derivation,
 *                                      Hs(derivation || 0); monero-oxide's vectors)
 *   data/wallet/seeds.json, polyseed.json    Electrum-style and Polyseed vectors
 *                                      decoded by Monero's / tevador's own code
 *   data/wallet/wallet_files.json, files/    Monero's test wallets (.keys, password)
 *   data/txs, data/manifest.json       real transactions nobody here owns
 * Without the shared directory only the vector-free checks run (round trips, the
 * two-call convention, bad arguments). */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_api_support.h"
#include "cncrypto.h"

/* ---- small helpers ------------------------------------------------------------------ */

/* The number after "key": (before limit, if not NULL); 1 if found. */
static int json_number_after(const char *p, const char *limit, const char *key, uint64_t *out) {
  char pattern[64];
  const char *at;
  char *end;
  snprintf(pattern, sizeof pattern, "\"%s\": ", key);
  at = strstr(p, pattern);
  if (at == NULL || (limit != NULL && at > limit)) return 0;
  at += strlen(pattern);
  if (*at < '0' || *at > '9') return 0;
  *out = (uint64_t)strtoull(at, &end, 10);
  return 1;
}

static int json_hex32_after(const char *p, const char *limit, const char *key, uint8_t out[32]) {
  char hex[80];
  return json_string_after(p, limit, key, hex, sizeof hex) && unhex32(hex, out);
}

/* The shared file relative (NULL, with a failed check, when it cannot be read). */
static char *read_shared(const char *relative, size_t *len) {
  char path[4200];
  size_t n;
  uint8_t *text = read_file(path_in_shared(path, sizeof path, relative), len != NULL ? len : &n);
  if (text == NULL) fprintf(stderr, "c_api_tests: %s cannot be read\n", relative);
  CHECK(text != NULL);
  return (char *)text;
}

/* The end of the JSON object that starts at p: the next "id" or the end. */
static const char *object_end(const char *p) {
  const char *next = strstr(p + 1, "\"id\": \"");
  return next != NULL ? next : p + strlen(p);
}

/* ---- the two-call convention and the sizes ----------------------------------------------------------- */

static void test_sizes_and_two_call(void) {
  uint8_t spend[32], view[32], sec[32], pid[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  char buf[CNCRYPTO_ADDRESS_MAX_BYTES + 8];
  size_t n;
  CHECK(cncrypto_payment_id_bytes() == CNCRYPTO_PAYMENT_ID_BYTES && CNCRYPTO_PAYMENT_ID_BYTES == 8);
  CHECK(cncrypto_address_max_bytes() == CNCRYPTO_ADDRESS_MAX_BYTES && CNCRYPTO_ADDRESS_MAX_BYTES == 107);
  CHECK(cncrypto_language_bytes() == CNCRYPTO_LANGUAGE_BYTES);
  CHECK(cncrypto_polyseed_secret_bytes() == CNCRYPTO_POLYSEED_SECRET_BYTES && CNCRYPTO_POLYSEED_SECRET_BYTES == 19);
  CHECK(cncrypto_owned_output_bytes() == sizeof(cncrypto_owned_output) && sizeof(cncrypto_owned_output) == 200);
  CHECK(offsetof(cncrypto_owned_output, amount) == 160 && offsetof(cncrypto_owned_output, tx_index) == 168 &&
        offsetof(cncrypto_owned_output, output_index) == 176 && offsetof(cncrypto_owned_output, major) == 184 &&
        offsetof(cncrypto_owned_output, flags) == 192 && offsetof(cncrypto_owned_output, tx_pub_key_index) == 196);
  CHECK(strcmp(cncrypto_strerror(CNCRYPTO_EIO), "unknown error code") != 0);

  CHECK_RC(cncrypto_generate_keys(spend, sec, NULL), CNCRYPTO_OK);
  CHECK_RC(cncrypto_generate_keys(view, sec, NULL), CNCRYPTO_OK);
  /* Ask (NULL, 0), too small by one (nothing written), exact, larger. */
  n = 0;
  CHECK_RC(cncrypto_address_encode(CNCRYPTO_MAINNET, CNCRYPTO_ADDRESS_STANDARD, spend, view, NULL, NULL, &n),
           CNCRYPTO_ESIZE);
  CHECK(n == 96);
  memset(buf, 'Z', sizeof buf);
  n = 95;
  CHECK_RC(cncrypto_address_encode(CNCRYPTO_MAINNET, CNCRYPTO_ADDRESS_STANDARD, spend, view, NULL, buf, &n),
           CNCRYPTO_ESIZE);
  CHECK(n == 96 && buf[0] == 'Z' && buf[94] == 'Z');
  CHECK_RC(cncrypto_address_encode(CNCRYPTO_MAINNET, CNCRYPTO_ADDRESS_STANDARD, spend, view, NULL, buf, &n),
           CNCRYPTO_OK);
  CHECK(n == 96 && strlen(buf) == 95 && buf[0] == '4');
  n = sizeof buf;
  CHECK_RC(cncrypto_address_encode(CNCRYPTO_TESTNET, CNCRYPTO_ADDRESS_INTEGRATED, spend, view, pid, buf, &n),
           CNCRYPTO_OK);
  CHECK(n == 107 && strlen(buf) == 106 && buf[0] == 'A');
  CHECK_RC(cncrypto_address_encode(CNCRYPTO_MAINNET, CNCRYPTO_ADDRESS_STANDARD, spend, view, NULL, buf, NULL),
           CNCRYPTO_EINVAL);
  n = 5;
  CHECK_RC(cncrypto_address_encode(CNCRYPTO_MAINNET, CNCRYPTO_ADDRESS_STANDARD, spend, view, NULL, NULL, &n),
           CNCRYPTO_EINVAL);
}

/* ---- addresses --------------------------------------------------------------------------------------------------- */

/* Every network and kind: encode then decode gives the keys back, with no vectors. */
static void test_address_round_trips(void) {
  uint8_t spend[32], view[32], sec[32], pid[8] = {9, 8, 7, 6, 5, 4, 3, 2}, s2[32], v2[32], p2[8];
  char buf[CNCRYPTO_ADDRESS_MAX_BYTES];
  /* The first character by network and kind (cryptonote/address.h's table; a
   * testnet standard address starts with 9 or A, depending on the keys). */
  static const char *const first[3][3] = {{"4", "4", "8"}, {"9A", "A", "B"}, {"5", "5", "7"}};
  int net, kind, net_out, kind_out;
  CHECK_RC(cncrypto_generate_keys(spend, sec, NULL), CNCRYPTO_OK);
  CHECK_RC(cncrypto_generate_keys(view, sec, NULL), CNCRYPTO_OK);
  for (net = CNCRYPTO_MAINNET; net <= CNCRYPTO_STAGENET; ++net) {
    for (kind = CNCRYPTO_ADDRESS_STANDARD; kind <= CNCRYPTO_ADDRESS_SUBADDRESS; ++kind) {
      size_t n = sizeof buf;
      CHECK_RC(cncrypto_address_encode(net, kind, spend, view, pid, buf, &n), CNCRYPTO_OK);
      CHECK(strchr(first[net][kind], buf[0]) != NULL);
      CHECK_RC(cncrypto_address_decode(buf, n - 1, CNCRYPTO_ANY_NETWORK, &net_out, &kind_out, s2, v2, p2), CNCRYPTO_OK);
      CHECK(net_out == net && kind_out == kind && memcmp(s2, spend, 32) == 0 && memcmp(v2, view, 32) == 0);
      CHECK(kind == CNCRYPTO_ADDRESS_INTEGRATED ? memcmp(p2, pid, 8) == 0 : memcmp(p2, "\0\0\0\0\0\0\0\0", 8) == 0);
      CHECK_RC(cncrypto_address_decode(buf, n - 1, net, &net_out, &kind_out, s2, v2, p2), CNCRYPTO_OK);
      CHECK_RC(cncrypto_address_decode(buf, n - 1, (net + 1) % 3, &net_out, &kind_out, s2, v2, p2), CNCRYPTO_EDECODE);
      /* The NUL counted in (a character that is not base58), one character less, a typo. */
      CHECK_RC(cncrypto_address_decode(buf, n, CNCRYPTO_ANY_NETWORK, &net_out, &kind_out, s2, v2, p2), CNCRYPTO_EDECODE);
      CHECK_RC(cncrypto_address_decode(buf, n - 2, CNCRYPTO_ANY_NETWORK, &net_out, &kind_out, s2, v2, p2),
               CNCRYPTO_EDECODE);
      buf[20] = buf[20] == 'a' ? 'b' : 'a';
      CHECK_RC(cncrypto_address_decode(buf, n - 1, CNCRYPTO_ANY_NETWORK, &net_out, &kind_out, s2, v2, p2),
               CNCRYPTO_EDECODE);
    }
  }
  /* Bad arguments. */
  CHECK_RC(cncrypto_address_decode(NULL, 95, CNCRYPTO_ANY_NETWORK, &net_out, &kind_out, s2, v2, p2), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_address_decode(NULL, 0, CNCRYPTO_ANY_NETWORK, &net_out, &kind_out, s2, v2, p2), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_address_decode("4", 1, 3, &net_out, &kind_out, s2, v2, p2), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_address_decode("4", 1, CNCRYPTO_ANY_NETWORK, NULL, &kind_out, s2, v2, p2), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_address_decode("4", 1, CNCRYPTO_ANY_NETWORK, &net_out, &kind_out, s2, v2, NULL), CNCRYPTO_EINVAL);
  {
    size_t n = sizeof buf;
    CHECK_RC(cncrypto_address_encode(3, 0, spend, view, NULL, buf, &n), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_address_encode(0, 3, spend, view, NULL, buf, &n), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_address_encode(0, CNCRYPTO_ADDRESS_INTEGRATED, spend, view, NULL, buf, &n), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_address_encode(0, 0, NULL, view, NULL, buf, &n), CNCRYPTO_EINVAL);
  }
  /* A subaddress of (0, 0) is the main address; a spend key that is not a point, a view key >= L. */
  {
    static const uint8_t undecodable[32] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80};
    uint8_t a[32], A[32], D[32], C[32], big[32];
    CHECK_RC(cncrypto_generate_keys(A, a, NULL), CNCRYPTO_OK);
    CHECK_RC(cncrypto_get_subaddress(a, spend, 0, 0, D, C), CNCRYPTO_OK);
    CHECK(memcmp(D, spend, 32) == 0 && memcmp(C, A, 32) == 0);
    CHECK_RC(cncrypto_get_subaddress(a, spend, 0, 1, D, NULL), CNCRYPTO_OK);
    CHECK(memcmp(D, spend, 32) != 0);
    CHECK_RC(cncrypto_get_subaddress(a, spend, 0, 1, NULL, NULL), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_get_subaddress(a, undecodable, 0, 1, D, C), CNCRYPTO_EDECODE);
    memset(big, 0xff, 32);
    CHECK_RC(cncrypto_get_subaddress(big, spend, 0, 1, D, C), CNCRYPTO_EDECODE);
    CHECK_RC(cncrypto_get_subaddress_secret_key(NULL, 0, 1, D), CNCRYPTO_EINVAL);
  }
}

/* Monero's functional-test wallet: its addresses and subaddresses. */
static void test_address_vectors(void) {
  char *text = read_shared("data/vectors/addresses.json", NULL), str[200];
  const char *p;
  uint8_t spend_sec[32], view_sec[32], spend[32], view[32], s2[32], v2[32], pid[8], want_pid[8];
  int net, kind, subs = 0;
  size_t n;
  if (text == NULL) return;
  CHECK(json_hex32_after(text, NULL, "spend_secret", spend_sec) && json_hex32_after(text, NULL, "view_secret", view_sec));
  CHECK(json_hex32_after(text, NULL, "spend_public", spend) && json_hex32_after(text, NULL, "view_public", view));
  CHECK(json_string_after(text, NULL, "standard_address", str, sizeof str));
  CHECK_RC(cncrypto_address_decode(str, strlen(str), CNCRYPTO_MAINNET, &net, &kind, s2, v2, pid), CNCRYPTO_OK);
  CHECK(net == CNCRYPTO_MAINNET && kind == CNCRYPTO_ADDRESS_STANDARD && memcmp(s2, spend, 32) == 0 &&
        memcmp(v2, view, 32) == 0);
  {
    char out[CNCRYPTO_ADDRESS_MAX_BYTES];
    n = sizeof out;
    CHECK_RC(cncrypto_address_encode(CNCRYPTO_MAINNET, CNCRYPTO_ADDRESS_STANDARD, spend, view, NULL, out, &n),
             CNCRYPTO_OK);
    CHECK(strcmp(out, str) == 0);
    CHECK(json_string_after(text, NULL, "integrated_payment_id", str, sizeof str) &&
          unhex(str, want_pid, sizeof want_pid) == 8);
    CHECK(json_string_after(text, NULL, "integrated_address", str, sizeof str));
    CHECK_RC(cncrypto_address_decode(str, strlen(str), CNCRYPTO_ANY_NETWORK, &net, &kind, s2, v2, pid), CNCRYPTO_OK);
    CHECK(net == CNCRYPTO_MAINNET && kind == CNCRYPTO_ADDRESS_INTEGRATED && memcmp(pid, want_pid, 8) == 0 &&
          memcmp(s2, spend, 32) == 0);
    n = sizeof out;
    CHECK_RC(cncrypto_address_encode(CNCRYPTO_MAINNET, CNCRYPTO_ADDRESS_INTEGRATED, spend, view, want_pid, out, &n),
             CNCRYPTO_OK);
    CHECK(strcmp(out, str) == 0 && n == 107);
  }
  for (p = strstr(text, "\"major\": "); p != NULL; p = strstr(p + 1, "\"major\": ")) {
    uint64_t major = 0, minor = 0;
    uint8_t m[32], want_m[32], D[32], C[32], want_D[32], want_C[32];
    char out[CNCRYPTO_ADDRESS_MAX_BYTES];
    const char *end = strchr(p, '}');
    CHECK(json_number_after(p, end, "major", &major) && json_number_after(p, end, "minor", &minor));
    CHECK(json_hex32_after(p, end, "subaddress_secret_m", want_m) && json_hex32_after(p, end, "D_spend_public", want_D) &&
          json_hex32_after(p, end, "C_view_public", want_C) && json_string_after(p, end, "address", str, sizeof str));
    CHECK_RC(cncrypto_get_subaddress_secret_key(view_sec, (uint32_t)major, (uint32_t)minor, m), CNCRYPTO_OK);
    CHECK(memcmp(m, want_m, 32) == 0);
    CHECK_RC(cncrypto_get_subaddress(view_sec, spend, (uint32_t)major, (uint32_t)minor, D, C), CNCRYPTO_OK);
    CHECK(memcmp(D, want_D, 32) == 0 && memcmp(C, want_C, 32) == 0);
    n = sizeof out;
    CHECK_RC(cncrypto_address_encode(CNCRYPTO_MAINNET, CNCRYPTO_ADDRESS_SUBADDRESS, D, C, NULL, out, &n), CNCRYPTO_OK);
    CHECK(strcmp(out, str) == 0);
    CHECK_RC(cncrypto_address_decode(str, strlen(str), CNCRYPTO_MAINNET, &net, &kind, s2, v2, pid), CNCRYPTO_OK);
    CHECK(kind == CNCRYPTO_ADDRESS_SUBADDRESS && memcmp(s2, want_D, 32) == 0 && memcmp(v2, want_C, 32) == 0);
    ++subs;
  }
  CHECK(subs >= 6);
  (void)spend_sec;
  free(text);
  fprintf(stderr, "c_api_tests: 2 addresses and %d subaddresses of addresses.json checked\n", subs);
}

/* ---- scanning and RingCT amounts --------------------------------------------------------------------------------- */

/* The owned-output vector: the transaction and its wallet's keys. */
struct owned_vector {
  char *text;
  uint8_t *tx;
  size_t tx_len;
  uint8_t view_sec[32], spend_sec[32], view_pub[32], spend_pub[32], out_key[32], mask[32], outpk[32],
      derivation[32], hs[32], tx_hash[32];
  uint64_t amount;
};

static int load_owned_vector(struct owned_vector *v) {
  static char hex[8192];
  long n;
  memset(v, 0, sizeof *v);
  v->text = read_shared("data/vectors/owned_output_clsag_tx.json", NULL);
  if (v->text == NULL) return 0;
  CHECK(json_string_after(v->text, NULL, "tx_hex", hex, sizeof hex));
  v->tx = malloc(strlen(hex) / 2 + 1);
  n = v->tx != NULL ? unhex(hex, v->tx, strlen(hex) / 2) : -1;
  CHECK(n > 0);
  v->tx_len = n > 0 ? (size_t)n : 0;
  CHECK(json_hex32_after(v->text, NULL, "wallet_view_secret", v->view_sec) &&
        json_hex32_after(v->text, NULL, "wallet_spend_secret", v->spend_sec) &&
        json_hex32_after(v->text, NULL, "wallet_view_public", v->view_pub) &&
        json_hex32_after(v->text, NULL, "wallet_spend_public", v->spend_pub) &&
        json_hex32_after(v->text, NULL, "output0_key", v->out_key) &&
        json_hex32_after(v->text, NULL, "output0_commitment_mask", v->mask) &&
        json_hex32_after(v->text, NULL, "output0_commitment_outPk", v->outpk) &&
        json_hex32_after(v->text, NULL, "derivation_8aR", v->derivation) &&
        json_hex32_after(v->text, NULL, "derivation_scalar_Hs(derivation||varint(0))", v->hs) &&
        json_hex32_after(v->text, NULL, "tx_hash_computed", v->tx_hash) &&
        json_number_after(v->text, NULL, "output0_amount", &v->amount));
  return v->tx_len != 0;
}

/* The vector's ring members (input by input) as 64-byte {key, mask} entries. */
static size_t load_ring_members(const char *text, uint8_t *members, size_t cap) {
  const char *q = strstr(text, "\"ring_members\"");
  size_t m = 0;
  for (; q != NULL && m < cap && (q = strstr(q, "\"key\": \"")) != NULL; ++q, ++m)
    CHECK(json_hex32_after(q, NULL, "key", members + 64 * m) && json_hex32_after(q, NULL, "mask", members + 64 * m + 32));
  return m;
}

/* The record of the vector's owned output (watch_only: no key image). */
static void check_owned_record(const struct owned_vector *v, const cncrypto_owned_output *r, int watch_only) {
  uint8_t x[32], image[32], zero[32] = {0};
  CHECK(memcmp(r->tx_hash, v->tx_hash, 32) == 0);
  CHECK(memcmp(r->output_key, v->out_key, 32) == 0);
  CHECK(r->output_index == 0 && r->major == 0 && r->minor == 0 && r->tx_pub_key_index == 0);
  CHECK(r->amount == v->amount && r->amount == 60363387616637ULL);
  CHECK(memcmp(r->mask, v->mask, 32) == 0);
  CHECK((r->flags & CNCRYPTO_OWNED_AMOUNT) != 0 && (r->flags & CNCRYPTO_OWNED_ADDITIONAL_KEY) == 0);
  if (watch_only) {
    CHECK((r->flags & CNCRYPTO_OWNED_KEY_IMAGE) == 0 && memcmp(r->key_image, zero, 32) == 0);
  } else {
    /* Independently: x = Hs(8aR || 0) + b (derive_secret_key from the vector's derivation), I = x*Hp(P). */
    CHECK((r->flags & CNCRYPTO_OWNED_KEY_IMAGE) != 0);
    CHECK_RC(cncrypto_derive_secret_key(v->derivation, 0, v->spend_sec, x), CNCRYPTO_OK);
    CHECK_RC(cncrypto_generate_key_image(v->out_key, x, image), CNCRYPTO_OK);
    CHECK(memcmp(r->key_image, image, 32) == 0);
  }
}

/* Up to cap real transactions of data/txs (nobody here owns them), back to back. */
static size_t load_foreign_txs(uint8_t *buf, size_t buf_cap, size_t *lens, size_t cap) {
  size_t mlen, count = 0, used = 0;
  char *manifest = read_shared("data/manifest.json", &mlen);
  const char *p;
  if (manifest == NULL) return 0;
  for (p = manifest; count < cap && (p = strstr(p, "\"file\": \"txs/")) != NULL; ++p) {
    char file[300], full[4096 + 320];
    uint8_t *blob;
    size_t len;
    if (!json_string_after(p, NULL, "file", file, sizeof file)) break;
    snprintf(full, sizeof full, "%s/data/%s", shared_dir, file);
    blob = read_file(full, &len);
    if (blob == NULL) continue;
    if (used + len <= buf_cap && cncrypto_tx_hash(blob, len, (uint8_t[32]){0}) == CNCRYPTO_OK) {
      memcpy(buf + used, blob, len);
      used += len;
      lens[count++] = len;
    }
    free(blob);
  }
  free(manifest);
  return count;
}

/* The caller-memory form (cncrypto_scan_context_init): the same records as the
 * heap context `heap` (the same wallet, table 0..2 x 0..50 plus (7, 9), (7, 10)),
 * for one transaction, the batch (the owned tx at mid) and its pruned form;
 * its capacity, alignment, wipe and misuse codes. */
static void test_scan_caller_memory(const struct owned_vector *v, const cncrypto_scan_context *heap,
                                    const uint8_t *batch, const size_t *lens, size_t count, size_t mid) {
  static uint64_t mem[(160 + 40 * 110) / 8 + 2]; /* 8-aligned */
  cncrypto_scan_context *fc = (cncrypto_scan_context *)(void *)mem, *wc;
  static uint64_t mem2[(160 + 40 * 1) / 8];
  cncrypto_owned_output a[4], b[4];
  size_t bytes = 0, na, nb, n, i;
  const uint32_t list[6] = {0, 0, 7, 9, 7, 10}, more[2] = {7, 11};
  uint8_t big[32];
  unsigned char *raw = (unsigned char *)(void *)mem;

  /* statebytes: 160 + 40 per entry, capacity 1 .. 2^24 */
  CHECK_RC(cncrypto_scan_context_statebytes(1, &bytes), CNCRYPTO_OK);
  CHECK(bytes == 200);
  CHECK_RC(cncrypto_scan_context_statebytes((size_t)1 << 24, &bytes), CNCRYPTO_OK);
  CHECK(bytes == 160 + 40 * ((size_t)1 << 24));
  CHECK_RC(cncrypto_scan_context_statebytes(102, &bytes), CNCRYPTO_OK);
  CHECK(bytes == 160 + 40 * 102 && bytes + 39 <= sizeof mem);
  CHECK_DETAIL(cncrypto_scan_context_statebytes(0, &bytes), CNCRYPTO_EINVAL, "capacity 0 outside 1 .. 16777216");
  CHECK_DETAIL(cncrypto_scan_context_statebytes(((size_t)1 << 24) + 1, &bytes), CNCRYPTO_EINVAL,
               "capacity 16777217 outside");
  CHECK_DETAIL(cncrypto_scan_context_statebytes(1, NULL), CNCRYPTO_EINVAL, "bytes is NULL");

  /* init's refusals write nothing */
  memset(mem, 0xab, sizeof mem);
  CHECK_DETAIL(cncrypto_scan_context_init(NULL, 200, v->view_sec, v->spend_pub, NULL), CNCRYPTO_EINVAL, "ctx is NULL");
  CHECK_DETAIL(cncrypto_scan_context_init((cncrypto_scan_context *)(void *)(raw + 4), 400, v->view_sec, v->spend_pub,
                                          NULL),
               CNCRYPTO_EINVAL, "not aligned to CNCRYPTO_SCAN_CONTEXT_ALIGN (8)");
  CHECK_DETAIL(cncrypto_scan_context_init(fc, 199, v->view_sec, v->spend_pub, NULL), CNCRYPTO_ESIZE,
               "ctx: 200 bytes (cncrypto_scan_context_statebytes(1)) needed, 199 given");
  CHECK_DETAIL(cncrypto_scan_context_init(fc, bytes, NULL, v->spend_pub, NULL), CNCRYPTO_EINVAL,
               "view_secret_key is NULL");
  memset(big, 0xff, 32);
  CHECK_DETAIL(cncrypto_scan_context_init(fc, 400, big, v->spend_pub, NULL), CNCRYPTO_EDECODE,
               "view_secret_key is not a reduced scalar");
  CHECK_DETAIL(cncrypto_scan_context_init(fc, 400, v->view_sec, v->spend_pub, big), CNCRYPTO_EDECODE,
               "spend_secret_key is not a reduced scalar");
  CHECK_DETAIL(cncrypto_scan_context_init(fc, 400, v->view_sec, v->spend_pub, v->view_sec), CNCRYPTO_EINVAL,
               "scan_context_init: spend secret key does not match the address's spend");
  for (i = 0; i < sizeof mem; ++i) CHECK(raw[i] == 0xab);
  /* not a context yet */
  CHECK_DETAIL(cncrypto_scan_context_subaddress_count(fc, &n), CNCRYPTO_EINVAL, "ctx is not a scan context");
  CHECK_DETAIL(cncrypto_scan_context_destroy(fc), CNCRYPTO_EINVAL, "not a scan context from cncrypto_scan_context_create");

  /* a table of capacity 102 (ctx_len: statebytes(102) + 39 bytes: still 102) */
  CHECK_RC(cncrypto_scan_context_init(fc, bytes + 39, v->view_sec, v->spend_pub, v->spend_sec), CNCRYPTO_OK);
  CHECK_RC(cncrypto_scan_context_subaddress_count(fc, &n), CNCRYPTO_OK);
  CHECK(n == 1);
  CHECK_RC(cncrypto_scan_context_add_subaddress_range(fc, 0, 2, 0, 50), CNCRYPTO_OK);
  CHECK_RC(cncrypto_scan_context_add_subaddresses(fc, list, 3), CNCRYPTO_OK); /* (0, 0) is there already */
  CHECK_RC(cncrypto_scan_context_subaddress_count(fc, &n), CNCRYPTO_OK);
  CHECK(n == 102);
  CHECK_RC(cncrypto_scan_context_add_subaddresses(fc, list, 3), CNCRYPTO_OK); /* all there: full but fine */
  CHECK_DETAIL(cncrypto_scan_context_add_subaddresses(fc, more, 1), CNCRYPTO_ESIZE,
               "scan_context_add_subaddresses: ctx's subaddress table: 103 entries "
               "(cncrypto_scan_context_statebytes(103) = 4280 bytes) needed, 102 given");
  /* refused from the indexes, before any key is derived: the same detail */
  CHECK_DETAIL(cncrypto_scan_context_add_subaddress_range(fc, 3, 4, 0, 2), CNCRYPTO_ESIZE,
               "ctx's subaddress table: 104 entries (cncrypto_scan_context_statebytes(104) = 4320 bytes) needed, "
               "102 given");
  /* (0, 0) and (1, 0) are in the table already: only (2, 0) is new, one too many */
  CHECK_DETAIL(cncrypto_scan_context_add_subaddress_range(fc, 0, 3, 0, 1), CNCRYPTO_ESIZE, "103 entries");
  CHECK_DETAIL(cncrypto_scan_context_add_subaddress_range(fc, 0, 70000, 0, 70000), CNCRYPTO_EINVAL, "(2^24)");
  CHECK_RC(cncrypto_scan_context_subaddress_count(fc, &n), CNCRYPTO_OK);
  CHECK(n == 102); /* unchanged */

  /* the same records as the heap context's */
  na = nb = 4;
  CHECK_RC(cncrypto_scan_tx(heap, v->tx, v->tx_len, a, &na), CNCRYPTO_OK);
  CHECK_RC(cncrypto_scan_tx(fc, v->tx, v->tx_len, b, &nb), CNCRYPTO_OK);
  CHECK(na == 1 && nb == 1 && memcmp(a, b, sizeof a[0]) == 0);
  if (nb == 1) check_owned_record(v, &b[0], 0);
  nb = 0;
  CHECK_RC(cncrypto_scan_tx(fc, v->tx, v->tx_len, NULL, &nb), CNCRYPTO_ESIZE);
  CHECK(nb == 1);
  if (count > mid) {
    na = nb = 4;
    CHECK_RC(cncrypto_scan_txs(heap, batch, lens, count, 1, a, &na), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_txs(fc, batch, lens, count, 3, b, &nb), CNCRYPTO_OK);
    CHECK(na == 1 && nb == 1 && memcmp(a, b, sizeof a[0]) == 0 && b[0].tx_index == mid);
  }
  {
    uint8_t pruned[4096];
    size_t plen = sizeof pruned;
    CHECK_RC(cncrypto_tx_prune(v->tx, v->tx_len, pruned, &plen), CNCRYPTO_OK);
    na = nb = 4;
    CHECK_RC(cncrypto_scan_pruned_txs(heap, pruned, &plen, 1, v->tx_hash, 1, a, &na), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_pruned_txs(fc, pruned, &plen, 1, v->tx_hash, 1, b, &nb), CNCRYPTO_OK);
    CHECK(na == 1 && nb == 1 && memcmp(a, b, sizeof a[0]) == 0);
  }
  /* watch-only, the smallest context: no key image */
  wc = (cncrypto_scan_context *)(void *)mem2;
  CHECK_RC(cncrypto_scan_context_init(wc, sizeof mem2, v->view_sec, v->spend_pub, NULL), CNCRYPTO_OK);
  CHECK_DETAIL(cncrypto_scan_context_add_subaddress_range(wc, 0, 1, 0, 2), CNCRYPTO_ESIZE,
               "2 entries (cncrypto_scan_context_statebytes(2) = 240 bytes) needed, 1 given");
  nb = 4;
  CHECK_RC(cncrypto_scan_tx(wc, v->tx, v->tx_len, b, &nb), CNCRYPTO_OK);
  CHECK(nb == 1);
  if (nb == 1) check_owned_record(v, &b[0], 1);

  /* the forms are not interchangeable for freeing */
  CHECK_DETAIL(cncrypto_scan_context_destroy(fc), CNCRYPTO_EINVAL, "use cncrypto_scan_context_clear");
  CHECK_DETAIL(cncrypto_scan_context_clear((cncrypto_scan_context *)heap), CNCRYPTO_EINVAL,
               "use cncrypto_scan_context_destroy");
  CHECK_DETAIL(cncrypto_scan_context_clear(NULL), CNCRYPTO_EINVAL, "ctx is NULL");
  /* init refuses a live heap context (its memory is the library's), which keeps working */
  CHECK_DETAIL(cncrypto_scan_context_init((cncrypto_scan_context *)heap, 200, v->view_sec, v->spend_pub, NULL),
               CNCRYPTO_EINVAL, "scan_context_init: ctx is a live context from cncrypto_scan_context_create");
  na = 4;
  CHECK_RC(cncrypto_scan_tx(heap, v->tx, v->tx_len, a, &na), CNCRYPTO_OK);
  CHECK(na == 1);

  /* clear wipes every byte it used (160 + 40 * 102); the rest is untouched */
  CHECK_RC(cncrypto_scan_context_clear(fc), CNCRYPTO_OK);
  for (i = 0; i < 160 + 40 * 102; ++i) CHECK(raw[i] == 0);
  for (i = 160 + 40 * 102; i < sizeof mem; ++i) CHECK(raw[i] == 0xab);
  CHECK_RC(cncrypto_scan_context_clear(fc), CNCRYPTO_OK); /* again */
  nb = 4;
  CHECK_DETAIL(cncrypto_scan_tx(fc, v->tx, v->tx_len, b, &nb), CNCRYPTO_EINVAL, "scan_tx: ctx is not a scan context");
  CHECK_DETAIL(cncrypto_scan_txs(fc, batch, lens, 1, 1, b, &nb), CNCRYPTO_EINVAL, "scan_txs: ctx is not");
  CHECK_DETAIL(cncrypto_scan_pruned_txs(fc, batch, lens, 1, NULL, 1, b, &nb), CNCRYPTO_EINVAL, "scan_pruned_txs: ctx");
  CHECK_DETAIL(cncrypto_scan_context_add_subaddresses(fc, list, 1), CNCRYPTO_EINVAL, "was destroyed or cleared");
  CHECK_DETAIL(cncrypto_scan_context_add_subaddress_range(fc, 0, 1, 0, 1), CNCRYPTO_EINVAL, "ctx is not");
  CHECK_RC(cncrypto_scan_context_clear(wc), CNCRYPTO_OK);
}

/* out = (x - y) mod L for scalars x, y < L (32 bytes little-endian each;
 * L = 2^252 + 27742317777372353535851937790883648493, RFC 8032 section 5.1). */
static void scalar_sub(const uint8_t x[32], const uint8_t y[32], uint8_t out[32]) {
  static const uint8_t L[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
  int borrow = 0, carry = 0, i;
  for (i = 0; i < 32; ++i) {
    const int d = x[i] - y[i] - borrow;
    borrow = d < 0;
    out[i] = (uint8_t)(d + 256 * borrow);
  }
  if (!borrow) return;
  for (i = 0; i < 32; ++i) { /* x - y + 2^256 + L = x - y + L (mod 2^256) */
    const int t = out[i] + L[i] + carry;
    carry = t >> 8;
    out[i] = (uint8_t)t;
  }
}

/* A table of 1,000 entries (0..4 x 0..199), the owned output sent to a
 * subaddress far into it: the caller-memory context (binary search in its
 * sorted table) and the heap context (hash table) give the same record, at
 * that index. The vector pays B (= b*G) itself; wallet (a, B' = b'*G) with
 * b' = b - m(major, minor) has subaddress (major, minor) spend key
 * B' + m*G = B, so the output is that subaddress's, and its one-time secret
 * Hs(8aR || 0) + b' + m = Hs(8aR || 0) + b gives the vector's key image
 * (check_owned_record computes it independently). Also on 3 threads, in the
 * batch; and not found while the table holds only (0, 0). */
static void test_scan_large_table(const struct owned_vector *v, const uint8_t *batch, const size_t *lens, size_t count,
                                  size_t mid) {
  static uint64_t mem[(160 + 40 * 1000) / 8]; /* 8-aligned, capacity 1000 */
  static const uint32_t targets[3][2] = {{4, 199}, {2, 117}, {0, 1}};
  cncrypto_scan_context *fc = (cncrypto_scan_context *)(void *)mem, *hc = NULL;
  cncrypto_owned_output a[4], b[4];
  uint8_t m[32], spend_sec[32], spend_pub[32];
  size_t na, nb, n, t, bytes = 0;
  CHECK_RC(cncrypto_scan_context_statebytes(1000, &bytes), CNCRYPTO_OK);
  CHECK(bytes == sizeof mem);
  for (t = 0; t < 3; ++t) {
    const uint32_t major = targets[t][0], minor = targets[t][1];
    CHECK_RC(cncrypto_get_subaddress_secret_key(v->view_sec, major, minor, m), CNCRYPTO_OK);
    scalar_sub(v->spend_sec, m, spend_sec);
    CHECK_RC(cncrypto_secret_key_to_public_key(spend_sec, spend_pub), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_context_init(fc, sizeof mem, v->view_sec, spend_pub, spend_sec), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_context_create(v->view_sec, spend_pub, spend_sec, &hc), CNCRYPTO_OK);
    if (hc == NULL) break;
    na = nb = 4; /* only (0, 0): not ours */
    CHECK_RC(cncrypto_scan_tx(fc, v->tx, v->tx_len, b, &nb), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_tx(hc, v->tx, v->tx_len, a, &na), CNCRYPTO_OK);
    CHECK(na == 0 && nb == 0);
    CHECK_RC(cncrypto_scan_context_add_subaddress_range(fc, 0, 5, 0, 200), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_context_add_subaddress_range(hc, 0, 5, 0, 200), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_context_subaddress_count(fc, &n), CNCRYPTO_OK);
    CHECK(n == 1000);
    na = nb = 4;
    CHECK_RC(cncrypto_scan_tx(hc, v->tx, v->tx_len, a, &na), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_tx(fc, v->tx, v->tx_len, b, &nb), CNCRYPTO_OK);
    CHECK(na == 1 && nb == 1 && memcmp(a, b, sizeof a[0]) == 0);
    if (nb == 1) {
      CHECK(b[0].major == major && b[0].minor == minor);
      b[0].major = b[0].minor = 0; /* the rest as the main address's record */
      check_owned_record(v, &b[0], 0);
    }
    if (count > mid) {
      na = nb = 4;
      CHECK_RC(cncrypto_scan_txs(hc, batch, lens, count, 1, a, &na), CNCRYPTO_OK);
      CHECK_RC(cncrypto_scan_txs(fc, batch, lens, count, 3, b, &nb), CNCRYPTO_OK);
      CHECK(na == 1 && nb == 1 && memcmp(a, b, sizeof a[0]) == 0 && b[0].tx_index == mid && b[0].major == major &&
            b[0].minor == minor);
    }
    CHECK_RC(cncrypto_scan_context_destroy(hc), CNCRYPTO_OK);
    hc = NULL;
    CHECK_RC(cncrypto_scan_context_clear(fc), CNCRYPTO_OK);
  }
}

static void test_scan(void) {
  struct owned_vector v;
  cncrypto_scan_context *ctx = NULL, *watch = NULL, *other = NULL;
  cncrypto_owned_output recs[8];
  size_t n, count, lens[48], foreign, i, at;
  uint8_t *batch = malloc(1 << 20), a[32], A[32], b[32], B[32];
  if (batch == NULL || !load_owned_vector(&v)) {
    CHECK(batch != NULL);
    free(batch);
    free(v.tx);
    free(v.text);
    return;
  }
  CHECK_RC(cncrypto_scan_context_create(v.view_sec, v.spend_pub, v.spend_sec, &ctx), CNCRYPTO_OK);
  CHECK_RC(cncrypto_scan_context_create(v.view_sec, v.spend_pub, NULL, &watch), CNCRYPTO_OK);
  CHECK_RC(cncrypto_scan_context_subaddress_count(ctx, &count), CNCRYPTO_OK);
  CHECK(count == 1);
  CHECK_RC(cncrypto_scan_context_add_subaddress_range(ctx, 0, 2, 0, 50), CNCRYPTO_OK);
  CHECK_RC(cncrypto_scan_context_subaddress_count(ctx, &count), CNCRYPTO_OK);
  CHECK(count == 100); /* (0, 0) was there */
  {
    const uint32_t list[6] = {0, 0, 7, 9, 7, 10};
    CHECK_RC(cncrypto_scan_context_add_subaddresses(ctx, list, 3), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_context_subaddress_count(ctx, &count), CNCRYPTO_OK);
    CHECK(count == 102);
  }

  /* One transaction, by the two-call convention. */
  n = 0;
  CHECK_RC(cncrypto_scan_tx(ctx, v.tx, v.tx_len, NULL, &n), CNCRYPTO_ESIZE);
  CHECK(n == 1);
  CHECK_RC(cncrypto_scan_tx(ctx, v.tx, v.tx_len, recs, &n), CNCRYPTO_OK);
  CHECK(n == 1);
  if (n == 1) check_owned_record(&v, &recs[0], 0);
  n = 8;
  CHECK_RC(cncrypto_scan_tx(watch, v.tx, v.tx_len, recs, &n), CNCRYPTO_OK);
  CHECK(n == 1);
  if (n == 1) check_owned_record(&v, &recs[0], 1);

  /* Another wallet finds nothing in it. */
  CHECK_RC(cncrypto_generate_keys(A, a, NULL), CNCRYPTO_OK);
  CHECK_RC(cncrypto_generate_keys(B, b, NULL), CNCRYPTO_OK);
  CHECK_RC(cncrypto_scan_context_create(a, B, b, &other), CNCRYPTO_OK);
  n = 8;
  CHECK_RC(cncrypto_scan_tx(other, v.tx, v.tx_len, recs, &n), CNCRYPTO_OK);
  CHECK(n == 0);

  /* A batch: real foreign transactions with the owned one in the middle; one
   * thread and three give the same one record, at its position. */
  foreign = load_foreign_txs(batch, (1 << 20) - v.tx_len, lens, 40);
  CHECK(foreign >= 20);
  {
    size_t mid = foreign / 2, before = 0, k;
    for (k = 0; k < mid; ++k) before += lens[k];
    /* rebuild: [0, mid) foreign, the owned tx, [mid, foreign) foreign */
    {
      size_t total = 0, rest;
      for (k = 0; k < foreign; ++k) total += lens[k];
      rest = total - before;
      memmove(batch + before + v.tx_len, batch + before, rest);
      memcpy(batch + before, v.tx, v.tx_len);
      memmove(lens + mid + 1, lens + mid, (foreign - mid) * sizeof lens[0]);
      lens[mid] = v.tx_len;
    }
    for (k = 0; k < 2; ++k) {
      n = 8;
      CHECK_RC(cncrypto_scan_txs(ctx, batch, lens, foreign + 1, k == 0 ? 1u : 3u, recs, &n), CNCRYPTO_OK);
      CHECK(n == 1);
      if (n == 1) {
        CHECK(recs[0].tx_index == mid);
        check_owned_record(&v, &recs[0], 0);
      }
    }
    n = 0;
    CHECK_RC(cncrypto_scan_txs(ctx, batch, lens, foreign + 1, 1, NULL, &n), CNCRYPTO_ESIZE);
    CHECK(n == 1);
    n = 8;
    CHECK_RC(cncrypto_scan_txs(other, batch, lens, foreign + 1, 1, recs, &n), CNCRYPTO_OK);
    CHECK(n == 0);
    /* One blob cut short: the batch is refused, nothing written. */
    lens[0] -= 1;
    n = 8;
    recs[0].amount = 12345;
    CHECK_RC(cncrypto_scan_txs(ctx, batch, lens, foreign + 1, 1, recs, &n), CNCRYPTO_EDECODE);
    CHECK(n == 8 && recs[0].amount == 12345);
    lens[0] += 1;
    fprintf(stderr, "c_api_tests: scanned the owned output alone and in a batch of %zu real transactions\n",
            foreign + 1);
    test_scan_caller_memory(&v, ctx, batch, lens, foreign + 1, mid);
    test_scan_large_table(&v, batch, lens, foreign + 1, mid);
  }

  /* Bad input: truncated blobs, NULLs, huge lengths, wrong keys. */
  /* Cut after 1 or 2 bytes ("02", "02 00") it is a transaction without inputs
   * or outputs, as for Monero (a varint cut off by the end of the input reads as
   * what it has: docs/formats.md): nothing found. Every longer cut is refused. */
  for (at = 1; at <= 2; ++at) {
    n = 8;
    CHECK_RC(cncrypto_scan_tx(ctx, v.tx, at, recs, &n), CNCRYPTO_OK);
    CHECK(n == 0);
  }
  n = 8;
  CHECK_RC(cncrypto_scan_tx(ctx, v.tx, 0, recs, &n), CNCRYPTO_EDECODE);
  for (at = 3; at < v.tx_len; at += 1 + at / 8) {
    n = 8;
    CHECK_RC(cncrypto_scan_tx(ctx, v.tx, at, recs, &n), CNCRYPTO_EDECODE);
  }
  n = 8;
  CHECK_RC(cncrypto_scan_tx(NULL, v.tx, v.tx_len, recs, &n), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_scan_tx(ctx, NULL, v.tx_len, recs, &n), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_scan_tx(ctx, v.tx, v.tx_len, recs, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_scan_tx(ctx, v.tx, v.tx_len, NULL, &n), CNCRYPTO_EINVAL);
  {
    size_t huge[2] = {SIZE_MAX, 2};
    CHECK_RC(cncrypto_scan_txs(ctx, v.tx, huge, 2, 1, recs, &n), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_scan_txs(ctx, v.tx, lens, 1, 257, recs, &n), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_scan_txs(ctx, v.tx, NULL, 1, 1, recs, &n), CNCRYPTO_EINVAL);
    n = 8;
    CHECK_RC(cncrypto_scan_txs(ctx, NULL, NULL, 0, 1, recs, &n), CNCRYPTO_OK);
    CHECK(n == 0);
  }
  {
    cncrypto_scan_context *bad_ctx = (cncrypto_scan_context *)&n;
    uint8_t big[32];
    memset(big, 0xff, 32);
    CHECK_RC(cncrypto_scan_context_create(v.view_sec, v.spend_pub, b, &bad_ctx), CNCRYPTO_EINVAL);
    CHECK(bad_ctx == NULL);
    CHECK_RC(cncrypto_scan_context_create(big, v.spend_pub, NULL, &bad_ctx), CNCRYPTO_EDECODE);
    CHECK_RC(cncrypto_scan_context_create(v.view_sec, v.spend_pub, big, &bad_ctx), CNCRYPTO_EDECODE);
    big[31] = 0x80;
    memset(big, 0, 31);
    big[0] = 1;
    CHECK_RC(cncrypto_scan_context_create(v.view_sec, big, NULL, &bad_ctx), CNCRYPTO_EDECODE);
    CHECK_RC(cncrypto_scan_context_create(NULL, v.spend_pub, NULL, &bad_ctx), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_scan_context_create(v.view_sec, v.spend_pub, NULL, NULL), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_scan_context_add_subaddress_range(ctx, 2, 1, 0, 1), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_scan_context_add_subaddress_range(ctx, 0, 70000, 0, 70000), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_scan_context_add_subaddresses(ctx, NULL, 1), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_scan_context_add_subaddresses(ctx, NULL, 0), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_context_subaddress_count(ctx, &count), CNCRYPTO_OK);
    CHECK(count == 102); /* unchanged by the refused calls */
    CHECK_RC(cncrypto_scan_context_destroy(NULL), CNCRYPTO_OK);
  }

  /* Pruned: the same transaction without its prunable part (cncrypto_tx_prune)
   * gives the same records, the id given by the caller (a pruned transaction's
   * id needs the prunable hash), or zero without one. */
  {
    cncrypto_owned_output full[4], pr[4];
    uint8_t pruned[4096], id[32], ids[64];
    size_t plen = sizeof pruned, nf = 4, np = 4, two[2];
    CHECK_RC(cncrypto_tx_prune(v.tx, v.tx_len, pruned, &plen), CNCRYPTO_OK);
    CHECK(plen < v.tx_len && 2 * plen <= sizeof pruned);
    CHECK_RC(cncrypto_tx_hash(v.tx, v.tx_len, id), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_tx(ctx, v.tx, v.tx_len, full, &nf), CNCRYPTO_OK);
    CHECK_RC(cncrypto_scan_pruned_txs(ctx, pruned, &plen, 1, id, 1, pr, &np), CNCRYPTO_OK);
    CHECK(nf == 1 && np == 1 && memcmp(&full[0], &pr[0], sizeof full[0]) == 0);
    check_owned_record(&v, &pr[0], 0);
    np = 4;
    CHECK_RC(cncrypto_scan_pruned_txs(ctx, pruned, &plen, 1, NULL, 3, pr, &np), CNCRYPTO_OK);
    memset(full[0].tx_hash, 0, 32);
    CHECK(np == 1 && memcmp(&full[0], &pr[0], sizeof full[0]) == 0);
    /* Twice in a batch, the second with another id: two records, tx_index 0 and 1. */
    memcpy(pruned + plen, pruned, plen);
    two[0] = two[1] = plen;
    memcpy(ids, id, 32);
    memset(ids + 32, 0x42, 32);
    np = 4;
    CHECK_RC(cncrypto_scan_pruned_txs(ctx, pruned, two, 2, ids, 1, pr, &np), CNCRYPTO_OK);
    CHECK(np == 2 && pr[0].tx_index == 0 && pr[1].tx_index == 1 && memcmp(pr[0].tx_hash, id, 32) == 0 &&
          memcmp(pr[1].tx_hash, ids + 32, 32) == 0 && pr[1].amount == pr[0].amount);
    np = 1;
    CHECK_DETAIL(cncrypto_scan_pruned_txs(ctx, pruned, two, 2, ids, 1, pr, &np), CNCRYPTO_ESIZE,
                 "out: 2 records needed, 1 given");
    CHECK(np == 2);
    /* A complete blob is not a pruned one; a cut pruned one neither. */
    np = 4;
    CHECK_DETAIL(cncrypto_scan_pruned_txs(ctx, v.tx, &v.tx_len, 1, NULL, 1, pr, &np), CNCRYPTO_EDECODE,
                 "scan_pruned_txs: blob 0 is not a pruned transaction");
    two[0] = plen - 1;
    CHECK_RC(cncrypto_scan_pruned_txs(ctx, pruned, two, 1, NULL, 1, pr, &np), CNCRYPTO_EDECODE);
    CHECK_RC(cncrypto_scan_pruned_txs(NULL, pruned, &plen, 1, NULL, 1, pr, &np), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_scan_pruned_txs(ctx, NULL, &plen, 1, NULL, 1, pr, &np), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_scan_pruned_txs(ctx, pruned, NULL, 1, NULL, 1, pr, &np), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_scan_pruned_txs(ctx, pruned, &plen, 1, NULL, 1, pr, NULL), CNCRYPTO_EINVAL);
    CHECK_DETAIL(cncrypto_scan_pruned_txs(ctx, pruned, &plen, 1, NULL, 257, pr, &np), CNCRYPTO_EINVAL,
                 "threads 257 above the limit 256");
    np = 0;
    CHECK_RC(cncrypto_scan_pruned_txs(ctx, NULL, NULL, 0, NULL, 1, NULL, &np), CNCRYPTO_OK);
    CHECK(np == 0);
  }

  /* RingCT amounts: Hs(8aR || 0) is the vector's; output 0's ecdhInfo (the 8
   * bytes 16 before outPk[0] in the blob: two outputs' amounts, then outPk)
   * decodes to the vector's amount and mask, which open outPk[0]. */
  {
    uint8_t key[32], mask[32], wrong[32];
    uint64_t amount = 0;
    const uint8_t *info = NULL;
    CHECK_RC(cncrypto_derivation_to_scalar(v.derivation, 0, key), CNCRYPTO_OK);
    CHECK(memcmp(key, v.hs, 32) == 0);
    for (at = 16; at + 32 <= v.tx_len; ++at)
      if (memcmp(v.tx + at, v.outpk, 32) == 0) info = v.tx + at - 16;
    CHECK(info != NULL);
    if (info != NULL) {
      CHECK_RC(cncrypto_ecdh_decode(key, info, 8, v.outpk, &amount, mask), CNCRYPTO_OK);
      CHECK(amount == v.amount && memcmp(mask, v.mask, 32) == 0);
      amount = 0;
      CHECK_RC(cncrypto_ecdh_decode(key, info, 8, NULL, &amount, mask), CNCRYPTO_OK);
      CHECK(amount == v.amount);
      /* Another output's commitment, a wrong key: not opened. */
      memcpy(wrong, v.outpk, 32);
      wrong[0] ^= 1;
      amount = 7;
      CHECK_RC(cncrypto_ecdh_decode(key, info, 8, v.tx + (info - v.tx) + 16 + 32, &amount, mask), CNCRYPTO_EVERIFY);
      CHECK(amount == 7);
      key[0] ^= 1;
      CHECK_RC(cncrypto_ecdh_decode(key, info, 8, v.outpk, &amount, mask), CNCRYPTO_EVERIFY);
      CHECK_RC(cncrypto_ecdh_decode(key, info, 7, v.outpk, &amount, mask), CNCRYPTO_EINVAL);
      CHECK_RC(cncrypto_ecdh_decode(key, NULL, 8, v.outpk, &amount, mask), CNCRYPTO_EINVAL);
      CHECK_RC(cncrypto_ecdh_decode(key, info, 8, v.outpk, NULL, mask), CNCRYPTO_EINVAL);
    }
    /* The v1 form: a decrypted amount above 64 bits is refused (an all-0xff tuple). */
    {
      uint8_t tuple[64];
      memset(tuple, 0xff, sizeof tuple);
      CHECK_RC(cncrypto_ecdh_decode(v.hs, tuple, 64, NULL, &amount, mask), CNCRYPTO_EDECODE);
    }
    CHECK_RC(cncrypto_derivation_to_scalar(NULL, 0, key), CNCRYPTO_EINVAL);
  }

  /* The whole transaction: semantics (BP+ range proofs, balance) and both
   * CLSAGs against the vector's ring members (2 inputs x 16 {key, mask}). */
  {
    static uint8_t members[64 * 64];
    const size_t m = load_ring_members(v.text, members, 64);
    CHECK_RC(cncrypto_check_tx_semantics(v.tx, v.tx_len), CNCRYPTO_OK);
    CHECK(m == 32);
    CHECK_RC(cncrypto_check_tx(v.tx, v.tx_len, members, m), CNCRYPTO_OK);
    CHECK_RC(cncrypto_check_tx(v.tx, v.tx_len, members, m - 1), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_check_tx(v.tx, v.tx_len, NULL, m), CNCRYPTO_EINVAL);
    members[64 * 20 + 32] ^= 1; /* a commitment of input 1's ring */
    CHECK_RC(cncrypto_check_tx(v.tx, v.tx_len, members, m), CNCRYPTO_EVERIFY);
    members[64 * 20 + 32] ^= 1;
    memcpy(members + 64 * 3, members + 64 * 4, 32); /* a key of input 0's ring */
    CHECK_RC(cncrypto_check_tx(v.tx, v.tx_len, members, m), CNCRYPTO_EVERIFY);
    /* A bit flipped in the prunable part's tail (pseudo-outs: 64 bytes, before
     * them 2 CLSAGs of 16 * 32 + 64 bytes, before them the BP+ proof): in a CLSAG
     * (the semantics still pass, the signatures not), then in the range proof. */
    {
      uint8_t *copy = malloc(v.tx_len);
      static uint8_t good[64 * 64];
      CHECK(copy != NULL);
      if (copy != NULL) {
        CHECK(load_ring_members(v.text, good, 64) == 32);
        memcpy(copy, v.tx, v.tx_len);
        copy[v.tx_len - 64 - 600] ^= 4;
        CHECK_RC(cncrypto_check_tx_semantics(copy, v.tx_len), CNCRYPTO_OK);
        CHECK_RC(cncrypto_check_tx(copy, v.tx_len, good, 32), CNCRYPTO_EVERIFY);
        memcpy(copy, v.tx, v.tx_len);
        copy[v.tx_len - 64 - 1152 - 100] ^= 4;
        CHECK_RC(cncrypto_check_tx_semantics(copy, v.tx_len), CNCRYPTO_EVERIFY);
        free(copy);
      }
    }
    CHECK_RC(cncrypto_check_tx_semantics(v.tx, v.tx_len - 1), CNCRYPTO_EDECODE);
  }

  /* Random and mutated blobs: documented codes only. */
  for (i = 0; i < 300; ++i) {
    uint8_t buf[4096];
    size_t len = v.tx_len < sizeof buf ? v.tx_len : sizeof buf, l2;
    memcpy(buf, v.tx, len);
    buf[next_random() % len] ^= (uint8_t)(1 + next_random() % 255);
    if (i % 3 == 0) random_fill(buf, len);
    l2 = (size_t)(next_random() % (len + 1));
    n = next_random() % 3;
    CHECK(DOCUMENTED(cncrypto_scan_tx(ctx, buf, l2, recs, &n)));
    n = 8;
    CHECK(DOCUMENTED(cncrypto_scan_txs(watch, buf, &l2, 1, 1, recs, &n)));
    if (i % 10 == 0) CHECK(DOCUMENTED(cncrypto_check_tx_semantics(buf, l2)));
    CHECK(DOCUMENTED(cncrypto_check_tx(buf, l2, buf, (size_t)(next_random() % 40))));
    CHECK(DOCUMENTED(cncrypto_ecdh_decode(buf, buf + 32, next_random() % 2 ? 8 : 64,
                                                next_random() % 2 ? buf + 100 : NULL, (uint64_t[1]){0}, buf + 200)));
  }

  CHECK_RC(cncrypto_scan_context_destroy(ctx), CNCRYPTO_OK);
  CHECK_RC(cncrypto_scan_context_destroy(watch), CNCRYPTO_OK);
  CHECK_RC(cncrypto_scan_context_destroy(other), CNCRYPTO_OK);
  free(batch);
  free(v.tx);
  free(v.text);
}

/* ---- seeds --------------------------------------------------------------------------------------------------------- */

/* A round trip with no vectors: every language Monero writes. */
static void test_seed_round_trips(void) {
  static const char *const languages[] = {"English", "Deutsch", "Español", "Français", "Italiano", "Nederlands",
                                          "Português", "Русский", "日本語", "简体中文 (中国)", "Esperanto",
                                          "Lojban"};
  uint8_t key[32], back[32], spend[32], view[32], expected_view[32];
  char words[1024], lang[CNCRYPTO_LANGUAGE_BYTES];
  size_t i, n;
  int rc;
  random_fill(key, 32);
  key[31] &= 0x0f; /* < L: a spend key */
  for (i = 0; i < sizeof languages / sizeof languages[0]; ++i) {
    n = 0;
    CHECK_RC(cncrypto_seed_encode(key, languages[i], NULL, &n), CNCRYPTO_ESIZE);
    CHECK(n > 25 && n <= sizeof words);
    CHECK_RC(rc = cncrypto_seed_encode(key, languages[i], words, &n), CNCRYPTO_OK);
    if (rc != CNCRYPTO_OK) continue;
    CHECK(strlen(words) + 1 == n);
    CHECK_RC(cncrypto_seed_decode(words, n - 1, NULL, back, lang), CNCRYPTO_OK);
    CHECK(memcmp(back, key, 32) == 0 && strcmp(lang, languages[i]) == 0);
    CHECK_RC(cncrypto_seed_restore(words, n - 1, NULL, 0, NULL, spend, view, NULL, lang), CNCRYPTO_OK);
    CHECK(memcmp(spend, key, 32) == 0);
    /* view = sc_reduce32(cn_fast_hash(spend)): through the ABI, with generate_keys' recovery form. */
    {
      uint8_t h[32], pub[32];
      CHECK_RC(cncrypto_cn_fast_hash(spend, 32, h), CNCRYPTO_OK);
      CHECK_RC(cncrypto_generate_keys(pub, expected_view, h), CNCRYPTO_OK);
      CHECK(memcmp(view, expected_view, 32) == 0);
    }
    /* The first two words swapped: refused by the checksum word (or, were the
     * CRC to collide, a different key). */
    {
      char *sp1 = strchr(words, ' '), *sp2 = sp1 != NULL ? strchr(sp1 + 1, ' ') : NULL;
      static char swapped[1024];
      CHECK(sp2 != NULL);
      if (sp2 != NULL)
        snprintf(swapped, sizeof swapped, "%.*s %.*s%s", (int)(sp2 - sp1 - 1), sp1 + 1, (int)(sp1 - words), words, sp2);
      if (sp2 != NULL && strcmp(swapped, words) != 0) { /* the two words differ */
        rc = cncrypto_seed_decode(swapped, strlen(swapped), NULL, back, NULL);
        CHECK(rc == CNCRYPTO_EDECODE || (rc == CNCRYPTO_OK && memcmp(back, key, 32) != 0));
      }
    }
  }
  /* Bad arguments. */
  n = sizeof words;
  CHECK_RC(cncrypto_seed_encode(key, "Klingon", words, &n), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_seed_encode(key, "English (old)", words, &n), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_seed_encode(key, NULL, words, &n), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_seed_decode("abbey", 5, NULL, back, NULL), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_seed_decode(NULL, 5, NULL, back, NULL), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_seed_decode("", 0, NULL, back, NULL), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_seed_restore("abbey", 5, NULL, 0, NULL, spend, view, NULL, NULL), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_seed_restore("abbey", 5, NULL, 3, NULL, spend, view, NULL, NULL), CNCRYPTO_EINVAL);

  /* Polyseed: create, encode in two languages, restore: same keys, the birthday back. */
  {
    uint8_t secret[CNCRYPTO_POLYSEED_SECRET_BYTES], s2[32], v2[32];
    uint64_t birthday = 0, b2 = 0;
    CHECK_RC(cncrypto_polyseed_create(1700000000u, secret, &birthday), CNCRYPTO_OK);
    CHECK(birthday <= 1700000000u && birthday + 2629746u > 1700000000u && (secret[18] & 0xc0) == 0);
    n = 0;
    CHECK_RC(cncrypto_polyseed_encode(secret, birthday, "English", NULL, &n), CNCRYPTO_ESIZE);
    CHECK_RC(cncrypto_polyseed_encode(secret, birthday, "English", words, &n), CNCRYPTO_OK);
    CHECK_RC(cncrypto_seed_restore(words, n - 1, NULL, 0, NULL, spend, view, &b2, lang), CNCRYPTO_OK);
    CHECK(b2 == birthday && strcmp(lang, "English") == 0);
    n = sizeof words;
    CHECK_RC(cncrypto_polyseed_encode(secret, birthday, "Japanese", words, &n), CNCRYPTO_OK);
    CHECK_RC(cncrypto_seed_restore(words, n - 1, NULL, 0, NULL, s2, v2, &b2, lang), CNCRYPTO_OK);
    CHECK(memcmp(s2, spend, 32) == 0 && memcmp(v2, view, 32) == 0 && strcmp(lang, "Japanese") == 0);
    CHECK_RC(cncrypto_seed_restore(words, n - 1, "x", 1, NULL, s2, v2, &b2, lang), CNCRYPTO_EINVAL);
    secret[18] |= 0x80;
    n = sizeof words;
    CHECK_RC(cncrypto_polyseed_encode(secret, birthday, "English", words, &n), CNCRYPTO_EINVAL);
    secret[18] &= 0x3f;
    CHECK_RC(cncrypto_polyseed_encode(secret, birthday, "Klingon", words, &n), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_polyseed_create(0, NULL, &birthday), CNCRYPTO_EINVAL);
  }
}

/* seeds.json (Monero's words_to_bytes) and polyseed.json (tevador's decoder). */
static void test_seed_vectors(void) {
  char *text = read_shared("data/wallet/seeds.json", NULL);
  static char words[4096], str[512], kind[32];
  const char *p;
  int valid = 0, invalid = 0, encoded_same = 0, poly = 0, poly_bad = 0;
  if (text == NULL) return;
  for (p = strstr(text, "\"id\": \""); p != NULL; p = strstr(p + 1, "\"id\": \"")) {
    const char *end = object_end(p);
    uint8_t spend[32], view[32], want_spend[32], want_view[32], key[32], want_key[32], pub_s[32], pub_v[32];
    char lang[CNCRYPTO_LANGUAGE_BYTES];
    int rc;
    if (!json_string_after(p, end, "kind", kind, sizeof kind) || !json_string_after(p, end, "words", words, sizeof words))
      continue;
    rc = cncrypto_seed_restore(words, strlen(words), NULL, 0, NULL, spend, view, NULL, lang);
    if (strcmp(kind, "invalid") == 0) {
      CHECK(rc == CNCRYPTO_EDECODE || rc == CNCRYPTO_EINVAL);
      ++invalid;
      continue;
    }
    CHECK_RC(rc, CNCRYPTO_OK);
    CHECK(json_hex32_after(p, end, "spend_secret_key", want_spend) && json_hex32_after(p, end, "view_secret_key", want_view));
    CHECK(memcmp(spend, want_spend, 32) == 0 && memcmp(view, want_view, 32) == 0);
    if (json_string_after(p, end, "address_mainnet", str, sizeof str)) {
      char addr[CNCRYPTO_ADDRESS_MAX_BYTES];
      size_t n = sizeof addr;
      CHECK_RC(cncrypto_secret_key_to_public_key(spend, pub_s), CNCRYPTO_OK);
      CHECK_RC(cncrypto_secret_key_to_public_key(view, pub_v), CNCRYPTO_OK);
      CHECK_RC(cncrypto_address_encode(CNCRYPTO_MAINNET, CNCRYPTO_ADDRESS_STANDARD, pub_s, pub_v, NULL, addr, &n), CNCRYPTO_OK);
      CHECK(strcmp(addr, str) == 0);
    }
    if (strcmp(kind, "seed25") == 0 || strcmp(kind, "seed24") == 0) {
      CHECK_RC(cncrypto_seed_decode(words, strlen(words), NULL, key, lang), CNCRYPTO_OK);
      CHECK(json_hex32_after(p, end, "seed_bytes", want_key) && memcmp(key, want_key, 32) == 0);
      CHECK(json_string_after(p, end, "language", str, sizeof str) && strcmp(lang, str) == 0);
      if (strcmp(kind, "seed25") == 0) { /* encoding the key gives words that decode to it */
        static char again[4096];
        size_t n = sizeof again;
        CHECK_RC(cncrypto_seed_encode(key, lang, again, &n), CNCRYPTO_OK);
        encoded_same += strcmp(again, words) == 0;
        CHECK_RC(cncrypto_seed_decode(again, n - 1, lang, want_key, NULL), CNCRYPTO_OK);
        CHECK(memcmp(key, want_key, 32) == 0);
      }
    }
    ++valid;
  }
  free(text);
  CHECK(valid >= 110 && invalid >= 70 && encoded_same >= 50);

  text = read_shared("data/wallet/polyseed.json", NULL);
  if (text == NULL) return;
  for (p = strstr(text, "\"id\": \""); p != NULL; p = strstr(p + 1, "\"id\": \"")) {
    const char *end = object_end(p);
    uint8_t spend[32], view[32], want_spend[32], want_view[32];
    uint64_t birthday = 0, want_birthday = 0;
    char status[32], lang[CNCRYPTO_LANGUAGE_BYTES];
    int rc;
    if (!json_string_after(p, end, "phrase", words, sizeof words) || !json_string_after(p, end, "status", status, sizeof status))
      continue;
    {
      const char *explicit_index = strstr(p, "\"explicit_language_index\": ");
      if (explicit_index != NULL && explicit_index < end && strncmp(explicit_index + 27, "null", 4) != 0)
        continue; /* decoded in a given language by tevador's test: not the detection asked here */
    }
    rc = cncrypto_seed_restore(words, strlen(words), NULL, 0, NULL, spend, view, &birthday, lang);
    if (strcmp(status, "OK") != 0) {
      CHECK(rc == CNCRYPTO_EDECODE);
      ++poly_bad;
      continue;
    }
    CHECK_RC(rc, CNCRYPTO_OK);
    CHECK(json_hex32_after(p, end, "spend_secret_key", want_spend) && json_hex32_after(p, end, "view_secret_key", want_view) &&
          json_number_after(p, end, "birthday", &want_birthday));
    CHECK(memcmp(spend, want_spend, 32) == 0 && memcmp(view, want_view, 32) == 0 && birthday == want_birthday);
    /* Encoding the secret and birthday in the language found gives the canonical phrase. */
    {
      uint8_t secret[32];
      static char canonical[4096], again[4096];
      size_t n = sizeof again;
      CHECK(json_hex32_after(p, end, "secret_19_padded", secret) &&
            json_string_after(p, end, "canonical_phrase", canonical, sizeof canonical));
      CHECK_RC(cncrypto_polyseed_encode(secret, birthday, lang, again, &n), CNCRYPTO_OK);
      CHECK(strcmp(again, canonical) == 0 && n == strlen(canonical) + 1);
    }
    ++poly;
  }
  free(text);
  CHECK(poly >= 30 && poly_bad >= 5);
  fprintf(stderr,
          "c_api_tests: %d valid and %d invalid Electrum seeds (%d re-encoded to the same words), %d valid and %d "
          "invalid Polyseeds checked\n",
          valid, invalid, encoded_same, poly, poly_bad);
}

/* ---- .keys files ---------------------------------------------------------------------------------------------------- */

static void test_keys_files(int have_shared) {
  uint8_t spend[32], view[32], pub_s[32], pub_v[32], s2[32], v2[32], ps2[32], pv2[32], h[32];
  uint8_t *file;
  size_t n = 0, bound;
  int net = -1;
  /* Write then read: a new wallet's keys, its public keys, the network; a wrong password. */
  random_fill(spend, 32);
  spend[31] &= 0x0f;
  CHECK_RC(cncrypto_cn_fast_hash(spend, 32, h), CNCRYPTO_OK);
  CHECK_RC(cncrypto_generate_keys(pub_v, view, h), CNCRYPTO_OK);
  CHECK_RC(cncrypto_secret_key_to_public_key(spend, pub_s), CNCRYPTO_OK);
  CHECK_RC(cncrypto_keys_file_write(spend, view, CNCRYPTO_STAGENET, "pw", 2, 1, NULL, 1600000000u, NULL, &n),
           CNCRYPTO_ESIZE);
  bound = n;
  CHECK(n > 500 && n < 8192);
  file = malloc(n);
  CHECK(file != NULL);
  if (file == NULL) return;
  CHECK_RC(cncrypto_keys_file_write(spend, view, CNCRYPTO_STAGENET, "pw", 2, 1, "Deutsch", 1600000000u, file, &n),
           CNCRYPTO_OK);
  CHECK(n <= bound);
  CHECK_RC(cncrypto_keys_file_read(file, n, "pw", 2, 1, s2, v2, ps2, pv2, &net), CNCRYPTO_OK);
  CHECK(memcmp(s2, spend, 32) == 0 && memcmp(v2, view, 32) == 0 && memcmp(ps2, pub_s, 32) == 0 &&
        memcmp(pv2, pub_v, 32) == 0 && net == CNCRYPTO_STAGENET);
  { /* The description: what store_keys_buf wrote (docs: wallet2::store_keys' fields). */
    cncrypto_keys_file_info info;
    unsigned char bigger[sizeof info + 16];
    CHECK(sizeof info == CNCRYPTO_KEYS_FILE_INFO_BYTES && cncrypto_keys_file_info_bytes() == 120);
    memset(s2, 0, 32);
    memset(v2, 0, 32);
    memset(&info, 0xAA, sizeof info);
    CHECK_RC(cncrypto_keys_file_read_info(file, n, "pw", 2, 1, s2, v2, &info, sizeof info), CNCRYPTO_OK);
    CHECK(memcmp(s2, spend, 32) == 0 && memcmp(v2, view, 32) == 0);
    CHECK(memcmp(info.spend_public_key, pub_s, 32) == 0 && memcmp(info.view_public_key, pub_v, 32) == 0);
    CHECK(info.network == CNCRYPTO_STAGENET && info.creation_timestamp == 1600000000u &&
          info.cipher == CNCRYPTO_KEYS_FILE_CHACHA20 && info.finding_count == 0 &&
          strcmp(info.seed_language, "Deutsch") == 0);
    CHECK(info.flags == (CNCRYPTO_KEYS_FILE_NETWORK_IN_FILE | CNCRYPTO_KEYS_FILE_ENCRYPTED_SECRET_KEYS |
                         CNCRYPTO_KEYS_FILE_SPEND_KEY_VERIFIED));
    /* No secret wanted: only the description. A later, larger struct: zeros after this version's fields. */
    memset(bigger, 0xAA, sizeof bigger);
    CHECK_RC(cncrypto_keys_file_read_info(file, n, "pw", 2, 1, NULL, NULL, (cncrypto_keys_file_info *)(void *)bigger,
                                          sizeof bigger),
             CNCRYPTO_OK);
    CHECK(memcmp(bigger, &info, sizeof info) == 0);
    CHECK(bigger[sizeof info] == 0 && bigger[sizeof bigger - 1] == 0);
    CHECK_DETAIL(cncrypto_keys_file_read_info(file, n, "pw", 2, 1, NULL, NULL, &info, sizeof info - 1), CNCRYPTO_EINVAL,
                 "info_len 119 is below the first version's 120 bytes");
    CHECK_RC(cncrypto_keys_file_read_info(file, n, "pw", 2, 1, NULL, NULL, NULL, sizeof info), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_keys_file_read_info(NULL, n, "pw", 2, 1, NULL, NULL, &info, sizeof info), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_keys_file_read_info(file, n, NULL, 2, 1, NULL, NULL, &info, sizeof info), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_keys_file_read_info(file, n, "pw", 2, 0, NULL, NULL, &info, sizeof info), CNCRYPTO_EINVAL);
    CHECK_DETAIL(cncrypto_keys_file_read_info(file, n, "pw", 2, CNCRYPTO_KDF_ROUNDS_MAX + 1, NULL, NULL, &info,
                                              sizeof info),
                 CNCRYPTO_EINVAL, "above the limit 1000000");
    CHECK_RC(cncrypto_keys_file_read_info(file, n, "pW", 2, 1, NULL, NULL, &info, sizeof info), CNCRYPTO_EVERIFY);
    CHECK_RC(cncrypto_keys_file_read_info(file, n / 2, "pw", 2, 1, NULL, NULL, &info, sizeof info), CNCRYPTO_EDECODE);
    CHECK_DETAIL(cncrypto_keys_file_load_info("/nonexistent/cncrypto-info.keys", "pw", 2, 1, NULL, NULL, &info,
                                              sizeof info),
                 CNCRYPTO_EIO, "/nonexistent/cncrypto-info.keys");
    CHECK_RC(cncrypto_keys_file_load_info(NULL, "pw", 2, 1, NULL, NULL, &info, sizeof info), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_keys_file_load_info("/nonexistent/x.keys", "pw", 2, 1, NULL, NULL, &info, 8), CNCRYPTO_EINVAL);
  }
  CHECK_RC(cncrypto_keys_file_read(file, n, "pW", 2, 1, s2, v2, ps2, pv2, &net), CNCRYPTO_EVERIFY);
  CHECK_RC(cncrypto_keys_file_read(file, n, "pw", 2, 2, s2, v2, ps2, pv2, &net), CNCRYPTO_EVERIFY);
  CHECK_RC(cncrypto_keys_file_read(file, n / 2, "pw", 2, 1, s2, v2, ps2, pv2, &net), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_keys_file_read(file, 5, "pw", 2, 1, s2, v2, ps2, pv2, &net), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_keys_file_read(file, 0, "pw", 2, 1, s2, v2, ps2, pv2, &net), CNCRYPTO_EDECODE);
  CHECK_RC(cncrypto_keys_file_read(file, n, "pw", 2, 0, s2, v2, ps2, pv2, &net), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keys_file_read(file, n, NULL, 2, 1, s2, v2, ps2, pv2, &net), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keys_file_read(NULL, n, "pw", 2, 1, s2, v2, ps2, pv2, &net), CNCRYPTO_EINVAL);
  CHECK_RC(cncrypto_keys_file_read(file, n, "pw", 2, 1, s2, v2, ps2, NULL, &net), CNCRYPTO_EINVAL);
  {
    size_t small = 10;
    uint8_t big[32];
    CHECK_RC(cncrypto_keys_file_write(spend, view, 3, "pw", 2, 1, NULL, 0, file, &small), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_keys_file_write(spend, view, 0, "pw", 2, 0, NULL, 0, file, &small), CNCRYPTO_EINVAL);
    CHECK_RC(cncrypto_keys_file_write(spend, view, 0, "pw", 2, 1, "Klingon", 0, file, &small), CNCRYPTO_EINVAL);
    memset(big, 0xff, 32);
    CHECK_RC(cncrypto_keys_file_write(big, view, 0, "pw", 2, 1, NULL, 0, file, &small), CNCRYPTO_EDECODE);
    CHECK(small == 10);
  }
  free(file);
  CHECK_RC(cncrypto_keys_file_load("/nonexistent/cncrypto.keys", "pw", 2, 1, s2, v2, ps2, pv2, &net), CNCRYPTO_EIO);
  CHECK_RC(cncrypto_keys_file_load(NULL, "pw", 2, 1, s2, v2, ps2, pv2, &net), CNCRYPTO_EINVAL);

  /* Monero's two test wallets. */
  if (have_shared) {
    char *text = read_shared("data/wallet/wallet_files.json", NULL);
    static const char *const names[2] = {"wallet_9svHk1", "wallet_00fd416a"};
    static const int nets[2] = {CNCRYPTO_TESTNET, CNCRYPTO_MAINNET};
    int w;
    if (text == NULL) return;
    for (w = 0; w < 2; ++w) {
      char pattern[64], password[64], address[200], path[4200], rel[100], out[CNCRYPTO_ADDRESS_MAX_BYTES];
      const char *p;
      uint8_t want[4][32];
      size_t alen = sizeof out;
      snprintf(pattern, sizeof pattern, "\"%s\": {", names[w]);
      p = strstr(text, pattern);
      CHECK(p != NULL);
      if (p == NULL) continue;
      CHECK(json_string_after(p, NULL, "password", password, sizeof password) &&
            json_hex32_after(p, NULL, "spend_secret_key", want[0]) && json_hex32_after(p, NULL, "view_secret_key", want[1]) &&
            json_hex32_after(p, NULL, "spend_public_key", want[2]) && json_hex32_after(p, NULL, "view_public_key", want[3]) &&
            json_string_after(p, NULL, "address", address, sizeof address));
      snprintf(rel, sizeof rel, "data/wallet/files/%s.keys", names[w]);
      CHECK_RC(cncrypto_keys_file_load(path_in_shared(path, sizeof path, rel), password, strlen(password), 1, s2, v2, ps2,
                                       pv2, &net),
               CNCRYPTO_OK);
      CHECK(memcmp(s2, want[0], 32) == 0 && memcmp(v2, want[1], 32) == 0 && memcmp(ps2, want[2], 32) == 0 &&
            memcmp(pv2, want[3], 32) == 0 && net == nets[w]);
      CHECK_RC(cncrypto_address_encode(net, CNCRYPTO_ADDRESS_STANDARD, ps2, pv2, NULL, out, &alen), CNCRYPTO_OK);
      CHECK(strcmp(out, address) == 0);
      CHECK_RC(cncrypto_keys_file_load(path, "wrong", 5, 1, s2, v2, ps2, pv2, &net), CNCRYPTO_EVERIFY);
      { /* The description, against wallet_files.json: json_fields (seed_language, nettype,
         * watch_only 0, multisig 0, encrypted_secret_keys 1), key_data_parsed's
         * m_creation_timestamp, account_data_cipher chacha20. */
        static const uint64_t created[2] = {1483262038u, 1688742536u};
        cncrypto_keys_file_info info;
        char language[32];
        CHECK(json_string_after(p, NULL, "seed_language", language, sizeof language));
        CHECK_RC(cncrypto_keys_file_load_info(path, password, strlen(password), 1, s2, NULL, &info, sizeof info),
                 CNCRYPTO_OK);
        CHECK(memcmp(s2, want[0], 32) == 0 && memcmp(info.spend_public_key, want[2], 32) == 0 &&
              memcmp(info.view_public_key, want[3], 32) == 0);
        CHECK(info.network == nets[w] && info.creation_timestamp == created[w] &&
              info.cipher == CNCRYPTO_KEYS_FILE_CHACHA20 && strcmp(info.seed_language, language) == 0);
        CHECK(info.flags == (CNCRYPTO_KEYS_FILE_NETWORK_IN_FILE | CNCRYPTO_KEYS_FILE_ENCRYPTED_SECRET_KEYS |
                             CNCRYPTO_KEYS_FILE_SPEND_KEY_VERIFIED));
      }
    }
    free(text);
    fprintf(stderr, "c_api_tests: Monero's 2 test wallets' .keys files opened\n");
  }
}

/* Random strings and bytes into the text and file readers: documented codes
 * only, never a crash (the random loop of c_api_tests.c for the other half). */
static void test_random_text(void) {
  static const char alphabet[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz abbey zoo ";
  char text[300], lang[CNCRYPTO_LANGUAGE_BYTES];
  uint8_t a[32], b[32], c[32], d[32], pid[8];
  uint64_t birthday;
  int i, net, kind;
  for (i = 0; i < 400; ++i) {
    size_t len = (size_t)(next_random() % sizeof text), k;
    for (k = 0; k < len; ++k)
      text[k] = i % 4 == 0 ? (char)next_random() : alphabet[next_random() % (sizeof alphabet - 1)];
    CHECK(DOCUMENTED(cncrypto_address_decode(text, len, (int)(next_random() % 5) - 1, &net, &kind, a, b, pid)));
    CHECK(DOCUMENTED(cncrypto_seed_decode(text, len, next_random() % 2 ? NULL : "English", a, lang)));
    CHECK(DOCUMENTED(cncrypto_seed_restore(text, len, NULL, 0, NULL, a, b, &birthday, lang)));
    if (i % 40 == 0) /* a KDF round each: a few */
      CHECK(DOCUMENTED(cncrypto_keys_file_read((const uint8_t *)text, len, "pw", 2, 1, a, b, c, d, &net)));
  }
}

void test_wallet(int have_shared) {
  test_random_text();
  test_sizes_and_two_call();
  test_address_round_trips();
  test_seed_round_trips();
  test_keys_files(have_shared);
  if (have_shared) {
    test_address_vectors();
    test_scan();
    test_seed_vectors();
  }
}
