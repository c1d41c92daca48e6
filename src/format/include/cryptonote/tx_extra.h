// tx_extra fields (spec cryptonote_format.md section 4; Monero
// src/cryptonote_basic/tx_extra.h and the tx_extra functions of
// cryptonote_format_utils.cpp).
//
// A transaction keeps its extra as raw bytes (transaction_prefix::extra);
// consensus does not interpret them. parse_tx_extra reads the fields with
// Monero's tolerance: parsing stops at the first bad field, the fields decoded
// before it are kept, and the lookups below (like Monero's) use them while
// ignoring the failure. The result says what failed and where. Variable time;
// extra is public data.
#pragma once

#include "common/monero_config.h"
#include "crypto/hash.h"
#include "cryptonote/binary_reader.h"
#include "cryptonote/cryptonote_basic.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <typeinfo>
#include <vector>

#include <boost/variant.hpp>

namespace cryptonote {

// The tags and limits are Monero's macros (cryptonote_basic/tx_extra.h), with
// Monero's replacement lists, so Monero code using them unqualified (as its
// tests do) compiles, and a Monero tx_extra.h seen too redefines them
// identically: tags 00 padding, 01 tx public key, 02 nonce, 03 merge mining,
// 04 additional public keys, de "mysterious minergate"; TX_EXTRA_PADDING_MAX_COUNT
// is the whole padding field, tag included, TX_EXTRA_NONCE_MAX_COUNT the nonce's
// data bytes; a nonce 00 || [32] holds a long payment id, 01 || [8] a short
// (encrypted) one.
#define TX_EXTRA_PADDING_MAX_COUNT          255
#define TX_EXTRA_NONCE_MAX_COUNT            255

#define TX_EXTRA_TAG_PADDING                0x00
#define TX_EXTRA_TAG_PUBKEY                 0x01
#define TX_EXTRA_NONCE                      0x02
#define TX_EXTRA_MERGE_MINING_TAG           0x03
#define TX_EXTRA_TAG_ADDITIONAL_PUBKEYS     0x04
#define TX_EXTRA_MYSTERIOUS_MINERGATE_TAG   0xDE

#define TX_EXTRA_NONCE_PAYMENT_ID           0x00
#define TX_EXTRA_NONCE_ENCRYPTED_PAYMENT_ID 0x01
// MAX_TX_EXTRA_SIZE (1060 bytes, the pool's and the builder's limit, not
// consensus) is Monero master's cryptonote_config.h macro: common/monero_config.h.

struct tx_extra_padding {  // tag 00 followed by zero bytes up to the end of extra
  std::size_t size = 1;    // field length including the tag (1..255)
};
struct tx_extra_pub_key {  // tag 01
  public_key pub_key;
};
struct tx_extra_nonce {  // tag 02
  blobdata nonce;        // at most 255 bytes
};
struct tx_extra_merge_mining_tag {  // tag 03
  std::uint64_t depth = 0;
  crypto::hash merkle_root{};
};
struct tx_extra_additional_pub_keys {  // tag 04
  std::vector<public_key> data;
};
struct tx_extra_mysterious_minergate {  // tag de
  blobdata data;
};

// Monero's type: a boost::variant (boost::get, apply_visitor, which() in the
// order of this list, type() == typeid(...)), as txin_v in cryptonote_basic.h.
typedef boost::variant<tx_extra_padding, tx_extra_pub_key, tx_extra_nonce, tx_extra_merge_mining_tag,
                       tx_extra_additional_pub_keys, tx_extra_mysterious_minergate>
    tx_extra_field;

// Monero's shape: fields receives what was decoded (kept on failure too);
// returns result.complete.
bool parse_tx_extra(const std::vector<std::uint8_t> &extra, std::vector<tx_extra_field> &fields);

// field = the index-th field (0 for the first) of type T among tx_extra_fields,
// T one of tx_extra_field's alternatives (tx_extra_pub_key, tx_extra_nonce,
// ...); true when there is one, else false (field untouched). Never throws
// (but what T's copy assignment throws). Variable time (public data).
// Source: Monero find_tx_extra_field_by_type (a template there too).
template <typename T>
bool find_tx_extra_field_by_type(const std::vector<tx_extra_field> &tx_extra_fields, T &field, std::size_t index = 0) {
  for (const tx_extra_field &f : tx_extra_fields) {
    const T *alt = boost::get<T>(&f);
    if (alt == nullptr) continue;
    if (index == 0) {
      field = *alt;
      return true;
    }
    --index;
  }
  return false;
}

// The pk_index-th tx public key (01 field), or an all-zero key when there is
// none. Tolerant: fields before a bad one count. Monero's get_tx_pub_key_from_extra.
public_key get_tx_pub_key_from_extra(const std::vector<std::uint8_t> &extra, std::size_t pk_index = 0);
public_key get_tx_pub_key_from_extra(const transaction_prefix &tx, std::size_t pk_index = 0);

// The keys of the first 04 field (empty if none). Tolerant as above.
std::vector<public_key> get_additional_tx_pub_keys_from_extra(const std::vector<std::uint8_t> &extra);
std::vector<public_key> get_additional_tx_pub_keys_from_extra(const transaction_prefix &tx);

// Nonce 00 || [32] (exactly 33 bytes) -> the long, unencrypted payment id.
bool get_payment_id_from_tx_extra_nonce(const blobdata &nonce, crypto::hash &payment_id);
// Nonce 01 || [8] (exactly 9 bytes) -> the encrypted short payment id.
bool get_encrypted_payment_id_from_tx_extra_nonce(const blobdata &nonce, crypto::hash8 &payment_id);
// Builds those nonces.
void set_payment_id_to_tx_extra_nonce(blobdata &nonce, const crypto::hash &payment_id);
void set_encrypted_payment_id_to_tx_extra_nonce(blobdata &nonce, const crypto::hash8 &payment_id);

// Writers (append one field to extra).
// Appends 01 || tx_pub_key (33 bytes) to extra, or to tx.extra; always true, as
// Monero's (bool there too). Never throws but std::bad_alloc.
// Source: Monero add_tx_pub_key_to_extra (its three overloads).
bool add_tx_pub_key_to_extra(std::vector<std::uint8_t> &extra, const public_key &tx_pub_key);
bool add_tx_pub_key_to_extra(transaction &tx, const public_key &tx_pub_key);
bool add_tx_pub_key_to_extra(transaction_prefix &tx, const public_key &tx_pub_key);
// Returns false (extra unchanged) when nonce is longer than 255 bytes. The
// length is written as a varint (Monero writes one raw byte, which its own
// parser misreads for lengths 128..255; see docs/formats.md).
bool add_extra_nonce_to_tx_extra(std::vector<std::uint8_t> &extra, const blobdata &nonce);
// Appends 04 || varint(count) || the keys (32 bytes each); always true, as
// Monero's (bool there). Never throws but std::bad_alloc.
// Source: Monero add_additional_tx_pub_keys_to_extra.
bool add_additional_tx_pub_keys_to_extra(std::vector<std::uint8_t> &extra,
                                         const std::vector<public_key> &additional_tx_pub_keys);
// Appends the merge-mining field (tag 03, Monero's layout: docs/formats.md) to extra; always true, as Monero's (bool there). Never throws but
// std::bad_alloc. Source: Monero add_mm_merkle_root_to_tx_extra.
bool add_mm_merkle_root_to_tx_extra(std::vector<std::uint8_t> &extra, const crypto::hash &mm_merkle_root,
                                    std::size_t mm_merkle_tree_depth);
// Rewrites tx_extra without its fields of one type (type: typeid of one of
// tx_extra_field's alternatives, e.g. typeid(tx_extra_nonce); another type
// removes nothing), the others re-serialized in their order (as read, except a
// varint cut off by the end of tx_extra, which Monero's reader accepts and its
// writer writes whole). An empty tx_extra gives true. When tx_extra does not
// parse to its end (parse_tx_extra would return false), returns false and
// leaves tx_extra unchanged. Variable time (public data). Never throws but
// std::bad_alloc. Source: Monero remove_field_from_tx_extra.
bool remove_field_from_tx_extra(std::vector<std::uint8_t> &tx_extra, const std::type_info &type);

// Rewrites extra with its fields in Monero's canonical order (01, 04, 02, 03,
// de, 00; stable within a tag). If extra does not parse completely: returns
// false, unless allow_partial, in which case the unparsed tail is appended
// after the sorted fields. Monero's sort_tx_extra.
bool sort_tx_extra(const std::vector<std::uint8_t> &extra, std::vector<std::uint8_t> &sorted,
                   bool allow_partial = false);

}  // namespace cryptonote

