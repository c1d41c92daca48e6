#!/usr/bin/env python3
"""Generates ed25519_tables.inc: field constants and precomputed multiples of G.

Usage (run from this directory):
  python3 gen_tables.py > ed25519_tables.inc
  python3 gen_tables.py --ref10 > ed25519_tables_ref10.inc

Everything is computed here from the curve definition (RFC 8032 section 5.1:
p = 2^255 - 19, d = -121665/121666, base point G with y = 4/5 and even x) and
Monero's hash-to-point constants (A = 486662, cryptonote_format.md section 0.3).
The file holds each value twice, once per field representation (5x51-bit limbs
and 10x25.5-bit limbs), selected by CNCRYPTO_FE_51 (see fe_repr.h). All limbs
are fully reduced (canonical).

With --ref10 it writes the public tables of crypto/crypto-ops.h instead, in Monero's
layout (ten signed 32-bit limbs, curve/ref10.h): each canonical value carried as
Monero's fe_frombytes carries it (limbs 9, 1, 3, 5, 7, then 0, 2, 4, 6, 8, each
rounding to -2^(w-1) <= limb < 2^(w-1)), which is the form of every constant of
Monero's crypto-ops-data.c; the square roots fe_fffb1..4 are the even ones, as
Monero's (its file's rule). Included by group/face.cpp only.

The unit test `base_table_regenerates` in tests/unit_tests/curve/ed25519_tests.cpp
recomputes every table entry at run time from G with the C++ group law and
compares, so an edited or stale table fails the tests.
"""

