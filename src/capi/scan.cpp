// cncrypto.h: wallet scanning (cryptonote/wallet_scan.h, cryptonote/account.h).
//
// A cncrypto_scan_context is an account (the keys; secret_key wipes itself) and
// its subaddress table. Scanning parses the blobs, runs
// cncrypto::scan_transactions (the batched scanner, also for one transaction)
// and copies its owned outputs into the caller's fixed-size records.
#include <cstddef>
#include <cstring>
#include <memory>
#include <vector>

#include "boundary.h"
#include "common/binary_reader.h"  // cncrypto::parse_error
#include "crypto/crypto-ops.h"     // sc_check
#include "cryptonote/account.h"
#include "cryptonote/serialization.h"
#include "cryptonote/wallet_scan.h"
#include "main_address.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

struct cncrypto_scan_context {
  cryptonote::account_base account;
  cncrypto::subaddress_map table;
};

static_assert(sizeof(cncrypto_owned_output) == CNCRYPTO_OWNED_OUTPUT_BYTES, "the documented record size");
static_assert(offsetof(cncrypto_owned_output, amount) == 160 && offsetof(cncrypto_owned_output, major) == 184 &&
                  offsetof(cncrypto_owned_output, tx_pub_key_index) == 196,
              "the documented offsets");

namespace {

// The most entries a table may have (cncrypto::add_subaddresses' limit).
constexpr std::uint64_t max_table = std::uint64_t(1) << 24;

// The table may take `added` more entries (EINVAL with the limit otherwise).
int check_table(const char *fn, std::size_t size, std::uint64_t added) {
  if (added > max_table || size + added > max_table)
    return fail_with(failure::bad_argument, fn,
                     {"the subaddress table would have ", num(std::uint64_t(size) + added),
                      " entries, above the limit ", num(max_table), " (2^24)"});
  return CNCRYPTO_OK;
}

// Adds keys[k] -> indexes[k] to the table, all or nothing.
void add_all(cncrypto_scan_context &ctx, const std::vector<crypto::public_key> &keys,
             const std::vector<cryptonote::subaddress_index> &indexes) {
  cncrypto::subaddress_map table = ctx.table;  // the copy takes the new entries; swapped in when complete
  for (std::size_t k = 0; k < keys.size(); ++k) table.emplace(keys[k], indexes[k]);
  ctx.table.swap(table);
}

void fill(cncrypto_owned_output &r, const cncrypto::owned_output &o, const cncrypto::scanned_transaction &t,
          std::size_t tx_index) {
  std::memset(&r, 0, sizeof r);
  std::memcpy(r.tx_hash, t.tx_hash.data, 32);
  std::memcpy(r.output_key, o.out_key.data, 32);
  if (o.key_image_known) std::memcpy(r.key_image, o.key_image.data, 32);
  std::memcpy(r.mask, o.mask.bytes, 32);
  r.amount = o.amount_decoded ? o.amount : 0;
  r.tx_index = tx_index;
  r.output_index = o.output_index;
  r.major = o.received_index.major;
  r.minor = o.received_index.minor;
  r.tx_pub_key_index = static_cast<std::uint32_t>(o.tx_pub_key_index);
  r.flags = (o.amount_decoded ? CNCRYPTO_OWNED_AMOUNT : 0u) | (o.key_image_known ? CNCRYPTO_OWNED_KEY_IMAGE : 0u) |
            (o.additional_key ? CNCRYPTO_OWNED_ADDITIONAL_KEY : 0u);
  const cncrypto::scan_result &s = t.result;
  if (s.has_short_payment_id) {
    std::memcpy(r.payment_id, s.short_payment_id.data, 8);
    r.flags |= CNCRYPTO_OWNED_SHORT_PAYMENT_ID;
  } else if (s.has_long_payment_id) {
    std::memcpy(r.payment_id, s.long_payment_id.data, 32);
    r.flags |= CNCRYPTO_OWNED_LONG_PAYMENT_ID;
  }
}

// Parses count blobs (back to back, lens[i] bytes each), scans them and writes
// the records by the two-call convention.
// pruned: the blobs are pruned transactions (prefix || RingCT base), tx_hashes
// (count x 32 bytes, or NULL) their ids.
int scan(const char *fn, const cncrypto_scan_context &ctx, const uint8_t *blobs, const size_t *lens, std::size_t count,
         unsigned threads, cncrypto_owned_output *out, size_t *out_count, bool pruned = false,
         const uint8_t *tx_hashes = nullptr) {
  std::vector<cryptonote::transaction> txs(count);
  std::size_t at = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const cncrypto::byte_span blob(blobs + at, lens[i]);
    try {
      txs[i] = pruned ? cncrypto::parse_pruned_transaction(blob) : cncrypto::parse_transaction(blob);
    } catch (const cncrypto::parse_error &e) {  // EDECODE, as boundary.cpp's row, with the blob's index
      return fail_with(
          failure::decode, fn,
          {"blob ", num(i), pruned ? " is not a pruned transaction: " : " is not a complete transaction: ", e.what()});
    }
    at += lens[i];
  }
  std::vector<crypto::hash> ids;
  if (tx_hashes != nullptr) {
    ids.resize(count);
    if (count != 0) std::memcpy(static_cast<void *>(ids.data()), tx_hashes, 32 * count);
  }
  const std::vector<cncrypto::scanned_transaction> scanned = cncrypto::scan_transactions(
      txs.data(), count, ctx.account.get_keys(), ctx.table, threads, tx_hashes != nullptr ? ids.data() : nullptr);
  std::size_t found = 0;
  for (const cncrypto::scanned_transaction &t : scanned) found += t.result.outputs.size();
  if (const int rc = fits(fn, "out", "records", found, out_count); rc != CNCRYPTO_OK) return rc;
  std::size_t n = 0;
  for (std::size_t i = 0; i < scanned.size(); ++i)
    for (const cncrypto::owned_output &o : scanned[i].result.outputs) fill(out[n++], o, scanned[i], i);
  *out_count = n;
  return CNCRYPTO_OK;
}

}  // namespace

