// Little-endian 64-bit loads and stores at any alignment, on either host byte
// order: the one definition (Keccak lanes, CryptoNight's AES blocks and words).
// Internal linkage (static inline), so translation units compiled with ISA flags
// can include it without their flags reaching code that runs without the CPU probe.
// Constant time.
#pragma once

#include <cstdint>
#include <cstring>

namespace cncrypto {

static inline std::uint64_t load_le64(const std::uint8_t *p) {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap64(v);
#endif
  return v;
}

static inline void store_le64(std::uint8_t *p, std::uint64_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap64(v);
#endif
  std::memcpy(p, &v, 8);
}

}  // namespace cncrypto
