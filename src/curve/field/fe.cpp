// C-linkage exports of the field layer under Monero's names (crypto/crypto-ops.h),
// plus batch inversion. The arithmetic itself is inline in fe.h.
#include "crypto/crypto-ops.h"
#include "curve/field.h"

#include <memory>

namespace ed = cncrypto::ed25519;

extern "C" {

void fe_0(fe h) { ed::fe_0(h); }
void fe_1(fe h) { ed::fe_1(h); }
void fe_add(fe h, const fe f, const fe g) { ed::fe_add(h, f, g); }
void fe_sub(fe h, const fe f, const fe g) { ed::fe_sub(h, f, g); }
void fe_neg(fe h, const fe f) { ed::fe_neg(h, f); }
void fe_mul(fe h, const fe f, const fe g) { ed::fe_mul(h, f, g); }
void fe_sq(fe h, const fe f) { ed::fe_sq(h, f); }
void fe_invert(fe h, const fe f) { ed::fe_invert(h, f); }
void fe_tobytes(unsigned char *s, const fe f) { ed::fe_tobytes(s, f); }
int fe_isnegative(const fe f) { return ed::fe_isnegative(f); }
int fe_isnonzero(const fe f) { return ed::fe_isnonzero(f); }

int fe_frombytes_vartime(fe h, const unsigned char *s) {
  // The 255-bit value is >= p = 2^255 - 19 exactly when bits 8..254 are all ones
  // and the low byte is >= 0xed.
  bool all_ones = (s[31] & 0x7f) == 0x7f && s[0] >= 0xed;
  for (int i = 1; i < 31 && all_ones; ++i) all_ones = s[i] == 0xff;
  if (all_ones) return -1;
  ed::fe_frombytes(h, s);
  return 0;
}

void fe_batch_invert(fe *out, const fe *in, size_t n) {
  if (n == 0) return;
  struct fe_box {
    fe v;
  };
  // prefix[i] = product of in'[0..i], where in'[j] = in[j], or 1 where in[j] = 0.
  std::unique_ptr<fe_box[]> prefix(new fe_box[n]);
  std::unique_ptr<fe_box[]> value(new fe_box[n]);
  std::unique_ptr<unsigned char[]> zero(new unsigned char[n]);
  fe one;
  ed::fe_1(one);
  for (size_t i = 0; i < n; ++i) {
    ed::fe_carry(value[i].v, in[i]);
    zero[i] = static_cast<unsigned char>(ed::fe_iszero(value[i].v));
    ed::fe_cmov(value[i].v, one, zero[i]);
    if (i == 0)
      ed::fe_copy(prefix[0].v, value[0].v);
    else
      ed::fe_mul(prefix[i].v, prefix[i - 1].v, value[i].v);
  }
  fe inv;  // 1 / (in'[0] ... in'[i]) while walking down
  ed::fe_invert(inv, prefix[n - 1].v);
  fe zero_fe;
  ed::fe_0(zero_fe);
  for (size_t i = n; i-- > 0;) {
    fe r;
    if (i == 0) {
      ed::fe_copy(r, inv);
    } else {
      ed::fe_mul(r, inv, prefix[i - 1].v);
      ed::fe_mul(inv, inv, value[i].v);
    }
    ed::fe_cmov(r, zero_fe, zero[i]);
    ed::fe_copy(out[i], r);
  }
}

}  // extern "C"
