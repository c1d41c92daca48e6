#!/usr/bin/env python3
"""Generates keccak_hybrid_round.inc: Keccak-f[1600] rounds (FIPS 202 section
3.2) for ONE state split between the vector and the integer units, as GNU
assembler text for GCC inline asm (AVX-512 F+VL on xmm registers, BMI1/BMI2 on
64-bit general registers).

Why: on Intel cores (Golden Cove / Sapphire Rapids) the xmm/ymm vector ALUs are
ports 0, 1 and 5 only; the one-lane-per-xmm round of keccak_avx512_asm.py is
about 100 vector operations, so it is bound at about 33 cycles a round by
those three ports while the two integer-only ALUs (ports 6 and 10) stay idle.
Here one row of the chi output (GPR_ROWS, 5 lanes) is computed by the integer
unit (MOV/XOR from memory, RORX, ANDN, XOR), the other 20 lanes stay in xmm
registers. The integer row's lanes live in memory (the state array and a
scratch copy, alternating from round to round so a lane is never overwritten
while the other unit still has to read its old value); the values the two
units exchange go through memory (stores and loads use no ALU port):
  vector -> integer: D[x] (5 lanes) and the 4 vector lanes the integer row's
                     chi inputs come from;
  integer -> vector: the 5 integer chi outputs (memory operands of the vector
                     column parities and of the vector rows' theta).
Per round 80 vector operations and 20 integer ones (the .inc prints the
count). Measured on Sapphire Rapids (docs/measurements/keccak.md): one integer
row about 675 cycles a permutation, two rows 740-800, three 860-920, against
about 800 for the all-xmm round. Two rows are slower not because the integer
instructions take vector ports (replacing ANDN by AND or RORX by OR changes
nothing) but because all their 40 integer operations wait for D and then have
two integer-only ports; one_round's order and hoisted() shorten the round's
critical chain (fourth round: 5% off the permutation).

UNROLL (even) rounds are generated back to back, the xmm renaming carried from
one round to the next; then register moves put lane i of the vector rows back
in register i, so the block can sit in a loop. Lanes of the integer rows are
in the state array again after an even number of rounds.

Usage: python3 keccak_hybrid_asm.py [--check]   (writes or checks the .inc
next to this script; --check also runs the generated code in a small
interpreter against the round written from FIPS 202; a unit test runs it).
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from keccak_avx512_asm import CHI, RHO, XOR3  # noqa: E402  (rotation offsets, vpternlogq immediates)
UNROLL = 4  # rounds per ROUNDS macro (even: the integer rows are back in the state array)
GPR_ROWS = (1,)  # chi output rows computed in general registers (row 0 has iota: not supported)
GPR_TEMPS = 7      # %[g0] .. %[g6]
D_OFFSET = 200     # D[x] at %[sc] + 200 + 8x; scratch lanes at %[sc] + 8p


def source_of(p):
    """Chi-input position p (x + 5y) gets rho(theta(A[source])): pi^-1."""
    x, y = p % 5, p // 5
    return (3 * y + x) % 5 + 5 * x


# Instructions as tuples, rendered to AT&T text and interpreted by --check.
# Operands: ("x", n) xmm register, ("g", n) general temp, ("m", base, off) an
# 8-byte memory lane (base "st", "sc" or "rc").
def X(n):
    return ("x", n)


def G(n):
    return ("g", n)


def M(base, off):
    return ("m", base, off)


def lane_mem(buf, p):
    return M("st" if buf == 0 else "sc", 8 * p)


def render_operand(o, broadcast=False):
    if o[0] == "x":
        return f"%%xmm{o[1]}"
    if o[0] == "g":
        return f"%[g{o[1]}]"
    text = f"{o[2] or ''}(%[{o[1]}])"
    return text + "%{1to2%}" if broadcast else text


def render(ins):
    op = ins[0]
    if op == "vmovdqa64":    # (op, src, dst)
        return f"vmovdqa64 {render_operand(ins[1])}, {render_operand(ins[2])}"
    if op == "vmovq":        # (op, src, dst): load or store of one lane
        return f"vmovq {render_operand(ins[1])}, {render_operand(ins[2])}"
    if op == "vmovdqu64":    # (op, src, dst): 16-byte store of a zeroed xmm (two lanes)
        return f"vmovdqu64 {render_operand(ins[1])}, {render_operand(ins[2])}"
    if op == "vpxorq":       # (op, a, b, dst): dst = a ^ b; a may be memory
        return f"vpxorq {render_operand(ins[1], True)}, {render_operand(ins[2])}, {render_operand(ins[3])}"
    if op == "vprolq":       # (op, n, src, dst)
        return f"vprolq ${ins[1]}, {render_operand(ins[2])}, {render_operand(ins[3])}"
    if op == "vpternlogq":   # (op, imm, dst, b, c): dst = f(dst, b, c); c may be memory
        return (f"vpternlogq ${ins[1]:#04x}, {render_operand(ins[4], True)}, {render_operand(ins[3])}, "
                f"{render_operand(ins[2])}")
    if op == "mov":          # (op, src, dst)
        return f"movq {render_operand(ins[1])}, {render_operand(ins[2])}"
    if op == "xor":          # (op, src, dst): dst ^= src
        return f"xorq {render_operand(ins[1])}, {render_operand(ins[2])}"
    if op == "rorx":         # (op, n, src, dst): dst = src rotated right by n
        return f"rorxq ${ins[1]}, {render_operand(ins[2])}, {render_operand(ins[3])}"
    if op == "andn":         # (op, b, c, dst): dst = ~b & c
        return f"andnq {render_operand(ins[2])}, {render_operand(ins[1])}, {render_operand(ins[3])}"
    raise ValueError(op)


def parity(t, regs, mems):
    """XOR of the registers regs and the memory lanes mems into xmm t
    (vpternlogq takes a memory operand only as its last input). With one
    integer row (4 registers, 1 memory lane) the memory lane, an integer
    output of the round before, comes last: the column parity waits for it
    one operation only."""
    regs, mems = list(regs), list(mems)
    if len(regs) == 4 and len(mems) == 1:
        return [("vmovdqa64", regs[0], X(t)), ("vpternlogq", XOR3, X(t), regs[1], regs[2]),
                ("vpternlogq", XOR3, X(t), regs[3], mems[0])]
    if len(regs) == 2 and len(mems) == 1:  # (the one-block entry's first round)
        return [("vmovdqa64", regs[0], X(t)), ("vpternlogq", XOR3, X(t), regs[1], mems[0])]
    out = []
    if len(regs) + len(mems) == 5 and len(regs) - 1 >= len(mems):
        out.append(("vmovdqa64", regs.pop(0), X(t)))
    else:
        out.append(("vpxorq", mems.pop(0), regs.pop(0), X(t)))
    while regs or mems:
        if len(regs) >= 1 and len(mems) >= 1:
            out.append(("vpternlogq", XOR3, X(t), regs.pop(0), mems.pop(0)))
        elif len(regs) >= 2:
            out.append(("vpternlogq", XOR3, X(t), regs.pop(0), regs.pop(0)))
        elif mems:
            out.append(("vpxorq", mems.pop(0), X(t), X(t)))
        else:
            out.append(("vpxorq", regs.pop(0), X(t), X(t)))
    return out


def column_parities(lane, free, cur, emit, zero=frozenset()):
    """theta's column parities C[x] of the vector lanes (registers) and the
    integer lanes (memory operands of buffer cur), lanes in zero left out;
    each in a register popped from free (emitted with the hoist flag).
    Returns the registers."""
    vec_rows = [r for r in range(5) if r not in GPR_ROWS]
    c = []
    for x in range(5):
        regs = [lane[x + 5 * r] for r in vec_rows if x + 5 * r not in zero]
        mems = [lane_mem(cur, x + 5 * r) for r in GPR_ROWS if x + 5 * r not in zero]
        t = free.pop(0)
        for ins in parity(t, [X(r) for r in regs], mems):
            emit(ins, True)
        c.append(t)
    return c


def theta_rho(s, lane, free, cur, c, r, emit):
    """The chi input from lane s: rotl(A[s] ^ C[x-1] ^ R[x+1], rho) (x = s % 5),
    in lane s's register, or for an integer lane (from memory) in a register
    popped from free. Returns the register."""
    x = s % 5
    if (s // 5) in GPR_ROWS:
        t = free.pop(0)
        emit(("vmovdqa64", X(c[(x + 4) % 5]), X(t)))
        emit(("vpternlogq", XOR3, X(t), X(r[(x + 1) % 5]), lane_mem(cur, s)))
    else:
        t = lane[s]
        emit(("vpternlogq", XOR3, X(t), X(c[(x + 4) % 5]), X(r[(x + 1) % 5])))
    if RHO[s]:
        emit(("vprolq", RHO[s], X(t), X(t)))
    return t


def one_round(lane, free, rc_offset, cur, hoist=None, zero=frozenset()):
    """One round. lane[p] is the xmm register of position p for the vector
    rows (None for the integer rows, whose lanes are in buffer `cur`: 0 the
    state array, 1 the scratch). Vector lanes that the integer rows read this
    round are also in buffer `cur`. Returns (instructions, lane, free); if
    hoist is a list, one flag per instruction is appended to it: True for the
    instructions rounds_body moves up to their earliest legal place (the
    column parities, R, D and its stores, the integer rows' theta and rho).

    Order (docs/measurements/keccak.md, fourth round): the parities, R[x] =
    rotl(C[x], 1), D[x] = C[x-1] ^ R[x+1] for the integer side only (stored);
    the integer rows; then the vector rows' theta and rho, with theta as one
    vpternlogq A ^ C[x-1] ^ R[x+1] (the vector side does not wait for D), and
    their chi column by column across the rows (output column 0 of every
    vector row, then column 1, ...), so the next round's first parities can
    start while the last columns are computed.

    zero: positions known to hold 0 at the start of the round (the one-block
    entry's first round: the capacity). They are left out of the parities;
    the registers of the vector ones are free from the start, and their theta
    and rho is rotl(D[x], r) from the D kept in a register (one operation
    instead of two); an integer row still reads them from memory."""
    lane = list(lane)
    free = list(free)
    zero_vec = [p for p in sorted(zero) if lane[p] is not None and source_of_inverse(p) // 5 not in GPR_ROWS]
    free += [lane[p] for p in zero_vec]
    nxt = 1 - cur
    out = []
    flags = []

    def emit(ins, flag=False):
        out.append(ins)
        flags.append(flag)

    vec_rows = [r for r in range(5) if r not in GPR_ROWS]
    c = column_parities(lane, free, cur, emit, zero)
    # Vector lanes that only an integer row reads (from memory) are dead now.
    for p in range(25):
        if lane[p] is not None and source_of_inverse(p) // 5 in GPR_ROWS:
            free.append(lane[p])
    # R[x] = rotl(C[x], 1); D[x] = C[x-1] ^ R[x+1], stored for the integer rows.
    r = [None] * 5
    for x in range(5):
        r[x] = free.pop(0)
        emit(("vprolq", 1, X(c[x]), X(r[x])), True)
    d = [None] * 5
    for x in range(5):
        t = free.pop(0)
        emit(("vpxorq", X(c[(x + 4) % 5]), X(r[(x + 1) % 5]), X(t)), True)
        emit(("vmovq", X(t), M("sc", D_OFFSET + 8 * x)), True)
        if zero_vec:
            d[x] = t  # kept for the zero lanes' theta
        else:
            free.append(t)
    e = list(lane)
    # Integer rows: t_X = rotl(A[src] ^ D[x], r) for the five chi inputs of the row.
    for row in GPR_ROWS:
        for col in range(5):
            p = col + 5 * row
            s = source_of(p)
            emit(("mov", lane_mem(cur, s), G(col)), True)
            emit(("xor", M("sc", D_OFFSET + 8 * (s % 5)), G(col)), True)
            if RHO[s]:
                emit(("rorx", 64 - RHO[s], G(col), G(col)), True)
        for col in range(5):
            u = G(5 + col % 2)
            emit(("andn", G((col + 1) % 5), G((col + 2) % 5), u))
            emit(("xor", G(col), u))
            emit(("mov", u, lane_mem(nxt, col + 5 * row)))
    # Vector rows: theta and rho of every chi input.
    uses = [sum(1 for q in zero_vec if q % 5 == x) for x in range(5)]
    inputs = []
    for row in vec_rows:
        b = []
        for col in range(5):
            p = col + 5 * row
            s = source_of(p)
            x = s % 5
            if s in zero_vec:
                uses[x] -= 1
                if uses[x]:
                    t = free.pop(0)
                else:  # D[x]'s last use: rotated in place
                    t, d[x] = d[x], None
                emit(("vprolq", RHO[s], X(d[x] if d[x] is not None else t), X(t)) if RHO[s]
                     else ("vmovdqa64", X(d[x] if d[x] is not None else t), X(t)))
                b.append(t)
                continue
            b.append(theta_rho(s, lane, free, cur, c, r, emit))
        inputs.append((row, b))
    free += c + r + [t for t in d if t is not None]
    # Chi of the vector rows: the instructions of each output column, then
    # emitted column by column across the rows.
    columns = [[] for _ in range(5)]
    dead = []
    for row, b in inputs:
        b0, b1, b2, b3, b4 = b
        t0, t1 = free.pop(0), free.pop(0)
        ch = [[("vmovdqa64", X(b0), X(t0)), ("vpternlogq", CHI, X(t0), X(b1), X(b2))],
              [("vmovdqa64", X(b1), X(t1)), ("vpternlogq", CHI, X(t1), X(b2), X(b3))],
              [("vpternlogq", CHI, X(b2), X(b3), X(b4))],
              [("vpternlogq", CHI, X(b3), X(b4), X(b0))],
              [("vpternlogq", CHI, X(b4), X(b0), X(b1))]]
        outs = [t0, t1, b2, b3, b4]
        if row == 0:
            ch[0].append(("vpxorq", M("rc", rc_offset), X(outs[0]), X(outs[0])))
        for col in range(5):
            e[col + 5 * row] = outs[col]
            # Stored when an integer row reads it next round.
            if source_of_inverse(col + 5 * row) // 5 in GPR_ROWS:
                ch[col].append(("vmovq", X(outs[col]), lane_mem(nxt, col + 5 * row)))
            columns[col].append(ch[col])
        dead += [b0, b1]  # free only after every row's chi (b0, b1 feed columns 3 and 4)
    for col in range(5):
        for ops in columns[col]:
            for ins in ops:
                emit(ins)
    free += dead
    used = {e[p] for p in range(25) if e[p] is not None}
    free = [f for f in free if f not in used]
    if hoist is not None:
        hoist += flags
    return out, e, free


def source_of_inverse(p):
    """The chi-input position that lane p feeds next round (pi)."""
    x, y = p % 5, p // 5
    return y + 5 * ((2 * x + 3 * y) % 5)


def moves_home(lane):
    out = []
    pending = {i: lane[i] for i in range(25) if lane[i] is not None and lane[i] != i}
    while pending:
        sources = set(pending.values())
        ready = [d for d in pending if d not in sources]
        if ready:
            for d in sorted(ready):
                out.append(("vmovdqa64", X(pending.pop(d)), X(d)))
            continue
        d = min(pending)
        t = next(r for r in range(25, 32) if r not in sources)
        out.append(("vmovdqa64", X(d), X(t)))
        for k in pending:
            if pending[k] == d:
                pending[k] = t
    return out


def home_lanes():
    return [None if (p // 5) in GPR_ROWS else p for p in range(25)]


def operands(ins):
    """(locations read, locations written) of one instruction: ("x", n),
    ("g", n) or ("m", base, offset)."""
    op = ins[0]
    if op in ("vmovdqa64", "vmovq", "mov"):
        return {ins[1]}, {ins[2]}
    if op == "vpxorq":
        return {ins[1], ins[2]}, {ins[3]}
    if op in ("vprolq", "rorx"):
        return {ins[2]}, {ins[3]}
    if op == "vpternlogq":
        return {ins[2], ins[3], ins[4]}, {ins[2]}
    if op == "xor":
        return {ins[1], ins[2]}, {ins[2]}
    if op == "andn":
        return {ins[1], ins[2]}, {ins[3]}
    raise ValueError(op)


def hoisted(body, flags):
    """body with each flagged instruction moved up, in order, to just after
    the last instruction before it that it depends on (reads what it writes,
    writes what it reads or writes: registers and memory lanes alike). The
    result computes the same; the out-of-order core issues the oldest ready
    instruction first, so the round's critical chain (parity -> R -> D ->
    the integer row -> the next parity) goes ahead of the bulk of chi."""
    body = list(body)
    rw = [operands(i) for i in body]
    for k in range(len(body)):
        if not flags[k]:
            continue
        reads, writes = rw[k]
        pos = k
        while pos > 0:
            r, w = rw[pos - 1]
            if writes & (r | w) or reads & w:
                break
            pos -= 1
        if pos < k:
            body.insert(pos, body.pop(k))
            rw.insert(pos, rw.pop(k))
            flags.insert(pos, flags.pop(k))
    return body


def rounds_body(count, zero=frozenset()):
    """count rounds from the home registers and back; zero: positions known
    to be 0 before the first (one_round)."""
    lane = home_lanes()
    free = [r for r in range(32) if r not in lane]
    out = []
    flags = []
    for j in range(count):
        ops, lane, free = one_round(lane, free, 8 * j, j % 2, flags, zero if j == 0 else frozenset())
        out += ops
    return hoisted(out, flags) + moves_home(lane)


def last_round(lane, free, rc_offset, cur, out_lanes, hoist=None):
    """Round 24 of the one-block entry, truncated to its output: lanes 0 ..
    out_lanes-1 of row 0 (a view tag needs lane 0, a 32-byte digest lanes
    0..3), left in %xmm0 .. %xmm<out_lanes-1>. Theta still needs all five
    column parities C; then only the chi inputs of those outputs (row 0's
    inputs 0 .. out_lanes+1, at most 5: theta as in one_round, rho), their chi
    and iota. No D, nothing for the integer row, no stores. Arguments and hoist
    flags as one_round's; returns the instructions."""
    assert 0 not in GPR_ROWS and 0 <= out_lanes <= 5
    if out_lanes == 0:  # (nothing: tail_body(0) is the full rounds alone, for counts)
        return []
    lane = list(lane)
    free = list(free)
    out = []
    flags = []

    def emit(ins, flag=False):
        out.append(ins)
        flags.append(flag)

    c = column_parities(lane, free, cur, emit)
    inputs = list(range(min(out_lanes + 2, 5)))  # chi inputs of row 0 that are needed
    sources = [source_of(p) for p in inputs]
    # Every vector lane that is not the source of a needed input is dead now.
    free += [lane[p] for p in range(25) if lane[p] is not None and p not in sources]
    r = {}
    for x in sorted({(s % 5 + 1) % 5 for s in sources}):
        r[x] = free.pop(0)
        emit(("vprolq", 1, X(c[x]), X(r[x])), True)
    b = [theta_rho(s, lane, free, cur, c, r, emit) for s in sources]
    free += c + list(r.values())
    res = []
    for col in range(out_lanes):
        t = free.pop(0)
        emit(("vmovdqa64", X(b[col]), X(t)))
        emit(("vpternlogq", CHI, X(t), X(b[(col + 1) % 5]), X(b[(col + 2) % 5])))
        if col == 0:
            emit(("vpxorq", M("rc", rc_offset), X(t), X(t)))
        res.append(t)
    for ins in moves_home(res + [None] * (25 - out_lanes)):
        emit(ins)
    if hoist is not None:
        hoist += flags
    return out


def tail_body(out_lanes):
    """The one-block entry's last UNROLL rounds (constants %[rc] ..): UNROLL-1
    full rounds from the home registers (an even round: the integer row in the
    state array), then last_round. The output lanes end in %xmm0 ..
    %xmm<out_lanes-1>; nothing else is left home."""
    lane = home_lanes()
    free = [r for r in range(32) if r not in lane]
    out = []
    flags = []
    for j in range(UNROLL - 1):
        ops, lane, free = one_round(lane, free, 8 * j, j % 2, flags)
        out += ops
    out += last_round(lane, free, 8 * (UNROLL - 1), (UNROLL - 1) % 2, out_lanes, flags)
    return hoisted(out, flags)



def vector_positions():
    return [p for p in range(25) if (p // 5) not in GPR_ROWS]


def load_body():
    return [("vmovq", M("st", 8 * p), X(p)) for p in vector_positions()]


def store_body():
    return [("vmovq", X(p), M("st", 8 * p)) for p in vector_positions()]


def xor_block_body(n):
    """XOR of n lanes at %[data] into the state: vector lanes with a
    broadcast memory operand, integer lanes through %[g0] into the array."""
    out = []
    for p in range(n):
        if (p // 5) in GPR_ROWS:
            out.append(("mov", M("data", 8 * p), G(0)))
            out.append(("xor", G(0), M("st", 8 * p)))
        else:
            out.append(("vpxorq", M("data", 8 * p), X(p), X(p)))
            if source_of_inverse(p) // 5 in GPR_ROWS:  # an integer row reads it from memory
                out.append(("vmovq", X(p), M("st", 8 * p)))
    return out


def memory_lanes_written(body):
    """{"st": positions, "sc": positions} of the 8-byte lanes body stores to."""
    out = {"st": set(), "sc": set()}
    for ins in body:
        if ins[0] in ("vmovq", "mov") and ins[2][0] == "m" and ins[2][1] in out:
            out[ins[2][1]].add(ins[2][2] // 8)
    return out


# The one-block entry (hash_one_block): the caller's buffer %[st] holds the
# padded block in lanes 0 .. RATE_LANES-1 (lanes past it are ignored: the zero
# capacity). The buffer serves as the state array of the integer rows, so the
# integer lanes and the vector lanes they read are already where the rounds
# look for them; only the capacity lanes the rounds read from memory are
# zeroed there.
RATE_LANES = 17      # 136 bytes: Keccak-256 / SHA3-256's rate
SCRATCH_LANES = 30   # %[sc]: 25 lanes + D[0..4]
DIGEST_LANES = 4     # 32 bytes out
TAIL_OUTPUTS = (1, DIGEST_LANES)  # a view tag's lane 0, a digest's lanes 0..3
CAPACITY = frozenset(range(RATE_LANES, 25))


def load_block_body():
    """The block from %[st] into the registers, the capacity zeroed in
    registers (zero idioms) and, where the rounds read it from memory, in %[st]."""
    read_from_memory = {p for p in range(25)
                        if (p // 5) in GPR_ROWS or source_of_inverse(p) // 5 in GPR_ROWS}
    out = []
    for p in range(25):
        vector = (p // 5) not in GPR_ROWS
        if p < RATE_LANES:
            if vector:
                out.append(("vmovq", M("st", 8 * p), X(p)))
            continue
        # Capacity lane: FIRST's round 1 knows it is zero (reads no register of
        # it); where the rounds read it from memory, a zero register (xmm<p>
        # is free at this point) is stored there.
        if p in read_from_memory:
            out.append(("vpxorq", X(p), X(p), X(p)))
            out.append(("vmovq", X(p), M("st", 8 * p)))
    return out


def store_digest_body():
    """Lanes 0 .. DIGEST_LANES-1 (vector lanes, home registers) to %[out]."""
    assert 0 not in GPR_ROWS
    return [("vmovq", X(p), M("out", 8 * p)) for p in range(DIGEST_LANES)]


def pair_stores(base, positions, size, zero):
    """16-byte stores of the zero register covering every lane in positions of
    a buffer of size lanes (each store covers lanes p and p+1)."""
    out = []
    covered = set()
    for p in sorted(positions):
        if p in covered:
            continue
        q = p if p + 1 < size else p - 1
        out.append(("vmovdqu64", X(zero), M(base, 8 * q)))
        covered |= {q, q + 1}
    return out


def wipe_block_body():
    """Zeroes the whole buffer %[st] (the caller's message lanes and what the
    rounds stored there) and the lanes of %[sc] the rounds wrote."""
    written = {"st": set(), "sc": set()}
    for body in [rounds_body(UNROLL), rounds_body(UNROLL, CAPACITY)] + [tail_body(k) for k in TAIL_OUTPUTS]:
        for base, lanes in memory_lanes_written(body).items():
            written[base] |= lanes
    zero = 16
    out = [("vpxorq", X(zero), X(zero), X(zero))]
    out += pair_stores("st", range(25), 25, zero)
    out += pair_stores("sc", written["sc"], SCRATCH_LANES, zero)
    return out


def macro(name, body):
    return [f"#define {name} \\"] + [f'  "{render(i)}\\n" \\' for i in body] + ["  /* end */"]


def counts(body):
    """(vector operations, integer operations, xmm moves, stores, plain loads) of body."""
    return (sum(1 for i in body if i[0] in ("vpxorq", "vprolq", "vpternlogq")),
            sum(1 for i in body if i[0] in ("xor", "rorx", "andn")),
            sum(1 for i in body if i[0] == "vmovdqa64"),
            sum(1 for i in body if i[0] == "vmovq" or (i[0] == "mov" and i[2][0] == "m")),
            sum(1 for i in body if i[0] == "mov" and i[1][0] == "m"))


def count_note(body, count):
    vec, gpr, moves, stores, loads = (n / count for n in counts(body))
    return (f"per round {vec:g} vector operations, {gpr:g} integer operations, "
            f"{moves:g} xmm moves, {stores:g} stores, {loads:g} plain loads")


def generate():
    lines = ["// Generated by keccak_hybrid_asm.py: do not edit; run the script instead.",
             "// Keccak-f[1600] rounds on one state: rows " + ", ".join(map(str, GPR_ROWS)) +
             " of the state in memory (%[st], and %[sc] on odd rounds) computed",
             "// in general registers %[g0] .. %[g6], the other lanes p in %xmm<p>. D[x] at",
             f"// %[sc] + {D_OFFSET} + 8x. Round constants at %[rc]."]
    body = rounds_body(UNROLL)
    lines.append(f"// ROUNDS ({UNROLL} rounds, constants %[rc] .. %[rc] + {8 * (UNROLL - 1)}): "
                 f"{count_note(body, UNROLL)}.")
    lines.append(f"#define CNCRYPTO_KECCAK_HYBRID_UNROLL {UNROLL}")
    lines.append(f'#define CNCRYPTO_KECCAK_HYBRID_RC_STEP "{8 * UNROLL}"')
    lines.append(f'#define CNCRYPTO_KECCAK_HYBRID_BLOCKS "{24 // UNROLL}"')
    lines += macro("CNCRYPTO_KECCAK_HYBRID_ROUNDS", body)
    lines.append("// The vector lanes to and from the state array at %[st].")
    lines += macro("CNCRYPTO_KECCAK_HYBRID_LOAD", load_body())
    lines += macro("CNCRYPTO_KECCAK_HYBRID_STORE", store_body())
    lines.append("// XOR of a block of n lanes at %[data] (any alignment) into the state, for the")
    lines.append("// rates 72, 104, 136, 144, 168.")
    for n in (9, 13, 17, 18, 21):
        lines += macro(f"CNCRYPTO_KECCAK_HYBRID_XOR_{n}", xor_block_body(n))
    lines.append(f"// The one-block entry: the padded block in lanes 0 .. {RATE_LANES - 1} of %[st] into the")
    lines.append("// registers (capacity zeroed), the digest's lanes to %[out], and the wipe of %[st]")
    lines.append(f"// (all 25 lanes) and of the %[sc] lanes the rounds write ({SCRATCH_LANES}-lane scratch).")
    lines += macro("CNCRYPTO_KECCAK_HYBRID_LOAD_BLOCK", load_block_body())
    first = rounds_body(UNROLL, CAPACITY)
    lines.append(f"// FIRST: ROUNDS for the one-block entry's first {UNROLL} rounds, the capacity lanes known zero")
    lines.append(f"// in round 1 (not read): {count_note(first, UNROLL)}.")
    lines += macro("CNCRYPTO_KECCAK_HYBRID_FIRST", first)
    lines.append(f"// The one-block entry runs FIRST, ROUNDS {24 // UNROLL - 2} times, then TAIL_<k> (constants %[rc] ..")
    lines.append(f"// %[rc] + {8 * (UNROLL - 1)}): {UNROLL - 1} full rounds and round 24 truncated to lanes 0 .. k-1")
    lines.append("// of row 0 (left in %xmm0 .. %xmm<k-1>; the other lanes are not computed).")
    lines.append(f'#define CNCRYPTO_KECCAK_HYBRID_ONE_BLOCK_LOOPS "{24 // UNROLL - 2}"')
    full = counts(tail_body(0))
    for k in TAIL_OUTPUTS:
        tail = tail_body(k)
        vec, gpr, moves, stores, loads = (a - b for a, b in zip(counts(tail), full))
        lines.append(f"// TAIL_{k}: the truncated round {vec} vector operations, {gpr} integer operations, "
                     f"{moves} xmm moves, {stores} stores, {loads} plain loads.")
        lines += macro(f"CNCRYPTO_KECCAK_HYBRID_TAIL_{k}", tail)
    lines += macro("CNCRYPTO_KECCAK_HYBRID_STORE_DIGEST", store_digest_body())
    lines += macro("CNCRYPTO_KECCAK_HYBRID_WIPE_BLOCK", wipe_block_body())
    return "\n".join(lines) + "\n"


# The FIPS 202 round and its constants, for --check: the AVX-512 generator's.
from keccak_avx512_asm import MASK, ROUND_CONSTANTS, reference_round, rotl, write_or_check  # noqa: E402


def interpret(body, xmm, gpr, mem):
    def get(o):
        if o[0] == "x":
            return xmm[o[1]]
        if o[0] == "g":
            return gpr[o[1]]
        return mem[o[1]][o[2] // 8]

    def put(o, v):
        if o[0] == "x":
            xmm[o[1]] = v & MASK
        elif o[0] == "g":
            gpr[o[1]] = v & MASK
        else:
            mem[o[1]][o[2] // 8] = v & MASK

    # xmm registers known to be zero in all 128 bits (the model holds only the
    # low lane; vpternlogq with a broadcast operand fills the upper one too):
    # set by a zero idiom, cleared by any other write.
    zeroed = set()
    for ins in body:
        op = ins[0]
        dst = ins[2] if op in ("vmovdqa64", "vmovq", "mov", "xor", "vpternlogq") else ins[-1]
        if dst[0] == "x":
            zeroed.discard(dst[1])
        if op == "vpxorq" and ins[1] == ins[2] == ins[3] and ins[1][0] == "x":
            zeroed.add(ins[1][1])
        if op in ("vmovdqa64", "vmovq", "mov"):
            put(ins[2], get(ins[1]))
        elif op == "vmovdqu64":  # 16-byte store of a zeroed register: two lanes
            if ins[1][0] != "x" or ins[1][1] not in zeroed:
                raise ValueError("vmovdqu64 store of a register not known to be zero")
            put(ins[2], 0)
            put(("m", ins[2][1], ins[2][2] + 8), 0)
        elif op == "vpxorq":
            put(ins[3], get(ins[1]) ^ get(ins[2]))
        elif op == "vprolq":
            put(ins[3], rotl(get(ins[2]), ins[1]))
        elif op == "vpternlogq":
            imm, a, b, c = ins[1], get(ins[2]), get(ins[3]), get(ins[4])
            r = 0
            for k in range(8):
                if imm >> k & 1:
                    r |= (a if k & 4 else ~a) & (b if k & 2 else ~b) & (c if k & 1 else ~c)
            put(ins[2], r)
        elif op == "xor":
            put(ins[2], get(ins[1]) ^ get(ins[2]))
        elif op == "rorx":
            put(ins[3], rotl(get(ins[2]), 64 - ins[1]))
        elif op == "andn":
            put(ins[3], ~get(ins[1]) & get(ins[2]))
        else:
            raise ValueError(op)


def verify():
    import random
    rng = random.Random(1600)
    for first in range(0, 24, UNROLL):
        state = [rng.getrandbits(64) for _ in range(25)]
        data = [rng.getrandbits(64) for _ in range(21)]
        for n in (9, 13, 17, 18, 21):
            mem = {"st": list(state), "sc": [rng.getrandbits(64) for _ in range(30)],
                   "rc": ROUND_CONSTANTS[first:], "data": data}
            xmm = [rng.getrandbits(64) for _ in range(32)]
            gpr = [rng.getrandbits(64) for _ in range(GPR_TEMPS)]
            interpret(load_body() + xor_block_body(n) + rounds_body(UNROLL) + store_body(), xmm, gpr, mem)
            want = [state[i] ^ (data[i] if i < n else 0) for i in range(25)]
            for j in range(UNROLL):
                want = reference_round(want, ROUND_CONSTANTS[first + j])
            if mem["st"] != want:
                sys.exit(f"generated hybrid rounds (from round {first}, {n}-lane block) differ from FIPS 202")
    # The one-block entry, all 24 rounds (FIRST, ROUNDS 24/UNROLL - 2 times, then
    # TAIL_1 or TAIL_4): a random block in lanes 0..16 and garbage in lanes
    # 17..24 of the buffer (the entry must take them as zero), garbage in the
    # scratch and the registers; the output lanes against the FIPS 202 rounds
    # on block || zero capacity, then every buffer lane and every scratch lane
    # the run changed zero after the wipe.
    for trial in range(3):
        for k in TAIL_OUTPUTS:
            buf = [rng.getrandbits(64) for _ in range(25)]
            scratch = [rng.getrandbits(64) for _ in range(SCRATCH_LANES)]
            mem = {"st": list(buf), "sc": list(scratch), "out": [None] * DIGEST_LANES}
            xmm = [rng.getrandbits(64) for _ in range(32)]
            gpr = [rng.getrandbits(64) for _ in range(GPR_TEMPS)]
            interpret(load_block_body(), xmm, gpr, mem)
            for first in range(0, 24 - UNROLL, UNROLL):
                mem["rc"] = ROUND_CONSTANTS[first:]
                interpret(rounds_body(UNROLL, CAPACITY if first == 0 else frozenset()), xmm, gpr, mem)
            mem["rc"] = ROUND_CONSTANTS[24 - UNROLL:]
            interpret(tail_body(k), xmm, gpr, mem)
            want = buf[:RATE_LANES] + [0] * (25 - RATE_LANES)
            for j in range(24):
                want = reference_round(want, ROUND_CONSTANTS[j])
            if xmm[:k] != want[:k]:
                sys.exit(f"generated hybrid one-block entry (LOAD_BLOCK, ROUNDS, TAIL_{k}) differs from FIPS 202")
            if k == DIGEST_LANES:
                interpret(store_digest_body(), xmm, gpr, mem)
                if mem["out"] != want[:DIGEST_LANES]:
                    sys.exit("generated hybrid STORE_DIGEST does not store lanes 0..3")
            changed = [i for i in range(SCRATCH_LANES) if mem["sc"][i] != scratch[i]]
            interpret(wipe_block_body(), xmm, gpr, mem)
            if any(mem["st"]) or any(mem["sc"][i] for i in changed):
                sys.exit("generated hybrid WIPE_BLOCK leaves a lane of the buffer or of the scratch")


def main():
    write_or_check("keccak_hybrid_round.inc", generate, verify, "keccak_hybrid_asm.py")


if __name__ == "__main__":
    main()
