// The hash layer's compile-time table builders run at run time: GF(2^8)
// arithmetic and the AES S-box (hash/gf256.h, used by Groestl and CryptoNight's
// software AES), Groestl's product tables, the AES T-tables, and the sponge's
// algorithm-table order check (hash/sponge_params.h). The library builds its
// tables with the same functions at compile time; here each is called at run
// time (so coverage sees it run) and its result is compared with the table the
// compiler built and with values taken from the specifications, each named at
// its test. The independent references below (carry-less multiply, then
// reduction) are written from FIPS 197 section 4.2, not from gf256.h.
#include <boost/test/unit_test.hpp>

#include "crypto/sponge.h"
#include "hash/gf256.h"
#include "hash/sponge_params.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace {

// a * b in GF(2^8): the 15-bit carry-less product, then reduced modulo
// m(x) = x^8 + x^4 + x^3 + x + 1 (0x11b) from the top bit down (FIPS 197
// section 4.2, "the modular reduction by m(x)").
std::uint8_t reference_mul(std::uint8_t a, std::uint8_t b) {
  unsigned product = 0;
  for (unsigned bit = 0; bit < 8; ++bit) {
    if ((b >> bit) & 1) product ^= unsigned{a} << bit;
  }
  for (unsigned bit = 15; bit-- > 8;) {
    if ((product >> bit) & 1) product ^= 0x11bu << (bit - 8);
  }
  return static_cast<std::uint8_t>(product);
}

// FIPS 197 figure 7, the S-box, row by row (x = 16 row + column).
constexpr std::uint8_t fips197_sbox[256] = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76,
    0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0,
    0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
    0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75,
    0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84,
    0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
    0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8,
    0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2,
    0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
    0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb,
    0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79,
    0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
    0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a,
    0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e,
    0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16};

// The tables as the compiler builds them (the same builders as the library's
// groestl.cpp and aes_table_ops.h), to compare with the run-time results.
constexpr crypto::gf256::mul_tables compile_time_mul = crypto::gf256::make_mul_tables();
constexpr crypto::gf256::aes_t_tables compile_time_t = crypto::gf256::make_aes_t_tables();

