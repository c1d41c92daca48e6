// Internal (not installed): Monero's bool-plus-message error style for the
// transaction builder and checks. Not part of the public API.
#pragma once

#include <new>
#include <stdexcept>
#include <string>

namespace cryptonote::detail {

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

}  // namespace cryptonote::detail
