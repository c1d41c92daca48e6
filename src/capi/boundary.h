// The C ABI's one error boundary: how the C++ library's error channels become
// the stable codes of cncrypto.h. Private to the capi layer.
//
// The library reports failure five ways (docs/architecture.md, "Errors"):
// exceptions of several kinds, Monero's bools, std::optional, std::string *error
// and problems lists. Here they meet one small taxonomy, `failure`, and one
// mapping from it to the codes (code_of). Every exported function runs its body
// through guard(), so nothing but an int leaves the library:
//
//   exception                                  failure
//   std::bad_alloc                             no_memory
//   cncrypto::parse_error                      decode        (malformed bytes)
//   cncrypto::pow_error (seed_required)        bad_argument  (a missing argument)
//   cncrypto::pow_error (any other kind)       decode        (a block that is not one)
//   other std::logic_error (invalid_argument,
//     length_error, out_of_range, the misuse
//     errors of keccak_hasher)                 bad_argument
//   cncrypto::address_error, base58::decode_error  decode   (not an address)
//   cncrypto::seed_error: unknown_language,
//     bad_length / any other kind              bad_argument / decode (a bad seed)
//   polyseed_error: bad_argument / unsupported
//     / any other kind                         bad_argument / unsupported / decode
//   cncrypto::keys_file_error: io / wrong_password / unsupported / truncated,
//     bad_format, keys_mismatch                io / verify / unsupported / decode
//   std::runtime_error, build without RandomX  unsupported   (the only runtime_error
//                                                             such a build adds)
//   anything else                              internal
//
//   a Monero bool false / empty optional       the failure the caller names:
//                                              decode for a "could not decode"
//                                              (generate_key_derivation), verify
//                                              for a check (check_signature)
//
// Each row's detail (cncrypto_last_error) is "<fn>: " and the exception's
// what(), except: the seed and Polyseed errors give message_without_input()
// (the word index, never the word: a seed word is a secret), bad_alloc gives
// "out of memory". The what() texts of the other rows name fields, offsets,
// sizes and limits and hold no secret bytes (reviewed: keys_file_error's never
// quote key or password bytes; address and base58 errors quote at most one
// character of the address, which is public; parse_error gives offsets).
//
// New wrappers add rows here, never their own try/catch. The positioned_error
// classes (address, base58, seed, polyseed) are std::invalid_argument: their rows
// come before the logic_error row.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>

#include "cncrypto.h"
#include "memwipe.h"

