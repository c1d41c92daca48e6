#include "ringct/rctSerialization.h"

#include "common/varint.h"

#include <stdexcept>
#include <string>

namespace rct {
namespace {

[[noreturn]] void misuse(const std::string &message) { throw std::invalid_argument("rct serialization: " + message); }

void put_bytes(std::vector<std::uint8_t> &out, const void *p, std::size_t n) {
  const auto *b = static_cast<const std::uint8_t *>(p);
  out.insert(out.end(), b, b + n);
}
void put_key(std::vector<std::uint8_t> &out, const key &k) { put_bytes(out, k.bytes, sizeof k.bytes); }

template <class Proof>
void put_lr(std::vector<std::uint8_t> &out, const Proof &bp) {
  if (bp.L.size() != bp.R.size() || bp.L.size() < 6 || bp.L.size() > 10) {
    misuse("bulletproof L/R sizes must be equal and within 6..10");
  }
  tools::append_varint(out, bp.L.size());
  for (const auto &k : bp.L) put_key(out, k);
  tools::append_varint(out, bp.R.size());
  for (const auto &k : bp.R) put_key(out, k);
}

}  // namespace

void serialize_rctsig_base(std::vector<std::uint8_t> &out, const rctSigBase &rv, std::size_t inputs,
                           std::size_t outputs) {
  if (rv.type > RCTTypeBulletproofPlus) misuse("unknown RingCT type " + std::to_string(rv.type));
  out.push_back(rv.type);
  if (rv.type == RCTTypeNull) return;
  tools::append_varint(out, rv.txnFee);
  if (rv.type == RCTTypeSimple) {
    if (rv.pseudoOuts.size() != inputs) misuse("RCTTypeSimple needs one base pseudoOut per input");
    for (const auto &k : rv.pseudoOuts) put_key(out, k);
  }
  if (rv.ecdhInfo.size() != outputs) misuse("ecdhInfo needs one entry per output");
  for (const auto &e : rv.ecdhInfo) {
    if (rv.type >= RCTTypeBulletproof2) {
      put_bytes(out, e.amount.bytes, 8);
    } else {
      put_key(out, e.mask);
      put_key(out, e.amount);
    }
  }
  if (rv.outPk.size() != outputs) misuse("outPk needs one entry per output");
  for (const auto &c : rv.outPk) put_key(out, c.mask);
}

void serialize_rctsig_prunable(std::vector<std::uint8_t> &out, const rctSigPrunable &p, std::uint8_t type,
                               std::size_t inputs, std::size_t outputs, std::size_t mixin) {
  if (type == RCTTypeNull || type > RCTTypeBulletproofPlus) {
    misuse("no prunable part for RingCT type " + std::to_string(type));
  }
  const std::size_t ring = mixin + 1;
  if (ring == 0) misuse("ring size overflows");

  if (type == RCTTypeBulletproofPlus) {
    if (p.bulletproofs_plus.size() > outputs) misuse("more bulletproofs+ than outputs");
    tools::append_varint(out, p.bulletproofs_plus.size());
    for (const auto &bp : p.bulletproofs_plus) {
      for (const key *k : {&bp.A, &bp.A1, &bp.B, &bp.r1, &bp.s1, &bp.d1}) put_key(out, *k);
      put_lr(out, bp);
    }
  } else if (type == RCTTypeBulletproof || type == RCTTypeBulletproof2 || type == RCTTypeCLSAG) {
    if (p.bulletproofs.size() > outputs) misuse("more bulletproofs than outputs");
    if (type == RCTTypeBulletproof) {
      const auto n = static_cast<std::uint32_t>(p.bulletproofs.size());
      const std::uint8_t le[4] = {static_cast<std::uint8_t>(n), static_cast<std::uint8_t>(n >> 8),
                                  static_cast<std::uint8_t>(n >> 16), static_cast<std::uint8_t>(n >> 24)};
      put_bytes(out, le, 4);
    } else {
      tools::append_varint(out, p.bulletproofs.size());
    }
    for (const auto &bp : p.bulletproofs) {
      for (const key *k : {&bp.A, &bp.S, &bp.T1, &bp.T2, &bp.taux, &bp.mu}) put_key(out, *k);
      put_lr(out, bp);
      for (const key *k : {&bp.a, &bp.b, &bp.t}) put_key(out, *k);
    }
  } else {
    if (p.rangeSigs.size() != outputs) misuse("Borromean types need one rangeSig per output");
    for (const auto &rs : p.rangeSigs) put_bytes(out, &rs, sizeof rs);
  }

  if (type == RCTTypeCLSAG || type == RCTTypeBulletproofPlus) {
    if (p.CLSAGs.size() != inputs) misuse("CLSAG types need one CLSAG per input");
    for (const auto &c : p.CLSAGs) {
      if (c.s.size() != ring) misuse("every CLSAG needs one s per ring member of input 0");
      for (const auto &k : c.s) put_key(out, k);
      put_key(out, c.c1);
      put_key(out, c.D);
    }
  } else {
    const bool simple = type == RCTTypeSimple || type == RCTTypeBulletproof || type == RCTTypeBulletproof2;
    const std::size_t mg_elements = simple ? inputs : 1;
    const std::size_t rows = (simple ? 1 : inputs) + 1;
    if (p.MGs.size() != mg_elements) misuse("wrong number of MLSAGs for the RingCT type");
    for (const auto &mg : p.MGs) {
      if (mg.ss.size() != ring) misuse("every MLSAG needs one ss column per ring member");
      for (const auto &column : mg.ss) {
        if (column.size() != rows) misuse("wrong MLSAG ss column height for the RingCT type");
        for (const auto &k : column) put_key(out, k);
      }
      put_key(out, mg.cc);
    }
  }

  if (type != RCTTypeFull && type != RCTTypeSimple) {
    if (p.pseudoOuts.size() != inputs) misuse("prunable pseudoOuts need one entry per input");
    for (const auto &k : p.pseudoOuts) put_key(out, k);
  }
}

}  // namespace rct
