// Reading Monero .keys files; see cryptonote/wallet_keys_file.h and
// docs/wallet_files.md. Three parsers over untrusted bytes, each bounded by
// the input it is given: the outer keys_file_data, a byte-transparent JSON
// reader (rapidjson's output: binary in strings), and epee portable storage
// (key_data).
#include "cryptonote/wallet_keys_file.h"

#include "common/c_escape.h"
#include "common/varint.h"
#include "crypto/random.h"
#include "mnemonics/electrum-words.h"
#include "wallet/keys_file_detail.h"

#include <sodium.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#ifndef CNCRYPTO_NO_FILE_IO
#include <filesystem>
#include <fstream>
#endif
#include <map>
#include <memory>
#include <vector>

namespace cncrypto {

namespace {

using cryptonote::account_base;
using cryptonote::account_keys;
using cryptonote::MAINNET;
using cryptonote::network_type;
using cryptonote::STAGENET;
using cryptonote::TESTNET;
using kind = keys_file_error_kind;

// epee portable storage's 8-byte signature and format version 1: the first bytes of
// the key_data blob (read by the reader, written by store_keys_buf).
constexpr std::uint8_t kPortableStorageHeader[9] = {0x01, 0x11, 0x01, 0x01, 0x01, 0x01, 0x02, 0x01, 0x01};

[[noreturn]] void fail(kind k, const std::string &message) { throw keys_file_error(k, message); }

void wipe(std::string &s) {
  if (!s.empty()) sodium_memzero(&s[0], s.size());
  s.clear();
}

// ---- JSON (byte-transparent) ------------------------------------------------
//
// Only what a top-level object needs: its members' names and, for strings and
// numbers, their values; nested objects and arrays are checked and skipped.
// Strings are decoded byte by byte: raw bytes (>= 0x20) are kept as they are,
// \u00XX gives the byte XX, larger \u escapes give UTF-8. Raw control bytes
// are refused, as by rapidjson. Any failure is reported as "not JSON" (the
// caller decides whether that means a wrong password).

struct json_value {
  enum type_t { string, number, literal, nested } type = literal;
  std::string text;  // string: decoded bytes; number / literal: as written
};

struct json_object {
  std::map<std::string, json_value> members;
  std::vector<std::string> duplicates;  // names given more than once (the first value is kept)
  ~json_object() {
    for (auto &m : members) wipe(m.second.text);
  }
};

class json_reader {
 public:
  json_reader(const std::uint8_t *p, std::size_t n) : p_(p), n_(n) {}

  // true when the whole input is one JSON object (surrounding white space allowed).
  bool read_object(json_object &out) {
    skip_ws();
    if (!object(&out, 0)) return false;
    skip_ws();
    return i_ == n_;
  }

 private:
  static constexpr int max_depth = 64;

  bool at(char c) const { return i_ < n_ && p_[i_] == static_cast<std::uint8_t>(c); }
  void skip_ws() {
    while (i_ < n_ && (p_[i_] == ' ' || p_[i_] == '\t' || p_[i_] == '\n' || p_[i_] == '\r')) ++i_;
  }

  // An object (members stored in out when not null) or, with close = ']',
  // an array; the opening bracket is at i_.
  bool members(char close, json_object *out, int depth) {
    if (depth > max_depth) return false;
    ++i_;
    skip_ws();
    if (at(close)) return ++i_, true;
    for (;;) {
      skip_ws();
      std::string name;
      if (close == '}') {
        if (!string(name)) return false;
        skip_ws();
        if (!at(':')) return false;
        ++i_;
        skip_ws();
      }
      json_value v;
      const bool ok = value(v, depth);
      if (ok && out != nullptr && out->members.count(name) == 0) {
        out->members[name] = std::move(v);  // a repeated name keeps the first value (rapidjson's FindMember)
      } else if (ok && out != nullptr) {
        out->duplicates.push_back(name);
      }
      wipe(v.text);
      if (!ok) return false;
      skip_ws();
      if (at(close)) return ++i_, true;
      if (!at(',')) return false;
      ++i_;
    }
  }

  bool object(json_object *out, int depth) { return at('{') && members('}', out, depth); }

  bool value(json_value &v, int depth) {
    if (i_ >= n_) return false;
    const std::uint8_t c = p_[i_];
    if (c == '"') {
      v.type = json_value::string;
      return string(v.text);
    }
    if (c == '{') {
      v.type = json_value::nested;
      return object(nullptr, depth + 1);
    }
    if (c == '[') {
      v.type = json_value::nested;
      return members(']', nullptr, depth + 1);
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      v.type = json_value::number;
      return number(v.text);
    }
    for (const char *lit : {"true", "false", "null"}) {
      const std::size_t len = std::strlen(lit);
      if (n_ - i_ >= len && std::memcmp(p_ + i_, lit, len) == 0) {
        v.type = json_value::literal;
        v.text = lit;
        i_ += len;
        return true;
      }
    }
    return false;
  }

  bool digits() {
    const std::size_t start = i_;
    while (i_ < n_ && p_[i_] >= '0' && p_[i_] <= '9') ++i_;
    return i_ > start;
  }

  bool number(std::string &text) {
    const std::size_t start = i_;
    if (at('-')) ++i_;
    if (!digits()) return false;
    if (at('.')) {
      ++i_;
      if (!digits()) return false;
    }
    if (at('e') || at('E')) {
      ++i_;
      if (at('+') || at('-')) ++i_;
      if (!digits()) return false;
    }
    text.assign(reinterpret_cast<const char *>(p_ + start), i_ - start);
    return true;
  }

  bool hex4(std::uint32_t &v) {
    if (n_ - i_ < 4) return false;
    v = 0;
    for (int k = 0; k < 4; ++k) {
      const std::uint8_t c = p_[i_++];
      v <<= 4;
      if (c >= '0' && c <= '9') v |= c - '0';
      else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10u;
      else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10u;
      else return false;
    }
    return true;
  }

