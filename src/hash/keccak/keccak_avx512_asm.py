#!/usr/bin/env python3
"""Generates keccak_avx512_round.inc: the Keccak-f[1600] round (FIPS 202
section 3.2) as GNU assembler text for GCC inline asm, AVX-512 F+VL
instructions, lane i of the state in vector register i: one state in xmm
registers (element 0), 4 states in ymm or 8 states in zmm registers (one state
per 64-bit element). The same instruction sequence serves all three widths.

Why generated: GCC 12 spills and copies registers around vpternlogq (its
first operand is also its destination): about 50 extra instructions per round
for one state, about 35 stack accesses per round for 8 states. Here the
register assignment is explicit. Per round:
  theta  C[x] = vpxorq, vpternlogq, vpxorq (non-destructive first and last
         step: no copy); D[x] = C[x-1] ^ rotl(C[x+1], 1) (vprolq + vpxorq).
  then, for each row of the chi input: its five lanes get D (vpxorq) and
         their rho rotation (in-place vprolq; pi is a renaming), then chi on
         the row: a ^ (~b & c) is one vpternlogq (0xd2), two lanes are copied
         first, the other three outputs overwrite an input that is dead.
  iota   vpxorq with the round constant broadcast from memory (8-byte read).
Interleaving theta, rho and chi row by row measured 10-20% faster on Zen 5
than theta, rho, chi one after the other (same instruction count).
UNROLL rounds are generated back to back, the register renaming carried from
one round to the next; then register moves put lane i back in register i, so
the block can sit in a loop.

Usage: python3 keccak_avx512_asm.py [--check]   (writes or checks the .inc
next to this script; a unit test runs --check).
"""
import os
import sys

# Rotation offsets r[x + 5y] (FIPS 202 Table 2).
RHO = [0, 1, 62, 28, 27,
       36, 44, 6, 55, 20,
       3, 10, 43, 25, 39,
       41, 45, 15, 21, 8,
       18, 2, 61, 56, 14]
XOR3 = 0x96  # a ^ b ^ c
CHI = 0xD2   # a ^ (~b & c), a = destination operand
BROADCAST = {"xmm": 2, "ymm": 4, "zmm": 8}  # {1toN} of an 8-byte broadcast
UNROLL = 4  # rounds per X1/X4/X8_ROUNDS macro (24 = 6 x 4)


def reg(kind, r):
    return f"%%{kind}{r}"


def ternlog(kind, imm, dst, b, c):
    # AT&T order: imm, src3, src2, dst; computes f(dst, src2, src3).
    return f"vpternlogq ${imm:#04x}, {reg(kind, c)}, {reg(kind, b)}, {reg(kind, dst)}"


def one_round(kind, lane, free, rc_offset):
    """One round with lane i of the state in register lane[i]; free lists the
    other 7 registers. Returns (instructions, lane assignment after the round,
    free registers after the round): pi and the chi outputs are renamings."""
    lane = list(lane)
    free = list(free)
    out = []
    # theta: column parities C[x] into five free registers (the first and last
    # XOR non-destructive, so no copy is needed).
    c = []
    for col in range(5):
        t = free.pop(0)
        out.append(f"vpxorq {reg(kind, lane[col])}, {reg(kind, lane[col + 5])}, {reg(kind, t)}")
        out.append(ternlog(kind, XOR3, t, lane[col + 10], lane[col + 15]))
        out.append(f"vpxorq {reg(kind, lane[col + 20])}, {reg(kind, t)}, {reg(kind, t)}")
        c.append(t)
    # D[x] = C[x-1] ^ rotl(C[x+1], 1), in an order that lets D4, D1, D3
    # overwrite C1, C3, C0 once no other D needs them.
    d = [None] * 5
    spare = [free.pop(0), free.pop(0)]
    for x, dst in ((0, spare[0]), (2, spare[1]), (4, c[1]), (1, c[3]), (3, c[0])):
        out.append(f"vprolq $1, {reg(kind, c[(x + 1) % 5])}, {reg(kind, dst)}")
        out.append(f"vpxorq {reg(kind, c[(x + 4) % 5])}, {reg(kind, dst)}, {reg(kind, dst)}")
        d[x] = dst
    free += [c[2], c[4]]
    # Row by row of the chi input B: B[Y + 5 * ((2X + 3Y) % 5)] = rho(lane (X, Y) ^ D[X])
    # (pi is a renaming), then chi on that row at once; interleaving the
    # rotations with the ternary logic measured 10-20% faster than theta,
    # rho and chi one after the other.
    source = [None] * 25
    for i in range(25):
        col, row = i % 5, i // 5
        source[row + 5 * ((2 * col + 3 * row) % 5)] = i
    e = [None] * 25
    for row in range(5):
        b = []
        for col in range(5):
            i = source[col + 5 * row]
            out.append(f"vpxorq {reg(kind, d[i % 5])}, {reg(kind, lane[i])}, {reg(kind, lane[i])}")
            if RHO[i]:
                out.append(f"vprolq ${RHO[i]}, {reg(kind, lane[i])}, {reg(kind, lane[i])}")
            b.append(lane[i])
        b0, b1, b2, b3, b4 = b
        t0, t1 = free.pop(0), free.pop(0)
        out.append(f"vmovdqa64 {reg(kind, b0)}, {reg(kind, t0)}")
        out.append(ternlog(kind, CHI, t0, b1, b2))
        out.append(f"vmovdqa64 {reg(kind, b1)}, {reg(kind, t1)}")
        out.append(ternlog(kind, CHI, t1, b2, b3))
        out.append(ternlog(kind, CHI, b2, b3, b4))
        out.append(ternlog(kind, CHI, b3, b4, b0))
        out.append(ternlog(kind, CHI, b4, b0, b1))
        e[5 * row:5 * row + 5] = [t0, t1, b2, b3, b4]
        free += [b0, b1]
    free += d
    # iota: the round constant broadcast from memory (8-byte read).
    out.append(f"vpxorq {rc_offset or ''}(%[rc])%{{1to{BROADCAST[kind]}%}}, {reg(kind, e[0])}, {reg(kind, e[0])}")
    return out, e, free


