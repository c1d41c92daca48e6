#include "ringct/rctSigs.h"

#include "crypto/hash.h"
#include "ringct/rctSerialization.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace rct {
namespace {

[[noreturn]] void misuse(const char *function, const std::string &message) {
  throw std::invalid_argument(std::string("rct::") + function + ": " + message);
}

void append_key(std::vector<std::uint8_t> &out, const key &k) { out.insert(out.end(), k.bytes, k.bytes + 32); }

key keccak(const std::vector<std::uint8_t> &bytes) {
  key out;
  crypto::cn_fast_hash(bytes.data(), bytes.size(), reinterpret_cast<char *>(out.bytes));
  return out;
}

}  // namespace

key get_pre_mlsag_hash(const rctSig &rv) {
  if (rv.type == RCTTypeNull || rv.type > RCTTypeBulletproofPlus) {
    misuse("get_pre_mlsag_hash", std::string("no signature message for RingCT type ") + std::to_string(rv.type));
  }
  std::size_t inputs = rv.pseudoOuts.size();
  if (!rv.mixRing.empty()) inputs = rv.type == RCTTypeFull ? rv.mixRing[0].size() : rv.mixRing.size();

  std::vector<std::uint8_t> buffer;
  serialize_rctsig_base(buffer, rv, inputs, rv.ecdhInfo.size());

  std::uint8_t hashes[3 * 32];
  std::memcpy(hashes, rv.message.bytes, 32);
  const key base_hash = keccak(buffer);
  std::memcpy(hashes + 32, base_hash.bytes, 32);

  buffer.clear();
  if (rv.type == RCTTypeBulletproofPlus) {
    for (const auto &bp : rv.p.bulletproofs_plus) {
      for (const key *k : {&bp.A, &bp.A1, &bp.B, &bp.r1, &bp.s1, &bp.d1}) append_key(buffer, *k);
      for (const auto &k : bp.L) append_key(buffer, k);
      for (const auto &k : bp.R) append_key(buffer, k);
    }
  } else if (rv.type == RCTTypeBulletproof || rv.type == RCTTypeBulletproof2 || rv.type == RCTTypeCLSAG) {
    for (const auto &bp : rv.p.bulletproofs) {
      for (const key *k : {&bp.A, &bp.S, &bp.T1, &bp.T2, &bp.taux, &bp.mu}) append_key(buffer, *k);
      for (const auto &k : bp.L) append_key(buffer, k);
      for (const auto &k : bp.R) append_key(buffer, k);
      for (const key *k : {&bp.a, &bp.b, &bp.t}) append_key(buffer, *k);
    }
  } else {
    for (const auto &rs : rv.p.rangeSigs) {
      for (const auto &k : rs.asig.s0) append_key(buffer, k);
      for (const auto &k : rs.asig.s1) append_key(buffer, k);
      append_key(buffer, rs.asig.ee);
      for (const auto &k : rs.Ci) append_key(buffer, k);
    }
  }
  const key proof_hash = keccak(buffer);
  std::memcpy(hashes + 64, proof_hash.bytes, 32);

  key message;
  crypto::cn_fast_hash(hashes, sizeof hashes, reinterpret_cast<char *>(message.bytes));
  return message;
}

}  // namespace rct
