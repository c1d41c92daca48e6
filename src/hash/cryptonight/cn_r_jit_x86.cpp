// CryptonightR programs as x86-64 machine code (see hash/cn_r_jit.h).
// Compiled without ISA flags: it only writes bytes; the instructions it emits
// (MOV, IMUL, ADD, SUB, XOR, ROR/ROL by CL) are baseline x86-64.
//
// Register assignment for R0..R8 (32-bit views): eax, edx, esi, edi, r8d,
// r9d, r10d, r11d, ebx; ecx holds the rotation count. The values arrive and
// leave in those registers (call_r_jit in hash/cn_r_jit.h binds them), so
// the code is the program alone and a RET: no loads, stores or saves.
// The multi-hash form (r_jit_lanes) keeps R0..R3 in the same four registers
// but reads and writes them in each lane's slot (base r9), takes R4..R8 as
// memory operands there and uses r8 as a scratch register (also LEA, SHL and
// 64-bit OR / MOV, baseline x86-64 as well).
// Encodings: Intel SDM vol. 2 (REX prefix: 0100WRXB; ModRM mod/reg/rm).

#include "hash/cn_r_jit.h"

#include "crypto/hash-ops.h"

#include "common/cpu_features.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

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
  void imul_rr(std::uint8_t dst, std::uint8_t src) {  // imul dst32, src32
    rex(dst, src);
    byte(0x0F);
    byte(0xAF);
    modrm_rr(dst, src);
  }
  void add_imm32(std::uint8_t dst, std::uint32_t c) {  // add dst32, imm32
    rex(0, dst);
    byte(0x81);
    modrm_rr(0, dst);
    imm32(c);
  }
  void rotate_by_cl(bool right, std::uint8_t dst) {  // ror/rol dst32, cl
    rex(0, dst);
    byte(0xD3);
    modrm_rr(right ? 1 : 0, dst);
  }

 private:
  std::uint8_t *p_;
};

// The lanes form (r_jit_lanes): R0..R3 in eax, edx, esi, edi as above; R4..R8
// are memory operands in the lane's slot (base r9); r8 is a scratch register.
constexpr std::uint8_t r8 = 8, r9 = 9;
constexpr int slot_r0 = 0, slot_r4 = 16, slot_r5 = 24, slot_r6 = 32, slot_r7 = 48, slot_r8 = 56, slot_d_xor = 64;
static_assert(offsetof(r_lane_slot, r01) == slot_r0 && offsetof(r_lane_slot, a) == slot_r4 &&
                  offsetof(r_lane_slot, b) == slot_r6 && offsetof(r_lane_slot, b1) == slot_r7 &&
                  offsetof(r_lane_slot, d_xor) == slot_d_xor,
              "slot offsets");
constexpr int slot_of_input[9] = {-1, -1, -1, -1, slot_r4, slot_r5, slot_r6, slot_r7, slot_r8};

class lanes_emitter : public emitter {
 public:
  using emitter::emitter;
  // opcode reg, [r9 + disp] (32-bit, or 64-bit with w), one or two opcode bytes.
  void mem(std::uint8_t opcode, std::uint8_t reg, int disp, bool w = false, bool two_byte = false) {
    byte(static_cast<std::uint8_t>(0x41 | (w ? 8 : 0) | ((reg >> 3) << 2)));  // REX.B: r9
    if (two_byte) byte(0x0F);
    byte(opcode);
    const bool short_disp = disp >= -128 && disp <= 127;
    byte(static_cast<std::uint8_t>((short_disp ? 0x40 : 0x80) | ((reg & 7) << 3) | (r9 & 7)));
    if (short_disp) {
      byte(static_cast<std::uint8_t>(disp));
    } else {
      imm32(static_cast<std::uint32_t>(disp));
    }
  }
  // 64-bit op r/m64(dst), r64(src) (OR 09).
  void alu64_rr(std::uint8_t opcode, std::uint8_t dst, std::uint8_t src) {
    byte(static_cast<std::uint8_t>(0x48 | ((src >> 3) << 2) | (dst >> 3)));
    byte(opcode);
    modrm_rr(src, dst);
  }
  void shl64_32(std::uint8_t reg) {  // shl reg, 32
    byte(static_cast<std::uint8_t>(0x48 | (reg >> 3)));
    byte(0xC1);
    modrm_rr(4, reg);
    byte(32);
  }
  void lea32_sum(std::uint8_t dst, std::uint8_t x, std::uint8_t y) {  // lea dst32, [x + y]; x, y < 8, not rbp/rsp
    if (dst >= 8) byte(static_cast<std::uint8_t>(0x44));
    byte(0x8D);
    byte(static_cast<std::uint8_t>(((dst & 7) << 3) | 4));
    byte(static_cast<std::uint8_t>((y << 3) | x));
  }
};

