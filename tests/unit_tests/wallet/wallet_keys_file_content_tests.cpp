// What load_keys_buf reads inside a .keys file (issue 19): the decrypted JSON
// (fields, types, escapes, nesting) and key_data (epee portable storage of
// account_base), and each refusal. The files are built here from scratch: a
// JSON text written by hand, key_data by an independent transcription of
// epee's portable-storage layout (signature 01 11 01 01 01 01 02 01, version
// 01; a section is varint(count) and entries name_len || name || type ||
// value; varint = value << 2 | size code, little endian; types 1-8 integers,
// 9 double, 10 string, 11 bool, 12 object, 0x80 | t an array), encrypted
// with ChaCha20 (or ChaCha8) under generate_chacha_key("pw", 1) and laid out
// as Monero's keys_file_data (iv || varint(n) || data). Expected kinds and
// results come from the contract in cryptonote/wallet_keys_file.h and the
// reader's documented JSON rules (rapidjson's: \u00XX is the byte XX, larger
// escapes UTF-8, raw control bytes refused, the first of a repeated name).
#include "cryptonote/wallet_keys_file.h"

#include "crypto/chacha.h"
#include "crypto/crypto.h"
#include "wallet/keys_file_detail.h"

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

using kind = cncrypto::keys_file_error_kind;

