// Monero master's generators (crypto/generators.h): G, H and the FCMP++
// generators T, U, V, as 32-byte encodings, decoded points (ge_p3) and points
// ready to be added (ge_cached).
//
// The values are Monero master's (0aa9c51) hard-coded constants, byte for byte.
// Beware: at that commit Monero's T, U and V constants are NOT what its own
// documented derivation (reproduce_generator_T/U/V: unbiased_hash_to_ec of
// cn_fast_hash("Monero Generator T" / "Monero FCMP++ Generator U" / "... V"))
// gives; G and H are. Monero's release build uses the constants (the debug
// build's assert that they match aborts). We reproduce the constants; the
// derivation is cncrypto::reproduce_generator below (docs/fcmp_pp.md,
// "The generators").
//
// Every function here returns a copy of a value computed once (thread-safe),
// never fails and takes no secret input.
#pragma once

#include "crypto/crypto-ops.h"
#include "crypto/crypto.h"

#include <cstddef>

namespace crypto {

// 32-byte encodings. G: the ed25519 base point; H: Monero's amount generator
// (8*decode(cn_fast_hash(G))); T, U, V: Monero master's constants (see above).
// Source: Monero master (0aa9c51) crypto::get_G ... get_V.
public_key get_G();
public_key get_H();
public_key get_T();
public_key get_U();
public_key get_V();
// The same points decoded (ge_frombytes_vartime of the constants).
// Source: Monero master (0aa9c51) crypto::get_G_p3 ... get_V_p3.
ge_p3 get_G_p3();
ge_p3 get_H_p3();
ge_p3 get_T_p3();
ge_p3 get_U_p3();
ge_p3 get_V_p3();
// The same points as ge_cached (ge_p3_to_cached), for ge_add/ge_sub.
// Source: Monero master (0aa9c51) crypto::get_G_cached ... get_V_cached.
ge_cached get_G_cached();
ge_cached get_H_cached();
ge_cached get_T_cached();
ge_cached get_U_cached();
ge_cached get_V_cached();

}  // namespace crypto

namespace cncrypto {

// unbiased_hash_to_ec(cn_fast_hash(seed[0..length))): how Monero master derives
// T, U and V from their seed strings (generators.cpp's file-static
// hash-to-point of a seed). seed may be null when length is 0. Never fails;
// public input, variable time. cncrypto's (no Monero counterpart callable).
crypto::public_key generator_from_seed(const void *seed, std::size_t length);

// What Monero master's documented derivation (reproduce_generator_G/H/T/U/V in
// generators.cpp) gives for name 'G', 'H', 'T', 'U' or 'V': G = the encoding of
// y = 4/5 (x positive), H = 8*decode(cn_fast_hash(G)), T/U/V =
// generator_from_seed("Monero Generator T" / "Monero FCMP++ Generator U" /
// "Monero FCMP++ Generator V"). For T, U and V this differs from get_T/U/V()
// (see the top of this header). Throws std::invalid_argument for another name.
// Public, variable time. cncrypto's (Monero's reproduce_* are file-static).
crypto::public_key reproduce_generator(char name);

}  // namespace cncrypto
