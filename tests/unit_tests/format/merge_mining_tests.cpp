// Merge mining (cryptonote_basic/merge_mining.h): the depth field of tx_extra
// tag 03 and the aux-chain slot.
//
// Expected values: the depth layout worked by hand from Monero 0.18's
// merge_mining.cpp (n_bits - 1 | (n_aux_chains - 1) << 3 | nonce << (3 + n_bits));
// the slots from Python's hashlib.sha256(id || LE32(nonce) || b"m"), first four
// bytes little-endian, mod n_aux_chains.
#include <boost/test/unit_test.hpp>

#include "cryptonote_basic/merge_mining.h"

#include <cstdint>
#include <stdexcept>

BOOST_AUTO_TEST_SUITE(merge_mining)

BOOST_AUTO_TEST_CASE(depth_layout_by_hand) {
  BOOST_TEST(cryptonote::encode_mm_depth(1, 0) == 0u);                 // n_bits 1: 0 | 0 | 0
  BOOST_TEST(cryptonote::encode_mm_depth(3, 5) == (1u | 2u << 3 | 5u << 5));  // n_bits 2 = 177
  BOOST_TEST(cryptonote::encode_mm_depth(256, 1) == (7u | 255u << 3 | 1u << 11));
  std::uint32_t n = 0, nonce = 0;
  BOOST_TEST(cryptonote::decode_mm_depth(177, n, nonce));
  BOOST_TEST(n == 3u);
  BOOST_TEST(nonce == 5u);
  // Every 32-bit value decodes: 0xffffffff has n_bits 8, n 256, nonce the top 21 bits.
  BOOST_TEST(cryptonote::decode_mm_depth(0xffffffffu, n, nonce));
  BOOST_TEST(n == 256u);
  BOOST_TEST(nonce == 0x1fffffu);
  BOOST_CHECK_THROW(cryptonote::encode_mm_depth(0, 1), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(depth_round_trip) {  // the range Monero's unit test covers
  for (std::uint32_t chains = 1; chains <= 65; ++chains)
    for (std::uint32_t nonce = 0; nonce < 1024; ++nonce) {
      std::uint32_t c = 0, n = 0;
      BOOST_REQUIRE(cryptonote::decode_mm_depth(cryptonote::encode_mm_depth(chains, nonce), c, n));
      BOOST_REQUIRE_EQUAL(c, chains);
      BOOST_REQUIRE_EQUAL(n, nonce);
    }
}

BOOST_AUTO_TEST_CASE(aux_slot_and_path) {
  crypto::hash id;
  for (int i = 0; i < 32; ++i) id.data[i] = static_cast<char>(i);
  BOOST_TEST(cryptonote::get_aux_slot(id, 0, 1) == 0u);
  BOOST_TEST(cryptonote::get_aux_slot(id, 7, 5) == 3u);  // sha256 starts 2b01bca1
  for (auto &c : id.data) c = static_cast<char>(0xff);
  BOOST_TEST(cryptonote::get_aux_slot(id, 0x12345678, 1000) == 61u);  // f54236ec
  BOOST_CHECK_THROW(cryptonote::get_aux_slot(id, 0, 0), std::invalid_argument);
  // tree_path by hand (Monero's tree-hash.c, one bit per level from the leaf
  // up, the leaf's bit highest): leaf 1 of 2 goes right (1); of 5 leaves, 3 and
  // 4 are first paired (left 0 / right 1) into node 3 of 4, which is the right
  // child of node 1 of 2, the right child of the root: 0b011 and 0b111.
  BOOST_TEST(cryptonote::get_path_from_aux_slot(1, 2) == 1u);
  BOOST_TEST(cryptonote::get_path_from_aux_slot(3, 5) == 3u);
  BOOST_TEST(cryptonote::get_path_from_aux_slot(4, 5) == 7u);
  BOOST_TEST(cryptonote::get_path_from_aux_slot(0, 1) == 0u);
  BOOST_CHECK_THROW(cryptonote::get_path_from_aux_slot(2, 2), std::invalid_argument);
  BOOST_CHECK_THROW(cryptonote::get_path_from_aux_slot(0, 0), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
