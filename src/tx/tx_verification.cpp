#include "cryptonote/tx_verification.h"

#include "rct_kinds.h"
#include "tx_detail.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/cryptonote_tx_utils.h"
#include "cryptonote/wallet_scan.h"
#include "ringct/rctOps.h"
#include "ringct/rctSigs.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <utility>

namespace cncrypto {

using namespace cryptonote;  // Monero's types (transaction, block, ...) unqualified

namespace {

using namespace tx_detail;  // fail, guarded, num

const txin_to_key &key_input(const transaction &tx, std::size_t i) {
  const txin_to_key *in = boost::get<txin_to_key>(&tx.vin[i]);
  if (in == nullptr) fail("input " + num(i) + ": not a txin_to_key (only key inputs are allowed)");
  return *in;
}

const crypto::key_image identity_image = [] {
  crypto::key_image ki{};
  ki.data[0] = 1;
  return ki;
}();

void check_unique_images(const std::vector<const crypto::key_image *> &images) {
  std::vector<std::size_t> order(images.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::memcmp(images[a], images[b], sizeof(crypto::key_image)) < 0;
  });
  for (std::size_t i = 1; i < order.size(); ++i) {
    if (*images[order[i]] == *images[order[i - 1]]) {
      fail("inputs " + num(std::min(order[i], order[i - 1])) + " and " + num(std::max(order[i], order[i - 1])) +
           " have the same key image");
    }
  }
}

// Inputs (both versions): key inputs with non-empty rings, key images neither
// the identity nor outside the prime-order subgroup, all different. A repeated
// ring member is a fork rule (HF >= 6, check_tx_hf_rules). Returns the sum of
// the input amounts.
std::uint64_t check_inputs(const transaction &tx) {
  std::uint64_t inputs_money = 0;
  std::vector<const crypto::key_image *> images;
  images.reserve(tx.vin.size());
  for (std::size_t i = 0; i < tx.vin.size(); ++i) {
    const txin_to_key &in = key_input(tx, i);
    if (in.key_offsets.empty()) fail("input " + num(i) + ": empty ring (no key offsets)");
    if (inputs_money > std::numeric_limits<std::uint64_t>::max() - in.amount) {
      fail("input " + num(i) + ": the sum of the input amounts overflows 64 bits");
    }
    inputs_money += in.amount;
    if (in.k_image == identity_image) fail("input " + num(i) + ": the key image is the identity");
    if (!cncrypto::is_key_image_in_main_subgroup(in.k_image)) {
      fail("input " + num(i) + ": key image " + cncrypto::hex_encode(&in.k_image, sizeof in.k_image) +
           " is not in the prime-order subgroup (torsion component or not a point)");
    }
    images.push_back(&in.k_image);
  }
  check_unique_images(images);
  return inputs_money;
}

// Outputs (both versions): txout_to_key or (all of them) txout_to_tagged_key,
// keys that are points; version 1 amounts non-zero, version 2 amounts zero (the
// amount is in the commitment). Returns the sum of the output amounts.
std::uint64_t check_outputs(const transaction &tx) {
  std::uint64_t outputs_money = 0;
  const bool tagged = boost::get<txout_to_tagged_key>(&tx.vout[0].target) != nullptr;
  for (std::size_t k = 0; k < tx.vout.size(); ++k) {
    const tx_out &out = tx.vout[k];
    const std::string where = "output " + num(k) + ": ";
    const crypto::public_key *key = nullptr;
    if (const auto *t = boost::get<txout_to_key>(&out.target)) {
      if (tagged) fail(where + "untagged output in a transaction whose outputs are tagged");
      key = &t->key;
    } else if (const auto *tt = boost::get<txout_to_tagged_key>(&out.target)) {
      if (!tagged) fail(where + "tagged output in a transaction whose outputs are untagged");
      key = &tt->key;
    } else {
      fail(where + "neither txout_to_key nor txout_to_tagged_key");
    }
    if (!crypto::check_key(*key)) {
      fail(where + "key " + cncrypto::hex_encode(key, sizeof *key) + " is not a valid point");
    }
    if (tx.version == 1 && out.amount == 0) fail(where + "amount 0");
    if (tx.version != 1 && out.amount != 0) {
      fail(where + "amount " + num(out.amount) + " in a RingCT transaction (0 expected: the amount is in the commitment)");
    }
    if (outputs_money > std::numeric_limits<std::uint64_t>::max() - out.amount) {
      fail(where + "the sum of the output amounts overflows 64 bits");
    }
    outputs_money += out.amount;
  }
  return outputs_money;
}

void semantics(const transaction &tx) {
  if (tx.version != 1) fail("version " + num(tx.version) + ": only version 1 transactions are checked here");
  if (tx.pruned) fail("the transaction is pruned: its signatures are missing");
  if (tx.vin.empty()) fail("no inputs");
  if (tx.vout.empty()) fail("no outputs");
  const std::uint64_t inputs_money = check_inputs(tx);
  const std::uint64_t outputs_money = check_outputs(tx);
  if (outputs_money > inputs_money) {
    fail("outputs (" + num(outputs_money) + ") exceed inputs (" + num(inputs_money) + ")");
  }
}

void signatures(const transaction &tx, const std::vector<std::vector<crypto::public_key>> &rings) {
  if (tx.signatures.size() != tx.vin.size()) {
    fail(num(tx.signatures.size()) + " signature vectors for " + num(tx.vin.size()) + " inputs");
  }
  if (rings.size() != tx.vin.size()) fail(num(rings.size()) + " rings given for " + num(tx.vin.size()) + " inputs");
  const crypto::hash prefix_hash = get_transaction_prefix_hash(tx);
  std::vector<const crypto::public_key *> ptrs;
  for (std::size_t i = 0; i < tx.vin.size(); ++i) {
    const txin_to_key &in = key_input(tx, i);
    const std::string where = "input " + num(i) + ": ";
    if (rings[i].size() != in.key_offsets.size()) {
      fail(where + num(rings[i].size()) + " ring keys given for " + num(in.key_offsets.size()) + " key offsets");
    }
    if (tx.signatures[i].size() != in.key_offsets.size()) {
      fail(where + num(tx.signatures[i].size()) + " signatures for a ring of " + num(in.key_offsets.size()));
    }
    ptrs.resize(rings[i].size());
    for (std::size_t j = 0; j < rings[i].size(); ++j) ptrs[j] = &rings[i][j];
    if (!crypto::check_ring_signature(prefix_hash, in.k_image, ptrs, tx.signatures[i].data())) {
      fail(where + "the ring signature does not verify");
    }
  }
}

// ---- version 2, RingCT types 1-6 ----

// Monero's expand_transaction_2 for the MLSAG types: II[0] of input i's MLSAG
// (types 2-4), II[i] of the one MLSAG (type 1), the key images.
void set_mlsag_images(std::vector<rct::mgSig> &mgs, const transaction &tx, bool full) {
  if (full) {
    mgs[0].II.resize(tx.vin.size());
    for (std::size_t i = 0; i < tx.vin.size(); ++i) mgs[0].II[i] = rct::ki2rct(key_input(tx, i).k_image);
  } else {
    for (std::size_t i = 0; i < tx.vin.size(); ++i) {
      mgs[i].II.resize(1);
      mgs[i].II[0] = rct::ki2rct(key_input(tx, i).k_image);
    }
  }
}

void require_count(std::size_t have, std::size_t want, const std::string &what, const std::string &per) {
  if (have != want) fail(num(have) + " " + what + " for " + num(want) + " " + per);
}

// Everything but the rct verifiers' part and the signatures: the transaction
// around the rctSig, and the rctSig's counts for its type (Monero's
// check_tx_semantic and the first loops of verRctSemanticsSimple / verRct).
void semantics_v2_structure(const transaction &tx) {
  if (tx.version != 2) fail("version " + num(tx.version) + ": only version 2 (RingCT) transactions are checked here");
  if (tx.pruned) fail("the transaction is pruned: its signatures and range proof are missing");
  if (tx.vin.empty()) fail("no inputs");
  if (tx.vout.empty()) fail("no outputs");
  const rct::rctSig &rv = tx.rct_signatures;
  const std::uint8_t type = rv.type;
  if (type == rct::RCTTypeNull) fail("RingCT type RCTTypeNull (type 0): only a coinbase has no RingCT signature");
  if (type > rct::RCTTypeBulletproofPlus) fail("unknown RingCT type " + num(type));
  check_inputs(tx);
  // Monero's check_tx_inputs from hard fork 7: key images in strictly
  // descending byte order (memcmp), as the builder sorts them. Types 3-6
  // exist from hard fork 8 on; types 1 and 2 predate the rule (from hard
  // fork 4), so for them it is check_tx_hf_rules' (cryptonote/tx_rules.h).
  if (type >= rct::RCTTypeBulletproof) {
    for (std::size_t i = 1; i < tx.vin.size(); ++i) {
      if (std::memcmp(&key_input(tx, i).k_image, &key_input(tx, i - 1).k_image, sizeof(crypto::key_image)) >= 0) {
        fail("inputs " + num(i - 1) + " and " + num(i) +
             " are not sorted by key image (descending byte order is required from hard fork 7)");
      }
    }
  }
  check_outputs(tx);
  require_count(rv.outPk.size(), tx.vout.size(), "commitments", "outputs");
  require_count(rv.ecdhInfo.size(), tx.vout.size(), "encrypted amounts", "outputs");
  const std::size_t ring0 = key_input(tx, 0).key_offsets.size();
  if (rct_kinds::clsag(type)) {
    require_count(rv.p.CLSAGs.size(), tx.vin.size(), "CLSAGs", "inputs");
    require_count(rv.p.pseudoOuts.size(), tx.vin.size(), "pseudo-outputs", "inputs");
    for (std::size_t i = 0; i < tx.vin.size(); ++i) {
      const txin_to_key &in = key_input(tx, i);
      if (rv.p.CLSAGs[i].s.size() != in.key_offsets.size()) {
        fail("input " + num(i) + ": a ring of " + num(in.key_offsets.size()) + " members, but its CLSAG has " +
             num(rv.p.CLSAGs[i].s.size()) + " scalars");
      }
    }
  } else if (type == rct::RCTTypeFull) {
    // One MLSAG over all inputs: every ring the same size, one column per
    // member with a row per input plus the commitment row.
    require_count(rv.p.MGs.size(), 1, "MLSAGs", "RCTTypeFull signature (one for all inputs)");
    require_count(rv.p.MGs[0].ss.size(), ring0, "MLSAG columns", "ring members");
    for (std::size_t i = 1; i < tx.vin.size(); ++i) {
      if (key_input(tx, i).key_offsets.size() != ring0) {
        fail("input " + num(i) + ": ring of " + num(key_input(tx, i).key_offsets.size()) +
             " members in an RCTTypeFull transaction whose first ring has " + num(ring0));
      }
    }
    for (std::size_t j = 0; j < ring0; ++j) {
      require_count(rv.p.MGs[0].ss[j].size(), tx.vin.size() + 1, "MLSAG rows in column " + num(j), "inputs + 1");
    }
    if (!rv.pseudoOuts.empty() || !rv.p.pseudoOuts.empty()) fail("pseudo-outputs in an RCTTypeFull signature");
  } else {
    require_count(rv.p.MGs.size(), tx.vin.size(), "MLSAGs", "inputs");
    const rct::keyV &pseudo = type == rct::RCTTypeSimple ? rv.pseudoOuts : rv.p.pseudoOuts;
    require_count(pseudo.size(), tx.vin.size(), "pseudo-outputs", "inputs");
    for (std::size_t i = 0; i < tx.vin.size(); ++i) {
      const std::size_t ring = key_input(tx, i).key_offsets.size();
      require_count(rv.p.MGs[i].ss.size(), ring, "MLSAG columns of input " + num(i), "ring members");
      for (std::size_t j = 0; j < ring; ++j) {
        require_count(rv.p.MGs[i].ss[j].size(), 2, "MLSAG rows in column " + num(j) + " of input " + num(i),
                      "(key, commitment) rows");
      }
    }
  }
}

// The rctSig as the verifiers need it (Monero's expand_transaction_1/2):
// message = prefix hash, outPk[k].dest = output k's key, CLSAG I / MLSAG II
// = the inputs' key images (whatever the object held: the prefix is what was
// signed), and the rings when given: mixRing[input][member] for the simple
// types, mixRing[member][input] for RCTTypeFull (every ring the same size).
rct::rctSig expanded(const transaction &tx, const std::vector<rct::ctkeyV> *rings) {
  rct::rctSig rv = tx.rct_signatures;
  rv.message = rct::hash2rct(get_transaction_prefix_hash(tx));
  for (std::size_t k = 0; k < tx.vout.size(); ++k) {
    crypto::public_key key;
    if (get_output_public_key(tx.vout[k], key)) rv.outPk[k].dest = rct::pk2rct(key);
  }
  const bool full = rv.type == rct::RCTTypeFull;
  if (rct_kinds::clsag(rv.type)) {
    for (std::size_t i = 0; i < tx.vin.size(); ++i) rv.p.CLSAGs[i].I = rct::ki2rct(key_input(tx, i).k_image);
  } else {
    set_mlsag_images(rv.p.MGs, tx, full);
  }
  if (rings != nullptr) {
    if (full) {
      const std::size_t members = rings->empty() ? 0 : (*rings)[0].size();
      rv.mixRing.assign(members, rct::ctkeyV(rings->size()));
      for (std::size_t i = 0; i < rings->size(); ++i) {
        for (std::size_t j = 0; j < members; ++j) rv.mixRing[j][i] = (*rings)[i][j];
      }
    } else {
      rv.mixRing = *rings;
    }
  }
  return rv;
}

void semantics_v2(const std::vector<const transaction *> &txs) {
  std::vector<rct::rctSig> rvs;
  std::vector<std::size_t> position;  // of each simple rctSig in txs
  rvs.reserve(txs.size());
  for (std::size_t t = 0; t < txs.size(); ++t) {
    const std::string where = txs.size() == 1 ? "" : "transaction " + num(t) + " of the batch: ";
    try {
      if (txs[t] == nullptr) fail("null transaction pointer");
      semantics_v2_structure(*txs[t]);
      rct::rctSig rv = expanded(*txs[t], nullptr);
      if (rv.type == rct::RCTTypeFull) {
        // Monero's check_tx_semantic: rct::verRct(rv, true) for type 1.
        std::string why;
        if (!rct::verRct(rv, true, &why)) fail(why);
      } else {
        rvs.push_back(std::move(rv));
        position.push_back(t);
      }
    } catch (const tx_detail::tx_error &e) {
      if (txs.size() == 1) throw;
      fail(where + e.what());
    }
  }
  if (rvs.empty()) return;
  std::vector<const rct::rctSig *> rvv;
  rvv.reserve(rvs.size());
  for (const auto &rv : rvs) rvv.push_back(&rv);
  std::string why;
  if (!rct::verRctSemanticsSimple(rvv, &why)) {
    // rct numbers a batch's members as "rctSig N": name the transaction instead.
    const std::string prefix = "rctSig ";
    if (why.compare(0, prefix.size(), prefix) == 0) {
      std::size_t end = prefix.size(), n = 0;
      while (end < why.size() && end < prefix.size() + 9 && why[end] >= '0' && why[end] <= '9') {
        n = n * 10 + static_cast<std::size_t>(why[end++] - '0');
      }
      if (end > prefix.size()) why = "transaction " + num(n < position.size() ? position[n] : n) + why.substr(end);
    }
    fail(why);
  }
}

void signatures_v2(const transaction &tx, const std::vector<rct::ctkeyV> &rings) {
  if (rings.size() != tx.vin.size()) fail(num(rings.size()) + " rings given for " + num(tx.vin.size()) + " inputs");
  for (std::size_t i = 0; i < tx.vin.size(); ++i) {
    const txin_to_key &in = key_input(tx, i);
    if (rings[i].size() != in.key_offsets.size()) {
      fail("input " + num(i) + ": " + num(rings[i].size()) + " ring members given for " + num(in.key_offsets.size()) +
           " key offsets");
    }
  }
  std::string why;
  const rct::rctSig rv = expanded(tx, &rings);
  if (rv.type == rct::RCTTypeFull) {
    // Monero's check_tx_inputs: rct::verRct(rv, false) for type 1.
    if (!rct::verRct(rv, false, &why)) fail(why);
    return;
  }
  if (!rct::verRctNonSemanticsSimple(rv, &why)) fail(why);
}

}  // namespace

