// Private to the ringct layer: rctOps.h's point-valued functions on the curve
// layer's own types (curve/types.h), for the layer's provers and verifiers; the
// public forms (Monero's ge_p3) convert and call these (rctOps.cpp).
#pragma once

#include "curve/types.h"
#include "ringct/rctTypes.h"

namespace rct::points {

// hash8_p3 = 8 * (Monero's hash-to-point map of cn_fast_hash(k)), as rct::hash_to_p3.
// _vartime (k public).
void hash_to_p3(cncrypto::ed25519::ge_p3 &hash8_p3, const key &k);
// res = 8 P, as rct::scalarmult8: throws std::invalid_argument when P does not decode.
void scalarmult8(cncrypto::ed25519::ge_p3 &res, const key &P);

}  // namespace rct::points
