// Private to src/hash/cryptonight: the CryptoNight scratchpad algorithm once,
// as templates over an AES/128-bit "ops" type, instantiated by each
// implementation's translation unit (aes_portable.cpp: plain C++ with T-table
// AES; aes_ni.cpp: SSE2/SSE4.1 + AESENC, compiled with -maes -msse4.1).
//
// Written from the CryptoNight specification (CryptoNote standard CNS008,
// "CryptoNight hash function", 2013) and the variant definitions Monero runs
// (src/crypto/slow-hash.c and variant2_int_sqrt.h; the variant 1 tweak, the
// variant 2 shuffle / division / square root, CryptonightR's random math):
//
//   explode:  the 128 bytes at state[64..191] are encrypted 16384 times in
//             place with 10 AES rounds per 16-byte block (round keys: the
//             AES-256 schedule of state[0..31], first 10 round keys; every
//             round is a full AESENC round), each result appended to the
//             2 MiB scratchpad.
//   loop:     524288 iterations of two dependent, data-addressed scratchpad
//             steps (see lane::step).
//   implode:  state[64..191] is XORed with each 128-byte scratchpad chunk in
//             order and encrypted (10 rounds, keys from state[32..63]).
//
// Everything here has internal linkage (anonymous namespace): the header is
// compiled once with ISA flags and once without, and an inline function with
// external linkage compiled with -msse4.1 could otherwise be picked by the
// linker for the portable path (an ODR violation that crashes on older CPUs).
//
// Not constant time: addresses and the division depend on the data, which is
// public (proof of work).
#pragma once

#include "hash/cn_impl.h"
#include "hash/cn_r.h"
#include "hash/gf256.h"
#if defined(CNCRYPTO_CN_X86)
#include "hash/cn_r_jit.h"
#endif
#if defined(CNCRYPTO_CN_X86) && CNCRYPTO_CN_R_JIT_MULTI
#define CN_R_JIT_LANES 1  // r_jit_lanes, r_jit_simd and their calls exist
#else
#define CN_R_JIT_LANES 0
#endif

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>  // SQRTSD for variant 2's root
#endif

#if defined(__GNUC__)
#define CN_ALWAYS_INLINE inline __attribute__((always_inline))
// Pins a value to a general-purpose register at this point: stops GCC's SLP
// vectoriser from pairing a0/a1 (and d_lo/d_hi) back into one xmm register,
// which would put the register crossings back on the loop's path, and keeps
// 32-bit accesses 32-bit.
#define CN_IN_GPR(x) __asm__("" : "+r"(x))
#else
#define CN_ALWAYS_INLINE inline
#define CN_IN_GPR(x) ((void)0)
#endif

