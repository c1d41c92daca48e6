// epee's int-util.h (Monero's contrib/epee names): expected values computed
// with Python's arbitrary-precision integers (products, quotients and
// remainders of the exact 128-bit numbers), and the byte-order macros checked
// against the bytes of a value in memory.
#include <boost/test/unit_test.hpp>

#include "int-util.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>

BOOST_AUTO_TEST_SUITE(int_util)

BOOST_AUTO_TEST_CASE(mul128_products) {
  std::uint64_t hi = 7;
  // (2^64-1)^2 = 0xfffffffffffffffe_0000000000000001.
  BOOST_CHECK_EQUAL(mul128(UINT64_MAX, UINT64_MAX, &hi), 1u);
  BOOST_CHECK_EQUAL(hi, 0xfffffffffffffffeULL);
  // 0x123456789abcdef0 * 0x0fedcba987654321 = 0x0121fa00ad77d742_2236d88fe5618cf0.
  BOOST_CHECK_EQUAL(mul128(0x123456789abcdef0ULL, 0x0fedcba987654321ULL, &hi), 0x2236d88fe5618cf0ULL);
  BOOST_CHECK_EQUAL(hi, 0x0121fa00ad77d742ULL);
  BOOST_CHECK_EQUAL(mul128(0, UINT64_MAX, &hi), 0u);
  BOOST_CHECK_EQUAL(hi, 0u);
}

BOOST_AUTO_TEST_CASE(div128_64_quotients_and_remainders) {
  std::uint64_t qh = 1, ql = 1, rh = 1, rl = 1;
  // (2^128 - 1) / 7 = 0x24924924924924924924924924924924 rem 3.
  div128_64(UINT64_MAX, UINT64_MAX, 7, &qh, &ql, &rh, &rl);
  BOOST_CHECK_EQUAL(qh, 0x2492492492492492ULL);
  BOOST_CHECK_EQUAL(ql, 0x4924924924924924ULL);
  BOOST_CHECK_EQUAL(rh, 0u);
  BOOST_CHECK_EQUAL(rl, 3u);
  // (2^128 - 1) / (2^64 - 1) = 2^64 + 1 rem 0.
  div128_64(UINT64_MAX, UINT64_MAX, UINT64_MAX, &qh, &ql, nullptr, &rl);
  BOOST_CHECK_EQUAL(qh, 1u);
  BOOST_CHECK_EQUAL(ql, 1u);
  BOOST_CHECK_EQUAL(rl, 0u);
  BOOST_CHECK_THROW(div128_64(1, 2, 0, &qh, &ql, &rh, &rl), std::overflow_error);
}

BOOST_AUTO_TEST_CASE(div128_32_quotient_and_remainder) {
  std::uint64_t qh = 1, ql = 1;
  // (5 * 2^64 + 7) / 1000000007 = 92233719722 rem 911720033.
  BOOST_CHECK_EQUAL(div128_32(5, 7, 1000000007u, &qh, &ql), 911720033u);
  BOOST_CHECK_EQUAL(qh, 0u);
  BOOST_CHECK_EQUAL(ql, 92233719722ULL);
  // (2^128 - 1) / 3 = 0x55555555555555555555555555555555 rem 0.
  BOOST_CHECK_EQUAL(div128_32(UINT64_MAX, UINT64_MAX, 3u, &qh, &ql), 0u);
  BOOST_CHECK_EQUAL(qh, 0x5555555555555555ULL);
  BOOST_CHECK_EQUAL(ql, 0x5555555555555555ULL);
  // Divisor 0: quotient 0, remainder 0 (Monero divides by zero).
  BOOST_CHECK_EQUAL(div128_32(5, 7, 0u, &qh, &ql), 0u);
  BOOST_CHECK_EQUAL(qh, 0u);
  BOOST_CHECK_EQUAL(ql, 0u);
}

BOOST_AUTO_TEST_CASE(rotations_and_clamps) {
  BOOST_CHECK_EQUAL(rol32(0x80000001u, 1), 3u);
  BOOST_CHECK_EQUAL(rol32(0x12345678u, 0), 0x12345678u);
  BOOST_CHECK_EQUAL(rol32(0x12345678u, 36), 0x23456781u);  // r mod 32 = 4
  BOOST_CHECK_EQUAL(rol64(0x8000000000000001ULL, 1), 3u);
  BOOST_CHECK_EQUAL(rol64(0x0123456789abcdefULL, 8), 0x23456789abcdef01ULL);
  std::uint64_t v = UINT64_MAX - 2;
  add64clamp(&v, 2);
  BOOST_CHECK_EQUAL(v, UINT64_MAX);
  add64clamp(&v, 1);
  BOOST_CHECK_EQUAL(v, UINT64_MAX);
  v = 5;
  sub64clamp(&v, 6);
  BOOST_CHECK_EQUAL(v, 0u);
  v = 5;
  sub64clamp(&v, 5);
  BOOST_CHECK_EQUAL(v, 0u);
}

BOOST_AUTO_TEST_CASE(byte_order) {
  BOOST_CHECK_EQUAL(SWAP16(0x1122), 0x2211);
  BOOST_CHECK_EQUAL(SWAP32(0x11223344u), 0x44332211u);
  BOOST_CHECK_EQUAL(SWAP64(0x1122334455667788ULL), 0x8877665544332211ULL);
  BOOST_CHECK_EQUAL(swap64(0x1122334455667788ULL), 0x8877665544332211ULL);
  // The LE/BE forms read bytes stored in that order, on either target.
  const unsigned char bytes[8] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
  std::uint64_t v64;
  std::uint32_t v32;
  std::memcpy(&v64, bytes, 8);
  std::memcpy(&v32, bytes, 4);
  BOOST_CHECK_EQUAL(SWAP64LE(v64), 0x8877665544332211ULL);
  BOOST_CHECK_EQUAL(SWAP64BE(v64), 0x1122334455667788ULL);
  BOOST_CHECK_EQUAL(swap32le(v32), 0x44332211u);
  BOOST_CHECK_EQUAL(swap32be(v32), 0x11223344u);
  std::uint64_t words[2] = {0x0102030405060708ULL, 0x1112131415161718ULL}, out[2];
  memcpy_swap64(out, words, 2);
  BOOST_CHECK_EQUAL(out[0], 0x0807060504030201ULL);
  BOOST_CHECK_EQUAL(out[1], 0x1817161514131211ULL);
  mem_inplace_swap64(out, 2);
  BOOST_CHECK(std::memcmp(out, words, sizeof words) == 0);
  std::uint16_t h[2] = {0x0102, 0x0304};
  mem_inplace_swap16(h, 2);
  BOOST_CHECK_EQUAL(h[0], 0x0201);
  BOOST_CHECK_EQUAL(h[1], 0x0403);
}

BOOST_AUTO_TEST_SUITE_END()
