// Writing Monero's binary serialization ("epee binary_archive", spec
// cryptonote_format.md section 2): the one writer idiom of the library. Every
// serializer (transactions, blocks, tx_extra in src/format; the RingCT
// sections and the signature message in src/ringct) appends through
// binary_writer; its reader is common/binary_reader.h.
//
// Appending never fails except for std::bad_alloc. Variable time: what is
// written is public data (transactions, blocks).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/varint.h"

namespace cryptonote {

// Serialized objects, as Monero's `blobdata` (which is a std::string there).
using blobdata = std::vector<std::uint8_t>;

}  // namespace cryptonote

// cncrypto's own (Monero has no binary_writer; its serializers are epee's
// binary_archive templates).
namespace cncrypto {

// Appends Monero's binary serialization to a byte vector it does not own (the
// vector must outlive the writer). Inline: the serializers call it per field.
class binary_writer {
 public:
  explicit binary_writer(cryptonote::blobdata &out) noexcept : out_(out) {}
  // One byte.
  void write_u8(std::uint8_t v) { out_.push_back(v); }
  // 4 bytes, little-endian (the type 3 bulletproof count, the block nonce).
  void write_u32_le(std::uint32_t v) {
    const std::uint8_t b[4] = {static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8),
                               static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 24)};
    write_bytes(b, 4);
  }
  // The canonical varint (1..10 bytes, common/varint.h).
  void write_varint(std::uint64_t v) { append_varint(out_, v); }
  // n raw bytes.
  void write_bytes(const void *p, std::size_t n) {
    const auto *b = static_cast<const std::uint8_t *>(p);
    out_.insert(out_.end(), b, b + n);
  }
  // n zero bytes (tx_extra padding).
  void write_zeros(std::size_t n) { out_.insert(out_.end(), n, 0); }
  // The raw bytes of a trivially copyable object (keys, hashes: 32 bytes ...).
  template <class Pod>
  void write_pod(const Pod &v) {
    write_bytes(&v, sizeof v);
  }
  std::size_t size() const noexcept { return out_.size(); }
  cryptonote::blobdata &buffer() noexcept { return out_; }

 private:
  cryptonote::blobdata &out_;
};

}  // namespace cncrypto