  static void put_utf8(std::string &out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool string(std::string &out) {
    if (!at('"')) return false;
    ++i_;
    // Reserve the bytes up to the closing quote at most, so no reallocation
    // leaves an unwiped copy of the string behind.
    std::size_t end = i_;
    while (end < n_ && p_[end] != '"') end += p_[end] == '\\' ? 2 : 1;
    out.clear();
    out.reserve(end - i_);
    while (i_ < n_) {
      const std::uint8_t c = p_[i_++];
      if (c == '"') return true;
      if (c < 0x20) return false;
      if (c != '\\') {
        out += static_cast<char>(c);
        continue;
      }
      if (i_ >= n_) return false;
      const std::uint8_t e = p_[i_++];
      // The two-character escapes: \" \\ \/ \b \f \n \r \t.
      static const char simple[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
      const char *hit = e != 0 ? std::strchr(simple, static_cast<char>(e)) : nullptr;
      if (hit != nullptr && ((hit - simple) % 2) == 0) {
        out += hit[1];
        continue;
      }
      switch (e) {
        case 'u': {
          std::uint32_t cp;
          if (!hex4(cp)) return false;
          if (cp < 0x100) {
            out += static_cast<char>(cp);  // rapidjson's \u00XX for a byte below 0x20
          } else if (cp >= 0xD800 && cp < 0xDC00) {
            std::uint32_t lo;
            if (n_ - i_ < 2 || p_[i_] != '\\' || p_[i_ + 1] != 'u') return false;
            i_ += 2;
            if (!hex4(lo) || lo < 0xDC00 || lo >= 0xE000) return false;
            put_utf8(out, 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00));
          } else if (cp >= 0xDC00 && cp < 0xE000) {
            return false;
          } else {
            put_utf8(out, cp);
          }
          break;
        }
        default:
          return false;
      }
    }
    return false;  // no closing quote
  }

  const std::uint8_t *p_;
  std::size_t n_;
  std::size_t i_ = 0;
};

// An unsigned JSON integer field; absent -> fallback. Monero's
// GET_FIELD_FROM_JSON_RETURN_ON_ERROR with Uint: a field of another type is an error.
std::uint64_t json_uint(const json_object &json, const char *name, std::uint64_t fallback) {
  const auto it = json.members.find(name);
  if (it == json.members.end()) return fallback;
  const std::string &t = it->second.text;
  if (it->second.type != json_value::number || t.empty() || t.size() > 20 ||
      t.find_first_not_of("0123456789") != std::string::npos) {
    fail(kind::bad_format, std::string("the keys JSON's field \"") + name + "\" is not an unsigned integer");
  }
  std::uint64_t v = 0;
  for (const char c : t) {
    const std::uint64_t d = static_cast<std::uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) fail(kind::bad_format, std::string("the keys JSON's field \"") + name + "\" overflows");
    v = v * 10 + d;
  }
  return v;
}

// ---- epee portable storage (key_data) ---------------------------------------

struct ps_entry {
  std::uint8_t type = 0;
  std::uint64_t u64 = 0;              // integer types
  std::string str;                    // type 10 (string): raw bytes
  std::map<std::string, ps_entry> obj;  // type 12 (object)
  ~ps_entry() { wipe(str); }
  ps_entry() = default;
  ps_entry(ps_entry &&) = default;
  ps_entry &operator=(ps_entry &&) = default;
};

class ps_reader {
 public:
  ps_reader(const std::string &data) : p_(reinterpret_cast<const std::uint8_t *>(data.data())), n_(data.size()) {}

  void read_root(ps_entry &root) {
    constexpr std::size_t header = sizeof kPortableStorageHeader;
    if (n_ < header || std::memcmp(p_, kPortableStorageHeader, header) != 0) {
      bad("does not start with epee's portable-storage signature 01 11 01 01 01 01 02 01 and version 01");
    }
    i_ = header;
    root.type = 12;
    section(root.obj, 0);
    if (i_ != n_) bad(std::to_string(n_ - i_) + " bytes after the root section");
  }

 private:
  [[noreturn]] void bad(const std::string &why) const {
    fail(kind::bad_format, "key_data (epee portable storage) " + why + " (at byte " + std::to_string(i_) + " of " +
                               std::to_string(n_) + ")");
  }
  void need(std::size_t k) const {
    if (n_ - i_ < k) bad("is cut short: " + std::to_string(k) + " bytes needed, " + std::to_string(n_ - i_) + " left");
  }
  std::uint64_t le(std::size_t k) {
    need(k);
    std::uint64_t v = 0;
    for (std::size_t j = 0; j < k; ++j) v |= static_cast<std::uint64_t>(p_[i_ + j]) << (8 * j);
    i_ += k;
    return v;
  }
  // epee varint: the low 2 bits of the first byte give the size (1, 2, 4, 8 bytes).
  std::uint64_t varint() {
    need(1);
    const std::size_t size = std::size_t{1} << (p_[i_] & 3);
    return le(size) >> 2;
  }

  void section(std::map<std::string, ps_entry> &out, int depth) {
    if (depth > 16) bad("nests objects too deeply");
    const std::uint64_t count = varint();
    if (count > n_ - i_) bad("claims " + std::to_string(count) + " entries");
    for (std::uint64_t k = 0; k < count; ++k) {
      need(1);
      const std::size_t name_len = p_[i_++];
      need(name_len);
      std::string name(reinterpret_cast<const char *>(p_ + i_), name_len);
      i_ += name_len;
      need(1);
      const std::uint8_t type = p_[i_++];
      ps_entry e;
      e.type = type;
      if (type & 0x80) {
        skip_array(type & 0x7f, depth);
      } else {
        value(e, type, depth);
      }
      out[name] = std::move(e);
    }
  }

