// Monero's obj_to_json_str (cryptonote/json.h): transactions, blocks and
// addresses as the text Monero 0.18's json_archive writes (docs/formats.md
// "JSON form"). The writer below keeps json_archive's state (nesting depth,
// "first field of an object", size of the last array opened) because Monero's
// spacing depends on it; the walk follows the fields in Monero's serialization
// order and refuses what Monero's serializers refuse.
#include "cryptonote/json.h"

#include "common/hex.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace cryptonote {
namespace {

// Thrown where Monero's serializer returns false; obj_to_json_str then returns "".
struct not_serializable {};

void require(bool ok) {
  if (!ok) throw not_serializable{};
}

class json_writer {
 public:
  std::string text;

  // A field name: ", " unless it is the object's first, then the indent.
  void tag(const char *name) {
    if (!first_in_object_) text += ", ";
    indent();
    text += '"';
    text += name;
    text += "\": ";
    first_in_object_ = false;
  }
  void begin_object() {
    text += '{';
    ++depth_;
    first_in_object_ = true;
  }
  void end_object() {
    --depth_;
    indent();
    text += '}';
  }
  // size: the element count of a container (vectors of the format), 0 for the
  // arrays RingCT and v1 signatures write element by element. Monero's
  // archive remembers only the size of the array opened last, at any depth,
  // and puts "]" on a new line when that size is not 0.
  void begin_array(std::size_t size = 0) {
    last_array_size_ = size;
    ++depth_;
    text += "[ ";
  }
  void delimit() { text += ", "; }
  void end_array() {
    --depth_;
    if (last_array_size_ > 0) indent();
    text += ']';
  }
  void hex_bytes(const void *data, std::size_t size) { text += cncrypto::hex_encode(data, size); }
  template <class Pod>
  void blob(const Pod &value) {
    text += '"';
    hex_bytes(&value, sizeof value);
    text += '"';
  }
  void number(std::uint64_t value) { text += std::to_string(value); }

  template <class Pod>
  void blob_field(const char *name, const Pod &value) {
    tag(name);
    blob(value);
  }
  void number_field(const char *name, std::uint64_t value) {
    tag(name);
    number(value);
  }

 private:
  void indent() {
    text += '\n';
    text.append(2 * depth_, ' ');
  }

  std::size_t depth_ = 0;
  bool first_in_object_ = false;  // as json_archive: false before the first object opens
  std::size_t last_array_size_ = 0;
};

// A vector of the format (a counted container): "[ a, b]", each element by write_one.
template <class T, class Write>
void container(json_writer &j, const std::vector<T> &items, Write &&write_one) {
  j.begin_array(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) j.delimit();
    write_one(items[i]);
  }
  j.end_array();
}

// An array RingCT writes element by element (no count on the wire): count
// elements, which the caller has checked, each by write_one(i).
template <class Write>
void fixed_array(json_writer &j, std::size_t count, Write &&write_one) {
  j.begin_array();
  for (std::size_t i = 0; i < count; ++i) {
    write_one(i);
    if (count - i > 1) j.delimit();
  }
  j.end_array();
}

void byte_container(json_writer &j, const std::vector<std::uint8_t> &bytes) {
  container(j, bytes, [&](std::uint8_t b) { j.number(b); });
}

template <class Pod>
void blob_container(json_writer &j, const std::vector<Pod> &items) {
  container(j, items, [&](const Pod &item) { j.blob(item); });
}

void key_array(json_writer &j, const rct::keyV &keys, std::size_t count) {
  require(keys.size() == count);
  fixed_array(j, count, [&](std::size_t i) { j.blob(keys[i]); });
}

// A RingCT array of count objects, named name: items must hold count; each
// object's fields by write_one(item).
template <class T, class Write>
void object_array(json_writer &j, const char *name, const std::vector<T> &items, std::size_t count,
                  Write &&write_one) {
  j.tag(name);
  require(items.size() == count);
  fixed_array(j, count, [&](std::size_t i) {
    j.begin_object();
    write_one(items[i]);
    j.end_object();
  });
}

// ---- prefix -----------------------------------------------------------------

void write_txout_to_script(json_writer &j, const txout_to_script &s) {
  j.begin_object();
  j.tag("keys");
  blob_container(j, s.keys);
  j.tag("script");
  byte_container(j, s.script);
  j.end_object();
}

