// Transaction builder, daemon-side check and coinbase tests (issue 7; docs/transactions.md).
#define BOOST_TEST_MODULE transactions
#include <boost/test/unit_test.hpp>
