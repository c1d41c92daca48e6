// Monero's hw::device interface (Monero src/device/device.hpp, namespace hw), with
// the members that Monero's src/ringct, src/cryptonote_basic and their tests
// call, and Monero's registry lookup hw::get_device. The one device cncrypto has
// is the software default device, hw::core::device_default
// (device/device_default.hpp), which forwards every member to cncrypto's own
// crypto (crypto/crypto.h, ringct/rctOps.h); hardware wallets (Ledger, Trezor)
// are out of scope.
//
// Left out of Monero's interface (nothing in cncrypto's areas needs them, and
// they need wallet or transaction types): get_public_address, get_secret_keys,
// generate_chacha_key, get_subaddress_spend_public_key(s), get_subaddress,
// get_subaddress_secret_key, conceal_derivation, generate_tx_proof,
// get_transaction_prefix_hash, encrypt_payment_id/decrypt_payment_id,
// generate_output_ephemeral_keys, compute_key_image, set_callback,
// set_derivation_path, set_pin, set_passphrase, display_address,
// set_network_type and the i_device_callback / device_progress classes.
//
// How cncrypto's RingCT functions use the device they are given (genRct,
// genRctSimple, proveRctMG, proveRctMGSimple, proveRctCLSAGSimple, MLSAG_Gen,
// decodeRct, decodeRctSimple, cryptonote::keypair::generate): they compute in
// software with cncrypto's constant-time code and do not call the device's
// members, so they accept only a device whose get_type() is SOFTWARE (the
// default device, or a software device of the caller's) and throw
// std::invalid_argument for another. Monero's wallets put the default device in
// TRANSACTION_CREATE_FAKE mode to have genRctSimple make dummy Bulletproofs
// (for fee estimation); cncrypto ignores the mode and always builds real proofs
// (the same size; slower).
#pragma once

#include "crypto/crypto.h"
#include "ringct/rctTypes.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hw {

// A device holding wallet keys and doing the operations that need them.
// Members return true on success (Monero's convention); the software default
// device's only false results are those of the crypto they forward to.
class device {
protected:
  std::string name;

public:
  device() : mode(NONE) {}
  virtual ~device() {}
  device(const device &) = delete;
  device &operator=(const device &) = delete;

  // Whether the device is usable (the default device: always true).
  explicit virtual operator bool() const = 0;

  enum device_mode { NONE, TRANSACTION_CREATE_REAL, TRANSACTION_CREATE_FAKE, TRANSACTION_PARSE };
  enum device_type { SOFTWARE = 0, LEDGER = 1, TREZOR = 2 };
  enum device_protocol_t { PROTOCOL_DEFAULT, PROTOCOL_PROXY, PROTOCOL_COLD };

  // Set up and tear down (the default device: no-ops returning true).
  virtual bool set_name(const std::string &name) = 0;
  virtual const std::string get_name() const = 0;
  virtual bool init() = 0;
  virtual bool release() = 0;
  virtual bool connect() = 0;
  virtual bool disconnect() = 0;
  virtual bool set_mode(device_mode m) {
    mode = m;
    return true;
  }
  virtual device_mode get_mode() const { return mode; }
  virtual device_type get_type() const = 0;
  virtual device_protocol_t device_protocol() const { return PROTOCOL_DEFAULT; }

  // Exclusive use (the default device: no locking, try_lock always true, as Monero's).
  virtual void lock() = 0;
  virtual void unlock() = 0;
  virtual bool try_lock() = 0;

  // Key operations, each the crypto:: or rct:: function of the same name
  // (same sizes, secrets and failures; see crypto/crypto.h, ringct/rctOps.h).
  // verify_keys: whether public_key == secret_key*G. sc_secret_add: r = a + b mod L.
  // derive_subaddress_public_key: crypto::derive_subaddress_public_key (Monero's
  // argument order: the output key, derivation, index, result).
  virtual bool derive_subaddress_public_key(const crypto::public_key &pub, const crypto::key_derivation &derivation,
                                            const std::size_t output_index, crypto::public_key &derived_pub) = 0;
  virtual bool verify_keys(const crypto::secret_key &secret_key, const crypto::public_key &public_key) = 0;
  virtual bool scalarmultKey(rct::key &aP, const rct::key &P, const rct::key &a) = 0;
  virtual bool scalarmultBase(rct::key &aG, const rct::key &a) = 0;
  virtual bool sc_secret_add(crypto::secret_key &r, const crypto::secret_key &a, const crypto::secret_key &b) = 0;
  virtual crypto::secret_key generate_keys(crypto::public_key &pub, crypto::secret_key &sec,
                                           const crypto::secret_key &recovery_key = crypto::secret_key(),
                                           bool recover = false) = 0;
  virtual bool generate_key_derivation(const crypto::public_key &pub, const crypto::secret_key &sec,
                                       crypto::key_derivation &derivation) = 0;
  virtual bool derivation_to_scalar(const crypto::key_derivation &derivation, const std::size_t output_index,
                                    crypto::ec_scalar &res) = 0;
  virtual bool derive_secret_key(const crypto::key_derivation &derivation, const std::size_t output_index,
                                 const crypto::secret_key &sec, crypto::secret_key &derived_sec) = 0;
  virtual bool derive_public_key(const crypto::key_derivation &derivation, const std::size_t output_index,
                                 const crypto::public_key &pub, crypto::public_key &derived_pub) = 0;
  virtual bool secret_key_to_public_key(const crypto::secret_key &sec, crypto::public_key &pub) = 0;
  virtual bool generate_key_image(const crypto::public_key &pub, const crypto::secret_key &sec,
                                  crypto::key_image &image) = 0;

