// Batched key operations (cncrypto extension in namespace cncrypto; the batch forms of crypto/crypto.h's
// generate_key_derivation, derive_public_key, derive_subaddress_public_key and
// generate_key_image). For wallet scanning: one view key against a block's or a
// range's worth of transaction public keys, many outputs at once.
//
// Every entry i gives exactly what the single call gives for the same inputs
// (byte-for-byte, including Monero's results for secret keys >= L, small-order
// and torsioned points), and the entries are independent: an entry whose input
// point does not decode fails alone (ok[i] = 0, its output untouched), every
// other entry is computed. The batch only shares work (one field inversion for
// all encodings, the curve layer's batch multiplications, see docs/scanning.md).
//
// Arrays: `count` elements each (count 0 does nothing); the outputs must not
// overlap the inputs. A null pointer with count > 0 throws std::invalid_argument
// naming the argument; allocation failure throws std::bad_alloc; every call
// throws std::runtime_error naming the variable when CNCRYPTO_CURVE_IMPL names an
// unknown curve backend or one this CPU cannot run (an empty value counts as
// unset; names are case-sensitive: serial, avx2, ifma; curve/ecmult.h), as the
// single calls of crypto/crypto.h do. Nothing else throws. Thread-safe: no state
// is kept between calls (no global buffers, no caches); concurrent calls on
// distinct outputs are fine.
//
// Timing: the secret inputs (view or spend secret keys, derivations) are handled
// in constant time: no branch and no memory address depends on them, and the
// internal copies are wiped (checked by tests/unit_tests/ct/ct_batch.cpp on the
// backend the CPU probe picks: under valgrind memcheck, which hides AVX-512, that
// is avx2; built with MemorySanitizer, scripts/ct_msan.sh, on an IFMA CPU, ifma;
// docs/ed25519_backends.md, "Constant time"). The public inputs (transaction public keys,
// output keys, bases, output indexes, count) and which entries fail may affect
// the time.
#pragma once

#include "crypto/crypto.h"

#include <cstddef>
#include <cstdint>

namespace cncrypto {

// derivations[i] = 8*(sec*tx_pub_keys[i]) (generate_key_derivation(tx_pub_keys[i],
// sec, derivations[i])), ok[i] = 1; or ok[i] = 0 with derivations[i] untouched
// when tx_pub_keys[i] does not decode. Returns the number of failed entries (0:
// all computed). Secret: sec, derivations. sec >= L gives Monero's release-build
// result, as the single call. Source: Monero generate_key_derivation, per entry.
std::size_t generate_key_derivations(const crypto::public_key *tx_pub_keys, std::size_t count,
                                     const crypto::secret_key &sec, crypto::key_derivation *derivations, std::uint8_t *ok);

// derived_keys[i] = bases[i] + Hs(derivations[i] || varint(output_indexes[i]))*G
// (derive_public_key), ok[i] = 1; or ok[i] = 0, derived_keys[i] untouched, when
// bases[i] does not decode. Returns the number of failed entries. Secret: the
// derivations. Source: Monero derive_public_key, per entry.
std::size_t derive_public_keys(const crypto::key_derivation *derivations, const std::size_t *output_indexes,
                               const crypto::public_key *bases, std::size_t count, crypto::public_key *derived_keys,
                               std::uint8_t *ok);

// derived_keys[i] = out_keys[i] - Hs(derivations[i] || varint(output_indexes[i]))*G
// (derive_subaddress_public_key: the spend key output i was sent to), ok[i] = 1;
// or ok[i] = 0, derived_keys[i] untouched, when out_keys[i] does not decode.
// Returns the number of failed entries. Secret: the derivations.
// Source: Monero derive_subaddress_public_key, per entry.
std::size_t derive_subaddress_public_keys(const crypto::public_key *out_keys, const crypto::key_derivation *derivations,
                                          const std::size_t *output_indexes, std::size_t count,
                                          crypto::public_key *derived_keys, std::uint8_t *ok);

// images[i] = secs[i]*hash_to_ec(pubs[i]) (generate_key_image). pubs are only
// hashed, so no entry fails. Secret: secs (each may be any 32 bytes; >= L gives
// Monero's release-build result). Source: Monero generate_key_image, per entry.
void generate_key_images(const crypto::public_key *pubs, const crypto::secret_key *secs, std::size_t count,
                         crypto::key_image *images);

}  // namespace cncrypto
