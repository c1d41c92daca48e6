/* The utf8proc functions cncrypto calls (Polyseed's phrase normalisation,
 * src/wallet/mnemonics/polyseed.cpp), for the WebAssembly build only
 * (external/wasm/CMakeLists.txt, docs/wasm.md). Debian ships no wasm32 utf8proc,
 * and its Unicode tables are most of its size: this stand-in normalises ASCII
 * text only (for which NFKD and NFC are the identity), and refuses any other code
 * point with UTF8PROC_ERROR_NOTASSIGNED, so a phrase outside ASCII (a Polyseed
 * word list other than English) is an error in the wasm build, never a wrong
 * result. Written against utf8proc's own header (the build machine's
 * libutf8proc-dev); behaviour as its documentation says:
 *
 *   utf8proc_decompose  ASCII: the code points of the bytes (the count; written
 *                       when bufsize allows); UTF8PROC_NULLTERM honoured
 *   utf8proc_reencode   ASCII code points back to bytes, NUL-terminated
 *   utf8proc_iterate    one UTF-8 sequence of any code point (full decoder)
 *   utf8proc_category   ASCII's categories (control, space, digit, letters,
 *                       punctuation as Po); CN for anything else
 *
 * In the WebAssembly build itself (__EMSCRIPTEN__) text outside ASCII is not
 * refused: decompose normalises through the JavaScript engine's Unicode tables
 * (String.prototype.normalize, NFKD or NFC as the options ask; ECMA-262 says it
 * follows the Unicode Standard's Annex #15, as utf8proc does), reencode writes
 * any code point as UTF-8, and category reports a nonspacing mark (Mn, the
 * category cncrypto asks about: \p{Mn} in a JavaScript regular expression) for
 * code points outside ASCII (CN for the others, as before). So every Polyseed
 * language works in the wasm module at no size cost; the JavaScript engine's
 * temporary strings of the phrase cannot be wiped (docs/wasm.md). The native
 * build of this file (tests/wasm/utf8proc_subset_test.c) keeps the ASCII-only
 * behaviour; the package's suite checks the wasm path on polyseed.json's
 * vectors in all ten languages. */
#include <utf8proc.h>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
/* The NFKD (compose 0) or NFC (1) of the UTF-8 text (p, n) as code points into
 * out[0 .. cap); returns how many there are (written only when they fit), or
 * -1 if the text is not UTF-8. */
EM_JS(int, cncrypto_js_normalize, (const unsigned char *p, int n, int compose, int *out, int cap), {
  var s;
  try { s = new TextDecoder('utf-8', { fatal: true }).decode(HEAPU8.subarray(p, p + n)); } catch (e) { return -1; }
  s = s.normalize(compose ? 'NFC' : 'NFKD');
  var cps = Array.from(s, function (c) { return c.codePointAt(0); });
  if (cps.length <= cap) HEAP32.set(cps, out >> 2);
  return cps.length;
});
/* 1 if the code point is a nonspacing mark (general category Mn). */
/* (the pattern ^\p{Mn}$ built without a backslash in this C source: the macro stringifies the body) */
EM_JS(int, cncrypto_js_is_mark, (int cp), {
  return new RegExp('^' + String.fromCharCode(92) + 'p{Mn}$', 'u').test(String.fromCodePoint(cp)) ? 1 : 0;
});
#endif

utf8proc_ssize_t utf8proc_decompose(const utf8proc_uint8_t *str, utf8proc_ssize_t strlen, utf8proc_int32_t *buffer,
                                    utf8proc_ssize_t bufsize, utf8proc_option_t options) {
  utf8proc_ssize_t n = 0;
  if ((options & UTF8PROC_NULLTERM) != 0) {
    while (str[n] != 0) ++n;
  } else {
    if (strlen < 0) return UTF8PROC_ERROR_INVALIDOPTS;
    n = strlen;
  }
  for (utf8proc_ssize_t i = 0; i < n; ++i) {
    if (str[i] >= 0x80) {
#ifdef __EMSCRIPTEN__
      /* outside ASCII: the JavaScript engine's normalisation (NFC when composing) */
      const int got = cncrypto_js_normalize(str, (int)n, (options & UTF8PROC_COMPOSE) != 0, buffer,
                                            buffer != NULL ? (int)bufsize : 0);
      return got < 0 ? UTF8PROC_ERROR_INVALIDUTF8 : got;
#else
      return UTF8PROC_ERROR_NOTASSIGNED; /* outside this stand-in's ASCII */
#endif
    }
  }
  if (buffer != NULL && n <= bufsize) {
    for (utf8proc_ssize_t i = 0; i < n; ++i) buffer[i] = str[i];
  }
  return n;
}

