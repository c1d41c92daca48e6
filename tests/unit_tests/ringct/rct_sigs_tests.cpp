// RingCT at the transaction level (ringct/rctSigs.h, docs/ringct.md section
// "Transactions: building, checking, scanning"): the signature message
// against Monero's vectors and the real transactions of ../shared/data.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "common/varint.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "support/chain_data.h"
#include "ringct/rctSerialization.h"
#include "ringct/rctSigs.h"
#include "support/shared_data.h"
#include "support/vector_file.h"

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using cncrypto::test::hex_field;
using cncrypto::test::u64_field;

rct::key key_field(const std::string &field) {
  const auto bytes = hex_field(field);
  if (bytes.size() != 32) throw std::runtime_error("32-byte field expected: " + field);
  rct::key k;
  std::memcpy(k.bytes, bytes.data(), 32);
  return k;
}

std::string hex(const rct::key &k) { return cncrypto::hex_encode(k.bytes, 32); }

// Reads "A A1 B r1 s1 d1 NL L.. NR R.." of a get_pre_mlsag_hash line (README_ringct.md)
// starting at fields[i]; the PROOF group of these lines also carries "NV V..": skipped,
// V is not hashed.
rct::BulletproofPlus read_proof(const std::vector<std::string> &f, std::size_t &i) {
  rct::BulletproofPlus bp;
  const std::uint64_t nv = u64_field(f.at(i++));
  i += nv;
  for (rct::key *k : {&bp.A, &bp.A1, &bp.B, &bp.r1, &bp.s1, &bp.d1}) *k = key_field(f.at(i++));
  const std::uint64_t nl = u64_field(f.at(i++));
  for (std::uint64_t j = 0; j < nl; ++j) bp.L.push_back(key_field(f.at(i++)));
  const std::uint64_t nr = u64_field(f.at(i++));
  for (std::uint64_t j = 0; j < nr; ++j) bp.R.push_back(key_field(f.at(i++)));
  return bp;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pre_mlsag_hash)

// Every get_pre_mlsag_hash line of monero_ringct.txt: the base is rebuilt as an
// rctSig (type, fee, 8-byte amounts, commitments), serialize_rctsig_base must give
// BASE's bytes back, and the hash must be HASH.
BOOST_AUTO_TEST_CASE(monero_vectors, *cncrypto::test::needs_shared()) {
  const auto lines =
      cncrypto::test::read_vector_file(cncrypto::test::shared_path("vectors/monero_ringct.txt"), "get_pre_mlsag_hash");
  BOOST_TEST(lines.size() == 69u);
  for (const auto &line : lines) {
    BOOST_TEST_CONTEXT("line " << line.line_number) {
      const auto &f = line.fields;
      rct::rctSig rv;
      rv.message = key_field(f.at(1));
      const auto base = hex_field(f.at(2));
      BOOST_REQUIRE(base.size() >= 2);
      rv.type = base[0];
      std::uint64_t fee = 0;
      const auto r = cncrypto::read_varint(base.data() + 1, base.size() - 1, fee);
      BOOST_REQUIRE(bool(r));
      rv.txnFee = fee;
      const std::size_t rest = base.size() - 1 - r.size;
      BOOST_REQUIRE(rest % 40 == 0);
      const std::size_t n_out = rest / 40;
      const std::uint8_t *p = base.data() + 1 + r.size;
      rv.ecdhInfo.resize(n_out);
      rv.outPk.resize(n_out);
      for (std::size_t k = 0; k < n_out; ++k) {
        rv.ecdhInfo[k] = rct::ecdhTuple{};
        std::memcpy(rv.ecdhInfo[k].amount.bytes, p + 8 * k, 8);
        std::memcpy(rv.outPk[k].mask.bytes, p + 8 * n_out + 32 * k, 32);
      }
      std::size_t i = 3;
      const std::uint64_t np = u64_field(f.at(i++));
      for (std::uint64_t j = 0; j < np; ++j) rv.p.bulletproofs_plus.push_back(read_proof(f, i));
      BOOST_REQUIRE(i + 1 == f.size());

      std::vector<std::uint8_t> again;
      rct::serialize_rctsig_base(again, rv, 0, n_out);
      BOOST_TEST(again == base);
      BOOST_TEST(hex(rct::get_pre_mlsag_hash(rv, hw::get_device("default"))) == f.back());
    }
  }
}

// The signature message of every RingCT transaction in ../shared/data (types 1-6)
// equals the manifest's signature_message (published for two of them).
BOOST_AUTO_TEST_CASE(real_transactions, *cncrypto::test::needs_shared()) {
  std::size_t checked = 0, type6 = 0;
  for (const auto &entry : cncrypto::test::data_manifest().at("shared_txs")) {
    if (!entry.contains("signature_message")) continue;
    const std::string file = entry.at("file");
    BOOST_TEST_CONTEXT(file) {
      cryptonote::transaction tx = cncrypto::parse_transaction(cncrypto::test::read_data_file(file));
      const crypto::hash prefix_hash = cryptonote::get_transaction_prefix_hash(tx);
      std::memcpy(tx.rct_signatures.message.bytes, prefix_hash.data, 32);
      BOOST_TEST(hex(rct::get_pre_mlsag_hash(tx.rct_signatures, hw::get_device("default"))) == entry.at("signature_message").get<std::string>());
      ++checked;
      if (tx.rct_signatures.type == rct::RCTTypeBulletproofPlus) ++type6;
    }
  }
  BOOST_TEST(checked == 25u);
  BOOST_TEST(type6 == 8u);
}

BOOST_AUTO_TEST_CASE(refuses_type_0_and_unknown_types) {
  rct::rctSig rv;
  BOOST_CHECK_THROW(rct::get_pre_mlsag_hash(rv, hw::get_device("default")), std::invalid_argument);
  rv.type = 7;
  BOOST_CHECK_THROW(rct::get_pre_mlsag_hash(rv, hw::get_device("default")), std::invalid_argument);
  rv.type = rct::RCTTypeBulletproofPlus;
  rv.ecdhInfo.resize(2);
  rv.outPk.resize(1);  // does not match ecdhInfo
  try {
    (void)rct::get_pre_mlsag_hash(rv, hw::get_device("default"));
    BOOST_FAIL("mismatched outPk accepted");
  } catch (const std::invalid_argument &e) {
    BOOST_TEST(std::string(e.what()) == "rct serialization: outPk needs one entry per output");
  }
}

BOOST_AUTO_TEST_SUITE_END()
