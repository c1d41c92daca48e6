// Temporary Boost.Test module for format/difficulty_tests.cpp, until the
// per-folder modules of tests/unit_tests/format/ take it in.
#define BOOST_TEST_MODULE difficulty
#include <boost/test/unit_test.hpp>
