// Recognising owned outputs, key images, and scanning transactions for a
// wallet (spec cryptonote_format.md sections 9.2 and 11).
//
// For an output k with one-time key P (and view tag t, if it has one) in a
// transaction with tx public key R (and additional keys R_k):
//   d   = 8*a*R   (or 8*a*R_k)            key derivation, a = view secret
//   t'  = first byte of H_k("view_tag" || d || varint(k))
//   S'  = P - Hs(d || varint(k))*G         the spend key the output was sent to
// The output is ours iff (t' == t, when there is a tag) and S' is B or one of
// our subaddress spend keys D. Its one-time secret key is
//   x = Hs(d || varint(k)) + b (+ m for a subaddress), and its key image
//   I = x*Hp(P).
//
// Timing: the view secret a, the spend secret b, derivations, x and m are
// secret and handled in constant time (crypto.h); P, R, t, the subaddress
// table and whether an output is ours are public (the wallet's behaviour
// reveals them anyway).
//
// Mirrors Monero's src/cryptonote_basic/cryptonote_format_utils.cpp
// (out_can_be_to_acc, is_out_to_acc, is_out_to_acc_precomp,
// generate_key_image_helper(_precomp), get_output_public_key,
// get_output_view_tag) and the scanning loop of wallet2::process_new_transaction,
// without hw::device and multisig; boost::optional as in Monero.
#pragma once

#include "crypto/crypto.h"
#include "cryptonote/account.h"
#include "cryptonote/cryptonote_basic.h"
#include "cryptonote/subaddress.h"
#include "device/device.hpp"
#include "ringct/rctTypes.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <boost/optional.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace cryptonote {

// ---- outputs ----

// The one-time key of an output (txout_to_key or txout_to_tagged_key). Returns
// false, leaving key untouched, for the other (never used) target types.
// Monero: get_output_public_key (which throws there).
[[nodiscard]] bool get_output_public_key(const tx_out &out, crypto::public_key &key);

// The output's view tag: present only for txout_to_tagged_key.
// Monero: get_output_view_tag.
boost::optional<crypto::view_tag> get_output_view_tag(const tx_out &out);

// ---- recognising outputs ----

// View-tag fast reject: true when view_tag_opt is absent (outputs before hard fork
// 15 may belong to anyone), otherwise true iff derive_view_tag(derivation,
// output_index) == *view_tag_opt. One cn_fast_hash of <= 50 bytes. Constant time in
// the derivation; the tag and the answer are public. Monero: out_can_be_to_acc
// (without the device pointer).
[[nodiscard]] bool out_can_be_to_acc(const boost::optional<crypto::view_tag> &view_tag_opt,
                                     const crypto::key_derivation &derivation, std::size_t output_index);

// Whether output output_index with one-time key output_public_key was sent to
// the account's main address (B, A) (not to a subaddress: use
// is_out_to_acc_precomp for those): d = 8*a*R, true if out_can_be_to_acc and
// Hs(d || varint(k))*G + B == P; otherwise, when additional_tx_pub_keys is not
// empty, the same with d = 8*a*R_k. Returns false (never throws) when R, R_k or
// B does not decode, or additional keys exist but fewer than output_index + 1
// (Monero: "wrong number of additional tx pubkeys"). Secret: the view secret
// and derivations (constant time). Monero: is_out_to_acc.
[[nodiscard]] bool is_out_to_acc(const account_keys &acc, const crypto::public_key &output_public_key,
                                 const crypto::public_key &tx_pub_key,
                                 const std::vector<crypto::public_key> &additional_tx_pub_keys,
                                 std::size_t output_index,
                                 const boost::optional<crypto::view_tag> &view_tag_opt = boost::none);

// What is_out_to_acc_precomp found: the subaddress the output was sent to and
// the derivation that matched (secret: the output's amount key and one-time
// secret key come from it; it is wiped when this is destroyed).
// Monero: cryptonote::subaddress_receive_info.
struct subaddress_receive_info {
  subaddress_index index;
  crypto::key_derivation derivation;

  subaddress_receive_info(const subaddress_index &i, const crypto::key_derivation &d) : index(i), derivation(d) {}
  subaddress_receive_info(const subaddress_receive_info &) = default;
  subaddress_receive_info &operator=(const subaddress_receive_info &) = default;
  ~subaddress_receive_info();
};

