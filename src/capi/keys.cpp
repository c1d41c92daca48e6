// cncrypto.h: Monero's key operations (crypto/crypto.h).
//
// The caller's bytes are viewed as Monero's key types in place (boundary.h's
// in/out). The C++ functions leave their output untouched when they return false.
#include <cstring>
#include <vector>

#include "boundary.h"
#include "crypto/crypto-ops.h"  // sc_check
#include "crypto/crypto.h"
#include "crypto/crypto_batch.h"  // cncrypto::generate_key_derivations

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

namespace {

// A ring: pubs not NULL, 1 or more members, and count * 64 (the signatures'
// bytes) fits a size_t. OK or EINVAL with the detail.
int check_ring(const char *fn, const uint8_t *pubs, std::size_t count) {
  if (pubs == nullptr) return fail(failure::bad_argument, fn, "pubs is NULL");
  if (count == 0) return fail(failure::bad_argument, fn, "pubs_count must be >= 1");
  if (count > SIZE_MAX / 64)
    return fail_with(failure::bad_argument, fn, {"pubs_count ", num(count), " times 64 bytes overflows size_t"});
  return CNCRYPTO_OK;
}

// EDECODE for a secret key >= L (sc_check).
int not_reduced(const char *fn, const char *name) {
  return fail_with(failure::decode, fn, {name, " is not a reduced scalar (>= L)"});
}
// The ring's keys as the pointer array Monero's ring-signature functions take.
std::vector<const crypto::public_key *> ring_of(const uint8_t *pubs, std::size_t count) {
  std::vector<const crypto::public_key *> ring(count);
  for (std::size_t i = 0; i < count; ++i) ring[i] = &in<crypto::public_key>(pubs + 32 * i);
  return ring;
}

// The checks and call of derive_public_key and derive_secret_key (derivation,
// output_index, base, out_key): body runs under guard.
template <typename Body>
int derive_key(const char *fn, const uint8_t *derivation, uint64_t output_index, const uint8_t *base,
               const uint8_t *out_key, Body body) {
  if (const int rc = check_indexed_args(fn, output_index, need(derivation, "derivation"), need(base, "base"),
                                        need(out_key, "out_key"));
      rc != CNCRYPTO_OK)
    return rc;
  return guard(fn, body);
}

// derivation_to_scalar and derive_view_tag: Monero's f(derivation,
// output_index, result), which cannot fail, into the caller's result bytes.
template <typename Result>
int from_derivation(const char *fn, void (*f)(const crypto::key_derivation &, std::size_t, Result &),
                    const uint8_t *derivation, uint64_t output_index, uint8_t *result, const char *result_name) {
  if (const int rc = check_indexed_args(fn, output_index, need(derivation, "derivation"), need(result, result_name));
      rc != CNCRYPTO_OK)
    return rc;
  return guard(fn, [&] {
    f(in<crypto::key_derivation>(derivation), output_index, out<Result>(result));
    return CNCRYPTO_OK;
  });
}

}  // namespace

