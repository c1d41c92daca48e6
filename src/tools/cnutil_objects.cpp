#include "cnutil_objects.h"

#include "common/hex.h"
#include "cryptonote/binary_reader.h"
#include "cryptonote/cryptonote_basic.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/json.h"
#include "cryptonote/serialization.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <stdexcept>
#include <utility>
#include <type_traits>

namespace cncrypto::tools {
namespace {

using json = nlohmann::ordered_json;

template <typename T>
std::string hex_of(const T &pod) {
  static_assert(std::is_trivially_copyable_v<T>);
  return cncrypto::hex_encode(&pod, sizeof pod);
}

std::string hex_of(const std::vector<std::uint8_t> &bytes) { return cncrypto::hex_encode(bytes.data(), bytes.size()); }
std::string hex_of(const cryptonote::blobdata &bytes) { return cncrypto::hex_encode(bytes.data(), bytes.size()); }

// A JSON array of f(element) for each element of v.
template <class V, class F>
json array_json(const V &v, F &&f) {
  json out = json::array();
  for (const auto &e : v) out.push_back(f(e));
  return out;
}

json keys_json(const rct::keyV &keys) {
  return array_json(keys, [](const rct::key &k) { return hex_of(k); });
}

json input_json(const cryptonote::txin_v &in) {
  return boost::apply_visitor(
      [](const auto &v) -> json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, cryptonote::txin_gen>) {
          return {{"gen", {{"height", v.height}}}};
        } else if constexpr (std::is_same_v<T, cryptonote::txin_to_key>) {
          return {{"key", {{"amount", v.amount}, {"key_offsets", v.key_offsets}, {"k_image", hex_of(v.k_image)}}}};
        } else if constexpr (std::is_same_v<T, cryptonote::txin_to_script>) {
          return {{"script", {{"prev", hex_of(v.prev)}, {"prevout", v.prevout}, {"sigset", hex_of(v.sigset)}}}};
        } else {
          json keys = json::array();
          for (const auto &k : v.script.keys) keys.push_back(hex_of(k));
          return {{"scripthash",
                   {{"prev", hex_of(v.prev)},
                    {"prevout", v.prevout},
                    {"script", {{"keys", keys}, {"script", hex_of(v.script.script)}}},
                    {"sigset", hex_of(v.sigset)}}}};
        }
      },
      in);
}

json output_json(const cryptonote::tx_out &out) {
  json target = boost::apply_visitor(
      [](const auto &v) -> json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, cryptonote::txout_to_key>) {
          return {{"key", hex_of(v.key)}};
        } else if constexpr (std::is_same_v<T, cryptonote::txout_to_tagged_key>) {
          return {{"tagged_key", {{"key", hex_of(v.key)}, {"view_tag", hex_of(v.view_tag)}}}};
        } else if constexpr (std::is_same_v<T, cryptonote::txout_to_script>) {
          json keys = json::array();
          for (const auto &k : v.keys) keys.push_back(hex_of(k));
          return {{"script", {{"keys", keys}, {"script", hex_of(v.script)}}}};
        } else {
          return {{"scripthash", hex_of(v.hash)}};
        }
      },
      out.target);
  return {{"amount", out.amount}, {"target", target}};
}

json rct_base_json(const rct::rctSigBase &rct) {
  json out{{"type", rct.type}, {"type_name", cncrypto::rct_type_name(rct.type)}};
  if (rct.type == rct::RCTTypeNull) return out;
  out["txnFee"] = rct.txnFee;
  if (!rct.pseudoOuts.empty()) out["pseudoOuts"] = keys_json(rct.pseudoOuts);
  json ecdh = json::array();
  const bool compact = rct.type >= rct::RCTTypeBulletproof2;
  for (const auto &e : rct.ecdhInfo) {
    if (compact) {
      ecdh.push_back({{"amount", cncrypto::hex_encode(e.amount.bytes, 8)}});
    } else {
      ecdh.push_back({{"mask", hex_of(e.mask)}, {"amount", hex_of(e.amount)}});
    }
  }
  out["ecdhInfo"] = ecdh;
  json outpk = json::array();
  for (const auto &k : rct.outPk) outpk.push_back(hex_of(k.mask));
  out["outPk"] = outpk;
  return out;
}

