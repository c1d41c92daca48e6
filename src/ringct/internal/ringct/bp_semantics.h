// The ringct layer interface (not installed), for rctSigs.cpp and the tests:
// the range-proof step of verRctSemanticsSimple for RingCT types 3-5.
#pragma once

#include "ringct/rctTypes.h"

#include <string>
#include <vector>

namespace rct::bp {

// Checks the Bulletproofs of signatures of types 3, 4, 5 the way Monero's node
// does (expand_transaction_1 then verRctSemanticsSimple's range-proof step): each
// signature holds exactly one Bulletproof with L of at least 6 points covering
// its outputs (2^(|L| - 6) >= outPk count); its V is rebuilt as
// V_i = INV_EIGHT * outPk_i.mask (the stored proofs are not changed, copies are
// verified); then all proofs are checked in one batch (bulletproof_VERIFY).
// Returns false, with *error (when given) naming the signature and the field,
// on a wrong type or count, an outPk mask that does not decode, or a proof that
// does not verify; an empty list is true. _vartime (public data).
bool verify_bulletproofs_of(const std::vector<const rctSig *> &rvv, std::string *error = nullptr);

}  // namespace rct::bp
