// Input handling of cnutil: blobs from files, stdin or --hex (raw binary or
// hex text), secret keys from stdin or a file, subaddress indexes, and the
// "cnutil: NAME: reason" diagnostics. No crypto here.
#pragma once

#include "cnutil_command.h"
#include "crypto/crypto.h"


#include <cstdint>
#include <stdexcept>
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

// Reads a secret key written as 64 hex digits (surrounding whitespace
// ignored) from source: "-" is standard input, anything else a file name.
// The text goes through one fixed 1 KiB buffer, read with read(2) (no stdio
// buffer keeps a copy), which is wiped with sodium_memzero before returning.
// Throws std::runtime_error with the reason ("cannot read the secret key: No
// such file or directory", "expected a secret key as 64 hex digits, got 3
// characters", ...); messages never quote the secret's characters. On failure
// key is wiped.
void read_secret_key(const std::string &source, crypto::secret_key &key);

// True when text is exactly 64 hex digits: what a secret key given where a
// file name belongs looks like (callers refuse it without echoing it).
bool looks_like_key(std::string_view text);

// Throws usage_error, without echoing the value, when the option (the
// positional FILE when option is "file") holds something that looks like a
// secret instead of a file name: a key (looks_like_key) or 12 or more
// space-separated words (a seed).
void refuse_secret_as_name(const boost::program_options::variables_map &vm, const char *option);

// Parses "MAJOR,MINOR": two decimal numbers from 0 to 4294967295, no sign, no
// spaces. Returns false otherwise.
bool parse_subaddress_index(std::string_view text, std::uint32_t &major, std::uint32_t &minor);

// A name for diagnostics: text itself, or for text longer than 120 bytes its
// first 40 bytes followed by "... (N bytes)" (a megabyte of garbage given as
// an address must not be echoed whole).
std::string short_name(std::string_view text);

// Writes "cnutil: NAME: reason" to stderr, NAME quoted as cnhash and coreutils
// quote names in diagnostics (quote_name in checksum_text.h).
void print_error(const std::string &name, const std::string &reason);

}  // namespace cncrypto::tools
