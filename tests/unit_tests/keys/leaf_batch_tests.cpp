// Batched leaf preparation (cncrypto::outputs_to_leaves, fcmp_pp/curve_trees.h;
// issue 34 point 3) against the single calls, entry by entry: the tuple of
// fcmp_pp::curve_trees::output_to_tuple, the six coordinates of
// ed_derivatives_to_wei_x_y on cncrypto::output_to_pre_leaf_tuple's triples, and
// the status naming which single call throws or returns false. Inputs: every
// output pair of ../shared/vectors/monero_master_crypto.txt (the kinds
// output_to_tuple, output_to_pre_leaf_tuple, output_to_leaf_wei, whose expected
// answers, Monero master's, are checked too), then random, torsioned,
// small-order, undecodable and order-2 outputs mixed into batches of 0, 1,
// lanes - 1, lanes, lanes + 1, 31-33 and several hundred. The curve backend is
// the active one: scripts/test.sh reruns keys_tests once per backend
// (CNCRYPTO_CURVE_IMPL), and the test prints which one ran.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"
#include "curve/ecmult.h"
#include "fcmp_pp/curve_trees.h"
#include "support/hex.h"
#include "support/points.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstdint>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

using namespace cncrypto::test;
using cncrypto::leaf_status;
using cncrypto::output_leaf;

namespace {

// The leaf from the single calls, in outputs_to_leaves' convention (fields a
// status does not call valid are zero).
output_leaf single(const fcmp_pp::OutputPair &pair) {
  output_leaf r;
  std::memset(&r, 0, sizeof r);
  try {
    r.tuple = fcmp_pp::curve_trees::output_to_tuple(pair);
  } catch (const std::runtime_error &e) {
    // output_to_tuple's message names the part that failed.
    r.status = std::string(e.what()).find("commitment") != std::string::npos ? leaf_status::bad_commitment
                                                                              : leaf_status::bad_output_key;
    std::memset(&r.tuple, 0, sizeof r.tuple);
    return r;
  }
  cncrypto::pre_leaf_tuple plt;
  try {
    plt = cncrypto::output_to_pre_leaf_tuple(pair);
  } catch (const std::runtime_error &) {
    r.status = leaf_status::no_ed_derivatives;
    return r;
  }
  crypto::ec_coord *coords[6] = {&r.O_x, &r.O_y, &r.I_x, &r.I_y, &r.C_x, &r.C_y};
  const fcmp_pp::EdDerivatives *d[3] = {&plt.O_derivatives, &plt.I_derivatives, &plt.C_derivatives};
  for (int s = 0; s < 3; ++s) {
    if (!fcmp_pp::ed_derivatives_to_wei_x_y(*d[s], *coords[2 * s], *coords[2 * s + 1])) {
      const fcmp_pp::OutputTuple t = r.tuple;
      std::memset(&r, 0, sizeof r);
      r.tuple = t;
      r.status = leaf_status::no_wei;
      return r;
    }
  }
  r.status = leaf_status::ok;
  return r;
}

template <typename T>
std::string hex(const T &v) {
  return cncrypto::hex_encode(reinterpret_cast<const unsigned char *>(&v), sizeof(T));
}

std::string describe(const output_leaf &l) {
  return std::to_string(static_cast<int>(l.status)) + " " + hex(l.tuple) + " " + hex(l.O_x) + hex(l.O_y) +
         hex(l.I_x) + hex(l.I_y) + hex(l.C_x) + hex(l.C_y);
}

// outputs_to_leaves of `pairs` equals the single calls entry by entry; returns the batch.
std::vector<output_leaf> check_batch(const std::vector<fcmp_pp::OutputPair> &pairs) {
  std::vector<output_leaf> got(pairs.size());
  cncrypto::outputs_to_leaves(pairs.data(), pairs.size(), got.data());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    BOOST_TEST_CONTEXT("batch of " << pairs.size() << ", entry " << i) {
      BOOST_TEST(describe(got[i]) == describe(single(pairs[i])));
    }
  }
  return got;
}

