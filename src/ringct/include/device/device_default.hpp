// The software default device (Monero src/device/device_default.hpp,
// hw::core::device_default): every member forwards to cncrypto's crypto::
// and rct:: functions of the same name (device/device.hpp says which). The
// object hw::get_device("default") returns is one of these; a program may also
// make its own (Monero's tests do). Not thread-safe beyond what the forwarded
// functions are (they keep no state; set_name and set_mode write members).
#pragma once

#include "device/device.hpp"

namespace hw {
namespace core {

class device_default : public hw::device {
public:
  device_default();
  ~device_default() override;

  explicit operator bool() const override { return true; }

  bool set_name(const std::string &name) override;
  const std::string get_name() const override;
  bool init() override;
  bool release() override;
  bool connect() override;
  bool disconnect() override;
  bool set_mode(device_mode mode) override;
  device_type get_type() const override { return device_type::SOFTWARE; }

  void lock() override;
  void unlock() override;
  bool try_lock() override;

  bool derive_subaddress_public_key(const crypto::public_key &pub, const crypto::key_derivation &derivation,
                                    const std::size_t output_index, crypto::public_key &derived_pub) override;
  bool verify_keys(const crypto::secret_key &secret_key, const crypto::public_key &public_key) override;
  bool scalarmultKey(rct::key &aP, const rct::key &P, const rct::key &a) override;
  bool scalarmultBase(rct::key &aG, const rct::key &a) override;
  using device::scalarmultBase;
  using device::scalarmultKey;
  bool sc_secret_add(crypto::secret_key &r, const crypto::secret_key &a, const crypto::secret_key &b) override;
  crypto::secret_key generate_keys(crypto::public_key &pub, crypto::secret_key &sec,
                                   const crypto::secret_key &recovery_key = crypto::secret_key(),
                                   bool recover = false) override;
  bool generate_key_derivation(const crypto::public_key &pub, const crypto::secret_key &sec,
                               crypto::key_derivation &derivation) override;
  bool derivation_to_scalar(const crypto::key_derivation &derivation, const std::size_t output_index,
                            crypto::ec_scalar &res) override;
  bool derive_secret_key(const crypto::key_derivation &derivation, const std::size_t output_index,
                         const crypto::secret_key &sec, crypto::secret_key &derived_sec) override;
  bool derive_public_key(const crypto::key_derivation &derivation, const std::size_t output_index,
                         const crypto::public_key &pub, crypto::public_key &derived_pub) override;
  bool secret_key_to_public_key(const crypto::secret_key &sec, crypto::public_key &pub) override;
  bool generate_key_image(const crypto::public_key &pub, const crypto::secret_key &sec,
                          crypto::key_image &image) override;

  bool open_tx(crypto::secret_key &tx_key) override;
  rct::key genCommitmentMask(const rct::key &amount_key) override;
  bool ecdhEncode(rct::ecdhTuple &unmasked, const rct::key &sharedSec, bool short_amount) override;
  bool ecdhDecode(rct::ecdhTuple &masked, const rct::key &sharedSec, bool short_amount) override;
  bool mlsag_prehash(const std::string &blob, std::size_t inputs_size, std::size_t outputs_size,
                     const rct::keyV &hashes, const rct::ctkeyV &outPk, rct::key &prehash) override;
  bool mlsag_prepare(const rct::key &H, const rct::key &xx, rct::key &a, rct::key &aG, rct::key &aHP,
                     rct::key &rvII) override;
  bool mlsag_prepare(rct::key &a, rct::key &aG) override;
  bool mlsag_hash(const rct::keyV &long_message, rct::key &c) override;
  bool mlsag_sign(const rct::key &c, const rct::keyV &xx, const rct::keyV &alpha, const std::size_t rows,
                  const std::size_t dsRows, rct::keyV &ss) override;
  bool clsag_prepare(const rct::key &p, const rct::key &z, rct::key &I, rct::key &D, const rct::key &H,
                     rct::key &a, rct::key &aG, rct::key &aH) override;
  bool clsag_hash(const rct::keyV &data, rct::key &hash) override;
  bool clsag_sign(const rct::key &c, const rct::key &a, const rct::key &p, const rct::key &z, const rct::key &mu_P,
                  const rct::key &mu_C, rct::key &s) override;
  bool close_tx() override;
};

}  // namespace core
}  // namespace hw
