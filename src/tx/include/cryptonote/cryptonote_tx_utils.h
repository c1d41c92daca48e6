// The wallet-side transaction builder (spec cryptonote_format.md sections 4,
// 9.1, 9.2, 10; Monero src/cryptonote_core/cryptonote_tx_utils.{h,cpp}).
//
// construct_tx_and_get_tx_key builds a version 1 transaction (ring signatures,
// clear amounts) with Monero's semantics:
//   1. destinations classified (section 9.1): R = r*G, or R = r*D when the only
//      non-change destination is one subaddress; one additional key per
//      output when there is a subaddress and more than one distinct
//      non-change destination;
//   2. payment id: a short id in the caller's extra (nonce 01 || id8) is
//      encrypted for the single destination; with no id and at most two
//      destinations a dummy encrypted id (8 zero bytes) is added;
//   3. one input per source: key image and one-time secret key through
//      generate_key_image_helper (cryptonote/account.h), checked against the
//      real ring member; key offsets made relative;
//   4. destinations shuffled (libsodium randomness), inputs sorted by key
//      image in descending byte order (memcmp > 0), sources permuted alongside;
//   5. outputs: one-time key P = Hs(8rV || k)*G + S, and the view tag when
//      use_view_tags (txout_to_tagged_key, else txout_to_key);
//   6. tx_extra: R (replacing any 01 field), additional keys (04), sorted
//      (sort_tx_extra), at most MAX_TX_EXTRA_SIZE = 1060 bytes;
//   7. signing stage: one ring signature per input over the prefix hash, the
//      real member at its place in the ring.
// Inputs must cover outputs; the difference is the (implicit) fee.
//
// Error style: Monero's bool API. Every function here returns true on
// success; on failure it returns false, writes a message naming the problem
// and where (source 2, destination 0, ...) to *error when error is non-null,
// and leaves no half-built result: tx is reset to an empty transaction and the
// secret keys it produced (tx_key, additional_tx_keys) are wiped and cleared.
// Exceptions from lower layers (a ring key that does not decode, ...) are
// caught and reported the same way; only std::bad_alloc propagates.
//
// RingCT: with rct == true the result is a version 2 transaction (spec 10
// step 9, Monero 0.18's construct_tx_with_tx_key): stages 1-6 as above, then
// the amounts leave the prefix (outputs, and inputs of RingCT sources) and the
// RingCT type follows rct_config as in Monero:
//   {RangeProofBorromean, any} with one source -> type 1 (RCTTypeFull,
//     rct::genRct: one Borromean range proof per output, one MLSAG over all
//     inputs, the fee appended as an extra amount when non-zero);
//   {RangeProofBorromean, any} with several sources -> type 2 (RCTTypeSimple);
//   {RangeProofBulletproof | MultiOutputBulletproof | PaddedBulletproof,
//     1 / 2 / 3} -> type 3 / 4 / 5 (Bulletproofs: one per output, in batches
//     of the largest power of 2 that fits, or one of all outputs; MLSAG for
//     3-4, CLSAG for 5);
//   {RangeProofPaddedBulletproof, 0 or 4} -> type 6 (Bulletproof+, CLSAG).
// Types 2-6 come from rct::genRctSimple (ringct/rctSigs.h): commitments (masks
// random for Borromean, genCommitmentMask(Hs(derivation || k)) for
// Bulletproofs), encrypted amounts, range proofs, pseudo-outputs and one
// MLSAG or CLSAG per input over the rings of (key, commitment) pairs in
// tx_source_entry::outputs; the fee is explicit (txnFee). Refused with a
// message naming the problem: an unknown range_proof_type, bp_version > 4,
// bp_version 0 or 4 not padded (Monero would build several Bulletproofs+, which
// no hard fork accepts), more than 16 outputs with a padded proof, rings of
// different sizes. The builder does not apply the hard-fork rules (which
// types a fork accepts): check_tx_hf_rules does. See docs/transactions.md.
//
// Secrets (the sender's keys, tx_key, additional_tx_keys, the one-time input
// secrets) are crypto::secret_key values, wiped when destroyed; the scalar
// multiplications on them are constant time. Everything else (amounts,
// addresses, indices, ring members) is treated as public.
#pragma once

#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "cryptonote/account.h"
#include "cryptonote/address.h"
#include "cryptonote/binary_reader.h"
#include "cryptonote/cryptonote_basic.h"
#include "cryptonote/block_pow.h"  // get_block_longhash (Monero 0.18 declares it in this header)
#include "ringct/rctTypes.h"
#include "cryptonote/subaddress.h"

