// Monero's C names of the four CryptoNight finalizers (crypto/hash-ops.h): one
// argument check, then the byte-pointer function of extra_hashes.h.
#include "crypto/hash-ops.h"
#include "extra_hashes.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace {

using digest_fn = void (*)(const std::uint8_t *, std::size_t, std::uint8_t *);

// Throws std::invalid_argument naming the function when hash is NULL, or data is
// NULL with a non-zero length; otherwise writes the 32-byte digest to hash.
void checked(const char *name, digest_fn fn, const void *data, size_t length, char *hash) {
  if (hash == nullptr) throw std::invalid_argument(std::string(name) + ": hash is NULL");
  if (data == nullptr && length != 0) {
    throw std::invalid_argument(std::string(name) + ": data is NULL but length is " + std::to_string(length));
  }
  fn(static_cast<const std::uint8_t *>(data), length, reinterpret_cast<std::uint8_t *>(hash));
}

}  // namespace

extern "C" void hash_extra_blake(const void *data, size_t length, char *hash) {
  checked("hash_extra_blake", crypto::extra::blake256, data, length, hash);
}
extern "C" void hash_extra_groestl(const void *data, size_t length, char *hash) {
  checked("hash_extra_groestl", crypto::extra::groestl256, data, length, hash);
}
extern "C" void hash_extra_jh(const void *data, size_t length, char *hash) {
  checked("hash_extra_jh", crypto::extra::jh256, data, length, hash);
}
extern "C" void hash_extra_skein(const void *data, size_t length, char *hash) {
  checked("hash_extra_skein", crypto::extra::skein512_256, data, length, hash);
}
