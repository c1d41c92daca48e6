// CryptoNight (cn_slow_hash) against Monero's tests-slow*.txt, every line,
// through every implementation this CPU can run, through the public C and C++
// entry points, prehashed, and through the multi-hash entry; plus the
// variant 2 square root, the CryptonightR program generator and interpreter
// (Cuprate's test vectors for height 1806260), the error paths, and threads.

#include "common/cpu_features.h"
#include "crypto/hash.h"
#include "crypto/hash-ops.h"
#include "crypto/keccak.h"
#include "hash/cn_impl.h"
#include "hash/cn_r.h"
#if defined(CNCRYPTO_CN_X86)
#include "hash/cn_r_jit.h"
#endif
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace cncrypto::test;  // hex_field, read_vector_file, shared_path, u64_field

struct slow_case {
  std::string file;
  std::size_t line;
  std::vector<std::uint8_t> input;
  std::uint64_t height;
  std::string expected;
};

// Monero's files: tests-slow.txt (variant 0), -1 (1), -2 (2), -4 (4, with the height).
struct slow_file {
  const char *name;
  int variant;
  std::size_t min_lines;
};
const slow_file slow_files[] = {
    {"tests-slow.txt", 0, 4}, {"tests-slow-1.txt", 1, 5}, {"tests-slow-2.txt", 2, 10}, {"tests-slow-4.txt", 4, 10}};

std::vector<slow_case> read_slow(const slow_file &f) {
  const auto path = shared_path(std::string("vectors/monero-hash/") + f.name);
  std::vector<slow_case> cases;
  for (const auto &line : read_vector_file(path)) {
    if (line.fields.size() < 2) throw std::runtime_error(path.string() + ": malformed line " + std::to_string(line.line_number));
    slow_case c{path.string(), line.line_number, hex_field(line.fields[1]), 0, line.fields[0]};
    if (line.fields.size() >= 3) c.height = u64_field(line.fields[2]);
    cases.push_back(std::move(c));
  }
  if (cases.size() < f.min_lines) throw std::runtime_error(path.string() + ": too few lines");
  return cases;
}

std::string hex(const std::uint8_t *p, std::size_t n) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < n; ++i) {
    s += digits[p[i] >> 4];
    s += digits[p[i] & 15];
  }
  return s;
}

// Every implementation this machine can run; only the forced one when
// CNCRYPTO_CN_IMPL is set (scripts/test.sh runs this module once per name).
std::vector<const crypto::cn::cn_implementation *> runnable_implementations() {
  const char *forced = std::getenv("CNCRYPTO_CN_IMPL");
  if (forced != nullptr && *forced != '\0') return {&crypto::cn::cn_active_implementation()};
  std::size_t count = 0;
  const auto *table = crypto::cn::cn_implementations(count);
  std::vector<const crypto::cn::cn_implementation *> out;
  for (std::size_t i = 0; i < count; ++i) {
    if (table[i]->available()) out.push_back(table[i]);
  }
  return out;
}

