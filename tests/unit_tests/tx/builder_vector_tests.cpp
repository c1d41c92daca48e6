// The builder's outputs and tx_extra for fixed keys equal an independent
// Python implementation's (tests/unit_tests/vectors/tx_builder_outputs.txt,
// written by generate_tx_builder_vectors.py there: big-integer ed25519,
// Keccak from pycryptodome): R = r*G or r*D, additional keys, one-time keys,
// view tags, change derivation, encrypted and dummy payment ids, extra order.
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "cryptonote/subaddress.h"
#include "cryptonote/tx_verification.h"
#include "support/shared_data.h"
#include "support/vector_file.h"
#include "tx_test_chain.h"

#include <map>

using namespace cryptonote;
using namespace cncrypto;  // cncrypto's parsers, checks and constants beside Monero's names
using namespace txtest;
using cncrypto::test::hex_field;
using cncrypto::test::u64_field;

namespace {

template <typename T>
T pod(const std::string &hex) {
  const std::vector<std::uint8_t> b = hex_field(hex);
  BOOST_REQUIRE_EQUAL(b.size(), sizeof(T));
  T out;
  std::memcpy(static_cast<void *>(&out), b.data(), sizeof out);
  return out;
}

struct vector_scenario {
  crypto::secret_key r;
  bool use_view_tags = false;
  std::vector<std::uint8_t> extra_in;
  std::vector<crypto::secret_key> additional;
  struct dest {
    std::string wallet;
    subaddress_index index;
    std::uint64_t amount;
    bool change;
  };
  std::vector<dest> dests;
  std::vector<std::uint8_t> expected_extra;
  std::vector<std::tuple<std::uint64_t, std::string, std::string>> expected_outs;  // amount, key, tag
};

}  // namespace

BOOST_AUTO_TEST_SUITE(builder_vectors)

BOOST_AUTO_TEST_CASE(outputs_and_extra_match_independent_implementation) {
  const auto lines = cncrypto::test::read_vector_file(cncrypto::test::repo_vectors_dir() / "tx_builder_outputs.txt");
  std::map<std::string, account_keys> wallets;
  std::map<std::string, vector_scenario> scenarios;
  std::vector<std::string> order;
  for (const auto &l : lines) {
    const auto &f = l.fields;
    if (f[0] == "wallet") {
      account_keys k;
      k.m_spend_secret_key = pod<crypto::secret_key>(f[2]);
      k.m_view_secret_key = pod<crypto::secret_key>(f[3]);
      BOOST_REQUIRE(crypto::secret_key_to_public_key(k.m_spend_secret_key, k.m_account_address.m_spend_public_key));
      BOOST_REQUIRE(crypto::secret_key_to_public_key(k.m_view_secret_key, k.m_account_address.m_view_public_key));
      wallets[f[1]] = k;
    } else if (f[0] == "scenario") {
      vector_scenario &s = scenarios[f[1]];
      order.push_back(f[1]);
      s.r = pod<crypto::secret_key>(f[2]);
      s.use_view_tags = f[3] == "true";
      s.extra_in = hex_field(f[4]);
    } else if (f[0] == "additional") {
      scenarios[f[1]].additional.push_back(pod<crypto::secret_key>(f[3]));
    } else if (f[0] == "dest") {
      scenarios[f[1]].dests.push_back(
          {f[3],
           {static_cast<std::uint32_t>(u64_field(f[4])), static_cast<std::uint32_t>(u64_field(f[5]))},
           u64_field(f[6]),
           f[7] == "1"});
    } else if (f[0] == "extra") {
      scenarios[f[1]].expected_extra = hex_field(f[2]);
    } else if (f[0] == "out") {
      scenarios[f[1]].expected_outs.emplace_back(u64_field(f[3]), f[4], f[5]);
    }
  }
  BOOST_REQUIRE_EQUAL(order.size(), 3u);
  const account_keys &alice = wallets.at("alice");

  for (const std::string &name : order) {
    BOOST_TEST_CONTEXT("scenario " << name) {
      const vector_scenario &s = scenarios.at(name);
      fake_chain chain;
      transaction coinbase;
      BOOST_REQUIRE(construct_miner_tx(0, 0, 0, 2, 0, alice.m_account_address, coinbase));
      const std::vector<std::uint64_t> gidx = chain.add_tx(coinbase);
      std::vector<tx_source_entry> sources{chain.source(coinbase, 1, gidx[1], 2)};
      std::vector<tx_destination_entry> dests;
      for (const auto &d : s.dests) {
        const account_keys &w = wallets.at(d.wallet);
        dests.emplace_back(d.amount, get_subaddress(w.m_account_address, w.m_view_secret_key, d.index),
                           !d.index.is_zero());
      }
      transaction tx;
      std::string error;
      BOOST_REQUIRE_MESSAGE(
          construct_tx_with_tx_key(alice, cncrypto::make_subaddress_map(alice), sources, dests, alice.m_account_address,
                                   s.extra_in, tx, 0, s.r, s.additional, false, {rct::RangeProofBorromean, 0},
                                   /*shuffle_outs=*/false, s.use_view_tags, &error),
          error);
      BOOST_CHECK_EQUAL(cncrypto::hex_encode(tx.extra.data(), tx.extra.size()),
                        cncrypto::hex_encode(s.expected_extra.data(), s.expected_extra.size()));
      BOOST_REQUIRE_EQUAL(tx.vout.size(), s.expected_outs.size());
      for (std::size_t k = 0; k < tx.vout.size(); ++k) {
        const auto &[amount, key, tag] = s.expected_outs[k];
        BOOST_CHECK_EQUAL(tx.vout[k].amount, amount);
        const crypto::public_key got = output_key(tx.vout[k]);
        BOOST_CHECK_EQUAL(cncrypto::hex_encode(&got, 32), key);
        const auto vt = get_output_view_tag(tx.vout[k]);
        BOOST_CHECK_EQUAL(vt ? cncrypto::hex_encode(&*vt, 1) : std::string("x"), tag);
      }
      BOOST_CHECK_MESSAGE(check_tx_v1(tx, chain.lookup_fn(), &error), error);
    }
  }
}

BOOST_AUTO_TEST_SUITE_END()
