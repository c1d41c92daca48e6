// Monero's varint: unsigned LEB128 with Monero's canonical-form and overflow
// rules (spec cryptonote_format.md section 1; Monero src/common/varint.h).
// Two APIs: cncrypto's pointer-and-size functions (namespace cncrypto, below),
// which tell a truncated varint from a complete one, and at the end Monero's
// iterator templates cncrypto::write_varint / read_varint / get_varint_data with
// Monero's signatures and results.
//
// 7 data bits per byte, least significant group first, 0x80 set on every byte
// but the last. A value has exactly one accepted encoding: a 0x00 byte after
// the first byte is refused (non-canonical), and a group that would not fit
// the destination width is refused (overflow). All functions are variable
// time; varints are public data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace cncrypto {

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
// them (see docs/formats.md). Cncrypto's form of cncrypto::read_varint. Variable time.
varint_result read_varint(const std::uint8_t *data, std::size_t size, std::uint64_t &value,
                          unsigned bits = 64) noexcept;

// Number of bytes write_varint produces for value (1..10).
std::size_t varint_size(std::uint64_t value) noexcept;

// Writes the canonical encoding of value to out (at least varint_size(value)
// bytes, max_varint_size always suffices) and returns the number of bytes
// written. Cncrypto's form of cncrypto::write_varint.
std::size_t write_varint(std::uint8_t *out, std::uint64_t value) noexcept;

// Appends the canonical encoding of value to out.
void append_varint(std::vector<std::uint8_t> &out, std::uint64_t value);

}  // namespace cncrypto

// ---- Monero's iterator templates (tools::, src/common/varint.h in Monero) ----
//
// Monero's own forms, with Monero's signatures and results, for code written
// against Monero. New code: the cncrypto:: functions above, which tell a
// truncated varint from a complete one.

namespace tools {

// Monero's error codes of read_varint (negative; a count of bytes otherwise).
enum {
  EVARINT_OVERFLOW = -1,   // a group does not fit the destination's bits
  EVARINT_REPRESENT = -2,  // a 0x00 byte after the first (non-canonical)
};

// Writes the canonical varint of i (an unsigned integer) through dest, one
// char per byte (*dest = byte; ++dest), advancing dest (taken by reference, as
// in Monero). Source: Monero cncrypto::write_varint.
template <typename OutputIt, typename T>
typename std::enable_if<std::is_integral<T>::value && std::is_unsigned<T>::value, void>::type write_varint(
    OutputIt &&dest, T i) {
  while (i >= 0x80) {
    *dest = static_cast<char>((i & 0x7f) | 0x80);
    ++dest;
    i >>= 7;
  }
  *dest = static_cast<char>(i);
  ++dest;
}

// The varint of v as a string of bytes. Source: Monero tools::get_varint_data.
template <typename T>
std::string get_varint_data(const T &v) {
  std::string out;
  write_varint(std::back_inserter(out), v);
  return out;
}

// Reads one varint from [first, last) into write (an unsigned integer of at
// least `bits` bits), advancing first past the bytes read. Returns the number
// of bytes read, EVARINT_OVERFLOW when the value needs more than `bits` bits
// (the group at bit `shift` must be below 2^(bits - shift) once shift + 7 >=
// bits; a continuation bit there counts as overflow), or EVARINT_REPRESENT for
// a 0x00 byte after the first. Monero's quirk, kept: input that ends inside a
// varint (last byte read has 0x80 set) returns the bytes read (0 for empty
// input) with the bits read so far, as a success. write is set to 0 first.
// Source: Monero cncrypto::read_varint<bits>.
template <int bits, typename InputIt, typename T>
typename std::enable_if<std::is_integral<T>::value && std::is_unsigned<T>::value && 0 <= bits &&
                            bits <= std::numeric_limits<T>::digits,
                        int>::type
read_varint(InputIt &&first, InputIt &&last, T &write) {
  int read = 0;
  write = 0;
  for (int shift = 0; first != last; shift += 7) {
    const unsigned char byte = static_cast<unsigned char>(*first);
    ++first;
    ++read;
    if (shift + 7 >= bits && byte >= (1u << (bits - shift))) return EVARINT_OVERFLOW;
    if (byte == 0 && shift != 0) return EVARINT_REPRESENT;
    write |= static_cast<T>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) break;
  }
  return read;
}

// read_varint with bits = all the bits of T. Source: Monero cncrypto::read_varint.
template <typename InputIt, typename T>
int read_varint(InputIt &&first, InputIt &&last, T &i) {
  return read_varint<std::numeric_limits<T>::digits>(std::forward<InputIt>(first), std::forward<InputIt>(last), i);
}

}  // namespace tools
