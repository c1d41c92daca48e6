// RingCT arithmetic (Monero src/ringct/rctOps.h, rctTypes.h's d2h/h2d and
// key conversions): the constants, Pedersen commitments C = mask*G + amount*H,
// amount encryption, scalar multiplications and point additions on 32-byte
// rct::key encodings, hashing to scalars and to points. Names, argument orders
// and results follow Monero, minus hw::device, so RingCT code ports by changing
// includes. Spec: cryptonote_format.md section 9.3; vectors and the exact rules
// reproduced: ../shared/vectors/README_ringct.md; docs/ringct.md "Commitments
// and amounts".
//
// Conventions used in every comment below:
//   * A key is 32 bytes: a point encoding or a little-endian scalar. Amounts
//     (xmr_amount) are 64-bit atomic units.
//   * Decoding a point follows ge_frombytes_vartime (y >= p, x = 0 with the sign
//     bit set, and a y without x are rejected; small-order and torsioned points
//     are accepted: nothing here checks the subgroup unless its name says so).
//     Where Monero throws on an undecodable point these functions throw
//     std::invalid_argument("rct::FUNCTION: ARG is not a valid point encoding").
//   * Scalars are NOT reduced first unless stated: the rule each function applies
//     to a scalar >= L is Monero's (README_ringct.md, "unreduced scalar" and
//     "sliding-window" notes; docs/ringct.md).
//   * "Constant time": no branch and no memory index depends on the secret
//     arguments named (masks, amounts, secret keys, shared secrets). "_vartime" or
//     "variable time": every argument must be public. Secret temporaries are
//     wiped with sodium_memzero.
#pragma once

#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "ringct/rctTypes.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <tuple>

