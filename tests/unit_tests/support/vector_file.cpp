#include "support/vector_file.h"

#include "common/hex.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace cncrypto::test {

std::vector<vector_line> read_vector_file(const std::filesystem::path &path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open vector file " + path.string());
  std::vector<vector_line> lines;
  std::string text;
  std::size_t number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.empty() || text[0] == '#') continue;
    vector_line line;
    line.line_number = number;
    std::istringstream fields(text);
    for (std::string f; fields >> f;) line.fields.push_back(f);
    lines.push_back(std::move(line));
  }
  return lines;
}

std::vector<vector_line> read_vector_file(const std::filesystem::path &path, const std::string &name) {
  std::vector<vector_line> out;
  for (auto &line : read_vector_file(path)) {
    if (!line.fields.empty() && line.fields[0] == name) out.push_back(std::move(line));
  }
  return out;
}

std::vector<std::uint8_t> hex_field(const std::string &field) {
  std::vector<std::uint8_t> out;
  if (field == "x") return out;
  std::string error;
  if (!cncrypto::hex_decode(field, out, &error)) throw std::runtime_error("bad hex field: " + error);
  return out;
}

std::uint64_t u64_field(const std::string &field) {
  if (field.empty() || field.size() > 20) throw std::runtime_error("bad integer field: " + field);
  std::uint64_t v = 0;
  for (char c : field) {
    if (c < '0' || c > '9') throw std::runtime_error("bad integer field: " + field);
    const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) throw std::runtime_error("integer field overflows: " + field);
    v = v * 10 + d;
  }
  return v;
}

bool bool_field(const std::string &field) {
  if (field == "true") return true;
  if (field == "false") return false;
  throw std::runtime_error("bad bool field: " + field);
}

}  // namespace cncrypto::test
