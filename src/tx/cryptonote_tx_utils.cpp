#include "cryptonote/cryptonote_tx_utils.h"

#include "tx_detail.h"
#include "keys/ring_signature.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/tx_extra.h"
#include "cryptonote/wallet_scan.h"
#include "ringct/rctOps.h"
#include "ringct/rctSigs.h"

#include <sodium.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <typeinfo>
#include <unordered_set>

namespace cryptonote {
namespace {

using namespace tx_detail;  // fail, guarded, num, hex_of, checked_add, make_output

// R = sec*point (no cofactor), as Monero's builder: rct::scalarmultKey.
// Constant time in sec; fails naming `what` when point does not decode.
crypto::public_key scalarmult_key(const crypto::public_key &point, const crypto::secret_key &sec, const char *what) {
  rct::key scalar = rct::sk2rct(sec);
  rct::key product;
  try {
    rct::scalarmultKey(product, rct::pk2rct(point), scalar);
  } catch (const std::invalid_argument &) {
    sodium_memzero(&scalar, sizeof scalar);
    fail(std::string(what) + " " + hex_of(point) + " is not a valid ed25519 point");
  }
  sodium_memzero(&scalar, sizeof scalar);
  return rct::rct2pk(product);
}

crypto::public_key secret_to_public(const crypto::secret_key &sec, const char *what) {
  crypto::public_key pub;
  if (!crypto::secret_key_to_public_key(sec, pub)) fail(std::string(what) + " is not a reduced scalar (>= L)");
  return pub;
}

bool is_zero_key(const crypto::secret_key &k) {
  return sodium_is_zero(reinterpret_cast<const unsigned char *>(&k), sizeof k) == 1;
}

// Uniform random permutation (Fisher-Yates) with libsodium's randombytes_uniform.
template <typename T>
void shuffle_with_libsodium(std::vector<T> &v) {
  if (v.size() > std::numeric_limits<std::uint32_t>::max()) fail("too many destinations to shuffle");
  if (sodium_init() < 0) fail("libsodium could not be initialised (sodium_init failed)");
  for (std::size_t i = v.size(); i > 1; --i) {
    const std::size_t j = randombytes_uniform(static_cast<std::uint32_t>(i));
    if (j != i - 1) std::swap(v[i - 1], v[j]);
  }
}

// Monero's remove_field_from_tx_extra, failing where it returns false (extra
// does not parse: checked before, so not expected here).
void remove_extra_fields(std::vector<std::uint8_t> &extra, const std::type_info &type) {
  if (!remove_field_from_tx_extra(extra, type)) fail("tx_extra does not parse");
}

// What the stages share. Secrets are wiped when it goes away.
struct build_state {
  std::vector<keypair> in_ephemeral;               // per input (inputs' order): one-time key pair of the real member
  crypto::public_key tx_pub{};                     // R in extra
  const crypto::public_key *tx_key_pub = nullptr;  // r*G when the caller already has it
  // Per output: the derivation 8*s*V it was made with. Secret.
  std::vector<crypto::key_derivation> out_derivations;
  // Per output: its amount key Hs(derivation || k), computed once with its
  // one-time key (make_output). Secret.
  std::vector<crypto::ec_scalar> out_amount_keys;
  // 8*r*V for the main tx key r, by view public key V: the payment id and
  // every output to that address share it (one scalar multiplication). Secret.
  std::vector<std::pair<crypto::public_key, crypto::key_derivation>> main_derivations;

  // 8*tx_key*view_pub, computed once per view key. Throws naming `what` when
  // view_pub does not decode.
  const crypto::key_derivation &main_derivation(const crypto::public_key &view_pub, const crypto::secret_key &tx_key,
                                                const std::string &what) {
    for (const auto &entry : main_derivations) {
      if (entry.first == view_pub) return entry.second;
    }
    crypto::key_derivation d;
    if (!crypto::generate_key_derivation(view_pub, tx_key, d)) {
      fail(what + "the view public key " + hex_of(view_pub) + " is not a valid point");
    }
    main_derivations.emplace_back(view_pub, d);
    sodium_memzero(&d, sizeof d);
    return main_derivations.back().second;
  }

