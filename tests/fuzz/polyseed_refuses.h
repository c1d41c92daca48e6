// For the seed fuzz targets (fuzz_seed, fuzz_seed_edit): whether
// polyseed::decode refuses phrase (a polyseed_error; any other exception
// propagates and is a finding).
#pragma once

#include "mnemonics/polyseed.h"

#include <string_view>

inline bool polyseed_refuses(std::string_view phrase, std::string_view language) {
  try {
    (void)cncrypto::polyseed::decode(phrase, language);
    return false;
  } catch (const cncrypto::polyseed::polyseed_error &) {
    return true;
  }
}