struct input_writer {
  json_writer &j;
  void operator()(const txin_gen &g) const {
    j.tag("gen");
    j.begin_object();
    j.number_field("height", g.height);
    j.end_object();
  }
  void operator()(const txin_to_script &s) const { script_input("script", s.prev, s.prevout, nullptr, s.sigset); }
  void operator()(const txin_to_scripthash &s) const {
    script_input("scripthash", s.prev, s.prevout, &s.script, s.sigset);
  }
  void operator()(const txin_to_key &k) const {
    j.tag("key");
    j.begin_object();
    j.number_field("amount", k.amount);
    j.tag("key_offsets");
    container(j, k.key_offsets, [&](std::uint64_t offset) { j.number(offset); });
    j.blob_field("k_image", k.k_image);
    j.end_object();
  }
  // The two script inputs: prev, prevout, (scripthash only) script, sigset.
  void script_input(const char *name, const crypto::hash &prev, std::uint64_t prevout, const txout_to_script *script,
                    const std::vector<std::uint8_t> &sigset) const {
    j.tag(name);
    j.begin_object();
    j.blob_field("prev", prev);
    j.number_field("prevout", prevout);
    if (script != nullptr) {
      j.tag("script");
      write_txout_to_script(j, *script);
    }
    j.tag("sigset");
    byte_container(j, sigset);
    j.end_object();
  }
};

struct target_writer {
  json_writer &j;
  void operator()(const txout_to_script &s) const {
    j.tag("script");
    write_txout_to_script(j, s);
  }
  void operator()(const txout_to_scripthash &s) const { j.blob_field("scripthash", s.hash); }
  void operator()(const txout_to_key &k) const { j.blob_field("key", k.key); }
  void operator()(const txout_to_tagged_key &k) const {
    j.tag("tagged_key");
    j.begin_object();
    j.blob_field("key", k.key);
    j.blob_field("view_tag", k.view_tag);
    j.end_object();
  }
};

// A variant is an object holding one field named by the alternative.
template <class Variant, class Visitor>
void variant(json_writer &j, const Variant &v, const Visitor &visitor) {
  j.begin_object();
  boost::apply_visitor(visitor, v);
  j.end_object();
}

void write_prefix(json_writer &j, const transaction_prefix &p) {
  j.number_field("version", p.version);
  require(p.version != 0 && p.version <= cncrypto::current_transaction_version);
  j.number_field("unlock_time", p.unlock_time);
  j.tag("vin");
  container(j, p.vin, [&](const txin_v &in) { variant(j, in, input_writer{j}); });
  j.tag("vout");
  container(j, p.vout, [&](const tx_out &out) {
    j.begin_object();
    j.number_field("amount", out.amount);
    j.tag("target");
    variant(j, out.target, target_writer{j});
    j.end_object();
  });
  j.tag("extra");
  byte_container(j, p.extra);
}

// ---- v1 ring signatures -------------------------------------------------------

std::size_t ring_size(const txin_v &in) {
  const txin_to_key *k = boost::get<txin_to_key>(&in);
  return k ? k->key_offsets.size() : 0;
}

// One hex string per input (its ring's signatures run together), none for an
// input without a ring when the transaction has no signatures at all.
void write_v1_signatures(json_writer &j, const transaction &tx) {
  j.tag("signatures");
  j.begin_array();
  const bool none = tx.signatures.empty();
  require(none || tx.signatures.size() == tx.vin.size());
  if (!tx.pruned) {
    for (std::size_t i = 0; i < tx.vin.size(); ++i) {
      const std::size_t size = ring_size(tx.vin[i]);
      if (none) {
        require(size == 0);
        continue;
      }
      const std::vector<crypto::signature> &ring = tx.signatures[i];
      require(ring.size() == size);
      if (!ring.empty()) {
        j.text += '"';
        for (const crypto::signature &s : ring) j.hex_bytes(&s, sizeof s);
        j.text += '"';
      }
      if (tx.vin.size() - i > 1) j.delimit();
    }
  }
  j.end_array();
}

// ---- RingCT -------------------------------------------------------------------

bool known_rct_type(std::uint8_t type) { return type >= rct::RCTTypeFull && type <= rct::RCTTypeBulletproofPlus; }

