// The WebAssembly SIMD128 curve backend against the serial code, in wasm under Node
// (scripts/wasm.sh --test; docs/ed25519_backends.md, "WebAssembly SIMD128"). Built with
// emcc -msimd128 and linked with the wasm build's libcncrypto_c.a: this file includes
// backend/simd128/simd128.cpp itself (its field functions are file-local), whose
// definitions replace the library's weak fallbacks, as in the SIMD128 module.
//
// The reference is the library's own serial code (curve/field.h, the serial
// scalar multiplications of curve/ecmult.h), checked against Monero's vectors by the
// native tests and by the npm suite on the scalar module; here every kernel must
// give the same limbs (field) or the same encodings (points) for:
//   - vmul, vsq: 200,000 random pairs per lane with limbs up to the tight bound
//     (2^w + 2^16) and edge values (all limbs at the bound, zero, one), limb for
//     limb against fe_mul / fe_sq;
//   - lane_addsub: f + g and f + 4p - g against fe_add + fe_carry / fe_sub;
//   - pow22523_lanes, through fe_pow22523_batch (sizes 1..9): against fe_pow22523;
//   - scalarmult_one (scalarmult_p3_on "simd128") against scalarmult_p3_serial:
//     scalars 0, 1, 2, L - 1, L, 2^255 - 1, all-ones, digits all 8 / all -8 forms and
//     random ones; points: random, the 8 small-order points, torsioned random ones;
//   - scalarmult_base_one against scalarmult_base_serial, the same scalars;
//   - scalarmult_lanes through the batch entry (scalarmult_batch_on): every point
//     above with 30 of the scalars, and lengths 1, 2, 5, 11 (padded tails);
//   - the active backend's name.
// Prints one line per check and "simd128: all N checks passed"; exits 1 on a mismatch.
// With the argument --bench it times instead (no checks): the serial field and the
// simd128 field per element, the exponentiation, and the one-point kernels against the
// serial scalar multiplications (docs/measurements/wasm.md).
#include "../../src/curve/backend/simd128/simd128.cpp"

#include "curve/ecmult.h"
#include "curve/field.h"

#include <chrono>
#include <cstdio>
#include <cstring>

namespace ed = cncrypto::ed25519;
namespace sv = cncrypto::ed25519::simd128;
// The layer's field element (crypto-ops.h's `fe` is Monero's ten-limb face type).
using cncrypto::ed25519::fe;