def moves_home(kind, lane):
    """Register moves putting lane i back in register i: a parallel move,
    cycles broken with a free register."""
    out = []
    pending = {i: lane[i] for i in range(25) if lane[i] != i}  # destination -> source
    while pending:
        sources = set(pending.values())
        ready = [d for d in pending if d not in sources]
        if ready:
            for d in sorted(ready):
                out.append(f"vmovdqa64 {reg(kind, pending.pop(d))}, {reg(kind, d)}")
            continue
        # Only cycles left: park one source in a register above 24 (all of
        # them are dead by now; a free one below 25 may be a home already filled).
        d = min(pending)
        t = next(r for r in range(25, 32) if r not in sources)
        out.append(f"vmovdqa64 {reg(kind, d)}, {reg(kind, t)}")
        for k in pending:
            if pending[k] == d:
                pending[k] = t
    return out


def rounds_body(kind, count):
    """`count` rounds (round constants at %[rc] + 8j), lane i in register i
    before and after."""
    lane, free = list(range(25)), list(range(25, 32))
    out = []
    for j in range(count):
        ops, lane, free = one_round(kind, lane, free, 8 * j)
        out += ops
    return out + moves_home(kind, lane)


def round_body():
    return rounds_body("xmm", 1)


def macro(name, body):
    return [f"#define {name} \\"] + [f'  "{l}\\n" \\' for l in body] + ["  /* end */"]


def count_note(body):
    moves = sum(1 for l in body if l.startswith("vmovdqa64"))
    return f"{len(body) - moves} vector operations + {moves} register moves"


def generate():
    lines = ["// Generated by keccak_avx512_asm.py: do not edit; run the script instead.",
             "// Rounds of Keccak-f[1600] on lane i in register <i> (xmm: one state in element 0;",
             "// ymm: 4 states, zmm: 8 states, one per 64-bit element); round constants at %[rc].",
             "// After the last round of a macro lane i is back in register <i>."]
    body = round_body()
    lines.append(f"// ROUND (xmm, one round): {count_note(body)}.")
    lines += macro("CNCRYPTO_KECCAK_AVX512_ROUND", body)
    for kind, name in (("xmm", "X1"), ("ymm", "X4"), ("zmm", "X8")):
        body = rounds_body(kind, UNROLL)
        lines.append(f"// {name}_ROUNDS ({kind}, {UNROLL} rounds, constants %[rc] .. %[rc] + {8 * (UNROLL - 1)}): "
                     f"{count_note(body)}.")
        lines += macro(f"CNCRYPTO_KECCAK_AVX512_{name}_ROUNDS", body)
    lines.append("// Lane i of the state at %[st] to and from %xmm<i> (8-byte moves).")
    lines += macro("CNCRYPTO_KECCAK_AVX512_LOAD", [f"vmovq {8 * i}(%[st]), {reg('xmm', i)}" for i in range(25)])
    lines += macro("CNCRYPTO_KECCAK_AVX512_STORE", [f"vmovq {reg('xmm', i)}, {8 * i}(%[st])" for i in range(25)])
    lines.append("// Lane i of 4 / 8 states at %[st] + 32i / + 64i (lane-interleaved layout, aligned)")
    lines.append("// to and from %ymm<i> / %zmm<i>.")
    for kind, size in (("ymm", 32), ("zmm", 64)):
        name = "X4" if kind == "ymm" else "X8"
        lines += macro(f"CNCRYPTO_KECCAK_AVX512_{name}_LOAD",
                       [f"vmovdqa64 {size * i}(%[st]), {reg(kind, i)}" for i in range(25)])
        lines += macro(f"CNCRYPTO_KECCAK_AVX512_{name}_STORE",
                       [f"vmovdqa64 {reg(kind, i)}, {size * i}(%[st])" for i in range(25)])
    lines.append("// XOR of a block of n lanes at %[data] (8-byte broadcast reads, any alignment)")
    lines.append("// into lanes 0 .. n-1, for the rates 72, 104, 136, 144, 168.")
    for n in (9, 13, 17, 18, 21):
        lines += macro(f"CNCRYPTO_KECCAK_AVX512_XOR_{n}",
                       [f"vpxorq {8 * i}(%[data])%{{1to2%}}, {reg('xmm', i)}, {reg('xmm', i)}" for i in range(n)])
    return "\n".join(lines) + "\n"


