// Ed25519 to the short Weierstrass form of Curve25519 from precomputed
// derivatives, Monero master's crypto-ops.h fe_ed_derivatives_to_wei_x_y (0aa9c51;
// formulas of draft-ietf-lwig-curve-representations-02 E.2). The code is ours: on the
// layer's field (curve/ops.h; fcmp_pp's point_to_wei_x_y and the leaf batches call
// it), and crypto-ops.h's C function, which converts Monero's fe in (its result is
// bytes, the same either way).
#include "crypto/crypto-ops.h"
#include "curve/field.h"
#include "curve/ops.h"
#include "curve/ref10.h"

#include <sodium.h>

namespace cncrypto::ed25519 {

void fe_ed_derivatives_to_wei_x_y(unsigned char *wei_x, unsigned char *wei_y, const fe inv_one_minus_y,
                                  const fe one_plus_y, const fe inv_one_minus_y_mul_x) {
  fe x, y;
  fe_mul(x, one_plus_y, inv_one_minus_y);  // (1 + y)/(1 - y): the Montgomery u
  fe_add(x, x, fe_a_inv_3);
  fe_mul(y, fe_c, one_plus_y);
  fe_mul(y, y, inv_one_minus_y_mul_x);  // c (1 + y)/((1 - y) x) = c u / x
  fe_tobytes(wei_x, x);
  fe_tobytes(wei_y, y);
  sodium_memzero(x, sizeof x);
  sodium_memzero(y, sizeof y);
}

}  // namespace cncrypto::ed25519

extern "C" {

void fe_ed_derivatives_to_wei_x_y(unsigned char *wei_x, unsigned char *wei_y, const fe inv_one_minus_y,
                                  const fe one_plus_y, const fe inv_one_minus_y_mul_x) {
  namespace ed = cncrypto::ed25519;
  ed::fe a, b, c;
  ed::ref10::to_internal(a, inv_one_minus_y);
  ed::ref10::to_internal(b, one_plus_y);
  ed::ref10::to_internal(c, inv_one_minus_y_mul_x);
  ed::fe_ed_derivatives_to_wei_x_y(wei_x, wei_y, a, b, c);
  sodium_memzero(a, sizeof a);
  sodium_memzero(b, sizeof b);
  sodium_memzero(c, sizeof c);
}

}  // extern "C"
