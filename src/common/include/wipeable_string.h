// Monero's epee::wipeable_string (contrib/epee/include/wipeable_string.h,
// included as "wipeable_string.h"): a byte string for secrets (passwords, seed
// phrases) whose storage is wiped (memwipe) whenever it is freed, shrunk,
// reallocated or destroyed, so no stale copy stays in the heap.
//
// Behaviour follows Monero's, quirks included: trim() strips only spaces
// (' '), split() separates at any isspace() character; operator== compares
// bytes (variable time). Where Monero crashes or misparses, this one does
// not: see parse_hexstr and the C-string constructor.
#pragma once

#include <boost/optional/optional.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "memwipe.h"

namespace epee {

class wipeable_string {
 public:
  typedef char value_type;

  wipeable_string() {}
  wipeable_string(const wipeable_string &other);
  wipeable_string(wipeable_string &&other);
  // A copy of other's bytes. The std::string&& form then wipes other's bytes
  // and leaves it empty (Monero's behaviour).
  wipeable_string(const std::string &other);
  wipeable_string(std::string &&other);
  // The bytes of the NUL-terminated s (s null: empty; Monero crashes).
  wipeable_string(const char *s);
  // s[0..len) (s may be null when len is 0).
  wipeable_string(const char *s, std::size_t len);
  ~wipeable_string();

  // Zeroes the bytes in place; the size is unchanged.
  void wipe();
  void push_back(char c);
  void operator+=(char c);
  void operator+=(const std::string &s);
  void operator+=(const epee::wipeable_string &s);
  void operator+=(const char *s);
  // Appends ptr[0..len). Throws std::length_error if the size would overflow.
  void append(const char *ptr, std::size_t len);
  // Removes and returns the last byte. Throws std::out_of_range when empty
  // (Monero throws std::runtime_error through its CHECK macro).
  char pop_back();
  const char *data() const noexcept { return buffer.data(); }
  char *data() noexcept { return buffer.data(); }
  std::size_t size() const noexcept { return buffer.size(); }
  std::size_t length() const noexcept { return buffer.size(); }
  bool empty() const noexcept { return buffer.empty(); }
  // Removes leading and trailing ' ' characters (only spaces, as in Monero).
  void trim();
  // The runs of non-isspace() characters, in order, into fields (cleared first).
  void split(std::vector<wipeable_string> &fields) const;
  // The bytes of this string read as hex digits (either case), or boost::none
  // when the length is odd or a character is not a hex digit. Monero accepts a
  // NUL character as the digit 16; it is refused here.
  boost::optional<wipeable_string> parse_hexstr() const;
  // Decodes exactly 2 * sizeof(T) hex digits into pod; false (pod unchanged)
  // otherwise. Source: Monero wipeable_string::hex_to_pod.
  template <typename T>
  inline bool hex_to_pod(T &pod) const;
  template <typename T>
  inline bool hex_to_pod(tools::scrubbed<T> &pod) const {
    return hex_to_pod(unwrap(pod));
  }
  void resize(std::size_t sz);
  void reserve(std::size_t sz);
  void clear();
  bool operator==(const wipeable_string &other) const noexcept { return buffer == other.buffer; }
  bool operator!=(const wipeable_string &other) const noexcept { return buffer != other.buffer; }
  wipeable_string &operator=(wipeable_string &&other);
  wipeable_string &operator=(const wipeable_string &other);

 private:
  // Sets the size to sz with capacity at least reserved, wiping every byte
  // the change leaves behind (a shrunk tail, the old block of a reallocation).
  void grow(std::size_t sz, std::size_t reserved = 0);

  std::vector<char> buffer;
};

template <typename T>
inline bool wipeable_string::hex_to_pod(T &pod) const {
  static_assert(std::is_trivially_copyable<T>::value, "wipeable_string::hex_to_pod: T must be trivially copyable");
  if (size() != sizeof(T) * 2) return false;
  boost::optional<wipeable_string> blob = parse_hexstr();
  if (!blob || blob->size() != sizeof(T)) return false;
  std::memcpy(static_cast<void *>(&pod), blob->data(), sizeof(T));
  return true;
}

}  // namespace epee

namespace std {
// FNV-1a (64-bit offset basis and prime) over the bytes, as Monero's
// std::hash<epee::wipeable_string> (epee::fnv::FNV1a); the result is truncated
// to size_t.
template <>
struct hash<epee::wipeable_string> {
  size_t operator()(const epee::wipeable_string &s) const noexcept {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < s.size(); ++i)
      h = (h ^ static_cast<unsigned char>(s.data()[i])) * 0x100000001b3ULL;
    return static_cast<size_t>(h);
  }
};
}  // namespace std
