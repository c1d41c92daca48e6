// The common layer's internal helpers (src/common/internal/common/): the
// constant-time masks and byte functions of ct.h (checked against the plain
// comparisons they replace), Monero's bool-plus-message wrapper
// (bool_result.h), the implementation choice from an environment variable
// (implementation_choice.h, on a table of this file), C's escape letters
// (c_escape.h, checked against C's own escape sequences), the little-endian
// loads and stores (endian.h) and the parse context (parse_context.h).
#include <boost/test/unit_test.hpp>

#include "common/bool_result.h"
#include "common/c_escape.h"
#include "common/ct.h"
#include "common/endian.h"
#include "common/implementation_choice.h"
#include "common/parse_context.h"
#include "common/positioned_error.h"
#include "support/xorshift.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// Values at the edges of the comparisons (0, 1, the sign bit, all-ones) and
// between them.
const std::uint64_t edge_values[] = {0,
                                     1,
                                     2,
                                     0x7f,
                                     0x80,
                                     0xffffffffull,
                                     0x100000000ull,
                                     0x7fffffffffffffffull,
                                     0x8000000000000000ull,
                                     0x8000000000000001ull,
                                     0xfffffffffffffffeull,
                                     0xffffffffffffffffull};

const std::uint64_t all_ones = ~std::uint64_t{0};

}  // namespace

BOOST_AUTO_TEST_SUITE(ct_helpers)

// Every mask against the comparison it computes without a branch.
BOOST_AUTO_TEST_CASE(masks_match_plain_comparisons) {
  std::vector<std::uint64_t> values(std::begin(edge_values), std::end(edge_values));
  cncrypto::test::xorshift64 rng{20261202};
  for (int i = 0; i < 20; ++i) values.push_back(rng());
  for (std::uint64_t a : values) {
    BOOST_TEST_CONTEXT("a = " << a) {
      BOOST_TEST(cncrypto::ct::value_barrier(a) == a);
      BOOST_TEST(cncrypto::ct::value_barrier_u32(static_cast<std::uint32_t>(a)) == static_cast<std::uint32_t>(a));
      BOOST_TEST(cncrypto::ct::is_zero_mask(a) == (a == 0 ? all_ones : 0));
      for (std::uint64_t b : values) {
        BOOST_TEST_CONTEXT("b = " << b) {
          BOOST_TEST(cncrypto::ct::eq_mask(a, b) == (a == b ? all_ones : 0));
          BOOST_TEST(cncrypto::ct::lt_mask(a, b) == (a < b ? all_ones : 0));
          BOOST_TEST(cncrypto::ct::select(all_ones, a, b) == a);
          BOOST_TEST(cncrypto::ct::select(0, a, b) == b);
        }
      }
    }
  }
  BOOST_TEST(cncrypto::ct::mask_from_bit(1) == all_ones);
  BOOST_TEST(cncrypto::ct::mask_from_bit(0) == 0u);
}