namespace {

std::uint64_t rng_state = 0x9e3779b97f4a7c15ull;
std::uint64_t next() {  // xorshift64*
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dull;
}

long checks = 0, failures = 0;
void expect(bool ok, const char *what, long i) {
  ++checks;
  if (!ok && ++failures <= 20) std::printf("MISMATCH %s (case %ld)\n", what, i);
}

// A random tight element (limb i <= 2^w + 2^16), mode picks edge shapes.
void random_fe(fe f, int mode) {
  for (int l = 0; l < 10; ++l) {
    const std::uint32_t bound = (std::uint32_t(1) << sv::kWidth[l]) + (std::uint32_t(1) << 16);
    std::uint32_t x = static_cast<std::uint32_t>(next() % (bound + 1));
    if (mode == 1) x = bound;
    if (mode == 2) x = static_cast<std::uint32_t>(next() & 3);
    f[l] = x;
  }
}

sv::fe4 pack(const fe f[4]) {
  sv::fe4 r;
  for (int l = 0; l < 10; ++l)
    r.v[l] = wasm_i32x4_make(static_cast<std::int32_t>(f[0][l]), static_cast<std::int32_t>(f[1][l]),
                             static_cast<std::int32_t>(f[2][l]), static_cast<std::int32_t>(f[3][l]));
  return r;
}
std::uint32_t lane(const sv::fe4 &h, int l, int k) {
  alignas(16) std::uint32_t w[4];
  wasm_v128_store(w, h.v[l]);
  return w[k];
}

void field_checks() {
  long bad_mul = 0, bad_sq = 0, bad_add = 0, bad_sub = 0;
  for (long n = 0; n < 200000; ++n) {
    fe f[4], g[4];
    for (int k = 0; k < 4; ++k) {
      random_fe(f[k], n % 7 == 0 ? 1 : n % 11 == 0 ? 2 : 0);
      random_fe(g[k], n % 5 == 0 ? 1 : 0);
    }
    const sv::fe4 F = pack(f), G = pack(g);
    sv::fe4 M, S, A, D;
    sv::vmul(M, F, G);
    sv::vsq(S, F);
    sv::lane_addsub<0, 0, 0, 0>(A, F, G);
    sv::lane_addsub<1, 1, 1, 1>(D, F, G);
    for (int k = 0; k < 4; ++k) {
      fe m, s, a, d;
      ed::fe_mul(m, f[k], g[k]);
      ed::fe_sq(s, f[k]);
      ed::fe_add(a, f[k], g[k]);
      ed::fe_carry(a, a);
      ed::fe_sub(d, f[k], g[k]);
      for (int l = 0; l < 10; ++l) {
        bad_mul += lane(M, l, k) != m[l];
        bad_sq += lane(S, l, k) != s[l];
        bad_add += lane(A, l, k) != a[l];
        bad_sub += lane(D, l, k) != d[l];
      }
    }
  }
  expect(bad_mul == 0, "vmul vs fe_mul (limbs)", bad_mul);
  expect(bad_sq == 0, "vsq vs fe_sq (limbs)", bad_sq);
  expect(bad_add == 0, "lane_addsub add vs fe_add + fe_carry (limbs)", bad_add);
  expect(bad_sub == 0, "lane_addsub sub vs fe_sub (limbs)", bad_sub);
  std::printf("field: 800,000 lane products, squares, sums and differences: %s\n",
              bad_mul + bad_sq + bad_add + bad_sub == 0 ? "same limbs as the serial code" : "MISMATCH");
}

void pow_checks() {
  long bad = 0;
  for (int n = 1; n <= 9; ++n) {
    for (int rep = 0; rep < 20; ++rep) {
      fe in[9], out[9];
      for (int i = 0; i < n; ++i) random_fe(in[i], (rep + i) % 5 == 0 ? 1 : 0);
      ed::fe_pow22523_batch(out, in, static_cast<std::size_t>(n));
      for (int i = 0; i < n; ++i) {
        fe ref;
        ed::fe_pow22523(ref, in[i]);
        unsigned char a[32], b[32];
        ed::fe_tobytes(a, out[i]);
        ed::fe_tobytes(b, ref);
        bad += std::memcmp(a, b, 32) != 0;
      }
    }
  }
  expect(bad == 0, "fe_pow22523_batch (simd128 pow22523_lanes) vs fe_pow22523", bad);
  std::printf("pow22523_lanes: batches of 1..9, 900 elements: %s\n", bad == 0 ? "same values" : "MISMATCH");
}

// The 8 points of order dividing 8 (their standard encodings).
const char *const kSmallOrder[8] = {
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
};
void hex(unsigned char *out, const char *s) {
  for (int i = 0; i < 32; ++i) {
    unsigned v = 0;
    std::sscanf(s + 2 * i, "%2x", &v);
    out[i] = static_cast<unsigned char>(v);
  }
}

void scalars(unsigned char (*out)[32], int &count) {
  static const unsigned char L[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                      0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                      0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
  count = 0;
  std::memset(out[count++], 0, 32);
  std::memset(out[count], 0, 32);
  out[count++][0] = 1;
  std::memset(out[count], 0, 32);
  out[count++][0] = 2;
  std::memcpy(out[count], L, 32);
  out[count++][0] -= 1;  // L - 1
  std::memcpy(out[count++], L, 32);
  std::memset(out[count], 0xff, 32);
  out[count++][31] = 0x7f;  // 2^255 - 1
  std::memset(out[count++], 0xff, 32);
  std::memset(out[count++], 0x88, 32);  // radix-16 digits 8, -8 with carries
  std::memset(out[count++], 0x77, 32);  // digits all 7
  std::memset(out[count++], 0x99, 32);
  for (int i = 0; i < 90; ++i) {
    for (int b = 0; b < 32; ++b) out[count][b] = static_cast<unsigned char>(next());
    if (i % 2 == 0) out[count][31] &= 0x0f;  // below 2^252 (reduced-size scalars)
    ++count;
  }
}

void point_checks() {
  // Points: the 8 small-order ones, 40 random ones, and 8 random ones plus a
  // small-order point each (torsioned).
  ed::ge_p3 points[56];
  int np = 0;
  for (const char *s : kSmallOrder) {
    unsigned char b[32];
    hex(b, s);
    if (ed::ge_frombytes_vartime(&points[np], b) == 0) ++np;
  }
  expect(np == 8, "the 8 small-order points decode", np);
  while (np < 48) {
    unsigned char b[32];
    for (int i = 0; i < 32; ++i) b[i] = static_cast<unsigned char>(next());
    if (ed::ge_frombytes_vartime(&points[np], b) == 0) ++np;
  }
  for (int i = 0; i < 8; ++i) {
    ed::ge_cached c;
    ed::ge_p1p1 r;
    ed::ge_p3_to_cached(&c, &points[i]);
    ed::ge_add(&r, &points[8 + i], &c);
    ed::ge_p1p1_to_p3(&points[np++], &r);
  }
  unsigned char sc[110][32];
  int ns = 0;
  scalars(sc, ns);
  long bad = 0, bad_base = 0, n = 0;
  for (int s = 0; s < ns; ++s) {
    for (int p = 0; p < np; ++p) {
      if (s >= 10 && p % 4 != s % 4) continue;  // random scalars: a quarter of the points each
      ed::ge_p3 a, b;
      ed::scalarmult_p3_serial(a, sc[s], points[p]);
      if (!ed::scalarmult_p3_on("simd128", b, sc[s], points[p])) {
        expect(false, "simd128 backend runnable", 0);
        return;
      }
      unsigned char ea[32], eb[32];
      ed::ge_p3_tobytes(ea, &a);
      ed::ge_p3_tobytes(eb, &b);
      bad += std::memcmp(ea, eb, 32) != 0;
      ++n;
    }
    ed::ge_p3 a, b;
    ed::scalarmult_base_serial(a, sc[s]);
    ed::scalarmult_base_on("simd128", b, sc[s]);
    unsigned char ea[32], eb[32];
    ed::ge_p3_tobytes(ea, &a);
    ed::ge_p3_tobytes(eb, &b);
    bad_base += std::memcmp(ea, eb, 32) != 0;
  }
  expect(bad == 0, "scalarmult_one vs scalarmult_p3_serial", bad);
  expect(bad_base == 0, "scalarmult_base_one vs scalarmult_base_serial", bad_base);
  std::printf("scalarmult_one: %ld (scalar, point) pairs; scalarmult_base_one: %d scalars: %s\n", n, ns,
              bad + bad_base == 0 ? "same encodings as the serial code" : "MISMATCH");
  // The batch entry on this backend: scalarmult_lanes (4 points a kernel call, a
  // padded tail of 2 or 3, a single call for a tail of 1) over all 56 points (the
  // small-order and torsioned ones included), the first 30 scalars, and lengths
  // 1, 2, 5, 11.
  ed::ge_p3 out[56], ref;
  long bad_batch = 0, nb = 0;
  for (int sidx = 0; sidx < 30; ++sidx) {
    ed::scalarmult_batch_on("simd128", out, sc[sidx], points, static_cast<std::size_t>(np));
    for (int i = 0; i < np; ++i) {
      ed::scalarmult_p3_serial(ref, sc[sidx], points[i]);
      unsigned char ea[32], eb[32];
      ed::ge_p3_tobytes(ea, &ref);
      ed::ge_p3_tobytes(eb, &out[i]);
      bad_batch += std::memcmp(ea, eb, 32) != 0;
      ++nb;
    }
  }
  const int kLens[4] = {1, 2, 5, 11};
  for (int len : kLens) {
    ed::scalarmult_batch_on("simd128", out, sc[20], points + 8, static_cast<std::size_t>(len));
    for (int i = 0; i < len; ++i) {
      ed::scalarmult_p3_serial(ref, sc[20], points[8 + i]);
      unsigned char ea[32], eb[32];
      ed::ge_p3_tobytes(ea, &ref);
      ed::ge_p3_tobytes(eb, &out[i]);
      bad_batch += std::memcmp(ea, eb, 32) != 0;
      ++nb;
    }
  }
  expect(bad_batch == 0, "scalarmult_batch_on simd128 (scalarmult_lanes) vs serial", bad_batch);
  std::printf("scalarmult_lanes (through scalarmult_batch_on): %ld points: %s\n", nb,
              bad_batch == 0 ? "same encodings as the serial code" : "MISMATCH");
}

}  // namespace

// ns per call of fn (best of 5 runs of reps calls).
template <class F>
double ns_per(long reps, F fn) {
  double best = 1e300;
  for (int r = 0; r < 5; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    for (long i = 0; i < reps; ++i) fn();
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / reps;
    if (ns < best) best = ns;
  }
  return best;
}

volatile std::uint32_t sink;

int bench() {
  fe f[4], g[4];
  for (int k = 0; k < 4; ++k) {
    random_fe(f[k], 0);
    random_fe(g[k], 0);
  }
  sv::fe4 F = pack(f), G = pack(g);
  fe a, b;
  ed::fe_copy(a, f[0]);
  ed::fe_copy(b, g[0]);
  const double mul = ns_per(200000, [&] { ed::fe_mul(a, a, b); });
  const double sq = ns_per(200000, [&] { ed::fe_sq(a, a); });
  const double vm = ns_per(200000, [&] { sv::vmul(F, F, G); });
  const double vs = ns_per(200000, [&] { sv::vsq(F, F); });
  sink = a[0] + lane(F, 0, 0);
  std::printf("fe_mul %.1f ns, fe_sq %.1f ns; simd128 vmul %.1f ns (%.1f per element), vsq %.1f ns (%.1f per element)\n",
              mul, sq, vm, vm / 4, vs, vs / 4);
  fe in[4], out[4];
  for (int k = 0; k < 4; ++k) random_fe(in[k], 0);
  const double pw = ns_per(2000, [&] { ed::fe_pow22523(out[0], in[0]); });
  const double pw4 = ns_per(2000, [&] { sv::pow22523_lanes(out, in); });
  std::printf("fe_pow22523 %.0f ns; simd128 pow22523_lanes %.0f ns for 4 (%.0f per element)\n", pw, pw4, pw4 / 4);
  unsigned char s32[32], enc[32];
  for (int i = 0; i < 32; ++i) s32[i] = static_cast<unsigned char>(next());
  s32[31] &= 0x0f;
  ed::ge_p3 P, R;
  for (;;) {
    for (int i = 0; i < 32; ++i) enc[i] = static_cast<unsigned char>(next());
    if (ed::ge_frombytes_vartime(&P, enc) == 0) break;
  }
  const double sm = ns_per(200, [&] { ed::scalarmult_p3_serial(R, s32, P); });
  const double sm4 = ns_per(200, [&] { ed::scalarmult_p3_on("simd128", R, s32, P); });
  const double sb = ns_per(200, [&] { ed::scalarmult_base_serial(R, s32); });
  const double sb4 = ns_per(200, [&] { ed::scalarmult_base_on("simd128", R, s32); });
  ed::ge_p3 pts[4] = {P, P, P, P}, res[4];
  const double sl = ns_per(200, [&] { ed::scalarmult_batch_on("simd128", res, s32, pts, 4); });
  std::printf("a P: serial %.1f us, simd128 one-point %.1f us, simd128 4 lanes %.1f us per point; a G: serial %.1f us, "
              "simd128 one-point %.1f us\n",
              sm / 1000, sm4 / 1000, sl / 4000, sb / 1000, sb4 / 1000);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "--bench") == 0) return bench();
  const char *active = ed::curve_backend_name();
  expect(std::strcmp(active, "simd128") == 0, "the active curve backend is simd128", 0);
  std::printf("active curve backend: %s\n", active);
  field_checks();
  pow_checks();
  point_checks();
  if (failures != 0) {
    std::printf("simd128: %ld of %ld checks FAILED\n", failures, checks);
    return 1;
  }
  std::printf("simd128: all %ld checks passed\n", checks);
  return 0;
}