namespace crypto::cn {
namespace {

// Keeps a 128-bit value as computed at this point: stops GCC from
// reassociating an XOR chain through it (see lane::shuffle). No code.
template <class B>
CN_ALWAYS_INLINE void pin_block(B &) {}
#if defined(__GNUC__) && defined(__SSE2__) && defined(__x86_64__)
CN_ALWAYS_INLINE void pin_block(__m128i &x) { __asm__("" : "+x"(x)); }
#endif

constexpr std::size_t scratchpad_size = std::size_t{1} << 21;  // 2 MiB
constexpr std::size_t chunk_count = scratchpad_size / 128;      // 16384 explode/implode steps
constexpr std::size_t loop_iterations = std::size_t{1} << 19;   // 524288
constexpr std::uint64_t address_mask = 0x1FFFF0;                // 16-byte aligned offset in 2 MiB

// --- The AES-256 key schedule (FIPS 197 section 5.2), first 10 round keys. ---
inline void expand_round_keys(const std::uint8_t key[32], std::uint8_t out[160]) {
  using crypto::gf256::aes_sbox;
  std::memcpy(out, key, 32);
  std::uint8_t rcon = 1;
  for (int i = 8; i < 40; ++i) {
    std::uint8_t t[4];
    std::memcpy(t, out + 4 * (i - 1), 4);
    if (i % 8 == 0) {  // RotWord, SubWord, Rcon
      const std::uint8_t first = t[0];
      t[0] = static_cast<std::uint8_t>(aes_sbox[t[1]] ^ rcon);
      t[1] = aes_sbox[t[2]];
      t[2] = aes_sbox[t[3]];
      t[3] = aes_sbox[first];
      rcon = crypto::gf256::xtime(rcon);
    } else if (i % 8 == 4) {  // SubWord
      for (auto &x : t) x = aes_sbox[x];
    }
    for (int k = 0; k < 4; ++k) out[4 * i + k] = static_cast<std::uint8_t>(out[4 * (i - 8) + k] ^ t[k]);
  }
}

inline std::uint64_t le64(const std::uint8_t *p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}
inline std::uint32_t le32(const std::uint8_t *p) {
  return std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) | (std::uint32_t{p[3]} << 24);
}

// 64 x 64 -> 128-bit product.
CN_ALWAYS_INLINE void mul128(std::uint64_t x, std::uint64_t y, std::uint64_t &hi, std::uint64_t &lo) {
#if defined(__x86_64__) && defined(__GNUC__)
  // MUL directly: with unsigned __int128, GCC 12 sends the two-lane loop's
  // product (and c's low half) through a stack slot, a store-to-load round
  // trip on the critical path.
  __asm__("mulq %3" : "=a"(lo), "=d"(hi) : "%0"(x), "rm"(y) : "cc");
#elif defined(__SIZEOF_INT128__)
  const unsigned __int128 p = static_cast<unsigned __int128>(x) * y;
  lo = static_cast<std::uint64_t>(p);
  hi = static_cast<std::uint64_t>(p >> 64);
#else
  const std::uint64_t x0 = x & 0xffffffff, x1 = x >> 32, y0 = y & 0xffffffff, y1 = y >> 32;
  const std::uint64_t p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);
  lo = (mid << 32) | (p00 & 0xffffffff);
  hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

// Variant 2's square root: the largest r with (r + 2^33)^2 <= 2^66 + 4n, i.e.
// floor(2 * sqrt(2^64 + n)) - 2^33 (0 <= r < 2^32; at most about 3.56e9). A
// double-precision estimate, then one exact integer correction each way,
// without branches. The root sits on a loop-carried chain (the next
// iteration's divisor needs it, the next division's result needs the
// divisor), so its latency is kept short:
//  - the double x = 4 * (2^64 + (n with its low 12 bits cleared)) is built
//    from its bits (exponent 66, the mantissa n >> 12: IEEE 754 binary64),
//    one integer OR and a move, not an integer-to-double conversion, a
//    multiply and an add;
//  - sqrt(x) is in [2^33, 2^33 + 2^32), so it is truncated to an integer and
//    2^33 subtracted there (exact), not in floating point;
//  - both corrections are computed from the same estimate at once.
// Error bound: x is within 4 * 2^12 = 2^14 below 2^66 + 4n, so sqrt(x) is
// within 2^14 / (2 * 2^33) = 2^-20 of the true 2 * sqrt(2^64 + n), plus its
// own rounding (half an ulp at 2^33: 2^-20): the truncated estimate e is
// within 1 of r. So r = e - 1 when e does not fit, e + 1 when e + 1 fits,
// else e (when e does not fit, e + 1 does not either). The test
// variant2_square_root checks the boundaries and 20,000 values against an
// exact search.
//
// Both tests come from one product. v fits when (v + 2^33)^2 <= 2^66 + 4n,
// i.e. v^2 / 4 + 2^32 v <= n; with s = v >> 1, b = v & 1 (v^2 / 4 = s (s + b)
// + b / 4, and n is an integer): s (s + b) + b + 2^32 v <= n. For v + 1 the
// same expansion gives s (s + b) + s + 1 + 2^32 (v + 1) <= n, whether v is
// even or odd. With low = s (s + b) < 2^62 and high = 2^32 v < 2^64 (e <
// 3.6e9), both are compared as low + ... <= n - high, which cannot overflow
// once high <= n (and neither fits when high > n). Branch-free: bitwise &.
CN_ALWAYS_INLINE std::uint64_t v2_sqrt(std::uint64_t n) {
  static_assert(std::numeric_limits<double>::is_iec559, "IEEE 754 binary64 double assumed");
  const std::uint64_t bits = (std::uint64_t{1023 + 66} << 52) | (n >> 12);
#if defined(__SSE2__) && defined(__x86_64__)
  // SQRTSD directly: std::sqrt also tests for a negative argument to set
  // errno (a compare and a branch in the loop; x is never negative here).
  const __m128d x = _mm_castsi128_pd(_mm_cvtsi64_si128(static_cast<long long>(bits)));
  const std::uint64_t e = static_cast<std::uint64_t>(_mm_cvttsd_si64(_mm_sqrt_sd(x, x)));
#else
  double x;
  std::memcpy(&x, &bits, sizeof x);
  const std::uint64_t e = static_cast<std::uint64_t>(static_cast<std::int64_t>(std::sqrt(x)));
#endif
  const std::uint64_t r = e - (std::uint64_t{1} << 33);
  const std::uint64_t s = r >> 1, b = r & 1, high = r << 32, low = s * (s + b);
  const std::uint64_t room = n - high;  // meaningful when high <= n
  const std::uint64_t in = static_cast<std::uint64_t>(high <= n);
  const std::uint64_t fits_r = in & static_cast<std::uint64_t>(low + b <= room);
  const std::uint64_t fits_next = in & static_cast<std::uint64_t>(low + s + 1 + (std::uint64_t{1} << 32) <= room);
  return r - (fits_r ^ 1) + fits_next;  // r = 0 always fits, so this never goes below 0
}

// --- CryptonightR interpreter (program from cn_r.cpp). ---
// Each slot of the program has its own copy of the dispatch (the recursion is
// unrolled at compile time): slot k always runs the same operation during a
// hash, so its branch is predicted after the first iterations.
CN_ALWAYS_INLINE void r_step(const r_instruction &i, std::uint32_t r[9]) {
  const std::uint32_t s = r[i.src];
  std::uint32_t &d = r[i.dst];
  switch (i.op) {
    case r_opcode::mul: d *= s; break;
    case r_opcode::add: d += s + i.c; break;
    case r_opcode::sub: d -= s; break;
    case r_opcode::ror: d = (d >> (s & 31)) | (d << ((32 - (s & 31)) & 31)); break;
    case r_opcode::rol: d = (d << (s & 31)) | (d >> ((32 - (s & 31)) & 31)); break;
    case r_opcode::xor_: d ^= s; break;
    case r_opcode::ret: break;
  }
}
template <int k>
CN_ALWAYS_INLINE void r_run_from(const r_instruction *code, std::uint32_t r[9]) {
  if constexpr (k < r_max_instructions) {
    if (code[k].op == r_opcode::ret) return;
    r_step(code[k], r);
    r_run_from<k + 1>(code, r);
  }
}

#if defined(__GNUC__)
__attribute__((noinline))
#endif
inline void r_interpret_out_of_line(const r_instruction *code, std::uint32_t r[9]) { r_run_from<0>(code, r); }

// One 32-bit access to variant 4's registers in memory (see second_half).
CN_ALWAYS_INLINE std::uint32_t reg32_load(const std::uint32_t *r, int i) {
  std::uint32_t v = r[i];
  CN_IN_GPR(v);
  return v;
}
CN_ALWAYS_INLINE void reg32_store(std::uint32_t *r, int i, std::uint64_t x) {
  auto v = static_cast<std::uint32_t>(x);
  CN_IN_GPR(v);
  r[i] = v;
}

// Variant 4's words from R0..R3 (r[] read 32 bits at a time): the XOR into
// the loaded word from the registers before the program, (R0 + R1) |
// (R2 + R3) << 32, and a pair of registers after it, R[i] | R[i + 1] << 32.
CN_ALWAYS_INLINE std::uint64_t r_d_xor(const std::uint32_t *r) {
  return static_cast<std::uint64_t>(reg32_load(r, 0) + reg32_load(r, 1)) |
         (static_cast<std::uint64_t>(reg32_load(r, 2) + reg32_load(r, 3)) << 32);
}
CN_ALWAYS_INLINE std::uint64_t r_pair(const std::uint32_t *r, int i) {
  return reg32_load(r, i) | (static_cast<std::uint64_t>(reg32_load(r, i + 1)) << 32);
}

// How variant 4's program runs in the loop: the interpreter inlined (the
// portable path), the JIT's code (AES-NI path; one hash: called between the
// halves of each iteration, see loop_one), or the interpreter out of
// line (AES-NI path where the JIT was refused). Chosen once per hash, outside
// the loop, so that the loop holds one way only: with the JIT call and an
// ordinary call both in the loop, the values the call clobbers are spilled
// around both. jit_lanes: the multi-hash loop's form, all lanes' programs in
// one call per iteration (r_jit_lanes), their registers in r_lane_slots.
// jit_simd: the multi-hash loop where every lane runs the same program, once
// on vectors (r_jit_simd), the registers in an r_simd_state.
enum class r_mode { inline_interpreter, jit, out_of_line, jit_lanes, jit_simd };

// Variant 4, one hash with the JIT (r_mode::jit): what the program call between
// the halves leaves for the second half (as in r_lane_slot): d_xor from R0..R3
// before the program, r23 and r01 from R0..R3 after it.
struct r_phase_out {
  std::uint64_t d_xor, r23, r01;
};

#if CN_R_JIT_LANES
// Variant 4, jit_simd: every lane's R0..R3 (lane k in 32-bit element k) and
// what the program phase leaves for the lanes' second halves: out[k] = lane
// k's d_xor, out[4 + k] its r23, out[8 + k] its r01 (as in r_lane_slot).
struct alignas(16) r_simd_state {
  __m128i r[4];
  std::uint64_t out[12];
};
#endif

// --- One hash's loop state ("lane"); V is 0, 1, 2 (also Monero's 3) or 4 (also 5). ---
// `a` is kept as two 64-bit integers (a0 = bytes 0..7, a1 = bytes 8..15), not
// as an Ops::block: the loop's critical path is load -> AES -> address ->
// load -> multiply -> add -> xor -> address, and with `a` in general-purpose
// registers the multiply's result, the add, the xor and the next address
// never cross between vector and integer registers (each crossing costs about
// 3 cycles on the path; the block form of a for the AES key and the shuffle
// is built off the path). The second load of an iteration is two 64-bit
// loads for the same reason.
template <class Ops, int V>
struct lane {
  using block = typename Ops::block;
  std::uint8_t *sp;
  std::uint64_t a0, a1;
  block b, b1;
  std::uint64_t div_result = 0, sqrt_result = 0;  // variant 2
  std::uint64_t tweak = 0;                         // variant 1
  const r_instruction *code = nullptr;            // variant 4
  const void *jit = nullptr;                       // variant 4, Ops::use_r_jit: compiled program or nullptr

