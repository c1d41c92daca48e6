// Monero's key cryptography (crypto/crypto.h): key types, key derivations,
// one-time keys, view tags, key images, Schnorr signatures, ring signatures
// (pre-RingCT) and transaction-key proofs.
//
// Names and signatures follow Monero's src/crypto/crypto.h (v0.18), so code
// written against Monero compiles unchanged; results are byte-for-byte
// Monero's (every line of ../shared/vectors/monero_crypto.txt, see docs/crypto.md).
//
// Conventions used in every comment below:
//   * All key types are 32 bytes (signature 64 = c || r, view_tag 1), the usual
//     little-endian encodings. A "point" argument is decoded as Monero's
//     ge_frombytes_vartime does: y >= p, x = 0 with the sign bit set, and a y
//     with no x are rejected; small-order and torsioned points are accepted.
//   * "Secret" inputs are handled in constant time: no branch and no memory
//     index depends on them (checked under valgrind by tests/unit_tests/ct, and
//     for the AVX-512 IFMA curve backend with MemorySanitizer, scripts/ct_msan.sh).
//     "Public" inputs may be processed in variable time.
//   * Every function that multiplies a point by a scalar runs on the curve
//     backend the CPU probe picks (serial, avx2, ifma; docs/ed25519_backends.md).
//     Unlike Monero's, it therefore throws std::runtime_error naming the variable
//     when CNCRYPTO_CURVE_IMPL names an unknown backend or one this CPU cannot run
//     (an empty value counts as unset; names are case-sensitive), on every call.
//     With the variable unset or valid nothing here throws for that reason.
//   * Secret keys that fail sc_check (>= L) are outside Monero's contract.
//     Where Monero's release build has a deterministic answer for them we
//     reproduce it exactly (generate_key_derivation, generate_key_image,
//     derive_secret_key, secret_key_to_public_key's false, generate_keys'
//     reduction); the signing functions refuse them with std::invalid_argument
//     (Monero's debug build asserts there). See docs/crypto.md, "Secret keys >= L".
#pragma once

#include "crypto/hash.h"
#include "crypto/random.h"  // rand, rand<T>, random_device, rand_range, rand_idx (as Monero's crypto.h)
#include "memwipe.h"        // tools::scrubbed: secret_key (as Monero's crypto.h)
#include "mlocker.h"        // epee::mlocked: secret_key (as Monero's crypto.h)

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iosfwd>
#include <boost/optional.hpp>  // tx proofs take boost::optional, as in Monero
#include <sodium/crypto_verify_32.h>  // secret_key's ==; Monero's crypto.h declares crypto_verify_32 too
#include <type_traits>
#include <vector>

namespace cncrypto {
// Sizes in bytes of crypto::ec_point (and the point types), crypto::ec_scalar
// (and secret_key), crypto::signature and crypto::view_tag (cncrypto's names;
// Monero writes the numbers).
inline constexpr std::size_t EC_POINT_SIZE = 32;
inline constexpr std::size_t EC_SCALAR_SIZE = 32;
inline constexpr std::size_t SIGNATURE_SIZE = 64;
inline constexpr std::size_t VIEW_TAG_SIZE = 1;
}  // namespace cncrypto

