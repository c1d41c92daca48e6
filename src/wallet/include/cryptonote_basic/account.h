// Monero's cryptonote_basic/account.h: account_keys, account_base
// (cryptonote/account.h, which has the comments).
#pragma once

#include "cryptonote/account.h"
#include "cryptonote_basic/cryptonote_basic.h"
