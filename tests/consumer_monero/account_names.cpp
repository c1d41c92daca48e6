// Monero's idiom for the wallet-facing names of cryptonote_basic/account.h and
// cryptonote_basic/cryptonote_format_utils.h that Monero's tests and wallet code
// call: account_base::encrypt_keys / decrypt_keys / encrypt_viewkey /
// decrypt_viewkey with a crypto::chacha_key, account_keys::m_multisig_keys,
// get_transaction_prefix_hash with a hw::device, round_money_up on text,
// encrypt_key / decrypt_key on an epee::wipeable_string, and the bool results of
// add_additional_tx_pub_keys_to_extra / add_mm_merkle_root_to_tx_extra.
// Compiled against the installed package with Monero's include paths only
// (scripts/test-consumer.sh).
//
// Expected values: the account checks are those of Monero 0.18's
// tests/unit_tests/account.cpp (masking changes both secret keys, the view
// key alone comes back with decrypt_viewkey, everything with decrypt_keys);
// round_money_up's from Monero's rule (every digit past the significant ones
// becomes 0, the kept part goes up by one when one of them was not 0:
// 1.2345 XMR to 2 digits is 1.3, printed with 12 decimals; 0 digits: the text of
// Monero's CHECK_AND_ASSERT_THROW_MES in round_money_up); the device forms
// of get_transaction_prefix_hash must equal the plain form.
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "check.h"
#include "crypto/chacha.h"
#include "crypto/crypto.h"
#include "cryptonote_basic/account.h"
#include "cryptonote_basic/cryptonote_format_utils.h"
#include "device/device.hpp"
#include "wipeable_string.h"

using monero_idiom::check;
using namespace cryptonote;

int main() {
  const char *me = "monero_idiom_account";

  // account.h: the in-memory masking of the secret keys (wallet2's idiom).
  keypair recovery_key = keypair::generate(hw::get_device("default"));
  account_base account;
  account.generate(recovery_key.sec);
  const account_keys keys = account.get_keys();
  check(me, "m_multisig_keys empty", account.get_keys().m_multisig_keys.empty() && account.get_multisig_keys().empty());
  crypto::chacha_key chacha_key;
  crypto::generate_chacha_key(&recovery_key, sizeof(recovery_key), chacha_key, 1);
  account.encrypt_keys(chacha_key);
  check(me, "encrypt_keys masks both secret keys",
        account.get_keys().m_spend_secret_key != keys.m_spend_secret_key &&
            account.get_keys().m_view_secret_key != keys.m_view_secret_key &&
            account.get_keys().m_account_address == keys.m_account_address);
  account.decrypt_viewkey(chacha_key);
  check(me, "decrypt_viewkey unmasks the view key only",
        account.get_keys().m_view_secret_key == keys.m_view_secret_key &&
            account.get_keys().m_spend_secret_key != keys.m_spend_secret_key);
  account.encrypt_viewkey(chacha_key);
  account.decrypt_keys(chacha_key);
  check(me, "decrypt_keys unmasks both",
        account.get_keys().m_spend_secret_key == keys.m_spend_secret_key &&
            account.get_keys().m_view_secret_key == keys.m_view_secret_key);
  check(me, "account_base::get_device is the default device",
        &account.get_device() == &hw::get_device("default"));

  // cryptonote_format_utils.h
  transaction tx;
  tx.version = 1;
  tx.unlock_time = 60;
  tx.vin.push_back(txin_gen{});
  boost::get<txin_gen>(tx.vin[0]).height = 7;
  crypto::public_key out_key;
  std::memset(&out_key, 0x58, sizeof out_key);
  tx.vout.resize(1);
  set_tx_out(1000, out_key, false, crypto::view_tag{}, tx.vout[0]);
  std::vector<crypto::public_key> additional(2);
  std::memset(&additional[0], 0x11, 32);
  std::memset(&additional[1], 0x22, 32);
  check(me, "add_additional_tx_pub_keys_to_extra returns true", add_additional_tx_pub_keys_to_extra(tx.extra, additional));
  crypto::hash root;
  std::memset(&root, 0x33, sizeof root);
  check(me, "add_mm_merkle_root_to_tx_extra returns true", add_mm_merkle_root_to_tx_extra(tx.extra, root, 3));
  hw::device &hwdev = hw::get_device("default");
  const crypto::hash plain = get_transaction_prefix_hash(tx);
  crypto::hash with_device;
  get_transaction_prefix_hash(tx, with_device, hwdev);
  check(me, "get_transaction_prefix_hash(tx, h, hwdev)", with_device == plain);
  check(me, "get_transaction_prefix_hash(tx, hwdev)", get_transaction_prefix_hash(tx, hwdev) == plain);

  check(me, "round_money_up(\"1.2345\", 2)", round_money_up(std::string("1.2345"), 2) == "1.300000000000");
  check(me, "round_money_up(\"0.000000000999\", 1)", round_money_up(std::string("0.000000000999"), 1) == "0.000000001000");
  bool threw = false;
  try {
    round_money_up(std::string("one"), 2);
  } catch (const std::runtime_error &) {
    threw = true;
  }
  check(me, "round_money_up of bad text throws std::runtime_error", threw);
  threw = false;
  try {
    round_money_up(std::string("1"), 0);
  } catch (const std::runtime_error &e) {
    threw = std::string(e.what()) == "significant_digits must not be 0";  // Monero's text
  }
  check(me, "round_money_up with 0 digits throws Monero's std::runtime_error", threw);

  const epee::wipeable_string passphrase("a passphrase");
  const crypto::secret_key enc = encrypt_key(keys.m_spend_secret_key, passphrase);
  check(me, "encrypt_key / decrypt_key on epee::wipeable_string",
        enc != keys.m_spend_secret_key && decrypt_key(enc, passphrase) == keys.m_spend_secret_key);
  check(me, "encrypt_key with a C string", encrypt_key(keys.m_spend_secret_key, "a passphrase") == enc);
  return 0;
}
