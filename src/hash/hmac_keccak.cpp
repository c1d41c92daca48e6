// HMAC over Keccak-256 (crypto/hmac-keccak.h), on the keccak_init/update/finish
// C API of crypto/keccak.h.
#include "crypto/hmac-keccak.h"

#include <sodium/utils.h>

#include <cstring>
#include <stdexcept>
#include <string>

namespace {

constexpr std::size_t block_size = 136;  // Keccak-256's rate
constexpr std::size_t digest_size = 32;

void require(bool ok, const char *fn, const char *what) {
  if (!ok) throw std::invalid_argument(std::string(fn) + ": " + what);
}

}  // namespace

extern "C" void hmac_keccak_init(hmac_keccak_state *S, const uint8_t *_key, size_t keylen) {
  require(S != nullptr, "hmac_keccak_init", "null state");
  require(_key != nullptr || keylen == 0, "hmac_keccak_init", "null key with a non-zero length");
  std::uint8_t k0[block_size] = {};
  if (keylen > block_size) {
    KECCAK_CTX kc;
    keccak_init(&kc);
    keccak_update(&kc, _key, keylen);
    keccak_finish(&kc, k0);  // digest_size bytes, the rest stays zero
    sodium_memzero(&kc, sizeof kc);
  } else if (keylen != 0) {
    std::memcpy(k0, _key, keylen);
  }
  std::uint8_t pad[block_size];
  for (std::size_t i = 0; i < block_size; ++i) pad[i] = static_cast<std::uint8_t>(k0[i] ^ 0x36);
  keccak_init(&S->inner);
  keccak_update(&S->inner, pad, block_size);
  for (std::size_t i = 0; i < block_size; ++i) pad[i] = static_cast<std::uint8_t>(k0[i] ^ 0x5c);
  keccak_init(&S->outer);
  keccak_update(&S->outer, pad, block_size);
  sodium_memzero(pad, sizeof pad);
  sodium_memzero(k0, sizeof k0);
}

extern "C" void hmac_keccak_update(hmac_keccak_state *S, const uint8_t *data, size_t datalen) {
  require(S != nullptr, "hmac_keccak_update", "null state");
  require(data != nullptr || datalen == 0, "hmac_keccak_update", "null data with a non-zero length");
  keccak_update(&S->inner, data, datalen);
}

extern "C" void hmac_keccak_finish(hmac_keccak_state *S, uint8_t *digest) {
  require(S != nullptr && digest != nullptr, "hmac_keccak_finish", "null state or digest");
  std::uint8_t inner[digest_size];
  keccak_finish(&S->inner, inner);
  keccak_update(&S->outer, inner, digest_size);
  keccak_finish(&S->outer, digest);
  sodium_memzero(inner, sizeof inner);
  sodium_memzero(S, sizeof *S);
}

extern "C" void hmac_keccak_hash(uint8_t *out, const uint8_t *key, size_t keylen, const uint8_t *in, size_t inlen) {
  require(out != nullptr, "hmac_keccak_hash", "null output");
  hmac_keccak_state S;
  hmac_keccak_init(&S, key, keylen);
  hmac_keccak_update(&S, in, inlen);
  hmac_keccak_finish(&S, out);
}
