// cncrypto.h: RingCT amounts (ringct/rctOps.h); the amount key,
// cncrypto_derivation_to_scalar, is with the other derivation calls in keys.cpp.
#include <cstring>

#include "boundary.h"
#include "crypto/crypto.h"
#include "memwipe.h"
#include "ringct/rctOps.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

namespace {

// Wipes the decrypted tuple whatever way the call leaves.
struct wiped_tuple {
  rct::ecdhTuple t{};
  ~wiped_tuple() { memwipe(&t, sizeof t); }
};

}  // namespace

extern "C" {

int cncrypto_ecdh_decode(const uint8_t amount_key[32], const uint8_t *ecdh_info, size_t ecdh_info_len,
                         const uint8_t *commitment, uint64_t *amount, uint8_t mask[32]) {
  if (const int rc = check_args("ecdh_decode", need(amount_key, "amount_key"), need(ecdh_info, "ecdh_info"),
                                need(amount, "amount"), need(mask, "mask"));
      rc != CNCRYPTO_OK)
    return rc;
  if (ecdh_info_len != 8 && ecdh_info_len != 64)
    return fail_with(failure::bad_argument, "ecdh_decode",
                     {"ecdh_info_len ", num(ecdh_info_len), " is neither 8 (types 4-6) nor 64 (types 1-3)"});
  return guard("ecdh_decode", [&] {
    const bool v2 = ecdh_info_len == 8;
    wiped_tuple w;
    if (v2) {
      std::memcpy(w.t.amount.bytes, ecdh_info, 8);  // the compact form: 8 bytes, the rest zero as after parsing
    } else {
      std::memcpy(w.t.mask.bytes, ecdh_info, 32);
      std::memcpy(w.t.amount.bytes, ecdh_info + 32, 32);
    }
    rct::ecdhDecode(w.t, in<rct::key>(amount_key), v2);
    std::uint64_t value = 0;
    if (!rct::h2d(value, w.t.amount))  // above 64 bits (v1)
      return fail(failure::decode, "ecdh_decode", "the decrypted amount is above 64 bits (a wrong key, or not ours)");
    if (commitment != nullptr && !rct::equalKeys(rct::commit(value, w.t.mask), in<rct::key>(commitment)))
      return fail(failure::verify, "ecdh_decode",
                  "mask*G + amount*H is not the commitment (a wrong key, or not our output)");
    *amount = value;
    std::memcpy(mask, w.t.mask.bytes, 32);
    return CNCRYPTO_OK;
  });
}

}  // extern "C"
