// cncrypto.h: wallet scanning (cryptonote/wallet_scan.h, cryptonote/account.h).
//
// A cncrypto_scan_context is a wallet's keys and its subaddress table, in one
// of two forms, told apart by the first 8 bytes (`form`):
//   - heap (cncrypto_scan_context_create): an account_base (the keys; secret_key
//     wipes itself) and a growing cncrypto::subaddress_map;
//   - caller memory (cncrypto_scan_context_init): plain bytes in the caller's
//     buffer (fixed_context: the keys, then a fixed-capacity table of 40-byte
//     entries sorted by key); no allocation of its own. Its scans copy the
//     keys into an account_keys for the call and look subaddresses up by
//     binary search in the table in place (fixed_lookup: no copy of the table,
//     O(log entries) per lookup).
// Scanning parses the blobs, runs cncrypto::scan_transactions (the batched
// scanner, also for one transaction) with the table as a
// cncrypto::subaddress_lookup and copies its owned outputs into the caller's
// fixed-size records.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <unordered_set>
#include <vector>

#include "boundary.h"
#include "common/binary_reader.h"  // cncrypto::parse_error
#include "crypto/crypto-ops.h"     // sc_check
#include "cryptonote/account.h"
#include "cryptonote/serialization.h"
#include "cryptonote/wallet_scan.h"
#include "main_address.h"
#include "memwipe.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

// The common start of both forms: which one it is (0 or any other value: not a
// live context).
struct cncrypto_scan_context {
  std::uint64_t form;
};

static_assert(sizeof(cncrypto_owned_output) == CNCRYPTO_OWNED_OUTPUT_BYTES, "the documented record size");
static_assert(offsetof(cncrypto_owned_output, amount) == 160 && offsetof(cncrypto_owned_output, major) == 184 &&
                  offsetof(cncrypto_owned_output, tx_pub_key_index) == 196,
              "the documented offsets");

namespace {

constexpr std::uint64_t heap_form = 0x63'6e'73'63'61'6e'68'70ULL;   // "cnscanhp"
constexpr std::uint64_t fixed_form = 0x63'6e'73'63'61'6e'66'78ULL;  // "cnscanfx"

// The heap form.
struct heap_context : cncrypto_scan_context {
  cryptonote::account_base account;
  cncrypto::subaddress_map table;
};

// The live heap contexts (made by cncrypto_scan_context_create, not yet
// destroyed), by address: cncrypto_scan_context_init refuses one of them
// without reading the caller's memory (which may be uninitialised). One per
// process, never destroyed (a destroy may run after static destructors).
class heap_registry {
 public:
  static heap_registry &instance() {
    static heap_registry *const registry = new heap_registry;
    return *registry;
  }
  void add(const cncrypto_scan_context *ctx) {  // std::bad_alloc
    const std::lock_guard<std::mutex> hold(lock_);
    live_.insert(ctx);
  }
  void remove(const cncrypto_scan_context *ctx) {
    const std::lock_guard<std::mutex> hold(lock_);
    live_.erase(ctx);
  }
  bool has(const cncrypto_scan_context *ctx) {
    const std::lock_guard<std::mutex> hold(lock_);
    return live_.count(ctx) != 0;
  }

