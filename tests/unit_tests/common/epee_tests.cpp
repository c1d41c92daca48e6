// epee's memwipe.h, mlocker.h and wipeable_string.h (Monero's contrib/epee
// names): expected values are worked out by hand from Monero 0.18's documented
// behaviour (epee's wipeable_string.cpp, mlocker.cpp) and, for the hash,
// the published FNV-1a 64-bit test values (Fowler/Noll/Vo).
#include <boost/test/unit_test.hpp>

#include "common/page_locks.h"
#include "memwipe.h"
#include "mlocker.h"
#include "wipeable_string.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

struct bytes32 {
  unsigned char data[32];
};

// A page-aligned region of `pages` pages inside a heap block.
struct aligned_pages {
  explicit aligned_pages(std::size_t pages)
      : ps(epee::mlocker::get_page_size()), block(new char[(pages + 1) * ps]) {
    const auto p = reinterpret_cast<std::uintptr_t>(block.get());
    base = reinterpret_cast<char *>((p + ps - 1) / ps * ps);
  }
  std::size_t ps;
  std::unique_ptr<char[]> block;
  char *base;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(epee_memwipe)

BOOST_AUTO_TEST_CASE(memwipe_zeroes_and_returns_its_argument) {
  unsigned char buf[40];
  std::memset(buf, 0xa5, sizeof buf);
  BOOST_CHECK(memwipe(buf + 4, 32) == buf + 4);
  for (std::size_t i = 0; i < sizeof buf; ++i) BOOST_CHECK_EQUAL(buf[i], (i >= 4 && i < 36) ? 0 : 0xa5);
  BOOST_CHECK(memwipe(nullptr, 0) == nullptr);
  BOOST_CHECK(memwipe(nullptr, 16) == nullptr);  // refused quietly, no crash
}

BOOST_AUTO_TEST_CASE(scrubbed_wipes_when_destroyed) {
  alignas(tools::scrubbed<bytes32>) unsigned char storage[sizeof(tools::scrubbed<bytes32>)];
  auto *s = new (storage) tools::scrubbed<bytes32>();
  std::memset(s->data, 0x5a, sizeof s->data);
  BOOST_CHECK_EQUAL(tools::unwrap(*s).data[31], 0x5a);
  s->~scrubbed();
  for (unsigned char b : storage) BOOST_CHECK_EQUAL(b, 0);

  tools::scrubbed_arr<std::uint8_t, 3> arr;
  arr[0] = 1;
  arr[2] = 3;
  arr.scrub();
  BOOST_CHECK(unwrap(arr) == (std::array<std::uint8_t, 3>{0, 0, 0}));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(epee_mlocker)

BOOST_AUTO_TEST_CASE(pages_are_counted_per_page) {
  aligned_pages mem(4);
  const std::size_t ps = mem.ps;
  BOOST_REQUIRE(ps >= 64);
  const std::size_t pages0 = epee::mlocker::get_num_locked_pages();
  const std::size_t objects0 = epee::mlocker::get_num_locked_objects();
  {
    epee::mlocker a(mem.base + 8, 16);           // page 0
    epee::mlocker b(mem.base + 32, 16);          // page 0 again
    epee::mlocker c(mem.base + ps - 1, 2);       // pages 0 and 1
    epee::mlocker d(mem.base + 2 * ps, 2 * ps);  // pages 2 and 3
    BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_pages(), pages0 + 4);
    BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_objects(), objects0 + 4);
    {
      epee::mlocker empty(mem.base, 0);  // an object, no page (Monero's count)
      BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_pages(), pages0 + 4);
      BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_objects(), objects0 + 5);
    }
    epee::mlocker::unlock(mem.base + 2 * ps, 2 * ps);  // one hold of d's pages, and one object, go
    BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_pages(), pages0 + 2);
    epee::mlocker::lock(mem.base + 2 * ps, 2 * ps);  // and come back, for d's destructor
  }
  BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_pages(), pages0);
  BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_objects(), objects0);
}

