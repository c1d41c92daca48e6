// Monero base58 (spec 8.1) and the encode_addr container (spec 8.2).
//
// Expected values: ../shared/data/vectors/addresses.json (Monero's
// tests/unit_tests/base58.cpp, recomputed independently by the shared data's
// authors), and the hand values below, computed here with an independent Python
// big-integer implementation of spec 8.1/8.2 (int.from_bytes per block, Keccak
// from pycryptodome's Cryptodome.Hash.keccak).
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/hash.h"
#include "common/base58.h"
#include "cryptonote/base58.h"
#include "support/shared_data.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <random>

namespace b58 = cncrypto::base58;

namespace {

std::string bytes(const std::string &hex) {
  std::vector<std::uint8_t> out;
  std::string error;
  if (!cncrypto::hex_decode(hex, out, &error)) throw std::runtime_error("bad hex in test: " + error);
  return std::string(out.begin(), out.end());
}

// Expects decode(text) to throw decode_error of kind k at position pos; returns the message.
std::string decode_failure(const std::string &text, b58::error_kind k, std::size_t pos) {
  try {
    (void)b58::decode(std::string_view(text));
  } catch (const b58::decode_error &e) {
    BOOST_TEST(b58::error_kind_name(e.kind()) == b58::error_kind_name(k), "for '" << text << "': " << e.what());
    BOOST_TEST(e.position() == pos, "for '" << text << "': " << e.what());
    return e.what();
  }
  BOOST_ERROR("decode('" << text << "') did not throw");
  return {};
}

}  // namespace

BOOST_AUTO_TEST_CASE(encode_known_values) {
  // Python: enc(bytes.fromhex(h)) per spec 8.1.
  const std::pair<const char *, const char *> cases[] = {
      {"", ""},
      {"00", "11"},
      {"39", "1z"},
      {"ff", "5Q"},
      {"0000", "111"},
      {"ffff", "LUv"},
      {"0000000000000000", "11111111111"},
      {"ffffffffffffffff", "jpXCZedGfVQ"},
      {"00000000000000000000", "11111111111111"},
      {"ffffffffffffffffff", "jpXCZedGfVQ5Q"},
      {"0102030405060708090a0b0c0d0e0f10", "1An6UebxCZd2Wh8S2wHa1m"},
      {"06156013762879f7ffffffffff", "22222222222VtB5VXc"},
  };
  for (const auto &[hex, text] : cases) {
    BOOST_TEST(b58::encode(bytes(hex)) == text, "encode " << hex);
    BOOST_TEST(b58::decode(std::string_view(text)) == bytes(hex), "decode " << text);
  }
}

BOOST_AUTO_TEST_CASE(encoded_sizes_follow_the_block_table) {
  const std::size_t sizes[] = {0, 2, 3, 5, 6, 7, 9, 10, 11};
  for (std::size_t n = 0; n <= 40; ++n) {
    const std::string text = b58::encode(std::string(n, '\0'));
    BOOST_TEST(text.size() == 11 * (n / 8) + sizes[n % 8], "n = " << n);
    BOOST_TEST(text == std::string(text.size(), '1'), "zero bytes encode to '1' digits, n = " << n);
  }
}

BOOST_AUTO_TEST_CASE(round_trip_random_data) {
  std::mt19937_64 rng(4);
  for (std::size_t n = 0; n <= 100; ++n) {
    for (int rep = 0; rep < 5; ++rep) {
      std::string data(n, '\0');
      for (auto &c : data) c = static_cast<char>(rng());
      const std::string text = b58::encode(data);
      BOOST_TEST(b58::decode(std::string_view(text)) == data, "n = " << n);
      std::string back;
      BOOST_TEST(b58::decode(text, back));
      BOOST_TEST(back == data);
    }
  }
}

