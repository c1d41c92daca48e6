// Private to the wallet layer's seed code (electrum-words.cpp, polyseed.cpp):
// the one home of "build a language's look-up tables on first use, thread safe".
#pragma once

#include <cstddef>
#include <mutex>

namespace cncrypto::mnemonics {

// Returns the tables of language lang (< Count), built by build(lang) on the
// first call for that language (std::call_once: thread safe, later calls only
// read). Each call site (its Build lambda type) has its own storage. Whatever
// build throws propagates and the next call tries again. Not constant time
// (public: which languages were used). cncrypto's own.
template <typename Tables, std::size_t Count, typename Build>
const Tables &built_once(std::size_t lang, Build build) {
  static std::once_flag once[Count];
  static Tables built[Count];
  std::call_once(once[lang], [&] { built[lang] = build(lang); });
  return built[lang];
}

}  // namespace cncrypto::mnemonics
