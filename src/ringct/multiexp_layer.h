// The curve layer's form of a cncrypto::multiexp_table (ringct private): its points
// and their 16 odd multiples as the layer's types (curve/types.h), converted once
// when the table is built, for the ringct code that sums over them.
#pragma once

#include "curve/types.h"
#include "ringct/cncrypto_multiexp.h"

#include <cstddef>
#include <vector>

namespace cncrypto {

struct multiexp_table_layer {
  std::vector<ed25519::ge_p3> points;
  std::vector<ed25519::ge_precomp> table;  // 16 odd multiples (1, 3, ..., 31) P per point, affine
  const ed25519::ge_precomp *odd_multiples(std::size_t i) const { return &table[16 * i]; }
};

const multiexp_table_layer &layer_of(const multiexp_table &table);

}  // namespace cncrypto