extern "C" {

int cncrypto_secret_key_to_public_key(const uint8_t sec[32], uint8_t pub[32]) {
  if (const int rc = check_args("secret_key_to_public_key", need(sec, "sec"), need(pub, "pub")); rc != CNCRYPTO_OK)
    return rc;
  return guard("secret_key_to_public_key", [&] {
    return from_bool(crypto::secret_key_to_public_key(in<crypto::secret_key>(sec), out<crypto::public_key>(pub)),
                     failure::decode, "secret_key_to_public_key", "sec is not a reduced scalar (>= L)");
  });
}

int cncrypto_generate_keys(uint8_t pub[32], uint8_t sec[32], const uint8_t *recovery_key) {
  if (const int rc = check_args("generate_keys", need(pub, "pub"), need(sec, "sec")); rc != CNCRYPTO_OK) return rc;
  return guard("generate_keys", [&] {
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
  if (const int rc = check_args("check_key", need(key, "key")); rc != CNCRYPTO_OK) return rc;
  return guard("check_key", [&] {
    return from_bool(crypto::check_key(in<crypto::public_key>(key)), failure::verify, "check_key",
                     "key is not a point of ed25519 (it does not decode)");
  });
}

int cncrypto_generate_key_derivation(const uint8_t pub[32], const uint8_t sec[32], uint8_t derivation[32]) {
  if (const int rc =
          check_args("generate_key_derivation", need(pub, "pub"), need(sec, "sec"), need(derivation, "derivation"));
      rc != CNCRYPTO_OK)
    return rc;
  return guard("generate_key_derivation", [&] {
    return from_bool(crypto::generate_key_derivation(in<crypto::public_key>(pub), in<crypto::secret_key>(sec),
                                                     out<crypto::key_derivation>(derivation)),
                     failure::decode, "generate_key_derivation", "pub is not a point (it does not decode)");
  });
}

int cncrypto_generate_key_derivations(const uint8_t *pubs, size_t count, const uint8_t sec[32], uint8_t *derivations,
                                      uint8_t *ok) {
  constexpr const char *fn = "generate_key_derivations";
  if (const int rc = check_args(fn, need(pubs, count, "pubs"), need(sec, "sec"), need(derivations, count, "derivations"));
      rc != CNCRYPTO_OK)
    return rc;
  if (count > SIZE_MAX / 32)
    return fail_with(failure::bad_argument, fn, {"count ", num(count), " times 32 bytes overflows size_t"});
  if (count == 0) return CNCRYPTO_OK;
  return guard(fn, [&] {
    std::vector<std::uint8_t> own_ok(ok == nullptr ? count : 0);
    std::uint8_t *const flags = ok != nullptr ? ok : own_ok.data();
    auto *const out_keys = &out<crypto::key_derivation>(derivations);
    std::size_t failed = 0;
    try {
      failed = cncrypto::generate_key_derivations(&in<crypto::public_key>(pubs), count, in<crypto::secret_key>(sec),
                                                  out_keys, flags);
    } catch (...) {
      memwipe(derivations, 32 * count);  // no derivation is left behind by a failure (guard maps the exception)
      throw;
    }
    if (failed == 0) return CNCRYPTO_OK;
    std::size_t first = count;
    for (std::size_t i = 0; i < count; ++i)
      if (flags[i] == 0) {
        std::memset(derivations + 32 * i, 0, 32);  // the library leaves a failed entry untouched
        if (first == count) first = i;
      }
    if (ok != nullptr) return CNCRYPTO_OK;
    memwipe(derivations, 32 * count);  // no partial result
    return fail_with(failure::decode, fn,
                     {"pubs[", num(first), "] is not a point (it does not decode; ", num(failed), " of ", num(count),
                      " do not)"});
  });
}

int cncrypto_derive_public_key(const uint8_t derivation[32], uint64_t output_index, const uint8_t base[32],
                               uint8_t out_key[32]) {
  return derive_key("derive_public_key", derivation, output_index, base, out_key, [&] {
    return from_bool(crypto::derive_public_key(in<crypto::key_derivation>(derivation), output_index,
                                               in<crypto::public_key>(base), out<crypto::public_key>(out_key)),
                     failure::decode, "derive_public_key", "base is not a point (it does not decode)");
  });
}

int cncrypto_derive_secret_key(const uint8_t derivation[32], uint64_t output_index, const uint8_t base[32],
                               uint8_t out_key[32]) {
  return derive_key("derive_secret_key", derivation, output_index, base, out_key, [&] {
    crypto::derive_secret_key(in<crypto::key_derivation>(derivation), output_index, in<crypto::secret_key>(base),
                              out<crypto::secret_key>(out_key));
    return CNCRYPTO_OK;
  });
}

int cncrypto_derive_subaddress_public_key(const uint8_t out_key[32], const uint8_t derivation[32],
                                          uint64_t output_index, uint8_t result[32]) {
  if (const int rc = check_indexed_args("derive_subaddress_public_key", output_index, need(out_key, "out_key"),
                                        need(derivation, "derivation"), need(result, "result"));
      rc != CNCRYPTO_OK)
    return rc;
  return guard("derive_subaddress_public_key", [&] {
    return from_bool(
        crypto::derive_subaddress_public_key(in<crypto::public_key>(out_key), in<crypto::key_derivation>(derivation),
                                             output_index, out<crypto::public_key>(result)),
        failure::decode, "derive_subaddress_public_key", "out_key is not a point (it does not decode)");
  });
}

int cncrypto_derivation_to_scalar(const uint8_t derivation[32], uint64_t output_index, uint8_t scalar[32]) {
  return from_derivation("derivation_to_scalar", &crypto::derivation_to_scalar, derivation, output_index, scalar,
                         "scalar");
}

int cncrypto_derive_view_tag(const uint8_t derivation[32], uint64_t output_index, uint8_t *view_tag) {
  return from_derivation("derive_view_tag", &crypto::derive_view_tag, derivation, output_index, view_tag, "view_tag");
}

int cncrypto_generate_key_image(const uint8_t pub[32], const uint8_t sec[32], uint8_t key_image[32]) {
  if (const int rc = check_args("generate_key_image", need(pub, "pub"), need(sec, "sec"), need(key_image, "key_image"));
      rc != CNCRYPTO_OK)
    return rc;
  return guard("generate_key_image", [&] {
    crypto::generate_key_image(in<crypto::public_key>(pub), in<crypto::secret_key>(sec),
                               out<crypto::key_image>(key_image));
    return CNCRYPTO_OK;
  });
}

int cncrypto_generate_signature(const uint8_t prefix_hash[32], const uint8_t pub[32], const uint8_t sec[32],
                                uint8_t sig[64]) {
  if (const int rc = check_args("generate_signature", need(prefix_hash, "prefix_hash"), need(pub, "pub"),
                                need(sec, "sec"), need(sig, "sig"));
      rc != CNCRYPTO_OK)
    return rc;
  // The library throws std::invalid_argument for sec >= L; a non-canonical
  // scalar is a decoding failure in cncrypto.h's terms (as for
  // cncrypto_secret_key_to_public_key).
  if (sc_check(sec) != 0) return not_reduced("generate_signature", "sec");
  return guard("generate_signature", [&] {
    crypto::generate_signature(in<crypto::hash>(prefix_hash), in<crypto::public_key>(pub), in<crypto::secret_key>(sec),
                               out<crypto::signature>(sig));
    return CNCRYPTO_OK;
  });
}

int cncrypto_check_signature(const uint8_t prefix_hash[32], const uint8_t pub[32], const uint8_t sig[64]) {
  if (const int rc =
          check_args("check_signature", need(prefix_hash, "prefix_hash"), need(pub, "pub"), need(sig, "sig"));
      rc != CNCRYPTO_OK)
    return rc;
  return guard("check_signature", [&] {
    return from_bool(
        crypto::check_signature(in<crypto::hash>(prefix_hash), in<crypto::public_key>(pub), in<crypto::signature>(sig)),
        failure::verify, "check_signature", "the signature does not verify");
  });
}

int cncrypto_generate_ring_signature(const uint8_t prefix_hash[32], const uint8_t image[32], const uint8_t *pubs,
                                     size_t pubs_count, const uint8_t sec[32], size_t sec_index, uint8_t *sigs) {
  if (const int rc = check_args("generate_ring_signature", need(prefix_hash, "prefix_hash"), need(image, "image"),
                                need(sec, "sec"), need(sigs, "sigs"));
      rc != CNCRYPTO_OK)
    return rc;
  if (const int rc = check_ring("generate_ring_signature", pubs, pubs_count); rc != CNCRYPTO_OK) return rc;
  if (sec_index >= pubs_count)
    return fail_with(failure::bad_argument, "generate_ring_signature",
                     {"sec_index ", num(sec_index), " is not below pubs_count ", num(pubs_count)});
  // What Monero aborts on (and the library throws std::invalid_argument for) is
  // bytes that do not decode: EDECODE here, like the other key functions.
  if (sc_check(sec) != 0) return not_reduced("generate_ring_signature", "sec");
  return guard("generate_ring_signature", [&] {
    const auto ring = ring_of(pubs, pubs_count);
    if (!crypto::check_key(in<crypto::public_key>(image)))
      return fail(failure::decode, "generate_ring_signature", "image is not a point (it does not decode)");
    for (std::size_t i = 0; i < pubs_count; ++i)
      if (!crypto::check_key(*ring[i]))
        return fail_with(failure::decode, "generate_ring_signature",
                         {"ring key ", num(i), " is not a point (it does not decode)"});
    crypto::generate_ring_signature(in<crypto::hash>(prefix_hash), in<crypto::key_image>(image), ring.data(),
                                    pubs_count, in<crypto::secret_key>(sec), sec_index, &out<crypto::signature>(sigs));
    return CNCRYPTO_OK;
  });
}

int cncrypto_check_ring_signature(const uint8_t prefix_hash[32], const uint8_t image[32], const uint8_t *pubs,
                                  size_t pubs_count, const uint8_t *sigs) {
  if (const int rc = check_args("check_ring_signature", need(prefix_hash, "prefix_hash"), need(image, "image"),
                                need(sigs, "sigs"));
      rc != CNCRYPTO_OK)
    return rc;
  if (const int rc = check_ring("check_ring_signature", pubs, pubs_count); rc != CNCRYPTO_OK) return rc;
  return guard("check_ring_signature", [&] {
    const auto ring = ring_of(pubs, pubs_count);
    return from_bool(crypto::check_ring_signature(in<crypto::hash>(prefix_hash), in<crypto::key_image>(image),
                                                  ring.data(), pubs_count, &in<crypto::signature>(sigs)),
                     failure::verify, "check_ring_signature", "the ring signature does not verify");
  });
}

int cncrypto_generate_tx_proof(const uint8_t prefix_hash[32], const uint8_t R[32], const uint8_t A[32],
                               const uint8_t *B, const uint8_t D[32], const uint8_t r[32], uint8_t sig[64]) {
  if (const int rc = check_args("generate_tx_proof", need(prefix_hash, "prefix_hash"), need(R, "R"), need(A, "A"),
                                need(D, "D"), need(r, "r"), need(sig, "sig"));
      rc != CNCRYPTO_OK)
    return rc;
  // The library throws std::runtime_error for a key that does not decode and
  // std::invalid_argument for r >= L: both are EDECODE here, checked first.
  if (sc_check(r) != 0) return not_reduced("generate_tx_proof", "r");
  return guard("generate_tx_proof", [&] {
    const char *const names[] = {"R", "A", "D", "B"};
    const uint8_t *const keys[] = {R, A, D, B};
    for (int k = 0; k < 4; ++k)
      if (keys[k] != nullptr && !crypto::check_key(in<crypto::public_key>(keys[k])))
        return fail_with(failure::decode, "generate_tx_proof", {names[k], " is not a point (it does not decode)"});
    const boost::optional<crypto::public_key> b =
        B != nullptr ? boost::optional<crypto::public_key>(in<crypto::public_key>(B)) : boost::none;
    crypto::generate_tx_proof(in<crypto::hash>(prefix_hash), in<crypto::public_key>(R), in<crypto::public_key>(A), b,
                              in<crypto::public_key>(D), in<crypto::secret_key>(r), out<crypto::signature>(sig));
    return CNCRYPTO_OK;
  });
}

int cncrypto_check_tx_proof(const uint8_t prefix_hash[32], const uint8_t R[32], const uint8_t A[32], const uint8_t *B,
                            const uint8_t D[32], const uint8_t sig[64], int version) {
  if (const int rc = check_args("check_tx_proof", need(prefix_hash, "prefix_hash"), need(R, "R"), need(A, "A"),
                                need(D, "D"), need(sig, "sig"));
      rc != CNCRYPTO_OK)
    return rc;
  return guard("check_tx_proof", [&] {
    const boost::optional<crypto::public_key> b =
        B != nullptr ? boost::optional<crypto::public_key>(in<crypto::public_key>(B)) : boost::none;
    return from_bool(
        crypto::check_tx_proof(in<crypto::hash>(prefix_hash), in<crypto::public_key>(R), in<crypto::public_key>(A), b,
                               in<crypto::public_key>(D), in<crypto::signature>(sig), version),
        failure::verify, "check_tx_proof",
        "the proof does not verify (or version is not 1 or 2, or a key does not decode)");
  });
}

}  // extern "C"
