// Monero's base58: the text encoding of addresses (spec section 8.1, 8.2).
//
// Not the Bitcoin base58. The data is cut into 8-byte blocks (the last one may
// be shorter); each block is read as a big-endian integer and written as a
// fixed number of base-58 digits, left-padded with '1' (the zero digit). A
// block of 0..8 bytes takes 0, 2, 3, 5, 6, 7, 9, 10, 11 characters, so the
// encoding of n bytes has a length that depends only on n.
//
// Alphabet: 123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz
//
// Everything here works on public data (addresses) and is variable time.
// Binary data is passed in std::string / std::string_view, as in Monero.
//
// Mirrors tools::base58 in Monero's src/common/base58.{h,cpp}: the bool
// overloads behave like Monero's (false on any failure); the throwing
// overloads say what is wrong and where. Everything here is cncrypto's own,
// in namespace cncrypto::base58; Monero's names with Monero's signatures
// are tools::base58 in common/base58.h.
#pragma once

#include "common/positioned_error.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cncrypto::base58 {

// Size of the block that is encoded as one unit, and its encoded size.
inline constexpr std::size_t full_block_size = 8;
inline constexpr std::size_t full_encoded_block_size = 11;
// Size of the Keccak checksum that encode_addr appends.
inline constexpr std::size_t addr_checksum_size = 4;

// What a decoder found wrong.
enum class error_kind {
  bad_character,   // a character outside the alphabet; position() is its offset
  bad_length,      // the text length (or the length of the decoded data) is impossible
  block_overflow,  // a block's value does not fit its decoded size; position() is the block's offset
  bad_checksum,    // decode_addr: the 4-byte Keccak checksum does not match
  bad_tag,         // decode_addr: the tag varint is malformed, overflows or is missing
};

// Returns a short name of the kind, e.g. "bad character".
const char *error_kind_name(error_kind kind);

// Thrown by the throwing decoders. what() is a complete sentence fragment such
// as "invalid base58 character '0' at offset 12".
// position(): the offset in the encoded text the error refers to (0 when not
// meaningful); kind() is error_kind() (cncrypto::positioned_error).
class decode_error : public cncrypto::positioned_error<error_kind> {
 public:
  using positioned_error::positioned_error;
  base58::error_kind kind() const noexcept { return positioned_error::error_kind(); }
};

// Encodes data (any size, 0 allowed) as base58. Never fails.
// Output length: 11 * (n / 8) + encoded_block_sizes[n % 8].
std::string encode(std::string_view data);

// Decodes base58 text. Throws decode_error (bad_character with the offset of
// the first character outside the alphabet; bad_length when the last block has
// 1, 4 or 8 characters, which no block size encodes to; block_overflow when a
// block's value does not fit its size). The empty string decodes to "".
std::string decode(std::string_view text);

// Monero's tools::base58::decode: same as above, false on any failure
// (data is then unspecified).
bool decode(const std::string &text, std::string &data);

// Monero's address container: base58(varint(tag) || data || checksum), where
// checksum = the first 4 bytes of cn_fast_hash(varint(tag) || data)
// (Keccak-256, spec 8.2). Never fails.
std::string encode_addr(std::uint64_t tag, std::string_view data);

struct decoded_addr {
  std::uint64_t tag = 0;
  std::string data;  // the bytes after the tag, checksum removed
};

// Reverses encode_addr. Throws decode_error: the decode() errors, bad_length
// when the decoded bytes cannot hold a tag and a checksum, bad_checksum, and
// bad_tag when the tag is not a canonical 64-bit varint (spec section 1).
decoded_addr decode_addr(std::string_view text);

// Monero's tools::base58::decode_addr: false on any failure.
bool decode_addr(const std::string &text, std::uint64_t &tag, std::string &data);

}  // namespace cncrypto::base58
