// What every fuzz target (tests/fuzz) uses to report a broken oracle: print what
// disagreed and abort, which libFuzzer records as a crash with the input saved.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>

#define FUZZ_CHECK(condition)                                                              \
  do {                                                                                     \
    if (!(condition)) {                                                                    \
      std::fprintf(stderr, "%s:%d: oracle failed: %s\n", __FILE__, __LINE__, #condition);  \
      std::abort();                                                                        \
    }                                                                                      \
  } while (0)

#include <cstddef>
#include <cstdint>
#include <string>

// The oracle for a blob that ended inside (or instead of) its final varint,
// which Monero reads as the bits present (or 0): written again, the object is
// not the blob (its last varint now ends with a byte below 0x80, or is added),
// and everything before the cut is kept: the blob without its trailing bytes
// >= 0x80 (the cut varint's, perhaps more) is a prefix of what was written.
// Not "longer": a cut "80" is written "00", the same length, and "80 80" as
// "00", shorter (the first oracle said longer; CI's fuzz stage found 02 65 00 00 80).
inline bool rewritten_after_cut(const std::uint8_t *data, std::size_t size, const std::string &again) {
  if (again.size() == size && std::memcmp(again.data(), data, size) == 0) return false;
  std::size_t kept = size;
  while (kept > 0 && data[kept - 1] >= 0x80) --kept;
  return again.size() >= kept && std::memcmp(again.data(), data, kept) == 0;
}

// The oracle for obj_to_json_str (cryptonote/json.h) of an object a parser
// accepted: Monero's serializer accepts what its parser accepts, so the text is
// never "" (the refusals mirror the parser's checks), it is one object, and its
// braces and brackets pair up (hex strings and numbers hold none).
inline bool monero_json_looks_whole(const std::string &text) {
  if (text.size() < 2 || text.front() != '{' || text.back() != '}') return false;
  long braces = 0, brackets = 0;
  for (char c : text) {
    braces += (c == '{') - (c == '}');
    brackets += (c == '[') - (c == ']');
    if (braces < 0 || brackets < 0) return false;
  }
  return braces == 0 && brackets == 0;
}
