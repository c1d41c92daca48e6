// Monero's key cryptography on top of the ed25519 layers (crypto-ops.h) and
// cn_fast_hash. Formulas from Monero's crypto.h/crypto.cpp semantics and
// ../shared/vectors/README.md; the code is ours.
#include "crypto/crypto.h"
#include "keys/crypto_detail.h"

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "common/ct_declassify.h"
#include "crypto/hash_batch.h"
#include "hash/keccak_batch_core.h"
#include "hash/keccak_permutation.h"

#include <sodium.h>

#include <cstdint>
#include <mutex>
#include <ostream>
#include <stdexcept>
#include <string>

namespace crypto {

namespace {

inline unsigned char *u8(void *p) { return static_cast<unsigned char *>(p); }
inline const unsigned char *u8(const void *p) { return static_cast<const unsigned char *>(p); }

void ensure_sodium() {
  static std::once_flag once;
  static bool ok = false;
  std::call_once(once, [] { ok = sodium_init() >= 0; });
  if (!ok) throw std::runtime_error("crypto: libsodium could not be initialised (sodium_init failed)");
}

// Monero's varint (LEB128): 7 bits per byte, least significant first, high bit
// on all but the last byte. Writes 1..10 bytes; returns the count.
inline std::size_t write_varint(unsigned char *out, std::uint64_t v) {
  std::size_t n = 0;
  while (v >= 0x80) {
    out[n++] = static_cast<unsigned char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  out[n++] = static_cast<unsigned char>(v);
  return n;
}

// Throws std::invalid_argument unless the secret scalar is canonical (< L).
// Only this one bit of the secret is revealed (deliberately declassified).
void require_canonical(const secret_key &sec, const char *function, const char *argument) {
  int bad = sc_check(u8(sec.data));
  CNCRYPTO_DECLASSIFY(&bad, sizeof bad);  // validity of a secret key: one public bit
  if (bad != 0)
    throw std::invalid_argument(std::string(function) + ": " + argument +
                                " is not a reduced scalar (>= L); reduce it with sc_reduce32 first");
}

// Whether 8*computed != 8*expected, i.e. the point `computed` (derived from a
// secret) differs from the public point `expected` by more than a torsion
// component. Such a difference means a signature or proof can never verify; a
// torsion-only difference still verifies for some challenges (Monero's release
// build signs it), so it is accepted. Compared in constant time; only the one
// resulting bit is declassified (a mismatch is a caller bug reported by an
// exception, and a match reveals nothing that is not public already).
bool differ_beyond_torsion(const ge_p2 &computed, const ge_p3 &expected) {
  unsigned char a[32], b[32];
  ge_p1p1 t;
  ge_p2 p;
  ge_mul8(&t, &computed);
  ge_p1p1_to_p2(&p, &t);
  ge_tobytes(a, &p);
  ge_p3_to_p2(&p, &expected);
  ge_mul8(&t, &p);
  ge_p1p1_to_p2(&p, &t);
  ge_tobytes(b, &p);
  int differ = sodium_memcmp(a, b, 32);
  sodium_memzero(a, sizeof a);
  sodium_memzero(&t, sizeof t);
  CNCRYPTO_DECLASSIFY(&differ, sizeof differ);
  return differ != 0;
}

// The scalar Monero's ge_scalarmult effectively multiplies by, reduced mod L.
//
// ge_scalarmult recodes its 32-byte scalar into 64 signed radix-16 digits, the
// first 63 in [-8, 8) and the top one e63 in [0, 16], and selects the multiple
// |e|*P from a table of 1P..8P; a digit above 8 matches no entry and adds the
// identity. For a scalar < L the top digit is at most 1, so this only matters
// for secret keys >= L, which Monero's release build accepts unchecked: the
// result is then (s - e63*16^63)*P when e63 > 8, and s*P otherwise. Both
// callers (derivations, times 8 afterwards; key images, on a point of prime
// order) depend only on that integer mod L, which is what this returns.
// Constant time in s.
void monero_scalarmult_scalar(unsigned char out[32], const unsigned char s[32]) {
  // Carry chain of the recoding: each byte is two digits; the digit pair
  // yields a carry of 0 or 1 into the next byte.
  std::uint32_t carry = 0;
  for (int i = 0; i < 31; ++i) {
    const std::uint32_t t = carry + s[i];  // <= 256
    const std::uint32_t hi = (t + 8) >> 4;  // high digit before its own recoding, <= 16
    carry = (hi + 8) >> 4;
  }
  const std::uint32_t e63 = (carry + s[31] + 8) >> 4;  // 0..16
  // mask = all ones iff e63 > 8 (9 - e63 - 1 = 8 - e63 negative).
  const std::uint32_t drop = static_cast<std::uint32_t>(0) - ((8u - e63) >> 31);
  const std::uint32_t d = e63 & drop;  // the digit Monero drops, or 0
  // m = d * 2^252 (up to 2^256) as a 64-byte integer, reduced mod L.
  unsigned char m[64] = {0};
  m[31] = static_cast<unsigned char>((d << 4) & 0xff);
  m[32] = static_cast<unsigned char>(d >> 4);
  sc_reduce(m);
  sc_sub(out, s, m);
  sodium_memzero(m, sizeof m);
}

// 8*hash_to_point(cn_fast_hash(key)) as a ge_p3. Public input, variable time.
void hash_to_ec_p3(const public_key &key, ge_p3 &res) {
  hash h;
  cn_fast_hash(key.data, sizeof key.data, h);
  ge_p2 p;
  ge_fromfe_frombytes_vartime(&p, u8(h.data));
  ge_p1p1 p8;
  ge_mul8(&p8, &p);
  ge_p1p1_to_p3(&res, &p8);
}

// Ring sizes whose hash buffer (32 + 64*n bytes) would overflow size_t are misuse.
constexpr std::size_t kMaxRing = (SIZE_MAX - 32) / 64;

// The encoding of the identity point (0, 1).
const unsigned char kIdentity[32] = {1};

// base + sign*Hs(derivation || varint(index))*G, sign = +1 or -1.
void add_derived_offset(const ge_p3 &base, const key_derivation &derivation, std::size_t output_index,
                        bool subtract, public_key &out) {
  ec_scalar s;
  derivation_to_scalar(derivation, output_index, s);
  ge_p3 sG;
  ge_scalarmult_base(&sG, u8(s.data));
  sodium_memzero(&s, sizeof s);
  ge_cached c;
  ge_p3_to_cached(&c, &sG);
  ge_p1p1 sum;
  if (subtract)
    ge_sub(&sum, &base, &c);
  else
    ge_add(&sum, &base, &c);
  ge_p2 r;
  ge_p1p1_to_p2(&r, &sum);
  ge_tobytes(u8(out.data), &r);
}

// sep = cn_fast_hash("TXPROOF_V2") (10 ASCII bytes), Monero's HASH_KEY_TXPROOF_V2.
const hash &txproof_v2_separator() {
  static const hash sep = [] {
    static const char text[] = "TXPROOF_V2";
    return cn_fast_hash(text, sizeof text - 1);
  }();
  return sep;
}

// Completes a tx proof transcript whose first 128 bytes (prefix hash, D, X, Y)
// are in buf[0..128): version 2 appends the domain separator, R, A and B
// (32 zero bytes without B). Returns the transcript length (128 or 256).
std::size_t txproof_transcript_tail(unsigned char (&buf)[256], int version, const public_key &R,
                                    const public_key &A, const std::optional<public_key> &B) {
  if (version != 2) return 128;
  std::memcpy(buf + 128, txproof_v2_separator().data, 32);
  std::memcpy(buf + 160, R.data, 32);
  std::memcpy(buf + 192, A.data, 32);
  if (B)
    std::memcpy(buf + 224, B->data, 32);
  else
    std::memset(buf + 224, 0, 32);
  return 256;
}

// Shared body of generate_tx_proof (version 2) and generate_tx_proof_v1.
void tx_proof_sign(const char *function, int version, const hash &prefix_hash, const public_key &R,
                   const public_key &A, const std::optional<public_key> &B, const public_key &D,
                   const secret_key &r, signature &sig) {
  ge_p3 R_p3, A_p3, B_p3, D_p3;
  const std::string f(function);
  if (ge_frombytes_vartime(&R_p3, u8(R.data)) != 0) throw std::runtime_error(f + ": tx pubkey is invalid");
  if (ge_frombytes_vartime(&A_p3, u8(A.data)) != 0)
    throw std::runtime_error(f + ": recipient view pubkey is invalid");
  if (B && ge_frombytes_vartime(&B_p3, u8(B->data)) != 0)
    throw std::runtime_error(f + ": recipient spend pubkey is invalid");
  if (ge_frombytes_vartime(&D_p3, u8(D.data)) != 0) throw std::runtime_error(f + ": key derivation is invalid");
  require_canonical(r, function, "r");
  // A proof of a false statement could never verify: refuse it (Monero's debug
  // build asserts R == r*G or r*B and D == r*A).
  // (Up to a torsion component, see differ_beyond_torsion.)
  ge_p2 check;
  if (B) {
    ge_scalarmult(&check, u8(r.data), &B_p3);
  } else {
    ge_p3 rG;
    ge_scalarmult_base(&rG, u8(r.data));
    ge_p3_to_p2(&check, &rG);
  }
  if (differ_beyond_torsion(check, R_p3)) throw std::invalid_argument(f + (B ? ": R is not r*B" : ": R is not r*G"));
  ge_scalarmult(&check, u8(r.data), &A_p3);
  if (differ_beyond_torsion(check, D_p3)) throw std::invalid_argument(f + ": D is not r*A");

  // msg || D || X || Y || sep || R || A || B'; version 1 hashes the first 128 bytes.
  unsigned char buf[8 * 32];
  std::memcpy(buf, prefix_hash.data, 32);
  std::memcpy(buf + 32, D.data, 32);
  secret_key k;
  random32_unbiased(u8(k.data));
  if (B) {
    ge_p2 X;
    ge_scalarmult(&X, u8(k.data), &B_p3);
    ge_tobytes(buf + 64, &X);
  } else {
    ge_p3 X;
    ge_scalarmult_base(&X, u8(k.data));
    ge_p3_tobytes(buf + 64, &X);
  }
  ge_p2 Y;
  ge_scalarmult(&Y, u8(k.data), &A_p3);
  ge_tobytes(buf + 96, &Y);
  const std::size_t len = txproof_transcript_tail(buf, version, R, A, B);
  hash_to_scalar(buf, len, sig.c);
  sc_mulsub(u8(sig.r.data), u8(sig.c.data), u8(r.data), u8(k.data));
}

}  // namespace

secret_key::~secret_key() { sodium_memzero(data, sizeof data); }

bool operator==(const secret_key &a, const secret_key &b) { return sodium_memcmp(a.data, b.data, 32) == 0; }

std::ostream &operator<<(std::ostream &o, const public_key &k) { return o << cncrypto::hex_encode(k.data, 32); }
std::ostream &operator<<(std::ostream &o, const key_image &k) { return o << cncrypto::hex_encode(k.data, 32); }
std::ostream &operator<<(std::ostream &o, const signature &s) { return o << cncrypto::hex_encode(&s, 64); }
std::ostream &operator<<(std::ostream &o, const view_tag &v) { return o << cncrypto::hex_encode(&v.data, 1); }

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
  ge_p3 point;
  ge_scalarmult_base(&point, u8(sec.data));
  ge_p3_tobytes(u8(pub.data), &point);
  return rng;
}

bool check_key(const public_key &key) {
  ge_p3 point;
  return ge_frombytes_vartime(&point, u8(key.data)) == 0;
}

bool secret_key_to_public_key(const secret_key &sec, public_key &pub) {
  int bad = sc_check(u8(sec.data));
  CNCRYPTO_DECLASSIFY(&bad, sizeof bad);  // the return value reveals it anyway
  if (bad != 0) return false;
  ge_p3 point;
  ge_scalarmult_base(&point, u8(sec.data));
  ge_p3_tobytes(u8(pub.data), &point);
  return true;
}

bool generate_key_derivation(const public_key &pub, const secret_key &sec, key_derivation &derivation) {
  ge_p3 point;
  if (ge_frombytes_vartime(&point, u8(pub.data)) != 0) return false;
  unsigned char k[32];
  monero_scalarmult_scalar(k, u8(sec.data));
  ge_p2 kP;
  ge_scalarmult(&kP, k, &point);
  sodium_memzero(k, sizeof k);
  ge_p1p1 eight;
  ge_mul8(&eight, &kP);
  ge_p2 out;
  ge_p1p1_to_p2(&out, &eight);
  ge_tobytes(u8(derivation.data), &out);
  return true;
}

void derivation_to_scalar(const key_derivation &derivation, std::size_t output_index, ec_scalar &res) {
  unsigned char buf[32 + 10];
  std::memcpy(buf, derivation.data, 32);
  const std::size_t n = write_varint(buf + 32, output_index);
  hash_to_scalar(buf, 32 + n, res);
  sodium_memzero(buf, sizeof buf);
}

bool derive_public_key(const key_derivation &derivation, std::size_t output_index, const public_key &base,
                       public_key &derived_key) {
  ge_p3 point;
  if (ge_frombytes_vartime(&point, u8(base.data)) != 0) return false;
  add_derived_offset(point, derivation, output_index, false, derived_key);
  return true;
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
  ge_p3 point;
  if (ge_frombytes_vartime(&point, u8(out_key.data)) != 0) return false;
  add_derived_offset(point, derivation, output_index, true, derived_key);
  return true;
}

void derive_view_tag(const key_derivation &derivation, std::size_t output_index, view_tag &vt) {
  // The message "view_tag" || derivation || varint(output_index) is 41..50
  // bytes, one block of Keccak-256 (rate 136), so the state is written
  // directly, lane by lane (lanes are little-endian byte strings,
  // keccak_permutation.h): lane 0 "view_tag", lanes 1-4 the derivation, lanes
  // 5-6 the varint followed by the padding byte 0x01, and 0x80 in byte 135
  // (the top byte of lane 16). One permutation; the tag is byte 0 of the
  // digest. Same result as cn_fast_hash of the message (checked against
  // Monero's derive_view_tag vectors), without the general sponge's
  // byte-wise absorb, padding and 32-byte squeeze.
  const keccak_permutation &p = keccak_active_permutation();
  std::uint64_t st[25] = {};
  batch::view_tag_lanes(reinterpret_cast<const std::uint8_t *>(derivation.data), output_index, st);
  st[16] = batch::view_tag_last_lane;
  p.permute(st);
  vt.data = static_cast<char>(st[0] & 0xff);
  sodium_memzero(st, sizeof st);
}

void derive_view_tags(const key_derivation *derivations, const std::size_t *output_indexes, std::size_t count,
                      view_tag *tags) {
  static_assert(sizeof(key_derivation) == 32 && sizeof(view_tag) == 1, "packed key types");
  if (count == 0) return;
  if (derivations == nullptr) throw std::invalid_argument("derive_view_tags: derivations is null");
  // key_derivation is a packed 32-byte array and view_tag one byte, so the
  // typed arrays are the raw ones (read and written as unsigned char).
  derive_view_tags(reinterpret_cast<const std::uint8_t(*)[32]>(derivations), output_indexes, count,
                   reinterpret_cast<std::uint8_t *>(tags));
}

void hash_to_point(const hash &h, ec_point &res) {
  ge_p2 p;
  ge_fromfe_frombytes_vartime(&p, u8(h.data));
  ge_tobytes(u8(res.data), &p);
}

void hash_to_ec(const public_key &key, ec_point &res) {
  ge_p3 p;
  hash_to_ec_p3(key, p);
  ge_p3_tobytes(u8(res.data), &p);
}

void generate_key_image(const public_key &pub, const secret_key &sec, key_image &image) {
  ge_p3 point;
  hash_to_ec_p3(pub, point);
  unsigned char k[32];
  monero_scalarmult_scalar(k, u8(sec.data));
  ge_p2 out;
  ge_scalarmult(&out, k, &point);
  sodium_memzero(k, sizeof k);
  ge_tobytes(u8(image.data), &out);
}

void generate_signature(const hash &prefix_hash, const public_key &pub, const secret_key &sec, signature &sig) {
  require_canonical(sec, "generate_signature", "sec");
  unsigned char buf[96];  // prefix || pub || k*G
  std::memcpy(buf, prefix_hash.data, 32);
  std::memcpy(buf + 32, pub.data, 32);
  secret_key k;
  for (;;) {
    random32_unbiased(u8(k.data));
    ge_p3 kG;
    ge_scalarmult_base(&kG, u8(k.data));
    ge_p3_tobytes(buf + 64, &kG);
    hash_to_scalar(buf, sizeof buf, sig.c);
    // c and r are the signature, public by design; the retry on zero is Monero's.
    CNCRYPTO_DECLASSIFY(sig.c.data, 32);
    if (!sc_isnonzero(u8(sig.c.data))) continue;
    sc_mulsub(u8(sig.r.data), u8(sig.c.data), u8(sec.data), u8(k.data));
    CNCRYPTO_DECLASSIFY(sig.r.data, 32);
    if (!sc_isnonzero(u8(sig.r.data))) continue;
    return;
  }
}

bool check_signature(const hash &prefix_hash, const public_key &pub, const signature &sig) {
  ge_p3 P;
  if (ge_frombytes_vartime(&P, u8(pub.data)) != 0) return false;
  if (sc_check(u8(sig.c.data)) != 0 || sc_check(u8(sig.r.data)) != 0 || !sc_isnonzero(u8(sig.c.data)))
    return false;
  unsigned char buf[96];  // prefix || pub || X
  std::memcpy(buf, prefix_hash.data, 32);
  std::memcpy(buf + 32, pub.data, 32);
  ge_p2 X;
  ge_double_scalarmult_base_vartime(&X, u8(sig.c.data), &P, u8(sig.r.data));
  ge_tobytes(buf + 64, &X);
  if (std::memcmp(buf + 64, kIdentity, 32) == 0) return false;
  ec_scalar c;
  hash_to_scalar(buf, sizeof buf, c);
  return std::memcmp(c.data, sig.c.data, 32) == 0;  // both canonical
}

void generate_tx_proof(const hash &prefix_hash, const public_key &R, const public_key &A,
                       const std::optional<public_key> &B, const public_key &D, const secret_key &r,
                       signature &sig) {
  tx_proof_sign("generate_tx_proof", 2, prefix_hash, R, A, B, D, r, sig);
}

void generate_tx_proof_v1(const hash &prefix_hash, const public_key &R, const public_key &A,
                          const std::optional<public_key> &B, const public_key &D, const secret_key &r,
                          signature &sig) {
  tx_proof_sign("generate_tx_proof_v1", 1, prefix_hash, R, A, B, D, r, sig);
}

bool check_tx_proof(const hash &prefix_hash, const public_key &R, const public_key &A,
                    const std::optional<public_key> &B, const public_key &D, const signature &sig, int version) {
  ge_p3 R_p3, A_p3, B_p3, D_p3;
  if (ge_frombytes_vartime(&R_p3, u8(R.data)) != 0) return false;
  if (ge_frombytes_vartime(&A_p3, u8(A.data)) != 0) return false;
  if (B && ge_frombytes_vartime(&B_p3, u8(B->data)) != 0) return false;
  if (ge_frombytes_vartime(&D_p3, u8(D.data)) != 0) return false;
  if (sc_check(u8(sig.c.data)) != 0 || sc_check(u8(sig.r.data)) != 0) return false;
  if (version != 1 && version != 2) return false;

  unsigned char buf[8 * 32];  // msg || D || X || Y || sep || R || A || B'
  std::memcpy(buf, prefix_hash.data, 32);
  std::memcpy(buf + 32, D.data, 32);
  ge_p2 X;
  if (B) {  // X = c*R + r*B
    ge_dsmp B_pre;
    ge_dsm_precomp(B_pre, &B_p3);
    ge_double_scalarmult_precomp_vartime(&X, u8(sig.c.data), &R_p3, u8(sig.r.data), B_pre);
  } else {  // X = c*R + r*G
    ge_double_scalarmult_base_vartime(&X, u8(sig.c.data), &R_p3, u8(sig.r.data));
  }
  ge_tobytes(buf + 64, &X);
  ge_dsmp A_pre;  // Y = c*D + r*A
  ge_dsm_precomp(A_pre, &A_p3);
  ge_p2 Y;
  ge_double_scalarmult_precomp_vartime(&Y, u8(sig.c.data), &D_p3, u8(sig.r.data), A_pre);
  ge_tobytes(buf + 96, &Y);
  const std::size_t len = txproof_transcript_tail(buf, version, R, A, B);
  ec_scalar c;
  hash_to_scalar(buf, len, c);
  return std::memcmp(c.data, sig.c.data, 32) == 0;
}

namespace {

// generate_ring_signature's body. check_statement: verify that pubs[sec_index] is
// sec*G and image is sec*hash_to_ec(pubs[sec_index]) (up to torsion) first; the
// transaction builder skips that (detail::generate_ring_signature_prechecked),
// having derived both from sec itself.
void ring_signature(const char *fn, const hash &prefix_hash, const key_image &image, const public_key *const *pubs,
                    std::size_t pubs_count, const secret_key &sec, std::size_t sec_index, signature *sig,
                    bool check_statement) {
  if (pubs_count == 0) throw std::invalid_argument(std::string(fn) + ": empty ring (pubs_count is 0)");
  if (pubs_count > kMaxRing) throw std::invalid_argument(std::string(fn) + ": ring size is absurdly large");
  if (pubs == nullptr) throw std::invalid_argument(std::string(fn) + ": pubs is null");
  if (sig == nullptr) throw std::invalid_argument(std::string(fn) + ": sig is null");
  if (sec_index >= pubs_count)
    throw std::invalid_argument(std::string(fn) + ": sec_index " + std::to_string(sec_index) +
                                " is outside the ring of " + std::to_string(pubs_count));
  require_canonical(sec, fn, "sec");
  ge_p3 image_p3;
  if (ge_frombytes_vartime(&image_p3, u8(image.data)) != 0)
    throw std::invalid_argument(std::string(fn) + ": key image is not a valid point");
  std::vector<ge_p3> keys(pubs_count);
  for (std::size_t i = 0; i < pubs_count; ++i) {
    if (pubs[i] == nullptr) throw std::invalid_argument(std::string(fn) + ": pubs[" + std::to_string(i) + "] is null");
    if (ge_frombytes_vartime(&keys[i], u8(pubs[i]->data)) != 0)
      throw std::invalid_argument(std::string(fn) + ": pubs[" + std::to_string(i) + "] is not a valid point");
  }
  // The real member must be sec*G and the image sec*hash_to_ec(P) (up to a
  // torsion component, see differ_beyond_torsion), or the signature could never
  // verify (Monero's debug build asserts both, exactly).
  if (check_statement) {
    ge_p3 sG;
    ge_scalarmult_base(&sG, u8(sec.data));
    ge_p2 check;
    ge_p3_to_p2(&check, &sG);
    if (differ_beyond_torsion(check, keys[sec_index]))
      throw std::invalid_argument(std::string(fn) + ": pubs[" + std::to_string(sec_index) +
                                  "] is not sec*G (sec does not belong to the ring member at sec_index)");
    ge_p3 hp;
    hash_to_ec_p3(*pubs[sec_index], hp);
    ge_scalarmult(&check, u8(sec.data), &hp);
    if (differ_beyond_torsion(check, image_p3))
      throw std::invalid_argument(std::string(fn) + ": the key image is not sec*hash_to_ec(pubs[" +
                                  std::to_string(sec_index) + "])");
  }
  ge_dsmp image_pre;
  ge_dsm_precomp(image_pre, &image_p3);

  std::vector<unsigned char> buf(32 + 64 * pubs_count);  // prefix || (L_i || R_i)...
  std::memcpy(buf.data(), prefix_hash.data, 32);
  ec_scalar sum;
  sc_0(u8(sum.data));
  secret_key k;
  for (std::size_t i = 0; i < pubs_count; ++i) {
    unsigned char *Li = buf.data() + 32 + 64 * i;
    unsigned char *Ri = Li + 32;
    ge_p3 hp;
    hash_to_ec_p3(*pubs[i], hp);
    if (i == sec_index) {  // L = k*G, R = k*hash_to_ec(P)
      random32_unbiased(u8(k.data));
      ge_p3 kG;
      ge_scalarmult_base(&kG, u8(k.data));
      ge_p3_tobytes(Li, &kG);
      ge_p2 kH;
      ge_scalarmult(&kH, u8(k.data), &hp);
      ge_tobytes(Ri, &kH);
    } else {  // decoy: random c, r; L = c*P + r*G, R = r*hash_to_ec(P) + c*I
      random32_unbiased(u8(sig[i].c.data));
      random32_unbiased(u8(sig[i].r.data));
      // A decoy's c and r are published as they are: public by design.
      CNCRYPTO_DECLASSIFY(&sig[i], sizeof sig[i]);
      ge_p2 t;
      ge_double_scalarmult_base_vartime(&t, u8(sig[i].c.data), &keys[i], u8(sig[i].r.data));
      ge_tobytes(Li, &t);
      ge_double_scalarmult_precomp_vartime(&t, u8(sig[i].r.data), &hp, u8(sig[i].c.data), image_pre);
      ge_tobytes(Ri, &t);
      sc_add(u8(sum.data), u8(sum.data), u8(sig[i].c.data));
    }
  }
  ec_scalar h;
  hash_to_scalar(buf.data(), buf.size(), h);
  sc_sub(u8(sig[sec_index].c.data), u8(h.data), u8(sum.data));
  sc_mulsub(u8(sig[sec_index].r.data), u8(sig[sec_index].c.data), u8(sec.data), u8(k.data));
}

}  // namespace

void generate_ring_signature(const hash &prefix_hash, const key_image &image, const public_key *const *pubs,
                             std::size_t pubs_count, const secret_key &sec, std::size_t sec_index,
                             signature *sig) {
  ring_signature("generate_ring_signature", prefix_hash, image, pubs, pubs_count, sec, sec_index, sig, true);
}

namespace detail {
void generate_ring_signature_prechecked(const hash &prefix_hash, const key_image &image,
                                        const public_key *const *pubs, std::size_t pubs_count,
                                        const secret_key &sec, std::size_t sec_index, signature *sig) {
  ring_signature("generate_ring_signature", prefix_hash, image, pubs, pubs_count, sec, sec_index, sig, false);
}
}  // namespace detail

bool check_ring_signature(const hash &prefix_hash, const key_image &image, const public_key *const *pubs,
                          std::size_t pubs_count, const signature *sig) {
  if (pubs_count > 0 && (pubs == nullptr || sig == nullptr))
    throw std::invalid_argument("check_ring_signature: pubs or sig is null");
  if (pubs_count > kMaxRing) throw std::invalid_argument("check_ring_signature: ring size is absurdly large");
  ge_p3 image_p3;
  if (ge_frombytes_vartime(&image_p3, u8(image.data)) != 0) return false;
  for (std::size_t i = 0; i < pubs_count; ++i) {
    if (pubs[i] == nullptr)
      throw std::invalid_argument("check_ring_signature: pubs[" + std::to_string(i) + "] is null");
  }
  ge_dsmp image_pre;
  ge_dsm_precomp(image_pre, &image_p3);
  std::vector<unsigned char> buf(32 + 64 * pubs_count);
  std::memcpy(buf.data(), prefix_hash.data, 32);
  ec_scalar sum;
  sc_0(u8(sum.data));
  for (std::size_t i = 0; i < pubs_count; ++i) {
    if (sc_check(u8(sig[i].c.data)) != 0 || sc_check(u8(sig[i].r.data)) != 0) return false;
    ge_p3 P;
    if (ge_frombytes_vartime(&P, u8(pubs[i]->data)) != 0) return false;
    unsigned char *Li = buf.data() + 32 + 64 * i;
    ge_p2 t;
    ge_double_scalarmult_base_vartime(&t, u8(sig[i].c.data), &P, u8(sig[i].r.data));
    ge_tobytes(Li, &t);
    ge_p3 hp;
    hash_to_ec_p3(*pubs[i], hp);
    ge_double_scalarmult_precomp_vartime(&t, u8(sig[i].r.data), &hp, u8(sig[i].c.data), image_pre);
    ge_tobytes(Li + 32, &t);
    sc_add(u8(sum.data), u8(sum.data), u8(sig[i].c.data));
  }
  ec_scalar h;
  hash_to_scalar(buf.data(), buf.size(), h);
  return std::memcmp(h.data, sum.data, 32) == 0;  // both canonical
}

}  // namespace crypto