 private:
  std::mutex lock_;
  std::unordered_set<const cncrypto_scan_context *> live_;
};

// The caller-memory form: trivially copyable bytes at the start of the caller's
// buffer (alignment CNCRYPTO_SCAN_CONTEXT_ALIGN), `capacity` table entries
// after it, the first `count` of them in use, sorted by key (memcmp).
struct fixed_entry {
  std::uint8_t key[32];  // a subaddress spend public key
  std::uint32_t major, minor;
};
struct fixed_context : cncrypto_scan_context {
  std::uint64_t capacity;
  std::uint64_t count;
  std::uint64_t reserved;  // zero (keeps the 160-byte header; watch-only is spend_secret all zero)
  std::uint8_t spend_public[32], view_public[32];
  std::uint8_t spend_secret[32], view_secret[32];  // secret: wiped by cncrypto_scan_context_clear
  fixed_entry *entries() noexcept { return reinterpret_cast<fixed_entry *>(this + 1); }
  const fixed_entry *entries() const noexcept { return reinterpret_cast<const fixed_entry *>(this + 1); }
};
static_assert(sizeof(fixed_entry) == 40 && sizeof(fixed_context) % alignof(fixed_context) == 0 &&
                  alignof(fixed_context) <= CNCRYPTO_SCAN_CONTEXT_ALIGN && alignof(fixed_entry) <= alignof(fixed_context),
              "the documented layout: entries of 40 bytes right after the header");
constexpr std::size_t fixed_header_bytes = sizeof(fixed_context);
static_assert(fixed_header_bytes == 160, "cncrypto.h: cncrypto_scan_context_statebytes = 160 + 40 * capacity");
// The bytes of a caller-memory context holding capacity entries (cncrypto.h's 160 + 40 * capacity).
constexpr std::size_t state_bytes(std::uint64_t capacity) {
  return fixed_header_bytes + sizeof(fixed_entry) * static_cast<std::size_t>(capacity);
}

bool key_less(const fixed_entry &a, const fixed_entry &b) noexcept { return std::memcmp(a.key, b.key, 32) < 0; }

// The most entries a table may have (cncrypto::add_subaddresses' limit).
constexpr std::uint64_t max_table = std::uint64_t(1) << 24;

// The live context of ctx (either form), or null with EINVAL's detail set in rc.
const cncrypto_scan_context *live(const char *fn, const cncrypto_scan_context *ctx, int &rc) {
  if (ctx == nullptr) {
    rc = fail(failure::bad_argument, fn, "ctx is NULL");
    return nullptr;
  }
  if (ctx->form != heap_form && ctx->form != fixed_form) {
    rc = fail(failure::bad_argument, fn,
              "ctx is not a scan context (cncrypto_scan_context_create or _init), or was destroyed or cleared");
    return nullptr;
  }
  rc = CNCRYPTO_OK;
  return ctx;
}
const heap_context *as_heap(const cncrypto_scan_context *ctx) {
  return ctx->form == heap_form ? static_cast<const heap_context *>(ctx) : nullptr;
}
const fixed_context *as_fixed(const cncrypto_scan_context *ctx) {
  return ctx->form == fixed_form ? static_cast<const fixed_context *>(ctx) : nullptr;
}

std::size_t table_size(const cncrypto_scan_context &ctx) {
  if (const heap_context *h = as_heap(&ctx)) return h->table.size();
  return static_cast<std::size_t>(as_fixed(&ctx)->count);
}

// The table may take `added` more entries (EINVAL with the limit otherwise).
int check_table(const char *fn, std::size_t size, std::uint64_t added) {
  if (added > max_table || size + added > max_table)
    return fail_with(failure::bad_argument, fn,
                     {"the subaddress table would have ", num(std::uint64_t(size) + added),
                      " entries, above the limit ", num(max_table), " (2^24)"});
  return CNCRYPTO_OK;
}

// The keys of a caller-memory context (the secrets wipe themselves with it).
cryptonote::account_keys keys_of(const fixed_context &f) {
  cryptonote::account_keys keys;
  std::memcpy(keys.m_account_address.m_spend_public_key.data, f.spend_public, 32);
  std::memcpy(keys.m_account_address.m_view_public_key.data, f.view_public, 32);
  std::memcpy(keys.m_spend_secret_key.data, f.spend_secret, 32);
  std::memcpy(keys.m_view_secret_key.data, f.view_secret, 32);
  return keys;
}

// A caller-memory table as the scanner reads it: binary search over the
// sorted entries in place (memcmp order, as add_all keeps them).
class fixed_lookup final : public cncrypto::subaddress_lookup {
 public:
  explicit fixed_lookup(const fixed_context &f) noexcept : f_(f) {}
  boost::optional<cryptonote::subaddress_index> find(const crypto::public_key &spend_key) const override {
    const fixed_entry *const begin = f_.entries(), *const end = begin + f_.count;
    const fixed_entry *const at =
        std::lower_bound(begin, end, spend_key, [](const fixed_entry &e, const crypto::public_key &key) {
          return std::memcmp(e.key, key.data, 32) < 0;
        });
    if (at == end || std::memcmp(at->key, spend_key.data, 32) != 0) return boost::none;
    return cryptonote::subaddress_index{at->major, at->minor};
  }

