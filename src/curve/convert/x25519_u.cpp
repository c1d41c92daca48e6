// Ed25519 to X25519 (Montgomery u = (1 + y)/(1 - y)), Monero master's
// crypto-ops.h ge_p3_to_x25519 ("ConvertPointE" of the Carrot spec), on the layer's
// own types (curve/ops.h); the face (group/face.cpp) gives it and
// edwards_bytes_to_x25519_vartime with Monero's signatures. Behaviour from
// ../shared/vectors/README_master.md and Monero master's header comments (0aa9c51);
// the code is ours.
#include "curve/field.h"
#include "curve/ops.h"

namespace cncrypto::ed25519 {

int ge_p3_to_x25519(unsigned char *xbytes, const ge_p3 *h) {
  // u = (Z + Y)/(Z - Y); Z - Y = 0 exactly for the identity (y = 1).
  fe num, den, inv, u;
  fe_add(num, h->Z, h->Y);
  fe_sub(den, h->Z, h->Y);
  const int ok = fe_isnonzero(den);
  fe_invert(inv, den);  // 0 -> 0: u = 0 on failure
  fe_mul(u, num, inv);
  fe_tobytes(xbytes, u);
  return ok ? 0 : -1;
}

}  // namespace cncrypto::ed25519