BOOST_AUTO_TEST_CASE(decode_rejects_bad_characters) {
  // '0', 'O', 'I', 'l' are not in the alphabet, nor are spaces or non-ASCII bytes.
  BOOST_TEST(decode_failure("0", b58::error_kind::bad_length, 1) != "");  // length is checked first
  BOOST_TEST(decode_failure("1O", b58::error_kind::bad_character, 1) == "invalid base58 character 'O' at offset 1");
  decode_failure("I1", b58::error_kind::bad_character, 0);
  decode_failure("11111111111l1", b58::error_kind::bad_character, 11);
  decode_failure("1111111111 ", b58::error_kind::bad_character, 10);
  BOOST_TEST(decode_failure(std::string("1\xff"), b58::error_kind::bad_character, 1) ==
             "invalid base58 character byte 0xff at offset 1");
  decode_failure(std::string("1\0", 2), b58::error_kind::bad_character, 1);
  std::string out = "untouched";
  BOOST_TEST(!b58::decode(std::string("1O"), out));
}

BOOST_AUTO_TEST_CASE(decode_rejects_impossible_lengths) {
  // Final blocks of 1, 4 or 8 characters encode nothing.
  for (std::size_t len : {1u, 4u, 8u, 12u, 15u, 19u, 23u, 96u}) {
    const std::string msg = decode_failure(std::string(len, '1'), b58::error_kind::bad_length, len);
    BOOST_TEST(msg.find("invalid base58 length " + std::to_string(len)) == 0, msg);
  }
  for (std::size_t len : {0u, 2u, 3u, 5u, 6u, 7u, 9u, 10u, 11u, 13u, 95u, 106u}) {
    BOOST_TEST(b58::decode(std::string_view(std::string(len, '1'))).size() <= len);
  }
}

BOOST_AUTO_TEST_CASE(decode_rejects_block_overflow) {
  // 2^64 - 1 is the largest full block; 2^64 overflows.
  BOOST_TEST(b58::decode(std::string_view("jpXCZedGfVQ")) == bytes("ffffffffffffffff"));
  decode_failure("jpXCZedGfVR", b58::error_kind::block_overflow, 0);
  decode_failure("zzzzzzzzzzz", b58::error_kind::block_overflow, 0);
  // 1-byte block: 255 = "5Q" fits, 256 = "5R" does not.
  decode_failure("5R", b58::error_kind::block_overflow, 0);
  const std::string msg = decode_failure("111111111115R", b58::error_kind::block_overflow, 11);
  BOOST_TEST(msg == "base58 block '5R' at offset 11 does not fit in 1 byte");
  decode_failure("LUw", b58::error_kind::block_overflow, 0);  // 65536 in a 2-byte block
  decode_failure("zzzzzzzzzz", b58::error_kind::block_overflow, 0);
}

BOOST_AUTO_TEST_CASE(encode_addr_round_trip_and_errors) {
  const std::string data = bytes("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
                                 "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f");
  // Python (independent): base58(varint(18) || data || keccak256(...)[:4]).
  const std::string text = b58::encode_addr(18, data);
  BOOST_TEST(text ==
             "41d7ke5VQnR2BDNSgrTE9j3X8QQ5Bnbbs4s3SMTX7y416CxUJqrTLW97YsWGEBnhxH8tnYDcX85QRAEhaAzrTSrZ89rbBUS");
  const b58::decoded_addr d = b58::decode_addr(std::string_view(text));
  BOOST_TEST(d.tag == 18u);
  BOOST_TEST(d.data == data);

  for (std::uint64_t tag : {0ull, 1ull, 127ull, 128ull, 16383ull, 16384ull, 0xffffffffull, ~0ull}) {
    const std::string t = b58::encode_addr(tag, "xyz");
    std::uint64_t tag_back = 0;
    std::string data_back;
    BOOST_TEST(b58::decode_addr(t, tag_back, data_back));
    BOOST_TEST(tag_back == tag);
    BOOST_TEST(data_back == "xyz");
  }

  // Every single-character change of the text is refused (checksum, or character/overflow errors).
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::string bad = text;
    bad[i] = bad[i] == '2' ? '3' : '2';
    std::uint64_t tag = 0;
    std::string out;
    BOOST_TEST(!b58::decode_addr(bad, tag, out), "changed character " << i);
  }
  std::string bad = text;
  bad[20] = bad[20] == '2' ? '3' : '2';
  try {
    (void)b58::decode_addr(std::string_view(bad));
    BOOST_ERROR("no exception");
  } catch (const b58::decode_error &e) {
    BOOST_TEST(static_cast<int>(e.kind()) == static_cast<int>(b58::error_kind::bad_checksum), e.what());
  }
  // Too short to hold a tag and a checksum.
  try {
    (void)b58::decode_addr(b58::encode("abcd"));
    BOOST_ERROR("no exception");
  } catch (const b58::decode_error &e) {
    BOOST_TEST(static_cast<int>(e.kind()) == static_cast<int>(b58::error_kind::bad_length), e.what());
  }
}

