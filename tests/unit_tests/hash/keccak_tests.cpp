// Keccak-f[1600] implementations, the permutation interface and Monero's keccak C API.
//
// Oracles: the readable FIPS 202 reference permutation (keccak_reference.cpp),
// the keccak / keccak1600 lines of monero_crypto.txt (Monero's own code), and
// the FIPS 202 intermediate value for Keccak-f[1600] on the all-zero state.
#include <boost/test/unit_test.hpp>

#include "common/cpu_features.h"
#include "common/hex.h"
#include "crypto/hash.h"
#include "crypto/keccak.h"
#include "crypto/sponge.h"
#include "hash/keccak_permutation.h"
#include "keccak_reference.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstdlib>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using cncrypto::test::hex_field;
using cncrypto::test::read_vector_file;
using cncrypto::test::reference_keccakf;
using cncrypto::test::shared_path;

namespace {

std::string hex(const void *data, std::size_t size) { return cncrypto::hex_encode(data, size); }

std::vector<const crypto::keccak_permutation *> runnable_permutations() {
  std::size_t count = 0;
  const crypto::keccak_permutation *const *all = crypto::keccak_permutations(count);
  std::vector<const crypto::keccak_permutation *> out;
  for (std::size_t i = 0; i < count; ++i) {
    if (all[i]->available()) out.push_back(all[i]);
  }
  return out;
}

void random_state(std::mt19937_64 &rng, std::uint64_t st[25]) {
  for (int i = 0; i < 25; ++i) st[i] = rng();
}

// Test-only [k][25] view of the one multi-lane layout: lane-interleaves the W
// states (lane i of state k at lanes[W*i + k]), runs permute_x4_lanes /
// permute_x8_lanes, and takes them apart again.
template <int W>
void permute_states(const crypto::keccak_permutation &impl, std::uint64_t (*states)[25]) {
  alignas(64) std::uint64_t lanes[25 * W];
  for (int i = 0; i < 25; ++i) {
    for (int k = 0; k < W; ++k) lanes[W * i + k] = states[k][i];
  }
  if (W == 8) {
    impl.permute_x8_lanes(lanes);
  } else {
    impl.permute_x4_lanes(lanes);
  }
  for (int i = 0; i < 25; ++i) {
    for (int k = 0; k < W; ++k) states[k][i] = lanes[W * i + k];
  }
}

// State bytes as the sponge sees them (lane i/8, bits 8*(i%8)...), computed
// arithmetically, independent of host byte order.
std::uint8_t state_byte(const std::uint64_t st[25], std::size_t i) {
  return static_cast<std::uint8_t>(st[i / 8] >> (8 * (i % 8)));
}

}  // namespace

BOOST_AUTO_TEST_CASE(round_constants_match_the_fips202_lfsr) {
  for (int round = 0; round < 24; ++round) {
    BOOST_TEST(crypto::keccak_round_constants[round] == cncrypto::test::reference_round_constant(round),
               "round " << round);
  }
  // Spot checks of the generator itself (FIPS 202 / Keccak reference values).
  BOOST_TEST(cncrypto::test::reference_round_constant(0) == 0x0000000000000001ULL);
  BOOST_TEST(cncrypto::test::reference_round_constant(23) == 0x8000000080008008ULL);
  BOOST_TEST(cncrypto::test::reference_rho_offset(1, 0) == 1u);
  BOOST_TEST(cncrypto::test::reference_rho_offset(4, 4) == 14u);
}

BOOST_AUTO_TEST_CASE(reference_permutation_on_zero_state) {
  // Keccak-f[1600] of the all-zero state: first lanes from the Keccak team's
  // published intermediate values (KeccakF-1600-IntermediateValues.txt).
  std::uint64_t st[25] = {};
  reference_keccakf(st, 24);
  BOOST_TEST(st[0] == 0xF1258F7940E1DDE7ULL);
  BOOST_TEST(st[1] == 0x84D5CCF933C0478AULL);
  BOOST_TEST(st[24] == 0xEAF1FF7B5CECA249ULL);
}

