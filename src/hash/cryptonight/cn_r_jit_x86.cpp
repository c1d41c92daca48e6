// CryptonightR programs as x86-64 machine code (see hash/cn_r_jit.h).
// Compiled without ISA flags: it only writes bytes; the instructions it emits
// (MOV, IMUL, ADD, SUB, XOR, ROR/ROL by CL) are baseline x86-64.
//
// Register assignment for R0..R8 (32-bit views): eax, edx, esi, edi, r8d,
// r9d, r10d, r11d, ebx; ecx holds the rotation count. The values arrive and
// leave in those registers (call_r_jit in hash/cn_r_jit.h binds them), so
// the code is the program alone and a RET: no loads, stores or saves.
// Encodings: Intel SDM vol. 2 (REX prefix: 0100WRXB; ModRM mod/reg/rm).

#include "hash/cn_r_jit.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include <sys/mman.h>

namespace crypto::cn {

namespace {

constexpr std::uint8_t reg_of[9] = {0 /*rax*/, 2 /*rdx*/, 6 /*rsi*/, 7 /*rdi*/, 8 /*r8*/,
                                    9 /*r9*/,  10 /*r10*/, 11 /*r11*/, 3 /*rbx*/};
constexpr std::uint8_t rcx = 1;

class emitter {
 public:
  explicit emitter(std::uint8_t *p) : p_(p) {}
  std::size_t size(const std::uint8_t *start) const { return static_cast<std::size_t>(p_ - start); }

  void byte(std::uint8_t b) { *p_++ = b; }
  void imm32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) byte(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  // REX for a 32-bit operation with ModRM.reg = reg and ModRM.rm = rm.
  void rex(std::uint8_t reg, std::uint8_t rm) {
    if (reg >= 8 || rm >= 8) byte(static_cast<std::uint8_t>(0x40 | ((reg >> 3) << 2) | (rm >> 3)));
  }
  void modrm_rr(std::uint8_t reg, std::uint8_t rm) {
    byte(static_cast<std::uint8_t>(0xC0 | ((reg & 7) << 3) | (rm & 7)));
  }
  // op r/m32, r32 (ADD 01, SUB 29, XOR 31, MOV 89): rm = dst, reg = src.
  void alu_rr(std::uint8_t opcode, std::uint8_t dst, std::uint8_t src) {
    rex(src, dst);
    byte(opcode);
    modrm_rr(src, dst);
  }

 private:
  std::uint8_t *p_;
};

std::size_t generate(const r_program &program, std::uint8_t *out) {
  emitter e(out);
  for (int k = 0; k < program.size; ++k) {
    const r_instruction &ins = program.code[k];
    const std::uint8_t d = reg_of[ins.dst], s = reg_of[ins.src];
    switch (ins.op) {
      case r_opcode::mul:  // imul d, s
        e.rex(d, s);
        e.byte(0x0F);
        e.byte(0xAF);
        e.modrm_rr(d, s);
        break;
      case r_opcode::add:  // add d, s; add d, imm32
        e.alu_rr(0x01, d, s);
        if (ins.c != 0) {
          e.rex(0, d);
          e.byte(0x81);
          e.modrm_rr(0, d);
          e.imm32(ins.c);
        }
        break;
      case r_opcode::sub: e.alu_rr(0x29, d, s); break;
      case r_opcode::xor_: e.alu_rr(0x31, d, s); break;
      case r_opcode::ror:
      case r_opcode::rol:  // mov ecx, s; ror/rol d, cl
        e.alu_rr(0x89, rcx, s);
        e.rex(0, d);
        e.byte(0xD3);
        e.modrm_rr(ins.op == r_opcode::ror ? 1 : 0, d);
        break;
      case r_opcode::ret: break;
    }
  }
  e.byte(0xC3);  // ret
  return e.size(out);
}

bool jit_allowed() {
  static const bool allowed = [] {
    const char *env = std::getenv("CNCRYPTO_CN_R_JIT");
    return env == nullptr || std::strcmp(env, "0") != 0;
  }();
  return allowed;
}

}  // namespace

r_jit_program::r_jit_program(const r_program &program) noexcept {
  if (!jit_allowed()) return;
  // At most 70 instructions of at most 10 bytes, and the RET.
  const std::size_t bytes = 4096;
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return;
  generate(program, static_cast<std::uint8_t *>(p));
  if (mprotect(p, bytes, PROT_READ | PROT_EXEC) != 0) {
    munmap(p, bytes);
    return;
  }
  code_ = p;
  size_ = bytes;
}

r_jit_program::~r_jit_program() {
  if (code_ != nullptr) munmap(code_, size_);
}

}  // namespace crypto::cn
