#include "common/varint.h"

namespace cncrypto {

const char *varint_error_message(varint_error error, unsigned bits) noexcept {
  switch (error) {
    case varint_error::none: return "no error";
    case varint_error::empty: return "missing varint (no bytes left)";
    case varint_error::truncated: return "varint truncated by the end of the input";
    case varint_error::non_canonical: return "non-canonical varint (redundant trailing 0x00 byte)";
    case varint_error::overflow:
      switch (bits) {
        case 8: return "varint overflows an 8-bit field";
        case 16: return "varint overflows a 16-bit field";
        case 32: return "varint overflows a 32-bit field";
        default: return "varint overflows a 64-bit field";
      }
  }
  return "unknown varint error";
}

varint_result read_varint(const std::uint8_t *data, std::size_t size, std::uint64_t &value,
                          unsigned bits) noexcept {
  if (bits == 0 || bits > 64) bits = 64;
  if (size == 0) return {0, varint_error::empty};
  std::uint64_t result = 0;
  unsigned shift = 0;
  for (std::size_t i = 0; i < size; ++i, shift += 7) {
    const std::uint8_t byte = data[i];
    // Overflow: the group at this shift may only carry the bits that remain.
    if (shift + 7 >= bits && static_cast<std::uint64_t>(byte) >= (std::uint64_t{1} << (bits - shift))) {
      return {0, varint_error::overflow};
    }
    if (byte == 0 && i != 0) return {0, varint_error::non_canonical};
    result |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) {
      value = result;
      return {i + 1, varint_error::none};
    }
  }
  return {0, varint_error::truncated};
}

std::size_t varint_size(std::uint64_t value) noexcept {
  std::size_t n = 1;
  while (value >= 0x80) {
    value >>= 7;
    ++n;
  }
  return n;
}

std::size_t write_varint(std::uint8_t *out, std::uint64_t value) noexcept {
  std::size_t n = 0;
  while (value >= 0x80) {
    out[n++] = static_cast<std::uint8_t>((value & 0x7f) | 0x80);
    value >>= 7;
  }
  out[n++] = static_cast<std::uint8_t>(value);
  return n;
}

void append_varint(std::vector<std::uint8_t> &out, std::uint64_t value) {
  std::uint8_t buf[max_varint_size];
  const std::size_t n = write_varint(buf, value);
  out.insert(out.end(), buf, buf + n);
}

}  // namespace cncrypto
