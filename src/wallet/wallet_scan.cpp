#include "cryptonote/wallet_scan.h"

#include "crypto/crypto-ops.h"
#include "common/ct_declassify.h"

#include <sodium/utils.h>

#include "crypto/hash_batch.h"
#include "cryptonote/tx_extra.h"
#include "format/subaddress_scalar.h"
#include "ringct/rctOps.h"

#include "cryptonote/cryptonote_format_utils.h"
#include "crypto/crypto_batch.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <memory>
#include <thread>
#include <unordered_map>
#include <cstring>
#include <stdexcept>
#include <string>
#include <boost/variant.hpp>

namespace cryptonote {
namespace {

const unsigned char *u8(const void *p) { return static_cast<const unsigned char *>(p); }
unsigned char *u8(void *p) { return static_cast<unsigned char *>(p); }

// The encoding of the identity point (0, 1): Monero's rct::identity().
crypto::key_derivation identity_derivation() {
  crypto::key_derivation d{};
  d.data[0] = 1;
  return d;
}

// Looks S' = out_key - Hs(d || k)*G up in the table (after the view-tag check).
boost::optional<subaddress_receive_info> try_derivation(const cncrypto::subaddress_map &subaddresses,
                                                        const crypto::public_key &out_key,
                                                        const crypto::key_derivation &derivation,
                                                        std::size_t output_index,
                                                        const boost::optional<crypto::view_tag> &view_tag_opt) {
  if (!out_can_be_to_acc(view_tag_opt, derivation, output_index)) return boost::none;
  crypto::public_key spend_key;
  if (!crypto::derive_subaddress_public_key(out_key, derivation, output_index, spend_key)) return boost::none;
  // S' is public: one of our published spend keys, or for other outputs a
  // point unrelated to our keys. The lookup branches on it.
  CNCRYPTO_DECLASSIFY(&spend_key, sizeof spend_key);
  const auto found = subaddresses.find(spend_key);
  if (found == subaddresses.end()) return boost::none;
  return subaddress_receive_info{found->second, derivation};
}

}  // namespace

subaddress_receive_info::~subaddress_receive_info() { sodium_memzero(&derivation, sizeof derivation); }

bool get_output_public_key(const tx_out &out, crypto::public_key &key) {
  if (const auto *k = boost::get<txout_to_key>(&out.target)) {
    key = k->key;
    return true;
  }
  if (const auto *t = boost::get<txout_to_tagged_key>(&out.target)) {
    key = t->key;
    return true;
  }
  return false;
}

boost::optional<crypto::view_tag> get_output_view_tag(const tx_out &out) {
  if (const auto *t = boost::get<txout_to_tagged_key>(&out.target)) return t->view_tag;
  return boost::none;
}

bool out_can_be_to_acc(const boost::optional<crypto::view_tag> &view_tag_opt, const crypto::key_derivation &derivation,
                       std::size_t output_index) {
  if (!view_tag_opt) return true;
  crypto::view_tag derived;
  crypto::derive_view_tag(derivation, output_index, derived);
  // Whether the tag matches is public (the wallet acts on it); the tag byte
  // itself says nothing about the derivation beyond that.
  CNCRYPTO_DECLASSIFY(&derived, sizeof derived);
  return derived == *view_tag_opt;
}

bool is_out_to_acc(const account_keys &acc, const crypto::public_key &output_public_key,
                   const crypto::public_key &tx_pub_key, const std::vector<crypto::public_key> &additional_tx_pub_keys,
                   std::size_t output_index, const boost::optional<crypto::view_tag> &view_tag_opt) {
  crypto::key_derivation derivation;
  if (!crypto::generate_key_derivation(tx_pub_key, acc.m_view_secret_key, derivation)) return false;
  crypto::public_key pk;
  bool owned = false;
  if (out_can_be_to_acc(view_tag_opt, derivation, output_index)) {
    if (!crypto::derive_public_key(derivation, output_index, acc.m_account_address.m_spend_public_key, pk)) {
      sodium_memzero(&derivation, sizeof derivation);
      return false;
    }
    CNCRYPTO_DECLASSIFY(&pk, sizeof pk);  // compared with a public key: whether it is ours is public
    owned = pk == output_public_key;
  }
  if (!owned && !additional_tx_pub_keys.empty()) {
    if (output_index < additional_tx_pub_keys.size() &&
        crypto::generate_key_derivation(additional_tx_pub_keys[output_index], acc.m_view_secret_key, derivation) &&
        out_can_be_to_acc(view_tag_opt, derivation, output_index) &&
        crypto::derive_public_key(derivation, output_index, acc.m_account_address.m_spend_public_key, pk)) {
      CNCRYPTO_DECLASSIFY(&pk, sizeof pk);
      owned = pk == output_public_key;
    }
  }
  sodium_memzero(&derivation, sizeof derivation);
  return owned;
}

boost::optional<subaddress_receive_info> is_out_to_acc_precomp(
    const std::unordered_map<crypto::public_key, subaddress_index> &subaddresses, const crypto::public_key &out_key,
    const crypto::key_derivation &derivation, const std::vector<crypto::key_derivation> &additional_derivations,
    std::size_t output_index, hw::device &hwdev, const boost::optional<crypto::view_tag> &view_tag_opt) {
  cncrypto::require_software_device(hwdev, "cryptonote::is_out_to_acc_precomp");
  if (auto found = try_derivation(subaddresses, out_key, derivation, output_index, view_tag_opt)) return found;
  if (additional_derivations.empty() || output_index >= additional_derivations.size()) return boost::none;
  return try_derivation(subaddresses, out_key, additional_derivations[output_index], output_index, view_tag_opt);
}

bool lookup_acc_outs(const account_keys &acc, const transaction &tx, std::vector<std::size_t> &outs,
                     std::uint64_t &money_transfered) {
  const crypto::public_key tx_pub_key = get_tx_pub_key_from_extra(tx);
  if (tx_pub_key == crypto::null_pkey) return false;
  return lookup_acc_outs(acc, tx, tx_pub_key, get_additional_tx_pub_keys_from_extra(tx), outs, money_transfered);
}

bool lookup_acc_outs(const account_keys &acc, const transaction &tx, const crypto::public_key &tx_pub_key,
                     const std::vector<crypto::public_key> &additional_tx_pub_keys, std::vector<std::size_t> &outs,
                     std::uint64_t &money_transfered) {
  if (!additional_tx_pub_keys.empty() && additional_tx_pub_keys.size() != tx.vout.size()) return false;
  std::vector<std::size_t> found;
  std::uint64_t money = 0;
  for (std::size_t i = 0; i < tx.vout.size(); ++i) {
    crypto::public_key key;
    if (!get_output_public_key(tx.vout[i], key)) return false;
    if (is_out_to_acc(acc, key, tx_pub_key, additional_tx_pub_keys, i, get_output_view_tag(tx.vout[i]))) {
      found.push_back(i);
      money += tx.vout[i].amount;  // wraps as Monero's sum does
    }
  }
  outs.insert(outs.end(), found.begin(), found.end());
  money_transfered = money;
  return true;
}

namespace {

// x = s + b (+ m for a subaddress), in_ephemeral = (x*G, x) checked against
// out_key, ki = x*Hp(out_key); s = Hs(d || k) of the output (computed once by
// the caller). Constant time in s and the account secrets. The non-watch-only
// half of generate_key_image_helper_precomp.
bool key_image_from_scalar(const account_keys &ack, const crypto::public_key &out_key, const crypto::ec_scalar &s,
                           const subaddress_index &received_index, keypair &in_ephemeral, crypto::key_image &ki) {
  sc_add(u8(&in_ephemeral.sec), u8(&ack.m_spend_secret_key), u8(&s));
  if (!received_index.is_zero()) {
    tools::scrubbed<crypto::ec_scalar> m;  // wiped, not page-locked (a hot path)
    cncrypto::detail::subaddress_secret_scalar(ack.m_view_secret_key, received_index, m);
    sc_add(u8(&in_ephemeral.sec), u8(&in_ephemeral.sec), u8(&m));
  }
  if (!crypto::secret_key_to_public_key(in_ephemeral.sec, in_ephemeral.pub)) return false;
  // x*G is the output's (public) one-time key when the keys are right.
  CNCRYPTO_DECLASSIFY(&in_ephemeral.pub, sizeof in_ephemeral.pub);
  if (in_ephemeral.pub != out_key) return false;
  crypto::generate_key_image(in_ephemeral.pub, in_ephemeral.sec, ki);
  return true;
}

}  // namespace

bool generate_key_image_helper_precomp(const account_keys &ack, const crypto::public_key &out_key,
                                       const crypto::key_derivation &recv_derivation, std::size_t real_output_index,
                                       const subaddress_index &received_index, keypair &in_ephemeral,
                                       crypto::key_image &ki, hw::device &hwdev) {
  cncrypto::require_software_device(hwdev, "cryptonote::generate_key_image_helper_precomp");
  if (cncrypto::is_watch_only(ack)) {
    // Watch-only: the one-time key is known, its secret is not.
    in_ephemeral.pub = out_key;
    in_ephemeral.sec = crypto::null_skey;
    crypto::generate_key_image(in_ephemeral.pub, in_ephemeral.sec, ki);
    return true;
  }
  crypto::ec_scalar s;  // Hs(d || k)
  crypto::derivation_to_scalar(recv_derivation, real_output_index, s);
  const bool ok = key_image_from_scalar(ack, out_key, s, received_index, in_ephemeral, ki);
  sodium_memzero(&s, sizeof s);
  return ok;
}

bool generate_key_image_helper(const account_keys &ack,
                               const std::unordered_map<crypto::public_key, subaddress_index> &subaddresses,
                               const crypto::public_key &out_key, const crypto::public_key &tx_public_key,
                               const std::vector<crypto::public_key> &additional_tx_public_keys,
                               std::size_t real_output_index, keypair &in_ephemeral, crypto::key_image &ki,
                               hw::device &hwdev) {
  cncrypto::require_software_device(hwdev, "cryptonote::generate_key_image_helper");
  crypto::key_derivation recv_derivation;
  if (!crypto::generate_key_derivation(tx_public_key, ack.m_view_secret_key, recv_derivation))
    recv_derivation = identity_derivation();
  // Monero keeps only the additional derivations that could be computed.
  std::vector<crypto::key_derivation> additional;
  additional.reserve(additional_tx_public_keys.size());
  for (const crypto::public_key &key : additional_tx_public_keys) {
    crypto::key_derivation d;
    if (crypto::generate_key_derivation(key, ack.m_view_secret_key, d)) additional.push_back(d);
    sodium_memzero(&d, sizeof d);
  }
  const auto received =
      is_out_to_acc_precomp(subaddresses, out_key, recv_derivation, additional, real_output_index, hwdev);
  sodium_memzero(&recv_derivation, sizeof recv_derivation);
  if (!additional.empty()) sodium_memzero(additional.data(), additional.size() * sizeof additional[0]);
  if (!received) return false;
  return generate_key_image_helper_precomp(ack, out_key, received->derivation, real_output_index, received->index,
                                           in_ephemeral, ki, hwdev);
}

}  // namespace cryptonote