 private:
  const fixed_context &f_;
};

// Runs use(keys, table) with the context's account keys and subaddress table
// (a caller-memory context's keys are copied for the call, its table is read
// in place).
template <typename Use>
int with_wallet(const cncrypto_scan_context &ctx, Use use) {
  if (const heap_context *h = as_heap(&ctx))
    return use(h->account.get_keys(), cncrypto::subaddress_map_lookup(h->table));
  const fixed_context &f = *as_fixed(&ctx);
  const cryptonote::account_keys keys = keys_of(f);
  return use(keys, fixed_lookup(f));
}

// Runs use(keys) with the context's account keys (with_wallet without the table).
template <typename Use>
int with_keys(const cncrypto_scan_context &ctx, Use use) {
  return with_wallet(ctx, [&](const cryptonote::account_keys &keys, const cncrypto::subaddress_lookup &) {
    return use(keys);
  });
}

// ESIZE for a caller-memory table that would need `needed` entries (above its
// capacity), with the bytes a context of that capacity takes.
int fail_capacity(const char *fn, const fixed_context &f, std::uint64_t needed) {
  const std::string unit =
      "entries (cncrypto_scan_context_statebytes(" + std::to_string(needed) + ") = " +
      std::to_string(state_bytes(needed)) + " bytes)";
  return fail_size(fn, "ctx's subaddress table", unit.c_str(), static_cast<std::size_t>(needed),
                   static_cast<std::size_t>(f.capacity));
}

// Adds keys[k] -> indexes[k] to the table, all or nothing; a key already there
// keeps its entry (std::unordered_map::emplace). A caller-memory table that
// cannot take the new keys is ESIZE.
int add_all(const char *fn, cncrypto_scan_context &ctx, const std::vector<crypto::public_key> &keys,
            const std::vector<cryptonote::subaddress_index> &indexes) {
  if (ctx.form == heap_form) {
    heap_context &h = static_cast<heap_context &>(ctx);
    cncrypto::subaddress_map table = h.table;  // the copy takes the new entries; swapped in when complete
    for (std::size_t k = 0; k < keys.size(); ++k) table.emplace(keys[k], indexes[k]);
    h.table.swap(table);
    return CNCRYPTO_OK;
  }
  fixed_context &f = static_cast<fixed_context &>(ctx);
  fixed_entry *const table = f.entries();
  const std::size_t count = static_cast<std::size_t>(f.count);
  std::vector<fixed_entry> fresh;  // the new keys, sorted, first of equal keys kept, none already in the table
  fresh.reserve(keys.size());
  for (std::size_t k = 0; k < keys.size(); ++k) {
    fixed_entry e;
    std::memcpy(e.key, keys[k].data, 32);
    e.major = indexes[k].major;
    e.minor = indexes[k].minor;
    if (!std::binary_search(table, table + count, e, key_less)) fresh.push_back(e);
  }
  std::stable_sort(fresh.begin(), fresh.end(), key_less);
  fresh.erase(std::unique(fresh.begin(), fresh.end(),
                          [](const fixed_entry &a, const fixed_entry &b) { return !key_less(a, b) && !key_less(b, a); }),
              fresh.end());
  if (fresh.size() > f.capacity - count) return fail_capacity(fn, f, count + fresh.size());
  std::copy(fresh.begin(), fresh.end(), table + count);
  std::inplace_merge(table, table + count, table + count + fresh.size(), key_less);
  f.count = count + fresh.size();
  return CNCRYPTO_OK;
}

// The entries a caller-memory table would hold after adding the `added`
// subaddresses [major_begin, major_end) x [minor_begin, minor_end), counted
// from the indexes alone, before any key is derived: an entry whose index is in
// the range holds that index's key (derived from the same account keys) and
// does not count twice. Never above what add_all then counts (an entry of
// the range with another key would only make add_all count more; a range key
// in the table under an index outside the range would be a collision of
// subaddress keys), so a refusal on this count is the refusal add_all gives.
std::uint64_t entries_after_range(const fixed_context &f, std::uint32_t major_begin, std::uint32_t major_end,
                                  std::uint32_t minor_begin, std::uint32_t minor_end, std::uint64_t added) {
  const fixed_entry *const e = f.entries();
  std::uint64_t inside = 0;
  for (std::uint64_t i = 0; i < f.count; ++i)
    inside += static_cast<std::uint64_t>(e[i].major >= major_begin && e[i].major < major_end &&
                                         e[i].minor >= minor_begin && e[i].minor < minor_end);
  return f.count + added - inside;
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
  // crypto::hash is 32 bytes of alignment 1: the caller's ids are read in place.
  static_assert(sizeof(crypto::hash) == 32 && alignof(crypto::hash) == 1, "viewed in place");
  const auto *ids = reinterpret_cast<const crypto::hash *>(tx_hashes);
  return with_wallet(ctx, [&](const cryptonote::account_keys &keys, const cncrypto::subaddress_lookup &table) {
    const std::vector<cncrypto::scanned_transaction> scanned =
        cncrypto::scan_transactions(txs.data(), count, keys, table, threads, ids);
    std::size_t found = 0;
    for (const cncrypto::scanned_transaction &t : scanned) found += t.result.outputs.size();
    if (const int rc = fits(fn, "out", "records", found, out_count); rc != CNCRYPTO_OK) return rc;
    std::size_t n = 0;
    for (std::size_t i = 0; i < scanned.size(); ++i)
      for (const cncrypto::owned_output &o : scanned[i].result.outputs) fill(out[n++], o, scanned[i], i);
    *out_count = n;
    return CNCRYPTO_OK;
  });
}

// The checks of the batch calls (cncrypto_scan_txs, _pruned_txs): ctx, lens,
// out/out_count, threads, and blobs holding the lengths' sum.
int check_batch(const char *fn, const cncrypto_scan_context *ctx, const uint8_t *blobs, const size_t *lens,
                size_t count, unsigned threads, const cncrypto_owned_output *out, const size_t *out_count) {
  int rc = CNCRYPTO_OK;
  if (live(fn, ctx, rc) == nullptr) return rc;
  if ((rc = check_args(fn, need(lens, count, "lens"), need(out_count, "out_count"))) != CNCRYPTO_OK) return rc;
  if ((rc = check_args(fn, need(out, *out_count, "out"))) != CNCRYPTO_OK) return rc;
  if (threads > 256) return fail_with(failure::bad_argument, fn, {"threads ", num(threads), " above the limit 256"});
  std::size_t total = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (lens[i] > SIZE_MAX - total)
      return fail_with(failure::bad_argument, fn, {"the lengths' sum overflows size_t at lens[", num(i), "]"});
    total += lens[i];
  }
  return check_args(fn, need(blobs, total, "blobs"));
}

