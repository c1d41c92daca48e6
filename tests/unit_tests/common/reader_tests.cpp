// The varint error messages and the edges of binary_reader (common/varint.h,
// common/binary_reader.h): the field width named by an overflow, skips and
// zero-length reads at the end of the input, the count checks of require and
// read_count (spec cryptonote_format.md sections 1 and 2). The varint rules
// themselves are tested in tests/unit_tests/format/varint_tests.cpp.
#include <boost/test/unit_test.hpp>

#include "common/binary_reader.h"
#include "common/binary_writer.h"
#include "common/varint.h"

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

using cncrypto::binary_reader;
using cncrypto::byte_span;
using cncrypto::parse_error;

namespace {

// The message of the parse_error f throws ("" when it throws none).
template <class F>
std::string error_of(F &&f) {
  try {
    f();
  } catch (const parse_error &e) {
    return e.what();
  }
  return "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(reader)

// Each error has its own message; an overflow names the width of its field.
BOOST_AUTO_TEST_CASE(varint_messages_name_the_problem) {
  using cncrypto::varint_error;
  std::set<std::string> seen;
  for (varint_error e : {varint_error::none, varint_error::empty, varint_error::truncated, varint_error::non_canonical}) {
    const std::string m = cncrypto::varint_error_message(e, 64);
    BOOST_TEST(!m.empty());
    BOOST_TEST(seen.insert(m).second, "message '" << m << "' repeated");
  }
  for (unsigned bits : {8u, 16u, 32u, 64u}) {
    const std::string m = cncrypto::varint_error_message(varint_error::overflow, bits);
    BOOST_TEST(m.find(std::to_string(bits) + "-bit") != std::string::npos, m);
    BOOST_TEST(seen.insert(m).second, "message '" << m << "' repeated");
  }
  // Any other width is read as 64 bits (read_varint's rule), and so named.
  BOOST_TEST(std::string(cncrypto::varint_error_message(varint_error::overflow, 0)).find("64-bit") != std::string::npos);
}

// bits 0 or above 64 mean 64 (common/varint.h): 2^64 - 1 fits, 2^64 does not.
BOOST_AUTO_TEST_CASE(out_of_range_widths_are_64_bits) {
  const std::uint8_t max[] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01};
  const std::uint8_t over[] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02};
  for (unsigned bits : {0u, 65u, 1000u}) {
    std::uint64_t v = 0;
    const auto r = cncrypto::read_varint(max, sizeof max, v, bits);
    BOOST_TEST(bool(r));
    BOOST_TEST(v == UINT64_MAX);
    BOOST_TEST((cncrypto::read_varint(over, sizeof over, v, bits).error == cncrypto::varint_error::overflow));
  }
}

// A 16- or 32-bit field (spec section 1): 2^16 = 80 80 04 overflows 16 bits
// and fits 32; 2^32 = 80 80 80 80 10 overflows 32 bits. The reader's message
// names the field and its width.
BOOST_AUTO_TEST_CASE(reader_names_the_width_of_an_overflow) {
  const std::uint8_t two16[] = {0x80, 0x80, 0x04};
  const std::uint8_t two32[] = {0x80, 0x80, 0x80, 0x80, 0x10};
  binary_reader r16(byte_span(two16, sizeof two16), 10);
  BOOST_TEST(error_of([&] { r16.read_varint("short field", 16); }) ==
             "short field: varint overflows a 16-bit field (at byte offset 10)");
  BOOST_TEST(r16.position() == 0u);  // nothing consumed
  BOOST_TEST(r16.read_varint("wider", 32) == 65536u);
  binary_reader r32(byte_span(two32, sizeof two32));
  BOOST_TEST(error_of([&] { r32.read_varint("count", 32); }) ==
             "count: varint overflows a 32-bit field (at byte offset 0)");
  BOOST_TEST(r32.read_varint("count") == 4294967296ull);
  BOOST_TEST(r32.at_end());
}