// A range proof: its named fixed keys before L and R, then L, R, then the keys
// after them (the wire order, spec 6.2).
using named_keys = std::initializer_list<std::pair<const char *, const rct::key *>>;
json proof_json(named_keys head, const rct::keyV &L, const rct::keyV &R, named_keys tail) {
  json out;
  for (const auto &[name, key] : head) out[name] = hex_of(*key);
  out["L"] = keys_json(L);
  out["R"] = keys_json(R);
  for (const auto &[name, key] : tail) out[name] = hex_of(*key);
  return out;
}

json rct_prunable_json(const rct::rctSigPrunable &p) {
  json out = json::object();
  if (!p.rangeSigs.empty()) out["rangeSigs"] = array_json(p.rangeSigs, [](const rct::rangeSig &r) { return hex_of(r); });
  if (!p.bulletproofs.empty()) {
    out["bp"] = array_json(p.bulletproofs, [](const rct::Bulletproof &bp) {
      return proof_json({{"A", &bp.A}, {"S", &bp.S}, {"T1", &bp.T1}, {"T2", &bp.T2}, {"taux", &bp.taux}, {"mu", &bp.mu}},
                        bp.L, bp.R, {{"a", &bp.a}, {"b", &bp.b}, {"t", &bp.t}});
    });
  }
  if (!p.bulletproofs_plus.empty()) {
    out["bpp"] = array_json(p.bulletproofs_plus, [](const rct::BulletproofPlus &bp) {
      return proof_json({{"A", &bp.A}, {"A1", &bp.A1}, {"B", &bp.B}, {"r1", &bp.r1}, {"s1", &bp.s1}, {"d1", &bp.d1}},
                        bp.L, bp.R, {});
    });
  }
  if (!p.MGs.empty()) {
    out["MGs"] = array_json(p.MGs, [](const rct::mgSig &mg) {
      return json{{"ss", array_json(mg.ss, keys_json)}, {"cc", hex_of(mg.cc)}};
    });
  }
  if (!p.CLSAGs.empty()) {
    out["CLSAGs"] = array_json(p.CLSAGs, [](const rct::clsag &c) {
      return json{{"s", keys_json(c.s)}, {"c1", hex_of(c.c1)}, {"D", hex_of(c.D)}};
    });
  }
  if (!p.pseudoOuts.empty()) out["pseudoOuts"] = keys_json(p.pseudoOuts);
  return out;
}

// hashes: of the received bytes for a transaction blob, of the serialization
// for a block's miner transaction (the block's bytes are not split).
json transaction_json(const cryptonote::transaction &tx, const cncrypto::transaction_hashes &hashes) {
  json out;
  out["hash"] = cncrypto::to_hex(hashes.hash);
  out["prefix_hash"] = cncrypto::to_hex(hashes.prefix_hash);
  out["size"] = hashes.blob_size;
  out["version"] = tx.version;
  out["unlock_time"] = tx.unlock_time;
  json vin = json::array();
  for (const auto &in : tx.vin) vin.push_back(input_json(in));
  out["vin"] = vin;
  json vout = json::array();
  for (const auto &o : tx.vout) vout.push_back(output_json(o));
  out["vout"] = vout;
  out["extra"] = hex_of(tx.extra);
  if (tx.version == 1) {
    json sigs = json::array();
    for (const auto &ring : tx.signatures) {
      json r = json::array();
      for (const auto &s : ring) r.push_back(hex_of(s));
      sigs.push_back(r);
    }
    out["signatures"] = sigs;
  } else if (!tx.vin.empty()) {
    out["rct_signatures"] = rct_base_json(tx.rct_signatures);
    if (tx.rct_signatures.type != rct::RCTTypeNull) out["rctsig_prunable"] = rct_prunable_json(tx.rct_signatures.p);
  }
  return out;
}

// The block id as Monero's parse_and_validate_block_from_blob(blob, b, &id)
// gives it: the received bytes decide the block 202612 exception.
crypto::hash received_block_id(const cryptonote::block &b, const std::vector<std::uint8_t> &blob) {
  crypto::hash id;
  const cryptonote::blobdata_ref received(reinterpret_cast<const char *>(blob.data()), blob.size());
  if (!cryptonote::calculate_block_hash(b, id, &received)) {
    throw std::runtime_error("block claims the id of mainnet block 202612 but is not that block");
  }
  return id;
}