P = 2**255 - 19
D = (-121665 * pow(121666, P - 2, P)) % P
SQRTM1 = pow(2, (P - 1) // 4, P)
A = 486662


def inv(x):
    return pow(x, P - 2, P)


def sqrt(x):
    """A square root of x mod p (p = 5 mod 8); raises if x is not a square."""
    x %= P
    r = pow(x, (P + 3) // 8, P)
    if r * r % P != x:
        r = r * SQRTM1 % P
    if r * r % P != x:
        raise ValueError("not a square")
    return r


def recover_x(y, sign):
    x2 = (y * y - 1) * inv(D * y * y + 1) % P
    x = sqrt(x2)
    if x & 1 != sign:
        x = P - x
    return x


GY = 4 * inv(5) % P
GX = recover_x(GY, 0)
G = (GX, GY)
IDENTITY = (0, 1)


def add(p1, p2):
    (x1, y1), (x2, y2) = p1, p2
    t = D * x1 * x2 * y1 * y2 % P
    x3 = (x1 * y2 + x2 * y1) * inv(1 + t) % P
    y3 = (y1 * y2 + x1 * x2) * inv(1 - t) % P
    return (x3, y3)


def mul(k, pt):
    r = IDENTITY
    while k:
        if k & 1:
            r = add(r, pt)
        pt = add(pt, pt)
        k >>= 1
    return r


def decode(hexstr):
    b = bytes.fromhex(hexstr)
    v = int.from_bytes(b, "little")
    y = v & ((1 << 255) - 1)
    return (recover_x(y, v >> 255), y)


# ---------------------------------------------------------------- limb output
OFF25 = [0, 26, 51, 77, 102, 128, 153, 179, 204, 230]
W25 = [26, 25] * 5


def limbs51(v):
    return [(v >> (51 * i)) & ((1 << 51) - 1) for i in range(5)]


def limbs25(v):
    return [(v >> OFF25[i]) & ((1 << W25[i]) - 1) for i in range(10)]


def limbs_ref10(v):
    h = limbs25(v)
    for i in (9, 1, 3, 5, 7, 0, 2, 4, 6, 8):
        w = W25[i]
        c = (h[i] + (1 << (w - 1))) >> w
        h[i] -= c << w
        if i == 9:
            h[0] += 19 * c
        else:
            h[i + 1] += c
    return h


def fe_text(v, repr_):
    v %= P
    if repr_ == "ref10":
        return "{" + ", ".join("%d" % l for l in limbs_ref10(v)) + "}"
    if repr_ == 51:
        return "{" + ", ".join("0x%013xULL" % l for l in limbs51(v)) + "}"
    return "{" + ", ".join("0x%07xU" % l for l in limbs25(v)) + "}"


def precomp(pt):
    """ge_precomp: (y + x, y - x, 2*d*x*y), affine (Z = 1)."""
    x, y = pt
    return ((y + x) % P, (y - x) % P, 2 * D * x * y % P)


def precomp_text(pt, repr_, indent):
    a, b, c = precomp(pt)
    pad = " " * indent
    return "%s{%s,\n%s %s,\n%s %s}" % (pad, fe_text(a, repr_), pad, fe_text(b, repr_), pad, fe_text(c, repr_))


def p3_text(pt, repr_):
    x, y = pt
    return "{%s,\n %s,\n %s,\n %s}" % (fe_text(x, repr_), fe_text(y, repr_), fe_text(1, repr_),
                                       fe_text(x * y, repr_))


def even_root(v):
    v %= P
    return v if v % 2 == 0 else P - v


def main():
    import sys

    ref10 = sys.argv[1:] == ["--ref10"]
    AA2 = A * (A + 2) % P
    consts = [
        ("fe_d", D, "d = -121665/121666 (RFC 8032 5.1)"),
        ("fe_d2", 2 * D, "2*d"),
        ("fe_sqrtm1", SQRTM1, "sqrt(-1) = 2^((p-1)/4)"),
        ("fe_ma", -A, "-A, A = 486662 (Montgomery form of Curve25519)"),
        ("fe_ma2", -A * A, "-A^2"),
        ("fe_fffb1", sqrt(-2 * AA2), "sqrt(-2*A*(A+2))"),
        ("fe_fffb2", sqrt(2 * AA2), "sqrt(2*A*(A+2))"),
        ("fe_fffb3", sqrt(-SQRTM1 * AA2), "sqrt(-sqrt(-1)*A*(A+2))"),
        ("fe_fffb4", sqrt(SQRTM1 * AA2), "sqrt(sqrt(-1)*A*(A+2))"),
        # Monero master's (0aa9c51) Weierstrass constants (draft-ietf-lwig-curve-representations-02 E.2).
        ("fe_a", A, "A = 486662"),
        ("fe_a_inv_3", A * inv(3), "A/3"),
        ("fe_c", max(sqrt(-(A + 2)), (-sqrt(-(A + 2))) % P), "c = sqrt(-(A+2)), the larger of the two roots"),
    ]
    # H = 8 * decompress(Keccak(G)) (spec 0.2); its encoding is given there.
    H = decode("8b655970153799af2aeadc9ff1add0ea6c7251d54154cfa92c173a0dd39c1f94")

    # ge_base[i][j] = (j + 1) * 256^i * G
    base = []
    row_start = G
    for _ in range(32):
        row = []
        pt = row_start
        for _ in range(8):
            row.append(pt)
            pt = add(pt, row_start)
        base.append(row)
        row_start = mul(256, row_start)
    # Odd multiples of G: (2j + 1) * G
    odd = []
    g2 = add(G, G)
    pt = G
    for _ in range(64):
        odd.append(pt)
        pt = add(pt, g2)

    out = []
    if ref10:
        consts = [(n, even_root(v) if n.startswith("fe_fffb") else v, c) for n, v, c in consts]
        out.append("// Generated by gen_tables.py in this directory. Do not edit: rerun")
        out.append("//   python3 gen_tables.py --ref10 > ed25519_tables_ref10.inc")
        out.append("// The public tables of crypto/crypto-ops.h in Monero's ten-limb layout")
        out.append("// (Monero's limb values). Included by group/face.cpp only.")
        out.append("")
    else:
        out.append("// Generated by gen_tables.py in this directory. Do not edit: rerun")
        out.append("//   python3 gen_tables.py > ed25519_tables.inc")
        out.append("// Field constants and precomputed multiples of the ed25519 base point G, each")
        out.append("// once per field representation. Included by ge.cpp only.")
        out.append("")
    for repr_ in (("ref10",) if ref10 else (51, 25)):
        if repr_ != "ref10":
            out.append("#if %sCNCRYPTO_FE_51" % ("" if repr_ == 51 else "!"))
            out.append("")
        for name, val, comment in consts:
            out.append("// %s" % comment)
            out.append("const fe %s = %s;" % (name, fe_text(val, repr_)))
        out.append("")
        out.append("// The identity (0 : 1 : 1 : 0).")
        out.append("const ge_p3 ge_p3_identity = %s;" % p3_text(IDENTITY, repr_))
        out.append("// Monero's amount generator H (cryptonote_format.md 0.2), affine (Z = 1).")
        out.append("const ge_p3 ge_p3_H = %s;" % p3_text(H, repr_))
        out.append("")
        out.append("// CNCRYPTO_COMPUTED_BASE_TABLES (the WebAssembly build): ge.cpp computes the three")
        out.append("// tables of multiples of G at start-up, the same limbs, in place of these 39 KB (10x25.5)")
        out.append("// of data; face.cpp's copies for crypto-ops.h stay (the linker drops them unused).")
        out.append("#if !defined(CNCRYPTO_TABLES_WITHOUT_G_MULTIPLES)")
        out.append("// ge_base[i][j] = (j + 1) * 256^i * G as (y + x, y - x, 2dxy).")
        out.append("const ge_precomp ge_base[32][8] = {")
        for i in range(32):
            out.append("  { // 256^%d * G" % i)
            out.append(",\n".join(precomp_text(p, repr_, 4) for p in base[i]))
            out.append("  }%s" % ("," if i < 31 else ""))
        out.append("};")
        out.append("")
        out.append("// ge_Bi[j] = (2j + 1) * G (Monero's table for 5-bit sliding windows).")
        out.append("const ge_precomp ge_Bi[8] = {")
        out.append(",\n".join(precomp_text(p, repr_, 2) for p in odd[:8]))
        out.append("};")
        out.append("")
        out.append("// ge_base_odd[j] = (2j + 1) * G for width-8 wNAF of public scalars.")
        out.append("const ge_precomp ge_base_odd[64] = {")
        out.append(",\n".join(precomp_text(p, repr_, 2) for p in odd))
        out.append("};")
        out.append("#endif")
        out.append("")
        if repr_ != "ref10":
            out.append("#endif")
            out.append("")
    print("\n".join(out))


if __name__ == "__main__":
    main()
