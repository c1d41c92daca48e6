// Wallet-side recognition of outputs (cryptonote/wallet_scan.h) with the
// names, parameters and loop counts of Monero's tests (is_out_to_acc.h,
// out_can_be_to_acc.h, generate_key_image_helper.h), on the fixture of
// Monero's single_tx_test_base (spec cryptonote_format.md 10.1): Bob, a random
// account, and a hard-fork-1 miner transaction to him. Plus our whole-
// transaction scanner, test_scan_transaction<outputs, owned>, to show what the
// batched view tags cost per transaction.
//
// The miner transaction is built here with crypto.h exactly as Monero's
// construct_miner_tx(height 0, median 0, generated 0, weight 2, fee 0, Bob)
// lays it out at hard fork 1: version 1, unlock time 60, one txin_gen, six
// txout_to_key outputs (186 044 415, 2e9, 9e10, 5e11, 7e12, 1e13), extra = the
// tx public key R = r*G, output k's key Hs(8*r*A || k)*G + B. Only R and output
// 0 are used by the tests, as in Monero.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "crypto/chacha.h"
#include "crypto/crypto.h"
#include "cryptonote/account.h"
#include "cryptonote/cryptonote_basic.h"
#include "cryptonote/tx_extra.h"
#include "cryptonote/wallet_scan.h"
#include "mnemonics/cncrypto_seed.h"
#include "mnemonics/electrum-words.h"
#include "performance_tests.h"

namespace perf {

// Outputs paying `to` with tx secret r (standard address, no view tags unless tagged).
inline bool add_outputs_to(cryptonote::transaction &tx, const cryptonote::account_public_address &to,
                           const crypto::secret_key &r, const std::vector<std::uint64_t> &amounts, bool tagged) {
  crypto::key_derivation d;
  if (!crypto::generate_key_derivation(to.m_view_public_key, r, d)) return false;
  for (std::uint64_t amount : amounts) {
    const std::size_t k = tx.vout.size();
    crypto::public_key key;
    if (!crypto::derive_public_key(d, k, to.m_spend_public_key, key)) return false;
    cryptonote::tx_out out;
    out.amount = amount;
    if (tagged) {
      crypto::view_tag tag;
      crypto::derive_view_tag(d, k, tag);
      out.target = cryptonote::txout_to_tagged_key{key, tag};
    } else {
      out.target = cryptonote::txout_to_key{key};
    }
    tx.vout.push_back(out);
  }
  return true;
}

// Monero's single_tx_test_base: m_bob, m_tx, m_tx_pub_key, m_additional_tx_pub_keys.
class single_tx_test_base {
 public:
  bool init() {
    m_bob.generate();
    const cryptonote::keypair txkey = cryptonote::keypair::generate(hw::get_device("default"));
    m_tx = cryptonote::transaction();
    m_tx.version = 1;
    m_tx.unlock_time = 60;  // height 0 + CRYPTONOTE_MINED_MONEY_UNLOCK_WINDOW
    m_tx.vin.push_back(cryptonote::txin_gen{0});
    if (!add_outputs_to(m_tx, m_bob.get_keys().m_account_address, txkey.sec,
                        {186044415, 2000000000, 90000000000, 500000000000, 7000000000000, 10000000000000}, false))
      return false;
    cryptonote::add_tx_pub_key_to_extra(m_tx.extra, txkey.pub);
    m_tx_pub_key = cryptonote::get_tx_pub_key_from_extra(m_tx);
    m_additional_tx_pub_keys = cryptonote::get_additional_tx_pub_keys_from_extra(m_tx);
    return m_tx_pub_key == txkey.pub;
  }

 protected:
  const crypto::public_key &output0_key() const { return boost::get<cryptonote::txout_to_key>(m_tx.vout[0].target).key; }

  cryptonote::account_base m_bob;
  cryptonote::transaction m_tx;
  crypto::public_key m_tx_pub_key;
  std::vector<crypto::public_key> m_additional_tx_pub_keys;
};

// is_out_to_acc on output 0 (derivation included), no additional keys.
class test_is_out_to_acc : public single_tx_test_base {
 public:
  static const std::size_t loop_count = 1000;

  bool test() { return cryptonote::is_out_to_acc(m_bob.get_keys(), output0_key(), m_tx_pub_key, {}, 0); }
};

// is_out_to_acc_precomp with the derivation precomputed and the table {B: (0, 0)}.
class test_is_out_to_acc_precomp : public single_tx_test_base {
 public:
  static const std::size_t loop_count = 1000;