namespace crypto {

#pragma pack(push, 1)
// An encoded ed25519 point (not necessarily valid). Public data.
struct ec_point {
  char data[32];
};

// A scalar, 32 bytes little-endian (not necessarily reduced mod L).
struct ec_scalar {
  char data[32];
};

// An x or y coordinate (a field element mod p = 2^255 - 19, 32 bytes little-endian),
// e.g. a short-Weierstrass coordinate of an FCMP++ leaf (fcmp_pp/fcmp_pp_crypto.h).
// Public data. Source: Monero master (0aa9c51) crypto.h's ec_coord.
struct ec_coord {
  char data[32];
};

struct public_key : ec_point {};
struct key_derivation : ec_point {};  // 8*(r*A): secret to sender and receiver, keep it private
struct key_image : ec_point {};

// A Schnorr signature: c || r, 64 bytes. Public data.
struct signature {
  ec_scalar c, r;
};

// The first byte of the view-tag hash (Monero v15+ outputs). Public data.
struct view_tag {
  char data;
};
#pragma pack(pop)

// A secret scalar: Monero's type, epee::mlocked<tools::scrubbed<ec_scalar>>
// (mlocker.h, memwipe.h). Exactly 32 bytes of standard layout (its bytes may be
// read and written like an ec_scalar's); secret_key() is all zeros (Monero's
// null_skey); wiped with memwipe (sodium_memzero) when destroyed; compared in
// constant time (operator== below). While alive its memory page is held in
// epee::mlocker's process-wide page table: every construction, copy and
// destruction takes that table's mutex, and the first key on a page mlock(2)s
// it (the last munlocks it). Where mlock fails (RLIMIT_MEMLOCK, containers)
// the key works as usual, only swappable: nothing is thrown or logged (Monero
// logs once and goes on). Construction throws std::bad_alloc only if the page
// table cannot grow. Copy and assignment are Monero's: a copy (or a "move", a
// copy too) locks its own memory, assignment copies the 32 bytes only.
// Monero's tools::unwrap(epee::unwrap(k)) gives the ec_scalar (found by
// argument-dependent lookup). Printable as Monero's (operator<< below): keep it
// out of logs. The library's own temporaries are tools::scrubbed<ec_scalar>
// (wiped, not locked), so only the caller's keys pay for the lock.
using secret_key = epee::mlocked<tools::scrubbed<ec_scalar>>;

static_assert(sizeof(ec_point) == 32 && sizeof(ec_coord) == 32 && sizeof(ec_scalar) == 32 && sizeof(public_key) == 32 &&
                  sizeof(secret_key) == 32 && sizeof(key_derivation) == 32 && sizeof(key_image) == 32 &&
                  sizeof(signature) == 64 && sizeof(view_tag) == 1,
              "crypto key types have Monero's sizes");
static_assert(std::is_standard_layout<secret_key>::value, "secret_key must be standard layout");
static_assert(std::is_trivially_copyable<public_key>::value && std::is_trivially_copyable<key_image>::value &&
                  std::is_trivially_copyable<key_derivation>::value &&
                  std::is_trivially_copyable<signature>::value && std::is_trivially_copyable<view_tag>::value,
              "public key types are POD");

// Equality. Public types compare with memcmp; secret_key in constant time
// (libsodium's crypto_verify_32, as Monero's CRYPTO_MAKE_COMPARABLE_CONSTANT_TIME).
// Types do not compare across kinds (public_key vs key_image).
// ec_point compares by its bytes, variable time, as in Monero master's crypto.h
// (CRYPTO_MAKE_HASHABLE(ec_point)); Monero 0.18 had no comparison for ec_point.
// Templates restricted to ec_point itself, on purpose: a program's own
// non-template operator!=(const ec_point &, const ec_point &) (Monero 0.18's
// tests/crypto declares one at global scope) is then preferred over ours instead of
// being ambiguous, and key_derivation (a secret) gets no variable-time comparison
// through its base (in Monero master it converts to ec_point).
template <typename P, typename std::enable_if<std::is_same<P, ec_point>::value, int>::type = 0>
inline bool operator==(const P &a, const P &b) {
  return std::memcmp(&a, &b, 32) == 0;
}
template <typename P, typename std::enable_if<std::is_same<P, ec_point>::value, int>::type = 0>
inline bool operator!=(const P &a, const P &b) {
  return std::memcmp(&a, &b, 32) != 0;
}
inline bool operator==(const public_key &a, const public_key &b) { return std::memcmp(&a, &b, 32) == 0; }
inline bool operator!=(const public_key &a, const public_key &b) { return !(a == b); }
inline bool operator==(const key_image &a, const key_image &b) { return std::memcmp(&a, &b, 32) == 0; }
inline bool operator!=(const key_image &a, const key_image &b) { return !(a == b); }
inline bool operator==(const signature &a, const signature &b) { return std::memcmp(&a, &b, 64) == 0; }
inline bool operator!=(const signature &a, const signature &b) { return !(a == b); }
inline bool operator==(const view_tag &a, const view_tag &b) { return a.data == b.data; }
inline bool operator!=(const view_tag &a, const view_tag &b) { return !(a == b); }
inline bool operator==(const secret_key &a, const secret_key &b) {  // constant time, as Monero's
  return crypto_verify_32(reinterpret_cast<const unsigned char *>(&a), reinterpret_cast<const unsigned char *>(&b)) == 0;
}
inline bool operator!=(const secret_key &a, const secret_key &b) { return !(a == b); }

// Byte-wise (memcmp) order of public keys, as Monero's crypto.h, for std::set
// and std::map.
inline bool operator<(const public_key &a, const public_key &b) { return std::memcmp(&a, &b, 32) < 0; }
inline bool operator>(const public_key &a, const public_key &b) { return b < a; }

// Every key type prints as Monero 0.18's crypto.h prints it (epee's
// to_hex::formatted): "<", the lowercase hex of its bytes in memory order, ">"
// (66 characters; 130 for a signature, 4 for a view tag), like crypto::hash.
// Beware: as in Monero, that includes the secret types: secret_key, and
// key_derivation (with it anyone recognises the outputs it was made for), so
// `log << sk` writes the secret to the log. Keep secrets out of streams; for the
// bare hex of a public value call cncrypto::hex_encode (common/hex.h).
std::ostream &operator<<(std::ostream &o, const ec_point &p);  // Monero master's (0.18 had none)
std::ostream &operator<<(std::ostream &o, const public_key &k);
std::ostream &operator<<(std::ostream &o, const key_image &k);
std::ostream &operator<<(std::ostream &o, const signature &s);
std::ostream &operator<<(std::ostream &o, const view_tag &v);
std::ostream &operator<<(std::ostream &o, const secret_key &k);
std::ostream &operator<<(std::ostream &o, const key_derivation &d);

inline const public_key null_pkey{};
inline const secret_key null_skey{};

// Fills bytes[0..32) with a uniformly random scalar in [1, L): 32 bytes from
// libsodium's randombytes_buf, rejected unless below 15*L (the largest multiple
// of L under 2^256), then reduced; a zero result is rejected too.
// Output secret. Source: Monero random32_unbiased. Throws std::invalid_argument
// if bytes is null, std::runtime_error if libsodium cannot be initialised.
void random32_unbiased(unsigned char *bytes);

// res = Hs(data) = sc_reduce32(cn_fast_hash(data[0..length))). data may be null
// when length is 0. Constant time in the data. Source: Monero hash_to_scalar.
void hash_to_scalar(const void *data, std::size_t length, ec_scalar &res);

// New key pair. sec = recovery_key reduced mod L when recover is true, else a
// fresh random32_unbiased scalar; pub = sec*G. Returns the value before
// reduction (Monero: the "rng" used as the wallet seed). Secret: recovery_key,
// sec, the return value. recovery_key may be any 32 bytes (it is reduced).
// Source: Monero crypto_ops::generate_keys.
secret_key generate_keys(public_key &pub, secret_key &sec, const secret_key &recovery_key = secret_key(),
                         bool recover = false);

// true iff key decodes as a point (rules above; no subgroup check).
// Public input, variable time. Source: Monero check_key.
[[nodiscard]] bool check_key(const public_key &key);

// pub = sec*G. Returns false (pub untouched) iff sec >= L (sc_check), so
// sec = 0 gives the identity 01 00..00. Secret: sec (only its canonicity is
// revealed through the return value). Source: Monero secret_key_to_public_key.
[[nodiscard]] bool secret_key_to_public_key(const secret_key &sec, public_key &pub);

// derivation = 8*(sec*pub). Returns false (derivation untouched) iff pub does
// not decode. Secret: sec, derivation; pub is public. sec >= L reproduces
// Monero's release build exactly (its radix-16 top digit above 8 counts as 0;
// otherwise sec mod L). Source: Monero generate_key_derivation.
[[nodiscard]] bool generate_key_derivation(const public_key &pub, const secret_key &sec,
                                           key_derivation &derivation);

// res = Hs(derivation || varint(output_index)), varint 1..10 bytes. The
// derivation is only hashed, never decoded. Constant time in the derivation.
// Source: Monero derivation_to_scalar.
void derivation_to_scalar(const key_derivation &derivation, std::size_t output_index, ec_scalar &res);

// derived_key = base + Hs(derivation || varint(output_index))*G (the one-time
// output key). Returns false (derived_key untouched) iff base does not decode.
// Secret: derivation; base is public. Source: Monero derive_public_key.
[[nodiscard]] bool derive_public_key(const key_derivation &derivation, std::size_t output_index,
                                     const public_key &base, public_key &derived_key);

// derived_key = base + Hs(derivation || varint(output_index)) mod L (the one-time
// secret key). base may be any 32 bytes; base >= L gives the result for base mod L,
// as Monero's release build. Secret: all inputs. derived_key may alias base.
// Source: Monero derive_secret_key.
void derive_secret_key(const key_derivation &derivation, std::size_t output_index, const secret_key &base,
                       secret_key &derived_key);

// derived_key = out_key - Hs(derivation || varint(output_index))*G (the
// subaddress spend key an output was sent to). Note the argument order: key
// first. Returns false (derived_key untouched) iff out_key does not decode.
// Secret: derivation. Source: Monero derive_subaddress_public_key.
[[nodiscard]] bool derive_subaddress_public_key(const public_key &out_key, const key_derivation &derivation,
                                                std::size_t output_index, public_key &derived_key);

// vt = first byte of cn_fast_hash("view_tag" || derivation || varint(output_index))
// ("view_tag" is the 8 ASCII bytes, no NUL). Constant time in the derivation.
// Source: Monero derive_view_tag.
void derive_view_tag(const key_derivation &derivation, std::size_t output_index, view_tag &vt);

// image = sec*hash_to_ec(pub). pub is only hashed (public); sec is secret.
// sec >= L reproduces Monero's release build exactly (see generate_key_derivation).
// Source: Monero generate_key_image.
void generate_key_image(const public_key &pub, const secret_key &sec, key_image &image);

// res = 8*map(h[0..32)) + 8*map(h[32..64)), encoded (32 bytes), where h is the
// 64-byte blake2b_monero(preimage[0..length)) (BLAKE2b, personalisation "Monero",
// no key) and map is Monero's ge_fromfe_frombytes_vartime (the 32 bytes read as a
// 256-bit integer mod p). The FCMP++ ("unbiased") hash to the prime-order subgroup.
// preimage may be null when length is 0; any length. Never fails. Variable time:
// the preimage must be public (Monero hashes public keys and seeds with it).
// Source: Monero master (0aa9c51) crypto::unbiased_hash_to_ec.
void unbiased_hash_to_ec(const unsigned char *preimage, std::size_t length, ec_point &res);

// The key-image generator of an output key: biased = true gives the pre-FCMP++
// 8*hash_to_point(cn_fast_hash(pub)) (cncrypto::biased_hash_to_ec, what
// generate_key_image multiplies), biased = false unbiased_hash_to_ec(pub, 32).
// pub (32 bytes) is only hashed, never decoded: small-order, torsioned,
// non-canonical and undecodable bytes all give a point. Never fails. Variable
// time: pub must be public. Source: Monero master (0aa9c51)
// crypto::derive_key_image_generator.
void derive_key_image_generator(const public_key &pub, bool biased, ec_point &ki_gen);

// Schnorr signature of prefix_hash under pub = sec*G: k random, c = Hs(prefix ||
// pub || k*G), r = k - c*sec mod L, retried while c or r is 0. Secret: sec, k.
// Throws std::invalid_argument if sec >= L. pub is not checked against sec
// (a mismatched pair gives a signature that does not verify).
// Source: Monero generate_signature.
void generate_signature(const hash &prefix_hash, const public_key &pub, const secret_key &sec, signature &sig);

// Schnorr check. false if pub does not decode, c >= L, r >= L, c = 0, or
// X = c*pub + r*G is the identity; otherwise true iff Hs(prefix || pub || X) == c.
// Public inputs, variable time. Source: Monero check_signature.
[[nodiscard]] bool check_signature(const hash &prefix_hash, const public_key &pub, const signature &sig);

// Transaction-key proof (v2, InProofV2/OutProofV2): proves knowledge of r with
// R = r*G (or R = r*B when B is given, subaddress) and D = r*A. k random,
// X = k*G or k*B, Y = k*A, c = Hs(prefix || D || X || Y || sep || R || A || B'),
// sep = cn_fast_hash("TXPROOF_V2"), B' = B or 32 zero bytes; r' = k - c*r.
// Throws std::runtime_error naming the argument if R, A, B or D does not decode
// (Monero's messages); std::invalid_argument if r >= L, or if the statement is
// false beyond a torsion component ("R is not r*G", "R is not r*B", "D is not
// r*A": Monero's debug build asserts, its release build gives a proof that never
// verifies; passing the derivation 8rA as D is the usual cause). Secret: r, k
// (only the one bit "the statement holds" is revealed).
// Source: Monero generate_tx_proof.
void generate_tx_proof(const hash &prefix_hash, const public_key &R, const public_key &A,
                       const boost::optional<public_key> &B, const public_key &D, const secret_key &r,
                       signature &sig);

// Same, version 1 challenge c = Hs(prefix || D || X || Y) (old proofs; Monero
// keeps it for tests). Source: Monero generate_tx_proof_v1.
void generate_tx_proof_v1(const hash &prefix_hash, const public_key &R, const public_key &A,
                          const boost::optional<public_key> &B, const public_key &D, const secret_key &r,
                          signature &sig);

// Tx-proof check for version 1 or 2 (any other version: false). false if R, A,
// B (when given) or D does not decode, or c >= L or r >= L; otherwise
// X = c*R + r*G (or r*B), Y = c*D + r*A and true iff the version's challenge
// equals c. Public inputs, variable time. Source: Monero check_tx_proof.
[[nodiscard]] bool check_tx_proof(const hash &prefix_hash, const public_key &R, const public_key &A,
                                  const boost::optional<public_key> &B, const public_key &D, const signature &sig,
                                  int version);

// Pre-RingCT ring signature (CryptoNote): pubs_count signatures written to
// sig[0..pubs_count), the real key at sec_index with image = sec*hash_to_ec(pub).
// Throws std::invalid_argument if pubs_count is 0 or absurdly large (the hash
// buffer would overflow), sec_index >= pubs_count, pubs, any pubs[i] or sig is
// null, sec >= L, the image or a ring key does not decode (Monero aborts), or
// pubs[sec_index] != sec*G or image != sec*hash_to_ec(pubs[sec_index]) beyond a
// torsion component (Monero's debug build asserts; its release build gives a
// signature that never verifies; a torsion-only difference is signed, as Monero's
// release build does, and verifies for some challenges).
// Secret: sec and the nonce (only the bit "the key and image match" is revealed); the
// position sec_index is treated as public (as in Monero: the real member takes
// a different code path). Source: Monero generate_ring_signature.
void generate_ring_signature(const hash &prefix_hash, const key_image &image, const public_key *const *pubs,
                             std::size_t pubs_count, const secret_key &sec, std::size_t sec_index,
                             signature *sig);

// Ring-signature check. false if image or any pubs[i] does not decode, or any
// c_i or r_i >= L; else, with L_i = c_i*P_i + r_i*G and R_i = r_i*hash_to_ec(P_i)
// + c_i*image, true iff Hs(prefix || L_1 || R_1 || ... ) == sum c_i mod L. No
// subgroup check on the image (Monero's behaviour). Throws std::invalid_argument
// if pubs, a pubs[i] or sig is null (with pubs_count > 0), or pubs_count is
// absurdly large (the hash buffer would overflow). Public inputs,
// variable time. Source: Monero check_ring_signature.
[[nodiscard]] bool check_ring_signature(const hash &prefix_hash, const key_image &image,
                                        const public_key *const *pubs, std::size_t pubs_count,
                                        const signature *sig);

// The std::vector<const public_key *> forms (Monero's inline wrappers).
inline void generate_ring_signature(const hash &prefix_hash, const key_image &image,
                                    const std::vector<const public_key *> &pubs, const secret_key &sec,
                                    std::size_t sec_index, signature *sig) {
  generate_ring_signature(prefix_hash, image, pubs.data(), pubs.size(), sec, sec_index, sig);
}
[[nodiscard]] inline bool check_ring_signature(const hash &prefix_hash, const key_image &image,
                                               const std::vector<const public_key *> &pubs,
                                               const signature *sig) {
  return check_ring_signature(prefix_hash, image, pubs.data(), pubs.size(), sig);
}

}  // namespace crypto

