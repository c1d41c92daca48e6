// Hexadecimal encoding and decoding of byte strings.
//
// Lowercase output; decoding accepts upper and lower case and reports the
// first problem with its offset (a non-hex character, then an odd length).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace cncrypto {

// Returns the 2*size lowercase hex characters of data[0..size).
std::string hex_encode(const void *data, std::size_t size);

// Writes '<', the 2*size lowercase hex characters of data[0..size) and '>' to out,
// one character at a time (no copy of the bytes is left in memory), and returns
// out. Monero's format for its key and hash types (epee's to_hex::formatted,
// which their operator<< use). Time depends only on size.
std::ostream &write_hex_formatted(std::ostream &out, const void *data, std::size_t size);

// Decodes hex text into out (replacing its contents). Returns true on success.
// On failure returns false, leaves out empty and, when error is non-null,
// writes a message naming the first problem by offset:
// "invalid hex character 'g' at offset 3" (a non-printable character is shown
// as "byte 0x0a"), or "odd number of hex digits (5): the digit at offset 4 has
// no pair".
bool hex_decode(std::string_view text, std::vector<std::uint8_t> &out, std::string *error = nullptr);

// Decodes exactly size bytes of hex into out[0..size). Returns false (and sets
// error) when text is not exactly 2*size hex digits: "expected 64 hex digits,
// got 63", or the bad character's offset as above; out is then unchanged.
bool hex_decode_fixed(std::string_view text, void *out, std::size_t size, std::string *error = nullptr);

}  // namespace cncrypto
