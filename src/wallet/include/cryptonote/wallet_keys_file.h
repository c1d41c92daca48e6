// Reading and writing Monero wallet `.keys` files (wallet2::load_keys_buf,
// store_keys; spec wallet.md section 4; docs/wallet_files.md).
//
// A .keys file is Monero's binary serialization of wallet2::keys_file_data:
//   iv (8 raw bytes) || varint(n) || account_data (n bytes, the ciphertext)
// with no header, magic or MAC. The password gives
//   key = crypto::generate_chacha_key(password bytes, kdf_rounds)
// (cn_slow_hash variant 0, kdf_rounds times; wallet2's default and both of
// Monero's test wallets: 1), and account_data decrypts with ChaCha20(key, iv)
// to a JSON object; files from before Monero v0.12 use ChaCha8 instead (tried
// when ChaCha20 gives no JSON, as wallet2 does). The JSON's "key_data" string
// holds raw binary (Monero's epee portable storage of account_base; the JSON
// is parsed byte-transparently, it is not valid UTF-8). With
// "encrypted_secret_keys": 1 the two secret keys in key_data are XORed with
// ChaCha20(zeros, generate_chacha_key(key || 'k', 1), m_encryption_iv)
// (wallet2's in-memory key encryption); they are unmasked here.
//
// A wrong password, and a file that is not a .keys file, are told apart from
// a good file as Monero does it: with a wrong key neither ChaCha20 nor ChaCha8
// gives a JSON object (wallet2: "invalid password"); when a JSON object is
// found, its secret keys must give its public keys (spend*G = B and view*G =
// A; only the view key for watch-only and multisig wallets, whose spend secret
// is not a single key), as wallet2's verify_keys checks. So a result is never
// garbage keys: it is refused with kind wrong_password or keys_mismatch.
// Except what cannot be checked: the settings, the network and the flags
// ("watch_only", "multisig") are plain JSON, and a changed bit there (or in
// a multisig or watch-only file's spend secret key) goes unnoticed by
// wallet2. The reader reports what looks damaged or odd in
// wallet_keys_file::findings and whether the spend key was checked in
// wallet_keys_file::spend_key_verified (docs/wallet_files.md, "Damaged files").
//
// Not supported: hardware-wallet files (key_on_device: the spend key is on the
// device; refused with kind unsupported). Not recognised, so reported as
// wrong_password: the oldest format (before 2016: the plaintext is epee binary
// without JSON) and background-sync files (wallet2's third key,
// HASH_KEY_BACKGROUND_KEYS_FILE).
//
// Secrets: the password, the chacha key, the plaintext and the keys are held
// in locked, wiped memory (cncrypto::secret_buffer, chacha_key, secret_key) and
// every temporary is wiped. Timing: the KDF is cn_slow_hash (not constant time,
// by design, as in Monero); ChaCha, the unmasking of the keys, the public-key
// computation and the key check are constant time (ct_wallet under valgrind);
// the JSON and portable-storage parsers branch on the plaintext's structure
// (field names, lengths, numbers), which holds no key bytes in the clear when
// encrypted_secret_keys is set (both Monero test wallets, every wallet written
// since v0.15).
//
// Writing: store_keys_buf / store_keys_file write a .keys file of a standard
// (not watch-only, not multisig) wallet that wallet2 opens (checked with
// Debian's monero-wallet-cli 0.18 by tests/tools/cnutil_monero_wallet_test.py).
#pragma once

