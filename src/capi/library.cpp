// cncrypto.h: sizes, version, error strings, wiping and randomness.
#include <cstring>

#include "boundary.h"
#include "crypto/crypto.h"  // crypto::generate_random_bytes_thread_safe (crypto/random.h)
#include "memwipe.h"

using cncrypto::capi::bad;
using cncrypto::capi::guard;

extern "C" {

size_t cncrypto_hash_bytes(void) { return CNCRYPTO_HASH_BYTES; }
size_t cncrypto_key_bytes(void) { return CNCRYPTO_KEY_BYTES; }
size_t cncrypto_public_key_bytes(void) { return CNCRYPTO_PUBLIC_KEY_BYTES; }
size_t cncrypto_secret_key_bytes(void) { return CNCRYPTO_SECRET_KEY_BYTES; }
size_t cncrypto_key_derivation_bytes(void) { return CNCRYPTO_KEY_DERIVATION_BYTES; }
size_t cncrypto_key_image_bytes(void) { return CNCRYPTO_KEY_IMAGE_BYTES; }
size_t cncrypto_signature_bytes(void) { return CNCRYPTO_SIGNATURE_BYTES; }
size_t cncrypto_view_tag_bytes(void) { return CNCRYPTO_VIEW_TAG_BYTES; }
size_t cncrypto_sha3_224_bytes(void) { return CNCRYPTO_SHA3_224_BYTES; }
size_t cncrypto_sha3_256_bytes(void) { return CNCRYPTO_SHA3_256_BYTES; }
size_t cncrypto_sha3_384_bytes(void) { return CNCRYPTO_SHA3_384_BYTES; }
size_t cncrypto_sha3_512_bytes(void) { return CNCRYPTO_SHA3_512_BYTES; }

const char *cncrypto_version(void) { return CNCRYPTO_VERSION_STRING; }
unsigned cncrypto_abi_version(void) { return CNCRYPTO_ABI_VERSION; }

int cncrypto_abi_check(unsigned header_abi_version) {
  return header_abi_version == CNCRYPTO_ABI_VERSION ? CNCRYPTO_OK : CNCRYPTO_EUNSUPPORTED;
}

const char *cncrypto_strerror(int code) {
  switch (code) {
    case CNCRYPTO_OK: return "success";
    case CNCRYPTO_EINVAL: return "invalid argument (a NULL pointer, a bad length or an unknown value)";
    case CNCRYPTO_EDECODE: return "the bytes do not decode to the required object";
    case CNCRYPTO_EVERIFY: return "verification failed";
    case CNCRYPTO_ESIZE: return "output buffer too small";
    case CNCRYPTO_ENOMEM: return "out of memory";
    case CNCRYPTO_EUNSUPPORTED: return "not supported by this build of cncrypto";
    case CNCRYPTO_EINTERNAL: return "internal error in cncrypto";
    default: return "unknown error code";
  }
}

int cncrypto_memzero(void *buf, size_t len) {
  if (bad(buf, len)) return CNCRYPTO_EINVAL;
  if (len != 0) memwipe(buf, len);
  return CNCRYPTO_OK;
}

int cncrypto_random_bytes(uint8_t *buf, size_t len) {
  if (bad(buf, len)) return CNCRYPTO_EINVAL;
  return guard([&] {
    crypto::generate_random_bytes_thread_safe(len, buf);
    return CNCRYPTO_OK;
  });
}

}  // extern "C"
