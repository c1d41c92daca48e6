// Constant-time check of the ed25519 group layer with valgrind memcheck, or
// MemorySanitizer in the CNCRYPTO_SANITIZE_MEMORY build (STYLE.md item 15): secret inputs are marked undefined, so memcheck reports any
// branch or memory index that depends on them (method: support/ct_valgrind.h).
// Run by ctest under `valgrind --error-exitcode=1`; a report fails it. Without
// valgrind (or in sanitizer builds) it returns 77: skipped.
//
// Covered: ge_scalarmult_base, ge_scalarmult, ge_scalarmult_p3 (secret scalar,
// including one with the top bit set), ge_mul8, ge_add/ge_sub/ge_p3_to_cached/
// ge_dsm_precomp and encoding on secret points, fe_invert, fe_tobytes,
// the layer's batch inversion (curve/field.h fe_batch_invert; crypto-ops.h's
// Monero form adds only a return value that says whether an input was zero);
// scalarmult_batch, scalarmult_base_batch, scalarmult_each_batch,
// p3_tobytes_batch and the one-point kernels (scalarmult_p3_on, scalarmult_base_on)
// on every backend the checker can run: under memcheck serial and
// avx2 (valgrind hides AVX-512), in the MemorySanitizer build (scripts/ct_msan.sh)
// every backend this CPU runs, ifma included. Not covered, by design: the _vartime
// functions (public inputs).
#include "crypto/crypto-ops.h"
#include "curve/ecmult.h"
#include "curve/face.h"
#include "curve/field.h"
#include "support/ct_valgrind.h"

#include <cstdio>
#include <cstring>

namespace ed = cncrypto::ed25519;

