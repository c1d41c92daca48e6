// Transaction and block ids (spec cryptonote_format.md sections 3, 5, 6.3,
// 6.4, 7; Monero src/cryptonote_basic/cryptonote_format_utils.cpp).
//
// All hashes are cn_fast_hash (Keccak-256, crypto/hash.h) over Monero's
// serialization of the object. Functions taking objects re-serialize them (and
// so throw std::invalid_argument for inconsistent objects, like tx_to_blob);
// the *_from_blob functions parse first (throwing cncrypto::parse_error) and
// hash the original byte ranges, which equal the serialization for every blob
// except those whose final varint is cut off by the end of the blob (accepted
// as Monero accepts them, docs/formats.md): those are hashed from the object,
// as Monero does. Everything is variable time (public data).
#pragma once

#include "crypto/hash.h"
#include "cryptonote/binary_reader.h"
#include "cryptonote/cryptonote_basic.h"
#include "cryptonote/serialization.h"  // parse_and_validate_*_from_blob, where Monero's header has them
#include "cryptonote_basic/blobdatatype.h"  // blobdata_ref
#include "wipeable_string.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cryptonote {

// cn_fast_hash(blob): Monero's get_blob_hash.
crypto::hash get_blob_hash(cncrypto::byte_span blob);
// Monero's other form: res = cn_fast_hash(blob).
void get_blob_hash(cncrypto::byte_span blob, crypto::hash &res);

// H_k(serialized prefix). Monero's get_transaction_prefix_hash.
crypto::hash get_transaction_prefix_hash(const transaction_prefix &tx);
// Monero's other form: h = get_transaction_prefix_hash(tx). Throws
// std::invalid_argument for an inconsistent prefix (bad version), as the above.
void get_transaction_prefix_hash(const transaction_prefix &tx, crypto::hash &h);

// The transaction id (cncrypto::get_transaction_hashes(tx).hash). Monero's
// get_transaction_hash, with Monero's exception: throws
// std::runtime_error("Failed to calculate transaction hash") when the bool form
// below returns false (a pruned or inconsistent transaction; the id of a pruned
// one is cncrypto::get_pruned_transaction_hash). Counts one calculated
// transaction hash in get_hash_stats.
crypto::hash get_transaction_hash(const transaction &tx);

// Monero's bool forms of get_transaction_hash: res = the id and, when
// blob_size is given (non-null), *blob_size = the size of tx_to_blob(t); false
// (res = null_hash) for a pruned or inconsistent transaction. Never throw but
// std::bad_alloc. Each call counts one calculated transaction hash in
// get_hash_stats. Source: Monero cryptonote_format_utils.cpp get_transaction_hash.
bool get_transaction_hash(const transaction &t, crypto::hash &res);
bool get_transaction_hash(const transaction &t, crypto::hash &res, std::size_t &blob_size);
bool get_transaction_hash(const transaction &t, crypto::hash &res, std::size_t *blob_size);

// Monero-shaped: false (and res = null_hash) for a pruned or inconsistent tx.
bool calculate_transaction_hash(const transaction &tx, crypto::hash &res, std::size_t *blob_size = nullptr);

// res = H_k(the RingCT prunable bytes) of a v2 transaction, 32 bytes. Without
// blob (null), the bytes t's prunable part serializes to: none for RingCT type 0
// or a transaction without inputs, so res = H_k("") (c5d24601...a470) there, not
// null_hash (the transaction id uses null_hash for type 0 instead: Monero's own
// inconsistency, reproduced). With blob, the bytes of *blob after the length of
// t's prefix and RingCT base (Monero: after the length recorded when t was last
// read or written; the same when *blob is t's blob). False (res unspecified)
// for v1, for a pruned t without blob, for an inconsistent t, or when *blob is
// shorter than t's prefix and base. Never throws but std::bad_alloc. Variable
// time (public data). Source: Monero calculate_transaction_prunable_hash.
bool calculate_transaction_prunable_hash(const transaction &t, const blobdata_ref *blob, crypto::hash &res);