  lane(const std::uint8_t *st, std::uint8_t *scratchpad, std::uint64_t tweak1, const r_program *program)
      : sp(scratchpad) {
    a0 = le64(st) ^ le64(st + 32);
    a1 = le64(st + 8) ^ le64(st + 40);
    b = Ops::xor_(Ops::loadu(st + 16), Ops::loadu(st + 48));
    b1 = Ops::xor_(Ops::loadu(st + 64), Ops::loadu(st + 80));
    if constexpr (V == 1) tweak = tweak1;
    if constexpr (V == 2) {
      div_result = le64(st + 96);
      sqrt_result = le64(st + 104);
    }
    if constexpr (V == 4) code = program->code;
    (void)tweak1;
    (void)program;
  }
  explicit lane(const job &j) : lane(j.state, j.scratchpad, j.tweak, j.program) { jit = j.r_jit; }

  // Variant 4's registers R0..R8 live outside the lane (run_one / run_many own
  // them): the JIT call takes their address, and a lane whose address escaped
  // would be kept in memory instead of registers.
  static void init_registers(const std::uint8_t *st, std::uint32_t r[9]) {
    for (int i = 0; i < 9; ++i) r[i] = i < 4 ? le32(st + 96 + 4 * i) : 0;
  }

  // Variants >= 2: the three other 16-byte blocks of the 64-byte line at
  // `offset` are rotated with additions: (c1, c2, c3) <- (c3 + b1, c1 + b, c2 + a)
  // (64-bit lanes). CryptonightR also folds the old c1 ^ c2 ^ c3 into c.
  // In the first half cv is the AES round of a block from the same line as
  // c1..c3, so all four arrive together: c1 ^ c2 ^ c3 is formed while the
  // round runs and one XOR follows it (GCC regrouped the three XORs as
  // (cv ^ c2) ^ (c1 ^ c3), two after the round, on the loop's path).
  CN_ALWAYS_INLINE void shuffle(std::uint64_t offset, block a_add, block &cv) {
    std::uint8_t *p1 = sp + (offset ^ 0x10), *p2 = sp + (offset ^ 0x20), *p3 = sp + (offset ^ 0x30);
    const block c1 = Ops::load(p1), c2 = Ops::load(p2), c3 = Ops::load(p3);
    Ops::store(p1, Ops::add64(c3, b1));
    Ops::store(p2, Ops::add64(c1, b));
    Ops::store(p3, Ops::add64(c2, a_add));
    if constexpr (V == 4) {
      block t = Ops::xor_(c1, Ops::xor_(c2, c3));
      pin_block(t);
      cv = Ops::xor_(cv, t);
    }
  }

