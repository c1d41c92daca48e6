// The table of Keccak-f[1600] implementations and the one-time choice among them.
//
// To add an implementation (e.g. AVX2): build its translation unit with its ISA
// flags only (never raise -march for the whole library), give it an
// `available()` that checks the CPU and OS support, and add it to
// `implementations()` below (best last). Nothing else changes: the sponge
// and keccakf() call through keccak_active_permutation().

#include "crypto/keccak_permutation.h"

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace crypto {

namespace {

struct implementation_table {
  const keccak_permutation *entries[8];
  std::size_t count;
};

// Every compiled-in implementation, in order of preference from worst to best.
// The default choice is the last available one.
const implementation_table &implementations() {
  static const implementation_table table = [] {
    implementation_table t{};
    t.entries[t.count++] = &keccak_portable_permutation();
    return t;
  }();
  return table;
}

std::string valid_names() {
  std::string names;
  const implementation_table &t = implementations();
  for (std::size_t i = 0; i < t.count; ++i) {
    if (!names.empty()) names += ", ";
    names += t.entries[i]->name;
    if (!t.entries[i]->available()) names += " (not supported by this CPU)";
  }
  return names;
}

const keccak_permutation &choose() {
  const char *forced = std::getenv("CNCRYPTO_KECCAK_IMPL");
  if (forced != nullptr && *forced != '\0') {
    const keccak_permutation *p = find_keccak_permutation(forced);
    if (p == nullptr) {
      throw std::runtime_error(std::string("CNCRYPTO_KECCAK_IMPL=") + forced +
                               ": unknown Keccak implementation; valid names: " + valid_names());
    }
    if (!p->available()) {
      throw std::runtime_error(std::string("CNCRYPTO_KECCAK_IMPL=") + forced +
                               ": this CPU cannot run that Keccak implementation; valid names: " +
                               valid_names());
    }
    return *p;
  }
  const implementation_table &t = implementations();
  for (std::size_t i = t.count; i-- > 0;) {
    if (t.entries[i]->available()) return *t.entries[i];
  }
  return keccak_portable_permutation();
}

}  // namespace

const keccak_permutation &keccak_active_permutation() {
  // A function-local static is initialised exactly once, thread-safely; if
  // choose() throws, the next call tries (and throws) again.
  static const keccak_permutation &active = choose();
  return active;
}

const char *keccak_implementation_name() { return keccak_active_permutation().name; }

const keccak_permutation *const *keccak_permutations(std::size_t &count) {
  const implementation_table &t = implementations();
  count = t.count;
  return t.entries;
}

const keccak_permutation *find_keccak_permutation(const char *name) {
  if (name == nullptr) return nullptr;
  const implementation_table &t = implementations();
  for (std::size_t i = 0; i < t.count; ++i) {
    if (std::strcmp(t.entries[i]->name, name) == 0) return t.entries[i];
  }
  return nullptr;
}

}  // namespace crypto
