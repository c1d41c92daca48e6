// RingCT arithmetic (see rctOps.h). Written from the spec
// (cryptonote_format.md section 9.3) and ../shared/vectors/README_ringct.md.
// Every scalar multiplication is the curve layer's (curve/ecmult.h: the H table,
// commitments, Monero's sliding-window rule); this file keeps the protocol.
#include "ringct/rctOps.h"

#include "common/ct.h"
#include "curve/ecmult.h"
#include "curve/face.h"
#include "rct_points.h"

#include <sodium.h>

#include <mutex>
#include <stdexcept>
#include <string>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace rct {
namespace {

namespace ct = cncrypto::ct;

// Decodes P or throws std::invalid_argument naming the function and argument.
void decode_or_throw(ed::ge_p3 &out, const key &P, const char *func, const char *arg) {
  if (ed::ge_frombytes_vartime(&out, P.bytes) != 0)
    throw std::invalid_argument(std::string("rct::") + func + ": " + arg + " is not a valid point encoding");
}

void encode(key &out, const ed::ge_p3 &p) { ed::ge_p3_tobytes(out.bytes, &p); }
void encode(key &out, const ed::ge_p1p1 &r) {
  ed::ge_p2 p;
  ed::ge_p1p1_to_p2(&p, &r);
  ed::ge_tobytes(out.bytes, &p);
}
key encoded(const ed::ge_p3 &p) {
  key r;
  encode(r, p);
  return r;
}

// out = (a mod l)*G; the reduced copy of a is wiped (a may be secret). Constant time.
void reduced_times_base(ed::ge_p3 &out, const key &a) {
  unsigned char s[32];
  std::memcpy(s, a.bytes, 32);
  sc_reduce32(s);
  ed::ge_scalarmult_base(&out, s);
  sodium_memzero(s, sizeof s);
}

// The value forms of the out-parameter functions: f's output returned.
key by_value(void (*f)(key &, const key &), const key &x) {
  key r;
  f(r, x);
  return r;
}
key by_value(void (*f)(key &, const key &, const key &), const key &x, const key &y) {
  key r;
  f(r, x, y);
  return r;
}

// The scalar our exact multi-scalar products use to give Monero's sliding-window
// result for s (curve/ecmult.h). _vartime (public scalars).
key slide_effective_vartime(const key &s) {
  key r;
  ed::slide_effective_vartime(r.bytes, s.bytes);
  return r;
}

void hash_prefixed(key &out, const char *prefix, std::size_t prefix_len, const key &k, bool reduce) {
  unsigned char data[15 + 32];
  std::memcpy(data, prefix, prefix_len);
  std::memcpy(data + prefix_len, k.bytes, 32);
  ::cn_fast_hash(data, prefix_len + 32, reinterpret_cast<char *>(out.bytes));
  if (reduce) sc_reduce32(out.bytes);
  sodium_memzero(data, sizeof data);
}

}  // namespace

// ---- amounts ----------------------------------------------------------------------------

void d2h(key &out, xmr_amount amount) {
  out = Z;
  for (int i = 0; i < 8; ++i) out.bytes[i] = static_cast<unsigned char>(amount >> (8 * i));
}

key d2h(xmr_amount amount) {
  key k;
  d2h(k, amount);
  return k;
}

xmr_amount h2d(const key &k) {
  xmr_amount v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | k.bytes[i];
  return v;
}

bool h2d(xmr_amount &amount, const key &k) {
  unsigned char upper = 0;
  for (int i = 8; i < 32; ++i) upper |= k.bytes[i];
  amount = upper == 0 ? h2d(k) : 0;
  return upper == 0;
}

// ---- random ------------------------------------------------------------------------------

void skGen(key &sk) { crypto::random32_unbiased(sk.bytes); }

key skGen() {
  key k;
  skGen(k);
  return k;
}

keyV skvGen(std::size_t n) {
  keyV v(n);
  for (auto &k : v) skGen(k);
  return v;
}

