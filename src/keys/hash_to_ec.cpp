// Monero master's FCMP++ hash to point (crypto/crypto.h): unbiased_hash_to_ec and
// derive_key_image_generator. Formulas from ../shared/vectors/README_master.md
// (what Monero master 0aa9c51 computes); the code is ours.
#include "crypto/blake2b.h"
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "curve/group.h"
#include "key_helpers.h"

namespace crypto {

using keys_detail::u8;

namespace {

// 8*map(s[0..32)) as a ge_p3 (map: ge_fromfe_frombytes_vartime).
void map_times8(ge_p3 &out, const unsigned char *s) {
  ge_p2 p;
  ge_fromfe_frombytes_vartime(&p, s);
  ge_p1p1 p8;
  ge_mul8(&p8, &p);
  ge_p1p1_to_p3(&out, &p8);
}

}  // namespace

void unbiased_hash_to_ec(const unsigned char *preimage, std::size_t length, ec_point &res) {
  unsigned char h[64];
  // Never fails: the output length 64 is valid and no key is passed.
  blake2b_monero(h, sizeof h, preimage, length, nullptr, 0);
  ge_p3 a, b;
  map_times8(a, h);
  map_times8(b, h + 32);
  cncrypto::ed25519::p3_add(&a, &a, &b);
  ge_p3_tobytes(u8(res.data), &a);
}

void derive_key_image_generator(const public_key &pub, bool biased, ec_point &ki_gen) {
  if (biased)
    cncrypto::biased_hash_to_ec(pub, ki_gen);
  else
    unbiased_hash_to_ec(u8(pub.data), sizeof pub.data, ki_gen);
}

}  // namespace crypto
