#include "common/hex.h"

namespace cncrypto {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool decode_into(std::string_view text, std::uint8_t *out, std::string *error) {
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const int hi = hex_value(text[i]);
    const int lo = hex_value(text[i + 1]);
    if (hi < 0 || lo < 0) {
      if (error) {
        const std::size_t bad = hi < 0 ? i : i + 1;
        *error = std::string("invalid hex character '") + text[bad] + "' at offset " + std::to_string(bad);
      }
      return false;
    }
    out[i / 2] = static_cast<std::uint8_t>((hi << 4) | lo);
  }
  return true;
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

bool hex_decode(std::string_view text, std::vector<std::uint8_t> &out, std::string *error) {
  out.clear();
  if (text.size() % 2 != 0) {
    if (error) *error = "odd number of hex digits (" + std::to_string(text.size()) + ")";
    return false;
  }
  out.resize(text.size() / 2);
  if (!decode_into(text, out.data(), error)) {
    out.clear();
    return false;
  }
  return true;
}

bool hex_decode_fixed(std::string_view text, void *out, std::size_t size, std::string *error) {
  if (text.size() != 2 * size) {
    if (error) {
      *error = "expected " + std::to_string(2 * size) + " hex digits, got " + std::to_string(text.size());
    }
    return false;
  }
  return decode_into(text, static_cast<std::uint8_t *>(out), error);
}

}  // namespace cncrypto
