#include "cnutil_input.h"

#include "checksum_text.h"
#include "common/hex.h"

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <stdexcept>

namespace cncrypto::tools {
namespace {

bool is_hex_digit(std::uint8_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool is_space(std::uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

struct file_closer {
  void operator()(std::FILE *f) const {
    if (f != stdin) std::fclose(f);
  }
};
using file_ptr = std::unique_ptr<std::FILE, file_closer>;

file_ptr open_input(const std::string &name) {
  if (name == "-") return file_ptr(stdin);
  std::FILE *f = std::fopen(name.c_str(), "rb");
  if (!f) throw std::runtime_error(std::strerror(errno));
  return file_ptr(f);
}

std::vector<std::uint8_t> read_all(const std::string &name) {
  file_ptr f = open_input(name);
  std::vector<std::uint8_t> data;
  std::array<std::uint8_t, 65536> chunk;
  for (;;) {
    const std::size_t n = std::fread(chunk.data(), 1, chunk.size(), f.get());
    data.insert(data.end(), chunk.data(), chunk.data() + n);
    if (n < chunk.size()) break;
  }
  if (std::ferror(f.get())) {
    const int err = errno;
    if (f.get() == stdin) std::clearerr(stdin);
    throw std::runtime_error(std::strerror(err != 0 ? err : EIO));
  }
  return data;
}

std::vector<std::uint8_t> decode_hex_text(std::string_view text) {
  std::vector<std::uint8_t> out;
  std::string error;
  if (!cncrypto::hex_decode(text, out, &error)) throw std::runtime_error("invalid hex text: " + error);
  if (out.empty()) throw std::runtime_error("empty input");
  return out;
}

}  // namespace

std::vector<std::uint8_t> load_blob(const blob_input &input) {
  if (input.is_hex) return decode_hex_text(input.text);
  std::vector<std::uint8_t> data = read_all(input.text);
  if (data.empty()) throw std::runtime_error("empty input");
  if (!is_hex_digit(data[0])) return data;
  std::size_t end = data.size();
  while (end > 0 && is_space(data[end - 1])) --end;
  return decode_hex_text(std::string_view(reinterpret_cast<const char *>(data.data()), end));
}

void print_error(const std::string &name, const std::string &reason) {
  std::cout.flush();  // keep stdout and stderr in order on a shared terminal
  std::cerr << "cnutil: " << quote_name(name) << ": " << reason << "\n";
}

}  // namespace cncrypto::tools
