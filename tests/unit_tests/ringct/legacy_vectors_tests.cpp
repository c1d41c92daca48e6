// RingCT types 1-5 against Monero's own verifiers: every line of
// ../shared/vectors/monero_ringct_legacy.txt and monero_ringct_legacy_realtx.txt
// that needs no original Bulletproof verifier (README_ringct_legacy.md gives
// each line kind; the expected values are Monero's answers, computed with its
// unmodified src/ringct at commit 0aa9c51b). Lines of types 3-5 are checked
// as far as possible without Bulletproofs (shape, balance, the ring
// signatures); the lines whose answer depends on bulletproof_VERIFY are
// counted and reported (BOOST_TEST_MESSAGE) for the merge with ringct/bulletproofs.h.
#include <boost/test/unit_test.hpp>

#include "common/binary_reader.h"
#include "ringct/rctSerialization.h"
#include "ringct/rctSigs.h"
#include "rct_test_util.h"
#include "support/shared_data.h"
#include "support/each_line.h"
#include "support/vector_file.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace cncrypto::test;
using namespace rct_test;

std::vector<vector_line> legacy_lines(const std::string &name) {
  return cncrypto::test::read_vector_file(cncrypto::test::shared_path("vectors/monero_ringct_legacy.txt"), name);
}
std::vector<vector_line> realtx_lines(const std::string &name) {
  return cncrypto::test::read_vector_file(cncrypto::test::shared_path("vectors/monero_ringct_legacy_realtx.txt"), name);
}

void copy64(rct::key64 out, const rct::keyV &in) {
  if (in.size() != 64) throw std::runtime_error("a K64 field does not hold 64 keys");
  std::copy(in.begin(), in.end(), out);
}

// "C CI S0 S1 EE" of a verRange line, from field i.
rct::rangeSig range_sig(const vector_line &l, std::size_t i) {
  rct::rangeSig sig;
  copy64(sig.Ci, keys_field(l, i));
  copy64(sig.asig.s0, keys_field(l, i + 1));
  copy64(sig.asig.s1, keys_field(l, i + 2));
  sig.asig.ee = key_field(l, i + 3);
  return sig;
}

// A column-major matrix of cols x rows keys (README: "Matrices").
rct::keyM matrix(const rct::keyV &flat, std::size_t cols, std::size_t rows) {
  if (flat.size() != cols * rows) throw std::runtime_error("matrix size does not match its dimensions");
  rct::keyM m(cols, rct::keyV(rows));
  for (std::size_t i = 0; i < cols; ++i)
    for (std::size_t j = 0; j < rows; ++j) m[i][j] = flat[i * rows + j];
  return m;
}

// "II SSCOLS SSROWS SS CC" from field i.
rct::mgSig mg_sig(const vector_line &l, std::size_t i) {
  rct::mgSig sig;
  sig.II = keys_field(l, i);
  const std::size_t cols = u64_field(l.fields.at(i + 1)), rows = u64_field(l.fields.at(i + 2));
  sig.ss = matrix(keys_field(l, i + 3), cols, rows);
  sig.cc = key_field(l, i + 4);
  return sig;
}

// ---- whole signatures ---------------------------------------------------------------

// A verRct / verRctSimple / get_pre_mlsag_hash_blob line's rctSig: BLOB parsed
// (consumed completely), message = MSG, and for the verify lines the rings and
// key images placed as a node does (README "Whole RingCT signatures" step 2).
struct parsed_line {
  rct::rctSig rv;
  std::uint64_t type, nin, nout, mixin;
};

parsed_line parse_blob(const vector_line &l) {
  parsed_line p;
  p.type = u64_field(l.fields.at(1));
  p.nin = u64_field(l.fields.at(2));
  p.nout = u64_field(l.fields.at(3));
  p.mixin = u64_field(l.fields.at(4));
  p.rv.message = key_field(l, 5);
  const auto blob = hex_field(l.fields.at(6));
  cncrypto::binary_reader r(cncrypto::byte_span(blob.data(), blob.size()));
  cncrypto::read_rctsig_base(r, p.rv, p.nin, p.nout);
  cncrypto::read_rctsig_prunable(r, p.rv.p, p.rv.type, p.nin, p.nout, p.mixin);
  if (!r.at_end()) throw std::runtime_error("BLOB not consumed completely");
  if (p.rv.type != p.type) throw std::runtime_error("BLOB type differs from TYPE");
  return p;
}

