// Constant-time check of CLSAG signing (ringct/clsag.h) under valgrind memcheck.
//
// Marked secret (VALGRIND_MAKE_MEM_UNDEFINED): the one-time secret key p
// (inSk.dest), the input's commitment mask (inSk.mask), the pseudo-output mask
// a, the real index, and every byte libsodium's randombytes_buf returns (a
// custom randombytes implementation), so the nonce alpha is secret too.
// memcheck then reports any conditional branch or memory address computed from
// them, and ctest runs this program under `valgrind --error-exitcode=1`
// (label "ct").
//
// Deliberate declassifications in the library (CNCRYPTO_DECLASSIFY, each with
// its reason in clsag.cpp / crypto.cpp):
//   - random32_unbiased: whether a candidate is rejected;
//   - the misuse checks' one-bit outcomes (index < n, p reduced, P_l ~ p*G,
//     C_l - Cout ~ z*G), which the exception reveals anyway;
//   - the published values: I, D, the decoys' random s_i, and at the end s and c1.
// Everything else (the real member's selection, the ring rotation by index+1,
// the chain of challenges over the rotated ring, s_l) must be constant time.
//
// Without valgrind the program still runs the functional checks and returns 77
// (ctest: skipped), since no constant-time claim was checked.
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "ringct/clsag.h"

#include <sodium.h>
#include <valgrind/memcheck.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace {

template <typename T>
void secret(T &v) {
  (void)VALGRIND_MAKE_MEM_UNDEFINED(&v, sizeof v);
}
template <typename T>
void declassify(T &v) {
  (void)VALGRIND_MAKE_MEM_DEFINED(&v, sizeof v);
}

// Deterministic generator (splitmix64) behind randombytes_buf; its output is secret.
std::uint64_t rng_state = 0x5eed5eed12345678ULL;
std::uint64_t splitmix() {
  std::uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
const char *ct_rng_name() { return "cncrypto-ct-clsag"; }
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
    std::fprintf(stderr, "ct_clsag: functional check failed: %s\n", what);
    ++failures;
  }
}

// Public test data: random values declassified at once.
rct::key public_scalar() {
  rct::key k;
  crypto::random32_unbiased(k.bytes);
  declassify(k);
  return k;
}
rct::key base_mult(const rct::key &s) {
  ge_p3 p;
  ge_scalarmult_base(&p, s.bytes);
  rct::key k;
  ge_p3_tobytes(k.bytes, &p);
  declassify(k);
  return k;
}
// mask*G + amount*H with public inputs.
rct::key commit(std::uint64_t amount, const rct::key &mask) {
  rct::key a{};
  for (int i = 0; i < 8; ++i) a.bytes[i] = static_cast<unsigned char>(amount >> (8 * i));
  ge_p3 r;
  ge_double_scalarmult_base_vartime_p3(&r, a.bytes, &ge_p3_H, mask.bytes);
  rct::key k;
  ge_p3_tobytes(k.bytes, &r);
  return k;
}

// Signs over a ring of n with the real input at index (both public here, the
// secrets marked inside), then checks the signature verifies.
void sign_once(std::size_t n, unsigned index) {
  const rct::key message = public_scalar();
  rct::ctkeyV pubs(n);
  for (auto &m : pubs) m = {base_mult(public_scalar()), commit(7, public_scalar())};
  rct::ctkey sk{public_scalar(), public_scalar()};
  const rct::key a_mask = public_scalar();
  pubs[index] = {base_mult(sk.dest), commit(5000, sk.mask)};
  const rct::key Cout = commit(5000, a_mask);

  rct::ctkey sk_secret = sk;
  rct::key a_secret = a_mask;
  unsigned index_secret = index;
  secret(sk_secret);
  secret(a_secret);
  secret(index_secret);
  // Self-test of the method: the marking took (otherwise nothing is checked).
  if (RUNNING_ON_VALGRIND) {
    unsigned char vbits[4] = {0};
    expect(VALGRIND_GET_VBITS(&index_secret, vbits, sizeof index_secret) == 1 && vbits[0] != 0,
           "the index is marked secret");
  }
  rct::clsag sig = rct::proveRctCLSAGSimple(message, pubs, sk_secret, a_secret, Cout, index_secret);
  // Already public (declassified by the library); a no-op when it did so.
  for (auto &s : sig.s) declassify(s);
  declassify(sig.c1);
  declassify(sig.I);
  declassify(sig.D);
  expect(rct::verRctCLSAGSimple(message, sig, pubs, Cout), "the signature verifies");
}

}  // namespace

int main() {
  if (randombytes_set_implementation(&ct_rng) != 0 || sodium_init() < 0) {
    std::fprintf(stderr, "ct_clsag: libsodium setup failed\n");
    return 1;
  }
  sign_once(1, 0);
  sign_once(2, 1);
  sign_once(5, 2);
  sign_once(11, 10);
  sign_once(16, 0);
  if (failures != 0) return 1;
  if (!RUNNING_ON_VALGRIND) {
    std::printf("ct_clsag: functional checks passed; constant-time check skipped (not running under valgrind)\n");
    return 77;
  }
  std::printf("ct_clsag: no secret-dependent branch or index reported\n");
  return 0;
}