# --check also runs the generated instruction text on random states in a small
# interpreter and compares with the round written from FIPS 202 (a wrong
# register renaming or move would otherwise only show up in the C++ tests).
MASK = (1 << 64) - 1
ROUND_CONSTANTS = [
    0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
    0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
    0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
    0x000000008000808B, 0x8000000080008081, 0x8000000000000080, 0x0000000080008008]


def rotl(v, n):
    return ((v << n) | (v >> (64 - n))) & MASK if n else v


def reference_round(a, rc):
    c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
    a = [a[i] ^ c[(i + 4) % 5] ^ rotl(c[(i + 1) % 5], 1) for i in range(25)]
    b = [0] * 25
    for i in range(25):
        col, row = i % 5, i // 5
        b[row + 5 * ((2 * col + 3 * row) % 5)] = rotl(a[i], RHO[i])
    e = [b[i] ^ (~b[(i + 1) % 5 + i - i % 5] & b[(i + 2) % 5 + i - i % 5]) for i in range(25)]
    e[0] ^= rc
    return e


def interpret(body, regs, round_constants):
    def operand(o):
        if "(%[rc])" in o:
            return round_constants[int(o.split("(")[0] or 0) // 8]
        return regs[int(o.split("mm")[1])]

    def index(o):
        return int(o.split("mm")[1])

    for line in body:
        op, rest = line.split(None, 1)
        ops = [o.strip() for o in rest.split(",")]
        if op == "vmovdqa64":
            regs[index(ops[1])] = operand(ops[0])
        elif op == "vpxorq":
            regs[index(ops[2])] = operand(ops[0]) ^ operand(ops[1])
        elif op == "vprolq":
            regs[index(ops[2])] = rotl(operand(ops[1]), int(ops[0][1:]))
        elif op == "vpternlogq":
            imm, a, b, c = int(ops[0][1:], 16), operand(ops[3]), operand(ops[2]), operand(ops[1])
            r = 0
            for k in range(8):  # bit k of imm is f(a, b, c) for a*4 + b*2 + c == k
                if imm >> k & 1:
                    r |= (a if k & 4 else ~a) & (b if k & 2 else ~b) & (c if k & 1 else ~c)
            regs[index(ops[3])] = r & MASK
        else:
            raise ValueError(f"interpreter does not know {line}")


def verify():
    import random
    rng = random.Random(1600)
    for kind, count in (("xmm", 1), ("xmm", UNROLL), ("ymm", UNROLL), ("zmm", UNROLL)):
        for first in (0, 24 - count):
            state = [rng.getrandbits(64) for _ in range(25)]
            regs = state + [rng.getrandbits(64) for _ in range(7)]
            interpret(rounds_body(kind, count), regs, ROUND_CONSTANTS[first:])
            for j in range(count):
                state = reference_round(state, ROUND_CONSTANTS[first + j])
            if regs[:25] != state:
                sys.exit(f"generated {kind} rounds ({count} from round {first}) differ from FIPS 202")


def write_or_check(inc_name, generate_text, verify_text, script):
    """The generators' command line: the interpreter check, then write the .inc
    next to the script, or with --check compare it with what is there."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), inc_name)
    text = generate_text()
    verify_text()
    if "--check" in sys.argv:
        with open(path) as f:
            if f.read() != text:
                sys.exit(f"{path} differs from what {script} generates")
        return
    with open(path, "w") as f:
        f.write(text)


def main():
    write_or_check("keccak_avx512_round.inc", generate, verify, "keccak_avx512_asm.py")


if __name__ == "__main__":
    main()
