// cn_fast_hash, crypto::hash, tree_hash and the Merkle branch helpers.
//
// Known answers: Monero's tests-fast.txt (321 Keccak-256 vectors) and the
// cn_fast_hash / tree_hash lines of monero_crypto.txt (computed by Monero's own
// code, see ../shared/vectors/README.md). tree_hash for other counts is checked
// against a straightforward re-statement of Monero's algorithm built on
// cn_fast_hash (itself checked against the vectors above).
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/hash-ops.h"
#include "crypto/hash.h"
#include "crypto/keccak.h"
#include "crypto/sponge.h"
#include "keccak_reference.h"
#include "support/each_line.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstring>
#include <random>
#include <sstream>
#include <stdexcept>
#include <unordered_set>
#include <vector>

using cncrypto::test::hex_field;
using cncrypto::test::read_vector_file;
using cncrypto::test::shared_path;

namespace {

std::string hex(const void *data, std::size_t size) { return cncrypto::hex_encode(data, size); }

crypto::hash hash_of_index(std::size_t i) {
  const std::uint64_t v = i * 0x9e3779b97f4a7c15ULL + 1;
  return crypto::cn_fast_hash(&v, sizeof v);
}

// Monero's tree_hash restated in the plainest form: the leaves of a perfect
// binary tree of 2*cnt leaves, where the first 2*cnt - count leaves stand alone.
crypto::hash plain_tree_hash(const std::vector<crypto::hash> &leaves) {
  const std::size_t count = leaves.size();
  if (count == 1) return leaves[0];
  std::size_t cnt = 1;
  while (2 * cnt < count) cnt *= 2;  // largest power of two < count (count >= 2)
  std::vector<crypto::hash> level(leaves.begin(), leaves.begin() + (2 * cnt - count));
  for (std::size_t i = 2 * cnt - count; i < count; i += 2) {
    level.push_back(crypto::cn_fast_hash(&leaves[i], 2 * sizeof(crypto::hash)));
  }
  while (level.size() > 1) {
    std::vector<crypto::hash> up;
    for (std::size_t i = 0; i < level.size(); i += 2) up.push_back(crypto::cn_fast_hash(&level[i], 64));
    level.swap(up);
  }
  return level[0];
}

}  // namespace

BOOST_AUTO_TEST_CASE(hash_type_is_pod_and_prints_as_monero) {
  static_assert(sizeof(crypto::hash) == 32);
  crypto::hash h = crypto::null_hash;
  for (int i = 0; i < 32; ++i) BOOST_TEST(h.data[i] == 0);
  h.data[0] = 0x01;
  h.data[31] = static_cast<char>(0xab);
  // Monero's hash.h prints epee's formatted hex: "<" + hex + ">"; to_hex is the bare hex.
  std::ostringstream out;
  out << h;
  BOOST_TEST(out.str() == "<01000000000000000000000000000000000000000000000000000000000000ab>");
  BOOST_TEST(cncrypto::to_hex(h) == "01000000000000000000000000000000000000000000000000000000000000ab");
  BOOST_TEST(h != crypto::null_hash);
  BOOST_TEST(crypto::null_hash < h);
  std::unordered_set<crypto::hash> set{h, crypto::null_hash, h};
  BOOST_TEST(set.size() == 2u);
}

