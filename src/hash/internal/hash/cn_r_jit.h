// Layer interface of the hash layer (x86-64 only, not installed): a
// CryptonightR program translated to x86-64 machine code, for the AES-NI
// CryptoNight loop. The interpreter (cn_loop.h) stays the reference; the tests
// compare the two.
//
// The code is generated into a private anonymous mapping, which is made
// read+execute (never writable and executable at once) before use, and
// unmapped by the destructor. Where the system refuses executable mappings
// (SELinux deny_execmem, PaX MPROTECT), or when the environment variable
// CNCRYPTO_CN_R_JIT is "0", code() is nullptr and the loop interprets.
//
// Calling convention of the generated function (private to the loop; only
// call_r_jit below calls it): R0..R8 in eax, edx, esi, edi, r8d, r9d, r10d,
// r11d, ebx (32-bit values); returns R0..R3 in eax, edx, esi, edi (their
// upper halves zeroed) and leaves R4..R8 unchanged; clobbers ecx and the
// flags; never touches memory (not even the stack) or vector registers. The
// loop's values stay in registers across the call wherever the compiler
// finds registers for them; the code itself is the program and a RET.
#pragma once

#include "hash/cn_r.h"

#include <cstddef>
#include <cstdint>
#if defined(__x86_64__) && defined(__GNUC__)
#include <emmintrin.h>
// The multi-hash loop compiles its programs itself (r_jit_lanes, r_jit_simd
// and their GCC-asm calls below): its jobs need no r_jit_program.
#define CNCRYPTO_CN_R_JIT_MULTI 1
#else
#define CNCRYPTO_CN_R_JIT_MULTI 0
#endif

namespace crypto::cn {

// One mapping of generated code (the forms below), unmapped by the destructor;
// not copyable.
class r_jit_code {
 public:
  r_jit_code() = default;
  ~r_jit_code();
  r_jit_code(const r_jit_code &) = delete;
  r_jit_code &operator=(const r_jit_code &) = delete;

  // The function, or nullptr (no JIT here: interpret instead).
  const void *code() const noexcept { return code_; }

