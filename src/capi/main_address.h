// The capi layer's one reading of a wallet's (view secret key, spend public key)
// pair, for the functions that take it (cncrypto_get_subaddress,
// cncrypto_scan_context_create). Private to the capi layer.
#pragma once

#include <cstdint>

#include "cryptonote/address.h"

namespace cncrypto::capi {

// address = (B, a*G) from the caller's 32-byte a and B: CNCRYPTO_OK, or
// CNCRYPTO_EDECODE (with fn's detail) when a >= L or B is not a point (address
// untouched). Constant time in a. Call inside guard().
int main_address(const char *fn, const std::uint8_t view_secret_key[32], const std::uint8_t spend_public_key[32],
                 cryptonote::account_public_address &address);

}  // namespace cncrypto::capi