void skpkGen(key &sk, key &pk) {
  skGen(sk);
  scalarmultBase(pk, sk);
}

std::tuple<key, key> skpkGen() {
  key sk, pk;
  skpkGen(sk, pk);
  return std::make_tuple(sk, pk);
}

std::tuple<ctkey, ctkey> ctskpkGen(const key &bH) {
  ctkey sk, pk;
  skpkGen(sk.dest, pk.dest);
  skpkGen(sk.mask, pk.mask);
  addKeys(pk.mask, pk.mask, bH);
  return std::make_tuple(sk, pk);
}

std::tuple<ctkey, ctkey> ctskpkGen(xmr_amount amount) { return ctskpkGen(scalarmultH(d2h(amount))); }

xmr_amount randXmrAmount(xmr_amount upperlimit) {
  if (upperlimit == 0) throw std::invalid_argument("rct::randXmrAmount: upperlimit is 0");
  return h2d(skGen()) % upperlimit;
}

keyM keyMInit(std::size_t rows, std::size_t cols) { return keyM(cols, keyV(rows)); }

key pkGen() {
  key sk = skGen();
  key pk = scalarmultBase(sk);
  sodium_memzero(&sk, sizeof sk);
  return pk;
}

// ---- scalar multiplication ---------------------------------------------------------------

void scalarmultBase(key &aG, const key &a) {
  ed::ge_p3 p;
  reduced_times_base(p, a);
  encode(aG, p);
}

key scalarmultBase(const key &a) { return by_value(scalarmultBase, a); }

void scalarmultKey(key &aP, const key &P, const key &a) {
  ed::ge_p3 A;
  decode_or_throw(A, P, "scalarmultKey", "P");
  ed::ge_p2 R;
  ed::ge_scalarmult(&R, a.bytes, &A);
  ed::ge_tobytes(aP.bytes, &R);
}

key scalarmultKey(const key &P, const key &a) { return by_value(scalarmultKey, P, a); }

key scalarmultH(const key &a) {
  ed::ge_p3 p;
  ed::scalarmult_H(p, a.bytes);
  return encoded(p);
}

void scalarmult8(ge_p3 &res, const key &P) {
  ed::ge_p3 r;
  points::scalarmult8(r, P);
  res = ed::to_face(r);
}

key scalarmult8(const key &P) {
  ed::ge_p3 p;
  points::scalarmult8(p, P);
  return encoded(p);
}

bool isInMainSubgroup(const key &P) {
  ed::ge_p3 A;
  if (ed::ge_frombytes_vartime(&A, P.bytes) != 0) return false;
  // L*P + 0*G with the _vartime sliding window (public point).
  ed::ge_p3 R;
  ed::ge_double_scalarmult_base_vartime_p3(&R, L.bytes, &A, Z.bytes);
  return ed::ge_p3_is_point_at_infinity_vartime(&R) != 0;
}

// ---- additions -------------------------------------------------------------------------------

namespace {
// out = a + b or a - b: op is ge_add or ge_sub (complete formulas, any points).
using ge_cached_op = void (*)(ed::ge_p1p1 *, const ed::ge_p3 *, const ed::ge_cached *);
void combine(key &out, const ed::ge_p3 &a, const ed::ge_p3 &b, ge_cached_op op) {
  ed::ge_cached bc;
  ed::ge_p3_to_cached(&bc, &b);
  ed::ge_p1p1 r;
  op(&r, &a, &bc);
  encode(out, r);
}
// The same from encodings; func names the public function in the exception.
void combine(key &out, const key &A, const key &B, ge_cached_op op, const char *func) {
  ed::ge_p3 a, b;
  decode_or_throw(a, A, func, "A");
  decode_or_throw(b, B, func, "B");
  combine(out, a, b, op);
}
}  // namespace

void addKeys(key &AB, const key &A, const key &B) { combine(AB, A, B, ed::ge_add, "addKeys"); }

key addKeys(const key &A, const key &B) { return by_value(addKeys, A, B); }

