// RingCT at the transaction level (namespace rct; spec cryptonote_format.md
// sections 9.3-9.6; Monero src/ringct/rctSigs.h): the message the ring
// signatures sign, and building, checking and decoding a transaction's rctSig:
// type 1 (RCTTypeFull: genRct / verRct / decodeRct), types 2-6 (genRctSimple,
// verRctSemanticsSimple, verRctNonSemanticsSimple, decodeRctSimple). Types 3-5
// prove their amounts with the original Bulletproofs (ringct/bulletproofs.h).
// The protocols are in their own headers, included here as Monero's
// rctSigs.h declares them: ringct/borromean.h, ringct/mlsag.h, ringct/clsag.h,
// ringct/bulletproofs.h.
//
// Verification functions are _vartime on public data (the whole rctSig is
// public); signing handles the input secrets, masks and amounts in constant
// time through the CLSAG and Bulletproofs+ provers and wipes them.
#pragma once

#include "common/monero_config.h"
#include "device/device.hpp"
#include "ringct/borromean.h"
#include "ringct/bulletproofs.h"
#include "ringct/clsag.h"
#include "ringct/mlsag.h"
#include "ringct/rctTypes.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace rct {

// BULLETPROOF_PLUS_MAX_OUTPUTS (at most this many outputs per transaction: one
// Bulletproof+ covers them) and BULLETPROOF_MAX_OUTPUTS (the most amounts one
// original Bulletproof covers) are Monero's cryptonote_config.h macros, 16
// each: common/monero_config.h.

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
// hwdev: a software device (hw::get_device("default")), else
// std::invalid_argument (no hardware wallets). Monero: rct::get_pre_mlsag_hash.
key get_pre_mlsag_hash(const rctSig &rv, hw::device &hwdev);

// Builds the RingCT signature of a simple transaction, as Monero's
// genRctSimple: the type follows rct_config as in Monero
// ({RangeProofBorromean, any} -> type 2, otherwise bp_version 1 -> 3, 2 -> 4,
// 3 -> 5, 0 or 4 -> 6). For output k (destinations[k] its one-time key,
// outamounts[k] its amount, amount_keys[k] = Hs(8rV || k) its 32-byte amount
// key): type 2 makes a Borromean range proof per output (proveRange: random
// mask y_k, outPk[k].mask = y_k*G + amount*H) and encrypts {y_k, amount}
// (ecdhEncode v1, 64 bytes); type 6 takes y_k = genCommitmentMask(amount_keys[k]),
// one aggregated Bulletproof+ over all outputs (1..16) and the 8-byte encrypted
// amount (v2). Pseudo-outputs a_i*G + inamounts[i]*H with random a_i for all
// inputs but the last, whose a makes sum(pseudoOuts) = sum(outPk) +
// txnFee*H (in the base for type 2, prunable otherwise); then one ring
// signature per input i over mixRing[i] (pairs (output key, commitment)), real
// member index[i], secrets inSk[i] = {one-time secret key, commitment mask of
// the real member}, signing get_pre_mlsag_hash of the result: an MLSAG
// (proveRctMGSimple) for types 2-4, a CLSAG for 5-6.
// message: the transaction prefix hash (32 bytes). outSk receives the output
// masks (dest left zero). The result keeps message and mixRing (as Monero).
// Types 3-5: the range proofs as Monero's genRctSimple makes them: one
// Bulletproof of every amount for RangeProofPaddedBulletproof (what Monero's
// wallets use and the only shape a node accepts), consecutive power-of-2
// batches for RangeProofMultiOutputBulletproof, one per amount for
// RangeProofBulletproof (those keep V; verRctSemanticsSimple checks it).
// As Monero 0.18, the amounts are not checked: with sum(inamounts) !=
// sum(outamounts) + txnFee (mod 2^64 or not) it returns a signature whose
// pseudo-outputs do not balance, which verRctSimple rejects: a trap for a caller
// who takes "it signed" for "it is valid"; new code should call
// cncrypto::genRctSimple_strict, which throws there. Zero outputs are also as
// Monero: type 2 (Borromean) and types 3-5 with unpadded Bulletproofs build a
// signature without outputs (type 2's verifies with verRctSimple); one padded
// Bulletproof or Bulletproof+ of no amounts throws.
// Throws std::invalid_argument naming the mistake: more than 16 outputs with
// RangeProofPaddedBulletproof, type 6 with another RangeProofType than
// RangeProofPaddedBulletproof, an unknown bp_version, no inputs, mismatched
// vector sizes, no outputs with one padded proof (more than 16 for type 6),
// rings of different sizes (a transaction serializes every ring signature with
// input 0's ring size; Monero does not check), an index outside its ring, and
// whatever the ring signer refuses (a ring member that is not p*G at index, a
// commitment that does not match the mask and amount, for CLSAG). Constant
// time in the secrets (inSk, amounts, masks, amount keys, index); they and the
// intermediate masks are wiped. Monero: rct::genRctSimple (the overload with
// mixRing and index; no multisig). hwdev: a software device
// (hw::get_device("default")), else std::invalid_argument; its members are not
// called and its mode is ignored (device/device.hpp).
rctSig genRctSimple(const key &message, const ctkeyV &inSk, const keyV &destinations,
                    const std::vector<std::uint64_t> &inamounts, const std::vector<std::uint64_t> &outamounts,
                    std::uint64_t txnFee, const ctkeyM &mixRing, const keyV &amount_keys,
                    const std::vector<unsigned int> &index, ctkeyV &outSk, const RCTConfig &rct_config,
                    hw::device &hwdev);

