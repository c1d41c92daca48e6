// The RingCT parts of a version 2 transaction in Monero's binary format, read
// and written in one place (spec cryptonote_format.md sections 6.1 and 6.2;
// Monero rctSigBase::serialize_rctsig_base and
// rctSigPrunable::serialize_rctsig_prunable in src/ringct/rctTypes.h). The
// transaction parser and serializer (cryptonote/serialization.h) call these
// for the RingCT sections, get_pre_mlsag_hash (ringct/rctSigs.h) for the
// signature message. Both directions use common/binary_reader.h and
// common/binary_writer.h.
//
// Everything here is variable time: everything read or written is public.
#pragma once

#include "common/binary_reader.h"
#include "common/binary_writer.h"
#include "ringct/rctTypes.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rct {

// ---- writing ----------------------------------------------------------------
// The writers append to out (a cryptonote::blobdata or a byte vector: out is
// a binary_writer, implicitly made from either) and throw std::invalid_argument
// naming the inconsistency (a vector whose length does not match the counts, an unknown
// type, bulletproof L/R sizes outside 6..10); out may then hold a partial write.

// rct_base (section 6.1): type byte; for type 0 nothing else; then the fee
// varint, for type 2 the `inputs` pseudoOuts, `outputs` ecdhInfo entries
// (64 bytes for types 1-3, the first 8 bytes of amount for types 4-6) and
// `outputs` commitments (outPk[i].mask). Monero: serialize_rctsig_base.
void serialize_rctsig_base(cncrypto::binary_writer out, const rctSigBase &rv, std::size_t inputs,
                           std::size_t outputs);

// rct_prunable (section 6.2) for a non-null type: range proofs (Borromean
// rangeSigs, the bulletproof count as u32 for type 3 and as a varint for
// types 4-6, then the proofs), the CLSAGs (s with `mixin` + 1 scalars, c1, D)
// or MLSAGs, then for types 3-6 the `inputs` pseudoOuts. Monero:
// serialize_rctsig_prunable.
void serialize_rctsig_prunable(cncrypto::binary_writer out, const rctSigPrunable &p, std::uint8_t type,
                               std::size_t inputs, std::size_t outputs, std::size_t mixin);

// ---- reading ----------------------------------------------------------------
// The readers read at r's position and throw cncrypto::parse_error naming
// the field, the reason and the byte offset. Counts are checked against the
// bytes that remain before anything is allocated.

}  // namespace rct

// cncrypto's own (Monero reads and writes these bytes through its serialization
// templates): the range-proof bytes of the signature message and the readers.
namespace cncrypto {

// The range proof bytes of the signature message (third hash of
// get_pre_mlsag_hash): every key of every proof of the range proof kind of
// `type`, without counts (BP+: A A1 B r1 s1 d1 L R; BP: A S T1 T2 taux mu L R
// a b t; Borromean: s0 s1 ee Ci). Never throws but std::bad_alloc. Monero: the
// kv loop of get_pre_mlsag_hash.
void serialize_range_proof_keys(cncrypto::binary_writer out, const rct::rctSigPrunable &p, std::uint8_t type);

// rct_base for a transaction of `inputs` inputs and `outputs` outputs: sets
// rv.type (0-6, else parse_error "unknown type"), and for a non-null type
// txnFee, pseudoOuts (type 2), ecdhInfo (types 4-6: 8 bytes in amount, the
// rest zero) and outPk[i].mask. outPk[i].dest is left zero (it is the
// prefix's output key: the transaction parser fills it).
void read_rctsig_base(cncrypto::binary_reader &r, rct::rctSigBase &rv, std::size_t inputs, std::size_t outputs);

// rct_prunable for a non-null type: range proofs (count <= outputs, L/R sizes
// 6..10, covering all outputs), CLSAGs or MLSAGs with `mixin` + 1 ring
// members, and the prunable pseudoOuts. mixin is input 0's ring size minus 1
// (2^64 - 1 when input 0 has no ring member: refused, as inputs, outputs or
// mixin >= 2^32 - 1). CLSAG I is left zero (the key images are in the prefix).
void read_rctsig_prunable(cncrypto::binary_reader &r, rct::rctSigPrunable &p, std::uint8_t type, std::uint64_t inputs,
                          std::uint64_t outputs, std::uint64_t mixin);

}  // namespace cncrypto