  build_state() = default;
  build_state(const build_state &) = delete;
  build_state &operator=(const build_state &) = delete;
  ~build_state() {
    if (!out_derivations.empty()) {
      sodium_memzero(out_derivations.data(), out_derivations.size() * sizeof(crypto::key_derivation));
    }
    if (!out_amount_keys.empty()) {
      sodium_memzero(out_amount_keys.data(), out_amount_keys.size() * sizeof(crypto::ec_scalar));
    }
    for (auto &entry : main_derivations) sodium_memzero(&entry.second, sizeof entry.second);
  }
};

// Stage 1 (section 10 step 3): payment ids in the caller's extra.
void handle_payment_id(transaction &tx, build_state &st, const std::vector<tx_destination_entry> &destinations,
                       const boost::optional<account_public_address> &change_addr, const crypto::secret_key &tx_key) {
  const cncrypto::tx_extra_parse_result parsed = cncrypto::parse_tx_extra(cncrypto::byte_span(tx.extra));
  if (!parsed.complete) fail("extra does not parse: " + parsed.error);
  bool add_dummy_payment_id = true;
  const tx_extra_nonce *nonce = nullptr;
  for (const tx_extra_field &f : parsed.fields) {
    if ((nonce = boost::get<tx_extra_nonce>(&f)) != nullptr) break;
  }
  if (nonce != nullptr) {
    crypto::hash8 payment_id8{};
    crypto::hash payment_id{};
    if (get_encrypted_payment_id_from_tx_extra_nonce(nonce->nonce, payment_id8)) {
      const crypto::public_key view_key_pub = get_destination_view_key_pub(destinations, change_addr);
      if (view_key_pub == crypto::null_pkey) {
        fail(
            "a short payment id in extra needs exactly one destination address (besides change) to be "
            "encrypted for; the destinations have " +
            std::string(destinations.empty() ? "none" : "several"));
      }
      cncrypto::encrypt_payment_id(payment_id8,
                                   st.main_derivation(view_key_pub, tx_key, "cannot encrypt the payment id: "));
      blobdata new_nonce;
      set_encrypted_payment_id_to_tx_extra_nonce(new_nonce, payment_id8);
      remove_extra_fields(tx.extra, typeid(tx_extra_nonce));
      if (!add_extra_nonce_to_tx_extra(tx.extra, new_nonce)) fail("cannot add the encrypted payment id to extra");
      add_dummy_payment_id = false;
    } else if (get_payment_id_from_tx_extra_nonce(nonce->nonce, payment_id)) {
      add_dummy_payment_id = false;  // a long (unencrypted) payment id stays as it is
    }
  }
  // Not with more than the usual one destination plus change.
  if (destinations.size() > 2) add_dummy_payment_id = false;
  if (add_dummy_payment_id) {
    const crypto::public_key view_key_pub = get_destination_view_key_pub(destinations, change_addr);
    if (view_key_pub != crypto::null_pkey) {  // Monero skips the dummy when there is no single key
      crypto::hash8 payment_id8{};
      cncrypto::encrypt_payment_id(payment_id8, st.main_derivation(view_key_pub, tx_key, "dummy payment id: "));
      blobdata new_nonce;
      set_encrypted_payment_id_to_tx_extra_nonce(new_nonce, payment_id8);
      if (!add_extra_nonce_to_tx_extra(tx.extra, new_nonce)) fail("cannot add the dummy payment id to extra");
    }
  }
}

// Stage 2 (step 4): one input per source, with its key image and one-time key.
// Returns the sum of the inputs.
std::uint64_t make_inputs(transaction &tx, build_state &st, const account_keys &sender,
                          const std::unordered_map<crypto::public_key, subaddress_index> &subaddresses,
                          const std::vector<tx_source_entry> &sources, bool rct) {
  std::uint64_t total = 0;
  st.in_ephemeral.resize(sources.size());
  tx.vin.reserve(sources.size());
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const tx_source_entry &src = sources[i];
    const std::string where = "source " + num(i) + ": ";
    if (src.outputs.empty()) fail(where + "empty ring (no outputs)");
    if (src.real_output >= src.outputs.size()) {
      fail(where + "real_output " + num(src.real_output) + " is outside its ring of " + num(src.outputs.size()) +
           " members");
    }
    if (src.rct && !rct) {
      fail(where + "the real output is a RingCT output; only a version 2 (RingCT) transaction can spend it");
    }
    txin_to_key input;
    input.amount = src.amount;
    input.key_offsets.reserve(src.outputs.size());
    for (std::size_t j = 0; j < src.outputs.size(); ++j) {
      if (j > 0 && src.outputs[j].first <= src.outputs[j - 1].first) {
        fail(where + "ring member global indices must be strictly increasing (member " + num(j) + " has " +
             num(src.outputs[j].first) + " after " + num(src.outputs[j - 1].first) + ")");
      }
      // Relative offsets: the first absolute, then differences.
      input.key_offsets.push_back(j == 0 ? src.outputs[0].first : src.outputs[j].first - src.outputs[j - 1].first);
    }
    total = checked_add(total, src.amount, "the sum of the source amounts");

    const crypto::public_key out_key = rct::rct2pk(src.outputs[src.real_output].second.dest);
    keypair &in_ephemeral = st.in_ephemeral[i];
    if (!generate_key_image_helper(sender, subaddresses, out_key, src.real_out_tx_key, src.real_out_additional_tx_keys,
                                   src.real_output_in_tx_index, in_ephemeral, input.k_image, hw::get_device("default"))) {
      fail(where + "the real ring member " + num(src.real_output) + " (key " + hex_of(out_key) +
           ") is not an output of the sender for tx public key " + hex_of(src.real_out_tx_key) + ", output index " +
           num(src.real_output_in_tx_index) +
           " (wrong real_output, real_out_tx_key or real_output_in_tx_index, or a subaddress missing from the "
           "subaddress table)");
    }
    if (in_ephemeral.pub != out_key) {
      fail(where + "derived public key " + hex_of(in_ephemeral.pub) + " does not match the real ring member's key " +
           hex_of(out_key));
    }
    tx.vin.emplace_back(std::move(input));
  }
  return total;
}

const key_image &image_of(const txin_v &in) { return boost::get<txin_to_key>(in).k_image; }

// Stage 3 (step 6): inputs sorted by key image, descending bytewise (Monero's
// comparator memcmp(a, b) > 0); sources and one-time keys follow.
void sort_inputs(transaction &tx, build_state &st, std::vector<tx_source_entry> &sources) {
  std::vector<std::size_t> order(tx.vin.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::memcmp(&image_of(tx.vin[a]), &image_of(tx.vin[b]), sizeof(key_image)) > 0;
  });
  for (std::size_t i = 1; i < order.size(); ++i) {
    if (image_of(tx.vin[order[i]]) == image_of(tx.vin[order[i - 1]])) {
      fail("sources " + num(std::min(order[i], order[i - 1])) + " and " + num(std::max(order[i], order[i - 1])) +
           " spend the same output (same key image)");
    }
  }
  std::vector<txin_v> vin;
  std::vector<keypair> eph;
  std::vector<tx_source_entry> srcs;
  vin.reserve(order.size());
  eph.reserve(order.size());
  srcs.reserve(order.size());
  for (std::size_t i : order) {
    vin.push_back(std::move(tx.vin[i]));
    eph.push_back(st.in_ephemeral[i]);
    srcs.push_back(std::move(sources[i]));
  }
  tx.vin = std::move(vin);
  st.in_ephemeral = std::move(eph);  // the old vector's keys are wiped as it goes
  sources = std::move(srcs);
}