BOOST_AUTO_TEST_CASE(every_implementation_equals_the_reference_for_every_round_count) {
  std::mt19937_64 rng(0x4b656363616b31ULL);
  for (const auto *impl : runnable_permutations()) {
    for (int rounds = 1; rounds <= 24; ++rounds) {
      for (int trial = 0; trial < 20; ++trial) {
        std::uint64_t a[25], b[25];
        random_state(rng, a);
        std::memcpy(b, a, sizeof a);
        reference_keccakf(a, rounds);
        impl->permute_rounds(b, rounds);
        BOOST_TEST(std::memcmp(a, b, sizeof a) == 0, impl->name << " rounds " << rounds << " trial " << trial);
      }
    }
    std::uint64_t a[25], b[25];
    random_state(rng, a);
    std::memcpy(b, a, sizeof a);
    reference_keccakf(a, 24);
    impl->permute(b);
    BOOST_TEST(std::memcmp(a, b, sizeof a) == 0, impl->name << " permute");
  }
}

BOOST_AUTO_TEST_CASE(multi_lane_equals_single_calls) {
  std::mt19937_64 rng(7);
  for (const auto *impl : runnable_permutations()) {
    std::uint64_t four[4][25], eight[8][25], single[8][25];
    for (auto &s : eight) random_state(rng, s);
    std::memcpy(four, eight, sizeof four);
    std::memcpy(single, eight, sizeof single);
    for (auto &s : single) impl->permute(s);
    permute_states<4>(*impl, four);
    permute_states<8>(*impl, eight);
    BOOST_TEST(std::memcmp(four, single, sizeof four) == 0, impl->name);
    BOOST_TEST(std::memcmp(eight, single, sizeof eight) == 0, impl->name);
  }
}

