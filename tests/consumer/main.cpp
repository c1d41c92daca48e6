// Uses the installed cncrypto the way an application would; exits 0 only when
// cn_fast_hash("") is Keccak-256 of the empty string. Expected value: pycryptodome,
// Cryptodome.Hash.keccak.new(digest_bits=256, data=b"").hexdigest().
#include <cstdio>
#include <cstring>

#include "common/hex.h"
#include "crypto/hash.h"

int main() {
  static const char expected[] = "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470";
  const crypto::hash h = crypto::cn_fast_hash("", 0);
  const std::string got = cncrypto::hex_encode(&h, sizeof h);
  if (got != expected) {
    std::fprintf(stderr, "consumer: cn_fast_hash(\"\") = %s, expected %s\n", got.c_str(), expected);
    return 1;
  }
  std::printf("consumer: cn_fast_hash(\"\") = %s OK\n", got.c_str());
  return 0;
}