void place_rings(parsed_line &p, const vector_line &l) {
  const rct::keyV rings = keys_field(l, 7), images = keys_field(l, 8);
  const std::size_t members = p.mixin + 1;
  if (rings.size() != 2 * p.nin * members || images.size() != p.nin) throw std::runtime_error("RINGS/KEYIMAGES sizes");
  auto member = [&](std::size_t n, std::size_t m) {
    const std::size_t at = 2 * (n * members + m);
    return rct::ctkey{rings[at], rings[at + 1]};
  };
  rct::rctSig &rv = p.rv;
  if (rv.type == rct::RCTTypeFull) {
    rv.mixRing.assign(members, rct::ctkeyV(p.nin));
    for (std::size_t m = 0; m < members; ++m)
      for (std::size_t n = 0; n < p.nin; ++n) rv.mixRing[m][n] = member(n, m);
    for (auto &mg : rv.p.MGs) mg.II = images;
    return;
  }
  rv.mixRing.assign(p.nin, rct::ctkeyV(members));
  for (std::size_t n = 0; n < p.nin; ++n)
    for (std::size_t m = 0; m < members; ++m) rv.mixRing[n][m] = member(n, m);
  for (std::size_t n = 0; n < rv.p.MGs.size() && n < images.size(); ++n) rv.p.MGs[n].II = {images[n]};
  for (std::size_t n = 0; n < rv.p.CLSAGs.size() && n < images.size(); ++n) rv.p.CLSAGs[n].I = images[n];
}

// Types 3-5: expand_transaction_1 rebuilds V = INV8 * outPk and throws (the
// transaction is rejected) when an outPk does not decode.
bool outputs_decode(const rct::rctSig &rv) {
  for (const auto &o : rv.outPk) {
    ge_p3 p;
    if (ge_frombytes_vartime(&p, o.mask.bytes) != 0) return false;
  }
  return true;
}


}  // namespace

BOOST_AUTO_TEST_SUITE(ringct_legacy_vectors)

BOOST_AUTO_TEST_CASE(verRange_lines, *needs_shared()) {
  std::size_t n = 0, valid = 0;
  for (const std::string file : {"legacy", "realtx"}) {
    for (const auto &l : file == std::string("legacy") ? legacy_lines("verRange") : realtx_lines("verRange")) {
      BOOST_TEST_CONTEXT(file << " line " << l.line_number) {
        const bool expected = bool_field(l.fields.at(6));
        BOOST_TEST(rct::verRange(key_field(l, 1), range_sig(l, 2)) == expected);
        ++n;
        valid += expected;
      }
    }
  }
  BOOST_TEST(n == 85u + 6u);  // README line counts
  BOOST_TEST(valid == 25u + 4u);
}

BOOST_AUTO_TEST_CASE(verifyBorromean_lines, *needs_shared()) {
  BOOST_TEST(each_line(legacy_lines("verifyBorromean"), [](const vector_line &l) {
               rct::key64 P1, P2;
               copy64(P1, keys_field(l, 1));
               copy64(P2, keys_field(l, 2));
               rct::boroSig bb;
               copy64(bb.s0, keys_field(l, 3));
               copy64(bb.s1, keys_field(l, 4));
               bb.ee = key_field(l, 5);
               BOOST_TEST(rct::verifyBorromean(bb, P1, P2) == bool_field(l.fields.at(6)));
             }) == 43u);
}

BOOST_AUTO_TEST_CASE(MLSAG_Ver_lines, *needs_shared()) {
  BOOST_TEST(each_line(legacy_lines("MLSAG_Ver"), [](const vector_line &l) {
               const std::size_t cols = u64_field(l.fields.at(2)), rows = u64_field(l.fields.at(3));
               const rct::keyM pk = matrix(keys_field(l, 4), cols, rows);
               const std::size_t ds_rows = u64_field(l.fields.at(5));
               BOOST_TEST(rct::MLSAG_Ver(key_field(l, 1), pk, mg_sig(l, 6), ds_rows) == bool_field(l.fields.at(11)));
             }) == 127u);
}

// Ring as P_1..P_N C_1..C_N, then C_OFFSET and the signature.
BOOST_AUTO_TEST_CASE(verRctMGSimple_lines, *needs_shared()) {
  BOOST_TEST(each_line(legacy_lines("verRctMGSimple"), [](const vector_line &l) {
               const std::size_t members = u64_field(l.fields.at(2));
               rct::ctkeyV pubs(members);
               for (std::size_t i = 0; i < members; ++i) pubs[i] = {key_field(l, 3 + i), key_field(l, 3 + members + i)};
               const std::size_t at = 3 + 2 * members;
               BOOST_TEST(rct::verRctMGSimple(key_field(l, 1), mg_sig(l, at + 1), pubs, key_field(l, at)) ==
                          bool_field(l.fields.at(at + 6)));
             }) == 77u);
}

