#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstdint>
#include <fstream>

BOOST_AUTO_TEST_CASE(hex_round_trip) {
  const std::uint8_t bytes[] = {0x00, 0x01, 0x7f, 0x80, 0xab, 0xff};
  const std::string text = cncrypto::hex_encode(bytes, sizeof bytes);
  BOOST_TEST(text == "00017f80abff");
  std::vector<std::uint8_t> back;
  BOOST_TEST(cncrypto::hex_decode("00017F80ABff", back));
  BOOST_TEST(back == std::vector<std::uint8_t>(bytes, bytes + sizeof bytes), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(hex_errors_name_the_problem) {
  std::vector<std::uint8_t> out;
  std::string error;
  BOOST_TEST(!cncrypto::hex_decode("abc", out, &error));
  BOOST_TEST(error == "odd number of hex digits (3): the digit at offset 2 has no pair");
  BOOST_TEST(!cncrypto::hex_decode("a0zz", out, &error));
  BOOST_TEST(error == "invalid hex character 'z' at offset 2");
  BOOST_TEST(out.empty());
  // The first problem by offset: the bad character before the unpaired last digit.
  BOOST_TEST(!cncrypto::hex_decode("a0z", out, &error));
  BOOST_TEST(error == "invalid hex character 'z' at offset 2");
  BOOST_TEST(!cncrypto::hex_decode("0g00a", out, &error));
  BOOST_TEST(error == "invalid hex character 'g' at offset 1");
  // Characters that would not print are shown by value.
  BOOST_TEST(!cncrypto::hex_decode(std::string_view("00\n0", 4), out, &error));
  BOOST_TEST(error == "invalid hex character byte 0x0a at offset 2");
  BOOST_TEST(!cncrypto::hex_decode(std::string_view("\0" "0", 2), out, &error));
  BOOST_TEST(error == "invalid hex character byte 0x00 at offset 0");
  BOOST_TEST(!cncrypto::hex_decode("00\xc3\xa9", out, &error));
  BOOST_TEST(error == "invalid hex character byte 0xc3 at offset 2");
  std::uint8_t fixed[2] = {7, 7};
  BOOST_TEST(!cncrypto::hex_decode_fixed("aabbcc", fixed, 2, &error));
  BOOST_TEST(error == "expected 4 hex digits, got 6");
  BOOST_TEST(!cncrypto::hex_decode_fixed("aaxb", fixed, 2, &error));
  BOOST_TEST(error == "invalid hex character 'x' at offset 2");
  BOOST_TEST((fixed[0] == 7 && fixed[1] == 7));  // unchanged on failure
}

// Without an error string the same inputs fail the same way, and the outputs
// are left as documented (common/hex.h): out emptied, the fixed buffer untouched.
BOOST_AUTO_TEST_CASE(hex_errors_without_a_message) {
  std::vector<std::uint8_t> out{1, 2, 3};
  BOOST_TEST(!cncrypto::hex_decode("abc", out));
  BOOST_TEST(out.empty());
  out = {1};
  BOOST_TEST(!cncrypto::hex_decode("a0zz", out, nullptr));
  BOOST_TEST(out.empty());
  BOOST_TEST(cncrypto::hex_decode("", out));
  BOOST_TEST(out.empty());
  std::uint8_t fixed[2] = {7, 7};
  BOOST_TEST(!cncrypto::hex_decode_fixed("aabbcc", fixed, 2));
  BOOST_TEST(!cncrypto::hex_decode_fixed("aaxb", fixed, 2, nullptr));
  BOOST_TEST((fixed[0] == 7 && fixed[1] == 7));
  BOOST_TEST(cncrypto::hex_decode_fixed("A0b1", fixed, 2));
  BOOST_TEST((fixed[0] == 0xa0 && fixed[1] == 0xb1));
  BOOST_TEST(cncrypto::hex_encode(nullptr, 0).empty());
}

BOOST_AUTO_TEST_CASE(vector_parser_reads_monero_file, *cncrypto::test::needs_shared()) {
  const auto lines = cncrypto::test::read_vector_file(cncrypto::test::shared_path("vectors/monero_crypto.txt"));
  BOOST_TEST(lines.size() == 4498u);
  const auto hashes =
      cncrypto::test::read_vector_file(cncrypto::test::shared_path("vectors/monero_crypto.txt"), "cn_fast_hash");
  BOOST_TEST(hashes.size() == 320u);
}

BOOST_AUTO_TEST_CASE(vector_parser_fields) {
  BOOST_TEST(cncrypto::test::hex_field("x").empty());
  BOOST_TEST(cncrypto::test::u64_field("18446744073709551615") == UINT64_MAX);
  BOOST_CHECK_THROW(cncrypto::test::u64_field("18446744073709551616"), std::runtime_error);
  BOOST_TEST(cncrypto::test::bool_field("true"));
  BOOST_CHECK_THROW(cncrypto::test::bool_field("yes"), std::runtime_error);
}