BOOST_AUTO_TEST_CASE(skips_and_empty_reads_at_the_end) {
  const std::uint8_t data[] = {1, 2, 3};
  binary_reader r(byte_span(data, sizeof data), 5);
  r.skip(2, "first two");
  BOOST_TEST(r.offset() == 7u);
  BOOST_TEST(r.remaining() == 1u);
  BOOST_TEST(*r.current() == 3);
  BOOST_TEST(error_of([&] { r.skip(2, "tail"); }) ==
             "tail: unexpected end of input (2 bytes needed, 1 remain) (at byte offset 7)");
  BOOST_TEST(r.position() == 2u);
  r.skip(1, "last");
  BOOST_TEST(r.at_end());
  r.skip(0, "nothing");  // zero bytes need no byte
  std::uint8_t none[1] = {0xee};
  r.read_bytes(none, 0, "nothing");
  BOOST_TEST(none[0] == 0xee);
  r.expect_end("object");
  BOOST_TEST(error_of([&] { r.read_u8("tag"); }) ==
             "tag: unexpected end of input (1 byte needed, 0 remain) (at byte offset 8)");
  // An empty span: every read of bytes fails, a varint reads as 0 (Monero's rule).
  binary_reader empty{byte_span()};
  BOOST_TEST(empty.at_end());
  BOOST_TEST(empty.read_varint("v") == 0u);
  BOOST_TEST(empty.ended_early());
}

// require and read_count: count x the smallest element must fit in what remains;
// an element size of 0 counts as 1 byte (a count cannot claim more elements
// than there are bytes).
BOOST_AUTO_TEST_CASE(counts_must_fit_the_remaining_bytes) {
  const std::uint8_t data[] = {0x03, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
  binary_reader r(byte_span(data, sizeof data));
  r.skip(1, "count");
  r.require(0, 32, "nothing");
  r.require(6, 1, "bytes");
  r.require(3, 2, "pairs");
  r.require(6, 0, "zero-size elements");
  BOOST_TEST(error_of([&] { r.require(7, 0, "zero-size elements"); }) ==
             "zero-size elements: 7 elements of at least 1 byte(s) each cannot fit in the 6 bytes that remain "
             "(at byte offset 1)");
  BOOST_TEST(error_of([&] { r.require(2, 4, "words"); }) ==
             "words: 2 elements of at least 4 byte(s) each cannot fit in the 6 bytes that remain (at byte offset 1)");
  BOOST_TEST(error_of([&] { r.require(UINT64_MAX, 1, "huge"); }) != "");
  BOOST_TEST(r.position() == 1u);

  // read_count: the count 3 with 6 bytes behind it; the error is at the count's offset.
  binary_reader c(byte_span(data, sizeof data), 100);
  BOOST_TEST(c.read_count("three", 2) == 3u);
  binary_reader c0(byte_span(data, sizeof data));
  BOOST_TEST(c0.read_count("three of zero size", 0) == 3u);
  binary_reader c4(byte_span(data, sizeof data), 100);
  BOOST_TEST(error_of([&] { c4.read_count("key count", 4); }) ==
             "key count: count 3 with elements of at least 4 byte(s) each cannot fit in the 6 bytes that remain "
             "(at byte offset 100)");
}

BOOST_AUTO_TEST_CASE(fail_at_reports_the_given_offset) {
  const std::uint8_t data[] = {9};
  binary_reader r(byte_span(data, sizeof data), 1000);
  try {
    r.fail_at(1234, "field", "why");
    BOOST_FAIL("fail_at returned");
  } catch (const parse_error &e) {
    BOOST_TEST(e.offset() == 1234u);
    BOOST_TEST(e.reason() == "field: why");
    BOOST_TEST(std::string(e.what()) == "field: why (at byte offset 1234)");
  }
  BOOST_TEST(error_of([&] { r.fail("field", "why"); }) == "field: why (at byte offset 1000)");
}

BOOST_AUTO_TEST_SUITE_END()

// byte_span from a std::string_view views the same bytes; binary_writer::size()
// is what it appended (a varint of 300 is ac 02, common/varint.h); an error
// value outside the enum still has a message (varint.h: never null).
BOOST_AUTO_TEST_CASE(string_view_span_writer_size_and_unknown_varint_error) {
  const std::string_view text("abc", 3);
  const byte_span span(text);
  BOOST_TEST(span.size == 3u);
  BOOST_TEST(static_cast<const void *>(span.data) == static_cast<const void *>(text.data()));
  cryptonote::blobdata out;
  cncrypto::binary_writer w(out);
  BOOST_TEST(w.size() == 0u);
  w.write_varint(300);
  BOOST_TEST(w.size() == 2u);
  BOOST_TEST(static_cast<std::uint8_t>(out[0]) == 0xac);  // blobdata is std::string: char may be signed
  BOOST_TEST(static_cast<std::uint8_t>(out[1]) == 0x02);
  BOOST_TEST(std::string(cncrypto::varint_error_message(static_cast<cncrypto::varint_error>(200), 64)) ==
             "unknown varint error");
}
