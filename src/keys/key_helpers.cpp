// The key layer's shared helpers (key_helpers.h).
#include "key_helpers.h"

#include "common/ct_declassify.h"

#include <sodium.h>

#include <stdexcept>
#include <string>

namespace crypto::keys_detail {

void require_canonical(const secret_key &sec, const char *function, const char *argument) {
  int bad = sc_check(u8(sec.data));
  CNCRYPTO_DECLASSIFY(&bad, sizeof bad);  // validity of a secret key: one public bit
  if (bad != 0)
    throw std::invalid_argument(std::string(function) + ": " + argument +
                                " is not a reduced scalar (>= L); reduce it with sc_reduce32 first");
}

bool differ_beyond_torsion(const ge_p2 &computed, const ge_p3 &expected) {
  unsigned char a[32], b[32];
  ge_p1p1 t;
  ge_p2 p;
  ge_mul8(&t, &computed);
  ge_p1p1_to_p2(&p, &t);
  ge_tobytes(a, &p);
  ge_p3_to_p2(&p, &expected);
  ge_mul8(&t, &p);
  ge_p1p1_to_p2(&p, &t);
  ge_tobytes(b, &p);
  int differ = sodium_memcmp(a, b, 32);
  sodium_memzero(a, sizeof a);
  sodium_memzero(&t, sizeof t);
  CNCRYPTO_DECLASSIFY(&differ, sizeof differ);
  return differ != 0;
}

void hash_to_ec_p3(const public_key &key, ge_p3 &res) {
  hash h;
  cn_fast_hash(key.data, sizeof key.data, h);
  ge_p2 p;
  ge_fromfe_frombytes_vartime(&p, u8(h.data));
  ge_p1p1 p8;
  ge_mul8(&p8, &p);
  ge_p1p1_to_p3(&res, &p8);
}

}  // namespace crypto::keys_detail
