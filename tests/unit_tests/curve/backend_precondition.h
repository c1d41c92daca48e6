// Shared by the curve tests that exercise one named curve backend's kernels
// (scalarmult_one_tests.cpp, straus_vartime_tests.cpp): whether a backend runs
// in this process, and a Boost.Test precondition that skips a case, with a
// message, where it does not (e.g. no AVX-512 IFMA on this CPU).
#pragma once

#include "curve/ecmult.h"

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <string>

namespace cncrypto::test {

// True when the compiled-in curve backend of that name runs on this CPU.
inline bool curve_backend_runs(const char *name) {
  const char *names[8];
  const std::size_t n = cncrypto::ed25519::curve_backend_names(names, 8);
  for (std::size_t i = 0; i < n && i < 8; ++i)
    if (std::string(names[i]) == name) return true;
  return false;
}

// precondition(skip_without_curve_backend{"ifma", "4-way kernel test"}).
struct skip_without_curve_backend {
  const char *name;
  const char *what;
  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
    boost::test_tools::assertion_result r(curve_backend_runs(name));
    r.message() << "this CPU (or build) has no " << name << " curve backend: " << what << " skipped";
    return r;
  }
};

}  // namespace cncrypto::test
