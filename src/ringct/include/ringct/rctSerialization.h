// Writing the RingCT parts of a version 2 transaction in Monero's binary
// format (spec cryptonote_format.md sections 6.1 and 6.2; Monero
// rctSigBase::serialize_rctsig_base and rctSigPrunable::serialize_rctsig_prunable
// in src/ringct/rctTypes.h). The one writer of these bytes: the transaction
// serializer (cryptonote/serialization.h) and get_pre_mlsag_hash
// (ringct/rctSigs.h) both call it. Reading stays with the transaction parser,
// which needs the prefix (counts, output keys).
//
// Both functions append to out and throw std::invalid_argument naming the
// inconsistency (a vector whose length does not match the counts, an unknown
// type, bulletproof L/R sizes outside 6..10); out may then hold a partial
// write. Variable time: everything written is public.
#pragma once

#include "ringct/rctTypes.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rct {

// rct_base (section 6.1): type byte; for type 0 nothing else; then the fee
// varint, for type 2 the `inputs` pseudoOuts, `outputs` ecdhInfo entries
// (64 bytes for types 1-3, the first 8 bytes of amount for types 4-6) and
// `outputs` commitments (outPk[i].mask). Monero: serialize_rctsig_base.
void serialize_rctsig_base(std::vector<std::uint8_t> &out, const rctSigBase &rv, std::size_t inputs,
                           std::size_t outputs);

// rct_prunable (section 6.2) for a non-null type: range proofs (Borromean
// rangeSigs, the bulletproof count as u32 for type 3 and as a varint for
// types 4-6, then the proofs), the CLSAGs (s with `mixin` + 1 scalars, c1, D)
// or MLSAGs, then for types 3-6 the `inputs` pseudoOuts. Monero:
// serialize_rctsig_prunable.
void serialize_rctsig_prunable(std::vector<std::uint8_t> &out, const rctSigPrunable &p, std::uint8_t type,
                               std::size_t inputs, std::size_t outputs, std::size_t mixin);

}  // namespace rct