// Precondition of multi_hash_equal_heights: CNCRYPTO_CN_R_SIMD set to a valid
// form applies only to the implementations with the CryptonightR JIT. When
// none of those runs (CNCRYPTO_CN_IMPL forces portable or ssse3, or a build
// without the JIT), the test has nothing to check and is skipped, saying why,
// rather than passing. Unset or a bad value: the test runs (a bad value must
// be refused by every implementation).
boost::test_tools::assertion_result r_simd_setting_is_used(boost::unit_test::test_unit_id) {
  const char *simd = std::getenv("CNCRYPTO_CN_R_SIMD");
  if (simd == nullptr) return true;
  std::vector<const crypto::cn::cn_implementation *> impls;
  try {
#if defined(CNCRYPTO_CN_X86) && defined(__x86_64__) && defined(__GNUC__)
    crypto::cn::r_simd_chosen();
#endif
    impls = runnable_implementations();
  } catch (const std::runtime_error &) {
    return true;  // a bad CNCRYPTO_CN_R_SIMD or CNCRYPTO_CN_IMPL: the test reports it
  }
  for (const auto *impl : impls) {
    if (impl->uses_r_jit) return true;
  }
  const char *forced = std::getenv("CNCRYPTO_CN_IMPL");
  boost::test_tools::assertion_result skip(false);
  skip.message() << "CNCRYPTO_CN_R_SIMD=" << simd
                 << " applies only to the CryptoNight implementations with the CryptonightR JIT, and none runs here"
                 << (forced != nullptr && *forced != '\0' ? std::string(" (CNCRYPTO_CN_IMPL=") + forced + ")" : "");
  return skip;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(cryptonight)

// Every line of every file with every implementation (and variant 3 = 2, 5 = 4).
BOOST_AUTO_TEST_CASE(monero_vectors_every_implementation, *cncrypto::test::needs_shared()) {
  const auto impls = runnable_implementations();
  BOOST_TEST_REQUIRE(!impls.empty());
  for (const slow_file &f : slow_files) {
    const auto cases = read_slow(f);
    for (const auto *impl : impls) {
      std::size_t passed = 0;
      for (const slow_case &c : cases) {
        std::uint8_t out[32];
        crypto::cn::slow_hash_with(*impl, c.input.data(), c.input.size(), out, f.variant, false, c.height);
        const bool ok = hex(out, 32) == c.expected;
        BOOST_TEST(ok, impl->name << " variant " << f.variant << " " << c.file << ":" << c.line);
        passed += ok;
        if (f.variant == 2 || f.variant == 4) {  // Monero's majors 9 and 11 pass 3 and 5
          crypto::cn::slow_hash_with(*impl, c.input.data(), c.input.size(), out, f.variant + 1, false, c.height);
          BOOST_TEST(hex(out, 32) == c.expected, impl->name << " variant " << f.variant + 1 << " " << c.file << ":" << c.line);
        }
      }
      BOOST_TEST_MESSAGE(impl->name << ": " << passed << " of " << cases.size() << " lines of " << f.name);
    }
  }
}

// The public entry points (the process's chosen implementation).
BOOST_AUTO_TEST_CASE(public_api_c_cpp_prehashed, *cncrypto::test::needs_shared()) {
  BOOST_TEST_MESSAGE("active CryptoNight implementation: " << crypto::cn::cn_implementation_name());
  for (const slow_file &f : slow_files) {
    for (const slow_case &c : read_slow(f)) {
      char out[32];
      cn_slow_hash(c.input.data(), c.input.size(), out, f.variant, 0, c.height);
      BOOST_TEST(hex(reinterpret_cast<std::uint8_t *>(out), 32) == c.expected, "C API " << c.file << ":" << c.line);

      crypto::hash h;
      crypto::cn_slow_hash(c.input.data(), c.input.size(), h, f.variant, c.height);
      BOOST_TEST(hex(reinterpret_cast<std::uint8_t *>(h.data), 32) == c.expected, "C++ API " << c.file << ":" << c.line);

      // Prehashed: the 200-byte Keccak state. Variant 1 then reads its nonce
      // tweak from the state (bytes 35..42), as Monero does, so only variants
      // other than 1 give the same hash.
      if (f.variant != 1) {
        std::uint8_t state[200];
        keccak1600(c.input.data(), c.input.size(), state);
        crypto::hash p;
        crypto::cn_slow_hash_prehashed(state, sizeof state, p, f.variant, c.height);
        BOOST_TEST(hex(reinterpret_cast<std::uint8_t *>(p.data), 32) == c.expected, "prehashed " << c.file << ":" << c.line);
      }
    }
  }
}

// Multi-hash: all lines of a file at once (odd and even counts), every implementation.
BOOST_AUTO_TEST_CASE(multi_hash_matches_single, *cncrypto::test::needs_shared()) {
  for (const auto *impl : runnable_implementations()) {
    for (const slow_file &f : slow_files) {
      const auto cases = read_slow(f);
      std::vector<cncrypto::cn_slow_hash_input> inputs;
      for (const slow_case &c : cases) inputs.push_back({c.input.data(), c.input.size(), c.height});
      // Groups of 4 lanes (the default) with a remainder of 2 and / or 1, and groups of 2.
      for (std::size_t lanes : {std::size_t{4}, std::size_t{2}}) {
        for (std::size_t n : {cases.size(), cases.size() - 1}) {
          std::vector<std::uint8_t> out(32 * n);
          crypto::cn::slow_hash_many_with(*impl, inputs.data(), n, out.data(), f.variant, lanes);
          for (std::size_t i = 0; i < n; ++i) {
            BOOST_TEST(hex(out.data() + 32 * i, 32) == cases[i].expected,
                       impl->name << " many(" << n << ", " << lanes << " lanes) " << cases[i].file << ":"
                                  << cases[i].line);
          }
        }
      }
    }
  }
  // The public wrapper.
  const auto cases = read_slow(slow_files[3]);
  std::vector<cncrypto::cn_slow_hash_input> inputs;
  for (const slow_case &c : cases) inputs.push_back({c.input.data(), c.input.size(), c.height});
  std::vector<crypto::hash> out(inputs.size());
  cncrypto::cn_slow_hash_many(inputs.data(), inputs.size(), out.data(), 5);
  for (std::size_t i = 0; i < out.size(); ++i) {
    BOOST_TEST(hex(reinterpret_cast<std::uint8_t *>(out[i].data), 32) == cases[i].expected);
  }
}

// Multi-hash with equal heights (variant 4: one program for every lane, run
// once on vectors where the CPU allows, see r_jit_simd), and with all but one
// lane equal (each lane's program apart). Expected: cn_slow_hash one at a
// time through the same implementation (which tests-slow-4.txt checks above).
// CNCRYPTO_CN_R_SIMD (ctest runs this with 0, avx2 and a bad value) may
// force a form this CPU lacks or be unknown: then the multi-hash call must
// throw, naming the variable.
BOOST_AUTO_TEST_CASE(multi_hash_equal_heights,
                     *cncrypto::test::needs_shared() * boost::unit_test::precondition(r_simd_setting_is_used)) {
  std::string simd_error;
#if defined(CNCRYPTO_CN_X86) && defined(__x86_64__) && defined(__GNUC__)
  try {
    crypto::cn::r_simd_chosen();
  } catch (const std::runtime_error &e) {
    simd_error = e.what();
    BOOST_TEST(simd_error.find("CNCRYPTO_CN_R_SIMD") != std::string::npos, simd_error);
  }
#endif
  // With CNCRYPTO_CN_R_SIMD set to a valid value (the ctest entries for it),
  // only the implementations that use it (those with the JIT); a bad value
  // is refused by every implementation.
  const bool simd_forced = std::getenv("CNCRYPTO_CN_R_SIMD") != nullptr && simd_error.empty();
  const auto cases = read_slow(slow_files[3]);
  for (const auto *impl : runnable_implementations()) {
    if (simd_forced && !impl->uses_r_jit) continue;
    for (const std::uint64_t height : {std::uint64_t{1806260}, std::uint64_t{0}}) {
      // One at a time: inputs 0..3 at `height`, input 1 also at height + 1.
      std::string single[5];
      for (std::size_t i = 0; i < 5; ++i) {
        const auto &in = cases[i < 4 ? i : 1].input;
        std::uint8_t one[32];
        crypto::cn::slow_hash_with(*impl, in.data(), in.size(), one, 4, false, i < 4 ? height : height + 1);
        single[i] = hex(one, 32);
      }
      for (std::size_t lanes : {std::size_t{4}, std::size_t{2}}) {
        for (const bool one_differs : {false, true}) {
          std::vector<cncrypto::cn_slow_hash_input> inputs;
          for (std::size_t i = 0; i < 4; ++i) {
            const auto &in = cases[i].input;
            inputs.push_back({in.data(), in.size(), one_differs && i == 1 ? height + 1 : height});
          }
          std::vector<std::uint8_t> out(32 * inputs.size(), 0);
          if (!simd_error.empty()) {  // every implementation refuses it
            BOOST_CHECK_THROW(crypto::cn::slow_hash_many_with(*impl, inputs.data(), inputs.size(), out.data(), 4, lanes),
                              std::runtime_error);
            BOOST_TEST(out == std::vector<std::uint8_t>(out.size(), 0), "out untouched after the error");
            continue;
          }
          crypto::cn::slow_hash_many_with(*impl, inputs.data(), inputs.size(), out.data(), 4, lanes);
          for (std::size_t i = 0; i < inputs.size(); ++i) {
            BOOST_TEST(hex(out.data() + 32 * i, 32) == single[one_differs && i == 1 ? 4 : i],
                       impl->name << " height " << height << " lanes " << lanes << (one_differs ? " one differs" : "")
                                  << " input " << i);
          }
        }
      }
    }
  }
}

#if defined(CNCRYPTO_CN_X86) && defined(__x86_64__) && defined(__GNUC__)
// CNCRYPTO_CN_R_SIMD (read once a process): unset = the best form this CPU
// has; "0" none; "avx2" / "avx512" that form, or an error naming the
// variable where this CPU lacks it; anything else an error.
BOOST_AUTO_TEST_CASE(cryptonight_r_simd_environment) {
  using crypto::cn::r_simd_isa;
  const crypto::cpu_features &f = crypto::detected_cpu_features();
  const r_simd_isa best = f.avx512 ? r_simd_isa::avx512 : f.avx2 ? r_simd_isa::avx2 : r_simd_isa::none;
  const char *env = std::getenv("CNCRYPTO_CN_R_SIMD");
  const std::string v = env != nullptr ? env : "";
  if (v.empty()) {
    BOOST_TEST((crypto::cn::r_simd_chosen() == best));
  } else if (v == "0") {
    BOOST_TEST((crypto::cn::r_simd_chosen() == r_simd_isa::none));
  } else if ((v == "avx2" && f.avx2) || (v == "avx512" && f.avx512)) {
    BOOST_TEST((crypto::cn::r_simd_chosen() == (v == "avx2" ? r_simd_isa::avx2 : r_simd_isa::avx512)));
  } else {
    try {
      crypto::cn::r_simd_chosen();
      BOOST_ERROR("CNCRYPTO_CN_R_SIMD=" << v << " accepted");
    } catch (const std::runtime_error &e) {
      BOOST_TEST(std::string(e.what()).find("CNCRYPTO_CN_R_SIMD=" + v) != std::string::npos, e.what());
    }
  }
  BOOST_TEST(!crypto::cn::r_simd_supported(r_simd_isa::none));
  BOOST_TEST(crypto::cn::r_simd_supported(r_simd_isa::avx2) == f.avx2);
  BOOST_TEST(crypto::cn::r_simd_supported(r_simd_isa::avx512) == f.avx512);
}
#endif

BOOST_AUTO_TEST_CASE(errors_never_write_a_hash) {
  std::vector<std::uint8_t> blob(76, 0x11);
  char out[32];
  std::memset(out, 0xAB, sizeof out);
  const auto untouched = [&] {
    for (char ch : out) {
      if (static_cast<unsigned char>(ch) != 0xAB) return false;
    }
    return true;
  };
  for (int bad : {-1, 6, 7, 100}) {
    BOOST_CHECK_THROW(cn_slow_hash(blob.data(), blob.size(), out, bad, 0, 0), std::invalid_argument);
  }
  BOOST_CHECK_THROW(cn_slow_hash(blob.data(), 42, out, 1, 0, 0), std::invalid_argument);  // variant 1 needs 43
  BOOST_CHECK_THROW(cn_slow_hash(blob.data(), 0, out, 1, 0, 0), std::invalid_argument);
  BOOST_CHECK_THROW(cn_slow_hash(blob.data(), 76, out, 0, 1, 0), std::invalid_argument);   // prehashed needs 200
  BOOST_CHECK_THROW(cn_slow_hash(nullptr, 5, out, 0, 0, 0), std::invalid_argument);
  BOOST_CHECK_THROW(cn_slow_hash(blob.data(), 5, nullptr, 0, 0, 0), std::invalid_argument);
  BOOST_TEST(untouched());
  try {
    cn_slow_hash(blob.data(), 42, out, 1, 0, 0);
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(std::string(e.what()).find("43 bytes") != std::string::npos, e.what());
  }
  // Multi-hash checks every input before hashing any.
  std::vector<cncrypto::cn_slow_hash_input> inputs = {{blob.data(), 76, 0}, {blob.data(), 10, 0}};
  std::vector<crypto::hash> hashes(2);
  std::memset(hashes.data(), 0xAB, 64);
  BOOST_CHECK_THROW(cncrypto::cn_slow_hash_many(inputs.data(), 2, hashes.data(), 1), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::cn_slow_hash_many(inputs.data(), 2, hashes.data(), 9), std::invalid_argument);
  BOOST_CHECK_THROW(crypto::cn::slow_hash_many_with(crypto::cn::cn_active_implementation(), inputs.data(), 2,
                                                    reinterpret_cast<std::uint8_t *>(hashes.data()), 0, 3),
                    std::invalid_argument);
  auto message_is = [](const std::string &expected) {
    return [expected](const std::invalid_argument &e) { return e.what() == expected; };
  };
  BOOST_CHECK_EXCEPTION(cncrypto::cn_slow_hash_many(nullptr, 2, hashes.data(), 0), std::invalid_argument,
                        message_is("cn_slow_hash_many: inputs is NULL (count 2)"));
  BOOST_CHECK_EXCEPTION(cncrypto::cn_slow_hash_many(inputs.data(), 2, nullptr, 0), std::invalid_argument,
                        message_is("cn_slow_hash_many: out is NULL (count 2)"));
  cncrypto::cn_slow_hash_many(nullptr, 0, nullptr, 0);  // count 0: nothing to do, nothing read
  inputs[1] = {nullptr, 4, 0};
  BOOST_CHECK_EXCEPTION(cncrypto::cn_slow_hash_many(inputs.data(), 2, hashes.data(), 0), std::invalid_argument,
                        message_is("cn_slow_hash_many: input 1: data is NULL but length is 4"));
  BOOST_TEST(static_cast<unsigned char>(hashes[0].data[0]) == 0xAB);
  // Variant 1 at exactly 43 bytes works.
  BOOST_CHECK_NO_THROW(cn_slow_hash(blob.data(), 43, out, 1, 0, 0));
  // NULL data with length 0 is the empty message; variant 1 inputs of 43 bytes
  // and more pass the multi-hash check, one lane at a time too, with the single results.
  char empty_hash[32];
  cn_slow_hash(blob.data(), 0, empty_hash, 0, 0, 0);
  cn_slow_hash(nullptr, 0, out, 0, 0, 0);
  BOOST_TEST(std::memcmp(out, empty_hash, 32) == 0);
  inputs = {{blob.data(), 43, 0}, {blob.data(), 76, 0}};
  crypto::cn::slow_hash_many_with(crypto::cn::cn_active_implementation(), inputs.data(), 2,
                                  reinterpret_cast<std::uint8_t *>(hashes.data()), 1, 1);
  for (std::size_t i = 0; i < 2; ++i) {
    cn_slow_hash(blob.data(), inputs[i].length, out, 1, 0, 0);
    BOOST_TEST(std::memcmp(out, hashes[i].data, 32) == 0, "input " << i);
  }
}

BOOST_AUTO_TEST_CASE(scratchpad_state_and_threads, *cncrypto::test::needs_shared()) {
  const auto cases = read_slow(slow_files[2]);
  cn_slow_hash_allocate_state();
  cn_slow_hash_allocate_state();  // idempotent
  cn_slow_hash_free_state();
  cn_slow_hash_free_state();      // idempotent
  char out[32];
  cn_slow_hash(cases[0].input.data(), cases[0].input.size(), out, 2, 0, 0);  // allocates on demand
  BOOST_TEST(hex(reinterpret_cast<std::uint8_t *>(out), 32) == cases[0].expected);
  std::vector<std::string> results(4);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < results.size(); ++t) {
    threads.emplace_back([&, t] {
      char h[32];
      cn_slow_hash(cases[t].input.data(), cases[t].input.size(), h, 2, 0, 0);
      results[t] = hex(reinterpret_cast<std::uint8_t *>(h), 32);
    });
  }
  for (auto &th : threads) th.join();
  for (std::size_t t = 0; t < results.size(); ++t) BOOST_TEST(results[t] == cases[t].expected);
}