// One lane's part of r_jit_lanes' code, its slot at r9 + at.
void generate_lane(const r_program &program, int at, lanes_emitter &e) {
  const std::uint8_t eax = reg_of[0], edx = reg_of[1], esi = reg_of[2], edi = reg_of[3];
  for (int i = 0; i < 4; ++i) e.mem(0x8B, reg_of[i], at + slot_r0 + 4 * i);  // mov Ri, [slot]
  // d_xor from the values before the program.
  e.lea32_sum(rcx, eax, edx);
  e.lea32_sum(r8, esi, edi);
  e.shl64_32(r8);
  e.alu64_rr(0x09, rcx, r8);
  e.mem(0x89, rcx, at + slot_d_xor, true);
  for (int k = 0; k < program.size; ++k) {
    const r_instruction &ins = program.code[k];
    const std::uint8_t d = reg_of[ins.dst];
    const int m = slot_of_input[ins.src];  // >= 0: the source is in memory
    const std::uint8_t s = reg_of[ins.src];
    // op dst, source: the memory form (opcode mem_op) when the source is in the
    // slot, else the register form (reg_op).
    const auto from_source = [&](std::uint8_t mem_op, std::uint8_t reg_op, std::uint8_t dst) {
      if (m >= 0)
        e.mem(mem_op, dst, at + m);
      else
        e.alu_rr(reg_op, dst, s);
    };
    switch (ins.op) {
      case r_opcode::mul:
        if (m >= 0) {
          e.mem(0xAF, d, at + m, false, true);  // imul d, [m]
        } else {
          e.imul_rr(d, s);
        }
        break;
      case r_opcode::add:
        from_source(0x03, 0x01, d);
        if (ins.c != 0) e.add_imm32(d, ins.c);
        break;
      case r_opcode::sub: from_source(0x2B, 0x29, d); break;
      case r_opcode::xor_: from_source(0x33, 0x31, d); break;
      case r_opcode::ror:
      case r_opcode::rol:
        from_source(0x8B, 0x89, rcx);  // mov ecx, source
        e.rotate_by_cl(ins.op == r_opcode::ror, d);
        break;
      case r_opcode::ret: break;
    }
  }
  // r01 = R0 | R1 << 32, r23 = R2 | R3 << 32 (32-bit results have zero upper halves).
  e.shl64_32(edx);
  e.alu64_rr(0x09, edx, eax);
  e.mem(0x89, edx, at + slot_r0, true);
  e.shl64_32(edi);
  e.alu64_rr(0x09, edi, esi);
  e.mem(0x89, edi, at + slot_r0 + 8, true);
}

std::size_t generate(const r_program &program, std::uint8_t *out) {
  emitter e(out);
  for (int k = 0; k < program.size; ++k) {
    const r_instruction &ins = program.code[k];
    const std::uint8_t d = reg_of[ins.dst], s = reg_of[ins.src];
    switch (ins.op) {
      case r_opcode::mul: e.imul_rr(d, s); break;
      case r_opcode::add:  // add d, s; add d, imm32
        e.alu_rr(0x01, d, s);
        if (ins.c != 0) e.add_imm32(d, ins.c);
        break;
      case r_opcode::sub: e.alu_rr(0x29, d, s); break;
      case r_opcode::xor_: e.alu_rr(0x31, d, s); break;
      case r_opcode::ror:
      case r_opcode::rol:  // mov ecx, s; ror/rol d, cl
        e.alu_rr(0x89, rcx, s);
        e.rotate_by_cl(ins.op == r_opcode::ror, d);
        break;
      case r_opcode::ret: break;
    }
  }
  e.byte(0xC3);  // ret
  return e.size(out);
}

