// Monero's cryptonote_basic/tx_extra.h: the tx_extra field types, tags and
// limits (cryptonote/tx_extra.h, which also declares Monero's tx_extra
// functions of cryptonote_format_utils.h and has the comments).
#pragma once

#include "cryptonote/tx_extra.h"
