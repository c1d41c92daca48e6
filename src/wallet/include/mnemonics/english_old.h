// Monero's mnemonics/english_old.h: Language::EnglishOld, the English (old) seed word list
// (Monero's name "EnglishOld", English name "English (old)", words identified by
// their first 4 UTF-8 characters). The list of Monero's first seeds: it can be
// decoded, never produced (bytes_to_words refuses it); short words and 292
// duplicate prefixes are allowed (Monero's ALLOW_SHORT_WORDS |
// ALLOW_DUPLICATE_PREFIXES), the later word keeping the prefix.
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/english_old.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::EnglishOld>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class EnglishOld : public Base {
 public:
  EnglishOld();
};

}  // namespace Language