// Subaddress-aware recognition with precomputed derivations (d = 8*a*R and
// additional_derivations[k] = 8*a*R_k): if out_can_be_to_acc(view_tag_opt, d, k),
// S' = P - Hs(d || varint(k))*G is looked up in subaddresses (which should
// hold B -> (0, 0)); if absent and additional_derivations is not empty, the same
// with additional_derivations[output_index]. Returns the index and the
// matching derivation, or boost::none when the output is not ours, P does not
// decode, or additional derivations exist but fewer than output_index + 1.
// Never throws for bad data. Secret: the derivations (constant time); P, the
// table and the result are public. Monero: is_out_to_acc_precomp.
[[nodiscard]] boost::optional<subaddress_receive_info> is_out_to_acc_precomp(
    const std::unordered_map<crypto::public_key, subaddress_index> &subaddresses, const crypto::public_key &out_key,
    const crypto::key_derivation &derivation, const std::vector<crypto::key_derivation> &additional_derivations,
    std::size_t output_index, hw::device &hwdev,
    const boost::optional<crypto::view_tag> &view_tag_opt = boost::optional<crypto::view_tag>());

// The outputs of tx sent to the account's main address (is_out_to_acc with
// each output's view tag): their indexes are appended to outs and
// money_transfered is set to the sum of their amounts (the clear amounts: 0
// for RingCT outputs). Returns false, with outs and money_transfered
// untouched, when additional keys exist but not one per output, or an output
// has no one-time key; the first form (keys read from tx.extra) also when
// there is no tx public key. Subaddresses are not looked at: use
// scan_transaction for those. Monero: lookup_acc_outs (which may leave outs
// partly filled on failure).
bool lookup_acc_outs(const account_keys &acc, const transaction &tx, std::vector<std::size_t> &outs,
                     std::uint64_t &money_transfered);
bool lookup_acc_outs(const account_keys &acc, const transaction &tx, const crypto::public_key &tx_pub_key,
                     const std::vector<crypto::public_key> &additional_tx_pub_keys, std::vector<std::size_t> &outs,
                     std::uint64_t &money_transfered);

// ---- key images ----

// The one-time key pair and key image of an owned output, from the derivation
// that recognised it (is_out_to_acc_precomp) and its subaddress index:
//   x = Hs(recv_derivation || varint(real_output_index)) + b (+ m if
//   received_index != (0, 0)), in_ephemeral = (x*G, x), ki = x*Hp(out_key).
// Returns false when x*G != out_key (the output is not this account's at that
// index, or the keys are inconsistent); in_ephemeral and ki may then hold
// partial results and must not be used. A watch-only account (spend secret all
// zero) gets in_ephemeral = (out_key, 0) and ki = 0*Hp(P), the identity
// (Monero's behaviour: such a wallet cannot know its key images).
// Secret: account secrets, recv_derivation, x (constant time).
// hwdev: a software device (hw::get_device("default")), else
// std::invalid_argument (no hardware wallets); no multisig.
// Monero: generate_key_image_helper_precomp.
[[nodiscard]] bool generate_key_image_helper_precomp(const account_keys &ack, const crypto::public_key &out_key,
                                                     const crypto::key_derivation &recv_derivation,
                                                     std::size_t real_output_index,
                                                     const subaddress_index &received_index, keypair &in_ephemeral,
                                                     crypto::key_image &ki, hw::device &hwdev);

// The same from the transaction's public keys: d = 8*a*tx_public_key (the
// identity encoding 01 00..00 stands in when tx_public_key does not decode, as
// in Monero), d_j = 8*a*additional_tx_public_keys[j] (likewise), then
// is_out_to_acc_precomp (no view tag) and generate_key_image_helper_precomp.
// Returns false when the output is not recognised as this account's (any
// subaddress in subaddresses) or the derived key does not match out_key.
// An additional key that does not decode is dropped from the list, as Monero
// does: the later additional derivations then shift down one index (Monero's
// odd behaviour, reproduced: an output after such a key is looked up with the
// next output's derivation). hwdev as generate_key_image_helper_precomp's.
// Monero: generate_key_image_helper.
[[nodiscard]] bool generate_key_image_helper(
    const account_keys &ack, const std::unordered_map<crypto::public_key, subaddress_index> &subaddresses,
    const crypto::public_key &out_key, const crypto::public_key &tx_public_key,
    const std::vector<crypto::public_key> &additional_tx_public_keys, std::size_t real_output_index,
    keypair &in_ephemeral, crypto::key_image &ki, hw::device &hwdev);

}  // namespace cryptonote

