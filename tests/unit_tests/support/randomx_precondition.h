// Boost.Test precondition for the RandomX tests: skipped, with the reason, when
// cncrypto was built without librandomx (crypto_randomx_available() == 0; the
// RandomX hashing functions then throw, docs/pow.md). Header-only: the test
// links the hash layer (libcncrypto).
#pragma once

#include <boost/test/unit_test.hpp>

#include "crypto/rx-slow-hash.h"

namespace cncrypto::test {

struct skip_without_randomx {
  boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
    boost::test_tools::assertion_result r(crypto_randomx_available() != 0);
    r.message() << "cncrypto built without librandomx: RandomX hashing test skipped";
    return r;
  }
};

}  // namespace cncrypto::test
