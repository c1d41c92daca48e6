#define BOOST_TEST_MODULE cryptonote_format
#include <boost/test/unit_test.hpp>
