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
 *                       punctuation as Po); CN for anything else */
#include <utf8proc.h>

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
    if (str[i] >= 0x80) return UTF8PROC_ERROR_NOTASSIGNED; /* outside this stand-in's ASCII */
  }
  if (buffer != NULL && n <= bufsize) {
    for (utf8proc_ssize_t i = 0; i < n; ++i) buffer[i] = str[i];
  }
  return n;
}

utf8proc_ssize_t utf8proc_reencode(utf8proc_int32_t *buffer, utf8proc_ssize_t length, utf8proc_option_t options) {
  utf8proc_uint8_t *out = (utf8proc_uint8_t *)buffer;
  (void)options; /* composition and the other options leave ASCII as it is */
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
  if (c < 0 || c >= 0x80) return UTF8PROC_CATEGORY_CN; /* not known to this stand-in */
  if (c < 0x20 || c == 0x7f) return UTF8PROC_CATEGORY_CC;
  if (c == ' ') return UTF8PROC_CATEGORY_ZS;
  if (c >= '0' && c <= '9') return UTF8PROC_CATEGORY_ND;
  if (c >= 'A' && c <= 'Z') return UTF8PROC_CATEGORY_LU;
  if (c >= 'a' && c <= 'z') return UTF8PROC_CATEGORY_LL;
  return UTF8PROC_CATEGORY_PO; /* ASCII's symbols and punctuation: none is a mark (Mn) */
}