BOOST_AUTO_TEST_CASE(layer_locks_share_the_page_table) {
  aligned_pages mem(1);
  const std::size_t pages0 = epee::mlocker::get_num_locked_pages();
  // crypto's mlock_secret (cncrypto::detail::lock_pages) and mlocker hold the
  // same page: the page stays locked until both are gone.
  (void)cncrypto::detail::lock_pages(mem.base, 32);
  {
    epee::mlocker m(mem.base + 64, 32);
    BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_pages(), pages0 + 1);
  }
  BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_pages(), pages0 + 1);
  cncrypto::detail::unlock_pages(mem.base, 32);
  BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_pages(), pages0);
  BOOST_CHECK(!cncrypto::detail::lock_pages(nullptr, 32));
  BOOST_CHECK(!cncrypto::detail::lock_pages(mem.base, 0));
  BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_pages(), pages0);
}

BOOST_AUTO_TEST_CASE(mlocked_locks_for_its_life) {
  const std::size_t objects0 = epee::mlocker::get_num_locked_objects();
  {
    epee::mlocked<tools::scrubbed<bytes32>> key;  // Monero's secret_key shape
    BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_objects(), objects0 + 1);
    BOOST_CHECK_EQUAL(key.data[0], 0);  // value-initialised
    key.data[0] = 7;
    epee::mlocked<tools::scrubbed<bytes32>> copy(key);
    BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_objects(), objects0 + 2);
    BOOST_CHECK_EQUAL(unwrap(unwrap(copy)).data[0], 7);
    epee::mlocked_arr<std::uint8_t, 32> arr;
    BOOST_CHECK_EQUAL(arr.size(), 32u);
    BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_objects(), objects0 + 3);
  }
  BOOST_CHECK_EQUAL(epee::mlocker::get_num_locked_objects(), objects0);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(epee_wipeable_string)

namespace {
std::string str(const epee::wipeable_string &w) { return std::string(w.data(), w.size()); }
}  // namespace

BOOST_AUTO_TEST_CASE(construction_and_appending) {
  BOOST_CHECK(epee::wipeable_string().empty());
  BOOST_CHECK_EQUAL(str(epee::wipeable_string("abc")), "abc");
  BOOST_CHECK_EQUAL(str(epee::wipeable_string("a\0c", 3)), std::string("a\0c", 3));
  BOOST_CHECK(epee::wipeable_string(static_cast<const char *>(nullptr)).empty());
  std::string moved = "secret";
  epee::wipeable_string w(std::move(moved));
  BOOST_CHECK_EQUAL(str(w), "secret");
  BOOST_CHECK(moved.empty());  // Monero wipes and empties the source
  w += '!';
  w += std::string("12");
  w += "3";
  w += epee::wipeable_string("45");
  w.append("678", 2);
  BOOST_CHECK_EQUAL(str(w), "secret!1234567");
  BOOST_CHECK_EQUAL(w.pop_back(), '7');
  BOOST_CHECK_EQUAL(w.length(), 13u);
  w.resize(3);
  BOOST_CHECK_EQUAL(str(w), "sec");
  w.reserve(1000);
  BOOST_CHECK_EQUAL(str(w), "sec");
  w.wipe();
  BOOST_CHECK(w == epee::wipeable_string(std::string(3, '\0')));
  w.clear();
  BOOST_CHECK(w.empty());
  BOOST_CHECK_THROW(w.pop_back(), std::out_of_range);
  // Many single pushes (reallocations on the way) keep every byte.
  for (int i = 0; i < 1000; ++i) w.push_back(static_cast<char>('a' + i % 26));
  BOOST_CHECK_EQUAL(w.size(), 1000u);
  BOOST_CHECK_EQUAL(w.data()[999], 'a' + 999 % 26);
  epee::wipeable_string copy;
  copy = w;
  BOOST_CHECK(copy == w);
  epee::wipeable_string moved_to;
  moved_to = std::move(copy);
  BOOST_CHECK(moved_to == w);
  BOOST_CHECK(moved_to != epee::wipeable_string("x"));
}