  // Values carried from the first half of an iteration to the second.
  block c{}, a_in{};
  std::uint64_t j2 = 0, d_lo = 0, d_hi = 0;

  // One of the 524288 iterations, in two halves: first (load 1, AES round,
  // the first write, load 2 issued) and second (the multiply and the second
  // write). loop_two (loop_four) runs every lane's first half, then the second halves,
  // so that the second lane's load 1 is issued while the first lane's loads
  // are outstanding (with whole iterations in turn, each lane's dependent
  // instructions fill the scheduler and the two chains barely overlap).
  template <bool Deferred = false>
  CN_ALWAYS_INLINE void first_half() {
    // Step 1: one AES round of the block at a, with a as the round key.
    const std::uint64_t j1 = a0 & address_mask;
    a_in = Ops::make(a0, a1);  // the round key; the shuffles add this iteration's incoming a
    c = Ops::aes_round(Ops::load(sp + j1), a_in);
    if constexpr (V >= 2) shuffle(j1, a_in, c);
    block out = Ops::xor_(b, c);
    if constexpr (V == 1) {
      // Byte 11 of the block written back: xor with (0x75310 >> idx) & 0x30,
      // idx = 2 * (((x >> 3) & 6) | (x & 1)).
      std::uint64_t hi = Ops::hi(out);
      const unsigned x = static_cast<unsigned>(hi >> 24) & 0xff;
      const unsigned idx = (((x >> 3) & 6) | (x & 1)) << 1;
      hi ^= static_cast<std::uint64_t>((0x75310u >> idx) & 0x30) << 24;
      out = Ops::make(Ops::lo(out), hi);
    }
    Ops::store(sp + j1, out);
    // Step 2's load: the block at c.
    j2 = Ops::lo(c) & address_mask;
    if constexpr (Deferred) {
      touch(sp + j2);
    } else {
      load_d();
    }
  }

  CN_ALWAYS_INLINE void load_d() {
    d_lo = Ops::load64(sp + j2);
    d_hi = Ops::load64(sp + j2 + 8);
    CN_IN_GPR(d_lo);
    CN_IN_GPR(d_hi);
  }

  // The multi-hash loop's deferred load 2 (see defer_d): the line is
  // prefetched in the first half and read in the second.
  static CN_ALWAYS_INLINE void touch(const std::uint8_t *p) {
#if defined(__GNUC__)
    __builtin_prefetch(p);
#else
    (void)p;
#endif
  }

  // Variant 4: R4..R8 <- a, b and b1's 32-bit words, for the interpreter.
  CN_ALWAYS_INLINE void store_r4_to_r8(std::uint32_t *r) const {
    reg32_store(r, 4, a0);
    reg32_store(r, 5, a1);
    reg32_store(r, 6, Ops::lo(b));
    reg32_store(r, 7, Ops::lo(b1));
    reg32_store(r, 8, Ops::hi(b1));
  }

#if defined(CNCRYPTO_CN_X86) && defined(__x86_64__) && defined(__GNUC__)
  // Variant 4, one hash with the JIT: the program, called between the halves
  // (loop_one). first_half leaves a0, a1, b and b1 as they were, so R4..R8
  // are this iteration's. R0..R3 in r[0..3], updated.
  CN_ALWAYS_INLINE r_phase_out program_phase_one(std::uint32_t *r) const {
    r_phase_out out;
    out.d_xor = r_d_xor(r);
    // R4..R8 go to the code in registers, not through r[].
    call_r_jit(jit, r, static_cast<std::uint32_t>(a0), static_cast<std::uint32_t>(a1),
               static_cast<std::uint32_t>(Ops::lo(b)), static_cast<std::uint32_t>(Ops::lo(b1)),
               static_cast<std::uint32_t>(Ops::hi(b1)));
    out.r23 = r_pair(r, 2);
    out.r01 = r_pair(r, 0);
    return out;
  }
#endif

#if CN_R_JIT_LANES
  // Variant 4, jit_lanes: this iteration's R4..R8 sources (a, b, b1) for the
  // program phase.
  CN_ALWAYS_INLINE void store_r_inputs(r_lane_slot &slot) const {
    Ops::store(reinterpret_cast<std::uint8_t *>(slot.a), a_in);
    Ops::store(reinterpret_cast<std::uint8_t *>(slot.b), b);
    Ops::store(reinterpret_cast<std::uint8_t *>(slot.b1), b1);
  }
#endif

