#include "cryptonote/account.h"

#include "crypto/crypto-ops.h"
#include "common/ct_declassify.h"
#include "cryptonote/wallet_keys_file.h"

#include <sodium/utils.h>

#include <cstring>
#include <stdexcept>
#include <string>

namespace cryptonote {
namespace {

// Throws unless sec < L and sec*G == expected.
void check_pair(const crypto::secret_key &sec, const crypto::public_key &expected, const char *what) {
  crypto::public_key pub;
  if (!crypto::secret_key_to_public_key(sec, pub))
    throw std::invalid_argument(std::string(what) + " secret key is not a reduced scalar (>= L)");
  CNCRYPTO_DECLASSIFY(&pub, sizeof pub);  // compared with the address's public key
  if (pub != expected)
    throw std::invalid_argument(std::string(what) + " secret key does not match the address's " + what +
                                " public key");
}

}  // namespace

keypair keypair::generate(hw::device &hwdev) {
  keypair k;
  hwdev.generate_keys(k.pub, k.sec);
  return k;
}

crypto::secret_key account_base::generate(const crypto::secret_key &recovery_key, bool recover, bool two_random) {
  const crypto::secret_key first = crypto::generate_keys(m_keys.m_account_address.m_spend_public_key,
                                                         m_keys.m_spend_secret_key, recovery_key, recover);
  if (two_random) {
    crypto::generate_keys(m_keys.m_account_address.m_view_public_key, m_keys.m_view_secret_key);
  } else {
    // Monero: keccak(b) as the recovery key of generate_keys(..., recover = true),
    // which reduces it: the same as derive_view_secret_key.
    m_keys.m_view_secret_key = cncrypto::derive_view_secret_key(m_keys.m_spend_secret_key);
    // Reduced (hash_to_scalar), so secret_key_to_public_key cannot refuse it.
    [[maybe_unused]] const bool reduced =
        crypto::secret_key_to_public_key(m_keys.m_view_secret_key, m_keys.m_account_address.m_view_public_key);
  }
  return first;
}

void account_base::create_from_keys(const account_public_address &address, const crypto::secret_key &spendkey,
                                    const crypto::secret_key &viewkey) {
  check_pair(spendkey, address.m_spend_public_key, "spend");
  check_pair(viewkey, address.m_view_public_key, "view");
  m_keys.m_account_address = address;
  m_keys.m_spend_secret_key = spendkey;
  m_keys.m_view_secret_key = viewkey;
}

void account_base::create_from_viewkey(const account_public_address &address, const crypto::secret_key &viewkey) {
  check_pair(viewkey, address.m_view_public_key, "view");
  m_keys.m_account_address = address;
  m_keys.m_spend_secret_key = crypto::null_skey;
  m_keys.m_view_secret_key = viewkey;
}

std::string account_base::get_public_address_str(network_type nettype) const {
  return get_account_address_as_str(nettype, false, m_keys.m_account_address);
}

std::string account_base::get_public_integrated_address_str(const crypto::hash8 &payment_id,
                                                            network_type nettype) const {
  return get_account_integrated_address_as_str(nettype, m_keys.m_account_address, payment_id);
}

void account_base::forget_spend_key() {
  sodium_memzero(&m_keys.m_spend_secret_key, sizeof m_keys.m_spend_secret_key);
}

void account_keys::encrypt(const crypto::chacha_key &key) {
  m_encryption_iv = crypto::rand<crypto::chacha_iv>();
  decrypt(key);  // the XOR is its own inverse
}

void account_keys::decrypt(const crypto::chacha_key &key) {
  // The multisig keys as one byte string for xor_secret_keys, wiped after.
  std::string multisig(32 * m_multisig_keys.size(), '\0');
  for (std::size_t i = 0; i < m_multisig_keys.size(); ++i) std::memcpy(&multisig[32 * i], m_multisig_keys[i].data, 32);
  cncrypto::xor_secret_keys(m_spend_secret_key, m_view_secret_key, multisig, key, m_encryption_iv);
  for (std::size_t i = 0; i < m_multisig_keys.size(); ++i) std::memcpy(m_multisig_keys[i].data, &multisig[32 * i], 32);
  sodium_memzero(&multisig[0], multisig.size());
}

void account_keys::encrypt_viewkey(const crypto::chacha_key &key) {
  crypto::secret_key unused;  // takes stream[0..32); wiped when it goes
  std::string no_multisig;
  cncrypto::xor_secret_keys(unused, m_view_secret_key, no_multisig, key, m_encryption_iv);
}

void account_keys::decrypt_viewkey(const crypto::chacha_key &key) { encrypt_viewkey(key); }

}  // namespace cryptonote

