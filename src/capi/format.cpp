// cncrypto.h: transactions and blocks from their blobs (cryptonote/*.h), and
// the daemon's checks of a transaction (cryptonote/tx_verification.h).
#include <boost/variant/get.hpp>
#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <vector>

#include "boundary.h"
#include "cryptonote/block_pow.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/tx_verification.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

namespace {

// EDECODE for a blob Monero's parse refuses, with the parser's reason (the
// library's strict parse says where it stops; Monero's bool does not).
int not_a_tx(const char *fn, const uint8_t *blob, size_t len) {
  try {
    (void)cncrypto::parse_transaction(cncrypto::byte_span(blob, len));
  } catch (const std::bad_alloc &) {
    return fail(failure::no_memory, fn, "out of memory");
  } catch (const std::exception &e) {
    return fail_with(failure::decode, fn, {"not a complete transaction: ", e.what()});
  }
  return fail(failure::decode, fn, "not a complete transaction (Monero's parse_and_validate_tx_from_blob refuses it)");
}

void put(const crypto::hash &h, uint8_t out[32]) { std::memcpy(out, h.data, 32); }

// The transaction id and prefix hash of a blob, as Monero's
// parse_and_validate_tx_from_blob(blob, tx, hash, prefix_hash).
int tx_hashes(const char *fn, const uint8_t *blob, size_t len, uint8_t *id, uint8_t *prefix) {
  if (const int rc = check_args(fn, need(blob, len, "blob")); rc != CNCRYPTO_OK) return rc;
  return guard(fn, [&] {
    cryptonote::transaction tx;
    crypto::hash h, ph;
    if (!cryptonote::parse_and_validate_tx_from_blob(cncrypto::byte_span(blob, len), tx, h, ph))
      return not_a_tx(fn, blob, len);
    if (id != nullptr) put(h, id);
    if (prefix != nullptr) put(ph, prefix);
    return CNCRYPTO_OK;
  });
}

// The ring sizes of tx's inputs (0 for an input that is not txin_to_key).
std::vector<std::size_t> ring_sizes(const cryptonote::transaction &tx) {
  std::vector<std::size_t> sizes;
  for (const cryptonote::txin_v &input : tx.vin) {
    const auto *to_key = boost::get<cryptonote::txin_to_key>(&input);
    sizes.push_back(to_key != nullptr ? to_key->key_offsets.size() : 0);
  }
  return sizes;
}

// check_tx_v1 / check_tx_v2 with the caller's members (64 bytes each: output
// key || commitment), input by input; false for another version.
bool check_with_rings(const cryptonote::transaction &tx, const std::vector<std::size_t> &sizes,
                      const uint8_t *members) {
  std::size_t at = 0;
  if (tx.version == 1) {
    std::vector<std::vector<crypto::public_key>> rings(sizes.size());
    for (std::size_t i = 0; i < sizes.size(); ++i)
      for (std::size_t j = 0; j < sizes[i]; ++j, ++at) rings[i].push_back(in<crypto::public_key>(members + 64 * at));
    return cncrypto::check_tx_v1(tx, rings);
  }
  if (tx.version != 2) return false;
  std::vector<rct::ctkeyV> rings(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i)
    for (std::size_t j = 0; j < sizes[i]; ++j, ++at)
      rings[i].push_back({in<rct::key>(members + 64 * at), in<rct::key>(members + 64 * at + 32)});
  return cncrypto::check_tx_v2(tx, rings);
}

}  // namespace