namespace cncrypto {

// The scanner below was written inside namespace cryptonote; it uses
// Monero's names (transaction, tx_out, account_keys, ...) unqualified.
using namespace cryptonote;

bool is_key_image_in_main_subgroup(const crypto::key_image &ki) { return rct::isInMainSubgroup(rct::ki2rct(ki)); }

owned_output::~owned_output() {
  sodium_memzero(&derivation, sizeof derivation);
  sodium_memzero(&mask, sizeof mask);
}

namespace {

// A derivation the scan may try, with its origin.
struct candidate {
  crypto::key_derivation derivation;
  bool additional;
  std::size_t index;  // 01 field number, or output index for additional keys
};

// Every distinct key of the 01 fields, and the first 04 field's keys.
void collect_tx_keys(const cncrypto::tx_extra_parse_result &extra, std::vector<crypto::public_key> &main_keys,
                     std::vector<crypto::public_key> &additional_keys) {
  bool have_additional = false;
  for (const auto &field : extra.fields) {
    if (const auto *pk = boost::get<tx_extra_pub_key>(&field)) {
      if (std::find(main_keys.begin(), main_keys.end(), pk->pub_key) == main_keys.end())
        main_keys.push_back(pk->pub_key);
    } else if (const auto *add = boost::get<tx_extra_additional_pub_keys>(&field)) {
      if (!have_additional) additional_keys = add->data;
      have_additional = true;
    }
  }
}

// The first nonce's payment id; a short one is decrypted with the derivation
// of the first tx public key (Monero's wallet uses that key's 8aR).
void read_payment_id(const cncrypto::tx_extra_parse_result &extra, const std::vector<candidate> &main_derivations,
                     scan_result &result) {
  const tx_extra_nonce *nonce = nullptr;
  for (const auto &field : extra.fields) {
    if ((nonce = boost::get<tx_extra_nonce>(&field)) != nullptr) break;
  }
  if (nonce == nullptr) return;
  if (get_payment_id_from_tx_extra_nonce(nonce->nonce, result.long_payment_id)) {
    result.has_long_payment_id = true;
  } else if (get_encrypted_payment_id_from_tx_extra_nonce(nonce->nonce, result.short_payment_id)) {
    if (main_derivations.empty() || main_derivations.front().index != 0) {
      result.short_payment_id = crypto::hash8{};
      result.problems.push_back("encrypted payment id: the first tx public key is not a valid point");
      return;
    }
    encrypt_payment_id(result.short_payment_id, main_derivations.front().derivation);
    result.has_short_payment_id = true;
  }
}

// The amount and mask of owned RingCT output k (types 1-6), from its amount key
// Hs(derivation || varint(k)) (spec 9.3; the scan computes it once per output): ecdhInfo decrypted (v2 for types 4-6,
// the 32-byte v1 form for types 1-3), then accepted only if it opens outPk[k].
// On success fills o.amount, o.mask and sets o.amount_decoded; otherwise leaves
// them zero and returns the problem. Constant time in the secrets; whether the
// decrypted amount fits 64 bits and whether the commitment matches are public
// (they are reported).
std::string decode_rct_amount(const rct::rctSigBase &rv, std::size_t k, const crypto::ec_scalar &amount_key,
                              owned_output &o) {
  const std::string where = "output " + std::to_string(k) + ": ";
  if (rv.type < rct::RCTTypeFull || rv.type > rct::RCTTypeBulletproofPlus)
    return where + "RingCT type " + std::to_string(rv.type) + " is not known: amount not decoded";
  if (k >= rv.ecdhInfo.size() || k >= rv.outPk.size())
    return where + "no ecdhInfo or outPk entry for it (" + std::to_string(rv.ecdhInfo.size()) + " and " +
           std::to_string(rv.outPk.size()) + " entries): amount not decoded";
  rct::key shared;
  std::memcpy(shared.bytes, amount_key.data, 32);
  rct::ecdhTuple t = rv.ecdhInfo[k];
  rct::ecdhDecode(t, shared, rv.type >= rct::RCTTypeBulletproof2);
  unsigned char upper = 0;
  for (int i = 8; i < 32; ++i) upper |= t.amount.bytes[i];
  std::uint64_t amount = 0;
  for (int i = 7; i >= 0; --i) amount = (amount << 8) | t.amount.bytes[i];
  rct::key C = rct::commit(amount, t.mask);
  unsigned char opens = static_cast<unsigned char>(static_cast<unsigned>(rct::equalKeys(C, rv.outPk[k].mask)) &
                                                   static_cast<unsigned>(upper == 0));
  CNCRYPTO_DECLASSIFY(&upper, 1);  // reported below: whether the decrypted value is a 64-bit amount
  CNCRYPTO_DECLASSIFY(&opens, 1);  // and whether it opens the public commitment
  std::string error;
  if (upper != 0) {
    error = where + "the decrypted amount (ecdhInfo, RingCT type " + std::to_string(rv.type) +
            ") does not fit in 64 bits: amount not accepted";
  } else if (!opens) {
    error = where + "the amount and mask decrypted from ecdhInfo do not open the output's commitment "
                    "(mask*G + amount*H != outPk): amount not accepted";
  } else {
    o.amount = amount;
    o.mask = t.mask;
    o.amount_decoded = true;
  }
  sodium_memzero(&shared, sizeof shared);
  sodium_memzero(&t, sizeof t);
  sodium_memzero(&C, sizeof C);
  sodium_memzero(&amount, sizeof amount);
  return error;
}

}  // namespace

namespace {

// S' = P - s*G: the spend key output P was sent to when s = Hs(d || k) is its
// amount key (Monero's derive_subaddress_public_key, with s computed once by
// the caller). false when P does not decode. Constant time in s
// (rct::addKeys1 of -s).
bool output_spend_key(const crypto::public_key &out_key, const crypto::ec_scalar &s, crypto::public_key &spend_key) {
  static constexpr unsigned char zero[32] = {};
  rct::key minus_s;
  sc_sub(minus_s.bytes, zero, u8(&s));
  rct::key S;
  bool ok = true;
  try {
    rct::addKeys1(S, minus_s, rct::pk2rct(out_key));
  } catch (const std::invalid_argument &) {
    ok = false;  // P does not decode (public)
  }
  sodium_memzero(&minus_s, sizeof minus_s);
  if (ok) spend_key = rct::rct2pk(S);
  return ok;
}

// scan_transaction's steps, in order; each adds its problems to the result in
// the order the transaction shows them. Secrets (derivations, amount keys) are
// wiped when it goes away. Buffers are sized once, so no reallocation leaves
// copies of secrets behind.
class scanner {
 public:
  scanner(const transaction &tx, const account_keys &keys, const subaddress_lookup &subaddresses)
      : tx_(tx), keys_(keys), subaddresses_(subaddresses), n_out_(tx.vout.size()) {}
  scanner(const scanner &) = delete;
  scanner &operator=(const scanner &) = delete;
  ~scanner() {
    for (candidate &c : main_) sodium_memzero(&c.derivation, sizeof c.derivation);
    for (candidate &c : additional_) sodium_memzero(&c.derivation, sizeof c.derivation);
    if (!amount_keys_.empty()) sodium_memzero(amount_keys_.data(), amount_keys_.size() * sizeof amount_keys_[0]);
  }