  // Step 2: 64 x 64-bit multiply with the block at c. Regs: std::uint32_t
  // (R0..R8), r_phase_out for jit (one hash), r_lane_slot for jit_lanes,
  // r_simd_state's outputs for jit_simd.
  template <r_mode R, bool Deferred = false, class Regs>
  CN_ALWAYS_INLINE void second_half(Regs *r) {
    const std::uint64_t c_lo = Ops::lo(c);
    if constexpr (Deferred) {
      j2 = c_lo & address_mask;
      load_d();
    }
    std::uint8_t *const pd = sp + j2;
    // Variant 2's integer math uses the previous division and root here, and
    // makes new ones after the multiply (below).
    if constexpr (V == 2) d_lo ^= div_result ^ (sqrt_result << 32);
#if defined(CNCRYPTO_CN_X86) && defined(__x86_64__) && defined(__GNUC__)
    if constexpr (V == 4 && R == r_mode::jit) {
      // The program already ran (loop_one, between the halves).
      d_lo ^= r->d_xor;
      a0 ^= r->r23;
      a1 ^= r->r01;
    } else
#endif
#if CN_R_JIT_LANES
    if constexpr (V == 4 && R == r_mode::jit_simd) {
      // r: lane k's out[k] (see r_simd_state); the program already ran.
      d_lo ^= r[0];
      a0 ^= r[4];
      a1 ^= r[8];
    } else if constexpr (V == 4 && R == r_mode::jit_lanes) {
      // The program already ran (the loop's program phase); the slot holds
      // the d_xor of the registers before it and R0..R3 after it.
      d_lo ^= r->d_xor;
      a0 = r->a[0] ^ r->r23;  // a from the slot: not kept live across the call
      a1 = r->a[1] ^ r->r01;
    } else
#endif
    if constexpr (V == 4) {
      // The interpreter (and without GNU C the JIT's mode too: no call_r_jit).
      // r[] is read and written 32 bits at a time (reg32_load / reg32_store):
      // a 64-bit load of R2:R3 (which the compiler would otherwise merge the
      // two reads into) cannot be forwarded from two 32-bit stores: it waits
      // until they retire, i.e. until every older load has completed.
      d_lo ^= r_d_xor(r);
      store_r4_to_r8(r);
      if constexpr (R == r_mode::out_of_line) {
        r_interpret_out_of_line(code, r);  // JIT refused: keep the loop body small
      } else {
        r_run_from<0>(code, r);
      }
      a0 ^= r_pair(r, 2);
      a1 ^= r_pair(r, 0);
    }
    (void)r;
    std::uint64_t hi, lo;
    mul128(c_lo, d_lo, hi, lo);
    if constexpr (V == 2) {
      std::uint8_t *q1 = sp + (j2 ^ 0x10);
      Ops::store(q1, Ops::xor_(Ops::load(q1), Ops::make(hi, lo)));
      const block q2 = Ops::load(sp + (j2 ^ 0x20));
      hi ^= Ops::lo(q2);
      lo ^= Ops::hi(q2);
    }
    if constexpr (V >= 2) shuffle(j2, a_in, c);
    a0 += hi;
    a1 += lo;
    CN_IN_GPR(a0);
    CN_IN_GPR(a1);
    Ops::store64(pd, a0);
    if constexpr (V == 1) {
      Ops::store64(pd + 8, a1 ^ tweak);
    } else {
      Ops::store64(pd + 8, a1);
    }
    a0 ^= d_lo;
    a1 ^= d_hi;
    // The multi-hash loop: the next iteration's load 1 as a prefetch now,
    // the other lanes' second halves ahead of this lane's next first half.
    if constexpr (Deferred) touch(sp + (a0 & address_mask));
    if constexpr (V == 2) {
      // The next iteration's division and root, last in program order. They
      // are off the loop's path (the next iteration's second half needs
      // them) and still run while the next loads are outstanding. With the
      // DIV (operands in the fixed registers rax and rdx) anywhere between
      // load 2 and the update of a, GCC kept d_lo or the product in a stack
      // slot (a store and a reload on the path), and in the vaes build (32
      // vector registers) also a and the product in xmm registers: three
      // vector/integer crossings on the path, 7-10% of the hash on the
      // 2026-12-04 EPYC VM (docs/measurements/cryptonight.md).
      const std::uint64_t dividend = Ops::hi(c);
      const std::uint32_t divisor =
          (static_cast<std::uint32_t>(c_lo) + static_cast<std::uint32_t>(sqrt_result << 1)) | 0x80000001u;
      div_result = static_cast<std::uint32_t>(dividend / divisor) + ((dividend % divisor) << 32);
      sqrt_result = v2_sqrt(c_lo + div_result);
    }
    b1 = b;
    b = c;
  }

  template <r_mode R>
  CN_ALWAYS_INLINE void step(std::uint32_t *r) {
    first_half();
    second_half<R>(r);
  }
};

// --- explode / implode (8 independent blocks, 10 rounds each). ---
// Ops::encrypt8 runs the 10 rounds on the 8 blocks: AES-NI carries all 8
// through each round together (AESENC is pipelined: 8 in flight hide its
// latency); the table AES has its own (aes_table_ops.h). An Ops with
// bulk_aes = true instead runs a whole explode or implode itself from the
// expanded key bytes (aes_bitslice_ssse3.cpp: the 8 blocks stay bitsliced
// from chunk to chunk).
// 10 rounds on each of 8 blocks, Ops::aes_group blocks carried together.
template <class Ops>
CN_ALWAYS_INLINE void encrypt8_grouped(typename Ops::block x[8], const typename Ops::block k[10]) {
  constexpr int group = Ops::aes_group;
  static_assert(8 % group == 0, "aes_group must divide 8");
  for (int g = 0; g < 8; g += group) {
    for (int round = 0; round < 10; ++round) {
      for (int i = g; i < g + group; ++i) x[i] = Ops::aes_round(x[i], k[round]);
    }
  }
}

// The 10 round keys and the 8 blocks of state bytes 64..191, as Ops blocks.
template <class Ops>
CN_ALWAYS_INLINE void load_keys_and_blocks(const std::uint8_t key_bytes[160], const std::uint8_t *blocks,
                                           typename Ops::block k[10], typename Ops::block x[8]) {
  for (int i = 0; i < 10; ++i) k[i] = Ops::loadu(key_bytes + 16 * i);
  for (int i = 0; i < 8; ++i) x[i] = Ops::loadu(blocks + 16 * i);
}

template <class Ops>
void explode(const std::uint8_t *st, std::uint8_t *sp) {
  std::uint8_t key_bytes[160];
  expand_round_keys(st, key_bytes);
  if constexpr (Ops::bulk_aes) {
    Ops::explode_bulk(key_bytes, st + 64, sp);  // its own AES over whole chunks
  } else {
    typename Ops::block k[10], x[8];
    load_keys_and_blocks<Ops>(key_bytes, st + 64, k, x);
    for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
      Ops::encrypt8(x, k);
      for (int i = 0; i < 8; ++i) Ops::store(sp + 128 * chunk + 16 * i, x[i]);
    }
  }
}

