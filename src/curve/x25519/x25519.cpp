// X25519 (RFC 7748): the Montgomery ladder of section 5 on the curve layer's field,
// single (serial field, curve/field.h) and batched (the active curve backend's
// lanes, backend/lanes.h x25519_ladder, one shared inversion per chunk), and the
// public crypto/cncrypto_x25519.h over it. docs/x25519.md.
#include "curve/x25519.h"

#include "backend/backend.h"
#include "backend/lanes.h"
#include "common/ct.h"
#include "crypto/cncrypto_x25519.h"
#include "curve/ecmult.h"
#include "curve/field.h"

#include <sodium.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

namespace cncrypto::ed25519 {
namespace {

// Entries per shared inversion: bounds the stack buffers.
constexpr std::size_t kChunk = 64;

// The serial field's ops for lanes.h's ladder_step (bounds: curve/field.h): sums
// loose, differences fe_sub_loose (multiplied only) but E tight (fe_mul_small's input).
struct serial_ops {
  void add(fe h, const fe f, const fe g) const { fe_add(h, f, g); }
  void sub(fe h, const fe f, const fe g) const { fe_sub_loose(h, f, g); }
  void sub_e(fe h, const fe f, const fe g) const { fe_sub(h, f, g); }
  void mul(fe h, const fe f, const fe g) const { fe_mul(h, f, g); }
  void sq(fe h, const fe f) const { fe_sq(h, f); }
  void mul_a24(fe h, const fe f) const { fe_mul_small(h, f, 121666); }
};

// (x2 : z2) = u of k * u (z2 = 0 at infinity), bits 254..0 of k; RFC 7748 section 5
// (the step: lanes::ladder_step). x1 tight. Constant time in k and x1: the swap is
// fe_cswap's mask, the bit's address depends on pos only.
void ladder(fe &x2, fe &z2, const unsigned char k[32], const fe &x1) {
  fe x3, z3, t[7];
  fe_1(x2);
  fe_0(z2);
  fe_copy(x3, x1);
  fe_1(z3);
  unsigned int swap = 0;
  for (int pos = 254; pos >= 0; --pos) {
    const unsigned int bit = (k[pos >> 3] >> (pos & 7)) & 1u;
    swap ^= bit;
    fe_cswap(x2, x3, swap);
    fe_cswap(z2, z3, swap);
    swap = bit;
    lanes::ladder_step(serial_ops{}, x2, z2, x3, z3, x1, t);
  }
  fe_cswap(x2, x3, swap);
  fe_cswap(z2, z3, swap);
  lanes::wipe(x3, z3, t, swap);
}

// bits[i] = bit i of k, i < 255 (0 or 1), without a branch.
void scalar_bits(std::uint64_t bits[255], const unsigned char k[32]) {
  for (int i = 0; i < 255; ++i) bits[i] = (k[i >> 3] >> (i & 7)) & 1u;
}

// out[i] = x2[i] / z2[i] (0 where z2[i] = 0), canonical bytes; one inversion.
void finish_chunk(unsigned char (*out)[32], fe *x2, fe *z2, std::size_t m) {
  fe_elem prefix[kChunk], value[kChunk];
  unsigned char zero[kChunk];
  fe_batch_invert_with(z2, z2, m, prefix, value, zero);
  for (std::size_t i = 0; i < m; ++i) {
    fe_mul(x2[i], x2[i], z2[i]);
    fe_tobytes(out[i], x2[i]);
  }
  sodium_memzero(prefix, sizeof prefix);
  sodium_memzero(value, sizeof value);
}

// One chunk (m <= kChunk entries), scalar i = k[i * k_step] (k_step 0: one shared
// scalar), on backend b.
void ladder_chunk(const curve_backend &b, unsigned char (*out)[32], const unsigned char (*k)[32], std::size_t k_step,
                  const unsigned char (*u)[32], std::size_t m) {
  fe x1[kChunk], x2[kChunk], z2[kChunk];
  for (std::size_t i = 0; i < m; ++i) fe_frombytes(x1[i], u[i]);
  std::size_t i = 0;
  if (b.lanes != 0 && b.x25519_lanes != nullptr && m >= 2) {
    std::uint64_t bits[kMaxCurveLanes][255];
    const std::uint64_t *rows[kMaxCurveLanes];
    if (k_step == 0) scalar_bits(bits[0], k[0]);
    while (i < m) {
      const std::size_t left = m - i;
      if (left < 2) break;  // a tail of 1: the one-scalar call below
      const std::size_t take = left < b.lanes ? left : b.lanes;
      fe in[kMaxCurveLanes], ox[kMaxCurveLanes], oz[kMaxCurveLanes];
      for (unsigned l = 0; l < b.lanes; ++l) {
        if (l < take) {
          fe_copy(in[l], x1[i + l]);
          if (k_step != 0) scalar_bits(bits[l], k[(i + l) * k_step]);
        } else {  // padding: u = 0, the lane's result is dropped
          fe_0(in[l]);
          if (k_step != 0) std::memset(bits[l], 0, sizeof bits[l]);
        }
        rows[l] = k_step == 0 ? bits[0] : bits[l];
      }
      b.x25519_lanes(ox, oz, rows, in);
      for (std::size_t l = 0; l < take; ++l) {
        fe_copy(x2[i + l], ox[l]);
        fe_copy(z2[i + l], oz[l]);
      }
      i += take;
      sodium_memzero(ox, sizeof ox);
      sodium_memzero(oz, sizeof oz);
    }
    sodium_memzero(bits, sizeof bits);
  }
  for (; i < m; ++i) {  // the serial backend, or a tail of 1: the one-scalar kernel, else the serial ladder
    if (b.x25519_one != nullptr)
      b.x25519_one(x2[i], z2[i], k[i * k_step], x1[i]);
    else
      ladder(x2[i], z2[i], k[i * k_step], x1[i]);
  }
  finish_chunk(out, x2, z2, m);
  sodium_memzero(x2, sizeof x2);
  sodium_memzero(z2, sizeof z2);
}

void ladder_batch_with(const curve_backend &b, unsigned char (*out)[32], const unsigned char (*k)[32],
                       std::size_t k_step, const unsigned char (*u)[32], std::size_t n) {
  for (std::size_t i = 0; i < n; i += kChunk) {
    const std::size_t m = n - i < kChunk ? n - i : kChunk;
    ladder_chunk(b, out + i, k + i * k_step, k_step, u + i, m);
  }
}

const unsigned char (*as_rows(const unsigned char k[32]))[32] {
  return reinterpret_cast<const unsigned char(*)[32]>(k);
}

}  // namespace

namespace {

// out = k * u on backend b: its one-scalar kernel, or the serial ladder.
void ladder_one_with(const curve_backend &b, unsigned char out[32], const unsigned char k[32],
                     const unsigned char u[32]) {
  fe x1, x2, z2;
  fe_frombytes(x1, u);
  if (b.x25519_one != nullptr)
    b.x25519_one(x2, z2, k, x1);
  else
    ladder(x2, z2, k, x1);
  fe_invert(z2, z2);  // 0 -> 0: the point at infinity gives u = 0
  fe_mul(x2, x2, z2);
  fe_tobytes(out, x2);
  sodium_memzero(x2, sizeof x2);
  sodium_memzero(z2, sizeof z2);
}

constexpr curve_backend kSerialLadder{"serial", nullptr, 0, nullptr, nullptr, nullptr, nullptr, nullptr,
                                      nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr};

}  // namespace

void x25519_ladder_serial(unsigned char out[32], const unsigned char k[32], const unsigned char u[32]) {
  ladder_one_with(kSerialLadder, out, k, u);
}

void x25519_ladder(unsigned char out[32], const unsigned char k[32], const unsigned char u[32]) {
  ladder_one_with(curve_active_backend(), out, k, u);
}

bool x25519_ladder_on(const char *backend, unsigned char out[32], const unsigned char k[32],
                      const unsigned char u[32]) {
  const curve_backend *b = runnable_curve_backend(backend);
  if (b != nullptr) ladder_one_with(*b, out, k, u);
  return b != nullptr;
}

void x25519_ladder_batch(unsigned char (*out)[32], const unsigned char k[32], const unsigned char (*u)[32],
                         std::size_t n) {
  ladder_batch_with(curve_active_backend(), out, as_rows(k), 0, u, n);
}

void x25519_ladder_each_batch(unsigned char (*out)[32], const unsigned char (*k)[32], const unsigned char (*u)[32],
                              std::size_t n) {
  ladder_batch_with(curve_active_backend(), out, k, 1, u, n);
}

bool x25519_ladder_batch_on(const char *backend, unsigned char (*out)[32], const unsigned char k[32],
                            const unsigned char (*u)[32], std::size_t n) {
  const curve_backend *b = runnable_curve_backend(backend);
  if (b != nullptr) ladder_batch_with(*b, out, as_rows(k), 0, u, n);
  return b != nullptr;
}

bool x25519_ladder_each_batch_on(const char *backend, unsigned char (*out)[32], const unsigned char (*k)[32],
                                 const unsigned char (*u)[32], std::size_t n) {
  const curve_backend *b = runnable_curve_backend(backend);
  if (b != nullptr) ladder_batch_with(*b, out, k, 1, u, n);
  return b != nullptr;
}

void x25519_base(unsigned char out[32], const unsigned char k[32]) {
  unsigned char a[32];
  std::memcpy(a, k, 32);
  a[31] &= 0x7f;  // bit 255 ignored: a < 2^255, so ge_scalarmult_base gives the integer a times G
  ge_p3 h;
  ge_scalarmult_base(&h, a);
  // u = (1 + y)/(1 - y) = (Z + Y)/(Z - Y); Z - Y = 0 exactly for the identity, where
  // the inversion gives 0 and so u = 0, the ladder's result for the point at infinity.
  fe num, den;
  fe_add(num, h.Z, h.Y);
  fe_sub(den, h.Z, h.Y);
  fe_invert(den, den);
  fe_mul(num, num, den);
  fe_tobytes(out, num);
  sodium_memzero(a, sizeof a);
  sodium_memzero(&h, sizeof h);
  sodium_memzero(num, sizeof num);
  sodium_memzero(den, sizeof den);
}

}  // namespace cncrypto::ed25519