// cncrypto's own helpers beside Monero's names (Monero's crypto.h has none of
// these: kept out of namespace crypto so that Monero code declaring its own, as
// Monero's tests/crypto does, meets no ambiguity; docs/monero_api.md).
namespace cncrypto {

// res = Monero's raw map ge_fromfe_frombytes_vartime(h), encoded; no cofactor
// multiplication. h is read as a 256-bit integer mod p (top bit not masked);
// the result may have small order. Public input, variable time.
// Source: Monero ge_fromfe_frombytes_vartime + ge_tobytes (the helper of Monero's
// tests/crypto of the same name).
void hash_to_point(const crypto::hash &h, crypto::ec_point &res);

// res = 8*hash_to_point(cn_fast_hash(key)): the biased hash-to-point of
// (pre-FCMP++) key images, encoded. key is only hashed, never decoded. Public
// input, variable time. Source: Monero crypto.cpp's (file-local) hash_to_ec +
// ge_p3_tobytes.
void hash_to_ec(const crypto::public_key &key, crypto::ec_point &res);

// The same function under the name Monero master (0aa9c51) gives it in crypto.cpp,
// where it is file-static (so not a Monero name a program can call): res =
// 8*ge_fromfe_frombytes_vartime(cn_fast_hash(key)), 32 bytes. key is only
// hashed. Never fails. Public input, variable time.
inline void biased_hash_to_ec(const crypto::public_key &key, crypto::ec_point &res) { hash_to_ec(key, res); }

// Byte equality of two derivations, variable time (Monero has no comparison for
// key_derivation; its tests declare their own operator!=).
inline bool equal(const crypto::key_derivation &a, const crypto::key_derivation &b) {
  return std::memcmp(&a, &b, 32) == 0;
}

// crypto::derive_view_tag for `count` (derivation, output index) pairs at once,
// on the multi-lane Keccak (the hash core's batch engine; 8 or 4 hashes side by
// side): tags[i] = crypto::derive_view_tag(derivations[i], output_indexes[i]).
// The typed form of crypto/hash_batch.h's derive_view_tags(const uint8_t (*)[32],
// ...), for wallet scanning (one hash per output). Constant time in the derivations (wiped from the
// internal buffers). count 0 does nothing; throws std::invalid_argument naming
// the argument when a pointer is null with count > 0. cncrypto extension (no
// Monero counterpart); results equal Monero's derive_view_tag per pair.
void derive_view_tags(const crypto::key_derivation *derivations, const std::size_t *output_indexes, std::size_t count,
                      crypto::view_tag *tags);

}  // namespace cncrypto

