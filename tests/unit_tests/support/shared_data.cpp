#include "support/shared_data.h"

#include <cstdlib>

namespace cncrypto::test {

namespace {
// ../shared's layout: reference vectors and chain data (an empty or unrelated
// directory counts as absent, so the tests skip instead of failing).
bool holds_shared_data(const std::filesystem::path &dir) {
  return std::filesystem::is_directory(dir / "vectors") && std::filesystem::is_directory(dir / "data");
}
}  // namespace

std::filesystem::path shared_dir() {
  namespace fs = std::filesystem;
  if (const char *env = std::getenv("CNCRYPTO_SHARED_DIR"); env && *env) {
    return holds_shared_data(env) ? fs::path(env) : fs::path();
  }
  const fs::path configured = CNCRYPTO_SHARED_DIR;
  return holds_shared_data(configured) ? configured : fs::path();
}

std::filesystem::path shared_path(const std::string &relative) {
  const auto dir = shared_dir();
  return dir.empty() ? dir : dir / relative;
}

namespace {
boost::test_tools::assertion_result shared_available(boost::unit_test::test_unit_id) {
  boost::test_tools::assertion_result ok(!shared_dir().empty());
  if (!ok) {
    ok.message() << "skipped: ../shared (reference vectors and chain data) not found; set "
                    "CNCRYPTO_SHARED_DIR to run this test";
  }
  return ok;
}
}  // namespace

boost::unit_test::precondition needs_shared() { return boost::unit_test::precondition(&shared_available); }

std::filesystem::path repo_vectors_dir() { return CNCRYPTO_REPO_VECTORS_DIR; }

}  // namespace cncrypto::test
