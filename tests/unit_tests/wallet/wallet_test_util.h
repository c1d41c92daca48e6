// Small helpers shared by the wallet suites (hex <-> key types).
#pragma once

#include "common/hex.h"
#include "crypto/crypto.h"

#include <stdexcept>
#include <string>

namespace wallet_test {

template <typename T>
T pod_from_hex(const std::string &hex) {
  T out;
  std::string error;
  if (!cncrypto::hex_decode_fixed(hex, &out, sizeof out, &error)) throw std::runtime_error("bad hex in test: " + error);
  return out;
}

template <typename T>
std::string hex_of(const T &pod) {
  return cncrypto::hex_encode(&pod, sizeof pod);
}

inline crypto::secret_key secret_from_hex(const std::string &hex) { return pod_from_hex<crypto::secret_key>(hex); }

inline crypto::public_key public_of(const crypto::secret_key &k) {
  crypto::public_key p;
  if (!crypto::secret_key_to_public_key(k, p)) throw std::runtime_error("test secret key >= L");
  return p;
}

}  // namespace wallet_test