  void value(ps_entry &e, std::uint8_t type, int depth) {
    switch (type) {
      case 1: case 5: case 9: e.u64 = le(8); break;  // int64, uint64, double
      case 2: case 6: e.u64 = le(4); break;          // int32, uint32
      case 3: case 7: e.u64 = le(2); break;          // int16, uint16
      case 4: case 8: case 11: e.u64 = le(1); break; // int8, uint8, bool
      case 10: {
        const std::uint64_t len = varint();
        if (len > n_ - i_) bad("has a string of " + std::to_string(len) + " bytes, " + std::to_string(n_ - i_) + " left");
        e.str.assign(reinterpret_cast<const char *>(p_ + i_), static_cast<std::size_t>(len));
        i_ += static_cast<std::size_t>(len);
        break;
      }
      case 12: section(e.obj, depth + 1); break;
      default: bad("has an entry of unknown type " + std::to_string(type));
    }
  }

  void skip_array(std::uint8_t type, int depth) {
    const std::uint64_t count = varint();
    if (count > n_ - i_) bad("claims an array of " + std::to_string(count) + " elements");
    for (std::uint64_t k = 0; k < count; ++k) {
      ps_entry e;
      value(e, type, depth);
    }
  }

  const std::uint8_t *p_;
  std::size_t n_;
  std::size_t i_ = 0;
};

const ps_entry &ps_field(const ps_entry &parent, const char *name, std::uint8_t type, const char *path) {
  const auto it = parent.obj.find(name);
  if (it == parent.obj.end()) fail(kind::bad_format, std::string("key_data has no ") + path);
  if (it->second.type != type) fail(kind::bad_format, std::string("key_data's ") + path + " has the wrong type");
  return it->second;
}

template <typename Pod>
void ps_blob(const ps_entry &parent, const char *name, Pod &out, const char *path) {
  const ps_entry &e = ps_field(parent, name, 10, path);
  if (e.str.size() != sizeof out) {
    fail(kind::bad_format, std::string("key_data's ") + path + " has " + std::to_string(e.str.size()) +
                               " bytes, not " + std::to_string(sizeof out));
  }
  std::memcpy(static_cast<void *>(&out), e.str.data(), sizeof out);
}

// ---- keys_file_data -----------------------------------------------------------

// Reads at most max_keys_file_size bytes: a directory is an io
// error, an endless or huge input (/dev/zero, a device) a bad_format one; a
// regular file over the limit is refused from its size, before it is opened.
// The messages leave the path to the caller (it may hold control bytes).
// Built with CNCRYPTO_NO_FILE_IO (the WebAssembly build: no file system; the
// JavaScript package reads files itself), every read is an io error, and the
// C++ streams and std::filesystem (about 150 KB of the wasm module) stay out.
#ifdef CNCRYPTO_NO_FILE_IO
void read_file(const std::string &, std::string &) {
  fail(kind::io, "cannot read the .keys file: this build has no file system (read the bytes and use load_keys_buf)");
}
#else
void read_file(const std::string &path, std::string &out) {
  constexpr std::size_t limit = max_keys_file_size;
  const std::string too_large =
      "the .keys file has more than " + std::to_string(limit) + " bytes: not a .keys file (a few KiB)";
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) fail(kind::io, "cannot read the .keys file: Is a directory");
  if (std::filesystem::is_regular_file(path, ec)) {
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec && size > limit) fail(kind::bad_format, too_large);
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) fail(kind::io, std::string("cannot read the .keys file: ") + std::strerror(errno));
  out.clear();
  std::vector<char> chunk(1 << 16);
  while (f) {
    f.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    out.append(chunk.data(), static_cast<std::size_t>(f.gcount()));
    if (out.size() > limit) fail(kind::bad_format, too_large);
  }
  if (f.bad()) fail(kind::io, "cannot read the .keys file: read error");
}
#endif

bool try_json(const cncrypto::secret_buffer &plain, json_object &json) {
  json_reader reader(plain.data(), plain.size());
  return reader.read_object(json);
}

// ---- findings (cncrypto::keys_file_finding) ------------------------------------

using finding_kind = cncrypto::keys_file_finding_kind;

// rapidjson's number types, which wallet2's GET_FIELD_FROM_JSON_RETURN_ON_ERROR
// asks for with Is<jtype>(): a number with '.', 'e' or 'E' (or beyond 64 bits)
// is only a Double; an integer is Int (fits int32), Uint (uint32), Uint64.
enum class json_type { Int, Uint, Uint64, Double, String };

struct json_number {
  bool is_double = false, negative = false;
  std::uint64_t magnitude = 0;
};

json_number classify(const std::string &t) {
  json_number n;
  n.negative = !t.empty() && t[0] == '-';
  if (t.find_first_of(".eE") != std::string::npos) return n.is_double = true, n;
  for (std::size_t i = n.negative ? 1 : 0; i < t.size(); ++i) {
    const std::uint64_t d = static_cast<std::uint64_t>(t[i] - '0');
    if (n.magnitude > (UINT64_MAX - d) / 10) return n.is_double = true, n;
    n.magnitude = n.magnitude * 10 + d;
  }
  if (n.negative && n.magnitude > (std::uint64_t{1} << 63)) n.is_double = true;
  return n;
}

bool has_type(const json_value &v, json_type want) {
  if (want == json_type::String) return v.type == json_value::string;
  if (v.type != json_value::number) return false;
  const json_number n = classify(v.text);
  switch (want) {
    case json_type::Double: return n.is_double;
    case json_type::Int:
      return !n.is_double && (n.negative ? n.magnitude <= (std::uint64_t{1} << 31) : n.magnitude <= INT32_MAX);
    case json_type::Uint: return !n.is_double && !n.negative && n.magnitude <= UINT32_MAX;
    case json_type::Uint64: return !n.is_double && !n.negative;
    default: return false;
  }
}

const char *type_name(json_type t) {
  switch (t) {
    case json_type::Int: return "a 32-bit signed integer";
    case json_type::Uint: return "a 32-bit unsigned integer";
    case json_type::Uint64: return "a 64-bit unsigned integer";
    case json_type::Double: return "a number with a fraction or exponent (written 0.0)";
    default: return "a string";
  }
}

