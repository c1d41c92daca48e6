// CryptoNight when memory runs out (crypto/hash-ops.h, docs/cryptonight.md
// "Errors"): in a child process that is out of memory (memory_limit.h:
// address space capped, free blocks taken), the 2 MiB scratchpad cannot be had
// and cn_slow_hash, cn_slow_hash_allocate_state and cn_slow_hash_many throw std::bad_alloc
// leaving the output untouched; the CryptonightR JIT cannot map its code page
// and the hash is interpreted instead, with the right result. Expected hashes:
// Monero's tests-slow.txt and tests-slow-4.txt (../shared/vectors/monero-hash),
// first line of each.
//
// Not compiled under AddressSanitizer, ThreadSanitizer or MemorySanitizer
// (memory_limit.h: their shadow memory leaves no usable address-space cap).
#include "memory_limit.h"

#include <boost/test/unit_test.hpp>

#if defined(CNCRYPTO_TEST_MEMORY_LIMIT)

#include "common/hex.h"
#include "crypto/hash-ops.h"
#include "crypto/hash.h"
#include "hash/cn_r.h"
#if defined(CNCRYPTO_CN_X86)
#include "hash/cn_r_jit.h"
#endif
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstdint>
#include <cstring>
#include <iostream>
#include <new>
#include <string>
#include <vector>

namespace {

using namespace cncrypto::test;  // hex_field, read_vector_file, shared_path, u64_field, run_with_address_space_limit

struct slow_case {
  std::vector<std::uint8_t> input;
  std::uint64_t height = 0;
  std::string expected;
};

// The first line of a tests-slow file: expected hash, input, [height].
slow_case first_case(const char *name) {
  const auto lines = read_vector_file(shared_path(std::string("vectors/monero-hash/") + name));
  if (lines.empty() || lines[0].fields.size() < 2) throw std::runtime_error(std::string(name) + ": no case");
  slow_case c;
  c.expected = lines[0].fields[0];
  c.input = hex_field(lines[0].fields[1]);
  if (lines[0].fields.size() >= 3) c.height = u64_field(lines[0].fields[2]);
  return c;
}

std::string hex(const char *h) { return cncrypto::hex_encode(h, 32); }

// Prints why check `n` failed and returns n (the child's exit status).
int failed(int n, const std::string &what) {
  std::cerr << "memory-limit check " << n << " failed: " << what << std::endl;
  return n;
}

}  // namespace

// Suite cryptonight (reopened from cryptonight_tests.cpp, so these run in the
// hash_cryptonight_tests entry and its per-implementation reruns), memory_limit.
BOOST_AUTO_TEST_SUITE(cryptonight)
BOOST_AUTO_TEST_SUITE(memory_limit)

// No scratchpad: every entry throws std::bad_alloc (documented), writes no
// hash, and the next call once memory is back allocates and hashes right.
BOOST_AUTO_TEST_CASE(scratchpad_allocation_fails, *needs_shared() * boost::unit_test::precondition(needs_address_space_cap())) {
  const slow_case c = first_case("tests-slow.txt");
  const int status = run_with_address_space_limit([&c]() -> int {
    cn_slow_hash_free_state();  // the fork copied the parent's scratchpad, if any
    char out[32];
    std::memset(out, 0xa5, sizeof out);
    const std::string untouched = hex(out);
    try {
      cn_slow_hash_allocate_state();
      return failed(1, "cn_slow_hash_allocate_state did not throw");
    } catch (const std::bad_alloc &) {
    } catch (...) {
      return failed(2, "cn_slow_hash_allocate_state threw something else than std::bad_alloc");
    }
    try {
      cn_slow_hash(c.input.data(), c.input.size(), out, 0, 0, 0);
      return failed(3, "cn_slow_hash did not throw");
    } catch (const std::bad_alloc &) {
    } catch (...) {
      return failed(4, "cn_slow_hash threw something else than std::bad_alloc");
    }
    if (hex(out) != untouched) return failed(5, "cn_slow_hash wrote a hash although it failed");
    const cncrypto::cn_slow_hash_input inputs[2] = {{c.input.data(), c.input.size(), 0}, {c.input.data(), c.input.size(), 0}};
    crypto::hash many[2];
    std::memset(many, 0xa5, sizeof many);
    try {
      cncrypto::cn_slow_hash_many(inputs, 2, many, 0);
      return failed(6, "cn_slow_hash_many did not throw");
    } catch (const std::bad_alloc &) {
    } catch (...) {
      return failed(7, "cn_slow_hash_many threw something else than std::bad_alloc");
    }
    if (hex(many[0].data) != untouched || hex(many[1].data) != untouched) return failed(8, "cn_slow_hash_many wrote a hash");
    return 0;
  });
  BOOST_TEST(status == 0, "child exit status " << status << " (the check it names failed, see stderr)");
}

