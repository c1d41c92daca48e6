// RingCT signature data as it is serialized in v2 transactions (spec
// cryptonote_format.md section 6; Monero src/ringct/rctTypes.h). Plain data:
// no verification happens here. Names follow Monero so its code reads
// naturally; fields Monero does not serialize (message, mixRing, the
// MLSAG II) are left out, except Bulletproof::V and BulletproofPlus::V (kept
// as Monero has them, left empty by the parser) and those the parser can fill
// from the transaction prefix (outPk[i].dest, CLSAG I), as Monero's
// expand_transaction_1 does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iosfwd>
#include <vector>

namespace rct {

// A 32-byte point or scalar, raw bytes (Monero's rct::key).
struct key {
  // Byte i of the key (0 <= i < 32, unchecked, as Monero's). Mirrors
  // rct::key::operator[].
  unsigned char &operator[](int i) { return bytes[i]; }
  unsigned char operator[](int i) const { return bytes[i]; }
  unsigned char bytes[32];
};
static_assert(sizeof(key) == 32, "rct::key must be 32 bytes");
inline bool operator==(const key &a, const key &b) { return std::memcmp(a.bytes, b.bytes, 32) == 0; }
inline bool operator!=(const key &a, const key &b) { return !(a == b); }
// Writes "<", the 64 lowercase hex digits of k.bytes, ">" (epee's
// to_hex::formatted), whatever the key holds: a point, or a secret scalar (keep
// those out of logs). Mirrors Monero's rct::operator<<(std::ostream &, const rct::key &).
std::ostream &operator<<(std::ostream &o, const key &k);

using keyV = std::vector<key>;
using keyM = std::vector<keyV>;

// Output public key (dest) and commitment (mask). Only mask is serialized.
struct ctkey {
  key dest;
  key mask;
};
using ctkeyV = std::vector<ctkey>;
using ctkeyM = std::vector<ctkeyV>;

// Encrypted amount information of one output. Types 1-3 serialize mask then
// amount (64 bytes); types 4-6 serialize only amount.bytes[0..8) and the rest
// is zero after parsing.
struct ecdhTuple {
  key mask;
  key amount;
};

// Borromean signature and range proof (types 1, 2): 6176 bytes per output.
using key64 = key[64];
struct boroSig {
  key64 s0;
  key64 s1;
  key ee;
};
struct rangeSig {
  boroSig asig;
  key64 Ci;
};
static_assert(sizeof(rangeSig) == 6176, "rangeSig is 6176 bytes on the wire");

// The 64 bits of an amount, least significant first, one per element (0 or 1)
// (Monero's rct::bits, ATOMS = 64).
inline constexpr int ATOMS = 64;
using bits = unsigned int[ATOMS];

// amountb[i] = bit i of val. Mirrors rct::d2b.
void d2b(bits amountb, std::uint64_t val);
// sum amountb[i] * 2^i mod 2^64, evaluated as Monero does (Horner from bit 63,
// so an element other than 0/1 still counts with its value). Mirrors rct::b2d.
std::uint64_t b2d(const bits amountb);
// amountb2[8j + i] = bit i of test.bytes[j], j < 8 (bytes 8..31 are ignored).
// Mirrors rct::h2b.
void h2b(bits amountb2, const key &test);
// The inverse: bytes 0..7 from the bits (each byte by Horner, so non-0/1
// elements count with their value, truncated to 8 bits), bytes 8..31 zero.
// Mirrors rct::b2h.
void b2h(key &amountdh, const bits amountb2);

}  // namespace rct

namespace cncrypto {
// The type of rct::H2 (cncrypto's own; Monero's H2 is an array).
struct h2_table {
  const rct::key &operator[](std::size_t i) const;
};
}  // namespace cncrypto

