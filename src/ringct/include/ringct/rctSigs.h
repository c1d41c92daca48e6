// RingCT at the transaction level (namespace rct; spec cryptonote_format.md
// sections 9.3-9.6; Monero src/ringct/rctSigs.h): the message the ring
// signatures sign, and (type 6, RCTTypeBulletproofPlus) building, checking and
// decoding a transaction's rctSig.
//
// Verification functions are _vartime on public data (the whole rctSig is
// public); signing handles the input secrets, masks and amounts in constant
// time through the CLSAG and Bulletproofs+ provers and wipes them.
#pragma once

#include "ringct/rctTypes.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rct {

// At most this many outputs per transaction: one Bulletproof+ covers them
// (Monero's cryptonote_config.h BULLETPROOF_PLUS_MAX_OUTPUTS).
inline constexpr std::size_t BULLETPROOF_PLUS_MAX_OUTPUTS = 16;

// The message the CLSAGs (MLSAGs for types 1-4) of a transaction sign
// (section 9.4, "pre-MLSAG hash"): H_k(rv.message || H_k(rct_base bytes) ||
// H_k(range-proof elements)), where rv.message is the transaction prefix hash
// (32 bytes), the rct_base bytes are serialize_rctsig_base's
// (ringct/rctSerialization.h) and the range-proof elements are every proof's
// keys in order without the count varints (BP+: A A1 B r1 s1 d1 L.. R..; BP:
// A S T1 T2 taux mu L.. R.. a b t; Borromean: s0[64] s1[64] ee Ci[64]).
// The input count the base needs (type 2 only, for its pseudoOuts) is
// Monero's: mixRing.size() for the simple types, mixRing[0].size() for type 1,
// or pseudoOuts.size() when mixRing is empty (a parsed transaction).
// Returns the 32-byte hash. Throws std::invalid_argument for type 0 or an
// unknown type, and when the vectors do not match the counts (as
// serialize_rctsig_base). Variable time (public data).
// Monero: rct::get_pre_mlsag_hash (without the hw::device argument).
key get_pre_mlsag_hash(const rctSig &rv);

// Builds the RingCT signature of a type 6 (RCTTypeBulletproofPlus)
// transaction, as Monero's genRctSimple with rct_config {RangeProofPaddedBulletproof, 4}
// (bp_version 0 means the same in Monero): for output k (destinations[k] its
// one-time key, outamounts[k] its amount, amount_keys[k] = Hs(8rV || k) its
// 32-byte amount key) the mask y_k = genCommitmentMask(amount_keys[k]), the
// commitment outPk[k].mask = y_k*G + amount*H, the 8-byte encrypted amount
// (ecdhEncode v2); one aggregated Bulletproof+ over all outputs (1..16);
// pseudo-outputs a_i*G + inamounts[i]*H with random a_i for all inputs but
// the last, whose a makes sum(pseudoOuts) = sum(outPk) + txnFee*H; and one
// CLSAG per input i over the ring mixRing[i] (pairs (output key, commitment)),
// real member index[i], secrets inSk[i] = {one-time secret key, commitment
// mask of the real member}, signing get_pre_mlsag_hash of the result.
// message: the transaction prefix hash (32 bytes). outSk receives the output
// masks (dest left zero). The result keeps message and mixRing (as Monero).
// Throws std::invalid_argument naming the mistake: another RCTConfig (named in
// the message), no inputs, mismatched vector sizes, more than 16 or no
// outputs, rings of different sizes (a transaction serializes every CLSAG
// with input 0's ring size), an index outside its ring, inputs != outputs + fee (the proof
// would not balance), and whatever the CLSAG signer refuses (a ring member
// that is not p*G at index, a commitment that does not match the mask and
// amount). Constant time in the secrets (inSk, amounts, masks, amount keys);
// they and the intermediate masks are wiped. Monero: rct::genRctSimple (the
// overload with mixRing and index; no hw::device).
rctSig genRctSimple(const key &message, const ctkeyV &inSk, const keyV &destinations,
                    const std::vector<std::uint64_t> &inamounts, const std::vector<std::uint64_t> &outamounts,
                    std::uint64_t txnFee, const ctkeyM &mixRing, const keyV &amount_keys,
                    const std::vector<unsigned int> &index, ctkeyV &outSk, const RCTConfig &rct_config);

// The checks of a type 6 rctSig that need no ring data, for one rctSig or a
// batch (one multi-scalar product verifies every range proof of the batch):
// type 6; one BP+ proof whose amounts are the outputs (1..16), as many
// ecdhInfo as outPk, no MLSAGs, one pseudoOut per CLSAG and none in the base;
// every commitment and pseudo-output decodes; sum(p.pseudoOuts) ==
// sum(outPk[].mask) + txnFee*H; the Bulletproofs+ verify with V = INV_EIGHT *
// outPk[].mask (whatever V holds). Returns false on any failure (never
// throws for bad data; a null pointer in the batch is false); with error
// non-null, *error says which rule failed and for which rctSig of the batch.
// Other RingCT types return false ("not supported": this library checks type
// 6 only). Variable time (public data). Monero: rct::verRctSemanticsSimple.
bool verRctSemanticsSimple(const rctSig &rv, std::string *error = nullptr);
bool verRctSemanticsSimple(const std::vector<const rctSig *> &rvv, std::string *error = nullptr);

// The signatures of a type 6 rctSig: rv.mixRing must hold every input's ring
// (mixRing[i][j] = {output key, commitment} of member j in the order of the
// absolute key offsets) and CLSAGs[i].I the input's key image (the parser
// copies it from the prefix); rv.message the prefix hash. Every CLSAG must
// verify over get_pre_mlsag_hash(rv) with C_offset = p.pseudoOuts[i].
// false (with *error) otherwise; never throws for bad data. Key images'
// subgroup and uniqueness are the transaction check's (cryptonote/tx_verification.h).
// Variable time. Monero: rct::verRctNonSemanticsSimple.
bool verRctNonSemanticsSimple(const rctSig &rv, std::string *error = nullptr);

// verRctSemanticsSimple && verRctNonSemanticsSimple. Monero: rct::verRctSimple.
bool verRctSimple(const rctSig &rv, std::string *error = nullptr);

// Decodes output i of a simple rctSig (types 2-6) with its amount key sk
// (Hs(8aR || i), 32 bytes): ecdhDecode (v2, 8-byte amounts, for types 4-6;
// 32-byte mask and amount for types 2-3) gives the amount and the mask (into
// mask; for types 4-6 genCommitmentMask(sk)), and mask*G + amount*H must equal
// outPk[i].mask. Throws std::invalid_argument when the type is not 2-6, i is
// out of range or outPk and ecdhInfo sizes differ; std::runtime_error when the
// commitment does not match (the wrong key, or an output that can never be
// spent) or the decoded values are not a reduced mask and a 64-bit amount.
// Constant time in sk, the amount and the mask (the final comparison reveals
// only match / no match). Monero: rct::decodeRctSimple (no hw::device).
std::uint64_t decodeRctSimple(const rctSig &rv, const key &sk, unsigned int i, key &mask);
std::uint64_t decodeRctSimple(const rctSig &rv, const key &sk, unsigned int i);

}  // namespace rct
