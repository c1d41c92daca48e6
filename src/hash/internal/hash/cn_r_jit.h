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

#if defined(__x86_64__) && defined(__GNUC__)
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
