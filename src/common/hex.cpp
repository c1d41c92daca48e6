#include "common/hex.h"

#include <ostream>

namespace cncrypto {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The character as an error message shows it: 'g' when printable ASCII, else
// its byte value (a control character or part of a UTF-8 sequence).
std::string shown(char c) {
  const auto b = static_cast<unsigned char>(c);
  if (b >= 0x20 && b < 0x7f) return std::string("'") + c + "'";
  static const char digits[] = "0123456789abcdef";
  return std::string("byte 0x") + digits[b >> 4] + digits[b & 0x0f];
}

// Index of the first character that is not a hex digit, or text.size().
std::size_t first_non_digit(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && hex_value(text[i]) >= 0) ++i;
  return i;
}

bool report_non_digit(std::string_view text, std::string *error) {
  const std::size_t bad = first_non_digit(text);
  if (bad == text.size()) return true;
  if (error) *error = "invalid hex character " + shown(text[bad]) + " at offset " + std::to_string(bad);
  return false;
}

// text: an even number of hex digits (checked by the caller).
void decode_into(std::string_view text, std::uint8_t *out) {
  for (std::size_t i = 0; i < text.size(); i += 2) {
    out[i / 2] = static_cast<std::uint8_t>((hex_value(text[i]) << 4) | hex_value(text[i + 1]));
  }
}

}  // namespace

std::string hex_encode(const void *data, std::size_t size) {
  static const char digits[] = "0123456789abcdef";
  const auto *p = static_cast<const std::uint8_t *>(data);
  std::string out(2 * size, '\0');
  for (std::size_t i = 0; i < size; ++i) {
    out[2 * i] = digits[p[i] >> 4];
    out[2 * i + 1] = digits[p[i] & 0x0f];
  }
  return out;
}

std::ostream &write_hex_formatted(std::ostream &out, const void *data, std::size_t size) {
  static const char digits[] = "0123456789abcdef";
  const auto *p = static_cast<const std::uint8_t *>(data);
  out.put('<');
  for (std::size_t i = 0; i < size; ++i) {
    out.put(digits[p[i] >> 4]);
    out.put(digits[p[i] & 0x0f]);
  }
  return out.put('>');
}

bool hex_decode(std::string_view text, std::vector<std::uint8_t> &out, std::string *error) {
  out.clear();
  // The first problem by offset: a bad character comes before the missing last digit.
  if (!report_non_digit(text, error)) return false;
  if (text.size() % 2 != 0) {
    if (error) {
      *error = "odd number of hex digits (" + std::to_string(text.size()) + "): the digit at offset " +
               std::to_string(text.size() - 1) + " has no pair";
    }
    return false;
  }
  out.resize(text.size() / 2);
  decode_into(text, out.data());
  return true;
}

bool hex_decode_fixed(std::string_view text, void *out, std::size_t size, std::string *error) {
  if (text.size() != 2 * size) {
    if (error) {
      *error = "expected " + std::to_string(2 * size) + " hex digits, got " + std::to_string(text.size());
    }
    return false;
  }
  if (!report_non_digit(text, error)) return false;
  decode_into(text, static_cast<std::uint8_t *>(out));
  return true;
}

}  // namespace cncrypto
