// Monero's src/crypto/crypto.cpp path, for programs that #include Monero's crypto
// source file itself (Monero's tests/crypto/crypto.cpp does: `#include
// "crypto/crypto.cpp"`). cncrypto's implementation is compiled into libcncrypto;
// this file adds no definition of a Monero function. It gives the including file
// what Monero's crypto.cpp makes visible there:
//   - crypto/crypto.h and crypto/hash.h;
//   - Monero's crypto-ops.h C API (crypto/crypto-ops.h) also under namespace
//     crypto (crypto::ge_p3, crypto::ge_add, crypto::sc_check, ...), since Monero's
//     crypto.cpp includes crypto-ops.h inside namespace crypto;
//   - the file-local helpers of Monero's crypto.cpp that its tests call:
//     crypto::operator& on ec_point / ec_scalar (the bytes), crypto::random_scalar
//     (a uniform non-zero scalar, random32_unbiased) and crypto::hash_to_ec(const
//     public_key &, ge_p3 &) (8 * hash_to_point(cn_fast_hash(key))).
// Every helper is static inline, so this file may be included once per
// translation unit of a program. Not for new code: include crypto/crypto.h and
// crypto/crypto-ops.h (docs/monero_api.md).
#pragma once

#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"

namespace crypto {

// Monero's crypto-ops.h names, as crypto.cpp sees them in namespace crypto.
using ::fe;
using ::ge_p2;
using ::ge_p3;
using ::ge_p1p1;
using ::ge_precomp;
using ::ge_cached;
using ::ge_dsmp;
using ::fe_0;
using ::fe_1;
using ::fe_add;
using ::fe_batch_invert;
using ::fe_frombytes_vartime;
using ::fe_invert;
using ::fe_isnegative;
using ::fe_isnonzero;
using ::fe_mul;
using ::fe_neg;
using ::fe_sq;
using ::fe_sub;
using ::fe_tobytes;
using ::ge_add;
using ::ge_double_scalarmult_base_vartime;
using ::ge_double_scalarmult_base_vartime_p3;
using ::ge_double_scalarmult_precomp_vartime;
using ::ge_double_scalarmult_precomp_vartime2;
using ::ge_double_scalarmult_precomp_vartime2_p3;
using ::ge_dsm_precomp;
using ::ge_frombytes_vartime;
using ::ge_fromfe_frombytes_vartime;
using ::ge_madd;
using ::ge_msub;
using ::ge_mul8;
using ::ge_p1p1_to_p2;
using ::ge_p1p1_to_p3;
using ::ge_p2_0;
using ::ge_p2_dbl;
using ::ge_p3_0;
using ::ge_p3_dbl;
using ::ge_p3_is_point_at_infinity_vartime;
using ::ge_p3_to_cached;
using ::ge_p3_to_p2;
using ::ge_p3_tobytes;
using ::ge_scalarmult;
using ::ge_scalarmult_base;
using ::ge_scalarmult_p3;
using ::ge_sub;
using ::ge_tobytes;
using ::ge_triple_scalarmult_base_vartime;
using ::ge_triple_scalarmult_precomp_vartime;
using ::sc_0;
using ::sc_add;
using ::sc_check;
using ::sc_isnonzero;
using ::sc_mul;
using ::sc_muladd;
using ::sc_mulsub;
using ::sc_reduce;
using ::sc_reduce32;
using ::sc_sub;
using ::fe_d;
using ::fe_d2;
using ::fe_sqrtm1;
using ::fe_ma;
using ::fe_ma2;
using ::fe_fffb1;
using ::fe_fffb2;
using ::fe_fffb3;
using ::fe_fffb4;
using ::ge_p3_identity;
using ::ge_p3_H;
using ::ge_base;
using ::ge_Bi;

// The bytes of a point or scalar, as unsigned char * (Monero crypto.cpp's
// operator&, used as crypto::operator&(x)). Constant time.
static inline unsigned char *operator&(ec_point &point) { return reinterpret_cast<unsigned char *>(point.data); }
static inline const unsigned char *operator&(const ec_point &point) {
  return reinterpret_cast<const unsigned char *>(point.data);
}
static inline unsigned char *operator&(ec_scalar &scalar) { return reinterpret_cast<unsigned char *>(scalar.data); }
static inline const unsigned char *operator&(const ec_scalar &scalar) {
  return reinterpret_cast<const unsigned char *>(scalar.data);
}

// res = a uniform scalar in [1, L) from crypto::rand (random32_unbiased).
// Throws what random32_unbiased throws. Source: Monero crypto.cpp random_scalar.
static inline void random_scalar(ec_scalar &res) { random32_unbiased(reinterpret_cast<unsigned char *>(res.data)); }

// res = 8 * hash_to_point(cn_fast_hash(key)) as a ge_p3 (the point
// cncrypto::hash_to_ec encodes). key is only hashed. Variable time (public
// input). Source: Monero crypto.cpp hash_to_ec.
static inline void hash_to_ec(const public_key &key, ge_p3 &res) {
  hash h;
  cn_fast_hash(&key, sizeof key, h);
  ::ge_p2 point;
  ::ge_fromfe_frombytes_vartime(&point, reinterpret_cast<const unsigned char *>(h.data));
  ::ge_p1p1 point2;
  ::ge_mul8(&point2, &point);
  ::ge_p1p1_to_p3(&res, &point2);
}

}  // namespace crypto
