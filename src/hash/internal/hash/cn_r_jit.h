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

namespace crypto::cn {

class r_jit_program {
 public:
  explicit r_jit_program(const r_program &program) noexcept;
  ~r_jit_program();
  r_jit_program(const r_jit_program &) = delete;
  r_jit_program &operator=(const r_jit_program &) = delete;

  // The function, or nullptr (no JIT here: interpret instead).
  const void *code() const noexcept { return code_; }

 private:
  void *code_ = nullptr;
  std::size_t size_ = 0;
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

class r_jit_lanes {
 public:
  // programs[0..count-1], count 1 to 4.
  r_jit_lanes(const r_program *const *programs, int count) noexcept;
  ~r_jit_lanes();
  r_jit_lanes(const r_jit_lanes &) = delete;
  r_jit_lanes &operator=(const r_jit_lanes &) = delete;

  const void *code() const noexcept { return code_; }

 private:
  void *code_ = nullptr;
  std::size_t size_ = 0;
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