BOOST_AUTO_TEST_CASE(trim_strips_spaces_only) {
  epee::wipeable_string w("  a b  ");
  w.trim();
  BOOST_CHECK_EQUAL(str(w), "a b");
  epee::wipeable_string tabs("\ta\t");
  tabs.trim();
  BOOST_CHECK_EQUAL(str(tabs), "\ta\t");  // as in Monero: ' ' only
  epee::wipeable_string blank("   ");
  blank.trim();
  BOOST_CHECK(blank.empty());
}

BOOST_AUTO_TEST_CASE(split_at_any_whitespace) {
  std::vector<epee::wipeable_string> fields{epee::wipeable_string("old")};
  epee::wipeable_string("\tfoo\n bar\r\nbaz  ").split(fields);
  BOOST_REQUIRE_EQUAL(fields.size(), 3u);
  BOOST_CHECK_EQUAL(str(fields[0]), "foo");
  BOOST_CHECK_EQUAL(str(fields[1]), "bar");
  BOOST_CHECK_EQUAL(str(fields[2]), "baz");
  epee::wipeable_string(" \t ").split(fields);
  BOOST_CHECK(fields.empty());
}

BOOST_AUTO_TEST_CASE(parse_hexstr_and_hex_to_pod) {
  BOOST_CHECK(epee::wipeable_string("0").parse_hexstr() == boost::none);
  BOOST_CHECK(epee::wipeable_string("0g").parse_hexstr() == boost::none);
  BOOST_CHECK(epee::wipeable_string(std::string("0\0", 2)).parse_hexstr() == boost::none);  // Monero: 0x10
  const auto empty = epee::wipeable_string("").parse_hexstr();
  BOOST_REQUIRE(empty);
  BOOST_CHECK(empty->empty());
  const auto abc = epee::wipeable_string("41426a").parse_hexstr();
  BOOST_REQUIRE(abc);
  BOOST_CHECK_EQUAL(str(*abc), "ABj");
  const auto upper = epee::wipeable_string("FF0a").parse_hexstr();
  BOOST_REQUIRE(upper);
  BOOST_CHECK_EQUAL(str(*upper), std::string("\xff\x0a", 2));

  std::uint32_t v = 7;
  BOOST_CHECK(epee::wipeable_string("01020304").hex_to_pod(v));
  BOOST_CHECK_EQUAL(std::memcmp(&v, "\x01\x02\x03\x04", 4), 0);
  BOOST_CHECK(!epee::wipeable_string("010203").hex_to_pod(v));
  BOOST_CHECK(!epee::wipeable_string("0102030x").hex_to_pod(v));
  BOOST_CHECK_EQUAL(std::memcmp(&v, "\x01\x02\x03\x04", 4), 0);  // unchanged
  tools::scrubbed<bytes32> key;
  BOOST_CHECK(epee::wipeable_string(std::string(64, 'e')).hex_to_pod(key));
  BOOST_CHECK_EQUAL(key.data[17], 0xee);
}

BOOST_AUTO_TEST_CASE(std_hash_is_fnv1a_64) {
  // FNV-1a 64-bit: "" -> cbf29ce484222325, "a" -> af63dc4c8601ec8c,
  // "foobar" -> 85944171f73967e8 (the FNV authors' test values).
  if (sizeof(std::size_t) == 8) {
    const std::hash<epee::wipeable_string> h;
    BOOST_CHECK_EQUAL(h(epee::wipeable_string("")), static_cast<std::size_t>(0xcbf29ce484222325ULL));
    BOOST_CHECK_EQUAL(h(epee::wipeable_string("a")), static_cast<std::size_t>(0xaf63dc4c8601ec8cULL));
    BOOST_CHECK_EQUAL(h(epee::wipeable_string("foobar")), static_cast<std::size_t>(0x85944171f73967e8ULL));
  }
}

BOOST_AUTO_TEST_SUITE_END()