// Builds a type 1 (RCTTypeFull) rctSig, as Monero's genRct: amounts holds one
// amount per destination, plus optionally the fee (txnFee = amounts[n], else
// 0); each output gets a Borromean range proof (proveRange) and its {mask,
// amount} encrypted with amount_keys[k] (ecdhEncode v1); mixRing[m][j] is
// {output key, commitment} of input j in ring member m (the type-1 layout);
// inSk[j] the secrets of input j's real member, all at column index; one
// MLSAG (proveRctMG) over all inputs and the balance row signs
// get_pre_mlsag_hash. The input amounts are not passed, so balance is not
// checked here (an unbalanced rctSig simply does not verify). As Monero 0.18,
// one input only: with 2+ inputs it throws std::runtime_error "genRct is not
// suitable for 2+ rings" (after the size checks below); cncrypto::genRctFull
// signs any number of inputs. Throws std::invalid_argument naming the mistake:
// rct_config not Borromean (Monero ignores rct_config here), amounts not
// destinations (+1), amount_keys size, index >= mixRing.size(), no inputs, a
// ring member with another input count, an undecodable ring point. Constant
// time in the secrets and index. Monero: rct::genRct (the overload with
// mixRing and index; no multisig). hwdev as genRctSimple's.
rctSig genRct(const key &message, const ctkeyV &inSk, const keyV &destinations, const std::vector<std::uint64_t> &amounts,
              const ctkeyM &mixRing, const keyV &amount_keys, unsigned int index, ctkeyV &outSk,
              const RCTConfig &rct_config, hw::device &hwdev);

// Test helpers of Monero's (its "replace these when connecting blockchain"):
// getKeyFromBlockchain sets a = {pkGen(), pkGen()}, two random points
// (reference_index is ignored, as in Monero). populateFromBlockchain returns
// a type-1 ring of mixin + 1 members (mixRing[m] has inPk.size() entries), all
// random points but member `index` = inPk, with index = randXmrAmount(mixin),
// so in [0, mixin) as Monero's (the last member is never the real one).
// mixin <= 0 throws std::invalid_argument (Monero: a division by zero or a
// negative size). Variable time; index is returned. Mirrors
// rct::getKeyFromBlockchain, rct::populateFromBlockchain.
void getKeyFromBlockchain(ctkey &a, std::size_t reference_index);
std::tuple<ctkeyM, xmr_amount> populateFromBlockchain(ctkeyV inPk, int mixin);

// genRct and genRctSimple with made-up rings, for tests (Monero's forms with a
// mixin argument): genRct puts inPk in populateFromBlockchain(inPk, mixin)'s
// ring; genRctSimple gives input i a ring of mixin + 1 members, random points
// but inPk[i] at randXmrAmount(mixin) (Monero's populateFromBlockchainSimple),
// and drops outSk. Then as the forms above (same checks, failures, hwdev).
// mixin 0 throws std::invalid_argument (Monero divides by zero).
// Mirrors rct::genRct and rct::genRctSimple (the overloads with mixin).
rctSig genRct(const key &message, const ctkeyV &inSk, const ctkeyV &inPk, const keyV &destinations,
              const std::vector<xmr_amount> &amounts, const keyV &amount_keys, const int mixin,
              const RCTConfig &rct_config, hw::device &hwdev);
