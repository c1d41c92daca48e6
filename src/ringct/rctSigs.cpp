#include "ringct/rctSigs.h"

#include "common/bool_result.h"
#include "crypto/ed25519/sc.h"
#include "crypto/hash.h"
#include "ringct/bulletproofs_plus.h"
#include "ringct/clsag.h"
#include "ringct/rctOps.h"
#include "ringct/rctSerialization.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include <sodium.h>

namespace rct {
namespace {

[[noreturn]] void misuse(const char *function, const std::string &message) {
  throw std::invalid_argument(std::string("rct::") + function + ": " + message);
}

key keccak(const std::vector<std::uint8_t> &bytes) {
  key out;
  crypto::cn_fast_hash(bytes.data(), bytes.size(), reinterpret_cast<char *>(out.bytes));
  return out;
}

}  // namespace

key get_pre_mlsag_hash(const rctSig &rv) {
  if (rv.type == RCTTypeNull || rv.type > RCTTypeBulletproofPlus) {
    misuse("get_pre_mlsag_hash", std::string("no signature message for RingCT type ") + std::to_string(rv.type));
  }
  std::size_t inputs = rv.pseudoOuts.size();
  if (!rv.mixRing.empty()) inputs = rv.type == RCTTypeFull ? rv.mixRing[0].size() : rv.mixRing.size();

  std::vector<std::uint8_t> buffer;
  serialize_rctsig_base(buffer, rv, inputs, rv.ecdhInfo.size());

  std::uint8_t hashes[3 * 32];
  std::memcpy(hashes, rv.message.bytes, 32);
  const key base_hash = keccak(buffer);
  std::memcpy(hashes + 32, base_hash.bytes, 32);

  buffer.clear();
  serialize_range_proof_keys(buffer, rv.p, rv.type);
  const key proof_hash = keccak(buffer);
  std::memcpy(hashes + 64, proof_hash.bytes, 32);

  key message;
  crypto::cn_fast_hash(hashes, sizeof hashes, reinterpret_cast<char *>(message.bytes));
  return message;
}


// ---------------------------------------------------------------- type 6

namespace {

const char *range_proof_type_name(RangeProofType t) {
  switch (t) {
    case RangeProofBorromean: return "RangeProofBorromean";
    case RangeProofBulletproof: return "RangeProofBulletproof";
    case RangeProofMultiOutputBulletproof: return "RangeProofMultiOutputBulletproof";
    case RangeProofPaddedBulletproof: return "RangeProofPaddedBulletproof";
  }
  return "an unknown RangeProofType";
}

// A check that failed: the verifiers catch it (and any exception from a
// point that does not decode) and return false with the message.
class check_failure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
[[noreturn]] void reject(const std::string &message) { throw check_failure(message); }

// Wipes a vector of secret keys when it goes out of scope.
struct wiped_keys {
  keyV &v;
  ~wiped_keys() {
    if (!v.empty()) sodium_memzero(v.data(), v.size() * sizeof(key));
  }
};

// The shape of a type-6 rctSig (Monero's first loop of verRctSemanticsSimple,
// with n_bulletproof_plus_amounts = the number of outputs).
void check_shape(const rctSig &rv) {
  if (rv.type != RCTTypeBulletproofPlus) {
    reject(std::string("RingCT type ") + rct_type_name(rv.type) +
           " is not checked here (only RCTTypeBulletproofPlus, type 6)");
  }
  if (rv.outPk.empty()) reject("no outputs");
  if (rv.outPk.size() > BULLETPROOF_PLUS_MAX_OUTPUTS) {
    reject(std::to_string(rv.outPk.size()) + " outputs, more than the 16 one Bulletproof+ covers");
  }
  if (rv.ecdhInfo.size() != rv.outPk.size()) reject("ecdhInfo and outPk sizes differ");
  if (rv.p.bulletproofs_plus.size() != 1) {
    reject(std::to_string(rv.p.bulletproofs_plus.size()) + " Bulletproofs+ (exactly one expected)");
  }
  if (!rv.p.bulletproofs.empty() || !rv.p.rangeSigs.empty()) reject("range proofs of another type");
  if (!rv.p.MGs.empty()) reject("MLSAGs in a CLSAG type");
  if (rv.p.CLSAGs.empty()) reject("no CLSAGs (no inputs)");
  if (rv.p.pseudoOuts.size() != rv.p.CLSAGs.size()) reject("pseudoOuts and CLSAGs sizes differ");
  if (!rv.pseudoOuts.empty()) reject("pseudoOuts in the base (a type 2 field)");
}

// sum(pseudoOuts) == sum(outPk) + fee*H. addKeys throws on a point that does
// not decode, naming it.
void check_balance(const rctSig &rv) {
  keyV commitments;
  commitments.reserve(rv.outPk.size() + 1);
  for (const auto &c : rv.outPk) commitments.push_back(c.mask);
  commitments.push_back(scalarmultH(d2h(rv.txnFee)));
  if (addKeys(rv.p.pseudoOuts) != addKeys(commitments)) {
    reject("the amounts do not balance: sum(pseudoOuts) != sum(outPk) + fee*H");
  }
}

}  // namespace

rctSig genRctSimple(const key &message, const ctkeyV &inSk, const keyV &destinations,
                    const std::vector<std::uint64_t> &inamounts, const std::vector<std::uint64_t> &outamounts,
                    std::uint64_t txnFee, const ctkeyM &mixRing, const keyV &amount_keys,
                    const std::vector<unsigned int> &index, ctkeyV &outSk, const RCTConfig &rct_config) {
  const char *fn = "genRctSimple";
  if (rct_config.range_proof_type != RangeProofPaddedBulletproof ||
      (rct_config.bp_version != 4 && rct_config.bp_version != 0)) {
    misuse(fn, std::string("RCTConfig {") + range_proof_type_name(rct_config.range_proof_type) + ", " +
                   std::to_string(rct_config.bp_version) +
                   "} is not supported: only {RangeProofPaddedBulletproof, 4} (RingCT type 6, "
                   "Bulletproofs+ and CLSAG) is built");
  }
  if (inamounts.empty()) misuse(fn, "no inputs");
  if (inSk.size() != inamounts.size()) misuse(fn, "inSk and inamounts sizes differ");
  if (mixRing.size() != inamounts.size()) misuse(fn, "mixRing and inamounts sizes differ");
  if (index.size() != inamounts.size()) misuse(fn, "index and inamounts sizes differ");
  if (destinations.empty()) misuse(fn, "no outputs");
  if (destinations.size() > BULLETPROOF_PLUS_MAX_OUTPUTS) {
    misuse(fn, std::to_string(destinations.size()) + " outputs, more than the 16 one Bulletproof+ covers");
  }
  if (outamounts.size() != destinations.size()) misuse(fn, "outamounts and destinations sizes differ");
  if (amount_keys.size() != destinations.size()) misuse(fn, "amount_keys and destinations sizes differ");
  for (std::size_t i = 0; i < mixRing.size(); ++i) {
    // The wire format gives every CLSAG input 0's ring size: refuse here what
    // would verify in memory but could never be serialized.
    if (mixRing[i].size() != mixRing[0].size()) {
      misuse(fn, "input " + std::to_string(i) + ": a ring of " + std::to_string(mixRing[i].size()) +
                     " members, input 0 has " + std::to_string(mixRing[0].size()) +
                     " (every input needs the same ring size)");
    }
    if (index[i] >= mixRing[i].size()) {
      misuse(fn, "input " + std::to_string(i) + ": index " + std::to_string(index[i]) + " is outside its ring of " +
                     std::to_string(mixRing[i].size()));
    }
  }
  // The amounts must balance, or the CLSAGs would sign a transaction no one accepts.
  std::uint64_t in_sum = 0, out_sum = txnFee;
  for (std::uint64_t a : inamounts) {
    if (a > std::numeric_limits<std::uint64_t>::max() - in_sum) misuse(fn, "the input amounts overflow 64 bits");
    in_sum += a;
  }
  for (std::uint64_t a : outamounts) {
    if (a > std::numeric_limits<std::uint64_t>::max() - out_sum) misuse(fn, "the output amounts and fee overflow 64 bits");
    out_sum += a;
  }
  if (in_sum != out_sum) {
    misuse(fn, "inputs (" + std::to_string(in_sum) + ") != outputs + fee (" + std::to_string(out_sum) + ")");
  }

  rctSig rv;
  rv.type = RCTTypeBulletproofPlus;
  rv.message = message;
  rv.txnFee = txnFee;
  rv.mixRing = mixRing;
  const std::size_t n_out = destinations.size(), n_in = inamounts.size();

  // Output masks, the aggregated range proof, the commitments C = 8*V.
  keyV masks(n_out);
  wiped_keys wipe_masks{masks};
  for (std::size_t k = 0; k < n_out; ++k) masks[k] = genCommitmentMask(amount_keys[k]);
  rv.p.bulletproofs_plus.push_back(bulletproof_plus_PROVE(outamounts, masks));
  const BulletproofPlus &proof = rv.p.bulletproofs_plus.back();
  if (proof.V.size() != n_out) misuse(fn, "the range proof has the wrong number of commitments");  // cannot happen
  rv.outPk.resize(n_out);
  rv.ecdhInfo.resize(n_out);
  outSk.assign(n_out, ctkey{});
  key sum_out_masks = Z;
  for (std::size_t k = 0; k < n_out; ++k) {
    rv.outPk[k].dest = destinations[k];
    rv.outPk[k].mask = scalarmult8(proof.V[k]);
    outSk[k].mask = masks[k];
    sc_add(sum_out_masks.bytes, sum_out_masks.bytes, masks[k].bytes);
    ecdhTuple &e = rv.ecdhInfo[k];
    e.mask = masks[k];
    d2h(e.amount, outamounts[k]);
    ecdhEncode(e, amount_keys[k], true);
  }

  // Pseudo-outputs (section 9.5): random masks but the last, which balances.
  keyV a(n_in);
  wiped_keys wipe_a{a};
  rv.p.pseudoOuts.resize(n_in);
  key sum_a = Z;
  for (std::size_t i = 0; i + 1 < n_in; ++i) {
    skGen(a[i]);
    sc_add(sum_a.bytes, sum_a.bytes, a[i].bytes);
    genC(rv.p.pseudoOuts[i], a[i], inamounts[i]);
  }
  sc_sub(a[n_in - 1].bytes, sum_out_masks.bytes, sum_a.bytes);
  genC(rv.p.pseudoOuts[n_in - 1], a[n_in - 1], inamounts[n_in - 1]);
  sodium_memzero(sum_out_masks.bytes, 32);
  sodium_memzero(sum_a.bytes, 32);

  const key full_message = get_pre_mlsag_hash(rv);
  rv.p.CLSAGs.reserve(n_in);
  for (std::size_t i = 0; i < n_in; ++i) {
    try {
      rv.p.CLSAGs.push_back(proveRctCLSAGSimple(full_message, rv.mixRing[i], inSk[i], a[i], rv.p.pseudoOuts[i], index[i]));
    } catch (const std::invalid_argument &e) {
      misuse(fn, "input " + std::to_string(i) + ": " + e.what());
    }
  }
  return rv;
}

bool verRctSemanticsSimple(const std::vector<const rctSig *> &rvv, std::string *error) {
  std::size_t which = 0;
  const bool ok = cncrypto::detail::guarded(error, [&] {
    std::vector<BulletproofPlus> proofs;
    proofs.reserve(rvv.size());
    for (which = 0; which < rvv.size(); ++which) {
      const rctSig *rv = rvv[which];
      if (rv == nullptr) reject("null rctSig pointer");
      check_shape(*rv);
      check_balance(*rv);
      // The proof is checked against the commitments (V = INV_EIGHT * outPk),
      // whatever its V holds (Monero's expand_transaction fills it so).
      proofs.push_back(rv->p.bulletproofs_plus[0]);
      BulletproofPlus &bp = proofs.back();
      bp.V.resize(rv->outPk.size());
      for (std::size_t k = 0; k < rv->outPk.size(); ++k) bp.V[k] = scalarmultKey(rv->outPk[k].mask, INV_EIGHT);
    }
    which = rvv.size();
    if (!bulletproof_plus_VERIFY(proofs)) {
      reject(rvv.size() == 1 ? "the Bulletproof+ range proof does not verify"
                             : "the Bulletproofs+ of the batch do not verify (at least one is invalid)");
    }
  });
  if (!ok && error != nullptr && rvv.size() > 1 && which < rvv.size()) {
    *error = "rctSig " + std::to_string(which) + " of the batch: " + *error;
  }
  return ok;
}

bool verRctSemanticsSimple(const rctSig &rv, std::string *error) {
  return verRctSemanticsSimple(std::vector<const rctSig *>{&rv}, error);
}

bool verRctNonSemanticsSimple(const rctSig &rv, std::string *error) {
  return cncrypto::detail::guarded(error, [&] {
    check_shape(rv);
    if (rv.mixRing.size() != rv.p.CLSAGs.size()) {
      reject("mixRing has " + std::to_string(rv.mixRing.size()) + " rings for " +
             std::to_string(rv.p.CLSAGs.size()) + " inputs");
    }
    const key message = get_pre_mlsag_hash(rv);
    for (std::size_t i = 0; i < rv.mixRing.size(); ++i) {
      if (!verRctCLSAGSimple(message, rv.p.CLSAGs[i], rv.mixRing[i], rv.p.pseudoOuts[i])) {
        reject("input " + std::to_string(i) + ": the CLSAG does not verify");
      }
    }
  });
}

bool verRctSimple(const rctSig &rv, std::string *error) {
  return verRctSemanticsSimple(rv, error) && verRctNonSemanticsSimple(rv, error);
}

std::uint64_t decodeRctSimple(const rctSig &rv, const key &sk, unsigned int i, key &mask) {
  const char *fn = "decodeRctSimple";
  if (rv.type < RCTTypeSimple || rv.type > RCTTypeBulletproofPlus) {
    misuse(fn, std::string("not a simple RingCT type: ") + rct_type_name(rv.type));
  }
  if (i >= rv.ecdhInfo.size()) {
    misuse(fn, "output " + std::to_string(i) + " of " + std::to_string(rv.ecdhInfo.size()));
  }
  if (rv.outPk.size() != rv.ecdhInfo.size()) misuse(fn, "outPk and ecdhInfo sizes differ");
  ecdhTuple e = rv.ecdhInfo[i];
  const bool v2 = rv.type >= RCTTypeBulletproof2;
  ecdhDecode(e, sk, v2);
  struct wipe_tuple {
    ecdhTuple &t;
    ~wipe_tuple() { sodium_memzero(&t, sizeof t); }
  } wipe{e};
  const std::string where = "rct::decodeRctSimple: output " + std::to_string(i) + ": ";
  if (sc_check(e.mask.bytes) != 0) throw std::runtime_error(where + "the decoded mask is not a reduced scalar");
  if (sc_check(e.amount.bytes) != 0) throw std::runtime_error(where + "the decoded amount is not a reduced scalar");
  std::uint64_t amount;
  try {
    amount = h2d(e.amount);
  } catch (const std::invalid_argument &) {
    throw std::runtime_error(where + "the decoded amount does not fit 64 bits");
  }
  // mask*G + amount*H, in constant time (commit); Monero's addKeys2 on the
  // 32-byte amount gives the same point, since its bytes 8..31 are zero here.
  if (commit(amount, e.mask) != rv.outPk[i].mask) {
    sodium_memzero(&amount, sizeof amount);
    throw std::runtime_error(where +
                             "mask*G + amount*H != outPk (the wrong amount key, or an output that can never be spent)");
  }
  mask = e.mask;
  return amount;
}

std::uint64_t decodeRctSimple(const rctSig &rv, const key &sk, unsigned int i) {
  key mask;
  const std::uint64_t amount = decodeRctSimple(rv, sk, i, mask);
  sodium_memzero(mask.bytes, sizeof mask.bytes);
  return amount;
}

}  // namespace rct
