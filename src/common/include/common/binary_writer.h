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
#include <string>
#include <vector>

#include "common/varint.h"

namespace cryptonote {

// Serialized objects: Monero's `blobdata` (cryptonote_basic/blobdatatype.h),
// a std::string holding bytes (not text; any byte value, embedded zeros).
typedef std::string blobdata;

}  // namespace cryptonote

// cncrypto's own (Monero has no binary_writer; its serializers are epee's
// binary_archive templates).
namespace cncrypto {

// Appends Monero's binary serialization to a buffer it does not own (the
// buffer must outlive the writer): a blobdata (std::string, what the
// serializers produce) or a byte vector (tx_extra, tests). Implicitly
// constructible from either, and cheap to copy (a copy appends to the same
// buffer), so a function taking a binary_writer by value accepts both kinds
// of buffer. Inline: the serializers call it per field.
class binary_writer {
 public:
  binary_writer(cryptonote::blobdata &out) noexcept : str_(&out) {}                  // NOLINT: implicit by design
  binary_writer(std::vector<std::uint8_t> &out) noexcept : vec_(&out) {}  // NOLINT: implicit by design
  // One byte.
  void write_u8(std::uint8_t v) {
    if (str_ != nullptr) {
      str_->push_back(static_cast<char>(v));
    } else {
      vec_->push_back(v);
    }
  }
  // 4 bytes, little-endian (the type 3 bulletproof count, the block nonce).
  void write_u32_le(std::uint32_t v) {
    const std::uint8_t b[4] = {static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8),
                               static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 24)};
    write_bytes(b, 4);
  }
  // The canonical varint (1..10 bytes, common/varint.h).
  void write_varint(std::uint64_t v) {
    std::uint8_t b[cncrypto::max_varint_size];
    write_bytes(b, cncrypto::write_varint(b, v));
  }
  // n raw bytes.
  void write_bytes(const void *p, std::size_t n) {
    if (str_ != nullptr) {
      str_->append(static_cast<const char *>(p), n);
    } else {
      const auto *b = static_cast<const std::uint8_t *>(p);
      vec_->insert(vec_->end(), b, b + n);
    }
  }
  // n zero bytes (tx_extra padding).
  void write_zeros(std::size_t n) {
    if (str_ != nullptr) {
      str_->append(n, '\0');
    } else {
      vec_->insert(vec_->end(), n, 0);
    }
  }
  // The raw bytes of a trivially copyable object (keys, hashes: 32 bytes ...).
  template <class Pod>
  void write_pod(const Pod &v) {
    write_bytes(&v, sizeof v);
  }
  // Bytes in the buffer (including what was there before the writer).
  std::size_t size() const noexcept { return str_ != nullptr ? str_->size() : vec_->size(); }

 private:
  cryptonote::blobdata *str_ = nullptr;
  std::vector<std::uint8_t> *vec_ = nullptr;
};

}  // namespace cncrypto
