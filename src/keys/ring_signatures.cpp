// Pre-RingCT (CryptoNote) ring signatures (crypto/crypto.h:
// generate_ring_signature, check_ring_signature; keys/ring_signature.h:
// generate_ring_signature_prechecked). Formulas from Monero's crypto.cpp
// semantics; the code is ours.
#include "crypto/crypto.h"
#include "keys/ring_signature.h"

#include "common/ct_declassify.h"
#include "crypto/crypto-ops.h"
#include "key_helpers.h"
#include "curve/ops.h"

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace crypto {

using keys_detail::differ_beyond_torsion;
using keys_detail::hash_to_ec_p3;
using keys_detail::require_canonical;
using keys_detail::u8;

namespace {

// Ring sizes whose hash buffer (32 + 64*n bytes) would overflow size_t are misuse.
constexpr std::size_t kMaxRing = (SIZE_MAX - 32) / 64;

// generate_ring_signature's body. check_statement: verify that pubs[sec_index] is
// sec*G and image is sec*hash_to_ec(pubs[sec_index]) (up to torsion) first;
// generate_ring_signature_prechecked (keys/ring_signature.h) skips that for
// callers that derived both from sec themselves.
void ring_signature(const char *fn, const hash &prefix_hash, const key_image &image, const public_key *const *pubs,
                    std::size_t pubs_count, const secret_key &sec, std::size_t sec_index, signature *sig,
                    bool check_statement) {
  if (pubs_count == 0) throw std::invalid_argument(std::string(fn) + ": empty ring (pubs_count is 0)");
  if (pubs_count > kMaxRing) throw std::invalid_argument(std::string(fn) + ": ring size is absurdly large");
  if (pubs == nullptr) throw std::invalid_argument(std::string(fn) + ": pubs is null");
  if (sig == nullptr) throw std::invalid_argument(std::string(fn) + ": sig is null");
  if (sec_index >= pubs_count)
    throw std::invalid_argument(std::string(fn) + ": sec_index " + std::to_string(sec_index) +
                                " is outside the ring of " + std::to_string(pubs_count));
  require_canonical(sec, fn, "sec");
  ed::ge_p3 image_p3;
  if (ed::ge_frombytes_vartime(&image_p3, u8(image.data)) != 0)
    throw std::invalid_argument(std::string(fn) + ": key image is not a valid point");
  std::vector<ed::ge_p3> keys(pubs_count);
  for (std::size_t i = 0; i < pubs_count; ++i) {
    if (pubs[i] == nullptr) throw std::invalid_argument(std::string(fn) + ": pubs[" + std::to_string(i) + "] is null");
    if (ed::ge_frombytes_vartime(&keys[i], u8(pubs[i]->data)) != 0)
      throw std::invalid_argument(std::string(fn) + ": pubs[" + std::to_string(i) + "] is not a valid point");
  }
  // The real member must be sec*G and the image sec*hash_to_ec(P) (up to a
  // torsion component, see differ_beyond_torsion), or the signature could never
  // verify (Monero's debug build asserts both, exactly).
  if (check_statement) {
    ed::ge_p3 sG;
    ed::ge_scalarmult_base(&sG, u8(sec.data));
    ed::ge_p2 check;
    ed::ge_p3_to_p2(&check, &sG);
    if (differ_beyond_torsion(check, keys[sec_index]))
      throw std::invalid_argument(std::string(fn) + ": pubs[" + std::to_string(sec_index) +
                                  "] is not sec*G (sec does not belong to the ring member at sec_index)");
    ed::ge_p3 hp;
    hash_to_ec_p3(*pubs[sec_index], hp);
    ed::ge_scalarmult(&check, u8(sec.data), &hp);
    if (differ_beyond_torsion(check, image_p3))
      throw std::invalid_argument(std::string(fn) + ": the key image is not sec*hash_to_ec(pubs[" +
                                  std::to_string(sec_index) + "])");
  }
  ed::ge_dsmp image_pre;
  ed::ge_dsm_precomp(image_pre, &image_p3);

  std::vector<unsigned char> buf(32 + 64 * pubs_count);  // prefix || (L_i || R_i)...
  std::memcpy(buf.data(), prefix_hash.data, 32);
  ec_scalar sum;
  sc_0(u8(sum.data));
  tools::scrubbed<ec_scalar> k;  // the nonce: wiped, not page-locked (secret_key would lock)
  for (std::size_t i = 0; i < pubs_count; ++i) {
    unsigned char *Li = buf.data() + 32 + 64 * i;
    unsigned char *Ri = Li + 32;
    ed::ge_p3 hp;
    hash_to_ec_p3(*pubs[i], hp);
    if (i == sec_index) {  // L = k*G, R = k*hash_to_ec(P)
      random32_unbiased(u8(k.data));
      ed::ge_p3 kG;
      ed::ge_scalarmult_base(&kG, u8(k.data));
      ed::ge_p3_tobytes(Li, &kG);
      ed::ge_p2 kH;
      ed::ge_scalarmult(&kH, u8(k.data), &hp);
      ed::ge_tobytes(Ri, &kH);
    } else {  // decoy: random c, r; L = c*P + r*G, R = r*hash_to_ec(P) + c*I
      random32_unbiased(u8(sig[i].c.data));
      random32_unbiased(u8(sig[i].r.data));
      // A decoy's c and r are published as they are: public by design.
      CNCRYPTO_DECLASSIFY(&sig[i], sizeof sig[i]);
      ed::ge_p2 t;
      ed::ge_double_scalarmult_base_vartime(&t, u8(sig[i].c.data), &keys[i], u8(sig[i].r.data));
      ed::ge_tobytes(Li, &t);
      ed::ge_double_scalarmult_precomp_vartime(&t, u8(sig[i].r.data), &hp, u8(sig[i].c.data), image_pre);
      ed::ge_tobytes(Ri, &t);
      sc_add(u8(sum.data), u8(sum.data), u8(sig[i].c.data));
    }
  }
  ec_scalar h;
  hash_to_scalar(buf.data(), buf.size(), h);
  sc_sub(u8(sig[sec_index].c.data), u8(h.data), u8(sum.data));
  sc_mulsub(u8(sig[sec_index].r.data), u8(sig[sec_index].c.data), u8(sec.data), u8(k.data));
}

}  // namespace

void generate_ring_signature(const hash &prefix_hash, const key_image &image, const public_key *const *pubs,
                             std::size_t pubs_count, const secret_key &sec, std::size_t sec_index,
                             signature *sig) {
  ring_signature("generate_ring_signature", prefix_hash, image, pubs, pubs_count, sec, sec_index, sig, true);
}

void generate_ring_signature_prechecked(const hash &prefix_hash, const key_image &image,
                                        const public_key *const *pubs, std::size_t pubs_count,
                                        const secret_key &sec, std::size_t sec_index, signature *sig) {
  ring_signature("generate_ring_signature", prefix_hash, image, pubs, pubs_count, sec, sec_index, sig, false);
}

bool check_ring_signature(const hash &prefix_hash, const key_image &image, const public_key *const *pubs,
                          std::size_t pubs_count, const signature *sig) {
  if (pubs_count > 0 && (pubs == nullptr || sig == nullptr))
    throw std::invalid_argument("check_ring_signature: pubs or sig is null");
  if (pubs_count > kMaxRing) throw std::invalid_argument("check_ring_signature: ring size is absurdly large");
  ed::ge_p3 image_p3;
  if (ed::ge_frombytes_vartime(&image_p3, u8(image.data)) != 0) return false;
  for (std::size_t i = 0; i < pubs_count; ++i) {
    if (pubs[i] == nullptr)
      throw std::invalid_argument("check_ring_signature: pubs[" + std::to_string(i) + "] is null");
  }
  ed::ge_dsmp image_pre;
  ed::ge_dsm_precomp(image_pre, &image_p3);
  std::vector<unsigned char> buf(32 + 64 * pubs_count);
  std::memcpy(buf.data(), prefix_hash.data, 32);
  ec_scalar sum;
  sc_0(u8(sum.data));
  for (std::size_t i = 0; i < pubs_count; ++i) {
    if (sc_check(u8(sig[i].c.data)) != 0 || sc_check(u8(sig[i].r.data)) != 0) return false;
    ed::ge_p3 P;
    if (ed::ge_frombytes_vartime(&P, u8(pubs[i]->data)) != 0) return false;
    unsigned char *Li = buf.data() + 32 + 64 * i;
    ed::ge_p2 t;
    ed::ge_double_scalarmult_base_vartime(&t, u8(sig[i].c.data), &P, u8(sig[i].r.data));
    ed::ge_tobytes(Li, &t);
    ed::ge_p3 hp;
    hash_to_ec_p3(*pubs[i], hp);
    ed::ge_double_scalarmult_precomp_vartime(&t, u8(sig[i].r.data), &hp, u8(sig[i].c.data), image_pre);
    ed::ge_tobytes(Li + 32, &t);
    sc_add(u8(sum.data), u8(sum.data), u8(sig[i].c.data));
  }
  ec_scalar h;
  hash_to_scalar(buf.data(), buf.size(), h);
  return std::memcmp(h.data, sum.data, 32) == 0;  // both canonical
}

}  // namespace crypto