// Stage 4 (steps 1, 7): R, the outputs and the additional keys. Returns the
// sum of the outputs.
std::uint64_t make_outputs(transaction &tx, build_state &st, const account_keys &sender,
                           const std::vector<tx_destination_entry> &destinations,
                           const boost::optional<account_public_address> &change_addr, const crypto::secret_key &tx_key,
                           const std::vector<crypto::secret_key> &additional_tx_keys, bool use_view_tags, bool rct) {
  std::size_t num_stdaddresses = 0, num_subaddresses = 0;
  account_public_address single_dest_subaddress{};
  classify_addresses(destinations, change_addr, num_stdaddresses, num_subaddresses, single_dest_subaddress);
  // A single-destination transfer to a subaddress gets R = r*D.
  if (num_stdaddresses == 0 && num_subaddresses == 1) {
    st.tx_pub = scalarmult_key(single_dest_subaddress.m_spend_public_key, tx_key, "the subaddress spend key");
  } else {
    st.tx_pub = st.tx_key_pub != nullptr ? *st.tx_key_pub : secret_to_public(tx_key, "tx_key");
  }
  remove_extra_fields(tx.extra, typeid(tx_extra_pub_key));
  add_tx_pub_key_to_extra(tx.extra, st.tx_pub);

  const bool need_additional_txkeys = num_subaddresses > 0 && (num_stdaddresses > 0 || num_subaddresses > 1);
  if (need_additional_txkeys && additional_tx_keys.size() != destinations.size()) {
    fail("the destinations need one additional tx key each: " + num(destinations.size()) + " expected, " +
         num(additional_tx_keys.size()) + " given");
  }
  if (!need_additional_txkeys && !additional_tx_keys.empty()) {
    fail("the destinations need no additional tx keys, but " + num(additional_tx_keys.size()) + " were given");
  }

  std::vector<crypto::public_key> additional_tx_public_keys;
  additional_tx_public_keys.reserve(need_additional_txkeys ? destinations.size() : 0);
  st.out_derivations.resize(destinations.size());
  st.out_amount_keys.resize(destinations.size());
  tx.vout.reserve(destinations.size());
  bool have_change_derivation = false;
  crypto::key_derivation change_derivation{};
  std::uint64_t total = 0;
  for (std::size_t k = 0; k < destinations.size(); ++k) {
    const tx_destination_entry &dst = destinations[k];
    const std::string where = "destination " + num(k) + ": ";
    // RingCT outputs may carry 0 (Monero's wallet pads to two outputs with a
    // zero-amount change); a version 1 output with 0 could never be spent.
    if (dst.amount == 0 && !rct) fail(where + "amount 0 (a version 1 output must carry a non-zero amount)");
    total = checked_add(total, dst.amount, "the sum of the destination amounts");

    crypto::key_derivation &derivation = st.out_derivations[k];
    const bool to_change = change_addr && dst.addr == *change_addr;
    if (need_additional_txkeys) {
      const crypto::secret_key &sk = additional_tx_keys[k];
      additional_tx_public_keys.push_back(
          dst.is_subaddress ? scalarmult_key(dst.addr.m_spend_public_key, sk, "the subaddress spend key")
                            : secret_to_public(sk, "an additional tx key"));
    }
    if (to_change) {
      // Change to ourselves: derivation = 8*a*R.
      if (!have_change_derivation) {
        if (!crypto::generate_key_derivation(st.tx_pub, sender.m_view_secret_key, change_derivation)) {
          fail(where + "cannot derive the change output's key");
        }
        have_change_derivation = true;
      }
      derivation = change_derivation;
    } else if (dst.is_subaddress && need_additional_txkeys) {
      if (!crypto::generate_key_derivation(dst.addr.m_view_public_key, additional_tx_keys[k], derivation)) {
        fail(where + "the view public key " + hex_of(dst.addr.m_view_public_key) + " is not a valid point");
      }
    } else {
      derivation = st.main_derivation(dst.addr.m_view_public_key, tx_key, where);
    }

    tx.vout.push_back(make_output(dst.amount, derivation, k, dst.addr.m_spend_public_key, use_view_tags,
                                  where + "the ", st.out_amount_keys[k]));
  }
  sodium_memzero(&change_derivation, sizeof change_derivation);

  remove_extra_fields(tx.extra, typeid(tx_extra_additional_pub_keys));
  if (need_additional_txkeys) add_additional_tx_pub_keys_to_extra(tx.extra, additional_tx_public_keys);
  return total;
}