namespace {

// ---- an epee portable-storage writer (independent of the library's) ----

std::string ps_varint(std::uint64_t v) {
  int size = v < (1u << 6) ? 1 : v < (1u << 14) ? 2 : v < (1u << 30) ? 4 : 8;
  const int code = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
  const std::uint64_t x = v << 2 | static_cast<std::uint64_t>(code);
  std::string out;
  for (int i = 0; i < size; ++i) out += static_cast<char>(x >> (8 * i));
  return out;
}

std::string le(std::uint64_t v, int bytes) {
  std::string out;
  for (int i = 0; i < bytes; ++i) out += static_cast<char>(v >> (8 * i));
  return out;
}

std::string entry(const std::string &name, std::uint8_t type, const std::string &payload) {
  return std::string(1, static_cast<char>(name.size())) + name + static_cast<char>(type) + payload;
}

std::string section(const std::vector<std::string> &entries) {
  std::string out = ps_varint(entries.size());
  for (const std::string &e : entries) out += e;
  return out;
}

std::string blob(const std::string &name, const std::string &bytes) {
  return entry(name, 10, ps_varint(bytes.size()) + bytes);
}

std::string object(const std::string &name, const std::vector<std::string> &entries) {
  return entry(name, 12, section(entries));
}

const std::string kSignature("\x01\x11\x01\x01\x01\x01\x02\x01\x01", 9);

template <typename Pod>
std::string bytes(const Pod &p) {
  return std::string(reinterpret_cast<const char *>(&p), sizeof p);
}

// account_base's key_data for keys, its secret keys as given (no masking).
struct key_data_parts {
  std::string spend_public, view_public, spend_secret, view_secret;
  std::vector<std::string> extra_keys;  // more m_keys entries (m_multisig_keys, m_encryption_iv)
  std::vector<std::string> extra_root;  // more root entries
  bool timestamp = true;
};

key_data_parts parts_of(const cryptonote::account_keys &k) {
  key_data_parts p;
  p.spend_public = bytes(k.m_account_address.m_spend_public_key);
  p.view_public = bytes(k.m_account_address.m_view_public_key);
  p.spend_secret = bytes(k.m_spend_secret_key);
  p.view_secret = bytes(k.m_view_secret_key);
  return p;
}

std::string key_data(const key_data_parts &p) {
  std::vector<std::string> keys = {
      object("m_account_address", {blob("m_spend_public_key", p.spend_public), blob("m_view_public_key", p.view_public)}),
      blob("m_spend_secret_key", p.spend_secret), blob("m_view_secret_key", p.view_secret)};
  keys.insert(keys.end(), p.extra_keys.begin(), p.extra_keys.end());
  std::vector<std::string> root = {object("m_keys", keys)};
  if (p.timestamp) root.push_back(entry("m_creation_timestamp", 5, le(1234567890, 8)));
  root.insert(root.end(), p.extra_root.begin(), p.extra_root.end());
  return kSignature + section(root);
}

// ---- JSON and the file ----

// A JSON string as rapidjson writes it: '"', '\\' and bytes below 0x20 escaped.
std::string json_string(const std::string &s) {
  static const char hex[] = "0123456789abcdef";
  std::string out = "\"";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20) {
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

struct fixture {
  crypto::chacha_key key;
  cryptonote::account_base account;
  fixture() {
    crypto::generate_chacha_key(std::string("pw"), key, 1);
    account.generate();
  }
  const cryptonote::account_keys &keys() const { return account.get_keys(); }

  // iv || varint(n) || cipher(plaintext): Monero's keys_file_data.
  std::string file(const std::string &plaintext, bool chacha8 = false) const {
    crypto::chacha_iv iv;
    for (std::size_t i = 0; i < sizeof iv.data; ++i) iv.data[i] = static_cast<std::uint8_t>(0xa0 + i);
    std::string out = bytes(iv);
    for (std::uint64_t n = plaintext.size();; n >>= 7) {  // LEB128
      out += static_cast<char>((n & 0x7f) | (n >= 0x80 ? 0x80 : 0));
      if (n < 0x80) break;
    }
    std::string cipher(plaintext.size(), '\0');
    if (chacha8) crypto::chacha8(plaintext.data(), plaintext.size(), key, iv, &cipher[0]);
    else crypto::chacha20(plaintext.data(), plaintext.size(), key, iv, &cipher[0]);
    return out + cipher;
  }
  // A JSON object with key_data kd and the other members (already JSON text).
  std::string json(const std::string &kd, const std::string &members = "") const {
    return "{\"key_data\":" + json_string(kd) + (members.empty() ? "" : "," + members) + "}";
  }
  cncrypto::wallet_keys_file load(const std::string &plaintext, cryptonote::network_type net = cryptonote::MAINNET,
                                  bool chacha8 = false) const {
    return cncrypto::load_keys_buf(file(plaintext, chacha8), key, net);
  }
};

struct refusal {
  kind k = kind::io;
  std::string message;
};

refusal refused(const fixture &f, const std::string &plaintext) {
  try {
    f.load(plaintext);
  } catch (const cncrypto::keys_file_error &e) {
    return {e.error_kind(), e.what()};
  }
  BOOST_FAIL("no keys_file_error thrown");
  return {};
}

bool contains(const std::string &s, const std::string &part) { return s.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(wallet_keys_file_content)

// The smallest file wallet2 would accept: key_data only. Keys in the clear
// (no encrypted_secret_keys), nettype from the caller (nettype_in_file
// false), no seed_language, flags 0; m_creation_timestamp read; the same
// from a ChaCha8 file (before Monero v0.12: cipher chacha8). Expected: the
// header's field descriptions.
BOOST_AUTO_TEST_CASE(minimal_json_and_chacha8) {
  const fixture f;
  const std::string kd = key_data(parts_of(f.keys()));
  for (const bool chacha8 : {false, true}) {
    const cncrypto::wallet_keys_file w = f.load(f.json(kd), cryptonote::TESTNET, chacha8);
    BOOST_CHECK(w.cipher == (chacha8 ? cncrypto::keys_file_cipher::chacha8 : cncrypto::keys_file_cipher::chacha20));
    BOOST_CHECK(w.keys.m_spend_secret_key == f.keys().m_spend_secret_key);
    BOOST_CHECK(w.keys.m_view_secret_key == f.keys().m_view_secret_key);
    BOOST_CHECK(w.nettype == cryptonote::TESTNET && !w.nettype_in_file);
    BOOST_CHECK_EQUAL(w.address,
                      cryptonote::get_account_address_as_str(cryptonote::TESTNET, false, f.keys().m_account_address));
    BOOST_CHECK(w.seed_language.empty());
    BOOST_CHECK(!w.watch_only && !w.multisig && !w.encrypted_secret_keys);
    BOOST_CHECK(w.multisig_keys.empty());
    BOOST_CHECK_EQUAL(w.creation_timestamp, 1234567890u);
  }
  key_data_parts p = parts_of(f.keys());
  p.timestamp = false;
  BOOST_CHECK_EQUAL(f.load(f.json(key_data(p))).creation_timestamp, 0u);
  // A plaintext that is no JSON object under either cipher: wrong_password.
  BOOST_CHECK(refused(f, "[" + json_string(kd) + "]").k == kind::wrong_password);
}

// The JSON fields and their types (Monero's GET_FIELD_FROM_JSON with Uint):
// nettype 0-2 and "nettype_in_file", anything else bad_format; flags must be
// unsigned integers (not strings, negatives, fractions, exponents, over 2^64 - 1);
// key_on_device non-zero is unsupported; key_data must be a string; a repeated
// name keeps its first value (rapidjson's FindMember).
BOOST_AUTO_TEST_CASE(json_fields) {
  const fixture f;
  const std::string kd = key_data(parts_of(f.keys()));
  const cryptonote::network_type nets[] = {cryptonote::MAINNET, cryptonote::TESTNET, cryptonote::STAGENET};
  for (int n = 0; n < 3; ++n) {
    const cncrypto::wallet_keys_file w = f.load(f.json(kd, "\"nettype\":" + std::to_string(n)), cryptonote::TESTNET);
    BOOST_CHECK(w.nettype == nets[n] && w.nettype_in_file);
  }
  refusal r = refused(f, f.json(kd, "\"nettype\":3"));
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK_EQUAL(r.message, "the keys JSON's \"nettype\" is 3 (0, 1 or 2 expected)");
  for (const char *bad : {"\"1\"", "-1", "1.5", "1e3", "true", "null", "{}", "[0]", "123456789012345678901"}) {
    r = refused(f, f.json(kd, std::string("\"watch_only\":") + bad));
    BOOST_CHECK_MESSAGE(r.k == kind::bad_format, bad);
    BOOST_CHECK_EQUAL(r.message, "the keys JSON's field \"watch_only\" is not an unsigned integer");
  }
  r = refused(f, f.json(kd, "\"multisig\":18446744073709551616"));
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK_EQUAL(r.message, "the keys JSON's field \"multisig\" overflows");
  // 2^64 - 1 is a valid (true) flag: encrypted_secret_keys on keys that are not masked is
  // then a key mismatch, which shows the flag was read as non-zero.
  BOOST_CHECK(refused(f, f.json(kd, "\"encrypted_secret_keys\":18446744073709551615")).k == kind::keys_mismatch);
  r = refused(f, f.json(kd, "\"key_on_device\":1"));
  BOOST_CHECK(r.k == kind::unsupported);
  BOOST_CHECK(contains(r.message, "hardware-wallet"));
  BOOST_CHECK(f.load(f.json(kd, "\"key_on_device\":0")).keys.m_view_secret_key == f.keys().m_view_secret_key);
  for (const std::string &json : {std::string("{}"), std::string("{\"key_data\":5}"),
                                  "{\"keydata\":" + json_string(kd) + "}"}) {
    r = refused(f, json);
    BOOST_CHECK(r.k == kind::bad_format);
    BOOST_CHECK_EQUAL(r.message, "the decrypted keys JSON has no \"key_data\" string");
  }
  // The first of two "nettype" members counts; the second may even be out of range.
  BOOST_CHECK(f.load(f.json(kd, "\"nettype\":2,\"nettype\":7")).nettype == cryptonote::STAGENET);
  // A seed_language that is not a string is ignored (wallet2 reads it only as a string).
  BOOST_CHECK(f.load(f.json(kd, "\"seed_language\":5")).seed_language.empty());
}

// The JSON grammar: white space around and inside, nested objects and arrays
// and literals and numbers (fraction, exponent, sign) skipped as unknown
// members, the escapes (\" \\ \/ \b \f \n \r \t, \u00XX as one byte, \u0101
// and \u20ac as UTF-8 c4 81 and e2 82 ac, a surrogate pair as 4-byte UTF-8) decoded into
// seed_language; malformed text is "no JSON", hence wrong_password (header).
BOOST_AUTO_TEST_CASE(json_grammar) {
  const fixture f;
  const std::string kd = json_string(key_data(parts_of(f.keys())));
  const std::string others =
      "\"a\" : [1, -2.5e+3, 0.25E-1, 7e9, true, false, null, [], {}, {\"b\": [[{\"c\": \"d\"}]]}],\r\n\t\"e\":{}";
  const std::string lang = "\"seed_language\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\u0001\\u0101\\u20AC\\ud83d\\ude00x\"";
  const cncrypto::wallet_keys_file w = f.load(" \n{ \"key_data\" : " + kd + " , " + others + ", " + lang + " }\t ");
  BOOST_CHECK_EQUAL(w.seed_language, std::string("\"\\/\b\f\n\r\t\xe9\x01\xc4\x81\xe2\x82\xac\xf0\x9f\x98\x80x"));
  BOOST_CHECK(w.keys.m_spend_secret_key == f.keys().m_spend_secret_key);

  // 10 nested arrays are fine; 1000 are refused (bounded depth), not a crash.
  BOOST_CHECK_NO_THROW(f.load("{\"key_data\":" + kd + ",\"n\":" + std::string(10, '[') + std::string(10, ']') + "}"));
  const std::vector<std::string> broken = {
      "{\"key_data\":" + kd + ",\"n\":" + std::string(1000, '[') + std::string(1000, ']') + "}",
      "{\"key_data\":" + kd + "} x",                           // text after the object
      "{\"key_data\":" + kd + ",}",                            // trailing comma
      "{\"key_data\":" + kd + " \"x\":1}",                     // missing comma
      "{\"key_data\"" + kd + "}",                              // missing colon
      "{\"key_data\":" + kd + ",\"x\":tru}",                   // bad literal
      "{\"key_data\":" + kd + ",\"x\":-}",                     // bad number
      "{\"key_data\":" + kd + ",\"x\":1.}",                    // fraction without digits
      "{\"key_data\":" + kd + ",\"x\":1e}",                    // exponent without digits
      "{\"key_data\":" + kd + ",\"x\":\"\\q\"}",               // unknown escape
      "{\"key_data\":" + kd + ",\"x\":\"\\u12g4\"}",           // bad hex
      "{\"key_data\":" + kd + ",\"x\":\"\\u12\"}",             // short \u at the end of a string
      "{\"key_data\":" + kd + ",\"x\":\"\\ude00\"}",           // lone low surrogate
      "{\"key_data\":" + kd + ",\"x\":\"\\ud83dx\"}",          // high surrogate alone
      "{\"key_data\":" + kd + ",\"x\":\"\\ud83d\\u0041\"}",    // high surrogate, no low one
      "{\"key_data\":" + kd + ",\"x\":\"a\tb\"}",              // raw control byte
      "{\"key_data\":" + kd + ",\"x\":\"open}",                // no closing quote
      "{\"key_data\":" + kd + ",\"x\":[1 2]}",                 // array without comma
      "{\"key_data\":" + kd + ",\"x\":",                       // cut
      "{\"key_data\":" + kd + ",\"x\":\"\\",                   // cut in an escape
      "{\"key_data\":" + kd + ",5:1}",                         // name not a string
      "{\"key_data\":" + kd + ",\"x\":\"\\u12",                // cut inside \u's four digits
      "{\"key_data\":" + kd + ",\"x\":\"\\ud83d",              // cut after a high surrogate
      "{\"key_data\":" + kd + ",\"x\":\"\\ud83d\\n\"}",      // high surrogate, another escape
      "{\"key_data\":" + kd + ",\"x\":\"\\ud83d\\u12g4\"}",  // high surrogate, bad hex after it
      "{\"key_data\":" + kd + ",\"x\":\"\\ud83d\\ue000\"}",  // high surrogate, U+E000 is no low one
  };
  for (std::size_t i = 0; i < broken.size(); ++i) {
    BOOST_CHECK_MESSAGE(refused(f, broken[i]).k == kind::wrong_password, "broken JSON #" << i);
  }
}

// key_data's layout errors (epee portable storage): bad_format naming the
// problem. Extra root entries of every type (integers of 1, 2, 4 and 8 bytes,
// double, bool, string, object, arrays) are read and ignored, as epee does.
BOOST_AUTO_TEST_CASE(key_data_layout) {
  const fixture f;
  key_data_parts p = parts_of(f.keys());
  p.extra_root = {entry("i64", 1, le(1, 8)), entry("i32", 2, le(2, 4)), entry("i16", 3, le(3, 2)), entry("i8", 4, le(4, 1)),
                  entry("u32", 6, le(6, 4)), entry("u16", 7, le(7, 2)), entry("u8", 8, le(8, 1)), entry("dbl", 9, le(0, 8)),
                  entry("b", 11, le(1, 1)), blob("long", std::string(70, 'z')),  // a 2-byte length varint
                  object("o", {object("p", {entry("q", 5, le(9, 8))})}),
                  entry("arr", 0x80 | 5, ps_varint(3) + le(1, 8) + le(2, 8) + le(3, 8)),
                  entry("sarr", 0x80 | 10, ps_varint(2) + ps_varint(1) + "a" + ps_varint(0))};
  BOOST_CHECK(f.load(f.json(key_data(p))).keys.m_view_secret_key == f.keys().m_view_secret_key);

  const std::string good = key_data(parts_of(f.keys()));
  auto refusal_of = [&](const std::string &kd) { return refused(f, f.json(kd)); };
  refusal r = refusal_of("\x01\x11\x01\x01\x01\x01\x02\x01\x02" + good.substr(9));  // version 2
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK(contains(r.message, "does not start with epee's portable-storage signature"));
  BOOST_CHECK(refusal_of(good.substr(0, 5)).k == kind::bad_format);
  r = refusal_of(good + "zz");
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK(contains(r.message, "2 bytes after the root section"));
  for (const std::size_t cut : {std::size_t(9), std::size_t(12), good.size() / 2, good.size() - 1}) {
    r = refusal_of(good.substr(0, cut));
    BOOST_CHECK_MESSAGE(r.k == kind::bad_format, "cut " << cut);
    BOOST_CHECK_MESSAGE(contains(r.message, "key_data (epee portable storage) "), r.message);
  }
  p = parts_of(f.keys());
  p.extra_root = {entry("x", 13, "")};
  r = refusal_of(key_data(p));
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK(contains(r.message, "has an entry of unknown type 13"));
  r = refusal_of(kSignature + ps_varint(1000) + good.substr(10));
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK(contains(r.message, "claims 1000 entries"));
  p.extra_root = {entry("s", 10, ps_varint(5000) + "abc")};
  r = refusal_of(key_data(p));
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK(contains(r.message, "has a string of 5000 bytes"));
  p.extra_root = {entry("a", 0x80 | 5, ps_varint(1000) + le(1, 8))};
  r = refusal_of(key_data(p));
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK(contains(r.message, "claims an array of 1000 elements"));
  std::string deep = entry("z", 5, le(0, 8));
  for (int i = 0; i < 40; ++i) deep = object("o", {deep});
  p.extra_root = {deep};
  r = refusal_of(key_data(p));
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK(contains(r.message, "nests objects too deeply"));
}

// account_base's fields: m_keys and m_account_address must be objects, the
// keys 32-byte strings, m_encryption_iv 8 bytes, m_multisig_keys a string of
// 32-byte keys; each refusal is bad_format naming the field (header).
BOOST_AUTO_TEST_CASE(key_data_fields) {
  const fixture f;
  auto refusal_of = [&](const key_data_parts &p) { return refused(f, f.json(key_data(p))); };
  key_data_parts p = parts_of(f.keys());
  p.spend_public.pop_back();
  refusal r = refusal_of(p);
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK_EQUAL(r.message, "key_data's m_keys.m_account_address.m_spend_public_key has 31 bytes, not 32");
  p = parts_of(f.keys());
  p.view_secret += "x";
  r = refusal_of(p);
  BOOST_CHECK_EQUAL(r.message, "key_data's m_keys.m_view_secret_key has 33 bytes, not 32");
  p = parts_of(f.keys());
  p.extra_keys = {blob("m_encryption_iv", "1234567")};
  r = refusal_of(p);
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK_EQUAL(r.message, "key_data's m_keys.m_encryption_iv has 7 bytes, not 8");
  for (const std::string &ms : {blob("m_multisig_keys", std::string(33, 'm')), entry("m_multisig_keys", 5, le(0, 8))}) {
    p.extra_keys = {ms};
    r = refusal_of(p);
    BOOST_CHECK(r.k == kind::bad_format);
    BOOST_CHECK_EQUAL(r.message, "key_data's m_keys.m_multisig_keys is not a list of 32-byte keys");
  }
  // m_keys missing, or not an object; m_account_address not an object.
  r = refused(f, f.json(kSignature + section({entry("m_creation_timestamp", 5, le(0, 8))})));
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK_EQUAL(r.message, "key_data has no m_keys");
  r = refused(f, f.json(kSignature + section({blob("m_keys", "x")})));
  BOOST_CHECK_EQUAL(r.message, "key_data's m_keys has the wrong type");
  r = refused(f, f.json(kSignature + section({object("m_keys", {blob("m_account_address", "x")})})));
  BOOST_CHECK_EQUAL(r.message, "key_data's m_keys.m_account_address has the wrong type");
  r = refused(f, f.json(kSignature + section({object("m_keys", {object("m_account_address", {})})})));
  BOOST_CHECK_EQUAL(r.message, "key_data has no m_keys.m_account_address.m_spend_public_key");
  p = parts_of(f.keys());
  p.extra_keys = {entry("m_encryption_iv", 5, le(0, 8))};
  r = refusal_of(p);
  BOOST_CHECK_EQUAL(r.message, "key_data's m_keys.m_encryption_iv has the wrong type");
}

// The key checks (wallet2's verify_keys, header): a view or spend secret key
// that does not give its public key is keys_mismatch; a watch-only wallet
// (spend secret 0) checks the view key only, and its spend public key must
// still be a curve point; a multisig wallet checks the view key only and
// keeps m_multisig_keys (here unmasked, as stored).
BOOST_AUTO_TEST_CASE(key_checks) {
  const fixture f;
  const cryptonote::account_keys &k = f.keys();
  key_data_parts p = parts_of(k);
  p.view_secret = p.spend_secret;
  refusal r = refused(f, f.json(key_data(p)));
  BOOST_CHECK(r.k == kind::keys_mismatch);
  BOOST_CHECK_EQUAL(r.message, "the view secret key in the file does not give its view public key: the file is corrupt");
  p = parts_of(k);
  p.spend_secret = p.view_secret;
  r = refused(f, f.json(key_data(p)));
  BOOST_CHECK(r.k == kind::keys_mismatch);
  BOOST_CHECK_EQUAL(r.message,
                    "the spend secret key in the file does not give its spend public key: the file is corrupt");
  // A secret key >= l gives no public key: refused as a mismatch.
  p = parts_of(k);
  p.view_secret = std::string(32, '\xff');
  BOOST_CHECK(refused(f, f.json(key_data(p))).k == kind::keys_mismatch);

  // Watch-only: no spend secret.
  p = parts_of(k);
  p.spend_secret = std::string(32, '\0');
  const cncrypto::wallet_keys_file w = f.load(f.json(key_data(p), "\"watch_only\":1"));
  BOOST_CHECK(w.watch_only && !w.multisig);
  BOOST_CHECK(w.keys.m_spend_secret_key == crypto::secret_key{});
  BOOST_CHECK(w.keys.m_view_secret_key == k.m_view_secret_key);
  BOOST_CHECK(refused(f, f.json(key_data(p))).k == kind::keys_mismatch);  // the same without the flag
  // ... whose spend public key is no point: the first y (little endian 2, 3, ...) check_key refuses.
  crypto::public_key bad{};
  for (std::uint8_t y = 2;; ++y) {
    bad.data[0] = static_cast<char>(y);
    if (!crypto::check_key(bad)) break;
    BOOST_REQUIRE(y < 250);
  }
  p.spend_public = bytes(bad);
  r = refused(f, f.json(key_data(p), "\"watch_only\":1"));
  BOOST_CHECK(r.k == kind::keys_mismatch);
  BOOST_CHECK_EQUAL(r.message, "the spend public key in the file is not a valid point: the file is corrupt");

  // Multisig: the spend secret is not checked, the multisig keys are kept.
  p = parts_of(k);
  p.spend_secret = std::string(32, '\x07');
  const std::string ms = std::string(32, '\x11') + std::string(32, '\x22');
  p.extra_keys = {blob("m_multisig_keys", ms)};
  const cncrypto::wallet_keys_file m = f.load(f.json(key_data(p), "\"multisig\":1"));
  BOOST_CHECK(m.multisig && !m.watch_only);
  BOOST_CHECK(m.multisig_keys == ms);
  BOOST_CHECK(m.keys.m_view_secret_key == k.m_view_secret_key);
}

// encrypted_secret_keys: the stored keys are masked with xor_secret_keys
// under the file key and m_encryption_iv (account_keys::encrypt_keys, its own
// inverse); the reader unmasks them, also with multisig keys; with the flag
// but no m_encryption_iv, the IV is zero (Monero's default).
BOOST_AUTO_TEST_CASE(masked_keys) {
  const fixture f;
  const cryptonote::account_keys &k = f.keys();
  for (const bool with_iv : {true, false}) {
    crypto::chacha_iv iv{};
    if (with_iv) std::memcpy(iv.data, "\x01\x02\x03\x04\x05\x06\x07\x08", 8);
    crypto::secret_key spend = k.m_spend_secret_key, view = k.m_view_secret_key;
    std::string ms(32, '\x33');
    cncrypto::xor_secret_keys(spend, view, ms, f.key, iv);
    key_data_parts p = parts_of(k);
    p.spend_secret = bytes(spend);
    p.view_secret = bytes(view);
    p.extra_keys = {blob("m_multisig_keys", ms)};
    if (with_iv) p.extra_keys.push_back(blob("m_encryption_iv", bytes(iv)));
    const cncrypto::wallet_keys_file w = f.load(f.json(key_data(p), "\"encrypted_secret_keys\":1"));
    BOOST_CHECK(w.encrypted_secret_keys);
    BOOST_CHECK(w.keys.m_spend_secret_key == k.m_spend_secret_key);
    BOOST_CHECK(w.keys.m_view_secret_key == k.m_view_secret_key);
    BOOST_CHECK(w.multisig_keys == std::string(32, '\x33'));
  }
}

// detail::xor_with_key_stream (keys_file_detail.h): spend, view and the
// multisig keys take bytes 0-31, 32-63 and 64 on of ChaCha20(zeros) under the
// derived key (checked against crypto::chacha20 of 96 zero bytes), and
// multisig keys that are not a multiple of 32 bytes are std::invalid_argument.
BOOST_AUTO_TEST_CASE(key_stream_layout) {
  crypto::chacha_key derived;
  for (std::size_t i = 0; i < derived.size(); ++i) derived[i] = static_cast<std::uint8_t>(3 * i + 1);
  crypto::chacha_iv iv{};
  std::memcpy(iv.data, "ivivivi!", 8);
  const std::string zeros(96, '\0');
  std::string stream(96, '\0');
  crypto::chacha20(zeros.data(), zeros.size(), derived, iv, &stream[0]);
  crypto::secret_key spend{}, view{};
  std::string ms(32, '\0');
  cncrypto::detail::xor_with_key_stream(spend, view, ms, derived, iv);
  BOOST_CHECK(bytes(spend) == stream.substr(0, 32));
  BOOST_CHECK(bytes(view) == stream.substr(32, 32));
  BOOST_CHECK(ms == stream.substr(64, 32));
  std::string odd(31, '\0');
  BOOST_CHECK_THROW(cncrypto::detail::xor_with_key_stream(spend, view, odd, derived, iv), std::invalid_argument);
}

// What looks damaged or odd in a file that opens (wallet_keys_file::findings,
// issue 39): the expected kinds follow cncrypto::keys_file_finding_kind's
// contract and Monero 0.18's wallet2::load_keys_buf (the JSON type each field
// is read with, the values it knows, the fields a multisig file must have,
// set_default_decimal_point's 0/3/6/9/12). Every file here has a "nettype";
// its keys are stored unmasked, so secret_keys_not_masked is always there and
// left out of the comparisons (checked once).
BOOST_AUTO_TEST_CASE(findings) {
  using fk = cncrypto::keys_file_finding_kind;
  const fixture f;
  const cryptonote::account_keys &k = f.keys();
  const std::string kd = key_data(parts_of(k));
  const auto kinds = [&](const cncrypto::wallet_keys_file &w) {
    std::vector<fk> out;
    for (const cncrypto::keys_file_finding &x : w.findings) {
      if (x.kind != fk::secret_keys_not_masked) out.push_back(x.kind);
    }
    return out;
  };
  const auto one = [&](const std::string &members, fk want, bool refuses, const std::string &part,
                       const std::string &data) {
    const cncrypto::wallet_keys_file w = f.load(f.json(data, "\"nettype\":0," + members));
    BOOST_TEST_CONTEXT(members) {
      BOOST_CHECK(kinds(w) == std::vector<fk>{want});
      for (const cncrypto::keys_file_finding &x : w.findings) {
        if (x.kind != want) continue;
        BOOST_CHECK_EQUAL(x.wallet2_refuses, refuses);
        BOOST_TEST(contains(x.message, part), x.message);
      }
    }
  };
  // A file as store_keys_buf writes it (wallet2's fields): nothing, spend key checked.
  const cncrypto::wallet_keys_file clean =
      cncrypto::load_keys_buf(cncrypto::store_keys_buf(k, cryptonote::TESTNET, "pw"), std::string("pw"));
  BOOST_CHECK(clean.findings.empty() && clean.spend_key_verified);
  // Key_data only: no nettype, keys unmasked.
  const cncrypto::wallet_keys_file bare = f.load(f.json(kd));
  BOOST_REQUIRE_EQUAL(bare.findings.size(), 2u);
  BOOST_CHECK(bare.findings[0].kind == fk::no_nettype && bare.findings[1].kind == fk::secret_keys_not_masked);
  BOOST_CHECK(bare.spend_key_verified);
  // Names: unknown (the audit's "oettype"), not an identifier (only its size), repeated.
  one("\"oettype\":1", fk::unknown_field, false, "unknown field \"oettype\"", kd);
  one("\"bad name\\u0001\":1", fk::unknown_field, false, "a name of 9 bytes that is not an identifier", kd);
  one("\"confirm_missing_payment_id\":1,\"track_uses\":0,\"track_uses\":0", fk::duplicate_field, false,
      "\"track_uses\" appears more than once", kd);
  // Types as wallet2 reads them (Int: int32, Uint: uint32, Uint64, Double only with a
  // fraction or exponent, String).
  for (const char *m : {"\"always_confirm_transfers\":true", "\"always_confirm_transfers\":2147483648",
                        "\"default_mixin\":4294967296", "\"default_mixin\":-1", "\"refresh_height\":-1",
                        "\"refresh_height\":1.0", "\"auto_mine_for_rpc_payment\":0", "\"device_name\":0",
                        "\"seed_language\":5"}) {
    one(m, fk::wrong_json_type, true, "is not a", kd);
  }
  for (const char *m : {"\"auto_mine_for_rpc_payment\":0.0", "\"auto_mine_for_rpc_payment\":1e3",
                        "\"always_confirm_transfers\":-0", "\"refresh_height\":18446744073709551615",
                        "\"default_decimal_point\":9", "\"refresh_type\":2", "\"confirm_missing_payment_id\":\"x\""}) {
    BOOST_TEST_CONTEXT(m) { BOOST_CHECK(kinds(f.load(f.json(kd, std::string("\"nettype\":0,") + m))).empty()); }
  }
  // Values.
  one("\"track_uses\":2", fk::unexpected_value, false, "\"track_uses\" is 2 (wallets write 0 or 1", kd);
  one("\"refresh_type\":3", fk::unexpected_value, false, "\"refresh_type\" is 3 (wallet2 knows 0 to 2)", kd);
  one("\"export_format\":-1", fk::unexpected_value, false, "is -1", kd);
  one("\"default_decimal_point\":13", fk::unexpected_value, true, "\"default_decimal_point\" is 13", kd);
  // Seed language.
  one("\"seed_language\":\"\"", fk::seed_language_unknown, false, "is empty", kd);
  one("\"seed_language\":\"Fnglish\"", fk::seed_language_unknown, false, "not one of Monero's language names", kd);
  BOOST_CHECK(kinds(f.load(f.json(kd, "\"nettype\":0,\"seed_language\":\"Deutsch\""))).empty());
  // key_data entries account_base does not have (a damaged name).
  key_data_parts p = parts_of(k);
  p.extra_root = {entry("m_creation_timestamq", 5, le(1, 8))};
  one("\"track_uses\":0", fk::unknown_key_data_entry, false, "key_data has an entry \"m_creation_timestamq\"",
      key_data(p));
  p = parts_of(k);
  p.extra_keys = {blob("m_multisig_keyz", std::string(32, '\x11'))};
  one("\"track_uses\":0", fk::unknown_key_data_entry, false, "m_keys has an entry \"m_multisig_keyz\"", key_data(p));
  // original_keys_available without its strings: wallet2 refuses.
  one("\"original_keys_available\":1", fk::original_keys_incomplete, true, "original_address", kd);
  // Watch-only flag on a full wallet (the spend key gives B): reported, key verified.
  const cncrypto::wallet_keys_file wo = f.load(f.json(kd, "\"nettype\":0,\"watch_only\":1"));
  BOOST_CHECK(kinds(wo) == std::vector<fk>{fk::watch_only_with_spend_key});
  BOOST_CHECK(wo.spend_key_verified);
  // ... and with another non-zero key: reported as not giving B.
  p = parts_of(k);
  p.spend_secret = std::string(32, '\x07');
  const cncrypto::wallet_keys_file wo2 = f.load(f.json(key_data(p), "\"nettype\":0,\"watch_only\":1"));
  BOOST_CHECK(kinds(wo2) == std::vector<fk>{fk::watch_only_with_spend_key});
  BOOST_CHECK(!wo2.spend_key_verified);
  // Multisig flag on a standard wallet (the audit's flip): wallet2 refuses (no signers, no
  // threshold); no multisig keys; the spend key still gives B.
  const cncrypto::wallet_keys_file ms = f.load(f.json(kd, "\"nettype\":0,\"multisig\":1"));
  BOOST_CHECK(kinds(ms) == (std::vector<fk>{fk::multisig_incomplete, fk::multisig_incomplete,
                                            fk::multisig_incomplete}));
  BOOST_CHECK(ms.spend_key_verified);
  BOOST_CHECK(std::count_if(ms.findings.begin(), ms.findings.end(),
                            [](const cncrypto::keys_file_finding &x) { return x.wallet2_refuses; }) == 2);
  // A complete multisig file whose spend secret (a share) does not give B: only that.
  p = parts_of(k);
  p.spend_secret = std::string(32, '\x07');
  p.extra_keys = {blob("m_multisig_keys", std::string(64, '\x11'))};
  const cncrypto::wallet_keys_file share =
      f.load(f.json(key_data(p), "\"nettype\":0,\"multisig\":1,\"multisig_threshold\":2,\"multisig_signers\":\"\""));
  BOOST_CHECK(kinds(share) == std::vector<fk>{fk::spend_key_unverified});
  BOOST_CHECK(!share.spend_key_verified);
  // Multisig keys or signers without the flag.
  p = parts_of(k);
  p.extra_keys = {blob("m_multisig_keys", std::string(32, '\x11'))};
  one("\"multisig\":0", fk::multisig_leftovers, false, "multisig keys", key_data(p));
  one("\"multisig_signers\":\"\"", fk::multisig_leftovers, false, "multisig signers", kd);
}

BOOST_AUTO_TEST_SUITE_END()