namespace cncrypto {
namespace {

// Largest table add_subaddresses builds (2^24 entries, ~1 GB of map nodes):
// anything above is a mistaken count, not a wallet.
constexpr std::uint64_t max_subaddress_table = std::uint64_t{1} << 24;

// Refuses an account whose spend public key B is not a point (before any work).
void check_spend_key(const cryptonote::account_keys &keys) {
  if (!crypto::check_key(keys.m_account_address.m_spend_public_key))
    throw std::invalid_argument("the account's spend public key is not a valid ed25519 point");
}

// D for one index (B for (0, 0)): subaddress.h's get_subaddress_spend_public_key,
// which makes D public for the constant-time check (D is in the address).
crypto::public_key spend_key_of(const cryptonote::account_keys &keys, const cryptonote::subaddress_index &index) {
  return cncrypto::get_subaddress_spend_public_key(keys.m_account_address.m_spend_public_key, keys.m_view_secret_key,
                                                     index);
}

}  // namespace

crypto::secret_key derive_view_secret_key(const crypto::secret_key &spend_secret) {
  crypto::hash h;
  crypto::cn_fast_hash(&spend_secret, sizeof spend_secret, h);
  crypto::secret_key view;
  static_assert(sizeof view == sizeof h);
  std::memcpy(view.data, h.data, sizeof view.data);
  sodium_memzero(&h, sizeof h);
  sc_reduce32(reinterpret_cast<unsigned char *>(&view));
  return view;
}

std::vector<crypto::public_key> get_subaddress_spend_public_keys(const cryptonote::account_keys &keys,
                                                                 std::uint32_t major, std::uint32_t begin,
                                                                 std::uint32_t end) {
  if (end < begin)
    throw std::invalid_argument("get_subaddress_spend_public_keys: end (" + std::to_string(end) +
                                ") is before begin (" + std::to_string(begin) + ")");
  check_spend_key(keys);
  std::vector<crypto::public_key> out;
  out.reserve(end - begin);
  for (std::uint32_t minor = begin; minor < end; ++minor) out.push_back(spend_key_of(keys, {major, minor}));
  return out;
}

void add_subaddresses(subaddress_map &map, const cryptonote::account_keys &keys, std::uint32_t major_count,
                      std::uint32_t minor_count) {
  const std::uint64_t total = std::uint64_t{major_count} * minor_count;
  if (total > max_subaddress_table)
    throw std::invalid_argument("add_subaddresses: " + std::to_string(major_count) + " x " +
                                std::to_string(minor_count) + " subaddresses exceed the limit of " +
                                std::to_string(max_subaddress_table));
  if (total == 0) return;
  check_spend_key(keys);
  map.reserve(map.size() + static_cast<std::size_t>(total));
  for (std::uint32_t major = 0; major < major_count; ++major) {
    for (std::uint32_t minor = 0; minor < minor_count; ++minor) {
      const cryptonote::subaddress_index index{major, minor};
      map.emplace(spend_key_of(keys, index), index);
    }
  }
}

subaddress_map make_subaddress_map(const cryptonote::account_keys &keys, std::uint32_t major_count,
                                   std::uint32_t minor_count) {
  subaddress_map map;
  add_subaddresses(map, keys, major_count, minor_count);
  return map;
}

cryptonote::account_public_address get_subaddress(const cryptonote::account_keys &keys,
                                                  const cryptonote::subaddress_index &index) {
  return cncrypto::get_subaddress(keys.m_account_address, keys.m_view_secret_key, index);
}

bool is_watch_only(const cryptonote::account_keys &keys) {
  bool watch_only = keys.m_spend_secret_key == crypto::null_skey;  // constant time
  CNCRYPTO_DECLASSIFY(&watch_only, sizeof watch_only);             // the account's kind is public
  return watch_only;
}

}  // namespace cncrypto
