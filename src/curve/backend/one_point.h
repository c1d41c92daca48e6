// The drivers of the one-point kernels (scalarmult_one, scalarmult_base_one:
// backend/backend.h) of the backends that hold ONE point's X, Y, Z, T in the four
// lanes of a register per limb (ifma, simd128), written once over the backend's
// 4-way element type E. The ISA file (compiled with its flags) defines E and the
// operations below in an anonymous namespace, found here by argument-dependent
// lookup, so every instantiation has internal linkage (as lanes.h's):
//   identity4(h)             h = (0, 1, 1, 0)
//   dbl4(r, p), add4(r, p, q), to_cached4(r, p)   the 4-way group law (q cached)
//   select4(t, table, d)     d (P) from table[j] = (j+1) P, cached, reading all 8
//   select_base4(t, row, d)  d (row entry) from a ge_base row, cached, reading all 8
//   store4(out, h)           h to a ge_p3
// The orders of operations are the serial ge_scalarmult_p3's and
// ge_scalarmult_base's (multiples8_cached's table; ge_base's odd digits, four
// doublings, the even digits). Constant time: the digits enter only through the
// selections (the ISA file's masks); every loop bound is public; the accumulators
// and the table are wiped.
#pragma once

#include "backend/backend.h"

#include <sodium.h>

namespace cncrypto::ed25519::one_point {

// out = sum_i e[i] 16^i G (e = recode_radix16(a, true)). side() is called
// kBaseSideCalls = 132 times: after each table selection and after each group
// operation (64 selections, 64 additions, 4 doublings). It is a caller's
// independent serial work (a field exponentiation on public values,
// scalarmult_base_one_side) interleaved with the vector chain in small slices, so
// that the core runs both at once; the slices after the selections (loads and
// blends) overlap best. It must not touch the secret state.
template <class E, class Side>
void scalarmult_base(ge_p3 *out, const signed char e[64], Side &&side) {
  static_assert(kBaseSideCalls == 32 * 2 + 4 + 32 * 2, "side() runs after each of the loops' steps below");
  E h, t;
  identity4(h);
  for (int i = 1; i < 64; i += 2) {
    select_base4(t, ge_base[i / 2], e[i]);
    side();
    add4(h, h, t);
    side();
  }
  for (int d = 0; d < 4; ++d) {
    dbl4(h, h);
    side();
  }
  for (int i = 0; i < 64; i += 2) {
    select_base4(t, ge_base[i / 2], e[i]);
    side();
    add4(h, h, t);
    side();
  }
  store4(out, h);
  sodium_memzero(&h, sizeof h);
  sodium_memzero(&t, sizeof t);
}

template <class E>
void scalarmult_base(ge_p3 *out, const signed char e[64]) {
  scalarmult_base<E>(out, e, [] {});
}

// out = sum_i e[i] 16^i P, p = P loaded (carried; wiped here).
template <class E>
void scalarmult(ge_p3 *out, const signed char e[64], E &p) {
  // table[j] = (j+1) P, cached (multiples8_cached's order of operations).
  E table[8], mult[8];
  mult[0] = p;
  to_cached4(table[0], p);
  for (int j = 2; j <= 8; ++j) {
    if (j % 2 == 0)
      dbl4(mult[j - 1], mult[j / 2 - 1]);
    else
      add4(mult[j - 1], mult[j - 2], table[0]);
    to_cached4(table[j - 1], mult[j - 1]);
  }
  E h, t;
  identity4(h);
  select4(t, table, e[63]);
  add4(h, h, t);
  for (int i = 62; i >= 0; --i) {
    for (int d = 0; d < 4; ++d) dbl4(h, h);
    select4(t, table, e[i]);
    add4(h, h, t);
  }
  store4(out, h);
  sodium_memzero(&h, sizeof h);
  sodium_memzero(&t, sizeof t);
  sodium_memzero(&p, sizeof p);
  sodium_memzero(table, sizeof table);
  sodium_memzero(mult, sizeof mult);
}

}  // namespace cncrypto::ed25519::one_point