BOOST_AUTO_TEST_CASE(cn_fast_hash_known_values) {
  // Keccak-256 (not SHA3-256) of "" and of "abc": widely published values,
  // also given by pycryptodome Cryptodome.Hash.keccak(digest_bits=256).
  BOOST_TEST(cncrypto::to_hex(crypto::cn_fast_hash("", 0)) ==
             "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  BOOST_TEST(cncrypto::to_hex(crypto::cn_fast_hash(nullptr, 0)) ==
             "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
  BOOST_TEST(cncrypto::to_hex(crypto::cn_fast_hash("abc", 3)) ==
             "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
  // The C form writes the same 32 bytes, in namespace crypto and globally.
  char c_out[32];
  crypto::cn_fast_hash("abc", 3, c_out);
  BOOST_TEST(hex(c_out, 32) == "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
  ::cn_fast_hash("", 0, c_out);
  BOOST_TEST(hex(c_out, 32) == "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
}

BOOST_AUTO_TEST_CASE(cn_fast_hash_misuse_throws) {
  char out[32];
  BOOST_CHECK_THROW(cn_fast_hash(nullptr, 1, out), std::invalid_argument);
  BOOST_CHECK_THROW(cn_fast_hash("a", 1, nullptr), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(monero_tests_fast, *cncrypto::test::needs_shared()) {
  const auto lines = read_vector_file(shared_path("vectors/monero-hash/tests-fast.txt"));
  BOOST_TEST(lines.size() == 321u);
  for (const auto &line : lines) {
    BOOST_TEST_CONTEXT("tests-fast.txt line " << line.line_number) {
      BOOST_TEST_REQUIRE(line.fields.size() == 2u);
      const auto input = hex_field(line.fields[1]);
      const crypto::hash h = crypto::cn_fast_hash(input.data(), input.size());
      BOOST_TEST(cncrypto::to_hex(h) == line.fields[0]);
      // The same through the other entry points of the same function.
      std::uint8_t md[32];
      keccak(input.data(), input.size(), md, 32);
      BOOST_TEST(hex(md, 32) == line.fields[0]);
      cncrypto::keccak_256(input.data(), input.size(), md);
      BOOST_TEST(hex(md, 32) == line.fields[0]);
    }
  }
}

BOOST_AUTO_TEST_CASE(monero_crypto_cn_fast_hash, *cncrypto::test::needs_shared()) {
  const auto lines = read_vector_file(shared_path("vectors/monero_crypto.txt"), "cn_fast_hash");
  BOOST_TEST(cncrypto::test::each_line(lines, [](const cncrypto::test::vector_line &line) {
               BOOST_TEST_REQUIRE(line.fields.size() == 3u);
               const auto input = hex_field(line.fields[1]);
               BOOST_TEST(cncrypto::to_hex(crypto::cn_fast_hash(input.data(), input.size())) == line.fields[2]);
             }) == 320u);
}

BOOST_AUTO_TEST_CASE(monero_crypto_tree_hash, *cncrypto::test::needs_shared()) {
  const auto lines = read_vector_file(shared_path("vectors/monero_crypto.txt"), "tree_hash");
  BOOST_TEST(cncrypto::test::each_line(lines, [](const cncrypto::test::vector_line &line) {
               BOOST_TEST_REQUIRE(line.fields.size() == 4u);
               const std::size_t count = cncrypto::test::u64_field(line.fields[1]);
               const auto leaves = hex_field(line.fields[2]);
               BOOST_TEST_REQUIRE(leaves.size() == count * 32);
               std::vector<crypto::hash> hashes(count);
               std::memcpy(hashes.data(), leaves.data(), leaves.size());
               crypto::hash root;
               crypto::tree_hash(hashes.data(), count, root);
               BOOST_TEST(cncrypto::to_hex(root) == line.fields[3]);
               BOOST_TEST(plain_tree_hash(hashes) == root);
             }) == 143u);
}

BOOST_AUTO_TEST_CASE(tree_hash_count_zero_throws) {
  crypto::hash root;
  crypto::hash leaf = crypto::null_hash;
  BOOST_CHECK_THROW(crypto::tree_hash(&leaf, 0, root), std::invalid_argument);
  BOOST_CHECK_THROW(crypto::tree_hash(nullptr, 3, root), std::invalid_argument);
  // A count no array can have is refused before any allocation or read.
  BOOST_CHECK_THROW(crypto::tree_hash(&leaf, SIZE_MAX / 16, root), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(tree_hash_every_count_up_to_300_and_large) {
  std::vector<crypto::hash> leaves;
  std::vector<std::size_t> counts;
  for (std::size_t n = 1; n <= 300; ++n) counts.push_back(n);
  // Around the powers of two, including the block that broke the original
  // CryptoNote code (514 transactions, Monero block 202612), and large counts.
  for (std::size_t n : {511, 512, 513, 514, 1023, 1024, 1025, 4097, 65535, 65536, 65537}) counts.push_back(n);
  for (std::size_t n : counts) {
    while (leaves.size() < n) leaves.push_back(hash_of_index(leaves.size()));
    const std::vector<crypto::hash> first(leaves.begin(), leaves.begin() + n);
    crypto::hash root;
    crypto::tree_hash(first.data(), n, root);
    BOOST_TEST(root == plain_tree_hash(first), "count " << n);
  }
}

BOOST_AUTO_TEST_CASE(tree_hash_does_not_depend_on_alignment) {
  std::vector<crypto::hash> leaves;
  for (std::size_t i = 0; i < 37; ++i) leaves.push_back(hash_of_index(i));
  crypto::hash expected;
  crypto::tree_hash(leaves.data(), leaves.size(), expected);
  std::vector<char> buffer(37 * 32 + 8);
  for (std::size_t shift = 1; shift < 8; ++shift) {
    std::memcpy(buffer.data() + shift, leaves.data(), 37 * 32);
    char root[33];
    tree_hash(reinterpret_cast<const char(*)[32]>(buffer.data() + shift), 37, root + 1);
    BOOST_TEST(hex(root + 1, 32) == cncrypto::to_hex(expected));
  }
}

BOOST_AUTO_TEST_CASE(tree_branch_round_trip) {
  std::vector<crypto::hash> leaves;
  for (std::size_t i = 0; i < 70; ++i) leaves.push_back(hash_of_index(1000 + i));
  const auto *c_leaves = reinterpret_cast<const char(*)[HASH_SIZE]>(leaves.data());
  for (std::size_t count = 1; count <= leaves.size(); ++count) {
    crypto::hash root;
    crypto::tree_hash(leaves.data(), count, root);
    for (std::size_t idx = 0; idx < count; ++idx) {
      BOOST_TEST_CONTEXT("count " << count << " idx " << idx) {
        char branch[32][HASH_SIZE];
        std::size_t depth = 99;
        std::uint32_t path = 0xffffffff;
        BOOST_TEST_REQUIRE(tree_branch(c_leaves, count, leaves[idx].data, branch, &depth, &path));
        std::uint32_t path_only = 0xffffffff;
        BOOST_TEST(tree_path(count, idx, &path_only));
        BOOST_TEST(path_only == path);
        BOOST_TEST(depth <= 7u);
        char computed[HASH_SIZE];
        BOOST_TEST(tree_branch_hash(leaves[idx].data, branch, depth, path, computed));
        BOOST_TEST(hex(computed, 32) == cncrypto::to_hex(root));
        BOOST_TEST(is_branch_in_tree(leaves[idx].data, root.data, branch, depth, path));
        // A wrong leaf, root, sibling or path is rejected.
        const crypto::hash other = hash_of_index(5);
        BOOST_TEST(!is_branch_in_tree(other.data, root.data, branch, depth, path));
        const crypto::hash wrong_root = hash_of_index(6);
        BOOST_TEST(!is_branch_in_tree(leaves[idx].data, wrong_root.data, branch, depth, path));
        if (depth > 0) {
          branch[depth - 1][0] ^= 1;
          BOOST_TEST(!is_branch_in_tree(leaves[idx].data, root.data, branch, depth, path));
          branch[depth - 1][0] ^= 1;
          BOOST_TEST(!is_branch_in_tree(leaves[idx].data, root.data, branch, depth, path ^ 1u));
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(tree_branch_known_shape) {
  // count 5: cnt = 4, leaves 0..2 carried, leaves 3 and 4 hashed together at
  // the first level. Leaf 4 is a right node at the first level (bit 1), then
  // node 3 of 4 is right (bit 1), then node 1 of 2 is right (bit 1): path 0b111.
  std::vector<crypto::hash> leaves;
  for (std::size_t i = 0; i < 5; ++i) leaves.push_back(hash_of_index(i));
  const auto *c_leaves = reinterpret_cast<const char(*)[HASH_SIZE]>(leaves.data());
  char branch[32][HASH_SIZE];
  std::size_t depth = 0;
  std::uint32_t path = 0;
  BOOST_TEST(tree_branch(c_leaves, 5, leaves[4].data, branch, &depth, &path));
  BOOST_TEST(depth == 3u);
  BOOST_TEST(path == 7u);
  BOOST_TEST(hex(branch[0], 32) == cncrypto::to_hex(leaves[3]));
  BOOST_TEST(hex(branch[1], 32) == cncrypto::to_hex(leaves[2]));
  // Leaf 0 is carried: no first-level bit; left, left: depth 2, path 0.
  BOOST_TEST(tree_branch(c_leaves, 5, leaves[0].data, branch, &depth, &path));
  BOOST_TEST(depth == 2u);
  BOOST_TEST(path == 0u);
  BOOST_TEST(hex(branch[0], 32) == cncrypto::to_hex(leaves[1]));
}

BOOST_AUTO_TEST_CASE(tree_branch_failures) {
  std::vector<crypto::hash> leaves{hash_of_index(1), hash_of_index(2), hash_of_index(3)};
  const auto *c_leaves = reinterpret_cast<const char(*)[HASH_SIZE]>(leaves.data());
  char branch[32][HASH_SIZE];
  std::size_t depth = 0;
  std::uint32_t path = 0;
  const crypto::hash absent = hash_of_index(4);
  BOOST_TEST(!tree_branch(c_leaves, 3, absent.data, branch, &depth, &path));
  BOOST_TEST(!tree_branch(c_leaves, 0, leaves[0].data, branch, &depth, &path));
  BOOST_TEST(!tree_path(0, 0, &path));
  char root[32];
  BOOST_TEST(!tree_branch_hash(leaves[0].data, branch, 33, 0, root));
  BOOST_TEST(!is_branch_in_tree(leaves[0].data, root, branch, 33, 0));
}

// hash8 (Monero's 8-byte payment id): to_hex gives 16 lowercase hex digits, byte 0
// first; operator<< writes them between angle brackets, as Monero's hash.h.
BOOST_AUTO_TEST_CASE(hash8_hex) {
  const crypto::hash8 h{{'\x01', '\x23', '\x45', '\x67', '\x89', '\xab', '\xcd', '\xef'}};
  BOOST_TEST(cncrypto::to_hex(h) == "0123456789abcdef");
  std::ostringstream o;
  o << h;
  BOOST_TEST(o.str() == "<0123456789abcdef>");
}

// Monero's Keccak state functions (hash-ops.h): hash_permutation is
// Keccak-f[1600] on the 200 state bytes read as little-endian lanes (checked
// against the FIPS 202 oracle, keccak_reference.h), hash_process leaves the
// whole state of Keccak (rate 136, padding 0x01) over buf, whose first 32
// bytes are cn_fast_hash. NULL arguments throw, naming the function.
BOOST_AUTO_TEST_CASE(keccak_state_functions) {
  union hash_state state;
  std::uint64_t lanes[25];
  for (int i = 0; i < 200; ++i) state.b[i] = static_cast<std::uint8_t>(7 * i + 1);
  for (int i = 0; i < 25; ++i) {
    lanes[i] = 0;
    for (int k = 0; k < 8; ++k) lanes[i] |= std::uint64_t{state.b[8 * i + k]} << (8 * k);
  }
  hash_permutation(&state);
  cncrypto::test::reference_keccakf(lanes, 24);
  for (int i = 0; i < 25; ++i) {
    for (int k = 0; k < 8; ++k) {
      BOOST_TEST(state.b[8 * i + k] == static_cast<std::uint8_t>(lanes[i] >> (8 * k)), "lane " << i << " byte " << k);
    }
  }
  for (std::size_t length : {std::size_t{0}, std::size_t{135}, std::size_t{136}, std::size_t{300}}) {
    std::vector<std::uint8_t> buf(length);
    for (std::size_t i = 0; i < length; ++i) buf[i] = static_cast<std::uint8_t>(i * 13);
    hash_process(&state, length ? buf.data() : nullptr, length);
    BOOST_TEST(hex(reinterpret_cast<const char *>(state.b), 32) ==
                   cncrypto::to_hex(crypto::cn_fast_hash(buf.data(), length)),
               "length " << length);
  }
  auto message_is = [](const char *expected) {
    return [expected](const std::invalid_argument &e) { return std::string(e.what()) == expected; };
  };
  BOOST_CHECK_EXCEPTION(hash_permutation(nullptr), std::invalid_argument, message_is("hash_permutation: state is NULL"));
  BOOST_CHECK_EXCEPTION(hash_process(nullptr, state.b, 1), std::invalid_argument, message_is("hash_process: state is NULL"));
  BOOST_CHECK_EXCEPTION(hash_process(&state, nullptr, 3), std::invalid_argument,
                        message_is("hash_process: buf is NULL but count is 3"));
}

// Null arguments throw std::invalid_argument naming the function and the
// argument; more leaves than a 32-bit path can address (2^32 + 1) is false
// before any leaf is read; an index that is not a leaf has path 0 (Monero's
// tree_path walks past it).
BOOST_AUTO_TEST_CASE(tree_arguments) {
  std::vector<crypto::hash> leaves{hash_of_index(1), hash_of_index(2), hash_of_index(3)};
  const auto *c_leaves = reinterpret_cast<const char(*)[HASH_SIZE]>(leaves.data());
  char branch[32][HASH_SIZE];
  std::size_t depth = 0;
  std::uint32_t path = 7;
  char root[HASH_SIZE];
  auto message_is = [](const char *expected) {
    return [expected](const std::invalid_argument &e) { return std::string(e.what()) == expected; };
  };
  BOOST_CHECK_EXCEPTION(tree_path(3, 0, nullptr), std::invalid_argument, message_is("tree_path: path is NULL"));
  BOOST_CHECK_EXCEPTION(tree_branch(c_leaves, 3, nullptr, branch, &depth, &path), std::invalid_argument,
                        message_is("tree_branch: hash is NULL"));
  BOOST_CHECK_EXCEPTION(tree_branch(c_leaves, 3, leaves[0].data, branch, nullptr, &path), std::invalid_argument,
                        message_is("tree_branch: depth or path is NULL"));
  BOOST_CHECK_EXCEPTION(tree_branch(c_leaves, 3, leaves[0].data, branch, &depth, nullptr), std::invalid_argument,
                        message_is("tree_branch: depth or path is NULL"));
  BOOST_CHECK_EXCEPTION(tree_branch(nullptr, 3, leaves[0].data, branch, &depth, &path), std::invalid_argument,
                        message_is("tree_branch: hashes is NULL"));
  BOOST_CHECK_EXCEPTION(tree_branch(c_leaves, 3, leaves[1].data, nullptr, &depth, &path), std::invalid_argument,
                        message_is("tree_branch: branch is NULL"));
  BOOST_TEST(tree_branch(c_leaves, 1, leaves[0].data, nullptr, &depth, &path));  // one leaf: no branch needed
  BOOST_TEST(depth == 0u);
  BOOST_CHECK_EXCEPTION(tree_branch_hash(nullptr, branch, 1, 0, root), std::invalid_argument,
                        message_is("tree_branch_hash: hash or root is NULL"));
  BOOST_CHECK_EXCEPTION(tree_branch_hash(leaves[0].data, branch, 1, 0, nullptr), std::invalid_argument,
                        message_is("tree_branch_hash: hash or root is NULL"));
  BOOST_CHECK_EXCEPTION(tree_branch_hash(leaves[0].data, nullptr, 1, 0, root), std::invalid_argument,
                        message_is("tree_branch_hash: branch is NULL"));
  BOOST_TEST(tree_branch_hash(leaves[0].data, nullptr, 0, 0, root));  // depth 0: the root is the leaf
  BOOST_TEST(std::memcmp(root, leaves[0].data, HASH_SIZE) == 0);
  if (sizeof(std::size_t) > 4) {
    const std::size_t huge = static_cast<std::size_t>((std::uint64_t{1} << 32) + 1);
    BOOST_TEST(!tree_path(huge, 0, &path));
    BOOST_TEST(!tree_branch(c_leaves, huge, leaves[0].data, branch, &depth, &path));  // no leaf is read
  }
  for (std::size_t idx : {5u, 6u, 100u}) {
    path = 7;
    BOOST_TEST(tree_path(5, idx, &path));
    BOOST_TEST(path == 0u, "idx " << idx);
  }
}
