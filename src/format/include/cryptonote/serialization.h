// Parsing and byte-exact serialization of transactions and blocks in Monero's
// binary format (spec cryptonote_format.md sections 2-7; Monero
// src/cryptonote_basic/cryptonote_format_utils.cpp and the serialize methods
// in cryptonote_basic.h / rctTypes.h).
//
// Parsers throw cncrypto::parse_error (common/binary_reader.h): the message names
// the field, the reason and the byte offset in the blob. They never read past
// the blob, never allocate for a count the remaining bytes cannot back, and
// (except parse_transaction_prefix) require the whole blob to be consumed.
// Writers throw std::invalid_argument when the object is inconsistent (e.g.
// fewer ecdhInfo entries than outputs), naming the mistake. Everything here is
// variable time: transactions and blocks are public data.
//
// Monero's names (parse_and_validate_*_from_blob, tx_to_blob, block_to_blob)
// are in namespace cryptonote; the parsers returning objects, the part
// serializers and the layout types are cncrypto's own, in namespace cncrypto.
#pragma once

#include "cryptonote/binary_reader.h"
#include "cryptonote/cryptonote_basic.h"

#include <cstddef>

namespace cncrypto {

// Byte lengths of the parts of a transaction blob. For v1, rct_base_size and
// rct_prunable_size are 0 and signatures_size covers the ring signatures.
struct transaction_layout {
  std::size_t prefix_size = 0;
  std::size_t rct_base_size = 0;
  std::size_t rct_prunable_size = 0;
  std::size_t signatures_size = 0;  // v1 only
  // False when the blob ended inside (or instead of) a final varint, which
  // Monero accepts as the bits present (see binary_reader::read_varint): the
  // blob is then not the object's serialization, and ids must be computed
  // from the object (as Monero does), not from these byte ranges.
  bool canonical = true;
  // Monero's unprunable_size: prefix + RingCT base for v2, the prefix for v1
  // (what a pruned blob keeps).
  std::size_t unprunable_size() const noexcept { return prefix_size + rct_base_size; }
  std::size_t total_size() const noexcept { return prefix_size + rct_base_size + rct_prunable_size + signatures_size; }
};

// Parses a complete transaction (v1 with ring signatures, or v2 with RingCT
// base and prunable parts), as Monero's parse_and_validate_tx_from_blob:
// the serializer's checks (bulletproof count <= outputs, the proofs cover all
// outputs), then those of Monero's expand_transaction_1 for a v2 transaction
// of RingCT type 1-6 that is not a coinbase (is_coinbase: exactly one
// txin_gen input): every output has a public key (txout_to_key or
// txout_to_tagged_key), which fills outPk[i].dest, and a bulletproof type
// (3-6) carries exactly one proof. A coinbase skips them as in Monero (so
// every miner cryptonote::transaction parse_block accepts parses here; its outPk dest
// stay zero). CLSAG I is filled from the inputs' key images. If layout is
// non-null it receives the part sizes. Throws parse_error.
cryptonote::transaction parse_transaction(byte_span blob, transaction_layout *layout = nullptr);

// Parses a pruned transaction: the prefix, then for v2 the RingCT base only
// (Monero's parse_and_validate_tx_base_from_blob, with expand_transaction_1's
// output-key check and outPk dest for a non-coinbase, as above). The result
// has pruned == true. The blob must end there. Throws parse_error.
cryptonote::transaction parse_pruned_transaction(byte_span blob, transaction_layout *layout = nullptr);

// Parses only the cryptonote::transaction prefix at the start of blob; bytes after it are
// allowed (Monero's parse_and_validate_tx_prefix_from_blob). If prefix_size is
// non-null it receives the prefix length. Throws parse_error.
cryptonote::transaction_prefix parse_transaction_prefix(byte_span blob, std::size_t *prefix_size = nullptr);

// Parses a complete block: header, miner transaction, tx hashes. Throws parse_error.
// As Monero's parse_and_validate_block_from_blob, the miner cryptonote::transaction gets
// the serializer's checks only (not expand_transaction_1's, whatever its
// inputs); for a coinbase that is exactly what parse_transaction checks.
// If canonical is non-null it receives false when the blob ended inside (or
// instead of) a final varint, read as Monero reads it (the bits present, or 0;
// see binary_reader::read_varint and transaction_layout::canonical): the block
// is then Monero's result, but the blob is not its serialization.
cryptonote::block parse_block(byte_span blob, bool *canonical = nullptr);

// Parses a cryptonote::block header at the start of blob (bytes after it are allowed).
cryptonote::block_header parse_block_header(byte_span blob, std::size_t *header_size = nullptr);

// The serialized parts of a transaction. rct_base and rct_prunable are empty
// for v1 and for v2 without inputs; rct_prunable is empty for type 0 and for a
// pruned transaction; signatures is empty for v2 and for a pruned v1 tx.
struct transaction_blobs {
  cryptonote::blobdata prefix;
  cryptonote::blobdata rct_base;
  cryptonote::blobdata rct_prunable;
  cryptonote::blobdata signatures;
};

// Serializes each part of tx. Throws std::invalid_argument on an inconsistent object.
transaction_blobs serialize_transaction_parts(const cryptonote::transaction &tx);

// Only the prefix. Throws std::invalid_argument (bad version, empty variant).
cryptonote::blobdata tx_prefix_to_blob(const cryptonote::transaction_prefix &tx);
// Block header bytes (versions, timestamp, prev_id, nonce).
cryptonote::blobdata block_header_to_blob(const cryptonote::block_header &b);

// cryptonote::parse_and_validate_tx_base_from_blob for new code: the blob must be
// exactly the prefix and (v2 with inputs) the RingCT base (parse_pruned_transaction);
// a full blob, or any byte after the base, is refused with "trailing byte" in
// *error. true on success; false with the parse_error message otherwise.
// Variable time (public data). cncrypto's own.
bool parse_and_validate_tx_base_from_blob_strict(byte_span blob, cryptonote::transaction &tx,
                                                 std::string *error = nullptr);

}  // namespace cncrypto

