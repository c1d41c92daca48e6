// Monero's cryptonote_basic/cryptonote_basic_impl.h: addresses as strings
// (get_account_address_as_str, get_account_integrated_address_as_str,
// get_account_address_from_str: cryptonote/address.h), is_coinbase
// (cryptonote/cryptonote_basic.h), get_block_reward
// (cryptonote/cryptonote_tx_utils.h), get_min_block_weight
// (cryptonote/tx_rules.h) and get_max_tx_size. The comments are in those headers.
#pragma once

#include <cstddef>

#include "cryptonote/address.h"
#include "cryptonote/cryptonote_tx_utils.h"
#include "cryptonote/tx_rules.h"
#include "cryptonote_basic/cryptonote_basic.h"

namespace cryptonote {

// CRYPTONOTE_MAX_TX_SIZE: 1,000,000 bytes. Never throws.
// Source: Monero cryptonote_basic_impl.cpp get_max_tx_size.
inline std::size_t get_max_tx_size() { return 1000000; }

}  // namespace cryptonote