// Calls builder() at run time. A builder without arguments called directly
// is a constant expression, which the compiler may evaluate while compiling
// (clang does, for a local's initializer) so that the code never runs; a call
// through a volatile function pointer cannot be.
template <class Result>
Result at_run_time(Result (*builder)()) {
  Result (*volatile call)() = builder;
  return call();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(table_builders)

// FIPS 197 section 4.2.1: xtime({57}) = {ae}, xtime({ae}) = {47},
// xtime({47}) = {8e}, xtime({8e}) = {07}; {57} * {13} = {fe}; section 4.2:
// {57} * {83} = {c1}. Then every product against the reference multiply, and
// every inverse (a * a^-1 = 1; 0 maps to 0, section 5.1.1).
BOOST_AUTO_TEST_CASE(field_arithmetic) {
  volatile std::uint8_t v57 = 0x57;  // volatile: computed at run time, not folded
  const std::uint8_t a = v57;
  BOOST_TEST(crypto::gf256::xtime(a) == 0xae);
  BOOST_TEST(crypto::gf256::xtime(0xae) == 0x47);
  BOOST_TEST(crypto::gf256::xtime(0x47) == 0x8e);
  BOOST_TEST(crypto::gf256::xtime(0x8e) == 0x07);
  BOOST_TEST(crypto::gf256::mul(a, 0x13) == 0xfe);
  BOOST_TEST(crypto::gf256::mul(a, 0x83) == 0xc1);
  unsigned wrong_products = 0, wrong_inverses = 0;
  for (unsigned x = 0; x < 256; ++x) {
    for (unsigned y = 0; y < 256; ++y) {
      const auto bx = static_cast<std::uint8_t>(x), by = static_cast<std::uint8_t>(y);
      if (crypto::gf256::mul(bx, by) != reference_mul(bx, by)) ++wrong_products;
    }
    const std::uint8_t inv = crypto::gf256::inverse(static_cast<std::uint8_t>(x));
    if (x == 0 ? inv != 0 : reference_mul(static_cast<std::uint8_t>(x), inv) != 1) ++wrong_inverses;
  }
  BOOST_TEST(wrong_products == 0u);
  BOOST_TEST(wrong_inverses == 0u);
  BOOST_TEST(crypto::gf256::rotl8(0x81, 1) == 0x03);
  BOOST_TEST(crypto::gf256::rotl32(0x80000001u, 8) == 0x00000180u);
}

// make_sbox at run time, the compile-time aes_sbox and FIPS 197 figure 7 agree
// entry by entry; the S-box is a permutation.
BOOST_AUTO_TEST_CASE(aes_sbox) {
  const std::array<std::uint8_t, 256> run_time = at_run_time(&crypto::gf256::make_sbox);
  bool seen[256] = {};
  for (unsigned x = 0; x < 256; ++x) {
    BOOST_TEST(run_time[x] == fips197_sbox[x], "S(" << x << ")");
    BOOST_TEST(crypto::gf256::aes_sbox[x] == fips197_sbox[x], "compile-time S(" << x << ")");
    seen[run_time[x]] = true;
  }
  for (unsigned y = 0; y < 256; ++y) BOOST_TEST(seen[y], "value " << y << " is an output");
}

// Groestl's product tables (t[c][x] = c * x; MixBytes uses c = 2, 3, 4, 5, 7,
// Groestl specification v2.0.1 section 3.4.4): the run-time build, the
// compile-time build and the reference multiply agree on all 8 x 256 entries.
BOOST_AUTO_TEST_CASE(groestl_product_tables) {
  const crypto::gf256::mul_tables run_time = at_run_time(&crypto::gf256::make_mul_tables);
  BOOST_TEST(std::memcmp(run_time.t, compile_time_mul.t, sizeof run_time.t) == 0);
  unsigned wrong = 0;
  for (unsigned c = 0; c < 8; ++c) {
    for (unsigned x = 0; x < 256; ++x) {
      if (run_time.t[c][x] != reference_mul(static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(x))) ++wrong;
    }
  }
  BOOST_TEST(wrong == 0u);
}

// The AES T-tables: the run-time build equals the compile-time one; each
// t[0][x] is MixColumns of the column (S(x), 0, 0, 0), i.e. the bytes
// (2 S, S, S, 3 S) (FIPS 197 section 5.1.3), with S from figure 7 and the
// products from the reference multiply; rows 1..3 are its byte rotations. Then
// one column of FIPS 197 appendix B's first round: the input bytes {19} (row 0),
// {f4} (row 1), {8d} (row 2), {08} (row 3), through SubBytes, ShiftRows and
// MixColumns, give the column {04 66 81 e5}.
BOOST_AUTO_TEST_CASE(aes_t_tables) {
  const crypto::gf256::aes_t_tables run_time = at_run_time(&crypto::gf256::make_aes_t_tables);
  BOOST_TEST(std::memcmp(run_time.t, compile_time_t.t, sizeof run_time.t) == 0);
  unsigned wrong = 0;
  for (unsigned x = 0; x < 256; ++x) {
    const std::uint8_t s = fips197_sbox[x];
    const std::uint32_t column = std::uint32_t{reference_mul(s, 2)} | (std::uint32_t{s} << 8) |
                                 (std::uint32_t{s} << 16) | (std::uint32_t{reference_mul(s, 3)} << 24);
    for (unsigned r = 0; r < 4; ++r) {
      const std::uint32_t rotated = r == 0 ? column : (column << (8 * r)) | (column >> (32 - 8 * r));
      if (run_time.t[r][x] != rotated) ++wrong;
    }
  }
  BOOST_TEST(wrong == 0u);
  const std::uint32_t out = run_time.t[0][0x19] ^ run_time.t[1][0xf4] ^ run_time.t[2][0x8d] ^ run_time.t[3][0x08];
  BOOST_TEST(out == 0xe5816604u);  // bytes 04 66 81 e5, little-endian
}

// The sponge's algorithm table is in keccak_algorithm order (what sponge.cpp's
// static_assert checks with the same function), and the check refuses a table
// with two entries swapped. Each rate is (1600 - c) / 8 bits with capacity c
// twice the digest size (FIPS 202 sections 6.1 and 6.2: SHA3-d has c = 2d,
// SHAKE128 c = 256, SHAKE256 c = 512; Keccak-256 as SHA3-256).
BOOST_AUTO_TEST_CASE(sponge_algorithm_order) {
  std::size_t count = 0;
  const cncrypto::keccak_algorithm_info *all = cncrypto::keccak_algorithms(count);
  BOOST_TEST(crypto::sponge::algorithms_in_enum_order(all, count));
  std::vector<cncrypto::keccak_algorithm_info> swapped(all, all + count);
  BOOST_TEST_REQUIRE(count >= 3u);
  std::swap(swapped[1], swapped[2]);
  BOOST_TEST(!crypto::sponge::algorithms_in_enum_order(swapped.data(), swapped.size()));
  BOOST_TEST(crypto::sponge::algorithms_in_enum_order(swapped.data(), 1));
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t capacity_bits = all[i].xof ? (all[i].id == cncrypto::keccak_algorithm::shake128 ? 256 : 512)
                                                 : 16 * all[i].output_size;
    BOOST_TEST(all[i].rate == (1600 - capacity_bits) / 8, all[i].name);
  }
}

BOOST_AUTO_TEST_SUITE_END()
