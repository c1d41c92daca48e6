// Private to src/hash/extra: byte-order and chaining helpers shared by the
// four finalizer hashes. Byte-wise loads and stores, so they are correct at any
// alignment and on either host byte order.
#pragma once

#include <cstddef>
#include <cstdint>

namespace crypto::extra {

inline std::uint32_t load_be32(const std::uint8_t *p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}
inline void store_be32(std::uint8_t *p, std::uint32_t v) {
  p[0] = static_cast<std::uint8_t>(v >> 24);
  p[1] = static_cast<std::uint8_t>(v >> 16);
  p[2] = static_cast<std::uint8_t>(v >> 8);
  p[3] = static_cast<std::uint8_t>(v);
}
inline std::uint64_t load_le64(const std::uint8_t *p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}
inline void store_le64(std::uint8_t *p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
inline void store_be64(std::uint8_t *p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (56 - 8 * i));
}
// The Merkle-Damgard front end of Groestl and JH: feeds every whole 64-byte block of
// data to compress(block), then copies the rest (< 64 bytes) to tail[0 .. rest)
// followed by the byte 0x80 (tail: 128 zero bytes). Returns rest.
template <typename Compress>
std::size_t whole_blocks_then_tail(const std::uint8_t *data, std::size_t length, Compress &&compress,
                                   std::uint8_t tail[128]) {
  std::size_t done = 0;
  for (; length - done >= 64; done += 64) compress(data + done);
  const std::size_t rest = length - done;
  for (std::size_t i = 0; i < rest; ++i) tail[i] = data[done + i];
  tail[rest] = 0x80;
  return rest;
}

// The initial chaining value of JH and Skein, which is itself a hash: make()
// runs once per process (thread-safe), each call returns a copy of its result.
template <typename State, State (*make)()>
State computed_initial_value() {
  static const State iv = make();
  return iv;
}

inline std::uint32_t rotr32(std::uint32_t x, unsigned n) { return (x >> n) | (x << ((32 - n) & 31)); }
inline std::uint64_t rotl64(std::uint64_t x, unsigned n) { return (x << n) | (x >> ((64 - n) & 63)); }

}  // namespace crypto::extra
