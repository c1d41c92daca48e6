// Text conventions of the coreutils checksum tools (sha256sum and friends, GNU
// coreutils 9.1), shared by cnhash: escaping of file names in checksum lines,
// quoting of names in error messages, and parsing of checksum lines in check
// mode. Pure text handling; no hashing happens here.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "crypto/sponge.h"

namespace cncrypto::tools {

// True when a name printed in a checksum line (hash mode) must be escaped:
// it holds a backslash, a newline or a carriage return. Such a line starts
// with '\' and the name is written with escape_name().
bool name_needs_escape(std::string_view name);

// The name with '\' -> "\\", newline -> "\n", carriage return -> "\r".
std::string escape_name(std::string_view name);

// Reverses escape_name(). Returns false on any other backslash sequence or a
// trailing lone backslash (coreutils rejects those lines); out is then unspecified.
bool unescape_name(std::string_view escaped, std::string &out);

// The name as coreutils quotes it in diagnostics ("shell-escape" style, with ':'
// also quoted): plain names unchanged, otherwise 'single quoted', "double quoted"
// when it holds a ' and nothing else special, and control bytes as $'\n'
// or $'\ooo'. Bytes >= 0x80 are printed as they are (UTF-8 is assumed).
std::string quote_name(std::string_view name);

// The largest SHAKE output cnhash accepts, in bytes (for -l and in check lines).
constexpr std::size_t max_xof_length = 65536;

// One parsed checksum line.
struct checksum_line {
  const cncrypto::keccak_algorithm_info *algorithm = nullptr;  // never null after a successful parse
  std::string hex_digest;   // as written (either case), 2 * digest length characters
  std::string file_name;    // unescaped
};

// Parses check-mode lines the way coreutils 9.1 does. A parser keeps the one
// piece of state that spans lines: whether the file uses the standard
// "HEX  NAME" form or the single-space "HEX NAME" form (the two are not
// allowed to mix, so a name cannot gain a leading space by accident).
class checksum_line_parser {
 public:
  // plain_algorithm: the algorithm of untagged lines (from -a).
  // plain_length: digest bytes of untagged lines; 0 for a SHAKE algorithm
  // without -l, where the length is taken from the line's hex digits.
  checksum_line_parser(const cncrypto::keccak_algorithm_info &plain_algorithm, std::size_t plain_length);

  // line: one line without its trailing newline (a trailing '\r' is removed
  // here). Returns false when the line is improperly formatted.
  bool parse(std::string_view line, checksum_line &out);

 private:
  bool parse_tagged(std::string_view rest, bool escaped, checksum_line &out) const;
  bool parse_plain(std::string_view rest, bool escaped, checksum_line &out);

  const cncrypto::keccak_algorithm_info &plain_algorithm_;
  std::size_t plain_length_;
  int single_space_form_ = -1;  // -1 unknown yet, 0 standard form seen, 1 single-space form seen
};

}  // namespace cncrypto::tools
