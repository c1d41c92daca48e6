// Daemon-side checks of version 1 (pre-RingCT) transactions (spec
// cryptonote_format.md sections 3, 5; Monero's core::check_tx_semantic,
// Blockchain::check_tx_inputs / check_tx_input for version 1 and
// check_tx_inputs_keyimages_diff).
//
// check_tx_v1 accepts a transaction only if all of these hold:
//   * version 1, at least one input and one output, every input a txin_to_key
//     with at least one key offset, every output a txout_to_key or (all of
//     them) txout_to_tagged_key;
//   * every output amount non-zero, every output key a valid point
//     (crypto::check_key), no overflow in the input or output sums, inputs
//     >= outputs (the difference is the fee);
//   * key images unique within the transaction, each in the prime-order
//     subgroup (L*I = identity: an image with a torsion component would let
//     one output be spent several times) and not the identity;
//   * one signature vector per input, one (c, r) per ring member, and every
//     input's ring signature valid over the prefix hash against its ring
//     members' keys (in the order of the absolute key offsets) and its key image.
// Chain state (is a key image already spent, do the ring members exist and are
// they unlocked, hard-fork output rules, size and fee limits) is the caller's.
// A ring that lists a member twice (a key offset 0 after the first) passes
// here: Monero refuses it from hard fork 6 only (check_tx_inputs_ring_members_diff),
// so it is check_tx_hf_rules' rule ring_members (cryptonote/tx_rules.h).
//
// Error style: Monero's bool API, as the builder (cryptonote_tx_utils.h):
// true when the transaction passes; false with a message naming the failed
// rule and where (input 3, output 0, ...) in *error when error is non-null.
// Never throws for bad transaction data (only std::bad_alloc propagates).
// Everything is public data: variable time.
#pragma once

#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "cryptonote/cryptonote_basic.h"
#include "ringct/rctTypes.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

// cncrypto's own checks (namespace cncrypto: Monero's are Blockchain and
// core members and ver_rct_* calls, not these free functions).
namespace cncrypto {

// The checks that need no chain data (everything above but the ring
// signatures). Monero: check_tx_semantic plus the key-image rules of
// check_tx_inputs.
bool check_tx_semantics_v1(const cryptonote::transaction &tx, std::string *error = nullptr);

// Every input's ring signature. rings[i] holds the output keys of input i's
// ring members in the order of its absolute key offsets (what the caller
// looked up for relative_output_offsets_to_absolute(key_offsets)); its size
// must equal the number of offsets. Monero: check_tx_input / check_ring_signature.
bool check_tx_ring_signatures_v1(const cryptonote::transaction &tx,
                                 const std::vector<std::vector<crypto::public_key>> &rings,
                                 std::string *error = nullptr);

// Both of the above.
bool check_tx_v1(const cryptonote::transaction &tx, const std::vector<std::vector<crypto::public_key>> &rings,
                 std::string *error = nullptr);

// Finds the key of output number global_index among the outputs of the given
// amount (version 1 indices are per amount). Returns false when there is no
// such output (the check then fails naming the input and member).
using output_key_lookup =
    std::function<bool(std::uint64_t amount, std::uint64_t global_index, crypto::public_key &key)>;

// check_tx_v1 with the rings looked up through lookup.
bool check_tx_v1(const cryptonote::transaction &tx, const output_key_lookup &lookup, std::string *error = nullptr);

// ---- version 2: RingCT types 1-6 ----
//
// check_tx_v2 accepts a transaction only if all of these hold:
//   * version 2, not pruned, RingCT type 1-6, at least one input and one
//     output; inputs as for version 1 (txin_to_key, non-empty rings (a
//     repeated member is the fork rule above), key images unique, not the identity and in the
//     prime-order subgroup) and, for types 3-6 (which exist from hard fork 8),
//     key images in strictly descending byte order as Monero requires from
//     hard fork 7 (for types 1-2 that rule depends on the fork:
//     check_tx_hf_rules, cryptonote/tx_rules.h); outputs txout_to_key or
//     (all of them) txout_to_tagged_key with keys that are points and amount 0;
//   * one commitment and one encrypted amount per output; per type: one CLSAG
//     (one scalar per ring member) and one pseudo-output per input (types 5,
//     6); one MLSAG (ring x 2 scalars) and one pseudo-output per input
//     (types 2-4; type 2 keeps them in the RingCT base); one MLSAG over all
//     inputs (ring x (inputs + 1)), equal ring sizes and no pseudo-outputs
//     (type 1, RCTTypeFull);
//   * the range proofs and the balance: rct::verRctSemanticsSimple (types
//     2-6, batched when several transactions are given) or rct::verRct(rv,
//     true) (type 1), as Monero's check_tx_semantic;
//   * the ring signatures: rct::verRctNonSemanticsSimple (types 2-6) or
//     rct::verRct(rv, false) (type 1) over get_pre_mlsag_hash, with the rings
//     and the key images of the prefix (Monero's expand_transaction_2: CLSAG
//     I, MLSAG II; type 1's mixRing is indexed [member][input]).
// rings[i] are input i's ring members as {output key, commitment} pairs
// (rct::ctkey: dest, mask) in the order of its absolute key offsets; for an
// output without RingCT (a coinbase or pre-RingCT output of amount a) the
// commitment is rct::zeroCommit(a). Chain state and the hard-fork rules are
// the caller's (cryptonote/tx_rules.h). Monero: core::check_tx_semantic +
// Blockchain::check_tx_inputs' RingCT part.

// The checks without ring data (everything above but the CLSAGs).
bool check_tx_semantics_v2(const cryptonote::transaction &tx, std::string *error = nullptr);
// The same for many transactions, with one Bulletproofs+ batch verification
// (one multi-scalar product) for all of them: false when any fails; the
// message names the transaction's position in txs. Monero: the batched
// rct::verRctSemanticsSimple of its mempool/block checks.
bool check_tx_semantics_v2(const std::vector<const cryptonote::transaction *> &txs, std::string *error = nullptr);
// The structure checks and every ring signature (not the range proof or the balance).
bool check_tx_ring_signatures_v2(const cryptonote::transaction &tx, const std::vector<rct::ctkeyV> &rings,
                                 std::string *error = nullptr);
// All of it.
bool check_tx_v2(const cryptonote::transaction &tx, const std::vector<rct::ctkeyV> &rings,
                 std::string *error = nullptr);

}  // namespace cncrypto
