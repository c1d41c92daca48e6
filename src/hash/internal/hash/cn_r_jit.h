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
// Calling convention of the generated function (private to the loop, see
// call_r_jit in cn_loop.h): rdi = uint32_t r[9]; reads r[0..8], writes
// r[0..3]; clobbers the flags only (saves and restores every general-purpose
// register it uses); never touches vector registers; uses 80 bytes of stack
// below the caller's return address.
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
// Runs the generated code on r. The asm statement names exactly what the code
// touches (r[0..8] and the flags), so the compiler keeps everything else (the
// loop's values, in any register) in registers across it; the red zone below
// rsp is stepped over because CALL pushes there. Internal linkage: safe to
// compile with and without ISA flags.
static inline void call_r_jit(const void *code, std::uint32_t *r) {
  __asm__ volatile(
      "lea -128(%%rsp), %%rsp\n\t"
      "call *%[code]\n\t"
      "lea 128(%%rsp), %%rsp"
      : "+m"(*reinterpret_cast<std::uint32_t(*)[9]>(r))
      : "D"(r), [code] "r"(code)
      : "cc");
}
#endif

}  // namespace crypto::cn