// What wallet2 (v0.18, and the fields newer versions added) reads or writes at
// the top of the JSON, with the type it reads. flag: written as 0 or 1 (read
// as "nonzero"). max_enum: the largest value of an enum (-1: not an enum).
struct known_field {
  const char *name;
  json_type type;
  bool flag;
  int max_enum;
};
constexpr known_field kKnownFields[] = {
    {"key_data", json_type::String, false, -1},
    {"seed_language", json_type::String, false, -1},
    {"key_on_device", json_type::Int, false, -1},
    {"watch_only", json_type::Int, true, -1},
    {"multisig", json_type::Int, true, -1},
    {"multisig_threshold", json_type::Uint, false, -1},
    {"multisig_rounds_passed", json_type::Uint, false, -1},
    {"multisig_signers", json_type::String, false, -1},
    {"multisig_derivations", json_type::String, false, -1},
    {"always_confirm_transfers", json_type::Int, true, -1},
    {"print_ring_members", json_type::Int, true, -1},
    {"store_tx_info", json_type::Int, true, -1},
    {"store_tx_keys", json_type::Int, true, -1},  // before store_tx_info
    {"default_mixin", json_type::Uint, false, -1},
    {"default_priority", json_type::Uint, false, -1},
    {"default_fee_multiplier", json_type::Uint, false, -1},  // before default_priority
    {"auto_refresh", json_type::Int, true, -1},
    {"refresh_type", json_type::Int, false, 2},  // RefreshFull, OptimizeCoinbase, NoCoinbase
    {"refresh_height", json_type::Uint64, false, -1},
    {"skip_to_height", json_type::Uint64, false, -1},
    {"confirm_non_default_ring_size", json_type::Int, true, -1},
    {"ask_password", json_type::Int, false, 2},  // Never, OnAction, ToDecrypt
    {"default_decimal_point", json_type::Int, false, -1},
    {"max_reorg_depth", json_type::Uint64, false, -1},
    {"min_output_count", json_type::Uint, false, -1},
    {"min_output_value", json_type::Uint64, false, -1},
    {"merge_destinations", json_type::Int, true, -1},
    {"confirm_backlog", json_type::Int, true, -1},
    {"confirm_backlog_threshold", json_type::Uint, false, -1},
    {"confirm_export_overwrite", json_type::Int, true, -1},
    {"auto_low_priority", json_type::Int, true, -1},
    {"nettype", json_type::Uint, false, -1},
    {"segregate_pre_fork_outputs", json_type::Int, true, -1},
    {"key_reuse_mitigation2", json_type::Int, true, -1},
    {"segregation_height", json_type::Uint, false, -1},
    {"ignore_fractional_outputs", json_type::Int, true, -1},
    {"ignore_outputs_above", json_type::Uint64, false, -1},
    {"ignore_outputs_below", json_type::Uint64, false, -1},
    {"track_uses", json_type::Int, true, -1},
    {"show_wallet_name_when_locked", json_type::Int, true, -1},
    {"inactivity_lock_timeout", json_type::Uint, false, -1},
    {"setup_background_mining", json_type::Int, false, 2},  // Maybe, Yes, No
    {"subaddress_lookahead_major", json_type::Uint, false, -1},
    {"subaddress_lookahead_minor", json_type::Uint, false, -1},
    {"original_keys_available", json_type::Int, true, -1},
    {"original_address", json_type::String, false, -1},
    {"original_view_secret_key", json_type::String, false, -1},
    {"export_format", json_type::Int, false, 1},  // Binary, Ascii
    {"load_deprecated_formats", json_type::Int, true, -1},
    {"encrypted_secret_keys", json_type::Uint, true, -1},
    {"device_name", json_type::String, false, -1},
    {"device_derivation_path", json_type::String, false, -1},
    {"persistent_rpc_client_id", json_type::Int, true, -1},
    {"auto_mine_for_rpc_payment", json_type::Double, false, -1},
    {"credits_target", json_type::Uint64, false, -1},
    {"enable_multisig", json_type::Int, true, -1},
    {"background_sync_type", json_type::Int, false, -1},  // after v0.18
    {"custom_background_key", json_type::String, false, -1},  // after v0.18
};
// Written by older wallets and no longer read (no type to check).
constexpr const char *kHistoricFields[] = {"confirm_missing_payment_id"};

// A name as it may be shown: quoted when it is an identifier (ASCII letters,
// digits, '_', at most 64 bytes), else only its size (a damaged name could
// hold any byte; nothing from key_data is ever shown).
std::string shown_name(const std::string &name) {
  bool plain = !name.empty() && name.size() <= 64;
  for (const char c : name) {
    plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
  }
  return plain ? "\"" + name + "\"" : "a name of " + std::to_string(name.size()) + " bytes that is not an identifier";
}

// The signed value of an integer JSON number that has_type accepted.
long long int_value(const json_value &v) {
  const json_number n = classify(v.text);
  if (n.magnitude > static_cast<std::uint64_t>(INT64_MAX)) return n.negative ? INT64_MIN : INT64_MAX;
  return n.negative ? -static_cast<long long>(n.magnitude) : static_cast<long long>(n.magnitude);
}

void add(std::vector<keys_file_finding> &out, finding_kind k, bool refuses, std::string message) {
  if (refuses) message += " (Monero's wallet2 refuses to open such a file)";
  out.push_back(keys_file_finding{k, refuses, std::move(message)});
}

bool is_zero(const crypto::secret_key &k) {
  unsigned char acc = 0;
  for (std::size_t i = 0; i < sizeof k.data; ++i) acc |= static_cast<unsigned char>(k.data[i]);
  return acc == 0;  // one bit about a spend key that is 0 in every genuine watch-only file
}

