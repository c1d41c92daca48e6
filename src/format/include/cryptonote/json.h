// Monero's cryptonote::obj_to_json_str (cryptonote_basic/cryptonote_format_utils.h):
// the JSON text Monero's json_archive writes for a transaction, a block or an
// account_public_address, byte for byte as Monero 0.18 (what monerod's
// get_transactions decode_as_json, get_block's "json" field, print_tx and
// cn_deserialize print). The writer is cncrypto's own, built from the format's
// facts (docs/formats.md "JSON form"); tests/unit_tests/vectors/monero_json/
// holds Monero's own output for every real object of ../shared/data.
//
// Variable time (public data). Nothing here verifies signatures or amounts.
#pragma once

#include "cryptonote/address.h"
#include "cryptonote/cryptonote_basic.h"

#include <string>

// Ours (not Monero's: kept out of namespace cryptonote): the static_assert's
// always-false condition for another T.
namespace cncrypto::detail {
template <typename T>
struct obj_to_json_unsupported {
  static constexpr bool value = false;
};
}  // namespace cncrypto::detail

namespace cryptonote {

// obj_to_json_str(obj): Monero's indented JSON of obj, for T = transaction,
// block or account_public_address (const or not; Monero's template takes T&).
// Another T does not compile (Monero's accepts any type with a serializer;
// cncrypto has JSON for these three).
//
// The text: an object per serialized struct, every field in Monero's
// serialization order, each preceded (but the first) by ", " and by a newline
// with 2 spaces per nesting level; keys, key images, hashes, signatures, view
// tags and RingCT keys are quoted lowercase hex; integers are decimal; extra,
// key_offsets and tx_hashes are "[ ...]" arrays; variants are {"gen": ...},
// {"key": ...}, {"tagged_key": ...}, {"script": ...}, {"scripthash": ...}.
// Monero's quirks are reproduced: a v1 ring's signatures are one hex string per
// input, a RingCT array closes on a new line only when the last array opened
// inside it was a non-empty container, a v2 transaction without inputs prints
// "rct_signatures": with no value, a transaction object has no trailing newline.
// Full layout: docs/formats.md "JSON form". No size limit: about 2.1 bytes of
// text per blob byte (a 1.5 kB type-6 transaction gives ~5 kB).
//
// Failure: when the object does not serialize in Monero's format (version 0 or
// above 2, v1 signatures that do not match the inputs' ring sizes, a RingCT
// type above 6, ecdhInfo/outPk/pseudoOuts/CLSAG/MG sizes that do not match the
// inputs, outputs and ring size, too many or invalid bulletproofs, more than
// CRYPTONOTE_MAX_TX_PER_BLOCK tx hashes), returns an empty string, as Monero
// does (its CHECK_AND_ASSERT_MES logs "obj_to_json_str failed" and returns "";
// nothing is logged here). std::bad_alloc is the only exception.
// A transaction with pruned == true prints without its prunable part, as
// Monero's object after parse_and_validate_tx_base_from_blob: v2 stops after
// "rct_signatures", v1 prints "signatures": [ ].
//
// Source: Monero 0.18 cryptonote_format_utils.h obj_to_json_str with
// serialization/json_archive.h and the serializers of cryptonote_basic.h and
// rctTypes.h.
template <typename T>
std::string obj_to_json_str(T &) {
  static_assert(cncrypto::detail::obj_to_json_unsupported<T>::value,
                "cncrypto's obj_to_json_str takes a transaction, a block or an account_public_address");
  return {};
}
template <> std::string obj_to_json_str<const transaction>(const transaction &tx);
template <> std::string obj_to_json_str<const block>(const block &b);
template <> std::string obj_to_json_str<const account_public_address>(const account_public_address &address);
template <> inline std::string obj_to_json_str<transaction>(transaction &tx) { return obj_to_json_str<const transaction>(tx); }
template <> inline std::string obj_to_json_str<block>(block &b) { return obj_to_json_str<const block>(b); }
template <>
inline std::string obj_to_json_str<account_public_address>(account_public_address &address) {
  return obj_to_json_str<const account_public_address>(address);
}

}  // namespace cryptonote
