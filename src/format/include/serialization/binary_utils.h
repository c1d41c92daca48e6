// Monero's serialization/binary_utils.h: serialization::parse_binary and
// serialization::dump_binary, the one-call binary read and write of Monero's
// serialization library, for the objects cncrypto reads and writes: a
// transaction, a block (both ways), a transaction prefix (read only) and an
// account_public_address (spend public key || view public key, 64 bytes).
// Another type does not compile (Monero's library serializes every type with a
// serializer; cncrypto has no such library, only these formats).
//
// parse_binary(blob, v): v = the object read from the whole blob, true; false
// (v unspecified; Monero leaves it partly read) when the blob does not parse or
// bytes remain, as cryptonote::t_serializable_object_from_blob.
// dump_binary(v, blob): blob = v's bytes, true; false (blob unspecified) for an
// inconsistent object (Monero: what its archive wrote before failing).
// Never throw but std::bad_alloc. Variable time (public data).
// Source: Monero src/serialization/binary_utils.h (templates there too).
#pragma once

#include "cryptonote/address.h"
#include "cryptonote/serialization.h"

#include <string>

namespace cncrypto::detail {
// The 64 bytes of an address's two keys (Monero's account_public_address
// serializer: m_spend_public_key, then m_view_public_key, raw).
bool serializable_object_from_blob(cryptonote::account_public_address &to, byte_span blob);
bool serializable_object_to_blob(const cryptonote::account_public_address &from, cryptonote::blobdata &blob);
inline bool serializable_object_to_blob(const cryptonote::transaction &from, cryptonote::blobdata &blob) {
  return cryptonote::t_serializable_object_to_blob(from, blob);
}
inline bool serializable_object_to_blob(const cryptonote::block &from, cryptonote::blobdata &blob) {
  return cryptonote::t_serializable_object_to_blob(from, blob);
}
}  // namespace cncrypto::detail

namespace serialization {

template <class T>
bool parse_binary(const std::string &blob, T &v) {
  return cncrypto::detail::serializable_object_from_blob(v, cncrypto::byte_span(blob));
}

template <class T>
bool dump_binary(T &v, std::string &blob) {
  return cncrypto::detail::serializable_object_to_blob(v, blob);
}

}  // namespace serialization
