// The boundary between Monero's public structs (crypto/crypto-ops.h: ge_p2, ge_p3,
// ge_p1p1, ge_precomp, ge_cached, ge_dsmp) and the curve layer's own types
// (curve/types.h), for the face (group/face.cpp) and for every public function with
// Monero's signature that takes or returns Monero's structs (rctOps.h's precomp and
// addKeys3, multiexp.h's MultiexpData, generators.h's get_*_p3, ...).
//
// Layer interface (C++ only). Today the two have the same layout (asserted below),
// so the boundary is a reinterpretation of the same bytes: `internal(p)` views a
// face pointer as the layer's type (the face structs are may_alias for this:
// crypto-ops.h), `to_face(v)` / `from_face(v)` copy a value. Every crossing goes
// through these names so that the face's structs can take Monero's ref10 layout
// (issue 33) by changing this header into conversions, with no use site to find.
#pragma once

#include "crypto/crypto-ops.h"
#include "curve/types.h"

#include <cstring>
#include <type_traits>
#include <vector>

namespace cncrypto::ed25519 {

static_assert(sizeof(::ge_p2) == sizeof(ge_p2) && sizeof(::ge_p3) == sizeof(ge_p3) &&
                  sizeof(::ge_p1p1) == sizeof(ge_p1p1) && sizeof(::ge_precomp) == sizeof(ge_precomp) &&
                  sizeof(::ge_cached) == sizeof(ge_cached),
              "the face's structs and the layer's must have one layout while the boundary reinterprets");
static_assert(std::is_same_v<::fe, fe>, "the face's fe is the layer's while the boundary reinterprets");

#define CNCRYPTO_CURVE_FACE_PAIR(T)                                                              \
  inline T *internal(::T *p) { return reinterpret_cast<T *>(p); }                                \
  inline const T *internal(const ::T *p) { return reinterpret_cast<const T *>(p); }              \
  inline T from_face(const ::T &v) {                                                             \
    T r;                                                                                         \
    std::memcpy(&r, &v, sizeof r);                                                               \
    return r;                                                                                    \
  }                                                                                              \
  inline ::T to_face(const T &v) {                                                               \
    ::T r;                                                                                       \
    std::memcpy(&r, &v, sizeof r);                                                               \
    return r;                                                                                    \
  }
CNCRYPTO_CURVE_FACE_PAIR(ge_p2)
CNCRYPTO_CURVE_FACE_PAIR(ge_p3)
CNCRYPTO_CURVE_FACE_PAIR(ge_p1p1)
CNCRYPTO_CURVE_FACE_PAIR(ge_precomp)
CNCRYPTO_CURVE_FACE_PAIR(ge_cached)
#undef CNCRYPTO_CURVE_FACE_PAIR

// A vector of points of either kind, copied into the other.
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