// floor(2 * sqrt(2^64 + n)) - 2^33, checked against long double on edges and a sweep.
BOOST_AUTO_TEST_CASE(variant2_square_root) {
  const auto exact = [](std::uint64_t n) {
    // The largest r with (r + 2^33)^2 <= 2^66 + 4n, by bisection in 128 bits.
    std::uint64_t lo = 0, hi = 0xFFFFFFFFull;
    while (lo < hi) {
      const std::uint64_t mid = lo + (hi - lo + 1) / 2;
      const unsigned __int128 m = static_cast<unsigned __int128>(mid) + (static_cast<unsigned __int128>(1) << 33);
      const unsigned __int128 rhs = (static_cast<unsigned __int128>(1) << 66) + 4 * static_cast<unsigned __int128>(n);
      if (m * m <= rhs) lo = mid; else hi = mid - 1;
    }
    return lo;
  };
  std::vector<std::uint64_t> ns = {0, 1, 2, 3, 0xFFFFFFFFull, 0x100000000ull, ~0ull, ~0ull - 1, 1ull << 63};
  // (0xD413CCCF is the largest root, that of n = 2^64 - 1: at its boundary and
  // the one below, the correction's sums come closest to 2^64.)
  for (std::uint64_t r : {1ull, 2ull, 3ull, 12345ull, 0xFFFFull, 0x7FFFFFFFull, 0x80000000ull, 0xD0000000ull,
                          0xD413CCCEull, 0xD413CCCFull}) {
    // n at the boundaries where r changes: (r + 2^33)^2 = 2^66 + 4n.
    const unsigned __int128 m = static_cast<unsigned __int128>(r) + (static_cast<unsigned __int128>(1) << 33);
    const unsigned __int128 n4 = m * m - (static_cast<unsigned __int128>(1) << 66);
    const std::uint64_t n = static_cast<std::uint64_t>(n4 / 4);
    for (std::uint64_t d : {0ull, 1ull, 2ull}) {
      ns.push_back(n + d);
      ns.push_back(n - d);
    }
  }
  std::uint64_t x = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    ns.push_back(x);
  }
  for (std::uint64_t n : ns) BOOST_TEST(crypto::cn::variant2_sqrt(n) == exact(n), "n = " << n);
}

