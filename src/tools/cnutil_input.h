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

// A secret's file that cannot be opened: reported without its name, since a
// user may have typed the secret itself (or something close to it: "0x" before a
// key, a space, a word list) where its file name belongs.
struct secret_name_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Prints "cnutil: NAME: PREFIXREASON" as print_error does, except for a
// secret_name_error, printed without NAME ("cnutil: PREFIXREASON").
void print_secret_error(const std::string &name, const std::string &prefix, const std::exception &e);

// Reads a secret key written as 64 hex digits (surrounding whitespace
// ignored) from source: "-" is standard input, anything else a file name.
// The text goes through one fixed 1 KiB buffer, read with read(2) (no stdio
// buffer keeps a copy), which is wiped with sodium_memzero before returning.
// Throws std::runtime_error with the reason ("expected a secret key as 64 hex
// digits, got 3 characters", ...), or secret_name_error when the file cannot be
// opened ("cannot open the secret key file given (its name is not repeated: it
// might be the key itself): No such file or directory"); messages never quote
// the secret's characters. On failure
// key is wiped. When source is "-" and standard input is a terminal, prompt is
// written to stderr and one line is read with echo off (read_terminal_line).
void read_secret_key(const std::string &source, crypto::secret_key &key, const char *prompt = "Secret key: ");

// True when text is exactly 64 hex digits: what a secret key given where a
// file name belongs looks like (callers refuse it without echoing it).
bool looks_like_key(std::string_view text);

// Throws usage_error, without echoing the value, when the option (a
// std::string option such as "passphrase-file") holds something that looks
// like a secret instead of a file name: a key (looks_like_key) or 12 or more
// space-separated words (a seed).
void refuse_secret_as_name(const boost::program_options::variables_map &vm, const char *option);

// The one FILE argument of a command whose "file" option is declared as
// po::value<std::vector<std::string>>() and takes every positional argument
// (parse_command_line with positional_max -1), so that 25 unquoted seed words
// reach this check instead of Boost's "too many positional options". Returns
// the file name, or fallback when there is none (nullptr: throws usage_error
// missing). Throws usage_error, never echoing the arguments, when they look
// like a secret (refuse_secret_file_list: a key, or 12 or more words in the
// arguments that look like words and name no file), or when there is more
// than one file name.
std::string single_file_argument(const boost::program_options::variables_map &vm, const char *fallback,
                                 const char *missing);

// True when text is not an existing path and holds only letters (ASCII or UTF-8)
// and blanks: what seed words given where a file name belongs look like (such a
// name is not repeated in messages).
bool looks_like_words_not_a_file(std::string_view text);

// For FILE arguments (cnutil scan's list, single_file_argument): throws usage_error,
// never echoing the arguments, when one of them looks like a key (looks_like_key)
// or when the arguments that look like words (looks_like_words_not_a_file) hold 12
// or more words in all (a seed, quoted or not). Existing files never count, so a
// long list of real file names is accepted.
void refuse_secret_file_list(const std::vector<std::string> &files);

// Reads a whole file ("-" = standard input) as raw bytes, at most limit bytes
// (more: std::runtime_error "input larger than LIMIT bytes"). Throws
// std::runtime_error with the reason (strerror text) when it cannot be read.
std::vector<std::uint8_t> read_raw_input(const std::string &name, std::size_t limit);

// When fd is a terminal: writes prompt to stderr, turns echo off, reads one
// line (to Enter, or end of input) into buf (at most size bytes; the rest of
// a longer line is read and dropped, and overflow set), restores the
// terminal, writes a newline to stderr, and returns the number of bytes read
// without the line end. The terminal is restored on every exit path: by a
// guard on return and exceptions, and by a handler for SIGINT, SIGTERM,
// SIGHUP and SIGQUIT that restores it and re-raises the signal with its
// previous disposition. Returns -1 (nothing read, nothing written) when fd is
// not a terminal. Throws std::runtime_error ("cannot read from the terminal:
// reason") on a read error. The bytes read are the caller's to wipe.
long read_terminal_line(int fd, const char *prompt, unsigned char *buf, std::size_t size, bool &overflow);

// Parses "MAJOR,MINOR": two decimal numbers from 0 to 4294967295, no sign, no
// spaces. Returns false otherwise.
bool parse_subaddress_index(std::string_view text, std::uint32_t &major, std::uint32_t &minor);

// A name for diagnostics: text itself, or for text longer than 120 bytes its
// first 40 bytes followed by "... (N bytes)" (a megabyte of garbage given as
// an address must not be echoed whole); text that looks like a secret (a key,
// or 12 or more words: a seed) is never shown at all. Control bytes (below 0x20,
// 0x7f) are written \xNN.
std::string short_name(std::string_view text);

// Appends text to out with control bytes (below 0x20, 0x7f) written \xNN, the
// rest as it is (UTF-8 untouched); returns out. For values shown on a terminal.
std::string &append_visible(std::string &out, std::string_view text);

// Writes "cnutil: NAME: reason" to stderr, NAME quoted as cnhash and coreutils
// quote names in diagnostics (quote_name in checksum_text.h).
void print_error(const std::string &name, const std::string &reason);

// The same for NAME a file name (cnutil keys' FILE.keys), except that a name
// that is no existing file and might be a secret typed where the file name
// belongs (it holds a blank, or 32 or more hex digits in a row: a seed as a
// list, a key with "0x" or a space) is not repeated: "cnutil: (the name given
// is not repeated: it might be a secret): reason".
void print_file_error(const std::string &name, const std::string &reason);

}  // namespace cncrypto::tools