BOOST_AUTO_TEST_CASE(decode_addr_rejects_bad_tags) {
  // Correct checksums around malformed tag varints (spec section 1 rules).
  auto with_checksum = [](const std::string &body) {
    const crypto::hash h = crypto::cn_fast_hash(body.data(), body.size());
    return b58::encode(body + std::string(reinterpret_cast<const char *>(&h), b58::addr_checksum_size));
  };
  const std::pair<std::string, const char *> cases[] = {
      {bytes("80"), "address tag varint is truncated"},
      {bytes("8000") + "keys", "address tag varint is not canonical (trailing zero byte)"},
      {bytes("ffffffffffffffffff02") + "keys", "address tag varint overflows 64 bits"},
  };
  for (const auto &[body, message] : cases) {
    try {
      (void)b58::decode_addr(std::string_view(with_checksum(body)));
      BOOST_ERROR("no exception for " << message);
    } catch (const b58::decode_error &e) {
      BOOST_TEST(static_cast<int>(e.kind()) == static_cast<int>(b58::error_kind::bad_tag), e.what());
      BOOST_TEST(e.what() == std::string(message));
    }
  }
  // The largest tag (10-byte varint ending in 01) is fine.
  const b58::decoded_addr d = b58::decode_addr(std::string_view(with_checksum(bytes("ffffffffffffffffff01") + "k")));
  BOOST_TEST(d.tag == ~0ull);
  BOOST_TEST(d.data == "k");
}

BOOST_AUTO_TEST_CASE(shared_encode_addr_vectors, *cncrypto::test::needs_shared()) {
  std::ifstream in(cncrypto::test::shared_path("data/vectors/addresses.json"));
  BOOST_REQUIRE(in);
  const nlohmann::json j = nlohmann::json::parse(in);
  const auto &vectors = j.at("base58_encode_addr_vectors");
  BOOST_TEST(vectors.size() == 7u);
  for (const auto &v : vectors) {
    const std::uint64_t tag = v.at("tag").get<std::uint64_t>();
    const std::string data = bytes(v.at("data_hex").get<std::string>());
    const std::string encoded = v.at("encoded").get<std::string>();
    BOOST_TEST(b58::encode_addr(tag, data) == encoded, "tag " << tag);
    const b58::decoded_addr d = b58::decode_addr(std::string_view(encoded));
    BOOST_TEST(d.tag == tag);
    BOOST_TEST(d.data == data);
    // Monero's tools::base58 forms (common/base58.h) give the same.
    BOOST_TEST(tools::base58::encode_addr(tag, data) == encoded);
    std::uint64_t tag2 = 0;
    std::string data2;
    BOOST_TEST(tools::base58::decode_addr(encoded, tag2, data2));
    BOOST_TEST(tag2 == tag);
    BOOST_TEST(data2 == data);
  }
}