// This thread's one-lane scratchpad exists (2 MiB) but the multi-hash entry
// needs 2 MiB per lane (8 MiB): it throws std::bad_alloc and writes nothing.
BOOST_AUTO_TEST_CASE(scratchpad_growth_fails, *needs_shared() * boost::unit_test::precondition(needs_address_space_cap())) {
  const slow_case c = first_case("tests-slow.txt");
  char before[32];
  cn_slow_hash(c.input.data(), c.input.size(), before, 0, 0, 0);  // this thread's 2 MiB now exists
  BOOST_TEST_REQUIRE(hex(before) == c.expected);
  const int status = run_with_address_space_limit([&c]() -> int {
    cncrypto::cn_slow_hash_input inputs[4];
    for (auto &in : inputs) in = {c.input.data(), c.input.size(), 0};
    crypto::hash many[4];
    std::memset(many, 0xa5, sizeof many);
    const std::string untouched = hex(many[0].data);
    try {
      cncrypto::cn_slow_hash_many(inputs, 4, many, 0);
      return failed(1, "cn_slow_hash_many (8 MiB) did not throw");
    } catch (const std::bad_alloc &) {
    } catch (...) {
      return failed(2, "cn_slow_hash_many threw something else than std::bad_alloc");
    }
    for (const auto &h : many) {
      if (hex(h.data) != untouched) return failed(3, "cn_slow_hash_many wrote a hash although it failed");
    }
    return 0;
  });
  BOOST_TEST(status == 0, "child exit status " << status << " (the check it names failed, see stderr)");
}

#if defined(CNCRYPTO_CN_X86)
// CryptonightR's JIT maps one page for its code; when the mapping fails the
// program has no code (r_jit_program::code() is nullptr, cn_r_jit.h) and
// variant 4 runs through the interpreter: the hash is still Monero's. (Only
// the implementations that use the JIT, the AES-NI ones, reach the mapping;
// scripts/test.sh reruns this suite per implementation.)
BOOST_AUTO_TEST_CASE(cn_r_jit_mapping_fails, *needs_shared() * boost::unit_test::precondition(needs_address_space_cap())) {
  const slow_case c = first_case("tests-slow-4.txt");
  char warm[32];
  cn_slow_hash(c.input.data(), c.input.size(), warm, 4, 0, c.height);  // scratchpad and program caches exist
  BOOST_TEST_REQUIRE(hex(warm) == c.expected);
  const int status = run_with_address_space_limit([&c]() -> int {
    crypto::cn::r_jit_program jit(crypto::cn::r_generate(c.height));
    if (jit.code() != nullptr) return failed(1, "the JIT mapped its page under the limit");
    char out[32];
    try {
      cn_slow_hash(c.input.data(), c.input.size(), out, 4, 0, c.height);  // the JIT fails inside: interpreted
    } catch (...) {
      return failed(2, "cn_slow_hash variant 4 threw when the JIT could not map its page");
    }
    if (hex(out) != c.expected) return failed(3, "cn_slow_hash variant 4 gave " + hex(out) + ", not " + c.expected);
    return 0;
  });
  BOOST_TEST(status == 0, "child exit status " << status << " (the check it names failed, see stderr)");
}
#endif

BOOST_AUTO_TEST_SUITE_END()
BOOST_AUTO_TEST_SUITE_END()

#endif
