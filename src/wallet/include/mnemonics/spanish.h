// Monero's mnemonics/spanish.h: Language::Spanish, the Spanish seed word list
// (Monero's name "Español", English name "Spanish", words identified by
// their first 4 UTF-8 characters). Words shorter than the prefix are allowed (Monero's
// ALLOW_SHORT_WORDS).
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/spanish.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::Spanish>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class Spanish : public Base {
 public:
  Spanish();
};

}  // namespace Language
