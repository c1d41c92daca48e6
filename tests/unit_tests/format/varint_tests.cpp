// Varint encoding/decoding: the examples and rules of spec
// cryptonote_format.md section 1 (Monero src/common/varint.h).
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "cryptonote/binary_reader.h"
#include "common/varint.h"
#include "support/hex.h"

#include <random>
#include <string>

using namespace cryptonote;
using namespace cncrypto;

namespace {
using cncrypto::test::unhex;
std::string encode(std::uint64_t v) {
  std::vector<std::uint8_t> out;
  cncrypto::append_varint(out, v);
  return cncrypto::hex_encode(out.data(), out.size());
}
cncrypto::varint_result decode(const std::string &hex, std::uint64_t &v, unsigned bits = 64) {
  const auto b = unhex(hex);
  return read_varint(b.data(), b.size(), v, bits);
}
}  // namespace

BOOST_AUTO_TEST_SUITE(varint)

// Spec section 1 examples.
BOOST_AUTO_TEST_CASE(encodes_spec_examples) {
  const std::pair<std::uint64_t, const char *> cases[] = {
      {0, "00"},           {127, "7f"},           {128, "8001"},
      {300, "ac02"},       {16384, "808001"},     {3000000, "c08db701"},
      {0xffffffffu, "ffffffff0f"}, {UINT64_MAX, "ffffffffffffffffff01"},
  };
  for (const auto &[value, hex] : cases) {
    BOOST_TEST_CONTEXT(value) {
      BOOST_TEST(encode(value) == hex);
      BOOST_TEST(cncrypto::varint_size(value) == std::string(hex).size() / 2);
      std::uint64_t back = 12345;
      const auto r = decode(hex, back);
      BOOST_TEST(bool(r));
      BOOST_TEST(r.size == std::string(hex).size() / 2);
      BOOST_TEST(back == value);
    }
  }
}

BOOST_AUTO_TEST_CASE(stops_after_last_byte) {
  std::uint64_t v = 0;
  const auto r = decode("ac02ff", v);
  BOOST_TEST(bool(r));
  BOOST_TEST(r.size == 2u);
  BOOST_TEST(v == 300u);
}

BOOST_AUTO_TEST_CASE(refuses_non_canonical) {
  for (const char *hex : {"8000", "ff00", "80808000", "ac8200", "ffffffffffffffffff00"}) {
    std::uint64_t v = 7;
    const auto r = decode(hex, v);
    BOOST_TEST_CONTEXT(hex) {
      BOOST_TEST(!r);
      BOOST_TEST((r.error == cncrypto::varint_error::non_canonical));
      BOOST_TEST(v == 7u);  // untouched
    }
  }
}

BOOST_AUTO_TEST_CASE(refuses_overflow_per_width) {
  std::uint64_t v = 0;
  // 64 bits: 10th byte must be exactly 01.
  BOOST_TEST((decode("ffffffffffffffffff02", v).error == cncrypto::varint_error::overflow));
  BOOST_TEST((decode("ffffffffffffffffff81", v).error == cncrypto::varint_error::overflow));
  BOOST_TEST((decode("8080808080808080808001", v).error == cncrypto::varint_error::overflow));
  BOOST_TEST(bool(decode("80808080808080808001", v)));
  BOOST_TEST(v == (std::uint64_t{1} << 63));
  // 32 bits: 5th byte < 16.
  BOOST_TEST(bool(decode("ffffffff0f", v, 32)));
  BOOST_TEST(v == 0xffffffffu);
  BOOST_TEST((decode("ffffffff10", v, 32).error == cncrypto::varint_error::overflow));
  BOOST_TEST((decode("8080808080", v, 32).error == cncrypto::varint_error::overflow));
  // 8 bits: 2nd byte < 2.
  BOOST_TEST(bool(decode("ff01", v, 8)));
  BOOST_TEST(v == 255u);
  BOOST_TEST((decode("8002", v, 8).error == cncrypto::varint_error::overflow));
  BOOST_TEST(bool(decode("7f", v, 8)));
}

