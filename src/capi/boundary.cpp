// The exception half of the C ABI's error mapping (boundary.h has the table),
// and the thread's error detail (cncrypto_last_error).
#include "boundary.h"

#include <new>
#include <stdexcept>

#include "common/binary_reader.h"         // cncrypto::parse_error
#include "crypto/rx-slow-hash.h"          // crypto_randomx_available
#include "cryptonote/address.h"           // cncrypto::address_error
#include "cryptonote/base58.h"            // cncrypto::base58::decode_error
#include "cryptonote/block_pow.h"         // cncrypto::pow_error
#include "cryptonote/wallet_keys_file.h"  // cncrypto::keys_file_error
#include "mnemonics/cncrypto_seed.h"      // cncrypto::seed_error
#include "mnemonics/polyseed.h"           // cncrypto::polyseed::polyseed_error

namespace cncrypto::capi {

namespace {

// The detail: one fixed buffer per thread (no allocation; valid until the thread
// exits; rewritten by the thread's next failing call). 1024 bytes hold a path of
// a few hundred bytes and any of the library's messages.
constexpr std::size_t detail_capacity = 1024;
thread_local char detail_buffer[detail_capacity] = {};

// Appends text to buf (holding *len bytes, capacity cap - 1 plus the NUL), cut
// at a UTF-8 character boundary when it does not fit.
void append(char *buf, std::size_t cap, std::size_t *len, std::string_view text) noexcept {
  std::size_t n = text.size();
  if (n > cap - 1 - *len) {
    n = cap - 1 - *len;
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;  // text[n]: the first byte cut
  }
  if (n != 0) std::memcpy(buf + *len, text.data(), n);
  *len += n;
  buf[*len] = '\0';
}

// Replaces every byte of buf[0 .. len) that does not start or continue a valid
// UTF-8 sequence (RFC 3629: no overlong forms, surrogates or values above
// U+10FFFF) with '?': a path given by the caller may hold any bytes.
void make_utf8(char *buf, std::size_t len) noexcept {
  std::size_t i = 0;
  while (i < len) {
    const auto b = static_cast<unsigned char>(buf[i]);
    std::size_t n = 0;
    unsigned lo = 0x80, hi = 0xBF;  // the second byte's range
    if (b < 0x80)
      n = 1;
    else if (b >= 0xC2 && b <= 0xDF)
      n = 2;
    else if (b >= 0xE0 && b <= 0xEF)
      n = 3, lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
    else if (b >= 0xF0 && b <= 0xF4)
      n = 4, lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
    bool ok = n != 0 && i + n <= len;
    for (std::size_t k = 1; ok && k < n; ++k) {
      const auto c = static_cast<unsigned char>(buf[i + k]);
      ok = k == 1 ? c >= lo && c <= hi : c >= 0x80 && c <= 0xBF;
    }
    if (!ok) {
      buf[i++] = '?';
      continue;
    }
    i += n;
  }
}

}  // namespace

void set_detail(const char *fn, std::initializer_list<std::string_view> parts) noexcept {
  // The parts never point into detail_buffer: the texts are the library's,
  // the caller's (a path) or num's.
  std::size_t len = 0;
  detail_buffer[0] = '\0';
  // A library exception's text that already begins with "fn: " (e.g. crypto::
  // generate_ring_signature's) is not prefixed again.
  const std::string_view name = fn != nullptr ? std::string_view(fn) : std::string_view();
  const std::string_view first = parts.size() != 0 ? *parts.begin() : std::string_view();
  const bool named = !name.empty() && first.size() > name.size() + 1 && first.substr(0, name.size()) == name &&
                     first.substr(name.size(), 2) == ": ";
  if (!name.empty() && !named) {
    append(detail_buffer, detail_capacity, &len, fn);
    append(detail_buffer, detail_capacity, &len, ": ");
  }
  for (const std::string_view p : parts) append(detail_buffer, detail_capacity, &len, p);
  make_utf8(detail_buffer, len);
}

const char *detail() noexcept { return detail_buffer; }
void clear_detail() noexcept { detail_buffer[0] = '\0'; }

num::num(std::uint64_t v) noexcept {
  char tmp[24];
  std::size_t k = 0;
  do {
    tmp[k++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  for (n = 0; n < k; ++n) buf[n] = tmp[k - 1 - n];
}

num num::of_signed(std::int64_t v) noexcept {
  if (v >= 0) return num(static_cast<std::uint64_t>(v));
  num r(0 - static_cast<std::uint64_t>(v));
  for (std::size_t k = r.n; k > 0; --k) r.buf[k] = r.buf[k - 1];
  r.buf[0] = '-';
  ++r.n;
  return r;
}

int fail_arg(const char *fn, const char *name, bool with_len, std::size_t len) noexcept {
  if (with_len) return fail_with(failure::bad_argument, fn, {name, " is NULL but its length is ", num(len)});
  return fail_with(failure::bad_argument, fn, {name, " is NULL"});
}

int fail_size(const char *fn, const char *what, const char *unit, std::size_t needed, std::size_t given) noexcept {
  return fail_with(failure::size, fn, {what, ": ", num(needed), " ", unit, " needed, ", num(given), " given"});
}

int fail_index(const char *fn, std::uint64_t output_index) noexcept {
  return fail_with(failure::bad_argument, fn,
                   {"output_index ", num(output_index), " above SIZE_MAX ", num(SIZE_MAX), " of this system"});
}

int fail_current_exception(const char *fn) noexcept {
  try {
    throw;
  } catch (const std::bad_alloc &) {
    return fail(failure::no_memory, fn, "out of memory");
  } catch (const cncrypto::parse_error &e) {
    return fail(failure::decode, fn, e.what());
  } catch (const cncrypto::pow_error &e) {
    return fail(e.error_kind() == cncrypto::pow_error::kind::seed_required ? failure::bad_argument : failure::decode,
                fn, e.what());
  } catch (const cncrypto::address_error &e) {  // every kind: the string is not an address (of that network)
    return fail(failure::decode, fn, e.message_without_input());
  } catch (const cncrypto::base58::decode_error &e) {
    return fail(failure::decode, fn, e.message_without_input());
  } catch (const cncrypto::seed_error &e) {  // what() quotes the word: a secret
    using k = cncrypto::seed_error::kind;
    return fail(e.error_kind() == k::unknown_language || e.error_kind() == k::bad_length ? failure::bad_argument
                                                                                         : failure::decode,
                fn, e.message_without_input());
  } catch (const cncrypto::polyseed::polyseed_error &e) {  // the same
    using k = cncrypto::polyseed::polyseed_error::kind;
    const failure f = e.error_kind() == k::bad_argument  ? failure::bad_argument
                      : e.error_kind() == k::unsupported ? failure::unsupported
                                                         : failure::decode;
    return fail(f, fn, e.message_without_input());
  } catch (const cncrypto::keys_file_error &e) {
    using k = cncrypto::keys_file_error::kind;
    failure f = failure::internal;
    switch (e.error_kind()) {
      case k::io: f = failure::io; break;
      case k::wrong_password: f = failure::verify; break;
      case k::unsupported: f = failure::unsupported; break;
      case k::truncated:
      case k::bad_format:
      case k::keys_mismatch: f = failure::decode; break;
    }
    return fail(f, fn, e.what());
  } catch (const std::logic_error &e) {  // invalid_argument, length_error, out_of_range, ...: misuse
    return fail(failure::bad_argument, fn, e.what());
  } catch (const std::runtime_error &e) {
    // The RandomX functions of a build without librandomx throw runtime_error.
    if (!crypto_randomx_available()) return fail(failure::unsupported, fn, e.what());
    return fail_with(failure::internal, fn, {"internal error: ", e.what()});
  } catch (const std::exception &e) {
    return fail_with(failure::internal, fn, {"internal error: ", e.what()});
  } catch (...) {
    return fail(failure::internal, fn, "internal error: an exception of an unknown type");
  }
}

}  // namespace cncrypto::capi
