// Layer interface of the key layer: the ring-signature entry for callers that
// derived the key pair and the image themselves (the transaction builder, which
// gets both from generate_key_image_helper and signs with the real member's key).
// Not Monero API; not installed. The public generate_ring_signature
// (crypto/crypto.h) keeps all its checks.
#pragma once

#include "crypto/crypto.h"

#include <cstddef>

namespace crypto {

// generate_ring_signature (crypto/crypto.h) without its statement check: it
// does NOT verify that pubs[sec_index] == sec*G and image ==
// sec*hash_to_ec(pubs[sec_index]) (two scalar multiplications and a
// hash-to-point per call, about half the time of a ring-1 signature,
// docs/crypto.md); with a wrong
// statement the signature simply never verifies. Everything else is checked
// and thrown as generate_ring_signature does (std::invalid_argument for an
// empty or absurd ring, null pointers, sec_index outside the ring, sec >= L, an
// undecodable image or ring key). Writes sig[0 .. pubs_count) (64 bytes each).
// Secret: sec and the nonce; constant time in them (sec_index is public).
// Source: Monero generate_ring_signature (release build: no statement check).
void generate_ring_signature_prechecked(const hash &prefix_hash, const key_image &image,
                                        const public_key *const *pubs, std::size_t pubs_count,
                                        const secret_key &sec, std::size_t sec_index, signature *sig);

}  // namespace crypto
