// Keys and derivations (crypto/crypto.h): key types, randomness, Hs, key pairs,
// key derivations and one-time keys, hash-to-point and key images. Formulas
// from Monero's crypto.h/crypto.cpp semantics and ../shared/vectors/README.md;
// the code is ours.
#include "crypto/crypto.h"

#include "common/ct_declassify.h"
#include "common/hex.h"
#include "common/varint.h"
#include "crypto/crypto-ops.h"
#include "curve/ecmult.h"
#include "key_helpers.h"
#include "curve/ops.h"

#include <sodium.h>

#include <cstdint>
#include <cstring>
#include <mutex>
#include <ostream>
#include <stdexcept>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace crypto {

using keys_detail::hash_to_ec_p3;
using keys_detail::monero_scalarmult_scalar;
using keys_detail::u8;

namespace {

void ensure_sodium() {
  static std::once_flag once;
  static bool ok = false;
  std::call_once(once, [] { ok = sodium_init() >= 0; });
  if (!ok) throw std::runtime_error("crypto: libsodium could not be initialised (sodium_init failed)");
}

// base + sign*Hs(derivation || varint(index))*G, sign = +1 or -1; false (out
// untouched) when base does not decode (ge_frombytes_vartime's rules). The decoding
// and s G run in one call (curve/ecmult.h frombytes_vartime_and_scalarmult_base:
// the decoding's square root interleaved with the fixed-base kernel).
bool add_derived_offset(const public_key &base, const key_derivation &derivation, std::size_t output_index,
                        bool subtract, public_key &out) {
  ec_scalar s;
  derivation_to_scalar(derivation, output_index, s);
  ed::ge_p3 point, sG;
  const int bad = cncrypto::ed25519::frombytes_vartime_and_scalarmult_base(point, u8(base.data), sG, u8(s.data));
  sodium_memzero(&s, sizeof s);
  if (bad != 0) return false;
  ed::ge_cached c;
  ed::ge_p3_to_cached(&c, &sG);
  ed::ge_p1p1 sum;
  if (subtract)
    ed::ge_sub(&sum, &point, &c);
  else
    ed::ge_add(&sum, &point, &c);
  ed::ge_p2 r;
  ed::ge_p1p1_to_p2(&r, &sum);
  ed::ge_tobytes(u8(out.data), &r);
  return true;
}

}  // namespace

std::ostream &operator<<(std::ostream &o, const ec_point &p) { return cncrypto::write_hex_formatted(o, p.data, 32); }
std::ostream &operator<<(std::ostream &o, const public_key &k) { return cncrypto::write_hex_formatted(o, k.data, 32); }
std::ostream &operator<<(std::ostream &o, const key_image &k) { return cncrypto::write_hex_formatted(o, k.data, 32); }
std::ostream &operator<<(std::ostream &o, const key_derivation &d) { return cncrypto::write_hex_formatted(o, d.data, 32); }
std::ostream &operator<<(std::ostream &o, const secret_key &k) { return cncrypto::write_hex_formatted(o, k.data, 32); }
std::ostream &operator<<(std::ostream &o, const signature &s) { return cncrypto::write_hex_formatted(o, &s, 64); }
std::ostream &operator<<(std::ostream &o, const view_tag &v) { return cncrypto::write_hex_formatted(o, &v.data, 1); }

void random32_unbiased(unsigned char *bytes) {
  // 15*L, the largest multiple of L below 2^256, little-endian.
  static const unsigned char limit[32] = {0xe3, 0x6a, 0x67, 0x72, 0x8b, 0xce, 0x13, 0x29, 0x8f, 0x30, 0x82,
                                          0x8c, 0x0b, 0xa4, 0x10, 0x39, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
                                          0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf0};
  if (bytes == nullptr) throw std::invalid_argument("random32_unbiased: bytes (output) is NULL");
  ensure_sodium();
  for (;;) {
    randombytes_buf(bytes, 32);
    // Constant-time "bytes < limit": the borrow out of bytes - limit.
    unsigned int borrow = 0;
    for (int i = 0; i < 32; ++i) borrow = (static_cast<unsigned int>(bytes[i]) - limit[i] - borrow) >> 31;
    // Whether a candidate is rejected is public: rejected candidates are thrown
    // away, and the accepted one is uniform whatever the count of rejections.
    CNCRYPTO_DECLASSIFY(&borrow, sizeof borrow);
    if (!borrow) continue;
    sc_reduce32(bytes);
    int nonzero = sc_isnonzero(bytes);
    CNCRYPTO_DECLASSIFY(&nonzero, sizeof nonzero);  // same: a zero candidate is thrown away
    if (nonzero) return;
  }
}