extern "C" {

int cncrypto_scan_context_create(const uint8_t view_secret_key[32], const uint8_t spend_public_key[32],
                                 const uint8_t *spend_secret_key, cncrypto_scan_context **ctx) {
  if (ctx == nullptr) return fail(failure::bad_argument, "scan_context_create", "ctx is NULL");
  *ctx = nullptr;
  if (const int rc = check_args("scan_context_create", need(view_secret_key, "view_secret_key"),
                                need(spend_public_key, "spend_public_key"));
      rc != CNCRYPTO_OK)
    return rc;
  if (spend_secret_key != nullptr && sc_check(spend_secret_key) != 0)
    return fail(failure::decode, "scan_context_create", "spend_secret_key is not a reduced scalar (>= L)");
  return guard("scan_context_create", [&] {
    cryptonote::account_public_address address;
    if (const int rc = main_address("scan_context_create", view_secret_key, spend_public_key, address);
        rc != CNCRYPTO_OK)
      return rc;
    const crypto::secret_key &view = in<crypto::secret_key>(view_secret_key);
    auto made = std::make_unique<cncrypto_scan_context>();
    if (spend_secret_key != nullptr)  // std::invalid_argument (EINVAL) when b*G != B
      made->account.create_from_keys(address, in<crypto::secret_key>(spend_secret_key), view);
    else
      made->account.create_from_viewkey(address, view);
    made->table.emplace(address.m_spend_public_key, cryptonote::subaddress_index{0, 0});
    *ctx = made.release();
    return CNCRYPTO_OK;
  });
}

int cncrypto_scan_context_destroy(cncrypto_scan_context *ctx) {
  delete ctx;  // the account's secret keys wipe themselves
  return CNCRYPTO_OK;
}

int cncrypto_scan_context_add_subaddress_range(cncrypto_scan_context *ctx, uint32_t major_begin, uint32_t major_end,
                                               uint32_t minor_begin, uint32_t minor_end) {
  constexpr const char *fn = "scan_context_add_subaddress_range";
  if (ctx == nullptr) return fail(failure::bad_argument, fn, "ctx is NULL");
  if (major_end < major_begin)
    return fail_with(failure::bad_argument, fn, {"major_end ", num(major_end), " < major_begin ", num(major_begin)});
  if (minor_end < minor_begin)
    return fail_with(failure::bad_argument, fn, {"minor_end ", num(minor_end), " < minor_begin ", num(minor_begin)});
  const std::uint64_t added = std::uint64_t(major_end - major_begin) * (minor_end - minor_begin);
  if (const int rc = check_table(fn, ctx->table.size(), added); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    std::vector<crypto::public_key> keys;
    std::vector<cryptonote::subaddress_index> indexes;
    keys.reserve(added);
    indexes.reserve(added);
    for (std::uint32_t major = major_begin; major < major_end; ++major) {
      const std::vector<crypto::public_key> row =
          cncrypto::get_subaddress_spend_public_keys(ctx->account.get_keys(), major, minor_begin, minor_end);
      keys.insert(keys.end(), row.begin(), row.end());
      for (std::uint32_t minor = minor_begin; minor < minor_end; ++minor) indexes.push_back({major, minor});
    }
    add_all(*ctx, keys, indexes);
    return CNCRYPTO_OK;
  });
}

