// Monero address strings: standard, integrated and subaddress, for mainnet,
// testnet and stagenet (spec section 8.2).
//
//   address = base58::encode_addr(prefix, spend_public[32] || view_public[32] [|| payment_id[8]])
//
// A standard address or subaddress is 95 characters, an integrated address
// 106. The prefix (a varint tag) says network and type:
//
//   network    standard   integrated   subaddress
//   mainnet    18 ("4")   19 ("4")     42 ("8")
//   testnet    53 ("9A")  54 ("A")     63 ("B")
//   stagenet   24 ("5")   25 ("5")     36 ("7")
//
// Addresses are public: everything here is variable time.
// Mirrors Monero's src/cryptonote_basic/cryptonote_basic_impl.{h,cpp}
// (get_account_address_as_str, get_account_integrated_address_as_str,
// get_account_address_from_str) and the prefixes in src/cryptonote_config.h.
#pragma once

#include "common/monero_config.h"
#include "common/positioned_error.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cryptonote {

// Monero's network_type (cryptonote_config.h). FAKECHAIN and UNDEFINED exist
// for compatibility; the address functions accept only the three real networks.
// When the program's own Monero cryptonote_config.h was found (see
// common/monero_config.h), that header's identical enum is used instead.
#ifndef CRYPTONOTE_NAME
enum network_type : std::uint8_t { MAINNET = 0, TESTNET, STAGENET, FAKECHAIN, UNDEFINED = 255 };
#endif

// A wallet's public address: spend public key B (or D) and view public key A (or C).
struct account_public_address {
  crypto::public_key m_spend_public_key;
  crypto::public_key m_view_public_key;
};
bool operator==(const account_public_address &a, const account_public_address &b);
inline bool operator!=(const account_public_address &a, const account_public_address &b) { return !(a == b); }

// What decoding an address string yields: Monero's address_parse_info, its
// four members only (zero-initialised here). cncrypto::parse_address returns
// cncrypto::parsed_address, which adds the network and the type.
struct address_parse_info {
  account_public_address address{};
  bool is_subaddress = false;
  bool has_payment_id = false;
  crypto::hash8 payment_id{};  // meaningful only when has_payment_id
};

// Encodes a standard address (subaddress == false) or a subaddress. Throws
// std::invalid_argument for an unsupported network. Keys are not checked.
// Monero: cryptonote::get_account_address_as_str.
std::string get_account_address_as_str(network_type nettype, bool subaddress, const account_public_address &adr);

// Encodes an integrated address (standard address + 8-byte payment id).
// Monero: cryptonote::get_account_integrated_address_as_str.
std::string get_account_integrated_address_as_str(network_type nettype, const account_public_address &adr,
                                                  const crypto::hash8 &payment_id);

// Monero 0.18's cryptonote::get_account_address_from_str: true and info filled when
// str is a valid address of nettype; false otherwise (no exception for bad input;
// std::invalid_argument for an unsupported nettype, where Monero's get_config
// throws too). As Monero, it also accepts the old CryptoNote format: 132 hex
// digits (either case) of version byte 0, spend key, view key and a checksum byte
// (the sum of the 65 bytes before it, mod 256). That format names no network and
// its keys are not checked (crypto::check_key): it is accepted for any nettype,
// as a standard address (not a subaddress, no payment id),
// even when a key is not a point. A trap for callers that expect only checked
// base58 addresses: new code should call cncrypto::get_account_address_from_str_strict.
bool get_account_address_from_str(address_parse_info &info, network_type nettype, const std::string &str);

}  // namespace cryptonote

namespace cncrypto {

// cncrypto's own address helpers (not Monero names; namespace cncrypto so that
// a Monero program declaring the same names meets no ambiguity): network
// names, the prefixes and lengths, and the checked decoder parse_address, which
// says what is wrong with a bad address.

// "mainnet", "testnet", "stagenet", "fakechain" or "undefined".
const char *network_name(cryptonote::network_type nettype);
// Parses "mainnet" | "testnet" | "stagenet" (exactly, lowercase). Returns false otherwise.
bool network_from_name(std::string_view name, cryptonote::network_type &nettype);

// The three base58 tags of a network (config::CRYPTONOTE_PUBLIC_*_BASE58_PREFIX).
struct address_prefixes {
  std::uint64_t standard;
  std::uint64_t integrated;
  std::uint64_t subaddress;
};
// Throws std::invalid_argument for a network other than MAINNET, TESTNET, STAGENET.
const address_prefixes &get_address_prefixes(cryptonote::network_type nettype);

// Size of an integrated address's payment id (crypto::hash8).
inline constexpr std::size_t short_payment_id_size = sizeof(crypto::hash8);
static_assert(short_payment_id_size == 8);
// Lengths of the address strings.
inline constexpr std::size_t standard_address_length = 95;
inline constexpr std::size_t integrated_address_length = 106;

// The three kinds of address string.
enum class address_type : std::uint8_t { standard, integrated, subaddress };
// "standard", "integrated" or "subaddress".
const char *address_type_name(address_type type);

// What cncrypto::parse_address yields: Monero's address_parse_info plus the
// network (Monero's decoder is given the network; this one also finds it) and
// the type.
struct parsed_address : cryptonote::address_parse_info {
  cryptonote::network_type nettype = cryptonote::UNDEFINED;

  address_type type() const {
    return is_subaddress ? address_type::subaddress : has_payment_id ? address_type::integrated : address_type::standard;
  }
};

// Everything that makes an address string invalid (address_error::kind).
enum class address_error_kind {
  bad_character,   // not base58; position() is the offset of the character
  bad_length,      // wrong number of characters (or bytes) for an address
  bad_encoding,    // a base58 block's value does not fit its size (a typo in that block)
  bad_checksum,    // the 4-byte Keccak checksum does not match (a typo)
  unknown_prefix,  // the tag is not a Monero mainnet/testnet/stagenet address prefix
  wrong_network,   // a valid address for another network than the one required
  bad_key,         // a public key is not a valid curve point (check_key fails)
};
// Thrown by the address decoders: error_kind(), position() (cncrypto::positioned_error).
class address_error : public cncrypto::positioned_error<address_error_kind> {
 public:
  using kind = address_error_kind;
  using positioned_error::positioned_error;
};
// "bad character", "bad length", ... for messages and tests.
const char *address_error_kind_name(address_error::kind k);

// Decodes an address of any of the three networks and types. Throws
// address_error naming the problem (see address_error::kind); both public keys
// must pass crypto::check_key.
parsed_address parse_address(std::string_view str);

// Same, but the address must belong to nettype (address_error::kind::wrong_network otherwise).
parsed_address parse_address(std::string_view str, cryptonote::network_type nettype);

// The old address format's size in bytes (Monero's public_address_outer_blob:
// version byte 0, spend key, view key, checksum byte), written as twice as many
// hex digits.
inline constexpr std::size_t old_hex_address_bytes = 66;

// cryptonote::get_account_address_from_str for new code: base58 addresses only
// (parse_address(str, nettype): standard, subaddress or integrated address of
// nettype, both keys checked); the old 132-hex-digit format is refused. true and
// info filled on success, false otherwise; std::invalid_argument for an
// unsupported nettype. Variable time (public data). cncrypto's own.
bool get_account_address_from_str_strict(cryptonote::address_parse_info &info, cryptonote::network_type nettype,
                                         const std::string &str);

}  // namespace cncrypto
