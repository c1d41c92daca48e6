// Boost.Test module of tests/unit_tests/format/: varints, transactions, blocks, tx_extra,
// ids, base58, addresses (cryptonote/*.h).
#define BOOST_TEST_MODULE format
#include <boost/test/unit_test.hpp>