key addKeys(const keyV &A) {
  ed::ge_p3 sum;
  ed::ge_p3_0(&sum);
  for (std::size_t i = 0; i < A.size(); ++i) {
    ed::ge_p3 p;
    if (ed::ge_frombytes_vartime(&p, A[i].bytes) != 0)
      throw std::invalid_argument("rct::addKeys: A[" + std::to_string(i) + "] is not a valid point encoding");
    ed::ge_cached c;
    ed::ge_p3_to_cached(&c, &p);
    ed::ge_p1p1 r;
    ed::ge_add(&r, &sum, &c);
    ed::ge_p1p1_to_p3(&sum, &r);
  }
  key out;
  encode(out, sum);
  return out;
}

void subKeys(key &AB, const key &A, const key &B) { combine(AB, A, B, ed::ge_sub, "subKeys"); }

bool equalKeys(const key &A, const key &B) {
  return ct::equal_bytes(A.bytes, B.bytes, 32) != 0;
}

void addKeys1(key &aGB, const key &a, const key &B) {
  ed::ge_p3 b;
  decode_or_throw(b, B, "addKeys1", "B");
  ed::ge_p3 aG;
  reduced_times_base(aG, a);
  combine(aGB, aG, b, ed::ge_add);
}

void addKeys2(key &aGbB, const key &a, const key &b, const key &B) {
  ed::ge_p3 Bp;
  decode_or_throw(Bp, B, "addKeys2", "B");
  const key ae = slide_effective_vartime(a), be = slide_effective_vartime(b);
  ed::ge_p2 r;
  ed::ge_double_scalarmult_base_vartime(&r, be.bytes, &Bp, ae.bytes);
  ed::ge_tobytes(aGbB.bytes, &r);
}

void precomp(ge_dsmp rv, const key &B) {
  ed::ge_p3 Bp;
  decode_or_throw(Bp, B, "precomp", "B");
  ed::ge_dsmp t;
  ed::ge_dsm_precomp(t, &Bp);
  ed::to_face(rv, t);
}

void addKeys3(key &aAbB, const key &a, const key &A, const key &b, const ge_dsmp B) {
  ed::ge_p3 Ap;
  decode_or_throw(Ap, A, "addKeys3", "A");
  const key ae = slide_effective_vartime(a), be = slide_effective_vartime(b);
  ed::ge_dsmp Bt;
  ed::from_face(Bt, B);
  ed::ge_p2 r;
  ed::ge_double_scalarmult_precomp_vartime(&r, ae.bytes, &Ap, be.bytes, Bt);
  ed::ge_tobytes(aAbB.bytes, &r);
}

void addKeys3(key &aAbB, const key &a, const ge_dsmp A, const key &b, const ge_dsmp B) {
  const key ae = slide_effective_vartime(a), be = slide_effective_vartime(b);
  ed::ge_dsmp At, Bt;
  ed::from_face(At, A);
  ed::from_face(Bt, B);
  ed::ge_p2 r;
  ed::ge_double_scalarmult_precomp_vartime2(&r, ae.bytes, At, be.bytes, Bt);
  ed::ge_tobytes(aAbB.bytes, &r);
}

void addKeys_aGbBcC(key &aGbBcC, const key &a, const key &b, const ge_dsmp B, const key &c, const ge_dsmp C) {
  const key ae = slide_effective_vartime(a), be = slide_effective_vartime(b), ce = slide_effective_vartime(c);
  ed::ge_dsmp Bt, Ct;
  ed::from_face(Bt, B);
  ed::from_face(Ct, C);
  ed::ge_p2 r;
  ed::ge_triple_scalarmult_base_vartime(&r, ae.bytes, be.bytes, Bt, ce.bytes, Ct);
  ed::ge_tobytes(aGbBcC.bytes, &r);
}

