#include "cryptonote/tx_verification.h"

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

namespace cryptonote {
namespace {

using namespace tx_detail;  // fail, guarded, num

const txin_to_key &key_input(const transaction &tx, std::size_t i) {
  const txin_to_key *in = std::get_if<txin_to_key>(&tx.vin[i]);
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

// Inputs (both versions): key inputs with non-empty rings and no repeated
// member, key images neither the identity nor outside the prime-order
// subgroup, all different. Returns the sum of the input amounts.
std::uint64_t check_inputs(const transaction &tx) {
  std::uint64_t inputs_money = 0;
  std::vector<const crypto::key_image *> images;
  images.reserve(tx.vin.size());
  for (std::size_t i = 0; i < tx.vin.size(); ++i) {
    const txin_to_key &in = key_input(tx, i);
    if (in.key_offsets.empty()) fail("input " + num(i) + ": empty ring (no key offsets)");
    for (std::size_t j = 1; j < in.key_offsets.size(); ++j) {
      if (in.key_offsets[j] == 0) fail("input " + num(i) + ": ring member " + num(j) + " repeats the one before it");
    }
    if (inputs_money > std::numeric_limits<std::uint64_t>::max() - in.amount) {
      fail("input " + num(i) + ": the sum of the input amounts overflows 64 bits");
    }
    inputs_money += in.amount;
    if (in.k_image == identity_image) fail("input " + num(i) + ": the key image is the identity");
    if (!is_key_image_in_main_subgroup(in.k_image)) {
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
  const bool tagged = std::holds_alternative<txout_to_tagged_key>(tx.vout[0].target);
  for (std::size_t k = 0; k < tx.vout.size(); ++k) {
    const tx_out &out = tx.vout[k];
    const std::string where = "output " + num(k) + ": ";
    const crypto::public_key *key = nullptr;
    if (const auto *t = std::get_if<txout_to_key>(&out.target)) {
      if (tagged) fail(where + "untagged output in a transaction whose outputs are tagged");
      key = &t->key;
    } else if (const auto *tt = std::get_if<txout_to_tagged_key>(&out.target)) {
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

// ---- version 2, RingCT type 6 ----

// Everything but the rct::verRctSemanticsSimple part and the signatures.
void semantics_v2_structure(const transaction &tx) {
  if (tx.version != 2) fail("version " + num(tx.version) + ": only version 2 (RingCT) transactions are checked here");
  if (tx.pruned) fail("the transaction is pruned: its signatures and range proof are missing");
  if (tx.vin.empty()) fail("no inputs");
  if (tx.vout.empty()) fail("no outputs");
  const rct::rctSig &rv = tx.rct_signatures;
  if (rv.type != rct::RCTTypeBulletproofPlus) {
    fail(std::string("RingCT type ") + rct::rct_type_name(rv.type) +
         ": only RCTTypeBulletproofPlus (type 6) transactions are checked here");
  }
  check_inputs(tx);
  // Monero's check_tx_inputs from hard fork 7 (type 6 exists from 15 on): key
  // images in strictly descending byte order (memcmp), as the builder sorts them.
  for (std::size_t i = 1; i < tx.vin.size(); ++i) {
    if (std::memcmp(&key_input(tx, i).k_image, &key_input(tx, i - 1).k_image, sizeof(crypto::key_image)) >= 0) {
      fail("inputs " + num(i - 1) + " and " + num(i) +
           " are not sorted by key image (descending byte order is required from hard fork 7)");
    }
  }
  check_outputs(tx);
  if (rv.outPk.size() != tx.vout.size()) fail(num(rv.outPk.size()) + " commitments for " + num(tx.vout.size()) + " outputs");
  if (rv.ecdhInfo.size() != tx.vout.size()) {
    fail(num(rv.ecdhInfo.size()) + " encrypted amounts for " + num(tx.vout.size()) + " outputs");
  }
  if (rv.p.CLSAGs.size() != tx.vin.size()) fail(num(rv.p.CLSAGs.size()) + " CLSAGs for " + num(tx.vin.size()) + " inputs");
  if (rv.p.pseudoOuts.size() != tx.vin.size()) {
    fail(num(rv.p.pseudoOuts.size()) + " pseudo-outputs for " + num(tx.vin.size()) + " inputs");
  }
  for (std::size_t i = 0; i < tx.vin.size(); ++i) {
    const txin_to_key &in = key_input(tx, i);
    if (rv.p.CLSAGs[i].s.size() != in.key_offsets.size()) {
      fail("input " + num(i) + ": a ring of " + num(in.key_offsets.size()) + " members, but its CLSAG has " +
           num(rv.p.CLSAGs[i].s.size()) + " scalars");
    }
  }
}

// The rctSig as the verifiers need it: message = prefix hash, outPk[k].dest =
// output k's key, CLSAG I = input i's key image (whatever the object held:
// the prefix is what was signed), and the rings when given.
rct::rctSig expanded(const transaction &tx, const std::vector<rct::ctkeyV> *rings) {
  rct::rctSig rv = tx.rct_signatures;
  rv.message = rct::hash2rct(get_transaction_prefix_hash(tx));
  for (std::size_t k = 0; k < tx.vout.size(); ++k) {
    crypto::public_key key;
    if (get_output_public_key(tx.vout[k], key)) rv.outPk[k].dest = rct::pk2rct(key);
  }
  for (std::size_t i = 0; i < tx.vin.size(); ++i) rv.p.CLSAGs[i].I = rct::ki2rct(key_input(tx, i).k_image);
  if (rings != nullptr) rv.mixRing = *rings;
  return rv;
}

void semantics_v2(const std::vector<const transaction *> &txs) {
  std::vector<rct::rctSig> rvs;
  rvs.reserve(txs.size());
  for (std::size_t t = 0; t < txs.size(); ++t) {
    try {
      if (txs[t] == nullptr) fail("null transaction pointer");
      semantics_v2_structure(*txs[t]);
      rvs.push_back(expanded(*txs[t], nullptr));
    } catch (const tx_detail::tx_error &e) {
      if (txs.size() == 1) throw;
      fail("transaction " + num(t) + " of the batch: " + e.what());
    }
  }
  std::vector<const rct::rctSig *> rvv;
  rvv.reserve(rvs.size());
  for (const auto &rv : rvs) rvv.push_back(&rv);
  std::string why;
  if (!rct::verRctSemanticsSimple(rvv, &why)) {
    // rct numbers a batch's members as "rctSig N": the same as the transactions here.
    const std::string prefix = "rctSig ";
    if (why.compare(0, prefix.size(), prefix) == 0) why = "transaction " + why.substr(prefix.size());
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
  if (!rct::verRctNonSemanticsSimple(expanded(tx, &rings), &why)) fail(why);
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

}  // namespace cryptonote