#include <cstddef>
#include <cstdint>
#include <boost/optional.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cryptonote {

// One input to spend: its ring and which member is ours. Monero's
// cryptonote::tx_source_entry (without multisig_kLRki: no multisig here).
struct tx_source_entry {
  // (global output index, {one-time output key, commitment}). For version 1
  // only dest is used; RingCT signs over both (a pre-RingCT output's
  // commitment is rct::zeroCommit(amount)). Global indices must be strictly
  // increasing (the order of the ring on the wire).
  using output_entry = std::pair<std::uint64_t, rct::ctkey>;
  std::vector<output_entry> outputs;
  std::uint64_t real_output = 0;                                // index in outputs of our member
  crypto::public_key real_out_tx_key{};                         // R of the transaction that paid us
  std::vector<crypto::public_key> real_out_additional_tx_keys;  // its additional keys, if any
  std::uint64_t real_output_in_tx_index = 0;                    // our output's index in that transaction
  std::uint64_t amount = 0;                                     // atomic units
  bool rct = false;                                             // the real output is a RingCT output
  rct::key mask{};  // its commitment mask (RingCT sources; a pre-RingCT one uses 1)
};

// One payment. Monero's cryptonote::tx_destination_entry.
struct tx_destination_entry {
  std::string original;  // the address string as the user gave it (informational)
  std::uint64_t amount = 0;
  account_public_address addr{};
  bool is_subaddress = false;
  bool is_integrated = false;

  tx_destination_entry() = default;
  tx_destination_entry(std::uint64_t a, const account_public_address &ad, bool is_sub)
      : amount(a), addr(ad), is_subaddress(is_sub) {}
  tx_destination_entry(std::string o, std::uint64_t a, const account_public_address &ad, bool is_sub)
      : original(std::move(o)), amount(a), addr(ad), is_subaddress(is_sub) {}
};

// Counts the distinct non-change destination addresses by kind (section 9.1);
// single_dest_subaddress receives the last subaddress seen. A destination equal
// to *change_addr is skipped. Monero: classify_addresses.
void classify_addresses(const std::vector<tx_destination_entry> &destinations,
                        const boost::optional<account_public_address> &change_addr, std::size_t &num_stdaddresses,
                        std::size_t &num_subaddresses, account_public_address &single_dest_subaddress);

// The view public key a (short or dummy) payment id is encrypted for: the one
// distinct address among the destinations with a non-zero amount, skipping the
// first one equal to the change address; the change address's view key when
// nothing else is left; crypto::null_pkey when there are two or more distinct
// addresses (or none and no change). Monero: get_destination_view_key_pub.
crypto::public_key get_destination_view_key_pub(const std::vector<tx_destination_entry> &destinations,
                                                const boost::optional<account_public_address> &change_addr);

// Relative key offsets (first absolute, then differences) from absolute
// global indices, which are sorted first. Throws std::invalid_argument on
// duplicates (a ring that names one output twice). Monero:
// absolute_output_offsets_to_relative (which allows duplicates).
std::vector<std::uint64_t> absolute_output_offsets_to_relative(const std::vector<std::uint64_t> &offsets);
// Absolute global indices from relative offsets (prefix sums). Throws
// std::invalid_argument when a sum overflows 64 bits. Monero:
// relative_output_offsets_to_absolute.
std::vector<std::uint64_t> relative_output_offsets_to_absolute(const std::vector<std::uint64_t> &offsets);

// Builds tx from sources and destinations with the given transaction secret
// key r (32 bytes, reduced) and, when additional keys are needed (section
// 9.1), one additional secret per destination (additional_tx_keys.size() must
// then equal destinations.size(); otherwise it must be empty). The caller's
// sources are permuted into the inputs' order (sorted by key image) and, if
// shuffle_outs, its destinations are shuffled into the outputs' order.
// extra: the caller's tx_extra (may hold a payment id nonce; must parse).
// subaddresses: the sender's spend public keys -> subaddress index, used to
// find each real output's key (include B -> (0, 0)).
// rct, rct_config: version 1 (false), or RingCT (true) of the type rct_config
// selects (types 1-6; see the header comment).
// Returns false with *error set on failure (see the header comment); tx is
// then empty. Monero: construct_tx_with_tx_key (v0.18).
bool construct_tx_with_tx_key(const account_keys &sender_account_keys,
                              const std::unordered_map<crypto::public_key, subaddress_index> &subaddresses,
                              std::vector<tx_source_entry> &sources, std::vector<tx_destination_entry> &destinations,
                              const boost::optional<account_public_address> &change_addr,
                              const std::vector<std::uint8_t> &extra, transaction &tx, std::uint64_t unlock_time,
                              const crypto::secret_key &tx_key,
                              const std::vector<crypto::secret_key> &additional_tx_keys, bool rct = false,
                              const rct::RCTConfig &rct_config = {rct::RangeProofBorromean, 0},
                              bool shuffle_outs = true, bool use_view_tags = false, std::string *error = nullptr);