namespace cncrypto::capi {

enum class failure { bad_argument, decode, verify, size, no_memory, unsupported, internal, io };

// The one mapping from the taxonomy to cncrypto.h's codes.
constexpr int code_of(failure f) noexcept {
  switch (f) {
    case failure::bad_argument: return CNCRYPTO_EINVAL;
    case failure::decode: return CNCRYPTO_EDECODE;
    case failure::verify: return CNCRYPTO_EVERIFY;
    case failure::size: return CNCRYPTO_ESIZE;
    case failure::no_memory: return CNCRYPTO_ENOMEM;
    case failure::unsupported: return CNCRYPTO_EUNSUPPORTED;
    case failure::internal: return CNCRYPTO_EINTERNAL;
    case failure::io: return CNCRYPTO_EIO;
  }
  return CNCRYPTO_EINTERNAL;
}

// ---- the error detail (cncrypto_last_error) ----------------------------------
//
// Every path of an exported function that returns a negative code goes through
// fail() (or guard(), which calls it for an exception): it stores the thread's
// detail text "<fn>: <text>" (fn: the function's name without cncrypto_;
// truncated at a UTF-8 boundary to fit a fixed thread-local buffer: no
// allocation, so ENOMEM can be reported too) and returns the code. The text
// names the argument, position, field, limit or size; it never holds secret
// bytes, keys, passwords or seed words (exceptions' texts: see boundary.cpp).

// Sets the calling thread's detail: fn, ": ", then the parts (built in place).
void set_detail(const char *fn, std::initializer_list<std::string_view> parts) noexcept;
// The thread's detail buffer (cncrypto_last_error).
const char *detail() noexcept;
void clear_detail() noexcept;

// The code of failure f, with its detail.
inline int fail(failure f, const char *fn, std::string_view text) noexcept {
  set_detail(fn, {text});
  return code_of(f);
}
// A number as decimal text, a part of fail_with's detail.
struct num {
  char buf[24];
  std::size_t n;
  explicit num(std::uint64_t v) noexcept;
  static num of_signed(std::int64_t v) noexcept;  // with a '-' when negative
  operator std::string_view() const noexcept { return {buf, n}; }
};
// The code of failure f, its detail built from parts (numbers through num):
// fail_with(f, fn, {"count ", num(n), " above ", num(max)}).
inline int fail_with(failure f, const char *fn, std::initializer_list<std::string_view> parts) noexcept {
  set_detail(fn, parts);
  return code_of(f);
}

// The failure of the exception being handled, its detail set from the
// exception (call inside a catch block only): its code.
int fail_current_exception(const char *fn) noexcept;

// Runs body (returning int: a code; a negative code it returns must have come
// from fail()) and turns any exception into its code and detail.
template <typename Body>
int guard(const char *fn, Body &&body) noexcept {
  try {
    return body();
  } catch (...) {
    return fail_current_exception(fn);
  }
}

// A Monero-style bool: CNCRYPTO_OK, or the code of what false means here, with
// the detail saying what was false.
inline int from_bool(bool ok, failure when_false, const char *fn, std::string_view text) noexcept {
  return ok ? CNCRYPTO_OK : fail(when_false, fn, text);
}

// ---- argument checks, the same in every function ------------------------------
//
//   if (const int rc = check_args("fn", need(hash, "hash"), need(data, len, "data")); rc != CNCRYPTO_OK)
//     return rc;
// EINVAL with "<name> is NULL" (a fixed-size buffer) or "<name> is NULL but
// its length is <len>" (a variable-size one: NULL only with length 0).
struct arg {
  bool is_bad;
  bool with_len;
  std::size_t len;
  const char *name;
};
inline arg need(const void *fixed, const char *name) noexcept { return {fixed == nullptr, false, 0, name}; }
inline arg need(const void *p, std::size_t len, const char *name) noexcept {
  return {p == nullptr && len != 0, true, len, name};
}
// (A fold over the arguments, the failing one's fields by value: nothing
// escapes, so the success path is the pointer tests alone.)
[[gnu::cold]] int fail_arg(const char *fn, const char *name, bool with_len, std::size_t len) noexcept;
template <typename... Args>
inline int check_args(const char *fn, Args... args) noexcept {
  int rc = CNCRYPTO_OK;
  (void)((args.is_bad && (rc = fail_arg(fn, args.name, args.with_len, args.len), true)) || ...);
  return rc;
}

// The two-call convention for variable-size outputs (cncrypto.h): the output
// of `needed` units fits *out_len? If not, *out_len = needed (ESIZE, detail
// "<what>: <needed> <unit> needed, <given> given"). out_len must not be NULL
// (checked by the caller).
int fail_size(const char *fn, const char *what, const char *unit, std::size_t needed, std::size_t given) noexcept;
inline int fits(const char *fn, const char *what, const char *unit, std::size_t needed, std::size_t *out_len) noexcept {
  if (*out_len < needed) {
    const std::size_t given = *out_len;
    *out_len = needed;
    return fail_size(fn, what, unit, needed, given);
  }
  return CNCRYPTO_OK;
}

// A string output by the two-call convention: str and a NUL, or ESIZE.
inline int put_string(const char *fn, const char *what, std::string_view str, char *out,
                      std::size_t *out_len) noexcept {
  if (const int rc = fits(fn, what, "bytes (NUL included)", str.size() + 1, out_len); rc != CNCRYPTO_OK) return rc;
  if (!str.empty()) std::memcpy(out, str.data(), str.size());
  out[str.size()] = '\0';
  *out_len = str.size() + 1;
  return CNCRYPTO_OK;
}

// The caller's bytes viewed in place as Monero's key types (32, 64 or 1 bytes of
// standard layout with alignment 1, static_asserts in crypto/crypto.h): no copy,
// and no per-call page lock for secret_key (its constructor's mlock bookkeeping).
template <typename T>
const T &in(const std::uint8_t *p) noexcept {
  static_assert(alignof(T) == 1, "viewed in place");
  return *reinterpret_cast<const T *>(p);
}
template <typename T>
T &out(std::uint8_t *p) noexcept {
  static_assert(alignof(T) == 1, "viewed in place");
  return *reinterpret_cast<T *>(p);
}

// A std::string copy of secret bytes (a password, seed words) for the library's
// std::string parameters, wiped when it goes.
struct wiped_string {
  std::string s;
  wiped_string() = default;
  explicit wiped_string(std::string v) : s(std::move(v)) {}
  wiped_string(const char *p, std::size_t len) : s(len != 0 ? std::string(p, len) : std::string()) {}
  wiped_string(const wiped_string &) = delete;
  wiped_string &operator=(const wiped_string &) = delete;
  ~wiped_string() {
    if (!s.empty()) memwipe(s.data(), s.size());
  }
};

// A uint64_t output index that fits Monero's std::size_t argument (EINVAL
// with its detail otherwise: only where size_t is 32 bits).
inline bool fits_size_t(std::uint64_t v) noexcept { return v <= SIZE_MAX; }
int fail_index(const char *fn, std::uint64_t output_index) noexcept;
// check_args, then output_index must fit a size_t (fail_index): the checks of
// every call taking an output index.
template <typename... Args>
inline int check_indexed_args(const char *fn, std::uint64_t output_index, Args... args) noexcept {
  if (const int rc = check_args(fn, args...); rc != CNCRYPTO_OK) return rc;
  return fits_size_t(output_index) ? CNCRYPTO_OK : fail_index(fn, output_index);
}

}  // namespace cncrypto::capi
