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

// Runs a batch of n items in groups of `lanes`: group(dst, first, used) makes one
// kernel call for items first .. first + used (used == lanes, or a short tail of
// at least kPadMin that group pads to lanes) and writes their results to dst[0 ..
// used). A tail's results go through a stack buffer, wiped. Returns how many items
// were done (n, or n minus a tail shorter than kPadMin, left to the single calls).
template <class T, class Group>
std::size_t in_lane_groups(unsigned lanes, T *out, std::size_t n, Group group) {
  std::size_t i = 0;
  for (; i + lanes <= n; i += lanes) group(out + i, i, lanes);
  if (n - i >= kPadMin) {  // a short tail: one more, padded, kernel call
    T res[kMaxCurveLanes];
    group(res, i, static_cast<unsigned>(n - i));
    std::memcpy(out + i, res, (n - i) * sizeof *res);
    sodium_memzero(res, sizeof res);
    i = n;
  }
  return i;
}

// in[k] = points[k] for k < used, the identity up to lanes.
const ge_p3 *pad_points(ge_p3 *in, const ge_p3 *points, unsigned used, unsigned lanes) {
  if (used == lanes) return points;
  for (unsigned k = 0; k < lanes; ++k) {
    if (k < used)
      in[k] = points[k];
    else
      p3_identity(&in[k]);
  }
  return in;
}

// e[k] = the radix-16 digits of s[k] for k < used, zero digits up to lanes.
void recode_lanes(signed char (*e)[64], const unsigned char (*s)[32], unsigned used, unsigned lanes) {
  for (unsigned k = 0; k < lanes; ++k) {
    if (k < used)
      recode_radix16(e[k], s[k], true);
    else
      std::memset(e[k], 0, sizeof e[k]);
  }
}

// vartime: a and the points are public (scalarmult_batch_vartime): the backend's
// scalarmult_vartime_lanes when it has one.
void scalarmult_batch_with(const curve_backend &b, ge_p3 *out, const unsigned char a[32], const ge_p3 *points,
                           std::size_t n, bool vartime = false) {
  std::size_t i = 0;
  if (b.lanes != 0 && n >= kPadMin) {  // every backend with lanes has scalarmult_lanes
    const auto kernel =
        vartime && b.scalarmult_vartime_lanes != nullptr ? b.scalarmult_vartime_lanes : b.scalarmult_lanes;
    signed char e[64];
    recode_radix16(e, a, true);
    ge_p3 in[kMaxCurveLanes];
    i = in_lane_groups(b.lanes, out, n, [&](ge_p3 *dst, std::size_t first, unsigned used) {
      kernel(dst, e, pad_points(in, points + first, used, b.lanes));
    });
    sodium_memzero(e, sizeof e);
    sodium_memzero(in, sizeof in);
  }
  for (; i < n; ++i) scalarmult_p3_with(b, &out[i], a, &points[i]);
}

void scalarmult_base_batch_with(const curve_backend &b, ge_p3 *out, const unsigned char (*s)[32], std::size_t n) {
  std::size_t i = 0;
  if (b.lanes != 0 && b.scalarmult_base_lanes != nullptr && n >= kPadMin) {
    signed char e[kMaxCurveLanes][64];
    i = in_lane_groups(b.lanes, out, n, [&](ge_p3 *dst, std::size_t first, unsigned used) {
      recode_lanes(e, s + first, used, b.lanes);
      b.scalarmult_base_lanes(dst, e);
    });
    sodium_memzero(e, sizeof e);
  }
  for (; i < n; ++i) scalarmult_base_with(b, &out[i], s[i]);
}

void scalarmult_each_batch_with(const curve_backend &b, ge_p3 *out, const unsigned char (*a)[32],
                                const ge_p3 *points, std::size_t n) {
  std::size_t i = 0;
  if (b.lanes != 0 && b.scalarmult_each_lanes != nullptr && n >= kPadMin) {
    signed char e[kMaxCurveLanes][64];
    ge_p3 in[kMaxCurveLanes];
    i = in_lane_groups(b.lanes, out, n, [&](ge_p3 *dst, std::size_t first, unsigned used) {
      recode_lanes(e, a + first, used, b.lanes);
      b.scalarmult_each_lanes(dst, e, pad_points(in, points + first, used, b.lanes));
    });
    sodium_memzero(in, sizeof in);
    sodium_memzero(e, sizeof e);
  }
  for (; i < n; ++i) scalarmult_p3_with(b, &out[i], a[i], &points[i]);
}

void pow22523_batch_with(const curve_backend &b, fe *out, const fe *in, std::size_t n) {
  std::size_t i = 0;
  if (b.pow22523_lanes != nullptr && n >= kPadMin) {
    fe pad[kMaxCurveLanes];
    i = in_lane_groups(b.lanes, out, n, [&](fe *dst, std::size_t first, unsigned used) {
      if (used == b.lanes) {
        b.pow22523_lanes(dst, in + first);
        return;
      }
      for (unsigned k = 0; k < b.lanes; ++k) {  // padded with ones
        if (k < used)
          fe_copy(pad[k], in[first + k]);
        else
          fe_1(pad[k]);
      }
      b.pow22523_lanes(dst, pad);
    });
  }
  for (; i < n; ++i) {
    fe t;
    fe_pow22523(t, in[i]);
    fe_copy(out[i], t);
  }
}

bool scalarmult_batch_on_with(const char *backend, ge_p3 *out, const unsigned char a[32], const ge_p3 *points,
                              std::size_t n, bool vartime) {
  const curve_backend *b = runnable_curve_backend(backend);
  if (b != nullptr) scalarmult_batch_with(*b, out, a, points, n, vartime);
  return b != nullptr;
}

}  // namespace

void fe_pow22523_batch(fe *out, const fe *in, std::size_t n) { pow22523_batch_with(curve_active_backend(), out, in, n); }

void scalarmult_batch(ge_p3 *out, const unsigned char a[32], const ge_p3 *points, std::size_t n) {
  scalarmult_batch_with(curve_active_backend(), out, a, points, n);
}

bool scalarmult_batch_vartime_on(const char *backend, ge_p3 *out, const unsigned char a[32], const ge_p3 *points,
                                 std::size_t n) {
  return scalarmult_batch_on_with(backend, out, a, points, n, true);
}

void scalarmult_batch_vartime(ge_p3 *out, const unsigned char a[32], const ge_p3 *points, std::size_t n) {
  scalarmult_batch_with(curve_active_backend(), out, a, points, n, true);
}

void scalarmult_base_batch(ge_p3 *out, const unsigned char (*s)[32], std::size_t n) {
  scalarmult_base_batch_with(curve_active_backend(), out, s, n);
}

void scalarmult_each_batch(ge_p3 *out, const unsigned char (*a)[32], const ge_p3 *points, std::size_t n) {
  scalarmult_each_batch_with(curve_active_backend(), out, a, points, n);
}

bool scalarmult_batch_on(const char *backend, ge_p3 *out, const unsigned char a[32], const ge_p3 *points,
                         std::size_t n) {
  return scalarmult_batch_on_with(backend, out, a, points, n, false);
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
