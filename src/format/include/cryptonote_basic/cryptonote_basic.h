// Monero's cryptonote_basic/cryptonote_basic.h: transactions and blocks as
// data (cryptonote/cryptonote_basic.h, which has the comments), with
// cryptonote::blobdata as Monero's header has it.
#pragma once

#include "cryptonote/cryptonote_basic.h"
#include "cryptonote_basic/blobdatatype.h"