rctSig genRctSimple(const key &message, const ctkeyV &inSk, const ctkeyV &inPk, const keyV &destinations,
                    const std::vector<xmr_amount> &inamounts, const std::vector<xmr_amount> &outamounts,
                    const keyV &amount_keys, xmr_amount txnFee, unsigned int mixin, const RCTConfig &rct_config,
                    hw::device &hwdev);

// Verifies a type 1 rctSig. semantics = true: the counts (outPk = rangeSigs =
// ecdhInfo, exactly one MLSAG) and every range proof (verRange); there is no
// separate balance check (the balance is inside the MLSAG). semantics =
// false: the MLSAG (verRctMG over rv.mixRing, outPk, txnFee*H and
// get_pre_mlsag_hash(rv)); rv.mixRing must hold the rings (mixRing[m][j]) and
// MGs[0].II the inputs' key images. false (with *error) on any failure, never
// throws for bad data. Variable time. Monero: rct::verRct.
bool verRct(const rctSig &rv, bool semantics, std::string *error = nullptr);
// Both: verRct(rv, true) && verRct(rv, false). Mirrors Monero's inline rct::verRct(rv).
inline bool verRct(const rctSig &rv) { return verRct(rv, true) && verRct(rv, false); }

// The checks of a simple rctSig (types 2-6) that need no ring data, for one
// rctSig or a batch (Monero's batched form; one multi-scalar product verifies
// every Bulletproof+ of the batch), by type:
//   type 2: outPk = rangeSigs, one base pseudo-output per MLSAG, no prunable
//     pseudo-outputs; every Borromean range proof verifies (verRange).
//   types 3-5: the Bulletproofs cover the outputs: one proof (what a parsed
//     transaction holds: the parser and Monero's expand_transaction take one)
//     with its V rebuilt as INV_EIGHT * outPk (whatever V holds) and
//     n_bulletproof_amounts = the outputs, or, for an rctSig made in memory by
//     genRctSimple with RangeProofMultiOutputBulletproof / RangeProofBulletproof,
//     several proofs whose V (kept by the prover) must match outPk in order; no CLSAGs (3, 4) or no MLSAGs (5); one prunable pseudo-output
//     per ring signature, none in the base. The Bulletproofs are then checked by
//     bulletproof_VERIFY (one batch with the other proofs of rvv).
//   type 6: one BP+ proof whose amounts are the outputs (1..16), no MLSAGs, one
//     pseudoOut per CLSAG and none in the base; the Bulletproofs+ verify with
//     V = INV_EIGHT * outPk[].mask (whatever V holds).
//   all: as many ecdhInfo as outPk; every commitment and pseudo-output decodes;
//     sum(pseudoOuts) == sum(outPk[].mask) + txnFee*H (encodings compared).
// Returns false on any failure (never throws for bad data; a null pointer in
// the batch is false); with error non-null, *error says which rule failed and
// for which rctSig of the batch. Type 0, 1 and unknown types are false.
// Variable time (public data). Monero: rct::verRctSemanticsSimple.
bool verRctSemanticsSimple(const std::vector<const rctSig *> &rvv, std::string *error = nullptr);
bool verRctSemanticsSimple(const rctSig &rv, std::string *error = nullptr);

// The ring signatures of a simple rctSig (types 2-6): rv.mixRing must hold
// every input's ring (mixRing[i][j] = {output key, commitment} of member j in
// the order of the absolute key offsets), and each input's key image must be
// in its signature (MGs[i].II = {k_image} for types 2-4, CLSAGs[i].I for 5-6;
// the transaction layer copies them from the prefix); rv.message the prefix
// hash. One pseudo-output and one signature per ring (type 6: also the shape
// verRctSemanticsSimple checks); every MLSAG (verRctMGSimple, types 2-4) or
// CLSAG (verRctCLSAGSimple, 5-6) must verify over get_pre_mlsag_hash(rv) with
// its pseudo-output (base pseudoOuts for type 2, prunable for 3-6).
// false (with *error) otherwise; never throws for bad data. Key images'
// subgroup and uniqueness are the transaction check's (cryptonote/tx_verification.h).
// Variable time. Monero: rct::verRctNonSemanticsSimple.
bool verRctNonSemanticsSimple(const rctSig &rv, std::string *error = nullptr);

// verRctSemanticsSimple && verRctNonSemanticsSimple. Monero: rct::verRctSimple.
bool verRctSimple(const rctSig &rv, std::string *error = nullptr);

