// Monero's mnemonics/portuguese.h: Language::Portuguese, the Portuguese seed word list
// (Monero's name "Português", English name "Portuguese", words identified by
// their first 4 UTF-8 characters).
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/portuguese.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::Portuguese>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class Portuguese : public Base {
 public:
  Portuguese();
};

}  // namespace Language