  bool init() {
    if (!single_tx_test_base::init()) return false;
    m_subaddresses[m_bob.get_keys().m_account_address.m_spend_public_key] = {0, 0};
    return crypto::generate_key_derivation(m_tx_pub_key, m_bob.get_keys().m_view_secret_key, m_derivation);
  }
  bool test() {
    return cryptonote::is_out_to_acc_precomp(m_subaddresses, output0_key(), m_derivation, m_no_additional, 0, hw::get_device("default"))
        .has_value();
  }

 private:
  cncrypto::subaddress_map m_subaddresses;
  crypto::key_derivation m_derivation;
  std::vector<crypto::key_derivation> m_no_additional;
};

// Monero's test_out_can_be_to_acc: derivation, then the view-tag check when
// use_view_tags (the tag of output 0 is derived in init(), the hf-1 output has
// none; false when it does not match), then, when is_owned, derive_public_key
// and the comparison with output 0.
template <bool use_view_tags, bool is_owned>
class test_out_can_be_to_acc : public single_tx_test_base {
 public:
  static const std::size_t loop_count = 1000;

  bool init() {
    if (!single_tx_test_base::init()) return false;
    m_view_secret_key = m_bob.get_keys().m_view_secret_key;
    m_spend_public_key = m_bob.get_keys().m_account_address.m_spend_public_key;
    if (!cryptonote::get_output_public_key(m_tx.vout[0], m_output_public_key)) return false;
    if (use_view_tags) {
      crypto::key_derivation d;
      if (!crypto::generate_key_derivation(m_tx_pub_key, m_view_secret_key, d)) return false;
      crypto::view_tag vt;
      crypto::derive_view_tag(d, 0, vt);
      m_view_tag_opt = vt;
    }
    return true;
  }
  bool test() {
    crypto::key_derivation d;
    if (!crypto::generate_key_derivation(m_tx_pub_key, m_view_secret_key, d)) return false;
    if (!cryptonote::out_can_be_to_acc(m_view_tag_opt, d, 0)) return false;
    if (is_owned) {
      crypto::public_key derived;
      if (!crypto::derive_public_key(d, 0, m_spend_public_key, derived)) return false;
      if (derived != m_output_public_key) return false;
    }
    return true;
  }

 private:
  crypto::secret_key m_view_secret_key;
  crypto::public_key m_spend_public_key;
  crypto::public_key m_output_public_key;
  boost::optional<crypto::view_tag> m_view_tag_opt;
};

// generate_key_image_helper on output 0, the table {B: (0, 0)} built per call (as Monero).
class test_generate_key_image_helper : public single_tx_test_base {
 public:
  static const std::size_t loop_count = 500;

  bool test() {
    cryptonote::keypair in_ephemeral;
    crypto::key_image ki;
    cncrypto::subaddress_map subaddresses;
    subaddresses[m_bob.get_keys().m_account_address.m_spend_public_key] = {0, 0};
    return cryptonote::generate_key_image_helper(m_bob.get_keys(), subaddresses, output0_key(), m_tx_pub_key,
                                                 m_additional_tx_pub_keys, 0, in_ephemeral, ki, hw::get_device("default"));
  }
};

// scan_transaction on a version 1 transaction of `outputs` view-tagged outputs,
// all to Bob (owned: each output also costs the subtraction, the lookup and
// its key image) or all to someone else (each costs one batched view-tag hash
// after the one derivation). Bob's table: 1 account x 50 subaddresses.
template <std::size_t outputs, bool owned>
class test_scan_transaction {
 public:
  static const std::size_t loop_count = owned ? 100 : 1000;

  bool init() {
    m_bob.generate();
    m_subaddresses = cncrypto::make_subaddress_map(m_bob.get_keys(), 1, 50);
    cryptonote::account_base other;
    other.generate();
    const cryptonote::keypair txkey = cryptonote::keypair::generate(hw::get_device("default"));
    m_tx.version = 1;
    const auto &to = owned ? m_bob.get_keys().m_account_address : other.get_keys().m_account_address;
    if (!add_outputs_to(m_tx, to, txkey.sec, std::vector<std::uint64_t>(outputs, 1000), true)) return false;
    cryptonote::add_tx_pub_key_to_extra(m_tx.extra, txkey.pub);
    const auto result = cncrypto::scan_transaction(m_tx, m_bob.get_keys(), m_subaddresses);
    return result.problems.empty() && result.outputs.size() == (owned ? outputs : 0);
  }
  bool test() {
    const auto result = cncrypto::scan_transaction(m_tx, m_bob.get_keys(), m_subaddresses);
    return result.outputs.size() == (owned ? outputs : 0);
  }

