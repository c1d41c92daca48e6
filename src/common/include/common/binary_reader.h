// Bounded reading of Monero's binary serialization ("epee binary_archive",
// spec cryptonote_format.md section 2); its writer is common/binary_writer.h.
// The one reader of every binary format of the library: transactions, blocks
// and tx_extra (src/format) and the RingCT sections (ringct/rctSerialization.h).
// The names are cncrypto's own (namespace cncrypto: Monero has no such
// classes); the old path cryptonote/binary_reader.h still includes this header.
//
// binary_reader is a cursor over a byte span that never reads past its end.
// The one leniency is Monero's: a varint cut off (or missing) at the very end
// of the input is read as the bits present (or 0), see read_varint.
// Every failure throws parse_error, whose message says what was being read,
// why it failed and at which byte offset of the whole input. Counts read from
// the input are checked against the bytes that remain (count x the smallest
// possible element size) before anything is allocated, so a varint claiming
// 2^60 elements fails at once instead of reserving memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/utility/string_ref.hpp>

#include "common/binary_writer.h"

namespace cncrypto {

// A read-only view of bytes: pointer and size. Does not own the bytes.
struct byte_span {
  const std::uint8_t *data = nullptr;
  std::size_t size = 0;

  byte_span() = default;
  byte_span(const void *p, std::size_t n) : data(static_cast<const std::uint8_t *>(p)), size(n) {}
  byte_span(const std::vector<std::uint8_t> &v) : data(v.data()), size(v.size()) {}  // NOLINT: implicit by design
  byte_span(std::string_view s)  // NOLINT: implicit by design
      : data(reinterpret_cast<const std::uint8_t *>(s.data())), size(s.size()) {}
  // Monero's blobdata is a std::string: code ported from Monero passes one.
  byte_span(const std::string &s)  // NOLINT: implicit by design
      : data(reinterpret_cast<const std::uint8_t *>(s.data())), size(s.size()) {}
  // Monero's blobdata_ref (boost::string_ref), what Monero's parse functions take.
  byte_span(boost::string_ref s)  // NOLINT: implicit by design
      : data(reinterpret_cast<const std::uint8_t *>(s.data())), size(s.size()) {}
};

// Malformed input. what() is the full message, e.g.
// "transaction input count: 1152921504606846976 elements need at least
//  2305843009213693952 bytes, 3 remain (at byte offset 5)".
class parse_error : public std::runtime_error {
 public:
  parse_error(const std::string &message, std::size_t offset);
  // Byte offset in the parsed input where the problem was found.
  std::size_t offset() const noexcept { return offset_; }
  // The message without the " (at byte offset N)" suffix.
  const std::string &reason() const noexcept { return reason_; }

 private:
  std::size_t offset_;
  std::string reason_;
};

class binary_reader {
 public:
  // Reads input; offsets in errors are base_offset + position in input.
  explicit binary_reader(byte_span input, std::size_t base_offset = 0) noexcept
      : data_(input.data), size_(input.size), pos_(0), base_(base_offset), ended_early_(false) {}

  std::size_t offset() const noexcept { return base_ + pos_; }   // absolute offset of the next byte
  std::size_t position() const noexcept { return pos_; }         // offset inside this span
  std::size_t remaining() const noexcept { return size_ - pos_; }
  bool at_end() const noexcept { return pos_ == size_; }
  const std::uint8_t *current() const noexcept { return data_ + pos_; }

  // One byte.
  std::uint8_t read_u8(const char *what);
  // Little-endian fixed-width integers.
  std::uint32_t read_u32_le(const char *what);
  // A varint for a field of `bits` bits (spec section 1 rules), read as
  // Monero's binary_archive reads it: when the input ends before the varint
  // does, that is not an error: a varint cut off after some bytes (the last
  // with 0x80 set) gives the bits read so far, and a varint with no byte left
  // gives 0. ended_early() then becomes true. Overflow and non-canonical
  // bytes still throw.
  std::uint64_t read_varint(const char *what, unsigned bits = 64);
  // True once read_varint met the end of the input inside (or instead of) a
  // varint: the bytes read are then not the canonical encoding of what was
  // read (serializing the object again gives other bytes).
  bool ended_early() const noexcept { return ended_early_; }
  // Exactly n raw bytes into out.
  void read_bytes(void *out, std::size_t n, const char *what);
  // Raw bytes into a trivially copyable object (keys, hashes: 32 bytes ...).
  template <class Pod>
  void read_pod(Pod &out, const char *what) {
    read_bytes(&out, sizeof out, what);
  }
  // Skips n bytes (throws when fewer remain).
  void skip(std::size_t n, const char *what);

  // Reads a varint element count and checks that count * min_element_size
  // bytes remain (min_element_size >= 1). Returns the count.
  std::size_t read_count(const char *what, std::size_t min_element_size);
  // Checks that count elements of at least min_element_size bytes can still
  // be present (for counts implied by other fields). Throws otherwise.
  void require(std::uint64_t count, std::size_t min_element_size, const char *what) const;

  // Throws unless every byte has been consumed ("trailing bytes").
  void expect_end(const char *what) const;

  // Throws parse_error("what: reason", offset()) / at an absolute offset.
  [[noreturn]] void fail(const char *what, const std::string &reason) const;
  [[noreturn]] void fail_at(std::size_t absolute_offset, const char *what, const std::string &reason) const;

 private:
  const std::uint8_t *data_;
  std::size_t size_;
  std::size_t pos_;
  std::size_t base_;
  bool ended_early_;
};

}  // namespace cncrypto
