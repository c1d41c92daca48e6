// The one table of C's control-byte escape letters, for the writers that quote
// text (cnhash's $'...' file names, the JSON of a .keys file).
#pragma once

namespace cncrypto {

// The letter of C's escape for a control byte: 'a' for 0x07 (\a), 'b' 0x08, 't' 0x09,
// 'n' 0x0A, 'v' 0x0B, 'f' 0x0C, 'r' 0x0D; 0 for every other byte. Constant time is not
// a property of this helper (a table index from the byte): use it on text only.
inline char c_escape_letter(unsigned char c) {
  constexpr char letters[] = "abtnvfr";
  return c >= 0x07 && c <= 0x0D ? letters[c - 0x07] : 0;
}

}  // namespace cncrypto