BOOST_AUTO_TEST_CASE(multi_lane_equals_the_reference_on_distinct_states) {
  // Every state different (and different from its neighbours' lanes), so a
  // transposition mistake that swaps lanes between states cannot cancel out.
  std::mt19937_64 rng(0x78387834);
  for (const auto *impl : runnable_permutations()) {
    for (int trial = 0; trial < 10; ++trial) {
      std::uint64_t eight[8][25], expected[8][25];
      for (auto &s : eight) random_state(rng, s);
      std::memcpy(expected, eight, sizeof eight);
      for (auto &s : expected) reference_keccakf(s, 24);
      std::uint64_t four[4][25];
      std::memcpy(four, eight + 4, sizeof four);
      permute_states<8>(*impl, eight);
      permute_states<4>(*impl, four);
      for (int k = 0; k < 8; ++k) {
        BOOST_TEST(std::memcmp(eight[k], expected[k], sizeof eight[k]) == 0, impl->name << " x8 state " << k);
      }
      for (int k = 0; k < 4; ++k) {
        BOOST_TEST(std::memcmp(four[k], expected[4 + k], sizeof four[k]) == 0, impl->name << " x4 state " << k);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(lane_interleaved_multi_lane_equals_the_reference) {
  // permute_x4_lanes / permute_x8_lanes: lane i of state k at lanes[W*i + k].
  std::mt19937_64 rng(0x1a4e5);
  for (const auto *impl : runnable_permutations()) {
    for (int trial = 0; trial < 5; ++trial) {
      std::uint64_t states[8][25], expected[8][25];
      for (auto &s : states) random_state(rng, s);
      std::memcpy(expected, states, sizeof states);
      for (auto &s : expected) reference_keccakf(s, 24);
      alignas(64) std::uint64_t eight[25 * 8], four[25 * 4];
      for (int i = 0; i < 25; ++i) {
        for (int k = 0; k < 8; ++k) eight[8 * i + k] = states[k][i];
        for (int k = 0; k < 4; ++k) four[4 * i + k] = states[3 + k][i];
      }
      impl->permute_x8_lanes(eight);
      impl->permute_x4_lanes(four);
      for (int i = 0; i < 25; ++i) {
        for (int k = 0; k < 8; ++k) {
          BOOST_TEST(eight[8 * i + k] == expected[k][i], impl->name << " x8_lanes state " << k << " lane " << i);
        }
        for (int k = 0; k < 4; ++k) {
          BOOST_TEST(four[4 * i + k] == expected[3 + k][i], impl->name << " x4_lanes state " << k << " lane " << i);
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(hash_one_block_equals_the_state_path_for_every_length) {
  // Expected values from the independent state path written here: the message
  // bytes and Keccak-256's padding (0x01 after the message, 0x80 in byte 135)
  // XORed into a zero state byte by byte, the FIPS 202 reference permutation
  // (keccak_reference.cpp), the state's bytes taken arithmetically (state_byte).
  // Every message length 0..135 with random contents, on every implementation
  // this CPU runs; the buffer's capacity lanes 17..24 hold garbage the entry
  // must ignore; nothing is written past out_bytes; the buffer is zero after.
  std::mt19937_64 rng(0x6f6e65426c6bULL);
  for (const auto *impl : runnable_permutations()) {
    for (std::size_t length = 0; length < 136; ++length) {
      std::uint8_t message[136];
      for (auto &b : message) b = static_cast<std::uint8_t>(rng());
      std::uint64_t block[25] = {};
      for (std::size_t i = 0; i < length; ++i) block[i / 8] ^= std::uint64_t{message[i]} << (8 * (i % 8));
      block[length / 8] ^= std::uint64_t{0x01} << (8 * (length % 8));
      block[16] ^= std::uint64_t{0x80} << 56;
      std::uint64_t st[25];
      std::memcpy(st, block, sizeof st);
      reference_keccakf(st, 24);
      std::uint8_t expected[32];
      for (std::size_t i = 0; i < 32; ++i) expected[i] = state_byte(st, i);
      for (const std::size_t out_bytes : {std::size_t{1}, std::size_t{32}}) {
        std::uint64_t buf[25];
        std::memcpy(buf, block, 17 * sizeof buf[0]);
        for (std::size_t i = 17; i < 25; ++i) buf[i] = rng();
        std::uint8_t out[40];
        std::memset(out, 0xa5, sizeof out);
        impl->hash_one_block(buf, out, out_bytes);
        BOOST_TEST(hex(out, out_bytes) == hex(expected, out_bytes),
                   impl->name << " length " << length << " out_bytes " << out_bytes);
        bool untouched = true;
        for (std::size_t i = out_bytes; i < sizeof out; ++i) untouched = untouched && out[i] == 0xa5;
        BOOST_TEST(untouched, impl->name << " wrote past out_bytes " << out_bytes);
        const std::uint64_t zero[25] = {};
        BOOST_TEST(std::memcmp(buf, zero, sizeof buf) == 0, impl->name << " left the buffer unwiped, length " << length);
      }
      // The callers of the active implementation's entry on the same message:
      // cn_fast_hash, Monero's keccak() with mdlen 32, keccak_256.
      std::uint8_t digest[32];
      cn_fast_hash(message, length, reinterpret_cast<char *>(digest));
      BOOST_TEST(hex(digest, 32) == hex(expected, 32), "cn_fast_hash length " << length);
      keccak(message, length, digest, 32);
      BOOST_TEST(hex(digest, 32) == hex(expected, 32), "keccak(mdlen 32) length " << length);
      cncrypto::keccak_256(message, length, digest);
      BOOST_TEST(hex(digest, 32) == hex(expected, 32), "keccak_256 length " << length);
    }
  }
  // SHA3-256 and SHAKE256 to 32 bytes (also rate 136, domain bytes 0x06 and
  // 0x1F) take the one-block entry too: the same state path with their byte.
  for (std::size_t length = 0; length < 136; ++length) {
    std::uint8_t message[136];
    for (auto &b : message) b = static_cast<std::uint8_t>(rng());
    for (const std::uint8_t pad : {std::uint8_t{0x06}, std::uint8_t{0x1f}}) {
      std::uint64_t st[25] = {};
      for (std::size_t i = 0; i < length; ++i) st[i / 8] ^= std::uint64_t{message[i]} << (8 * (i % 8));
      st[length / 8] ^= std::uint64_t{pad} << (8 * (length % 8));
      st[16] ^= std::uint64_t{0x80} << 56;
      reference_keccakf(st, 24);
      std::uint8_t expected[32], digest[32];
      for (std::size_t i = 0; i < 32; ++i) expected[i] = state_byte(st, i);
      if (pad == 0x06) {
        cncrypto::sha3_256(message, length, digest);
      } else {
        cncrypto::shake256(message, length, digest, 32);
      }
      BOOST_TEST(hex(digest, 32) == hex(expected, 32), "pad " << int{pad} << " length " << length);
    }
  }
}

BOOST_AUTO_TEST_CASE(absorb_blocks_equals_add_bytes_and_permute_for_every_rate_and_alignment) {
  std::mt19937_64 rng(13);
  std::vector<std::uint8_t> buffer(4 * 192 + 8);
  for (auto &b : buffer) b = static_cast<std::uint8_t>(rng());
  const crypto::keccak_permutation &portable = crypto::keccak_portable_permutation();
  for (const auto *impl : runnable_permutations()) {
    for (std::size_t rate = 8; rate <= 192; rate += 8) {
      for (std::size_t blocks = 0; blocks <= 3; ++blocks) {
        const std::size_t misalign = (rate / 8 + blocks) % 8;
        const std::uint8_t *data = buffer.data() + misalign;
        std::uint64_t st[25], expected[25];
        random_state(rng, st);
        std::memcpy(expected, st, sizeof st);
        for (std::size_t b = 0; b < blocks; ++b) {
          portable.add_bytes(expected, data + b * rate, 0, rate);
          reference_keccakf(expected, 24);
        }
        impl->absorb_blocks(st, data, blocks, rate);
        BOOST_TEST(std::memcmp(st, expected, sizeof st) == 0,
                   impl->name << " rate " << rate << " blocks " << blocks << " misalign " << misalign);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(dispatcher_picks_the_best_supported_implementation) {
  std::size_t count = 0;
  const auto *const *all = crypto::keccak_permutations(count);
  const char *forced = std::getenv("CNCRYPTO_KECCAK_IMPL");
  const crypto::keccak_permutation &active = crypto::keccak_active_permutation();
  if (forced != nullptr && *forced != '\0') {
    // CI runs the suite once per implementation through this variable.
    BOOST_TEST(std::string(active.name) == forced);
    return;
  }
  // The table is ordered slowest to fastest: the last available entry wins.
  const crypto::keccak_permutation *best = nullptr;
  for (std::size_t i = 0; i < count; ++i) {
    if (all[i]->available()) best = all[i];
  }
  BOOST_TEST_REQUIRE(best != nullptr);
  BOOST_TEST(&active == best, "active " << active.name << ", best available " << best->name);
#if defined(__x86_64__)
  // Independent of cncrypto's own CPUID probe: libgcc's, which also checks
  // that the OS saves the vector registers (XGETBV).
  __builtin_cpu_init();
  std::string expected = "portable";
  if (__builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2")) {
    expected = "bmi2";
    if (__builtin_cpu_supports("avx2")) {
      expected = "avx2";
      if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")) expected = "hybrid";
    }
  }
  BOOST_TEST(std::string(active.name) == expected);
  for (const char *name : {"portable", "bmi2", "avx2", "avx512", "hybrid"}) {
    BOOST_TEST(crypto::find_keccak_permutation(name) != nullptr, name << " is compiled in on x86-64");
  }
#endif
}

namespace {

// A CPU with every feature the probe knows, then one taken away.
crypto::cpu_features every_feature() {
  crypto::cpu_features f;
  f.bmi1 = f.bmi2 = f.avx2 = f.avx512 = f.avx512ifma = f.aes = f.sse41 = f.ssse3 = f.vaes = true;
  return f;
}
crypto::cpu_features without(bool crypto::cpu_features::*feature) {
  crypto::cpu_features f = every_feature();
  f.*feature = false;
  return f;
}

std::string keccak_choice(const crypto::cpu_features &f, const char *forced = nullptr) {
  return crypto::choose_keccak_permutation(f, forced).name;
}

std::string keccak_choice_error(const crypto::cpu_features &f, const char *forced) {
  try {
    crypto::choose_keccak_permutation(f, forced);
  } catch (const std::runtime_error &e) {
    return e.what();
  }
  return "(no exception)";
}

}  // namespace

// The dispatcher's choice as a function of the CPU's features
// (choose_keccak_permutation, what keccak_active_permutation() applies to this
// CPU and CNCRYPTO_KECCAK_IMPL), on CPUs this machine is not.
BOOST_AUTO_TEST_CASE(choice_for_each_cpu) {
  using crypto::cpu_features;
  // The real dispatcher is this choice for the detected features.
  BOOST_TEST(&crypto::choose_keccak_permutation(crypto::detected_cpu_features(),
                                                std::getenv("CNCRYPTO_KECCAK_IMPL")) ==
             &crypto::keccak_active_permutation());
  const cpu_features none;
  BOOST_TEST(keccak_choice(none) == "portable");
  BOOST_TEST(keccak_choice(none, "") == "portable");
  BOOST_TEST(keccak_choice(none, "portable") == "portable");
  BOOST_TEST(keccak_choice_error(none, "no-such").find("CNCRYPTO_KECCAK_IMPL=no-such: unknown Keccak implementation; "
                                                       "valid names: portable") == 0u);
  if (crypto::find_keccak_permutation("avx512") == nullptr) return;  // not an x86-64 build: portable only
  // bmi2 needs BMI1 and BMI2, avx2 also AVX2, avx512 and hybrid also AVX-512
  // F+VL (the probe's avx512); the other features do not matter to Keccak.
  BOOST_TEST(keccak_choice(every_feature()) == "hybrid");
  BOOST_TEST(keccak_choice(without(&cpu_features::avx512)) == "avx2");
  BOOST_TEST(keccak_choice(without(&cpu_features::avx2)) == "bmi2");
  BOOST_TEST(keccak_choice(without(&cpu_features::bmi2)) == "portable");
  BOOST_TEST(keccak_choice(without(&cpu_features::bmi1)) == "portable");
  for (bool cpu_features::*other : {&cpu_features::avx512ifma, &cpu_features::aes, &cpu_features::sse41,
                                    &cpu_features::ssse3, &cpu_features::vaes}) {
    BOOST_TEST(keccak_choice(without(other)) == "hybrid");
  }
  cpu_features bmi_only;
  bmi_only.bmi1 = bmi_only.bmi2 = true;
  BOOST_TEST(keccak_choice(bmi_only) == "bmi2");
  // Forcing: any implementation the CPU runs, whether or not it is the best.
  for (const char *name : {"portable", "bmi2", "avx2", "avx512", "hybrid"}) {
    BOOST_TEST(keccak_choice(every_feature(), name) == name);
  }
  BOOST_TEST(keccak_choice(without(&cpu_features::avx512), "bmi2") == "bmi2");
  // Forcing one the CPU lacks is the error keccak_active_permutation() throws,
  // the names the CPU cannot run marked.
  BOOST_TEST(keccak_choice_error(without(&cpu_features::avx512), "avx512") ==
             "CNCRYPTO_KECCAK_IMPL=avx512: this CPU cannot run that Keccak implementation; valid names: "
             "portable, bmi2, avx2, avx512 (not supported by this CPU), hybrid (not supported by this CPU)");
  BOOST_TEST(keccak_choice_error(without(&cpu_features::bmi2), "avx2") ==
             "CNCRYPTO_KECCAK_IMPL=avx2: this CPU cannot run that Keccak implementation; valid names: "
             "portable, bmi2 (not supported by this CPU), avx2 (not supported by this CPU), avx512 (not supported "
             "by this CPU), hybrid (not supported by this CPU)");
  BOOST_TEST(keccak_choice_error(without(&cpu_features::avx512), "hybrid").find("CNCRYPTO_KECCAK_IMPL=hybrid: this CPU "
                                                                                 "cannot run") == 0u);
  BOOST_TEST(keccak_choice_error(every_feature(), "AVX512") ==
             "CNCRYPTO_KECCAK_IMPL=AVX512: unknown Keccak implementation; valid names: portable, bmi2, avx2, avx512, "
             "hybrid");
}

BOOST_AUTO_TEST_CASE(add_and_extract_bytes_at_every_offset_and_alignment) {
  std::mt19937_64 rng(11);
  std::vector<std::uint8_t> buffer(200 + 16);
  for (const auto *impl : runnable_permutations()) {
    for (std::size_t offset = 0; offset <= 200; offset += (offset < 20 || offset > 180) ? 1 : 7) {
      for (std::size_t length = 0; offset + length <= 200; length += (length < 20) ? 1 : 13) {
        const std::size_t misalign = (offset + length) % 8;
        std::uint64_t st[25], before[25];
        random_state(rng, st);
        std::memcpy(before, st, sizeof st);
        std::uint8_t *data = buffer.data() + misalign;
        for (std::size_t i = 0; i < length; ++i) data[i] = static_cast<std::uint8_t>(rng());
        impl->add_bytes(st, data, offset, length);
        bool ok = true;
        for (std::size_t i = 0; i < 200; ++i) {
          const bool inside = i >= offset && i < offset + length;
          const std::uint8_t expected = state_byte(before, i) ^ (inside ? data[i - offset] : 0);
          ok = ok && state_byte(st, i) == expected;
        }
        BOOST_TEST(ok, impl->name << " add_bytes offset " << offset << " length " << length);
        std::uint8_t *out = buffer.data() + 1 + misalign;
        impl->extract_bytes(st, out, offset, length);
        for (std::size_t i = 0; i < length; ++i) ok = ok && out[i] == state_byte(st, offset + i);
        BOOST_TEST(ok, impl->name << " extract_bytes offset " << offset << " length " << length);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(active_implementation_is_named_and_listed) {
  const crypto::keccak_permutation &active = crypto::keccak_active_permutation();
  BOOST_TEST(std::string(crypto::keccak_implementation_name()) == active.name);
  BOOST_TEST(crypto::find_keccak_permutation(active.name) == &active);
  BOOST_TEST(crypto::find_keccak_permutation("portable") == &crypto::keccak_portable_permutation());
  BOOST_TEST(crypto::find_keccak_permutation("no-such-implementation") == nullptr);
  BOOST_TEST(crypto::find_keccak_permutation(nullptr) == nullptr);
  std::size_t count = 0;
  const auto *const *all = crypto::keccak_permutations(count);
  BOOST_TEST_REQUIRE(count >= 1u);
  BOOST_TEST(all[0] == &crypto::keccak_portable_permutation());
}

BOOST_AUTO_TEST_CASE(keccakf_c_api) {
  std::mt19937_64 rng(3);
  for (int rounds = 1; rounds <= 24; ++rounds) {
    std::uint64_t a[25], b[25];
    random_state(rng, a);
    std::memcpy(b, a, sizeof a);
    keccakf(a, rounds);
    reference_keccakf(b, rounds);
    BOOST_TEST(std::memcmp(a, b, sizeof a) == 0, "rounds " << rounds);
  }
  std::uint64_t st[25] = {};
  for (int bad : {0, -1, 25, 1000}) {
    BOOST_CHECK_EXCEPTION(keccakf(st, bad), std::invalid_argument, [](const std::invalid_argument &e) {
      return std::string(e.what()).find("rounds") != std::string::npos;
    });
  }
  for (int i = 0; i < 25; ++i) BOOST_TEST(st[i] == 0u);  // untouched by the refused calls
}

BOOST_AUTO_TEST_CASE(monero_crypto_keccak, *cncrypto::test::needs_shared()) {
  const auto lines = read_vector_file(shared_path("vectors/monero_crypto.txt"), "keccak");
  BOOST_TEST(lines.size() == 185u);
  for (const auto &line : lines) {
    BOOST_TEST_CONTEXT("monero_crypto.txt line " << line.line_number) {
      BOOST_TEST_REQUIRE(line.fields.size() == 4u);
      const int mdlen = static_cast<int>(cncrypto::test::u64_field(line.fields[1]));
      const auto input = hex_field(line.fields[2]);
      std::vector<std::uint8_t> md(static_cast<std::size_t>(mdlen));
      keccak(input.data(), input.size(), md.data(), mdlen);
      BOOST_TEST(hex(md.data(), md.size()) == line.fields[3]);
    }
  }
}

BOOST_AUTO_TEST_CASE(monero_crypto_keccak1600, *cncrypto::test::needs_shared()) {
  const auto lines = read_vector_file(shared_path("vectors/monero_crypto.txt"), "keccak1600");
  BOOST_TEST(lines.size() == 155u);
  for (const auto &line : lines) {
    BOOST_TEST_CONTEXT("monero_crypto.txt line " << line.line_number) {
      BOOST_TEST_REQUIRE(line.fields.size() == 3u);
      const auto input = hex_field(line.fields[1]);
      std::uint8_t md[200];
      keccak1600(input.data(), input.size(), md);
      BOOST_TEST(hex(md, 200) == line.fields[2]);
      // The same through keccak(..., 200) and, for the first 32 bytes, cn_fast_hash.
      std::uint8_t again[200];
      keccak(input.data(), input.size(), again, 200);
      BOOST_TEST(std::memcmp(md, again, 200) == 0);
      BOOST_TEST(hex(md, 32) == cncrypto::to_hex(crypto::cn_fast_hash(input.data(), input.size())));
    }
  }
}

BOOST_AUTO_TEST_CASE(keccak_refuses_mdlen_monero_cannot_handle) {
  std::uint8_t md[256];
  std::memset(md, 0xee, sizeof md);
  for (int bad : {-1, 0, 1, 8, 16, 24, 28, 33, 36, 97, 100, 101, 104, 199, 201, 1000}) {
    BOOST_CHECK_EXCEPTION(keccak(reinterpret_cast<const std::uint8_t *>("abc"), 3, md, bad), std::invalid_argument,
                          [](const std::invalid_argument &e) {
                            return std::string(e.what()).find("mdlen") != std::string::npos;
                          });
  }
  for (std::uint8_t b : md) BOOST_TEST(b == 0xee);  // nothing written
  for (int good : {32, 40, 48, 56, 64, 72, 80, 88, 96, 200}) {
    BOOST_CHECK_NO_THROW(keccak(nullptr, 0, md, good));
  }
  BOOST_CHECK_THROW(keccak(nullptr, 1, md, 32), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(keccak_ctx_matches_one_shot_for_every_split) {
  std::vector<std::uint8_t> data(3 * 136 + 2);
  std::mt19937_64 rng(5);
  for (auto &b : data) b = static_cast<std::uint8_t>(rng());
  for (std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{135}, std::size_t{136}, std::size_t{137},
                           std::size_t{271}, std::size_t{272}, std::size_t{273}, data.size()}) {
    std::uint8_t expected[32];
    keccak(data.data(), size, expected, 32);
    for (std::size_t split = 0; split <= size; ++split) {
      KECCAK_CTX ctx;
      keccak_init(&ctx);
      keccak_update(&ctx, data.data(), split);
      keccak_update(&ctx, nullptr, 0);
      keccak_update(&ctx, data.data() + split, size - split);
      std::uint8_t md[32];
      keccak_finish(&ctx, md);
      BOOST_TEST(std::memcmp(md, expected, 32) == 0, "size " << size << " split " << split);
    }
  }
}

BOOST_AUTO_TEST_CASE(keccak_ctx_misuse) {
  KECCAK_CTX ctx;
  keccak_init(&ctx);
  keccak_update(&ctx, reinterpret_cast<const std::uint8_t *>("abc"), 3);
  std::uint8_t first[32], second[32];
  keccak_finish(&ctx, first);
  BOOST_TEST(hex(first, 32) == "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
  // finish again: the same digest (Monero's behaviour); NULL md only finalizes.
  keccak_finish(&ctx, second);
  keccak_finish(&ctx, nullptr);
  BOOST_TEST(std::memcmp(first, second, 32) == 0);
  BOOST_CHECK_EXCEPTION(keccak_update(&ctx, first, 1), std::logic_error, [](const std::logic_error &e) {
    return std::string(e.what()).find("keccak_update") != std::string::npos &&
           std::string(e.what()).find("keccak_finish") != std::string::npos;
  });
  BOOST_CHECK_THROW(keccak_update(&ctx, nullptr, 0), std::logic_error);
  BOOST_CHECK_THROW(keccak_init(nullptr), std::invalid_argument);
  keccak_init(&ctx);
  keccak_finish(&ctx, first);
  BOOST_TEST(hex(first, 32) == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
}

// keccak.h: md NULL is refused; a KECCAK_CTX whose rest is not below the rate
// (136) was not made by keccak_init and is refused by update and finish
// (std::logic_error) instead of writing past the block.
BOOST_AUTO_TEST_CASE(null_digest_and_corrupt_context_refused) {
  BOOST_CHECK_THROW(keccak(reinterpret_cast<const uint8_t *>("abc"), 3, nullptr, 32), std::invalid_argument);
  KECCAK_CTX ctx;
  keccak_init(&ctx);
  ctx.rest = 136;
  const uint8_t byte = 0;
  BOOST_CHECK_THROW(keccak_update(&ctx, &byte, 1), std::logic_error);
  uint8_t md[32];
  BOOST_CHECK_THROW(keccak_finish(&ctx, md), std::logic_error);
  keccak_init(&ctx);
  keccak_finish(&ctx, md);  // Keccak-256("") (the Keccak team's known answer)
  BOOST_TEST(hex(md, 32) == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
}
