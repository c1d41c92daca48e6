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
//   std::runtime_error, build without RandomX  unsupported   (the only runtime_error
//                                                             such a build adds)
//   anything else                              internal
//
//   a Monero bool false / empty optional       the failure the caller names:
//                                              decode for a "could not decode"
//                                              (generate_key_derivation), verify
//                                              for a check (check_signature)
//
// New wrappers (addresses, scanning contexts, seeds, ...) add rows here, never
// their own try/catch.
#pragma once

#include <cstddef>
#include <cstdint>

#include "cncrypto.h"

namespace cncrypto::capi {

enum class failure { bad_argument, decode, verify, size, no_memory, unsupported, internal };

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

// A uint64_t output index that fits Monero's std::size_t argument.
inline bool fits_size_t(std::uint64_t v) noexcept { return v <= SIZE_MAX; }

}  // namespace cncrypto::capi
