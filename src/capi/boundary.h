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
// New wrappers add rows here, never their own try/catch. The positioned_error
// classes (address, base58, seed, polyseed) are std::invalid_argument: their rows
// come before the logic_error row.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
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

// The failure of the exception being handled (call inside a catch block only).
failure failure_of_current_exception() noexcept;

// Runs body (returning int: a code) and turns any exception into its code.
template <typename Body>
int guard(Body &&body) noexcept {
  try {
    return body();
  } catch (...) {
    return code_of(failure_of_current_exception());
  }
}

// A Monero-style bool: CNCRYPTO_OK, or the code of what false means here.
constexpr int from_bool(bool ok, failure when_false) noexcept { return ok ? CNCRYPTO_OK : code_of(when_false); }

// Argument checks, the same in every function.
// A fixed-size buffer: must not be NULL.
inline bool bad(const void *fixed) noexcept { return fixed == nullptr; }
// A variable-size buffer: NULL only with length 0.
inline bool bad(const void *p, std::size_t len) noexcept { return p == nullptr && len != 0; }

// The two-call convention for variable-size outputs (cncrypto.h): the output
// of `needed` units fits *out_len? If not, *out_len = needed (ESIZE). out_len
// must not be NULL (checked by the caller with bad()).
inline int fits(std::size_t needed, std::size_t *out_len) noexcept {
  if (*out_len < needed) {
    *out_len = needed;
    return CNCRYPTO_ESIZE;
  }
  return CNCRYPTO_OK;
}

// A string output by the two-call convention: str and a NUL, or ESIZE.
inline int put_string(std::string_view str, char *out, std::size_t *out_len) noexcept {
  if (const int rc = fits(str.size() + 1, out_len); rc != CNCRYPTO_OK) return rc;
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

// A uint64_t output index that fits Monero's std::size_t argument.
inline bool fits_size_t(std::uint64_t v) noexcept { return v <= SIZE_MAX; }

}  // namespace cncrypto::capi
