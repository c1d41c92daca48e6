// Boost.Test module of tests/unit_tests/hash/: Keccak-f[1600], the sponge, cn_fast_hash,
// tree_hash, batch hashing (crypto/hash.h, crypto/keccak.h, crypto/sponge.h,
// crypto/hash_batch.h).
#define BOOST_TEST_MODULE hash
#include <boost/test/unit_test.hpp>