// Stage 5 (version 1 only; step 8): one ring signature per input over the
// prefix hash. RingCT replaces this stage (see the header).
void sign_v1(transaction &tx, const build_state &st, const std::vector<tx_source_entry> &sources) {
  const crypto::hash prefix_hash = get_transaction_prefix_hash(tx);
  tx.signatures.clear();
  tx.signatures.reserve(sources.size());
  std::vector<crypto::public_key> keys;
  std::vector<const crypto::public_key *> key_ptrs;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const tx_source_entry &src = sources[i];
    keys.resize(src.outputs.size());
    key_ptrs.resize(src.outputs.size());
    for (std::size_t j = 0; j < src.outputs.size(); ++j) {
      keys[j] = rct::rct2pk(src.outputs[j].second.dest);
      key_ptrs[j] = &keys[j];
    }
    std::vector<crypto::signature> sigs(src.outputs.size());
    try {
      // The key pair and image were derived and matched in stage 2: skip the
      // public function's statement check (two scalar multiplications per input).
      crypto::generate_ring_signature_prechecked(prefix_hash, image_of(tx.vin[i]), key_ptrs.data(), key_ptrs.size(),
                                                 st.in_ephemeral[i].sec, static_cast<std::size_t>(src.real_output),
                                                 sigs.data());
    } catch (const std::invalid_argument &e) {
      fail("input " + num(i) + ": cannot sign: " + e.what());
    }
    tx.signatures.push_back(std::move(sigs));
  }
}

