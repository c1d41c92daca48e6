// Crypto++ adapter (see peers.h): one hash object per thread, CalculateDigest.
#include <cryptopp/config_ver.h>
#include <cryptopp/keccak.h>
#include <cryptopp/sha3.h>
#include <cryptopp/shake.h>

#include <string>

#include "peers.h"

namespace cncrypto::peers {

void cryptopp::keccak_256(const void *data, std::size_t size, unsigned char *out) {
  thread_local CryptoPP::Keccak_256 hash;
  hash.CalculateDigest(out, static_cast<const CryptoPP::byte *>(data), size);
}

void cryptopp::sha3_256(const void *data, std::size_t size, unsigned char *out) {
  thread_local CryptoPP::SHA3_256 hash;
  hash.CalculateDigest(out, static_cast<const CryptoPP::byte *>(data), size);
}

void cryptopp::shake128(const void *data, std::size_t size, unsigned char *out, std::size_t out_size) {
  CryptoPP::SHAKE128 hash(static_cast<unsigned int>(out_size));
  hash.CalculateDigest(out, static_cast<const CryptoPP::byte *>(data), size);
}

std::string cryptopp::version() {
  const int v = CRYPTOPP_VERSION;  // e.g. 870 for 8.7.0
  return std::to_string(v / 100) + "." + std::to_string(v / 10 % 10) + "." + std::to_string(v % 10);
}

}  // namespace cncrypto::peers