template <class Ops>
void implode(std::uint8_t *st, const std::uint8_t *sp) {
  std::uint8_t key_bytes[160];
  expand_round_keys(st + 32, key_bytes);
  if constexpr (Ops::bulk_aes) {
    Ops::implode_bulk(key_bytes, sp, st + 64);
  } else {
    typename Ops::block k[10], x[8];
    load_keys_and_blocks<Ops>(key_bytes, st + 64, k, x);
    for (std::size_t chunk = 0; chunk < chunk_count; ++chunk) {
      for (int i = 0; i < 8; ++i) x[i] = Ops::xor_(x[i], Ops::load(sp + 128 * chunk + 16 * i));
      Ops::encrypt8(x, k);
    }
    for (int i = 0; i < 8; ++i) Ops::storeu(st + 64 + 16 * i, x[i]);
  }
}

// N hashes' explodes (or implodes) at once, for the multi-hash path: an Ops
// with bulk_many = true (aes_vaes.cpp) interleaves the hashes' independent
// chunk chains (each hash's chunk depends on its previous chunk, so one hash
// alone is bound by the rounds' latency); otherwise one after the other.
template <class Ops, class = void>
struct has_bulk_many {
  static constexpr bool value = false;
};
template <class Ops>
struct has_bulk_many<Ops, decltype(void(Ops::bulk_many))> {
  static constexpr bool value = Ops::bulk_many;
};

// The arguments of Ops::explode_bulk_many / implode_bulk_many for N jobs: the
// expanded AES keys (each from 32 bytes of the job's state at key_offset: 0
// explodes, 32 implodes), each job's 128-byte text (state + 64) and scratchpad.
template <int N>
struct bulk_many_args {
  std::uint8_t key_bytes[N][160];
  const std::uint8_t *keys[N];
  std::uint8_t *text[N];
  std::uint8_t *scratchpad[N];
  bulk_many_args(const job *jobs, std::size_t key_offset) {
    for (int h = 0; h < N; ++h) {
      expand_round_keys(jobs[h].state + key_offset, key_bytes[h]);
      keys[h] = key_bytes[h];
      text[h] = jobs[h].state + 64;
      scratchpad[h] = jobs[h].scratchpad;
    }
  }
};

// Which scratchpad pass pass_many runs: explode (state + 64 spread over the
// scratchpad, key at state + 0) or implode (the scratchpad folded into state +
// 64, key at state + 32).
enum class pass { explode, implode };

// One pass for N jobs: through Ops's bulk form when it has one (all jobs at
// once), otherwise job after job. The choice is made at compile time.
template <class Ops, int N, pass P>
void pass_many(const job *jobs) {
  if constexpr (has_bulk_many<Ops>::value) {
    const bulk_many_args<N> a(jobs, P == pass::explode ? 0 : 32);
    if constexpr (P == pass::explode)
      Ops::template explode_bulk_many<N>(a.keys, a.text, a.scratchpad);
    else
      Ops::template implode_bulk_many<N>(a.keys, a.scratchpad, a.text);
  } else {
    for (int h = 0; h < N; ++h) {
      if constexpr (P == pass::explode)
        explode<Ops>(jobs[h].state, jobs[h].scratchpad);
      else
        implode<Ops>(jobs[h].state, jobs[h].scratchpad);
    }
  }
}

// --- Whole hashes (the implementation entries): one, or two interleaved. ---
// Variant 4 with the JIT calls the program between the halves, load 2
// issued as a prefetch in the first half and read in the second (as the
// multi-hash loop does, below). The program's inputs (a, b, b1, R0..R3) do
// not wait for the iteration's loads. Called from the second half, as
// before 2026-12-04, it came after load 2 in program order, and its
// clobbers kept the loaded d_lo in a stack slot across the call, on the
// loop's path (load 2, store, reload, multiply). With the call between the
// halves: 6-7% less time per hash on the 2026-12-04 EPYC (Zen 5) VM
// (docs/measurements/cryptonight.md). Variants 0 to 2 keep the plain
// order (the deferred load made no difference for them there).
template <class Ops, int V, r_mode R>
void loop_one(lane<Ops, V> &l, std::uint32_t r[9]) {
#if defined(CNCRYPTO_CN_X86) && defined(__x86_64__) && defined(__GNUC__)
  if constexpr (V == 4 && R == r_mode::jit) {
    for (std::size_t i = 0; i < loop_iterations; ++i) {
      l.template first_half<true>();
      const r_phase_out out = l.program_phase_one(r);
      l.template second_half<R, true>(&out);
    }
  } else
#endif
  {
    for (std::size_t i = 0; i < loop_iterations; ++i) l.template step<R>(r);
  }
}

// The multi-hash loop issues each lane's load 2 as a prefetch in the first
// half and reads the block at the start of the second half. A load that
// misses cannot retire until its data arrives, and the reorder buffer (352
// entries on Ice Lake) holds only the instructions behind the oldest one not
// retired: with the load itself in the first half, the first lane's missing
// load 2 held back everything after it, the other lanes' first halves and
// the whole program phase included, so the next iteration's loads came in
// late. A prefetch retires without waiting; the load in the second half is
// then served by the same line fill, just before its value is needed. The
// same for load 1: each lane's second half ends with a prefetch of the next
// iteration's block at a, which its first half (behind the other lanes'
// second halves) then reads.
// Measured on the 2026-12-03 Xeon VM (with the program phase below):
// variants 2 and 4 with four lanes 1.7-1.9x faster per hash, variants 0 and
// 1 about 1.1x (docs/measurements/cryptonight.md).
constexpr bool defer_d = true;

