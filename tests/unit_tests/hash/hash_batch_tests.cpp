// Batch hashing (crypto/hash_batch.h): cn_fast_hash_batch and derive_view_tags
// against the one-message functions, for random inputs, mixed lengths, counts
// that are not multiples of the lane counts, and any alignment.
//
// Oracles: crypto::cn_fast_hash (itself checked against Monero's vectors in
// hash_tests), and for view tags the derive_view_tag lines of
// ../shared/vectors/monero_crypto.txt (computed by Monero's own code).
// scripts/test.sh runs this suite once per Keccak implementation
// (CNCRYPTO_KECCAK_IMPL), so the 1-, 4- and 8-lane schedulers are all covered.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "crypto/hash_batch.h"
#include "hash/keccak256_batch.h"
#include "hash/keccak_permutation.h"
#include "hash/sponge_params.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

const std::size_t counts[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33};

std::vector<std::uint8_t> random_bytes(std::mt19937_64 &rng, std::size_t n) {
  std::vector<std::uint8_t> v(n);
  for (auto &b : v) b = static_cast<std::uint8_t>(rng());
  return v;
}

// The view-tag message built independently of the library: "view_tag" ||
// derivation || varint(index), varint as in Monero's cncrypto::write_varint.
std::uint8_t expected_view_tag(const std::uint8_t derivation[32], std::size_t index) {
  std::vector<std::uint8_t> m{'v', 'i', 'e', 'w', '_', 't', 'a', 'g'};
  m.insert(m.end(), derivation, derivation + 32);
  do {
    std::uint8_t byte = index & 0x7f;
    index >>= 7;
    if (index != 0) byte |= 0x80;
    m.push_back(byte);
  } while (index != 0);
  return static_cast<std::uint8_t>(crypto::cn_fast_hash(m.data(), m.size()).data[0]);
}

}  // namespace

BOOST_AUTO_TEST_CASE(batch_uses_the_active_implementation) {
  BOOST_TEST_MESSAGE("Keccak implementation: " << crypto::keccak_implementation_name());
  BOOST_TEST(crypto::keccak_active_permutation().parallel_lanes >= 1u);
}

// The batch engine itself (hash/keccak256_batch.h) on every implementation
// this CPU runs, whichever one the process chose: its 1-, 4- and 8-lane
// schedulers (keccak256_many) and one-block forms (keccak256_many_short) give
// cn_fast_hash's digests, message by message, for counts that fill the lanes
// partly and several times.
BOOST_AUTO_TEST_CASE(engine_on_every_implementation) {
  std::mt19937_64 rng(44);
  std::vector<std::vector<std::uint8_t>> messages;
  for (std::size_t i = 0; i < 19; ++i) messages.push_back(random_bytes(rng, (i * 61) % 300));
  std::size_t n = 0;
  const crypto::keccak_permutation *const *all = crypto::keccak_permutations(n);
  std::size_t tried = 0;
  for (std::size_t e = 0; e < n; ++e) {
    const crypto::keccak_permutation &p = *all[e];
    if (!p.available()) continue;
    ++tried;
    BOOST_TEST_CONTEXT(p.name << " (" << p.parallel_lanes << " lanes)") {
      for (bool short_form : {false, true}) {
        for (std::size_t count : {std::size_t{1}, std::size_t{3}, std::size_t{9}, std::size_t{19}}) {
          std::vector<std::string> got(count);
          auto source = [&](std::size_t i, unsigned, std::size_t &size) -> const std::uint8_t * {
            size = short_form ? messages[i].size() % crypto::sponge::keccak256_rate : messages[i].size();
            return messages[i].data();
          };
          auto sink = [&](std::size_t i, const std::uint64_t *digest) {
            std::uint8_t bytes[32];
            crypto::sponge::store_digest(digest, bytes, 32);
            got[i] = cncrypto::hex_encode(bytes, 32);
          };
          if (short_form) {
            crypto::batch::keccak256_many_short(p, count, source, sink);
          } else {
            crypto::batch::keccak256_many(p, count, source, sink);
          }
          for (std::size_t i = 0; i < count; ++i) {
            const std::size_t size = short_form ? messages[i].size() % crypto::sponge::keccak256_rate : messages[i].size();
            BOOST_TEST(got[i] == cncrypto::to_hex(crypto::cn_fast_hash(messages[i].data(), size)),
                       (short_form ? "short " : "") << "count " << count << " message " << i);
          }
        }
      }
    }
  }
  BOOST_TEST(tried >= 1u);  // the portable one at least
}

