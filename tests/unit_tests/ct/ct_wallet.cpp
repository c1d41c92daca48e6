// Constant-time check of accounts and wallet scanning under valgrind memcheck
// (label "ct"), the method of ct_keys.cpp: the wallet's secrets (recovery key,
// spend and view secret keys) are marked undefined, and memcheck reports any
// branch or memory index computed from them.
//
// Deliberate declassifications in the library (crypto/ct_declassify.h), each
// a value that is public by design:
//   subaddress.cpp   the subaddress spend key D (published in the address;
//                    get_subaddress decodes it, subaddress tables hash it).
//   account.cpp      x*G in create_from_keys (compared with the address);
//                    "is watch-only" (the account's kind).
//   wallet_scan.cpp  view-tag bytes (whether an output may be ours: the wallet
//                    acts on it); S' = P - Hs(d||k)*G before the table lookup
//                    (our published key, or a point unrelated to our keys);
//                    x*G before the comparison with the output key;
//                    whether a decrypted RingCT amount fits 64 bits and opens
//                    its commitment (reported as a problem when not).
// Here: the outputs, tx keys, commitments and encrypted amounts the sender
// publishes, before building the transaction from them.
//
// Wallet files (wallet_files()): the non-CryptoNight parts of encrypt_key /
// decrypt_key (sc_add / sc_sub of the secret key and the passphrase hash; the
// passphrase is public here, since cn_slow_hash is not constant time by
// design), ChaCha20 decryption of a .keys body with a secret key, and the
// secret-key unmasking (detail::xor_with_key_stream) with a secret derived key
// followed by the public-key check. The decrypted JSON's structure is treated
// as public (the reader branches on it; the keys in it are still masked).
//
// Without valgrind the functional checks run and the program returns 77
// (ctest: skipped).
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "crypto/chacha.h"
#include "cryptonote/account.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/tx_extra.h"
#include "cryptonote/wallet_scan.h"
#include "ringct/rctOps.h"
#include "support/ct_valgrind.h"
#include "wallet/keys_file_detail.h"

#include <cstdint>
#include <cstring>