// calculate_transaction_prunable_hash(tx, blob, res), throwing
// std::runtime_error("Failed to calculate tx prunable hash") where it returns
// false (v1, pruned without blob, ...). Type 0: H_k(""), as above. Counts one
// calculated transaction hash in get_hash_stats. Source: Monero
// get_transaction_prunable_hash (which caches the result in t; nothing is cached here).
crypto::hash get_transaction_prunable_hash(const transaction &tx, const blobdata_ref *blob = nullptr);

// Id of a v2 transaction from its pruned form and the separately stored
// prunable hash: H_k(prefix_hash || base_hash || prunable_hash), where a type 0
// tx always uses null_hash. Throws std::invalid_argument for v1. Monero's
// get_pruned_transaction_hash.
crypto::hash get_pruned_transaction_hash(const transaction &tx, const crypto::hash &prunable_hash);

// ---- blocks ----

// Height from the miner tx's single txin_gen input. Throws
// std::invalid_argument when the miner tx does not have exactly one txin_gen.
std::uint64_t get_block_height(const block &b);

// tree_hash over [id(miner_tx)] ++ tx_hashes. Throws std::invalid_argument
// when the miner tx's id cannot be computed (a pruned or inconsistent miner
// tx; Monero: std::runtime_error from get_transaction_hash), as
// get_block_hashing_blob and the block-id functions built on it. Monero's
// get_tx_tree_hash(block).
crypto::hash get_tx_tree_hash(const block &b);
// tree_hash over ids (at least one; throws std::invalid_argument when empty).
crypto::hash get_tx_tree_hash(const std::vector<crypto::hash> &ids);

// header bytes || tree root || varint(tx_hashes.size() + 1). The blob the
// proof of work is computed over. Monero's get_block_hashing_blob.
blobdata get_block_hashing_blob(const block &b);

// Block id = H_k(varint(len) || hashing blob), with Monero's exception for
// mainnet block 202612 (spec 7.4; see docs/formats.md): when the miner tx
// height is 202612 (or the miner tx has no single txin_gen input) and
// H_k(whole block blob) is 3a8a2b3a...3966, the id is the historical
// bbd604d2...2698; any other block whose normal id is bbd604d2...2698 is
// refused. Returns false (res = null_hash) in that refused case.
// blob, if given, views the block as received (Monero's
// parse_and_validate_block_from_blob passes the received bytes): the
// exception compares the hash of those bytes; without it the block is
// serialized again. Monero's calculate_block_hash.
bool calculate_block_hash(const block &b, crypto::hash &res, const blobdata_ref *blob = nullptr);

// The block id: calculate_block_hash(b, res)'s res. As Monero's, it returns
// null_hash (all zero) in the refused case above, without an error: a caller
// that must tell it apart uses the bool form. (Reaching that case takes a
// block whose normal id is bbd604d2...2698, a Keccak preimage.) Never throws
// but std::bad_alloc. Counts one calculated block hash in get_hash_stats.
// Source: Monero get_block_hash(const block &).
crypto::hash get_block_hash(const block &b);
// Monero's bool form: calculate_block_hash(b, res) (false, res = null_hash, in
// the refused case), counting one calculated block hash. Never throws but
// std::bad_alloc. Source: Monero get_block_hash.
bool get_block_hash(const block &b, crypto::hash &res);

// res = cn_fast_hash(t_serializable_object_to_blob(o)) (and blob_size = that
// blob's size) for the objects t_serializable_object_to_blob takes (a
// transaction, a block); always true, as Monero's (an inconsistent object
// hashes the empty blob here, Monero what its archive wrote). Never throws but
// std::bad_alloc. Variable time. Source: Monero get_object_hash (templates there too).
template <class t_object>
bool get_object_hash(const t_object &o, crypto::hash &res) {
  get_blob_hash(t_serializable_object_to_blob(o), res);
  return true;
}
template <class t_object>
bool get_object_hash(const t_object &o, crypto::hash &res, std::size_t &blob_size) {
  const blobdata blob = t_serializable_object_to_blob(o);
  blob_size = blob.size();
  get_blob_hash(blob, res);
  return true;
}

// ---- Monero's checks and counters (cryptonote_format_utils.h in Monero) ----