void write_rct_base(json_writer &j, const rct::rctSigBase &rv, std::size_t inputs, std::size_t outputs) {
  j.number_field("type", rv.type);
  if (rv.type == rct::RCTTypeNull) return;
  require(known_rct_type(rv.type));
  j.number_field("txnFee", rv.txnFee);
  if (rv.type == rct::RCTTypeSimple) {
    j.tag("pseudoOuts");
    key_array(j, rv.pseudoOuts, inputs);
  }
  const bool short_amount = rv.type >= rct::RCTTypeBulletproof2;  // 8 bytes, no mask
  object_array(j, "ecdhInfo", rv.ecdhInfo, outputs, [&](const rct::ecdhTuple &e) {
    if (short_amount) {
      j.tag("amount");
      j.text += '"';
      j.hex_bytes(e.amount.bytes, sizeof(crypto::hash8));
      j.text += '"';
    } else {
      j.blob_field("mask", e.mask);
      j.blob_field("amount", e.amount);
    }
  });
  j.tag("outPk");
  require(rv.outPk.size() == outputs);
  fixed_array(j, outputs, [&](std::size_t i) { j.blob(rv.outPk[i].mask); });
}

using named_keys = std::initializer_list<std::pair<const char *, const rct::key *>>;

// A bulletproof(+) object: the keys before L and R, L, R, the keys after;
// L must be non-empty and as long as R.
void write_proof(json_writer &j, named_keys before, const rct::keyV &L, const rct::keyV &R, named_keys after) {
  j.begin_object();
  for (const auto &field : before) j.blob_field(field.first, *field.second);
  j.tag("L");
  blob_container(j, L);
  j.tag("R");
  blob_container(j, R);
  for (const auto &field : after) j.blob_field(field.first, *field.second);
  require(!L.empty() && L.size() == R.size());
  j.end_object();
}

void write_bulletproof(json_writer &j, const rct::Bulletproof &bp) {
  write_proof(j, {{"A", &bp.A}, {"S", &bp.S}, {"T1", &bp.T1}, {"T2", &bp.T2}, {"taux", &bp.taux}, {"mu", &bp.mu}}, bp.L,
              bp.R, {{"a", &bp.a}, {"b", &bp.b}, {"t", &bp.t}});
}

void write_bulletproof_plus(json_writer &j, const rct::BulletproofPlus &bp) {
  write_proof(j, {{"A", &bp.A}, {"A1", &bp.A1}, {"B", &bp.B}, {"r1", &bp.r1}, {"s1", &bp.s1}, {"d1", &bp.d1}}, bp.L,
              bp.R, {});
}

// "nbp" and the proofs: at most one per output, covering (amounts) at least the outputs.
template <class Proof>
void write_proofs(json_writer &j, const char *name, const std::vector<Proof> &proofs, std::size_t amounts,
                  std::size_t outputs, void (*write_one)(json_writer &, const Proof &)) {
  j.number_field("nbp", static_cast<std::uint32_t>(proofs.size()));
  j.tag(name);
  require(proofs.size() <= outputs);
  fixed_array(j, proofs.size(), [&](std::size_t i) { write_one(j, proofs[i]); });
  require(amounts >= outputs);
}

// Range proofs: "nbp" and "bp"/"bpp" (types 3-6), "rangeSigs" (types 1-2).
void write_range_proofs(json_writer &j, const rct::rctSigPrunable &p, std::uint8_t type, std::size_t outputs) {
  if (type == rct::RCTTypeBulletproofPlus) {
    const auto &proofs = p.bulletproofs_plus;
    write_proofs(j, "bpp", proofs, rct::n_bulletproof_plus_max_amounts(proofs), outputs, write_bulletproof_plus);
  } else if (type >= rct::RCTTypeBulletproof) {
    const auto &proofs = p.bulletproofs;
    write_proofs(j, "bp", proofs, rct::n_bulletproof_max_amounts(proofs), outputs, write_bulletproof);
  } else {
    object_array(j, "rangeSigs", p.rangeSigs, outputs, [&](const rct::rangeSig &r) {
      j.tag("asig");  // s0 || s1 || ee, one string
      j.text += '"';
      j.hex_bytes(r.asig.s0, sizeof r.asig.s0);
      j.hex_bytes(r.asig.s1, sizeof r.asig.s1);
      j.hex_bytes(&r.asig.ee, sizeof r.asig.ee);
      j.text += '"';
      j.tag("Ci");
      j.text += '"';
      j.hex_bytes(r.Ci, sizeof r.Ci);
      j.text += '"';
    });
  }
}

