// Constant-time scalar multiplication by a fixed base (G, H) or one variable point
// (curve/ecmult.h). Fixed bases follow section 4 of Bernstein et al., "High-speed
// high-security signatures" (2011): signed radix-16 digits, a table of 32 x 8
// affine multiples 256^i (j+1) P, the odd digits added first, four doublings, then
// the even ones. Monero's scalar semantics (its radix-16 top digit, its sliding
// window for commitments) are reproduced exactly; docs/ed25519.md.
#include "curve/ecmult.h"

#include "crypto/ed25519/sc.h"

#include "backend/backend.h"
#include "ecmult/recode.h"

#include <sodium.h>

namespace cncrypto::ed25519 {
namespace {

// One fixed-base term: n signed radix-16 digits e[0..n) in [-8, 8] and a table whose
// row i holds multiples of 256^i P (so digit k uses row k/2).
struct fb_term {
  const signed char *e;
  int n;
  const ge_precomp (*table)[8];
};

// In WebAssembly one copy of add_digit and of each fixed_base<Count> (a·G, a·H and the
// three commitments called them inlined: 5 copies, about 20 KB of the module;
// docs/measurements/wasm.md); a call per digit is nothing beside the digit's
// selection and addition. Natively they stay inlined.
#if defined(__EMSCRIPTEN__)
#define CN_FIXED_BASE_INLINE __attribute__((noinline))
#else
#define CN_FIXED_BASE_INLINE CNCRYPTO_CURVE_INLINE
#endif

// t = e P from the row, then h += t.
CN_FIXED_BASE_INLINE void add_digit(ge_p3 *h, ge_p1p1 &r, ge_precomp &t, const ge_precomp row[8], int e) {
  select_digit<table_kind::multiples>(t, row, 8, e);
  add_precomp<false>(&r, h, &t);
  p1p1_to_p3(h, &r);
}

// h = sum over terms of sum_k e[k] 16^k P: odd digits first, times 16, then the even
// digits (16^(2i+1) = 16 * 256^i). Constant time in the digits. Count is a template
// parameter so that each caller's loops are laid out for its terms.
template <int Count>
CN_FIXED_BASE_INLINE void fixed_base(ge_p3 *h, const fb_term (&terms)[Count]) {
  ge_p1p1 r;
  ge_p2 s;
  ge_precomp t;
  p3_identity(h);
  for (int k = 0; k < Count; ++k)
    for (int i = 1; i < terms[k].n; i += 2) add_digit(h, r, t, terms[k].table[i / 2], terms[k].e[i]);
  p3_to_p2(&s, h);
  for (int d = 0; d < 3; ++d) {
    p2_dbl(&r, &s);
    p1p1_to_p2(&s, &r);
  }
  p2_dbl(&r, &s);
  p1p1_to_p3(h, &r);
  for (int k = 0; k < Count; ++k)
    for (int i = 0; i < terms[k].n; i += 2) add_digit(h, r, t, terms[k].table[i / 2], terms[k].e[i]);
  sodium_memzero(&t, sizeof t);
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
    p3_to_cached(&row_c, &row);
    pts[i][0] = row;
    p3_dbl(&r, &row);
    p1p1_to_p3(&pts[i][1], &r);
    for (int j = 2; j < 8; ++j) {
      add_cached<false>(&r, &pts[i][j - 1], &row_c);
      p1p1_to_p3(&pts[i][j], &r);
    }
    for (int d = 0; d < 8; ++d) {  // next row: 256 * row
      p3_dbl(&r, &row);
      p1p1_to_p3(&row, &r);
    }
  }
  fe zinv[256];
  for (int k = 0; k < 256; ++k) fe_copy(zinv[k], pts[k / 8][k % 8].Z);
  fe_batch_invert(zinv, zinv, 256);
  for (int k = 0; k < 256; ++k) {
    const ge_p3 &p = pts[k / 8][k % 8];
    fe x, y;
    fe_mul(x, p.X, zinv[k]);
    fe_mul(y, p.Y, zinv[k]);
    affine_to_precomp(&out.t[k / 8][k % 8], x, y);
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

// r = a A (Monero's scalar semantics), constant time. Result as completed point.
void scalarmult_p1p1(ge_p1p1 *r, const unsigned char a[32], const ge_p3 *A) {
  signed char e[64];
  recode_radix16(e, a, true);
  ge_cached table[8];
  multiples8_cached(table, A);
  ge_p3 h;
  ge_p2 s;
  ge_cached t;
  p3_identity(&h);
  select_digit<table_kind::multiples>(t, table, 8, e[63]);
  add_cached<false>(r, &h, &t);
  for (int i = 62; i >= 0; --i) {
    for (int d = 0; d < 4; ++d) {
      p1p1_to_p2(&s, r);
      p2_dbl(r, &s);
    }
    p1p1_to_p3(&h, r);
    select_digit<table_kind::multiples>(t, table, 8, e[i]);
    add_cached<false>(r, &h, &t);
  }
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

// out = the multiplier Monero's sliding window gives s on a point of order L, reduced:
// s mod L, or (s - 2^256) mod L when the window loses its top carry (2^256 = kSlideLoss
// mod L), so a radix-16 recoding of out is exact. Constant time in s.
void slide_multiplier(unsigned char out[32], const unsigned char s[32]) {
  unsigned char loss[32];
  const std::uint64_t lost = ct::mask_from_bit(slide_carry_lost(s));
  for (int i = 0; i < 32; ++i) loss[i] = static_cast<unsigned char>(kSlideLoss[i] & lost);
  sc_sub(out, s, loss);
}

}  // namespace

void scalarmult_H(ge_p3 &r, const unsigned char a[32]) {
  signed char e[64];
  recode_radix16(e, a, true);
  const fb_term term[1] = {{e, 64, h_table().t}};
  fixed_base(&r, term);
  sodium_memzero(e, sizeof e);
}

void commit_GH(ge_p3 &r, const unsigned char mask[32], std::uint64_t amount) {
  unsigned char m[32];
  slide_multiplier(m, mask);
  signed char eg[64], eh[17];
  recode_radix16(eg, m, true);
  recode_radix16_u64(eh, amount);
  const fb_term terms[2] = {{eg, 64, ge_base}, {eh, 17, h_table().t}};
  fixed_base(&r, terms);
  sodium_memzero(m, sizeof m);
  sodium_memzero(eg, sizeof eg);
  sodium_memzero(eh, sizeof eh);
}

void commit_GH(ge_p3 &r, const unsigned char mask[32], const unsigned char amount[32]) {
  unsigned char m[32], a[32];
  slide_multiplier(m, mask);
  slide_multiplier(a, amount);
  signed char eg[64], eh[64];
  recode_radix16(eg, m, true);
  recode_radix16(eh, a, true);
  const fb_term terms[2] = {{eg, 64, ge_base}, {eh, 64, h_table().t}};
  fixed_base(&r, terms);
  sodium_memzero(m, sizeof m);
  sodium_memzero(a, sizeof a);
  sodium_memzero(eg, sizeof eg);
  sodium_memzero(eh, sizeof eh);
}

void commit_GH_unit(ge_p3 &r, std::uint64_t amount) {
  static const signed char one[1] = {1};
  signed char eh[17];
  recode_radix16_u64(eh, amount);
  const fb_term terms[2] = {{one, 1, ge_base}, {eh, 17, h_table().t}};
  fixed_base(&r, terms);
  sodium_memzero(eh, sizeof eh);
}

void slide_effective_vartime(unsigned char out[32], const unsigned char s[32]) {
  if (!slide_carry_lost(s)) {
    if (out != s) std::memcpy(out, s, 32);
    return;
  }
  unsigned borrow = 0;
  for (int i = 0; i < 32; ++i) {
    const unsigned d = static_cast<unsigned>(s[i]) - kSlideLoss[i] - borrow;
    out[i] = static_cast<unsigned char>(d);
    borrow = (d >> 8) & 1u;
  }
}

void multiples8(ge_cached table[8], const ge_p3 &P) { multiples8_cached(table, &P); }

void scalarmult_p3_serial(ge_p3 &r, const unsigned char a[32], const ge_p3 &A) {
  ge_p1p1 t;
  scalarmult_p1p1(&t, a, &A);
  p1p1_to_p3(&r, &t);
}

void scalarmult_p3_with(const curve_backend &b, ge_p3 *r, const unsigned char a[32], const ge_p3 *A) {
  if (b.scalarmult_one == nullptr) {  // a public property of the backend
    scalarmult_p3_serial(*r, a, *A);
    return;
  }
  signed char e[64];
  recode_radix16(e, a, true);
  b.scalarmult_one(r, e, A);
  sodium_memzero(e, sizeof e);
}

void scalarmult_base_serial(ge_p3 &h, const unsigned char a[32]) {
  signed char e[64];
  recode_radix16(e, a, true);
  const fb_term term[1] = {{e, 64, ge_base}};
  fixed_base(&h, term);
  sodium_memzero(e, sizeof e);
}

void scalarmult_base_with(const curve_backend &b, ge_p3 *h, const unsigned char a[32]) {
  if (b.scalarmult_base_one == nullptr) {  // a public property of the backend
    scalarmult_base_serial(*h, a);
    return;
  }
  signed char e[64];
  recode_radix16(e, a, true);
  b.scalarmult_base_one(h, e);
  sodium_memzero(e, sizeof e);
}

void scalarmult_base_with_side(const curve_backend &b, ge_p3 *h, const unsigned char a[32], void (*side)(void *),
                               void *ctx) {
  signed char e[64];
  recode_radix16(e, a, true);
  b.scalarmult_base_one_side(h, e, side, ctx);
  sodium_memzero(e, sizeof e);
}

bool scalarmult_base_on(const char *backend, ge_p3 &h, const unsigned char a[32]) {
  const curve_backend *b = find_curve_backend(backend);
  if (b == nullptr || !b->available()) return false;
  scalarmult_base_with(*b, &h, a);
  return true;
}

bool scalarmult_p3_on(const char *backend, ge_p3 &r, const unsigned char a[32], const ge_p3 &A) {
  const curve_backend *b = find_curve_backend(backend);
  if (b == nullptr || !b->available()) return false;
  scalarmult_p3_with(*b, &r, a, &A);
  return true;
}

}  // namespace cncrypto::ed25519

namespace ed = cncrypto::ed25519;

namespace cncrypto::ed25519 {

void ge_scalarmult_base(ge_p3 *h, const unsigned char *a) { ed::scalarmult_base_with(ed::curve_active_backend(), h, a); }

// The single calls run the active backend's one-point kernels when it has them
// (ifma: the 4-way parallel formulas), else the serial code above.
void ge_scalarmult(ge_p2 *r, const unsigned char *a, const ge_p3 *A) {
  const ed::curve_backend &b = ed::curve_active_backend();
  if (b.scalarmult_one == nullptr) {
    ge_p1p1 t;
    ed::scalarmult_p1p1(&t, a, A);
    ed::p1p1_to_p2(r, &t);
    return;
  }
  ge_p3 p;
  ed::scalarmult_p3_with(b, &p, a, A);
  ed::fe_copy(r->X, p.X);
  ed::fe_copy(r->Y, p.Y);
  ed::fe_copy(r->Z, p.Z);
  sodium_memzero(&p, sizeof p);
}

void ge_scalarmult_p3(ge_p3 *r, const unsigned char *a, const ge_p3 *A) {
  ed::scalarmult_p3_with(ed::curve_active_backend(), r, a, A);
}

}  // namespace cncrypto::ed25519
