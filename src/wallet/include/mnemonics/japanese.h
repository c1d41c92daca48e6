// Monero's mnemonics/japanese.h: Language::Japanese, the Japanese seed word list
// (Monero's name "日本語", English name "Japanese", words identified by
// their first 3 UTF-8 characters).
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/japanese.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::Japanese>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class Japanese : public Base {
 public:
  Japanese();
};

}  // namespace Language
