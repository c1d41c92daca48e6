// Locating ../shared (reference vectors and real chain data) from the tests.
//
// ../shared exists on the developers' machines and in CI, not on a user's.
// Tests that need it are decorated with `*cncrypto::test::needs_shared()`:
// Boost.Test then reports them as skipped, with the reason, when it is absent.
#pragma once

#include "support/shared_dir.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>

namespace cncrypto::test {

// shared_dir() and shared_path(): support/shared_dir.h.

// Boost.Test precondition: the test is skipped with a clear message when
// ../shared is absent.
boost::unit_test::precondition needs_shared();

// Exit code of a module whose run had no failure but skipped test cases (support/test_main.cpp);
// the ctest entries declare it as SKIP_RETURN_CODE.
inline constexpr int kSkipExitCode = 77;

// Directory of the repository's own committed vector files (tests/unit_tests/vectors).
std::filesystem::path repo_vectors_dir();

}  // namespace cncrypto::test
