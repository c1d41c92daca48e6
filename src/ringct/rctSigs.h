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

namespace rct {

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

}  // namespace rct
