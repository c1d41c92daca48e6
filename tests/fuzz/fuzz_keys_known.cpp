// Fuzz target: .keys files of a known wallet, changed, then loaded with their
// password (cryptonote/wallet_keys_file.h store_keys_buf, load_keys_buf).
// The wallet: fixed keys (spend key Hs("cncrypto fuzz_keys_known spend key")),
// testnet, password "known password", in a .keys file written once by
// store_keys_buf and kept in this file (known_file_hex); at start the target
// checks that a file the writer makes now loads to the same keys, and decrypts
// the kept file once to its JSON plaintext. An input's first byte chooses what is changed: the plaintext
// (even), then encrypted again under a fixed IV, or the whole file as written
// (odd); the rest is up to 8 changes of three bytes each (a 15-bit offset and a
// byte XORed there; offset's top bit set: delete up to 15 bytes there instead).
// Oracles, against the keys the target knows (not what the reader reports):
//   * unchanged bytes load to exactly the written wallet (keys, testnet, the
//     address, not watch-only or multisig, "English");
//   * a load either throws keys_file_error or gives keys whose view secret key
//     gives its view public key and, unless the file says watch-only or
//     multisig, whose spend secret key gives its spend public key; whose
//     address is theirs; and when a reported public key is the known one,
//     the checked secret key is the known one too (never a wrong spend key
//     reported as checked);
//   * the same bytes with another password are refused (keys_file_error).
// Each load that reaches the keys costs one CryptoNight hash (the unmasking
// key), so this target runs at a few executions per second under ASan.
#include "common/hex.h"
#include "common/varint.h"
#include "crypto/chacha.h"
#include "crypto/crypto.h"
#include "cryptonote/account.h"
#include "cryptonote/address.h"
#include "cryptonote/wallet_keys_file.h"
#include "fuzz_check.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace {

// The .keys file the target changes: written once by store_keys_buf for the
// keys of wallet() below (testnet, "known password", English) and kept here so that an
// input changes the same bytes in every run (the writer's IVs are random, and
// the escaping of key_data's masked bytes moves the fields after it).
// Regenerate: FUZZ_KEYS_KNOWN_PRINT=1 fuzz_keys_known (prints a new file).
const char known_file_hex[] =
    "ae4fa9d47b50eeac9f05f420cb0fdf722ab3d7998e03f4192f0d3e4cfa5fa37e3fbf73ae8009c9e04434a9a890ce2b08"
    "93a6e87feea3fe7d1339d25ac0f6221a6dfa4b8e578f5595a1662805ae86f21ffde7addd5ed1c8adb0134f26a2f5dcc2"
    "baffd3b80848ba0170eb880d83c6ae946c47e3147c9281f23bfaf89747b1a44a0275114900dd81fe43a75f678667c1f8"
    "74fbce2f71136dd5b3482725b967255be37e51d0b12371a76f2d3cf73e486b6b324c624bc4c7d73fe99bf163f6fea9a5"
    "e4135bd05f5b3766160769561996b6f2ccc14f05b5a4433f31a3a337ddba1b22e4f5fdc370578d113b991955fe623efa"
    "9c1126960bf0361f01e71df70bc2aa34960d8ff25ca026e791dc813643a4fa690eaff542c85bfda8f7d80c6fad9a944c"
    "e5bf2ccc28568f535f5d5fe1dd5347978757c98b2f9d87b24fb79ce461c79a388c4c087e99dbbfc874374fcbf6bf88d5"
    "c3f9ee69e0d4a0d2707d7bd3678ce1525c487e8f744a9d54bcf49acbbe26bd57a7258b3849d7eacdaba2a4a95e9cf26a"
    "1d2bb9a1d71b72e2613f08a7bd8640e18e08854b05a31322bd2ce5a2bbdb8bb0045c805d8da726f9d2e91d3d393c2c40"
    "428697ee273159bb902aa63e2a87c045dd8ddd3dbe7c1556088293d17fab07bb2b6955db98b332258e488b07d27339f3"
    "3fe9f7f00bdc8a8cc4e44bd65daff2c1bb8a2791eb3f445a021f289116094ad06c5a39ed098408de9b1149b10e23ebf2"
    "d134a6068f38be0c3d59cdecee2a739a45538bfe9f3046a0d5c2996917baa11729885cf563c4fe867b2de6a124737c6f"
    "3e914fa21e8a90eceb1fc56a084a26d32b5bbd2c15d89745985b4fec5c095ac0b74d5fa5fba5fe6e39d1868226b8539f"
    "73336655a79067e35d477b9c5ea40ace29899e86582bf72f31d6f552e7d1ac39827b10f60f72c9a1758d428943ebcdbe"
    "ce91c4aa27c7d5d3b3";

struct known_wallet {
  cryptonote::account_keys keys;
  crypto::chacha_key key, wrong_key;
  std::string file;       // known_file_hex
  std::string plaintext;  // its decrypted JSON
};

