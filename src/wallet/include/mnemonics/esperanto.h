// Monero's mnemonics/esperanto.h: Language::Esperanto, the Esperanto seed word list
// (Monero's name "Esperanto", English name "Esperanto", words identified by
// their first 4 UTF-8 characters).
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/esperanto.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::Esperanto>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class Esperanto : public Base {
 public:
  Esperanto();
};

}  // namespace Language
