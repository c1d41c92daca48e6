// The one-time choice of an implementation from a table, shared by every
// dispatched primitive (Keccak-f[1600]: CNCRYPTO_KECCAK_IMPL; CryptoNight:
// CNCRYPTO_CN_IMPL). docs/architecture.md, rule 4.
//
// Impl is a table entry with `const char *name` and `bool (*available)()`.
// entries[0 .. count) are in order of preference from worst to best; entries[0]
// must always be available (the portable one).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace cncrypto {

// "portable, bmi2, avx512 (not supported by this CPU)": every entry's name, for messages.
template <typename Impl>
std::string implementation_names(const Impl *const *entries, std::size_t count) {
  std::string names;
  for (std::size_t i = 0; i < count; ++i) {
    if (!names.empty()) names += ", ";
    names += entries[i]->name;
    if (!entries[i]->available()) names += " (not supported by this CPU)";
  }
  return names;
}

// The entry named by the environment variable `variable` when it is set and not
// empty, otherwise the best available one. Throws std::runtime_error naming the
// variable, its value and the valid names when the value names no entry or one this
// CPU cannot run (what: "Keccak", "CryptoNight", for the message).
template <typename Impl>
const Impl &choose_implementation(const char *variable, const char *what, const Impl *const *entries,
                                  std::size_t count) {
  const char *forced = std::getenv(variable);
  if (forced != nullptr && *forced != '\0') {
    for (std::size_t i = 0; i < count; ++i) {
      if (std::strcmp(entries[i]->name, forced) != 0) continue;
      if (!entries[i]->available()) {
        throw std::runtime_error(std::string(variable) + "=" + forced + ": this CPU cannot run that " + what +
                                 " implementation; valid names: " + implementation_names(entries, count));
      }
      return *entries[i];
    }
    throw std::runtime_error(std::string(variable) + "=" + forced + ": unknown " + what +
                             " implementation; valid names: " + implementation_names(entries, count));
  }
  for (std::size_t i = count; i-- > 1;) {
    if (entries[i]->available()) return *entries[i];
  }
  return *entries[0];
}

}  // namespace cncrypto
