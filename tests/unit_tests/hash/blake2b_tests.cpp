// crypto/blake2b.h (Monero master's BLAKE2b API) and its implementation table
// (hash/blake2b_impl.h). Expected values, each from outside cncrypto:
//   - RFC 7693 Appendix A (BLAKE2b-512 of "abc");
//   - Monero's own tests/hash/tests-blake2b.txt (../shared/vectors/monero-hash/,
//     the BLAKE2 reference keyed known answers) and the blake2b* lines of
//     ../shared/vectors/monero_master_crypto.txt (computed by Monero master's
//     code, README_master.md);
//   - Python's hashlib.blake2b (tests/unit_tests/vectors/blake2b_hashlib.txt,
//     written by generate_blake2b_vectors.py, which ctest reruns with --check);
//   - libsodium's crypto_generichash and crypto_generichash_blake2b_salt_personal
//     on random inputs (outputs 16..64 bytes, libsodium's range).
// Bad arguments must give Monero's return values (blake2b.c at master 0aa9c51).
// The multi-message batch (crypto/blake2b_batch.h) is checked against the same
// hashlib and libsodium values and against the single-message calls, on every
// implementation this CPU runs (hash_batch with each table entry).
// The suite runs under the implementation the probe picks; scripts/test.sh reruns
// it once per implementation (CNCRYPTO_BLAKE2B_IMPL, label "blake2b"), and
// implementations_agree compares every available one with the portable one.
#include <boost/test/unit_test.hpp>

#include "common/cpu_features.h"
#include "common/hex.h"
#include "crypto/blake2b.h"
#include "crypto/blake2b_batch.h"
#include "hash/blake2b_impl.h"
#include "support/shared_data.h"
#include "support/vector_file.h"
#include "support/xorshift.h"

#include <sodium/crypto_generichash.h>
#include <sodium/crypto_generichash_blake2b.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using bytes = std::vector<std::uint8_t>;
using cncrypto::test::hex_field;
using cncrypto::test::u64_field;

std::string hex(const bytes &b) { return cncrypto::hex_encode(b.data(), b.size()); }

// generate_fips202_vectors.py's input stream (x = x * 1103515245 + 12345 mod 2^31).
bytes pattern(std::size_t length) {
  bytes out(length);
  std::uint32_t x = 1;
  for (auto &b : out) {
    x = (x * 1103515245u + 12345u) & 0x7fffffffu;
    b = static_cast<std::uint8_t>(x >> 16);
  }
  return out;
}

bytes random_bytes(cncrypto::test::xorshift64 &rng, std::size_t n) {
  bytes out(n);
  for (auto &b : out) b = static_cast<std::uint8_t>(rng() >> 24);
  return out;
}

const void *ptr_or_null(const bytes &b) { return b.empty() ? nullptr : b.data(); }

// One-shot blake2b(); "false" when it returns -1.
std::string oneshot(std::size_t outlen, const bytes &key, const bytes &in) {
  bytes out(outlen == 0 ? 1 : outlen);
  if (blake2b(out.data(), outlen, ptr_or_null(in), in.size(), ptr_or_null(key), key.size()) != 0) return "false";
  return hex(out);
}

// The same hash through the streaming API: init_param (with the key block
// when keyed), updates of the given piece size (0: one update), final.
std::string streamed(const blake2b_param &P, const bytes &key, const bytes &in, std::size_t piece,
                     unsigned last_node = 0) {
  blake2b_state S;
  BOOST_REQUIRE_EQUAL(blake2b_init_param(&S, &P), 0);
  S.last_node = static_cast<std::uint8_t>(last_node);
  if (!key.empty()) {
    std::uint8_t block[BLAKE2B_BLOCKBYTES] = {};
    std::memcpy(block, key.data(), key.size());
    BOOST_REQUIRE_EQUAL(blake2b_update(&S, block, sizeof block), 0);
  }
  if (piece == 0) piece = in.size() + 1;
  for (std::size_t at = 0; at < in.size(); at += piece) {
    BOOST_REQUIRE_EQUAL(blake2b_update(&S, in.data() + at, std::min(piece, in.size() - at)), 0);
  }
  bytes out(P.digest_length);
  BOOST_REQUIRE_EQUAL(blake2b_final(&S, out.data(), out.size()), 0);
  return hex(out);
}

blake2b_param sequential(std::size_t outlen, std::size_t keylen, const bytes &salt, const bytes &personal) {
  blake2b_param P;
  std::memset(&P, 0, sizeof P);
  P.digest_length = static_cast<std::uint8_t>(outlen);
  P.key_length = static_cast<std::uint8_t>(keylen);
  P.fanout = 1;
  P.depth = 1;
  if (!salt.empty()) std::memcpy(P.salt, salt.data(), salt.size());  // (memcpy from NULL is undefined)
  if (!personal.empty()) std::memcpy(P.personal, personal.data(), personal.size());
  return P;
}

blake2b_param from_block(const bytes &block) {
  BOOST_REQUIRE_EQUAL(block.size(), sizeof(blake2b_param));
  blake2b_param P;
  std::memcpy(&P, block.data(), sizeof P);
  return P;
}