// cncrypto's own tx_extra helpers (not Monero names; namespace cncrypto so that
// a Monero program declaring the same names meets no ambiguity).
namespace cncrypto {

struct tx_extra_parse_result {
  std::vector<cryptonote::tx_extra_field> fields;  // every field decoded before the first bad one, in order
  bool complete = true;                // false when a bad field stopped the parse
  std::size_t error_offset = 0;        // offset in extra of the bad field's tag
  std::size_t error_field = 0;         // index of the bad field (= fields.size())
  std::string error;                   // e.g. "field 2 (nonce, tag 0x02): ... (at byte offset 37)"
};

// Parses extra into fields (Monero's parse_tx_extra). Never throws for bad
// input; an empty extra is complete with no fields.
tx_extra_parse_result parse_tx_extra(cncrypto::byte_span extra);

// The first nonce field's data, if any (tolerant). Returns false when there is none.
bool get_extra_nonce_from_extra(const std::vector<std::uint8_t> &extra, cryptonote::blobdata &nonce);

// Serializes one field (tag and body), as Monero's serializer does.
// Throws std::invalid_argument for a padding size outside 1..255 or a nonce
// longer than 255 bytes.
void write_tx_extra_field(std::vector<std::uint8_t> &extra, const cryptonote::tx_extra_field &field);

// The tag byte of a field (TX_EXTRA_TAG_PADDING 0x00, TX_EXTRA_TAG_PUBKEY 0x01,
// TX_EXTRA_NONCE 0x02, TX_EXTRA_MERGE_MINING_TAG 0x03, TX_EXTRA_TAG_ADDITIONAL_PUBKEYS
// 0x04, TX_EXTRA_MYSTERIOUS_MINERGATE_TAG 0xde; spec cryptonote_format.md, tx_extra),
// from the variant's alternative: the byte write_tx_extra_field writes first.
// Never throws; public data, variable time. cncrypto's own (Monero writes the tag
// through its serializer's variant tags).
std::uint8_t tx_extra_tag(const cryptonote::tx_extra_field &field);

}  // namespace cncrypto
