// The key layer's shared helpers (key_helpers.h).
#include "key_helpers.h"

#include "common/ct_declassify.h"
#include "curve/ops.h"

#include <sodium.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace crypto::keys_detail {

void require_canonical(const secret_key &sec, const char *function, const char *argument) {
  int bad = sc_check(u8(sec.data));
  CNCRYPTO_DECLASSIFY(&bad, sizeof bad);  // validity of a secret key: one public bit
  if (bad != 0)
    throw std::invalid_argument(std::string(function) + ": " + argument +
                                " is not a reduced scalar (>= L); reduce it with sc_reduce32 first");
}

bool differ_beyond_torsion(const ed::ge_p2 &computed, const ed::ge_p3 &expected) {
  unsigned char a[32], b[32];
  ed::ge_p1p1 t;
  ed::ge_p2 p;
  ed::ge_mul8(&t, &computed);
  ed::ge_p1p1_to_p2(&p, &t);
  ed::ge_tobytes(a, &p);
  ed::ge_p3_to_p2(&p, &expected);
  ed::ge_mul8(&t, &p);
  ed::ge_p1p1_to_p2(&p, &t);
  ed::ge_tobytes(b, &p);
  int differ = sodium_memcmp(a, b, 32);
  sodium_memzero(a, sizeof a);
  sodium_memzero(&t, sizeof t);
  CNCRYPTO_DECLASSIFY(&differ, sizeof differ);
  return differ != 0;
}

// The scalar Monero's ge_scalarmult effectively multiplies by, reduced mod L.
//
// ge_scalarmult recodes its 32-byte scalar into 64 signed radix-16 digits, the
// first 63 in [-8, 8) and the top one e63 in [0, 16], and selects the multiple
// |e|*P from a table of 1P..8P; a digit above 8 matches no entry and adds the
// identity. For a scalar < L the top digit is at most 1, so this only matters
// for secret keys >= L, which Monero's release build accepts unchecked: the
// result is then (s - e63*16^63)*P when e63 > 8, and s*P otherwise. Both
// callers (derivations, times 8 afterwards; key images, on a point of prime
// order) depend only on that integer mod L, which is what this returns.
// Constant time in s.
void monero_scalarmult_scalar(unsigned char out[32], const unsigned char s[32]) {
  // Carry chain of the recoding: each byte is two digits; the digit pair
  // yields a carry of 0 or 1 into the next byte.
  std::uint32_t carry = 0;
  for (int i = 0; i < 31; ++i) {
    const std::uint32_t t = carry + s[i];  // <= 256
    const std::uint32_t hi = (t + 8) >> 4;  // high digit before its own recoding, <= 16
    carry = (hi + 8) >> 4;
  }
  const std::uint32_t e63 = (carry + s[31] + 8) >> 4;  // 0..16
  // mask = all ones iff e63 > 8 (9 - e63 - 1 = 8 - e63 negative).
  const std::uint32_t drop = static_cast<std::uint32_t>(0) - ((8u - e63) >> 31);
  const std::uint32_t d = e63 & drop;  // the digit Monero drops, or 0
  // m = d * 2^252 (up to 2^256) as a 64-byte integer, reduced mod L.
  unsigned char m[64] = {0};
  m[31] = static_cast<unsigned char>((d << 4) & 0xff);
  m[32] = static_cast<unsigned char>(d >> 4);
  sc_reduce(m);
  sc_sub(out, s, m);
  sodium_memzero(m, sizeof m);
}

void map_times8_p3(const unsigned char s[32], ed::ge_p3 &res) {
  ed::ge_p2 p;
  ed::ge_fromfe_frombytes_vartime(&p, s);
  ed::ge_p1p1 p8;
  ed::ge_mul8(&p8, &p);
  ed::ge_p1p1_to_p3(&res, &p8);
}

void hash_to_ec_p3(const public_key &key, ed::ge_p3 &res) {
  hash h;
  cn_fast_hash(key.data, sizeof key.data, h);
  map_times8_p3(u8(h.data), res);
}

}  // namespace crypto::keys_detail
