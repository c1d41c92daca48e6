// Monero's Language:: classes (mnemonics/language_base.h and the 13 language
// headers) over the seed languages of electrum-words.cpp (electrum_languages.h):
// one table of names, prefix lengths and word lists for both.
#include "mnemonics/language_base.h"

#include "mnemonics/chinese_simplified.h"
#include "mnemonics/dutch.h"
#include "mnemonics/english.h"
#include "mnemonics/english_old.h"
#include "mnemonics/esperanto.h"
#include "mnemonics/french.h"
#include "mnemonics/german.h"
#include "mnemonics/italian.h"
#include "mnemonics/japanese.h"
#include "mnemonics/lojban.h"
#include "mnemonics/portuguese.h"
#include "mnemonics/russian.h"
#include "mnemonics/spanish.h"

#include "electrum_languages.h"

#include <stdexcept>
#include <string_view>

namespace Language {

std::size_t WordHash::operator()(const epee::wipeable_string &s) const {
  return std::hash<epee::wipeable_string>()(cncrypto::mnemonics::lower_seed_word({s.data(), s.size()}));
}

bool WordEqual::operator()(const epee::wipeable_string &s0, const epee::wipeable_string &s1) const {
  return cncrypto::mnemonics::lower_seed_word({s0.data(), s0.size()}) ==
         cncrypto::mnemonics::lower_seed_word({s1.data(), s1.size()});
}

Base::Base(const char *name, const char *english_name, const std::vector<std::string> &words, uint32_t prefix_length)
    : word_list(words),
      language_name(name),
      english_language_name(english_name),
      unique_prefix_length(prefix_length) {}

Base::~Base() = default;

void Base::set_words(const char *const words[]) { word_list.assign(words, words + NWORDS); }

void Base::populate_maps(uint32_t flags) {
  if (word_list.size() != NWORDS) throw std::runtime_error("Wrong word list length for " + language_name);
  for (uint32_t i = 0; i < NWORDS; ++i) {
    const std::string &word = word_list[i];
    word_map[word] = i;
    // Monero compares the length in bytes with the prefix length in characters.
    if (word.size() < unique_prefix_length && !(flags & ALLOW_SHORT_WORDS))
      throw std::runtime_error("Too short word in " + language_name + " word list: " + word);
    const epee::wipeable_string prefix = utf8prefix(epee::wipeable_string(word), unique_prefix_length);
    if (trimmed_word_map.count(prefix) != 0 && !(flags & ALLOW_DUPLICATE_PREFIXES))
      throw std::runtime_error("Duplicate prefix in " + language_name +
                               " word list: " + std::string(prefix.data(), prefix.size()));
    trimmed_word_map[prefix] = i;  // a duplicate prefix keeps the later word, as in Monero
  }
}

}  // namespace Language

namespace {

const cncrypto::mnemonics::electrum_language &def(const char *english_name) {
  return cncrypto::mnemonics::electrum_language_by_english_name(english_name);
}

}  // namespace

// Each constructor: Base(names, {}, prefix length), set_words, then populate_maps
// with the flags Monero passes for that list.
#define CNCRYPTO_LANGUAGE_CLASS(Class, english)                                                 \
  Language::Class::Class() : Base(def(english).name, english, {}, static_cast<uint32_t>(def(english).prefix_len)) { \
    set_words(def(english).words);                                                              \
    populate_maps((def(english).short_words ? uint32_t{ALLOW_SHORT_WORDS} : 0u) |               \
                  (def(english).duplicate_prefixes ? uint32_t{ALLOW_DUPLICATE_PREFIXES} : 0u)); \
  }

CNCRYPTO_LANGUAGE_CLASS(Chinese_Simplified, "Chinese (simplified)")
CNCRYPTO_LANGUAGE_CLASS(English, "English")
CNCRYPTO_LANGUAGE_CLASS(Dutch, "Dutch")
CNCRYPTO_LANGUAGE_CLASS(French, "French")
CNCRYPTO_LANGUAGE_CLASS(Spanish, "Spanish")
CNCRYPTO_LANGUAGE_CLASS(German, "German")
CNCRYPTO_LANGUAGE_CLASS(Italian, "Italian")
CNCRYPTO_LANGUAGE_CLASS(Portuguese, "Portuguese")
CNCRYPTO_LANGUAGE_CLASS(Japanese, "Japanese")
CNCRYPTO_LANGUAGE_CLASS(Russian, "Russian")
CNCRYPTO_LANGUAGE_CLASS(Esperanto, "Esperanto")
CNCRYPTO_LANGUAGE_CLASS(Lojban, "Lojban")
CNCRYPTO_LANGUAGE_CLASS(EnglishOld, "English (old)")

#undef CNCRYPTO_LANGUAGE_CLASS
