// Temporary Boost.Test module for hash/randomx_tests.cpp, until the
// per-folder modules of tests/unit_tests/hash/ take it in.
#define BOOST_TEST_MODULE randomx
#include <boost/test/unit_test.hpp>
