// Constant-time check of Bulletproofs+ proving (ringct/bulletproofs_plus.h) and
// of the constant-time multi-scalar product (ringct/cncrypto_multiexp.h), by valgrind
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
#include "ringct/cncrypto_multiexp.h"
#include "support/ct_valgrind.h"

#include <cstdint>
#include <vector>

namespace {

using namespace cncrypto::test::ct;

void declassify_proof(rct::BulletproofPlus &p) {
  for (auto &v : p.V) declassify(v);
  for (auto &v : p.L) declassify(v);
  for (auto &v : p.R) declassify(v);
  for (rct::key *k : {&p.A, &p.A1, &p.B, &p.r1, &p.s1, &p.d1}) declassify(*k);
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
  const cncrypto::multiexp_table table(pts);
  const std::size_t idx[2] = {0, 1};
  rct::keyV fixed = {secret_scalar(), secret_scalar()};
  ge_p3 r = cncrypto::multiexp_ct(&table, idx, fixed.data(), 2, data);
  rct::key out;
  ge_p3_tobytes(out.bytes, &r);
  expect_tainted(out, "a product of secret scalars is still marked secret");
  declassify(out);
  // Functional check against the vartime product, on the scalars made public again.
  std::vector<rct::MultiexpData> all = data;
  all.emplace_back(fixed[0], pts[0]);
  all.emplace_back(fixed[1], pts[1]);
  for (auto &d : all) declassify(d.scalar);
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
  if (!setup("ct_bpp", true, 0x5eed0b9b00000001ULL)) return 1;
  multiexp_ct_secret_scalars();
  prove({0});
  prove({749327532984, ~std::uint64_t(0)});
  prove({1, 2, 3});
  return finish();
}
