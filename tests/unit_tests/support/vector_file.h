// One small parser for every text vector file the tests read.
//
// Format: one case per line, fields separated by single spaces. Lines that are
// empty or start with '#' (the provenance header of our own files) are skipped.
// Monero's files (monero_crypto.txt, tests-fast.txt) fit the same shape.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cncrypto::test {

struct vector_line {
  std::size_t line_number = 0;       // 1-based, for messages
  std::vector<std::string> fields;   // fields[0] is the function name in Monero's files
};

// Reads every case line of path. Throws std::runtime_error naming the file
// when it cannot be opened.
std::vector<vector_line> read_vector_file(const std::filesystem::path &path);

// Only the lines whose first field equals name.
std::vector<vector_line> read_vector_file(const std::filesystem::path &path, const std::string &name);

// Hex field to bytes; "x" is the empty string (Monero's convention). Throws
// std::runtime_error on malformed hex.
std::vector<std::uint8_t> hex_field(const std::string &field);

// Decimal field to an unsigned 64-bit integer; throws on anything else.
std::uint64_t u64_field(const std::string &field);

// "true"/"false" to bool; throws on anything else.
bool bool_field(const std::string &field);

}  // namespace cncrypto::test