// The account of (view_secret_key, spend_public_key[, spend_secret_key]),
// checked as cncrypto_scan_context_create documents, into account.
int make_account(const char *fn, const uint8_t *view_secret_key, const uint8_t *spend_public_key,
                 const uint8_t *spend_secret_key, cryptonote::account_base &account) {
  if (const int rc = check_args(fn, need(view_secret_key, "view_secret_key"), need(spend_public_key, "spend_public_key"));
      rc != CNCRYPTO_OK)
    return rc;
  if (spend_secret_key != nullptr && sc_check(spend_secret_key) != 0)
    return fail(failure::decode, fn, "spend_secret_key is not a reduced scalar (>= L)");
  cryptonote::account_public_address address;
  if (const int rc = main_address(fn, view_secret_key, spend_public_key, address); rc != CNCRYPTO_OK) return rc;
  const crypto::secret_key &view = in<crypto::secret_key>(view_secret_key);
  if (spend_secret_key != nullptr)  // std::invalid_argument (EINVAL) when b*G != B
    account.create_from_keys(address, in<crypto::secret_key>(spend_secret_key), view);
  else
    account.create_from_viewkey(address, view);
  return CNCRYPTO_OK;
}

}  // namespace

extern "C" {

int cncrypto_scan_context_create(const uint8_t view_secret_key[32], const uint8_t spend_public_key[32],
                                 const uint8_t *spend_secret_key, cncrypto_scan_context **ctx) {
  constexpr const char *fn = "scan_context_create";
  if (ctx == nullptr) return fail(failure::bad_argument, fn, "ctx is NULL");
  *ctx = nullptr;
  return guard(fn, [&] {
    auto made = std::make_unique<heap_context>();
    if (const int rc = make_account(fn, view_secret_key, spend_public_key, spend_secret_key, made->account);
        rc != CNCRYPTO_OK)
      return rc;
    made->table.emplace(made->account.get_keys().m_account_address.m_spend_public_key,
                        cryptonote::subaddress_index{0, 0});
    made->form = heap_form;
    heap_registry::instance().add(made.get());  // std::bad_alloc (ENOMEM): made is freed, nothing added
    *ctx = made.release();
    return CNCRYPTO_OK;
  });
}

int cncrypto_scan_context_destroy(cncrypto_scan_context *ctx) {
  if (ctx == nullptr) return CNCRYPTO_OK;
  if (ctx->form == fixed_form)
    return fail(failure::bad_argument, "scan_context_destroy",
                "ctx is in caller memory (cncrypto_scan_context_init): use cncrypto_scan_context_clear");
  if (ctx->form != heap_form)
    return fail(failure::bad_argument, "scan_context_destroy",
                "ctx is not a scan context from cncrypto_scan_context_create (or was destroyed)");
  heap_registry::instance().remove(ctx);
  ctx->form = 0;
  delete static_cast<heap_context *>(ctx);  // the account's secret keys wipe themselves
  return CNCRYPTO_OK;
}

size_t cncrypto_scan_context_align(void) { return CNCRYPTO_SCAN_CONTEXT_ALIGN; }

int cncrypto_scan_context_statebytes(size_t capacity, size_t *bytes) {
  constexpr const char *fn = "scan_context_statebytes";
  if (bytes == nullptr) return fail(failure::bad_argument, fn, "bytes is NULL");
  if (capacity == 0 || capacity > max_table)
    return fail_with(failure::bad_argument, fn,
                     {"capacity ", num(capacity), " outside 1 .. 16777216 (2^24; the main address takes 1)"});
  *bytes = state_bytes(capacity);
  return CNCRYPTO_OK;
}

int cncrypto_scan_context_init(cncrypto_scan_context *ctx, size_t ctx_len, const uint8_t view_secret_key[32],
                               const uint8_t spend_public_key[32], const uint8_t *spend_secret_key) {
  constexpr const char *fn = "scan_context_init";
  if (ctx == nullptr) return fail(failure::bad_argument, fn, "ctx is NULL");
  if (reinterpret_cast<std::uintptr_t>(ctx) % CNCRYPTO_SCAN_CONTEXT_ALIGN != 0)
    return fail(failure::bad_argument, fn, "ctx is not aligned to CNCRYPTO_SCAN_CONTEXT_ALIGN (8) bytes");
  if (ctx_len < state_bytes(1))
    return fail_size(fn, "ctx", "bytes (cncrypto_scan_context_statebytes(1))", state_bytes(1), ctx_len);
  return guard(fn, [&] {
    if (heap_registry::instance().has(ctx))  // its memory is not the caller's: overwriting it would corrupt the heap
      return fail(failure::bad_argument, fn,
                  "ctx is a live context from cncrypto_scan_context_create (pass caller memory; "
                  "free that one with cncrypto_scan_context_destroy)");
    cryptonote::account_base account;
    if (const int rc = make_account(fn, view_secret_key, spend_public_key, spend_secret_key, account);
        rc != CNCRYPTO_OK)
      return rc;
    const cryptonote::account_keys &keys = account.get_keys();
    auto *f = new (ctx) fixed_context{};  // zeroed: a watch-only context's spend_secret stays zero
    f->capacity = std::min<std::uint64_t>((ctx_len - fixed_header_bytes) / sizeof(fixed_entry), max_table);
    std::memcpy(f->spend_public, keys.m_account_address.m_spend_public_key.data, 32);
    std::memcpy(f->view_public, keys.m_account_address.m_view_public_key.data, 32);
    std::memcpy(f->spend_secret, keys.m_spend_secret_key.data, 32);
    std::memcpy(f->view_secret, keys.m_view_secret_key.data, 32);
    fixed_entry &main = f->entries()[0];
    std::memcpy(main.key, f->spend_public, 32);
    main.major = main.minor = 0;
    f->count = 1;
    f->form = fixed_form;
    return CNCRYPTO_OK;
  });
}

int cncrypto_scan_context_clear(cncrypto_scan_context *ctx) {
  constexpr const char *fn = "scan_context_clear";
  if (ctx == nullptr) return fail(failure::bad_argument, fn, "ctx is NULL");
  if (ctx->form == heap_form)
    return fail(failure::bad_argument, fn,
                "ctx is from cncrypto_scan_context_create: use cncrypto_scan_context_destroy");
  if (ctx->form != fixed_form) return CNCRYPTO_OK;  // cleared already (or never initialised: nothing of ours in it)
  fixed_context *f = static_cast<fixed_context *>(ctx);
  memwipe(f, state_bytes(f->capacity));
  return CNCRYPTO_OK;
}

int cncrypto_scan_context_add_subaddress_range(cncrypto_scan_context *ctx, uint32_t major_begin, uint32_t major_end,
                                               uint32_t minor_begin, uint32_t minor_end) {
  constexpr const char *fn = "scan_context_add_subaddress_range";
  int rc = CNCRYPTO_OK;
  if (live(fn, ctx, rc) == nullptr) return rc;
  if (major_end < major_begin)
    return fail_with(failure::bad_argument, fn, {"major_end ", num(major_end), " < major_begin ", num(major_begin)});
  if (minor_end < minor_begin)
    return fail_with(failure::bad_argument, fn, {"minor_end ", num(minor_end), " < minor_begin ", num(minor_begin)});
  const std::uint64_t added = std::uint64_t(major_end - major_begin) * (minor_end - minor_begin);
  if ((rc = check_table(fn, table_size(*ctx), added)) != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    if (const fixed_context *f = as_fixed(ctx)) {  // fail fast, before deriving any key
      const std::uint64_t needed = entries_after_range(*f, major_begin, major_end, minor_begin, minor_end, added);
      if (needed > f->capacity) return fail_capacity(fn, *f, needed);
    }
    std::vector<crypto::public_key> keys;
    std::vector<cryptonote::subaddress_index> indexes;
    keys.reserve(added);
    indexes.reserve(added);
    with_keys(*ctx, [&](const cryptonote::account_keys &account) {
      for (std::uint32_t major = major_begin; major < major_end; ++major) {
        const std::vector<crypto::public_key> row =
            cncrypto::get_subaddress_spend_public_keys(account, major, minor_begin, minor_end);
        keys.insert(keys.end(), row.begin(), row.end());
        for (std::uint32_t minor = minor_begin; minor < minor_end; ++minor) indexes.push_back({major, minor});
      }
      return CNCRYPTO_OK;
    });
    return add_all(fn, *ctx, keys, indexes);
  });
}