  // Step 1a: the tx public keys of tx_extra (main_keys(), additional_keys()).
  // false when there is none (nothing can be recognised).
  bool collect_keys() {
    extra_ = cncrypto::parse_tx_extra(cncrypto::byte_span(tx_.extra.data(), tx_.extra.size()));
    if (!extra_.complete) problem("tx_extra: " + extra_.error + "; the fields before it are used");
    collect_tx_keys(extra_, main_keys_, additional_keys_);
    if (main_keys_.empty() && additional_keys_.empty()) {
      problem("no tx public key in tx_extra: no output can be recognised");
      return false;
    }
    if (!additional_keys_.empty() && additional_keys_.size() != n_out_)
      problem(std::to_string(additional_keys_.size()) + " additional tx public keys for " + std::to_string(n_out_) +
              " outputs; outputs without one are checked against the main key only");
    additional_keys_.resize(std::min(additional_keys_.size(), n_out_));
    return true;
  }
  const std::vector<crypto::public_key> &main_keys() const { return main_keys_; }
  const std::vector<crypto::public_key> &additional_keys() const { return additional_keys_; }

  // Step 1b: the derivations 8aR of main_keys() and additional_keys(), in that
  // order (cncrypto::generate_key_derivations over them, ok flags per key).
  void set_derivations(const crypto::key_derivation *derivations, const std::uint8_t *ok) {
    main_.reserve(main_keys_.size());
    for (std::size_t j = 0; j < main_keys_.size(); ++j) {
      if (ok[j])
        main_.push_back(candidate{derivations[j], false, j});
      else
        problem("tx public key " + std::to_string(j) + " is not a valid point");
    }
    const std::size_t base = main_keys_.size();
    additional_.resize(additional_keys_.size());
    additional_ok_.assign(additional_.size(), false);
    for (std::size_t k = 0; k < additional_.size(); ++k) {
      additional_[k].additional = true;
      additional_[k].index = k;
      additional_ok_[k] = ok[base + k] != 0;
      if (additional_ok_[k])
        additional_[k].derivation = derivations[base + k];
      else
        problem("additional tx public key " + std::to_string(k) + " is not a valid point");
    }
  }

