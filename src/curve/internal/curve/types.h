// The curve layer's own point and field-element types: the fast representation
// every computation in cncrypto uses (layer interface, C++ only).
//
// Monero's crypto/crypto-ops.h declares `fe`, `ge_p2`, `ge_p3`, `ge_p1p1`,
// `ge_precomp`, `ge_cached` and `ge_dsmp` for its callers: that header is the
// public face, and its structs are Monero's (issue 33: Monero's own tests read
// their limbs). cncrypto's code never computes on the face's types. It uses the
// types below, which have the same names in namespace cncrypto::ed25519 (code in
// that namespace finds them first; code elsewhere writes `ed::ge_p3` with
// `namespace ed = cncrypto::ed25519;`), and the functions of curve/ops.h, which have
// Monero's names and these types.
//
// Representation (chosen at compile time, curve/fe_repr.h's macro
// CNCRYPTO_FE_51): 5 unsigned 64-bit limbs of 51 bits when the compiler has
// unsigned __int128, else 10 unsigned 32-bit limbs of 26/25 bits. Limbs are not kept
// reduced; curve/field.h states the bounds. The point forms are those of
// curve/group.h (extended, projective, completed, cached, affine precomputed).
//
// The face converts at its boundary (curve/face.h): a public function with Monero's
// signature that takes Monero's types converts them to these on the way in and back
// on the way out.
#pragma once

#include "curve/fe_repr.h"

#include <cstdint>

namespace cncrypto::ed25519 {

#if CNCRYPTO_FE_51
using fe = std::uint64_t[5];
#else
using fe = std::uint32_t[10];
#endif

// projective (X : Y : Z), x = X/Z, y = Y/Z
struct ge_p2 {
  fe X;
  fe Y;
  fe Z;
};
// extended (X : Y : Z : T), additionally T = XY/Z
struct ge_p3 {
  fe X;
  fe Y;
  fe Z;
  fe T;
};
// completed ((X : Z), (Y : T)), x = X/Z, y = Y/T
struct ge_p1p1 {
  fe X;
  fe Y;
  fe Z;
  fe T;
};
// (y + x, y - x, 2d x y): an affine point ready to be added
struct ge_precomp {
  fe yplusx;
  fe yminusx;
  fe xy2d;
};
// (Y + X, Y - X, Z, 2d T): a ge_p3 ready to be added
struct ge_cached {
  fe YplusX;
  fe YminusX;
  fe Z;
  fe T2d;
};
// Odd multiples P, 3P, ..., 15P of a point, for 5-bit sliding windows.
using ge_dsmp = ge_cached[8];

// ---- constants (group/ed25519_tables.inc, in this representation) ----------

extern const fe fe_d;        // d = -121665/121666
extern const fe fe_d2;       // 2d
extern const fe fe_sqrtm1;   // sqrt(-1) = 2^((p-1)/4)
extern const fe fe_ma;       // -A, A = 486662
extern const fe fe_ma2;      // -A^2
extern const fe fe_fffb1;    // sqrt(-2A(A+2))
extern const fe fe_fffb2;    // sqrt(2A(A+2))
extern const fe fe_fffb3;    // sqrt(-sqrt(-1) A(A+2))
extern const fe fe_fffb4;    // sqrt(sqrt(-1) A(A+2))
extern const fe fe_a;        // A = 486662
extern const fe fe_a_inv_3;  // A/3
extern const fe fe_c;        // sqrt(-(A+2)), the larger root
extern const ge_p3 ge_p3_identity;        // (0 : 1 : 1 : 0)
extern const ge_p3 ge_p3_H;               // Monero's amount generator H
// The multiples of G: data (ed25519_tables.inc), or, with CNCRYPTO_COMPUTED_BASE_TABLES
// (the WebAssembly build: 39 KB less module), computed by group/ge.cpp before any other
// static initialisation, the same limbs; never written after that.
#if defined(CNCRYPTO_COMPUTED_BASE_TABLES)
#define CNCRYPTO_G_TABLE_CONST
#else
#define CNCRYPTO_G_TABLE_CONST const
#endif
extern CNCRYPTO_G_TABLE_CONST ge_precomp ge_base[32][8];   // ge_base[i][j] = (j+1) 256^i G
extern CNCRYPTO_G_TABLE_CONST ge_precomp ge_Bi[8];         // ge_Bi[j] = (2j+1) G
extern CNCRYPTO_G_TABLE_CONST ge_precomp ge_base_odd[64];  // ge_base_odd[j] = (2j+1) G

}  // namespace cncrypto::ed25519
