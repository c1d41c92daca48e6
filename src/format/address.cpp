#include "cryptonote/address.h"

#include "common/hex.h"
#include "cryptonote/base58.h"
#include "serialization/binary_utils.h"

#include <cstring>

namespace {

constexpr std::size_t key_size = sizeof(crypto::public_key);
static_assert(key_size == 32);

std::string key_bytes(const cryptonote::account_public_address &adr) {
  std::string data(2 * key_size, '\0');
  std::memcpy(&data[0], &adr.m_spend_public_key, key_size);
  std::memcpy(&data[key_size], &adr.m_view_public_key, key_size);
  return data;
}

}  // namespace

namespace cncrypto {
namespace {

using cryptonote::FAKECHAIN;
using cryptonote::MAINNET;
using cryptonote::network_type;
using cryptonote::STAGENET;
using cryptonote::TESTNET;
using cryptonote::UNDEFINED;

// config::CRYPTONOTE_PUBLIC_{ADDRESS,INTEGRATED_ADDRESS,SUBADDRESS}_BASE58_PREFIX (spec 8.2).
constexpr address_prefixes mainnet_prefixes{18, 19, 42};
constexpr address_prefixes testnet_prefixes{53, 54, 63};
constexpr address_prefixes stagenet_prefixes{24, 25, 36};

constexpr network_type address_networks[] = {MAINNET, TESTNET, STAGENET};

address_error::kind translate(base58::error_kind k) {
  switch (k) {
    case base58::error_kind::bad_character: return address_error::kind::bad_character;
    case base58::error_kind::bad_checksum: return address_error::kind::bad_checksum;
    case base58::error_kind::bad_tag: return address_error::kind::unknown_prefix;
    case base58::error_kind::block_overflow: return address_error::kind::bad_encoding;
    case base58::error_kind::bad_length: break;
  }
  return address_error::kind::bad_length;
}

}  // namespace

const char *network_name(network_type nettype) {
  switch (nettype) {
    case MAINNET: return "mainnet";
    case TESTNET: return "testnet";
    case STAGENET: return "stagenet";
    case FAKECHAIN: return "fakechain";
    case UNDEFINED: return "undefined";
  }
  return "undefined";
}

bool network_from_name(std::string_view name, network_type &nettype) {
  for (network_type n : address_networks) {
    if (name == network_name(n)) {
      nettype = n;
      return true;
    }
  }
  return false;
}

const address_prefixes &get_address_prefixes(network_type nettype) {
  switch (nettype) {
    case MAINNET: return mainnet_prefixes;
    case TESTNET: return testnet_prefixes;
    case STAGENET: return stagenet_prefixes;
    case FAKECHAIN:
    case UNDEFINED: break;
  }
  throw std::invalid_argument(std::string("address prefixes requested for unsupported network '") +
                              network_name(nettype) + "' (use MAINNET, TESTNET or STAGENET)");
}

const char *address_type_name(address_type type) {
  switch (type) {
    case address_type::standard: return "standard";
    case address_type::integrated: return "integrated";
    case address_type::subaddress: return "subaddress";
  }
  return "unknown";
}

const char *address_error_kind_name(address_error::kind k) {
  switch (k) {
    case address_error::kind::bad_character: return "bad character";
    case address_error::kind::bad_length: return "bad length";
    case address_error::kind::bad_encoding: return "bad encoding";
    case address_error::kind::bad_checksum: return "bad checksum";
    case address_error::kind::unknown_prefix: return "unknown prefix";
    case address_error::kind::wrong_network: return "wrong network";
    case address_error::kind::bad_key: return "bad key";
  }
  return "unknown error";
}

parsed_address parse_address(std::string_view str) {
  base58::decoded_addr decoded;
  try {
    decoded = base58::decode_addr(str);
  } catch (const base58::decode_error &e) {
    const address_error::kind k = translate(e.kind());
    // A character outside the alphabet is reported as such; otherwise, when the
    // length is not an address length, that is the visible problem (a truncated
    // address also fails its checksum or its last block).
    const bool address_length = str.size() == standard_address_length || str.size() == integrated_address_length;
    if (k == address_error::kind::bad_length || (k != address_error::kind::bad_character && !address_length)) {
      throw address_error(address_error::kind::bad_length, str.size(),
                          "invalid address length " + std::to_string(str.size()) + " (expected " +
                              std::to_string(standard_address_length) + " characters, or " +
                              std::to_string(integrated_address_length) + " for an integrated address)");
    }
    throw address_error(k, e.position(), std::string("invalid address: ") + e.what());
  }

  parsed_address info;
  bool found = false;
  for (network_type n : address_networks) {
    const address_prefixes &p = get_address_prefixes(n);
    if (decoded.tag == p.standard || decoded.tag == p.integrated || decoded.tag == p.subaddress) {
      info.nettype = n;
      info.has_payment_id = decoded.tag == p.integrated;
      info.is_subaddress = decoded.tag == p.subaddress;
      found = true;
      break;
    }
  }
  if (!found) {
    throw address_error(address_error::kind::unknown_prefix, 0,
                        "unknown address prefix " + std::to_string(decoded.tag) +
                            " (not a Monero mainnet, testnet or stagenet address)");
  }

  const std::size_t expected = 2 * key_size + (info.has_payment_id ? short_payment_id_size : 0);
  if (decoded.data.size() != expected) {
    throw address_error(address_error::kind::bad_length, str.size(),
                        std::string("invalid ") + network_name(info.nettype) + " " +
                            address_type_name(info.type()) + " address: " + std::to_string(decoded.data.size()) +
                            " bytes of keys and payment id, expected " + std::to_string(expected));
  }
  std::memcpy(&info.address.m_spend_public_key, decoded.data.data(), key_size);
  std::memcpy(&info.address.m_view_public_key, decoded.data.data() + key_size, key_size);
  if (info.has_payment_id) std::memcpy(&info.payment_id, decoded.data.data() + 2 * key_size, short_payment_id_size);

  if (!crypto::check_key(info.address.m_spend_public_key)) {
    throw address_error(address_error::kind::bad_key, 0, "invalid address: the spend public key is not a valid point");
  }
  if (!crypto::check_key(info.address.m_view_public_key)) {
    throw address_error(address_error::kind::bad_key, 0, "invalid address: the view public key is not a valid point");
  }
  return info;
}

parsed_address parse_address(std::string_view str, network_type nettype) {
  (void)get_address_prefixes(nettype);  // rejects an unsupported network loudly
  parsed_address info = parse_address(str);
  if (info.nettype != nettype) {
    throw address_error(address_error::kind::wrong_network, 0,
                        std::string("this is a ") + network_name(info.nettype) + " address, not a " +
                            network_name(nettype) + " one");
  }
  return info;
}

}  // namespace cncrypto

