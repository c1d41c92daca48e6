// Constant-time check of the batched key operations (crypto/crypto_batch.h) and
// the curve batch entries under them (curve/ecmult.h: scalarmult_batch,
// scalarmult_base_batch, p3_tobytes_batch), by valgrind memcheck as in
// ct_keys.cpp: the view secret key, the derivations and the key-image secrets
// are marked undefined; any branch or address computed from them is reported
// and fails the run (label "ct"). The public inputs (transaction public keys,
// one of them undecodable, output keys, indexes) stay defined: which entries
// fail may depend on them. Runs on the backend the CPU probe picks: under
// valgrind (which hides AVX-512) avx2 where the CPU has AVX2, else serial; in
// the MemorySanitizer build (scripts/ct_msan.sh, MemorySanitizer the checker)
// ifma on an IFMA CPU. ct_curve runs the curve batch entries on every backend.
//
// Deliberate declassifications here: the outputs (derivations are secret, but
// are declassified to compare them with the single calls, after
// expect_tainted has shown the taint reached them).
#include "crypto/crypto.h"
#include "crypto/crypto_batch.h"
#include "support/ct_valgrind.h"

#include <cstring>
#include <vector>

namespace {

using namespace cncrypto::test::ct;

constexpr std::size_t n = 20;  // more than one 8-lane group; the batch code is size-independent

// n public points: k*G for public k, entry 7 undecodable (y >= p).
std::vector<crypto::public_key> public_points() {
  std::vector<crypto::public_key> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    crypto::secret_key k{};
    k.data[0] = static_cast<char>(i + 3);
    k.data[1] = static_cast<char>(i * 7);
    expect(crypto::secret_key_to_public_key(k, out[i]), "public point");
  }
  std::memset(out[7].data, 0xff, 32);
  return out;
}

void derivations() {
  const auto pubs = public_points();
  crypto::secret_key a;
  randombytes_buf(a.data, 32);  // secret (randombytes is tainted), not reduced: any 32 bytes
  std::vector<crypto::key_derivation> d(n);
  std::vector<std::uint8_t> ok(n);
  const std::size_t failed = cncrypto::generate_key_derivations(pubs.data(), n, a, d.data(), ok.data());
  expect(failed == 1 && ok[7] == 0, "the undecodable key fails alone");
  expect_tainted(d[0], "derivation is secret");
  std::vector<std::size_t> idx(n);
  for (std::size_t i = 0; i < n; ++i) idx[i] = i % 3;
  // One-time keys and subaddress spend keys from the (secret) derivations.
  std::vector<crypto::public_key> plus(n), minus(n);
  std::vector<std::uint8_t> okp(n), okm(n);
  (void)cncrypto::derive_public_keys(d.data(), idx.data(), pubs.data(), n, plus.data(), okp.data());
  (void)cncrypto::derive_subaddress_public_keys(pubs.data(), d.data(), idx.data(), n, minus.data(), okm.data());
  expect_tainted(plus[0], "one-time key computed from a derivation carries the taint");
  // Functional checks against the single calls (declassified to compare).
  for (std::size_t i = 0; i < n; ++i) {
    if (i == 7) continue;
    crypto::key_derivation single;
    crypto::public_key p, m;
    expect(crypto::generate_key_derivation(pubs[i], a, single), "single derivation");
    expect(crypto::derive_public_key(d[i], idx[i], pubs[i], p), "single derive_public_key");
    expect(crypto::derive_subaddress_public_key(pubs[i], d[i], idx[i], m), "single derive_subaddress_public_key");
    declassify(single);
    declassify(d[i]);
    declassify(p);
    declassify(m);
    declassify(plus[i]);
    declassify(minus[i]);
    expect(cncrypto::equal(single, d[i]), "batch derivation equals the single call");
    expect(p == plus[i], "batch derive_public_keys equals the single call");
    expect(m == minus[i], "batch derive_subaddress_public_keys equals the single call");
  }
  declassify(a);
}

void key_images() {
  const auto pubs = public_points();  // hashed only: the undecodable one is fine
  std::vector<crypto::secret_key> x(n);
  for (auto &s : x) randombytes_buf(s.data, 32);
  std::vector<crypto::key_image> images(n);
  cncrypto::generate_key_images(pubs.data(), x.data(), n, images.data());
  expect_tainted(images[0], "key image computed from the secret");
  for (std::size_t i = 0; i < n; ++i) {
    crypto::key_image single;
    crypto::generate_key_image(pubs[i], x[i], single);
    declassify(single);
    declassify(images[i]);
    expect(single == images[i], "batch key image equals the single call");
  }
}

}  // namespace

int main() {
  if (!setup("ct_batch", true, 0x5ca7b47c4ULL)) return 1;
  derivations();
  key_images();
  return finish();
}