// RingCT configurations the builder makes, as Monero 0.18's
// construct_tx_with_tx_key / genRctSimple (spec 10 step 9): range_proof_type
// Borromean (type 1 with one source, else type 2; bp_version ignored),
// Bulletproof / MultiOutputBulletproof / PaddedBulletproof with bp_version 1
// (type 3), 2 (type 4), 3 (type 5), and PaddedBulletproof with 0 or 4 (type 6).
// Refused up front, naming it: an unknown range_proof_type, a bp_version above
// 4 (Monero: "Unsupported BP version"), and Bulletproofs+ (bp_version 0 or 4)
// that are not padded (Monero would make several Bulletproofs+, which no
// hard fork accepts; rct::genRctSimple builds type 6 padded only).
void check_rct_config(const rct::RCTConfig &config) {
  static const char *const names[] = {"RangeProofBorromean", "RangeProofBulletproof",
                                      "RangeProofMultiOutputBulletproof", "RangeProofPaddedBulletproof"};
  const bool known_type = config.range_proof_type <= rct::RangeProofPaddedBulletproof;
  const std::string what = "RCTConfig {" +
                           (known_type ? std::string(names[config.range_proof_type])
                                       : "RangeProofType " + num(config.range_proof_type)) +
                           ", " + std::to_string(config.bp_version) + "} is not supported: ";
  if (!known_type) fail(what + "the range proof types are Borromean, Bulletproof, MultiOutputBulletproof and PaddedBulletproof");
  if (config.range_proof_type == rct::RangeProofBorromean) return;
  if (config.bp_version > 4) fail(what + "bp_version 0-4 exist (Monero: Unsupported BP version)");
  if ((config.bp_version == 0 || config.bp_version == 4) && config.range_proof_type != rct::RangeProofPaddedBulletproof) {
    fail(what + "Bulletproofs+ (type 6) are built as {RangeProofPaddedBulletproof, 4}, one proof of every output");
  }
}

