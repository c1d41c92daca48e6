#include "support/shared_data.h"

#include <cstdlib>

namespace cncrypto::test {

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