// Every lane's part in turn (independent chains: the out-of-order core runs
// them side by side), then a RET. The slots are 80 bytes apart; r9 points
// at the first.
std::size_t generate_lanes(const r_program *const *programs, int count, std::uint8_t *out) {
  lanes_emitter e(out);
  for (int k = 0; k < count; ++k) generate_lane(*programs[k], static_cast<int>(sizeof(r_lane_slot)) * k, e);
  e.byte(0xC3);
  return e.size(out);
}

// The vector form (r_jit_simd): R0..R8 in xmm0..xmm8, one lane per 32-bit
// element; xmm9..xmm13 are scratch, xmm14 and xmm15 hold 31 and 32 in every
// element (the AVX2 rotations' count mask and complement). Constants (those
// two and each ADD's c, four copies each) follow the code at simd_constants,
// read RIP-relative. Encodings: VEX (3-byte C4 form) and EVEX prefixes,
// Intel SDM vol. 2, sections 2.3 and 2.7; 128-bit (L = 0), 66 prefix (pp = 01).
constexpr std::size_t simd_constants = 2048;  // code first (under 1800 bytes: 70 x 25 + 18 + 1)
constexpr std::uint8_t map_0f = 1, map_0f38 = 2;

class simd_emitter : public emitter {
 public:
  simd_emitter(std::uint8_t *start) : emitter(start), start_(start) {}
  // VEX.128.66.<map>.W0 opcode /r: ModRM.reg = reg, VEX.vvvv = v, ModRM.rm = rm (xmm0..xmm15).
  void vex_rr(std::uint8_t map, std::uint8_t opcode, std::uint8_t reg, std::uint8_t v, std::uint8_t rm) {
    vex_opcode(map, opcode, reg, v, rm);
    modrm_rr(reg, rm);
  }
  // The same with ModRM.rm = [rip + disp32] addressing byte `target` of the mapping.
  void vex_rip(std::uint8_t map, std::uint8_t opcode, std::uint8_t reg, std::uint8_t v, std::size_t target) {
    vex_opcode(map, opcode, reg, v, 0);
    byte(static_cast<std::uint8_t>(((reg & 7) << 3) | 5));  // mod 00, rm 101: RIP-relative
    const std::size_t next = size(start_) + 4;           // the displacement is the last field
    imm32(static_cast<std::uint32_t>(static_cast<std::int64_t>(target) - static_cast<std::int64_t>(next)));
  }
  // EVEX.128.66.0F38.W0 opcode /r, no mask (xmm0..xmm15).
  void evex_rr(std::uint8_t opcode, std::uint8_t reg, std::uint8_t v, std::uint8_t rm) {
    byte(0x62);
    // R X B R' 0 0 m m: X and R' (registers 16..31) inverted as 1; map 0F38.
    byte(static_cast<std::uint8_t>((((~reg >> 3) & 1) << 7) | (1 << 6) | (((~rm >> 3) & 1) << 5) | (1 << 4) |
                                   map_0f38));
    byte(static_cast<std::uint8_t>(((~v & 15) << 3) | 0x04 | 0x01));  // W0, vvvv, the fixed 1, pp = 01
    byte(0x08);  // z = 0, L'L = 00 (128-bit), b = 0, V' = 1 (inverted), no opmask
    byte(opcode);
    modrm_rr(reg, rm);
  }

