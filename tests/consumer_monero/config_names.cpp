// Monero's cryptonote_config.h macros beside cncrypto's headers, compiled against
// the installed package with Monero's include paths only (scripts/test-consumer.sh).
// This file includes the config first (cncrypto's #ifndef'd definitions are then
// skipped); config_after.cpp, linked in, includes it after cncrypto's headers
// (identical redefinitions; a different replacement list would be a -Werror
// failure). Expected values: the genesis block's reward, 17.592186044415 XMR,
// is (2^64 - 1) >> 20 atomic units (Monero's emission with the 60 s target of
// major version 1, ../shared/spec); from v2 the 120 s target makes it
// (2^64 - 1) >> 19 = 35184372088831 for a block of up to 300000 bytes (the
// full-reward zone from v5), and a block over twice that median gets none.
#include "monero_config_standin.h"

#include "check.h"
#include "cryptonote_basic/cryptonote_basic_impl.h"
#include "cryptonote_basic/cryptonote_format_utils.h"
#include "cryptonote_basic/difficulty.h"
#include "cryptonote_core/cryptonote_tx_utils.h"
#include "ringct/rctSigs.h"

#include <cstdint>

using monero_idiom::check;

bool config_after_checks();  // config_after.cpp

int main() {
  const char *me = "monero_idiom_config";
  static_assert(CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V5 == 300000, "Monero's value");
  static_assert(DIFFICULTY_BLOCKS_COUNT == 735, "Monero's value");
  uint64_t reward = 0;
  check(me, "genesis reward (v1)",
        cryptonote::get_block_reward(0, 0, 0, reward, 1) && reward == 17592186044415ull);
  check(me, "full reward up to the v5 zone (v16)",
        cryptonote::get_block_reward(0, CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V5, 0, reward, 16) &&
            reward == 35184372088831ull);
  check(me, "a block over twice the median is refused",
        !cryptonote::get_block_reward(0, 2 * CRYPTONOTE_BLOCK_GRANTED_FULL_REWARD_ZONE_V5 + 1, 0, reward, 16));
  check(me, "config after cncrypto's headers", config_after_checks());
  return 0;
}