// cncrypto's own scanning API (not Monero names; namespace cncrypto so that a
// Monero program declaring the same names meets no ambiguity).
namespace cncrypto {

// Key-image validity: true iff ki decodes as a point (crypto::check_key rules)
// and L*ki is the identity, i.e. ki lies in the prime-order subgroup. An image
// with a torsion component (ki + T, T of order 2, 4 or 8) is refused. The
// identity itself passes (L*0 = 0), as in Monero. Public input, variable time
// (~one scalar multiplication). Monero: the daemon's key-image domain check
// (rct::scalarmultKey(ki, curveOrder) == identity in
// check_tx_inputs_keyimages_domain).
[[nodiscard]] bool is_key_image_in_main_subgroup(const crypto::key_image &ki);

// ---- scanning a transaction ----

// One output of a transaction that belongs to the wallet.
struct owned_output {
  std::size_t output_index = 0;       // k, the output's position in vout
  cryptonote::subaddress_index received_index;  // (0, 0): the main address
  crypto::public_key out_key{};       // the one-time key P
  // The amount. Version 1 outputs and RingCT coinbase outputs (rct type 0)
  // carry it in clear. Other RingCT outputs (types 1-6) hide it in ecdhInfo:
  // it is decrypted with the amount key Hs(derivation || varint(k)) (types
  // 4-6: 8 bytes XOR keccak("amount" || key), mask = genCommitmentMask(key);
  // types 1-3: both 32-byte fields minus Hs(key), Hs(Hs(key))) and accepted
  // only if mask*G + amount*H equals the output's commitment outPk[k].
  // amount_decoded is true when the amount is known (clear, or decoded and
  // checked); false, with amount 0 and mask zero, when decoding failed or the
  // commitment did not match (then problems says so: such an output is
  // reported, never given an unproven amount).
  std::uint64_t amount = 0;
  bool amount_decoded = false;
  // RingCT types 1-6: the commitment mask that opens outPk[k] with amount
  // (secret: needed to spend the output). Zero otherwise. Wiped when this is
  // destroyed.
  rct::key mask{};
  // The key image x*Hp(P); key_image_known is false (and key_image all zero)
  // for a watch-only account, or if the one-time secret key did not match P
  // (then problems says so).
  crypto::key_image key_image{};
  bool key_image_known = false;
  // Which tx public key recognised it: additional_key false -> the
  // tx_pub_key_index-th distinct key of the 01 fields of tx_extra (0 for the
  // usual single key); true -> additional key k (tx_pub_key_index = k).
  bool additional_key = false;
  std::size_t tx_pub_key_index = 0;
  // The derivation that matched (secret: the amount key Hs(d || k) and the
  // one-time secret key come from it). Wiped when this is destroyed.
  crypto::key_derivation derivation{};

