// cncrypto.h: transactions and blocks as Monero's JSON text (cryptonote/json.h),
// and a complete transaction's pruned form (cryptonote/serialization.h).
#include <string>

#include "boundary.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/json.h"
#include "cryptonote/serialization.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

namespace {

// The checks of every function here: blob (NULL only with len 0), out_len, out.
int check_blob_out(const char *fn, const uint8_t *blob, size_t len, const void *out, size_t *out_len) {
  if (const int rc = check_args(fn, {need(blob, len, "blob"), need(out_len, "out_len")}); rc != CNCRYPTO_OK) return rc;
  return check_args(fn, {need(out, *out_len, "out")});
}

// Monero's JSON text of an object that parsed, by the two-call convention
// (NUL included); EDECODE where Monero's serializer refuses it (obj_to_json_str
// returns "").
int put_json(const char *fn, const std::string &text, char *out, size_t *out_len) {
  if (text.empty())
    return fail(failure::decode, fn,
                "Monero's serializer refuses this object (obj_to_json_str returns \"\": inconsistent sizes, "
                "version or RingCT type)");
  return put_string(fn, "out", text, out, out_len);
}

}  // namespace

extern "C" {

int cncrypto_tx_to_json(const uint8_t *blob, size_t len, char *out, size_t *out_len) {
  constexpr const char *fn = "tx_to_json";
  if (const int rc = check_blob_out(fn, blob, len, out, out_len); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    cryptonote::transaction tx;
    std::string error;
    if (!cryptonote::parse_and_validate_tx_from_blob(cncrypto::byte_span(blob, len), tx, &error))
      return fail_with(failure::decode, fn, {"not a complete transaction: ", error});
    return put_json(fn, cryptonote::obj_to_json_str(tx), out, out_len);
  });
}

int cncrypto_pruned_tx_to_json(const uint8_t *blob, size_t len, char *out, size_t *out_len) {
  constexpr const char *fn = "pruned_tx_to_json";
  if (const int rc = check_blob_out(fn, blob, len, out, out_len); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    cryptonote::transaction tx;
    std::string error;
    if (!cncrypto::parse_and_validate_tx_base_from_blob_strict(cncrypto::byte_span(blob, len), tx, &error))
      return fail_with(failure::decode, fn, {"not a pruned transaction: ", error});
    return put_json(fn, cryptonote::obj_to_json_str(tx), out, out_len);
  });
}

int cncrypto_block_to_json(const uint8_t *blob, size_t len, char *out, size_t *out_len) {
  constexpr const char *fn = "block_to_json";
  if (const int rc = check_blob_out(fn, blob, len, out, out_len); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    cryptonote::block b;
    std::string error;
    if (!cryptonote::parse_and_validate_block_from_blob(cncrypto::byte_span(blob, len), b, &error))
      return fail_with(failure::decode, fn, {"not a block: ", error});
    return put_json(fn, cryptonote::obj_to_json_str(b), out, out_len);
  });
}

int cncrypto_tx_prune(const uint8_t *blob, size_t len, uint8_t *out, size_t *out_len) {
  constexpr const char *fn = "tx_prune";
  if (const int rc = check_blob_out(fn, blob, len, out, out_len); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    cryptonote::transaction tx;
    std::string error;
    if (!cryptonote::parse_and_validate_tx_from_blob(cncrypto::byte_span(blob, len), tx, &error))
      return fail_with(failure::decode, fn, {"not a complete transaction: ", error});
    // The object's own serialization (a blob that ended inside a final varint
    // is not its object's bytes: cryptonote/serialization.h).
    const cncrypto::transaction_blobs parts = cncrypto::serialize_transaction_parts(tx);
    const std::size_t n = parts.prefix.size() + parts.rct_base.size();
    if (const int rc = fits(fn, "out", "bytes", n, out_len); rc != CNCRYPTO_OK) return rc;
    if (!parts.prefix.empty()) std::memcpy(out, parts.prefix.data(), parts.prefix.size());
    if (!parts.rct_base.empty()) std::memcpy(out + parts.prefix.size(), parts.rct_base.data(), parts.rct_base.size());
    *out_len = n;
    return CNCRYPTO_OK;
  });
}

}  // extern "C"