 protected:
  void *code_ = nullptr;
  std::size_t size_ = 0;
};

class r_jit_program : public r_jit_code {
 public:
  explicit r_jit_program(const r_program &program) noexcept;
};

// The multi-hash loop's form: the programs of N lanes (N = 2 or 4) in one
// function, called once per iteration with every lane's registers in memory.
// One CALL pins no loop value to a fixed register (the per-lane form passes
// R0..R8 in ten fixed registers, and in a four-lane loop the compiler spilled
// every other lane's values around each of the four calls), and the
// programs' inputs do not depend on the iteration's scratchpad loads, so the
// loop calls it while those loads are outstanding.
//
// Per lane, one 80-byte slot (16-byte aligned, slots consecutive). The loop
// writes a, b and b1 before the call; the code reads R0..R3 from r01/r23,
// stores d_xor = (R0 + R1) | (R2 + R3) << 32 of those values (the loop
// XORs it into the multiplier), runs the program and writes R0..R3 back as
// r01 = R0 | R1 << 32 and r23 = R2 | R3 << 32: exactly what the loop XORs
// into a1 and a0, one 64-bit load each (a 64-bit store forwards to the code's
// 32-bit loads of the next iteration; two 32-bit stores would not forward to
// one 64-bit load). R4..R8 are the low words of a[0], a[1], b[0], b1[0] and
// b1[1], read as memory operands.
struct alignas(16) r_lane_slot {
  std::uint64_t r01, r23;  // R0 | R1 << 32, R2 | R3 << 32
  std::uint64_t a[2];      // the iteration's a (R4, R5: the low words)
  std::uint64_t b[2];      // b (R6: the low word of b[0])
  std::uint64_t b1[2];     // b1 (R7, R8: the low words of b1[0], b1[1])
  std::uint64_t d_xor;     // written by the code
  std::uint64_t unused;
};
static_assert(sizeof(r_lane_slot) == 80, "the generated code addresses the slot's fields by these offsets");

class r_jit_lanes : public r_jit_code {
 public:
  // programs[0..count-1], count 1 to 4.
  r_jit_lanes(const r_program *const *programs, int count) noexcept;
};

// The multi-hash loop's form when every lane runs the same program (equal
// heights: a miner's nonces of one block template, xmrig's case): the program
// once, on vectors, lane k's R0..R8 in 32-bit element k of xmm0..xmm8 (2 or 4
// lanes). One MUL, ADD, SUB or XOR is one vector instruction for all lanes
// (VPMULLD, VPADDD and VPADDD of the constant, VPSUBD, VPXOR); a rotation is
// VPRORVD / VPROLVD with AVX-512 F+VL, or five AVX2 instructions (two
// variable shifts, their counts, an OR).
//
// Calling convention (call_r_jit_simd only): R0..R8 in xmm0..xmm8, R0..R3
// returned there; xmm4..xmm8 unchanged; clobbers xmm9..xmm15; reads only its
// own constants (after the code, RIP-relative); no stack, no flags, no
// general-purpose register. The code is VEX/EVEX-encoded with 128-bit
// operands only (upper halves stay clean for the loops' SSE code).
enum class r_simd_isa { none, avx2, avx512 };

// The form the multi-hash loop uses: the best this CPU and OS support
// (avx512, else avx2, else none), or as forced by the environment variable
// CNCRYPTO_CN_R_SIMD (unset or empty: the best; "0" = none: each lane's
// program separately as r_jit_lanes; "avx2"; "avx512"; a valid value is read
// once a process). A value this CPU cannot run, or any other value, throws
// std::runtime_error naming the variable (on every call: no silent
// fallback). slow_hash_many_with calls it for every variant 4 group of two
// or more lanes, whatever the implementation.
r_simd_isa r_simd_chosen();
// Whether this CPU and OS can run `isa` (none: false).
bool r_simd_supported(r_simd_isa isa);

class r_jit_simd : public r_jit_code {
 public:
  // code() is nullptr where `isa` is none or unsupported here, where the JIT
  // is off (CNCRYPTO_CN_R_JIT=0) or the mapping is refused.
  r_jit_simd(const r_program &program, r_simd_isa isa) noexcept;
};

#if defined(__x86_64__) && defined(__GNUC__)
// Runs r_jit_lanes code on N consecutive slots. The code reads and writes
// only the slots (base in r9) and clobbers eax, ecx, edx, esi, edi, r8d and
// the flags.
template <int N>
static inline void call_r_jit_lanes(const void *code, r_lane_slot *slots) {
  register r_lane_slot *base __asm__("r9") = slots;
  __asm__("lea -128(%%rsp), %%rsp\n\t"
          "call *%[code]\n\t"
          "lea 128(%%rsp), %%rsp"
          : "+m"(*reinterpret_cast<r_lane_slot(*)[N]>(slots))
          : "r"(base), [code] "r"(code)
          : "rax", "rcx", "rdx", "rsi", "rdi", "r8", "cc");
}

// Runs r_jit_simd code: r0..r3 (lane k in element k) read and written,
// r4..r8 read.
static inline void call_r_jit_simd(const void *code, __m128i &r0, __m128i &r1, __m128i &r2, __m128i &r3,
                                   __m128i r4, __m128i r5, __m128i r6, __m128i r7, __m128i r8) {
  register __m128i x0 __asm__("xmm0") = r0;
  register __m128i x1 __asm__("xmm1") = r1;
  register __m128i x2 __asm__("xmm2") = r2;
  register __m128i x3 __asm__("xmm3") = r3;
  register __m128i x4 __asm__("xmm4") = r4;
  register __m128i x5 __asm__("xmm5") = r5;
  register __m128i x6 __asm__("xmm6") = r6;
  register __m128i x7 __asm__("xmm7") = r7;
  register __m128i x8 __asm__("xmm8") = r8;
  __asm__("lea -128(%%rsp), %%rsp\n\t"
          "call *%[code]\n\t"
          "lea 128(%%rsp), %%rsp"
          : "+x"(x0), "+x"(x1), "+x"(x2), "+x"(x3)
          : "x"(x4), "x"(x5), "x"(x6), "x"(x7), "x"(x8), [code] "r"(code)
          : "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
  r0 = x0;
  r1 = x1;
  r2 = x2;
  r3 = x3;
}

// Runs the compiled program on R0..R3 (r[0..3], read and written) and R4..R8
// (given by value: the loop's a, b and b1 words, never written).
static inline void call_r_jit(const void *code, std::uint32_t *r, std::uint32_t r4, std::uint32_t r5,
                              std::uint32_t r6, std::uint32_t r7, std::uint32_t r8) {
  std::uint32_t r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3];
  register std::uint32_t x4 __asm__("r8") = r4;
  register std::uint32_t x5 __asm__("r9") = r5;
  register std::uint32_t x6 __asm__("r10") = r6;
  register std::uint32_t x7 __asm__("r11") = r7;
  // The CALL pushes its return address: step over the red zone first.
  __asm__("lea -128(%%rsp), %%rsp\n\t"
          "call *%[code]\n\t"
          "lea 128(%%rsp), %%rsp"
          : "+a"(r0), "+d"(r1), "+S"(r2), "+D"(r3)
          : "r"(x4), "r"(x5), "r"(x6), "r"(x7), "b"(r8), [code] "r"(code)
          : "rcx", "cc");
  r[0] = r0;
  r[1] = r1;
  r[2] = r2;
  r[3] = r3;
}
// The same with R0..R8 all in r[9] (the tests' form).
static inline void call_r_jit(const void *code, std::uint32_t *r) { call_r_jit(code, r, r[4], r[5], r[6], r[7], r[8]); }
#endif

}  // namespace crypto::cn
