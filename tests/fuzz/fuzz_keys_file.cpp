// Fuzz target: the .keys reader (cryptonote/wallet_keys_file.h) over arbitrary
// bytes, with the passwords of the two Monero test wallets ("test", "beepbeep":
// ../shared/data/wallet/files/*.keys are seeds when present; the ChaCha keys are
// derived once). Each input is read three ways: as a whole file with either
// password, and as the decrypted JSON (encrypted here with "test" under a fixed
// IV), so that the fuzzer reaches the JSON and key_data readers directly.
// Oracle: every read either throws keys_file_error or gives keys whose view
// public key is the view secret key's, whose spend public key is a point and,
// unless the file is watch-only or multisig (as wallet2's verify_keys), the
// spend secret key's, and whose address is the primary address of those keys.
#include "common/varint.h"
#include "crypto/chacha.h"
#include "crypto/crypto.h"
#include "cryptonote/address.h"
#include "cryptonote/wallet_keys_file.h"
#include "fuzz_check.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace {

const crypto::chacha_key &key_of(const char *password) {
  static crypto::chacha_key keys[2];
  static const bool ready = [] {
    crypto::generate_chacha_key(std::string("test"), keys[0], 1);
    crypto::generate_chacha_key(std::string("beepbeep"), keys[1], 1);
    return true;
  }();
  (void)ready;
  return keys[std::string_view(password) == "test" ? 0 : 1];
}

void check(std::string_view file, const crypto::chacha_key &key) {
  cncrypto::wallet_keys_file k;
  try {
    k = cncrypto::load_keys_buf(file, key);
  } catch (const cncrypto::keys_file_error &) {
    return;
  }
  crypto::public_key pub;
  FUZZ_CHECK(crypto::secret_key_to_public_key(k.keys.m_view_secret_key, pub));
  FUZZ_CHECK(pub == k.keys.m_account_address.m_view_public_key);
  // wallet2's verify_keys checks the spend key only for a wallet that is
  // neither watch-only nor multisig (a multisig wallet's spend public key is
  // the group's, not its own share's: found by a random-seed run, 2026-12-02).
  if (!k.watch_only && !k.multisig) {
    FUZZ_CHECK(crypto::secret_key_to_public_key(k.keys.m_spend_secret_key, pub));
    FUZZ_CHECK(pub == k.keys.m_account_address.m_spend_public_key);
  }
  FUZZ_CHECK(crypto::check_key(k.keys.m_account_address.m_spend_public_key));
  FUZZ_CHECK(k.address == cryptonote::get_account_address_as_str(k.nettype, false, k.keys.m_account_address));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char *>(data), size);
  check(bytes, key_of("test"));
  check(bytes, key_of("beepbeep"));
  // The input as the plaintext: iv || varint(size) || ChaCha20(input).
  crypto::chacha_iv iv{};
  for (std::size_t i = 0; i < sizeof iv.data; ++i) iv.data[i] = static_cast<std::uint8_t>(0xa0 + i);
  std::string file(reinterpret_cast<const char *>(iv.data), sizeof iv.data);
  std::uint8_t length[10];
  file.append(reinterpret_cast<const char *>(length), cncrypto::write_varint(length, size));
  std::string cipher(size, '\0');
  crypto::chacha20(data, size, key_of("test"), iv, cipher.data());
  check(file + cipher, key_of("test"));
  return 0;
}