BOOST_AUTO_TEST_CASE(byte_functions_match_memcmp_and_memcpy) {
  cncrypto::test::xorshift64 rng{7};
  for (std::size_t n : {0, 1, 31, 32, 33}) {
    std::vector<std::uint8_t> a(n), b(n);
    for (auto &x : a) x = static_cast<std::uint8_t>(rng());
    b = a;
    BOOST_TEST_CONTEXT("n = " << n) {
      BOOST_TEST(cncrypto::ct::equal_bytes(a.data(), b.data(), n) == 1);
      for (std::size_t i = 0; i < n; ++i) {  // one differing byte anywhere, any bit
        for (std::uint8_t flip : {0x01, 0x80}) {
          b[i] ^= flip;
          BOOST_TEST(cncrypto::ct::equal_bytes(a.data(), b.data(), n) == (std::memcmp(a.data(), b.data(), n) == 0));
          b[i] ^= flip;
        }
      }
      std::vector<std::uint8_t> zeros(n, 0);
      BOOST_TEST(cncrypto::ct::is_zero_bytes(zeros.data(), n) == 1);
      for (std::size_t i = 0; i < n; ++i) {
        zeros[i] = 0x40;
        BOOST_TEST(cncrypto::ct::is_zero_bytes(zeros.data(), n) == 0);
        zeros[i] = 0;
      }
      // cmov_bytes: all-ones copies, all-zeros leaves dst as it was.
      std::vector<std::uint8_t> src(n), dst(n), before;
      for (auto &x : src) x = static_cast<std::uint8_t>(rng());
      for (auto &x : dst) x = static_cast<std::uint8_t>(rng());
      before = dst;
      cncrypto::ct::cmov_bytes(dst.data(), src.data(), n, 0);
      BOOST_TEST(dst == before, boost::test_tools::per_element());
      cncrypto::ct::cmov_bytes(dst.data(), src.data(), n, all_ones);
      BOOST_TEST(dst == src, boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(bool_result)

// Monero's style: an exception becomes false and its message, except
// std::bad_alloc, which goes on (out of memory is not a verdict on the input).
BOOST_AUTO_TEST_CASE(guarded_turns_exceptions_into_false) {
  std::string error = "untouched";
  int runs = 0;
  BOOST_TEST(cncrypto::detail::guarded(&error, [&] { ++runs; }));
  BOOST_TEST(runs == 1);
  BOOST_TEST(error == "untouched");
  BOOST_TEST(!cncrypto::detail::guarded(&error, [] { throw std::invalid_argument("bad input 3"); }));
  BOOST_TEST(error == "bad input 3");
  BOOST_TEST(!cncrypto::detail::guarded(nullptr, [] { throw std::runtime_error("no one reads this"); }));
  BOOST_CHECK_THROW(cncrypto::detail::guarded(&error, [] { throw std::bad_alloc(); }), std::bad_alloc);
  BOOST_CHECK_THROW(cncrypto::detail::guarded(nullptr, [] { throw std::bad_alloc(); }), std::bad_alloc);
  BOOST_TEST(error == "bad input 3");  // the rethrow leaves the message alone
  BOOST_TEST(cncrypto::detail::num(18446744073709551615ull) == "18446744073709551615");
}

BOOST_AUTO_TEST_SUITE_END()

namespace {

// A table of three implementations, the middle one not available.
struct fake_impl {
  const char *name;
  bool (*available)();
};
bool yes() { return true; }
bool no() { return false; }
const fake_impl fake_portable{"portable", yes};
const fake_impl fake_missing{"missing", no};
const fake_impl fake_fast{"fast", yes};
const fake_impl *const fake_table[] = {&fake_portable, &fake_missing, &fake_fast};
const fake_impl *const fake_table_best_missing[] = {&fake_portable, &fake_fast, &fake_missing};

constexpr const char fake_variable[] = "CNCRYPTO_TEST_FAKE_IMPL";

const fake_impl &choose(const fake_impl *const *table) {
  return cncrypto::choose_implementation(fake_variable, "fake", table, 3);
}

// The variable set for the scope (unset after), so that a failure does not
// leave it for the next case.
struct forced {
  explicit forced(const char *value) { BOOST_REQUIRE(::setenv(fake_variable, value, 1) == 0); }
  ~forced() { ::unsetenv(fake_variable); }
};

std::string message_of(const fake_impl *const *table) {
  try {
    choose(table);
  } catch (const std::runtime_error &e) {
    return e.what();
  }
  return "(no exception)";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(implementation_choice)

BOOST_AUTO_TEST_CASE(best_available_unless_forced) {
  ::unsetenv(fake_variable);
  // Unset or empty: the best (last) available entry, skipping unavailable ones.
  BOOST_TEST(choose(fake_table).name == std::string("fast"));
  BOOST_TEST(choose(fake_table_best_missing).name == std::string("fast"));
  {
    forced f("");
    BOOST_TEST(choose(fake_table).name == std::string("fast"));
  }
  {
    forced f("portable");
    BOOST_TEST(choose(fake_table).name == std::string("portable"));
  }
  {
    forced f("fast");
    BOOST_TEST(choose(fake_table_best_missing).name == std::string("fast"));
  }
  // Only entries[0] available: it is chosen.
  const fake_impl *const only_portable[] = {&fake_portable, &fake_missing, &fake_missing};
  BOOST_TEST(choose(only_portable).name == std::string("portable"));
}

BOOST_AUTO_TEST_CASE(forced_names_that_cannot_run_are_refused) {
  const std::string names = "valid names: portable, missing (not supported by this CPU), fast";
  BOOST_TEST(cncrypto::implementation_names(fake_table, 3) == "portable, missing (not supported by this CPU), fast");
  {
    forced f("missing");
    const std::string m = message_of(fake_table);
    BOOST_TEST(m.find("CNCRYPTO_TEST_FAKE_IMPL=missing: this CPU cannot run that fake implementation") == 0u);
    BOOST_TEST(m.find(names) != std::string::npos);
  }
  {
    forced f("FAST");  // names are compared exactly
    const std::string m = message_of(fake_table);
    BOOST_TEST(m.find("CNCRYPTO_TEST_FAKE_IMPL=FAST: unknown fake implementation") == 0u);
    BOOST_TEST(m.find(names) != std::string::npos);
  }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(small_helpers)

// The letters are those of C's escapes: '\a' is 0x07 and so on (C11 6.4.4.4).
BOOST_AUTO_TEST_CASE(c_escape_letters_are_cs) {
  const std::pair<char, char> escapes[] = {{'\a', 'a'}, {'\b', 'b'}, {'\t', 't'}, {'\n', 'n'},
                                           {'\v', 'v'}, {'\f', 'f'}, {'\r', 'r'}};
  for (const auto &[byte, letter] : escapes) {
    BOOST_TEST(cncrypto::c_escape_letter(static_cast<unsigned char>(byte)) == letter);
  }
  for (unsigned c = 0; c < 256; ++c) {
    if (c >= 0x07 && c <= 0x0d) continue;
    BOOST_TEST_CONTEXT("byte " << c) { BOOST_TEST(cncrypto::c_escape_letter(static_cast<unsigned char>(c)) == 0); }
  }
}

// Little-endian: the first byte is the least significant, on any host.
BOOST_AUTO_TEST_CASE(le64_is_little_endian) {
  const std::uint8_t bytes[9] = {0xaa, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
  std::uint64_t expected = 0;
  for (int i = 7; i >= 0; --i) expected = (expected << 8) | bytes[1 + i];
  BOOST_TEST(expected == 0xefcdab8967452301ull);
  BOOST_TEST(cncrypto::load_le64(bytes + 1) == expected);  // unaligned
  std::uint8_t out[9] = {};
  cncrypto::store_le64(out + 1, expected);
  BOOST_TEST(std::memcmp(out + 1, bytes + 1, 8) == 0);
  BOOST_TEST(out[0] == 0);
}

BOOST_AUTO_TEST_CASE(parse_context_names_the_element) {
  const std::uint8_t data[] = {1, 2};
  cncrypto::binary_reader r(cncrypto::byte_span(data, sizeof data), 40);
  int calls = 0;
  cncrypto::with_parse_context("input", 0, [&] {
    ++calls;
    r.read_u8("a");
  });
  BOOST_TEST(calls == 1);
  try {
    cncrypto::with_parse_context("input", 3, [&] { r.read_u32_le("key offset"); });
    BOOST_FAIL("read past the end");
  } catch (const cncrypto::parse_error &e) {
    BOOST_TEST(e.offset() == 41u);  // where the failed read began: base 40 + 1 byte read
    BOOST_TEST(e.reason() == "input 3: key offset: unexpected end of input (4 bytes needed, 1 remain)");
  }
  // Other exceptions pass unchanged.
  BOOST_CHECK_THROW(cncrypto::with_parse_context("input", 0, [] { throw std::logic_error("x"); }), std::logic_error);
}

BOOST_AUTO_TEST_CASE(positioned_error_keeps_kind_and_position) {
  enum class kind { a, b };
  const cncrypto::positioned_error<kind> e(kind::b, 17, "bad thing at 17");
  BOOST_TEST((e.error_kind() == kind::b));
  BOOST_TEST(e.position() == 17u);
  BOOST_TEST(std::string(e.what()) == "bad thing at 17");
  const std::invalid_argument &base = e;  // callers may catch std::invalid_argument
  BOOST_TEST(std::string(base.what()) == "bad thing at 17");
}

BOOST_AUTO_TEST_SUITE_END()
