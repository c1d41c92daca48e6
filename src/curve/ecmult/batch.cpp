// Batched scalar multiplications and encodings (curve/ecmult.h): many points by one
// secret scalar (a wallet's view key times many transaction public keys), many
// scalars by G, many encodings with one shared inversion. This file holds the
// serial reference: a loop over the single-call constant-time code, so the batch
// results are by construction those of ge_scalarmult_p3 / ge_scalarmult_base.
#include "curve/ecmult.h"

#include "curve/group.h"

#include <sodium.h>

namespace cncrypto::ed25519 {

void scalarmult_batch(ge_p3 *out, const unsigned char a[32], const ge_p3 *points, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) ge_scalarmult_p3(&out[i], a, &points[i]);
}

void scalarmult_base_batch(ge_p3 *out, const unsigned char (*s)[32], std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) ge_scalarmult_base(&out[i], s[i]);
}

namespace {

// Points per shared inversion: bounds the stack buffers (2 x 256 field elements).
constexpr std::size_t kTobytesChunk = 256;

// out[i] = encoding of in[i], i < n <= kTobytesChunk, with one inversion
// (Montgomery's trick). A Z of 0 (not a valid ge_p3) is replaced by 1 in the
// products and its inverse by 0, as fe_invert(0) = 0 gives in ge_p3_tobytes.
void tobytes_chunk(unsigned char (*out)[32], const ge_p3 *in, std::size_t n) {
  fe prefix[kTobytesChunk], z[kTobytesChunk];
  unsigned char zero[kTobytesChunk];
  fe one;
  fe_1(one);
  for (std::size_t i = 0; i < n; ++i) {
    fe_carry(z[i], in[i].Z);
    zero[i] = static_cast<unsigned char>(fe_iszero(z[i]));
    fe_cmov(z[i], one, zero[i]);
    if (i == 0)
      fe_copy(prefix[0], z[0]);
    else
      fe_mul(prefix[i], prefix[i - 1], z[i]);
  }
  fe inv, zinv, x, y, zero_fe;
  fe_0(zero_fe);
  fe_invert(inv, prefix[n - 1]);  // 1 / (z[0] ... z[n-1])
  for (std::size_t i = n; i-- > 0;) {
    if (i > 0) {
      fe_mul(zinv, inv, prefix[i - 1]);  // 1 / z[i]
      fe_mul(inv, inv, z[i]);            // 1 / (z[0] ... z[i-1])
    } else {
      fe_copy(zinv, inv);
    }
    fe_cmov(zinv, zero_fe, zero[i]);
    fe_mul(x, in[i].X, zinv);
    fe_mul(y, in[i].Y, zinv);
    fe_tobytes(out[i], y);
    out[i][31] = static_cast<unsigned char>(out[i][31] ^ (fe_isnegative(x) << 7));
  }
  sodium_memzero(prefix, sizeof prefix);
  sodium_memzero(z, sizeof z);
  sodium_memzero(&inv, sizeof inv);
  sodium_memzero(&zinv, sizeof zinv);
  sodium_memzero(&x, sizeof x);
  sodium_memzero(&y, sizeof y);
}

}  // namespace

void p3_tobytes_batch(unsigned char (*out)[32], const ge_p3 *in, std::size_t n) {
  for (std::size_t i = 0; i < n; i += kTobytesChunk) {
    const std::size_t m = n - i < kTobytesChunk ? n - i : kTobytesChunk;
    tobytes_chunk(out + i, in + i, m);
  }
}

}  // namespace cncrypto::ed25519