// Monero's tests/hash/tests-blake2b.txt: "in:", "key:", "hash:" records, a tab
// after the tag, hex values (empty for the empty input).
struct keyed_answer {
  bytes in, key, hash;
};
std::vector<keyed_answer> read_monero_blake2b_file() {
  const auto path = cncrypto::test::shared_path("vectors/monero-hash/tests-blake2b.txt");
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot open " + path.string());
  std::vector<keyed_answer> out;
  keyed_answer current;
  std::string line;
  auto value = [](const std::string &l, std::size_t tag) {
    std::string v = l.substr(tag);
    while (!v.empty() && (v.front() == '\t' || v.front() == ' ')) v.erase(v.begin());
    while (!v.empty() && (v.back() == '\r' || v.back() == ' ')) v.pop_back();
    return v.empty() ? bytes() : hex_field(v);
  };
  while (std::getline(file, line)) {
    if (line.rfind("in:", 0) == 0) current.in = value(line, 3);
    if (line.rfind("key:", 0) == 0) current.key = value(line, 4);
    if (line.rfind("hash:", 0) == 0) {
      current.hash = value(line, 5);
      out.push_back(current);
    }
  }
  return out;
}


// A batch's inputs and what each single call gives: the owner of the bytes the
// blake2b_batch_input pointers point to.
struct batch_case {
  std::vector<bytes> ins, keys, salts, personals;
  std::vector<cncrypto::blake2b_batch_input> inputs;
  std::vector<std::string> expected;  // hex digest of each input
  std::size_t total = 0;              // digest bytes

  void add(bytes in, bytes key, bytes salt, bytes personal, std::size_t outlen, std::string digest) {
    ins.push_back(std::move(in));
    keys.push_back(std::move(key));
    salts.push_back(std::move(salt));
    personals.push_back(std::move(personal));
    cncrypto::blake2b_batch_input x;
    x.inlen = ins.back().size();
    x.keylen = keys.back().size();
    x.outlen = outlen;
    inputs.push_back(x);
    expected.push_back(std::move(digest));
    total += outlen;
  }
  // The pointers, once the vectors no longer move.
  void bind() {
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      inputs[i].in = ptr_or_null(ins[i]);
      inputs[i].key = ptr_or_null(keys[i]);
      inputs[i].salt = ptr_or_null(salts[i]);
      inputs[i].personal = ptr_or_null(personals[i]);
    }
  }
  // The batch's digests split per input, as hex.
  std::vector<std::string> split(const bytes &digests) const {
    std::vector<std::string> out;
    std::size_t at = 0;
    for (const auto &x : inputs) {
      out.push_back(cncrypto::hex_encode(digests.data() + at, x.outlen));
      at += x.outlen;
    }
    return out;
  }
};

