// cnutil's wallet commands: `cnutil seed new|restore` (cnutil_seed.cpp) and
// `cnutil keys FILE.keys` (cnutil_keys.cpp). Argument parsing, reading the
// secret inputs and printing only; the logic is in the wallet layer
// (cryptonote/wallet_seed.h, cryptonote/wallet_keys_file.h).
//
// Each run_* function throws usage_error (cnutil_input.h) for a bad command
// line, which main prints with its hint to --help, and reports input errors
// itself ("cnutil: NAME: reason", returns 1), so main only dispatches to it.
#pragma once

#include "crypto/random.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cncrypto::tools {

int run_seed(const std::vector<std::string> &args);
int run_keys(const std::vector<std::string> &args);
int run_scan(const std::vector<std::string> &args);  // cnutil_scan.cpp: cnutil scan (docs/scanning.md)

// Reads a secret text (seed words, a password, a passphrase) from source ("-"
// = standard input, else a file name) into locked, wiped memory, with read(2)
// (no stdio buffer keeps a copy). When source is "-" and standard input is a
// terminal, prompts on stderr ("Password: ", "Seed words: ", "Seed
// passphrase: ") with echo off and reads one line (read_terminal_line in
// cnutil_input.h: the terminal is restored on every exit path). At most
// `limit` bytes (more: refused, with what). If trim_newlines, trailing '\r' and '\n' are removed, as Monero
// does with --password-file (other white space is part of a password).
// Throws std::runtime_error ("cannot read ...: reason", "more than N bytes");
// never quotes the text.
cncrypto::secret_buffer read_secret_text(const std::string &source, std::size_t limit, bool trim_newlines,
                                       const char *what, std::size_t &size);

// Prints the output object of seed and keys on stdout: with json, fields as
// indented JSON and a newline (docs/seeds.md and docs/wallet_files.md give the
// shapes); else one "key: value" line per field, strings as they are,
// booleans as "yes" / "no", null as "none". The text and the string values
// of fields (seed words, secret keys) are wiped after writing.
void print_fields(nlohmann::ordered_json &fields, bool json);

// read_secret_text into out; on failure prints "cnutil: SOURCE: reason" and
// returns false.
bool read_secret_or_report(const std::string &source, std::size_t limit, bool trim_newlines, const char *what,
                           cncrypto::secret_buffer &out, std::size_t &size);

}  // namespace cncrypto::tools