// Monero's hash counters, into the four outputs: the transaction hashes and
// block hashes calculated by this library since the process started, and how
// many of each were taken from a cache. cncrypto's transaction and block carry
// no hash cache, so the two "cached" outputs are always 0 and every call that
// Monero counts counts as calculated, including those Monero would answer from
// its cache (a second get_transaction_hash on the same object). Counted, at
// Monero's places: each get_transaction_hash (every form, also those made
// inside get_tx_tree_hash(block), get_block_hashing_blob, calculate_block_hash,
// parse_and_validate_tx_from_blob with a hash, check_outs_valid's failure path) and
// get_transaction_prunable_hash as a transaction hash; each get_block_hash
// (both forms) and parse_and_validate_block_from_blob with a hash as a block
// hash. Process-wide atomic counters, safe from any thread.
// Never throws. Source: Monero get_hash_stats.
void get_hash_stats(std::uint64_t &tx_hashes_calculated, std::uint64_t &tx_hashes_cached,
                    std::uint64_t &block_hashes_calculated, std::uint64_t &block_hashes_cached);

// True when the transaction blob's leading varint, its version, is 0 or 1.
// Only that varint is read (Monero's tools::read_varint: a varint cut off by
// the end of the blob gives the bits read, so "80" is version 0, v1). Throws
// std::runtime_error("Internal error getting transaction version") for an empty
// blob, a varint above 2^64 - 1 or a non-canonical one (a final 00 byte).
// Variable time (public data). Source: Monero is_v1_tx (both overloads).
bool is_v1_tx(const blobdata_ref &tx_blob);
bool is_v1_tx(const blobdata &tx_blob);

// True when every output is a txout_to_key or txout_to_tagged_key whose key
// passes crypto::check_key (a point that decodes), and, for a version 1
// transaction, has a non-zero amount. False at the first output that fails.
// Monero's oddity, reproduced: its failure messages (output type, zero amount)
// log the transaction's id, so when that id cannot be computed (a pruned
// transaction) it throws std::runtime_error("Failed to calculate transaction
// hash") instead of returning false; a bad key is not logged and returns false.
// Variable time (public data). Source: Monero check_outs_valid.
bool check_outs_valid(const transaction &tx);

// False when the sum of the inputs' amounts overflows 2^64 - 1, or when an
// input is not a txin_to_key (a coinbase too). Never throws. Variable time.
// Source: Monero check_inputs_overflow.
bool check_inputs_overflow(const transaction &tx);
// False when the sum of the outputs' amounts overflows 2^64 - 1. Never throws.
// Source: Monero check_outs_overflow.
bool check_outs_overflow(const transaction &tx);
// check_inputs_overflow(tx) && check_outs_overflow(tx). Source: Monero check_money_overflow.
bool check_money_overflow(const transaction &tx);

// ---- Monero's parse-and-hash forms (cryptonote_format_utils.h in Monero) ----
//
// Monero's overloads that parse a blob and hash the result in one call; the
// forms with a std::string *error (serialization.h) say why a blob was refused.
// Return false (outputs other than the object unspecified) when the blob does
// not parse; a blob is any byte_span (a std::string, as Monero's blobdata, a
// std::string_view or a byte vector). Variable time (public data).
//
// parse_and_validate_block_from_blob(blob, b, block_hash): parses, then, when
// block_hash is non-null, calculate_block_hash(b, *block_hash, &blob) (the
// received bytes decide the block 202612 exception). As in Monero, the result of
// calculate_block_hash is not checked: a block that claims block 202612's id
// without being that block parses (true) with *block_hash = null_hash. A call
// passing nullptr as the third argument is ambiguous with the std::string *error
// form and does not compile: pass no third argument.
bool parse_and_validate_block_from_blob(cncrypto::byte_span blob, block &b, crypto::hash *block_hash);
bool parse_and_validate_block_from_blob(cncrypto::byte_span blob, block &b, crypto::hash &block_hash);