#include "crypto/chacha.h"
#include "crypto/crypto.h"
#include "cryptonote/account.h"
#include "cryptonote/address.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// Everything here is cncrypto's own (Monero reads and writes .keys files in
// tools::wallet2 members), so it is in namespace cncrypto.
namespace cncrypto {

// What a .keys file that opened looks odd in: damage that the format (no MAC)
// cannot refuse, or a field Monero's wallet2::load_keys_buf (v0.18) would read
// otherwise than its writer meant. cncrypto's own (wallet2 only logs or
// refuses). The kinds, each from one check of load_keys_buf:
enum class keys_file_finding_kind {
  no_nettype,            // no "nettype": the network is the caller's default (wallet2: the one it runs on)
  unknown_field,         // a top-level JSON name no wallet2 version writes or reads ("oettype")
  duplicate_field,       // a JSON name given twice (the first value is used, as rapidjson's FindMember)
  wrong_json_type,       // a field wallet2 reads with another JSON type (a string, true, 1.0, -1 for a Uint):
                         // wallet2 refuses the file
  unexpected_value,      // a flag other than 0 / 1, an enum value wallet2 does not know, a decimal point
                         // other than 0, 3, 6, 9, 12 (wallet2 refuses that one)
  multisig_incomplete,   // "multisig" set without "multisig_signers" / "multisig_threshold" (wallet2
                         // refuses) or without multisig keys in key_data
  multisig_leftovers,    // multisig keys or signers in a file whose "multisig" is not set
  watch_only_with_spend_key,  // "watch_only" set, yet key_data holds a non-zero spend secret key
  spend_key_unverified,  // "multisig" set and spend*G != B: the spend secret key cannot be checked
  original_keys_incomplete,   // "original_keys_available" set without its two strings (wallet2 refuses)
  seed_language_unknown, // "seed_language" empty or not one of Monero's language names
  secret_keys_not_masked,     // no "encrypted_secret_keys": the secret keys are stored as they are
                              // (wallets before v0.15; wallet2 rewrites the file masked)
  unknown_key_data_entry,     // an entry of key_data that account_base does not have (epee ignores it)
};

// One finding. message: one sentence naming the field (names quoted only when
// they are identifiers of at most 64 ASCII letters, digits and '_'; otherwise
// their size), never a key byte or a field's string value.
struct keys_file_finding {
  keys_file_finding_kind kind;
  bool wallet2_refuses = false;  // Monero 0.18's wallet2 would refuse to open the file for this
  std::string message;
};

enum class keys_file_error_kind {
  io,              // the file cannot be read
  truncated,       // shorter than its layout says (empty, cut IV, cut length, cut data)
  bad_format,      // not keys_file_data (bad length varint, trailing bytes) or a
                   // decrypted JSON / key_data that is malformed
  wrong_password,  // neither ChaCha20 nor ChaCha8 gives a JSON object
  keys_mismatch,   // the secret keys do not give the public keys (corrupt file)
  unsupported,     // a hardware-wallet file (see the top of this file)
};

// Why a .keys file was refused. what() is a sentence naming the field or byte
// offset; it never contains key or password bytes.
class keys_file_error : public std::runtime_error {
 public:
  using kind = keys_file_error_kind;
  keys_file_error(kind k, const std::string &message) : std::runtime_error(message), kind_(k) {}
  kind error_kind() const noexcept { return kind_; }

 private:
  kind kind_;
};

// Which cipher decrypted account_data.
enum class keys_file_cipher { chacha20, chacha8 };

// What a .keys file holds (the parts a wallet needs to be restored).
struct wallet_keys_file {
  cryptonote::account_keys keys;        // B, A and the unmasked secrets b, a (b = 0 when watch-only)
  std::string multisig_keys;            // 32-byte keys concatenated (secret; empty unless multisig)
  cryptonote::network_type nettype = cryptonote::MAINNET;  // "nettype" (0 mainnet, 1 testnet, 2 stagenet)
  bool nettype_in_file = false;         // false: the file has no "nettype" (then the caller's default)
  std::string address;                  // primary address of keys.m_account_address on nettype
  std::uint64_t creation_timestamp = 0; // m_creation_timestamp (Unix time)
  std::string seed_language;            // "seed_language" (Monero's language name) or empty
  bool watch_only = false;              // "watch_only"
  bool multisig = false;                // "multisig"
  bool encrypted_secret_keys = false;   // "encrypted_secret_keys": the keys were masked in the file
  keys_file_cipher cipher = keys_file_cipher::chacha20;
  // spend secret * G == B was checked and holds. Always true for a standard
  // wallet (else the file is refused, keys_mismatch); for a watch-only file
  // (spend secret 0) or a multisig one (the spend secret is this signer's
  // share of B) it is normally false: then the spend secret key is unchecked
  // and may be damaged (the format has no MAC). cncrypto's own.
  bool spend_key_verified = false;
  // What looks damaged or odd (cncrypto's own; empty for a file as wallet2
  // writes it): see keys_file_finding_kind. Never a reason to refuse.
  std::vector<keys_file_finding> findings;

