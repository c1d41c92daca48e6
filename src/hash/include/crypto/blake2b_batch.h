// BLAKE2b (RFC 7693) of many independent messages at once: cncrypto's
// extension (namespace cncrypto, no Monero counterpart) beside Monero master's
// crypto/blake2b.h, for Carrot's scanning, which hashes a few dozen bytes per
// output (keyed blake2b_monero with 3-, 8-, 16-, 32- and 64-byte digests).
// docs/blake2b.md.
//
// With AVX-512 eight messages run side by side in the 64-bit lanes of zmm
// registers, with AVX2 four in ymm registers; elsewhere (or with
// CNCRYPTO_BLAKE2B_IMPL=portable) the messages go one by one through the
// single-message code. The results are the same either way: digest i is what
// blake2b (or blake2b_monero, or the streaming API with that salt and
// personalisation) gives for message i.
//
// Timing: constant time in the keys and the message contents (no branch or
// memory index depends on them); the time depends on count, the lengths and
// the digest lengths (public). Keys, message blocks and chaining values are
// wiped from the stack after use. Thread-safe; no state between calls.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cncrypto {

// Monero's personalisation, "Monero" and ten zero bytes: a message with
// personal = blake2b_monero_personal hashes as blake2b_monero does.
inline constexpr std::uint8_t blake2b_monero_personal[16] = {'M', 'o', 'n', 'e', 'r', 'o'};

// One message of a batch and its parameters (sequential hashing: fanout 1,
// depth 1, no tree fields).
struct blake2b_batch_input {
  const void *in = nullptr;          // the message, inlen bytes (may be null when inlen is 0)
  std::size_t inlen = 0;             // bytes
  const void *key = nullptr;         // the key, keylen bytes (may be null when keylen is 0)
  std::size_t keylen = 0;            // 0..64; 0: unkeyed (as blake2b with keylen 0)
  const void *salt = nullptr;        // 16 bytes, or null for zeros
  const void *personal = nullptr;    // 16 bytes, or null for zeros (blake2b_monero_personal: Monero's)
  std::size_t outlen = 32;           // digest bytes, 1..64
};

// The BLAKE2b digests of inputs[0 .. count), one after the other at out:
// digest i (inputs[i].outlen bytes) starts at out + the sum of the outlen of
// inputs 0 .. i-1. out_size is the room at out in bytes, at least the sum of
// every outlen. count 0 does nothing (the pointers may then be null).
//
// Throws std::invalid_argument naming the argument (and the index i) when
// out or inputs is null with count > 0, an outlen is 0 or above 64, a keylen is
// above 64, in or key is null with a length above 0, out_size is below the
// sum of the outlens, or the digests' bytes overlap the inputs array or any
// input's message, key, salt or personalisation; nothing is written then.
//
// Sources: RFC 7693 (sections 2.5, 3.2, 3.3); BLAKE2 paper section 2.8 (the
// parameter block). The batch is cncrypto's own; Monero hashes one by one.
void blake2b_batch(void *out, std::size_t out_size, const blake2b_batch_input *inputs, std::size_t count);

}  // namespace cncrypto