namespace cryptonote {

// Monero-shaped wrappers: true on success; on failure false and, if error is
// non-null, the parse_error message.
bool parse_and_validate_tx_from_blob(cncrypto::byte_span blob, transaction &tx, std::string *error = nullptr);
// parse_and_validate_tx_base_from_blob reads, as Monero 0.18's, the prefix and
// (v2 with inputs) the RingCT base at the start of blob, and ignores whatever
// follows: a full (unpruned) blob gives its pruned transaction, and so do
// garbage bytes after a pruned one. To insist on a blob that is exactly a pruned
// transaction, call cncrypto::parse_and_validate_tx_base_from_blob_strict.
bool parse_and_validate_tx_base_from_blob(cncrypto::byte_span blob, transaction &tx, std::string *error = nullptr);
bool parse_and_validate_tx_prefix_from_blob(cncrypto::byte_span blob, transaction_prefix &tx,
                                            std::string *error = nullptr);
bool parse_and_validate_block_from_blob(cncrypto::byte_span blob, block &b, std::string *error = nullptr);

// The whole transaction (prefix || signatures, or prefix || base || prunable;
// pruned transactions without their pruned part). Throws std::invalid_argument.
blobdata tx_to_blob(const transaction &tx);
// The whole block. Throws std::invalid_argument.
blobdata block_to_blob(const block &b);

// Monero's bool forms of tx_to_blob and block_to_blob: b_blob = the blob and
// true, or false (b_blob unspecified) where the forms above throw
// std::invalid_argument (an inconsistent object). Never throw but
// std::bad_alloc.
bool tx_to_blob(const transaction &tx, blobdata &b_blob);
bool block_to_blob(const block &b, blobdata &b_blob);

// Monero's t_serializable_object_to_blob (cryptonote_format_utils.h, a template
// there) for the objects this library serializes: a transaction or a block,
// as tx_to_blob / block_to_blob. The bool form returns false for an
// inconsistent object (b_blob unspecified); the other then returns an empty
// blob, where Monero's returns what its archive wrote before failing.
bool t_serializable_object_to_blob(const transaction &to, blobdata &b_blob);
bool t_serializable_object_to_blob(const block &to, blobdata &b_blob);
blobdata t_serializable_object_to_blob(const transaction &to);
blobdata t_serializable_object_to_blob(const block &to);

// The size in bytes of t_serializable_object_to_blob(o), for the objects it
// takes (a transaction: tx_to_blob's size, a pruned one's pruned size; a
// block). 0 for an inconsistent object (Monero: the size of what its archive
// wrote before failing). Never throws but std::bad_alloc. Variable time.
// Source: Monero get_object_blobsize (a template over every serializable type there).
template <class t_object>
std::size_t get_object_blobsize(const t_object &o) {
  return t_serializable_object_to_blob(o).size();
}

}  // namespace cryptonote

namespace cncrypto::detail {
// The objects cryptonote::t_serializable_object_from_blob reads (below).
bool serializable_object_from_blob(cryptonote::transaction &to, byte_span blob);
bool serializable_object_from_blob(cryptonote::transaction_prefix &to, byte_span blob);
bool serializable_object_from_blob(cryptonote::block &to, byte_span blob);
}  // namespace cncrypto::detail

namespace cryptonote {

// Reads to from b_blob with Monero's serializer alone, which must consume the
// whole blob: true on success, false (to unspecified; Monero leaves it partly
// read) when the blob does not parse or bytes remain. t_object is a transaction
// (complete, not pruned: the prefix and the v1 signatures or the RingCT parts,
// with the serializer's checks but not those parse_and_validate_tx_from_blob
// adds, Monero's expand_transaction_1: an output without a public key or a
// bulletproof transaction with no proof is accepted), a transaction_prefix
// (nothing may follow the prefix) or a block (as parse_and_validate_block_from_blob).
// Another t_object does not compile. Never throws but std::bad_alloc. Variable
// time (public data). Source: Monero t_serializable_object_from_blob (a
// template over every serializable type there; the same call syntax here,
// t_serializable_object_from_blob(tx, blob) or <transaction>(tx, blob)).
template <class t_object>
bool t_serializable_object_from_blob(t_object &to, const blobdata &b_blob) {
  return cncrypto::detail::serializable_object_from_blob(to, cncrypto::byte_span(b_blob));
}

}  // namespace cryptonote