  // Step 1 for one transaction: 1a, then its derivations in one batch call.
  bool derive_tx_keys() {
    if (!collect_keys()) return false;
    const std::size_t n = main_keys_.size() + additional_keys_.size();
    std::vector<crypto::public_key> keys(main_keys_);
    keys.insert(keys.end(), additional_keys_.begin(), additional_keys_.end());
    std::vector<crypto::key_derivation> derivations(n);
    std::vector<std::uint8_t> ok(n);
    (void)cncrypto::generate_key_derivations(keys.data(), n, keys_.m_view_secret_key, derivations.data(), ok.data());
    set_derivations(derivations.data(), ok.data());
    sodium_memzero(derivations.data(), n * sizeof(crypto::key_derivation));
    return true;
  }

  // Step 2: the outputs' one-time keys and view tags.
  void read_outputs() {
    out_keys_.resize(n_out_);
    readable_.assign(n_out_, false);
    tags_.resize(n_out_);
    for (std::size_t k = 0; k < n_out_; ++k) {
      readable_[k] = get_output_public_key(tx_.vout[k], out_keys_[k]);
      if (!readable_[k]) {
        problem("output " + std::to_string(k) + ": target type " + std::to_string(tx_.vout[k].target.which()) +
                " has no one-time key (only txout_to_key and txout_to_tagged_key are scanned)");
        continue;
      }
      tags_[k] = get_output_view_tag(tx_.vout[k]);
      if (tags_[k]) tagged_.push_back(k);
    }
    match_.assign(n_out_, nullptr);
    index_.resize(n_out_);
    bad_key_.assign(n_out_, false);
    amount_keys_.resize(n_out_);
    batch_derivations_.resize(tagged_.size());
    batch_indexes_.resize(tagged_.size());
    batch_tags_.resize(tagged_.size());
  }

