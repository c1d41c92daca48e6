// Monero's mnemonics/italian.h: Language::Italian, the Italian seed word list
// (Monero's name "Italiano", English name "Italian", words identified by
// their first 4 UTF-8 characters).
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/italian.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::Italian>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class Italian : public Base {
 public:
  Italian();
};

}  // namespace Language
