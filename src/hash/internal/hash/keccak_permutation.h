// Keccak-f[1600] behind one small interface, with the implementation chosen
// once per process.
//
// The sponge (Keccak-256 / cn_fast_hash, SHA-3, SHAKE) and Monero's keccakf()
// see only the operations of `keccak_permutation`: add bytes into the state,
// extract bytes from it, permute it: one state, or 4 / 8 independent states in
// the one multi-lane (lane-interleaved) layout.
// A faster implementation (AVX2, AVX-512, multi-lane) is one more entry in the
// table in keccak_permutation.cpp; nothing above this header changes.
//
// State layout (fixed for every implementation, as in Monero's keccakf):
// 25 lanes of 64 bits, lane index x + 5*y (FIPS 202 section 3.1.2), each lane
// holding its value as a host integer. Byte i of the state (as the sponge
// sees it) is bits 8*(i%8) .. 8*(i%8)+7 of lane i/8, i.e. the lanes are
// little-endian byte strings. add_bytes/extract_bytes do that conversion with
// byte-wise loads and stores, so they are correct at any alignment and on
// big-endian hosts; load_lane / store_lane below are that conversion for one
// whole lane.
//
// Timing: every implementation runs in time independent of the state and data
// contents (no secret-dependent branches or indices); it depends only on the
// public lengths and offsets.
#pragma once

#include "common/endian.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace crypto {

struct cpu_features;  // common/cpu_features.h

// Lane i of the state as bytes 8i .. 8i+7 (little-endian), at any alignment:
// load_lane reads the 8 bytes at p as a lane value, store_lane writes a lane
// value as 8 bytes. The one definition of the state's byte order (internal
// linkage: also compiled into the ISA translation units, whose flags must not
// reach code that runs without the probe). Constant time.
static inline std::uint64_t load_lane(const std::uint8_t *p) { return cncrypto::load_le64(p); }
static inline void store_lane(std::uint8_t *p, std::uint64_t v) { cncrypto::store_le64(p, v); }

// One Keccak-f[1600] implementation. All function pointers are non-null.
struct keccak_permutation {
  // Printable name, e.g. "portable". Stable: CNCRYPTO_KECCAK_IMPL selects by it.
  const char *name;

  // true when this implementation can run on the current CPU (and OS).
  bool (*available)();

  // Keccak-f[1600]: all 24 rounds (FIPS 202 section 3.4, Keccak-p[1600, 24]).
  void (*permute)(std::uint64_t state[25]);

  // Monero's keccakf(st, rounds): applies rounds 0 .. rounds-1, i.e. the FIRST
  // `rounds` round constants (not the last ones as FIPS 202's Keccak-p[1600, nr]
  // would). The caller guarantees 1 <= rounds <= 24.
  void (*permute_rounds)(std::uint64_t state[25], int rounds);

  // XORs data[0 .. length) into state bytes [offset, offset + length).
  // The caller guarantees offset + length <= 200. length 0 does nothing.
  void (*add_bytes)(std::uint64_t state[25], const std::uint8_t *data, std::size_t offset,
                    std::size_t length);

  // Copies state bytes [offset, offset + length) to out[0 .. length).
  // The caller guarantees offset + length <= 200.
  void (*extract_bytes)(const std::uint64_t state[25], std::uint8_t *out, std::size_t offset,
                        std::size_t length);

  // Keccak-f[1600] (24 rounds) on 4 / 8 independent states in the one
  // multi-lane layout, lane-interleaved: lane i of state k at lanes[4*i + k] /
  // lanes[8*i + k] (each lane of all states in one 32 / 64-byte row), lanes
  // 64-byte aligned. Equal to 4 / 8 calls of permute() on the states taken
  // apart. SIMD implementations load each row into one register and never
  // transpose; batch hashing (keccak256_batch.h) absorbs message words straight
  // into this layout. Implementations without a multi-lane permutation (portable,
  // bmi2) use the one generic fallback (keccak/keccak_fallback.h: transpose out,
  // `permute` per state, transpose back).
  void (*permute_x4_lanes)(std::uint64_t lanes[25 * 4]);
  void (*permute_x8_lanes)(std::uint64_t lanes[25 * 8]);