void hash_to_scalar(const void *data, std::size_t length, ec_scalar &res) {
  cn_fast_hash(data, length, reinterpret_cast<hash &>(res));
  sc_reduce32(u8(res.data));
}

secret_key generate_keys(public_key &pub, secret_key &sec, const secret_key &recovery_key, bool recover) {
  secret_key rng;
  if (recover)
    rng = recovery_key;
  else
    random32_unbiased(u8(rng.data));
  sec = rng;
  sc_reduce32(u8(sec.data));
  ed::ge_p3 point;
  ed::ge_scalarmult_base(&point, u8(sec.data));
  ed::ge_p3_tobytes(u8(pub.data), &point);
  return rng;
}

bool check_key(const public_key &key) {
  ed::ge_p3 point;
  return ed::ge_frombytes_vartime(&point, u8(key.data)) == 0;
}

bool secret_key_to_public_key(const secret_key &sec, public_key &pub) {
  int bad = sc_check(u8(sec.data));
  CNCRYPTO_DECLASSIFY(&bad, sizeof bad);  // the return value reveals it anyway
  if (bad != 0) return false;
  ed::ge_p3 point;
  ed::ge_scalarmult_base(&point, u8(sec.data));
  ed::ge_p3_tobytes(u8(pub.data), &point);
  return true;
}

bool generate_key_derivation(const public_key &pub, const secret_key &sec, key_derivation &derivation) {
  ed::ge_p3 point;
  if (ed::ge_frombytes_vartime(&point, u8(pub.data)) != 0) return false;
  unsigned char k[32];
  monero_scalarmult_scalar(k, u8(sec.data));
  ed::ge_p2 kP;
  ed::ge_scalarmult(&kP, k, &point);
  sodium_memzero(k, sizeof k);
  ed::ge_p1p1 eight;
  ed::ge_mul8(&eight, &kP);
  ed::ge_p2 out;
  ed::ge_p1p1_to_p2(&out, &eight);
  ed::ge_tobytes(u8(derivation.data), &out);
  // kP, 8kP and its p2 form are the shared secret (the caller's copy is derivation).
  sodium_memzero(&kP, sizeof kP);
  sodium_memzero(&eight, sizeof eight);
  sodium_memzero(&out, sizeof out);
  return true;
}

void derivation_to_scalar(const key_derivation &derivation, std::size_t output_index, ec_scalar &res) {
  std::uint8_t buf[32 + cncrypto::max_varint_size];
  std::memcpy(buf, derivation.data, 32);
  const std::size_t n = cncrypto::write_varint(buf + 32, output_index);
  hash_to_scalar(buf, 32 + n, res);
  sodium_memzero(buf, sizeof buf);
}

bool derive_public_key(const key_derivation &derivation, std::size_t output_index, const public_key &base,
                       public_key &derived_key) {
  return add_derived_offset(base, derivation, output_index, false, derived_key);
}

void derive_secret_key(const key_derivation &derivation, std::size_t output_index, const secret_key &base,
                       secret_key &derived_key) {
  ec_scalar s;
  derivation_to_scalar(derivation, output_index, s);
  sc_add(u8(derived_key.data), u8(base.data), u8(s.data));
  sodium_memzero(&s, sizeof s);
}

bool derive_subaddress_public_key(const public_key &out_key, const key_derivation &derivation,
                                  std::size_t output_index, public_key &derived_key) {
  return add_derived_offset(out_key, derivation, output_index, true, derived_key);
}

void generate_key_image(const public_key &pub, const secret_key &sec, key_image &image) {
  ed::ge_p3 point;
  hash_to_ec_p3(pub, point);
  unsigned char k[32];
  monero_scalarmult_scalar(k, u8(sec.data));
  ed::ge_p2 out;
  ed::ge_scalarmult(&out, k, &point);
  sodium_memzero(k, sizeof k);
  ed::ge_tobytes(u8(image.data), &out);
}

}  // namespace crypto

namespace cncrypto {

using crypto::keys_detail::u8;

void hash_to_point(const crypto::hash &h, crypto::ec_point &res) {
  ed::ge_p2 p;
  ed::ge_fromfe_frombytes_vartime(&p, u8(h.data));
  ed::ge_tobytes(u8(res.data), &p);
}

void hash_to_ec(const crypto::public_key &key, crypto::ec_point &res) {
  ed::ge_p3 p;
  crypto::keys_detail::hash_to_ec_p3(key, p);
  ed::ge_p3_tobytes(u8(res.data), &p);
}

}  // namespace cncrypto
