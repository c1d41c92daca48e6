// Monero's varint: unsigned LEB128 with Monero's canonical-form and overflow
// rules (spec cryptonote_format.md section 1; Monero src/common/varint.h).
//
// 7 data bits per byte, least significant group first, 0x80 set on every byte
// but the last. A value has exactly one accepted encoding: a 0x00 byte after
// the first byte is refused (non-canonical), and a group that would not fit
// the destination width is refused (overflow). All functions are variable
// time; varints are public data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tools {

// Longest encoding of a 64-bit value (2^64 - 1 -> ff ff ff ff ff ff ff ff ff 01).
constexpr std::size_t max_varint_size = 10;

enum class varint_error : std::uint8_t {
  none,
  empty,          // no byte at all
  truncated,      // input ended after a byte with 0x80 set
  overflow,       // the value does not fit the field width
  non_canonical,  // a 0x00 byte after the first byte (redundant zero group)
};

// Short English description of an error ("overflows a 64-bit field" ...).
const char *varint_error_message(varint_error error, unsigned bits) noexcept;

struct varint_result {
  std::size_t size = 0;  // bytes consumed on success, 0 on failure
  varint_error error = varint_error::none;
  explicit operator bool() const noexcept { return error == varint_error::none; }
};

// Decodes one varint from data[0..size) into value, for a field of `bits`
// bits (8, 16, 32 or 64; Monero reads block versions with 8, the type-3
// bulletproof count with 32 and everything else with 64). Never reads past
// data + size. On failure value is left unchanged and the result says why.
//
// An input that ends in the middle of a varint (last byte has 0x80 set) is
// reported as `truncated`, and an empty one as `empty`, so callers can tell
// them apart. Monero's read_varint returns success there (the bytes read, 0
// for none) with the bits read so far; binary_reader::read_varint, which all
// transaction, block and tx_extra parsing uses, follows Monero and accepts
// them (see docs/formats.md). Mirrors tools::read_varint. Variable time.
varint_result read_varint(const std::uint8_t *data, std::size_t size, std::uint64_t &value,
                          unsigned bits = 64) noexcept;

// Number of bytes write_varint produces for value (1..10).
std::size_t varint_size(std::uint64_t value) noexcept;

// Writes the canonical encoding of value to out (at least varint_size(value)
// bytes, max_varint_size always suffices) and returns the number of bytes
// written. Mirrors tools::write_varint.
std::size_t write_varint(std::uint8_t *out, std::uint64_t value) noexcept;

// Appends the canonical encoding of value to out.
void append_varint(std::vector<std::uint8_t> &out, std::uint64_t value);

}  // namespace tools
