// Monero's tools::base58 (src/common/base58.h in Monero): Monero's base58 (8-byte
// blocks, not Bitcoin's) and its address container, with Monero's signatures.
// The same encoder as cryptonote/base58.h (which says where a decode fails);
// these are Monero's bool forms. Variable time: public data (addresses).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tools {
namespace base58 {

// base58 of data (any size, "" for ""). Never fails. Source: Monero
// tools::base58::encode.
std::string encode(const std::string &data);

// Decodes enc into data. false (data unspecified) on a character outside the
// alphabet, a last block of 1, 4 or 8 characters, or a block whose value does
// not fit its size; "" decodes to "". Source: Monero tools::base58::decode.
bool decode(const std::string &enc, std::string &data);

// base58(varint(tag) || data || first 4 bytes of cn_fast_hash(varint(tag) ||
// data)). Never fails. Source: Monero tools::base58::encode_addr.
std::string encode_addr(std::uint64_t tag, const std::string &data);

// Reverses encode_addr: false on a decode failure, fewer bytes than a tag and
// the checksum, a checksum mismatch or a tag that is not a canonical 64-bit
// varint. Source: Monero tools::base58::decode_addr.
bool decode_addr(const std::string &addr, std::uint64_t &tag, std::string &data);

}  // namespace base58
}  // namespace tools

namespace cncrypto::base58 {

// One base58 block (cncrypto's; Monero's are internal to its base58.cpp, whose
// tests reach them through the installed source path common/base58.cpp).
// encode_block writes the encoded_block_sizes[size] = {0, 2, 3, 5, 6, 7, 9, 10,
// 11}[size] digits of block[0..size), read big-endian, to res; size must be
// 1..8, else std::invalid_argument.
void encode_block(const char *block, std::size_t size, char *res);

// Decodes the size characters of block (size 2, 3, 5, 6, 7, 9, 10 or 11) into
// the 1..8 bytes they stand for at res. false (res unspecified) on any other
// size, a character outside the alphabet, or a value that does not fit.
bool decode_block(const char *block, std::size_t size, char *res);

}  // namespace cncrypto::base58
