// Schnorr signatures (crypto/crypto.h: generate_signature, check_signature).
// Formulas from Monero's crypto.cpp semantics; the code is ours.
#include "crypto/crypto.h"

#include "common/ct_declassify.h"
#include "crypto/crypto-ops.h"
#include "key_helpers.h"
#include "curve/ops.h"

#include <cstring>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace crypto {

using keys_detail::require_canonical;
using keys_detail::u8;

namespace {

// The encoding of the identity point (0, 1).
const unsigned char kIdentity[32] = {1};

}  // namespace

void generate_signature(const hash &prefix_hash, const public_key &pub, const secret_key &sec, signature &sig) {
  require_canonical(sec, "generate_signature", "sec");
  unsigned char buf[96];  // prefix || pub || k*G
  std::memcpy(buf, prefix_hash.data, 32);
  std::memcpy(buf + 32, pub.data, 32);
  tools::scrubbed<ec_scalar> k;  // the nonce: wiped, not page-locked (secret_key would lock)
  for (;;) {
    random32_unbiased(u8(k.data));
    ed::ge_p3 kG;
    ed::ge_scalarmult_base(&kG, u8(k.data));
    ed::ge_p3_tobytes(buf + 64, &kG);
    hash_to_scalar(buf, sizeof buf, sig.c);
    // c and r are the signature, public by design; the retry on zero is Monero's.
    CNCRYPTO_DECLASSIFY(sig.c.data, 32);
    if (!sc_isnonzero(u8(sig.c.data))) continue;
    sc_mulsub(u8(sig.r.data), u8(sig.c.data), u8(sec.data), u8(k.data));
    CNCRYPTO_DECLASSIFY(sig.r.data, 32);
    if (!sc_isnonzero(u8(sig.r.data))) continue;
    return;
  }
}

bool check_signature(const hash &prefix_hash, const public_key &pub, const signature &sig) {
  ed::ge_p3 P;
  if (ed::ge_frombytes_vartime(&P, u8(pub.data)) != 0) return false;
  if (sc_check(u8(sig.c.data)) != 0 || sc_check(u8(sig.r.data)) != 0 || !sc_isnonzero(u8(sig.c.data)))
    return false;
  unsigned char buf[96];  // prefix || pub || X
  std::memcpy(buf, prefix_hash.data, 32);
  std::memcpy(buf + 32, pub.data, 32);
  ed::ge_p2 X;
  ed::ge_double_scalarmult_base_vartime(&X, u8(sig.c.data), &P, u8(sig.r.data));
  ed::ge_tobytes(buf + 64, &X);
  if (std::memcmp(buf + 64, kIdentity, 32) == 0) return false;
  ec_scalar c;
  hash_to_scalar(buf, sizeof buf, c);
  return std::memcmp(c.data, sig.c.data, 32) == 0;  // both canonical
}

}  // namespace crypto
