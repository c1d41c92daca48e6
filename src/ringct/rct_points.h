// Private to the ringct layer: rctOps.h's point-valued functions on the curve
// layer's own types (curve/types.h), for the layer's provers and verifiers; the
// public forms (Monero's ge_p3) convert and call these (rctOps.cpp).
#pragma once

#include "curve/types.h"
#include "ringct/rctTypes.h"

// Ours, so in cncrypto:: (docs/monero_api.md: Monero's namespaces hold only
// Monero's names, also in the library's symbols).
namespace cncrypto::rct_points {

// hash8_p3 = 8 * (Monero's hash-to-point map of cn_fast_hash(k)), as rct::hash_to_p3.
// _vartime (k public).
void hash_to_p3(ed25519::ge_p3 &hash8_p3, const rct::key &k);
// res = 8 P, as rct::scalarmult8: throws std::invalid_argument when P does not decode.
void scalarmult8(ed25519::ge_p3 &res, const rct::key &P);

}  // namespace cncrypto::rct_points

// The layer's sources call them points::... (from namespace rct): a global
// alias, private to those sources, so that rct:: holds no name of ours.
namespace points = cncrypto::rct_points;
