// Transaction-key proofs (crypto/crypto.h: generate_tx_proof, generate_tx_proof_v1,
// check_tx_proof), versions 1 and 2. Formulas from Monero's crypto.cpp
// semantics; the code is ours.
#include "crypto/crypto.h"

#include "crypto/crypto-ops.h"
#include "key_helpers.h"
#include "curve/ops.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace crypto {

using keys_detail::differ_beyond_torsion;
using keys_detail::require_canonical;
using keys_detail::u8;

namespace {

// sep = cn_fast_hash("TXPROOF_V2") (10 ASCII bytes), Monero's HASH_KEY_TXPROOF_V2.
const hash &txproof_v2_separator() {
  static const hash sep = [] {
    static const char text[] = "TXPROOF_V2";
    return cn_fast_hash(text, sizeof text - 1);
  }();
  return sep;
}

// Completes a tx proof transcript whose first 128 bytes (prefix hash, D, X, Y)
// are in buf[0..128): version 2 appends the domain separator, R, A and B
// (32 zero bytes without B). Returns the transcript length (128 or 256).
std::size_t txproof_transcript_tail(unsigned char (&buf)[256], int version, const public_key &R,
                                    const public_key &A, const boost::optional<public_key> &B) {
  if (version != 2) return 128;
  std::memcpy(buf + 128, txproof_v2_separator().data, 32);
  std::memcpy(buf + 160, R.data, 32);
  std::memcpy(buf + 192, A.data, 32);
  if (B)
    std::memcpy(buf + 224, B->data, 32);
  else
    std::memset(buf + 224, 0, 32);
  return 256;
}

// Shared body of generate_tx_proof (version 2) and generate_tx_proof_v1.
void tx_proof_sign(const char *function, int version, const hash &prefix_hash, const public_key &R,
                   const public_key &A, const boost::optional<public_key> &B, const public_key &D,
                   const secret_key &r, signature &sig) {
  ed::ge_p3 R_p3, A_p3, B_p3, D_p3;
  const std::string f(function);
  if (ed::ge_frombytes_vartime(&R_p3, u8(R.data)) != 0) throw std::runtime_error(f + ": tx pubkey is invalid");
  if (ed::ge_frombytes_vartime(&A_p3, u8(A.data)) != 0)
    throw std::runtime_error(f + ": recipient view pubkey is invalid");
  if (B && ed::ge_frombytes_vartime(&B_p3, u8(B->data)) != 0)
    throw std::runtime_error(f + ": recipient spend pubkey is invalid");
  if (ed::ge_frombytes_vartime(&D_p3, u8(D.data)) != 0) throw std::runtime_error(f + ": key derivation is invalid");
  require_canonical(r, function, "r");
  // A proof of a false statement could never verify: refuse it (Monero's debug
  // build asserts R == r*G or r*B and D == r*A).
  // (Up to a torsion component, see differ_beyond_torsion.)
  ed::ge_p2 check;
  if (B) {
    ed::ge_scalarmult(&check, u8(r.data), &B_p3);
  } else {
    ed::ge_p3 rG;
    ed::ge_scalarmult_base(&rG, u8(r.data));
    ed::ge_p3_to_p2(&check, &rG);
  }
  if (differ_beyond_torsion(check, R_p3)) throw std::invalid_argument(f + (B ? ": R is not r*B" : ": R is not r*G"));
  ed::ge_scalarmult(&check, u8(r.data), &A_p3);
  if (differ_beyond_torsion(check, D_p3)) throw std::invalid_argument(f + ": D is not r*A");

  // msg || D || X || Y || sep || R || A || B'; version 1 hashes the first 128 bytes.
  unsigned char buf[8 * 32];
  std::memcpy(buf, prefix_hash.data, 32);
  std::memcpy(buf + 32, D.data, 32);
  tools::scrubbed<ec_scalar> k;  // the nonce: wiped, not page-locked (secret_key would lock)
  random32_unbiased(u8(k.data));
  if (B) {
    ed::ge_p2 X;
    ed::ge_scalarmult(&X, u8(k.data), &B_p3);
    ed::ge_tobytes(buf + 64, &X);
  } else {
    ed::ge_p3 X;
    ed::ge_scalarmult_base(&X, u8(k.data));
    ed::ge_p3_tobytes(buf + 64, &X);
  }
  ed::ge_p2 Y;
  ed::ge_scalarmult(&Y, u8(k.data), &A_p3);
  ed::ge_tobytes(buf + 96, &Y);
  const std::size_t len = txproof_transcript_tail(buf, version, R, A, B);
  hash_to_scalar(buf, len, sig.c);
  sc_mulsub(u8(sig.r.data), u8(sig.c.data), u8(r.data), u8(k.data));
}

}  // namespace

void generate_tx_proof(const hash &prefix_hash, const public_key &R, const public_key &A,
                       const boost::optional<public_key> &B, const public_key &D, const secret_key &r,
                       signature &sig) {
  tx_proof_sign("generate_tx_proof", 2, prefix_hash, R, A, B, D, r, sig);
}

void generate_tx_proof_v1(const hash &prefix_hash, const public_key &R, const public_key &A,
                          const boost::optional<public_key> &B, const public_key &D, const secret_key &r,
                          signature &sig) {
  tx_proof_sign("generate_tx_proof_v1", 1, prefix_hash, R, A, B, D, r, sig);
}

bool check_tx_proof(const hash &prefix_hash, const public_key &R, const public_key &A,
                    const boost::optional<public_key> &B, const public_key &D, const signature &sig, int version) {
  ed::ge_p3 R_p3, A_p3, B_p3, D_p3;
  if (ed::ge_frombytes_vartime(&R_p3, u8(R.data)) != 0) return false;
  if (ed::ge_frombytes_vartime(&A_p3, u8(A.data)) != 0) return false;
  if (B && ed::ge_frombytes_vartime(&B_p3, u8(B->data)) != 0) return false;
  if (ed::ge_frombytes_vartime(&D_p3, u8(D.data)) != 0) return false;
  if (sc_check(u8(sig.c.data)) != 0 || sc_check(u8(sig.r.data)) != 0) return false;
  if (version != 1 && version != 2) return false;

  unsigned char buf[8 * 32];  // msg || D || X || Y || sep || R || A || B'
  std::memcpy(buf, prefix_hash.data, 32);
  std::memcpy(buf + 32, D.data, 32);
  ed::ge_p2 X;
  if (B) {  // X = c*R + r*B
    ed::ge_dsmp B_pre;
    ed::ge_dsm_precomp(B_pre, &B_p3);
    ed::ge_double_scalarmult_precomp_vartime(&X, u8(sig.c.data), &R_p3, u8(sig.r.data), B_pre);
  } else {  // X = c*R + r*G
    ed::ge_double_scalarmult_base_vartime(&X, u8(sig.c.data), &R_p3, u8(sig.r.data));
  }
  ed::ge_tobytes(buf + 64, &X);
  ed::ge_dsmp A_pre;  // Y = c*D + r*A
  ed::ge_dsm_precomp(A_pre, &A_p3);
  ed::ge_p2 Y;
  ed::ge_double_scalarmult_precomp_vartime(&Y, u8(sig.c.data), &D_p3, u8(sig.r.data), A_pre);
  ed::ge_tobytes(buf + 96, &Y);
  const std::size_t len = txproof_transcript_tail(buf, version, R, A, B);
  ec_scalar c;
  hash_to_scalar(buf, len, c);
  return std::memcmp(c.data, sig.c.data, 32) == 0;
}

}  // namespace crypto
