// Wallet accounts (spec cryptonote_format.md section 8.3): the spend and view
// key pairs, the account address, and the subaddress lookup table that
// scanning uses (spend public key -> subaddress index).
//
// Keys (all 32 bytes):
//   b  spend secret key       (random, or a recovery key reduced mod L)
//   a  view secret key        = sc_reduce32(cn_fast_hash(b))   (Monero's
//                               deterministic wallets; one seed recovers both)
//   B = b*G, A = a*G          the standard address (B, A)
// Subaddress (i, j) != (0, 0): D = B + m*G, C = a*D with
//   m = Hs("SubAddr\0" || a || LE32(i) || LE32(j))  (cryptonote/subaddress.h).
//
// Secrets (b, a, m, recovery keys) live in crypto::secret_key, which wipes
// itself (sodium_memzero) when destroyed; every operation on them here is
// constant time. Public keys and indexes are public.
//
// Mirrors Monero's src/cryptonote_basic/account.{h,cpp} (account_keys,
// account_base) and keypair from cryptonote_basic.h, without hw::device,
// multisig keys, key-file storage or the chacha key encryption.
#pragma once

#include "crypto/chacha.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "cryptonote/address.h"
#include "cryptonote/subaddress.h"
#include "device/device.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace cryptonote {

// A key pair: pub = sec*G. Monero's cryptonote::keypair.
struct keypair {
  crypto::public_key pub;
  crypto::secret_key sec;  // secret; wiped on destruction

  // A fresh random key pair made by hwdev.generate_keys(pub, sec) (the default
  // device, hw::get_device("default"): crypto::generate_keys, sec uniform in
  // [1, L)). Throws std::runtime_error if libsodium cannot be initialised, and
  // whatever hwdev throws. Monero: keypair::generate(hw::device &).
  static keypair generate(hw::device &hwdev);
};

// The keys of one wallet: Monero's cryptonote::account_keys, its members in
// Monero's order. A watch-only (view-only) wallet has an all-zero
// m_spend_secret_key (crypto::null_skey).
struct account_keys {
  account_public_address m_account_address{};  // (B, A)
  crypto::secret_key m_spend_secret_key;        // b, secret
  crypto::secret_key m_view_secret_key;         // a, secret
  std::vector<crypto::secret_key> m_multisig_keys;  // a multisig wallet's keys (empty otherwise), secret
  hw::device *m_device = &hw::get_device("default");
  crypto::chacha_iv m_encryption_iv{};  // the IV of encrypt(); zero until then

  // Masking of the secret keys while a wallet is open (wallet2's
  // encrypt_keys/decrypt_keys): with dk = generate_chacha_key(key || 'k', 1)
  // (config::HASH_KEY_MEMORY) and stream = ChaCha20(zeros, dk,
  // m_encryption_iv), m_spend_secret_key ^= stream[0..32), m_view_secret_key
  // ^= stream[32..64), each multisig key ^= the next 32 bytes
  // (cncrypto::xor_secret_keys, cryptonote/wallet_keys_file.h). encrypt()
  // first draws a fresh random m_encryption_iv; decrypt() uses the stored one,
  // so decrypt(k) undoes encrypt(k). encrypt_viewkey()/decrypt_viewkey() XOR
  // only m_view_secret_key with stream[32..64) under the current IV (each is
  // the other's inverse; Monero calls them between encrypt and decrypt to
  // unmask the view key alone). Nothing checks that key is the right one: a
  // wrong key gives wrong keys, as in Monero. Constant time in the keys except
  // the one cn_slow_hash of key || 'k' (generate_chacha_key). Throws
  // std::bad_alloc only. Source: Monero cryptonote_basic/account.cpp
  // account_keys::encrypt, decrypt, encrypt_viewkey, decrypt_viewkey.
  void encrypt(const crypto::chacha_key &key);
  void decrypt(const crypto::chacha_key &key);
  void encrypt_viewkey(const crypto::chacha_key &key);
  void decrypt_viewkey(const crypto::chacha_key &key);

  // The device that holds the keys (Monero's; cncrypto has the software
  // default device only, device/device.hpp). Monero: account_keys::get_device /
  // set_device.
  hw::device &get_device() const { return *m_device; }
  void set_device(hw::device &hwdev) { m_device = &hwdev; }
};

// A wallet's keys with Monero's construction rules. Monero's
// cryptonote::account_base (without device, file storage or creation time).
class account_base {
 public:
  account_base() = default;

  // Generates the spend key pair with crypto::generate_keys(recovery_key,
  // recover) and the view key pair from it: with two_random false (Monero's
  // default for new wallets) a = sc_reduce32(cn_fast_hash(b)), so b alone
  // recovers the wallet; with two_random true a is a fresh random scalar.
  // Returns the spend key before reduction (Monero: the seed behind the
  // mnemonic). Secret: recovery_key, the keys, the return value. Throws
  // std::runtime_error if libsodium cannot be initialised.
  // Monero: account_base::generate.
  crypto::secret_key generate(const crypto::secret_key &recovery_key = crypto::secret_key(), bool recover = false,
                              bool two_random = false);

  // Takes the keys as given. Unlike Monero (which stores them unchecked) the
  // pairs are checked: throws std::invalid_argument naming the key when a
  // secret key is >= L or does not give the address's public key. Constant
  // time in the secrets except the final (public) comparisons.
  // Monero: account_base::create_from_keys.
  void create_from_keys(const account_public_address &address, const crypto::secret_key &spendkey,
                        const crypto::secret_key &viewkey);

