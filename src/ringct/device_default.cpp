// The software default device and hw::get_device (device/device.hpp,
// device/device_default.hpp): each member forwards to the crypto:: or rct::
// function of the same name.
#include "device/device_default.hpp"

#include "crypto/crypto-ops.h"
#include "ringct/rctOps.h"

#include <sodium.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace hw {
namespace core {

device_default::device_default() = default;
device_default::~device_default() = default;

bool device_default::set_name(const std::string &new_name) {
  name = new_name;
  return true;
}
const std::string device_default::get_name() const { return name; }
bool device_default::init() { return true; }
bool device_default::release() { return true; }
bool device_default::connect() { return true; }
bool device_default::disconnect() { return true; }
bool device_default::set_mode(device_mode m) { return device::set_mode(m); }

void device_default::lock() {}
void device_default::unlock() {}
bool device_default::try_lock() { return true; }

bool device_default::derive_subaddress_public_key(const crypto::public_key &pub,
                                                  const crypto::key_derivation &derivation,
                                                  const std::size_t output_index, crypto::public_key &derived_pub) {
  return crypto::derive_subaddress_public_key(pub, derivation, output_index, derived_pub);
}

bool device_default::verify_keys(const crypto::secret_key &secret_key, const crypto::public_key &public_key) {
  crypto::public_key calculated;
  if (!crypto::secret_key_to_public_key(secret_key, calculated)) return false;
  return calculated == public_key;
}

bool device_default::scalarmultKey(rct::key &aP, const rct::key &P, const rct::key &a) {
  rct::scalarmultKey(aP, P, a);
  return true;
}

bool device_default::scalarmultBase(rct::key &aG, const rct::key &a) {
  rct::scalarmultBase(aG, a);
  return true;
}

bool device_default::sc_secret_add(crypto::secret_key &r, const crypto::secret_key &a, const crypto::secret_key &b) {
  sc_add(reinterpret_cast<unsigned char *>(r.data), reinterpret_cast<const unsigned char *>(a.data),
         reinterpret_cast<const unsigned char *>(b.data));
  return true;
}

crypto::secret_key device_default::generate_keys(crypto::public_key &pub, crypto::secret_key &sec,
                                                 const crypto::secret_key &recovery_key, bool recover) {
  return crypto::generate_keys(pub, sec, recovery_key, recover);
}

bool device_default::generate_key_derivation(const crypto::public_key &pub, const crypto::secret_key &sec,
                                             crypto::key_derivation &derivation) {
  return crypto::generate_key_derivation(pub, sec, derivation);
}

bool device_default::derivation_to_scalar(const crypto::key_derivation &derivation, const std::size_t output_index,
                                          crypto::ec_scalar &res) {
  crypto::derivation_to_scalar(derivation, output_index, res);
  return true;
}

bool device_default::derive_secret_key(const crypto::key_derivation &derivation, const std::size_t output_index,
                                       const crypto::secret_key &sec, crypto::secret_key &derived_sec) {
  crypto::derive_secret_key(derivation, output_index, sec, derived_sec);
  return true;
}

bool device_default::derive_public_key(const crypto::key_derivation &derivation, const std::size_t output_index,
                                       const crypto::public_key &pub, crypto::public_key &derived_pub) {
  return crypto::derive_public_key(derivation, output_index, pub, derived_pub);
}

bool device_default::secret_key_to_public_key(const crypto::secret_key &sec, crypto::public_key &pub) {
  return crypto::secret_key_to_public_key(sec, pub);
}

bool device_default::generate_key_image(const crypto::public_key &pub, const crypto::secret_key &sec,
                                        crypto::key_image &image) {
  crypto::generate_key_image(pub, sec, image);
  return true;
}

bool device_default::open_tx(crypto::secret_key & /*tx_key*/) { return true; }

rct::key device_default::genCommitmentMask(const rct::key &amount_key) { return rct::genCommitmentMask(amount_key); }

bool device_default::ecdhEncode(rct::ecdhTuple &unmasked, const rct::key &sharedSec, bool short_amount) {
  rct::ecdhEncode(unmasked, sharedSec, short_amount);
  return true;
}

bool device_default::ecdhDecode(rct::ecdhTuple &masked, const rct::key &sharedSec, bool short_amount) {
  rct::ecdhDecode(masked, sharedSec, short_amount);
  return true;
}

bool device_default::mlsag_prehash(const std::string & /*blob*/, std::size_t /*inputs_size*/,
                                   std::size_t /*outputs_size*/, const rct::keyV &hashes,
                                   const rct::ctkeyV & /*outPk*/, rct::key &prehash) {
  prehash = rct::cn_fast_hash(hashes);
  return true;
}

bool device_default::mlsag_prepare(const rct::key &H, const rct::key &xx, rct::key &a, rct::key &aG, rct::key &aHP,
                                   rct::key &rvII) {
  rct::skpkGen(a, aG);
  rct::scalarmultKey(aHP, H, a);
  rct::scalarmultKey(rvII, H, xx);
  return true;
}

bool device_default::mlsag_prepare(rct::key &a, rct::key &aG) {
  rct::skpkGen(a, aG);
  return true;
}

bool device_default::mlsag_hash(const rct::keyV &long_message, rct::key &c) {
  c = rct::hash_to_scalar(long_message);
  return true;
}

bool device_default::mlsag_sign(const rct::key &c, const rct::keyV &xx, const rct::keyV &alpha,
                                const std::size_t rows, const std::size_t dsRows, rct::keyV &ss) {
  if (dsRows > rows) throw std::invalid_argument("hw::core::device_default::mlsag_sign: dsRows greater than rows");
  if (xx.size() != rows || alpha.size() != rows || ss.size() != rows)
    throw std::invalid_argument("hw::core::device_default::mlsag_sign: xx, alpha and ss must have rows entries");
  for (std::size_t j = 0; j < rows; ++j) sc_mulsub(ss[j].bytes, c.bytes, xx[j].bytes, alpha[j].bytes);
  return true;
}

bool device_default::clsag_prepare(const rct::key &p, const rct::key &z, rct::key &I, rct::key &D,
                                   const rct::key &H, rct::key &a, rct::key &aG, rct::key &aH) {
  rct::skpkGen(a, aG);
  rct::scalarmultKey(aH, H, a);
  rct::scalarmultKey(I, H, p);
  rct::scalarmultKey(D, H, z);
  return true;
}

bool device_default::clsag_hash(const rct::keyV &data, rct::key &hash) {
  hash = rct::hash_to_scalar(data);
  return true;
}

bool device_default::clsag_sign(const rct::key &c, const rct::key &a, const rct::key &p, const rct::key &z,
                                const rct::key &mu_P, const rct::key &mu_C, rct::key &s) {
  rct::key p_mu_P, weighted;  // mu_P*p and mu_P*p + mu_C*z: secret
  sc_mul(p_mu_P.bytes, mu_P.bytes, p.bytes);
  sc_muladd(weighted.bytes, mu_C.bytes, z.bytes, p_mu_P.bytes);
  sc_mulsub(s.bytes, c.bytes, weighted.bytes, a.bytes);
  sodium_memzero(p_mu_P.bytes, sizeof p_mu_P.bytes);
  sodium_memzero(weighted.bytes, sizeof weighted.bytes);
  return true;
}

bool device_default::close_tx() { return true; }

}  // namespace core

device &get_device(const std::string &device_descriptor) {
  static core::device_default *const default_device = [] {
    auto *dev = new core::device_default();  // never freed: references to it may outlive static destruction
    dev->set_name("default_core_device");
    return dev;
  }();
  // A view, not a std::string: no out-of-line libstdc++ code, which MemorySanitizer's
  // constant-time run (scripts/ct_msan.sh) would see as writing uninitialised memory.
  const std::string_view descriptor(device_descriptor);
  if (descriptor.substr(0, descriptor.find(':')) != "default") throw std::runtime_error("device not found: " + device_descriptor);
  return *default_device;
}

}  // namespace hw

namespace cncrypto {

void require_software_device(const hw::device &hwdev, const char *who) {
  if (hwdev.get_type() != hw::device::SOFTWARE)
    throw std::invalid_argument(std::string(who) + ": hardware devices are not supported");
}

}  // namespace cncrypto