// tools::base58 (Monero's signatures): the hand values of encode_known_values'
// kind, decode failures as false, and Monero's read_varint quirk in decode_addr.
BOOST_AUTO_TEST_CASE(tools_base58_forms) {
  BOOST_TEST(tools::base58::encode(std::string("\x00", 1)) == "11");
  BOOST_TEST(tools::base58::encode(std::string(8, '\xff')) == "jpXCZedGfVQ");  // 2^64 - 1 in 11 digits
  std::string out = "junk";
  BOOST_TEST(tools::base58::decode("jpXCZedGfVQ", out));
  BOOST_TEST(out == std::string(8, '\xff'));
  BOOST_TEST(!tools::base58::decode("jpXCZedGfVR", out));  // 2^64: does not fit 8 bytes
  BOOST_TEST(!tools::base58::decode("0", out));            // not in the alphabet (and a 1-char block)
  BOOST_TEST(!tools::base58::decode("1111", out));         // no block encodes to 4 characters
  BOOST_TEST(tools::base58::decode("", out));
  BOOST_TEST(out.empty());

  // A body whose tag varint never ends (every byte 0x80) with a valid checksum:
  // Monero's read_varint accepts it (2 bytes read, tag 0, no data), and so does
  // tools::base58::decode_addr; cncrypto's checked decoder refuses it.
  std::string body("\x80\x80", 2);
  const crypto::hash h = crypto::cn_fast_hash(body.data(), body.size());
  const std::string text = tools::base58::encode(body + std::string(reinterpret_cast<const char *>(&h), 4));
  std::uint64_t tag = 7;
  std::string data = "x";
  BOOST_TEST(tools::base58::decode_addr(text, tag, data));
  BOOST_TEST(tag == 0u);
  BOOST_TEST(data.empty());
  BOOST_TEST(!b58::decode_addr(text, tag, data));
  // A tag that overflows 64 bits or is not canonical is refused by both.
  for (const std::string &bad : {std::string(9, '\xff') + "\x02", std::string("\x80\x00", 2)}) {
    const crypto::hash hb = crypto::cn_fast_hash(bad.data(), bad.size());
    const std::string t = tools::base58::encode(bad + std::string(reinterpret_cast<const char *>(&hb), 4));
    BOOST_TEST(!tools::base58::decode_addr(t, tag, data));
  }
}

// cncrypto::base58's block functions (what Monero's tests reach through the
// installed source path common/base58.cpp).
BOOST_AUTO_TEST_CASE(block_functions) {
  char enc[11];
  cncrypto::base58::encode_block("\xff\xff\xff\xff\xff\xff\xff\xff", 8, enc);
  BOOST_TEST(std::string(enc, 11) == "jpXCZedGfVQ");
  cncrypto::base58::encode_block("\x00", 1, enc);
  BOOST_TEST(std::string(enc, 2) == "11");
  BOOST_CHECK_THROW(cncrypto::base58::encode_block("", 0, enc), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::base58::encode_block("123456789", 9, enc), std::invalid_argument);
  char dec[8] = {};
  BOOST_TEST(cncrypto::base58::decode_block("jpXCZedGfVQ", 11, dec));
  BOOST_TEST(std::string(dec, 8) == std::string(8, '\xff'));
  BOOST_TEST(!cncrypto::base58::decode_block("jpXCZedGfVR", 11, dec));  // overflow
  BOOST_TEST(!cncrypto::base58::decode_block("5R", 2, dec));            // 256 in one byte
  BOOST_TEST(cncrypto::base58::decode_block("5Q", 2, dec));             // 255
  BOOST_TEST(static_cast<unsigned char>(dec[0]) == 0xffu);
  BOOST_TEST(!cncrypto::base58::decode_block("1111", 4, dec));          // no such block size
  BOOST_TEST(!cncrypto::base58::decode_block("", 0, dec));
  BOOST_TEST(!cncrypto::base58::decode_block("1I", 2, dec));            // 'I' is not a digit
}
