// Adapters that put other libraries' Keccak/SHA-3, BLAKE2b and ed25519 code behind one
// shape, so the performance harness can time them beside ours in the same run.
// Each library is a tag type whose static functions are the operations we
// compare; the harness templates its peer tests on the tag.
//
// A library's functions exist only when CMake found it: CNCRYPTO_PEER_<LIB> is
// then defined to 1 for every target linking cncrypto_peers (libsodium is always
// there), and the tag's `available` is true. Code calling a tag's functions
// must sit under `if constexpr (tag::available)` (the harness's registry does
// that for every peer test), so a missing library leaves no undefined symbol. Inputs are public benchmark data; nothing here is constant time or
// meant for anything but measurement. The adapters use each library's fastest
// documented one-shot path (fetched and cached algorithm objects, no per-call
// allocation), so the comparison is against the library at its best.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#ifndef CNCRYPTO_PEER_OPENSSL
#define CNCRYPTO_PEER_OPENSSL 0
#endif
#ifndef CNCRYPTO_PEER_GCRYPT
#define CNCRYPTO_PEER_GCRYPT 0
#endif
#ifndef CNCRYPTO_PEER_CRYPTOPP
#define CNCRYPTO_PEER_CRYPTOPP 0
#endif
#ifndef CNCRYPTO_PEER_NETTLE
#define CNCRYPTO_PEER_NETTLE 0
#endif

namespace cncrypto::peers {

// OpenSSL 3 (libcrypto, EVP API with the default provider).
struct openssl {
  static constexpr const char *name = "openssl";
  static constexpr bool available = CNCRYPTO_PEER_OPENSSL;
  // FIPS 202 SHA3-256 of size bytes at data; 32 bytes to out.
  static void sha3_256(const void *data, std::size_t size, unsigned char *out);
  // FIPS 202 SHAKE128/SHAKE256 of size bytes at data; out_size bytes to out.
  static void shake128(const void *data, std::size_t size, unsigned char *out, std::size_t out_size);
  static void shake256(const void *data, std::size_t size, unsigned char *out, std::size_t out_size);
  static std::string version();
};

// libgcrypt (gcry_md_hash_buffer).
struct gcrypt {
  static constexpr const char *name = "gcrypt";
  static constexpr bool available = CNCRYPTO_PEER_GCRYPT;
  static void sha3_256(const void *data, std::size_t size, unsigned char *out);
  // SHAKE128 (gcry_md_open / gcry_md_write / gcry_md_extract); out_size bytes to out.
  static void shake128(const void *data, std::size_t size, unsigned char *out, std::size_t out_size);
  static std::string version();
};

// Crypto++ (CryptoPP::Keccak_256 and CryptoPP::SHA3_256).
struct cryptopp {
  static constexpr const char *name = "cryptopp";
  static constexpr bool available = CNCRYPTO_PEER_CRYPTOPP;
  // Original Keccak-256 (pad 0x01): the function Monero calls cn_fast_hash.
  static void keccak_256(const void *data, std::size_t size, unsigned char *out);
  static void sha3_256(const void *data, std::size_t size, unsigned char *out);
  // CryptoPP::SHAKE128 with an out_size-byte digest.
  static void shake128(const void *data, std::size_t size, unsigned char *out, std::size_t out_size);
  static std::string version();
};

// nettle (sha3_256_init/update/digest). nettle 3.8 (Debian 12) has SHAKE256
// only, no SHAKE128; none of OpenSSL 3.0, libgcrypt 1.10, nettle and libsodium
// has the original Keccak-256 (Crypto++ does), and libsodium has no SHA-3.
struct nettle {
  static constexpr const char *name = "nettle";
  static constexpr bool available = CNCRYPTO_PEER_NETTLE;
  static void sha3_256(const void *data, std::size_t size, unsigned char *out);
  static std::string version();
};

// libsodium's ed25519 group operations on 32-byte little-endian scalars, and
// its BLAKE2b.
struct libsodium {
  static constexpr const char *name = "libsodium";
  static constexpr bool available = true;
  // BLAKE2b (crypto_generichash, unkeyed) of size bytes at data; out_size
  // (16..64) bytes to out.
  static void generichash(const void *data, std::size_t size, unsigned char *out, std::size_t out_size);
  // out = scalar * G (crypto_scalarmult_ed25519_base_noclamp); false when the
  // result is the identity (libsodium refuses it).
  static bool scalarmult_base(unsigned char out[32], const unsigned char scalar[32]);
  // out = scalar * point (crypto_scalarmult_ed25519_noclamp); false when the
  // point does not decode, has small order, or the result is the identity.
  static bool scalarmult(unsigned char out[32], const unsigned char scalar[32],
                         const unsigned char point[32]);
  // X25519 (crypto_scalarmult: RFC 7748, clamped scalar, u-coordinate point) and
  // X25519(scalar, 9) (crypto_scalarmult_base); false when the result is all zero.
  static bool x25519(unsigned char out[32], const unsigned char scalar[32], const unsigned char u[32]);
  static bool x25519_base(unsigned char out[32], const unsigned char scalar[32]);
  static std::string version();
};

// Names and versions of the peer libraries built into this binary, and the
// names of those CMake did not find (their comparisons are left out).
std::vector<std::string> available();
std::vector<std::string> missing();

}  // namespace cncrypto::peers
