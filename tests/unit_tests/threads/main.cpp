// Boost.Test module of tests/unit_tests/threads/: the thread-safety promises of the
// batch and lazily initialised paths, run from several threads at once (the
// ThreadSanitizer build of scripts/test.sh runs this module only).
#define BOOST_TEST_MODULE threads
#include <boost/test/unit_test.hpp>