// Stage 5 for RingCT (step 9): amounts leave the prefix (RingCT sources' input
// amounts and every output amount become 0), then, as Monero's
// construct_tx_with_tx_key: with one source and Borromean range proofs
// (use_simple_rct false) rct::genRct makes type 1 (RCTTypeFull: one MLSAG
// over every input, mixRing[member][input], the fee appended to the amounts
// when there is one); otherwise rct::genRctSimple makes the type rct_config
// selects (2-6): commitments, encrypted amounts, the range proofs, the
// pseudo-outputs and one MLSAG or CLSAG per input over the prefix hash.
void sign_rct(transaction &tx, const build_state &st, const std::vector<tx_source_entry> &sources,
              const std::vector<tx_destination_entry> &destinations, std::uint64_t fee,
              const rct::RCTConfig &rct_config) {
  const std::size_t n_in = sources.size(), n_out = destinations.size();
  const bool use_simple_rct = n_in > 1 || rct_config.range_proof_type != rct::RangeProofBorromean;
  const bool plus = rct_config.bp_version == 0 || rct_config.bp_version == 4;
  const std::size_t max_padded = plus ? std::size_t{BULLETPROOF_PLUS_MAX_OUTPUTS} : std::size_t{BULLETPROOF_MAX_OUTPUTS};
  if (rct_config.range_proof_type == rct::RangeProofPaddedBulletproof && n_out > max_padded) {
    fail(num(n_out) + " destinations: a RingCT transaction has at most " + num(max_padded) + " outputs (" +
         (plus ? "BULLETPROOF_PLUS_MAX_OUTPUTS, one Bulletproof+ covers them)"
               : "BULLETPROOF_MAX_OUTPUTS, one padded Bulletproof covers them)"));
  }
  // The wire format lays out every CLSAG / MLSAG with input 0's ring size.
  for (std::size_t i = 1; i < n_in; ++i) {
    if (sources[i].outputs.size() != sources[0].outputs.size()) {
      fail("input " + num(i) + ": a ring of " + num(sources[i].outputs.size()) + " members, input 0 has " +
           num(sources[0].outputs.size()) + " (every input of a RingCT transaction needs the same ring size)");
    }
  }
  for (std::size_t i = 0; i < n_in; ++i) {
    if (sources[i].rct) boost::get<txin_to_key>(tx.vin[i]).amount = 0;
  }
  for (tx_out &out : tx.vout) out.amount = 0;

  rct::ctkeyV inSk(n_in);
  // Simple: mixRing[input][member]; full: mixRing[member][input] (Monero's layout).
  const std::size_t n_members = sources[0].outputs.size();
  rct::ctkeyM mixRing(use_simple_rct ? n_in : n_members);
  std::vector<std::uint64_t> inamounts(n_in), outamounts(n_out);
  std::vector<unsigned int> index(n_in);
  rct::keyV destination_keys(n_out), amount_keys(n_out);
  rct::ctkeyV outSk;
  struct wipe_secrets {
    rct::ctkeyV &a, &b;
    rct::keyV &c;
    ~wipe_secrets() {
      if (!a.empty()) sodium_memzero(a.data(), a.size() * sizeof(rct::ctkey));
      if (!b.empty()) sodium_memzero(b.data(), b.size() * sizeof(rct::ctkey));
      if (!c.empty()) sodium_memzero(c.data(), c.size() * sizeof(rct::key));
    }
  } wipe{inSk, outSk, amount_keys};
  for (std::size_t i = 0; i < n_in; ++i) {
    const tx_source_entry &src = sources[i];
    inSk[i].dest = rct::sk2rct(st.in_ephemeral[i].sec);
    // A pre-RingCT output is committed to as zeroCommit(amount) = 1*G + amount*H: mask 1.
    inSk[i].mask = src.rct ? src.mask : rct::identity();
    inamounts[i] = src.amount;
    index[i] = static_cast<unsigned int>(src.real_output);
    if (use_simple_rct) {
      mixRing[i].reserve(src.outputs.size());
      for (const auto &member : src.outputs) mixRing[i].push_back(member.second);
    }
  }
  if (!use_simple_rct) {
    for (std::size_t j = 0; j < n_members; ++j) {
      mixRing[j].reserve(n_in);
      for (std::size_t i = 0; i < n_in; ++i) mixRing[j].push_back(sources[i].outputs[j].second);
    }
  }
  for (std::size_t k = 0; k < n_out; ++k) {
    outamounts[k] = destinations[k].amount;
    crypto::public_key out_key;
    if (!get_output_public_key(tx.vout[k], out_key)) fail("output " + num(k) + " has no key");  // cannot happen
    destination_keys[k] = rct::pk2rct(out_key);
    std::memcpy(amount_keys[k].bytes, &st.out_amount_keys[k], 32);
  }
  const rct::key message = rct::hash2rct(get_transaction_prefix_hash(tx));
  try {
    if (use_simple_rct) {
      // The strict variant: an unbalanced transaction is refused, not signed.
      tx.rct_signatures = cncrypto::genRctSimple_strict(message, inSk, destination_keys, inamounts, outamounts, fee,
                                                        mixRing, amount_keys, index, outSk, rct_config);
    } else {
      // Monero: "if (!use_simple_rct && amount_in > amount_out) outamounts.push_back(fee)".
      if (fee > 0) outamounts.push_back(fee);
      tx.rct_signatures = rct::genRct(message, inSk, destination_keys, outamounts, mixRing, amount_keys, index[0],
                                      outSk, rct_config, hw::get_device("default"));
    }
  } catch (const std::invalid_argument &e) {
    fail(std::string("cannot sign the RingCT part: ") + e.what());
  }
}

}  // namespace

void classify_addresses(const std::vector<tx_destination_entry> &destinations,
                        const boost::optional<account_public_address> &change_addr, std::size_t &num_stdaddresses,
                        std::size_t &num_subaddresses, account_public_address &single_dest_subaddress) {
  num_stdaddresses = 0;
  num_subaddresses = 0;
  std::vector<const account_public_address *> seen;
  for (const tx_destination_entry &dst : destinations) {
    if (change_addr && dst.addr == *change_addr) continue;
    if (std::any_of(seen.begin(), seen.end(), [&](const account_public_address *a) { return *a == dst.addr; })) {
      continue;
    }
    seen.push_back(&dst.addr);
    if (dst.is_subaddress) {
      ++num_subaddresses;
      single_dest_subaddress = dst.addr;
    } else {
      ++num_stdaddresses;
    }
  }
}

