// epee::wipeable_string (wipeable_string.h): every byte the string stops using is
// wiped before its memory is given back.
#include "wipeable_string.h"

#include "common/hex.h"

#include <cctype>
#include <cstring>
#include <limits>
#include <string_view>
#include <stdexcept>
#include <utility>

namespace epee {

wipeable_string::wipeable_string(const wipeable_string &other) : buffer(other.buffer) {}

wipeable_string::wipeable_string(wipeable_string &&other) : buffer(std::move(other.buffer)) {}

wipeable_string::wipeable_string(const std::string &other) { append(other.data(), other.size()); }

wipeable_string::wipeable_string(std::string &&other) {
  append(other.data(), other.size());
  if (!other.empty()) {
    memwipe(&other[0], other.size());
    other = std::string();
  }
}

wipeable_string::wipeable_string(const char *s) {
  if (s != nullptr) append(s, std::strlen(s));
}

wipeable_string::wipeable_string(const char *s, std::size_t len) { append(s, len); }

wipeable_string::~wipeable_string() { wipe(); }

void wipeable_string::wipe() {
  if (!buffer.empty()) memwipe(buffer.data(), buffer.size());
}

void wipeable_string::grow(std::size_t sz, std::size_t reserved) {
  if (reserved < sz) reserved = sz;
  if (reserved <= buffer.capacity()) {
    if (sz < buffer.size()) memwipe(buffer.data() + sz, buffer.size() - sz);
    buffer.resize(sz);
    return;
  }
  // A new block: at least doubling, so that push_back is amortised O(1).
  const std::size_t doubled = buffer.capacity() > buffer.max_size() / 2 ? buffer.max_size() : buffer.capacity() * 2;
  std::vector<char> bigger;
  bigger.reserve(reserved > doubled ? reserved : doubled);
  bigger.assign(buffer.begin(), buffer.end());
  bigger.resize(sz);
  wipe();
  buffer.swap(bigger);
}

void wipeable_string::push_back(char c) {
  grow(size() + 1);
  buffer.back() = c;
}

void wipeable_string::operator+=(char c) { push_back(c); }

void wipeable_string::append(const char *ptr, std::size_t len) {
  if (len == 0) return;
  const std::size_t old = size();
  if (len > buffer.max_size() - old) throw std::length_error("epee::wipeable_string: appended data too large");
  grow(old + len);
  std::memcpy(buffer.data() + old, ptr, len);
}

void wipeable_string::operator+=(const char *s) {
  if (s != nullptr) append(s, std::strlen(s));
}

void wipeable_string::operator+=(const epee::wipeable_string &s) { append(s.data(), s.size()); }

void wipeable_string::operator+=(const std::string &s) { append(s.data(), s.size()); }

void wipeable_string::trim() {
  std::size_t begin = 0, end = size();
  while (begin < end && buffer[begin] == ' ') ++begin;
  while (end > begin && buffer[end - 1] == ' ') --end;
  if (begin > 0 && end > begin) std::memmove(buffer.data(), buffer.data() + begin, end - begin);
  resize(end - begin);
}

void wipeable_string::split(std::vector<wipeable_string> &fields) const {
  fields.clear();
  bool in_field = false;
  for (const char c : buffer) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      in_field = false;
      continue;
    }
    if (!in_field) fields.emplace_back();
    in_field = true;
    fields.back().push_back(c);
  }
}

boost::optional<wipeable_string> wipeable_string::parse_hexstr() const {
  if (size() % 2 != 0) return boost::none;
  wipeable_string res;
  res.resize(size() / 2);  // decoded in place: no other copy of the bytes
  if (!res.empty() && !cncrypto::hex_decode_fixed(std::string_view(data(), size()), res.data(), res.size()))
    return boost::none;
  return boost::optional<wipeable_string>(std::move(res));
}

char wipeable_string::pop_back() {
  if (empty()) throw std::out_of_range("epee::wipeable_string::pop_back: empty string");
  const char c = buffer.back();
  resize(size() - 1);
  return c;
}

void wipeable_string::resize(std::size_t sz) { grow(sz); }

void wipeable_string::reserve(std::size_t sz) { grow(size(), sz); }

void wipeable_string::clear() { resize(0); }

wipeable_string &wipeable_string::operator=(wipeable_string &&other) {
  if (&other != this) {
    wipe();
    buffer = std::move(other.buffer);
    other.buffer.clear();
  }
  return *this;
}

wipeable_string &wipeable_string::operator=(const wipeable_string &other) {
  if (&other != this) {
    // Through grow, so that a reallocation wipes the old block.
    grow(other.size());
    if (!other.empty()) std::memcpy(buffer.data(), other.data(), other.size());
  }
  return *this;
}

}  // namespace epee