// The lone decoder reports these; binary_reader (all parsing) accepts them as
// Monero does, see reader_takes_a_cut_varint_as_monero_does.
BOOST_AUTO_TEST_CASE(refuses_truncated_and_empty) {
  std::uint64_t v = 0;
  BOOST_TEST((decode("", v).error == cncrypto::varint_error::empty));
  BOOST_TEST((decode("80", v).error == cncrypto::varint_error::truncated));
  BOOST_TEST((decode("ffff", v).error == cncrypto::varint_error::truncated));
  // The reader never looks past size: a valid continuation beyond it is not seen.
  const auto b = unhex("8001");
  BOOST_TEST((read_varint(b.data(), 1, v).error == cncrypto::varint_error::truncated));
}

// Every value round-trips and has one encoding: random values of all lengths.
BOOST_AUTO_TEST_CASE(random_round_trip) {
  std::mt19937_64 rng(20261130);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t v = rng() >> (rng() % 64);
    std::uint8_t buf[cncrypto::max_varint_size];
    const std::size_t n = write_varint(buf, v);
    BOOST_REQUIRE(n == cncrypto::varint_size(v));
    std::uint64_t back = 0;
    const auto r = read_varint(buf, n, back);
    BOOST_REQUIRE(bool(r));
    BOOST_REQUIRE(r.size == n);
    BOOST_REQUIRE(back == v);
    if (n > 1) {  // appending a zero group makes it non-canonical
      std::uint8_t longer[cncrypto::max_varint_size + 1];
      std::copy(buf, buf + n, longer);
      longer[n - 1] |= 0x80;
      longer[n] = 0;
      BOOST_REQUIRE(!read_varint(longer, n + 1, back));
    }
  }
}

BOOST_AUTO_TEST_CASE(reader_errors_carry_offset) {
  const auto b = unhex("05ac028000");
  binary_reader r(b);
  BOOST_TEST(r.read_varint("a") == 5u);
  BOOST_TEST(r.read_varint("b") == 300u);
  try {
    r.read_varint("unlock_time");
    BOOST_FAIL("non-canonical varint accepted");
  } catch (const parse_error &e) {
    BOOST_TEST(e.offset() == 3u);
    BOOST_TEST(std::string(e.what()) == "unlock_time: non-canonical varint (redundant trailing 0x00 byte) (at byte offset 3)");
  }
}

// binary_reader reads varints as Monero's binary_archive does: when the input
// ends inside a varint, the bits read so far stand (Monero's read_varint
// returns the number of bytes read, not an error), and with no byte left the
// value is 0. Overflow and non-canonical bytes still fail.
BOOST_AUTO_TEST_CASE(reader_takes_a_cut_varint_as_monero_does) {
  const auto full = unhex("e58e26");  // 624485 = 0x65 | 0x0e << 7 | 0x26 << 14
  binary_reader whole(full);
  BOOST_TEST(whole.read_varint("v") == 624485u);
  BOOST_TEST(!whole.ended_early());
  const auto cut = unhex("e58e");
  binary_reader r(cut);
  BOOST_TEST(r.read_varint("v") == 0x65u + (0x0eu << 7));
  BOOST_TEST(r.at_end());
  BOOST_TEST(r.ended_early());
  BOOST_TEST(r.read_varint("w") == 0u);  // nothing left
  BOOST_TEST(r.read_count("count", 32) == 0u);
  BOOST_CHECK_THROW(r.read_u8("tag"), parse_error);  // raw fields still need their bytes
  const auto one = unhex("81");
  binary_reader r8(one);
  BOOST_TEST(r8.read_varint("version", 8) == 1u);
  const auto non_canonical = unhex("ff00");
  binary_reader nc(non_canonical);
  BOOST_CHECK_THROW(nc.read_varint("v"), parse_error);
  const auto overflow = unhex("8002");
  binary_reader of(overflow);
  BOOST_CHECK_THROW(of.read_varint("v", 8), parse_error);
}

