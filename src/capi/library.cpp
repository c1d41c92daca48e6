// cncrypto.h: sizes, version, error strings, wiping and randomness.
#include <cstring>

#include "boundary.h"
#include "crypto/crypto.h"  // crypto::generate_random_bytes_thread_safe (crypto/random.h)
#include "memwipe.h"

using namespace cncrypto::capi;  // the boundary: guard, the argument checks, in/out (boundary.h)

extern "C" {

// cncrypto_<name>_bytes() returns CNCRYPTO_<NAME>_BYTES, for every size the header
// names (an FFI that cannot read macros calls these).
#define CNCRYPTO_SIZE_NAMES(X)                                                                   \
  X(hash, HASH) X(key, KEY) X(public_key, PUBLIC_KEY) X(secret_key, SECRET_KEY)                  \
  X(key_derivation, KEY_DERIVATION) X(key_image, KEY_IMAGE) X(signature, SIGNATURE)              \
  X(view_tag, VIEW_TAG) X(sha3_224, SHA3_224) X(sha3_256, SHA3_256) X(sha3_384, SHA3_384)        \
  X(sha3_512, SHA3_512) X(payment_id, PAYMENT_ID) X(address_max, ADDRESS_MAX) X(language, LANGUAGE)    \
  X(polyseed_secret, POLYSEED_SECRET) X(owned_output, OWNED_OUTPUT) X(keys_file_info, KEYS_FILE_INFO)
#define CNCRYPTO_SIZE_FUNCTION(name, NAME) \
  size_t cncrypto_##name##_bytes(void) { return CNCRYPTO_##NAME##_BYTES; }
CNCRYPTO_SIZE_NAMES(CNCRYPTO_SIZE_FUNCTION)
#undef CNCRYPTO_SIZE_FUNCTION
#undef CNCRYPTO_SIZE_NAMES

const char *cncrypto_version(void) { return CNCRYPTO_VERSION_STRING; }
unsigned cncrypto_abi_version(void) { return CNCRYPTO_ABI_VERSION; }

int cncrypto_abi_check(unsigned header_abi_version) {
  if (header_abi_version == CNCRYPTO_ABI_VERSION) return CNCRYPTO_OK;
  return fail_with(failure::unsupported, "abi_check",
                   {"the header's ABI version ", num(header_abi_version), " is not the library's ",
                    num(CNCRYPTO_ABI_VERSION), " (rebuild against this library's cncrypto.h)"});
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
    case CNCRYPTO_EIO: return "a file could not be read";
    default: return "unknown error code";
  }
}

const char *cncrypto_last_error(void) { return detail(); }

int cncrypto_last_error_clear(void) {
  clear_detail();
  return CNCRYPTO_OK;
}

int cncrypto_memzero(void *buf, size_t len) {
  if (const int rc = check_args("memzero", need(buf, len, "buf")); rc != CNCRYPTO_OK) return rc;
  if (len != 0) memwipe(buf, len);
  return CNCRYPTO_OK;
}

int cncrypto_random_bytes(uint8_t *buf, size_t len) {
  if (const int rc = check_args("random_bytes", need(buf, len, "buf")); rc != CNCRYPTO_OK) return rc;
  return guard("random_bytes", [&] {
    crypto::generate_random_bytes_thread_safe(len, buf);
    return CNCRYPTO_OK;
  });
}

}  // extern "C"
