// Constant-time check of ChaCha8 and ChaCha20 (crypto/chacha.h) under valgrind
// memcheck (label "ct"), the method of ct_keys.cpp: key, IV and plaintext are
// marked secret, and memcheck reports any branch or memory index computed from
// them. Only the length is public. (The IV is public in wallet2's files; it is
// marked secret here to show it does not matter.)
//
// Electrum seeds are not checked here: encoding and decoding index the word
// lists by secret word indices, as Monero's do (mnemonics/electrum-words.h).
//
// Without valgrind the functional checks run and the program returns 77
// (ctest: skipped).
#include "crypto/chacha.h"
#include "support/ct_valgrind.h"

#include <cstdint>
#include <cstring>
#include <vector>

using namespace cncrypto::test::ct;

int main() {
  if (!setup("ct_chacha", false)) return 1;
  for (std::size_t len : {1u, 63u, 64u, 65u, 200u}) {
    crypto::chacha_key key;
    crypto::chacha_iv iv;
    for (std::size_t i = 0; i < 32; ++i) key[i] = static_cast<std::uint8_t>(7 * i + len);
    for (std::size_t i = 0; i < 8; ++i) iv.data[i] = static_cast<std::uint8_t>(3 * i + 1);
    std::vector<char> plain(len), c8(len), c20(len), back(len);
    for (std::size_t i = 0; i < len; ++i) plain[i] = static_cast<char>(i * 31);
    secret(key);
    secret(iv);
    cncrypto::test::ct::secret_bytes(plain.data(), len);
    crypto::chacha8(plain.data(), len, key, iv, c8.data());
    crypto::chacha20(plain.data(), len, key, iv, c20.data());
    expect_tainted(c8[0], "chacha8 output");
    expect_tainted(c20[0], "chacha20 output");
    // Decrypt, then declassify for the functional comparison.
    crypto::chacha8(c8.data(), len, key, iv, back.data());
    cncrypto::test::ct::declassify_bytes(back.data(), len);
    cncrypto::test::ct::declassify_bytes(plain.data(), len);
    expect(back == plain, "chacha8 round trip");
    crypto::chacha20(c20.data(), len, key, iv, back.data());
    cncrypto::test::ct::declassify_bytes(back.data(), len);
    expect(back == plain, "chacha20 round trip");
    cncrypto::test::ct::declassify_bytes(c8.data(), len);
    cncrypto::test::ct::declassify_bytes(c20.data(), len);
    expect(c8 != c20, "chacha8 differs from chacha20");
  }
  return finish();
}
