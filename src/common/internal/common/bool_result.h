// Internal: Monero's bool-plus-message error style, shared by the RingCT
// verifiers (ringct/rctSigs), the transaction builder and checks
// (cryptonote) and the Electrum seed functions (mnemonics/electrum-words), and
// the one short helper their messages use. Not part of the public API.
#pragma once

#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>

namespace cncrypto::detail {

// Runs body; any failure except out-of-memory becomes false, with the
// exception's message stored in *error when error is not null.
template <typename Body>
bool guarded(std::string *error, Body &&body) {
  try {
    body();
    return true;
  } catch (const std::bad_alloc &) {
    throw;
  } catch (const std::exception &e) {
    if (error != nullptr) *error = e.what();
    return false;
  }
}

// Decimal text of an index, count or amount, for those messages.
inline std::string num(std::uint64_t v) { return std::to_string(v); }

}  // namespace cncrypto::detail