// Every implementation this CPU runs, through hash_batch (the one-by-one loop
// for portable, the lanes for avx2 and avx512), then the public function (the
// implementation the probe or CNCRYPTO_BLAKE2B_IMPL picked).
void check_batch(batch_case &c) {
  c.bind();
  namespace impl = cncrypto::blake2b_impl;
  std::size_t n = 0;
  const impl::implementation *const *all = impl::implementations(n);
  for (std::size_t k = 0; k < n; ++k) {
    if (!all[k]->available()) continue;
    bytes digests(c.total + 1, 0xa5);
    impl::hash_batch(*all[k], digests.data(), c.inputs.data(), c.inputs.size());
    BOOST_TEST_CONTEXT(all[k]->name << ", " << c.inputs.size() << " messages") {
      BOOST_TEST(c.split(digests) == c.expected, boost::test_tools::per_element());
      BOOST_TEST(digests.back() == 0xa5);  // nothing past the digests
    }
  }
  bytes digests(c.total + 1, 0xa5);
  cncrypto::blake2b_batch(digests.data(), c.total, c.inputs.data(), c.inputs.size());
  BOOST_TEST(c.split(digests) == c.expected, boost::test_tools::per_element());
  BOOST_TEST(digests.back() == 0xa5);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(blake2b_api)  // not "blake2b": crypto/blake2b.h makes that a macro

BOOST_AUTO_TEST_CASE(rfc7693_appendix_a) {
  const std::string expected =
      "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
      "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923";
  const bytes abc = {'a', 'b', 'c'};
  BOOST_TEST(oneshot(64, {}, abc) == expected);
  for (std::size_t piece : {0u, 1u, 2u}) BOOST_TEST(streamed(sequential(64, 0, {}, {}), {}, abc, piece) == expected);
  blake2b_state S;
  BOOST_REQUIRE_EQUAL(blake2b_init(&S, 64), 0);
  BOOST_REQUIRE_EQUAL(blake2b_update(&S, abc.data(), abc.size()), 0);
  bytes out(64);
  BOOST_REQUIRE_EQUAL(blake2b_final(&S, out.data(), out.size()), 0);
  BOOST_TEST(hex(out) == expected);
}

BOOST_AUTO_TEST_CASE(monero_tests_blake2b_file, *cncrypto::test::needs_shared()) {
  const auto answers = read_monero_blake2b_file();
  BOOST_REQUIRE_EQUAL(answers.size(), 256u);
  for (const auto &a : answers) {
    BOOST_TEST_CONTEXT("input length " << a.in.size()) {
      BOOST_TEST(oneshot(64, a.key, a.in) == hex(a.hash));
      // Monero's tests/hash calls it with the key and the input in one buffer.
      BOOST_TEST(streamed(sequential(64, a.key.size(), {}, {}), a.key, a.in, 1 + a.in.size() / 3) == hex(a.hash));
      blake2b_state S;
      BOOST_REQUIRE_EQUAL(blake2b_init_key(&S, 64, a.key.data(), a.key.size()), 0);
      BOOST_REQUIRE_EQUAL(blake2b_update(&S, a.in.data(), a.in.size()), 0);
      bytes out(64);
      BOOST_REQUIRE_EQUAL(blake2b_final(&S, out.data(), out.size()), 0);
      BOOST_TEST(hex(out) == hex(a.hash));
    }
  }
}

BOOST_AUTO_TEST_CASE(monero_master_lines, *cncrypto::test::needs_shared()) {
  const auto path = cncrypto::test::shared_path("vectors/monero_master_crypto.txt");
  std::size_t seen[4] = {};
  for (const auto &line : cncrypto::test::read_vector_file(path)) {
    const auto &f = line.fields;
    BOOST_TEST_CONTEXT(path.filename().string() << " line " << line.line_number << ": " << f[0]) {
      if (f[0] == "blake2b" || f[0] == "blake2b_monero") {
        const bool monero = f[0] == "blake2b_monero";
        const std::size_t outlen = u64_field(f[1]);
        const bytes key = hex_field(f[2]), in = hex_field(f[3]);
        const std::string expected = f[4] == "true" ? f.at(5) : "false";
        bytes out(outlen == 0 ? 1 : outlen, 0xee);
        const int r = monero ? blake2b_monero(out.data(), outlen, in.data(), in.size(), ptr_or_null(key), key.size())
                             : blake2b(out.data(), outlen, in.data(), in.size(), ptr_or_null(key), key.size());
        BOOST_TEST((r == 0 ? hex(out) : std::string("false")) == expected);
        if (r != 0) BOOST_TEST(r == -1);
        ++seen[monero ? 1 : 0];
      } else if (f[0] == "blake2b_param") {
        const blake2b_param P = from_block(hex_field(f[1]));
        const bytes key = hex_field(f[2]), in = hex_field(f[3]);
        BOOST_TEST(streamed(P, key, in, 0) == f[4]);
        BOOST_TEST(streamed(P, key, in, 7) == f[4]);
        ++seen[2];
      } else if (f[0] == "blake2b_long") {
        const std::size_t outlen = u64_field(f[1]);
        const bytes in = hex_field(f[2]);
        const std::string expected = f[3] == "true" ? f.at(4) : "false";
        bytes out(outlen == 0 ? 1 : outlen, 0xee);
        const int r = blake2b_long(out.data(), outlen, in.data(), in.size());
        BOOST_TEST((r == 0 ? hex(out) : std::string("false")) == expected);
        ++seen[3];
      }
    }
  }
  // README_master.md's counts.
  BOOST_TEST(seen[0] == 111u);
  BOOST_TEST(seen[1] == 157u);
  BOOST_TEST(seen[2] == 80u);
  BOOST_TEST(seen[3] == 27u);
}

BOOST_AUTO_TEST_CASE(hashlib_vectors) {
  const auto path = cncrypto::test::repo_vectors_dir() / "blake2b_hashlib.txt";
  std::size_t plain = 0, long_form = 0, tree = 0;
  for (const auto &line : cncrypto::test::read_vector_file(path)) {
    const auto &f = line.fields;
    BOOST_TEST_CONTEXT("blake2b_hashlib.txt line " << line.line_number) {
      if (f[0] == "blake2b") {
        const std::size_t outlen = u64_field(f[1]);
        const bytes in = pattern(u64_field(f[2])), key = hex_field(f[3]), salt = hex_field(f[4]),
                    personal = hex_field(f[5]);
        const std::string &expected = f[6];
        BOOST_TEST(streamed(sequential(outlen, key.size(), salt, personal), key, in, 0) == expected);
        BOOST_TEST(streamed(sequential(outlen, key.size(), salt, personal), key, in, 61) == expected);
        if (salt.empty() && personal.empty()) BOOST_TEST(oneshot(outlen, key, in) == expected);
        if (salt.empty() && personal == bytes{'M', 'o', 'n', 'e', 'r', 'o'}) {
          bytes out(outlen);
          BOOST_REQUIRE_EQUAL(
              blake2b_monero(out.data(), outlen, in.data(), in.size(), ptr_or_null(key), key.size()), 0);
          BOOST_TEST(hex(out) == expected);
        }
        ++plain;
      } else if (f[0] == "blake2b_long") {
        const std::size_t outlen = u64_field(f[1]);
        const bytes in = pattern(u64_field(f[2]));
        bytes out(outlen);
        BOOST_REQUIRE_EQUAL(blake2b_long(out.data(), outlen, in.data(), in.size()), 0);
        BOOST_TEST(hex(out) == f[3]);
        ++long_form;
      } else if (f[0] == "blake2b_tree") {
        const blake2b_param P = from_block(hex_field(f[1]));
        const bytes in = pattern(u64_field(f[3])), key = hex_field(f[4]);
        BOOST_TEST(streamed(P, key, in, 0, static_cast<unsigned>(u64_field(f[2]))) == f[5]);
        BOOST_TEST(streamed(P, key, in, 5, static_cast<unsigned>(u64_field(f[2]))) == f[5]);
        ++tree;
      }
    }
  }
  BOOST_TEST(plain == 440u);
  BOOST_TEST(long_form == 26u);
  BOOST_TEST(tree == 12u);
}

// libsodium's BLAKE2b: digests of 16..64 bytes, keys of 16..64 bytes (and none),
// salt and personalisation through crypto_generichash_blake2b_salt_personal.
BOOST_AUTO_TEST_CASE(libsodium_generichash) {
  cncrypto::test::xorshift64 rng;
  for (int i = 0; i < 600; ++i) {
    const std::size_t outlen = crypto_generichash_BYTES_MIN + rng() % (crypto_generichash_BYTES_MAX - 15);
    const std::size_t keylen = i % 3 == 0 ? 0 : crypto_generichash_KEYBYTES_MIN + rng() % 49;
    const std::size_t inlen = i < 300 ? static_cast<std::size_t>(i) : rng() % 2000;
    const bytes in = random_bytes(rng, inlen), key = random_bytes(rng, keylen);
    bytes theirs(outlen);
    BOOST_REQUIRE_EQUAL(
        crypto_generichash(theirs.data(), outlen, in.data(), in.size(), key.empty() ? nullptr : key.data(), keylen),
        0);
    BOOST_TEST_CONTEXT("outlen " << outlen << " keylen " << keylen << " inlen " << inlen) {
      BOOST_TEST(oneshot(outlen, key, in) == hex(theirs));
      BOOST_TEST(streamed(sequential(outlen, keylen, {}, {}), key, in, 1 + rng() % 200) == hex(theirs));
      const bytes salt = random_bytes(rng, 16), personal = random_bytes(rng, 16);
      BOOST_REQUIRE_EQUAL(crypto_generichash_blake2b_salt_personal(theirs.data(), outlen, in.data(), in.size(),
                                                                   key.empty() ? nullptr : key.data(), keylen,
                                                                   salt.data(), personal.data()),
                          0);
      BOOST_TEST(streamed(sequential(outlen, keylen, salt, personal), key, in, 0) == hex(theirs));
    }
  }
}

// RFC 7693's incremental hashing: every split of an input into two updates,
// and one byte at a time, equal the one-shot hash (unkeyed and keyed).
BOOST_AUTO_TEST_CASE(streaming_splits) {
  for (std::size_t n : {0u, 1u, 127u, 128u, 129u, 255u, 256u, 257u, 385u}) {
    const bytes in = pattern(n);
    for (const bytes &key : {bytes(), pattern(64), pattern(5)}) {
      const std::string expected = oneshot(48, key, in);
      BOOST_TEST_CONTEXT("length " << n << " keylen " << key.size()) {
        BOOST_TEST(streamed(sequential(48, key.size(), {}, {}), key, in, 1) == expected);
        for (std::size_t split = 0; split <= n; ++split) {
          blake2b_state S;
          BOOST_REQUIRE_EQUAL(key.empty() ? blake2b_init(&S, 48) : blake2b_init_key(&S, 48, key.data(), key.size()),
                              0);
          BOOST_REQUIRE_EQUAL(blake2b_update(&S, in.data(), split), 0);
          BOOST_REQUIRE_EQUAL(blake2b_update(&S, in.data() + split, n - split), 0);
          bytes out(64, 0xee);  // more room than the digest: only 48 bytes written
          BOOST_REQUIRE_EQUAL(blake2b_final(&S, out.data(), out.size()), 0);
          BOOST_TEST(hex(bytes(out.begin(), out.begin() + 48)) == expected);
          BOOST_TEST(out[48] == 0xee);
        }
      }
    }
  }
}

// Monero's return values on bad arguments (blake2b.c at master 0aa9c51), and
// -1 where Monero's code would read or write out of bounds.
BOOST_AUTO_TEST_CASE(bad_arguments) {
  const bytes in = pattern(10), key = pattern(65);
  std::uint8_t out[65];
  // blake2b: outlen 0 / 65, key too long, NULL with a length, NULL out.
  BOOST_TEST(blake2b(out, 0, in.data(), in.size(), nullptr, 0) == -1);
  BOOST_TEST(blake2b(out, 65, in.data(), in.size(), nullptr, 0) == -1);
  BOOST_TEST(blake2b(out, 32, in.data(), in.size(), key.data(), 65) == -1);
  BOOST_TEST(blake2b(out, 32, in.data(), in.size(), nullptr, 32) == -1);
  BOOST_TEST(blake2b(out, 32, nullptr, 1, nullptr, 0) == -1);
  BOOST_TEST(blake2b(nullptr, 32, in.data(), in.size(), nullptr, 0) == -1);
  BOOST_TEST(blake2b(out, 32, nullptr, 0, nullptr, 0) == 0);
  // A non-NULL key of length 0 is no key for blake2b, a failure for blake2b_monero.
  std::uint8_t unkeyed[32], with_empty_key[32];
  BOOST_TEST(blake2b(unkeyed, 32, in.data(), in.size(), nullptr, 0) == 0);
  BOOST_TEST(blake2b(with_empty_key, 32, in.data(), in.size(), key.data(), 0) == 0);
  BOOST_TEST(std::memcmp(unkeyed, with_empty_key, 32) == 0);
  BOOST_TEST(blake2b_monero(out, 32, in.data(), in.size(), key.data(), 0) == -1);
  BOOST_TEST(blake2b_monero(out, 0, in.data(), in.size(), nullptr, 0) == -1);
  BOOST_TEST(blake2b_monero(out, 65, in.data(), in.size(), nullptr, 0) == -1);
  BOOST_TEST(blake2b_monero(out, 32, in.data(), in.size(), key.data(), 65) == -1);
  BOOST_TEST(blake2b_monero(out, 32, nullptr, 3, nullptr, 0) == -1);
  BOOST_TEST(blake2b_monero(nullptr, 32, in.data(), in.size(), nullptr, 0) == -1);
  // Monero's debug-only assert(keylen == 0 || keylen == 32): release behaviour.
  BOOST_TEST(blake2b_monero(out, 32, in.data(), in.size(), key.data(), 31) == 0);

  // init / init_key: -1, and the state refuses update and final afterwards.
  blake2b_state S;
  BOOST_TEST(blake2b_init(nullptr, 32) == -1);
  for (std::size_t bad : {0u, 65u}) {
    BOOST_TEST(blake2b_init(&S, bad) == -1);
    BOOST_TEST(blake2b_update(&S, in.data(), in.size()) == -1);
    BOOST_TEST(blake2b_update(&S, in.data(), 0) == 0);  // Monero: an empty update returns 0 first
    BOOST_TEST(blake2b_final(&S, out, sizeof out) == -1);
    BOOST_TEST(blake2b_init_key(&S, bad, key.data(), 32) == -1);
    BOOST_TEST(blake2b_final(&S, out, sizeof out) == -1);
  }
  BOOST_TEST(blake2b_init_key(nullptr, 32, key.data(), 32) == -1);
  BOOST_TEST(blake2b_init_key(&S, 32, nullptr, 32) == -1);
  BOOST_TEST(blake2b_init_key(&S, 32, key.data(), 0) == -1);
  BOOST_TEST(blake2b_init_key(&S, 32, key.data(), 65) == -1);
  BOOST_TEST(blake2b_final(&S, out, sizeof out) == -1);
  BOOST_TEST(blake2b_update(nullptr, in.data(), 0) == 0);
  BOOST_TEST(blake2b_update(nullptr, in.data(), 1) == -1);

  // final: too little room (the state stays usable), NULL out, twice; update after final.
  BOOST_REQUIRE(blake2b_init(&S, 32) == 0);
  BOOST_TEST(blake2b_update(&S, nullptr, 1) == -1);
  BOOST_TEST(blake2b_update(&S, in.data(), in.size()) == 0);
  BOOST_TEST(blake2b_final(&S, out, 31) == -1);
  BOOST_TEST(blake2b_final(&S, nullptr, 32) == -1);
  BOOST_TEST(blake2b_final(nullptr, out, 32) == -1);
  BOOST_TEST(blake2b_final(&S, out, 32) == 0);
  BOOST_TEST(oneshot(32, {}, in) == hex(bytes(out, out + 32)));
  BOOST_TEST(blake2b_final(&S, out, 32) == -1);
  BOOST_TEST(blake2b_update(&S, in.data(), in.size()) == -1);

  // init_param validates nothing (Monero): digest_length 0 writes nothing;
  // above 64 Monero's final over-reads, cncrypto's returns -1.
  BOOST_TEST(blake2b_init_param(nullptr, nullptr) == -1);
  BOOST_TEST(blake2b_init_param(&S, nullptr) == -1);
  blake2b_param P = sequential(0, 0, {}, {});
  std::memset(out, 0xee, sizeof out);
  BOOST_TEST(blake2b_init_param(&S, &P) == 0);
  BOOST_TEST(blake2b_final(&S, out, 0) == 0);
  BOOST_TEST(out[0] == 0xee);
  P.digest_length = 65;
  BOOST_TEST(blake2b_init_param(&S, &P) == 0);
  BOOST_TEST(blake2b_update(&S, in.data(), in.size()) == 0);
  BOOST_TEST(blake2b_final(&S, out, sizeof out) == -1);
  // A corrupt state: never an out-of-bounds write.
  BOOST_REQUIRE(blake2b_init(&S, 32) == 0);
  S.buflen = 1000;
  BOOST_TEST(blake2b_update(&S, in.data(), in.size()) == -1);
  BOOST_TEST(blake2b_final(&S, out, 32) == -1);

  // blake2b_long: outlen 0 or above 2^32-1, NULL out (Monero writes through it above 64), NULL in.
  std::vector<std::uint8_t> big(200);
  BOOST_TEST(blake2b_long(big.data(), 0, in.data(), in.size()) == -1);
  BOOST_TEST(blake2b_long(nullptr, 32, in.data(), in.size()) == -1);
  BOOST_TEST(blake2b_long(nullptr, 200, in.data(), in.size()) == -1);
  BOOST_TEST(blake2b_long(big.data(), 200, nullptr, 1) == -1);
  BOOST_TEST(blake2b_long(big.data(), 200, nullptr, 0) == 0);
  if (sizeof(std::size_t) > 4) {
    BOOST_TEST(blake2b_long(big.data(), static_cast<std::size_t>(UINT32_MAX) + 1, in.data(), in.size()) == -1);
  }
}

// The last-node flag (f[1]) set through the state, as tree hashing does: equal
// to hashlib's last_node=True lines (hashlib_vectors); here only that it
// changes the digest and nothing else does.
BOOST_AUTO_TEST_CASE(last_node_flag) {
  const bytes in = pattern(100);
  const blake2b_param P = sequential(32, 0, {}, {});
  BOOST_TEST(streamed(P, {}, in, 0, 1) != streamed(P, {}, in, 0, 0));
  BOOST_TEST(streamed(P, {}, in, 0, 0) == oneshot(32, {}, in));
}

// Every implementation this CPU runs equals the portable compression, on random
// chaining values, counters (with the carry into t[1]), flags and block runs.
BOOST_AUTO_TEST_CASE(implementations_agree) {
  namespace impl = cncrypto::blake2b_impl;
  const impl::implementation *portable = impl::find_implementation("portable");
  BOOST_REQUIRE(portable != nullptr);
  std::size_t count = 0;
  const impl::implementation *const *all = impl::implementations(count);
  cncrypto::test::xorshift64 rng;
  for (std::size_t k = 0; k < count; ++k) {
    if (!all[k]->available()) {
      BOOST_TEST_MESSAGE("BLAKE2b implementation " << all[k]->name << " not run: this CPU lacks it");
      continue;
    }
    for (int trial = 0; trial < 200; ++trial) {
      std::uint64_t h1[8], h2[8], t1[2], t2[2];
      for (auto &w : h1) w = rng();
      std::memcpy(h2, h1, sizeof h1);
      t1[0] = trial % 4 == 0 ? ~std::uint64_t{0} - 100 : rng();
      t1[1] = rng();
      std::memcpy(t2, t1, sizeof t1);
      const std::uint64_t f0 = trial % 2 ? ~std::uint64_t{0} : 0, f1 = trial % 3 ? 0 : ~std::uint64_t{0};
      const std::size_t blocks = 1 + trial % 5;
      const bytes data = random_bytes(rng, blocks * 128 + 1);
      const std::uint64_t increment = trial % 7 == 0 ? rng() % 129 : 128;
      // Odd address: implementations must not assume alignment.
      portable->compress(h1, t1, f0, f1, data.data() + 1, blocks, increment);
      all[k]->compress(h2, t2, f0, f1, data.data() + 1, blocks, increment);
      BOOST_TEST_CONTEXT(all[k]->name << " trial " << trial) {
        BOOST_TEST(std::memcmp(h1, h2, sizeof h1) == 0);
        BOOST_TEST(std::memcmp(t1, t2, sizeof t1) == 0);
      }
    }
  }
}

// The choice: the best entry the CPU runs, or the one CNCRYPTO_BLAKE2B_IMPL
// names; unknown or unsupported names throw naming the variable.
BOOST_AUTO_TEST_CASE(implementation_choice) {
  namespace impl = cncrypto::blake2b_impl;
  const crypto::cpu_features none{};
  BOOST_TEST(std::string(impl::choose_implementation(none, nullptr).name) == "portable");
  BOOST_TEST(std::string(impl::choose_implementation(none, "").name) == "portable");
  BOOST_TEST(std::string(impl::choose_implementation(none, "portable").name) == "portable");
  BOOST_CHECK_THROW(impl::choose_implementation(none, "bogus"), std::runtime_error);
  BOOST_TEST(impl::find_implementation("bogus") == nullptr);
  BOOST_TEST(impl::find_implementation(nullptr) == nullptr);
#if defined(CNCRYPTO_BLAKE2B_X86)
  crypto::cpu_features avx2;
  avx2.avx2 = true;
  crypto::cpu_features avx512 = avx2;
  avx512.avx512 = true;
  BOOST_TEST(std::string(impl::choose_implementation(avx2, nullptr).name) == "avx2");
  BOOST_TEST(std::string(impl::choose_implementation(avx512, nullptr).name) == "avx512");
  BOOST_TEST(std::string(impl::choose_implementation(avx512, "avx2").name) == "avx2");
  // AMD family 1Ah (Zen 5): portable unless forced; other AMD families, the vectors.
  crypto::cpu_features zen5 = avx512;
  zen5.amd = true;
  zen5.family = 0x1a;
  BOOST_TEST(std::string(impl::choose_implementation(zen5, nullptr).name) == "portable");
  BOOST_TEST(std::string(impl::choose_implementation(zen5, "avx512").name) == "avx512");
  crypto::cpu_features zen4 = zen5;
  zen4.family = 0x19;
  BOOST_TEST(std::string(impl::choose_implementation(zen4, nullptr).name) == "avx512");
  crypto::cpu_features intel_family_1a = avx512;
  intel_family_1a.family = 0x1a;
  BOOST_TEST(std::string(impl::choose_implementation(intel_family_1a, nullptr).name) == "avx512");
  try {
    impl::choose_implementation(avx2, "avx512");
    BOOST_FAIL("avx512 forced on a CPU without AVX-512 did not throw");
  } catch (const std::runtime_error &e) {
    BOOST_TEST(std::string(e.what()).find("CNCRYPTO_BLAKE2B_IMPL=avx512") != std::string::npos);
  }
#endif
  // What scripts/test.sh forces is what runs.
  const char *forced = std::getenv("CNCRYPTO_BLAKE2B_IMPL");
  if (forced != nullptr && *forced != '\0') BOOST_TEST(std::string(impl::active_implementation().name) == forced);
}

// The batch on hashlib's lines (every digest and key length, salts,
// personalisations): all 440 in one batch, then in batches of 1, 3 and 9.
BOOST_AUTO_TEST_CASE(batch_hashlib_vectors) {
  const auto path = cncrypto::test::repo_vectors_dir() / "blake2b_hashlib.txt";
  batch_case all;
  std::vector<batch_case> groups(3);
  const std::size_t sizes[3] = {1, 3, 9};
  std::vector<batch_case> done;
  for (const auto &line : cncrypto::test::read_vector_file(path)) {
    const auto &f = line.fields;
    if (f[0] != "blake2b") continue;
    const std::size_t outlen = u64_field(f[1]);
    const bytes in = pattern(u64_field(f[2])), key = hex_field(f[3]), salt = hex_field(f[4]),
                personal = hex_field(f[5]);
    // hashlib zero-pads salt and personalisation to 16 bytes; so does the parameter block.
    bytes salt16 = salt, personal16 = personal;
    if (!salt16.empty()) salt16.resize(16);
    if (!personal16.empty()) personal16.resize(16);
    all.add(in, key, salt16, personal16, outlen, f[6]);
    for (int g = 0; g < 3; ++g) {
      groups[g].add(in, key, salt16, personal16, outlen, f[6]);
      if (groups[g].inputs.size() == sizes[g]) {
        done.push_back(std::move(groups[g]));
        groups[g] = batch_case();
      }
    }
  }
  BOOST_TEST(all.inputs.size() == 440u);
  check_batch(all);
  for (auto &c : done) check_batch(c);
  for (auto &c : groups) check_batch(c);
}

// Random batches against the single calls (blake2b, blake2b_monero, the
// streaming API with salt and personalisation) and, where its ranges allow,
// libsodium: odd counts, lengths around the block (0, 127..129, 255..257, up
// to 600), keys of 0..64 bytes, digests of 1..64 bytes, Carrot's shapes.
BOOST_AUTO_TEST_CASE(batch_random_vs_single) {
  cncrypto::test::xorshift64 rng;
  const std::size_t edge[] = {0, 1, 3, 64, 127, 128, 129, 200, 255, 256, 257, 383, 384, 385, 600};
  for (std::size_t count : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 9u, 11u, 15u, 16u, 17u, 31u, 64u, 101u}) {
    batch_case c;
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t inlen = rng() % 2 ? edge[rng() % (sizeof edge / sizeof edge[0])] : rng() % 300;
      const std::size_t keylen = rng() % 3 == 0 ? 0 : 1 + rng() % 64;
      const std::size_t outlen = 1 + rng() % 64;
      const bytes in = random_bytes(rng, inlen), key = random_bytes(rng, keylen);
      switch (rng() % 4) {
        case 0: {  // blake2b
          c.add(in, key, {}, {}, outlen, oneshot(outlen, key, in));
          break;
        }
        case 1: {  // blake2b_monero, Carrot's digest lengths with a 32-byte key
          const std::size_t carrot_out[] = {3, 8, 16, 32, 64};
          const std::size_t o = carrot_out[rng() % 5];
          const bytes k = random_bytes(rng, 32);
          bytes out(o);
          BOOST_REQUIRE_EQUAL(blake2b_monero(out.data(), o, ptr_or_null(in), in.size(), k.data(), k.size()), 0);
          c.add(in, k, {}, bytes(cncrypto::blake2b_monero_personal, cncrypto::blake2b_monero_personal + 16), o,
                hex(out));
          break;
        }
        case 2: {  // salt and personalisation, through the streaming API
          const bytes salt = random_bytes(rng, 16), personal = random_bytes(rng, 16);
          c.add(in, key, salt, personal, outlen,
                streamed(sequential(outlen, key.size(), salt, personal), key, in, 0));
          break;
        }
        default: {  // libsodium (digests 16..64, keys 16..64 or none)
          const std::size_t o = 16 + rng() % 49;
          const bytes k = keylen == 0 ? bytes() : random_bytes(rng, 16 + rng() % 49);
          bytes theirs(o);
          const unsigned char *k_or_null = k.empty() ? nullptr : k.data();
          BOOST_REQUIRE_EQUAL(crypto_generichash(theirs.data(), o, in.data(), in.size(), k_or_null, k.size()), 0);
          c.add(in, k, {}, {}, o, hex(theirs));
          break;
        }
      }
    }
    check_batch(c);
  }
}