// The JSON-level findings: names, types, values and the flags' consistency.
void json_findings(const json_object &json, const wallet_keys_file &w, std::vector<keys_file_finding> &out) {
  for (const std::string &name : json.duplicates) {
    add(out, finding_kind::duplicate_field, false,
        "the field " + shown_name(name) + " appears more than once (the first value is used)");
  }
  for (const auto &member : json.members) {
    const std::string &name = member.first;
    const json_value &v = member.second;
    const known_field *known = nullptr;
    for (const known_field &f : kKnownFields) known = name == f.name ? &f : known;
    bool historic = false;
    for (const char *h : kHistoricFields) historic = historic || name == h;
    if (known == nullptr) {
      if (!historic) {
        add(out, finding_kind::unknown_field, false,
            "unknown field " + shown_name(name) + " (no Monero wallet writes it; a damaged name?)");
      }
      continue;
    }
    if (!has_type(v, known->type)) {
      add(out, finding_kind::wrong_json_type, true,
          "the field " + shown_name(name) + " is not " + type_name(known->type) + ", as wallet2 reads it");
      continue;
    }
    if (known->type == json_type::String || known->type == json_type::Double) continue;
    const long long value = int_value(v);
    if (known->flag && value != 0 && value != 1) {
      add(out, finding_kind::unexpected_value, false,
          "the field " + shown_name(name) + " is " + std::to_string(value) +
              " (wallets write 0 or 1; wallet2 reads any nonzero value as 1)");
    } else if (known->max_enum >= 0 && (value < 0 || value > known->max_enum)) {
      add(out, finding_kind::unexpected_value, false,
          "the field " + shown_name(name) + " is " + std::to_string(value) + " (wallet2 knows 0 to " +
              std::to_string(known->max_enum) + ")");
    } else if (name == "default_decimal_point" && value != 0 && value != 3 && value != 6 && value != 9 &&
               value != 12) {
      add(out, finding_kind::unexpected_value, true,
          "the field \"default_decimal_point\" is " + std::to_string(value) + " (0, 3, 6, 9 or 12)");
    }
  }
  if (!w.nettype_in_file) {
    add(out, finding_kind::no_nettype, false,
        "the file has no \"nettype\" field: the network shown is the default or --network (wallet2 opens such "
        "a file on whatever network it runs on; every wallet since v0.12 writes one)");
  }
  const auto has_string = [&](const char *name) {
    const auto it = json.members.find(name);
    return it != json.members.end() && it->second.type == json_value::string;
  };
  if (w.multisig) {
    if (!has_string("multisig_signers")) {
      add(out, finding_kind::multisig_incomplete, true,
          "\"multisig\" is set, but there is no \"multisig_signers\" string (a standard wallet whose flag "
          "changed?)");
    }
    if (json.members.count("multisig_threshold") == 0) {
      add(out, finding_kind::multisig_incomplete, true,
          "\"multisig\" is set, but there is no \"multisig_threshold\"");
    }
    if (w.multisig_keys.empty()) {
      add(out, finding_kind::multisig_incomplete, false,
          "\"multisig\" is set, but key_data holds no multisig keys (m_keys.m_multisig_keys)");
    }
  } else if (!w.multisig_keys.empty() || json.members.count("multisig_signers") != 0) {
    add(out, finding_kind::multisig_leftovers, false,
        "\"multisig\" is not set, but the file holds multisig " +
            std::string(w.multisig_keys.empty() ? "signers" : "keys") + " (a multisig wallet whose flag changed?)");
  }
  const auto original = json.members.find("original_keys_available");
  if (original != json.members.end() && has_type(original->second, json_type::Int) &&
      int_value(original->second) != 0 &&
      (!has_string("original_address") || !has_string("original_view_secret_key"))) {
    add(out, finding_kind::original_keys_incomplete, true,
        "\"original_keys_available\" is set without \"original_address\" and \"original_view_secret_key\" strings");
  }
  const auto lang = json.members.find("seed_language");
  if (lang != json.members.end() && lang->second.type == json_value::string) {
    std::vector<std::string> names, english;
    crypto::ElectrumWords::get_language_list(names, false);
    crypto::ElectrumWords::get_language_list(english, true);
    bool known = w.seed_language == crypto::ElectrumWords::old_language_name;
    for (const std::string &n : names) known = known || n == w.seed_language;
    for (const std::string &n : english) known = known || n == w.seed_language;
    if (!known) {
      add(out, finding_kind::seed_language_unknown, false,
          w.seed_language.empty() ? std::string("\"seed_language\" is empty (wallet2 writes it only for a language)")
                                  : std::string("\"seed_language\" is not one of Monero's language names"));
    }
  }
  if (!w.encrypted_secret_keys) {
    add(out, finding_kind::secret_keys_not_masked, false,
        "no \"encrypted_secret_keys\": the secret keys are stored unmasked (wallets before v0.15; wallet2 "
        "rewrites such a file masked when it opens it)");
  }
}

// Entries of key_data's sections that account_base does not have.
void key_data_findings(const ps_entry &root, std::vector<keys_file_finding> &out) {
  struct section {
    const char *path;
    const ps_entry *entry;
    std::vector<const char *> names;
  };
  const auto child = [](const ps_entry &p, const char *name) -> const ps_entry * {
    const auto it = p.obj.find(name);
    return it != p.obj.end() && it->second.type == 12 ? &it->second : nullptr;
  };
  const ps_entry *keys = child(root, "m_keys");
  const ps_entry *address = keys != nullptr ? child(*keys, "m_account_address") : nullptr;
  const section sections[] = {
      {"key_data", &root, {"m_keys", "m_creation_timestamp"}},
      {"key_data's m_keys",
       keys,
       {"m_account_address", "m_spend_secret_key", "m_view_secret_key", "m_multisig_keys", "m_encryption_iv"}},
      {"key_data's m_keys.m_account_address", address, {"m_spend_public_key", "m_view_public_key"}},
  };
  for (const section &s : sections) {
    if (s.entry == nullptr) continue;
    for (const auto &e : s.entry->obj) {
      bool known = false;
      for (const char *n : s.names) known = known || e.first == n;
      if (!known) {
        add(out, finding_kind::unknown_key_data_entry, false,
            std::string(s.path) + " has an entry " + shown_name(e.first) +
                " that account_base does not have (epee ignores it; a damaged name?)");
      }
    }
  }
}

}  // namespace

wallet_keys_file::~wallet_keys_file() { wipe(multisig_keys); }