crypto::public_key get_destination_view_key_pub(const std::vector<tx_destination_entry> &destinations,
                                                const boost::optional<account_public_address> &change_addr) {
  const account_public_address *found = nullptr;
  bool skipped_change = false;
  for (const tx_destination_entry &dst : destinations) {
    if (dst.amount == 0) continue;
    if (change_addr && dst.addr == *change_addr && !skipped_change) {
      skipped_change = true;
      continue;
    }
    if (found != nullptr) {
      if (*found == dst.addr) continue;
      return crypto::null_pkey;  // two different addresses
    }
    found = &dst.addr;
  }
  if (found != nullptr) return found->m_view_public_key;
  return change_addr ? change_addr->m_view_public_key : crypto::null_pkey;
}

std::vector<std::uint64_t> absolute_output_offsets_to_relative(const std::vector<std::uint64_t> &offsets) {
  std::vector<std::uint64_t> res = offsets;
  std::sort(res.begin(), res.end());
  for (std::size_t i = res.size(); i-- > 1;) {
    if (res[i] == res[i - 1]) throw std::invalid_argument("ring names global output index " + num(res[i]) + " twice");
    res[i] -= res[i - 1];
  }
  return res;
}

std::vector<std::uint64_t> relative_output_offsets_to_absolute(const std::vector<std::uint64_t> &offsets) {
  std::vector<std::uint64_t> res = offsets;
  for (std::size_t i = 1; i < res.size(); ++i) {
    if (res[i] > std::numeric_limits<std::uint64_t>::max() - res[i - 1]) {
      throw std::invalid_argument("key offset " + num(i) + " overflows 64 bits when made absolute");
    }
    res[i] += res[i - 1];
  }
  return res;
}

namespace {
// construct_tx_with_tx_key; tx_key_pub, when given, is tx_key*G (saves recomputing it).
bool construct_tx_impl(const account_keys &sender_account_keys,
                       const std::unordered_map<crypto::public_key, subaddress_index> &subaddresses,
                       std::vector<tx_source_entry> &sources, std::vector<tx_destination_entry> &destinations,
                       const boost::optional<account_public_address> &change_addr, const std::vector<std::uint8_t> &extra,
                       transaction &tx, std::uint64_t unlock_time, const crypto::secret_key &tx_key,
                       const std::vector<crypto::secret_key> &additional_tx_keys, bool rct,
                       const rct::RCTConfig &rct_config, bool shuffle_outs, bool use_view_tags, std::string *error,
                       const crypto::public_key *tx_key_pub) {
  tx = transaction{};
  const bool ok = guarded(error, [&] {
    if (rct) check_rct_config(rct_config);
    if (sources.empty()) fail("no sources: a transaction needs at least one input");
    if (destinations.empty()) fail("no destinations: a transaction needs at least one output");
    if (is_zero_key(sender_account_keys.m_spend_secret_key)) {
      fail("the sender's spend secret key is zero (a watch-only wallet): it cannot sign inputs");
    }
    // Checked up front, so the message names the destination in the caller's
    // order, whichever later step (payment id, R = r*D, outputs) would use the key.
    for (std::size_t k = 0; k < destinations.size(); ++k) {
      const account_public_address &addr = destinations[k].addr;
      if (!crypto::check_key(addr.m_view_public_key)) {
        fail("destination " + num(k) + ": the view public key " + hex_of(addr.m_view_public_key) +
             " is not a valid point");
      }
      if (!crypto::check_key(addr.m_spend_public_key)) {
        fail("destination " + num(k) + ": the spend public key " + hex_of(addr.m_spend_public_key) +
             " is not a valid point");
      }
    }
    build_state st;
    st.tx_key_pub = tx_key_pub;
    tx.version = rct ? 2 : 1;
    tx.unlock_time = unlock_time;
    tx.extra = extra;
    handle_payment_id(tx, st, destinations, change_addr, tx_key);
    const std::uint64_t inputs_money = make_inputs(tx, st, sender_account_keys, subaddresses, sources, rct);
    if (shuffle_outs) shuffle_with_libsodium(destinations);
    sort_inputs(tx, st, sources);
    const std::uint64_t outputs_money =
        make_outputs(tx, st, sender_account_keys, destinations, change_addr, tx_key, additional_tx_keys, use_view_tags, rct);
    if (!sort_tx_extra(tx.extra, tx.extra)) fail("tx_extra does not parse after adding the keys");
    if (tx.extra.size() > MAX_TX_EXTRA_SIZE) {
      fail("tx_extra is " + num(tx.extra.size()) + " bytes, more than the " + num(MAX_TX_EXTRA_SIZE) +
           " bytes allowed (MAX_TX_EXTRA_SIZE)");
    }
    if (outputs_money > inputs_money) {
      fail("outputs (" + num(outputs_money) + ") exceed inputs (" + num(inputs_money) + ")");
    }
    if (rct) {
      sign_rct(tx, st, sources, destinations, inputs_money - outputs_money, rct_config);
    } else {
      sign_v1(tx, st, sources);
    }
  });
  if (!ok) tx = transaction{};
  return ok;
}
}  // namespace