  // A watch-only account: spend secret all zero. The view key is checked
  // against the address as in create_from_keys. Monero: create_from_viewkey.
  void create_from_viewkey(const account_public_address &address, const crypto::secret_key &viewkey);

  const account_keys &get_keys() const { return m_keys; }

  // The standard address string (95 characters). Throws std::invalid_argument
  // for a network other than mainnet, testnet, stagenet.
  // Monero: account_base::get_public_address_str.
  std::string get_public_address_str(network_type nettype) const;
  // The integrated address (106 characters). Monero: get_public_integrated_address_str.
  std::string get_public_integrated_address_str(const crypto::hash8 &payment_id, network_type nettype) const;

  // Wipes the spend secret key (the account becomes watch-only).
  // Monero: account_base::forget_spend_key.
  void forget_spend_key();

  // The multisig keys (empty for an ordinary wallet). Monero: get_multisig_keys.
  const std::vector<crypto::secret_key> &get_multisig_keys() const { return m_keys.m_multisig_keys; }
  // m_keys.encrypt / decrypt / encrypt_viewkey / decrypt_viewkey (account_keys
  // above). Monero: account_base::encrypt_keys, decrypt_keys, encrypt_viewkey,
  // decrypt_viewkey.
  void encrypt_keys(const crypto::chacha_key &key) { m_keys.encrypt(key); }
  void decrypt_keys(const crypto::chacha_key &key) { m_keys.decrypt(key); }
  void encrypt_viewkey(const crypto::chacha_key &key) { m_keys.encrypt_viewkey(key); }
  void decrypt_viewkey(const crypto::chacha_key &key) { m_keys.decrypt_viewkey(key); }
  // m_keys' device. Monero: account_base::get_device / set_device.
  hw::device &get_device() const { return m_keys.get_device(); }
  void set_device(hw::device &hwdev) { m_keys.set_device(hwdev); }

 private:
  account_keys m_keys;
};

}  // namespace cryptonote

// cncrypto's own account helpers (not Monero names; namespace cncrypto so that
// a Monero program declaring the same names meets no ambiguity).
namespace cncrypto {

// The lookup table used to recognise outputs: subaddress spend public key
// (B for (0, 0), D otherwise) -> its index. Monero's
// std::unordered_map<crypto::public_key, cryptonote::subaddress_index>
// (wallet2::m_subaddresses), the type of the subaddresses parameter of
// cryptonote::is_out_to_acc_precomp and generate_key_image_helper.
using subaddress_map = std::unordered_map<crypto::public_key, cryptonote::subaddress_index>;

// The view secret key Monero derives from a spend secret key:
// view_secret = sc_reduce32(cn_fast_hash(spend_secret[0..32))). Constant time;
// both keys are secret (the hash buffer is wiped). Monero:
// account_base::generate (the "second" key; keccak of the spend key, then
// generate_keys with recover = true).
crypto::secret_key derive_view_secret_key(const crypto::secret_key &spend_secret);

// The spend public keys of subaddresses (major, begin..end-1): out[k] is the
// key for (major, begin + k); (0, 0) gives B itself. Throws
// std::invalid_argument if end < begin or B does not decode. Constant time in
// the view secret (one constant-time base multiplication per key).
// Monero: hw::device::get_subaddress_spend_public_keys(keys, account, begin, end).
std::vector<crypto::public_key> get_subaddress_spend_public_keys(const cryptonote::account_keys &keys,
                                                                 std::uint32_t major, std::uint32_t begin,
                                                                 std::uint32_t end);

// Adds every subaddress (major, minor) for major < major_count and
// minor < minor_count to map (so (0, 0) -> B is included whenever both counts
// are >= 1; Monero wallets always include it). Existing entries are kept.
// major_count * minor_count keys are computed (each one constant-time base
// multiplication, ~20 us). Throws std::invalid_argument if B does not decode
// or the table would exceed 2^24 entries (a mistaken count, not a wallet).
// Monero: wallet2::expand_subaddresses / create_one_off_subaddress.
void add_subaddresses(subaddress_map &map, const cryptonote::account_keys &keys, std::uint32_t major_count,
                      std::uint32_t minor_count);

// A new table holding (0..major_count-1, 0..minor_count-1); see add_subaddresses.
subaddress_map make_subaddress_map(const cryptonote::account_keys &keys, std::uint32_t major_count = 1,
                                   std::uint32_t minor_count = 1);

// The subaddress (D, C) of keys for index (the main address for (0, 0)):
// cncrypto::get_subaddress(keys.m_account_address, keys.m_view_secret_key,
// index) (cryptonote/subaddress.h). Constant time in the view secret. Throws
// std::invalid_argument if B does not decode.
// Monero: hw::device::get_subaddress(keys, index) / wallet2::get_subaddress.
cryptonote::account_public_address get_subaddress(const cryptonote::account_keys &keys,
                                                  const cryptonote::subaddress_index &index);

// true when keys' spend secret key is all zero (a watch-only account). The
// comparison is constant time; the answer is public. Never throws.
// Monero: wallet2::watch_only().
bool is_watch_only(const cryptonote::account_keys &keys);

}  // namespace cncrypto
