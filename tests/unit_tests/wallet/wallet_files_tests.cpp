// The wallet-file crypto (issue 18 items 3-5): generate_chacha_key (both
// forms, prehashed, kdf_rounds), encrypt_key / decrypt_key, and reading
// Monero's .keys files. Expected values: ../shared/data/wallet/kdf.json and
// wallet_files.json (Monero's own chacha.c / slow-hash.c / crypto-ops.c and
// the values Monero's tests assert, see the spec wallet.md section 4); the
// test wallets are Monero's tests/data files in ../shared/data/wallet/files.
#include "cryptonote/wallet_keys_file.h"
#include "cryptonote/account.h"

#include "crypto/chacha.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "crypto/random.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "support/hex.h"
#include "support/shared_data.h"
#include "wallet/keys_file_detail.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using nlohmann::json;
using cncrypto::test::unhex;

namespace {

json load_json(const std::string &relative) {
  std::ifstream f(cncrypto::test::shared_path(relative));
  BOOST_REQUIRE_MESSAGE(f, "cannot open " << relative);
  return json::parse(f);
}

std::string bytes_of(const std::string &hex) {
  const std::vector<std::uint8_t> v = unhex(hex);
  return std::string(v.begin(), v.end());
}

std::string read_file(const std::string &relative) {
  std::ifstream f(cncrypto::test::shared_path(relative), std::ios::binary);
  BOOST_REQUIRE_MESSAGE(f, "cannot open " << relative);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

std::string hex_of(const void *p, std::size_t n) { return cncrypto::hex_encode(p, n); }

template <typename Key>
std::string hex_of(const Key &k) {
  return hex_of(&k, sizeof k);
}

// Runs f and returns the keys_file_error kind it throws (fails if none).
template <typename F>
cncrypto::keys_file_error_kind refused(F f, std::string *message = nullptr) {
  try {
    f();
  } catch (const cncrypto::keys_file_error &e) {
    if (message != nullptr) *message = e.what();
    return e.error_kind();
  }
  BOOST_FAIL("no keys_file_error thrown");
  return cncrypto::keys_file_error_kind::io;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(wallet_files)

// kdf.json: 21 generate_chacha_key results from Monero's code (9 passwords,
// rounds 1/2/3/16); the string form gives the same.
BOOST_AUTO_TEST_CASE(generate_chacha_key_vectors, *cncrypto::test::needs_shared()) {
  const json j = load_json("data/wallet/kdf.json");
  BOOST_REQUIRE_EQUAL(j.at("generate_chacha_key").size(), 21u);
  for (const auto &v : j.at("generate_chacha_key")) {
    const std::string password = bytes_of(v.at("password_hex"));
    const std::uint64_t rounds = v.at("kdf_rounds");
    crypto::chacha_key key;
    crypto::generate_chacha_key(password.data(), password.size(), key, rounds);
    BOOST_CHECK_EQUAL(hex_of(key.data(), key.size()), v.at("chacha_key").get<std::string>());
    if (rounds == 1) {  // the std::string form (once per password: each round is one CryptoNight)
      crypto::chacha_key key2;
      crypto::generate_chacha_key(password, key2, rounds);
      BOOST_CHECK(key == key2);
    }
  }
}

// prehashed: the first round from the 200-byte Keccak state of the data
// (hash_process) equals the plain form; kdf_rounds 0 is one round (Monero's loop).
BOOST_AUTO_TEST_CASE(prehashed_and_round_count, *cncrypto::test::needs_shared()) {
  const json j = load_json("data/wallet/kdf.json");
  for (const auto &v : j.at("generate_chacha_key")) {
    if (v.at("kdf_rounds") != 2) continue;
    const std::string password = bytes_of(v.at("password_hex"));
    hash_state state;
    hash_process(&state, reinterpret_cast<const std::uint8_t *>(password.data()), password.size());
    crypto::chacha_key key;
    crypto::generate_chacha_key_prehashed(&state, sizeof state, key, 2);
    BOOST_CHECK_EQUAL(hex_of(key.data(), key.size()), v.at("chacha_key").get<std::string>());
  }
  crypto::chacha_key one, zero;
  crypto::generate_chacha_key("test", 4, one, 1);
  crypto::generate_chacha_key("test", 4, zero, 0);
  BOOST_CHECK(one == zero);
  hash_state state{};
  BOOST_CHECK_THROW(crypto::generate_chacha_key_prehashed(&state, 199, one, 1), std::invalid_argument);
}

// kdf.json: encrypt_key / decrypt_key (Monero's cryptonote_format_utils.cpp
// over its slow-hash.c and crypto-ops.c), and the round trip.
BOOST_AUTO_TEST_CASE(encrypt_key_vectors, *cncrypto::test::needs_shared()) {
  const json j = load_json("data/wallet/kdf.json");
  BOOST_REQUIRE_EQUAL(j.at("encrypt_key").size(), 7u);
  for (const auto &v : j.at("encrypt_key")) {
    BOOST_TEST_CONTEXT(v.at("label").get<std::string>()) {
      const auto key = cncrypto::test::pod_from_hex<crypto::secret_key>(v.at("key").get<std::string>());
      const std::string passphrase = bytes_of(v.at("passphrase_hex"));
      crypto::hash h;
      crypto::cn_slow_hash(passphrase.data(), passphrase.size(), h);
      BOOST_CHECK_EQUAL(hex_of(h), v.at("cn_slow_hash_v0_of_passphrase").get<std::string>());
      const crypto::secret_key enc = cryptonote::encrypt_key(key, passphrase);
      const crypto::secret_key dec = cryptonote::decrypt_key(key, passphrase);
      BOOST_CHECK_EQUAL(hex_of(enc), v.at("encrypted_key").get<std::string>());
      BOOST_CHECK_EQUAL(hex_of(dec), v.at("decrypt_key_of_key").get<std::string>());
      // decrypt(encrypt(k)) = k mod l (the vectors' keys are reduced).
      BOOST_CHECK(cryptonote::decrypt_key(enc, passphrase) == key);
      BOOST_CHECK(cryptonote::encrypt_key(dec, passphrase) == key);
    }
  }
}

// Both of Monero's test wallets: keys, public keys, address and network as
// wallet_files.json records them (and Monero's tests assert).
BOOST_AUTO_TEST_CASE(monero_test_wallets, *cncrypto::test::needs_shared()) {
  const json j = load_json("data/wallet/wallet_files.json");
  for (const auto &[name, w] : j.at("wallets").items()) {
    BOOST_TEST_CONTEXT(name) {
      const std::string file = read_file("data/wallet/files/" + w.at("keys_file").get<std::string>());
      const std::string password = w.at("password");
      const cncrypto::keys_file_data d = cncrypto::parse_keys_file_data(file);
      BOOST_CHECK_EQUAL(hex_of(d.iv), w.at("keys_file_layout").at("iv").get<std::string>());
      BOOST_CHECK_EQUAL(d.account_data.size(), w.at("keys_file_layout").at("account_data_varint_length").get<std::size_t>());

      const cncrypto::wallet_keys_file k = cncrypto::load_keys_file(
          cncrypto::test::shared_path("data/wallet/files/" + w.at("keys_file").get<std::string>()).string(), password,
          w.at("kdf_rounds"));
      BOOST_CHECK_EQUAL(hex_of(k.keys.m_spend_secret_key), w.at("spend_secret_key").get<std::string>());
      BOOST_CHECK_EQUAL(hex_of(k.keys.m_view_secret_key), w.at("view_secret_key").get<std::string>());
      BOOST_CHECK_EQUAL(hex_of(k.keys.m_account_address.m_spend_public_key), w.at("spend_public_key").get<std::string>());
      BOOST_CHECK_EQUAL(hex_of(k.keys.m_account_address.m_view_public_key), w.at("view_public_key").get<std::string>());
      BOOST_CHECK_EQUAL(k.address, w.at("address").get<std::string>());
      BOOST_CHECK_EQUAL(cncrypto::network_name(k.nettype), w.at("nettype").get<std::string>());
      BOOST_CHECK(k.nettype_in_file);
      BOOST_CHECK(k.cipher == cncrypto::keys_file_cipher::chacha20);
      BOOST_CHECK(k.encrypted_secret_keys);
      BOOST_CHECK(!k.watch_only && !k.multisig);
      BOOST_CHECK(k.multisig_keys.empty());
      BOOST_CHECK_EQUAL(k.seed_language, w.at("json_fields").at("seed_language").get<std::string>());
      BOOST_CHECK_EQUAL(k.creation_timestamp,
                        w.at("key_data_parsed").at("m_creation_timestamp").get<std::uint64_t>());

      // The chacha key from the password, the memory-key stream, and the old
      // cache key (generate_chacha_key of the account keys).
      crypto::chacha_key key;
      crypto::generate_chacha_key(password, key, 1);
      BOOST_CHECK_EQUAL(hex_of(key.data(), key.size()), w.at("chacha_key").get<std::string>());
      const cncrypto::wallet_keys_file k2 = cncrypto::load_keys_buf(file, key);
      BOOST_CHECK(k2.keys.m_spend_secret_key == k.keys.m_spend_secret_key);
      crypto::chacha_key cache_key;
      cncrypto::generate_chacha_key(k.keys, cache_key, 1);
      BOOST_CHECK_EQUAL(hex_of(cache_key.data(), cache_key.size()),
                        w.at("cache_key_old_scheme (generate_chacha_key(view||spend||0x8c, kdf_rounds))").get<std::string>());

      // The wrong password of wallet_files.json, and a few others, are refused.
      std::string message;
      const std::string wrong = w.at("wrong_password_example").at("password").get<std::string>();
      BOOST_CHECK(refused([&] { cncrypto::load_keys_buf(file, wrong); }, &message) ==
                  cncrypto::keys_file_error_kind::wrong_password);
      BOOST_CHECK_NE(message.find("wrong password"), std::string::npos);
      for (const std::string &bad : std::vector<std::string>{"", "x", password + password}) {
        BOOST_CHECK(refused([&] { cncrypto::load_keys_buf(file, bad); }) ==
                    cncrypto::keys_file_error_kind::wrong_password);
      }
      // The right password with 2 rounds is another key: refused too.
      BOOST_CHECK(refused([&] { cncrypto::load_keys_buf(file, password, 2); }) ==
                  cncrypto::keys_file_error_kind::wrong_password);
    }
  }
}

// store_keys_buf / store_keys_file: what they write loads back (keys, network,
// language, timestamp, masked secret keys), with the password only; the bytes
// hold no secret key in the clear; bad arguments are refused. (That Monero's
// own wallet opens these files is checked by tests/tools/cnutil_monero_wallet_test.py.)
BOOST_AUTO_TEST_CASE(store_and_load) {
  for (const cryptonote::network_type net : {cryptonote::MAINNET, cryptonote::TESTNET, cryptonote::STAGENET}) {
    cryptonote::account_base account;
    account.generate();
    const cryptonote::account_keys &keys = account.get_keys();
    const std::uint64_t stamp = 0x0123456789abcdefULL;
    const std::string file = cncrypto::store_keys_buf(keys, net, "pass \"word\"", 1, "Deutsch", stamp);
    const cncrypto::wallet_keys_file k = cncrypto::load_keys_buf(file, "pass \"word\"");
    BOOST_CHECK(k.keys.m_spend_secret_key == keys.m_spend_secret_key);
    BOOST_CHECK(k.keys.m_view_secret_key == keys.m_view_secret_key);
    BOOST_CHECK(k.keys.m_account_address.m_spend_public_key == keys.m_account_address.m_spend_public_key);
    BOOST_CHECK(k.keys.m_account_address.m_view_public_key == keys.m_account_address.m_view_public_key);
    BOOST_CHECK(k.nettype == net && k.nettype_in_file);
    BOOST_CHECK_EQUAL(k.address, cryptonote::get_account_address_as_str(net, false, keys.m_account_address));
    BOOST_CHECK_EQUAL(k.seed_language, "Deutsch");
    BOOST_CHECK_EQUAL(k.creation_timestamp, stamp);
    BOOST_CHECK(k.encrypted_secret_keys && !k.watch_only && !k.multisig);
    BOOST_CHECK(k.cipher == cncrypto::keys_file_cipher::chacha20);
    for (const crypto::secret_key *secret : {&keys.m_spend_secret_key, &keys.m_view_secret_key}) {
      const std::string raw(reinterpret_cast<const char *>(secret), 32);
      BOOST_CHECK(file.find(raw) == std::string::npos);
    }
    BOOST_CHECK(refused([&] { cncrypto::load_keys_buf(file, "pass"); }) ==
                cncrypto::keys_file_error_kind::wrong_password);
    // Two files of the same keys differ (random IVs) and both load; 2 KDF rounds need 2 to load.
    const std::string again = cncrypto::store_keys_buf(keys, net, "p", 2);
    BOOST_CHECK(again != cncrypto::store_keys_buf(keys, net, "p", 2));
    BOOST_CHECK(cncrypto::load_keys_buf(again, "p", 2).keys.m_spend_secret_key == keys.m_spend_secret_key);
    BOOST_CHECK(refused([&] { cncrypto::load_keys_buf(again, "p", 1); }) ==
                cncrypto::keys_file_error_kind::wrong_password);
    BOOST_CHECK_EQUAL(cncrypto::load_keys_buf(again, "p", 2).seed_language, "English");
    // Bad arguments.
    BOOST_CHECK_THROW(cncrypto::store_keys_buf(keys, net, "p", 0), std::invalid_argument);
    BOOST_CHECK_THROW(cncrypto::store_keys_buf(keys, net, "p", 1, "German"), std::invalid_argument);
    cryptonote::account_keys mismatched = keys;
    mismatched.m_view_secret_key = keys.m_spend_secret_key;
    BOOST_CHECK_THROW(cncrypto::store_keys_buf(mismatched, net, "p"), std::invalid_argument);
  }
  // store_keys_file: a new file, never an existing one.
  cryptonote::account_base account;
  account.generate();
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("cncrypto_store_keys_" + std::to_string(crypto::rand<std::uint32_t>()) + ".keys"))
                               .string();
  cncrypto::store_keys_file(path, account.get_keys(), cryptonote::MAINNET, "pw");
  BOOST_CHECK(cncrypto::load_keys_file(path, "pw").keys.m_view_secret_key == account.get_keys().m_view_secret_key);
  std::string message;
  BOOST_CHECK(refused([&] { cncrypto::store_keys_file(path, account.get_keys(), cryptonote::MAINNET, "pw"); },
                      &message) == cncrypto::keys_file_error_kind::io);
  BOOST_CHECK_NE(message.find("it exists (an existing file is never replaced)"), std::string::npos);
  std::filesystem::remove(path);
}

// Truncated, extended, empty and corrupt files: each refused with its kind,
// before the KDF where the layout is wrong; never a crash or garbage keys.
BOOST_AUTO_TEST_CASE(malformed_files, *cncrypto::test::needs_shared()) {
  using kind = cncrypto::keys_file_error_kind;
  const std::string file = read_file("data/wallet/files/wallet_00fd416a.keys");
  crypto::chacha_key key;
  crypto::generate_chacha_key(std::string("beepbeep"), key, 1);
  auto load = [&](const std::string &f) { return [&, f] { cncrypto::load_keys_buf(f, key); }; };
  std::string message;
  BOOST_CHECK(refused(load(""), &message) == kind::truncated);
  BOOST_CHECK_NE(message.find("empty"), std::string::npos);
  BOOST_CHECK(refused(load(file.substr(0, 5))) == kind::truncated);
  BOOST_CHECK(refused(load(file.substr(0, 8))) == kind::truncated);   // no length
  BOOST_CHECK(refused(load(file.substr(0, 9))) == kind::truncated);   // cut varint (0x85 0x0d)
  BOOST_CHECK(refused(load(file.substr(0, file.size() - 1)), &message) == kind::truncated);
  BOOST_CHECK_NE(message.find("1669"), std::string::npos);
  BOOST_CHECK(refused(load(file + "x"), &message) == kind::bad_format);
  // A huge length: 2^63 bytes claimed.
  std::string huge = file.substr(0, 8) + std::string("\xff\xff\xff\xff\xff\xff\xff\xff\x7f", 9) + file.substr(10);
  BOOST_CHECK(refused(load(huge)) == kind::truncated);
  // An overlong varint (11 bytes of 0xff): refused as malformed.
  std::string overlong = file.substr(0, 8) + std::string(11, '\xff') + file.substr(10);
  BOOST_CHECK(refused(load(overlong)) == kind::bad_format);
  // Zero-length data: no JSON.
  BOOST_CHECK(refused(load(file.substr(0, 8) + std::string(1, '\0'))) == kind::wrong_password);
  // Every byte of the ciphertext flipped in turn: refused (the JSON breaks, or
  // a key no longer matches, or key_data is malformed), or, for a byte of a
  // setting that is not read, the same keys. Never other keys.
  const cncrypto::wallet_keys_file good = cncrypto::load_keys_buf(file, key);
  std::size_t refusals = 0;
  for (std::size_t i = 10; i < file.size(); i += 41) {
    std::string f = file;
    f[i] = static_cast<char>(f[i] ^ 0x04);
    try {
      const cncrypto::wallet_keys_file k = cncrypto::load_keys_buf(f, key);
      BOOST_CHECK(k.keys.m_spend_secret_key == good.keys.m_spend_secret_key);
      BOOST_CHECK(k.keys.m_view_secret_key == good.keys.m_view_secret_key);
      BOOST_CHECK(k.address == good.address);
    } catch (const cncrypto::keys_file_error &) {
      ++refusals;
    }
  }
  BOOST_CHECK_GT(refusals, 5u);
  BOOST_CHECK(refused([] { cncrypto::load_keys_file("/nonexistent/dir/x.keys", "p"); }) == kind::io);
}

// The masking is its own inverse and covers multisig keys; the CT core
// (detail::xor_with_key_stream) is what xor_secret_keys applies after the
// key derivation of key || 'k' (checked on wallet_files.json's key stream).
BOOST_AUTO_TEST_CASE(secret_key_masking, *cncrypto::test::needs_shared()) {
  const json j = load_json("data/wallet/wallet_files.json");
  const json &w = j.at("wallets").at("wallet_9svHk1");
  const std::string stream = w.at("secret_key_stream").at("keystream_64 = chacha20(zeros(64), derived_key, m_encryption_iv)");
  crypto::chacha_key derived;
  const std::vector<std::uint8_t> dk = unhex(w.at("secret_key_stream").begin().value().get<std::string>());
  std::memcpy(derived.data(), dk.data(), 32);
  const auto iv = cncrypto::test::pod_from_hex<crypto::chacha_iv>(
      w.at("key_data_parsed").at("m_keys").at("m_encryption_iv").get<std::string>());
  crypto::secret_key spend{}, view{};
  std::string none;
  cncrypto::detail::xor_with_key_stream(spend, view, none, derived, iv);
  BOOST_CHECK_EQUAL(hex_of(spend) + hex_of(view), stream);

  crypto::chacha_key key;
  crypto::generate_chacha_key(w.at("password").get<std::string>(), key, 1);
  std::string ms(64, '\x5a');
  const std::string ms0 = ms;
  crypto::secret_key s2 = spend, v2 = view;
  cncrypto::xor_secret_keys(s2, v2, ms, key, iv);
  BOOST_CHECK(s2 == crypto::secret_key{} && v2 == crypto::secret_key{});  // stream ^ stream
  BOOST_CHECK(ms != ms0);
  cncrypto::xor_secret_keys(s2, v2, ms, key, iv);
  BOOST_CHECK(ms == ms0);
  std::string odd(33, 'x');
  BOOST_CHECK_THROW(cncrypto::xor_secret_keys(s2, v2, odd, key, iv), std::invalid_argument);
}

// Monero's account_keys::encrypt / decrypt / encrypt_viewkey / decrypt_viewkey
// (and account_base's encrypt_keys ...): the same masking under the account's
// m_encryption_iv, checked on wallet_files.json's key stream (zero keys
// decrypt to the stream), multisig keys included.
BOOST_AUTO_TEST_CASE(account_keys_masking, *cncrypto::test::needs_shared()) {
  const json j = load_json("data/wallet/wallet_files.json");
  const json &w = j.at("wallets").at("wallet_9svHk1");
  const std::string stream = w.at("secret_key_stream").at("keystream_64 = chacha20(zeros(64), derived_key, m_encryption_iv)");
  crypto::chacha_key key;
  crypto::generate_chacha_key(w.at("password").get<std::string>(), key, 1);
  cryptonote::account_keys keys;
  keys.m_encryption_iv = cncrypto::test::pod_from_hex<crypto::chacha_iv>(
      w.at("key_data_parsed").at("m_keys").at("m_encryption_iv").get<std::string>());
  keys.decrypt(key);
  BOOST_CHECK_EQUAL(hex_of(keys.m_spend_secret_key) + hex_of(keys.m_view_secret_key), stream);
  keys.decrypt(key);
  BOOST_CHECK(keys.m_spend_secret_key == crypto::secret_key{} && keys.m_view_secret_key == crypto::secret_key{});
  // The view key alone: stream[32..64), the spend key untouched.
  keys.encrypt_viewkey(key);
  BOOST_CHECK_EQUAL(hex_of(keys.m_spend_secret_key) + hex_of(keys.m_view_secret_key),
                    std::string(64, '0') + stream.substr(64));
  keys.decrypt_viewkey(key);
  BOOST_CHECK(keys.m_view_secret_key == crypto::secret_key{});
  // Multisig keys take the stream after the first 64 bytes, as xor_secret_keys.
  crypto::secret_key m;
  std::memset(m.data, 0x5a, 32);
  keys.m_multisig_keys = {m, m};
  crypto::secret_key s2, v2;
  std::string ms(64, '\x5a');
  cncrypto::xor_secret_keys(s2, v2, ms, key, keys.m_encryption_iv);
  keys.decrypt(key);
  BOOST_CHECK(keys.m_spend_secret_key == s2 && keys.m_view_secret_key == v2);
  BOOST_CHECK(std::memcmp(keys.m_multisig_keys[0].data, ms.data(), 32) == 0);
  BOOST_CHECK(std::memcmp(keys.m_multisig_keys[1].data, ms.data() + 32, 32) == 0);
  // encrypt draws a fresh IV; decrypt with the same key undoes it.
  cryptonote::account_base account;
  account.generate();
  const cryptonote::account_keys before = account.get_keys();
  account.encrypt_keys(key);
  BOOST_CHECK(std::memcmp(&account.get_keys().m_encryption_iv, &before.m_encryption_iv, 8) != 0);  // 2^-64 to fail
  BOOST_CHECK(account.get_keys().m_spend_secret_key != before.m_spend_secret_key);
  account.decrypt_viewkey(key);
  BOOST_CHECK(account.get_keys().m_view_secret_key == before.m_view_secret_key);
  BOOST_CHECK(account.get_keys().m_spend_secret_key != before.m_spend_secret_key);
  account.encrypt_viewkey(key);
  account.decrypt_keys(key);
  BOOST_CHECK(account.get_keys().m_spend_secret_key == before.m_spend_secret_key);
  BOOST_CHECK(account.get_keys().m_view_secret_key == before.m_view_secret_key);
}

// The secret-memory helpers: locking is counted per page and its failure is
// harmless; secret_buffer zero-fills and moves.
BOOST_AUTO_TEST_CASE(secret_memory) {
  cncrypto::secret_buffer b(100);
  BOOST_CHECK_EQUAL(b.size(), 100u);
  for (std::size_t i = 0; i < b.size(); ++i) BOOST_CHECK_EQUAL(b.data()[i], 0);
  b.data()[0] = 7;
  cncrypto::secret_buffer c(std::move(b));
  BOOST_CHECK(b.empty() && b.data() == nullptr && !b.locked());
  BOOST_CHECK_EQUAL(c.data()[0], 7);
  // Two holds on one page: the second release unlocks; neither throws.
  unsigned char page_mate[64];
  const bool l1 = cncrypto::mlock_secret(page_mate, 32);
  const bool l2 = cncrypto::mlock_secret(page_mate + 32, 32);
  BOOST_CHECK_EQUAL(l1, l2);  // same page, same answer
  cncrypto::munlock_secret(page_mate, 32);
  cncrypto::munlock_secret(page_mate + 32, 32);
  BOOST_CHECK(!cncrypto::mlock_secret(nullptr, 5));
  cncrypto::munlock_secret(nullptr, 5);
  // chacha_key copies are independent and zero-initialised.
  crypto::chacha_key k;
  for (auto x : k) BOOST_CHECK_EQUAL(x, 0);
  k[0] = 1;
  crypto::chacha_key k2(k);
  BOOST_CHECK_EQUAL(k2[0], 1);
}

BOOST_AUTO_TEST_SUITE_END()