// Ring signatures: "CLSAGs" (types 5-6) or "MGs" (types 1-4), ring size mixin + 1.
void write_ring_signatures(json_writer &j, const rct::rctSigPrunable &p, std::uint8_t type, std::size_t inputs,
                           std::size_t mixin) {
  if (type == rct::RCTTypeCLSAG || type == rct::RCTTypeBulletproofPlus) {
    object_array(j, "CLSAGs", p.CLSAGs, inputs, [&](const rct::clsag &sig) {
      j.tag("s");
      key_array(j, sig.s, mixin + 1);
      j.blob_field("c1", sig.c1);
      j.blob_field("D", sig.D);
    });
    return;
  }
  // Full (type 1): one MG over all inputs; simple types: one per input.
  const bool simple = type != rct::RCTTypeFull;
  const std::size_t columns = (simple ? 1 : inputs) + 1;
  object_array(j, "MGs", p.MGs, simple ? inputs : 1, [&](const rct::mgSig &mg) {
    j.tag("ss");
    require(mg.ss.size() == mixin + 1);
    fixed_array(j, mixin + 1, [&](std::size_t row) { key_array(j, mg.ss[row], columns); });
    j.blob_field("cc", mg.cc);
  });
}

void write_rct_prunable(json_writer &j, const rct::rctSigPrunable &p, std::uint8_t type, std::size_t inputs,
                        std::size_t outputs, std::size_t mixin) {
  const std::size_t limit = 0xffffffff;
  require(inputs < limit && outputs < limit && mixin < limit);
  require(known_rct_type(type));
  write_range_proofs(j, p, type, outputs);
  write_ring_signatures(j, p, type, inputs, mixin);
  if (type >= rct::RCTTypeBulletproof) {
    j.tag("pseudoOuts");
    key_array(j, p.pseudoOuts, inputs);
  }
}

void write_transaction(json_writer &j, const transaction &tx) {
  j.begin_object();
  write_prefix(j, tx);
  if (tx.version == 1) {
    write_v1_signatures(j, tx);
  } else {
    j.tag("rct_signatures");  // and nothing after it when there are no inputs, as Monero
    if (!tx.vin.empty()) {
      const rct::rctSig &rv = tx.rct_signatures;
      j.begin_object();
      write_rct_base(j, rv, tx.vin.size(), tx.vout.size());
      j.end_object();
      if (!tx.pruned && rv.type != rct::RCTTypeNull) {
        // The ring size of input 0 (ring size 1 when it has no ring; an empty
        // ring gives a mixin of SIZE_MAX, refused).
        const txin_to_key *first = boost::get<txin_to_key>(&tx.vin[0]);
        const std::size_t mixin = first ? first->key_offsets.size() - 1 : 0;
        j.tag("rctsig_prunable");
        j.begin_object();
        write_rct_prunable(j, rv.p, rv.type, tx.vin.size(), tx.vout.size(), mixin);
        j.end_object();
      }
    }
  }
  j.end_object();
}

void write_block(json_writer &j, const block &b) {
  j.begin_object();
  j.number_field("major_version", b.major_version);
  j.number_field("minor_version", b.minor_version);
  j.number_field("timestamp", b.timestamp);
  j.blob_field("prev_id", b.prev_id);
  j.number_field("nonce", b.nonce);
  j.tag("miner_tx");
  write_transaction(j, b.miner_tx);
  j.tag("tx_hashes");
  blob_container(j, b.tx_hashes);
  require(b.tx_hashes.size() <= cncrypto::max_tx_per_block);
  j.end_object();
}

void write_address(json_writer &j, const account_public_address &a) {
  j.begin_object();
  j.blob_field("m_spend_public_key", a.m_spend_public_key);
  j.blob_field("m_view_public_key", a.m_view_public_key);
  j.end_object();
}

template <class T, class Write>
std::string to_json(const T &obj, Write write) {
  json_writer j;
  try {
    write(j, obj);
  } catch (const not_serializable &) {
    return {};
  }
  return std::move(j.text);
}

}  // namespace

// The const forms; json.h's non-const ones (Monero's T&) forward to them.
template <> std::string obj_to_json_str<const transaction>(const transaction &tx) { return to_json(tx, write_transaction); }
template <> std::string obj_to_json_str<const block>(const block &b) { return to_json(b, write_block); }
template <>
std::string obj_to_json_str<const account_public_address>(const account_public_address &address) {
  return to_json(address, write_address);
}

}  // namespace cryptonote