void addKeys_aAbBcC(key &aAbBcC, const key &a, const ge_dsmp A, const key &b, const ge_dsmp B, const key &c,
                    const ge_dsmp C) {
  const key ae = slide_effective_vartime(a), be = slide_effective_vartime(b), ce = slide_effective_vartime(c);
  ed::ge_dsmp At, Bt, Ct;
  ed::from_face(At, A);
  ed::from_face(Bt, B);
  ed::from_face(Ct, C);
  ed::ge_p2 r;
  ed::ge_triple_scalarmult_precomp_vartime(&r, ae.bytes, At, be.bytes, Bt, ce.bytes, Ct);
  ed::ge_tobytes(aAbBcC.bytes, &r);
}

// ---- commitments ------------------------------------------------------------------------------

key commit(xmr_amount amount, const key &mask) {
  ed::ge_p3 p;
  ed::commit_GH(p, mask.bytes, amount);  // Monero's sliding-window rule on mask
  key C;
  encode(C, p);
  sodium_memzero(&p, sizeof p);
  return C;
}

void genC(key &C, const key &a, xmr_amount amount) { C = commit(amount, a); }

namespace {

key zero_commit_uncached(xmr_amount amount) {
  ed::ge_p3 p;
  ed::commit_GH_unit(p, amount);
  key C;
  encode(C, p);
  return C;
}

// The round amounts Monero keeps precomputed commitments for (rctOps.cpp's
// zero_commitments): 0 and d * 10^k (d = 1..9, k = 0..18) and 10^19, 173 in all.
// Ours are computed, each on its first use (call_once per entry, so threads
// may share the table), instead of compiled in.
constexpr std::size_t round_amount_count = 173;

// The table slot of a round amount, or round_amount_count for any other amount.
std::size_t round_amount_slot(xmr_amount amount) {
  if (amount == 0) return 0;
  std::size_t k = 0;
  while (amount % 10 == 0) {
    amount /= 10;
    ++k;
  }
  if (amount > 9) return round_amount_count;
  return 1 + 9 * k + (amount - 1);  // k = 19 only with d = 1 (2 * 10^19 > 2^64): slot 172
}

}  // namespace

key zeroCommitVartime(xmr_amount amount) {
  const std::size_t slot = round_amount_slot(amount);
  if (slot == round_amount_count) return zero_commit_uncached(amount);
  static std::once_flag once[round_amount_count];
  static key table[round_amount_count];
  std::call_once(once[slot], [&] { table[slot] = zero_commit_uncached(amount); });
  return table[slot];
}

key zeroCommit(xmr_amount amount) { return zeroCommitVartime(amount); }

// ---- hashing ------------------------------------------------------------------------------------

void cn_fast_hash(key &hash, const void *data, std::size_t l) {
  ::cn_fast_hash(data, l, reinterpret_cast<char *>(hash.bytes));
}

namespace {
key keccak_of(const void *data, std::size_t l) {
  key r;
  cn_fast_hash(r, data, l);
  return r;
}
key reduced(key k) {
  sc_reduce32(k.bytes);
  return k;
}
}  // namespace

void cn_fast_hash(key &hash, const key &in) { cn_fast_hash(hash, in.bytes, 32); }
key cn_fast_hash(const key &in) { return keccak_of(in.bytes, 32); }
key cn_fast_hash(const keyV &keys) { return keccak_of(keys.data(), keys.size() * sizeof(key)); }
key cn_fast_hash(const ctkeyV &PC) {
  static_assert(sizeof(ctkey) == 64, "ctkey is dest || mask, 64 bytes");
  return keccak_of(PC.data(), PC.size() * sizeof(ctkey));
}

void hash_to_scalar(key &hash, const void *data, std::size_t l) { hash = reduced(keccak_of(data, l)); }
void hash_to_scalar(key &hash, const key &in) { hash = reduced(cn_fast_hash(in)); }
key cn_fast_hash(const key64 keys) { return keccak_of(keys, 64 * sizeof(key)); }
key hash_to_scalar(const key64 keys) { return reduced(cn_fast_hash(keys)); }
key hash_to_scalar(const key &in) { return reduced(cn_fast_hash(in)); }
key hash_to_scalar(const keyV &keys) { return reduced(cn_fast_hash(keys)); }
key hash_to_scalar(const ctkeyV &PC) { return reduced(cn_fast_hash(PC)); }

