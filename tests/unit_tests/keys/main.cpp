// Boost.Test module of tests/unit_tests/keys/: Monero's key operations (crypto/crypto.h).
#define BOOST_TEST_MODULE keys
#include <boost/test/unit_test.hpp>
