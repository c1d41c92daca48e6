#include "ringct/rctSerialization.h"

#include "common/parse_context.h"

#include <array>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace rct {
namespace {

using cncrypto::binary_reader;
using cncrypto::binary_writer;
using cncrypto::with_parse_context;

constexpr std::size_t key_size = sizeof(key);

// ---------------------------------------------------------------- the fields

// A fixed-size key of a range proof, with the name parse errors give it.
template <class Key>
struct named_key {
  Key *k;
  const char *name;
};

// The fixed keys of a proof before its L and R vectors, and after them, in
// wire order (spec 6.2). Proof is Bulletproof or BulletproofPlus, const or not.
template <class Proof>
auto head_keys(Proof &bp) {
  using K = std::conditional_t<std::is_const_v<Proof>, const key, key>;
  if constexpr (std::is_same_v<std::remove_const_t<Proof>, BulletproofPlus>) {
    return std::array<named_key<K>, 6>{
        {{&bp.A, "A"}, {&bp.A1, "A1"}, {&bp.B, "B"}, {&bp.r1, "r1"}, {&bp.s1, "s1"}, {&bp.d1, "d1"}}};
  } else {
    return std::array<named_key<K>, 6>{
        {{&bp.A, "A"}, {&bp.S, "S"}, {&bp.T1, "T1"}, {&bp.T2, "T2"}, {&bp.taux, "taux"}, {&bp.mu, "mu"}}};
  }
}
template <class Proof>
auto tail_keys(Proof &bp) {
  using K = std::conditional_t<std::is_const_v<Proof>, const key, key>;
  if constexpr (std::is_same_v<std::remove_const_t<Proof>, BulletproofPlus>) {
    return std::array<named_key<K>, 0>{};
  } else {
    return std::array<named_key<K>, 3>{{{&bp.a, "a"}, {&bp.b, "b"}, {&bp.t, "t"}}};
  }
}

bool has_bulletproofs(std::uint8_t type) {
  return type == RCTTypeBulletproof || type == RCTTypeBulletproof2 || type == RCTTypeCLSAG;
}
bool has_clsags(std::uint8_t type) { return type == RCTTypeCLSAG || type == RCTTypeBulletproofPlus; }
// Types 3-6 carry the pseudo-outputs in the prunable part.
bool has_prunable_pseudo_outs(std::uint8_t type) { return type != RCTTypeFull && type != RCTTypeSimple; }

// MLSAG shape: `elements` signatures of ring x rows scalars (spec 6.2).
struct mlsag_shape {
  std::uint64_t elements, rows;
};
mlsag_shape mlsag_shape_of(std::uint8_t type, std::uint64_t inputs) {
  const bool simple = type == RCTTypeSimple || type == RCTTypeBulletproof || type == RCTTypeBulletproof2;
  return {simple ? inputs : 1, (simple ? 1 : inputs) + 1};
}

// ---------------------------------------------------------------- writing

[[noreturn]] void misuse(const std::string &message) { throw std::invalid_argument("rct serialization: " + message); }

template <class Proof>
void write_proof(binary_writer &w, const Proof &bp) {
  for (const auto &f : head_keys(bp)) w.write_pod(*f.k);
  if (bp.L.size() != bp.R.size() || bp.L.size() < 6 || bp.L.size() > 10) {
    misuse("bulletproof L/R sizes must be equal and within 6..10");
  }
  w.write_varint(bp.L.size());
  for (const auto &k : bp.L) w.write_pod(k);
  w.write_varint(bp.R.size());
  for (const auto &k : bp.R) w.write_pod(k);
  for (const auto &f : tail_keys(bp)) w.write_pod(*f.k);
}

// ---------------------------------------------------------------- reading

void read_keys(binary_reader &r, keyV &v, std::uint64_t n, const char *what) {
  r.require(n, key_size, what);
  v.resize(n);
  for (auto &k : v) r.read_pod(k, what);
}

// One proof; returns the number of amounts it covers (2^(|L| - 6)).
template <class Proof>
std::uint64_t read_proof(binary_reader &r, Proof &bp) {
  for (const auto &f : head_keys(bp)) r.read_pod(*f.k, f.name);
  const std::size_t l_offset = r.offset();
  const std::size_t nl = r.read_count("L count", key_size);
  read_keys(r, bp.L, nl, "L");
  const std::size_t nr = r.read_count("R count", key_size);
  read_keys(r, bp.R, nr, "R");
  if (nl != nr || nl < 6 || nl > 10) {
    r.fail_at(l_offset, "L/R", "sizes " + std::to_string(nl) + "/" + std::to_string(nr) +
                                   " (equal and within 6..10 expected)");
  }
  for (const auto &f : tail_keys(bp)) r.read_pod(*f.k, f.name);
  return std::uint64_t{1} << (nl - 6);
}

// `count` proofs (count already checked <= outputs); returns the amounts covered.
template <class Proof>
std::uint64_t read_proofs(binary_reader &r, std::vector<Proof> &proofs, std::uint64_t count, const char *name,
                          const char *plural) {
  constexpr std::size_t fixed = std::tuple_size_v<decltype(head_keys(std::declval<Proof &>()))> +
                                std::tuple_size_v<decltype(tail_keys(std::declval<Proof &>()))>;
  r.require(count, fixed * key_size + 2, plural);
  proofs.resize(count);
  std::uint64_t covered = 0;
  for (std::size_t i = 0; i < count; ++i) {
    with_parse_context(name, i, [&] { covered += read_proof(r, proofs[i]); });
  }
  return covered;
}

void read_range_proofs(binary_reader &r, rctSigPrunable &p, std::uint8_t type, std::uint64_t outputs) {
  if (type != RCTTypeBulletproofPlus && !has_bulletproofs(type)) {
    r.require(outputs, sizeof(rangeSig), "Borromean range proofs");
    p.rangeSigs.resize(outputs);
    for (auto &rs : p.rangeSigs) r.read_pod(rs, "Borromean range proof");
    return;
  }
  const std::size_t count_offset = r.offset();
  const char *const count_name = type == RCTTypeBulletproofPlus ? "bulletproof+ count" : "bulletproof count";
  const std::uint64_t count = type == RCTTypeBulletproof ? r.read_u32_le(count_name) : r.read_varint(count_name, 32);
  if (count > outputs) {
    r.fail_at(count_offset, count_name, std::to_string(count) + " proofs for " + std::to_string(outputs) + " outputs");
  }
  const std::uint64_t covered = type == RCTTypeBulletproofPlus
                                    ? read_proofs(r, p.bulletproofs_plus, count, "bulletproof+", "bulletproofs+")
                                    : read_proofs(r, p.bulletproofs, count, "bulletproof", "bulletproofs");
  if (covered < outputs) {
    r.fail_at(count_offset, "range proofs",
              "proofs cover " + std::to_string(covered) + " amounts, fewer than the " + std::to_string(outputs) +
                  " outputs");
  }
}

void read_ring_signatures(binary_reader &r, rctSigPrunable &p, std::uint8_t type, std::uint64_t inputs,
                          std::uint64_t ring) {
  if (has_clsags(type)) {
    r.require(ring, key_size, "CLSAG s");
    r.require(inputs, ring * key_size + 2 * key_size, "CLSAGs");
    p.CLSAGs.resize(inputs);
    for (std::size_t i = 0; i < inputs; ++i) {
      with_parse_context("CLSAG", i, [&] {
        auto &c = p.CLSAGs[i];
        read_keys(r, c.s, ring, "s");
        r.read_pod(c.c1, "c1");
        r.read_pod(c.D, "D");
      });
    }
    return;
  }
  const mlsag_shape shape = mlsag_shape_of(type, inputs);
  r.require(shape.rows, key_size, "MLSAG column");
  r.require(ring, shape.rows * key_size, "MLSAG ss");
  r.require(shape.elements, ring * shape.rows * key_size + key_size, "MLSAGs");
  p.MGs.resize(shape.elements);
  for (std::size_t i = 0; i < shape.elements; ++i) {
    with_parse_context("MLSAG", i, [&] {
      auto &mg = p.MGs[i];
      mg.ss.resize(ring);
      for (auto &column : mg.ss) read_keys(r, column, shape.rows, "ss");
      r.read_pod(mg.cc, "cc");
    });
  }
}

}  // namespace

