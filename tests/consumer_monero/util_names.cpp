// Monero's idiom for epee's int-util.h, common/util.h's tools::sha256sum and
// Boost's hash support for the crypto types (crypto::hash_value), compiled
// against the installed package with Monero's include paths only
// (scripts/test-consumer.sh). Monero's tests/unit_tests/mul_div.cpp,
// difficulty.cpp and sha256.cpp use these names the same way.
//
// Expected values: SHA-256("abc") and SHA-256("") from FIPS 180-2 (appendix
// B.1) / the sha256sum command; the 128-bit products and quotients computed
// with Python's integers ((2^64-1)^2 = 2^128 - 2^65 + 1; 2^64 = 3 *
// 6148914691236517205 + 1; (5 * 2^64 + 7) = 1000000007 * 92233719722 + 911720033).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>

#include <boost/functional/hash.hpp>
#include <boost/unordered_set.hpp>

#include "check.h"
#include "common/util.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "int-util.h"

using monero_idiom::check;

int main() {
  const char *me = "monero_idiom_util";

  // int-util.h
  uint64_t hi = 0;
  const uint64_t lo = mul128(UINT64_MAX, UINT64_MAX, &hi);
  check(me, "mul128((2^64-1)^2)", hi == 0xfffffffffffffffeull && lo == 1);
  uint64_t qh = 9, ql = 9, rh = 9, rl = 9;
  div128_64(1, 0, 3, &qh, &ql, &rh, &rl);
  check(me, "div128_64(2^64 / 3)", qh == 0 && ql == 6148914691236517205ull && rh == 0 && rl == 1);
  div128_64(5, 7, 1000000007, &qh, &ql, nullptr, nullptr);
  check(me, "div128_64 with null remainders", qh == 0 && ql == 92233719722ull);
  bool threw = false;
  try {
    div128_64(1, 1, 0, &qh, &ql, &rh, &rl);
  } catch (const std::overflow_error &) {
    threw = true;
  }
  check(me, "div128_64 by 0 throws std::overflow_error", threw);
  const uint32_t rem = div128_32(5, 7, 1000000007u, &qh, &ql);
  check(me, "div128_32", qh == 0 && ql == 92233719722ull && rem == 911720033u);
  check(me, "SWAP64", SWAP64(0x0102030405060708ull) == 0x0807060504030201ull);
  const unsigned char le[8] = {0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01};
  uint64_t v;
  std::memcpy(&v, le, 8);
  check(me, "SWAP64LE reads little-endian bytes", SWAP64LE(v) == 0x0102030405060708ull);
  check(me, "swap32be", swap32be(swap32be(0x11223344u)) == 0x11223344u);
  check(me, "rol64", rol64(0x8000000000000001ull, 1) == 3);
  uint64_t c = UINT64_MAX - 1;
  add64clamp(&c, 5);
  check(me, "add64clamp saturates", c == UINT64_MAX);
  sub64clamp(&c, 0);
  c = 3;
  sub64clamp(&c, 5);
  check(me, "sub64clamp saturates", c == 0);

  // common/util.h
  crypto::hash h, expected;
  monero_idiom::from_hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", expected);
  check(me, "tools::sha256sum(\"abc\")", tools::sha256sum((const uint8_t *)"abc", 3, h) && h == expected);
  char path[] = "/tmp/cncrypto_sha256sum_XXXXXX";
  const int fd = mkstemp(path);
  check(me, "temporary file", fd >= 0);
  FILE *f = fdopen(fd, "wb");
  std::fputs("abc", f);
  std::fclose(f);
  crypto::hash hf;
  check(me, "tools::sha256sum(file)", tools::sha256sum(std::string(path), hf) && hf == expected);
  std::remove(path);
  check(me, "tools::sha256sum(missing file) is false", !tools::sha256sum(std::string(path), hf));

  // crypto::hash_value: boost::hash and Boost's unordered containers.
  crypto::public_key pk;
  std::memcpy(&pk, &expected, 32);
  check(me, "boost::hash<crypto::hash> = std::hash", boost::hash<crypto::hash>()(h) == std::hash<crypto::hash>()(h));
  check(me, "boost::hash<crypto::public_key> = std::hash",
        boost::hash<crypto::public_key>()(pk) == std::hash<crypto::public_key>()(pk));
  boost::unordered_set<crypto::key_image> images;
  crypto::key_image ki;
  std::memcpy(&ki, &expected, 32);
  images.insert(ki);
  check(me, "boost::unordered_set<crypto::key_image>", images.count(ki) == 1);
  return 0;
}
