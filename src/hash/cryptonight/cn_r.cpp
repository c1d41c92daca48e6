// CryptoNight-R program generation (Monero variant 4), written from the
// CryptonightR design as Monero runs it (src/crypto/variant4_random_math.h,
// v4_random_math_init): the rules below are that design's, the code is ours.
//
// The generator models a CPU with 3 ALUs (1 of which multiplies) and picks
// operations from a byte stream until every variable register R0..R3 has a
// dependency chain of 45 cycles (or 60 instructions were made, or it gave
// up), then appends ROR/MUL/MUL... to lengthen the chain an "ASIC" would see.
// The byte stream: 32 bytes, starting as the height (8 bytes little-endian,
// then zeros, byte 20 = 0xDA); whenever more bytes are needed than remain, the
// 32 bytes are replaced by their BLAKE-256 hash (so the first read already
// hashes). A program must read R8 (the degenerate-source substitute); one that
// does not, or whose size falls outside 60..70, is discarded and generation
// continues with the same stream.
//
// Checked against Cuprate's program for height 1806260 (tests/unit_tests/hash)
// and Monero's tests-slow-4.txt.

#include "hash/cn_r.h"

#include "../extra/extra_hashes.h"

#include <algorithm>
#include <cstring>

namespace crypto::cn {

namespace {

constexpr int chain_target = 45;  // cycles: the latency of 15 multiplications
constexpr int alu_total = 3;
// Per opcode (mul, add, sub, ror, rol, xor): latency on the modelled CPU, on
// the modelled ASIC, and how many ALUs can run it.
constexpr int cpu_cycles[6] = {3, 2, 1, 2, 2, 1};
constexpr int asic_cycles[6] = {3, 1, 1, 1, 1, 1};
constexpr int alus_for[6] = {1, 3, 3, 3, 3, 3};

class byte_stream {
 public:
  explicit byte_stream(std::uint64_t height) {
    for (int i = 0; i < 8; ++i) bytes_[i] = static_cast<std::uint8_t>(height >> (8 * i));
    bytes_[20] = 0xDA;  // (int8_t) -38: Monero's CN-R seed change (programs differ from the first CN/R draft's)
  }
  std::uint8_t byte() {
    refill_for(1);
    return bytes_[pos_++];
  }
  std::uint32_t word() {
    refill_for(4);
    const std::uint32_t v = std::uint32_t{bytes_[pos_]} | (std::uint32_t{bytes_[pos_ + 1]} << 8) |
                            (std::uint32_t{bytes_[pos_ + 2]} << 16) | (std::uint32_t{bytes_[pos_ + 3]} << 24);
    pos_ += 4;
    return v;
  }

