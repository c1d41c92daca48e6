// Monero's cryptonote_core/cryptonote_tx_utils.h: the transaction builder,
// construct_miner_tx, get_block_reward, get_block_longhash
// (cryptonote/cryptonote_tx_utils.h, which has the comments), with what
// Monero's header includes (cryptonote_basic/cryptonote_format_utils.h,
// ringct/rctOps.h).
#pragma once

#include "cryptonote/cryptonote_tx_utils.h"
#include "cryptonote_basic/cryptonote_format_utils.h"
#include "ringct/rctOps.h"
