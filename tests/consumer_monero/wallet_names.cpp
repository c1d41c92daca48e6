// Monero's idiom for the account and address headers (cryptonote_basic/account.h,
// cryptonote_basic/cryptonote_basic_impl.h, cryptonote_basic/cryptonote_format_utils.h),
// compiled against the installed package with Monero's include paths only
// (scripts/test-consumer.sh). Under `using namespace cryptonote` this program
// declares its own subaddress_map, parse_address, network_name, is_watch_only,
// derive_view_secret_key, make_subaddress_map, scan_result, seed_kind,
// get_subaddress and encrypt_payment_id (Monero has the last two only as
// hw::device members) and calls them unqualified: each of these was once a cncrypto name in namespace
// cryptonote (now in cncrypto), and there an unqualified call was ambiguous.
// It also reads the address through Monero's address_parse_info, whose members
// are Monero's four.
//
// Expected values: ../shared/data/vectors/addresses.json (the wallet of Monero's
// tests/functional_tests/wallet.py): its spend secret key, standard and integrated
// addresses, and subaddress (0, 1)'s address and spend public key D.
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>

#include "check.h"
#include "crypto/crypto.h"
#include "cryptonote_basic/account.h"
#include "cryptonote_basic/cryptonote_basic_impl.h"
#include "cryptonote_basic/cryptonote_format_utils.h"

using namespace cryptonote;
using monero_idiom::check;

// The program's own names (Monero's wallet code has names like these).
typedef std::unordered_map<crypto::public_key, subaddress_index> subaddress_map;
struct scan_result {
  int found = 0;
};
enum class seed_kind { electrum };

static const char *network_name(network_type nettype) { return nettype == MAINNET ? "main" : "other"; }

static bool parse_address(const std::string &str, address_parse_info &info) {
  return get_account_address_from_str(info, MAINNET, str);
}

static bool is_watch_only(const account_keys &keys) {
  static const crypto::secret_key zero{};
  return std::memcmp(&keys.m_spend_secret_key, &zero, sizeof zero) == 0;
}

static crypto::secret_key derive_view_secret_key(const crypto::secret_key &spend) {
  crypto::secret_key view = spend;  // a stand-in: only the name matters here
  return view;
}

static account_public_address get_subaddress(const account_public_address &main, const crypto::secret_key &,
                                             const subaddress_index &) {
  return main;  // a stand-in: only the name and signature matter here
}

static bool encrypt_payment_id(crypto::hash8 &payment_id, const crypto::public_key &, const crypto::secret_key &) {
  payment_id.data[0] ^= 1;  // a stand-in
  return true;
}

static subaddress_map make_subaddress_map(const account_keys &keys) {
  subaddress_map map;
  map[keys.m_account_address.m_spend_public_key] = subaddress_index{0, 0};
  return map;
}

int main() {
  const char *me = "monero_idiom_wallet";
  crypto::secret_key spend;
  monero_idiom::from_hex("148d78d2aba7dbca5cd8f6abcfb0b3c009ffbdbea1ff373d50ed94d78286640e", spend);
  crypto::hash8 payment_id;
  monero_idiom::from_hex("0123456789abcdef", payment_id);
  crypto::public_key sub_d;
  monero_idiom::from_hex("337d469a9937f3a1aaa4d3a4f108d69ae727cff85a18232edb33f091ce9914be", sub_d);
  const std::string standard =
      "42ey1afDFnn4886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfJJQAWDm";
  const std::string integrated =
      "4CMe2PUhs4J4886T7196doS9GPMzexD9gXpsZJDwVjeRVdFCSoHnv7KPbBeGpzJBzHRCAs9UxqeoyFQMYbqSWYTfSbLRB61BQVATzerHGj";
  const std::string sub01 =
      "84QRUYawRNrU3NN1VpFRndSukeyEb3Xpv8qZjjsoJZnTYpDYceuUTpog13D7qPxpviS7J29bSgSkR11hFFoXWk2yNdsR9WF";

  account_base acc;
  acc.generate(spend, true, false);
  const account_keys &keys = acc.get_keys();
  check(me, "get_public_address_str(MAINNET)", acc.get_public_address_str(MAINNET) == standard);
  check(me, "get_public_integrated_address_str(pid, MAINNET)",
        acc.get_public_integrated_address_str(payment_id, MAINNET) == integrated);
  check(me, "get_account_address_as_str(keys.m_account_address)",
        get_account_address_as_str(MAINNET, false, keys.m_account_address) == standard);

  address_parse_info info;
  check(me, "own parse_address (unqualified) of the subaddress", parse_address(sub01, info));
  check(me, "address_parse_info.is_subaddress", info.is_subaddress && !info.has_payment_id);
  check(me, "the subaddress's spend public key D", info.address.m_spend_public_key == sub_d);
  check(me, "get_account_address_from_str refuses it on testnet",
        !get_account_address_from_str(info, TESTNET, sub01));

  subaddress_map table = make_subaddress_map(keys);
  table[sub_d] = subaddress_index{0, 1};
  check(me, "own subaddress_map / make_subaddress_map (unqualified)", table.size() == 2);
  check(me, "own network_name (unqualified)", std::string(network_name(MAINNET)) == "main");
  check(me, "own is_watch_only (unqualified)", !is_watch_only(keys));
  check(me, "own derive_view_secret_key (unqualified)", derive_view_secret_key(spend) == spend);
  check(me, "own get_subaddress (unqualified)",
        get_subaddress(keys.m_account_address, keys.m_view_secret_key, subaddress_index{0, 1}) ==
            keys.m_account_address);
  crypto::hash8 flipped = payment_id;
  check(me, "own encrypt_payment_id (unqualified)",
        encrypt_payment_id(flipped, keys.m_account_address.m_view_public_key, keys.m_view_secret_key) &&
            flipped.data[0] == (payment_id.data[0] ^ 1));
  scan_result r;
  check(me, "own scan_result and seed_kind", r.found == 0 && seed_kind::electrum == seed_kind::electrum);
  return 0;
}