  // Step 3: one round per main tx public key: the view tags of all tagged
  // outputs under its derivation (one hash per output), then the full check
  // where the tag passes (or there is none). The tags are computed by the
  // caller in one batch call over main_tag_requests() (for many transactions
  // at once) and passed, declassified, to match_main_keys.
  std::size_t main_tag_count() const { return main_.size() * tagged_.size(); }
  void main_tag_requests(crypto::key_derivation *derivations, std::size_t *indexes) const {
    for (const candidate &c : main_) {
      for (std::size_t k : tagged_) {
        *derivations++ = c.derivation;
        *indexes++ = k;
      }
    }
  }
  void match_main_keys(const crypto::view_tag *tags) {
    for (const candidate &c : main_) {
      for (std::size_t k = 0; k < n_out_; ++k) {
        if (!readable_[k]) continue;
        const bool tag_passes = !tags_[k] || *tags++ == *tags_[k];
        if (tag_passes && still_open(k)) full_check(k, c);
      }
    }
  }
  // Step 3 for one transaction.
  void match_main_keys() {
    const std::size_t n = main_tag_count();
    std::vector<crypto::key_derivation> derivations(n);
    std::vector<std::size_t> indexes(n);
    std::vector<crypto::view_tag> tags(n);
    main_tag_requests(derivations.data(), indexes.data());
    cncrypto::derive_view_tags(derivations.data(), indexes.data(), n, tags.data());
    // As in out_can_be_to_acc: whether a tag matches is public.
    if (n != 0) CNCRYPTO_DECLASSIFY(tags.data(), n);
    if (n != 0) sodium_memzero(derivations.data(), n * sizeof(crypto::key_derivation));
    match_main_keys(tags.data());
  }