namespace rct {

// Atomic units of an amount (Monero's xmr_amount).
using xmr_amount = std::uint64_t;

// ---- constants (Monero rctOps.h / rctTypes.h) ----------------------------------

// 0 as a scalar.
inline constexpr key Z = {{0}};
// The identity point (0, 1), encoded 01 00 .. 00.
inline constexpr key I = {{1}};
// The group order L = 2^252 + 27742317777372353535851937790883648493.
inline constexpr key L = {{0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
                           0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10}};
// The ed25519 base point G.
inline constexpr key G = {{0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                           0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66}};
// Monero's amount generator H = 8 * decode(cn_fast_hash(G)) (no known log to base G).
inline constexpr key H = {{0x8b, 0x65, 0x59, 0x70, 0x15, 0x37, 0x99, 0xaf, 0x2a, 0xea, 0xdc, 0x9f, 0xf1, 0xad, 0xd0, 0xea,
                           0x6c, 0x72, 0x51, 0xd5, 0x41, 0x54, 0xcf, 0xa9, 0x2c, 0x17, 0x3a, 0x0d, 0xd3, 0x9c, 0x1f, 0x94}};
// 8 and 8^-1 mod L as scalars.
inline constexpr key EIGHT = {{8}};
inline constexpr key INV_EIGHT = {{0x79, 0x2f, 0xdc, 0xe2, 0x29, 0xe5, 0x06, 0x61, 0xd0, 0xda, 0x1c, 0x7d, 0xb3, 0x9d, 0xd3, 0x07,
                                   0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x06}};

// Z, I, L as values (Monero's zero(), identity(), curveOrder()) and copies.
inline key zero() { return Z; }
inline void zero(key &z) { z = Z; }
inline key identity() { return I; }
inline void identity(key &id) { id = I; }
inline key curveOrder() { return L; }
inline void curveOrder(key &l) { l = L; }
inline void copy(key &AA, const key &A) { AA = A; }
inline key copy(const key &A) { return A; }

// ---- conversions between crypto:: and rct:: 32-byte types (Monero rctTypes.h) ---
// Byte copies; no validation. sk2rct/rct2sk copy secrets: wipe the copies.

inline key pk2rct(const crypto::public_key &pk) { key k; std::memcpy(k.bytes, pk.data, 32); return k; }
inline key sk2rct(const crypto::secret_key &sk) { key k; std::memcpy(k.bytes, sk.data, 32); return k; }
inline key ki2rct(const crypto::key_image &ki) { key k; std::memcpy(k.bytes, ki.data, 32); return k; }
inline key hash2rct(const crypto::hash &h) { key k; std::memcpy(k.bytes, h.data, 32); return k; }
inline crypto::public_key rct2pk(const key &k) { crypto::public_key pk; std::memcpy(pk.data, k.bytes, 32); return pk; }
inline crypto::secret_key rct2sk(const key &k) { crypto::secret_key sk; std::memcpy(sk.data, k.bytes, 32); return sk; }
inline crypto::key_image rct2ki(const key &k) { crypto::key_image ki; std::memcpy(ki.data, k.bytes, 32); return ki; }
inline crypto::hash rct2hash(const key &k) { crypto::hash h; std::memcpy(h.data, k.bytes, 32); return h; }

// ---- amounts as keys (Monero rctTypes.h) ---------------------------------------

// The amount as a 32-byte little-endian scalar: 8 bytes LE then 24 zero bytes.
// Never fails; constant time in amount. Mirrors rct::d2h.
key d2h(xmr_amount amount);
void d2h(key &out, xmr_amount amount);

// The amount in bytes 0..7 (little-endian) of k; bytes 8..31 are ignored, as in
// Monero 0.18 (whose randXmrAmount relies on it). Never fails; constant time.
// Beware: a key that is not a 64-bit amount is silently truncated to its low 64
// bits. New code should call cncrypto::h2d_strict (throws) or the two-argument
// form (returns false). Mirrors Monero 0.18's rct::h2d.
xmr_amount h2d(const key &k);
// amount = bytes 0..7 of k (little-endian) and true when bytes 8..31 are zero;
// amount = 0 and false otherwise. Constant time but for the outcome. Mirrors
// Monero master's bool rct::h2d(xmr_amount &, const key &) (README_ringct.md, h2d).
bool h2d(xmr_amount &amount, const key &k);

// ---- random scalars and points (libsodium randomness) ----------------------------

// A uniformly random scalar in [1, L) (crypto::random32_unbiased). Secret.
// Mirrors rct::skGen.
key skGen();
void skGen(key &sk);
// n such scalars. Mirrors rct::skvGen.
keyV skvGen(std::size_t n);
// sk = skGen(), pk = sk*G. Mirrors rct::skpkGen.
void skpkGen(key &sk, key &pk);
std::tuple<key, key> skpkGen();
// A random point skGen()*G (for tests). Mirrors rct::pkGen.
key pkGen();

// A random input of amount `amount` (or with amount commitment part bH = b*H):
// sk = {x, a} two skGen() scalars, pk = {x*G, a*G + amount*H} (resp. a*G + bH;
// bH must decode, else std::invalid_argument). sk is secret. For tests, as
// Monero's. Mirrors rct::ctskpkGen (both forms).
std::tuple<ctkey, ctkey> ctskpkGen(xmr_amount amount);
std::tuple<ctkey, ctkey> ctskpkGen(const key &bH);

// A random amount in [0, upperlimit): h2d(skGen()) % upperlimit, as Monero
// (the low 64 bits of a uniform scalar, so very slightly biased; for tests, not
// for anything secret). upperlimit 0 throws std::invalid_argument (Monero
// divides by zero). Mirrors rct::randXmrAmount.
xmr_amount randXmrAmount(xmr_amount upperlimit);

// A key matrix of cols columns of rows zero keys each (keyM is column-major).
// Mirrors rct::keyMInit.
keyM keyMInit(std::size_t rows, std::size_t cols);

// ---- scalar multiplication -------------------------------------------------------

// aG = (a mod L)*G. a: any 32 bytes (reduced first, as Monero does). Constant time
// in a. Never fails. Mirrors rct::scalarmultBase.
void scalarmultBase(key &aG, const key &a);
key scalarmultBase(const key &a);

// aP = a*P with the unreduced-scalar rule: a is the full 256-bit integer, except
// that Monero's radix-16 recoding drops a top digit above 8 (a[31] > 0x87 or so;
// the multiplier is then a - e63*2^252). Throws std::invalid_argument if P does
// not decode. Constant time in a (P public: decoding is variable time).
// Mirrors rct::scalarmultKey (note the order: point first).
void scalarmultKey(key &aP, const key &P, const key &a);
key scalarmultKey(const key &P, const key &a);

// a*H with the same unreduced-scalar rule as scalarmultKey. Never fails. Constant
// time in a; uses a precomputed table of 256^i * j * H (built once, thread-safe),
// about 3x faster than scalarmultKey(H, a). Mirrors rct::scalarmultH.
key scalarmultH(const key &a);

// 8*P. Throws std::invalid_argument if P does not decode. Variable time (P public).
// Mirrors rct::scalarmult8.
key scalarmult8(const key &P);
void scalarmult8(ge_p3 &res, const key &P);

// true iff P decodes and L*P is the identity (P in the prime-order subgroup; the
// identity is). false for an undecodable P. Variable time. Mirrors
// rct::isInMainSubgroup.
[[nodiscard]] bool isInMainSubgroup(const key &P);

// ---- point additions ---------------------------------------------------------------

// AB = A + B. Throws std::invalid_argument if A or B does not decode. Variable
// time (points public). Mirrors rct::addKeys.
void addKeys(key &AB, const key &A, const key &B);
key addKeys(const key &A, const key &B);
// The sum of all points of A (identity for an empty A). Throws as above, naming
// the index. Mirrors rct::addKeys(keyV).
key addKeys(const keyV &A);
// AB = A - B. Throws as addKeys. Mirrors rct::subKeys.
void subKeys(key &AB, const key &A, const key &B);
// true iff A and B are the same 32 bytes (Monero compares encodings). Constant time.
[[nodiscard]] bool equalKeys(const key &A, const key &B);

// aGB = (a mod L)*G + B. Throws if B does not decode. Constant time in a.
// Mirrors rct::addKeys1.
void addKeys1(key &aGB, const key &a, const key &B);

// The multi-scalar products below are _vartime: every scalar and point must be
// public. Scalars are used as 256-bit integers with Monero's sliding-window rule:
// a scalar whose recoding carries past bit 255 loses that carry (acts as
// a - 2^256; only possible with bit 255 set). Callers normally pass reduced
// scalars, where this is just a*P.

// aGbB = a*G + b*B. Throws if B does not decode. Mirrors rct::addKeys2.
void addKeys2(key &aGbB, const key &a, const key &b, const key &B);
// rv = odd multiples B, 3B, ..., 15B for addKeys3 / addKeys_aGbBcC. Throws if B
// does not decode. Mirrors rct::precomp.
void precomp(ge_dsmp rv, const key &B);
// aAbB = a*A + b*B, B given as precomp(B); the second form A as precomp too.
// Throws if A does not decode. Mirrors rct::addKeys3.
void addKeys3(key &aAbB, const key &a, const key &A, const key &b, const ge_dsmp B);
void addKeys3(key &aAbB, const key &a, const ge_dsmp A, const key &b, const ge_dsmp B);
// a*G + b*B + c*C and a*A + b*B + c*C from precomputed tables. Never throw.
// Mirror rct::addKeys_aGbBcC / addKeys_aAbBcC.
void addKeys_aGbBcC(key &aGbBcC, const key &a, const key &b, const ge_dsmp B, const key &c, const ge_dsmp C);
void addKeys_aAbBcC(key &aAbBcC, const key &a, const ge_dsmp A, const key &b, const ge_dsmp B, const key &c,
                    const ge_dsmp C);

// ---- Pedersen commitments -------------------------------------------------------------

// C = mask*G + amount*H. mask: any 32 bytes, with Monero's rule (its addKeys2
// sliding window): the multiplier of G is mask mod L, or (mask - 2^256) mod L when
// the recoding carries past bit 255 (masks with bit 255 set only; genCommitmentMask
// and skGen masks are reduced and never hit it). Constant time in amount and mask.
// Never fails. Mirrors rct::commit.
key commit(xmr_amount amount, const key &mask);
// C = commit(amount, a) (Monero's out-parameter form). Mirrors rct::genC.
void genC(key &C, const key &a, xmr_amount amount);

// C = G + amount*H: the commitment with mask 1 that Monero uses for cleartext
// amounts (coinbase outputs, fees). Never fails. _vartime: amount is public.
// As Monero, the 173 round amounts (0, d * 10^k for d = 1..9, k = 0..18, and
// 10^19) come from a table: each entry is computed on its first use and then
// returned (about 10 ns); any other amount costs a scalar multiplication.
// Thread-safe. Mirrors rct::zeroCommitVartime (the name at Monero's current release; older
// releases called it zeroCommit, kept here as the same function).
key zeroCommitVartime(xmr_amount amount);
key zeroCommit(xmr_amount amount);

// ---- hashing ---------------------------------------------------------------------------

// hash = keccak(data[0..l)) (cn_fast_hash: Keccak-256, original padding).
// Constant time in the data. Mirrors rct::cn_fast_hash.
void cn_fast_hash(key &hash, const void *data, std::size_t l);
key cn_fast_hash(const key &in);
void cn_fast_hash(key &hash, const key &in);
// keccak of the keys' 32-byte encodings concatenated (keccak("") for none).
key cn_fast_hash(const keyV &keys);
// keccak of dest0 || mask0 || dest1 || mask1 || ...
key cn_fast_hash(const ctkeyV &PC);

// hash = keccak(data) mod L (Hs). Constant time in the data. Mirrors
// rct::hash_to_scalar (and crypto::hash_to_scalar).
void hash_to_scalar(key &hash, const void *data, std::size_t l);
key hash_to_scalar(const key &in);
void hash_to_scalar(key &hash, const key &in);
key hash_to_scalar(const keyV &keys);
key hash_to_scalar(const ctkeyV &PC);
// keccak (and keccak mod L) of the 64 keys of a key64 (2048 bytes), as the
// Borromean signature hashes its 64 challenges. Mirror rct::cn_fast_hash(key64)
// and rct::hash_to_scalar(key64).
key cn_fast_hash(const key64 keys);
key hash_to_scalar(const key64 keys);

// hash8_p3 = Hp(k) = 8 * map(keccak(k)), map = ge_fromfe_frombytes_vartime; only
// the bytes of k are hashed, k is never decoded (any 32 bytes work). Never fails.
// Variable time (k public). Mirrors rct::hash_to_p3 (= crypto::hash_to_ec).
void hash_to_p3(ge_p3 &hash8_p3, const key &k);

// ---- amount encryption (ecdhInfo) -----------------------------------------------------

// keccak("amount" || k) (6 ASCII bytes + 32), not reduced: the first 8 bytes
// mask the amount in v2 encoding. k secret (the amount key); constant time.
// Mirrors rct::genAmountEncodingFactor.
key genAmountEncodingFactor(const key &k);

// Hs("commitment_mask" || sk) (15 ASCII bytes + 32, no NUL): the commitment mask
// of a BP/BP+ output whose amount key is sk. Constant time; secret. Mirrors
// rct::genCommitmentMask.
key genCommitmentMask(const key &sk);

// Encrypts {mask, amount = d2h(value)} in place with the amount key sharedSec.
//   v2 (types 4-6): mask = 0; amount bytes 0..7 ^= genAmountEncodingFactor(sharedSec)
//     bytes 0..7 (only those 8 bytes are serialized; bytes 8..31 are left as they are).
//   v1 (types 1-3): mask += Hs(sharedSec), amount += Hs(Hs(sharedSec)) (mod L).
// Constant time in every input; never fails. Mirrors rct::ecdhEncode.
void ecdhEncode(ecdhTuple &unmasked, const key &sharedSec, bool v2);
// The inverse:
//   v2: mask = genCommitmentMask(sharedSec); amount bytes 0..7 ^= the factor above
//     (amount bytes 8..31 are expected zero, as after parsing; h2d then checks them).
//   v1: mask -= Hs(sharedSec), amount -= Hs(Hs(sharedSec)) (mod L).
// The result is not checked against a commitment here: callers compare
// commit(h2d(amount), mask) with outPk. Constant time; never fails. Mirrors
// rct::ecdhDecode.
void ecdhDecode(ecdhTuple &masked, const key &sharedSec, bool v2);

}  // namespace rct

namespace cncrypto {

// Hp(k) of rct::hash_to_p3, encoded (32 bytes). Variable time (k public); never
// fails. cncrypto's own (the name of an older Monero function, same result).
rct::key hashToPoint(const rct::key &k);
void hashToPoint(rct::key &pointk, const rct::key &k);

// The 32 bytes of a key derivation as an rct::key. cncrypto's own.
inline rct::key kd2rct(const crypto::key_derivation &kd) {
  rct::key k;
  std::memcpy(k.bytes, kd.data, 32);
  return k;
}

}  // namespace cncrypto

namespace cncrypto {

// rct::h2d for new code: the amount in bytes 0..7 (little-endian) of k (32
// bytes); throws std::invalid_argument when any of bytes 8..31 is nonzero (k is
// not a 64-bit amount) instead of truncating. Constant time when it succeeds (only
// the "all upper bytes zero" outcome is revealed). cncrypto's own; Monero master's
// bool rct::h2d(xmr_amount &, const key &) is the non-throwing form.
rct::xmr_amount h2d_strict(const rct::key &k);

}  // namespace cncrypto
