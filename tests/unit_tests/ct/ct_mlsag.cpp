// Constant-time check of MLSAG signing (ringct/mlsag.h) under valgrind
// memcheck. Marked secret: the secret keys xx (for proveRctMGSimple: the
// one-time key, the input's mask and the pseudo-output mask), the real index,
// and every byte libsodium's randombytes_buf returns (the nonces alpha_j and
// the decoys' responses). memcheck reports any branch or address computed from
// them; ctest runs this program under `valgrind --error-exitcode=1` (label "ct").
//
// Deliberate declassifications in the library (CNCRYPTO_DECLASSIFY, each with
// its reason in mlsag.cpp / crypto.cpp):
//   - random32_unbiased: whether a candidate is rejected;
//   - the misuse check index < cols (one bit, the exception reveals it);
//   - the published values: the key images II, the random responses, and at
//     the end ss and cc.
// Everything else (the real column's selection, the rotation by index + 1, the
// chain of challenges, the closing responses) must be constant time.
//
// Without valgrind the program still runs the functional checks and returns 77.
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "ringct/mlsag.h"
#include "ringct/rctOps.h"
#include "ct_ringct_util.h"
#include "support/ct_valgrind.h"

#include <cstdint>

namespace {

using namespace cncrypto::test::ct;

void declassify_sig(rct::mgSig &sig) {
  for (auto &col : sig.ss)
    for (auto &s : col) declassify(s);
  for (auto &k : sig.II) declassify(k);
  declassify(sig.cc);
}

void sign_once(std::size_t cols, std::size_t rows, std::size_t ds, unsigned index) {
  const rct::key message = public_scalar();
  rct::keyM pk(cols, rct::keyV(rows));
  rct::keyV xx(rows);
  for (auto &col : pk)
    for (auto &k : col) k = base_mult(public_scalar());
  for (std::size_t j = 0; j < rows; ++j) {
    xx[j] = public_scalar();
    pk[index][j] = base_mult(xx[j]);
  }
  rct::keyV xx_secret = xx;
  for (auto &k : xx_secret) secret(k);
  unsigned index_secret = index;
  secret(index_secret);
  expect_tainted(index_secret, "the index is marked secret");
  rct::mgSig sig = rct::MLSAG_Gen(message, pk, xx_secret, index_secret, ds, hw::get_device("default"));
  declassify_sig(sig);
  expect(rct::MLSAG_Ver(message, pk, sig, ds), "the MLSAG verifies");
}

void sign_simple_once(std::size_t n, unsigned index) {
  const rct::key message = public_scalar();
  rct::ctkeyV pubs(n);
  for (auto &m : pubs) m = {base_mult(public_scalar()), base_mult(public_scalar())};
  rct::ctkey sk{public_scalar(), public_scalar()};
  const rct::key a = public_scalar();
  rct::key amount = rct::d2h(5000);
  auto commit = [&](const rct::key &mask) {
    ge_p3 r;
    ge_double_scalarmult_base_vartime_p3(&r, amount.bytes, &ge_p3_H, mask.bytes);
    rct::key k;
    ge_p3_tobytes(k.bytes, &r);
    return k;
  };
  pubs[index] = {base_mult(sk.dest), commit(sk.mask)};
  const rct::key Cout = commit(a);
  struct {
    rct::ctkey sk;
    rct::key a;
    unsigned index;
  } hidden{sk, a, index};
  secret(hidden);
  rct::mgSig sig = rct::proveRctMGSimple(message, pubs, hidden.sk, hidden.a, Cout, hidden.index, hw::get_device("default"));
  declassify_sig(sig);
  expect(rct::verRctMGSimple(message, sig, pubs, Cout), "the simple MLSAG verifies");
}

}  // namespace

int main() {
  if (!setup("ct_mlsag", true, 0x3a15a6123456789ULL)) return 1;
  sign_once(2, 1, 1, 0);
  sign_once(3, 2, 1, 1);
  sign_once(5, 3, 2, 4);
  sign_once(4, 2, 0, 2);
  sign_simple_once(2, 1);
  sign_simple_once(11, 6);
  return finish();
}
