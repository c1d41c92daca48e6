// cnutil's view of chain objects: ids and JSON of transaction and block blobs.
// Thin wrappers over the cryptonote library (parsing, ids); the JSON layout is
// presentation only and is documented in docs/cnutil.md.
#pragma once

#include "crypto/hash.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cncrypto::tools {

// The transaction hash of a complete transaction blob, from its own byte
// ranges (cncrypto::get_transaction_hashes_from_blob; v1: hash of the blob;
// v2: hash of the prefix, RingCT base and prunable hashes). Throws
// cncrypto::parse_error (what() names field and byte offset) on bad input.
crypto::hash transaction_hash(const std::vector<std::uint8_t> &blob);

// The block id of a complete block blob, with Monero's mainnet 202612 rule.
// Throws cncrypto::parse_error on bad input.
crypto::hash block_id(const std::vector<std::uint8_t> &blob);

enum class object_kind { transaction, block, automatic };

// Which JSON: cnutil's own (valid JSON with the ids and sizes, docs/cnutil.md) or
// Monero's text (cryptonote::obj_to_json_str, byte for byte what Monero's
// print_tx, get_transactions' decode_as_json and cn_deserialize print).
enum class json_style { cnutil, monero };

// The object as indented JSON text. automatic tries a transaction, then a
// block; if neither parses, throws std::runtime_error quoting both errors.
std::string decode_to_json(const std::vector<std::uint8_t> &blob, object_kind kind,
                           json_style style = json_style::cnutil);

// What cnutil says on stderr when a blob that parses was read with Monero's one
// leniency (it ended inside or instead of a final varint, read as the bits present
// or 0; cncrypto::transaction_layout::canonical, parse_block's canonical): a
// one-line warning naming the blob's size, or "" when the blob is the object's own
// serialization or does not parse as kind (automatic: as decode_to_json picks).
// The printed result and exit status stay Monero's. Never throws parse_error.
std::string accepted_truncation_warning(const std::vector<std::uint8_t> &blob, object_kind kind);

}  // namespace cncrypto::tools
