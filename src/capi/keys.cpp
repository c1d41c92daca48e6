// cncrypto.h: Monero's key operations (crypto/crypto.h).
//
// The caller's bytes are viewed as Monero's key types in place (boundary.h's
// in/out). The C++ functions leave their output untouched when they return false.
#include <cstring>
#include <vector>

#include "boundary.h"
#include "crypto/crypto-ops.h"  // sc_check
#include "crypto/crypto.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

namespace {

// A ring: pubs not NULL, 1 or more members, and count * 64 (the signatures'
// bytes) fits a size_t.
bool ring_ok(const uint8_t *pubs, std::size_t count) {
  return pubs != nullptr && count != 0 && count <= SIZE_MAX / 64;
}
// The ring's keys as the pointer array Monero's ring-signature functions take.
std::vector<const crypto::public_key *> ring_of(const uint8_t *pubs, std::size_t count) {
  std::vector<const crypto::public_key *> ring(count);
  for (std::size_t i = 0; i < count; ++i) ring[i] = &in<crypto::public_key>(pubs + 32 * i);
  return ring;
}

}  // namespace

extern "C" {

int cncrypto_secret_key_to_public_key(const uint8_t sec[32], uint8_t pub[32]) {
  if (bad(sec) || bad(pub)) return CNCRYPTO_EINVAL;
  return guard([&] {
    return from_bool(crypto::secret_key_to_public_key(in<crypto::secret_key>(sec), out<crypto::public_key>(pub)),
                     failure::decode);
  });
}

int cncrypto_generate_keys(uint8_t pub[32], uint8_t sec[32], const uint8_t *recovery_key) {
  if (bad(pub) || bad(sec)) return CNCRYPTO_EINVAL;
  return guard([&] {
    crypto::public_key p;
    if (recovery_key != nullptr) {
      crypto::secret_key recovery = in<crypto::secret_key>(recovery_key);  // a copy: recovery_key may be sec
      crypto::generate_keys(p, out<crypto::secret_key>(sec), recovery, true);
    } else {
      crypto::generate_keys(p, out<crypto::secret_key>(sec));
    }
    out<crypto::public_key>(pub) = p;  // the key pair is written only when complete
    return CNCRYPTO_OK;
  });
}

int cncrypto_check_key(const uint8_t key[32]) {
  if (bad(key)) return CNCRYPTO_EINVAL;
  return guard([&] { return from_bool(crypto::check_key(in<crypto::public_key>(key)), failure::verify); });
}

int cncrypto_generate_key_derivation(const uint8_t pub[32], const uint8_t sec[32], uint8_t derivation[32]) {
  if (bad(pub) || bad(sec) || bad(derivation)) return CNCRYPTO_EINVAL;
  return guard([&] {
    return from_bool(crypto::generate_key_derivation(in<crypto::public_key>(pub), in<crypto::secret_key>(sec),
                                                     out<crypto::key_derivation>(derivation)),
                     failure::decode);
  });
}

int cncrypto_derive_public_key(const uint8_t derivation[32], uint64_t output_index, const uint8_t base[32],
                               uint8_t out_key[32]) {
  if (bad(derivation) || bad(base) || bad(out_key) || !fits_size_t(output_index)) return CNCRYPTO_EINVAL;
  return guard([&] {
    return from_bool(crypto::derive_public_key(in<crypto::key_derivation>(derivation), output_index,
                                               in<crypto::public_key>(base), out<crypto::public_key>(out_key)),
                     failure::decode);
  });
}

int cncrypto_derive_secret_key(const uint8_t derivation[32], uint64_t output_index, const uint8_t base[32],
                               uint8_t out_key[32]) {
  if (bad(derivation) || bad(base) || bad(out_key) || !fits_size_t(output_index)) return CNCRYPTO_EINVAL;
  return guard([&] {
    crypto::derive_secret_key(in<crypto::key_derivation>(derivation), output_index, in<crypto::secret_key>(base),
                              out<crypto::secret_key>(out_key));
    return CNCRYPTO_OK;
  });
}

int cncrypto_derive_subaddress_public_key(const uint8_t out_key[32], const uint8_t derivation[32],
                                          uint64_t output_index, uint8_t result[32]) {
  if (bad(out_key) || bad(derivation) || bad(result) || !fits_size_t(output_index)) return CNCRYPTO_EINVAL;
  return guard([&] {
    return from_bool(crypto::derive_subaddress_public_key(in<crypto::public_key>(out_key),
                                                          in<crypto::key_derivation>(derivation), output_index,
                                                          out<crypto::public_key>(result)),
                     failure::decode);
  });
}

int cncrypto_derive_view_tag(const uint8_t derivation[32], uint64_t output_index, uint8_t *view_tag) {
  if (bad(derivation) || bad(view_tag) || !fits_size_t(output_index)) return CNCRYPTO_EINVAL;
  return guard([&] {
    crypto::derive_view_tag(in<crypto::key_derivation>(derivation), output_index, out<crypto::view_tag>(view_tag));
    return CNCRYPTO_OK;
  });
}

int cncrypto_generate_key_image(const uint8_t pub[32], const uint8_t sec[32], uint8_t key_image[32]) {
  if (bad(pub) || bad(sec) || bad(key_image)) return CNCRYPTO_EINVAL;
  return guard([&] {
    crypto::generate_key_image(in<crypto::public_key>(pub), in<crypto::secret_key>(sec),
                               out<crypto::key_image>(key_image));
    return CNCRYPTO_OK;
  });
}

int cncrypto_generate_signature(const uint8_t prefix_hash[32], const uint8_t pub[32], const uint8_t sec[32],
                                uint8_t sig[64]) {
  if (bad(prefix_hash) || bad(pub) || bad(sec) || bad(sig)) return CNCRYPTO_EINVAL;
  // The library throws std::invalid_argument for sec >= L; a non-canonical
  // scalar is a decoding failure in cncrypto.h's terms (as for
  // cncrypto_secret_key_to_public_key).
  if (sc_check(sec) != 0) return CNCRYPTO_EDECODE;
  return guard([&] {
    crypto::generate_signature(in<crypto::hash>(prefix_hash), in<crypto::public_key>(pub),
                               in<crypto::secret_key>(sec), out<crypto::signature>(sig));
    return CNCRYPTO_OK;
  });
}

int cncrypto_check_signature(const uint8_t prefix_hash[32], const uint8_t pub[32], const uint8_t sig[64]) {
  if (bad(prefix_hash) || bad(pub) || bad(sig)) return CNCRYPTO_EINVAL;
  return guard([&] {
    return from_bool(crypto::check_signature(in<crypto::hash>(prefix_hash), in<crypto::public_key>(pub),
                                             in<crypto::signature>(sig)),
                     failure::verify);
  });
}

int cncrypto_generate_ring_signature(const uint8_t prefix_hash[32], const uint8_t image[32], const uint8_t *pubs,
                                     size_t pubs_count, const uint8_t sec[32], size_t sec_index, uint8_t *sigs) {
  if (bad(prefix_hash) || bad(image) || !ring_ok(pubs, pubs_count) || bad(sec) || bad(sigs) ||
      sec_index >= pubs_count)
    return CNCRYPTO_EINVAL;
  // What Monero aborts on (and the library throws std::invalid_argument for) is
  // bytes that do not decode: EDECODE here, like the other key functions.
  if (sc_check(sec) != 0) return CNCRYPTO_EDECODE;
  return guard([&] {
    const auto ring = ring_of(pubs, pubs_count);
    if (!crypto::check_key(in<crypto::public_key>(image))) return from_bool(false, failure::decode);
    for (const crypto::public_key *p : ring)
      if (!crypto::check_key(*p)) return from_bool(false, failure::decode);
    crypto::generate_ring_signature(in<crypto::hash>(prefix_hash), in<crypto::key_image>(image), ring.data(),
                                    pubs_count, in<crypto::secret_key>(sec), sec_index,
                                    &out<crypto::signature>(sigs));
    return CNCRYPTO_OK;
  });
}

int cncrypto_check_ring_signature(const uint8_t prefix_hash[32], const uint8_t image[32], const uint8_t *pubs,
                                  size_t pubs_count, const uint8_t *sigs) {
  if (bad(prefix_hash) || bad(image) || !ring_ok(pubs, pubs_count) || bad(sigs)) return CNCRYPTO_EINVAL;
  return guard([&] {
    const auto ring = ring_of(pubs, pubs_count);
    return from_bool(crypto::check_ring_signature(in<crypto::hash>(prefix_hash), in<crypto::key_image>(image),
                                                  ring.data(), pubs_count, &in<crypto::signature>(sigs)),
                     failure::verify);
  });
}

int cncrypto_generate_tx_proof(const uint8_t prefix_hash[32], const uint8_t R[32], const uint8_t A[32],
                               const uint8_t *B, const uint8_t D[32], const uint8_t r[32], uint8_t sig[64]) {
  if (bad(prefix_hash) || bad(R) || bad(A) || bad(D) || bad(r) || bad(sig)) return CNCRYPTO_EINVAL;
  // The library throws std::runtime_error for a key that does not decode and
  // std::invalid_argument for r >= L: both are EDECODE here, checked first.
  if (sc_check(r) != 0) return CNCRYPTO_EDECODE;
  return guard([&] {
    for (const uint8_t *key : {R, A, D, B})
      if (key != nullptr && !crypto::check_key(in<crypto::public_key>(key))) return from_bool(false, failure::decode);
    const boost::optional<crypto::public_key> b =
        B != nullptr ? boost::optional<crypto::public_key>(in<crypto::public_key>(B)) : boost::none;
    crypto::generate_tx_proof(in<crypto::hash>(prefix_hash), in<crypto::public_key>(R), in<crypto::public_key>(A), b,
                              in<crypto::public_key>(D), in<crypto::secret_key>(r), out<crypto::signature>(sig));
    return CNCRYPTO_OK;
  });
}

int cncrypto_check_tx_proof(const uint8_t prefix_hash[32], const uint8_t R[32], const uint8_t A[32], const uint8_t *B,
                            const uint8_t D[32], const uint8_t sig[64], int version) {
  if (bad(prefix_hash) || bad(R) || bad(A) || bad(D) || bad(sig)) return CNCRYPTO_EINVAL;
  return guard([&] {
    const boost::optional<crypto::public_key> b =
        B != nullptr ? boost::optional<crypto::public_key>(in<crypto::public_key>(B)) : boost::none;
    return from_bool(crypto::check_tx_proof(in<crypto::hash>(prefix_hash), in<crypto::public_key>(R),
                                            in<crypto::public_key>(A), b, in<crypto::public_key>(D),
                                            in<crypto::signature>(sig), version),
                     failure::verify);
  });
}

}  // extern "C"
