#include "cryptonote/wallet_scan.h"

#include "crypto/crypto-ops.h"
#include "common/ct_declassify.h"

#include <sodium/utils.h>

#include "crypto/hash_batch.h"
#include "cryptonote/tx_extra.h"
#include "ringct/rctOps.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <variant>

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

// A watch-only account has an all-zero spend secret. Compared in constant
// time; the answer is public (the account's kind).
bool is_watch_only(const account_keys &keys) {
  bool watch_only = keys.m_spend_secret_key == crypto::null_skey;
  CNCRYPTO_DECLASSIFY(&watch_only, sizeof watch_only);
  return watch_only;
}

// L, the order of the prime subgroup, little-endian (Monero's rct::curveOrder()).
constexpr unsigned char curve_order[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                           0xa2, 0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                                           0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

// Looks S' = out_key - Hs(d || k)*G up in the table (after the view-tag check).
std::optional<subaddress_receive_info> try_derivation(const subaddress_map &subaddresses,
                                                      const crypto::public_key &out_key,
                                                      const crypto::key_derivation &derivation,
                                                      std::size_t output_index,
                                                      const std::optional<crypto::view_tag> &view_tag_opt) {
  if (!out_can_be_to_acc(view_tag_opt, derivation, output_index)) return std::nullopt;
  crypto::public_key spend_key;
  if (!crypto::derive_subaddress_public_key(out_key, derivation, output_index, spend_key)) return std::nullopt;
  // S' is public: one of our published spend keys, or for other outputs a
  // point unrelated to our keys. The lookup branches on it.
  CNCRYPTO_DECLASSIFY(&spend_key, sizeof spend_key);
  const auto found = subaddresses.find(spend_key);
  if (found == subaddresses.end()) return std::nullopt;
  return subaddress_receive_info{found->second, derivation};
}

}  // namespace

subaddress_receive_info::~subaddress_receive_info() { sodium_memzero(&derivation, sizeof derivation); }

bool get_output_public_key(const tx_out &out, crypto::public_key &key) {
  if (const auto *k = std::get_if<txout_to_key>(&out.target)) {
    key = k->key;
    return true;
  }
  if (const auto *t = std::get_if<txout_to_tagged_key>(&out.target)) {
    key = t->key;
    return true;
  }
  return false;
}

std::optional<crypto::view_tag> get_output_view_tag(const tx_out &out) {
  if (const auto *t = std::get_if<txout_to_tagged_key>(&out.target)) return t->view_tag;
  return std::nullopt;
}

