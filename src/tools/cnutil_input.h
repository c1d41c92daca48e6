// Input handling of cnutil: blobs from files, stdin or --hex (raw binary or
// hex text), and the "cnutil: NAME: reason" diagnostics. No crypto here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cncrypto::tools {

// One blob argument: a file name ("-" = stdin), or hex text given by --hex.
struct blob_input {
  std::string text;
  bool is_hex = false;
};

// Reads the blob. Files and stdin may hold raw bytes or hex text: the input is
// hex text when its first byte is a hex digit (no transaction or block starts
// with one: the first byte is a small version number), and then trailing
// whitespace is ignored. Throws std::runtime_error with the reason ("No such
// file or directory", "empty input", "invalid hex text: ...").
std::vector<std::uint8_t> load_blob(const blob_input &input);

// Writes "cnutil: NAME: reason" to stderr, NAME quoted as cnhash and coreutils
// quote names in diagnostics (quote_name in checksum_text.h).
void print_error(const std::string &name, const std::string &reason);

}  // namespace cncrypto::tools
