// ChaCha as Monero uses it (src/crypto/chacha.h in Monero): same names, same
// signatures, same bytes.
//
// Both ciphers are D. J. Bernstein's original ChaCha: a 32-byte key, an 8-byte
// IV (state words 14-15) and a 64-bit block counter starting at 0 (words
// 12-13); the output is the input XOR the key stream, for any length (no
// padding, no authentication). This is not RFC 8439's 12-byte-nonce ChaCha20,
// although ChaCha20 here equals RFC 8439's with nonce = 8 zero bytes || iv for
// the first 2^32 blocks. ChaCha8 runs 8 rounds, ChaCha20 20.
//   * chacha20 is libsodium's crypto_stream_chacha20_xor (the same stream).
//   * chacha8 is cncrypto's own code (no package has it), checked against
//     Monero's unit-test vectors and against a reduced-round reference
//     (tests/unit_tests/keys/chacha_tests.cpp).
// Monero uses chacha20 for .keys and cache files (chacha8 for files from before
// v0.12) and to mask secret keys in memory.
//
// Timing: constant time in the key, IV and data (add, rotate, xor only; no
// table, no data-dependent branch); only the length matters.
//
// Arguments: data and cipher may be the same buffer (in-place) but must not
// otherwise overlap. length 0 does nothing (pointers may then be null). A null
// pointer with length > 0 throws std::invalid_argument naming the function
// (Monero's behaviour there is undefined). Like the Keccak C API (crypto/keccak.h)
// the two C-linkage functions are implemented in C++ and report misuse by
// throwing; from C that ends the process with the message.
#pragma once

#include <stddef.h>
#include <stdint.h>

#define CHACHA_KEY_SIZE 32
#define CHACHA_IV_SIZE 8

#if defined(__cplusplus)
#include <array>
#include <cstdint>

extern "C" {
#endif

// cipher[0..length) = data[0..length) XOR ChaCha8(key[0..32), iv[0..8)) key
// stream. Source: Monero chacha8 (src/crypto/chacha.c).
void chacha8(const void *data, size_t length, const uint8_t *key, const uint8_t *iv, char *cipher);

// The same with 20 rounds, through libsodium. Source: Monero chacha20.
void chacha20(const void *data, size_t length, const uint8_t *key, const uint8_t *iv, char *cipher);

#if defined(__cplusplus)
}

namespace crypto {

// A ChaCha key: 32 bytes with std::array's interface (data(), size(),
// operator[], iteration), zero when constructed and wiped with sodium_memzero
// when destroyed. Secret. Monero's type is epee::mlocked<scrubbed_arr<uint8_t,
// 32>>: the same interface and wiping; unlike Monero the page is not mlock()ed
// (as crypto::secret_key is not).
struct chacha_key : std::array<std::uint8_t, CHACHA_KEY_SIZE> {
  chacha_key() : std::array<std::uint8_t, CHACHA_KEY_SIZE>{} {}
  chacha_key(const chacha_key &) = default;
  chacha_key &operator=(const chacha_key &) = default;
  ~chacha_key();
};

#pragma pack(push, 1)
// The 8-byte IV. Public (stored in clear beside the ciphertext by wallet2).
struct chacha_iv {
  std::uint8_t data[CHACHA_IV_SIZE];
};
#pragma pack(pop)

static_assert(sizeof(chacha_key) == CHACHA_KEY_SIZE && sizeof(chacha_iv) == CHACHA_IV_SIZE,
              "Invalid structure size");

// chacha8 / chacha20 with the key and IV types. Source: Monero's inline
// crypto::chacha8 / crypto::chacha20 overloads.
inline void chacha8(const void *data, std::size_t length, const chacha_key &key, const chacha_iv &iv, char *cipher) {
  ::chacha8(data, length, key.data(), iv.data, cipher);
}

inline void chacha20(const void *data, std::size_t length, const chacha_key &key, const chacha_iv &iv,
                     char *cipher) {
  ::chacha20(data, length, key.data(), iv.data, cipher);
}

// Monero's generate_chacha_key (both forms) and generate_chacha_key_prehashed
// (the wallet-file key derivation, cn_slow_hash variant 0 repeated kdf_rounds
// times) are not declared yet: they come with cn_slow_hash (CryptoNight, being
// integrated separately), so code that calls them fails to compile rather than
// to link. Vectors: ../shared/data/wallet/kdf.json; docs/seeds.md, "Not yet".

}  // namespace crypto
#endif
