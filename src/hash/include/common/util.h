// Monero's common/util.h, its crypto part only: tools::sha256sum, SHA-256
// (FIPS 180-4) of a buffer or of a file's contents into a crypto::hash.
// The rest of Monero's common/util.h (data directories, signal handlers, the
// DNS and network helpers, tools::is_local_address, ...) is operating-system
// code that cncrypto does not cover; a program calling one of those gets a
// missing-name error here. docs/monero_api.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "crypto/hash.h"

namespace tools {

// hash = SHA-256(data[0..len)), 32 bytes (libsodium's crypto_hash_sha256).
// Returns true; false (hash unchanged) when data is NULL with len > 0 (Monero:
// undefined). Never throws. Variable time in len only. Source: Monero
// common/util.cpp sha256sum(const uint8_t *, size_t, crypto::hash &) (OpenSSL's
// EVP_sha256 there; the same digest).
bool sha256sum(const std::uint8_t *data, std::size_t len, crypto::hash &hash);

// hash = SHA-256 of the whole contents of the file at filename (like the
// sha256sum command), read in 64 KiB pieces. Returns false, hash unchanged,
// when the file does not exist, is not a regular file, cannot be opened, or a
// read fails (as Monero returns false for a missing file; Monero's stream
// errors throw from its ifstream, here they return false). Never throws but
// std::bad_alloc. Source: Monero common/util.cpp sha256sum(const std::string &,
// crypto::hash &).
bool sha256sum(const std::string &filename, crypto::hash &hash);

}  // namespace tools
