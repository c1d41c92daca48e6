// Names of the RingCT types, the amount/bit conversions and the H2 table
// (Monero rctTypes.h / rctTypes.cpp).
#include "ringct/rctTypes.h"

#include "common/hex.h"
#include "ringct/rctOps.h"

#include <array>
#include <ostream>
#include <string>
#include <stdexcept>

namespace rct {
std::ostream &operator<<(std::ostream &o, const key &k) { return cncrypto::write_hex_formatted(o, k.bytes, 32); }


bool is_rct_simple(int type) noexcept { return type >= RCTTypeSimple && type <= RCTTypeBulletproofPlus; }
bool is_rct_bulletproof(int type) noexcept { return type >= RCTTypeBulletproof && type <= RCTTypeCLSAG; }
bool is_rct_bulletproof_plus(int type) noexcept { return type == RCTTypeBulletproofPlus; }
bool is_rct_borromean(int type) noexcept { return type == RCTTypeFull || type == RCTTypeSimple; }
bool is_rct_clsag(int type) noexcept { return type == RCTTypeCLSAG || type == RCTTypeBulletproofPlus; }

namespace {
// log2 of the most amounts one proof covers (BULLETPROOF_MAX_OUTPUTS and
// BULLETPROOF_PLUS_MAX_OUTPUTS are both 16).
constexpr std::size_t kExtraBits = 4;

template <typename Proof>
std::size_t max_amounts(const Proof &proof) noexcept {
  if (proof.L.size() < 6 || proof.L.size() != proof.R.size() || proof.L.size() > 6 + kExtraBits) return 0;
  return std::size_t(1) << (proof.L.size() - 6);
}

template <typename Proof>
std::size_t amounts(const Proof &proof) noexcept {
  const std::size_t max = max_amounts(proof);
  if (max == 0 || proof.V.size() > max || proof.V.size() * 2 <= max || proof.V.empty()) return 0;
  return proof.V.size();
}

template <typename Proof, typename Count>
std::size_t sum(const std::vector<Proof> &proofs, Count count) noexcept {
  std::size_t n = 0;
  for (const Proof &proof : proofs) {
    const std::size_t n2 = count(proof);
    if (n2 >= 0xffffffffu - n) return 0;
    if (n2 == 0) return 0;
    n += n2;
  }
  return n;
}
}  // namespace

// The four counts of one proof kind (Monero writes them out twice, once per kind).
#define CNCRYPTO_PROOF_COUNTS(Proof, n_amounts, n_max_amounts)                                            \
  std::size_t n_amounts(const Proof &proof) noexcept { return amounts(proof); }                           \
  std::size_t n_amounts(const std::vector<Proof> &proofs) noexcept { return sum(proofs, amounts<Proof>); } \
  std::size_t n_max_amounts(const Proof &proof) noexcept { return max_amounts(proof); }                   \
  std::size_t n_max_amounts(const std::vector<Proof> &proofs) noexcept { return sum(proofs, max_amounts<Proof>); }
CNCRYPTO_PROOF_COUNTS(Bulletproof, n_bulletproof_amounts, n_bulletproof_max_amounts)
CNCRYPTO_PROOF_COUNTS(BulletproofPlus, n_bulletproof_plus_amounts, n_bulletproof_plus_max_amounts)
#undef CNCRYPTO_PROOF_COUNTS

void d2b(bits amountb, std::uint64_t val) {
  for (int i = 0; i < ATOMS; ++i) {
    amountb[i] = static_cast<unsigned int>(val & 1);
    val >>= 1;
  }
}

std::uint64_t b2d(const bits amountb) {
  std::uint64_t v = 0;
  for (int j = ATOMS - 1; j >= 0; --j) v = v * 2 + amountb[j];
  return v;
}

void h2b(bits amountb2, const key &test) {
  for (int j = 0; j < 8; ++j) {
    unsigned int v = test.bytes[j];
    for (int i = 0; i < 8; ++i) {
      amountb2[j * 8 + i] = v & 1;
      v >>= 1;
    }
  }
}

void b2h(key &amountdh, const bits amountb2) {
  for (int j = 0; j < 8; ++j) {
    unsigned int byte = 0;
    for (int i = 7; i >= 0; --i) byte = byte * 2 + amountb2[8 * j + i];
    amountdh.bytes[j] = static_cast<unsigned char>(byte);
  }
  for (int j = 8; j < 32; ++j) amountdh.bytes[j] = 0;
}

}  // namespace rct

namespace cncrypto {
using namespace rct;  // ATOMS, Z, scalarmultH

const key &h2_table::operator[](std::size_t i) const {
  static const std::array<key, ATOMS> table = [] {
    std::array<key, ATOMS> t;
    for (int k = 0; k < ATOMS; ++k) {
      key s = Z;
      s.bytes[k / 8] = static_cast<unsigned char>(1u << (k % 8));
      t[k] = scalarmultH(s);  // 2^k < 2^64: no radix-16 top-digit rule applies
    }
    return t;
  }();
  if (i >= table.size()) throw std::out_of_range("rct::H2: index " + std::to_string(i) + " >= 64");
  return table[i];
}
}  // namespace cncrypto

namespace cncrypto {

const char *rct_type_name(std::uint8_t type) noexcept {
  switch (type) {
    case rct::RCTTypeNull: return "RCTTypeNull";
    case rct::RCTTypeFull: return "RCTTypeFull";
    case rct::RCTTypeSimple: return "RCTTypeSimple";
    case rct::RCTTypeBulletproof: return "RCTTypeBulletproof";
    case rct::RCTTypeBulletproof2: return "RCTTypeBulletproof2";
    case rct::RCTTypeCLSAG: return "RCTTypeCLSAG";
    case rct::RCTTypeBulletproofPlus: return "RCTTypeBulletproofPlus";
    default: return "unknown";
  }
}

}  // namespace cncrypto