 private:
  cryptonote::account_base m_bob;
  cncrypto::subaddress_map m_subaddresses;
  cryptonote::transaction m_tx;
};

// Seeds and the wallet-file KDF (issue 18; Monero has no such rows): a 25-word
// seed of a random key decoded (language detected: English is the 2nd
// language tried) and encoded (the constant-time encoder), and
// generate_chacha_key with kdf_rounds = rounds: one cn_slow_hash variant 0 per
// round plus copies, to compare with test_cn_slow_hash<0>.
// decode = true: words_to_bytes of the seed; false: bytes_to_words of the key.
template <bool decode>
class test_electrum_words {
 public:
  static const std::size_t loop_count = decode ? 10000 : 1000;
  bool init() {
    crypto::rand(sizeof m_key, reinterpret_cast<std::uint8_t *>(m_key.data));
    return cncrypto::bytes_to_words(m_key, m_words, "English") && test();
  }
  bool test() {
    if (!decode) return cncrypto::bytes_to_words(m_key, m_words, "English");
    crypto::secret_key out;
    std::string language;
    return cncrypto::words_to_bytes(m_words, out, language) && out == m_key;
  }

 private:
  crypto::secret_key m_key;
  std::string m_words;
};

template <std::uint64_t rounds>
class test_generate_chacha_key {
 public:
  static const std::size_t loop_count = 10;
  bool init() { return test(); }
  bool test() {
    crypto::generate_chacha_key(m_password, m_key, rounds);
    return true;
  }

 private:
  std::string m_password = "correct horse battery staple";
  crypto::chacha_key m_key;
};

// Monero's test_wallet2_expand_subaddresses<major, minor>: a new wallet (a
// random account whose table holds (0, 0) only) with a lookahead of major
// accounts and minor subaddresses is asked for subaddress (1, 0), so it adds
// accounts 1..major with minors 0..minor-1: major * minor subaddress spend
// public keys (get_subaddress_spend_public_keys, one per account) put into the
// table. Monero's wallet keeps its table, so only its first call does the work
// (its loop runs once); here each call starts again from the (0, 0) table.
template <std::uint32_t major, std::uint32_t minor>
class test_wallet2_expand_subaddresses {
 public:
  static const std::size_t loop_count = 1;

  bool init() {
    m_account.generate();
    m_start = cncrypto::make_subaddress_map(m_account.get_keys(), 1, 1);
    return test();
  }
  bool test() {
    cncrypto::subaddress_map table = m_start;
    for (std::uint32_t account = 1; account <= major; ++account) {
      const std::vector<crypto::public_key> keys =
          cncrypto::get_subaddress_spend_public_keys(m_account.get_keys(), account, 0, minor);
      for (std::uint32_t i = 0; i < minor; ++i) table[keys[i]] = {account, i};
    }
    return table.size() == 1 + std::size_t{major} * minor;
  }

 private:
  cryptonote::account_base m_account;
  cncrypto::subaddress_map m_start;
};

// Wallet scanning (cryptonote/wallet_scan.h): Monero's tests on its
// single_tx_test_base fixture, then our whole-transaction scanner.
inline void register_wallet_tests(registry &r) {
  TEST_PERFORMANCE0(r, test_is_out_to_acc);
  TEST_PERFORMANCE0(r, test_is_out_to_acc_precomp);
  TEST_PERFORMANCE(r, test_out_can_be_to_acc, false, true);  // no view tag, owned
  TEST_PERFORMANCE(r, test_out_can_be_to_acc, true, false);  // view tag, not owned
  TEST_PERFORMANCE(r, test_out_can_be_to_acc, true, true);   // view tag, owned
  TEST_PERFORMANCE0(r, test_generate_key_image_helper);
  TEST_PERFORMANCE(r, test_wallet2_expand_subaddresses, 50, 200);
  TEST_PERFORMANCE(r, test_scan_transaction, 2, false);
  TEST_PERFORMANCE(r, test_scan_transaction, 16, false);
  TEST_PERFORMANCE(r, test_scan_transaction, 2, true);
  r.test<test_electrum_words<true>>("test_words_to_bytes");
  r.test<test_electrum_words<false>>("test_bytes_to_words");
  TEST_PERFORMANCE(r, test_generate_chacha_key, 1);
  TEST_PERFORMANCE(r, test_generate_chacha_key, 2);
}

}  // namespace perf
