// Private to the wallet layer's seed code (electrum-words.cpp, language_base.cpp):
// the one table of Monero's 13 Electrum-seed languages and the word lowering the
// decoder uses, shared with Monero's Language:: classes (mnemonics/language_base.h)
// so that the lists, names and prefix lengths have a single home.
#pragma once

#include "wipeable_string.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace cncrypto::mnemonics {

// One of Monero's seed languages, as its Language:: class sets it up.
struct electrum_language {
  const char *name;          // Monero's language_name ("Deutsch")
  const char *english_name;  // Monero's english_language_name ("German")
  std::size_t prefix_len;    // unique prefix length, in UTF-8 characters
  const char *const *words;  // the 1626 words, Monero's order
  bool generatable;          // accepted by bytes_to_words (all but English (old))
  bool short_words;          // Monero's ALLOW_SHORT_WORDS for this list (Spanish, English (old))
  bool duplicate_prefixes;   // Monero's ALLOW_DUPLICATE_PREFIXES (English (old))
};

// The language with this English name ("Chinese (simplified)", "English", ...,
// "English (old)"). Throws std::logic_error for another name (a programming
// error: only the Language:: constructors call it). Not constant time (public).
const electrum_language &electrum_language_by_english_name(std::string_view english_name);

// word lowered as the seed decoder lowers it (simple Unicode lowercasing, one
// code point to one, see electrum-words.cpp), in a string that wipes itself.
// Throws std::runtime_error("Invalid UTF-8") if word is not valid UTF-8 (as
// Monero's tools::utf8canonical). Not constant time.
epee::wipeable_string lower_seed_word(std::string_view word);

}  // namespace cncrypto::mnemonics
