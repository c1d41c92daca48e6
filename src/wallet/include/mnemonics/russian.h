// Monero's mnemonics/russian.h: Language::Russian, the Russian seed word list
// (Monero's name "Русский", English name "Russian", words identified by
// their first 4 UTF-8 characters). The name is Monero master's and
// crypto::ElectrumWords' (Monero v0.18.0.0 called it "русский язык").
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/russian.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::Russian>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class Russian : public Base {
 public:
  Russian();
};

}  // namespace Language
