// Layer interface of cryptonote/subaddress.h: the subaddress scalar m into a
// wiped, unlocked scalar, for the library's hot paths (subaddress tables,
// scanning), which must not pay for crypto::secret_key's page lock
// (epee::mlocked) on every temporary. src/format/subaddress.cpp.
#pragma once

#include "crypto/crypto.h"
#include "cryptonote/subaddress.h"

namespace cncrypto::detail {

// m = cncrypto::get_subaddress_secret_key(view_secret, index), written to m
// (32 bytes, reduced). Constant time in view_secret; the hash input buffer is
// wiped, m is wiped by its own destructor.
void subaddress_secret_scalar(const crypto::secret_key &view_secret, const cryptonote::subaddress_index &index,
                              tools::scrubbed<crypto::ec_scalar> &m);

}  // namespace cncrypto::detail
