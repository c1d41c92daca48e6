// Private to the tx layer (the builder cryptonote_tx_utils.cpp, the coinbase
// coinbase.cpp and the checks tx_verification.cpp): their failure type, the
// short helpers their messages use, and the one output maker shared by the
// builder and the coinbase. Not installed, not a layer interface.
#pragma once

#include "common/bool_result.h"
#include "common/hex.h"
#include "crypto/crypto.h"
#include "cryptonote/cryptonote_basic.h"
#include "ringct/rctOps.h"

#include <sodium/utils.h>

#include <cstdint>
#include <cstring>
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
// change): s = Hs(derivation || k) (computed once, returned in amount_key:
// RingCT's amount key; secret, the caller wipes it), one-time key
// P = s*G + S (rct::addKeys1), as txout_to_tagged_key with the view tag
// (Monero's derive_view_tag) when use_view_tags, else txout_to_key. Fails with
// `where` + a message when S does not decode. Constant time in the
// derivation and s. Monero: the output loop of construct_tx_with_tx_key
// (derive_public_key, then derivation_to_scalar again for the amount key) and
// construct_miner_tx.
inline tx_out make_output(std::uint64_t amount, const crypto::key_derivation &derivation, std::size_t k,
                          const crypto::public_key &spend_key, bool use_view_tags, const std::string &where,
                          crypto::ec_scalar &amount_key) {
  tx_out out;
  out.amount = amount;
  crypto::derivation_to_scalar(derivation, k, amount_key);
  rct::key s, P;
  std::memcpy(s.bytes, &amount_key, sizeof s.bytes);
  bool decoded = true;
  try {
    rct::addKeys1(P, s, rct::pk2rct(spend_key));
  } catch (const std::invalid_argument &) {
    decoded = false;  // S is public
  }
  sodium_memzero(&s, sizeof s);
  if (!decoded) fail(where + "spend public key " + hex_of(spend_key) + " is not a valid point");
  const crypto::public_key out_key = rct::rct2pk(P);
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
