// Boost.Test module of tests/unit_tests/curve/: the ed25519 field and group and scalars
// mod L (crypto/crypto-ops.h, curve/*.h).
#define BOOST_TEST_MODULE curve
#include <boost/test/unit_test.hpp>