BOOST_AUTO_TEST_CASE(mixed_lengths_equal_single_calls) {
  std::mt19937_64 rng(21);
  // Lengths around the block boundaries (135, 136, 137, 271, 272) and long ones.
  const std::size_t interesting[] = {0, 1, 31, 32, 33, 64, 135, 136, 137, 271, 272, 273, 1000, 4096};
  for (std::size_t count : counts) {
    for (int trial = 0; trial < 4; ++trial) {
      std::vector<std::vector<std::uint8_t>> storage(count);
      std::vector<const void *> messages(count);
      std::vector<std::size_t> lengths(count);
      for (std::size_t i = 0; i < count; ++i) {
        // Trial 3: every message shorter than a block (the one-block batch path).
        const std::size_t length = trial == 3      ? rng() % 136
                                   : (rng() & 1) ? interesting[rng() % std::size(interesting)]
                                                 : rng() % 700;
        const std::size_t misalign = rng() % 8;
        storage[i] = random_bytes(rng, length + misalign);
        messages[i] = length == 0 && (rng() & 1) ? nullptr : storage[i].data() + misalign;
        lengths[i] = length;
      }
      std::vector<crypto::hash> out(count + 1);
      out[count] = crypto::null_hash;
      cncrypto::cn_fast_hash_batch(messages.data(), lengths.data(), count, out.data());
      for (std::size_t i = 0; i < count; ++i) {
        BOOST_TEST(out[i] == crypto::cn_fast_hash(messages[i], lengths[i]),
                   "count " << count << " message " << i << " length " << lengths[i]);
      }
      BOOST_TEST(out[count] == crypto::null_hash);  // nothing written past count
    }
  }
}

