// Private to the wallet layer's seed code (electrum-words.cpp, polyseed.cpp):
// how a word of the user's input is shown in an error message.
#pragma once

#include <string>
#include <string_view>

namespace cncrypto::mnemonics {

// The word in double quotes, with every control byte (below 0x20, and 0x7F) and
// every '"' or '\' written as \xNN, so that a NUL cannot cut the message short and
// an escape sequence cannot reach the user's terminal. Other bytes (UTF-8 letters)
// are kept. Not constant time: used only for words that are being refused.
inline std::string quote_word(std::string_view w) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out = "\"";
  for (const char ch : w) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7F || c == '"' || c == '\\') {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

}  // namespace cncrypto::mnemonics