  // The sponge's bulk absorb: for each of `blocks` consecutive blocks of `rate`
  // bytes at data (any alignment), XORs the block into state bytes [0, rate)
  // and applies Keccak-f[1600]. Equal to add_bytes + permute per block; SIMD
  // implementations keep the state in registers from block to block. The
  // caller guarantees rate is a multiple of 8 with 8 <= rate <= 192, and that
  // data holds blocks * rate bytes. blocks 0 does nothing.
  void (*absorb_blocks)(std::uint64_t state[25], const std::uint8_t *data, std::size_t blocks, std::size_t rate);

  // A short message's whole sponge in one call: one block from the zero state,
  // one permutation, the first bytes out. buf[0 .. 17) holds the block's first
  // 136 bytes as lanes, already padded (message, domain byte and final 0x80
  // XORed in by the caller; for a rate below 136 the lanes past it are zero);
  // buf[17 .. 25) is not read (the capacity is taken as zero). Writes the first
  // out_bytes bytes of Keccak-f[1600](buf[0 .. 17) || 8 zero lanes) to out:
  // out_bytes is 1 (a view tag) or 32 (a digest). On return every lane of buf
  // is zero (it held message lanes: the implementation wipes it together with
  // its own scratch, so the caller has nothing left to wipe). out must not
  // overlap buf. Equal to: zero buf[17 .. 25), permute(buf), extract_bytes(buf,
  // out, 0, out_bytes), zero buf (the generic fallback, keccak_fallback.h);
  // hybrid loads the block straight into its registers and stores only the
  // output. Used by cn_fast_hash of < 136 bytes (and so hash_to_scalar) and the
  // single derive_view_tag.
  void (*hash_one_block)(std::uint64_t buf[25], std::uint8_t *out, std::size_t out_bytes);

  // How many states permute_x4_lanes / permute_x8_lanes process side by side at
  // about the cost of one permute(): 8 when permute_x8_lanes is one 8-lane SIMD
  // pass, 4 when permute_x4_lanes is, 1 when they are the generic fallback.
  // Batch hashing uses it to choose between one-state and multi-lane scheduling.
  unsigned parallel_lanes;
};

// The implementation in use, chosen on the first call (thread-safe, once per
// process) and never changed afterwards.
// Choice: the environment variable CNCRYPTO_KECCAK_IMPL, when set and not
// empty, names the implementation to use (e.g. "portable"); otherwise the
// fastest available one. Throws std::runtime_error naming the variable and
// listing the valid names when CNCRYPTO_KECCAK_IMPL names an unknown
// implementation or one this CPU cannot run (the call after that throws again:
// a misconfigured process never silently runs something else).
const keccak_permutation &keccak_active_permutation();

// The choice keccak_active_permutation() makes (it returns
// choose_keccak_permutation(detected_cpu_features(), getenv("CNCRYPTO_KECCAK_IMPL"))),
// for a CPU with the given features and the variable's value `forced` (nullptr or
// empty: not set). Pure: reads neither the CPU nor the environment. Throws as
// keccak_active_permutation(), the names "not supported by this CPU" being those
// `features` cannot run.
const keccak_permutation &choose_keccak_permutation(const cpu_features &features, const char *forced);

// Name of keccak_active_permutation(), e.g. "portable" (what `cnhash --info` prints).
// Throws like keccak_active_permutation().
const char *keccak_implementation_name();

// Every implementation compiled into the library, available on this CPU or not
// (check ->available()): an array of `count` pointers, the portable one first.
// Never empty. For tests and benchmarks that run each implementation.
const keccak_permutation *const *keccak_permutations(std::size_t &count);

// The implementation named `name`, or nullptr when none has that name.
const keccak_permutation *find_keccak_permutation(const char *name);

// The portable implementation (always available): the round body written out
// (theta, rho, pi, chi, iota unrolled, rotation offsets and lane moves as
// constants), 64-bit integer operations only.
const keccak_permutation &keccak_portable_permutation();

// The 24 Keccak-f[1600] round constants RC[0..23] (FIPS 202 section 3.2.5).
extern const std::uint64_t keccak_round_constants[24];

}  // namespace crypto