int cncrypto_scan_context_add_subaddresses(cncrypto_scan_context *ctx, const uint32_t *indexes, size_t count) {
  constexpr const char *fn = "scan_context_add_subaddresses";
  if (const int rc = check_args(fn, need(ctx, "ctx"), need(indexes, count, "indexes")); rc != CNCRYPTO_OK) return rc;
  if (const int rc = check_table(fn, ctx->table.size(), count); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    const cryptonote::account_keys &keys = ctx->account.get_keys();
    std::vector<crypto::public_key> spend_keys(count);
    std::vector<cryptonote::subaddress_index> list(count);
    for (std::size_t k = 0; k < count; ++k) {
      list[k] = {indexes[2 * k], indexes[2 * k + 1]};
      spend_keys[k] = cncrypto::get_subaddress_spend_public_key(keys.m_account_address.m_spend_public_key,
                                                                keys.m_view_secret_key, list[k]);
    }
    add_all(*ctx, spend_keys, list);
    return CNCRYPTO_OK;
  });
}

int cncrypto_scan_context_subaddress_count(const cncrypto_scan_context *ctx, size_t *count) {
  if (const int rc = check_args("scan_context_subaddress_count", need(ctx, "ctx"), need(count, "count"));
      rc != CNCRYPTO_OK)
    return rc;
  *count = ctx->table.size();
  return CNCRYPTO_OK;
}

int cncrypto_scan_tx(const cncrypto_scan_context *ctx, const uint8_t *blob, size_t len, cncrypto_owned_output *out,
                     size_t *out_count) {
  if (const int rc = check_args("scan_tx", need(ctx, "ctx"), need(blob, len, "blob"), need(out_count, "out_count"));
      rc != CNCRYPTO_OK)
    return rc;
  if (const int rc = check_args("scan_tx", need(out, *out_count, "out")); rc != CNCRYPTO_OK) return rc;
  return guard("scan_tx", [&] { return scan("scan_tx", *ctx, blob, &len, 1, 1, out, out_count); });
}

int cncrypto_scan_txs(const cncrypto_scan_context *ctx, const uint8_t *blobs, const size_t *lens, size_t count,
                      unsigned threads, cncrypto_owned_output *out, size_t *out_count) {
  if (const int rc = check_args("scan_txs", need(ctx, "ctx"), need(lens, count, "lens"), need(out_count, "out_count"));
      rc != CNCRYPTO_OK)
    return rc;
  if (const int rc = check_args("scan_txs", need(out, *out_count, "out")); rc != CNCRYPTO_OK) return rc;
  if (threads > 256)
    return fail_with(failure::bad_argument, "scan_txs", {"threads ", num(threads), " above the limit 256"});
  std::size_t total = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (lens[i] > SIZE_MAX - total)
      return fail_with(failure::bad_argument, "scan_txs", {"the lengths' sum overflows size_t at lens[", num(i), "]"});
    total += lens[i];
  }
  if (const int rc = check_args("scan_txs", need(blobs, total, "blobs")); rc != CNCRYPTO_OK) return rc;
  return guard("scan_txs", [&] { return scan("scan_txs", *ctx, blobs, lens, count, threads, out, out_count); });
}

int cncrypto_scan_pruned_txs(const cncrypto_scan_context *ctx, const uint8_t *blobs, const size_t *lens, size_t count,
                             const uint8_t *tx_hashes, unsigned threads, cncrypto_owned_output *out,
                             size_t *out_count) {
  constexpr const char *fn = "scan_pruned_txs";
  if (const int rc = check_args(fn, need(ctx, "ctx"), need(lens, count, "lens"), need(out_count, "out_count"));
      rc != CNCRYPTO_OK)
    return rc;
  if (const int rc = check_args(fn, need(out, *out_count, "out")); rc != CNCRYPTO_OK) return rc;
  if (threads > 256) return fail_with(failure::bad_argument, fn, {"threads ", num(threads), " above the limit 256"});
  if (count > SIZE_MAX / 32)
    return fail_with(failure::bad_argument, fn, {"count ", num(count), " times 32 bytes overflows size_t"});
  std::size_t total = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (lens[i] > SIZE_MAX - total)
      return fail_with(failure::bad_argument, fn, {"the lengths' sum overflows size_t at lens[", num(i), "]"});
    total += lens[i];
  }
  if (const int rc = check_args(fn, need(blobs, total, "blobs")); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] { return scan(fn, *ctx, blobs, lens, count, threads, out, out_count, true, tx_hashes); });
}

}  // extern "C"