  // Step 4: the additional keys: output k against its own R_k, the tagged
  // ones' view tags in one batch call.
  void match_additional_keys() {
    std::size_t n_batch = 0;
    for (std::size_t k = 0; k < additional_.size(); ++k) {
      if (!still_open(k) || !additional_ok_[k] || !tags_[k]) continue;
      batch_derivations_[n_batch] = additional_[k].derivation;
      batch_indexes_[n_batch] = k;
      ++n_batch;
    }
    cncrypto::derive_view_tags(batch_derivations_.data(), batch_indexes_.data(), n_batch, batch_tags_.data());
    if (n_batch != 0) CNCRYPTO_DECLASSIFY(batch_tags_.data(), n_batch);
    std::size_t t = 0;
    for (std::size_t k = 0; k < additional_.size(); ++k) {
      if (!still_open(k) || !additional_ok_[k]) continue;
      const bool tag_passes = !tags_[k] || batch_tags_[t++] == *tags_[k];
      if (tag_passes) full_check(k, additional_[k]);
    }
    if (!batch_derivations_.empty())
      sodium_memzero(batch_derivations_.data(), batch_derivations_.size() * sizeof batch_derivations_[0]);
  }

  // Step 5: every recognised output with its amount and key image, then the
  // payment id. Returns the result.
  scan_result report_owned() {
    const bool watch_only = is_watch_only(keys_);
    for (std::size_t k = 0; k < n_out_; ++k) {
      if (match_[k] != nullptr) result_.outputs.push_back(owned(k, watch_only));
    }
    if (!result_.outputs.empty()) read_payment_id(extra_, main_, result_);
    return std::move(result_);
  }

  scan_result take_result() { return std::move(result_); }

 private:
  void problem(std::string text) { result_.problems.push_back(std::move(text)); }
  bool still_open(std::size_t k) const { return readable_[k] && match_[k] == nullptr && !bad_key_[k]; }

  // The full check of output k under candidate c: s = Hs(d || k) (the one
  // computation of it for this output), S' = P - s*G looked up in the table.
  void full_check(std::size_t k, const candidate &c) {
    crypto::ec_scalar s;
    crypto::derivation_to_scalar(c.derivation, k, s);
    crypto::public_key spend_key;
    if (!output_spend_key(out_keys_[k], s, spend_key)) {
      sodium_memzero(&s, sizeof s);
      problem("output " + std::to_string(k) + ": the one-time key is not a valid point");
      bad_key_[k] = true;
      return;
    }
    CNCRYPTO_DECLASSIFY(&spend_key, sizeof spend_key);  // see try_derivation
    boost::optional<subaddress_index> found;
    try {
      found = subaddresses_.find(spend_key);  // a caller's lookup may throw despite its contract
    } catch (...) {
      sodium_memzero(&s, sizeof s);
      throw;
    }
    if (!found) {
      sodium_memzero(&s, sizeof s);
      return;
    }
    match_[k] = &c;
    index_[k] = *found;
    amount_keys_[k] = s;  // kept for the amount and the key image
    sodium_memzero(&s, sizeof s);
  }

  // Owned output k: its amount (clear, or decoded with the amount key) and,
  // unless watch-only, its key image from the same scalar.
  owned_output owned(std::size_t k, bool watch_only) {
    owned_output o;
    o.output_index = k;
    o.received_index = index_[k];
    o.out_key = out_keys_[k];
    o.additional_key = match_[k]->additional;
    o.tx_pub_key_index = match_[k]->index;
    o.derivation = match_[k]->derivation;
    if (tx_.version == 1 || tx_.rct_signatures.type == rct::RCTTypeNull) {
      o.amount = tx_.vout[k].amount;
      o.amount_decoded = true;
    } else {
      const std::string error = decode_rct_amount(tx_.rct_signatures, k, amount_keys_[k], o);
      if (!error.empty()) problem(error);
    }
    if (!watch_only) {
      keypair ephemeral;
      o.key_image_known = key_image_from_scalar(keys_, o.out_key, amount_keys_[k], index_[k], ephemeral, o.key_image);
      if (!o.key_image_known) {
        o.key_image = crypto::key_image{};
        problem("output " + std::to_string(k) +
                ": recognised, but the one-time secret key does not give its key (inconsistent account keys)");
      }
    }
    return o;
  }

  const transaction &tx_;
  const account_keys &keys_;
  const subaddress_lookup &subaddresses_;
  const std::size_t n_out_;
  scan_result result_;
  cncrypto::tx_extra_parse_result extra_;

  std::vector<candidate> main_;        // one per valid main tx public key
  std::vector<candidate> additional_;  // one per output that has an additional key
  std::vector<bool> additional_ok_;

  std::vector<crypto::public_key> out_keys_;
  std::vector<bool> readable_;
  std::vector<boost::optional<crypto::view_tag>> tags_;
  std::vector<std::size_t> tagged_;  // indexes of the readable outputs that have a view tag

  // Per output: the candidate that recognised it, its subaddress, whether its
  // key failed to decode, and its amount key Hs(d || k) (secret).
  std::vector<const candidate *> match_;
  std::vector<subaddress_index> index_;
  std::vector<bool> bad_key_;
  std::vector<crypto::ec_scalar> amount_keys_;

  std::vector<crypto::key_derivation> batch_derivations_;
  std::vector<std::size_t> batch_indexes_;
  std::vector<crypto::view_tag> batch_tags_;

