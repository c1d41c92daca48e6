// Monero's mnemonics/chinese_simplified.h: Language::Chinese_Simplified, the Chinese (simplified) seed word list
// (Monero's name "简体中文 (中国)", English name "Chinese (simplified)", words identified by
// their first 1 UTF-8 character).
// The 1626 words are the ones crypto::ElectrumWords uses
// (src/wallet/mnemonics/wordlists/chinese_simplified.txt); see mnemonics/language_base.h.
// Construction throws only std::bad_alloc. Use
// Language::Singleton<Language::Chinese_Simplified>::instance() (mnemonics/singleton.h).
#pragma once

#include "mnemonics/language_base.h"

namespace Language {

class Chinese_Simplified : public Base {
 public:
  Chinese_Simplified();
};

}  // namespace Language
