// Constant-time check of Bulletproofs+ proving (ringct/bulletproofs_plus.h) and
// of the constant-time multi-scalar product (ringct/multiexp.h), by valgrind
// memcheck, as ct_keys does for the key layer.
//
// Secret: the amounts, the masks, and every byte libsodium's randombytes_buf
// returns (the prover's nonces alpha, dL, dR, r, s, delta, eta) through a custom
// randombytes implementation that marks its output undefined. memcheck reports
// any branch or memory index computed from them; ctest runs this program under
// `valgrind --error-exitcode=1` (label "ct").
//
// Deliberate declassifications (crypto/ct_declassify.h), in the library:
//   - the proof's published parts (V, A, L_j, R_j, A1, B, r1, s1, d1) as soon as
//     each is computed: the transcript challenges are hashes of them, and the
//     generators are folded with those public challenges;
//   - the one bit "amount scalar >= 2^64" of the key overloads (misuse: the
//     exception reveals it anyway);
//   - random32_unbiased's rejection bit (see ct_keys).
// Here: the finished proof, before verifying it (single-proof verification
// uses no random weights).
//
// Without valgrind the program still runs the functional checks and returns 77.
#include "crypto/crypto-ops.h"
#include "ringct/bulletproofs_plus.h"
#include "ringct/multiexp.h"

#include <sodium.h>
#include <valgrind/memcheck.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

template <typename T>
void secret(T &v) {
  (void)VALGRIND_MAKE_MEM_UNDEFINED(&v, sizeof v);
}

std::uint64_t rng_state = 0x5eed0b9b00000001ULL;
std::uint64_t splitmix() {
  std::uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
const char *ct_rng_name() { return "cncrypto-ct-test"; }
std::uint32_t ct_rng_random() { return static_cast<std::uint32_t>(splitmix()); }
void ct_rng_buf(void *const buf, const std::size_t size) {
  auto *p = static_cast<unsigned char *>(buf);
  for (std::size_t i = 0; i < size; ++i) p[i] = static_cast<unsigned char>(splitmix() >> 56);
  (void)VALGRIND_MAKE_MEM_UNDEFINED(buf, size);
}
randombytes_implementation ct_rng = {ct_rng_name, ct_rng_random, nullptr, nullptr, ct_rng_buf, nullptr};

int failures = 0;
void expect(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "ct_bpp: functional check failed: %s\n", what);
    ++failures;
  }
}

void declassify_proof(rct::BulletproofPlus &p) {
  for (auto &v : p.V) (void)VALGRIND_MAKE_MEM_DEFINED(&v, sizeof v);
  for (auto &v : p.L) (void)VALGRIND_MAKE_MEM_DEFINED(&v, sizeof v);
  for (auto &v : p.R) (void)VALGRIND_MAKE_MEM_DEFINED(&v, sizeof v);
  for (rct::key *k : {&p.A, &p.A1, &p.B, &p.r1, &p.s1, &p.d1}) (void)VALGRIND_MAKE_MEM_DEFINED(k, sizeof *k);
}

rct::key secret_scalar() {
  rct::key k;
  randombytes_buf(k.bytes, 32);  // undefined
  sc_reduce32(k.bytes);
  return k;
}

void multiexp_ct_secret_scalars() {
  // Public points, secret scalars (including a zero one, which takes the L - s path).
  std::vector<rct::MultiexpData> data;
  for (int i = 0; i < 5; ++i) {
    rct::key pk{{0}};
    pk.bytes[0] = static_cast<unsigned char>(i + 3);
    ge_p3 p;
    ge_scalarmult_base(&p, pk.bytes);
    rct::key s = i == 2 ? rct::key{{0}} : secret_scalar();
    secret(s);
    data.emplace_back(s, p);
  }
  const std::vector<ge_p3> pts = {data[0].point, data[1].point};
  const rct::multiexp_table table(pts);
  const std::size_t idx[2] = {0, 1};
  rct::keyV fixed = {secret_scalar(), secret_scalar()};
  ge_p3 r = rct::multiexp_ct(&table, idx, fixed.data(), 2, data);
  rct::key out;
  ge_p3_tobytes(out.bytes, &r);
  // Self-test of the method: the result of secret scalars must still carry
  // memcheck's "undefined" bits, otherwise the marking was lost.
  if (RUNNING_ON_VALGRIND) {
    unsigned char vbits[32] = {0};
    expect(VALGRIND_GET_VBITS(&out, vbits, sizeof out) == 1, "VALGRIND_GET_VBITS");
    unsigned char any = 0;
    for (unsigned char b : vbits) any |= b;
    expect(any != 0, "a product of secret scalars is still marked secret");
  }
  (void)VALGRIND_MAKE_MEM_DEFINED(&out, sizeof out);
  // Functional check against the vartime product, on the scalars made public again.
  std::vector<rct::MultiexpData> all = data;
  all.emplace_back(fixed[0], pts[0]);
  all.emplace_back(fixed[1], pts[1]);
  for (auto &d : all) (void)VALGRIND_MAKE_MEM_DEFINED(&d.scalar, sizeof d.scalar);
  expect(rct::straus(all) == out, "multiexp_ct equals straus");
}

void prove(const std::vector<std::uint64_t> &amounts_in) {
  std::vector<std::uint64_t> amounts = amounts_in;
  rct::keyV masks(amounts.size());
  for (auto &m : masks) m = secret_scalar();
  for (auto &a : amounts) secret(a);
  rct::BulletproofPlus p = rct::bulletproof_plus_PROVE(amounts, masks);
  declassify_proof(p);
  expect(rct::bulletproof_plus_VERIFY(p), "proof verifies");
  expect(p.V.size() == amounts.size(), "one V per amount");
}

}  // namespace

int main() {
  if (randombytes_set_implementation(&ct_rng) != 0 || sodium_init() < 0) {
    std::fprintf(stderr, "ct_bpp: libsodium setup failed\n");
    return 1;
  }
  multiexp_ct_secret_scalars();
  prove({0});
  prove({749327532984, ~std::uint64_t(0)});
  prove({1, 2, 3});
  if (failures != 0) return 1;
  if (!RUNNING_ON_VALGRIND) {
    std::printf("ct_bpp: functional checks passed; constant-time check skipped (not running under valgrind)\n");
    return 77;
  }
  std::printf("ct_bpp: no secret-dependent branch or index reported\n");
  return 0;
}