namespace {

using namespace cncrypto::test::ct;

crypto::secret_key fixed_secret(unsigned char seed) {
  crypto::secret_key s;
  for (unsigned i = 0; i < 32; ++i) s.data[i] = static_cast<char>(seed * 13 + 5 * i);
  s.data[31] = static_cast<char>(s.data[31] & 0x0f);  // < L
  return s;
}

// Output k paying `to` with tx secret r (the sender's secret: not the wallet's).
cryptonote::tx_out output_to(const cryptonote::account_public_address &to, const crypto::secret_key &r,
                             std::size_t k, bool tagged) {
  crypto::key_derivation d;
  expect(crypto::generate_key_derivation(to.m_view_public_key, r, d), "sender derivation");
  crypto::public_key P;
  expect(crypto::derive_public_key(d, k, to.m_spend_public_key, P), "one-time key");
  crypto::view_tag tag;
  crypto::derive_view_tag(d, k, tag);
  declassify(P);  // published
  declassify(tag);
  cryptonote::tx_out out;
  out.amount = 1000 + k;
  if (tagged)
    out.target = cryptonote::txout_to_tagged_key{P, tag};
  else
    out.target = cryptonote::txout_to_key{P};
  return out;
}

void accounts_and_scanning() {
  // The wallet, recovered from a secret recovery key.
  crypto::secret_key recovery = fixed_secret(1);
  secret(recovery);
  cryptonote::account_base wallet;
  wallet.generate(recovery, true);
  // The address is public.
  declassify(const_cast<cryptonote::account_public_address &>(wallet.get_keys().m_account_address));
  cryptonote::account_keys keys = wallet.get_keys();
  expect_tainted(keys.m_view_secret_key, "view secret key is secret");
  const crypto::secret_key view = cncrypto::derive_view_secret_key(keys.m_spend_secret_key);
  expect_tainted(view, "derived view secret key is secret");
  const cncrypto::subaddress_map table = cncrypto::make_subaddress_map(keys, 2, 4);
  cryptonote::account_base checked;
  checked.create_from_keys(keys.m_account_address, keys.m_spend_secret_key, keys.m_view_secret_key);

  // A sender's transaction: outputs 0 (ours, main), 1 (someone else), 2 (our
  // subaddress (1, 3), additional key), 3 (ours, untagged).
  cryptonote::account_base other;
  other.generate(fixed_secret(2), true);
  cryptonote::account_public_address other_address = other.get_keys().m_account_address;
  cryptonote::account_public_address sub = cncrypto::get_subaddress(wallet.get_keys(), {1, 3});
  declassify(other_address);
  declassify(sub);
  const crypto::secret_key r = fixed_secret(3), r2 = fixed_secret(4);
  crypto::public_key R, R2;
  expect(crypto::secret_key_to_public_key(r, R), "R");
  {  // R_2 = r2*D (additional key of a subaddress output)
    ge_p3 D;
    expect(ge_frombytes_vartime(&D, reinterpret_cast<const unsigned char *>(&sub.m_spend_public_key)) == 0, "D");
    ge_p2 product;
    ge_scalarmult(&product, reinterpret_cast<const unsigned char *>(&r2), &D);
    ge_tobytes(reinterpret_cast<unsigned char *>(&R2), &product);
  }
  declassify(R);
  declassify(R2);
  cryptonote::transaction tx;
  tx.version = 1;
  tx.vout.push_back(output_to(keys.m_account_address, r, 0, true));
  tx.vout.push_back(output_to(other_address, r, 1, true));
  tx.vout.push_back(output_to(sub, r2, 2, true));
  tx.vout.push_back(output_to(keys.m_account_address, r, 3, false));
  cryptonote::add_tx_pub_key_to_extra(tx.extra, R);
  cryptonote::add_additional_tx_pub_keys_to_extra(tx.extra, {R, R, R2, R});

  const cncrypto::scan_result found = cncrypto::scan_transaction(tx, keys, table);
  expect(found.problems.empty(), "no problems");
  expect(found.outputs.size() == 3, "outputs 0, 2 and 3 found");
  if (found.outputs.size() == 3) {
    expect(found.outputs[1].output_index == 2 && found.outputs[1].received_index.major == 1 &&
               found.outputs[1].received_index.minor == 3,
           "output 2 at subaddress (1, 3)");
  }

  cryptonote::keypair eph;
  crypto::key_image ki;
  expect(cryptonote::generate_key_image_helper(keys, table, boost::get<cryptonote::txout_to_tagged_key>(tx.vout[0].target).key,
                                               R, {}, 0, eph, ki, hw::get_device("default")),
         "key image helper");
  expect(cryptonote::is_out_to_acc(keys, boost::get<cryptonote::txout_to_key>(tx.vout[3].target).key, R, {}, 3),
         "is_out_to_acc");
  declassify(ki);
  expect(cncrypto::is_key_image_in_main_subgroup(ki), "key image in the main subgroup");
  for (const auto &o : found.outputs) expect_tainted(o.derivation, "scanner's derivation is secret");
  for (auto &o : found.outputs) declassify(o.key_image);
  for (const auto &o : found.outputs) expect(o.key_image_known, "key image known");

  // The same outputs as a RingCT type 6 transaction: amounts encrypted in
  // ecdhInfo (v2) and committed in outPk with masks genCommitmentMask(h_k), h_k
  // = Hs(sender's 8rA || k). The scanner decrypts them and checks the
  // commitments under memcheck with the wallet's keys secret.
  cryptonote::transaction rtx = tx;
  rtx.version = 2;
  rtx.rct_signatures.type = rct::RCTTypeBulletproofPlus;
  const cryptonote::account_public_address *dest[4] = {&keys.m_account_address, &other_address, &sub,
                                                        &keys.m_account_address};
  const crypto::secret_key *tx_secret[4] = {&r, &r, &r2, &r};
  for (std::size_t k = 0; k < 4; ++k) {
    crypto::key_derivation d;
    expect(crypto::generate_key_derivation(dest[k]->m_view_public_key, *tx_secret[k], d), "sender derivation");
    crypto::ec_scalar h;
    crypto::derivation_to_scalar(d, k, h);
    rct::key amount_key;
    std::memcpy(amount_key.bytes, h.data, 32);
    const std::uint64_t amount = 5000000 + 7 * k;
    rtx.vout[k].amount = 0;
    rct::ecdhTuple e{rct::genCommitmentMask(amount_key), rct::d2h(amount)};
    crypto::public_key P;
    expect(cryptonote::get_output_public_key(rtx.vout[k], P), "one-time key");
    rtx.rct_signatures.outPk.push_back({rct::pk2rct(P), rct::commit(amount, e.mask)});
    rct::ecdhEncode(e, amount_key, true);
    rtx.rct_signatures.ecdhInfo.push_back(e);
  }
  for (auto &c : rtx.rct_signatures.outPk) declassify(c);  // published
  for (auto &e : rtx.rct_signatures.ecdhInfo) declassify(e);
  const cncrypto::scan_result rfound = cncrypto::scan_transaction(rtx, keys, table);
  expect(rfound.problems.empty(), "RingCT: no problems");
  expect(rfound.outputs.size() == 3, "RingCT: outputs 0, 2 and 3 found");
  for (auto &o : rfound.outputs) {
    expect(o.amount_decoded, "RingCT: amount decoded and opens its commitment");
    expect_tainted(o.mask, "RingCT: decoded mask is secret");
    expect_tainted(o.amount, "RingCT: decoded amount is secret");
    declassify(o.amount);
    expect(o.amount == 5000000 + 7 * o.output_index, "RingCT: the amount sent");
  }
}

void wallet_files() {
  // encrypt_key / decrypt_key: secret key, public passphrase.
  crypto::secret_key k = fixed_secret(9);
  const crypto::secret_key k0 = k;
  secret(k);
  const std::string passphrase = "seed offset";
  crypto::secret_key enc = cryptonote::encrypt_key(k, passphrase);
  expect_tainted(enc, "encrypt_key result is secret");
  crypto::secret_key dec = cryptonote::decrypt_key(enc, passphrase);
  expect_tainted(dec, "decrypt_key result is secret");
  declassify(dec);
  expect(dec == k0, "decrypt_key(encrypt_key(k)) = k");

  // ChaCha20 of a .keys body with a secret key: the plaintext is secret.
  crypto::chacha_key key;
  for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(3 * i + 1);
  secret(key);
  const crypto::chacha_iv iv{{1, 2, 3, 4, 5, 6, 7, 8}};
  std::string body(300, '\x42');
  std::string plain(body.size(), '\0');
  crypto::chacha20(body.data(), body.size(), key, iv, &plain[0]);
  expect_tainted(plain[0], "decrypted .keys body is secret");

  // Unmasking the secret keys with a secret derived key, then the key check.
  crypto::secret_key spend = fixed_secret(10), view = fixed_secret(11);
  const crypto::secret_key spend0 = spend;
  secret(spend);
  secret(view);
  std::string multisig(64, '\x07');
  secret(multisig[0]);
  cncrypto::detail::xor_with_key_stream(spend, view, multisig, key, iv);
  expect_tainted(spend, "masked spend key is secret");
  cncrypto::detail::xor_with_key_stream(spend, view, multisig, key, iv);
  crypto::public_key pub;
  const bool ok = crypto::secret_key_to_public_key(spend, pub);
  declassify(pub);  // compared with the file's public key
  declassify(spend);
  expect(ok && spend == spend0, "unmasking is its own inverse");
}

}  // namespace

int main() {
  if (!setup("ct_wallet", false)) return 1;
  accounts_and_scanning();
  wallet_files();
  return finish();
}