keys_file_data parse_keys_file_data(std::string_view file) {
  keys_file_data out;
  if (file.empty()) fail(kind::truncated, "empty file: not a Monero .keys file");
  if (file.size() < sizeof out.iv.data) {
    fail(kind::truncated, "the file has " + std::to_string(file.size()) +
                              " bytes: too short for a .keys file (8-byte IV, length, encrypted data)");
  }
  std::memcpy(out.iv.data, file.data(), sizeof out.iv.data);
  const auto *p = reinterpret_cast<const std::uint8_t *>(file.data()) + sizeof out.iv.data;
  const std::size_t rest = file.size() - sizeof out.iv.data;
  std::uint64_t n = 0;
  const cncrypto::varint_result r = cncrypto::read_varint(p, rest, n);
  if (!r) {
    const bool cut = r.error == cncrypto::varint_error::empty || r.error == cncrypto::varint_error::truncated;
    fail(cut ? kind::truncated : kind::bad_format,
         std::string("the length of the encrypted data (varint at byte 8) ") +
             (cut ? "is cut off: the file is truncated" : cncrypto::varint_error_message(r.error, 64)));
  }
  const std::size_t avail = rest - r.size;
  if (n > avail) {
    fail(kind::truncated, "the file says " + std::to_string(n) + " bytes of encrypted data follow, but only " +
                              std::to_string(avail) + " do: the file is truncated (or not a .keys file)");
  }
  if (n < avail) {
    fail(kind::bad_format, "not a Monero .keys file: its length field (byte 8) says " + std::to_string(n) +
                               " bytes of encrypted data, but " + std::to_string(avail - n) + " more bytes follow them");
  }
  out.account_data.assign(reinterpret_cast<const char *>(p + r.size), static_cast<std::size_t>(n));
  return out;
}

namespace detail {

void xor_with_key_stream(crypto::secret_key &spend, crypto::secret_key &view, std::string &multisig_keys,
                         const crypto::chacha_key &derived_key, const crypto::chacha_iv &iv) {
  if (multisig_keys.size() % 32 != 0) {
    throw std::invalid_argument("xor_secret_keys: multisig keys of " + std::to_string(multisig_keys.size()) +
                                " bytes, not a multiple of 32");
  }
  cncrypto::secret_buffer stream(64 + multisig_keys.size());  // zeros
  crypto::chacha20(stream.data(), stream.size(), derived_key, iv, reinterpret_cast<char *>(stream.data()));
  for (std::size_t k = 0; k < 32; ++k) {
    spend.data[k] = static_cast<char>(spend.data[k] ^ stream.data()[k]);
    view.data[k] = static_cast<char>(view.data[k] ^ stream.data()[32 + k]);
  }
  for (std::size_t k = 0; k < multisig_keys.size(); ++k) {
    multisig_keys[k] = static_cast<char>(multisig_keys[k] ^ stream.data()[64 + k]);
  }
}

}  // namespace detail

void xor_secret_keys(crypto::secret_key &spend, crypto::secret_key &view, std::string &multisig_keys,
                     const crypto::chacha_key &key, const crypto::chacha_iv &iv) {
  if (multisig_keys.size() % 32 != 0) {
    throw std::invalid_argument("xor_secret_keys: multisig keys of " + std::to_string(multisig_keys.size()) +
                                " bytes, not a multiple of 32");
  }
  // account_keys derive_key: generate_chacha_key(key || HASH_KEY_MEMORY, 1).
  cncrypto::secret_buffer data(key.size() + 1);
  std::memcpy(data.data(), key.data(), key.size());
  data.data()[key.size()] = 'k';
  crypto::chacha_key derived;
  crypto::generate_chacha_key(data.data(), data.size(), derived, 1);
  detail::xor_with_key_stream(spend, view, multisig_keys, derived, iv);
}

void generate_chacha_key(const account_keys &keys, crypto::chacha_key &key, std::uint64_t kdf_rounds) {
  cncrypto::secret_buffer data(2 * 32 + 1);  // view || spend || HASH_KEY_WALLET
  std::memcpy(data.data(), keys.m_view_secret_key.data, 32);
  std::memcpy(data.data() + 32, keys.m_spend_secret_key.data, 32);
  data.data()[64] = 0x8c;
  crypto::generate_chacha_key(data.data(), data.size(), key, kdf_rounds);
}

