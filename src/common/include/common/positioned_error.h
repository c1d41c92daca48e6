// An exception saying what was wrong with a text and where: the one home of the
// error classes of the address and base58 decoders (cncrypto::address_error,
// cncrypto::base58::decode_error) and of the seed decoders
// (cncrypto::seed_error, cncrypto::polyseed::polyseed_error).
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
//
// message_without_input() is the message without any part of the input text
// (the seed decoders give it: "word 11 is not in the English word list" for
// what() "word 11 \"xyzzy\" is not in ..."), for messages that may end up in
// logs; when the thrower gives none it is what() (the address and base58
// errors, whose input is public, and seed messages that quote no word).
template <typename Kind>
class positioned_error : public std::invalid_argument {
 public:
  positioned_error(Kind k, std::size_t position, const std::string &message)
      : std::invalid_argument(message), kind_(k), position_(position), without_input_(message) {}
  positioned_error(Kind k, std::size_t position, const std::string &message, const std::string &without_input)
      : std::invalid_argument(message), kind_(k), position_(position), without_input_(without_input) {}
  Kind error_kind() const noexcept { return kind_; }
  std::size_t position() const noexcept { return position_; }
  const char *message_without_input() const noexcept { return without_input_.what(); }

 private:
  Kind kind_;
  std::size_t position_;
  std::runtime_error without_input_;  // (a reference-counted string: copying cannot throw)
};

}  // namespace cncrypto