// parse_and_validate_tx_from_blob(blob, tx, tx_hash[, tx_prefix_hash]): parses a
// complete transaction, then tx_hash = its id (calculate_transaction_hash, from
// the object as Monero does) and tx_prefix_hash = get_transaction_prefix_hash(tx).
// False when the blob does not parse or the id cannot be computed.
bool parse_and_validate_tx_from_blob(cncrypto::byte_span blob, transaction &tx, crypto::hash &tx_hash);
bool parse_and_validate_tx_from_blob(cncrypto::byte_span blob, transaction &tx, crypto::hash &tx_hash,
                                     crypto::hash &tx_prefix_hash);



// ---- Seed-offset passphrase (spec wallet.md section 2, "Seed-offset passphrase")
//
// encrypt_key(k, p) = sc_add(k, cn_slow_hash_v0(p)) and decrypt_key(k, p) =
// sc_sub(k, cn_slow_hash_v0(p)): the passphrase's 32-byte CryptoNight hash
// (variant 0, not reduced first) added to / subtracted from the key mod l. The
// result is always reduced (< l); decrypt_key(encrypt_key(k, p), p) = k mod l.
// wallet2::get_seed shows bytes_to_words(encrypt_key(spend, passphrase)) and a
// restore with a passphrase decrypts the seed's key. The passphrase is raw bytes
// (no normalisation; empty is allowed and still hashed). key: 32 bytes (any value).
// Timing: sc_add / sc_sub, the copy and the wiping of the hash are constant
// time in key and passphrase; cn_slow_hash of the passphrase is not (memory-hard
// hash with data-dependent addresses, as in Monero). ~10-20 ms (one CryptoNight).
// Throws std::bad_alloc if CryptoNight's scratchpad cannot be had.
// Source: Monero cryptonote_basic/cryptonote_format_utils.cpp encrypt_key /
// decrypt_key, Monero's signature (a std::string or a C string converts to the
// epee::wipeable_string, whose copy is wiped when it goes).
crypto::secret_key encrypt_key(crypto::secret_key key, const epee::wipeable_string &passphrase);
crypto::secret_key decrypt_key(crypto::secret_key key, const epee::wipeable_string &passphrase);

}  // namespace cryptonote

// cncrypto's own hashing helpers (namespace cncrypto; not Monero names).
namespace cncrypto {

// Monero's get_object_hash of a string: cn_fast_hash(varint(size) || blob).
crypto::hash get_object_hash_of_blob(byte_span blob);

// Every id-related value of a transaction.
struct transaction_hashes {
  crypto::hash hash{};               // the transaction id
  crypto::hash prefix_hash{};        // H_k(prefix)
  crypto::hash rct_base_hash{};      // v2: H_k(RingCT base); H_k("") when there are no inputs; v1: null
  crypto::hash rct_prunable_hash{};  // v2: H_k(prunable), null_hash for type 0 / no inputs; v1: null
  std::size_t prefix_size = 0;       // bytes
  std::size_t unprunable_size = 0;   // Monero's unprunable_size: v2 prefix + RingCT base; v1 the prefix
  std::size_t blob_size = 0;         // whole transaction
};

// All hashes of a complete (not pruned) transaction:
//   v1: hash = H_k(whole blob) (a v1 coinbase: equals the prefix hash);
//   v2: hash = H_k(prefix_hash || rct_base_hash || rct_prunable_hash).
// Throws std::invalid_argument for a pruned transaction (its id needs the
// prunable hash: use get_pruned_transaction_hash) or an inconsistent object.
transaction_hashes get_transaction_hashes(const cryptonote::transaction &tx);

// Parses blob as a complete transaction and hashes its byte ranges. Throws
// parse_error for a malformed blob.
transaction_hashes get_transaction_hashes_from_blob(byte_span blob);

// The genesis block from the network's GENESIS_TX blob and nonce: major 1,
// minor 0, timestamp 0, prev_id zero, no other transactions. Throws
// parse_error if genesis_tx does not parse. Monero's generate_genesis_block
// (cryptonote_core/cryptonote_tx_utils.h) instead fills a block& from a hex
// GENESIS_TX string and returns bool; this form takes the blob itself.
cryptonote::block generate_genesis_block(byte_span genesis_tx, std::uint32_t nonce);

}  // namespace cncrypto

// get_block_longhash (the PoW hash), declared here as in Monero's current code.
#include "cryptonote/block_pow.h"
