// common/util.h's tools::sha256sum (the header has the comments).
#include "common/util.h"

#include <sodium.h>
#include <sys/stat.h>

#include <fstream>
#include <vector>

namespace tools {

bool sha256sum(const std::uint8_t *data, std::size_t len, crypto::hash &hash) {
  if (data == nullptr && len > 0) return false;
  static_assert(sizeof(crypto::hash) == crypto_hash_sha256_BYTES, "a SHA-256 digest is 32 bytes");
  crypto_hash_sha256(reinterpret_cast<unsigned char *>(hash.data), data, len);
  return true;
}

bool sha256sum(const std::string &filename, crypto::hash &hash) {
  struct stat st;
  if (::stat(filename.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  std::ifstream f(filename, std::ios::binary);
  if (!f) return false;
  crypto_hash_sha256_state state;
  crypto_hash_sha256_init(&state);
  std::vector<char> buf(64 * 1024);
  while (f) {
    f.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    const std::streamsize got = f.gcount();
    if (got > 0)
      crypto_hash_sha256_update(&state, reinterpret_cast<const unsigned char *>(buf.data()),
                                static_cast<unsigned long long>(got));
  }
  if (f.bad() || !f.eof()) return false;
  crypto_hash_sha256_final(&state, reinterpret_cast<unsigned char *>(hash.data));
  return true;
}

}  // namespace tools
