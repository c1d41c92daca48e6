// RingCT arithmetic (see rctOps.h). Written from the spec
// (cryptonote_format.md section 9.3) and ../shared/vectors/README_ringct.md;
// the fixed-base method is that of Bernstein et al., "High-speed high-security
// signatures" (2011), section 4, applied to H with its own table.
#include "ringct/rctOps.h"

#include "common/ct.h"

#include <sodium.h>

#include <stdexcept>
#include <string>
#include <type_traits>

namespace rct {
namespace {

namespace ct = cncrypto::ct;

// Decodes P or throws std::invalid_argument naming the function and argument.
void decode_or_throw(ge_p3 &out, const key &P, const char *func, const char *arg) {
  if (ge_frombytes_vartime(&out, P.bytes) != 0)
    throw std::invalid_argument(std::string("rct::") + func + ": " + arg + " is not a valid point encoding");
}

void encode(key &out, const ge_p3 &p) { ge_p3_tobytes(out.bytes, &p); }
void encode(key &out, const ge_p1p1 &r) {
  ge_p2 p;
  ge_p1p1_to_p2(&p, &r);
  ge_tobytes(out.bytes, &p);
}

// ---- Monero's sliding-window rule ------------------------------------------------
// Monero's ge_double_scalarmult_*_vartime recode each scalar with ref10's slide:
// a width-5 signed window over bits 0..255 whose carries stop at bit 255. That is
// the width-5 NAF of the integer, except that a carry running past bit 255 is lost
// (the scalar then acts as s - 2^256). In NAF terms: scanning bits upward, a window
// starts at bit p when (bit p) XOR (pending carry) is 1, covers bits p..p+4, and
// leaves the carry = bit p+4; otherwise the pending carry passes on unchanged. The
// carry is lost iff it is still pending after bit 255. Checked against a direct
// simulation of slide on 20 000 scalars with long runs of one-bits, and by the
// commit lines of README_ringct.md. Constant time: 256 fixed steps of masks.
unsigned slide_carry_lost(const unsigned char s[32]) {
  unsigned carry = 0, skip = 0;
  for (int p = 0; p < 256; ++p) {
    const unsigned x = (s[p >> 3] >> (p & 7)) & 1u;
    const unsigned next = p + 4 <= 255 ? (s[(p + 4) >> 3] >> ((p + 4) & 7)) & 1u : 0u;
    const unsigned idle = (skip - 1u) >> 31;  // skip is 0..4: 1 iff skip == 0
    const unsigned start = static_cast<unsigned>(ct::value_barrier_u32(idle & (x ^ carry)));
    carry ^= start & (carry ^ next);
    skip = skip - (1u - idle) + 4u * start;
  }
  return carry;
}

// 2^256 - 8L = 2^255 - 8*27742317777372353535851937790883648493: subtracting it from
// s (which has bit 255 set whenever the carry is lost) gives a 256-bit value that is
// congruent to s - 2^256 modulo 8L, i.e. the same multiplier for every curve point.
constexpr unsigned char kSlideLoss[32] = {0x98, 0x60, 0x51, 0x18, 0x2d, 0xe7, 0x6c, 0x3f, 0x4d, 0x19, 0x43,
                                          0xe8, 0x0a, 0x31, 0x08, 0x59, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                          0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};

// The scalar that our exact (full-integer) multi-scalar products must use to give
// Monero's result for s. _vartime (public scalars).
key slide_effective_vartime(const key &s) {
  if (!slide_carry_lost(s.bytes)) return s;
  key r;
  unsigned borrow = 0;
  for (int i = 0; i < 32; ++i) {
    const unsigned d = static_cast<unsigned>(s.bytes[i]) - kSlideLoss[i] - borrow;
    r.bytes[i] = static_cast<unsigned char>(d);
    borrow = (d >> 8) & 1u;
  }
  return r;
}

// ---- fixed-base tables ---------------------------------------------------------------

using limb = std::remove_extent_t<fe>;

// Canonical (fully reduced) copy of f, so table entries meet every fe_* input bound.
void fe_canonical(fe out, const fe f) {
  unsigned char b[32];
  fe_tobytes(b, f);
  fe_frombytes_vartime(out, b);
}

// table[i][j] = (j+1) * 256^i * P as affine ge_precomp, i < 32, j < 8 (the layout
// of ge_base). Public point, variable time; run once.
struct precomp_table {
  ge_precomp t[32][8];
};

void build_table(precomp_table &out, const ge_p3 &P) {
  ge_p3 pts[32][8];
  ge_p3 row = P;
  ge_p1p1 r;
  for (int i = 0; i < 32; ++i) {
    ge_cached row_c;
    ge_p3_to_cached(&row_c, &row);
    pts[i][0] = row;
    ge_p3_dbl(&r, &row);
    ge_p1p1_to_p3(&pts[i][1], &r);
    for (int j = 2; j < 8; ++j) {
      ge_add(&r, &pts[i][j - 1], &row_c);
      ge_p1p1_to_p3(&pts[i][j], &r);
    }
    // next row: 256 * row = 8 doublings
    ge_p3 t = row;
    for (int d = 0; d < 8; ++d) {
      ge_p3_dbl(&r, &t);
      ge_p1p1_to_p3(&t, &r);
    }
    row = t;
  }
  fe zs[256], zinv[256];
  for (int k = 0; k < 256; ++k) std::memcpy(zs[k], pts[k / 8][k % 8].Z, sizeof(fe));
  fe_batch_invert(zinv, zs, 256);
  for (int k = 0; k < 256; ++k) {
    const ge_p3 &p = pts[k / 8][k % 8];
    ge_precomp &q = out.t[k / 8][k % 8];
    fe x, y, t;
    fe_mul(x, p.X, zinv[k]);
    fe_mul(y, p.Y, zinv[k]);
    fe_add(t, y, x);
    fe_canonical(q.yplusx, t);
    fe_sub(t, y, x);
    fe_canonical(q.yminusx, t);
    fe_mul(t, x, y);
    fe_mul(t, t, fe_d2);
    fe_canonical(q.xy2d, t);
  }
}

const precomp_table &h_table() {
  static const precomp_table table = [] {
    precomp_table t;
    build_table(t, ge_p3_H);
    return t;
  }();
  return table;
}

// dst = src where mask is all-ones, limb by limb.
inline void cmov_limbs(limb *dst, const limb *src, std::size_t n, std::uint64_t mask) {
  const limb m = static_cast<limb>(mask);
  for (std::size_t i = 0; i < n; ++i) dst[i] ^= m & (dst[i] ^ src[i]);
}

// t = b * row[0] for a digit b in [-8, 8], reading all 8 entries (row[j] = (j+1) P).
// Constant time in b.
void select_precomp(ge_precomp &t, const ge_precomp row[8], int b) {
  const unsigned ub = static_cast<unsigned>(b);
  const unsigned bneg = ub >> 31;
  const unsigned babs = (ub ^ (0u - bneg)) + bneg;
  fe_1(t.yplusx);
  fe_1(t.yminusx);
  fe_0(t.xy2d);
  constexpr std::size_t n = sizeof(ge_precomp) / sizeof(limb);
  for (unsigned j = 0; j < 8; ++j)
    cmov_limbs(reinterpret_cast<limb *>(&t), reinterpret_cast<const limb *>(&row[j]), n, ct::eq_mask(babs, j + 1));
  ge_precomp minus;
  std::memcpy(minus.yplusx, t.yminusx, sizeof(fe));
  std::memcpy(minus.yminusx, t.yplusx, sizeof(fe));
  fe_neg(minus.xy2d, t.xy2d);
  cmov_limbs(reinterpret_cast<limb *>(&t), reinterpret_cast<const limb *>(&minus), n, ct::mask_from_bit(bneg));
}

// One fixed-base term: n signed radix-16 digits e[0..n) in [-8, 8] and a table
// whose row i holds multiples of 256^i P (so digit k uses row k/2).
struct fb_term {
  const signed char *e;
  int n;
  const ge_precomp (*table)[8];
};

// h = sum over terms of sum_k e[k] 16^k P: odd digits first, times 16, then the even
// digits (16^(2i+1) = 16 * 256^i). Constant time in the digits.
void fixed_base(ge_p3 &h, const fb_term *terms, int count) {
  ge_p1p1 r;
  ge_precomp t;
  ge_p3_0(&h);
  for (int k = 0; k < count; ++k)
    for (int i = 1; i < terms[k].n; i += 2) {
      select_precomp(t, terms[k].table[i / 2], terms[k].e[i]);
      ge_madd(&r, &h, &t);
      ge_p1p1_to_p3(&h, &r);
    }
  ge_p2 s;
  ge_p3_to_p2(&s, &h);
  for (int d = 0; d < 3; ++d) {
    ge_p2_dbl(&r, &s);
    ge_p1p1_to_p2(&s, &r);
  }
  ge_p2_dbl(&r, &s);
  ge_p1p1_to_p3(&h, &r);
  for (int k = 0; k < count; ++k)
    for (int i = 0; i < terms[k].n; i += 2) {
      select_precomp(t, terms[k].table[i / 2], terms[k].e[i]);
      ge_madd(&r, &h, &t);
      ge_p1p1_to_p3(&h, &r);
    }
  sodium_memzero(&t, sizeof t);
}

// Monero's radix-16 recoding of a 256-bit a: e[0..62] in [-8, 7], e[63] in [0, 16]
// with the carries; a top digit above 8 is then dropped (Monero's table lookup has
// no entry for it). Constant time.
void recode_radix16(signed char e[64], const unsigned char a[32]) {
  for (int i = 0; i < 32; ++i) {
    e[2 * i] = static_cast<signed char>(a[i] & 15);
    e[2 * i + 1] = static_cast<signed char>(a[i] >> 4);
  }
  int carry = 0;
  for (int i = 0; i < 63; ++i) {
    const int v = e[i] + carry;
    carry = (v + 8) >> 4;
    e[i] = static_cast<signed char>(v - (carry << 4));
  }
  const int top = e[63] + carry;                                  // 0..16
  const unsigned keep = (static_cast<unsigned>(top) - 9u) >> 31;  // 1 iff top <= 8
  e[63] = static_cast<signed char>(top & static_cast<int>(0u - keep));
}

// The amount's 17 radix-16 digits: e[0..15] in [-8, 7], e[16] in {0, 1}. Constant time.
void recode_amount(signed char e[17], xmr_amount amount) {
  int carry = 0;
  for (int i = 0; i < 16; ++i) {
    const int v = static_cast<int>((amount >> (4 * i)) & 15) + carry;
    carry = (v + 8) >> 4;
    e[i] = static_cast<signed char>(v - (carry << 4));
  }
  e[16] = static_cast<signed char>(carry);
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
  unsigned char upper = 0;
  for (int i = 8; i < 32; ++i) upper |= k.bytes[i];
  if (upper != 0) throw std::invalid_argument("rct::h2d: bytes 8..31 of the amount are not zero (not a 64-bit amount)");
  xmr_amount v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | k.bytes[i];
  return v;
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

key pkGen() {
  key sk = skGen();
  key pk = scalarmultBase(sk);
  sodium_memzero(&sk, sizeof sk);
  return pk;
}

// ---- scalar multiplication ---------------------------------------------------------------

void scalarmultBase(key &aG, const key &a) {
  unsigned char s[32];
  std::memcpy(s, a.bytes, 32);
  sc_reduce32(s);
  ge_p3 p;
  ge_scalarmult_base(&p, s);
  sodium_memzero(s, sizeof s);
  encode(aG, p);
}

key scalarmultBase(const key &a) {
  key r;
  scalarmultBase(r, a);
  return r;
}

void scalarmultKey(key &aP, const key &P, const key &a) {
  ge_p3 A;
  decode_or_throw(A, P, "scalarmultKey", "P");
  ge_p2 R;
  ge_scalarmult(&R, a.bytes, &A);
  ge_tobytes(aP.bytes, &R);
}

key scalarmultKey(const key &P, const key &a) {
  key r;
  scalarmultKey(r, P, a);
  return r;
}

key scalarmultH(const key &a) {
  signed char e[64];
  recode_radix16(e, a.bytes);
  const fb_term term{e, 64, h_table().t};
  ge_p3 p;
  fixed_base(p, &term, 1);
  sodium_memzero(e, sizeof e);
  key r;
  encode(r, p);
  return r;
}

void scalarmult8(ge_p3 &res, const key &P) {
  ge_p3 A;
  decode_or_throw(A, P, "scalarmult8", "P");
  ge_p2 p2;
  ge_p3_to_p2(&p2, &A);
  ge_p1p1 r;
  ge_mul8(&r, &p2);
  ge_p1p1_to_p3(&res, &r);
}

key scalarmult8(const key &P) {
  ge_p3 p;
  scalarmult8(p, P);
  key r;
  encode(r, p);
  return r;
}

bool isInMainSubgroup(const key &P) {
  ge_p3 A;
  if (ge_frombytes_vartime(&A, P.bytes) != 0) return false;
  // L*P + 0*G with the _vartime sliding window (public point).
  ge_p3 R;
  ge_double_scalarmult_base_vartime_p3(&R, L.bytes, &A, Z.bytes);
  return ge_p3_is_point_at_infinity_vartime(&R) != 0;
}

// ---- additions -------------------------------------------------------------------------------

namespace {
// out = a + b or a - b: op is ge_add or ge_sub (complete formulas, any points).
using ge_cached_op = void (*)(ge_p1p1 *, const ge_p3 *, const ge_cached *);
void combine(key &out, const ge_p3 &a, const ge_p3 &b, ge_cached_op op) {
  ge_cached bc;
  ge_p3_to_cached(&bc, &b);
  ge_p1p1 r;
  op(&r, &a, &bc);
  encode(out, r);
}
// The same from encodings; func names the public function in the exception.
void combine(key &out, const key &A, const key &B, ge_cached_op op, const char *func) {
  ge_p3 a, b;
  decode_or_throw(a, A, func, "A");
  decode_or_throw(b, B, func, "B");
  combine(out, a, b, op);
}
}  // namespace

void addKeys(key &AB, const key &A, const key &B) { combine(AB, A, B, ge_add, "addKeys"); }

key addKeys(const key &A, const key &B) {
  key r;
  addKeys(r, A, B);
  return r;
}

key addKeys(const keyV &A) {
  ge_p3 sum;
  ge_p3_0(&sum);
  for (std::size_t i = 0; i < A.size(); ++i) {
    ge_p3 p;
    if (ge_frombytes_vartime(&p, A[i].bytes) != 0)
      throw std::invalid_argument("rct::addKeys: A[" + std::to_string(i) + "] is not a valid point encoding");
    ge_cached c;
    ge_p3_to_cached(&c, &p);
    ge_p1p1 r;
    ge_add(&r, &sum, &c);
    ge_p1p1_to_p3(&sum, &r);
  }
  key out;
  encode(out, sum);
  return out;
}

void subKeys(key &AB, const key &A, const key &B) { combine(AB, A, B, ge_sub, "subKeys"); }

bool equalKeys(const key &A, const key &B) {
  return ct::equal_bytes(A.bytes, B.bytes, 32) != 0;
}

void addKeys1(key &aGB, const key &a, const key &B) {
  ge_p3 b;
  decode_or_throw(b, B, "addKeys1", "B");
  unsigned char s[32];
  std::memcpy(s, a.bytes, 32);
  sc_reduce32(s);
  ge_p3 aG;
  ge_scalarmult_base(&aG, s);
  sodium_memzero(s, sizeof s);
  combine(aGB, aG, b, ge_add);
}

void addKeys2(key &aGbB, const key &a, const key &b, const key &B) {
  ge_p3 Bp;
  decode_or_throw(Bp, B, "addKeys2", "B");
  const key ae = slide_effective_vartime(a), be = slide_effective_vartime(b);
  ge_p2 r;
  ge_double_scalarmult_base_vartime(&r, be.bytes, &Bp, ae.bytes);
  ge_tobytes(aGbB.bytes, &r);
}

void precomp(ge_dsmp rv, const key &B) {
  ge_p3 Bp;
  decode_or_throw(Bp, B, "precomp", "B");
  ge_dsm_precomp(rv, &Bp);
}

void addKeys3(key &aAbB, const key &a, const key &A, const key &b, const ge_dsmp B) {
  ge_p3 Ap;
  decode_or_throw(Ap, A, "addKeys3", "A");
  const key ae = slide_effective_vartime(a), be = slide_effective_vartime(b);
  ge_p2 r;
  ge_double_scalarmult_precomp_vartime(&r, ae.bytes, &Ap, be.bytes, B);
  ge_tobytes(aAbB.bytes, &r);
}

void addKeys3(key &aAbB, const key &a, const ge_dsmp A, const key &b, const ge_dsmp B) {
  const key ae = slide_effective_vartime(a), be = slide_effective_vartime(b);
  ge_p2 r;
  ge_double_scalarmult_precomp_vartime2(&r, ae.bytes, A, be.bytes, B);
  ge_tobytes(aAbB.bytes, &r);
}

void addKeys_aGbBcC(key &aGbBcC, const key &a, const key &b, const ge_dsmp B, const key &c, const ge_dsmp C) {
  const key ae = slide_effective_vartime(a), be = slide_effective_vartime(b), ce = slide_effective_vartime(c);
  ge_p2 r;
  ge_triple_scalarmult_base_vartime(&r, ae.bytes, be.bytes, B, ce.bytes, C);
  ge_tobytes(aGbBcC.bytes, &r);
}

void addKeys_aAbBcC(key &aAbBcC, const key &a, const ge_dsmp A, const key &b, const ge_dsmp B, const key &c,
                    const ge_dsmp C) {
  const key ae = slide_effective_vartime(a), be = slide_effective_vartime(b), ce = slide_effective_vartime(c);
  ge_p2 r;
  ge_triple_scalarmult_precomp_vartime(&r, ae.bytes, A, be.bytes, B, ce.bytes, C);
  ge_tobytes(aAbBcC.bytes, &r);
}

// ---- commitments ------------------------------------------------------------------------------

key commit(xmr_amount amount, const key &mask) {
  // Multiplier of G: mask, or mask - 2^256 when Monero's sliding window loses its
  // top carry; both reduced mod L (2^256 = kSlideLoss mod L), so the radix-16 digits
  // below are exact.
  unsigned char loss[32], m[32];
  const std::uint64_t lost = ct::mask_from_bit(slide_carry_lost(mask.bytes));
  for (int i = 0; i < 32; ++i) loss[i] = static_cast<unsigned char>(kSlideLoss[i] & lost);
  sc_sub(m, mask.bytes, loss);
  signed char eg[64], eh[17];
  recode_radix16(eg, m);
  recode_amount(eh, amount);
  const fb_term terms[2] = {{eg, 64, ge_base}, {eh, 17, h_table().t}};
  ge_p3 p;
  fixed_base(p, terms, 2);
  sodium_memzero(m, sizeof m);
  sodium_memzero(eg, sizeof eg);
  sodium_memzero(eh, sizeof eh);
  key C;
  encode(C, p);
  return C;
}

void genC(key &C, const key &a, xmr_amount amount) { C = commit(amount, a); }

key zeroCommitVartime(xmr_amount amount) {
  static const signed char one[1] = {1};
  signed char eh[17];
  recode_amount(eh, amount);
  const fb_term terms[2] = {{one, 1, ge_base}, {eh, 17, h_table().t}};
  ge_p3 p;
  fixed_base(p, terms, 2);
  key C;
  encode(C, p);
  return C;
}

key zeroCommit(xmr_amount amount) { return zeroCommitVartime(amount); }

// ---- hashing ------------------------------------------------------------------------------------

void cn_fast_hash(key &hash, const void *data, std::size_t l) {
  ::cn_fast_hash(data, l, reinterpret_cast<char *>(hash.bytes));
}

void cn_fast_hash(key &hash, const key &in) { cn_fast_hash(hash, in.bytes, 32); }

key cn_fast_hash(const key &in) {
  key r;
  cn_fast_hash(r, in.bytes, 32);
  return r;
}

key cn_fast_hash(const keyV &keys) {
  key r;
  cn_fast_hash(r, keys.data(), keys.size() * sizeof(key));
  return r;
}

key cn_fast_hash(const ctkeyV &PC) {
  static_assert(sizeof(ctkey) == 64, "ctkey is dest || mask, 64 bytes");
  key r;
  cn_fast_hash(r, PC.data(), PC.size() * sizeof(ctkey));
  return r;
}

void hash_to_scalar(key &hash, const void *data, std::size_t l) {
  cn_fast_hash(hash, data, l);
  sc_reduce32(hash.bytes);
}

void hash_to_scalar(key &hash, const key &in) { hash_to_scalar(hash, in.bytes, 32); }

key hash_to_scalar(const key &in) {
  key r;
  hash_to_scalar(r, in.bytes, 32);
  return r;
}

key hash_to_scalar(const keyV &keys) {
  key r = cn_fast_hash(keys);
  sc_reduce32(r.bytes);
  return r;
}

key hash_to_scalar(const ctkeyV &PC) {
  key r = cn_fast_hash(PC);
  sc_reduce32(r.bytes);
  return r;
}

void hash_to_p3(ge_p3 &hash8_p3, const key &k) {
  key h;
  cn_fast_hash(h, k.bytes, 32);
  ge_p2 p;
  ge_fromfe_frombytes_vartime(&p, h.bytes);
  ge_p1p1 r;
  ge_mul8(&r, &p);
  ge_p1p1_to_p3(&hash8_p3, &r);
}

void hashToPoint(key &pointk, const key &k) {
  ge_p3 p;
  hash_to_p3(p, k);
  encode(pointk, p);
}

key hashToPoint(const key &k) {
  key r;
  hashToPoint(r, k);
  return r;
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

void ecdhEncode(ecdhTuple &unmasked, const key &sharedSec, bool v2) {
  if (v2) {
    key f = genAmountEncodingFactor(sharedSec);
    unmasked.mask = Z;
    for (int i = 0; i < 8; ++i) unmasked.amount.bytes[i] ^= f.bytes[i];
    sodium_memzero(&f, sizeof f);
  } else {
    key s1 = hash_to_scalar(sharedSec);
    key s2 = hash_to_scalar(s1);
    sc_add(unmasked.mask.bytes, unmasked.mask.bytes, s1.bytes);
    sc_add(unmasked.amount.bytes, unmasked.amount.bytes, s2.bytes);
    sodium_memzero(&s1, sizeof s1);
    sodium_memzero(&s2, sizeof s2);
  }
}

void ecdhDecode(ecdhTuple &masked, const key &sharedSec, bool v2) {
  if (v2) {
    key f = genAmountEncodingFactor(sharedSec);
    masked.mask = genCommitmentMask(sharedSec);
    for (int i = 0; i < 8; ++i) masked.amount.bytes[i] ^= f.bytes[i];
    sodium_memzero(&f, sizeof f);
  } else {
    key s1 = hash_to_scalar(sharedSec);
    key s2 = hash_to_scalar(s1);
    sc_sub(masked.mask.bytes, masked.mask.bytes, s1.bytes);
    sc_sub(masked.amount.bytes, masked.amount.bytes, s2.bytes);
    sodium_memzero(&s1, sizeof s1);
    sodium_memzero(&s2, sizeof s2);
  }
}

}  // namespace rct
