#include "common/binary_reader.h"

#include "common/varint.h"

#include <cstring>
#include <limits>

namespace cncrypto {

parse_error::parse_error(const std::string &message, std::size_t offset)
    : std::runtime_error(message + " (at byte offset " + std::to_string(offset) + ")"),
      offset_(offset),
      reason_(message) {}

void binary_reader::fail(const char *what, const std::string &reason) const { fail_at(offset(), what, reason); }

void binary_reader::fail_at(std::size_t absolute_offset, const char *what, const std::string &reason) const {
  throw parse_error(std::string(what) + ": " + reason, absolute_offset);
}

std::uint8_t binary_reader::read_u8(const char *what) {
  if (pos_ >= size_) fail(what, "unexpected end of input (1 byte needed, 0 remain)");
  return data_[pos_++];
}

std::uint32_t binary_reader::read_u32_le(const char *what) {
  std::uint8_t b[4];
  read_bytes(b, 4, what);
  return static_cast<std::uint32_t>(b[0]) | static_cast<std::uint32_t>(b[1]) << 8 |
         static_cast<std::uint32_t>(b[2]) << 16 | static_cast<std::uint32_t>(b[3]) << 24;
}

std::uint64_t binary_reader::read_varint(const char *what, unsigned bits) {
  std::uint64_t value = 0;
  const cncrypto::varint_result r = cncrypto::read_varint(data_ + pos_, size_ - pos_, value, bits);
  if (r.error == cncrypto::varint_error::empty || r.error == cncrypto::varint_error::truncated) {
    // Monero's cncrypto::read_varint returns the number of bytes read when the
    // input runs out (0 for none), and binary_archive only fails on a
    // negative result: the partial value stands. Every remaining byte passed
    // the overflow and canonical checks (read_varint reports those first).
    std::uint64_t partial = 0;
    for (std::size_t i = 0; pos_ + i < size_; ++i) {
      partial |= static_cast<std::uint64_t>(data_[pos_ + i] & 0x7f) << (7 * i);
    }
    pos_ = size_;
    ended_early_ = true;
    return partial;
  }
  if (!r) fail(what, cncrypto::varint_error_message(r.error, bits));
  pos_ += r.size;
  return value;
}

void binary_reader::read_bytes(void *out, std::size_t n, const char *what) {
  if (n > size_ - pos_) {
    fail(what, "unexpected end of input (" + std::to_string(n) + " bytes needed, " + std::to_string(size_ - pos_) +
                   " remain)");
  }
  if (n != 0) std::memcpy(out, data_ + pos_, n);
  pos_ += n;
}

void binary_reader::skip(std::size_t n, const char *what) {
  if (n > size_ - pos_) {
    fail(what, "unexpected end of input (" + std::to_string(n) + " bytes needed, " + std::to_string(size_ - pos_) +
                   " remain)");
  }
  pos_ += n;
}

void binary_reader::require(std::uint64_t count, std::size_t min_element_size, const char *what) const {
  if (min_element_size == 0) min_element_size = 1;
  const std::uint64_t rem = size_ - pos_;
  if (count > rem / min_element_size) {
    fail(what, std::to_string(count) + " elements of at least " + std::to_string(min_element_size) +
                   " byte(s) each cannot fit in the " + std::to_string(rem) + " bytes that remain");
  }
}

std::size_t binary_reader::read_count(const char *what, std::size_t min_element_size) {
  const std::size_t start = pos_;
  const std::uint64_t count = read_varint(what);
  if (min_element_size == 0) min_element_size = 1;
  const std::uint64_t rem = size_ - pos_;
  if (count > rem / min_element_size) {
    fail_at(base_ + start, what,
            "count " + std::to_string(count) + " with elements of at least " + std::to_string(min_element_size) +
                " byte(s) each cannot fit in the " + std::to_string(rem) + " bytes that remain");
  }
  return static_cast<std::size_t>(count);
}

void binary_reader::expect_end(const char *what) const {
  if (pos_ != size_) fail(what, std::to_string(size_ - pos_) + " trailing byte(s) after the end of the object");
}

}  // namespace cncrypto
