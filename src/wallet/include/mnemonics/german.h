// Monero's mnemonics/german.h: Language::German, the German seed word list
// (Monero's name "Deutsch", English name "German", words identified by
// their first 4 UTF-8 characters). Some words are capitalised, as in Monero's list;
// matching ignores case.
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/german.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::German>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class German : public Base {
 public:
  German();
};

}  // namespace Language
