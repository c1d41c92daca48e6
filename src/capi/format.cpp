// cncrypto.h: transactions and blocks from their blobs (cryptonote/*.h).
#include <cstring>
#include <optional>

#include "boundary.h"
#include "cryptonote/block_pow.h"
#include "cryptonote/cryptonote_format_utils.h"

using cncrypto::capi::bad;
using cncrypto::capi::failure;
using cncrypto::capi::from_bool;
using cncrypto::capi::guard;

namespace {

void put(const crypto::hash &h, uint8_t out[32]) { std::memcpy(out, h.data, 32); }

// The transaction id and prefix hash of a blob, as Monero's
// parse_and_validate_tx_from_blob(blob, tx, hash, prefix_hash).
int tx_hashes(const uint8_t *blob, size_t len, uint8_t *id, uint8_t *prefix) {
  if (bad(blob, len)) return CNCRYPTO_EINVAL;
  return guard([&] {
    cryptonote::transaction tx;
    crypto::hash h, ph;
    if (!cryptonote::parse_and_validate_tx_from_blob(cncrypto::byte_span(blob, len), tx, h, ph))
      return from_bool(false, failure::decode);
    if (id != nullptr) put(h, id);
    if (prefix != nullptr) put(ph, prefix);
    return CNCRYPTO_OK;
  });
}

}  // namespace

extern "C" {

int cncrypto_tx_hash(const uint8_t *blob, size_t len, uint8_t hash[32]) {
  if (bad(hash)) return CNCRYPTO_EINVAL;
  return tx_hashes(blob, len, hash, nullptr);
}

int cncrypto_tx_prefix_hash(const uint8_t *blob, size_t len, uint8_t hash[32]) {
  if (bad(hash)) return CNCRYPTO_EINVAL;
  return tx_hashes(blob, len, nullptr, hash);
}

int cncrypto_block_id(const uint8_t *blob, size_t len, uint8_t id[32]) {
  if (bad(blob, len) || bad(id)) return CNCRYPTO_EINVAL;
  return guard([&] {
    cryptonote::block b;
    crypto::hash h;
    if (!cryptonote::parse_and_validate_block_from_blob(cncrypto::byte_span(blob, len), b, &h))
      return from_bool(false, failure::decode);
    // Monero's parse gives true and the null hash for a block refused by the
    // block 202612 rule: no block has that id, so it is a decoding failure here.
    if (h == crypto::null_hash) return from_bool(false, failure::decode);
    put(h, id);
    return CNCRYPTO_OK;
  });
}

int cncrypto_block_pow_hash(const uint8_t *blob, size_t len, const uint8_t *seed_hash, uint8_t hash[32]) {
  if (bad(blob, len) || bad(hash)) return CNCRYPTO_EINVAL;
  if (!CNCRYPTO_C_WITH_POW) return CNCRYPTO_EUNSUPPORTED;  // a wallet build (CNCRYPTO_WITH_POW=OFF)
  return guard([&] {
    crypto::hash seed;
    if (seed_hash != nullptr) std::memcpy(seed.data, seed_hash, 32);
    const cncrypto::block_pow pow = cncrypto::get_block_pow_from_blob(cncrypto::byte_span(blob, len), std::nullopt,
                                                                      seed_hash != nullptr ? &seed : nullptr);
    put(pow.hash, hash);
    return CNCRYPTO_OK;
  });
}

}  // extern "C"