bool construct_tx_with_tx_key(const account_keys &sender_account_keys,
                              const std::unordered_map<crypto::public_key, subaddress_index> &subaddresses,
                              std::vector<tx_source_entry> &sources, std::vector<tx_destination_entry> &destinations,
                              const boost::optional<account_public_address> &change_addr,
                              const std::vector<std::uint8_t> &extra, transaction &tx, std::uint64_t unlock_time,
                              const crypto::secret_key &tx_key,
                              const std::vector<crypto::secret_key> &additional_tx_keys, bool rct,
                              const rct::RCTConfig &rct_config, bool shuffle_outs, bool use_view_tags,
                              std::string *error) {
  return construct_tx_impl(sender_account_keys, subaddresses, sources, destinations, change_addr, extra, tx,
                           unlock_time, tx_key, additional_tx_keys, rct, rct_config, shuffle_outs, use_view_tags, error,
                           nullptr);
}

bool construct_tx_and_get_tx_key(const account_keys &sender_account_keys,
                                 const std::unordered_map<crypto::public_key, subaddress_index> &subaddresses,
                                 std::vector<tx_source_entry> &sources, std::vector<tx_destination_entry> &destinations,
                                 const boost::optional<account_public_address> &change_addr,
                                 const std::vector<std::uint8_t> &extra, transaction &tx, std::uint64_t unlock_time,
                                 crypto::secret_key &tx_key, std::vector<crypto::secret_key> &additional_tx_keys,
                                 bool rct, const rct::RCTConfig &rct_config, bool use_view_tags, std::string *error) {
  auto wipe_keys = [&] {
    tx_key = crypto::secret_key();
    for (crypto::secret_key &k : additional_tx_keys) k = crypto::secret_key();
    additional_tx_keys.clear();
  };
  wipe_keys();
  crypto::public_key tx_key_pub;
  bool ok = guarded(error, [&] {
    const keypair txkey = keypair::generate(hw::get_device("default"));
    tx_key = txkey.sec;
    tx_key_pub = txkey.pub;
    std::size_t num_stdaddresses = 0, num_subaddresses = 0;
    account_public_address single_dest_subaddress{};
    classify_addresses(destinations, change_addr, num_stdaddresses, num_subaddresses, single_dest_subaddress);
    if (num_subaddresses > 0 && (num_stdaddresses > 0 || num_subaddresses > 1)) {
      additional_tx_keys.reserve(destinations.size());
      for (std::size_t i = 0; i < destinations.size(); ++i) additional_tx_keys.push_back(keypair::generate(hw::get_device("default")).sec);
    }
  });
  if (ok) {
    ok =
        construct_tx_impl(sender_account_keys, subaddresses, sources, destinations, change_addr, extra, tx, unlock_time,
                          tx_key, additional_tx_keys, rct, rct_config, true, use_view_tags, error, &tx_key_pub);
  } else {
    tx = transaction{};
  }
  if (!ok) wipe_keys();
  return ok;
}

bool construct_tx(const account_keys &sender_account_keys, std::vector<tx_source_entry> &sources,
                  const std::vector<tx_destination_entry> &destinations,
                  const boost::optional<account_public_address> &change_addr, const std::vector<std::uint8_t> &extra,
                  transaction &tx, std::uint64_t unlock_time, std::string *error) {
  std::unordered_map<crypto::public_key, subaddress_index> subaddresses;
  subaddresses[sender_account_keys.m_account_address.m_spend_public_key] = {0, 0};
  crypto::secret_key tx_key;
  std::vector<crypto::secret_key> additional_tx_keys;
  std::vector<tx_destination_entry> destinations_copy = destinations;
  return construct_tx_and_get_tx_key(sender_account_keys, subaddresses, sources, destinations_copy, change_addr, extra,
                                     tx, unlock_time, tx_key, additional_tx_keys, false, {rct::RangeProofBorromean, 0},
                                     false, error);
}

}  // namespace cryptonote