 private:
  void refill_for(std::size_t n) {
    if (pos_ + n > sizeof bytes_) {
      std::uint8_t next[32];
      crypto::extra::blake256(bytes_, sizeof bytes_, next);
      std::memcpy(bytes_, next, sizeof bytes_);
      pos_ = 0;
    }
  }
  std::uint8_t bytes_[32] = {};
  std::size_t pos_ = sizeof bytes_;  // empty: the first read hashes
};

bool is_rotation(int op) { return op == int(r_opcode::ror) || op == int(r_opcode::rol); }

// One attempt; returns the number of instructions written to p.code.
int generate_once(byte_stream &in, r_program &p, bool &r8_used) {
  int cpu_latency[9] = {};
  int asic_latency[9] = {};
  r8_used = false;
  // Per register: low byte = an identity of its current value, byte 1 = the
  // opcode that made it, byte 2 = the identity of that opcode's source value.
  // R4..R8 share one identity: the same operation with two different constant
  // sources could be merged, so it is treated as a repeat.
  std::uint32_t provenance[9] = {0, 1, 2, 3, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0xFFFFFF};
  bool busy[chain_target + 1][alu_total] = {};
  bool last_was_rotation[4] = {};
  int rotations = 0;
  int failures = 0;
  int size = 0;

  auto unfinished = [&] {
    return cpu_latency[0] < chain_target || cpu_latency[1] < chain_target || cpu_latency[2] < chain_target ||
           cpu_latency[3] < chain_target;
  };
  for (int attempts = 1; unfinished() && failures < 64 && attempts <= 256; ++attempts) {
    const std::uint8_t code = in.byte();
    int op;
    switch (code & 7) {
      case 0: case 1: case 2: op = int(r_opcode::mul); break;
      case 3: op = int(r_opcode::add); break;
      case 4: op = int(r_opcode::sub); break;
      case 5: op = in.byte() < 0x80 ? int(r_opcode::ror) : int(r_opcode::rol); break;
      default: op = int(r_opcode::xor_); break;
    }
    const int dst = (code >> 3) & 3;
    int src = (code >> 5) & 7;
    // a + a, a - a, a ^ a are degenerate: take the constant register R8 instead.
    if ((op == int(r_opcode::add) || op == int(r_opcode::sub) || op == int(r_opcode::xor_)) && src == dst) src = 8;
    // Two rotations of one register in a row are one rotation.
    if (is_rotation(op) && last_was_rotation[dst]) continue;
    // The same non-multiplying operation with the same source value again can be merged.
    if (op != int(r_opcode::mul) &&
        (provenance[dst] & 0xFFFF00) == (static_cast<std::uint32_t>(op) << 8) + ((provenance[src] & 255) << 16)) {
      continue;
    }
    // Earliest cycle at which an ALU can start it.
    int start = std::max(cpu_latency[dst], cpu_latency[src]);
    int alu = -1;
    while (start < chain_target) {
      for (int u = alus_for[op] - 1; u >= 0 && alu < 0; --u) {
        if (busy[start][u]) continue;
        if (op == int(r_opcode::add) && busy[start + 1][u]) continue;  // add occupies 2 cycles
        if (is_rotation(op) && start < rotations * cpu_cycles[op]) continue;  // one rotation at a time
        alu = u;
      }
      if (alu >= 0) break;
      ++start;
    }
    // Do not leave a register untouched for more than 7 cycles.
    if (start > cpu_latency[dst] + 7) continue;
    const int done = start + cpu_cycles[op];
    if (done > chain_target) {
      ++failures;
      continue;
    }
    if (is_rotation(op)) ++rotations;
    busy[start][alu] = true;
    cpu_latency[dst] = done;
    asic_latency[dst] = std::max(asic_latency[dst], asic_latency[src]) + asic_cycles[op];
    last_was_rotation[dst] = is_rotation(op);
    provenance[dst] = static_cast<std::uint32_t>(size) + (static_cast<std::uint32_t>(op) << 8) +
                      ((provenance[src] & 255) << 16);
    r_instruction &ins = p.code[size];
    ins.op = static_cast<r_opcode>(op);
    ins.dst = static_cast<std::uint8_t>(dst);
    ins.src = static_cast<std::uint8_t>(src);
    ins.c = 0;
    if (src == 8) r8_used = true;
    if (op == int(r_opcode::add)) {
      busy[start + 1][alu] = true;
      ins.c = in.word();
    }
    if (++size >= r_min_instructions) break;
  }

  // Lengthen the ASIC chain until one register reaches the target (or the
  // program is full): the shortest register takes ROR, MUL, MUL, ... of the longest.
  static constexpr r_opcode pad_pattern[3] = {r_opcode::ror, r_opcode::mul, r_opcode::mul};
  const int first_pad = size;
  while (size < r_max_instructions && asic_latency[0] < chain_target && asic_latency[1] < chain_target &&
         asic_latency[2] < chain_target && asic_latency[3] < chain_target) {
    int lo = 0, hi = 0;
    for (int i = 1; i < 4; ++i) {
      if (asic_latency[i] < asic_latency[lo]) lo = i;
      if (asic_latency[i] > asic_latency[hi]) hi = i;
    }
    const r_opcode op = pad_pattern[(size - first_pad) % 3];
    cpu_latency[lo] = cpu_latency[hi] + cpu_cycles[int(op)];
    asic_latency[lo] = asic_latency[hi] + asic_cycles[int(op)];
    p.code[size++] = r_instruction{op, static_cast<std::uint8_t>(lo), static_cast<std::uint8_t>(hi), 0};
  }
  return size;
}

}  // namespace

r_program r_generate(std::uint64_t height) {
  byte_stream in(height);
  r_program p{};
  int size;
  bool r8_used;
  do {
    size = generate_once(in, p, r8_used);  // the stream continues across attempts
  } while (!r8_used || size < r_min_instructions || size > r_max_instructions);
  p.size = size;
  p.code[size] = r_instruction{r_opcode::ret, 0, 0, 0};
  return p;
}

}  // namespace crypto::cn