int main() {
  cncrypto::test::ct::program = "ct_curve";
  unsigned char sec[32], pub[32], out[32];
  for (int i = 0; i < 32; ++i) sec[i] = static_cast<unsigned char>(i * 37 + 11);
  sec[31] = 0x9a;  // unreduced: Monero's top-digit rule is on the secret path too
  ed::ge_p3 g;
  ed::ge_scalarmult_base(&g, sec);
  ed::ge_p3_tobytes(pub, &g);
  ed::ge_p3 p;
  if (ed::ge_frombytes_vartime(&p, pub) != 0) return 1;  // public point

  cncrypto::test::ct::secret_bytes(sec, sizeof sec);
  ed::ge_p3 r;
  ed::ge_scalarmult_base(&r, sec);
  ed::ge_p3_tobytes(out, &r);
  ed::ge_p2 q;
  ed::ge_scalarmult(&q, sec, &p);
  ed::ge_p1p1 t;
  ed::ge_mul8(&t, &q);
  ed::ge_p1p1_to_p2(&q, &t);
  ed::ge_tobytes(out, &q);
  ed::ge_p3 r3;
  ed::ge_scalarmult_p3(&r3, sec, &p);
  ed::ge_cached c;
  ed::ge_p3_to_cached(&c, &r3);
  ed::ge_add(&t, &r, &c);
  ed::ge_sub(&t, &r, &c);
  ed::ge_p1p1_to_p3(&r, &t);
  ed::ge_dsmp d;
  ed::ge_dsm_precomp(d, &r3);
  ed::fe x;
  ed::fe_invert(x, r3.X);
  ed::fe_tobytes(out, x);
  ed::fe arr[3];
  std::memcpy(arr[0], r3.X, sizeof(ed::fe));
  std::memcpy(arr[1], r3.Y, sizeof(ed::fe));
  std::memset(arr[2], 0, sizeof(ed::fe));
  cncrypto::ed25519::fe_batch_invert(arr, arr, 3);  // the layer's own (zeros give zero)
  // crypto-ops.h's face on the secret point: the conversions (curve/face.h) and
  // Monero's limb arithmetic (curve/ref10.h).
  {
    ge_p3 f3 = ed::to_face(r3);
    ge_cached fc;
    ge_p1p1 ft;
    ge_p3_to_cached(&fc, &f3);
    ge_add(&ft, &f3, &fc);
    ge_sub(&ft, &f3, &fc);
    ge_p1p1_to_p3(&f3, &ft);
    ge_p2 f2;
    ge_p3_to_p2(&f2, &f3);
    ge_p2_dbl(&ft, &f2);
    ge_mul8(&ft, &f2);
    ge_p1p1_to_p2(&f2, &ft);
    ge_madd(&ft, &f3, &ge_base[0][0]);
    ::fe fx;
    ::fe_mul(fx, f3.X, f3.Y);
    ::fe_sq(fx, fx);
    ::fe_invert(fx, fx);
    ::fe_tobytes(out, fx);
    r = ed::from_face(f3);
    ge_scalarmult_base(&f3, sec);
    ge_p3_tobytes(out, &f3);
  }

  // The batch entry points (curve/ecmult.h) on the active backend, then on every
  // backend this process can run. Valgrind's synthetic CPUID shows AVX2 but hides
  // AVX-512, so under memcheck that is serial and avx2 (CNCRYPTO_CURVE_IMPL=ifma is
  // refused there); the MemorySanitizer build runs natively and checks ifma too
  // (docs/ed25519_backends.md, "Constant time").
  // 9 points: whole groups of 8 or 4 lanes plus a tail.
  ed::ge_p3 pts[9], outs[9];
  unsigned char ss[9][32], encs[9][32];
  for (int i = 0; i < 9; ++i) {
    pts[i] = p;
    std::memcpy(ss[i], sec, 32);
    ss[i][0] = static_cast<unsigned char>(ss[i][0] ^ i);
  }
  ed::scalarmult_batch(outs, sec, pts, 9);
  ed::p3_tobytes_batch(encs, outs, 9);
  ed::scalarmult_base_batch(outs, ss, 9);
  ed::p3_tobytes_batch(encs, outs, 9);
  std::memcpy(out, encs[8], 32);
  std::printf("curve backend %s\n", ed::curve_backend_name());
  const char *names[8];
  const std::size_t nb = ed::curve_backend_names(names, 8);
  for (std::size_t b = 0; b < nb && b < 8; ++b) {
    if (!ed::scalarmult_batch_on(names[b], outs, sec, pts, 9)) return 1;
    ed::p3_tobytes_batch(encs, outs, 9);
    // The marking must survive each kernel (else the run checks nothing after it).
    cncrypto::test::ct::expect_tainted(encs[0], "scalarmult_batch_on output carries the secret");
    if (!ed::scalarmult_base_batch_on(names[b], outs, ss, 9)) return 1;
    ed::p3_tobytes_batch(encs, outs, 9);
    for (int i = 0; i < 32; ++i) out[i] = static_cast<unsigned char>(out[i] ^ encs[8][i]);
    if (!ed::scalarmult_each_batch_on(names[b], outs, ss, pts, 9)) return 1;
    ed::p3_tobytes_batch(encs, outs, 9);
    cncrypto::test::ct::expect_tainted(encs[8], "scalarmult_each_batch_on output carries the secret");
    // The one-point kernels (the 4-way IFMA ones behind the single calls).
    if (!ed::scalarmult_p3_on(names[b], r3, sec, p)) return 1;
    ed::ge_p3_tobytes(encs[0], &r3);
    cncrypto::test::ct::expect_tainted(encs[0], "scalarmult_p3_on output carries the secret");
    if (!ed::scalarmult_base_on(names[b], r3, sec)) return 1;
    ed::ge_p3_tobytes(encs[1], &r3);
    cncrypto::test::ct::expect_tainted(encs[1], "scalarmult_base_on output carries the secret");
    for (int i = 0; i < 32; ++i) out[i] = static_cast<unsigned char>(out[i] ^ encs[0][i] ^ encs[1][i]);
    for (int i = 0; i < 32; ++i) out[i] = static_cast<unsigned char>(out[i] ^ encs[8][i]);
    std::printf("checked curve backend %s\n", names[b]);
  }

  // Declassify only the final output, to print it (so nothing is optimised away).
  cncrypto::test::ct::declassify_bytes(out, sizeof out);
  std::printf("ok %02x\n", out[0]);
  return cncrypto::test::ct::finish();
}
