// Monero's mnemonics/dutch.h: Language::Dutch, the Dutch seed word list
// (Monero's name "Nederlands", English name "Dutch", words identified by
// their first 4 UTF-8 characters).
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/dutch.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::Dutch>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class Dutch : public Base {
 public:
  Dutch();
};

}  // namespace Language
