// Monero's cryptonote_basic/cryptonote_basic.h: transactions and blocks as
// data (cryptonote/cryptonote_basic.h, which has the comments), with
// cryptonote::blobdata as Monero's header has it.
#pragma once

#include "cryptonote/cryptonote_basic.h"
#include "cryptonote_basic/blobdatatype.h"

// Monero's header includes cryptonote_config.h (here through
// common/monero_config.h, when the program has it) and epee's misc_language.h
// (epee::misc_utils::median and friends, which Monero's code reaches through
// this header): a Monero build has contrib/epee/include on its include path,
// and then gets it here too. Not part of cncrypto; skipped when absent.
#if defined(__has_include)
#if __has_include(<misc_language.h>)
#include <misc_language.h>
#endif
#endif
