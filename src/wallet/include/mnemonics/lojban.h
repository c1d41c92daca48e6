// Monero's mnemonics/lojban.h: Language::Lojban, the Lojban seed word list
// (Monero's name "Lojban", English name "Lojban", words identified by
// their first 4 UTF-8 characters).
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/lojban.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::Lojban>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class Lojban : public Base {
 public:
  Lojban();
};

}  // namespace Language
