// Boost.Test module of tests/unit_tests/wallet/: accounts and wallet scanning
// (cryptonote/account.h, cryptonote/wallet_scan.h).
#define BOOST_TEST_MODULE wallet
#include <boost/test/unit_test.hpp>