// Lane k's registers in the multi-hash loop.
inline std::uint32_t *regs_at(std::uint32_t (*r)[9], int k) { return r[k]; }
#if CN_R_JIT_LANES
inline r_lane_slot *regs_at(r_lane_slot *r, int k) { return r + k; }
inline const std::uint64_t *regs_at(r_simd_state *r, int k) { return r->out + k; }

// jit_simd's R4..R8 vectors (lane k in element k) from the lanes' a, b and b1:
// R4, R5 are elements 0 and 2 of a (the low words of a[0], a[1]), R6 element
// 0 of b, R7, R8 elements 0 and 2 of b1. UNPCKLDQ of two lanes' blocks gives
// [x0, y0, x1, y1], UNPCKHDQ [x2, y2, x3, y3]; for four lanes UNPCKLQDQ joins
// the two pairs.
template <class L>
CN_ALWAYS_INLINE void simd_inputs(__m128i in[5], const L &l0, const L &l1) {
  in[0] = _mm_unpacklo_epi32(l0.a_in, l1.a_in);
  in[1] = _mm_unpackhi_epi32(l0.a_in, l1.a_in);
  in[2] = _mm_unpacklo_epi32(l0.b, l1.b);
  in[3] = _mm_unpacklo_epi32(l0.b1, l1.b1);
  in[4] = _mm_unpackhi_epi32(l0.b1, l1.b1);
}
template <class L>
CN_ALWAYS_INLINE void simd_inputs(__m128i in[5], const L &l0, const L &l1, const L &l2, const L &l3) {
  __m128i x[5], y[5];
  simd_inputs(x, l0, l1);
  simd_inputs(y, l2, l3);
  for (int i = 0; i < 5; ++i) in[i] = _mm_unpacklo_epi64(x[i], y[i]);
}

// jit_simd's program phase: d_xor from R0..R3 before the program, the
// program on all lanes at once, then r23 and r01 per lane (UNPCKLDQ of R0
// and R1 gives lanes 0 and 1's R0 | R1 << 32, UNPCKHDQ lanes 2 and 3's).
template <class... Lanes>
CN_ALWAYS_INLINE void simd_program_phase(r_simd_state *st, const void *code, const Lanes &...ls) {
  constexpr int N = sizeof...(Lanes);
  __m128i in[5];
  simd_inputs(in, ls...);
  const auto store_pairs = [st](int at, __m128i lo_words, __m128i hi_words) {
    _mm_store_si128(reinterpret_cast<__m128i *>(st->out + at), _mm_unpacklo_epi32(lo_words, hi_words));
    if constexpr (N == 4) {
      _mm_store_si128(reinterpret_cast<__m128i *>(st->out + at + 2), _mm_unpackhi_epi32(lo_words, hi_words));
    }
  };
  store_pairs(0, _mm_add_epi32(st->r[0], st->r[1]), _mm_add_epi32(st->r[2], st->r[3]));
  call_r_jit_simd(code, st->r[0], st->r[1], st->r[2], st->r[3], in[0], in[1], in[2], in[3], in[4]);
  store_pairs(4, st->r[2], st->r[3]);
  store_pairs(8, st->r[0], st->r[1]);
}
#endif

// Variant 4 with jit_lanes, between the first and the second halves: every
// lane's program in one call. Its inputs are the iteration's a, b and b1 and
// the previous R0..R3, none of which waits for this iteration's loads, so it
// runs while they are outstanding instead of after them (in a second half,
// each lane's program came behind that lane's load 2 in the reorder window).
// (The lanes are passed one by one: with their addresses in an array GCC
// kept the lanes in memory.)
template <class Ops, int V, r_mode R, class Regs, class... Lanes>
CN_ALWAYS_INLINE void program_phase(Regs *r, const void *lanes_code, Lanes &...ls) {
#if CN_R_JIT_LANES
  if constexpr (R == r_mode::jit_lanes) {
    int k = 0;
    (ls.store_r_inputs(r[k++]), ...);
    call_r_jit_lanes<sizeof...(Lanes)>(lanes_code, r);
  } else if constexpr (R == r_mode::jit_simd) {
    simd_program_phase(r, lanes_code, ls...);
  }
#endif
  (void)r;
  (void)lanes_code;
  ((void)ls, ...);
}

// Two or four independent hashes, iteration by iteration: the dependency
// chains (and their scratchpad latencies) overlap in the out-of-order core.
template <class Ops, int V, r_mode R, class Regs>
void loop_two(lane<Ops, V> &l0, lane<Ops, V> &l1, Regs *r, const void *lanes_code) {
  for (std::size_t i = 0; i < loop_iterations; ++i) {
    l0.template first_half<defer_d>();
    l1.template first_half<defer_d>();
    program_phase<Ops, V, R>(r, lanes_code, l0, l1);
    l0.template second_half<R, defer_d>(regs_at(r, 0));
    l1.template second_half<R, defer_d>(regs_at(r, 1));
  }
}

// Four lanes: four loads outstanding at a time. The lanes' values no longer
// fit the 16 general-purpose registers, so some live in stack slots (L1
// hits, off the scratchpad's much longer latency).
template <class Ops, int V, r_mode R, class Regs>
void loop_four(lane<Ops, V> &l0, lane<Ops, V> &l1, lane<Ops, V> &l2, lane<Ops, V> &l3, Regs *r,
               const void *lanes_code) {
  for (std::size_t i = 0; i < loop_iterations; ++i) {
    l0.template first_half<defer_d>();
    l1.template first_half<defer_d>();
    l2.template first_half<defer_d>();
    l3.template first_half<defer_d>();
    program_phase<Ops, V, R>(r, lanes_code, l0, l1, l2, l3);
    l0.template second_half<R, defer_d>(regs_at(r, 0));
    l1.template second_half<R, defer_d>(regs_at(r, 1));
    l2.template second_half<R, defer_d>(regs_at(r, 2));
    l3.template second_half<R, defer_d>(regs_at(r, 3));
  }
}

