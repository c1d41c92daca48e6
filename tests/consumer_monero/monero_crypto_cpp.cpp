// Our own helpers in the style of Monero's tests/crypto/crypto.cpp: this file
// includes Monero's source path "crypto/crypto.cpp" (installed by cncrypto:
// crypto-ops.h's names in namespace crypto, operator& on points and scalars,
// crypto::random_scalar and crypto::hash_to_ec(key, ge_p3&)).
#include "crypto/crypto.cpp"

void hash_to_point(const crypto::hash &h, crypto::ec_point &res) {
  crypto::ge_p2 point;
  crypto::ge_fromfe_frombytes_vartime(&point, reinterpret_cast<const unsigned char *>(&h));
  crypto::ge_tobytes(crypto::operator&(res), &point);
}

void hash_to_ec(const crypto::public_key &key, crypto::ec_point &res) {
  crypto::ge_p3 tmp;
  crypto::hash_to_ec(key, tmp);
  crypto::ge_p3_tobytes(crypto::operator&(res), &tmp);
}

bool scalar_is_canonical(const crypto::ec_scalar &s) { return crypto::sc_check(crypto::operator&(s)) == 0; }

bool random_scalar_is_canonical() {
  crypto::ec_scalar s;
  crypto::random_scalar(s);
  return crypto::sc_check(crypto::operator&(s)) == 0 && crypto::sc_isnonzero(crypto::operator&(s)) != 0;
}
