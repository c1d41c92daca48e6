#!/usr/bin/env python3
"""Checks the limb bounds stated in src/curve/backend/avx2/avx2.cpp's header (the
AVX2 curve backend: 10 limbs of radix 2^25.5 per 64-bit lane, vpmuludq products).

Every check is on upper bounds: a limb's largest value under the stated bound, the
column sums of a product with every operand limb at its bound, and the carry chain
run on those maxima (a masked limb is at most its mask, a carry at most the
shifted maximum). Exit status 0 when every bound holds. Run by hand after changing
a bound or a formula's carries (docs/ed25519_backends.md).
"""
import sys
from math import log2

B = [26 if i % 2 == 0 else 25 for i in range(10)]  # bits of limb i
P = [2**26 - 19] + [2**B[i] - 1 for i in range(1, 10)]  # p's limbs
TIGHT = [2**B[i] + 2**17 for i in range(10)]  # tight4: < this
LOOSE_SUM = [2**(B[i] + 1) + 2**18 for i in range(10)]  # tight4 + tight4
LOOSE = [3 * 2**B[i] + 2**19 for i in range(10)]  # loose: <= this
U32, U64 = 2**32, 2**64

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def columns(f, g, square):
    """Column sums of fe4_mul(f, g) (or fe4_sq(f) when square), operands checked < 2^32."""
    z = [0] * 10
    for i in range(10):
        for j in range(i if square else 0, 10):
            doubling = ((1 if i != j else 0) if square else 0) + (1 if (i & j & 1) else 0)
            a = f[i] * 2**doubling
            b = g[j] * (19 if i + j >= 10 else 1)
            if a >= U32 or b >= U32:
                return None
            z[(i + j) % 10] += a * b
    return z


def carry_chain(z):
    """fe4_mul's reduce on maxima: h0->h1, h4->h5, h1->h2, ..., h9->19 h0, h0->h1."""
    z = list(z)
    for i in [0, 4, 1, 5, 2, 6, 3, 7, 4, 8, 9, 0]:
        c = z[i] >> B[i]
        z[i] = min(z[i], 2**B[i] - 1)
        if i == 9:
            z[0] += 19 * c
        else:
            z[i + 1] += c
    return z


def carry_round(s):
    """One parallel carry round on maxima."""
    c = [s[i] >> B[i] for i in range(10)]
    return [min(s[0], 2**B[0] - 1) + 19 * c[9]] + [min(s[i], 2**B[i] - 1) + c[i - 1] for i in range(1, 10)]


def below(h, bound):
    return all(h[i] < bound[i] for i in range(10))


# Multiplication and squaring take loose operands.
for name, f, g, square in [("fe4_mul(loose, loose)", LOOSE, LOOSE, False), ("fe4_sq(loose)", LOOSE, LOOSE, True)]:
    z = columns(f, g, square)
    check(z is not None, name + ": every vpmuludq operand < 2^32")
    if z is None:
        continue
    check(max(z) < 2**63, "%s: largest column sum 2^%.2f < 2^63" % (name, log2(max(z))))
    check(below(carry_chain(z), TIGHT), name + ": the carry chain leaves tight4 limbs")

# Uncarried sums and differences.
check(all(2 * P[i] >= TIGHT[i] for i in range(10)), "fe4_sub_loose: 2p's limbs >= every tight4 limb")
check(all(TIGHT[i] + 2 * P[i] <= LOOSE[i] for i in range(10)), "fe4_sub_loose(tight4, tight4) is loose")
check(all(LOOSE_SUM[i] + TIGHT[i] <= LOOSE[i] for i in range(10)), "(tight4 + tight4) + tight4 is loose")
# Carried subtraction f + 4p - g of loose values, then one parallel round.
check(all(4 * P[i] >= LOOSE[i] for i in range(10)), "fe4_sub: 4p's limbs >= every loose limb")
s = [LOOSE[i] + 4 * P[i] for i in range(10)]
check(max(s) < U32, "fe4_sub: sums 2^%.2f < 2^32" % log2(max(s)))
check(below(carry_round(s), TIGHT), "fe4_sub: one carry round leaves tight4 limbs")

# Conversions. In: 51-bit carry round on limbs < 2^64, split 26 + 25, one round.
M51 = 2**51 - 1
t = [M51 + 19 * ((U64 - 1) >> 51)] + [M51 + ((U64 - 1) >> 51)] * 4
check(max(t) < 2**51 + 2**18, "from_radix51: after the 51-bit round, limbs < 2^51 + 2^18")
r = []
for x in t:
    r += [2**26 - 1, x >> 26]
check(max(r) < U32, "from_radix51: split limbs < 2^32")
check(below(carry_round(r), TIGHT), "from_radix51: one carry round leaves tight4 limbs")
# Out: join the pairs of tight4 limbs, one 51-bit carry round.
joined = [TIGHT[2 * l] - 1 + ((TIGHT[2 * l + 1] - 1) << 26) for l in range(5)]
check(max(joined) < 2**52, "to_radix51: joined limbs < 2^52 (carries <= 1)")
out = [M51 + 19 * (joined[4] >> 51)] + [M51 + (joined[l - 1] >> 51) for l in range(1, 5)]
check(max(out) < 2**51 + 2**15, "to_radix51: limbs < 2^51 + 20, inside the serial tight bound 2^51 + 2^15")

sys.exit(1 if failures else 0)
