// The one-time choice of an implementation from a table, shared by every
// dispatched primitive (Keccak-f[1600]: CNCRYPTO_KECCAK_IMPL; CryptoNight:
// CNCRYPTO_CN_IMPL; BLAKE2b: CNCRYPTO_BLAKE2B_IMPL). docs/architecture.md, rule 4.
//
// Impl is a table entry with `const char *name` and `bool (*available)()`.
// entries[0 .. count) are in order of preference from worst to best; entries[0]
// must always be available (the portable one).
//
// Each function has a pure form, for a given CPU: `runs(i)` says whether that CPU
// can run entries[i] (instead of entries[i]->available(), which asks about this
// one), and the choice takes the variable's value as `forced` (instead of reading
// the environment). The dispatchers build their choice on it so that tests can
// give it CPUs this machine is not (hash/keccak_permutation.h, hash/cn_impl.h).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace cncrypto {

// "portable, bmi2, avx512 (not supported by this CPU)": every entry's name, for
// messages; "not supported" where runs(i) is false.
template <typename Impl, typename Runs>
std::string implementation_names(const Impl *const *entries, std::size_t count, Runs runs) {
  std::string names;
  for (std::size_t i = 0; i < count; ++i) {
    if (!names.empty()) names += ", ";
    names += entries[i]->name;
    if (!runs(i)) names += " (not supported by this CPU)";
  }
  return names;
}

template <typename Impl>
std::string implementation_names(const Impl *const *entries, std::size_t count) {
  return implementation_names(entries, count, [entries](std::size_t i) { return entries[i]->available(); });
}

// The entry named `forced` (the value of the environment variable `variable`)
// when it is not null or empty, otherwise the best entry runs(i) accepts. Throws
// std::runtime_error naming the variable, its value and the valid names when the
// value names no entry or one runs(i) refuses (what: "Keccak", "CryptoNight", for
// the message).
template <typename Impl, typename Runs>
const Impl &choose_implementation(const char *variable, const char *forced, const char *what,
                                  const Impl *const *entries, std::size_t count, Runs runs) {
  if (forced != nullptr && *forced != '\0') {
    for (std::size_t i = 0; i < count; ++i) {
      if (std::strcmp(entries[i]->name, forced) != 0) continue;
      if (!runs(i)) {
        throw std::runtime_error(std::string(variable) + "=" + forced + ": this CPU cannot run that " + what +
                                 " implementation; valid names: " + implementation_names(entries, count, runs));
      }
      return *entries[i];
    }
    throw std::runtime_error(std::string(variable) + "=" + forced + ": unknown " + what +
                             " implementation; valid names: " + implementation_names(entries, count, runs));
  }
  for (std::size_t i = count; i-- > 1;) {
    if (runs(i)) return *entries[i];
  }
  return *entries[0];
}

// The entry of entries[0 .. count) whose name is `name`, or nullptr (also for a
// null name): the find_*_implementation of each table.
template <typename Impl>
const Impl *find_implementation(const Impl *const *entries, std::size_t count, const char *name) {
  if (name == nullptr) return nullptr;
  for (std::size_t i = 0; i < count; ++i) {
    if (std::strcmp(entries[i]->name, name) == 0) return entries[i];
  }
  return nullptr;
}

// The entry named by the environment variable `variable` when it is set and not
// empty, otherwise the best available one (entries[i]->available()); throws as above.
template <typename Impl>
const Impl &choose_implementation(const char *variable, const char *what, const Impl *const *entries,
                                  std::size_t count) {
  return choose_implementation(variable, std::getenv(variable), what, entries, count,
                               [entries](std::size_t i) { return entries[i]->available(); });
}

}  // namespace cncrypto