json block_json(const cryptonote::block &b, const std::vector<std::uint8_t> &blob) {
  json out;
  out["id"] = cncrypto::to_hex(received_block_id(b, blob));
  out["hashing_blob"] = hex_of(cryptonote::get_block_hashing_blob(b));
  out["size"] = blob.size();
  out["major_version"] = b.major_version;
  out["minor_version"] = b.minor_version;
  out["timestamp"] = b.timestamp;
  out["prev_id"] = cncrypto::to_hex(b.prev_id);
  out["nonce"] = b.nonce;
  out["miner_tx"] = transaction_json(b.miner_tx, cncrypto::get_transaction_hashes(b.miner_tx));
  json hashes = json::array();
  for (const auto &h : b.tx_hashes) hashes.push_back(cncrypto::to_hex(h));
  out["tx_hashes"] = hashes;
  return out;
}

json decode_transaction(const std::vector<std::uint8_t> &blob) {
  json out{{"object", "transaction"}};
  const cryptonote::transaction tx = cncrypto::parse_transaction(blob);
  out.update(transaction_json(tx, cncrypto::get_transaction_hashes_from_blob(blob)));
  return out;
}

json decode_block(const std::vector<std::uint8_t> &blob) {
  json out{{"object", "block"}};
  out.update(block_json(cncrypto::parse_block(blob), blob));
  return out;
}

// Monero's obj_to_json_str text; a parsed object always serializes, so "" would
// be a bug, reported rather than printed.
template <class Object>
std::string monero_text(const Object &object) {
  std::string text = cryptonote::obj_to_json_str(object);
  if (text.empty()) throw std::runtime_error("obj_to_json_str refused the object");
  return text;
}

}  // namespace

crypto::hash transaction_hash(const std::vector<std::uint8_t> &blob) {
  // The blob's own byte ranges (no re-serialization), as Monero hashes a
  // received transaction.
  return cncrypto::get_transaction_hashes_from_blob(blob).hash;
}

crypto::hash block_id(const std::vector<std::uint8_t> &blob) {
  return received_block_id(cncrypto::parse_block(blob), blob);
}

std::string accepted_truncation_warning(const std::vector<std::uint8_t> &blob, object_kind kind) {
  bool canonical = true;
  const char *what = "block";
  try {
    if (kind == object_kind::block) {
      cncrypto::parse_block(blob, &canonical);
    } else {
      what = "transaction";
      cncrypto::transaction_layout layout;
      try {
        cncrypto::parse_transaction(blob, &layout);
      } catch (const cncrypto::parse_error &) {
        if (kind == object_kind::transaction) throw;
        what = "block";
        cncrypto::parse_block(blob, &canonical);
        layout.canonical = canonical;
      }
      canonical = layout.canonical;
    }
  } catch (const cncrypto::parse_error &) {
    return "";
  }
  if (canonical) return "";
  return std::string("warning: the ") + what + " blob ends after " + std::to_string(blob.size()) +
         (blob.size() == 1 ? " byte" : " bytes") +
         ", inside or before a varint field; read as Monero reads it (the bits present, missing ones as 0): "
         "the result is Monero's, but the blob is not this " + what + "'s serialization";
}

std::string decode_to_json(const std::vector<std::uint8_t> &blob, object_kind kind, json_style style) {
  const auto tx_text = [&] {
    if (style == json_style::cnutil) return decode_transaction(blob).dump(2);
    return monero_text(cncrypto::parse_transaction(blob));
  };
  const auto block_text = [&] {
    if (style == json_style::cnutil) return decode_block(blob).dump(2);
    return monero_text(cncrypto::parse_block(blob));
  };
  switch (kind) {
    case object_kind::transaction: return tx_text();
    case object_kind::block: return block_text();
    case object_kind::automatic: break;
  }
  std::string tx_error;
  try {
    return tx_text();
  } catch (const cncrypto::parse_error &e) {
    tx_error = e.what();
  }
  try {
    return block_text();
  } catch (const cncrypto::parse_error &e) {
    throw std::runtime_error("neither a transaction (" + tx_error + ") nor a block (" + e.what() + ")");
  }
}

}  // namespace cncrypto::tools