// Cuprate's CryptonightR test data (test vectors carried over): the program
// Monero generates for height 1806260, and one run of it.
BOOST_AUTO_TEST_CASE(cryptonight_r_program_and_interpreter) {
  using crypto::cn::r_opcode;
  struct ins { r_opcode op; int dst, src; std::uint32_t c; };
  constexpr r_opcode MUL = r_opcode::mul, ADD = r_opcode::add, SUB = r_opcode::sub, ROR = r_opcode::ror,
                     ROL = r_opcode::rol, XOR = r_opcode::xor_;
  const ins expected[] = {
      {ROL, 0, 7, 0}, {MUL, 3, 1, 0}, {ADD, 2, 7, 3553557725u}, {SUB, 0, 8, 0}, {ADD, 3, 4, 3590470404u},
      {XOR, 1, 0, 0}, {XOR, 1, 5, 0}, {XOR, 1, 0, 0}, {MUL, 0, 7, 0}, {MUL, 2, 1, 0}, {MUL, 2, 4, 0},
      {MUL, 2, 7, 0}, {SUB, 1, 8, 0}, {ADD, 0, 6, 1516169632u}, {ADD, 2, 0, 1587456779u}, {MUL, 3, 5, 0},
      {MUL, 1, 0, 0}, {XOR, 2, 0, 0}, {MUL, 0, 0, 0}, {SUB, 3, 6, 0}, {ROL, 3, 0, 0}, {XOR, 2, 4, 0},
      {MUL, 3, 5, 0}, {XOR, 2, 0, 0}, {ROL, 2, 4, 0}, {XOR, 3, 8, 0}, {MUL, 0, 4, 0}, {ADD, 2, 3, 2235486112u},
      {XOR, 0, 3, 0}, {MUL, 0, 2, 0}, {XOR, 2, 7, 0}, {MUL, 0, 7, 0}, {ROR, 0, 4, 0}, {MUL, 3, 2, 0},
      {ADD, 2, 3, 382729823u}, {MUL, 1, 4, 0}, {SUB, 3, 5, 0}, {ADD, 3, 7, 446636115u}, {SUB, 0, 5, 0},
      {ADD, 1, 8, 1136500848u}, {XOR, 3, 8, 0}, {MUL, 0, 4, 0}, {ROR, 3, 5, 0}, {MUL, 2, 0, 0}, {ROR, 0, 1, 0},
      {ADD, 0, 7, 4221005163u}, {ROL, 0, 2, 0}, {ADD, 0, 7, 1789679560u}, {XOR, 0, 3, 0}, {ADD, 2, 8, 2725270475u},
      {XOR, 1, 4, 0}, {SUB, 3, 8, 0}, {XOR, 3, 5, 0}, {SUB, 3, 2, 0}, {ROL, 2, 2, 0}, {ADD, 3, 6, 4110965463u},
      {XOR, 2, 6, 0}, {SUB, 2, 7, 0}, {SUB, 3, 1, 0}, {SUB, 1, 8, 0}, {ROR, 1, 2, 0}, {MUL, 0, 1, 0},
      {MUL, 2, 0, 0}};
  const crypto::cn::r_program p = crypto::cn::r_generate(1806260);
  BOOST_TEST_REQUIRE(p.size == static_cast<int>(std::size(expected)));
  for (int i = 0; i < p.size; ++i) {
    BOOST_TEST(static_cast<int>(p.code[i].op) == static_cast<int>(expected[i].op), "instruction " << i);
    BOOST_TEST(p.code[i].dst == expected[i].dst, "instruction " << i);
    BOOST_TEST(p.code[i].src == expected[i].src, "instruction " << i);
    BOOST_TEST(p.code[i].c == expected[i].c, "instruction " << i);
  }
  BOOST_TEST(static_cast<int>(p.code[p.size].op) == static_cast<int>(r_opcode::ret));
  // One run (registers R4..R8 from a = 969ecd22...7b, b = 8dfa6d2c...ce, b1 = d99c9a4b...7d).
  std::uint32_t r[9] = {1336109178u, 464004736u, 1552145461u, 3528897376u, 0, 0, 0, 0, 0};
  r[4] = 0x22cd9e96u;  // low word of a (bytes 96 9e cd 22)
  r[5] = 0x636ce73bu;  // low word of a's high half (bytes 3b e7 6c 63)
  r[6] = 0x2c6dfa8du;  // low word of b
  r[7] = 0x4b9a9cd9u;  // low word of b1
  r[8] = 0x50f88c8au;  // low word of b1's high half
  crypto::cn::r_execute(p, r);
  const std::uint32_t want[9] = {3226611830u, 767947777u, 1429416074u, 3443042828u, 583900822u,
                                 1668081467u, 745405069u, 1268423897u, 1358466186u};
  for (int i = 0; i < 9; ++i) BOOST_TEST(r[i] == want[i], "R" << i);
  // Program sizes stay within 60..70 and every program reads R8.
  for (std::uint64_t h = 1788000; h < 1788000 + 2000; ++h) {
    const auto q = crypto::cn::r_generate(h);
    BOOST_TEST_REQUIRE((q.size >= 60 && q.size <= 70));
    bool reads_r8 = false;
    for (int i = 0; i < q.size; ++i) reads_r8 |= q.code[i].src == 8;
    BOOST_TEST_REQUIRE(reads_r8);
  }
}

