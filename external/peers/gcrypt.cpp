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

void gcrypt::shake128(const void *data, std::size_t size, unsigned char *out, std::size_t out_size) {
  ensure_gcrypt();
  gcry_md_hd_t h = nullptr;
  if (gcry_md_open(&h, GCRY_MD_SHAKE128, 0) != 0) throw std::runtime_error("gcrypt peer: gcry_md_open failed");
  gcry_md_write(h, data, size);
  const gcry_error_t err = gcry_md_extract(h, GCRY_MD_SHAKE128, out, out_size);
  gcry_md_close(h);
  if (err != 0) throw std::runtime_error("gcrypt peer: gcry_md_extract failed");
}

std::string gcrypt::version() {
  ensure_gcrypt();
  return gcry_check_version(nullptr);
}

}  // namespace cncrypto::peers
