// cncrypto.h: addresses and subaddresses (cryptonote/address.h, subaddress.h).
#include "cryptonote/address.h"

#include <string>
#include <string_view>

#include "boundary.h"
#include "crypto/crypto-ops.h"  // sc_check
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

int bad_network(const char *fn, int network, const char *allowed) {
  return fail_with(failure::bad_argument, fn, {"network ", num::of_signed(network), " is not ", allowed});
}

}  // namespace

int cncrypto::capi::main_address(const char *fn, const uint8_t view_secret_key[32], const uint8_t spend_public_key[32],
                                 cryptonote::account_public_address &address) {
  if (sc_check(view_secret_key) != 0)
    return fail(failure::decode, fn, "view_secret_key is not a reduced scalar (>= L)");
  cryptonote::account_public_address made{in<crypto::public_key>(spend_public_key), {}};
  if (!crypto::check_key(made.m_spend_public_key))
    return fail(failure::decode, fn, "spend_public_key is not a point (it does not decode)");
  (void)crypto::secret_key_to_public_key(in<crypto::secret_key>(view_secret_key), made.m_view_public_key);  // sc_check passed: true
  address = made;
  return CNCRYPTO_OK;
}

extern "C" {

int cncrypto_address_decode(const char *address, size_t address_len, int network, int *network_out, int *kind,
                            uint8_t spend_public_key[32], uint8_t view_public_key[32], uint8_t payment_id[8]) {
  if (const int rc =
          check_args("address_decode", need(address, address_len, "address"), need(network_out, "network_out"),
                     need(kind, "kind"), need(spend_public_key, "spend_public_key"),
                     need(view_public_key, "view_public_key"), need(payment_id, "payment_id"));
      rc != CNCRYPTO_OK)
    return rc;
  if (network != CNCRYPTO_ANY_NETWORK && !network_ok(network))
    return bad_network("address_decode", network,
                       "0..2 (CNCRYPTO_MAINNET .. CNCRYPTO_STAGENET) or CNCRYPTO_ANY_NETWORK");
  return guard("address_decode", [&] {
    const std::string_view str(address, address_len);
    const cncrypto::parsed_address a = network == CNCRYPTO_ANY_NETWORK
                                           ? cncrypto::parse_address(str)
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
  if (!network_ok(network))
    return bad_network("address_encode", network, "0..2 (CNCRYPTO_MAINNET .. CNCRYPTO_STAGENET)");
  if (kind < CNCRYPTO_ADDRESS_STANDARD || kind > CNCRYPTO_ADDRESS_SUBADDRESS)
    return fail(failure::bad_argument, "address_encode",
                "kind is not CNCRYPTO_ADDRESS_STANDARD, _INTEGRATED or _SUBADDRESS (0..2)");
  if (const int rc = check_args("address_encode", need(spend_public_key, "spend_public_key"),
                                need(view_public_key, "view_public_key"), need(out_len, "out_len"));
      rc != CNCRYPTO_OK)
    return rc;
  if (const int rc = check_args("address_encode", need(out_str, *out_len, "out")); rc != CNCRYPTO_OK) return rc;
  if (kind == CNCRYPTO_ADDRESS_INTEGRATED && payment_id == nullptr)
    return fail(failure::bad_argument, "address_encode", "payment_id is NULL for an integrated address");
  return guard("address_encode", [&] {
    const cryptonote::account_public_address keys{in<crypto::public_key>(spend_public_key),
                                                  in<crypto::public_key>(view_public_key)};
    const auto nettype = cryptonote::network_type(network);
    const std::string str =
        kind == CNCRYPTO_ADDRESS_INTEGRATED
            ? cryptonote::get_account_integrated_address_as_str(nettype, keys, in<crypto::hash8>(payment_id))
            : cryptonote::get_account_address_as_str(nettype, kind == CNCRYPTO_ADDRESS_SUBADDRESS, keys);
    return put_string("address_encode", "out", str, out_str, out_len);
  });
}

int cncrypto_get_subaddress_secret_key(const uint8_t view_secret_key[32], uint32_t major, uint32_t minor,
                                       uint8_t m[32]) {
  if (const int rc = check_args("get_subaddress_secret_key", need(view_secret_key, "view_secret_key"), need(m, "m"));
      rc != CNCRYPTO_OK)
    return rc;
  return guard("get_subaddress_secret_key", [&] {
    out<crypto::secret_key>(m) =
        cncrypto::get_subaddress_secret_key(in<crypto::secret_key>(view_secret_key), {major, minor});
    return CNCRYPTO_OK;
  });
}

int cncrypto_get_subaddress(const uint8_t view_secret_key[32], const uint8_t spend_public_key[32], uint32_t major,
                            uint32_t minor, uint8_t subaddress_spend_public_key[32],
                            uint8_t subaddress_view_public_key[32]) {
  if (const int rc = check_args("get_subaddress", need(view_secret_key, "view_secret_key"),
                                need(spend_public_key, "spend_public_key"));
      rc != CNCRYPTO_OK)
    return rc;
  if (subaddress_spend_public_key == nullptr && subaddress_view_public_key == nullptr)
    return fail(failure::bad_argument, "get_subaddress",
                "subaddress_spend_public_key and subaddress_view_public_key are both NULL");
  return guard("get_subaddress", [&] {
    // A view key >= L or a spend key that is not a point: bytes that do not
    // decode (the library throws std::invalid_argument for the second).
    cryptonote::account_public_address main;
    if (const int rc = main_address("get_subaddress", view_secret_key, spend_public_key, main); rc != CNCRYPTO_OK)
      return rc;
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
