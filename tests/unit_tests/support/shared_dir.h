// Locating ../shared (reference vectors and real chain data): the rule every
// test program follows, the Boost.Test modules (support/shared_data.h) and the
// performance harness alike. Header only and free of Boost.Test, so the
// harness (which may be built without the unit tests) includes it too. The
// includer defines CNCRYPTO_SHARED_DIR (the path configured at build time).
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace cncrypto::test {

// ../shared's layout: reference vectors and chain data (an empty or unrelated
// directory counts as absent, so the tests skip instead of failing).
inline bool holds_shared_data(const std::filesystem::path &dir) {
  std::error_code ec;
  return std::filesystem::is_directory(dir / "vectors", ec) && std::filesystem::is_directory(dir / "data", ec);
}

// The shared directory: $CNCRYPTO_SHARED_DIR if set (and not empty), else the
// path configured at build time (<source>/../shared). Empty when it does not
// hold both vectors/ and data/ (so CNCRYPTO_SHARED_DIR=/an/empty/dir runs the
// suite as without ../shared).
inline std::filesystem::path shared_dir() {
  const char *env = std::getenv("CNCRYPTO_SHARED_DIR");
  const std::filesystem::path dir = env != nullptr && *env != '\0' ? env : CNCRYPTO_SHARED_DIR;
  return holds_shared_data(dir) ? dir : std::filesystem::path();
}

// shared_dir() / relative, or an empty path when shared_dir() is empty.
inline std::filesystem::path shared_path(const std::string &relative) {
  const auto dir = shared_dir();
  return dir.empty() ? dir : dir / relative;
}

}  // namespace cncrypto::test
