// Monero master's FCMP++ types (fcmp_pp/fcmp_pp_types.h), the plain C++ ones:
// output pairs (legacy and Carrot), the variant over them, the unified output,
// and the output tuple {O, I, C}. docs/fcmp_pp.md.
//
// Not offered: Monero's header includes the Rust crate's C header
// fcmp_pp_rust/fcmp++.h (Helios/Selene scalars and points, tree and proof handles,
// e.g. SeleneScalar, selene_scalar_from_bytes), which cncrypto does not have.
// From it only OutputTuple is needed here; it is plain data (three 32-byte
// arrays, alignment 1), so it is declared below with the same layout, at global
// scope as the Rust header declares it. A program that also includes Monero's
// fcmp_pp_rust/fcmp++.h meets a redefinition of OutputTuple: take one or the other.
//
// Comparisons here are variable time (public data), as Monero's "WARNING: not
// constant time".
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <variant>

#include "crypto/crypto.h"

// {O, I, C}: output key (torsion cleared for legacy outputs), key-image generator,
// commitment (torsion cleared for legacy outputs), 32 bytes each. Layout of the
// Rust FFI struct of Monero master (0aa9c51) fcmp_pp_rust/fcmp++.h.
struct OutputTuple {
  std::uint8_t O[32];
  std::uint8_t I[32];
  std::uint8_t C[32];
};
static_assert(sizeof(OutputTuple) == 32 * 3 && alignof(OutputTuple) == 1, "OutputTuple has the FFI layout");

namespace fcmp_pp {

using OutputTuple = ::OutputTuple;

// The tuple {O, I, C} from three points (bytes copied, nothing checked).
// Source: Monero master (0aa9c51) fcmp_pp::output_tuple_from_bytes.
OutputTuple output_tuple_from_bytes(const crypto::ec_point &O, const crypto::ec_point &I, const crypto::ec_point &C);

// An output key and its amount commitment as they are on the chain (torsion not
// cleared: the key-image generator is derived from these bytes).
// Source: Monero master (0aa9c51) fcmp_pp::OutputPairTemplate.
template <typename T>
struct OutputPairTemplate {
  crypto::public_key output_pubkey;
  crypto::ec_point commitment;

  OutputPairTemplate(const crypto::public_key &_output_pubkey, const crypto::ec_point &_commitment)
      : output_pubkey(_output_pubkey), commitment(_commitment) {}
  OutputPairTemplate() : output_pubkey{}, commitment{} {}

  // Byte equality, variable time.
  bool operator==(const OutputPairTemplate &other) const {
    return output_pubkey == other.output_pubkey && commitment == other.commitment;
  }
};

// A pre-FCMP++ output: may have torsion; its key-image generator is the biased one.
struct LegacyOutputPair : public OutputPairTemplate<LegacyOutputPair> {};
// A Carrot v1 output: checked for torsion already; unbiased key-image generator.
struct CarrotOutputPairV1 : public OutputPairTemplate<CarrotOutputPairV1> {};

static_assert(sizeof(LegacyOutputPair) == (32 + 32), "sizeof LegacyOutputPair unexpected");
static_assert(sizeof(CarrotOutputPairV1) == (32 + 32), "sizeof CarrotOutputPairV1 unexpected");
static_assert(std::has_unique_object_representations_v<LegacyOutputPair>);
static_assert(std::has_unique_object_representations_v<CarrotOutputPairV1>);

using OutputPair = std::variant<LegacyOutputPair, CarrotOutputPairV1>;

// The pair's output key / commitment. Source: Monero master (0aa9c51).
const crypto::public_key &output_pubkey_cref(const OutputPair &output_pair);
const crypto::ec_point &commitment_cref(const OutputPair &output_pair);

// Carrot v1: true (checked for torsion when it was made), legacy: false.
bool output_checked_for_torsion(const OutputPair &output_pair);
// Legacy: true (biased key-image generator), Carrot v1: false.
bool use_biased_hash_to_point(const OutputPair &output_pair);

// An output with its unique id in the chain (the order outputs entered it).
// Source: Monero master (0aa9c51) fcmp_pp::UnifiedOutput.
struct UnifiedOutput final {
  uint64_t unified_id{0};
  OutputPair output_pair;

  bool operator==(const UnifiedOutput &other) const {
    return unified_id == other.unified_id && output_pair == other.output_pair;
  }
};

}  // namespace fcmp_pp

// Byte equality of two tuples, variable time (Monero master's global operator).
inline bool operator==(const fcmp_pp::OutputTuple &a, const fcmp_pp::OutputTuple &b) {
  return std::memcmp(a.O, b.O, sizeof(a.O)) == 0 && std::memcmp(a.I, b.I, sizeof(a.I)) == 0 &&
         std::memcmp(a.C, b.C, sizeof(a.C)) == 0;
}