#if defined(CNCRYPTO_CN_X86) && defined(__x86_64__) && defined(__GNUC__)
// The x86-64 translation of CryptonightR programs against the interpreter:
// 3000 heights (every opcode, every register pair), random register values.
// CNCRYPTO_CN_R_JIT=0 (read once a process) turns the CryptonightR JIT off:
// no program is compiled and variant 4 runs the interpreter inside every
// implementation's loop, with the same results (Monero's tests-slow-4.txt).
// ctest runs this case again with the variable set (hash_cryptonight_r_interpreted).
BOOST_AUTO_TEST_CASE(cryptonight_r_jit_switch, *cncrypto::test::needs_shared()) {
  const char *env = std::getenv("CNCRYPTO_CN_R_JIT");
  const bool off = env != nullptr && std::strcmp(env, "0") == 0;
  const crypto::cn::r_jit_program jit(crypto::cn::r_generate(1806260));
  if (off) BOOST_TEST(jit.code() == nullptr);
  BOOST_TEST_MESSAGE("CryptonightR JIT " << (jit.code() ? "on" : "off"));
  const auto cases = read_slow(slow_files[3]);
  for (const auto *impl : runnable_implementations()) {
    for (std::size_t i = 0; i < 2; ++i) {
      std::uint8_t out[32];
      crypto::cn::slow_hash_with(*impl, cases[i].input.data(), cases[i].input.size(), out, 4, false, cases[i].height);
      BOOST_TEST(hex(out, 32) == cases[i].expected, impl->name << " line " << cases[i].line);
    }
  }
}