int cncrypto_scan_context_add_subaddresses(cncrypto_scan_context *ctx, const uint32_t *indexes, size_t count) {
  constexpr const char *fn = "scan_context_add_subaddresses";
  int rc = CNCRYPTO_OK;
  if (live(fn, ctx, rc) == nullptr) return rc;
  if ((rc = check_args(fn, need(indexes, count, "indexes"))) != CNCRYPTO_OK) return rc;
  if ((rc = check_table(fn, table_size(*ctx), count)) != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    std::vector<crypto::public_key> spend_keys(count);
    std::vector<cryptonote::subaddress_index> list(count);
    with_keys(*ctx, [&](const cryptonote::account_keys &keys) {
      for (std::size_t k = 0; k < count; ++k) {
        list[k] = {indexes[2 * k], indexes[2 * k + 1]};
        spend_keys[k] = cncrypto::get_subaddress_spend_public_key(keys.m_account_address.m_spend_public_key,
                                                                  keys.m_view_secret_key, list[k]);
      }
      return CNCRYPTO_OK;
    });
    return add_all(fn, *ctx, spend_keys, list);
  });
}

int cncrypto_scan_context_subaddress_count(const cncrypto_scan_context *ctx, size_t *count) {
  constexpr const char *fn = "scan_context_subaddress_count";
  int rc = CNCRYPTO_OK;
  if (live(fn, ctx, rc) == nullptr) return rc;
  if ((rc = check_args(fn, need(count, "count"))) != CNCRYPTO_OK) return rc;
  *count = table_size(*ctx);
  return CNCRYPTO_OK;
}

