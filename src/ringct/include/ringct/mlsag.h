// MLSAG, the multilayered linkable ring signatures of RingCT types 1-4
// (Noether, "Ring Confidential Transactions" (2016), section 2; spec
// cryptonote_format.md section 9.6; acceptance rules:
// ../shared/vectors/README_ringct_legacy.md, "MLSAG"). Monero declares these in
// src/ringct/rctSigs.h (which includes this header here too); names and
// arguments are Monero's minus the multisig (kLRki, mscout) arguments. The
// signers' hwdev must be a software device (hw::get_device("default")); another
// throws std::invalid_argument (device/device.hpp); its members are not called. docs/ringct.md, "MLSAG (types 1-4)".
//
// Shapes: a key matrix pk is column-major, pk[i][j] = row j of ring member
// (column) i; every column has the same number of rows. The first dsRows rows
// are linkable: their signer publishes key images II[j] = x_j*Hp(pk[index][j]).
#pragma once

#include "device/device.hpp"
#include "ringct/rctOps.h"
#include "ringct/rctTypes.h"

#include <cstddef>

namespace rct {

// Signs message over pk (cols >= 2 columns of rows >= 1 keys) with the secret
// keys xx (rows reduced scalars, xx[j]*G = pk[index][j]) of column index;
// dsRows <= rows linkable rows. Returns {ss (cols x rows reduced scalars),
// cc (the challenge entering column 0), II (dsRows key images)}. Throws
// std::invalid_argument naming the mistake: cols < 2, index >= cols, no rows,
// a non-rectangular pk, xx.size() != rows, dsRows > rows, a key of pk that does
// not decode. The relation xx[j]*G = pk[index][j] is not checked (Monero does
// not either; such a signature does not verify). Constant time in xx, index
// and the nonces (the ring is rotated by index + 1 with a constant-time
// shifter, as the CLSAG signer does; tests/unit_tests/ct/ct_mlsag.cpp);
// secrets wiped. Mirrors rct::MLSAG_Gen.
mgSig MLSAG_Gen(const key &message, const keyM &pk, const keyV &xx, unsigned int index, std::size_t dsRows,
                hw::device &hwdev);

// Monero's rules exactly: false if cols < 2, rows == 0, pk not rectangular,
// II.size() != dsRows, ss not cols x rows, dsRows > rows, any ss or cc >= L, a
// key image equal to the bytes of the identity, a key image or ring key that
// does not decode, a round challenge of 0, or a final challenge != cc. Round i
// hashes message || (pk[i][j] || L_j || R_j for j < dsRows) || (pk[i][j] || L_j
// for j >= dsRows) with L_j = ss[i][j]*G + c*pk[i][j], R_j = ss[i][j]*Hp(pk[i][j])
// + c*II[j]. No subgroup check on anything. Never throws on bad data.
// _vartime. Mirrors rct::MLSAG_Ver.
bool MLSAG_Ver(const key &message, const keyM &pk, const mgSig &sig, std::size_t dsRows);

// Type 1 ("full") ring signature: pubs[i][j] = {output key, commitment} of
// input j in ring member i (cols x rows, the type-1 rctSig.mixRing layout);
// the matrix signed has rows + 1 rows: the keys, then for each column
// sum_j pubs[i][j].mask - sum_k outPk[k].mask - txnFeeKey (the balance row,
// not linkable). inSk[j] = {secret key, commitment mask} of input j's real
// member, outSk[k].mask the output masks, txnFeeKey = fee*H. Throws as
// MLSAG_Gen plus: empty or non-rectangular pubs, inSk.size() != rows,
// outSk.size() != outPk.size(), an undecodable point. Constant time in the
// secrets and index. Mirrors rct::proveRctMG as Monero 0.18's rctSigs.cpp
// defines it (its rctSigs.h declares another argument order, (pubs, inSk,
// outMasks, outPk, index, txnFee, message, hwdev), that it never defines, so a
// call to that form does not link against Monero; it is not declared here).
mgSig proveRctMG(const key &message, const ctkeyM &pubs, const ctkeyV &inSk, const ctkeyV &outSk,
                 const ctkeyV &outPk, unsigned int index, const key &txnFeeKey, hw::device &hwdev);

// Verifies a type-1 MLSAG (mg.II: one key image per input) over the matrix
// proveRctMG builds. false for an empty or non-rectangular pubs or any
// undecodable point, else MLSAG_Ver(message, M, mg, rows). _vartime.
// Mirrors rct::verRctMG.
bool verRctMG(const mgSig &mg, const ctkeyM &pubs, const ctkeyV &outPk, const key &txnFeeKey, const key &message);

// Types 2-4: one MLSAG per input over the two-row matrix
// M[i] = (pubs[i].dest, pubs[i].mask - Cout) with dsRows = 1; inSk = {secret
// key, commitment mask} of the real member, a the pseudo-output's mask
// (Cout = a*G + amount*H). Throws as MLSAG_Gen plus: empty pubs, an
// undecodable point. Constant time in inSk, a and index. Mirrors
// rct::proveRctMGSimple.
mgSig proveRctMGSimple(const key &message, const ctkeyV &pubs, const ctkey &inSk, const key &a, const key &Cout,
                       unsigned int index, hw::device &hwdev);

// false for an empty ring, an undecodable C (the pseudo-output) or ring
// commitment, else MLSAG_Ver(message, M, mg, 1) with M as above (so a ring of
// one member is refused, unlike CLSAG). _vartime. Mirrors rct::verRctMGSimple.
bool verRctMGSimple(const key &message, const mgSig &mg, const ctkeyV &pubs, const key &C);

}  // namespace rct