BOOST_AUTO_TEST_CASE(cryptonight_r_jit_matches_interpreter) {
  std::uint64_t x = 0x0123456789ABCDEFull;
  const auto next = [&x] {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    return static_cast<std::uint32_t>(x >> 16);
  };
  std::size_t compiled = 0;
  for (std::uint64_t h = 1788000; h < 1788000 + 3000; ++h) {
    const crypto::cn::r_program p = crypto::cn::r_generate(h);
    const crypto::cn::r_jit_program jit(p);
    if (jit.code() == nullptr) continue;  // JIT refused here (or CNCRYPTO_CN_R_JIT=0)
    ++compiled;
    for (int trial = 0; trial < 4; ++trial) {
      alignas(64) std::uint32_t a[9], b[9];
      for (int i = 0; i < 9; ++i) a[i] = b[i] = trial == 0 ? static_cast<std::uint32_t>(i) : next();
      crypto::cn::r_execute(p, a);
      crypto::cn::call_r_jit(jit.code(), b);
      for (int i = 0; i < 9; ++i) BOOST_TEST_REQUIRE(a[i] == b[i], "height " << h << " R" << i);
    }
  }
  BOOST_TEST_MESSAGE("CryptonightR JIT: " << compiled << " of 3000 programs compiled and checked");
}