namespace rct {

// H2[i] = 2^i * H, i < 64 (Monero's rct::H2 table), built once on first use
// (thread-safe). H2[i] for i >= 64 throws std::out_of_range.
inline constexpr cncrypto::h2_table H2{};

// MLSAG (types 1-4): ss is (ring size) x (rows) scalars, cc the first challenge.
// II (the key images of the linkable rows) is not serialized: the signer fills
// it, a verifier copies it from the inputs' k_image (Monero's mgSig::II).
struct mgSig {
  keyM ss;
  key cc;
  keyV II;
};

// CLSAG (types 5, 6): s has one scalar per ring member. I (the key image) is
// not serialized; the parser copies it from the input's k_image.
struct clsag {
  keyV s;
  key c1;
  key I;
  key D;
};

// Bulletproof (types 3-5). V (the commitments / 8, one per amount) is not
// serialized: the parser leaves it empty; a verifier fills it from the outputs
// (V_i = INV_EIGHT * outPk_i.mask), as Monero's expand_transaction does.
struct Bulletproof {
  keyV V;
  key A, S, T1, T2;
  key taux, mu;
  keyV L, R;
  key a, b, t;
};

// Bulletproof+ (type 6). V (the commitments / 8, one per amount) is not
// serialized: the parser leaves it empty; a verifier fills it from the outputs
// (V_i = INV_EIGHT * outPk_i.mask), as Monero's expand_transaction does.
struct BulletproofPlus {
  keyV V;
  key A, A1, B;
  key r1, s1, d1;
  keyV L, R;
};

// The amounts a proof covers: V.size(), or 0 when the proof's shape is invalid
// (L.size() outside 6..10, L.size() != R.size(), V empty, or V.size() not in
// (2^(L.size()-7), 2^(L.size()-6)]: the proof is padded to the next power of 2).
// The vector forms sum them, 0 when any proof is invalid or the sum reaches
// 2^32 - 1. The _max_ forms give 2^(L.size()-6) (0 for an invalid L/R).
// Never throw. Mirror Monero's n_bulletproof_amounts,
// n_bulletproof_max_amounts, n_bulletproof_plus_amounts,
// n_bulletproof_plus_max_amounts (rctTypes.cpp).
struct Bulletproof;
struct BulletproofPlus;
std::size_t n_bulletproof_amounts(const Bulletproof &proof) noexcept;
std::size_t n_bulletproof_amounts(const std::vector<Bulletproof> &proofs) noexcept;
std::size_t n_bulletproof_max_amounts(const Bulletproof &proof) noexcept;
std::size_t n_bulletproof_max_amounts(const std::vector<Bulletproof> &proofs) noexcept;
std::size_t n_bulletproof_plus_amounts(const BulletproofPlus &proof) noexcept;
std::size_t n_bulletproof_plus_amounts(const std::vector<BulletproofPlus> &proofs) noexcept;
std::size_t n_bulletproof_plus_max_amounts(const BulletproofPlus &proof) noexcept;
std::size_t n_bulletproof_plus_max_amounts(const std::vector<BulletproofPlus> &proofs) noexcept;

// Monero's enumeration is unnamed (rctTypes.h); so is this one.
enum : std::uint8_t {
  RCTTypeNull = 0,
  RCTTypeFull = 1,
  RCTTypeSimple = 2,
  RCTTypeBulletproof = 3,
  RCTTypeBulletproof2 = 4,
  RCTTypeCLSAG = 5,
  RCTTypeBulletproofPlus = 6,
};

// How a RingCT transaction proves its output amounts, and which
// bulletproof version (Monero's rct::RangeProofType and rct::RCTConfig,
// rctTypes.h). The transaction builder takes them as Monero's does; see
// cryptonote/cryptonote_tx_utils.h.
enum RangeProofType : std::uint8_t {
  RangeProofBorromean,
  RangeProofBulletproof,
  RangeProofMultiOutputBulletproof,
  RangeProofPaddedBulletproof,
};
struct RCTConfig {
  RangeProofType range_proof_type;
  int bp_version;
};


// What a RingCT type uses (Monero rctTypes.h; false for 0 and unknown types):
//   is_rct_simple            types 2-6 (one ring signature per input, pseudo-outputs)
//   is_rct_bulletproof       types 3, 4, 5 (the original Bulletproofs)
//   is_rct_bulletproof_plus  type 6
//   is_rct_borromean         types 1, 2 (Borromean range proofs)
//   is_rct_clsag             types 5, 6 (CLSAG; types 1-4 use MLSAG)
bool is_rct_simple(int type) noexcept;
bool is_rct_bulletproof(int type) noexcept;
bool is_rct_bulletproof_plus(int type) noexcept;
bool is_rct_borromean(int type) noexcept;
bool is_rct_clsag(int type) noexcept;

// The part of the RingCT data that stays when a transaction is pruned.
struct rctSigBase {
  std::uint8_t type = RCTTypeNull;
  // Not serialized (Monero's rctSigBase has them too): the transaction prefix
  // hash the signatures commit to (get_pre_mlsag_hash), and the rings as
  // (output key, commitment) pairs, mixRing[input][member] for the simple
  // types, which the signer and the verifier fill (the parser does not).
  key message{};
  ctkeyM mixRing;
  std::uint64_t txnFee = 0;
  keyV pseudoOuts;                  // type 2 only (types 3-6 keep them in the prunable part)
  std::vector<ecdhTuple> ecdhInfo;  // one per output
  ctkeyV outPk;                     // one per output
};

// Range proofs, ring signatures and (types 3-6) pseudo-outputs.
struct rctSigPrunable {
  std::vector<rangeSig> rangeSigs;                     // types 1, 2
  std::vector<Bulletproof> bulletproofs;               // types 3, 4, 5
  std::vector<BulletproofPlus> bulletproofs_plus;      // type 6
  std::vector<mgSig> MGs;                              // types 1-4
  std::vector<clsag> CLSAGs;                           // types 5, 6
  keyV pseudoOuts;                                     // types 3-6
};

struct rctSig : rctSigBase {
  rctSigPrunable p;
};

}  // namespace rct

namespace cncrypto {

// Monero's name of a RingCT type ("RCTTypeCLSAG"), or "unknown". cncrypto's own.
const char *rct_type_name(std::uint8_t type) noexcept;

}  // namespace cncrypto