wallet_keys_file load_keys_buf(std::string_view file, const crypto::chacha_key &key, network_type default_nettype) {
  const keys_file_data data = parse_keys_file_data(file);
  wallet_keys_file out;

  // 1. Decrypt: ChaCha20, then ChaCha8 (wallets before v0.12).
  cncrypto::secret_buffer plain(data.account_data.size());
  json_object json;
  bool found = false;
  if (!plain.empty()) {
    crypto::chacha20(data.account_data.data(), data.account_data.size(), key, data.iv,
                     reinterpret_cast<char *>(plain.data()));
    found = try_json(plain, json);
    if (!found) {
      crypto::chacha8(data.account_data.data(), data.account_data.size(), key, data.iv,
                      reinterpret_cast<char *>(plain.data()));
      found = try_json(plain, json);
      out.cipher = keys_file_cipher::chacha8;
    }
  }
  if (!found) {
    fail(kind::wrong_password,
         "wrong password (or not a Monero .keys file, or one made with other kdf_rounds): "
         "neither ChaCha20 nor ChaCha8 decryption gives the wallet's JSON");
  }

  // 2. The JSON fields wallet2 reads first.
  const auto key_data_it = json.members.find("key_data");
  if (key_data_it == json.members.end() || key_data_it->second.type != json_value::string) {
    fail(kind::bad_format, "the decrypted keys JSON has no \"key_data\" string");
  }
  if (json_uint(json, "key_on_device", 0) != 0) {
    fail(kind::unsupported, "a hardware-wallet .keys file (key_on_device): its spend key is on the device");
  }
  out.watch_only = json_uint(json, "watch_only", 0) != 0;
  out.multisig = json_uint(json, "multisig", 0) != 0;
  out.encrypted_secret_keys = json_uint(json, "encrypted_secret_keys", 0) != 0;
  const auto nt = json.members.find("nettype");
  if (nt != json.members.end()) {
    const std::uint64_t v = json_uint(json, "nettype", 0);
    if (v > STAGENET) fail(kind::bad_format, "the keys JSON's \"nettype\" is " + std::to_string(v) + " (0, 1 or 2 expected)");
    out.nettype = static_cast<network_type>(v);
    out.nettype_in_file = true;
  } else {
    out.nettype = default_nettype;
  }
  const auto lang = json.members.find("seed_language");
  if (lang != json.members.end() && lang->second.type == json_value::string) out.seed_language = lang->second.text;

  // 3. key_data: account_base in epee portable storage.
  ps_entry root;
  ps_reader(key_data_it->second.text).read_root(root);
  const auto ts = root.obj.find("m_creation_timestamp");
  if (ts != root.obj.end()) out.creation_timestamp = ts->second.u64;
  const ps_entry &k = ps_field(root, "m_keys", 12, "m_keys");
  const ps_entry &a = ps_field(k, "m_account_address", 12, "m_keys.m_account_address");
  ps_blob(a, "m_spend_public_key", out.keys.m_account_address.m_spend_public_key,
          "m_keys.m_account_address.m_spend_public_key");
  ps_blob(a, "m_view_public_key", out.keys.m_account_address.m_view_public_key,
          "m_keys.m_account_address.m_view_public_key");
  ps_blob(k, "m_spend_secret_key", out.keys.m_spend_secret_key, "m_keys.m_spend_secret_key");
  ps_blob(k, "m_view_secret_key", out.keys.m_view_secret_key, "m_keys.m_view_secret_key");
  const auto ms = k.obj.find("m_multisig_keys");
  if (ms != k.obj.end()) {
    if (ms->second.type != 10 || ms->second.str.size() % 32 != 0) {
      fail(kind::bad_format, "key_data's m_keys.m_multisig_keys is not a list of 32-byte keys");
    }
    out.multisig_keys = ms->second.str;
  }
  crypto::chacha_iv memory_iv{};
  const auto iv_it = k.obj.find("m_encryption_iv");
  if (iv_it != k.obj.end()) ps_blob(k, "m_encryption_iv", memory_iv, "m_keys.m_encryption_iv");

  // 4. Unmask the secret keys (account_keys::decrypt_keys).
  if (out.encrypted_secret_keys) {
    xor_secret_keys(out.keys.m_spend_secret_key, out.keys.m_view_secret_key, out.multisig_keys, key, memory_iv);
  }

  // 5. The keys must agree with each other (wallet2's verify_keys). The spend
  // key is checked for every file; only a standard wallet's must pass.
  crypto::public_key pub;
  if (!crypto::secret_key_to_public_key(out.keys.m_view_secret_key, pub) ||
      pub != out.keys.m_account_address.m_view_public_key) {
    fail(kind::keys_mismatch, "the view secret key in the file does not give its view public key: the file is corrupt");
  }
  out.spend_key_verified = crypto::secret_key_to_public_key(out.keys.m_spend_secret_key, pub) &&
                           pub == out.keys.m_account_address.m_spend_public_key;
  if (!out.watch_only && !out.multisig && !out.spend_key_verified) {
    fail(kind::keys_mismatch,
         "the spend secret key in the file does not give its spend public key: the file is corrupt");
  }
  if (!crypto::check_key(out.keys.m_account_address.m_spend_public_key)) {
    fail(kind::keys_mismatch, "the spend public key in the file is not a valid point: the file is corrupt");
  }
  out.address = get_account_address_as_str(out.nettype, false, out.keys.m_account_address);

  // 6. What looks damaged or odd (cncrypto::keys_file_finding).
  json_findings(json, out, out.findings);
  key_data_findings(root, out.findings);
  if (out.watch_only && !is_zero(out.keys.m_spend_secret_key)) {
    add(out.findings, cncrypto::keys_file_finding_kind::watch_only_with_spend_key, false,
        out.spend_key_verified
            ? "\"watch_only\" is set, but the file holds the wallet's spend secret key (it gives the spend public "
              "key): a full wallet whose flag changed?"
            : "\"watch_only\" is set, but the file holds a non-zero spend secret key that does not give the spend "
              "public key (a watch-only file holds 0): damaged?");
  }
  if (out.multisig && !out.spend_key_verified) {
    add(out.findings, cncrypto::keys_file_finding_kind::spend_key_unverified, false,
        "\"multisig\" is set and the spend secret key does not give the spend public key (normal for a "
        "multisig signer's share, and what a damaged key looks like too): it cannot be checked");
  }
  return out;
}

wallet_keys_file load_keys_buf(std::string_view file, const std::string &password, std::uint64_t kdf_rounds,
                               network_type default_nettype) {
  (void)parse_keys_file_data(file);  // refuse a malformed file before the slow KDF
  crypto::chacha_key key;
  crypto::generate_chacha_key(password, key, kdf_rounds);
  return load_keys_buf(file, key, default_nettype);
}

wallet_keys_file load_keys_file(const std::string &path, const std::string &password, std::uint64_t kdf_rounds,
                                network_type default_nettype) {
  std::string file;
  read_file(path, file);
  return load_keys_buf(file, password, kdf_rounds, default_nettype);
}

// ---- writing -----------------------------------------------------------------

namespace {

// epee portable storage's varint: value << 2 | size code (0: 1 byte, 1: 2, 2: 4, 3: 8), little endian.
void ps_put_varint(std::string &out, std::uint64_t v) {
  const int code = v < (1u << 6) ? 0 : v < (1u << 14) ? 1 : v < (1u << 30) ? 2 : 3;
  const std::uint64_t x = (v << 2) | static_cast<std::uint64_t>(code);
  for (int i = 0; i < (1 << code); ++i) out += static_cast<char>((x >> (8 * i)) & 0xff);
}

void ps_put_name(std::string &out, const char *name, std::uint8_t type) {
  out += static_cast<char>(std::strlen(name));
  out += name;
  out += static_cast<char>(type);
}

void ps_put_blob(std::string &out, const char *name, const void *data, std::size_t size) {
  ps_put_name(out, name, 10);
  ps_put_varint(out, size);
  out.append(static_cast<const char *>(data), size);
}

// A JSON string as rapidjson writes it: bytes as they are, except '"', '\\'
// and bytes below 0x20 (\b \t \n \f \r or \u00XX).
void json_put_string(std::string &out, std::string_view s) {
  static const char hex[] = "0123456789ABCDEF";
  out += '"';
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      default:
        if (const char letter = cncrypto::c_escape_letter(c); letter != 0 && letter != 'a' && letter != 'v') {
          out += '\\';  // rapidjson's short forms: \b \t \n \f \r
          out += letter;
        } else if (c < 0x20) {
          out += "\\u00";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += ch;
        }
    }
  }
  out += '"';
}

}  // namespace