// Every message of a batch the same (a block's worth of 64-byte keyed
// messages, the benchmark's shape), and batches that mix one long message with
// many short ones (the slots refill while the long one runs).
BOOST_AUTO_TEST_CASE(batch_schedules) {
  cncrypto::test::xorshift64 rng;
  batch_case same;
  const bytes key = random_bytes(rng, 32);
  for (int i = 0; i < 24; ++i) {
    const bytes in = random_bytes(rng, 64);
    bytes out(32);
    BOOST_REQUIRE_EQUAL(blake2b(out.data(), 32, in.data(), 64, key.data(), 32), 0);
    same.add(in, key, {}, {}, 32, hex(out));
  }
  check_batch(same);
  batch_case mixed;
  for (int i = 0; i < 40; ++i) {
    const bytes in = random_bytes(rng, i == 2 ? 5000 : i % 5);
    mixed.add(in, {}, {}, {}, 64, oneshot(64, {}, in));
  }
  check_batch(mixed);
  // Empty messages only, keyed and not.
  batch_case empty;
  for (int i = 0; i < 10; ++i) {
    const bytes k = i % 2 ? random_bytes(rng, 1 + i) : bytes();
    empty.add({}, k, {}, {}, 1 + i, oneshot(1 + i, k, {}));
  }
  check_batch(empty);
}