  owned_output() = default;
  owned_output(const owned_output &) = default;
  owned_output &operator=(const owned_output &) = default;
  ~owned_output();
};

// What scan_transaction found, and what it could not read.
struct scan_result {
  std::vector<owned_output> outputs;  // in output order
  // One line per thing that could not be checked, with where (e.g. "output 3:
  // the one-time key is not a valid point"), or that stopped the scan ("no tx
  // public key in tx_extra"). Empty for a well-formed transaction, whether or
  // not anything was found. Never holds secrets.
  std::vector<std::string> problems;
  // Payment id, read only when some output is ours (as Monero's wallet):
  //   * a short id (nonce 01 || 8 bytes) decrypted with the derivation of the
  //     first tx public key: has_short_payment_id, short_payment_id. Builders
  //     add an encrypted all-zero dummy to transactions of <= 2 outputs, so
  //     all zero (crypto::null_hash8) means "no payment id", as in Monero;
  //   * a long, unencrypted id (nonce 00 || 32 bytes): has_long_payment_id,
  //     long_payment_id.
  bool has_short_payment_id = false;
  crypto::hash8 short_payment_id{};
  bool has_long_payment_id = false;
  crypto::hash long_payment_id{};
};

// Finds the outputs of tx that belong to the wallet (keys and its subaddress
// table, which must hold B -> (0, 0) for the main address to be recognised).
//   * tx public keys: every 01 field of tx_extra (usually one) and the
//     additional keys of the first 04 field, as Monero's wallet reads them; an
//     extra that does not parse completely is used up to the bad field (a
//     problem line says where it stopped).
//   * one key derivation 8*a*R per tx public key (and per additional key),
//     computed once for the transaction;
//   * per derivation, the view tags of all tagged outputs in one batch call
//     (cncrypto::derive_view_tags), so a tagged output that is not ours costs one
//     hash per candidate derivation (one, without additional keys) and nothing
//     else; outputs without a view tag (before hard fork 15) go on to the
//     subtraction P - Hs(d || k)*G and the table lookup, as in Monero;
//   * for each owned output its amount (see owned_output: RingCT amounts are
//     decrypted and checked against the commitment; a mismatch is a problem
//     line, never an accepted amount), and, unless the account is watch-only,
//     its key image (generate_key_image_helper_precomp);
//   * the payment id when something was found (see scan_result).
// Bad data never throws: undecodable tx public keys or output keys, missing
// keys, unsupported output types, and a wrong number of additional keys are
// listed in problems and those outputs are skipped; an owned RingCT output
// whose amount does not decode (unknown RingCT type, missing ecdhInfo or outPk
// entry, a decrypted 32-byte amount above 64 bits) or does not open its
// commitment is listed with amount_decoded false and a problem line.
// Timing: constant time in the account secrets, derivations, amounts and
// masks (only whether a commitment matched is revealed); variable time in
// public data (the transaction, the table) and in which outputs are ours.
// Mirrors the output loop of Monero's wallet2::process_new_transaction
// (check_acc_out_precomp with the view-tag fast path).
scan_result scan_transaction(const cryptonote::transaction &tx, const cryptonote::account_keys &keys,
                             const subaddress_map &subaddresses);

// ---- scanning many transactions ----

// One transaction's scan in scan_transactions: scan_transaction's result, and
// the transaction's hash when something was found.
struct scanned_transaction {
  // The transaction id (get_transaction_hash, or tx_hashes[i] when the caller
  // passes them), set only when result.outputs is not empty (tx_hash_known):
  // hashing every transaction would cost as much as scanning it. A pruned
  // transaction without tx_hashes has no known hash (a problem line says so).
  crypto::hash tx_hash{};
  bool tx_hash_known = false;
  scan_result result;
};

// The subaddress table as scan_transactions reads it: spend public key (B or D)
// -> its index, one lookup per output that passes the view-tag check (1/256 of
// the others) and per untagged output. For a table that is not a
// subaddress_map, e.g. the C ABI's caller-memory context (a sorted array,
// searched in place: src/capi/scan.cpp), so a scan builds no copy of it.
// find must be thread-safe for concurrent calls (the threaded
// scan_transactions call it from each task) and should not throw: an
// exception leaves scan_transactions as std::bad_alloc does. The key is public
// (timing: variable time in the table, as the wallet_scan.h header says).
// cncrypto extension (Monero's functions take the std::unordered_map itself).
class subaddress_lookup {
 public:
  virtual ~subaddress_lookup() = default;
  // spend_key's index, or none when it is not in the table.
  virtual boost::optional<cryptonote::subaddress_index> find(const crypto::public_key &spend_key) const = 0;
};

// subaddress_lookup over a subaddress_map (holds a reference: the map must
// outlive it; subaddress_map::find, never throws). What the scan_transactions
// overloads taking a subaddress_map use.
class subaddress_map_lookup final : public subaddress_lookup {
 public:
  explicit subaddress_map_lookup(const subaddress_map &map) noexcept : map_(map) {}
  boost::optional<cryptonote::subaddress_index> find(const crypto::public_key &spend_key) const override {
    const auto found = map_.find(spend_key);
    if (found == map_.end()) return boost::none;
    return found->second;
  }

