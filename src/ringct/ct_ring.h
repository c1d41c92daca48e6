// Constant-time helpers the ring signers share (CLSAG, MLSAG): a conditional
// copy of any trivially copyable value, and the rotation of a ring by a secret
// amount, so that the chain of challenges never branches on the real index.
// Private to src/ringct.
#pragma once

#include "common/ct.h"

#include <sodium.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rct::detail {

// dst = src when mask is all ones, unchanged when zero; constant time.
template <typename T>
void ct_cmov(T &dst, const T &src, std::uint64_t mask) {
  cncrypto::ct::cmov_bytes(reinterpret_cast<std::uint8_t *>(&dst), reinterpret_cast<const std::uint8_t *>(&src),
                           sizeof(T), mask);
}

// v[j] <- v[(j + r) mod n] for the secret r < n, constant time in r:
// conditional rotations by 2^b mod n for each bit b of r. The scratch copy is wiped.
template <typename T>
void ct_rotate_left(std::vector<T> &v, std::size_t r) {
  const std::size_t n = v.size();
  std::vector<T> tmp(n);
  for (std::size_t b = 0; (std::size_t(1) << b) < n; ++b) {
    const std::uint64_t mask = cncrypto::ct::mask_from_bit((static_cast<std::uint64_t>(r) >> b) & 1);
    const std::size_t shift = (std::size_t(1) << b) % n;
    for (std::size_t j = 0; j < n; ++j) {
      tmp[j] = v[j];
      ct_cmov(tmp[j], v[(j + shift) % n], mask);
    }
    v.swap(tmp);
  }
  if (!tmp.empty()) sodium_memzero(tmp.data(), tmp.size() * sizeof(T));
}

}  // namespace rct::detail