// Bad arguments throw std::invalid_argument and write nothing; count 0 does nothing.
BOOST_AUTO_TEST_CASE(batch_bad_arguments) {
  cncrypto::blake2b_batch(nullptr, 0, nullptr, 0);
  std::uint8_t msg[40] = {1, 2, 3}, key[65] = {};
  cncrypto::blake2b_batch_input good[2];
  good[0].in = msg;
  good[0].inlen = 40;
  good[1].key = key;
  good[1].keylen = 32;
  good[1].outlen = 8;
  bytes out(40, 0x5a);
  auto rejects = [&](cncrypto::blake2b_batch_input *inputs, std::size_t out_size, void *o = nullptr) {
    BOOST_CHECK_THROW(cncrypto::blake2b_batch(o == nullptr ? out.data() : o, out_size, inputs, 2),
                      std::invalid_argument);
    BOOST_TEST(out == bytes(40, 0x5a));
  };
  BOOST_CHECK_THROW(cncrypto::blake2b_batch(out.data(), 40, nullptr, 1), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::blake2b_batch(nullptr, 40, good, 2), std::invalid_argument);
  rejects(good, 39);  // 32 + 8 bytes needed
  auto with = [&](auto change) {
    cncrypto::blake2b_batch_input bad[2] = {good[0], good[1]};
    change(bad[1]);
    rejects(bad, 40);
  };
  with([](auto &x) { x.outlen = 0; });
  with([](auto &x) { x.outlen = 65; });
  with([](auto &x) { x.keylen = 65; });
  with([](auto &x) { x.key = nullptr; });
  with([](auto &x) {
    x.in = nullptr;
    x.inlen = 1;
  });
  // The digests must not overlap any input.
  with([&](auto &x) {
    x.in = out.data() + 39;
    x.inlen = 1;
  });
  with([&](auto &x) { x.key = out.data(); });
  with([&](auto &x) { x.salt = out.data() + 30; });
  with([&](auto &x) { x.personal = out.data() + 24; });
  // ... nor the inputs array.
  cncrypto::blake2b_batch_input in_place[4] = {good[0], good[1]};
  BOOST_CHECK_THROW(cncrypto::blake2b_batch(reinterpret_cast<std::uint8_t *>(in_place + 1) + 8, 40, in_place, 2),
                    std::invalid_argument);
  // A null pointer with a zero length is fine, and the good batch works.
  good[0].in = nullptr;
  good[0].inlen = 0;
  cncrypto::blake2b_batch(out.data(), 40, good, 2);
  BOOST_TEST(hex(bytes(out.begin(), out.begin() + 32)) == oneshot(32, {}, {}));
}