void serialize_rctsig_base(binary_writer w, const rctSigBase &rv, std::size_t inputs,
                           std::size_t outputs) {
  if (rv.type > RCTTypeBulletproofPlus) misuse("unknown RingCT type " + std::to_string(rv.type));
  w.write_u8(rv.type);
  if (rv.type == RCTTypeNull) return;
  w.write_varint(rv.txnFee);
  if (rv.type == RCTTypeSimple) {
    if (rv.pseudoOuts.size() != inputs) misuse("RCTTypeSimple needs one base pseudoOut per input");
    for (const auto &k : rv.pseudoOuts) w.write_pod(k);
  }
  if (rv.ecdhInfo.size() != outputs) misuse("ecdhInfo needs one entry per output");
  for (const auto &e : rv.ecdhInfo) {
    if (rv.type >= RCTTypeBulletproof2) {
      w.write_bytes(e.amount.bytes, 8);
    } else {
      w.write_pod(e.mask);
      w.write_pod(e.amount);
    }
  }
  if (rv.outPk.size() != outputs) misuse("outPk needs one entry per output");
  for (const auto &c : rv.outPk) w.write_pod(c.mask);
}

void serialize_rctsig_prunable(binary_writer w, const rctSigPrunable &p, std::uint8_t type,
                               std::size_t inputs, std::size_t outputs, std::size_t mixin) {
  if (type == RCTTypeNull || type > RCTTypeBulletproofPlus) {
    misuse("no prunable part for RingCT type " + std::to_string(type));
  }
  const std::size_t ring = mixin + 1;
  if (ring == 0) misuse("ring size overflows");

  if (type == RCTTypeBulletproofPlus) {
    if (p.bulletproofs_plus.size() > outputs) misuse("more bulletproofs+ than outputs");
    w.write_varint(p.bulletproofs_plus.size());
    for (const auto &bp : p.bulletproofs_plus) write_proof(w, bp);
  } else if (has_bulletproofs(type)) {
    if (p.bulletproofs.size() > outputs) misuse("more bulletproofs than outputs");
    if (type == RCTTypeBulletproof) {
      w.write_u32_le(static_cast<std::uint32_t>(p.bulletproofs.size()));
    } else {
      w.write_varint(p.bulletproofs.size());
    }
    for (const auto &bp : p.bulletproofs) write_proof(w, bp);
  } else {
    if (p.rangeSigs.size() != outputs) misuse("Borromean types need one rangeSig per output");
    for (const auto &rs : p.rangeSigs) w.write_pod(rs);
  }

  if (has_clsags(type)) {
    if (p.CLSAGs.size() != inputs) misuse("CLSAG types need one CLSAG per input");
    for (const auto &c : p.CLSAGs) {
      if (c.s.size() != ring) misuse("every CLSAG needs one s per ring member of input 0");
      for (const auto &k : c.s) w.write_pod(k);
      w.write_pod(c.c1);
      w.write_pod(c.D);
    }
  } else {
    const mlsag_shape shape = mlsag_shape_of(type, inputs);
    if (p.MGs.size() != shape.elements) misuse("wrong number of MLSAGs for the RingCT type");
    for (const auto &mg : p.MGs) {
      if (mg.ss.size() != ring) misuse("every MLSAG needs one ss column per ring member");
      for (const auto &column : mg.ss) {
        if (column.size() != shape.rows) misuse("wrong MLSAG ss column height for the RingCT type");
        for (const auto &k : column) w.write_pod(k);
      }
      w.write_pod(mg.cc);
    }
  }

  if (has_prunable_pseudo_outs(type)) {
    if (p.pseudoOuts.size() != inputs) misuse("prunable pseudoOuts need one entry per input");
    for (const auto &k : p.pseudoOuts) w.write_pod(k);
  }
}

}  // namespace rct

