// cncrypto.h: transactions and blocks as Monero's JSON text (cryptonote/json.h),
// and a complete transaction's pruned form (cryptonote/serialization.h).
#include "cryptonote/json.h"

#include <string>

#include "boundary.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

namespace {

// The checks of every function here: blob (NULL only with len 0), out_len, out.
int check_blob_out(const char *fn, const uint8_t *blob, size_t len, const void *out, size_t *out_len) {
  if (const int rc = check_args(fn, need(blob, len, "blob"), need(out_len, "out_len")); rc != CNCRYPTO_OK) return rc;
  return check_args(fn, need(out, *out_len, "out"));
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

// The JSON text of the Object that parse (Monero's bool-and-error form) reads
// from the blob; EDECODE with `what` and the parser's reason when it does not.
template <typename Object, typename Parse>
int to_json(const char *fn, const char *what, Parse parse, const uint8_t *blob, size_t len, char *out,
            size_t *out_len) {
  if (const int rc = check_blob_out(fn, blob, len, out, out_len); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    Object object;
    std::string error;
    if (!parse(cncrypto::byte_span(blob, len), object, &error)) return fail_with(failure::decode, fn, {what, error});
    return put_json(fn, cryptonote::obj_to_json_str(object), out, out_len);
  });
}

bool parse_complete(cncrypto::byte_span blob, cryptonote::transaction &tx, std::string *error) {
  return cryptonote::parse_and_validate_tx_from_blob(blob, tx, error);
}
bool parse_pruned(cncrypto::byte_span blob, cryptonote::transaction &tx, std::string *error) {
  return cncrypto::parse_and_validate_tx_base_from_blob_strict(blob, tx, error);
}
bool parse_block(cncrypto::byte_span blob, cryptonote::block &b, std::string *error) {
  return cryptonote::parse_and_validate_block_from_blob(blob, b, error);
}

}  // namespace

extern "C" {

int cncrypto_tx_to_json(const uint8_t *blob, size_t len, char *out, size_t *out_len) {
  return to_json<cryptonote::transaction>("tx_to_json", "not a complete transaction: ", parse_complete, blob, len, out,
                                          out_len);
}

int cncrypto_pruned_tx_to_json(const uint8_t *blob, size_t len, char *out, size_t *out_len) {
  return to_json<cryptonote::transaction>("pruned_tx_to_json", "not a pruned transaction: ", parse_pruned, blob, len,
                                          out, out_len);
}

int cncrypto_block_to_json(const uint8_t *blob, size_t len, char *out, size_t *out_len) {
  return to_json<cryptonote::block>("block_to_json", "not a block: ", parse_block, blob, len, out, out_len);
}

int cncrypto_tx_prune(const uint8_t *blob, size_t len, uint8_t *out, size_t *out_len) {
  constexpr const char *fn = "tx_prune";
  if (const int rc = check_blob_out(fn, blob, len, out, out_len); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    cryptonote::transaction tx;
    std::string error;
    if (!parse_complete(cncrypto::byte_span(blob, len), tx, &error))
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