// Decodes output i of a simple rctSig (types 2-6) with its amount key sk
// (Hs(8aR || i), 32 bytes): ecdhDecode (v2, 8-byte amounts, for types 4-6;
// 32-byte mask and amount for types 2-3) gives the amount and the mask (into
// mask, written only on success; for types 4-6 genCommitmentMask(sk)). Throws
// std::invalid_argument when the type is not 2-6, i is out of range or outPk and
// ecdhInfo sizes differ; std::runtime_error (one message for every case) unless
// all of Monero's checks hold: the decoded mask is a reduced scalar,
// so is the decoded 32-byte amount, mask*G + amount*H (the whole 32-byte amount,
// as Monero's addKeys2) equals outPk[i].mask (else: the wrong key, or an output
// that can never be spent), and the amount fits 64 bits (Monero master's check;
// 0.18 returns the low 8 bytes there).
// Constant time in sk, the amount and the mask: the four checks are computed
// without a branch into one validity bit, which is the single value declassified
// (rctSigs.cpp, decode_output) and the only thing the result reveals: whether
// the output decoded (Monero's messages name the failing check; ours does not,
// so that nothing more than that bit leaves the function). For ecdhInfo read from bytes the first
// two never fail (ecdhDecode's sc_sub and genCommitmentMask give reduced
// scalars, an 8-byte amount has 24 zero bytes); a wrong key fails the third; the
// fourth needs a commitment that opens to an amount of 2^64 or more (made so by
// its sender, and refused by any range proof). Only an rctSig built in memory
// with a v2 amount longer than 8 bytes reaches the second.
// hwdev: a software device (hw::get_device("default")), else
// std::invalid_argument; its ecdhDecode is not called (device/device.hpp).
// Monero: rct::decodeRctSimple.
std::uint64_t decodeRctSimple(const rctSig &rv, const key &sk, unsigned int i, key &mask, hw::device &hwdev);
std::uint64_t decodeRctSimple(const rctSig &rv, const key &sk, unsigned int i, hw::device &hwdev);

// The same for type 1 (RCTTypeFull: v1 encoding, 32-byte mask and amount),
// with the same checks, constant time and single declassified bit.
// Throws std::invalid_argument for another type (Monero's decodeRct returns 0
// there, which reads as an amount: an oddity not reproduced), and as
// decodeRctSimple otherwise (hwdev too). Monero: rct::decodeRct.
std::uint64_t decodeRct(const rctSig &rv, const key &sk, unsigned int i, key &mask, hw::device &hwdev);
std::uint64_t decodeRct(const rctSig &rv, const key &sk, unsigned int i, hw::device &hwdev);

}  // namespace rct

namespace cncrypto {

// rct::genRctSimple for new code: the same signature (same arguments, sizes, types,
// constant time and wiping), but it also throws std::invalid_argument
// ("cncrypto::genRctSimple_strict: ...") when sum(inamounts) != sum(outamounts) +
// txnFee or a sum overflows 64 bits (Monero's genRctSimple would sign a
// transaction no one accepts), and when there are no outputs whatever the type.
// cncrypto's own; used by cryptonote::construct_tx.
using rct_amounts = std::vector<std::uint64_t>;
rct::rctSig genRctSimple_strict(const rct::key &message, const rct::ctkeyV &inSk, const rct::keyV &destinations,
                                const rct_amounts &inamounts, const rct_amounts &outamounts, std::uint64_t txnFee,
                                const rct::ctkeyM &mixRing, const rct::keyV &amount_keys,
                                const std::vector<unsigned int> &index, rct::ctkeyV &outSk, const rct::RCTConfig &rct_config);

// rct::genRct without Monero's one-input limit: a type 1 (RCTTypeFull) rctSig of
// any number of inputs (1..), one MLSAG over the inputs' columns plus the
// balance row, which verRct accepts. Arguments, failures (std::invalid_argument
// "cncrypto::genRctFull: ..."), constant time and wiping as rct::genRct.
// cncrypto's own.
rct::rctSig genRctFull(const rct::key &message, const rct::ctkeyV &inSk, const rct::keyV &destinations,
                       const std::vector<std::uint64_t> &amounts, const rct::ctkeyM &mixRing,
                       const rct::keyV &amount_keys, unsigned int index, rct::ctkeyV &outSk,
                       const rct::RCTConfig &rct_config);

}  // namespace cncrypto