  std::vector<crypto::public_key> main_keys_, additional_keys_;
};

}  // namespace

scan_result scan_transaction(const transaction &tx, const account_keys &keys, const subaddress_map &subaddresses) {
  const subaddress_map_lookup lookup(subaddresses);
  scanner scan(tx, keys, lookup);
  if (!scan.derive_tx_keys()) return scan.take_result();
  scan.read_outputs();
  scan.match_main_keys();
  scan.match_additional_keys();
  return scan.report_owned();
}

namespace {

// Transactions per round of scan_range: enough that the batch calls are long
// (one derivation per transaction, two view tags), few enough that the
// round's scratch stays small.
constexpr std::size_t round_size = 256;

// txs[0..count) scanned in rounds, results to out[0..count): per round, every
// transaction's tx public keys in one generate_key_derivations call, every
// main-key view tag in one derive_view_tags call, then each transaction's own
// remaining steps (additional keys, full checks, amounts, key images) as in
// scan_transaction, whose results these are.
void scan_range(const transaction *txs, std::size_t count, const account_keys &keys,
                const subaddress_lookup &subaddresses, const crypto::hash *tx_hashes, scanned_transaction *out) {
  std::vector<std::unique_ptr<scanner>> scanners;
  std::vector<std::uint8_t> has_keys;
  std::vector<crypto::public_key> pubs;
  std::vector<crypto::key_derivation> derivations;
  std::vector<std::uint8_t> ok;
  std::vector<std::size_t> indexes;
  std::vector<crypto::view_tag> tags;
  auto wipe = [&] {
    if (!derivations.empty()) sodium_memzero(derivations.data(), derivations.size() * sizeof derivations[0]);
  };
  try {
    for (std::size_t begin = 0; begin < count; begin += round_size) {
      const std::size_t n = std::min(round_size, count - begin);
      scanners.clear();
      has_keys.assign(n, 0);
      pubs.clear();
      for (std::size_t t = 0; t < n; ++t) {
        scanners.push_back(std::make_unique<scanner>(txs[begin + t], keys, subaddresses));
        has_keys[t] = scanners[t]->collect_keys() ? 1 : 0;
        if (!has_keys[t]) continue;
        pubs.insert(pubs.end(), scanners[t]->main_keys().begin(), scanners[t]->main_keys().end());
        pubs.insert(pubs.end(), scanners[t]->additional_keys().begin(), scanners[t]->additional_keys().end());
      }
      wipe();
      derivations.assign(pubs.size(), crypto::key_derivation{});
      ok.assign(pubs.size(), 0);
      (void)cncrypto::generate_key_derivations(pubs.data(), pubs.size(), keys.m_view_secret_key, derivations.data(),
                                             ok.data());
      std::size_t at = 0, n_tags = 0;
      for (std::size_t t = 0; t < n; ++t) {
        if (!has_keys[t]) continue;
        scanners[t]->set_derivations(derivations.data() + at, ok.data() + at);
        at += scanners[t]->main_keys().size() + scanners[t]->additional_keys().size();
        scanners[t]->read_outputs();
        n_tags += scanners[t]->main_tag_count();
      }
      wipe();
      derivations.assign(n_tags, crypto::key_derivation{});
      indexes.assign(n_tags, 0);
      tags.assign(n_tags, crypto::view_tag{});
      at = 0;
      for (std::size_t t = 0; t < n; ++t) {
        if (!has_keys[t]) continue;
        scanners[t]->main_tag_requests(derivations.data() + at, indexes.data() + at);
        at += scanners[t]->main_tag_count();
      }
      cncrypto::derive_view_tags(derivations.data(), indexes.data(), n_tags, tags.data());
      if (n_tags != 0) CNCRYPTO_DECLASSIFY(tags.data(), n_tags);  // as in out_can_be_to_acc: public
      wipe();
      at = 0;
      for (std::size_t t = 0; t < n; ++t) {
        scanned_transaction &r = out[begin + t];
        if (has_keys[t]) {
          scanners[t]->match_main_keys(tags.data() + at);
          at += scanners[t]->main_tag_count();
          scanners[t]->match_additional_keys();
          r.result = scanners[t]->report_owned();
        } else {
          r.result = scanners[t]->take_result();
        }
        if (r.result.outputs.empty()) continue;
        if (tx_hashes != nullptr) {
          r.tx_hash = tx_hashes[begin + t];
          r.tx_hash_known = true;
        } else if (!txs[begin + t].pruned) {
          r.tx_hash = get_transaction_hash(txs[begin + t]);
          r.tx_hash_known = true;
        } else {
          r.result.problems.push_back("the transaction is pruned: its hash is not known (pass tx_hashes)");
        }
      }
      scanners.clear();  // wipes the round's derivations and amount keys
    }
  } catch (...) {
    wipe();
    throw;
  }
  wipe();
}

}  // namespace

std::vector<scanned_transaction> scan_transactions(const transaction *txs, std::size_t count,
                                                   const account_keys &keys, const subaddress_lookup &subaddresses,
                                                   const crypto::hash *tx_hashes) {
  if (count != 0 && txs == nullptr)
    throw std::invalid_argument("scan_transactions: txs is null but count is " + std::to_string(count));
  std::vector<scanned_transaction> out(count);
  scan_range(txs, count, keys, subaddresses, tx_hashes, out.data());
  return out;
}

std::vector<scanned_transaction> scan_transactions(const transaction *txs, std::size_t count,
                                                   const account_keys &keys, const subaddress_lookup &subaddresses,
                                                   const parallel_executor &executor, std::size_t tasks,
                                                   const crypto::hash *tx_hashes) {
  if (count != 0 && txs == nullptr)
    throw std::invalid_argument("scan_transactions: txs is null but count is " + std::to_string(count));
  if (!executor) throw std::invalid_argument("scan_transactions: executor is empty");
  std::vector<scanned_transaction> out(count);
  if (count == 0) return out;
  tasks = std::max<std::size_t>(1, std::min(tasks, (count + round_size - 1) / round_size));
  // Task i scans the i-th of `tasks` contiguous, nearly equal ranges; each writes
  // only its own part of out, so the result does not depend on the order or the
  // threads the tasks run on.
  std::vector<std::exception_ptr> errors(tasks);
  // The executor's contract (each task exactly once, all finished on return) is
  // checked: a task never run would leave its transactions looking unowned.
  const std::unique_ptr<std::atomic<unsigned>[]> runs(new std::atomic<unsigned>[tasks]());
  std::atomic<bool> out_of_range{false};
  executor(tasks, [&](std::size_t i) {
    if (i >= tasks) {
      out_of_range = true;
      return;
    }
    if (runs[i]++ != 0) return;
    const std::size_t begin = count * i / tasks, end = count * (i + 1) / tasks;
    try {
      scan_range(txs + begin, end - begin, keys, subaddresses, tx_hashes ? tx_hashes + begin : nullptr,
                 out.data() + begin);
    } catch (...) {
      errors[i] = std::current_exception();
    }
  });
  if (out_of_range)
    throw std::logic_error("scan_transactions: the executor ran a task index >= tasks (" + std::to_string(tasks) + ")");
  for (std::size_t i = 0; i < tasks; ++i) {
    const unsigned n = runs[i].load();
    if (n != 1)
      throw std::logic_error("scan_transactions: the executor ran task " + std::to_string(i) + " of " +
                             std::to_string(tasks) + " " + std::to_string(n) +
                             " times (a parallel_executor must run each task exactly once and return when all finished)");
  }
  for (const auto &e : errors) {
    if (e) std::rethrow_exception(e);
  }
  return out;
}

std::vector<scanned_transaction> scan_transactions(const transaction *txs, std::size_t count,
                                                   const account_keys &keys, const subaddress_lookup &subaddresses,
                                                   unsigned threads, const crypto::hash *tx_hashes) {
  if (threads <= 1) return scan_transactions(txs, count, keys, subaddresses, tx_hashes);
  const parallel_executor own_threads = [](std::size_t tasks, const std::function<void(std::size_t)> &run) {
    std::vector<std::thread> pool;
    try {
      pool.reserve(tasks - 1);
      for (std::size_t i = 1; i < tasks; ++i) pool.emplace_back(run, i);
    } catch (const std::exception &) {
      // No more threads (std::system_error, std::bad_alloc): the tasks that did
      // not get one run here, so the result is the same.
    }
    for (std::size_t i = pool.size() + 1; i < tasks; ++i) run(i);
    run(0);
    for (auto &t : pool) t.join();
  };
  return scan_transactions(txs, count, keys, subaddresses, own_threads, threads, tx_hashes);
}

// The subaddress_map forms: the same through subaddress_map_lookup.
std::vector<scanned_transaction> scan_transactions(const transaction *txs, std::size_t count,
                                                   const account_keys &keys, const subaddress_map &subaddresses,
                                                   const crypto::hash *tx_hashes) {
  return scan_transactions(txs, count, keys, subaddress_map_lookup(subaddresses), tx_hashes);
}

std::vector<scanned_transaction> scan_transactions(const transaction *txs, std::size_t count,
                                                   const account_keys &keys, const subaddress_map &subaddresses,
                                                   const parallel_executor &executor, std::size_t tasks,
                                                   const crypto::hash *tx_hashes) {
  return scan_transactions(txs, count, keys, subaddress_map_lookup(subaddresses), executor, tasks, tx_hashes);
}

std::vector<scanned_transaction> scan_transactions(const transaction *txs, std::size_t count,
                                                   const account_keys &keys, const subaddress_map &subaddresses,
                                                   unsigned threads, const crypto::hash *tx_hashes) {
  return scan_transactions(txs, count, keys, subaddress_map_lookup(subaddresses), threads, tx_hashes);
}

}  // namespace cncrypto
