// Monero's mnemonics/language_base.h: Language::Base, the class each of the 13
// seed languages derives from (mnemonics/english.h, german.h, ...: Monero's
// names and file names), with its word list, Monero's name and English name,
// unique prefix length and the two look-up maps Monero's decoder used; and
// Language::utf8prefix.
//
// The lists, names and prefix lengths are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/*.txt, one home). A language object is built
// by its constructor (about 3,200 map insertions, a few hundred microseconds):
// use Language::Singleton<T>::instance() (mnemonics/singleton.h) for one shared,
// never destroyed object per language, as Monero does.
//
// Words as keys: word_map and trimmed_word_map match without regard to case, as
// Monero's (WordHash/WordEqual lower both sides). Monero lowers with the C
// library's towlower (locale dependent); here the seed decoder's simple Unicode
// lowering is used (locale independent: see mnemonics/electrum-words.h). Invalid
// UTF-8 as a key throws std::runtime_error("Invalid UTF-8"), as Monero's
// tools::utf8canonical. None of this is constant time.
//
// Monero's behaviour kept: the constructor of a list with a duplicate prefix
// (English (old)) keeps the later word in trimmed_word_map; a word shorter (in
// bytes) than the prefix length is allowed only where Monero allows it (Spanish,
// English (old)); populate_maps throws std::runtime_error for a list that is not
// 1626 words, or for a short word or duplicate prefix the flags do not allow.
#pragma once

#include "wipeable_string.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace Language {

// The first count UTF-8 characters of s (all of s if it has fewer), a character
// being a byte that is not a continuation byte (10xxxxxx) with the continuation
// bytes after it: Monero's counting, which assumes s is valid UTF-8 and does not
// check it (stray continuation bytes stay with the character before them).
// T: std::string or epee::wipeable_string (anything with data(), size() and a
// (const char *, size_t) constructor). Not constant time in s's bytes.
// Mirrors Monero's Language::utf8prefix.
template <typename T>
T utf8prefix(const T &s, std::size_t count) {
  const char *p = s.data();
  const std::size_t n = s.size();
  std::size_t end = 0;
  for (; count > 0 && end < n; --count) {
    ++end;
    while (end < n && (static_cast<unsigned char>(p[end]) & 0xC0) == 0x80) ++end;
  }
  return T(p, end);
}

// Hash of a word, equal for words that differ only in case (see the top of this
// file). Throws std::runtime_error on invalid UTF-8. Mirrors Monero's WordHash.
struct WordHash {
  std::size_t operator()(const epee::wipeable_string &s) const;
};

// Equality of words regardless of case. Throws std::runtime_error on invalid
// UTF-8. Mirrors Monero's WordEqual.
struct WordEqual {
  bool operator()(const epee::wipeable_string &s0, const epee::wipeable_string &s1) const;
};

// A seed language (Monero's Language::Base). Monero's members, protected and
// public, with Monero's types, so a class of a caller's own can derive from it
// as Monero's language classes do: construct Base with the names and prefix
// length, call set_words(words) and populate_maps(flags).
class Base {
 protected:
  enum {
    ALLOW_SHORT_WORDS = 1 << 0,         // a word may be shorter than the prefix length
    ALLOW_DUPLICATE_PREFIXES = 1 << 1,  // two words may share a prefix (the later one wins)
  };
  enum { NWORDS = 1626 };

  std::vector<std::string> word_list;  // the NWORDS words
  std::unordered_map<epee::wipeable_string, uint32_t, WordHash, WordEqual> word_map;          // word -> index
  std::unordered_map<epee::wipeable_string, uint32_t, WordHash, WordEqual> trimmed_word_map;  // prefix -> index
  std::string language_name;          // Monero's name ("Deutsch")
  std::string english_language_name;  // English name ("German")
  uint32_t unique_prefix_length;      // characters that identify a word

  // Fills word_map and trimmed_word_map from word_list. Throws
  // std::runtime_error if word_list does not hold NWORDS words, or (unless
  // flags allow it) on a word shorter in bytes than unique_prefix_length or a
  // prefix two words share. Mirrors Monero's Base::populate_maps.
  void populate_maps(uint32_t flags = 0);

 public:
  // Monero's constructor: names, words (Monero's classes pass {} and call
  // set_words), prefix length. The maps stay empty until populate_maps.
  Base(const char *language_name, const char *english_language_name, const std::vector<std::string> &words,
       uint32_t prefix_length);
  virtual ~Base();

  // word_list = words[0..NWORDS) (words must hold NWORDS strings).
  void set_words(const char *const words[]);

  const std::vector<std::string> &get_word_list() const { return word_list; }
  const std::unordered_map<epee::wipeable_string, uint32_t, WordHash, WordEqual> &get_word_map() const {
    return word_map;
  }
  const std::unordered_map<epee::wipeable_string, uint32_t, WordHash, WordEqual> &get_trimmed_word_map() const {
    return trimmed_word_map;
  }
  const std::string &get_language_name() const { return language_name; }
  const std::string &get_english_language_name() const { return english_language_name; }
  uint32_t get_unique_prefix_length() const { return unique_prefix_length; }
};

}  // namespace Language
