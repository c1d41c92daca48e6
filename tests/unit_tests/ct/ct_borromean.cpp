// Constant-time check of the Borromean signers (ringct/borromean.h) under
// valgrind memcheck: proveRange with the amount secret, genBorromean with the
// 64 secret keys and the 64 ring indices secret, and (both) every byte
// libsodium's randombytes_buf returns (the masks a_i, the nonces alpha_i and
// the random responses). memcheck reports any branch or address computed from
// them; ctest runs this program under `valgrind --error-exitcode=1` (label "ct").
//
// Deliberate declassifications in the library (CNCRYPTO_DECLASSIFY, each with
// its reason in borromean.cpp / crypto.cpp):
//   - random32_unbiased: whether a candidate is rejected;
//   - genBorromean's misuse check (an index other than 0/1), one bit;
//   - the published values: the bit commitments Ci (proveRange), ee, s0, s1.
// Everything else (the bits, the selection of which side is closed, the masks
// and their sum) must be constant time.
//
// Without valgrind the program still runs the functional checks and returns 77.
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "ringct/borromean.h"
#include "ringct/rctOps.h"
#include "ct_ringct_util.h"
#include "support/ct_valgrind.h"

#include <cstdint>

namespace {

using namespace cncrypto::test::ct;

void prove_once(std::uint64_t amount) {
  std::uint64_t secret_amount = amount;
  secret(secret_amount);
  expect_tainted(secret_amount, "the amount is marked secret");
  rct::key C, mask;
  rct::rangeSig sig = rct::proveRange(C, mask, secret_amount);
  declassify(C);  // the output commitment is published
  declassify(sig);
  expect(rct::verRange(C, sig), "the range proof verifies");
  declassify(mask);
  expect(rct::commit(amount, mask) == C, "C = mask*G + amount*H");
}

void borromean_once(std::uint64_t pattern) {
  rct::key64 x, P1, P2;
  rct::bits indices;
  for (int i = 0; i < 64; ++i) {
    indices[i] = static_cast<unsigned int>((pattern >> i) & 1);
    x[i] = public_scalar();
    (indices[i] == 0 ? P1 : P2)[i] = base_mult(x[i]);
    (indices[i] == 0 ? P2 : P1)[i] = base_mult(public_scalar());
  }
  rct::key64 x_secret;
  rct::bits indices_secret;
  for (int i = 0; i < 64; ++i) x_secret[i] = x[i], indices_secret[i] = indices[i];
  secret(x_secret);
  secret(indices_secret);
  expect_tainted(indices_secret[0], "the indices are marked secret");
  rct::boroSig bb = rct::genBorromean(x_secret, P1, P2, indices_secret);
  declassify(bb);
  expect(rct::verifyBorromean(bb, P1, P2), "the Borromean signature verifies");
}

}  // namespace

int main() {
  if (!setup("ct_borromean", true, 0xb0b0b0b012345678ULL)) return 1;
  prove_once(0xffffffffffffffffULL);
  prove_once(0x0123456789abcdefULL);
  borromean_once(0x5555aaaa0f0f3c3cULL);
  return finish();
}
