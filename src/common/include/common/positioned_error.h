// An exception saying what was wrong with a text and where: the one home of the
// error classes of the address and base58 decoders (cryptonote::address_error,
// cryptonote::base58::decode_error) and of the seed decoders
// (crypto::ElectrumWords::seed_error, cncrypto::polyseed::polyseed_error).
// cncrypto's own (Monero reports these as a bool or a log line).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace cncrypto {

// Kind: the enum of what went wrong. error_kind() returns it; position() returns
// the offset or 1-based word index the error refers to (each user documents
// which, 0 when not meaningful). what() is the full message (for a seed it
// contains the offending word: show it to the user, do not log it). Never
// throws itself beyond std::string's copy of the message.
template <typename Kind>
class positioned_error : public std::invalid_argument {
 public:
  positioned_error(Kind k, std::size_t position, const std::string &message)
      : std::invalid_argument(message), kind_(k), position_(position) {}
  Kind error_kind() const noexcept { return kind_; }
  std::size_t position() const noexcept { return position_; }

 private:
  Kind kind_;
  std::size_t position_;
};

}  // namespace cncrypto