namespace cncrypto {
using namespace rct;  // this file's helpers and types

void serialize_range_proof_keys(binary_writer w, const rctSigPrunable &p, std::uint8_t type) {
  auto keys_of = [&w](const auto &bp) {
    for (const auto &f : head_keys(bp)) w.write_pod(*f.k);
    for (const auto &k : bp.L) w.write_pod(k);
    for (const auto &k : bp.R) w.write_pod(k);
    for (const auto &f : tail_keys(bp)) w.write_pod(*f.k);
  };
  if (type == RCTTypeBulletproofPlus) {
    for (const auto &bp : p.bulletproofs_plus) keys_of(bp);
  } else if (has_bulletproofs(type)) {
    for (const auto &bp : p.bulletproofs) keys_of(bp);
  } else {
    // s0, s1, ee, Ci: the struct's own order (rctTypes.h checks its size).
    for (const auto &rs : p.rangeSigs) w.write_pod(rs);
  }
}

void read_rctsig_base(cncrypto::binary_reader &r, rctSigBase &rv, std::size_t inputs, std::size_t outputs) {
  const std::size_t type_offset = r.offset();
  rv.type = r.read_u8("RingCT type");
  if (rv.type == RCTTypeNull) return;
  if (rv.type > RCTTypeBulletproofPlus) {
    r.fail_at(type_offset, "RingCT type", "unknown type " + std::to_string(rv.type) + " (0-6 expected)");
  }
  rv.txnFee = r.read_varint("RingCT fee");
  if (rv.type == RCTTypeSimple) read_keys(r, rv.pseudoOuts, inputs, "pseudoOuts");

  const bool short_ecdh = rv.type >= RCTTypeBulletproof2;
  r.require(outputs, short_ecdh ? 8 : 64, "ecdhInfo");
  rv.ecdhInfo.assign(outputs, ecdhTuple{});
  for (auto &e : rv.ecdhInfo) {
    if (short_ecdh) {
      r.read_bytes(e.amount.bytes, 8, "ecdhInfo amount");
    } else {
      r.read_pod(e.mask, "ecdhInfo mask");
      r.read_pod(e.amount, "ecdhInfo amount");
    }
  }
  r.require(outputs, key_size, "outPk");
  rv.outPk.assign(outputs, ctkey{});
  for (auto &c : rv.outPk) r.read_pod(c.mask, "outPk commitment");
}

void read_rctsig_prunable(cncrypto::binary_reader &r, rctSigPrunable &p, std::uint8_t type, std::uint64_t inputs,
                          std::uint64_t outputs, std::uint64_t mixin) {
  if (inputs >= 0xffffffffu) r.fail("RingCT prunable", "too many inputs");
  if (outputs >= 0xffffffffu) r.fail("RingCT prunable", "too many outputs");
  if (mixin >= 0xffffffffu) r.fail("RingCT prunable", "input 0 has no ring members (or too many)");
  read_range_proofs(r, p, type, outputs);
  read_ring_signatures(r, p, type, inputs, mixin + 1);
  if (has_prunable_pseudo_outs(type)) read_keys(r, p.pseudoOuts, inputs, "pseudoOuts");
}

}  // namespace cncrypto