// Draws a fresh random transaction secret key (tx_key) and, when needed, one
// random additional secret per destination (additional_tx_keys, else left
// empty), then calls construct_tx_with_tx_key with shuffle_outs = true. On
// failure tx is empty and tx_key / additional_tx_keys are wiped and cleared.
// Monero: construct_tx_and_get_tx_key (same parameters and defaults; the
// optional error message is added at the end).
bool construct_tx_and_get_tx_key(const account_keys &sender_account_keys,
                                 const std::unordered_map<crypto::public_key, subaddress_index> &subaddresses,
                                 std::vector<tx_source_entry> &sources, std::vector<tx_destination_entry> &destinations,
                                 const boost::optional<account_public_address> &change_addr,
                                 const std::vector<std::uint8_t> &extra, transaction &tx, std::uint64_t unlock_time,
                                 crypto::secret_key &tx_key, std::vector<crypto::secret_key> &additional_tx_keys,
                                 bool rct = false, const rct::RCTConfig &rct_config = {rct::RangeProofBorromean, 0},
                                 bool use_view_tags = false, std::string *error = nullptr);

// construct_tx_and_get_tx_key for the main address only (subaddress table
// {B -> (0, 0)}), version 1, no view tags; destinations are copied (the
// caller's stay in order), the tx keys are discarded (wiped). Monero: construct_tx.
bool construct_tx(const account_keys &sender_account_keys, std::vector<tx_source_entry> &sources,
                  const std::vector<tx_destination_entry> &destinations,
                  const boost::optional<account_public_address> &change_addr, const std::vector<std::uint8_t> &extra,
                  transaction &tx, std::uint64_t unlock_time, std::string *error = nullptr);

// ---- coinbase (used by the performance fixtures, spec 10.1) ----

// The block reward for a block of current_block_weight bytes given the
// median weight and the coins generated so far, for hard fork version
// (section 10.1: (2^64 - 1 - already_generated) >> 20 at version 1, with
// Monero's penalty above the median and its tail emission). false when the
// block is more than twice the median. Monero: get_block_reward.
bool get_block_reward(std::size_t median_weight, std::size_t current_block_weight,
                      std::uint64_t already_generated_coins, std::uint64_t &reward, std::uint8_t version);

// Splits amount into its decimal digits (d * 10^k chunks, lowest first); the
// chunks below dust_threshold are summed into one dust amount, reported first
// through dust_handler. Monero: decompose_amount_into_digits.
template <typename ChunkHandler, typename DustHandler>
void decompose_amount_into_digits(std::uint64_t amount, std::uint64_t dust_threshold, const ChunkHandler &chunk_handler,
                                  const DustHandler &dust_handler) {
  // The low digits whose running sum stays <= dust_threshold form the dust;
  // every non-zero digit above them is its own chunk.
  std::uint64_t dust = 0;
  bool dust_done = false;
  for (std::uint64_t scale = 1; amount != 0; amount /= 10, scale *= 10) {
    const std::uint64_t part = (amount % 10) * scale;
    if (!dust_done && dust + part <= dust_threshold) {
      dust += part;
      continue;
    }
    if (!dust_done) {
      if (dust != 0) dust_handler(dust);
      dust_done = true;
    }
    if (part != 0) chunk_handler(part);
  }
  if (!dust_done && dust != 0) dust_handler(dust);
}

// A coinbase transaction paying the block reward (plus fee) to
// miner_address: a fresh random tx key, R (and extra_nonce, if any) in extra,
// outputs one per decimal chunk of the reward (dust first at version 1),
// version 1 before hard fork 4 and 2 from it, view tags from hard fork 15,
// unlock time height + 60. Returns false (tx empty, *error set) when the
// block is too big, max_outs is exceeded or a key of miner_address does not
// decode. Monero: construct_miner_tx.
bool construct_miner_tx(std::size_t height, std::size_t median_weight, std::uint64_t already_generated_coins,
                        std::size_t current_block_weight, std::uint64_t fee,
                        const account_public_address &miner_address, transaction &tx,
                        const blobdata &extra_nonce = blobdata(), std::size_t max_outs = 999,
                        std::uint8_t hard_fork_version = 1, std::string *error = nullptr);

}  // namespace cryptonote
