// Private to src/hash/blake2b/: the pieces of a whole BLAKE2b hash that
// blake2b.cpp (Monero's API) and blake2b_batch.cpp (cncrypto::blake2b_batch)
// share, defined in blake2b.cpp.
#pragma once

#include "hash/blake2b_impl.h"

#include <cstddef>
#include <cstdint>

namespace crypto::blake2b_impl {

// The parameter block of sequential hashing (fanout 1, depth 1) with the given
// digest (1..64) and key (0..64) lengths, salt and personalisation (16 bytes
// each; nullptr: zeros). RFC 7693 section 2.5.
void sequential_params(std::uint8_t block[64], std::size_t outlen, std::size_t keylen, const std::uint8_t *salt,
                       const std::uint8_t *personal);

// h = IV xor the parameter block read as eight little-endian words.
void start_chain(std::uint64_t h[8], const std::uint8_t params[64]);

// What sequential_params then start_chain give, word by word (no byte block:
// its byte stores read back as words stall the CPU's store forwarding).
void sequential_chain(std::uint64_t h[8], std::size_t outlen, std::size_t keylen, const std::uint8_t *salt,
                      const std::uint8_t *personal);

// The first outlen (<= 64) bytes of h as little-endian bytes.
void write_digest(const std::uint64_t h[8], std::uint8_t *out, std::size_t outlen);

// The whole outlen-byte (1..64) hash of in[0..inlen) from the chaining value
// `chain` (IV xor the parameter block), keyed with key[0..keylen) when
// keylen > 0 (keylen <= 64), through the compression `compress`: what init +
// update + final give. The caller has checked every argument. Constant time in
// the key and the data.
void hash_oneshot(compress_fn compress, const std::uint64_t chain[8], std::size_t outlen, const void *key,
                  std::size_t keylen, const void *in, std::size_t inlen, std::uint8_t *out);

}  // namespace crypto::blake2b_impl
