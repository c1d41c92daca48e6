// Layer interface of the .keys reader (cryptonote/wallet_keys_file.h): the
// constant-time part of the secret-key unmasking, for the valgrind test
// (tests/unit_tests/ct/ct_wallet.cpp) and the writer-side tests.
#pragma once

#include "crypto/chacha.h"
#include "crypto/crypto.h"

#include <string>

namespace cncrypto::detail {

// XORs spend, view and multisig_keys (a multiple of 32 bytes, else
// std::invalid_argument) with ChaCha20(zeros, derived_key, iv), the stream of
// account_keys::xor_with_key_stream; derived_key is already
// generate_chacha_key(key || 'k', 1). Constant time in every secret; the
// stream buffer is locked and wiped.
void xor_with_key_stream(crypto::secret_key &spend, crypto::secret_key &view, std::string &multisig_keys,
                         const crypto::chacha_key &derived_key, const crypto::chacha_iv &iv);

}  // namespace cncrypto::detail