template <typename T>
T as(const std::string &field) {
  return cncrypto::test::pod_from_hex<T>(field);
}

fcmp_pp::OutputPair pair_of(bool legacy, const crypto::public_key &O, const crypto::ec_point &C) {
  if (legacy) return fcmp_pp::LegacyOutputPair{{O, C}};
  return fcmp_pp::CarrotOutputPairV1{{O, C}};
}

// Points of every kind a chain may hold, from a seeded generator.
struct point_source {
  std::mt19937_64 rng{20261207};

  void random_bytes(unsigned char *b) {
    for (int i = 0; i < 32; ++i) b[i] = static_cast<unsigned char>(rng());
  }
  crypto::public_key clean() {  // s G
    unsigned char s[64];
    random_bytes(s);
    random_bytes(s + 32);
    sc_reduce(s);
    ge_p3 p;
    ge_scalarmult_base(&p, s);
    crypto::public_key r;
    ge_p3_tobytes(to_bytes(r), &p);
    return r;
  }
  // k T8 (support/points.h's order-8 point), k = 0..7; the identity for k = 0.
  crypto::public_key small_order(unsigned k) {
    return cncrypto::test::encode_point<crypto::public_key>(small_order_points().at(k));
  }
  crypto::public_key torsioned() {  // s G + k T8, k = 1..7
    const crypto::public_key a = clean();
    const ge_p3 sum = add_points(decode_point(a.data), small_order_points().at(1 + rng() % 7));
    return cncrypto::test::encode_point<crypto::public_key>(sum);
  }
  crypto::public_key undecodable() {  // random bytes that fail, or y = p + j
    crypto::public_key r;
    if (rng() % 2 == 0) {
      const unsigned j = static_cast<unsigned>(rng() % 19);
      r = as<crypto::public_key>("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
      r.data[0] = static_cast<char>(0xed + j);
      if (rng() % 2) r.data[31] = static_cast<char>(r.data[31] | 0x80);
      return r;
    }
    for (;;) {
      random_bytes(to_bytes(r));
      ge_p3 p;
      if (ge_frombytes_vartime(&p, to_bytes(r)) != 0) return r;
    }
  }
  // Any of the kinds, weighted towards valid outputs.
  crypto::public_key any() {
    switch (rng() % 10) {
      case 0: return torsioned();
      case 1: return small_order(rng() % 8);
      case 2: return undecodable();
      case 3: return as<crypto::public_key>("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
      default: return clean();
    }
  }
  fcmp_pp::OutputPair pair(bool valid_only = false) {
    const bool legacy = rng() % 2 == 0;
    const crypto::public_key O = valid_only ? clean() : any();
    const crypto::public_key C = valid_only ? clean() : any();
    crypto::ec_point c;
    std::memcpy(&c, &C, 32);
    return pair_of(legacy, O, c);
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(leaf_batch)

// Every output pair of the vector file in one batch and in groups of 1..33 and
// lanes +- 1; the batch must equal the single calls and Monero master's answers.
BOOST_AUTO_TEST_CASE(vector_file_outputs, *needs_shared()) {
  BOOST_TEST_MESSAGE("curve backend: " << cncrypto::ed25519::curve_backend_name());
  const auto path = shared_path("vectors/monero_master_crypto.txt");
  std::vector<fcmp_pp::OutputPair> pairs;
  std::vector<vector_line> lines;
  for (const auto &line : read_vector_file(path)) {
    const auto &f = line.fields;
    if (f[0] != "output_to_tuple" && f[0] != "output_to_pre_leaf_tuple" && f[0] != "output_to_leaf_wei") continue;
    pairs.push_back(pair_of(f[1] == "legacy", as<crypto::public_key>(f[2]), as<crypto::ec_point>(f[3])));
    if (f[1] != "legacy" && f[1] != "carrot_v1") throw std::runtime_error("unknown output type " + f[1]);
    lines.push_back(line);
  }
  BOOST_TEST(pairs.size() == 648u);  // 216 lines of each kind (README_master.md)
  const std::vector<output_leaf> got = check_batch(pairs);
  // Monero master's answers, from the lines themselves.
  std::size_t statuses[5] = {0, 0, 0, 0, 0};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto &f = lines[i].fields;
    const output_leaf &l = got[i];
    ++statuses[static_cast<int>(l.status)];
    BOOST_TEST_CONTEXT(path.filename().string() << " line " << lines[i].line_number << ": " << f[0]) {
      const bool tuple_throws = l.status == leaf_status::bad_output_key || l.status == leaf_status::bad_commitment;
      const bool pre_throws = tuple_throws || l.status == leaf_status::no_ed_derivatives;
      if (f[0] == "output_to_tuple") {
        if (f[4] == "throws")
          BOOST_TEST(tuple_throws);
        else
          BOOST_TEST(hex(l.tuple.O) + " " + hex(l.tuple.I) + " " + hex(l.tuple.C) == f[4] + " " + f[5] + " " + f[6]);
      } else if (f[0] == "output_to_pre_leaf_tuple") {
        BOOST_TEST(pre_throws == (f[4] == "throws"));
      } else {
        if (f[4] == "throws")
          BOOST_TEST(pre_throws);
        else if (f[4] == "false")
          BOOST_TEST((l.status == leaf_status::no_wei));
        else
          BOOST_TEST(hex(l.O_x) + " " + hex(l.O_y) + " " + hex(l.I_x) + " " + hex(l.I_y) + " " + hex(l.C_x) + " " +
                         hex(l.C_y) ==
                     f[4] + " " + f[5] + " " + f[6] + " " + f[7] + " " + f[8] + " " + f[9]);
      }
    }
  }
  // Each kind's 216 lines hold every status at least once (so none goes untested).
  for (int s = 0; s < 5; ++s) BOOST_TEST(statuses[s] > 0u, "status " << s);
  // The same outputs in smaller batches, so that the failing ones fall at every
  // position of a group and of a lane set.
  const unsigned lanes = cncrypto::ed25519::curve_backend_lanes();
  for (std::size_t size : {std::size_t{1}, std::size_t{7}, std::size_t{33}, std::size_t{lanes + 1}}) {
    if (size < 1) continue;
    for (std::size_t start = 0; start < pairs.size(); start += size) {
      const std::size_t n = std::min(size, pairs.size() - start);
      std::vector<output_leaf> part(n);
      cncrypto::outputs_to_leaves(pairs.data() + start, n, part.data());
      for (std::size_t k = 0; k < n; ++k)
        BOOST_TEST(describe(part[k]) == describe(got[start + k]), "size " << size << " entry " << start + k);
    }
  }
}

// Random outputs of every kind (clean, torsioned, small-order, undecodable,
// order-2) mixed in batches of 0, 1, lanes - 1, lanes, lanes + 1, 31, 32, 33, 500.
BOOST_AUTO_TEST_CASE(random_mixed_batches) {
  BOOST_TEST_MESSAGE("curve backend: " << cncrypto::ed25519::curve_backend_name());
  point_source src;
  const std::size_t lanes = cncrypto::ed25519::curve_backend_lanes();
  std::size_t statuses[5] = {0, 0, 0, 0, 0};
  for (std::size_t n : {std::size_t{0}, std::size_t{1}, lanes > 0 ? lanes - 1 : 3, lanes, lanes + 1, std::size_t{31},
                        std::size_t{32}, std::size_t{33}, std::size_t{500}}) {
    std::vector<fcmp_pp::OutputPair> pairs;
    for (std::size_t i = 0; i < n; ++i) pairs.push_back(src.pair());
    for (const auto &l : check_batch(pairs)) ++statuses[static_cast<int>(l.status)];
  }
  for (int s = 0; s < 5; ++s) BOOST_TEST(statuses[s] > 0u, "status " << s);
  // n = 0 with null pointers writes nothing and does not crash; null pointers
  // with n > 0 and an out overlapping outputs are refused, nothing written.
  cncrypto::outputs_to_leaves(nullptr, 0, nullptr);
  std::vector<fcmp_pp::OutputPair> two = {src.pair(true), src.pair(true)};
  output_leaf leaves[2];
  std::memset(leaves, 0xab, sizeof leaves);
  BOOST_CHECK_THROW(cncrypto::outputs_to_leaves(nullptr, 2, leaves), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::outputs_to_leaves(two.data(), 2, nullptr), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::outputs_to_leaves(two.data(), 2, reinterpret_cast<output_leaf *>(two.data())),
                    std::invalid_argument);
  BOOST_TEST(static_cast<unsigned>(reinterpret_cast<const unsigned char *>(leaves)[0]) == 0xabu);
}

// A batch of valid outputs with one bad output at each position: the bad one
// fails alone, every other entry is the valid leaf.
BOOST_AUTO_TEST_CASE(one_bad_output_fails_alone) {
  point_source src;
  std::vector<fcmp_pp::OutputPair> pairs;
  for (int i = 0; i < 40; ++i) pairs.push_back(src.pair(true));
  std::vector<output_leaf> clean(pairs.size());
  cncrypto::outputs_to_leaves(pairs.data(), pairs.size(), clean.data());
  for (const auto &l : clean) BOOST_TEST((l.status == leaf_status::ok));
  crypto::ec_point order2;
  std::memcpy(&order2, as<crypto::public_key>("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f").data, 32);
  const crypto::public_key good = src.clean();
  crypto::ec_point good_c;
  std::memcpy(&good_c, &good, 32);
  const struct {
    fcmp_pp::OutputPair pair;
    leaf_status status;
  } bad[] = {
      {pair_of(true, src.undecodable(), good_c), leaf_status::bad_output_key},
      {pair_of(true, src.small_order(3), good_c), leaf_status::bad_output_key},
      {pair_of(true, good, order2), leaf_status::bad_commitment},
      {pair_of(false, src.small_order(0), good_c), leaf_status::bad_output_key},
      {pair_of(false, src.undecodable(), good_c), leaf_status::no_ed_derivatives},
      {pair_of(false, good, order2), leaf_status::no_wei},
  };
  for (const auto &b : bad) {
    for (std::size_t at : {std::size_t{0}, std::size_t{7}, std::size_t{8}, std::size_t{31}, std::size_t{32},
                           std::size_t{39}}) {
      std::vector<fcmp_pp::OutputPair> mixed = pairs;
      mixed[at] = b.pair;
      std::vector<output_leaf> got = check_batch(mixed);
      BOOST_TEST((got[at].status == b.status), "position " << at);
      for (std::size_t i = 0; i < got.size(); ++i)
        if (i != at) BOOST_TEST(describe(got[i]) == describe(clean[i]), "position " << at << " entry " << i);
    }
  }
}

// A torsioned legacy output gives the same leaf as its clean part (the torsion is
// cleared), except I, derived from the torsioned bytes.
BOOST_AUTO_TEST_CASE(torsioned_legacy_outputs) {
  point_source src;
  std::vector<fcmp_pp::OutputPair> pairs;
  for (int i = 0; i < 20; ++i) {
    const crypto::public_key O = src.torsioned(), C = src.torsioned();
    crypto::ec_point c;
    std::memcpy(&c, &C, 32);
    pairs.push_back(pair_of(true, O, c));
  }
  for (const auto &l : check_batch(pairs)) BOOST_TEST((l.status == leaf_status::ok));
}

BOOST_AUTO_TEST_SUITE_END()
