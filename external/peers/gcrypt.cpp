// libgcrypt adapter (see peers.h): the one-shot gcry_md_hash_buffer.
#include <gcrypt.h>

#include <stdexcept>
#include <string>

#include "peers.h"

namespace cncrypto::peers {
namespace {
void ensure_gcrypt() {
  static const bool ready = [] {
    if (gcry_check_version(GCRYPT_VERSION) == nullptr) return false;
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return true;
  }();
  if (!ready) throw std::runtime_error("gcrypt peer: library version check failed");
}
}  // namespace

void gcrypt::sha3_256(const void *data, std::size_t size, unsigned char *out) {
  ensure_gcrypt();
  gcry_md_hash_buffer(GCRY_MD_SHA3_256, out, data, size);
}

std::string gcrypt::version() {
  ensure_gcrypt();
  return gcry_check_version(nullptr);
}

}  // namespace cncrypto::peers
