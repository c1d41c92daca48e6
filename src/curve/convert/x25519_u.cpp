// Ed25519 to X25519 (Montgomery u = (1 + y)/(1 - y)), Monero master's
// crypto-ops.h ge_p3_to_x25519 and edwards_bytes_to_x25519_vartime ("ConvertPointE"
// of the Carrot spec). Behaviour from ../shared/vectors/README_master.md and
// Monero master's header comments (0aa9c51); the code is ours, on crypto-ops.h's
// field functions only.
#include "crypto/crypto-ops.h"

extern "C" {

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

int edwards_bytes_to_x25519_vartime(unsigned char *xbytes, const unsigned char *s) {
  ge_p3 p;
  if (ge_frombytes_vartime(&p, s) != 0) return -1;
  return ge_p3_to_x25519(xbytes, &p);
}

}  // extern "C"
