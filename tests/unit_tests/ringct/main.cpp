// Boost.Test module of tests/unit_tests/ringct/: commitments, CLSAG, Bulletproofs+, RingCT
// signatures (ringct/*.h).
#define BOOST_TEST_MODULE ringct
#include <boost/test/unit_test.hpp>
