// libsodium adapter (see peers.h).
#include <sodium.h>

#include <stdexcept>

#include "peers.h"

namespace cncrypto::peers {
namespace {
void ensure_sodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium peer: sodium_init() failed");
}
}  // namespace

bool libsodium::scalarmult_base(unsigned char out[32], const unsigned char scalar[32]) {
  ensure_sodium();
  return crypto_scalarmult_ed25519_base_noclamp(out, scalar) == 0;
}

bool libsodium::scalarmult(unsigned char out[32], const unsigned char scalar[32],
                           const unsigned char point[32]) {
  ensure_sodium();
  return crypto_scalarmult_ed25519_noclamp(out, scalar, point) == 0;
}

bool libsodium::x25519(unsigned char out[32], const unsigned char scalar[32], const unsigned char u[32]) {
  ensure_sodium();
  return crypto_scalarmult(out, scalar, u) == 0;
}

bool libsodium::x25519_base(unsigned char out[32], const unsigned char scalar[32]) {
  ensure_sodium();
  return crypto_scalarmult_base(out, scalar) == 0;
}

void libsodium::generichash(const void *data, std::size_t size, unsigned char *out, std::size_t out_size) {
  ensure_sodium();
  if (crypto_generichash(out, out_size, static_cast<const unsigned char *>(data), size, nullptr, 0) != 0) {
    throw std::runtime_error("libsodium peer: crypto_generichash refused the output length");
  }
}

std::string libsodium::version() { return sodium_version_string(); }

}  // namespace cncrypto::peers
