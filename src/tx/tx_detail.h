// Private to the tx layer (the builder cryptonote_tx_utils.cpp, the coinbase
// coinbase.cpp and the checks tx_verification.cpp): their failure type, the
// short helpers their messages use, and the one output maker shared by the
// builder and the coinbase. Not installed, not a layer interface.
#pragma once

#include "common/bool_result.h"
#include "common/hex.h"
#include "crypto/crypto.h"
#include "cryptonote/cryptonote_basic.h"

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace cryptonote::tx_detail {

using cncrypto::detail::guarded;
using cncrypto::detail::num;

// A failure of a builder or a check: the message says what and where. The
// public functions catch it (guarded) and return false with the message.
class tx_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] inline void fail(const std::string &message) { throw tx_error(message); }

// The 64 hex digits of a key, for messages.
inline std::string hex_of(const crypto::public_key &k) { return cncrypto::hex_encode(&k, sizeof k); }

// a + b; fails naming `what` when the sum overflows 64 bits.
inline std::uint64_t checked_add(std::uint64_t a, std::uint64_t b, const std::string &what) {
  if (a > std::numeric_limits<std::uint64_t>::max() - b) fail(what + " overflows 64 bits");
  return a + b;
}

// Output k paying `amount` to spend key S under `derivation` (8rV, or 8aR for
// change): one-time key P = Hs(derivation || k)*G + S, as txout_to_tagged_key
// with the view tag (Monero's derive_view_tag) when use_view_tags, else
// txout_to_key. Fails with `where` + a message when S does not decode.
// Constant time in the derivation (crypto::derive_public_key). Monero: the
// output loop of construct_tx_with_tx_key and construct_miner_tx.
inline tx_out make_output(std::uint64_t amount, const crypto::key_derivation &derivation, std::size_t k,
                          const crypto::public_key &spend_key, bool use_view_tags, const std::string &where) {
  tx_out out;
  out.amount = amount;
  crypto::public_key out_key;
  if (!crypto::derive_public_key(derivation, k, spend_key, out_key)) {
    fail(where + "spend public key " + hex_of(spend_key) + " is not a valid point");
  }
  if (use_view_tags) {
    txout_to_tagged_key target;
    target.key = out_key;
    crypto::derive_view_tag(derivation, k, target.view_tag);
    out.target = target;
  } else {
    out.target = txout_to_key{out_key};
  }
  return out;
}

}  // namespace cryptonote::tx_detail
