// Monero's mnemonics/french.h: Language::French, the French seed word list
// (Monero's name "Français", English name "French", words identified by
// their first 4 UTF-8 characters).
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/french.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::French>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class French : public Base {
 public:
  French();
};

}  // namespace Language
