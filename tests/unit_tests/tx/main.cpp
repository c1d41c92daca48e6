// Boost.Test module of tests/unit_tests/tx/: the transaction builder, daemon-side checks,
// coinbase (cryptonote/cryptonote_tx_utils.h, cryptonote/tx_verification.h).
#define BOOST_TEST_MODULE tx
#include <boost/test/unit_test.hpp>
