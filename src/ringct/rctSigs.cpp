#include "ringct/rctSigs.h"

#include "common/bool_result.h"
#include "common/ct.h"
#include "common/ct_declassify.h"
#include "crypto/crypto-ops.h"
#include "crypto/ed25519/sc.h"
#include "crypto/hash.h"
#include "curve/ecmult.h"
#include "ringct/borromean.h"
#include "ringct/bulletproofs.h"
#include "ringct/bulletproofs_plus.h"
#include "ringct/clsag.h"
#include "ringct/mlsag.h"
#include "ringct/rctOps.h"
#include "ringct/rctSerialization.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include <sodium.h>

namespace ed = cncrypto::ed25519;  // the curve layer's own types and functions (curve/ops.h)

namespace rct {
namespace {

// "rct::function: message"; a cncrypto:: function keeps its own prefix.
[[noreturn]] void misuse(const char *function, const std::string &message) {
  const std::string name = function;
  throw std::invalid_argument((name.rfind("cncrypto::", 0) == 0 ? name : "rct::" + name) + ": " + message);
}

key keccak(const std::vector<std::uint8_t> &bytes) {
  key out;
  crypto::cn_fast_hash(bytes.data(), bytes.size(), reinterpret_cast<char *>(out.bytes));
  return out;
}

// get_pre_mlsag_hash without the device check, for the calls inside this file.
key pre_mlsag_hash(const rctSig &rv) {
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
  cncrypto::serialize_range_proof_keys(buffer, rv.p, rv.type);
  const key proof_hash = keccak(buffer);
  std::memcpy(hashes + 64, proof_hash.bytes, 32);

  key message;
  crypto::cn_fast_hash(hashes, sizeof hashes, reinterpret_cast<char *>(message.bytes));
  return message;
}

}  // namespace

key get_pre_mlsag_hash(const rctSig &rv, hw::device &hwdev) {
  cncrypto::require_software_device(hwdev, "rct::get_pre_mlsag_hash");
  return pre_mlsag_hash(rv);
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
void check_shape_bpp(const rctSig &rv) {
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

// The Bulletproofs of a type 3-5 rctSig, ready for bulletproof_VERIFY. One
// proof (every transaction a node accepts: Monero's expand_transaction_1 takes
// exactly one): its V rebuilt as INV_EIGHT * outPk, whatever V held. Several
// proofs (only genRctSimple's RangeProofBulletproof and
// RangeProofMultiOutputBulletproof configurations make them; a parsed
// transaction has no V): each proof's V as its prover left it, which must
// match outPk in order (8 * V[k] == outPk[k].mask; Monero's verRctSemanticsSimple
// uses V unchecked). Throws check_failure (an outPk that does not decode
// included).
std::vector<Bulletproof> expanded_bulletproofs(const rctSig &rv) {
  if (rv.p.bulletproofs.empty()) reject("no Bulletproofs");
  std::vector<Bulletproof> proofs = rv.p.bulletproofs;
  if (proofs.size() == 1) {
    Bulletproof &bp = proofs[0];
    bp.V.resize(rv.outPk.size());
    for (std::size_t k = 0; k < rv.outPk.size(); ++k) {
      try {
        bp.V[k] = scalarmultKey(rv.outPk[k].mask, INV_EIGHT);  // decodes the point once
      } catch (const std::invalid_argument &) {
        reject("outPk[" + std::to_string(k) + "].mask is not a valid point encoding");
      }
    }
    return proofs;
  }
  std::size_t k = 0;
  for (std::size_t i = 0; i < proofs.size(); ++i) {
    if (proofs[i].V.empty()) {
      reject("Bulletproof " + std::to_string(i) + " of " + std::to_string(proofs.size()) +
             " has no V (a transaction a node accepts has exactly one Bulletproof)");
    }
    for (const key &v : proofs[i].V) {
      if (k >= rv.outPk.size() || !(scalarmult8(v) == rv.outPk[k].mask)) {
        reject("Bulletproof " + std::to_string(i) + ": its V does not match outPk[" + std::to_string(k) + "]");
      }
      ++k;
    }
  }
  return proofs;
}

// The shape of a type 2-5 rctSig (Monero's first loop of verRctSemanticsSimple).
// For types 3-5, expanded receives the Bulletproofs with their V
// (expanded_bulletproofs), ready for bulletproof_VERIFY.
void check_shape_legacy(const rctSig &rv, std::vector<Bulletproof> &expanded) {
  if (is_rct_bulletproof(rv.type)) {
    expanded = expanded_bulletproofs(rv);
    if (rv.outPk.size() != n_bulletproof_amounts(expanded)) reject("outPk and the Bulletproof's amounts differ");
    if (is_rct_clsag(rv.type)) {
      if (!rv.p.MGs.empty()) reject("MLSAGs in a CLSAG type");
      if (rv.p.pseudoOuts.size() != rv.p.CLSAGs.size()) reject("pseudoOuts and CLSAGs sizes differ");
    } else {
      if (!rv.p.CLSAGs.empty()) reject("CLSAGs in an MLSAG type");
      if (rv.p.pseudoOuts.size() != rv.p.MGs.size()) reject("pseudoOuts and MLSAGs sizes differ");
    }
    if (!rv.pseudoOuts.empty()) reject("pseudoOuts in the base (a type 2 field)");
  } else {
    if (rv.outPk.size() != rv.p.rangeSigs.size()) reject("outPk and rangeSigs sizes differ");
    if (rv.pseudoOuts.size() != rv.p.MGs.size()) reject("pseudoOuts and MLSAGs sizes differ");
    if (!rv.p.pseudoOuts.empty()) reject("prunable pseudoOuts in type 2 (its pseudoOuts are in the base)");
  }
  if (rv.outPk.size() != rv.ecdhInfo.size()) reject("ecdhInfo and outPk sizes differ");
}

// The pseudo-outputs of a simple type: in the base for type 2, prunable for 3-6.
const keyV &pseudo_outs(const rctSig &rv) { return rv.type == RCTTypeSimple ? rv.pseudoOuts : rv.p.pseudoOuts; }

// sum(pseudoOuts) == sum(outPk) + fee*H. addKeys throws on a point that does
// not decode, naming it.
void check_balance(const rctSig &rv) {
  keyV commitments;
  commitments.reserve(rv.outPk.size() + 1);
  for (const auto &c : rv.outPk) commitments.push_back(c.mask);
  commitments.push_back(scalarmultH(d2h(rv.txnFee)));
  if (addKeys(pseudo_outs(rv)) != addKeys(commitments)) {
    reject("the amounts do not balance: sum(pseudoOuts) != sum(outPk) + fee*H");
  }
}

// Monero's RCTConfig -> RingCT type rule of genRctSimple.
std::uint8_t simple_type_of(const RCTConfig &config) {
  if (config.range_proof_type == RangeProofBorromean) return RCTTypeSimple;
  switch (config.bp_version) {
    case 0:
    case 4: return RCTTypeBulletproofPlus;
    case 3: return RCTTypeCLSAG;
    case 2: return RCTTypeBulletproof2;
    case 1: return RCTTypeBulletproof;
    default: break;
  }
  misuse("genRctSimple", "unsupported bp_version " + std::to_string(config.bp_version) + " (0-4 exist)");
}

// The Bulletproof range proofs of a type 3-5 rctSig (Monero genRctSimple's
// bulletproof branch): one proof of every amount for
// RangeProofPaddedBulletproof; else consecutive batches, of the largest power
// of 2 (at most 16) that fits the amounts left for
// RangeProofMultiOutputBulletproof, of 1 for RangeProofBulletproof. Each
// batch's masks are genCommitmentMask(amount_keys[k]); outPk[k].mask =
// 8 * V[k]. Constant time in the amounts and keys (bulletproof_PROVE).
void prove_bulletproofs(rctSig &rv, ctkeyV &outSk, const std::vector<std::uint64_t> &amounts, const keyV &amount_keys,
                        const RCTConfig &config) {
  const std::size_t n = amounts.size();
  std::size_t done = 0;
  while (done < n) {
    std::size_t batch = 1;
    if (config.range_proof_type == RangeProofPaddedBulletproof) {
      batch = n;
    } else if (config.range_proof_type == RangeProofMultiOutputBulletproof) {
      while (done + 2 * batch <= n && 2 * batch <= BULLETPROOF_MAX_OUTPUTS) batch *= 2;
    }
    const std::vector<std::uint64_t> batch_amounts(amounts.begin() + done, amounts.begin() + done + batch);
    keyV masks(batch);
    wiped_keys wipe_masks{masks};
    for (std::size_t k = 0; k < batch; ++k) masks[k] = genCommitmentMask(amount_keys[done + k]);
    rv.p.bulletproofs.push_back(bulletproof_PROVE(batch_amounts, masks));
    const Bulletproof &proof = rv.p.bulletproofs.back();
    for (std::size_t k = 0; k < batch; ++k) {
      rv.outPk[done + k].mask = scalarmult8(proof.V[k]);
      outSk[done + k].mask = masks[k];
    }
    done += batch;
  }
}
}  // namespace

namespace {

// The checks genRctSimple and genRct share on the inputs: per-input vectors of
// the same size, rings of one size (the wire format gives every input input
// 0's ring size), indices inside their rings.
void check_rings(const char *fn, const ctkeyM &mixRing, const std::vector<unsigned int> &index) {
  for (std::size_t i = 0; i < mixRing.size(); ++i) {
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
}

}  // namespace

namespace {

// genRctSimple's two faces: Monero's (strict = false: any amounts, zero outputs
// where the range proof allows them) and cncrypto's strict variant.
rctSig gen_rct_simple(const char *fn, bool strict, const key &message, const ctkeyV &inSk, const keyV &destinations,
                      const std::vector<std::uint64_t> &inamounts, const std::vector<std::uint64_t> &outamounts,
                      std::uint64_t txnFee, const ctkeyM &mixRing, const keyV &amount_keys,
                      const std::vector<unsigned int> &index, ctkeyV &outSk, const RCTConfig &rct_config) {
  const std::uint8_t type = simple_type_of(rct_config);
  if (type == RCTTypeBulletproofPlus && rct_config.range_proof_type != RangeProofPaddedBulletproof) {
    misuse(fn, std::string("RCTConfig {") + range_proof_type_name(rct_config.range_proof_type) + ", " +
                   std::to_string(rct_config.bp_version) +
                   "} is not supported: Bulletproofs+ (type 6) are built as {RangeProofPaddedBulletproof, 4}");
  }
  if (inamounts.empty()) misuse(fn, "no inputs");
  if (inSk.size() != inamounts.size()) misuse(fn, "inSk and inamounts sizes differ");
  if (mixRing.size() != inamounts.size()) misuse(fn, "mixRing and inamounts sizes differ");
  if (index.size() != inamounts.size()) misuse(fn, "index and inamounts sizes differ");
  // Zero outputs: Monero builds a type 2 (no range proofs) or a type 3-5 with
  // unpadded proofs (none); one Bulletproof(+) of no amounts throws in Monero too.
  const bool one_proof = type == RCTTypeBulletproofPlus || rct_config.range_proof_type == RangeProofPaddedBulletproof;
  if (destinations.empty() && (strict || one_proof)) misuse(fn, "no outputs");
  if (type == RCTTypeBulletproofPlus && destinations.size() > BULLETPROOF_PLUS_MAX_OUTPUTS) {
    misuse(fn, std::to_string(destinations.size()) + " outputs, more than the 16 one Bulletproof+ covers");
  }
  if (rct_config.range_proof_type == RangeProofPaddedBulletproof && type != RCTTypeBulletproofPlus &&
      destinations.size() > BULLETPROOF_MAX_OUTPUTS) {
    misuse(fn, std::to_string(destinations.size()) + " outputs, more than the 16 one padded Bulletproof covers");
  }
  if (outamounts.size() != destinations.size()) misuse(fn, "outamounts and destinations sizes differ");
  if (amount_keys.size() != destinations.size()) misuse(fn, "amount_keys and destinations sizes differ");
  check_rings(fn, mixRing, index);
  // Strict: the amounts must balance, or the ring signatures would sign a
  // transaction no one accepts (Monero's genRctSimple signs it anyway).
  if (strict) {
    std::uint64_t in_sum = 0, out_sum = txnFee;
    for (std::uint64_t a : inamounts) {
      if (a > std::numeric_limits<std::uint64_t>::max() - in_sum) misuse(fn, "the input amounts overflow 64 bits");
      in_sum += a;
    }
    for (std::uint64_t a : outamounts) {
      if (a > std::numeric_limits<std::uint64_t>::max() - out_sum) {
        misuse(fn, "the output amounts and fee overflow 64 bits");
      }
      out_sum += a;
    }
    if (in_sum != out_sum) {
      misuse(fn, "inputs (" + std::to_string(in_sum) + ") != outputs + fee (" + std::to_string(out_sum) + ")");
    }
  }

  rctSig rv;
  rv.type = type;
  rv.message = message;
  rv.txnFee = txnFee;
  rv.mixRing = mixRing;
  const std::size_t n_out = destinations.size(), n_in = inamounts.size();
  rv.outPk.resize(n_out);
  rv.ecdhInfo.resize(n_out);
  outSk.assign(n_out, ctkey{});
  for (std::size_t k = 0; k < n_out; ++k) rv.outPk[k].dest = destinations[k];

  // Range proofs: they fix the output commitments and masks.
  if (type == RCTTypeSimple) {
    rv.p.rangeSigs.resize(n_out);
    for (std::size_t k = 0; k < n_out; ++k) rv.p.rangeSigs[k] = proveRange(rv.outPk[k].mask, outSk[k].mask, outamounts[k]);
  } else if (type == RCTTypeBulletproofPlus) {
    keyV masks(n_out);
    wiped_keys wipe_masks{masks};
    for (std::size_t k = 0; k < n_out; ++k) masks[k] = genCommitmentMask(amount_keys[k]);
    rv.p.bulletproofs_plus.push_back(bulletproof_plus_PROVE(outamounts, masks));
    const BulletproofPlus &proof = rv.p.bulletproofs_plus.back();
    if (proof.V.size() != n_out) misuse(fn, "the range proof has the wrong number of commitments");  // cannot happen
    for (std::size_t k = 0; k < n_out; ++k) {
      rv.outPk[k].mask = scalarmult8(proof.V[k]);
      outSk[k].mask = masks[k];
    }
  } else {
    prove_bulletproofs(rv, outSk, outamounts, amount_keys, rct_config);
  }

  // Encrypted amounts (v2, 8 bytes, from type 4 on).
  key sum_out_masks = Z;
  for (std::size_t k = 0; k < n_out; ++k) {
    sc_add(sum_out_masks.bytes, sum_out_masks.bytes, outSk[k].mask.bytes);
    ecdhTuple &e = rv.ecdhInfo[k];
    e.mask = outSk[k].mask;
    d2h(e.amount, outamounts[k]);
    ecdhEncode(e, amount_keys[k], type >= RCTTypeBulletproof2);
  }

  // Pseudo-outputs (section 9.5): random masks but the last, which balances.
  keyV a(n_in);
  wiped_keys wipe_a{a};
  keyV &pseudoOuts = type == RCTTypeSimple ? rv.pseudoOuts : rv.p.pseudoOuts;
  pseudoOuts.resize(n_in);
  key sum_a = Z;
  for (std::size_t i = 0; i + 1 < n_in; ++i) {
    skGen(a[i]);
    sc_add(sum_a.bytes, sum_a.bytes, a[i].bytes);
    genC(pseudoOuts[i], a[i], inamounts[i]);
  }
  sc_sub(a[n_in - 1].bytes, sum_out_masks.bytes, sum_a.bytes);
  genC(pseudoOuts[n_in - 1], a[n_in - 1], inamounts[n_in - 1]);
  sodium_memzero(sum_out_masks.bytes, 32);
  sodium_memzero(sum_a.bytes, 32);

  const key full_message = pre_mlsag_hash(rv);
  hw::device &software = hw::get_device("default");  // the caller's device was checked
  for (std::size_t i = 0; i < n_in; ++i) {
    try {
      if (is_rct_clsag(type)) {
        rv.p.CLSAGs.push_back(proveRctCLSAGSimple(full_message, rv.mixRing[i], inSk[i], a[i], pseudoOuts[i], index[i], software));
      } else {
        rv.p.MGs.push_back(proveRctMGSimple(full_message, rv.mixRing[i], inSk[i], a[i], pseudoOuts[i], index[i], software));
      }
    } catch (const std::invalid_argument &e) {
      misuse(fn, "input " + std::to_string(i) + ": " + e.what());
    }
  }
  return rv;
}

}  // namespace

rctSig genRctSimple(const key &message, const ctkeyV &inSk, const keyV &destinations,
                    const std::vector<std::uint64_t> &inamounts, const std::vector<std::uint64_t> &outamounts,
                    std::uint64_t txnFee, const ctkeyM &mixRing, const keyV &amount_keys,
                    const std::vector<unsigned int> &index, ctkeyV &outSk, const RCTConfig &rct_config,
                    hw::device &hwdev) {
  cncrypto::require_software_device(hwdev, "rct::genRctSimple");
  return gen_rct_simple("genRctSimple", false, message, inSk, destinations, inamounts, outamounts, txnFee, mixRing,
                        amount_keys, index, outSk, rct_config);
}

namespace {

// genRct's two faces: Monero's (one_input = true: throws for 2+ inputs, as
// Monero) and cncrypto::genRctFull (any number of inputs).
rctSig gen_rct_full(const char *fn, bool one_input, const key &message, const ctkeyV &inSk, const keyV &destinations,
                    const std::vector<std::uint64_t> &amounts, const ctkeyM &mixRing, const keyV &amount_keys,
                    unsigned int index, ctkeyV &outSk, const RCTConfig &rct_config) {
  if (rct_config.range_proof_type != RangeProofBorromean) {
    misuse(fn, std::string("RCTConfig {") + range_proof_type_name(rct_config.range_proof_type) +
                   ", ...}: RCTTypeFull has Borromean range proofs only");
  }
  if (amounts.size() != destinations.size() && amounts.size() != destinations.size() + 1) {
    misuse(fn, "amounts needs one entry per destination, plus optionally the fee");
  }
  if (amount_keys.size() != destinations.size()) misuse(fn, "amount_keys and destinations sizes differ");
  if (index >= mixRing.size()) misuse(fn, "index " + std::to_string(index) + " is outside the ring of " + std::to_string(mixRing.size()));
  if (inSk.empty()) misuse(fn, "no inputs");
  for (std::size_t m = 0; m < mixRing.size(); ++m) {
    if (mixRing[m].size() != inSk.size()) {
      misuse(fn, "ring member " + std::to_string(m) + " has " + std::to_string(mixRing[m].size()) + " inputs, inSk has " +
                     std::to_string(inSk.size()));
    }
  }
  // Monero's genRct: CHECK_AND_ASSERT_THROW_MES(inSk.size() < 2, ...), a std::runtime_error.
  if (one_input && inSk.size() >= 2) throw std::runtime_error("genRct is not suitable for 2+ rings");
  rctSig rv;
  rv.type = RCTTypeFull;
  rv.message = message;
  const std::size_t n_out = destinations.size();
  rv.outPk.resize(n_out);
  rv.p.rangeSigs.resize(n_out);
  rv.ecdhInfo.resize(n_out);
  outSk.assign(n_out, ctkey{});
  for (std::size_t k = 0; k < n_out; ++k) {
    rv.outPk[k].dest = destinations[k];
    rv.p.rangeSigs[k] = proveRange(rv.outPk[k].mask, outSk[k].mask, amounts[k]);
    ecdhTuple &e = rv.ecdhInfo[k];
    e.mask = outSk[k].mask;
    d2h(e.amount, amounts[k]);
    ecdhEncode(e, amount_keys[k], false);
  }
  rv.txnFee = amounts.size() > n_out ? amounts[n_out] : 0;
  rv.mixRing = mixRing;
  const key txnFeeKey = scalarmultH(d2h(rv.txnFee));
  try {
    rv.p.MGs.push_back(proveRctMG(pre_mlsag_hash(rv), rv.mixRing, inSk, outSk, rv.outPk, index, txnFeeKey,
                                  hw::get_device("default")));
  } catch (const std::invalid_argument &e) {
    misuse(fn, e.what());
  }
  return rv;
}

}  // namespace

rctSig genRct(const key &message, const ctkeyV &inSk, const keyV &destinations, const std::vector<std::uint64_t> &amounts,
              const ctkeyM &mixRing, const keyV &amount_keys, unsigned int index, ctkeyV &outSk,
              const RCTConfig &rct_config, hw::device &hwdev) {
  cncrypto::require_software_device(hwdev, "rct::genRct");
  return gen_rct_full("genRct", true, message, inSk, destinations, amounts, mixRing, amount_keys, index, outSk,
                      rct_config);
}

void getKeyFromBlockchain(ctkey &a, std::size_t /*reference_index*/) {
  a.mask = pkGen();
  a.dest = pkGen();
}

std::tuple<ctkeyM, xmr_amount> populateFromBlockchain(ctkeyV inPk, int mixin) {
  if (mixin <= 0) misuse("populateFromBlockchain", "mixin must be at least 1");
  const auto members = static_cast<std::size_t>(mixin) + 1;
  ctkeyM rv(members, inPk);
  const xmr_amount index = randXmrAmount(static_cast<xmr_amount>(mixin));
  for (std::size_t m = 0; m < members; ++m) {
    if (m == index) continue;
    for (ctkey &member : rv[m]) getKeyFromBlockchain(member, 0);
  }
  return std::make_tuple(rv, index);
}

rctSig genRct(const key &message, const ctkeyV &inSk, const ctkeyV &inPk, const keyV &destinations,
              const std::vector<xmr_amount> &amounts, const keyV &amount_keys, const int mixin,
              const RCTConfig &rct_config, hw::device &hwdev) {
  const auto [mixRing, index] = populateFromBlockchain(inPk, mixin);
  ctkeyV outSk;
  return genRct(message, inSk, destinations, amounts, mixRing, amount_keys, static_cast<unsigned int>(index), outSk,
                rct_config, hwdev);
}

rctSig genRctSimple(const key &message, const ctkeyV &inSk, const ctkeyV &inPk, const keyV &destinations,
                    const std::vector<xmr_amount> &inamounts, const std::vector<xmr_amount> &outamounts,
                    const keyV &amount_keys, xmr_amount txnFee, unsigned int mixin, const RCTConfig &rct_config,
                    hw::device &hwdev) {
  if (mixin == 0) misuse("genRctSimple", "mixin must be at least 1");
  std::vector<unsigned int> index(inPk.size());
  ctkeyM mixRing(inPk.size(), ctkeyV(std::size_t{mixin} + 1));
  for (std::size_t i = 0; i < inPk.size(); ++i) {  // Monero's populateFromBlockchainSimple
    index[i] = static_cast<unsigned int>(randXmrAmount(mixin));
    for (std::size_t m = 0; m <= mixin; ++m) {
      if (m == index[i]) mixRing[i][m] = inPk[i];
      else getKeyFromBlockchain(mixRing[i][m], 0);
    }
  }
  ctkeyV outSk;
  return genRctSimple(message, inSk, destinations, inamounts, outamounts, txnFee, mixRing, amount_keys, index, outSk,
                      rct_config, hwdev);
}

bool verRct(const rctSig &rv, bool semantics, std::string *error) {
  return cncrypto::detail::guarded(error, [&] {
    if (rv.type != RCTTypeFull) reject(std::string("verRct: RingCT type ") + cncrypto::rct_type_name(rv.type) + " is not RCTTypeFull");
    if (semantics) {
      if (rv.outPk.size() != rv.p.rangeSigs.size()) reject("outPk and rangeSigs sizes differ");
      if (rv.outPk.size() != rv.ecdhInfo.size()) reject("outPk and ecdhInfo sizes differ");
      if (rv.p.MGs.size() != 1) reject(std::to_string(rv.p.MGs.size()) + " MLSAGs (a full rctSig has exactly one)");
      for (std::size_t k = 0; k < rv.outPk.size(); ++k) {
        if (!verRange(rv.outPk[k].mask, rv.p.rangeSigs[k])) reject("output " + std::to_string(k) + ": the range proof does not verify");
      }
    } else {
      // Monero reads MGs[0] without checking (semantics are checked first); here it is checked.
      if (rv.p.MGs.size() != 1) reject(std::to_string(rv.p.MGs.size()) + " MLSAGs (a full rctSig has exactly one)");
      const key txnFeeKey = scalarmultH(d2h(rv.txnFee));
      if (!verRctMG(rv.p.MGs[0], rv.mixRing, rv.outPk, txnFeeKey, pre_mlsag_hash(rv))) {
        reject("the MLSAG does not verify");
      }
    }
  });
}

bool verRctSemanticsSimple(const std::vector<const rctSig *> &rvv, std::string *error) {
  std::size_t which = 0;
  const bool ok = cncrypto::detail::guarded(error, [&] {
    std::vector<BulletproofPlus> bpp_proofs;
    std::vector<Bulletproof> bp_proofs;
    for (which = 0; which < rvv.size(); ++which) {
      const rctSig *rv = rvv[which];
      if (rv == nullptr) reject("null rctSig pointer");
      if (!is_rct_simple(rv->type)) {
        reject(std::string("RingCT type ") + cncrypto::rct_type_name(rv->type) + " is not a simple type (2-6)");
      }
      std::vector<Bulletproof> expanded;  // types 3-5: the proofs with their V
      if (rv->type == RCTTypeBulletproofPlus) {
        check_shape_bpp(*rv);
      } else {
        check_shape_legacy(*rv, expanded);
      }
      check_balance(*rv);
      if (rv->type == RCTTypeSimple) {
        for (std::size_t k = 0; k < rv->outPk.size(); ++k) {
          if (!verRange(rv->outPk[k].mask, rv->p.rangeSigs[k])) {
            reject("output " + std::to_string(k) + ": the Borromean range proof does not verify");
          }
        }
      } else if (is_rct_bulletproof(rv->type)) {
        for (auto &bp : expanded) bp_proofs.push_back(std::move(bp));
      } else {
        // The proof is checked against the commitments (V = INV_EIGHT * outPk),
        // whatever its V holds (Monero's expand_transaction fills it so).
        bpp_proofs.push_back(rv->p.bulletproofs_plus[0]);
        BulletproofPlus &bp = bpp_proofs.back();
        bp.V.resize(rv->outPk.size());
        for (std::size_t k = 0; k < rv->outPk.size(); ++k) bp.V[k] = scalarmultKey(rv->outPk[k].mask, INV_EIGHT);
      }
    }
    which = rvv.size();
    if (!bp_proofs.empty()) {
      if (!bulletproof_VERIFY(bp_proofs)) {
        reject(rvv.size() == 1 ? "the Bulletproof range proof does not verify"
                               : "the Bulletproofs of the batch do not verify (at least one is invalid)");
      }
    }
    if (!bpp_proofs.empty() && !bulletproof_plus_VERIFY(bpp_proofs)) {
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
    if (!is_rct_simple(rv.type)) {
      reject(std::string("RingCT type ") + cncrypto::rct_type_name(rv.type) + " is not a simple type (2-6)");
    }
    if (rv.type == RCTTypeBulletproofPlus) check_shape_bpp(rv);
    const keyV &pseudoOuts = pseudo_outs(rv);
    if (pseudoOuts.size() != rv.mixRing.size()) {
      reject("mixRing has " + std::to_string(rv.mixRing.size()) + " rings for " + std::to_string(pseudoOuts.size()) +
             " pseudo-outputs");
    }
    const bool clsag = is_rct_clsag(rv.type);
    const std::size_t sigs = clsag ? rv.p.CLSAGs.size() : rv.p.MGs.size();
    if (sigs != rv.mixRing.size()) {
      reject("mixRing has " + std::to_string(rv.mixRing.size()) + " rings for " + std::to_string(sigs) +
             (clsag ? " CLSAGs" : " MLSAGs"));
    }
    const key message = pre_mlsag_hash(rv);
    for (std::size_t i = 0; i < rv.mixRing.size(); ++i) {
      const bool good = clsag ? verRctCLSAGSimple(message, rv.p.CLSAGs[i], rv.mixRing[i], pseudoOuts[i])
                              : verRctMGSimple(message, rv.p.MGs[i], rv.mixRing[i], pseudoOuts[i]);
      if (!good) reject("input " + std::to_string(i) + (clsag ? ": the CLSAG does not verify" : ": the MLSAG does not verify"));
    }
  });
}

bool verRctSimple(const rctSig &rv, std::string *error) {
  return verRctSemanticsSimple(rv, error) && verRctNonSemanticsSimple(rv, error);
}

namespace {

// All-ones when the 32 bytes are not a reduced scalar (sc_check: constant time,
// 0 or -1), else 0.
std::uint64_t not_reduced_mask(const key &k) {
  return cncrypto::ct::value_barrier(static_cast<std::uint64_t>(static_cast<std::int64_t>(sc_check(k.bytes))));
}

// decodeRct / decodeRctSimple after the type check (Monero's shared body).
// Monero's checks of the decrypted tuple: the mask is a reduced scalar, so is
// the amount, mask*G + amount*H with the whole 32-byte amount (its addKeys2) is
// outPk[i], and (Monero master; 0.18 returns the low 8 bytes) the amount fits 64
// bits. The four are computed without a branch or an address that depends on
// them (common/ct.h masks, commit_GH, all 32 bytes compared) into one validity
// bit, the one value declassified here: it decides between the amount and the
// exception (rctSigs.h says what that reveals; which check failed is not told).
std::uint64_t decode_output(const char *fn, const rctSig &rv, const key &sk, unsigned int i, key &mask) {
  namespace ct = cncrypto::ct;
  if (i >= rv.ecdhInfo.size()) {
    misuse(fn, "output " + std::to_string(i) + " of " + std::to_string(rv.ecdhInfo.size()));
  }
  if (rv.outPk.size() != rv.ecdhInfo.size()) misuse(fn, "outPk and ecdhInfo sizes differ");
  struct wiped {
    ecdhTuple e;
    key C;
    ~wiped() { sodium_memzero(this, sizeof *this); }
  } w{rv.ecdhInfo[i], {}};
  ecdhDecode(w.e, sk, rv.type >= RCTTypeBulletproof2);
  ed::ge_p3 p;
  cncrypto::ed25519::commit_GH(p, w.e.mask.bytes, w.e.amount.bytes);
  ed::ge_p3_tobytes(w.C.bytes, &p);
  sodium_memzero(&p, sizeof p);
  const std::uint64_t reduced = ~(not_reduced_mask(w.e.mask) | not_reduced_mask(w.e.amount));
  const auto opens = static_cast<std::uint64_t>(ct::equal_bytes(w.C.bytes, rv.outPk[i].mask.bytes, 32));
  const auto fits = static_cast<std::uint64_t>(ct::is_zero_bytes(w.e.amount.bytes + 8, 24));
  const std::uint64_t valid_mask = reduced & ct::mask_from_bit(opens) & ct::mask_from_bit(fits);
  auto valid = static_cast<unsigned char>(valid_mask & 1);
  // The one declassification of decodeRct/decodeRctSimple: one bit, whether the
  // output decoded with this key.
  CNCRYPTO_DECLASSIFY(&valid, sizeof valid);
  if (valid) {
    std::uint64_t amount = 0;
    for (int j = 7; j >= 0; --j) amount = (amount << 8) | w.e.amount.bytes[j];
    mask = w.e.mask;
    return amount;
  }
  // Formatted by snprintf rather than std::string's operators: in the
  // MemorySanitizer build (scripts/ct_msan.sh) those run partly in the
  // uninstrumented libstdc++, whose writes the instrumented part then reports.
  char what[320];
  std::snprintf(what, sizeof what,
                "rct::%s: output %u: does not decode with this key (mask*G + amount*H != outPk: the wrong amount "
                "key, or an output that can never be spent; or a decoded mask or amount that is not a reduced "
                "scalar, or an amount that does not fit 64 bits)",
                fn, i);
  throw std::runtime_error(what);
}

// The amount alone (the mask wiped), for the three-argument forms.
template <typename Decode>
std::uint64_t amount_only(Decode decode) {
  key mask;
  const std::uint64_t amount = decode(mask);
  sodium_memzero(mask.bytes, sizeof mask.bytes);
  return amount;
}

}  // namespace

std::uint64_t decodeRctSimple(const rctSig &rv, const key &sk, unsigned int i, key &mask, hw::device &hwdev) {
  cncrypto::require_software_device(hwdev, "rct::decodeRctSimple");
  if (!is_rct_simple(rv.type)) misuse("decodeRctSimple", std::string("not a simple RingCT type: ") + cncrypto::rct_type_name(rv.type));
  return decode_output("decodeRctSimple", rv, sk, i, mask);
}

std::uint64_t decodeRctSimple(const rctSig &rv, const key &sk, unsigned int i, hw::device &hwdev) {
  return amount_only([&](key &mask) { return decodeRctSimple(rv, sk, i, mask, hwdev); });
}

std::uint64_t decodeRct(const rctSig &rv, const key &sk, unsigned int i, key &mask, hw::device &hwdev) {
  cncrypto::require_software_device(hwdev, "rct::decodeRct");
  if (rv.type != RCTTypeFull) misuse("decodeRct", std::string("not RCTTypeFull: ") + cncrypto::rct_type_name(rv.type));
  return decode_output("decodeRct", rv, sk, i, mask);
}

std::uint64_t decodeRct(const rctSig &rv, const key &sk, unsigned int i, hw::device &hwdev) {
  return amount_only([&](key &mask) { return decodeRct(rv, sk, i, mask, hwdev); });
}

}  // namespace rct

namespace cncrypto {

// Arguments as declared (ringct/rctSigs.h); Monero's face with strict = true.
rct::rctSig genRctSimple_strict(const rct::key &message, const rct::ctkeyV &inSk, const rct::keyV &d,
                                const rct_amounts &in, const rct_amounts &out, std::uint64_t fee, const rct::ctkeyM &rings,
                                const rct::keyV &keys, const std::vector<unsigned int> &index, rct::ctkeyV &outSk,
                                const rct::RCTConfig &config) {
  return rct::gen_rct_simple("cncrypto::genRctSimple_strict", true, message, inSk, d, in, out, fee, rings, keys, index,
                             outSk, config);
}

rct::rctSig genRctFull(const rct::key &message, const rct::ctkeyV &inSk, const rct::keyV &destinations,
                       const std::vector<std::uint64_t> &amounts, const rct::ctkeyM &mixRing,
                       const rct::keyV &amount_keys, unsigned int index, rct::ctkeyV &outSk,
                       const rct::RCTConfig &rct_config) {
  return rct::gen_rct_full("cncrypto::genRctFull", false, message, inSk, destinations, amounts, mixRing, amount_keys,
                           index, outSk, rct_config);
}

}  // namespace cncrypto
