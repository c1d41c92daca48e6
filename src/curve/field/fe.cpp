// C-linkage exports of Monero's field functions on Monero's ten-limb fe (crypto/crypto-ops.h,
// limb for limb Monero's: curve/ref10.h), fe_batch_invert through the layer's
// representation, and the layer's fe_frombytes_vartime and batch inversion.
#include "crypto/crypto-ops.h"
#include "curve/field.h"
#include "curve/ref10.h"

#include <sodium.h>

#include <memory>
#include <new>

namespace ed = cncrypto::ed25519;
namespace r10 = cncrypto::ed25519::ref10;

extern "C" {

// Monero's exported subset on Monero's ten-limb fe, limb for limb (curve/ref10.h).
void fe_0(fe h) { r10::fe_0(h); }
void fe_1(fe h) { r10::fe_1(h); }
void fe_add(fe h, const fe f, const fe g) { r10::fe_add(h, f, g); }
void fe_sub(fe h, const fe f, const fe g) { r10::fe_sub(h, f, g); }
void fe_neg(fe h, const fe f) { r10::fe_neg(h, f); }
void fe_mul(fe h, const fe f, const fe g) { r10::fe_mul(h, f, g); }
void fe_sq(fe h, const fe f) { r10::fe_sq(h, f); }
void fe_invert(fe h, const fe f) { r10::fe_invert(h, f); }
void fe_tobytes(unsigned char *s, const fe f) { r10::fe_tobytes(s, f); }
int fe_isnegative(const fe f) { return r10::fe_isnegative(f); }
int fe_isnonzero(const fe f) { return r10::fe_isnonzero(f); }

int fe_frombytes_vartime(fe h, const unsigned char *s) {
  ed::fe t;
  if (ed::fe_frombytes_vartime(t, s) != 0) return -1;
  r10::fe_frombytes(h, s);  // Monero master's loads and carries
  return 0;
}

// On the layer's representation: converted in, inverted there, converted out (the
// values of Monero master's, not necessarily its limbs).
int fe_batch_invert(fe *out, const fe *in, const unsigned int n) {
  if (n == 0) return 0;
  if (out == nullptr || in == nullptr) return -1;
  std::unique_ptr<unsigned char[]> zero(new (std::nothrow) unsigned char[n]);
  std::unique_ptr<ed::fe[]> t(new (std::nothrow) ed::fe[n]);
  if (!zero || !t) return -1;
  for (unsigned int i = 0; i < n; ++i) r10::to_internal(t[i], in[i]);
  try {
    ed::fe_batch_invert(t.get(), t.get(), n, zero.get());
  } catch (const std::bad_alloc &) {
    sodium_memzero(t.get(), n * sizeof(ed::fe));
    return -1;
  }
  for (unsigned int i = 0; i < n; ++i) r10::from_internal(out[i], t[i]);
  sodium_memzero(t.get(), n * sizeof(ed::fe));
  unsigned char any_zero = 0;
  for (unsigned int i = 0; i < n; ++i) any_zero |= zero[i];
  return any_zero ? -1 : 0;
}

int fe_equals(const fe f, const fe g) {
  unsigned char a[32], b[32];
  fe_tobytes(a, f);
  fe_tobytes(b, g);
  const int same = crypto_verify_32(a, b) == 0;
  sodium_memzero(a, sizeof a);
  sodium_memzero(b, sizeof b);
  return same;
}

int fe_reduce_vartime(fe reduced_f, const fe f) {
  unsigned char s[32];
  fe_tobytes(s, f);
  const int r = fe_frombytes_vartime(reduced_f, s);
  sodium_memzero(s, sizeof s);
  return r;
}

uint64_t load_3(const unsigned char *in) {
  return static_cast<uint64_t>(in[0]) | static_cast<uint64_t>(in[1]) << 8 | static_cast<uint64_t>(in[2]) << 16;
}

uint64_t load_4(const unsigned char *in) { return load_3(in) | static_cast<uint64_t>(in[3]) << 24; }

}  // extern "C"

namespace cncrypto::ed25519 {

int fe_frombytes_vartime(fe h, const unsigned char *s) {
  // The 255-bit value is >= p = 2^255 - 19 exactly when bits 8..254 are all ones
  // and the low byte is >= 0xed.
  bool all_ones = (s[31] & 0x7f) == 0x7f && s[0] >= 0xed;
  for (int i = 1; i < 31 && all_ones; ++i) all_ones = s[i] == 0xff;
  if (all_ones) return -1;
  fe_frombytes(h, s);
  return 0;
}

void fe_batch_invert(fe *out, const fe *in, std::size_t n, unsigned char *zero) {
  if (n == 0) return;
  std::unique_ptr<fe_elem[]> prefix(new fe_elem[n]);
  std::unique_ptr<fe_elem[]> value(new fe_elem[n]);
  std::unique_ptr<unsigned char[]> own_zero(zero ? nullptr : new unsigned char[n]);
  fe_batch_invert_with(out, in, n, prefix.get(), value.get(), zero ? zero : own_zero.get());
  sodium_memzero(prefix.get(), n * sizeof(fe_elem));
  sodium_memzero(value.get(), n * sizeof(fe_elem));
}

void fe_batch_invert_with(fe *out, const fe *in, std::size_t n, fe_elem *prefix, fe_elem *value,
                          unsigned char *zero) {
  if (n == 0) return;
  // prefix[i] = product of in'[0..i], where in'[j] = in[j], or 1 where in[j] = 0.
  fe one;
  fe_1(one);
  for (std::size_t i = 0; i < n; ++i) {
    fe_carry(value[i].v, in[i]);
    zero[i] = static_cast<unsigned char>(fe_iszero(value[i].v));
    fe_cmov(value[i].v, one, zero[i]);
    if (i == 0)
      fe_copy(prefix[0].v, value[0].v);
    else
      fe_mul(prefix[i].v, prefix[i - 1].v, value[i].v);
  }
  fe inv;  // 1 / (in'[0] ... in'[i]) while walking down
  fe_invert(inv, prefix[n - 1].v);
  fe zero_fe, r;
  fe_0(zero_fe);
  for (std::size_t i = n; i-- > 0;) {
    if (i == 0) {
      fe_copy(r, inv);
    } else {
      fe_mul(r, inv, prefix[i - 1].v);
      fe_mul(inv, inv, value[i].v);
    }
    fe_cmov(r, zero_fe, zero[i]);
    fe_copy(out[i], r);
  }
  sodium_memzero(&inv, sizeof inv);
  sodium_memzero(&r, sizeof r);
}

}  // namespace cncrypto::ed25519
