// Second half of config_names.cpp: Monero's config macros defined after
// cncrypto's headers. Compiling at all is most of the check (each #define must be
// an identical redefinition of cncrypto's under -Werror); the values are then
// used as Monero's code uses them.
#include "cryptonote_basic/cryptonote_basic_impl.h"
#include "cryptonote_basic/difficulty.h"
#include "ringct/rctSigs.h"

#include "monero_config_standin.h"

#include <algorithm>
#include <cstddef>

bool config_after_checks() {
  const std::size_t n = 800;
  return std::min<std::size_t>(n, DIFFICULTY_BLOCKS_COUNT) == 735 &&
         CRYPTONOTE_LOCKED_TX_ALLOWED_DELTA_SECONDS_V2 == 120 && FEE_PER_BYTE == 300000u &&
         BULLETPROOF_PLUS_MAX_OUTPUTS == 16 && HF_VERSION_VIEW_TAGS == 15;
}