 private:
  // The 3-byte VEX prefix (C4, R X B m-mmmm, W vvvv L pp) and the opcode; rm
  // is the ModRM.rm register (0 for a memory operand: B not extended).
  void vex_opcode(std::uint8_t map, std::uint8_t opcode, std::uint8_t reg, std::uint8_t v, std::uint8_t rm) {
    byte(0xC4);
    byte(static_cast<std::uint8_t>((((~reg >> 3) & 1) << 7) | (1 << 6) | (((~rm >> 3) & 1) << 5) | map));
    byte(static_cast<std::uint8_t>(((~v & 15) << 3) | 0x01));  // W0, L = 0, pp = 01
    byte(opcode);
  }

  const std::uint8_t *start_;
};

// VEX opcodes (66 prefix): map 0F: VPADDD FE, VPSUBD FA, VPXOR EF, VPOR EB,
// VPAND DB, VMOVDQA load 6F; map 0F38: VPMULLD 40, VPSRLVD 45, VPSLLVD 47.
// EVEX map 0F38: VPRORVD 14, VPROLVD 15 (AVX-512F + VL: each element rotated
// by its count modulo 32).
std::size_t generate_simd(const r_program &program, r_simd_isa isa, std::uint8_t *out) {
  simd_emitter e(out);
  std::size_t constant_count = 0;
  const auto add_constant = [&](std::uint32_t c) {  // c in all 4 elements; its offset in the mapping
    const std::size_t at = simd_constants + 16 * constant_count++;
    for (int k = 0; k < 4; ++k) std::memcpy(out + at + 4 * k, &c, 4);
    return at;
  };
  constexpr std::uint8_t t_count = 9, t_complement = 10, t_right = 11, t_left = 12, c31 = 14, c32 = 15;
  if (isa == r_simd_isa::avx2) {
    e.vex_rip(map_0f, 0x6F, c31, 0, add_constant(31));  // vmovdqa xmm14, [31 x 4]
    e.vex_rip(map_0f, 0x6F, c32, 0, add_constant(32));  // vmovdqa xmm15, [32 x 4]
  }
  for (int k = 0; k < program.size; ++k) {
    const r_instruction &ins = program.code[k];
    const std::uint8_t d = ins.dst, s = ins.src;  // xmm index = register index
    switch (ins.op) {
      case r_opcode::mul: e.vex_rr(map_0f38, 0x40, d, d, s); break;  // vpmulld d, d, s
      case r_opcode::add:
        e.vex_rr(map_0f, 0xFE, d, d, s);  // vpaddd d, d, s (s read first: d += s + c as the interpreter)
        if (ins.c != 0) e.vex_rip(map_0f, 0xFE, d, d, add_constant(ins.c));
        break;
      case r_opcode::sub: e.vex_rr(map_0f, 0xFA, d, d, s); break;
      case r_opcode::xor_: e.vex_rr(map_0f, 0xEF, d, d, s); break;
      case r_opcode::ror:
      case r_opcode::rol: {
        const bool right = ins.op == r_opcode::ror;
        if (isa == r_simd_isa::avx512) {
          e.evex_rr(right ? 0x14 : 0x15, d, d, s);  // vprorvd / vprolvd d, d, s
          break;
        }
        // n = s & 31, m = 32 - n (1..32; a count of 32 shifts everything
        // out), d = (d >> n) | (d << m) for ror, the shifts swapped for rol.
        // The counts come from s before d is written (s may be d).
        e.vex_rr(map_0f, 0xDB, t_count, s, c31);               // vpand  t_count, s, [31]
        e.vex_rr(map_0f, 0xFA, t_complement, c32, t_count);    // vpsubd t_complement, [32], t_count
        e.vex_rr(map_0f38, right ? 0x45 : 0x47, t_right, d, t_count);
        e.vex_rr(map_0f38, right ? 0x47 : 0x45, t_left, d, t_complement);
        e.vex_rr(map_0f, 0xEB, d, t_right, t_left);            // vpor d, ...
        break;
      }
      case r_opcode::ret: break;
    }
  }
  e.byte(0xC3);  // ret
  return e.size(out);
}

