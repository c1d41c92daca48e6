// Internal entries of crypto.h for the library's own callers (not Monero API;
// the public functions keep all their checks).
#pragma once

#include "crypto/crypto.h"

#include <cstddef>

namespace crypto::detail {

// generate_ring_signature without its statement check: it does NOT verify that
// pubs[sec_index] == sec*G and image == sec*hash_to_ec(pubs[sec_index]) (two
// scalar multiplications and a hash-to-point per call); with a wrong statement
// the signature simply never verifies. Everything else is checked and thrown as
// generate_ring_signature does (empty or absurd ring, null pointers, sec_index
// outside the ring, sec >= L, an undecodable image or ring key). For callers
// that derived the key pair and the image from sec themselves: the transaction
// builder (generate_key_image_helper, then pub == the real member's key).
// Secret: sec and the nonce; constant time in them. Sizes as generate_ring_signature.
void generate_ring_signature_prechecked(const hash &prefix_hash, const key_image &image,
                                        const public_key *const *pubs, std::size_t pubs_count,
                                        const secret_key &sec, std::size_t sec_index, signature *sig);

}  // namespace crypto::detail