  wallet_keys_file() = default;
  wallet_keys_file(const wallet_keys_file &) = default;
  wallet_keys_file(wallet_keys_file &&) = default;
  wallet_keys_file &operator=(const wallet_keys_file &) = default;
  wallet_keys_file &operator=(wallet_keys_file &&) = default;
  ~wallet_keys_file();  // wipes multisig_keys (the secret keys wipe themselves)
};

// The outer layout: Monero's wallet2::keys_file_data.
struct keys_file_data {
  crypto::chacha_iv iv{};
  std::string account_data;  // ciphertext (public)
};

// Parses iv || varint(n) || account_data[n] from file (the whole file). Throws
// keys_file_error (truncated: empty, fewer than 8 bytes, a cut varint, n larger
// than what remains (the message gives both); bad_format: a non-canonical or
// overlong varint, bytes after account_data). Variable time (public bytes).
// Source: Monero serialization::parse_binary of keys_file_data.
keys_file_data parse_keys_file_data(std::string_view file);

// Decrypts and reads a .keys file given as bytes, with the ChaCha key already
// derived (generate_chacha_key(password, kdf_rounds)). default_nettype is used
// when the file has no "nettype" field (wallet2 then uses the network it was
// started on). Throws keys_file_error (see the kinds).
// Source: wallet2::load_keys_buf (+ account_base's epee deserialization and
// account_keys::decrypt_keys).
wallet_keys_file load_keys_buf(std::string_view file, const crypto::chacha_key &key,
                               cryptonote::network_type default_nettype = cryptonote::MAINNET);

// The same from the password: key = generate_chacha_key(password, kdf_rounds)
// (one cn_slow_hash per round, ~10-20 ms each). The password is raw bytes
// (Monero does not normalise it).
wallet_keys_file load_keys_buf(std::string_view file, const std::string &password, std::uint64_t kdf_rounds = 1,
                               cryptonote::network_type default_nettype = cryptonote::MAINNET);

// The largest .keys file the readers take, in bytes (100 MiB; a .keys file is a few KiB).
constexpr std::size_t max_keys_file_size = std::size_t(100) << 20;

// The same, reading the file at path (at most max_keys_file_size bytes). Throws
// keys_file_error (io: "cannot read the .keys file: reason", the path left to the
// caller to name; a regular file larger than the limit is refused as bad_format
// before it is opened, an endless input such as /dev/zero once the limit is
// passed; that message does not name the path either).
wallet_keys_file load_keys_file(const std::string &path, const std::string &password, std::uint64_t kdf_rounds = 1,
                                cryptonote::network_type default_nettype = cryptonote::MAINNET);

// The secret-key masking of wallet2 (account_keys::encrypt_keys /
// decrypt_keys; it is its own inverse): with dk = generate_chacha_key(key ||
// 0x6b, 1) and stream = ChaCha20(zeros(32 * (2 + multisig_keys.size() / 32)),
// dk, iv), XOR spend with stream[0..32), view with [32..64), the multisig keys
// with the rest. multisig_keys.size() must be a multiple of 32
// (std::invalid_argument otherwise). Constant time in all secrets except
// through the one cn_slow_hash of key || 'k' (see generate_chacha_key).
void xor_secret_keys(crypto::secret_key &spend, crypto::secret_key &view, std::string &multisig_keys,
                     const crypto::chacha_key &key, const crypto::chacha_iv &iv);

// A new .keys file (the whole file's bytes) for keys, as wallet2::store_keys
// writes it: the JSON object {"key_data": epee portable storage of
// account_base (m_keys: m_account_address, m_spend_secret_key,
// m_view_secret_key masked with xor_secret_keys under a random
// m_encryption_iv, m_multisig_keys empty; m_creation_timestamp),
// "seed_language", "key_on_device": 0, "watch_only": 0, "multisig": 0,
// "nettype", "encrypted_secret_keys": 1}, rapidjson's escaping (the binary
// key_data raw, '"', '\\' and bytes below 0x20 escaped), encrypted with
// ChaCha20 under generate_chacha_key(password, kdf_rounds) and a random IV,
// laid out as iv || varint(n) || ciphertext. keys must be a standard wallet's
// (the secret keys give the public keys; std::invalid_argument otherwise, as
// for kdf_rounds 0 or a seed_language that is not a Monero language name).
// The result is public (encrypted); every temporary is wiped. Timing: the KDF
// is cn_slow_hash (as for reading); the masking and the key check are constant
// time; the JSON escaping branches on key_data's bytes, in which the secret
// keys are masked (never in the clear), as the reader's parsing does. Source: wallet2::store_keys
// / get_keys_file_data, account_base's KV_SERIALIZE map.
std::string store_keys_buf(const cryptonote::account_keys &keys, cryptonote::network_type nettype,
                           const std::string &password, std::uint64_t kdf_rounds = 1,
                           const std::string &seed_language = "English", std::uint64_t creation_timestamp = 0);

// store_keys_buf written to path, a new file (never overwritten: an existing
// path is refused) with mode 0600, as wallet2 does. Throws keys_file_error
// (io: "cannot write the .keys file: reason", the path left to the caller to name;
// "it is a directory", "it exists ...") and what store_keys_buf throws.
void store_keys_file(const std::string &path, const cryptonote::account_keys &keys, cryptonote::network_type nettype,
                     const std::string &password, std::uint64_t kdf_rounds = 1,
                     const std::string &seed_language = "English", std::uint64_t creation_timestamp = 0);

// The old wallet-cache key of wallet2 (hw::device::generate_chacha_key):
// generate_chacha_key(view secret || spend secret || 0x8c, kdf_rounds).
// Source: Monero device_default::generate_chacha_key(const account_keys &,
// chacha_key &, uint64_t).
void generate_chacha_key(const cryptonote::account_keys &keys, crypto::chacha_key &key, std::uint64_t kdf_rounds);

}  // namespace cncrypto
