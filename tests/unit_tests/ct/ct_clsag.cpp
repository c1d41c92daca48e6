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
#include "ct_ringct_util.h"
#include "support/ct_valgrind.h"

#include <cstdint>

namespace {

using namespace cncrypto::test::ct;

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
  expect_tainted(index_secret, "the index is marked secret");
  rct::clsag sig = rct::proveRctCLSAGSimple(message, pubs, sk_secret, a_secret, Cout, index_secret, hw::get_device("default"));
  // Already public (declassified by the library); a no-op when it did so.
  for (auto &s : sig.s) declassify(s);
  declassify(sig.c1);
  declassify(sig.I);
  declassify(sig.D);
  expect(rct::verRctCLSAGSimple(message, sig, pubs, Cout), "the signature verifies");
}

}  // namespace

int main() {
  if (!setup("ct_clsag", true, 0x5eed5eed12345678ULL)) return 1;
  sign_once(1, 0);
  sign_once(2, 1);
  sign_once(5, 2);
  sign_once(11, 10);
  sign_once(16, 0);
  return finish();
}