// PUBS column-major dest || mask pairs, NOUT commitments, FEE, then the signature.
BOOST_AUTO_TEST_CASE(verRctMG_lines, *needs_shared()) {
  BOOST_TEST(each_line(legacy_lines("verRctMG"), [](const vector_line &l) {
               const std::size_t cols = u64_field(l.fields.at(2)), rows = u64_field(l.fields.at(3));
               const rct::keyV flat = keys_field(l, 4);
               BOOST_REQUIRE(flat.size() == 2 * cols * rows);
               rct::ctkeyM pubs(cols, rct::ctkeyV(rows));
               for (std::size_t i = 0; i < cols; ++i)
                 for (std::size_t j = 0; j < rows; ++j)
                   pubs[i][j] = {flat[2 * (i * rows + j)], flat[2 * (i * rows + j) + 1]};
               const std::size_t nout = u64_field(l.fields.at(5));
               rct::ctkeyV outPk(nout);
               for (std::size_t k = 0; k < nout; ++k) outPk[k].mask = key_field(l, 6 + k);
               const std::size_t at = 6 + nout;
               const rct::key fee_key = rct::scalarmultH(rct::d2h(u64_field(l.fields.at(at))));
               BOOST_TEST(rct::verRctMG(mg_sig(l, at + 1), pubs, outPk, fee_key, key_field(l, 1)) ==
                          bool_field(l.fields.at(at + 6)));
             }) == 41u);
}

BOOST_AUTO_TEST_CASE(verRct_lines, *needs_shared()) {
  BOOST_TEST(each_line(legacy_lines("verRct"), [](const vector_line &l) {
               parsed_line p = parse_blob(l);
               BOOST_REQUIRE(p.type == 1u);
               place_rings(p, l);
               std::string error;
               BOOST_TEST(rct::verRct(p.rv, true, &error) == bool_field(l.fields.at(9)), error);
               BOOST_TEST(rct::verRct(p.rv, false, &error) == bool_field(l.fields.at(10)), error);
             }) == 43u);
}

// Types 2-5: NONSEM (MLSAG or CLSAG) and SEM (Borromean range proofs or
// Bulletproofs, balance, shapes) on every line.
BOOST_AUTO_TEST_CASE(verRctSimple_lines, *needs_shared()) {
  std::size_t n = 0, by_type[6] = {0}, sem_checked = 0;
  for (const auto &l : legacy_lines("verRctSimple")) {
    BOOST_TEST_CONTEXT("line " << l.line_number) {
      parsed_line p = parse_blob(l);
      const bool sem = bool_field(l.fields.at(9)), nonsem = bool_field(l.fields.at(10));
      BOOST_REQUIRE(p.type >= 2u);
      BOOST_REQUIRE(p.type <= 5u);
      ++n;
      ++by_type[p.type];
      if (p.type >= 3 && !outputs_decode(p.rv)) {
        // expand_transaction_1 throws: rejected before any verifier runs.
        BOOST_TEST(!sem);
        BOOST_TEST(!nonsem);
        ++sem_checked;
        continue;
      }
      place_rings(p, l);
      std::string error;
      BOOST_TEST(rct::verRctNonSemanticsSimple(p.rv, &error) == nonsem, error);
      error.clear();
      BOOST_TEST(rct::verRctSemanticsSimple(p.rv, &error) == sem, error);
      ++sem_checked;
    }
  }
  BOOST_TEST(n == 187u);
  BOOST_TEST(by_type[2] == 46u);
  BOOST_TEST(by_type[3] == 36u);
  BOOST_TEST(by_type[4] == 55u);
  BOOST_TEST(by_type[5] == 50u);
  BOOST_TEST(sem_checked == n);
}

BOOST_AUTO_TEST_CASE(get_pre_mlsag_hash_blob_lines, *needs_shared()) {
  std::size_t n = 0;
  for (const std::string file : {"legacy", "realtx"}) {
    const auto lines =
        file == std::string("legacy") ? legacy_lines("get_pre_mlsag_hash_blob") : realtx_lines("get_pre_mlsag_hash_blob");
    for (const auto &l : lines) {
      BOOST_TEST_CONTEXT(file << " line " << l.line_number) {
        const parsed_line p = parse_blob(l);
        BOOST_TEST(rct_test::hex_key(rct::get_pre_mlsag_hash(p.rv, hw::get_device("default"))) == l.fields.at(7));
        ++n;
      }
    }
  }
  BOOST_TEST(n == 29u + 17u);
}

BOOST_AUTO_TEST_SUITE_END()
