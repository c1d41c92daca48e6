// Monero's mnemonics/english.h: Language::English, the English seed word list
// (Monero's name "English", English name "English", words identified by
// their first 3 UTF-8 characters).
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/english.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::English>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class English : public Base {
 public:
  English();
};

}  // namespace Language
