// Layer interface of the hash layer (not installed): CryptoNight-R's random program (Monero
// variant 4, "CryptonightR", by SChernykh; Monero src/crypto/variant4_random_math.h):
// a straight-line program of 60..70 32-bit operations on registers R0..R8,
// generated from the block height, run once per scratchpad iteration.
//
// Registers: R0..R3 carry values from one iteration to the next (they start
// as the 32-bit little-endian words at state bytes 96..111); R4..R8 are
// loaded before each run from the loop's a (low words of both halves), b (low
// word) and previous b (low words of both halves) (see cn_loop.h). Only R0..R3
// are ever written.
#pragma once

#include <cstdint>

namespace crypto::cn {

enum class r_opcode : std::uint8_t {
  mul = 0,  // dst *= src
  add = 1,  // dst += src + c
  sub = 2,  // dst -= src
  ror = 3,  // dst = dst rotated right by src % 32
  rol = 4,  // dst = dst rotated left by src % 32
  xor_ = 5, // dst ^= src
  ret = 6,  // end of the program
};

struct r_instruction {
  r_opcode op;
  std::uint8_t dst;  // 0..3
  std::uint8_t src;  // 0..8
  std::uint32_t c;   // add's constant, 0 otherwise
};

constexpr int r_min_instructions = 60;
constexpr int r_max_instructions = 70;

struct r_program {
  r_instruction code[r_max_instructions + 1];  // ends with ret
  int size;                                     // instructions before ret: 60..70
};

// The program Monero generates for `height` (deterministic, about 10 us).
r_program r_generate(std::uint64_t height);

// The interpreter is in cn_loop.h (compiled into each implementation).

}  // namespace crypto::cn
