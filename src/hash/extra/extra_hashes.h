// Private to the hash layer: the four CryptoNight finalizer hashes with byte
// pointers, each writing a 32-byte digest. The public C names
// (hash_extra_blake, ...) in crypto/hash-ops.h check their arguments and call
// these. All four run in time that depends on the length only.
#pragma once

#include <cstddef>
#include <cstdint>

namespace crypto::extra {

void blake256(const std::uint8_t *data, std::size_t length, std::uint8_t out[32]);      // BLAKE-256, 14 rounds
void groestl256(const std::uint8_t *data, std::size_t length, std::uint8_t out[32]);    // Groestl-256 (final)
void jh256(const std::uint8_t *data, std::size_t length, std::uint8_t out[32]);         // JH-256 (42 rounds)
void skein512_256(const std::uint8_t *data, std::size_t length, std::uint8_t out[32]);  // Skein-512-256 (v1.3)

}  // namespace crypto::extra
