// Monero's cryptonote_basic/cryptonote_format_utils.h: ids and hashes
// (cryptonote/cryptonote_format_utils.h), parsing and serialization
// (cryptonote/serialization.h), tx_extra functions (cryptonote/tx_extra.h),
// with what Monero's header includes (blobdatatype.h, cryptonote_basic_impl.h,
// tx_extra.h, account.h, subaddress_index.h). The comments are in those headers.
#pragma once

#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote_basic/account.h"
#include "cryptonote_basic/blobdatatype.h"
#include "cryptonote_basic/cryptonote_basic_impl.h"
#include "cryptonote_basic/subaddress_index.h"
#include "cryptonote_basic/tx_extra.h"