// A private mapping with the code `fill` writes, made read+execute; nullptr
// when refused.
template <class F>
void *map_code(std::size_t bytes, F fill) {
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  fill(static_cast<std::uint8_t *>(p));
  if (mprotect(p, bytes, PROT_READ | PROT_EXEC) != 0) {
    munmap(p, bytes);
    return nullptr;
  }
  return p;
}

// Monero's use_v4_jit_flag (crypto/hash-ops.h) when the program has set it
// (0: interpret; any other value but -1: JIT), else CNCRYPTO_CN_R_JIT.
bool jit_allowed() {
  static const bool env_allowed = [] {
    const char *env = std::getenv("CNCRYPTO_CN_R_JIT");
    return env == nullptr || std::strcmp(env, "0") != 0;
  }();
  const int flag = use_v4_jit_flag;
  return flag == -1 ? env_allowed : flag != 0;
}

}  // namespace

r_jit_code::~r_jit_code() {
  if (code_ != nullptr) munmap(code_, size_);
}

r_jit_program::r_jit_program(const r_program &program) noexcept {
  if (!jit_allowed()) return;
  // At most 70 instructions of at most 10 bytes, and the RET.
  const std::size_t bytes = 4096;
  code_ = map_code(bytes, [&](std::uint8_t *p) { generate(program, p); });
  if (code_ != nullptr) size_ = bytes;
}

r_jit_lanes::r_jit_lanes(const r_program *const *programs, int count) noexcept {
  if (!jit_allowed() || count < 1 || count > 4) return;
  // Per lane: the loads and the d_xor and r01 / r23 parts (under 80 bytes),
  // at most 70 instructions of at most 13 bytes; the RET.
  const std::size_t bytes = 8192;
  code_ = map_code(bytes, [&](std::uint8_t *p) { generate_lanes(programs, count, p); });
  if (code_ != nullptr) size_ = bytes;
}

namespace {
r_simd_isa simd_choice() {
  const r_simd_isa best = r_simd_supported(r_simd_isa::avx512) ? r_simd_isa::avx512
                          : r_simd_supported(r_simd_isa::avx2) ? r_simd_isa::avx2
                                                               : r_simd_isa::none;
  const char *env = std::getenv("CNCRYPTO_CN_R_SIMD");
  if (env == nullptr || *env == '\0') return best;
  const std::string v = env;
  if (v == "0") return r_simd_isa::none;
  const std::string name = "CNCRYPTO_CN_R_SIMD=" + v;
  if (v == "avx2") {
    if (!r_simd_supported(r_simd_isa::avx2)) {
      throw std::runtime_error(name + ": this CPU (or OS) has no AVX2");
    }
    return r_simd_isa::avx2;
  }
  if (v == "avx512") {
    if (!r_simd_supported(r_simd_isa::avx512)) {
      throw std::runtime_error(name + ": this CPU (or OS) has no AVX-512 F+VL");
    }
    return r_simd_isa::avx512;
  }
  throw std::runtime_error(name + ": unknown value (0, avx2 or avx512; unset = the best this CPU has)");
}
}  // namespace

r_simd_isa r_simd_chosen() {
  static const r_simd_isa chosen = simd_choice();  // a bad value throws again on every call
  return chosen;
}

bool r_simd_supported(r_simd_isa isa) {
  const cpu_features &f = detected_cpu_features();
  switch (isa) {
    case r_simd_isa::avx2: return f.avx2;
    case r_simd_isa::avx512: return f.avx512;
    default: return false;
  }
}

r_jit_simd::r_jit_simd(const r_program &program, r_simd_isa isa) noexcept {
  if (!jit_allowed() || !r_simd_supported(isa)) return;
  // Code under 1800 bytes, then at most 72 16-byte constants at 2048.
  const std::size_t bytes = 4096;
  code_ = map_code(bytes, [&](std::uint8_t *p) { generate_simd(program, isa, p); });
  if (code_ != nullptr) size_ = bytes;
}

}  // namespace crypto::cn