namespace cncrypto {
namespace {

namespace ed = cncrypto::ed25519;

void need(const void *p, const char *what) {
  if (p == nullptr) throw std::invalid_argument(std::string("cncrypto::x25519: null ") + what);
}

void need_n(const void *p, std::size_t n, const char *what) {
  if (n != 0) need(p, what);
}

// RFC 7748 section 5's decodeScalar25519: clear bits 0, 1, 2 and 255, set bit 254.
void clamp(unsigned char k[32], const unsigned char scalar[32]) {
  std::memcpy(k, scalar, 32);
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
}

bool nonzero(const unsigned char out[32]) { return ct::is_zero_bytes(out, 32) == 0; }

std::size_t count_zero(const unsigned char (*out)[32], std::size_t n) {
  std::size_t zeros = 0;
  for (std::size_t i = 0; i < n; ++i) zeros += static_cast<std::size_t>(ct::is_zero_bytes(out[i], 32));
  return zeros;
}

// The four public batches: scalar i at scalars + 32 i step (step 0: one shared
// scalar), clamped or not, chunk by chunk (a clamped copy on the stack, wiped).
std::size_t batch(unsigned char (*out)[32], const unsigned char *scalars, std::size_t step,
                  const unsigned char (*u)[32], std::size_t n, bool clamped) {
  need_n(out, n, "out");
  if (step == 0) need(scalars, "scalar");
  need_n(scalars, n, "scalars");
  need_n(u, n, "u");
  const auto *rows = reinterpret_cast<const unsigned char(*)[32]>(scalars);
  constexpr std::size_t chunk = 64;
  unsigned char k[chunk][32];
  for (std::size_t i = 0; i < n; i += chunk) {
    const std::size_t m = n - i < chunk ? n - i : chunk;
    const std::size_t copies = clamped ? (step == 0 ? 1 : m) : 0;
    for (std::size_t j = 0; j < copies; ++j) clamp(k[j], rows[(i + j) * step]);
    const unsigned char(*ks)[32] = clamped ? k : rows + i * step;
    if (step == 0)
      ed::x25519_ladder_batch(out + i, ks[0], u + i, m);
    else
      ed::x25519_ladder_each_batch(out + i, ks, u + i, m);
  }
  sodium_memzero(k, sizeof k);
  return count_zero(out, n);
}

}  // namespace

bool x25519(unsigned char out[32], const unsigned char scalar[32], const unsigned char u[32]) {
  need(out, "out");
  need(scalar, "scalar");
  need(u, "u");
  unsigned char k[32];
  clamp(k, scalar);
  ed::x25519_ladder(out, k, u);
  sodium_memzero(k, sizeof k);
  return nonzero(out);
}

bool x25519_base(unsigned char out[32], const unsigned char scalar[32]) {
  need(out, "out");
  need(scalar, "scalar");
  unsigned char k[32];
  clamp(k, scalar);
  ed::x25519_base(out, k);
  sodium_memzero(k, sizeof k);
  return nonzero(out);
}

bool x25519_unclamped(unsigned char out[32], const unsigned char scalar[32], const unsigned char u[32]) {
  need(out, "out");
  need(scalar, "scalar");
  need(u, "u");
  ed::x25519_ladder(out, scalar, u);  // the ladder ignores bit 255
  return nonzero(out);
}

bool x25519_unclamped_base(unsigned char out[32], const unsigned char scalar[32]) {
  need(out, "out");
  need(scalar, "scalar");
  ed::x25519_base(out, scalar);
  return nonzero(out);
}

std::size_t x25519_batch(unsigned char (*out)[32], const unsigned char scalar[32], const unsigned char (*u)[32],
                         std::size_t n) {
  return batch(out, scalar, 0, u, n, true);
}

std::size_t x25519_unclamped_batch(unsigned char (*out)[32], const unsigned char scalar[32],
                                   const unsigned char (*u)[32], std::size_t n) {
  return batch(out, scalar, 0, u, n, false);
}

std::size_t x25519_each_batch(unsigned char (*out)[32], const unsigned char (*scalars)[32],
                              const unsigned char (*u)[32], std::size_t n) {
  return batch(out, reinterpret_cast<const unsigned char *>(scalars), 1, u, n, true);
}

std::size_t x25519_unclamped_each_batch(unsigned char (*out)[32], const unsigned char (*scalars)[32],
                                        const unsigned char (*u)[32], std::size_t n) {
  return batch(out, reinterpret_cast<const unsigned char *>(scalars), 1, u, n, false);
}

}  // namespace cncrypto
