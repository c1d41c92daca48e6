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
#include <string>

#include "memwipe.h"
#include "mlocker.h"

// In C++ the two C functions are declared in namespace crypto, as in Monero
// (crypto::chacha8(data, length, key, iv, cipher) with raw pointers); from C
// they are the global chacha8/chacha20. One C symbol either way.
namespace crypto {
extern "C" {
#endif

// cipher[0..length) = data[0..length) XOR ChaCha8(key[0..32), iv[0..8)) key
// stream. Source: Monero chacha8 (src/crypto/chacha.c).
void chacha8(const void *data, size_t length, const uint8_t *key, const uint8_t *iv, char *cipher);

// The same with 20 rounds, through libsodium. Source: Monero chacha20.
void chacha20(const void *data, size_t length, const uint8_t *key, const uint8_t *iv, char *cipher);

#if defined(__cplusplus)
}  // extern "C"

// A ChaCha key: 32 bytes with std::array's interface (data(), size(),
// operator[], iteration), zero when constructed, its memory locked
// (epee::mlocker, mlocker.h: counted per page; if the platform or
// RLIMIT_MEMLOCK refuses, the key still works, only unlocked) for its whole
// life and wiped (memwipe) when destroyed. Secret. Monero's type, the same
// alias: unwrap(unwrap(key)) is the std::array. Source: Monero crypto::chacha_key.
using chacha_key = epee::mlocked<tools::scrubbed_arr<std::uint8_t, CHACHA_KEY_SIZE>>;

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
  chacha8(data, length, key.data(), iv.data, cipher);
}

inline void chacha20(const void *data, std::size_t length, const chacha_key &key, const chacha_iv &iv,
                     char *cipher) {
  chacha20(data, length, key.data(), iv.data, cipher);
}

// ---- The wallet-file key derivation -----------------------------------------
//
// key = H^kdf_rounds(data) with H = cn_slow_hash variant 0 (CryptoNight, 2 MiB
// scratchpad, crypto/hash.h): h = cn_slow_hash(data), then kdf_rounds - 1
// times h = cn_slow_hash(h[0..32)); the key is the 32-byte h. kdf_rounds 0
// counts as 1, as in Monero's loop. wallet2's default kdf_rounds is 1
// (--kdf-rounds). About one cn_slow_hash (~10-20 ms) per round; the
// intermediate hashes are in a locked, wiped buffer.
//
// Timing: NOT constant time in data. CryptoNight's scratchpad addresses depend
// on the data, as in Monero; a password is hashed this way by design (it is a
// memory-hard KDF, not a constant-time one). Everything around it (copies,
// wiping) is data independent. Vectors: ../shared/data/wallet/kdf.json.
// Throws what cn_slow_hash throws (std::bad_alloc when its scratchpad cannot be
// had; std::invalid_argument for data == nullptr with size > 0).

// key = H^kdf_rounds(data[0..size)). Source: Monero crypto::generate_chacha_key
// (const void *data, size_t size, chacha_key &key, uint64_t kdf_rounds).
void generate_chacha_key(const void *data, std::size_t size, chacha_key &key, std::uint64_t kdf_rounds);

// The same, the first round starting from data = an already computed 200-byte
// Keccak state (cn_slow_hash prehashed = 1; size must be 200, else
// std::invalid_argument). Source: Monero crypto::generate_chacha_key_prehashed.
void generate_chacha_key_prehashed(const void *data, std::size_t size, chacha_key &key, std::uint64_t kdf_rounds);

// generate_chacha_key of the password's bytes (no normalisation; Monero takes
// std::string by value, here by reference: no unwiped copy). Source: Monero
// crypto::generate_chacha_key(std::string password, chacha_key &, uint64_t).
void generate_chacha_key(const std::string &password, chacha_key &key, std::uint64_t kdf_rounds);

// (Monero's third form, from a wallet's account keys, is hw::device's
// generate_chacha_key(const account_keys &, chacha_key &, uint64_t): it needs
// cryptonote::account_keys, so it is in the wallet layer,
// cryptonote/wallet_keys_file.h.)

}  // namespace crypto
#endif
