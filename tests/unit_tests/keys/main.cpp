// Boost.Test module for the key layer: scalars (sc.h) and crypto/crypto.h.
#define BOOST_TEST_MODULE keys
#include <boost/test/unit_test.hpp>