int cncrypto_scan_tx(const cncrypto_scan_context *ctx, const uint8_t *blob, size_t len, cncrypto_owned_output *out,
                     size_t *out_count) {
  constexpr const char *fn = "scan_tx";
  int rc = CNCRYPTO_OK;
  if (live(fn, ctx, rc) == nullptr) return rc;
  if ((rc = check_args(fn, need(blob, len, "blob"), need(out_count, "out_count"))) != CNCRYPTO_OK) return rc;
  if ((rc = check_args(fn, need(out, *out_count, "out"))) != CNCRYPTO_OK) return rc;
  return guard(fn, [&] { return scan(fn, *ctx, blob, &len, 1, 1, out, out_count); });
}

int cncrypto_scan_txs(const cncrypto_scan_context *ctx, const uint8_t *blobs, const size_t *lens, size_t count,
                      unsigned threads, cncrypto_owned_output *out, size_t *out_count) {
  constexpr const char *fn = "scan_txs";
  if (const int rc = check_batch(fn, ctx, blobs, lens, count, threads, out, out_count); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] { return scan(fn, *ctx, blobs, lens, count, threads, out, out_count); });
}

int cncrypto_scan_pruned_txs(const cncrypto_scan_context *ctx, const uint8_t *blobs, const size_t *lens, size_t count,
                             const uint8_t *tx_hashes, unsigned threads, cncrypto_owned_output *out,
                             size_t *out_count) {
  constexpr const char *fn = "scan_pruned_txs";
  if (const int rc = check_batch(fn, ctx, blobs, lens, count, threads, out, out_count); rc != CNCRYPTO_OK) return rc;
  if (count > SIZE_MAX / 32)
    return fail_with(failure::bad_argument, fn, {"count ", num(count), " times 32 bytes overflows size_t"});
  return guard(fn, [&] { return scan(fn, *ctx, blobs, lens, count, threads, out, out_count, true, tx_hashes); });
}

}  // extern "C"
