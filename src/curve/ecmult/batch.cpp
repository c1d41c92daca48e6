// Batched scalar multiplications and encodings (curve/ecmult.h): many points by one
// secret scalar (a wallet's view key times many transaction public keys), many
// scalars by G, many encodings with one shared inversion. Whole groups of lanes go
// to the active backend's kernels (ecmult/backend.cpp); the serial backend, and the
// tail of a batch, loop over the single-call constant-time code of the same backend
// (scalarmult_p3_with: its one-point kernel or the serial ge_scalarmult_p3 code;
// scalarmult_base_with: the same for G), the serial code being the reference the
// kernels must equal.
#include "curve/ecmult.h"

#include "backend/backend.h"
#include "curve/group.h"
#include "ecmult/recode.h"

#include <sodium.h>

#include <cstring>

namespace cncrypto::ed25519 {

namespace {

// A tail of at least this many points goes through one more (padded) kernel call
// rather than the single calls: an 8-lane IFMA call costs about what 1.3 serial
// ge_scalarmult_p3 calls or 1.6 ge_scalarmult_base calls do
// (docs/measurements/curve_backends.md). The length of the tail is public.
constexpr std::size_t kPadMin = 2;

void scalarmult_batch_with(const curve_backend &b, ge_p3 *out, const unsigned char a[32], const ge_p3 *points,
                           std::size_t n) {
  std::size_t i = 0;
  if (b.lanes != 0 && b.scalarmult_lanes != nullptr && n >= kPadMin) {
    signed char e[64];
    recode_radix16(e, a, true);
    for (; i + b.lanes <= n; i += b.lanes) b.scalarmult_lanes(out + i, e, points + i);
    if (n - i >= kPadMin) {  // a short tail: one more kernel call, padded with the identity
      ge_p3 in[kMaxCurveLanes], res[kMaxCurveLanes];
      for (unsigned k = 0; k < b.lanes; ++k) {
        if (i + k < n)
          in[k] = points[i + k];
        else
          p3_identity(&in[k]);
      }
      b.scalarmult_lanes(res, e, in);
      for (std::size_t k = 0; i + k < n; ++k) out[i + k] = res[k];
      i = n;
      sodium_memzero(res, sizeof res);
    }
    sodium_memzero(e, sizeof e);
  }
  for (; i < n; ++i) scalarmult_p3_with(b, &out[i], a, &points[i]);
}

void scalarmult_base_batch_with(const curve_backend &b, ge_p3 *out, const unsigned char (*s)[32], std::size_t n) {
  std::size_t i = 0;
  if (b.lanes != 0 && b.scalarmult_base_lanes != nullptr && n >= kPadMin) {
    signed char e[kMaxCurveLanes][64];
    for (; i + b.lanes <= n; i += b.lanes) {
      for (unsigned k = 0; k < b.lanes; ++k) recode_radix16(e[k], s[i + k], true);
      b.scalarmult_base_lanes(out + i, e);
    }
    if (n - i >= kPadMin) {  // a short tail: one more kernel call, padded with zero digits
      ge_p3 res[kMaxCurveLanes];
      for (unsigned k = 0; k < b.lanes; ++k) {
        if (i + k < n)
          recode_radix16(e[k], s[i + k], true);
        else
          std::memset(e[k], 0, sizeof e[k]);
      }
      b.scalarmult_base_lanes(res, e);
      for (std::size_t k = 0; i + k < n; ++k) out[i + k] = res[k];
      i = n;
      sodium_memzero(res, sizeof res);
    }
    sodium_memzero(e, sizeof e);
  }
  for (; i < n; ++i) scalarmult_base_with(b, &out[i], s[i]);
}

void scalarmult_each_batch_with(const curve_backend &b, ge_p3 *out, const unsigned char (*a)[32],
                                const ge_p3 *points, std::size_t n) {
  std::size_t i = 0;
  if (b.lanes != 0 && b.scalarmult_each_lanes != nullptr && n >= kPadMin) {
    signed char e[kMaxCurveLanes][64];
    for (; i + b.lanes <= n; i += b.lanes) {
      for (unsigned k = 0; k < b.lanes; ++k) recode_radix16(e[k], a[i + k], true);
      b.scalarmult_each_lanes(out + i, e, points + i);
    }
    if (n - i >= kPadMin) {  // a short tail: one more kernel call, padded with zero digits times the identity
      ge_p3 in[kMaxCurveLanes], res[kMaxCurveLanes];
      for (unsigned k = 0; k < b.lanes; ++k) {
        if (i + k < n) {
          recode_radix16(e[k], a[i + k], true);
          in[k] = points[i + k];
        } else {
          std::memset(e[k], 0, sizeof e[k]);
          p3_identity(&in[k]);
        }
      }
      b.scalarmult_each_lanes(res, e, in);
      for (std::size_t k = 0; i + k < n; ++k) out[i + k] = res[k];
      i = n;
      sodium_memzero(in, sizeof in);
      sodium_memzero(res, sizeof res);
    }
    sodium_memzero(e, sizeof e);
  }
  for (; i < n; ++i) scalarmult_p3_with(b, &out[i], a[i], &points[i]);
}

void pow22523_batch_with(const curve_backend &b, fe *out, const fe *in, std::size_t n) {
  std::size_t i = 0;
  if (b.pow22523_lanes != nullptr && n >= kPadMin) {
    for (; i + b.lanes <= n; i += b.lanes) b.pow22523_lanes(out + i, in + i);
    if (n - i >= kPadMin) {  // a short tail: one more kernel call, padded with ones
      fe pad[kMaxCurveLanes], res[kMaxCurveLanes];
      for (unsigned k = 0; k < b.lanes; ++k) {
        if (i + k < n)
          fe_copy(pad[k], in[i + k]);
        else
          fe_1(pad[k]);
      }
      b.pow22523_lanes(res, pad);
      for (std::size_t k = 0; i + k < n; ++k) fe_copy(out[i + k], res[k]);
      i = n;
    }
  }
  for (; i < n; ++i) {
    fe t;
    fe_pow22523(t, in[i]);
    fe_copy(out[i], t);
  }
}

}  // namespace

void fe_pow22523_batch(fe *out, const fe *in, std::size_t n) { pow22523_batch_with(curve_active_backend(), out, in, n); }

void scalarmult_batch(ge_p3 *out, const unsigned char a[32], const ge_p3 *points, std::size_t n) {
  scalarmult_batch_with(curve_active_backend(), out, a, points, n);
}

void scalarmult_base_batch(ge_p3 *out, const unsigned char (*s)[32], std::size_t n) {
  scalarmult_base_batch_with(curve_active_backend(), out, s, n);
}

void scalarmult_each_batch(ge_p3 *out, const unsigned char (*a)[32], const ge_p3 *points, std::size_t n) {
  scalarmult_each_batch_with(curve_active_backend(), out, a, points, n);
}

bool scalarmult_batch_on(const char *backend, ge_p3 *out, const unsigned char a[32], const ge_p3 *points,
                         std::size_t n) {
  const curve_backend *b = runnable_curve_backend(backend);
  if (b != nullptr) scalarmult_batch_with(*b, out, a, points, n);
  return b != nullptr;
}

bool scalarmult_base_batch_on(const char *backend, ge_p3 *out, const unsigned char (*s)[32], std::size_t n) {
  const curve_backend *b = runnable_curve_backend(backend);
  if (b != nullptr) scalarmult_base_batch_with(*b, out, s, n);
  return b != nullptr;
}

bool scalarmult_each_batch_on(const char *backend, ge_p3 *out, const unsigned char (*a)[32], const ge_p3 *points,
                              std::size_t n) {
  const curve_backend *b = runnable_curve_backend(backend);
  if (b != nullptr) scalarmult_each_batch_with(*b, out, a, points, n);
  return b != nullptr;
}

namespace {

// Points per shared inversion: bounds the stack buffers (3 x 256 field elements).
constexpr std::size_t kTobytesChunk = 256;

// out[i] = encoding of in[i], i < n <= kTobytesChunk, with one inversion
// (Montgomery's trick). A Z of 0 (not a valid ge_p3) is replaced by 1 in the
// products and its inverse by 0, as fe_invert(0) = 0 gives in ge_p3_tobytes.
void tobytes_chunk(unsigned char (*out)[32], const ge_p3 *in, std::size_t n) {
  fe zinv[kTobytesChunk];
  fe_elem prefix[kTobytesChunk], value[kTobytesChunk];
  unsigned char zero[kTobytesChunk];
  for (std::size_t i = 0; i < n; ++i) fe_copy(zinv[i], in[i].Z);
  fe_batch_invert_with(zinv, zinv, n, prefix, value, zero);  // 1 / Z, 0 for Z = 0
  fe x, y;
  for (std::size_t i = 0; i < n; ++i) {
    fe_mul(x, in[i].X, zinv[i]);
    fe_mul(y, in[i].Y, zinv[i]);
    fe_tobytes(out[i], y);
    out[i][31] = static_cast<unsigned char>(out[i][31] ^ (fe_isnegative(x) << 7));
  }
  sodium_memzero(zinv, sizeof zinv);
  sodium_memzero(prefix, sizeof prefix);
  sodium_memzero(value, sizeof value);
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