  // The returning forms of scalarmultKey / scalarmultBase (Monero's, not virtual).
  rct::key scalarmultKey(const rct::key &P, const rct::key &a) {
    rct::key aP;
    scalarmultKey(aP, P, a);
    return aP;
  }
  rct::key scalarmultBase(const rct::key &a) {
    rct::key aG;
    scalarmultBase(aG, a);
    return aG;
  }

  // Transaction signing steps, as Monero's rctSigs.cpp calls them on the device.
  // open_tx: starts a transaction (the default device: nothing; tx_key untouched).
  // genCommitmentMask, ecdhEncode, ecdhDecode: the rct:: functions (short_amount
  // is their v2). mlsag_prepare(H, xx, a, aG, aHP, II): a random, aG = a*G,
  // aHP = a*H, II = xx*H; mlsag_prepare(a, aG): a random, aG = a*G;
  // mlsag_prehash: prehash = cn_fast_hash(hashes) (blob, sizes and outPk unused
  // by the default device); mlsag_hash: c = hash_to_scalar(long_message);
  // mlsag_sign: ss[j] = alpha[j] - c*xx[j] for j < rows (throws
  // std::invalid_argument unless dsRows <= rows and xx, alpha, ss have rows
  // entries). clsag_prepare: a random, aG = a*G, aH = a*H, I = p*H, D = z*H;
  // clsag_hash: hash = hash_to_scalar(data); clsag_sign: s = a - c*(mu_P*p +
  // mu_C*z). All 32-byte keys; a, xx, p, z, alpha are secret. Monero: the
  // device_default members of these names.
  virtual bool open_tx(crypto::secret_key &tx_key) = 0;
  virtual rct::key genCommitmentMask(const rct::key &amount_key) = 0;
  virtual bool ecdhEncode(rct::ecdhTuple &unmasked, const rct::key &sharedSec, bool short_amount) = 0;
  virtual bool ecdhDecode(rct::ecdhTuple &masked, const rct::key &sharedSec, bool short_amount) = 0;
  virtual bool mlsag_prehash(const std::string &blob, std::size_t inputs_size, std::size_t outputs_size,
                             const rct::keyV &hashes, const rct::ctkeyV &outPk, rct::key &prehash) = 0;
  virtual bool mlsag_prepare(const rct::key &H, const rct::key &xx, rct::key &a, rct::key &aG, rct::key &aHP,
                             rct::key &rvII) = 0;
  virtual bool mlsag_prepare(rct::key &a, rct::key &aG) = 0;
  virtual bool mlsag_hash(const rct::keyV &long_message, rct::key &c) = 0;
  virtual bool mlsag_sign(const rct::key &c, const rct::keyV &xx, const rct::keyV &alpha, const std::size_t rows,
                          const std::size_t dsRows, rct::keyV &ss) = 0;
  virtual bool clsag_prepare(const rct::key &p, const rct::key &z, rct::key &I, rct::key &D, const rct::key &H,
                             rct::key &a, rct::key &aG, rct::key &aH) = 0;
  virtual bool clsag_hash(const rct::keyV &data, rct::key &hash) = 0;
  virtual bool clsag_sign(const rct::key &c, const rct::key &a, const rct::key &p, const rct::key &z,
                          const rct::key &mu_P, const rct::key &mu_C, rct::key &s) = 0;
  virtual bool close_tx() = 0;

  // What a hardware device can do (Monero's defaults).
  virtual bool has_ki_cold_sync() const { return false; }
  virtual bool has_tx_cold_sign() const { return false; }
  virtual bool has_ki_live_refresh() const { return true; }
  virtual void computing_key_images(bool /*started*/) {}

protected:
  device_mode mode;
};

// Puts dev back in mode NONE when it goes out of scope. Monero's hw::reset_mode.
struct reset_mode {
  device &hwref;
  reset_mode(hw::device &dev) : hwref(dev) {}
  ~reset_mode() { hwref.set_mode(hw::device::NONE); }
};

// The device registered under device_descriptor's name (the part before its
// first ':', as Monero: "default:anything" is "default"). cncrypto registers one
// device, the software default device under "default" (one object for the
// whole process, created on first use, thread-safe; its name is
// "default_core_device", as Monero's). Any other name throws
// std::runtime_error("device not found: " + device_descriptor), as Monero's
// registry does for a device it does not know (Monero also logs the known
// names; cncrypto does not log). Monero: hw::get_device.
device &get_device(const std::string &device_descriptor);

}  // namespace hw

namespace cncrypto {

// Throws std::invalid_argument("<who>: hardware devices are not supported")
// unless hwdev.get_type() is hw::device::SOFTWARE: what cncrypto's RingCT
// functions with a hw::device& parameter call first (see the top of this file).
// cncrypto's own.
void require_software_device(const hw::device &hwdev, const char *who);

}  // namespace cncrypto
