// Boost.Test module of tests/unit_tests/common/: hex, varint, the CPU probe (common/*.h).
#define BOOST_TEST_MODULE common
#include <boost/test/unit_test.hpp>