void hash_to_p3(ge_p3 &hash8_p3, const key &k) {
  ed::ge_p3 r;
  points::hash_to_p3(r, k);
  hash8_p3 = ed::to_face(r);
}


// ---- amount encryption ------------------------------------------------------------------------

key genAmountEncodingFactor(const key &k) {
  key r;
  hash_prefixed(r, "amount", 6, k, false);
  return r;
}

key genCommitmentMask(const key &sk) {
  key r;
  hash_prefixed(r, "commitment_mask", 15, sk, true);
  return r;
}

namespace {
// v1 (types 1-3) amount encryption: mask op= Hs(sharedSec), amount op= Hs(Hs(sharedSec)),
// op = sc_add (encode) or sc_sub (decode). Constant time.
void ecdh_v1(ecdhTuple &t, const key &sharedSec, void (*op)(unsigned char *, const unsigned char *, const unsigned char *)) {
  key s1 = hash_to_scalar(sharedSec);
  key s2 = hash_to_scalar(s1);
  op(t.mask.bytes, t.mask.bytes, s1.bytes);
  op(t.amount.bytes, t.amount.bytes, s2.bytes);
  sodium_memzero(&s1, sizeof s1);
  sodium_memzero(&s2, sizeof s2);
}
// v2 (types 4-6): amount bytes 0..7 ^= genAmountEncodingFactor(sharedSec) bytes 0..7.
void xor_amount_v2(ecdhTuple &t, const key &sharedSec) {
  key f = genAmountEncodingFactor(sharedSec);
  for (int i = 0; i < 8; ++i) t.amount.bytes[i] ^= f.bytes[i];
  sodium_memzero(&f, sizeof f);
}
}  // namespace

void ecdhEncode(ecdhTuple &unmasked, const key &sharedSec, bool v2) {
  if (v2) {
    unmasked.mask = Z;
    xor_amount_v2(unmasked, sharedSec);
  } else {
    ecdh_v1(unmasked, sharedSec, sc_add);
  }
}

void ecdhDecode(ecdhTuple &masked, const key &sharedSec, bool v2) {
  if (v2) {
    masked.mask = genCommitmentMask(sharedSec);
    xor_amount_v2(masked, sharedSec);
  } else {
    ecdh_v1(masked, sharedSec, sc_sub);
  }
}

}  // namespace rct

namespace cncrypto::rct_points {

void scalarmult8(ed::ge_p3 &res, const rct::key &P) {
  ed::ge_p3 A;
  rct::decode_or_throw(A, P, "scalarmult8", "P");
  ed::ge_p2 p2;
  ed::ge_p3_to_p2(&p2, &A);
  ed::mul8_p3(res, p2);
}

void hash_to_p3(ed::ge_p3 &hash8_p3, const rct::key &k) {
  rct::key h;
  rct::cn_fast_hash(h, k.bytes, 32);
  ed::ge_p2 p;
  ed::ge_fromfe_frombytes_vartime(&p, h.bytes);
  ed::mul8_p3(hash8_p3, p);
}

}  // namespace cncrypto::rct_points

namespace cncrypto {

void hashToPoint(rct::key &pointk, const rct::key &k) {
  ed::ge_p3 p;
  rct_points::hash_to_p3(p, k);
  ed::ge_p3_tobytes(pointk.bytes, &p);
}

rct::key hashToPoint(const rct::key &k) {
  rct::key r;
  hashToPoint(r, k);
  return r;
}

}  // namespace cncrypto

namespace cncrypto {

rct::xmr_amount h2d_strict(const rct::key &k) {
  rct::xmr_amount amount;
  if (!rct::h2d(amount, k)) {
    throw std::invalid_argument("cncrypto::h2d_strict: bytes 8..31 of the amount are not zero (not a 64-bit amount)");
  }
  return amount;
}

}  // namespace cncrypto
