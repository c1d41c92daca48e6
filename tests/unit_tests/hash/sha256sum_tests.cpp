// common/util.h's tools::sha256sum (Monero's names) and crypto::hash_value.
// Expected digests: FIPS 180-2 appendix B (SHA-256 of "abc" and of the
// 448-bit message "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
// the empty message's well-known digest e3b0c442...b855, and the one-million
// 'a' message of FIPS 180-2 B.3 (cdc76e5c...c0), here read from a file in
// pieces larger and smaller than the reader's 64 KiB buffer.
#include <boost/test/unit_test.hpp>

#include "common/util.h"
#include "crypto/hash.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <unistd.h>

namespace {

std::string hex(const crypto::hash &h) {
  static const char d[] = "0123456789abcdef";
  std::string r;
  for (unsigned char c : h.data) {
    r.push_back(d[c >> 4]);
    r.push_back(d[c & 15]);
  }
  return r;
}

// A temporary file holding `content`, removed when it goes.
struct temp_file {
  std::string path;
  explicit temp_file(const std::string &content) {
    char name[] = "/tmp/cncrypto_sha256_XXXXXX";
    const int fd = mkstemp(name);
    BOOST_REQUIRE(fd >= 0);
    path = name;
    BOOST_REQUIRE(write(fd, content.data(), content.size()) == static_cast<ssize_t>(content.size()));
    close(fd);
  }
  ~temp_file() { std::remove(path.c_str()); }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(sha256sum)

BOOST_AUTO_TEST_CASE(buffer_vectors) {
  crypto::hash h;
  BOOST_REQUIRE(tools::sha256sum(reinterpret_cast<const std::uint8_t *>("abc"), 3, h));
  BOOST_TEST(hex(h) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const std::string m2 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  BOOST_REQUIRE(tools::sha256sum(reinterpret_cast<const std::uint8_t *>(m2.data()), m2.size(), h));
  BOOST_TEST(hex(h) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  BOOST_REQUIRE(tools::sha256sum(nullptr, 0, h));
  BOOST_TEST(hex(h) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  // A null pointer with a length: false, the hash unchanged.
  const crypto::hash before = h;
  BOOST_TEST(!tools::sha256sum(nullptr, 1, h));
  BOOST_TEST(hex(h) == hex(before));
}

BOOST_AUTO_TEST_CASE(file_vectors) {
  crypto::hash h;
  const temp_file empty("");
  BOOST_REQUIRE(tools::sha256sum(empty.path, h));
  BOOST_TEST(hex(h) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  const temp_file million(std::string(1000000, 'a'));
  BOOST_REQUIRE(tools::sha256sum(million.path, h));
  BOOST_TEST(hex(h) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

BOOST_AUTO_TEST_CASE(file_refusals) {
  crypto::hash h = crypto::null_hash;
  BOOST_TEST(!tools::sha256sum(std::string("/nonexistent/cncrypto/file"), h));
  BOOST_TEST(!tools::sha256sum(std::string("/tmp"), h));  // a directory
  BOOST_TEST(!tools::sha256sum(std::string(), h));
  BOOST_TEST(hex(h) == hex(crypto::null_hash));
}

BOOST_AUTO_TEST_CASE(hash_value_is_std_hash) {
  // Boost's hash support (Monero: CRYPTO_MAKE_HASHABLE): the first
  // sizeof(size_t) bytes in memory order, as std::hash<crypto::hash>.
  crypto::hash h;
  for (unsigned i = 0; i < 32; ++i) h.data[i] = static_cast<char>(i + 1);
  std::size_t first;
  std::memcpy(&first, h.data, sizeof first);
  BOOST_TEST(crypto::hash_value(h) == first);
  BOOST_TEST(hash_value(h) == std::hash<crypto::hash>()(h));  // found by ADL
}

BOOST_AUTO_TEST_SUITE_END()