bool check_tx_semantics_v1(const transaction &tx, std::string *error) {
  return guarded(error, [&] { semantics(tx); });
}

bool check_tx_ring_signatures_v1(const transaction &tx, const std::vector<std::vector<crypto::public_key>> &rings,
                                 std::string *error) {
  return guarded(error, [&] { signatures(tx, rings); });
}

bool check_tx_v1(const transaction &tx, const std::vector<std::vector<crypto::public_key>> &rings, std::string *error) {
  return guarded(error, [&] {
    semantics(tx);
    signatures(tx, rings);
  });
}

bool check_tx_v1(const transaction &tx, const output_key_lookup &lookup, std::string *error) {
  return guarded(error, [&] {
    semantics(tx);
    std::vector<std::vector<crypto::public_key>> rings(tx.vin.size());
    for (std::size_t i = 0; i < tx.vin.size(); ++i) {
      const txin_to_key &in = key_input(tx, i);
      std::vector<std::uint64_t> absolute;
      try {
        absolute = relative_output_offsets_to_absolute(in.key_offsets);
      } catch (const std::invalid_argument &e) {
        fail("input " + num(i) + ": " + e.what());
      }
      rings[i].resize(absolute.size());
      for (std::size_t j = 0; j < absolute.size(); ++j) {
        if (!lookup || !lookup(in.amount, absolute[j], rings[i][j])) {
          fail("input " + num(i) + ": ring member " + num(j) + " (output " + num(absolute[j]) + " of amount " +
               num(in.amount) + ") not found");
        }
      }
    }
    signatures(tx, rings);
  });
}

bool check_tx_semantics_v2(const transaction &tx, std::string *error) {
  return guarded(error, [&] { semantics_v2({&tx}); });
}

bool check_tx_semantics_v2(const std::vector<const transaction *> &txs, std::string *error) {
  return guarded(error, [&] { semantics_v2(txs); });
}

bool check_tx_ring_signatures_v2(const transaction &tx, const std::vector<rct::ctkeyV> &rings, std::string *error) {
  return guarded(error, [&] {
    semantics_v2_structure(tx);
    signatures_v2(tx, rings);
  });
}

bool check_tx_v2(const transaction &tx, const std::vector<rct::ctkeyV> &rings, std::string *error) {
  return guarded(error, [&] {
    semantics_v2({&tx});
    signatures_v2(tx, rings);
  });
}

}  // namespace cncrypto