namespace cryptonote {

namespace base58 = cncrypto::base58;

bool operator==(const account_public_address &a, const account_public_address &b) {
  return std::memcmp(&a.m_spend_public_key, &b.m_spend_public_key, key_size) == 0 &&
         std::memcmp(&a.m_view_public_key, &b.m_view_public_key, key_size) == 0;
}

std::string get_account_address_as_str(network_type nettype, bool subaddress, const account_public_address &adr) {
  const cncrypto::address_prefixes &p = cncrypto::get_address_prefixes(nettype);
  return base58::encode_addr(subaddress ? p.subaddress : p.standard, key_bytes(adr));
}

std::string get_account_integrated_address_as_str(network_type nettype, const account_public_address &adr,
                                                  const crypto::hash8 &payment_id) {
  const cncrypto::address_prefixes &p = cncrypto::get_address_prefixes(nettype);
  std::string data = key_bytes(adr);
  data.append(reinterpret_cast<const char *>(&payment_id), cncrypto::short_payment_id_size);
  return base58::encode_addr(p.integrated, data);
}

namespace {

// The old address format (Monero's public_address_outer_blob, 66 bytes as 132
// hex digits): version byte 0 (CRYPTONOTE_PUBLIC_ADDRESS_TEXTBLOB_VER), spend
// key, view key, and a checksum byte = the sum of the 65 bytes before it mod
// 256. No network tag and no key check. false when str is not that.
bool parse_old_hex_address(const std::string &str, account_public_address &adr) {
  std::uint8_t blob[cncrypto::old_hex_address_bytes];
  if (!cncrypto::hex_decode_fixed(str, blob, sizeof blob)) return false;
  if (blob[0] != 0) return false;  // Monero: m_ver > CRYPTONOTE_PUBLIC_ADDRESS_TEXTBLOB_VER
  std::uint8_t sum = 0;
  for (std::size_t i = 0; i + 1 < sizeof blob; ++i) sum = static_cast<std::uint8_t>(sum + blob[i]);
  if (sum != blob[sizeof blob - 1]) return false;
  std::memcpy(&adr.m_spend_public_key, blob + 1, key_size);
  std::memcpy(&adr.m_view_public_key, blob + 1 + key_size, key_size);
  return true;
}

}  // namespace

bool get_account_address_from_str(address_parse_info &info, network_type nettype, const std::string &str) {
  (void)cncrypto::get_address_prefixes(nettype);  // an unsupported network throws, as Monero's get_config
  if (str.size() == 2 * cncrypto::old_hex_address_bytes) {
    account_public_address adr;
    if (!parse_old_hex_address(str, adr)) return false;
    info = address_parse_info{};
    info.address = adr;
    return true;
  }
  return cncrypto::get_account_address_from_str_strict(info, nettype, str);
}

}  // namespace cryptonote

namespace cncrypto {

bool get_account_address_from_str_strict(cryptonote::address_parse_info &info, cryptonote::network_type nettype,
                                         const std::string &str) {
  try {
    info = parse_address(str, nettype);
    return true;
  } catch (const address_error &) {
    return false;
  }
}

}  // namespace cncrypto

namespace cncrypto::detail {

bool serializable_object_from_blob(cryptonote::account_public_address &to, byte_span blob) {
  if (blob.size != sizeof to.m_spend_public_key + sizeof to.m_view_public_key) return false;
  std::memcpy(&to.m_spend_public_key, blob.data, sizeof to.m_spend_public_key);
  std::memcpy(&to.m_view_public_key, blob.data + sizeof to.m_spend_public_key, sizeof to.m_view_public_key);
  return true;
}

bool serializable_object_to_blob(const cryptonote::account_public_address &from, cryptonote::blobdata &blob) {
  blob.assign(reinterpret_cast<const char *>(&from.m_spend_public_key), sizeof from.m_spend_public_key);
  blob.append(reinterpret_cast<const char *>(&from.m_view_public_key), sizeof from.m_view_public_key);
  return true;
}

}  // namespace cncrypto::detail
