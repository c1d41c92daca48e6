// Ed25519 to the short Weierstrass form of Curve25519 from precomputed
// derivatives, Monero master's crypto-ops.h fe_ed_derivatives_to_wei_x_y (0aa9c51;
// formulas of draft-ietf-lwig-curve-representations-02 E.2). The code is ours, on
// crypto-ops.h's field functions; fcmp_pp's point_to_wei_x_y (keys layer) calls it.
#include "crypto/crypto-ops.h"

#include <sodium.h>

extern "C" {

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

}  // extern "C"