std::string store_keys_buf(const account_keys &keys, network_type nettype, const std::string &password,
                           std::uint64_t kdf_rounds, const std::string &seed_language,
                           std::uint64_t creation_timestamp) {
  if (kdf_rounds == 0) throw std::invalid_argument("store_keys_buf: kdf_rounds must be at least 1");
  if (nettype != MAINNET && nettype != TESTNET && nettype != STAGENET) {
    throw std::invalid_argument("store_keys_buf: nettype must be mainnet, testnet or stagenet");
  }
  std::vector<std::string> languages;
  crypto::ElectrumWords::get_language_list(languages, false);
  bool known = false;
  for (const std::string &l : languages) known = known || l == seed_language;
  if (!known) throw std::invalid_argument("store_keys_buf: seed_language must be a Monero language name");
  {
    // The secret keys must give the public keys: account_base::create_from_keys's check
    // (std::invalid_argument naming the key); the temporary account wipes its copies.
    account_base pair_check;
    pair_check.create_from_keys(keys.m_account_address, keys.m_spend_secret_key, keys.m_view_secret_key);
  }
  crypto::chacha_key key;
  crypto::generate_chacha_key(password, key, kdf_rounds);

  // key_data: account_base with the secret keys masked (encrypted_secret_keys).
  crypto::secret_key spend = keys.m_spend_secret_key, view = keys.m_view_secret_key;
  std::string no_multisig;
  crypto::chacha_iv memory_iv;
  crypto::rand(sizeof memory_iv, reinterpret_cast<std::uint8_t *>(&memory_iv));
  xor_secret_keys(spend, view, no_multisig, key, memory_iv);
  // Capacities fixed up front so that no reallocation leaves a copy behind.
  std::string kd, json;
  kd.reserve(512);
  json.reserve(4096);
  kd.append(reinterpret_cast<const char *>(kPortableStorageHeader), sizeof kPortableStorageHeader);
  ps_put_varint(kd, 2);
  ps_put_name(kd, "m_keys", 12);
  ps_put_varint(kd, 5);
  ps_put_name(kd, "m_account_address", 12);
  ps_put_varint(kd, 2);
  ps_put_blob(kd, "m_spend_public_key", &keys.m_account_address.m_spend_public_key, 32);
  ps_put_blob(kd, "m_view_public_key", &keys.m_account_address.m_view_public_key, 32);
  ps_put_blob(kd, "m_spend_secret_key", &spend, 32);
  ps_put_blob(kd, "m_view_secret_key", &view, 32);
  ps_put_blob(kd, "m_multisig_keys", "", 0);
  ps_put_blob(kd, "m_encryption_iv", &memory_iv, sizeof memory_iv);
  ps_put_name(kd, "m_creation_timestamp", 5);
  for (int i = 0; i < 8; ++i) kd += static_cast<char>((creation_timestamp >> (8 * i)) & 0xff);

  json += "{\"key_data\":";
  json_put_string(json, kd);
  json += ",\"seed_language\":";
  json_put_string(json, seed_language);
  json += ",\"key_on_device\":0,\"watch_only\":0,\"multisig\":0,\"nettype\":";
  json += std::to_string(static_cast<int>(nettype));
  json += ",\"encrypted_secret_keys\":1}";

  crypto::chacha_iv iv;
  crypto::rand(sizeof iv, reinterpret_cast<std::uint8_t *>(&iv));
  std::string file(reinterpret_cast<const char *>(&iv), sizeof iv);
  std::uint8_t len[10];
  file.append(reinterpret_cast<const char *>(len), cncrypto::write_varint(len, json.size()));
  const std::size_t at = file.size();
  file.resize(at + json.size());
  crypto::chacha20(json.data(), json.size(), key, iv, &file[at]);
  wipe(kd);
  wipe(json);
  return file;
}

void store_keys_file(const std::string &path, const account_keys &keys, network_type nettype,
                     const std::string &password, std::uint64_t kdf_rounds, const std::string &seed_language,
                     std::uint64_t creation_timestamp) {
#ifdef CNCRYPTO_NO_FILE_IO  // (read_file)
  (void)path, (void)keys, (void)nettype, (void)password, (void)kdf_rounds, (void)seed_language, (void)creation_timestamp;
  fail(kind::io, "cannot write the .keys file: this build has no file system (use store_keys_buf)");
#else
  const std::string file = store_keys_buf(keys, nettype, password, kdf_rounds, seed_language, creation_timestamp);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    const int err = errno;
    std::error_code ec;
    if (err == EEXIST && std::filesystem::is_directory(path, ec)) {
      fail(kind::io, "cannot write the .keys file: it is a directory");
    }
    if (err == EEXIST) fail(kind::io, "cannot write the .keys file: it exists (an existing file is never replaced)");
    fail(kind::io, std::string("cannot write the .keys file: ") + std::strerror(err));
  }
  std::size_t done = 0;
  while (done < file.size()) {
    const ssize_t n = ::write(fd, file.data() + done, file.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int err = errno;
      ::close(fd);
      ::unlink(path.c_str());
      fail(kind::io, std::string("cannot write the .keys file: ") + std::strerror(err));
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(path.c_str());
    fail(kind::io, std::string("cannot write the .keys file: ") + std::strerror(err));
  }
#endif
}

}  // namespace cncrypto