template <class Ops, int V>
void run_one(const job &j) {
  explode<Ops>(j.state, j.scratchpad);
  lane<Ops, V> l(j);
  alignas(64) std::uint32_t r[9];
  lane<Ops, V>::init_registers(j.state, r);
  if constexpr (V == 4 && Ops::use_r_jit) {
    if (j.r_jit != nullptr) {
      loop_one<Ops, V, r_mode::jit>(l, r);
    } else {
      loop_one<Ops, V, r_mode::out_of_line>(l, r);
    }
  } else {
    loop_one<Ops, V, r_mode::inline_interpreter>(l, r);
  }
  implode<Ops>(j.state, j.scratchpad);
}

template <class Ops, int V, r_mode R, int N, class Regs>
void loop_many(const job *jobs, Regs *r, const void *lanes_code = nullptr) {
  lane<Ops, V> l0(jobs[0]);
  lane<Ops, V> l1(jobs[1]);
  if constexpr (N == 2) {
    loop_two<Ops, V, R>(l0, l1, r, lanes_code);
  } else {
    lane<Ops, V> l2(jobs[2]);
    lane<Ops, V> l3(jobs[3]);
    loop_four<Ops, V, R>(l0, l1, l2, l3, r, lanes_code);
  }
}

// Whether the N jobs' programs are the same (variant 4; equal heights give
// equal programs).
inline bool same_programs(const job *jobs, int n) {
  const r_program &p = *jobs[0].program;
  for (int h = 1; h < n; ++h) {
    const r_program &q = *jobs[h].program;
    if (q.size != p.size) return false;
    for (int k = 0; k < p.size; ++k) {
      const r_instruction &x = p.code[k], &y = q.code[k];
      if (x.op != y.op || x.dst != y.dst || x.src != y.src || x.c != y.c) return false;
    }
  }
  return true;
}

// N = 2 or 4 hashes of one variant.
template <class Ops, int V, int N>
void run_many(const job *jobs) {
  pass_many<Ops, N, pass::explode>(jobs);
  alignas(64) std::uint32_t r[N][9];
  for (int h = 0; h < N; ++h) lane<Ops, V>::init_registers(jobs[h].state, r[h]);
  if constexpr (V == 4 && Ops::use_r_jit) {
#if CN_R_JIT_LANES
    // The multi-hash loop compiles its own code (the jobs carry no r_jit):
    // one program for every lane (equal heights) runs once on vectors
    // (r_jit_simd); otherwise all lanes' programs in one function
    // (r_jit_lanes); where the JIT is off or its mapping refused, the
    // interpreter.
    const r_simd_isa isa = r_simd_chosen();
    if (isa != r_simd_isa::none && same_programs(jobs, N)) {
      const r_jit_simd simd(*jobs[0].program, isa);
      if (simd.code() != nullptr) {
        r_simd_state st;
        alignas(16) std::uint32_t words[4][4] = {};
        for (int h = 0; h < N; ++h) {
          for (int i = 0; i < 4; ++i) words[i][h] = le32(jobs[h].state + 96 + 4 * i);
        }
        for (int i = 0; i < 4; ++i) st.r[i] = _mm_load_si128(reinterpret_cast<const __m128i *>(words[i]));
        loop_many<Ops, V, r_mode::jit_simd, N>(jobs, &st, simd.code());
        pass_many<Ops, N, pass::implode>(jobs);
        return;
      }
    }
    const r_program *programs[N];
    for (int h = 0; h < N; ++h) programs[h] = jobs[h].program;
    const r_jit_lanes lanes_code(programs, N);
    if (lanes_code.code() != nullptr) {
      r_lane_slot slots[N] = {};
      for (int h = 0; h < N; ++h) {
        slots[h].r01 = le64(jobs[h].state + 96);
        slots[h].r23 = le64(jobs[h].state + 104);
      }
      loop_many<Ops, V, r_mode::jit_lanes, N>(jobs, slots, lanes_code.code());
    } else {
      loop_many<Ops, V, r_mode::out_of_line, N>(jobs, r);
    }
#else
    bool all_jit = true;
    for (int h = 0; h < N; ++h) all_jit = all_jit && jobs[h].r_jit != nullptr;
    if (all_jit) {
      loop_many<Ops, V, r_mode::jit, N>(jobs, r);
    } else {
      loop_many<Ops, V, r_mode::out_of_line, N>(jobs, r);
    }
#endif
  } else {
    loop_many<Ops, V, r_mode::inline_interpreter, N>(jobs, r);
  }
  pass_many<Ops, N, pass::implode>(jobs);
}

template <class Ops, int V>
void run_count(const job *jobs, std::size_t count) {
#if defined(__EMSCRIPTEN__)
  // WebAssembly: one hash at a time (same results). The interleaved 2- and 4-lane
  // loops are x86 instruction-level parallelism, and each is a copy of the whole
  // inlined loop: together 110 KB of the wasm module for proof of work a page does
  // not run in bulk (docs/measurements/wasm.md).
  for (std::size_t h = 0; h < count; ++h) run_one<Ops, V>(jobs[h]);
#else
  switch (count) {
    case 4: run_many<Ops, V, 4>(jobs); break;
    case 2: run_many<Ops, V, 2>(jobs); break;
    default: run_one<Ops, V>(jobs[0]); break;
  }
#endif
}

// variant: 0, 1, 2 or 4 (already normalised); count: 1, 2 or 4.
template <class Ops>
void run_variant(int variant, const job *jobs, std::size_t count) {
  switch (variant) {
    case 0: run_count<Ops, 0>(jobs, count); break;
    case 1: run_count<Ops, 1>(jobs, count); break;
    case 2: run_count<Ops, 2>(jobs, count); break;
    default: run_count<Ops, 4>(jobs, count); break;
  }
}

}  // namespace
}  // namespace crypto::cn