const known_wallet &wallet() {
  static const known_wallet w = [] {
    known_wallet k;
    crypto::hash_to_scalar("cncrypto fuzz_keys_known spend key", 34, k.keys.m_spend_secret_key);
    k.keys.m_view_secret_key = cncrypto::derive_view_secret_key(k.keys.m_spend_secret_key);
    FUZZ_CHECK(crypto::secret_key_to_public_key(k.keys.m_spend_secret_key, k.keys.m_account_address.m_spend_public_key));
    FUZZ_CHECK(crypto::secret_key_to_public_key(k.keys.m_view_secret_key, k.keys.m_account_address.m_view_public_key));
    crypto::generate_chacha_key(std::string("known password"), k.key, 1);
    crypto::generate_chacha_key(std::string("another password"), k.wrong_key, 1);
    // The writer as it is now: its file loads to the same wallet.
    const std::string written = cncrypto::store_keys_buf(k.keys, cryptonote::TESTNET, "known password");
    if (std::getenv("FUZZ_KEYS_KNOWN_PRINT")) std::printf("%s\n", cncrypto::hex_encode(written.data(), written.size()).c_str());
    const cncrypto::wallet_keys_file fresh = cncrypto::load_keys_buf(written, k.key, cryptonote::MAINNET);
    FUZZ_CHECK(fresh.keys.m_spend_secret_key == k.keys.m_spend_secret_key &&
               fresh.keys.m_view_secret_key == k.keys.m_view_secret_key && fresh.nettype == cryptonote::TESTNET);
    std::vector<std::uint8_t> file;
    FUZZ_CHECK(cncrypto::hex_decode(known_file_hex, file));
    k.file.assign(file.begin(), file.end());
    const cncrypto::keys_file_data outer = cncrypto::parse_keys_file_data(k.file);
    k.plaintext.resize(outer.account_data.size());
    crypto::chacha20(outer.account_data.data(), outer.account_data.size(), k.key, outer.iv, k.plaintext.data());
    return k;
  }();
  return w;
}

// plaintext as a .keys file: a fixed IV, varint(size), ChaCha20 of it.
std::string encrypt(const std::string &plaintext, const crypto::chacha_key &key) {
  crypto::chacha_iv iv{};
  for (std::size_t i = 0; i < sizeof iv.data; ++i) iv.data[i] = static_cast<std::uint8_t>(0x30 + i);
  std::string file(reinterpret_cast<const char *>(iv.data), sizeof iv.data);
  std::uint8_t length[10];
  file.append(reinterpret_cast<const char *>(length), cncrypto::write_varint(length, plaintext.size()));
  std::string cipher(plaintext.size(), '\0');
  crypto::chacha20(plaintext.data(), plaintext.size(), key, iv, cipher.data());
  return file + cipher;
}

void check(const std::string &file, bool unchanged) {
  const known_wallet &w = wallet();
  const cryptonote::account_keys &known = w.keys;
  cncrypto::wallet_keys_file k;
  try {
    k = cncrypto::load_keys_buf(file, w.key, cryptonote::MAINNET);
  } catch (const cncrypto::keys_file_error &) {
    FUZZ_CHECK(!unchanged);
    return;
  }
  const cryptonote::account_public_address &addr = k.keys.m_account_address;
  crypto::public_key pub;
  FUZZ_CHECK(crypto::secret_key_to_public_key(k.keys.m_view_secret_key, pub) && pub == addr.m_view_public_key);
  if (addr.m_view_public_key == known.m_account_address.m_view_public_key) {
    FUZZ_CHECK(k.keys.m_view_secret_key == known.m_view_secret_key);
  }
  if (!k.watch_only && !k.multisig) {
    FUZZ_CHECK(crypto::secret_key_to_public_key(k.keys.m_spend_secret_key, pub) && pub == addr.m_spend_public_key);
    if (addr.m_spend_public_key == known.m_account_address.m_spend_public_key) {
      FUZZ_CHECK(k.keys.m_spend_secret_key == known.m_spend_secret_key);
    }
  }
  FUZZ_CHECK(crypto::check_key(addr.m_spend_public_key));
  FUZZ_CHECK(k.address == cryptonote::get_account_address_as_str(k.nettype, false, addr));
  if (unchanged) {
    FUZZ_CHECK(addr.m_spend_public_key == known.m_account_address.m_spend_public_key &&
               addr.m_view_public_key == known.m_account_address.m_view_public_key);
    FUZZ_CHECK(k.keys.m_spend_secret_key == known.m_spend_secret_key);
    FUZZ_CHECK(k.nettype == cryptonote::TESTNET && k.nettype_in_file && !k.watch_only && !k.multisig &&
               k.seed_language == "English" && k.encrypted_secret_keys);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const known_wallet &w = wallet();
  const bool whole_file = size > 0 && (data[0] & 1);
  std::string bytes = whole_file ? w.file : w.plaintext;
  for (std::size_t i = 1, n = 0; i + 3 <= size && n < 8 && !bytes.empty(); i += 3, ++n) {
    const std::size_t offset = ((std::size_t(data[i] & 0x7f) << 8) | data[i + 1]) % bytes.size();
    if (data[i] & 0x80) {
      bytes.erase(offset, data[i + 2] % 16);
    } else {
      bytes[offset] = static_cast<char>(bytes[offset] ^ data[i + 2]);
    }
  }
  const bool unchanged = bytes == (whole_file ? w.file : w.plaintext);
  const std::string file = whole_file ? bytes : encrypt(bytes, w.key);
  check(file, unchanged);
  // Another password: refused, whatever the bytes.
  bool refused = false;
  try {
    (void)cncrypto::load_keys_buf(file, w.wrong_key, cryptonote::MAINNET);
  } catch (const cncrypto::keys_file_error &) {
    refused = true;
  }
  FUZZ_CHECK(refused);
  return 0;
}
