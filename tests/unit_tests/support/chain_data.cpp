#include "support/chain_data.h"

#include "common/hex.h"
#include "support/shared_data.h"

#include <fstream>
#include <iterator>
#include <stdexcept>

namespace cncrypto::test {

std::vector<std::uint8_t> read_binary_file(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

const nlohmann::json &data_manifest() {
  static const nlohmann::json manifest = [] {
    std::ifstream in(shared_path("data/manifest.json"));
    if (!in) throw std::runtime_error("cannot open ../shared/data/manifest.json");
    return nlohmann::json::parse(in);
  }();
  return manifest;
}

std::vector<std::uint8_t> read_data_file(const std::string &relative) {
  return read_binary_file(shared_path("data/" + relative));
}

std::string hex32(const void *p) { return cncrypto::hex_encode(p, 32); }

}  // namespace cncrypto::test
