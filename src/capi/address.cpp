// cncrypto.h: addresses and subaddresses (cryptonote/address.h, subaddress.h).
#include <string>
#include <string_view>

#include "boundary.h"
#include "crypto/crypto-ops.h"  // sc_check
#include "cryptonote/address.h"
#include "cryptonote/subaddress.h"
#include "main_address.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

namespace {

// cncrypto.h's network numbers are Monero's network_type values 0, 1, 2.
static_assert(CNCRYPTO_MAINNET == cryptonote::MAINNET && CNCRYPTO_TESTNET == cryptonote::TESTNET &&
              CNCRYPTO_STAGENET == cryptonote::STAGENET);
static_assert(CNCRYPTO_ADDRESS_STANDARD == int(cncrypto::address_type::standard) &&
              CNCRYPTO_ADDRESS_INTEGRATED == int(cncrypto::address_type::integrated) &&
              CNCRYPTO_ADDRESS_SUBADDRESS == int(cncrypto::address_type::subaddress));

bool network_ok(int network) { return network >= CNCRYPTO_MAINNET && network <= CNCRYPTO_STAGENET; }

}  // namespace

int cncrypto::capi::main_address(const uint8_t view_secret_key[32], const uint8_t spend_public_key[32],
                                 cryptonote::account_public_address &address) {
  if (sc_check(view_secret_key) != 0) return CNCRYPTO_EDECODE;
  cryptonote::account_public_address made{in<crypto::public_key>(spend_public_key), {}};
  if (!crypto::check_key(made.m_spend_public_key) ||
      !crypto::secret_key_to_public_key(in<crypto::secret_key>(view_secret_key), made.m_view_public_key))
    return from_bool(false, failure::decode);
  address = made;
  return CNCRYPTO_OK;
}

extern "C" {

int cncrypto_address_decode(const char *address, size_t address_len, int network, int *network_out, int *kind,
                            uint8_t spend_public_key[32], uint8_t view_public_key[32], uint8_t payment_id[8]) {
  if (bad(address, address_len) || bad(network_out) || bad(kind) || bad(spend_public_key) ||
      bad(view_public_key) || bad(payment_id) || (network != CNCRYPTO_ANY_NETWORK && !network_ok(network)))
    return CNCRYPTO_EINVAL;
  return guard([&] {
    const std::string_view str(address, address_len);
    const cncrypto::parsed_address a =
        network == CNCRYPTO_ANY_NETWORK ? cncrypto::parse_address(str)
                                        : cncrypto::parse_address(str, cryptonote::network_type(network));
    *network_out = int(a.nettype);
    *kind = int(a.type());
    out<crypto::public_key>(spend_public_key) = a.address.m_spend_public_key;
    out<crypto::public_key>(view_public_key) = a.address.m_view_public_key;
    out<crypto::hash8>(payment_id) = a.has_payment_id ? a.payment_id : crypto::hash8{};
    return CNCRYPTO_OK;
  });
}

int cncrypto_address_encode(int network, int kind, const uint8_t spend_public_key[32],
                            const uint8_t view_public_key[32], const uint8_t *payment_id, char *out_str,
                            size_t *out_len) {
  if (!network_ok(network) || kind < CNCRYPTO_ADDRESS_STANDARD || kind > CNCRYPTO_ADDRESS_SUBADDRESS ||
      bad(spend_public_key) || bad(view_public_key) || bad(out_len) || bad(out_str, *out_len) ||
      (kind == CNCRYPTO_ADDRESS_INTEGRATED && bad(payment_id)))
    return CNCRYPTO_EINVAL;
  return guard([&] {
    const cryptonote::account_public_address keys{in<crypto::public_key>(spend_public_key),
                                                  in<crypto::public_key>(view_public_key)};
    const auto nettype = cryptonote::network_type(network);
    const std::string str =
        kind == CNCRYPTO_ADDRESS_INTEGRATED
            ? cryptonote::get_account_integrated_address_as_str(nettype, keys, in<crypto::hash8>(payment_id))
            : cryptonote::get_account_address_as_str(nettype, kind == CNCRYPTO_ADDRESS_SUBADDRESS, keys);
    return put_string(str, out_str, out_len);
  });
}

int cncrypto_get_subaddress_secret_key(const uint8_t view_secret_key[32], uint32_t major, uint32_t minor,
                                       uint8_t m[32]) {
  if (bad(view_secret_key) || bad(m)) return CNCRYPTO_EINVAL;
  return guard([&] {
    out<crypto::secret_key>(m) = cncrypto::get_subaddress_secret_key(in<crypto::secret_key>(view_secret_key),
                                                                      {major, minor});
    return CNCRYPTO_OK;
  });
}

int cncrypto_get_subaddress(const uint8_t view_secret_key[32], const uint8_t spend_public_key[32], uint32_t major,
                            uint32_t minor, uint8_t subaddress_spend_public_key[32],
                            uint8_t subaddress_view_public_key[32]) {
  if (bad(view_secret_key) || bad(spend_public_key) ||
      (subaddress_spend_public_key == nullptr && subaddress_view_public_key == nullptr))
    return CNCRYPTO_EINVAL;
  return guard([&] {
    // A view key >= L or a spend key that is not a point: bytes that do not
    // decode (the library throws std::invalid_argument for the second).
    cryptonote::account_public_address main;
    if (const int rc = main_address(view_secret_key, spend_public_key, main); rc != CNCRYPTO_OK) return rc;
    const crypto::secret_key &view = in<crypto::secret_key>(view_secret_key);
    const cryptonote::account_public_address sub = cncrypto::get_subaddress(main, view, {major, minor});
    if (subaddress_spend_public_key != nullptr)
      out<crypto::public_key>(subaddress_spend_public_key) = sub.m_spend_public_key;
    if (subaddress_view_public_key != nullptr)
      out<crypto::public_key>(subaddress_view_public_key) = sub.m_view_public_key;
    return CNCRYPTO_OK;
  });
}

}  // extern "C"
