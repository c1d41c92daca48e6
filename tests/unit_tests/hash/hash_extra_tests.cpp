// The four CryptoNight finalizers against Monero's tests-extra-*.txt (every
// line: "hash input", input "x" = empty), through Monero's C names.

#include "crypto/hash-ops.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <boost/test/unit_test.hpp>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using cncrypto::test::hex_field;
using cncrypto::test::read_vector_file;
using cncrypto::test::shared_path;

using extra_fn = void (*)(const void *, size_t, char *);

struct finalizer {
  const char *name;
  extra_fn fn;
};
const finalizer finalizers[] = {{"blake", hash_extra_blake},
                                {"groestl", hash_extra_groestl},
                                {"jh", hash_extra_jh},
                                {"skein", hash_extra_skein}};

std::string hex32(const char *h) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  for (int i = 0; i < 32; ++i) {
    s += digits[(static_cast<unsigned char>(h[i]) >> 4) & 15];
    s += digits[static_cast<unsigned char>(h[i]) & 15];
  }
  return s;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hash_extra)

BOOST_AUTO_TEST_CASE(monero_vector_files, *cncrypto::test::needs_shared()) {
  for (const finalizer &f : finalizers) {
    const auto path = shared_path(std::string("data/pow/hash-extra/tests-extra-") + f.name + ".txt");
    const auto lines = read_vector_file(path);
    BOOST_TEST_REQUIRE(lines.size() >= 320u, path << " has " << lines.size() << " cases");
    std::size_t passed = 0;
    for (const auto &line : lines) {
      BOOST_TEST_REQUIRE(line.fields.size() == 2u, path << ":" << line.line_number);
      const std::vector<std::uint8_t> msg = hex_field(line.fields[1]);
      char out[32];
      f.fn(msg.data(), msg.size(), out);
      BOOST_TEST(hex32(out) == line.fields[0], f.name << " " << path << ":" << line.line_number);
      if (hex32(out) == line.fields[0]) ++passed;
    }
    BOOST_TEST_MESSAGE(f.name << ": " << passed << " of " << lines.size() << " lines of " << path);
  }
}

// The finalizers see 200-byte inputs in CryptoNight: lengths around the block
// boundaries must agree between an aligned and a misaligned copy.
BOOST_AUTO_TEST_CASE(alignment_does_not_matter) {
  std::vector<std::uint8_t> buf(300);
  for (std::size_t i = 0; i < buf.size(); ++i) buf[i] = static_cast<std::uint8_t>(i * 31 + 7);
  for (const finalizer &f : finalizers) {
    for (std::size_t len : {0u, 1u, 55u, 56u, 63u, 64u, 65u, 127u, 128u, 200u, 255u}) {
      char a[32], b[32];
      f.fn(buf.data(), len, a);
      std::vector<std::uint8_t> shifted(len + 1);
      std::memcpy(shifted.data() + 1, buf.data(), len);
      f.fn(shifted.data() + 1, len, b);
      BOOST_TEST(std::memcmp(a, b, 32) == 0, f.name << " length " << len);
    }
  }
}

BOOST_AUTO_TEST_CASE(null_arguments_throw) {
  char out[32];
  for (const finalizer &f : finalizers) {
    BOOST_CHECK_THROW(f.fn(nullptr, 1, out), std::invalid_argument);
    BOOST_CHECK_THROW(f.fn("", 0, nullptr), std::invalid_argument);
    BOOST_CHECK_NO_THROW(f.fn(nullptr, 0, out));  // empty message, as Monero's "x" lines
  }
}

BOOST_AUTO_TEST_SUITE_END()