utf8proc_ssize_t utf8proc_reencode(utf8proc_int32_t *buffer, utf8proc_ssize_t length, utf8proc_option_t options) {
  utf8proc_uint8_t *out = (utf8proc_uint8_t *)buffer;
  (void)options; /* composition and the other options leave ASCII as it is */
#ifdef __EMSCRIPTEN__
  /* any code point (decompose normalised already: NFC of NFC is itself); UTF-8 in
   * place: code point i's bytes end at most at byte 4 * (i + 1), where code
   * point i + 1 starts, and it is read before they are written */
  {
    utf8proc_ssize_t o = 0;
    for (utf8proc_ssize_t i = 0; i < length; ++i) {
      const utf8proc_int32_t c = buffer[i];
      if (c < 0 || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return UTF8PROC_ERROR_NOTASSIGNED;
      if (c < 0x80) {
        out[o++] = (utf8proc_uint8_t)c;
      } else if (c < 0x800) {
        out[o++] = (utf8proc_uint8_t)(0xc0 | (c >> 6)), out[o++] = (utf8proc_uint8_t)(0x80 | (c & 0x3f));
      } else if (c < 0x10000) {
        out[o++] = (utf8proc_uint8_t)(0xe0 | (c >> 12)), out[o++] = (utf8proc_uint8_t)(0x80 | ((c >> 6) & 0x3f));
        out[o++] = (utf8proc_uint8_t)(0x80 | (c & 0x3f));
      } else {
        out[o++] = (utf8proc_uint8_t)(0xf0 | (c >> 18)), out[o++] = (utf8proc_uint8_t)(0x80 | ((c >> 12) & 0x3f));
        out[o++] = (utf8proc_uint8_t)(0x80 | ((c >> 6) & 0x3f)), out[o++] = (utf8proc_uint8_t)(0x80 | (c & 0x3f));
      }
    }
    out[o] = 0;
    return o;
  }
#endif
  for (utf8proc_ssize_t i = 0; i < length; ++i) {
    if (buffer[i] < 0 || buffer[i] >= 0x80) return UTF8PROC_ERROR_NOTASSIGNED;
  }
  for (utf8proc_ssize_t i = 0; i < length; ++i) out[i] = (utf8proc_uint8_t)buffer[i]; /* byte i <= int i: in place */
  out[length] = 0;
  return length;
}

utf8proc_ssize_t utf8proc_iterate(const utf8proc_uint8_t *str, utf8proc_ssize_t strlen, utf8proc_int32_t *codepoint_ref) {
  utf8proc_int32_t cp;
  utf8proc_ssize_t len, i;
  *codepoint_ref = -1;
  if (strlen == 0) return 0;
  if (str[0] < 0x80) {
    *codepoint_ref = str[0];
    return 1;
  }
  if (str[0] >= 0xc2 && str[0] <= 0xdf) len = 2, cp = str[0] & 0x1f;
  else if (str[0] >= 0xe0 && str[0] <= 0xef) len = 3, cp = str[0] & 0x0f;
  else if (str[0] >= 0xf0 && str[0] <= 0xf4) len = 4, cp = str[0] & 0x07;
  else return UTF8PROC_ERROR_INVALIDUTF8;
  if (strlen >= 0 && strlen < len) return UTF8PROC_ERROR_INVALIDUTF8;
  for (i = 1; i < len; ++i) {
    if ((str[i] & 0xc0) != 0x80) return UTF8PROC_ERROR_INVALIDUTF8;
    cp = (cp << 6) | (str[i] & 0x3f);
  }
  /* overlong forms, surrogates and values past U+10FFFF are not UTF-8 */
  if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
    return UTF8PROC_ERROR_INVALIDUTF8;
  *codepoint_ref = cp;
  return len;
}

utf8proc_category_t utf8proc_category(utf8proc_int32_t c) {
#ifdef __EMSCRIPTEN__
  if (c >= 0x80 && c <= 0x10ffff && cncrypto_js_is_mark(c)) return UTF8PROC_CATEGORY_MN;
#endif
  if (c < 0 || c >= 0x80) return UTF8PROC_CATEGORY_CN; /* not known to this stand-in */
  if (c < 0x20 || c == 0x7f) return UTF8PROC_CATEGORY_CC;
  if (c == ' ') return UTF8PROC_CATEGORY_ZS;
  if (c >= '0' && c <= '9') return UTF8PROC_CATEGORY_ND;
  if (c >= 'A' && c <= 'Z') return UTF8PROC_CATEGORY_LU;
  if (c >= 'a' && c <= 'z') return UTF8PROC_CATEGORY_LL;
  return UTF8PROC_CATEGORY_PO; /* ASCII's symbols and punctuation: none is a mark (Mn) */
}