bool out_can_be_to_acc(const std::optional<crypto::view_tag> &view_tag_opt, const crypto::key_derivation &derivation,
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
                   std::size_t output_index, const std::optional<crypto::view_tag> &view_tag_opt) {
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

std::optional<subaddress_receive_info> is_out_to_acc_precomp(
    const subaddress_map &subaddresses, const crypto::public_key &out_key, const crypto::key_derivation &derivation,
    const std::vector<crypto::key_derivation> &additional_derivations, std::size_t output_index,
    const std::optional<crypto::view_tag> &view_tag_opt) {
  if (auto found = try_derivation(subaddresses, out_key, derivation, output_index, view_tag_opt)) return found;
  if (additional_derivations.empty() || output_index >= additional_derivations.size()) return std::nullopt;
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

bool generate_key_image_helper_precomp(const account_keys &ack, const crypto::public_key &out_key,
                                       const crypto::key_derivation &recv_derivation, std::size_t real_output_index,
                                       const subaddress_index &received_index, keypair &in_ephemeral,
                                       crypto::key_image &ki) {
  if (is_watch_only(ack)) {
    // Watch-only: the one-time key is known, its secret is not.
    in_ephemeral.pub = out_key;
    in_ephemeral.sec = crypto::null_skey;
  } else {
    // x = Hs(d || k) + b, plus m for a subaddress.
    crypto::derive_secret_key(recv_derivation, real_output_index, ack.m_spend_secret_key, in_ephemeral.sec);
    if (!received_index.is_zero()) {
      const crypto::secret_key m = get_subaddress_secret_key(ack.m_view_secret_key, received_index);
      sc_add(u8(&in_ephemeral.sec), u8(&in_ephemeral.sec), u8(&m));
    }
    if (!crypto::secret_key_to_public_key(in_ephemeral.sec, in_ephemeral.pub)) return false;
    // x*G is the output's (public) one-time key when the keys are right.
    CNCRYPTO_DECLASSIFY(&in_ephemeral.pub, sizeof in_ephemeral.pub);
    if (in_ephemeral.pub != out_key) return false;
  }
  crypto::generate_key_image(in_ephemeral.pub, in_ephemeral.sec, ki);
  return true;
}

bool generate_key_image_helper(const account_keys &ack, const subaddress_map &subaddresses,
                               const crypto::public_key &out_key, const crypto::public_key &tx_public_key,
                               const std::vector<crypto::public_key> &additional_tx_public_keys,
                               std::size_t real_output_index, keypair &in_ephemeral, crypto::key_image &ki) {
  crypto::key_derivation recv_derivation;
  if (!crypto::generate_key_derivation(tx_public_key, ack.m_view_secret_key, recv_derivation))
    recv_derivation = identity_derivation();
  std::vector<crypto::key_derivation> additional(additional_tx_public_keys.size());
  for (std::size_t i = 0; i < additional.size(); ++i) {
    if (!crypto::generate_key_derivation(additional_tx_public_keys[i], ack.m_view_secret_key, additional[i]))
      additional[i] = identity_derivation();
  }
  const auto received = is_out_to_acc_precomp(subaddresses, out_key, recv_derivation, additional, real_output_index);
  sodium_memzero(&recv_derivation, sizeof recv_derivation);
  if (!additional.empty()) sodium_memzero(additional.data(), additional.size() * sizeof additional[0]);
  if (!received) return false;
  return generate_key_image_helper_precomp(ack, out_key, received->derivation, real_output_index, received->index,
                                           in_ephemeral, ki);
}

bool is_key_image_in_main_subgroup(const crypto::key_image &ki) {
  ge_p3 point;
  if (ge_frombytes_vartime(&point, u8(&ki)) != 0) return false;
  // L*ki + 0*G, then compare with the identity encoding.
  static constexpr unsigned char zero[32] = {};
  ge_p2 product;
  ge_double_scalarmult_base_vartime(&product, curve_order, &point, zero);
  unsigned char encoded[32];
  ge_tobytes(encoded, &product);
  const crypto::key_derivation identity = identity_derivation();
  return std::memcmp(encoded, identity.data, 32) == 0;
}

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
void collect_tx_keys(const tx_extra_parse_result &extra, std::vector<crypto::public_key> &main_keys,
                     std::vector<crypto::public_key> &additional_keys) {
  bool have_additional = false;
  for (const auto &field : extra.fields) {
    if (const auto *pk = std::get_if<tx_extra_pub_key>(&field)) {
      if (std::find(main_keys.begin(), main_keys.end(), pk->pub_key) == main_keys.end())
        main_keys.push_back(pk->pub_key);
    } else if (const auto *add = std::get_if<tx_extra_additional_pub_keys>(&field)) {
      if (!have_additional) additional_keys = add->data;
      have_additional = true;
    }
  }
}

// The first nonce's payment id; a short one is decrypted with the derivation
// of the first tx public key (Monero's wallet uses that key's 8aR).
void read_payment_id(const tx_extra_parse_result &extra, const std::vector<candidate> &main_derivations,
                     scan_result &result) {
  const tx_extra_nonce *nonce = nullptr;
  for (const auto &field : extra.fields) {
    if ((nonce = std::get_if<tx_extra_nonce>(&field)) != nullptr) break;
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

// The amount and mask of owned RingCT output k (types 1-6), from the amount key
// Hs(derivation || varint(k)) (spec 9.3): ecdhInfo decrypted (v2 for types 4-6,
// the 32-byte v1 form for types 1-3), then accepted only if it opens outPk[k].
// On success fills o.amount, o.mask and sets o.amount_decoded; otherwise leaves
// them zero and returns the problem. Constant time in the secrets; whether the
// decrypted amount fits 64 bits and whether the commitment matches are public
// (they are reported).
std::string decode_rct_amount(const rct::rctSigBase &rv, std::size_t k, owned_output &o) {
  const std::string where = "output " + std::to_string(k) + ": ";
  if (rv.type < rct::RCTTypeFull || rv.type > rct::RCTTypeBulletproofPlus)
    return where + "RingCT type " + std::to_string(rv.type) + " is not known: amount not decoded";
  if (k >= rv.ecdhInfo.size() || k >= rv.outPk.size())
    return where + "no ecdhInfo or outPk entry for it (" + std::to_string(rv.ecdhInfo.size()) + " and " +
           std::to_string(rv.outPk.size()) + " entries): amount not decoded";
  crypto::ec_scalar amount_key;
  crypto::derivation_to_scalar(o.derivation, k, amount_key);
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
  sodium_memzero(&amount_key, sizeof amount_key);
  sodium_memzero(&shared, sizeof shared);
  sodium_memzero(&t, sizeof t);
  sodium_memzero(&C, sizeof C);
  sodium_memzero(&amount, sizeof amount);
  return error;
}

}  // namespace

scan_result scan_transaction(const transaction &tx, const account_keys &keys, const subaddress_map &subaddresses) {
  scan_result result;
  auto problem = [&result](std::string text) { result.problems.push_back(std::move(text)); };

  const tx_extra_parse_result extra = parse_tx_extra(byte_span(tx.extra.data(), tx.extra.size()));
  if (!extra.complete) problem("tx_extra: " + extra.error + "; the fields before it are used");
  std::vector<crypto::public_key> main_keys, additional_keys;
  collect_tx_keys(extra, main_keys, additional_keys);
  if (main_keys.empty() && additional_keys.empty()) {
    problem("no tx public key in tx_extra: no output can be recognised");
    return result;
  }
  const std::size_t n_out = tx.vout.size();
  if (!additional_keys.empty() && additional_keys.size() != n_out)
    problem(std::to_string(additional_keys.size()) + " additional tx public keys for " + std::to_string(n_out) +
            " outputs; outputs without one are checked against the main key only");

  // One derivation per tx public key.
  std::vector<candidate> main_derivations;
  main_derivations.reserve(main_keys.size());
  for (std::size_t j = 0; j < main_keys.size(); ++j) {
    candidate c{{}, false, j};
    if (crypto::generate_key_derivation(main_keys[j], keys.m_view_secret_key, c.derivation))
      main_derivations.push_back(c);
    else
      problem("tx public key " + std::to_string(j) + " is not a valid point");
    sodium_memzero(&c.derivation, sizeof c.derivation);
  }
  std::vector<candidate> additional_derivations(std::min(additional_keys.size(), n_out));
  std::vector<bool> additional_ok(additional_derivations.size(), false);
  for (std::size_t k = 0; k < additional_derivations.size(); ++k) {
    additional_derivations[k].additional = true;
    additional_derivations[k].index = k;
    additional_ok[k] =
        crypto::generate_key_derivation(additional_keys[k], keys.m_view_secret_key, additional_derivations[k].derivation);
    if (!additional_ok[k]) problem("additional tx public key " + std::to_string(k) + " is not a valid point");
  }

  // The outputs' one-time keys and view tags.
  std::vector<crypto::public_key> out_keys(n_out);
  std::vector<bool> readable(n_out, false);
  std::vector<std::optional<crypto::view_tag>> tags(n_out);
  std::vector<std::size_t> tagged;  // indexes of the readable outputs that have a view tag
  for (std::size_t k = 0; k < n_out; ++k) {
    readable[k] = get_output_public_key(tx.vout[k], out_keys[k]);
    if (!readable[k]) {
      problem("output " + std::to_string(k) + ": target type " + std::to_string(tx.vout[k].target.index()) +
              " has no one-time key (only txout_to_key and txout_to_tagged_key are scanned)");
      continue;
    }
    tags[k] = get_output_view_tag(tx.vout[k]);
    if (tags[k]) tagged.push_back(k);
  }

  // For each output: the candidate that recognised it, and its subaddress.
  std::vector<const candidate *> match(n_out, nullptr);
  std::vector<subaddress_index> index(n_out);
  std::vector<bool> bad_key(n_out, false);
  // The full check, once the view tag passed (or there is none):
  // S' = P - Hs(d || k)*G looked up in the table.
  auto full_check = [&](std::size_t k, const candidate &c) {
    crypto::public_key spend_key;
    if (!crypto::derive_subaddress_public_key(out_keys[k], c.derivation, k, spend_key)) {
      problem("output " + std::to_string(k) + ": the one-time key is not a valid point");
      bad_key[k] = true;
      return;
    }
    CNCRYPTO_DECLASSIFY(&spend_key, sizeof spend_key);  // see try_derivation
    const auto found = subaddresses.find(spend_key);
    if (found == subaddresses.end()) return;
    match[k] = &c;
    index[k] = found->second;
  };
  auto still_open = [&](std::size_t k) { return readable[k] && match[k] == nullptr && !bad_key[k]; };

  // One round per tx public key: the view tags of all tagged outputs under its
  // derivation in one batch call (one hash per output), then the full check
  // where the tag passes. Buffers are sized once (no reallocation leaves
  // copies of derivations behind) and wiped after.
  std::vector<crypto::key_derivation> batch_derivations(tagged.size());
  std::vector<std::size_t> batch_indexes(tagged.size());
  std::vector<crypto::view_tag> batch_tags(tagged.size());
  for (const candidate &c : main_derivations) {
    std::fill(batch_derivations.begin(), batch_derivations.end(), c.derivation);
    crypto::derive_view_tags(batch_derivations.data(), tagged.data(), tagged.size(), batch_tags.data());
    // As in out_can_be_to_acc: whether a tag matches is public.
    if (!batch_tags.empty()) CNCRYPTO_DECLASSIFY(batch_tags.data(), batch_tags.size());
    std::size_t t = 0;  // position in tagged
    for (std::size_t k = 0; k < n_out; ++k) {
      if (!readable[k]) continue;
      const bool tag_passes = !tags[k] || batch_tags[t++] == *tags[k];
      if (tag_passes && still_open(k)) full_check(k, c);
    }
  }
  // The additional keys: output k against its own R_k, the tagged ones batched.
  std::size_t n_batch = 0;
  for (std::size_t k = 0; k < additional_derivations.size(); ++k) {
    if (!still_open(k) || !additional_ok[k] || !tags[k]) continue;
    batch_derivations[n_batch] = additional_derivations[k].derivation;
    batch_indexes[n_batch] = k;
    ++n_batch;
  }
  crypto::derive_view_tags(batch_derivations.data(), batch_indexes.data(), n_batch, batch_tags.data());
  if (n_batch != 0) CNCRYPTO_DECLASSIFY(batch_tags.data(), n_batch);
  std::size_t t = 0;
  for (std::size_t k = 0; k < additional_derivations.size(); ++k) {
    if (!still_open(k) || !additional_ok[k]) continue;
    const bool tag_passes = !tags[k] || batch_tags[t++] == *tags[k];
    if (tag_passes) full_check(k, additional_derivations[k]);
  }
  if (!batch_derivations.empty())
    sodium_memzero(batch_derivations.data(), batch_derivations.size() * sizeof batch_derivations[0]);

  const bool watch_only = is_watch_only(keys);
  for (std::size_t k = 0; k < n_out; ++k) {
    if (match[k] == nullptr) continue;
    owned_output o;
    o.output_index = k;
    o.received_index = index[k];
    o.out_key = out_keys[k];
    o.additional_key = match[k]->additional;
    o.tx_pub_key_index = match[k]->index;
    o.derivation = match[k]->derivation;
    if (tx.version == 1 || tx.rct_signatures.type == rct::RCTTypeNull) {
      o.amount = tx.vout[k].amount;
      o.amount_decoded = true;
    } else {
      const std::string error = decode_rct_amount(tx.rct_signatures, k, o);
      if (!error.empty()) problem(error);
    }
    if (!watch_only) {
      keypair ephemeral;
      o.key_image_known = generate_key_image_helper_precomp(keys, o.out_key, o.derivation, k, index[k], ephemeral,
                                                            o.key_image);
      if (!o.key_image_known) {
        o.key_image = crypto::key_image{};
        problem("output " + std::to_string(k) +
                ": recognised, but the one-time secret key does not give its key (inconsistent account keys)");
      }
    }
    result.outputs.push_back(o);
  }
  if (!result.outputs.empty()) read_payment_id(extra, main_derivations, result);
  for (candidate &c : main_derivations) sodium_memzero(&c.derivation, sizeof c.derivation);
  for (candidate &c : additional_derivations) sodium_memzero(&c.derivation, sizeof c.derivation);
  return result;
}

}  // namespace cryptonote