namespace std {
// For unordered containers of public keys and key images (Monero: CRYPTO_MAKE_HASHABLE).
template <>
struct hash<crypto::ec_point> : cncrypto::detail::first_bytes_hash<crypto::ec_point> {};
template <>
struct hash<crypto::public_key> : cncrypto::detail::first_bytes_hash<crypto::public_key> {};
template <>
struct hash<crypto::key_image> : cncrypto::detail::first_bytes_hash<crypto::key_image> {};
// Monero's too (CRYPTO_MAKE_HASHABLE_CONSTANT_TIME(secret_key)): the first
// sizeof(size_t) bytes of the key, so a hash table of secret keys reveals them
// through its timing, as Monero's does.
template <>
struct hash<crypto::secret_key> : cncrypto::detail::first_bytes_hash<crypto::secret_key> {};
}  // namespace std

namespace crypto {
// Boost's hash support (boost::hash, boost::unordered_map/set keys), found by
// ADL: the first sizeof(size_t) bytes of the value, as the std::hash above.
// Never throws. Variable time: for secret_key, as in Monero, a hash table of
// secret keys reveals them through its timing. Source: Monero crypto/crypto.h
// (CRYPTO_MAKE_HASHABLE(public_key), (key_image), master's (ec_point),
// CRYPTO_MAKE_HASHABLE_CONSTANT_TIME(secret_key); generic-ops.h's hash_value).
inline std::size_t hash_value(const ec_point &v) noexcept { return cncrypto::detail::first_bytes_hash<ec_point>()(v); }
inline std::size_t hash_value(const public_key &v) noexcept {
  return cncrypto::detail::first_bytes_hash<public_key>()(v);
}
inline std::size_t hash_value(const key_image &v) noexcept { return cncrypto::detail::first_bytes_hash<key_image>()(v); }
inline std::size_t hash_value(const secret_key &v) noexcept {
  return cncrypto::detail::first_bytes_hash<secret_key>()(v);
}
}  // namespace crypto

// Byte views of the key types, as Monero master's crypto.h has them (global
// namespace): the 32 bytes of a scalar, point or coordinate, for sc_*/ge_*/fe_*
// calls and hashing. Source: Monero master (0aa9c51) crypto.h's to_bytes.
inline unsigned char *to_bytes(crypto::ec_scalar &scalar) { return reinterpret_cast<unsigned char *>(&scalar); }
inline const unsigned char *to_bytes(const crypto::ec_scalar &scalar) {
  return reinterpret_cast<const unsigned char *>(&scalar);
}
inline unsigned char *to_bytes(crypto::ec_point &point) { return reinterpret_cast<unsigned char *>(&point); }
inline const unsigned char *to_bytes(const crypto::ec_point &point) {
  return reinterpret_cast<const unsigned char *>(&point);
}
inline unsigned char *to_bytes(crypto::ec_coord &coord) { return reinterpret_cast<unsigned char *>(&coord); }
inline const unsigned char *to_bytes(const crypto::ec_coord &coord) {
  return reinterpret_cast<const unsigned char *>(&coord);
}
