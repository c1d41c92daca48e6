// Monero's cryptonote_basic/subaddress_index.h: cryptonote::subaddress_index
// (declared in cryptonote/subaddress.h, with the subaddress key functions).
#pragma once

#include "cryptonote/subaddress.h"