// The multi-hash loop's form (r_jit_lanes: 1 to 4 programs in one function,
// registers in slots) against the interpreter: d_xor from the registers
// before, R0..R3 after, R4..R8 taken from the slot's a, b and b1 words, and
// the slot's inputs left as they were. 2000 heights in groups of 1 to 4.
BOOST_AUTO_TEST_CASE(cryptonight_r_jit_lanes_match_interpreter) {
  std::uint64_t x = 0x243F6A8885A308D3ull;
  const auto next = [&x] {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    return x;
  };
  std::size_t compiled = 0;
  std::uint64_t h = 1806000;
  for (int group = 0; group < 800; ++group) {
    const int count = 1 + group % 4;
    crypto::cn::r_program programs[4];
    const crypto::cn::r_program *pointers[4];
    for (int k = 0; k < count; ++k) {
      programs[k] = crypto::cn::r_generate(h++);
      pointers[k] = &programs[k];
    }
    const crypto::cn::r_jit_lanes jit(pointers, count);
    if (jit.code() == nullptr) continue;  // JIT refused here (or CNCRYPTO_CN_R_JIT=0)
    ++compiled;
    for (int trial = 0; trial < 3; ++trial) {
      alignas(64) crypto::cn::r_lane_slot slots[4] = {};
      for (int k = 0; k < count; ++k) {
        slots[k].r01 = next();
        slots[k].r23 = next();
        for (std::uint64_t *w : {&slots[k].a[0], &slots[k].a[1], &slots[k].b[0], &slots[k].b[1], &slots[k].b1[0],
                                 &slots[k].b1[1]}) {
          *w = next();
        }
      }
      crypto::cn::r_lane_slot before[4];
      std::memcpy(before, slots, sizeof slots);
      switch (count) {
        case 1: crypto::cn::call_r_jit_lanes<1>(jit.code(), slots); break;
        case 2: crypto::cn::call_r_jit_lanes<2>(jit.code(), slots); break;
        case 3: crypto::cn::call_r_jit_lanes<3>(jit.code(), slots); break;
        default: crypto::cn::call_r_jit_lanes<4>(jit.code(), slots); break;
      }
      for (int k = 0; k < count; ++k) {
        const crypto::cn::r_lane_slot &b = before[k], &a = slots[k];
        std::uint32_t r[9] = {static_cast<std::uint32_t>(b.r01), static_cast<std::uint32_t>(b.r01 >> 32),
                              static_cast<std::uint32_t>(b.r23), static_cast<std::uint32_t>(b.r23 >> 32),
                              static_cast<std::uint32_t>(b.a[0]), static_cast<std::uint32_t>(b.a[1]),
                              static_cast<std::uint32_t>(b.b[0]), static_cast<std::uint32_t>(b.b1[0]),
                              static_cast<std::uint32_t>(b.b1[1])};
        const std::uint64_t d_xor = static_cast<std::uint64_t>(r[0] + r[1]) |
                                    (static_cast<std::uint64_t>(r[2] + r[3]) << 32);
        crypto::cn::r_execute(programs[k], r);
        BOOST_TEST_REQUIRE(a.d_xor == d_xor, "group " << group << " lane " << k);
        BOOST_TEST_REQUIRE(a.r01 == (r[0] | (static_cast<std::uint64_t>(r[1]) << 32)), "group " << group << " lane " << k);
        BOOST_TEST_REQUIRE(a.r23 == (r[2] | (static_cast<std::uint64_t>(r[3]) << 32)), "group " << group << " lane " << k);
        BOOST_TEST_REQUIRE(std::memcmp(a.a, b.a, 48) == 0, "inputs unchanged, group " << group << " lane " << k);
      }
      for (int k = count; k < 4; ++k) BOOST_TEST_REQUIRE(std::memcmp(&slots[k], &before[k], sizeof slots[k]) == 0);
    }
  }
  BOOST_TEST_MESSAGE("CryptonightR lanes JIT: " << compiled << " of 800 groups compiled and checked");
}

// The vector form (r_jit_simd: one program on 4 lanes, lane k in element k)
// against the interpreter run on each lane, with AVX2 and with AVX-512 where
// this CPU has them: 1500 heights, 4 register sets each (one with rotation
// counts 0, 31, 32, 33 and all-ones / zero values, the others random).
BOOST_AUTO_TEST_CASE(cryptonight_r_jit_simd_matches_interpreter) {
  std::uint64_t x = 0x13198A2E03707344ull;
  const auto next = [&x] {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    return static_cast<std::uint32_t>(x >> 16);
  };
  const std::uint32_t edge[] = {0, 31, 32, 33, 0xFFFFFFFFu, 1, 0x80000000u, 63};
  for (const auto isa : {crypto::cn::r_simd_isa::avx2, crypto::cn::r_simd_isa::avx512}) {
    const char *name = isa == crypto::cn::r_simd_isa::avx2 ? "avx2" : "avx512";
    if (!crypto::cn::r_simd_supported(isa)) {
      BOOST_TEST_MESSAGE("CryptonightR SIMD JIT " << name << ": this CPU cannot run it, not checked");
      continue;
    }
    std::size_t compiled = 0;
    for (std::uint64_t h = 1806000; h < 1806000 + 1500; ++h) {
      const crypto::cn::r_program p = crypto::cn::r_generate(h);
      const crypto::cn::r_jit_simd jit(p, isa);
      if (jit.code() == nullptr) continue;  // JIT refused here (or CNCRYPTO_CN_R_JIT=0)
      ++compiled;
      for (int trial = 0; trial < 4; ++trial) {
        alignas(16) std::uint32_t lanes[9][4];  // [register][lane]
        for (int i = 0; i < 9; ++i) {
          for (int k = 0; k < 4; ++k) lanes[i][k] = trial == 0 ? edge[(i + 3 * k) % 8] : next();
        }
        __m128i v[9];
        for (int i = 0; i < 9; ++i) v[i] = _mm_load_si128(reinterpret_cast<const __m128i *>(lanes[i]));
        crypto::cn::call_r_jit_simd(jit.code(), v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]);
        alignas(16) std::uint32_t after[4][4];
        for (int i = 0; i < 4; ++i) _mm_store_si128(reinterpret_cast<__m128i *>(after[i]), v[i]);
        for (int k = 0; k < 4; ++k) {
          std::uint32_t r[9];
          for (int i = 0; i < 9; ++i) r[i] = lanes[i][k];
          crypto::cn::r_execute(p, r);
          for (int i = 0; i < 4; ++i) {
            BOOST_TEST_REQUIRE(after[i][k] == r[i], name << " height " << h << " trial " << trial << " lane " << k
                                                          << " R" << i);
          }
        }
      }
    }
    BOOST_TEST_MESSAGE("CryptonightR SIMD JIT " << name << ": " << compiled << " of 1500 programs compiled and checked");
  }
}
#endif

namespace {

crypto::cpu_features every_cpu_feature() {
  crypto::cpu_features f;
  f.bmi1 = f.bmi2 = f.avx2 = f.avx512 = f.avx512ifma = f.aes = f.sse41 = f.ssse3 = f.vaes = true;
  return f;
}
crypto::cpu_features every_cpu_feature_but(std::initializer_list<bool crypto::cpu_features::*> missing) {
  crypto::cpu_features f = every_cpu_feature();
  for (bool crypto::cpu_features::*m : missing) f.*m = false;
  return f;
}

std::string cn_choice(const crypto::cpu_features &f, const char *forced = nullptr) {
  return crypto::cn::choose_cn_implementation(f, forced).name;
}

std::string cn_choice_error(const crypto::cpu_features &f, const char *forced) {
  try {
    crypto::cn::choose_cn_implementation(f, forced);
  } catch (const std::runtime_error &e) {
    return e.what();
  }
  return "(no exception)";
}

}  // namespace

