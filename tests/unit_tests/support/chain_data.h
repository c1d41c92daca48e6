// Helpers for the CryptoNote format tests that read ../shared/data:
// the manifest (nlohmann-json) and the binary blobs it lists.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace cncrypto::test {

// Whole file as bytes; throws std::runtime_error naming the file if unreadable.
std::vector<std::uint8_t> read_binary_file(const std::filesystem::path &path);

// ../shared/data/manifest.json, parsed (throws if missing).
const nlohmann::json &data_manifest();

// ../shared/data/<relative> as bytes.
std::vector<std::uint8_t> read_data_file(const std::string &relative);

// Hex of a 32-byte object (crypto::hash, keys).
std::string hex32(const void *p);

}  // namespace cncrypto::test