extern "C" {

int cncrypto_tx_hash(const uint8_t *blob, size_t len, uint8_t hash[32]) {
  if (hash == nullptr) return fail(failure::bad_argument, "tx_hash", "hash is NULL");
  return tx_hashes("tx_hash", blob, len, hash, nullptr);
}

int cncrypto_tx_prefix_hash(const uint8_t *blob, size_t len, uint8_t hash[32]) {
  if (hash == nullptr) return fail(failure::bad_argument, "tx_prefix_hash", "hash is NULL");
  return tx_hashes("tx_prefix_hash", blob, len, nullptr, hash);
}

int cncrypto_block_id(const uint8_t *blob, size_t len, uint8_t id[32]) {
  if (const int rc = check_args("block_id", need(blob, len, "blob"), need(id, "id")); rc != CNCRYPTO_OK) return rc;
  return guard("block_id", [&] {
    cryptonote::block b;
    crypto::hash h;
    if (!cryptonote::parse_and_validate_block_from_blob(cncrypto::byte_span(blob, len), b, &h))
      return fail(failure::decode, "block_id", "not a block (Monero's parse_and_validate_block_from_blob refuses it)");
    // Monero's parse gives true and the null hash for a block refused by the
    // block 202612 rule: no block has that id, so it is a decoding failure here.
    if (h == crypto::null_hash)
      return fail(failure::decode, "block_id", "Monero gives this block the null id (the block 202612 rule)");
    put(h, id);
    return CNCRYPTO_OK;
  });
}

int cncrypto_block_pow_hash(const uint8_t *blob, size_t len, const uint8_t *seed_hash, uint8_t hash[32]) {
  if (const int rc = check_args("block_pow_hash", need(blob, len, "blob"), need(hash, "hash")); rc != CNCRYPTO_OK)
    return rc;
  if (!CNCRYPTO_C_WITH_POW)  // a wallet build (CNCRYPTO_WITH_POW=OFF)
    return fail(failure::unsupported, "block_pow_hash", "proof of work is not in this build (CNCRYPTO_WITH_POW=OFF)");
  return guard("block_pow_hash", [&] {
    crypto::hash seed;
    if (seed_hash != nullptr) std::memcpy(seed.data, seed_hash, 32);
    const cncrypto::block_pow pow = cncrypto::get_block_pow_from_blob(cncrypto::byte_span(blob, len), std::nullopt,
                                                                      seed_hash != nullptr ? &seed : nullptr);
    put(pow.hash, hash);
    return CNCRYPTO_OK;
  });
}

int cncrypto_check_tx_semantics(const uint8_t *blob, size_t len) {
  if (const int rc = check_args("check_tx_semantics", need(blob, len, "blob")); rc != CNCRYPTO_OK) return rc;
  return guard("check_tx_semantics", [&] {
    const cryptonote::transaction tx = cncrypto::parse_transaction(cncrypto::byte_span(blob, len));
    const bool ok = tx.version == 1 ? cncrypto::check_tx_semantics_v1(tx) : cncrypto::check_tx_semantics_v2(tx);
    return from_bool(ok, failure::verify, "check_tx_semantics",
                     "the transaction fails Monero's semantic checks (check_tx_semantics)");
  });
}

int cncrypto_check_tx(const uint8_t *blob, size_t len, const uint8_t *ring_members, size_t member_count) {
  if (const int rc = check_args("check_tx", need(blob, len, "blob"), need(ring_members, member_count, "ring_members"));
      rc != CNCRYPTO_OK)
    return rc;
  if (member_count > SIZE_MAX / 64)
    return fail_with(failure::bad_argument, "check_tx",
                     {"member_count ", num(member_count), " times 64 bytes overflows size_t"});
  return guard("check_tx", [&] {
    const cryptonote::transaction tx = cncrypto::parse_transaction(cncrypto::byte_span(blob, len));
    const std::vector<std::size_t> sizes = ring_sizes(tx);
    std::size_t total = 0;
    for (const std::size_t n : sizes) total += n;  // bounded by the blob's bytes
    if (total != member_count)
      return fail_with(failure::bad_argument, "check_tx",
                       {"member_count ", num(member_count), " is not the transaction's ", num(total), " ring members"});
    return from_bool(check_with_rings(tx, sizes, ring_members), failure::verify, "check_tx",
                     "the transaction does not verify with these ring members (signatures, range proofs or balance)");
  });
}

}  // extern "C"