 private:
  const subaddress_map &map_;
};

// Runs `tasks` tasks run(0), ..., run(tasks - 1), each exactly once, on any
// threads, in any order, and returns when all have finished (a caller's thread
// pool: e.g. submit each and wait). run never throws.
using parallel_executor = std::function<void(std::size_t tasks, const std::function<void(std::size_t)> &run)>;

// Scans txs[0..count) for the wallet (keys, subaddress table): element i of the
// result holds exactly scan_transaction(txs[i], keys, subaddresses) (outputs,
// amounts, key images, payment ids and problem lines), plus the tx hash.
// Faster than the loop, by batching across transactions (docs/scanning.md):
// rounds of 256 transactions, each with one cncrypto::generate_key_derivations
// call for all their tx public keys (one shared view-key recoding, the curve's
// batch multiplication, one field inversion for all encodings) and one
// cncrypto::derive_view_tags call for all main-key view tags (the multi-lane
// Keccak); an undecodable tx public key fails its transaction's key only, as in
// scan_transaction. Outputs whose tag passes (1/256 of the others) get the full
// check. tx_hashes: null, or count hashes (the transactions' ids, e.g. from a
// block's tx_hashes) reported as tx_hash instead of computing them.
// Throws std::invalid_argument if txs is null with count > 0; std::bad_alloc;
// nothing for bad transaction data (problem lines, as scan_transaction).
// Thread-safe: no shared state (concurrent calls are fine); the inputs are only
// read. Timing as scan_transaction: constant time in the account secrets and
// derivations. cncrypto extension (Monero scans one transaction at a time in
// wallet2::process_new_transaction).
std::vector<scanned_transaction> scan_transactions(const cryptonote::transaction *txs, std::size_t count,
                                                   const cryptonote::account_keys &keys,
                                                   const subaddress_map &subaddresses,
                                                   const crypto::hash *tx_hashes = nullptr);
inline std::vector<scanned_transaction> scan_transactions(const std::vector<cryptonote::transaction> &txs,
                                                          const cryptonote::account_keys &keys,
                                                          const subaddress_map &subaddresses) {
  return scan_transactions(txs.data(), txs.size(), keys, subaddresses);
}

// The same on the caller's threads: the transactions are split into at most
// `tasks` contiguous ranges (at least 256 transactions each), scanned as above
// by executor's tasks; the result is identical to the one-thread call whatever
// the executor, the number of tasks or the scheduling. An exception in a task
// (std::bad_alloc) is rethrown here after all tasks finished. Also throws
// std::invalid_argument if executor is empty, and std::logic_error naming the
// task when the executor breaks its contract (returned with a task not run, ran
// one twice, or ran an index >= tasks: its transactions would otherwise read as
// unowned; a task run a second time does nothing).
std::vector<scanned_transaction> scan_transactions(const cryptonote::transaction *txs, std::size_t count,
                                                   const cryptonote::account_keys &keys,
                                                   const subaddress_map &subaddresses,
                                                   const parallel_executor &executor, std::size_t tasks,
                                                   const crypto::hash *tx_hashes = nullptr);

// The same on `threads` threads of its own (std::thread; threads 0 or 1: the
// calling thread only). If the system refuses a thread, its share runs on the
// calling thread (same result).
std::vector<scanned_transaction> scan_transactions(const cryptonote::transaction *txs, std::size_t count,
                                                   const cryptonote::account_keys &keys,
                                                   const subaddress_map &subaddresses, unsigned threads,
                                                   const crypto::hash *tx_hashes = nullptr);

// The three scan_transactions above with the table read through a
// subaddress_lookup (same results as with a subaddress_map holding the same
// entries; same throws, threads and timing). The lookup must stay valid, and
// its table unchanged, for the call. cncrypto extension.
std::vector<scanned_transaction> scan_transactions(const cryptonote::transaction *txs, std::size_t count,
                                                   const cryptonote::account_keys &keys,
                                                   const subaddress_lookup &subaddresses,
                                                   const crypto::hash *tx_hashes = nullptr);
std::vector<scanned_transaction> scan_transactions(const cryptonote::transaction *txs, std::size_t count,
                                                   const cryptonote::account_keys &keys,
                                                   const subaddress_lookup &subaddresses,
                                                   const parallel_executor &executor, std::size_t tasks,
                                                   const crypto::hash *tx_hashes = nullptr);
std::vector<scanned_transaction> scan_transactions(const cryptonote::transaction *txs, std::size_t count,
                                                   const cryptonote::account_keys &keys,
                                                   const subaddress_lookup &subaddresses, unsigned threads,
                                                   const crypto::hash *tx_hashes = nullptr);

}  // namespace cncrypto
