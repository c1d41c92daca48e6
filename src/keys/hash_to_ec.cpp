// Monero master's FCMP++ hash to point (crypto/crypto.h): unbiased_hash_to_ec and
// derive_key_image_generator. Formulas from ../shared/vectors/README_master.md
// (what Monero master 0aa9c51 computes); the code is ours.
#include "crypto/blake2b.h"
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "curve/group.h"
#include "key_helpers.h"
#include "curve/ops.h"

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace crypto {

using keys_detail::u8;

using keys_detail::map_times8_p3;

void keys_detail::unbiased_hash_to_ec_p3(const unsigned char *preimage, std::size_t length, ed::ge_p3 &res) {
  unsigned char h[64];
  // Never fails: the output length 64 is valid and no key is passed.
  blake2b_monero(h, sizeof h, preimage, length, nullptr, 0);
  ed::ge_p3 b;
  map_times8_p3(h, res);
  map_times8_p3(h + 32, b);
  cncrypto::ed25519::p3_add(&res, &res, &b);
}

void unbiased_hash_to_ec(const unsigned char *preimage, std::size_t length, ec_point &res) {
  ed::ge_p3 p;
  keys_detail::unbiased_hash_to_ec_p3(preimage, length, p);
  ed::ge_p3_tobytes(u8(res.data), &p);
}

void derive_key_image_generator(const public_key &pub, bool biased, ec_point &ki_gen) {
  if (biased)
    cncrypto::biased_hash_to_ec(pub, ki_gen);
  else
    unbiased_hash_to_ec(u8(pub.data), sizeof pub.data, ki_gen);
}

}  // namespace crypto