// The dispatcher's choice as a function of the CPU's features
// (choose_cn_implementation, what cn_active_implementation() applies to this CPU
// and CNCRYPTO_CN_IMPL), on CPUs this machine is not.
BOOST_AUTO_TEST_CASE(choice_for_each_cpu) {
  using crypto::cpu_features;
  BOOST_TEST(&crypto::cn::choose_cn_implementation(crypto::detected_cpu_features(), std::getenv("CNCRYPTO_CN_IMPL")) ==
             &crypto::cn::cn_active_implementation());
  const cpu_features none;
  BOOST_TEST(cn_choice(none) == "portable");
  BOOST_TEST(cn_choice(none, "") == "portable");
  BOOST_TEST(cn_choice(none, "portable") == "portable");
  BOOST_TEST(cn_choice_error(none, "no-such").find("CNCRYPTO_CN_IMPL=no-such: unknown CryptoNight implementation; "
                                                   "valid names: portable") == 0u);
  if (crypto::cn::find_cn_implementation("vaes") == nullptr) return;  // not an x86-64 build: portable only
  // ssse3 needs SSSE3; aesni AES-NI and SSE4.1; vaes also VAES and AVX-512 F+VL.
  BOOST_TEST(cn_choice(every_cpu_feature()) == "vaes");
  BOOST_TEST(cn_choice(every_cpu_feature_but({&cpu_features::avx512})) == "aesni");
  BOOST_TEST(cn_choice(every_cpu_feature_but({&cpu_features::vaes})) == "aesni");
  // Without AES-NI (or without SSE4.1): software AES, the SSSE3 one when it can.
  BOOST_TEST(cn_choice(every_cpu_feature_but({&cpu_features::aes})) == "ssse3");
  BOOST_TEST(cn_choice(every_cpu_feature_but({&cpu_features::sse41})) == "ssse3");
  BOOST_TEST(cn_choice(every_cpu_feature_but({&cpu_features::aes, &cpu_features::ssse3})) == "portable");
  BOOST_TEST(cn_choice(every_cpu_feature_but({&cpu_features::sse41, &cpu_features::ssse3})) == "portable");
  // SSSE3 alone does not matter to the AES-NI ones.
  BOOST_TEST(cn_choice(every_cpu_feature_but({&cpu_features::ssse3})) == "vaes");
  BOOST_TEST(cn_choice(every_cpu_feature_but({&cpu_features::ssse3, &cpu_features::vaes})) == "aesni");
  for (bool cpu_features::*other :
       {&cpu_features::bmi1, &cpu_features::bmi2, &cpu_features::avx2, &cpu_features::avx512ifma}) {
    BOOST_TEST(cn_choice(every_cpu_feature_but({other})) == "vaes");
  }
  // Forcing: any implementation the CPU runs.
  for (const char *name : {"portable", "ssse3", "aesni", "vaes"}) BOOST_TEST(cn_choice(every_cpu_feature(), name) == name);
  BOOST_TEST(cn_choice(every_cpu_feature_but({&cpu_features::aes}), "portable") == "portable");
  // Forcing one the CPU lacks: the error cn_active_implementation() throws.
  BOOST_TEST(cn_choice_error(every_cpu_feature_but({&cpu_features::aes}), "aesni") ==
             "CNCRYPTO_CN_IMPL=aesni: this CPU cannot run that CryptoNight implementation; valid names: portable, "
             "ssse3, aesni (not supported by this CPU), vaes (not supported by this CPU)");
  BOOST_TEST(cn_choice_error(every_cpu_feature_but({&cpu_features::avx512}), "vaes") ==
             "CNCRYPTO_CN_IMPL=vaes: this CPU cannot run that CryptoNight implementation; valid names: portable, "
             "ssse3, aesni, vaes (not supported by this CPU)");
  BOOST_TEST(cn_choice_error(cpu_features{}, "ssse3") ==
             "CNCRYPTO_CN_IMPL=ssse3: this CPU cannot run that CryptoNight implementation; valid names: portable, "
             "ssse3 (not supported by this CPU), aesni (not supported by this CPU), vaes (not supported by this CPU)");
  BOOST_TEST(cn_choice_error(every_cpu_feature(), "AESNI") ==
             "CNCRYPTO_CN_IMPL=AESNI: unknown CryptoNight implementation; valid names: portable, ssse3, aesni, vaes");
}

BOOST_AUTO_TEST_CASE(implementation_table) {
  std::size_t count = 0;
  const auto *table = crypto::cn::cn_implementations(count);
  BOOST_TEST_REQUIRE(count >= 1u);
  BOOST_TEST(std::string(table[0]->name) == "portable");
  BOOST_TEST(table[0]->available());
  BOOST_TEST(crypto::cn::find_cn_implementation("portable") == table[0]);
  BOOST_TEST(crypto::cn::find_cn_implementation("no-such") == nullptr);
  BOOST_TEST(crypto::cn::find_cn_implementation(nullptr) == nullptr);
  BOOST_TEST(crypto::cn::find_cn_implementation(crypto::cn::cn_implementation_name()) != nullptr);
}

BOOST_AUTO_TEST_SUITE_END()