BOOST_AUTO_TEST_CASE(equal_lengths_equal_single_calls_at_any_alignment) {
  std::mt19937_64 rng(22);
  for (std::size_t length : {0u, 1u, 32u, 43u, 64u, 135u, 136u, 137u, 300u}) {
    for (std::size_t count : counts) {
      const std::size_t misalign = (length + count) % 8;
      const auto data = random_bytes(rng, count * length + misalign);
      std::vector<crypto::hash> out(count);
      cncrypto::cn_fast_hash_batch_contiguous(data.data() + misalign, length, count, out.data());
      for (std::size_t i = 0; i < count; ++i) {
        BOOST_TEST(out[i] == crypto::cn_fast_hash(data.data() + misalign + i * length, length),
                   "length " << length << " count " << count << " message " << i);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(batch_misuse_is_refused) {
  crypto::hash out[2];
  const std::size_t lengths[2] = {1, 0};
  const void *messages[2] = {nullptr, nullptr};
  BOOST_CHECK_EXCEPTION(cncrypto::cn_fast_hash_batch(messages, lengths, 2, out), std::invalid_argument,
                        [](const std::invalid_argument &e) {
                          return std::string(e.what()).find("messages[0]") != std::string::npos;
                        });
  BOOST_CHECK_THROW(cncrypto::cn_fast_hash_batch(nullptr, lengths, 2, out), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::cn_fast_hash_batch(messages, nullptr, 2, out), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::cn_fast_hash_batch(messages, lengths, 2, nullptr), std::invalid_argument);
  BOOST_CHECK_NO_THROW(cncrypto::cn_fast_hash_batch(nullptr, nullptr, 0, nullptr));
  BOOST_CHECK_THROW(cncrypto::cn_fast_hash_batch_contiguous(nullptr, 4, 2, out), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::cn_fast_hash_batch_contiguous("ab", SIZE_MAX / 2, 3, out), std::invalid_argument);
  BOOST_CHECK_NO_THROW(cncrypto::cn_fast_hash_batch_contiguous(nullptr, 0, 2, out));
  BOOST_TEST(out[0] == crypto::cn_fast_hash(nullptr, 0));
  std::size_t index = 0;
  std::uint8_t tag = 0;
  BOOST_CHECK_THROW(cncrypto::derive_view_tags(nullptr, &index, 1, &tag), std::invalid_argument);
  const std::uint8_t(*no_derivations)[32] = nullptr;
  BOOST_CHECK_NO_THROW(cncrypto::derive_view_tags(no_derivations, nullptr, 0, nullptr));
}

// Outputs that alias inputs are refused (the batch paths read later messages
// after writing earlier results: with 9 messages of 32 bytes at &buf[1] and
// out = &buf[0], portable/bmi2/avx2 silently returned wrong hashes before).
BOOST_AUTO_TEST_CASE(batch_outputs_aliasing_inputs_are_refused) {
  auto names = [](const char *what) {
    return [what](const std::invalid_argument &e) { return std::string(e.what()).find(what) != std::string::npos; };
  };
  std::vector<crypto::hash> buf(10);
  for (std::size_t i = 0; i < buf.size(); ++i) std::memset(buf[i].data, static_cast<int>(i), 32);
  const std::vector<crypto::hash> before = buf;
  std::vector<const void *> messages(9);
  std::vector<std::size_t> lengths(9, 32);
  for (std::size_t i = 0; i < 9; ++i) messages[i] = &buf[i + 1];
  BOOST_CHECK_EXCEPTION(cncrypto::cn_fast_hash_batch(messages.data(), lengths.data(), 9, buf.data()),
                        std::invalid_argument, names("out overlaps messages["));
  BOOST_CHECK_EXCEPTION(cncrypto::cn_fast_hash_batch(messages.data(), lengths.data(), 9, buf.data() + 9),
                        std::invalid_argument, names("out overlaps messages[8]"));
  BOOST_CHECK_EXCEPTION(cncrypto::cn_fast_hash_batch_contiguous(buf.data() + 1, 32, 9, buf.data()),
                        std::invalid_argument, names("out overlaps data"));
  BOOST_CHECK_EXCEPTION(cncrypto::cn_fast_hash_batch_contiguous(buf.data(), 32, 9, buf.data()), std::invalid_argument,
                        names("out overlaps data"));
  BOOST_CHECK_EXCEPTION(cncrypto::cn_fast_hash_batch_contiguous(buf.data(), 16, 3, buf.data() + 1),
                        std::invalid_argument, names("out overlaps data"));
  BOOST_TEST((buf == before));  // nothing written on refusal
  // The pointer and length arrays themselves.
  alignas(crypto::hash) unsigned char raw[9 * sizeof(crypto::hash)] = {};
  auto *array_messages = reinterpret_cast<const void **>(raw);
  for (std::size_t i = 0; i < 9; ++i) array_messages[i] = &buf[i];
  BOOST_CHECK_EXCEPTION(cncrypto::cn_fast_hash_batch(array_messages, lengths.data(), 9,
                                                   reinterpret_cast<crypto::hash *>(raw)),
                        std::invalid_argument, names("messages array"));
  // Adjacent but not overlapping is fine and equals the single calls.
  cncrypto::cn_fast_hash_batch_contiguous(buf.data(), 32, 5, buf.data() + 5);
  for (std::size_t i = 0; i < 5; ++i) BOOST_TEST((buf[5 + i] == crypto::cn_fast_hash(&before[i], 32)));
  // An empty message pointing into out shares no byte with it: accepted, the empty hash.
  const void *empty_message[1] = {&buf[0]};
  const std::size_t empty_length[1] = {0};
  cncrypto::cn_fast_hash_batch(empty_message, empty_length, 1, buf.data());
  BOOST_TEST((buf[0] == crypto::cn_fast_hash("", 0)));
  // View tags: tags written into the derivations or the indexes.
  std::vector<std::uint8_t> derivations(32 * 17, 7);
  std::vector<std::size_t> indexes(17, 1);
  std::uint8_t tags[17];
  auto *d = reinterpret_cast<const std::uint8_t(*)[32]>(derivations.data());
  BOOST_CHECK_EXCEPTION(cncrypto::derive_view_tags(d, indexes.data(), 17, derivations.data() + 200),
                        std::invalid_argument, names("tags overlaps derivations"));
  BOOST_CHECK_EXCEPTION(cncrypto::derive_view_tags(d, indexes.data(), 17, reinterpret_cast<std::uint8_t *>(indexes.data())),
                        std::invalid_argument, names("tags overlaps output_indexes"));
  BOOST_CHECK_NO_THROW(cncrypto::derive_view_tags(d, indexes.data(), 17, tags));
}

BOOST_AUTO_TEST_CASE(view_tags_equal_the_single_computation) {
  std::mt19937_64 rng(23);
  for (std::size_t count : counts) {
    std::vector<std::uint8_t> derivations(32 * count + 1);
    for (auto &b : derivations) b = static_cast<std::uint8_t>(rng());
    std::vector<std::size_t> indexes(count);
    for (std::size_t i = 0; i < count; ++i) {
      // Small indexes (1-byte varint) and large ones (up to 10 bytes).
      indexes[i] = (rng() & 1) ? rng() % 300 : static_cast<std::size_t>(rng() >> (rng() % 64));
    }
    // Derivations at an odd address: the API takes any alignment.
    const auto *d = reinterpret_cast<const std::uint8_t(*)[32]>(derivations.data() + 1);
    std::vector<std::uint8_t> tags(count);
    cncrypto::derive_view_tags(d, indexes.data(), count, tags.data());
    for (std::size_t i = 0; i < count; ++i) {
      BOOST_TEST(tags[i] == expected_view_tag(d[i], indexes[i]), "count " << count << " pair " << i);
    }
  }
}

// The single derive_view_tag builds its block straight in the one-block entry's
// buffer (lanes 5 and 6 hold the varint and the pad byte, computed in registers): every varint length, 1 to 10 bytes,
// against the message built here and hashed by cn_fast_hash.
BOOST_AUTO_TEST_CASE(single_view_tag_every_varint_length) {
  std::mt19937_64 rng(38);
  const std::size_t indexes[] = {0,           1,           127,         128,
                                 16383,       16384,       (1u << 21) - 1, 1u << 21,
                                 0xffffffffu, std::size_t{1} << 35, std::size_t{1} << 42, std::size_t{1} << 49,
                                 std::size_t{1} << 56, std::size_t{1} << 63, ~std::size_t{0}};
  for (std::size_t index : indexes) {
    for (int k = 0; k < 4; ++k) {
      crypto::key_derivation d;
      for (auto &b : d.data) b = static_cast<char>(rng());
      crypto::view_tag vt;
      crypto::derive_view_tag(d, index, vt);
      BOOST_TEST(static_cast<std::uint8_t>(vt.data) ==
                     expected_view_tag(reinterpret_cast<const std::uint8_t *>(d.data), index),
                 "index " << index);
    }
  }
}

BOOST_AUTO_TEST_CASE(view_tags_match_monero, *cncrypto::test::needs_shared()) {
  const auto lines =
      cncrypto::test::read_vector_file(cncrypto::test::shared_path("vectors/monero_crypto.txt"), "derive_view_tag");
  BOOST_TEST_REQUIRE(lines.size() == 220u);
  std::vector<std::uint8_t> derivations;
  std::vector<std::size_t> indexes;
  std::vector<std::string> expected;
  for (const auto &line : lines) {
    BOOST_TEST_REQUIRE(line.fields.size() == 4u);
    const auto d = cncrypto::test::hex_field(line.fields[1]);
    BOOST_TEST_REQUIRE(d.size() == 32u);
    derivations.insert(derivations.end(), d.begin(), d.end());
    indexes.push_back(static_cast<std::size_t>(cncrypto::test::u64_field(line.fields[2])));
    expected.push_back(line.fields[3]);
  }
  std::vector<std::uint8_t> tags(lines.size());
  cncrypto::derive_view_tags(reinterpret_cast<const std::uint8_t(*)[32]>(derivations.data()), indexes.data(),
                           lines.size(), tags.data());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    BOOST_TEST(cncrypto::hex_encode(&tags[i], 1) == expected[i], "monero_crypto.txt line " << lines[i].line_number);
  }
}