BOOST_AUTO_TEST_CASE(reader_refuses_counts_beyond_input) {
  // 2^60 elements claimed with 3 bytes left: refused before any allocation.
  const auto b = unhex("808080808080808010aabbcc");
  binary_reader r(b, 100);
  try {
    r.read_count("input count", 2);
    BOOST_FAIL("huge count accepted");
  } catch (const parse_error &e) {
    BOOST_TEST(e.offset() == 100u);
    BOOST_TEST(std::string(e.what()).find("1152921504606846976") != std::string::npos);
    BOOST_TEST(std::string(e.what()).find("(at byte offset 100)") != std::string::npos);
  }
  binary_reader r2(b);
  r2.skip(9, "x");
  BOOST_CHECK_THROW(r2.read_u32_le("nonce"), parse_error);
  BOOST_TEST(r2.position() == 9u);  // failed reads consume nothing
  BOOST_CHECK_THROW(r2.expect_end("object"), parse_error);
}

// Monero's iterator templates (tools::write_varint / read_varint /
// get_varint_data): the same bytes as the pointer forms, and Monero's results,
// quirks included (worked out from Monero's src/common/varint.h rules: a group
// at bit shift s must be below 2^(bits - s) once s + 7 >= bits; a 0x00 after
// the first byte is EVARINT_REPRESENT; input ending inside a varint returns the
// bytes read).
BOOST_AUTO_TEST_CASE(monero_iterator_templates) {
  for (std::uint64_t v : {0ull, 1ull, 127ull, 128ull, 300ull, 16383ull, 16384ull, 0xffffffffull, ~0ull}) {
    std::string s;
    tools::write_varint(std::back_inserter(s), v);
    std::uint8_t buf[cncrypto::max_varint_size];
    const std::size_t n = cncrypto::write_varint(buf, v);
    BOOST_TEST(s == std::string(reinterpret_cast<const char *>(buf), n));
    BOOST_TEST(tools::get_varint_data(v) == s);
    std::uint64_t back = 1;
    std::string::const_iterator it = s.cbegin(), end = s.cend();  // both lvalues: InputIt is deduced once
    BOOST_TEST(tools::read_varint(it, end, back) == static_cast<int>(n));
    BOOST_TEST(back == v);
    BOOST_TEST((it == s.cend()));  // advanced past the varint
  }
  // The destination iterator is advanced through the reference.
  std::uint8_t out[4] = {};
  std::uint8_t *p = out;
  tools::write_varint(p, std::uint32_t{300});
  BOOST_TEST(p == out + 2);
  BOOST_TEST(out[0] == 0xacu);
  BOOST_TEST(out[1] == 0x02u);

  auto read8 = [](const std::string &s, std::uint8_t &v) { return tools::read_varint<8>(s.cbegin(), s.cend(), v); };
  std::uint8_t v8 = 0;
  BOOST_TEST(read8(std::string("\xff\x01"), v8) == 2);
  BOOST_TEST(v8 == 255u);
  BOOST_TEST(read8(std::string("\x80\x02"), v8) == tools::EVARINT_OVERFLOW);
  BOOST_TEST(read8(std::string("\x80\x00", 2), v8) == tools::EVARINT_REPRESENT);
  std::uint64_t v = 9;
  const std::string truncated("\x81");
  BOOST_TEST(tools::read_varint(truncated.cbegin(), truncated.cend(), v) == 1);  // Monero: success
  BOOST_TEST(v == 1u);
  const std::string empty;
  BOOST_TEST(tools::read_varint(empty.cbegin(), empty.cend(), v) == 0);
  BOOST_TEST(v == 0u);
  const std::string too_big = std::string(9, '\xff') + "\x02";  // 2^64 and more
  BOOST_TEST(tools::read_varint(too_big.cbegin(), too_big.cend(), v) == tools::EVARINT_OVERFLOW);
  const std::string max64 = std::string(9, '\xff') + "\x01";
  BOOST_TEST(tools::read_varint(max64.cbegin(), max64.cend(), v) == 10);
  BOOST_TEST(v == ~0ull);
}

BOOST_AUTO_TEST_SUITE_END()
