// nettle adapter (see peers.h).
#include <nettle/sha3.h>
#include <nettle/version.h>

#include <cstdint>
#include <string>

#include "peers.h"

namespace cncrypto::peers {

void nettle::sha3_256(const void *data, std::size_t size, unsigned char *out) {
  sha3_256_ctx ctx;
  sha3_256_init(&ctx);
  sha3_256_update(&ctx, size, static_cast<const std::uint8_t *>(data));
  sha3_256_digest(&ctx, SHA3_256_DIGEST_SIZE, out);
}

std::string nettle::version() {
  return std::to_string(nettle_version_major()) + "." + std::to_string(nettle_version_minor());
}

}  // namespace cncrypto::peers
