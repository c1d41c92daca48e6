// CLSAG ring signatures over (one-time key, commitment) pairs, as RingCT types
// 5 and 6 use them (spec cryptonote_format.md section 9.6; Goodell, Noether,
// RandomRun, "Concise Linkable Ring Signatures and Forgery Against Adversarial
// Keys", eprint 2019/654). The two functions keep the names and arguments of
// Monero's src/ringct/rctSigs.h minus the multisig arguments,
// so Monero code ports by changing includes. docs/ringct.md ("## CLSAG") lists
// the decisions a caller notices.
#pragma once

#include "device/device.hpp"
#include "ringct/rctTypes.h"

namespace rct {

// Signs message with the ring member at index, proving that the signer knows
// p with pubs[index].dest = p*G and that pubs[index].mask - Cout commits to
// zero (= z*G with z = inSk.mask - a), without revealing index.
//   message  32 bytes (in a transaction: the pre-MLSAG hash, get_pre_mlsag_hash).
//   pubs     the ring, n >= 1 pairs {dest = one-time public key, mask = its
//            commitment as stored on chain}; every point must decode.
//   inSk     {dest = the one-time secret key p (reduced, < L), mask = the real
//            input's commitment mask}.
//   a        the pseudo-output's mask; Cout = a*G + amount*H, the pseudo-output.
//   index    position of the real input in pubs (secret).
// Returns {s (n scalars of 32 bytes), c1, I = p*Hp(pubs[index].dest) (the key
// image, which a transaction does not serialize), D = INV8*z*Hp(pubs[index].dest)}.
// Throws std::invalid_argument naming the mistake when the statement can never
// verify: empty ring (or one above 2^24 members), index >= n, a point of pubs
// or Cout that does not decode, inSk.dest not reduced, pubs[index].dest !=
// p*G, pubs[index].mask - Cout != (inSk.mask - a)*G (the last two compared up
// to a torsion component, which Monero's signer also accepts and which may or
// may not verify).
// Constant time in p, inSk.mask, a, the nonce and index (checked under
// valgrind, tests/unit_tests/ct/ct_clsag.cpp); the ring, message and Cout are
// public. Secrets and intermediate values are wiped (sodium_memzero).
// hwdev: a software device (hw::get_device("default")); throws
// std::invalid_argument for another (device/device.hpp). The device's members are
// not called.
// Mirrors Monero's rct::proveRctCLSAGSimple (which calls CLSAG_Gen).
clsag proveRctCLSAGSimple(const key &message, const ctkeyV &pubs, const ctkey &inSk, const key &a, const key &Cout,
                          unsigned int index, hw::device &hwdev);

// Verifies sig on message over the ring pubs (as stored on chain, not offset)
// against the pseudo-output C_offset, with Monero's acceptance rules exactly
// (README_ringct.md of the conformance vectors): false on an empty ring (or
// one above 2^24 members), a scalar count != n, any s_i or c1 >= L, I equal to
// the bytes of the identity, an undecodable I, D, C_offset or ring point,
// 8*D = identity, a zero round challenge, or a final challenge != c1. The
// hashes take I, D and the ring as raw bytes; D is used as 8*D, so a torsion
// component in D is accepted, one in I is not removed. sig.I must be filled (a parser copies it from the input's
// key image). Never throws on bad data (only std::bad_alloc).
// _vartime: every input is public.
// Mirrors Monero's rct::verRctCLSAGSimple.
bool verRctCLSAGSimple(const key &message, const clsag &sig, const ctkeyV &pubs, const key &C_offset);

}  // namespace rct
