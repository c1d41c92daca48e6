// The boundary between Monero's public structs (crypto/crypto-ops.h: ge_p2, ge_p3,
// ge_p1p1, ge_precomp, ge_cached, ge_dsmp, in Monero's ten-limb layout) and the
// curve layer's own types (curve/types.h, the fast representation), for the face
// (group/face.cpp, field/fe.cpp) and for every public function with Monero's
// signature that takes or returns Monero's structs (rctOps.h's precomp and
// addKeys3, multiexp.h's MultiexpData, generators.h's get_*_p3, ...).
//
// Layer interface (C++ only). The two layouts differ, so crossing is a
// conversion (curve/ref10.h): from_face(v) reads Monero's limbs, any limbs within
// ref10's bounds (unreduced, negative), into the layer's type; to_face(v) gives the
// canonical carried form (the form of Monero's constants). Both keep the point (the
// field values); constant time. Convert once at the boundary, not per operation:
// a vector of points is converted once (to_face/from_face of a std::vector).
#pragma once

#include "crypto/crypto-ops.h"
#include "curve/ref10.h"
#include "curve/types.h"

#include <vector>

namespace cncrypto::ed25519 {

#define CNCRYPTO_CURVE_FACE_PAIR(T)                                  \
  inline T from_face(const ::T &v) { return ref10::to_internal(v); } \
  inline ::T to_face(const T &v) { return ref10::from_internal(v); }
CNCRYPTO_CURVE_FACE_PAIR(ge_p2)
CNCRYPTO_CURVE_FACE_PAIR(ge_p3)
CNCRYPTO_CURVE_FACE_PAIR(ge_p1p1)
CNCRYPTO_CURVE_FACE_PAIR(ge_precomp)
CNCRYPTO_CURVE_FACE_PAIR(ge_cached)
#undef CNCRYPTO_CURVE_FACE_PAIR

// The eight cached odd multiples of a ge_dsmp, either way.
inline void from_face(ge_dsmp out, const ::ge_dsmp in) {
  for (int i = 0; i < 8; ++i) out[i] = from_face(in[i]);
}
inline void to_face(::ge_dsmp out, const ge_dsmp in) {
  for (int i = 0; i < 8; ++i) out[i] = to_face(in[i]);
}

// A vector of points of either kind, converted into the other.
template <class T, class F>
auto convert_all(const std::vector<T> &v, F convert) -> std::vector<decltype(convert(v[0]))> {
  std::vector<decltype(convert(v[0]))> r;
  r.reserve(v.size());
  for (const T &x : v) r.push_back(convert(x));
  return r;
}
template <class T>
auto to_face(const std::vector<T> &v) {
  return convert_all(v, [](const T &x) { return to_face(x); });
}
template <class T>
auto from_face(const std::vector<T> &v) {
  return convert_all(v, [](const T &x) { return from_face(x); });
}

}  // namespace cncrypto::ed25519