// The batch's choice: the last entry the CPU runs, with no Zen 5 exception;
// forced names as for one message.
BOOST_AUTO_TEST_CASE(batch_implementation_choice) {
  namespace impl = cncrypto::blake2b_impl;
  const crypto::cpu_features none{};
  BOOST_TEST(std::string(impl::choose_batch_implementation(none, nullptr).name) == "portable");
  BOOST_CHECK_THROW(impl::choose_batch_implementation(none, "bogus"), std::runtime_error);
#if defined(CNCRYPTO_BLAKE2B_X86)
  crypto::cpu_features zen5;
  zen5.avx2 = true;
  zen5.avx512 = true;
  zen5.amd = true;
  zen5.family = 0x1a;
  BOOST_TEST(std::string(impl::choose_batch_implementation(zen5, nullptr).name) == "avx512");
  BOOST_TEST(std::string(impl::choose_batch_implementation(zen5, "portable").name) == "portable");
  BOOST_TEST(impl::find_implementation("avx2")->lanes == 4u);
  BOOST_TEST(impl::find_implementation("avx512")->lanes == 8u);
#endif
  BOOST_TEST(impl::find_implementation("portable")->lanes == 1u);
  const char *forced = std::getenv("CNCRYPTO_BLAKE2B_IMPL");
  if (forced != nullptr && *forced != '\0') {
    BOOST_TEST(std::string(impl::active_batch_implementation().name) == forced);
  }
}

BOOST_AUTO_TEST_SUITE_END()
