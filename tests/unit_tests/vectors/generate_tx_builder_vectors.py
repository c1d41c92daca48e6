#!/usr/bin/python3
"""Generates tx_builder_outputs.txt: the outputs and tx_extra the version 1
builder must produce for fixed keys (spec cryptonote_format.md 4, 8.3, 9.1,
9.2, 10), computed independently of the C++ code:

  ed25519: Python big-integer arithmetic (extended coordinates are not needed:
           affine Edwards addition with modular inverses), RFC 8032 point
           encoding/decoding;
  Keccak-256 (= cn_fast_hash): pycryptodome, Cryptodome.Hash.keccak with
           digest_bits=256 (Debian's python3-pycryptodome; run with /usr/bin/python3).

Scenarios (destinations in output order; the C++ test builds them with
construct_tx_with_tx_key and shuffle_outs = false):
  std_change_pid  Bob's main address + change to Alice; the caller's extra
                  holds the short payment id 1122334455667788 (encrypted for
                  Bob); view tags.
  single_sub      Bob's subaddress (0, 1) + change: R = r*D; a dummy payment
                  id (8 zero bytes) encrypted with 8*r*C; no view tags.
  mixed           Bob main, Bob (1, 2), Carol (0, 3), change: additional keys
                  (R_k = r_k*G or r_k*D), no payment id (4 destinations); view tags.

Line formats (fields separated by spaces):
  wallet NAME SPEND_SECRET VIEW_SECRET
  scenario NAME TX_KEY USE_VIEW_TAGS EXTRA_IN       (EXTRA_IN: caller's extra, x = empty)
  additional NAME K SECRET
  dest NAME K WALLET MAJOR MINOR AMOUNT IS_CHANGE
  extra NAME EXPECTED_EXTRA
  out NAME K AMOUNT ONE_TIME_KEY VIEW_TAG         (VIEW_TAG x when untagged)

Usage: /usr/bin/python3 tests/unit_tests/vectors/generate_tx_builder_vectors.py
"""
import os
import struct

from Cryptodome.Hash import keccak

q = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
d = (-121665 * pow(121666, q - 2, q)) % q
I = pow(2, (q - 1) // 4, q)


def H(data):
    return keccak.new(digest_bits=256, data=data).digest()


def Hs(data):
    return int.from_bytes(H(data), "little") % L


def inv(x):
    return pow(x, q - 2, q)


def add(P, Q):
    x1, y1 = P
    x2, y2 = Q
    t = d * x1 * x2 * y1 * y2 % q
    return ((x1 * y2 + x2 * y1) * inv(1 + t) % q, (y1 * y2 + x1 * x2) * inv(1 - t) % q)


def mul(s, P):
    R = (0, 1)
    while s:
        if s & 1:
            R = add(R, P)
        P = add(P, P)
        s >>= 1
    return R


def recover_x(y, sign):
    xx = (y * y - 1) * inv(d * y * y + 1) % q
    x = pow(xx, (q + 3) // 8, q)
    if (x * x - xx) % q:
        x = x * I % q
    assert (x * x - xx) % q == 0
    if x & 1 != sign:
        x = q - x
    return x


Gy = 4 * inv(5) % q
G = (recover_x(Gy, 0), Gy)


def enc(P):
    x, y = P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def dec(b):
    v = int.from_bytes(b, "little")
    y = v & ((1 << 255) - 1)
    return (recover_x(y, v >> 255), y)


def sc(n):
    return n.to_bytes(32, "little")


def varint(n):
    out = b""
    while n >= 0x80:
        out += bytes([(n & 0x7F) | 0x80])
        n >>= 7
    return out + bytes([n])


def derivation(sec, pub):  # 8*sec*pub
    return enc(mul(8 * sec, pub))


class Wallet:
    def __init__(self, label):
        self.b = Hs(b"cncrypto tx builder vector spend " + label.encode())
        self.a = Hs(sc(self.b))  # Monero's deterministic view key: sc_reduce32(H(b))
        self.B = mul(self.b, G)
        self.A = mul(self.a, G)
        self.name = label

    def address(self, major, minor):
        if major == 0 and minor == 0:
            return self.B, self.A
        m = Hs(b"SubAddr\x00" + sc(self.a) + struct.pack("<II", major, minor))
        D = add(self.B, mul(m, G))
        return D, mul(self.a, D)


def tx_key(label):
    return Hs(b"cncrypto tx builder vector tx key " + label.encode())


def build(name, r, dests, sender, use_tags, pid, lines):
    """dests: (wallet, major, minor, amount, is_change) in output order."""
    non_change = []
    for w, major, minor, amount, change in dests:
        if change:
            continue
        key = (w.name, major, minor)
        if key not in [k for k, _ in non_change]:
            non_change.append((key, (major, minor) != (0, 0)))
    n_sub = sum(1 for _, s in non_change if s)
    n_std = len(non_change) - n_sub
    need_additional = n_sub > 0 and (n_std > 0 or n_sub > 1)
    if n_std == 0 and n_sub == 1:
        (wn, major, minor), _ = non_change[0]
        w = [x[0] for x in dests if x[0].name == wn][0]
        R = mul(r, w.address(major, minor)[0])
    else:
        R = mul(r, G)
    extra_in = b""
    if pid is not None:
        extra_in = b"\x02\x09\x01" + pid
    lines.append("scenario %s %s %s %s" % (name, sc(r).hex(), "true" if use_tags else "false",
                                          extra_in.hex() if extra_in else "x"))
    additional_pubs = []
    for k, (w, major, minor, amount, change) in enumerate(dests):
        lines.append("dest %s %d %s %d %d %d %d" % (name, k, w.name, major, minor, amount, 1 if change else 0))
        S, V = w.address(major, minor)
        is_sub = (major, minor) != (0, 0)
        rk = None
        if need_additional:
            rk = Hs(b"cncrypto tx builder vector additional " + name.encode() + bytes([k]))
            lines.append("additional %s %d %s" % (name, k, sc(rk).hex()))
            additional_pubs.append(mul(rk, S) if is_sub else mul(rk, G))
        if change:
            der = derivation(sender.a, R)
        elif is_sub and need_additional:
            der = derivation(rk, V)
        else:
            der = derivation(r, V)
        hk = Hs(der + varint(k))
        P = add(mul(hk, G), S)
        tag = H(b"view_tag" + der + varint(k))[0:1].hex() if use_tags else "x"
        lines.append("out %s %d %d %s %s" % (name, k, amount, enc(P).hex(), tag))
    # Payment id: the single non-change destination's view key (or change's).
    nonce = b""
    if pid is not None or len(dests) <= 2:
        targets = [(w, mj, mn) for w, mj, mn, amount, change in dests if not change]
        distinct = {(w.name, mj, mn) for w, mj, mn in targets}
        assert len(distinct) == 1
        w, mj, mn = targets[0]
        V = w.address(mj, mn)[1]
        der = derivation(r, V)
        mask = H(der + b"\x8d")[:8]
        plain = pid if pid is not None else b"\x00" * 8
        nonce = b"\x02\x09\x01" + bytes(x ^ y for x, y in zip(plain, mask))
    extra = b"\x01" + enc(R)
    if need_additional:
        extra += b"\x04" + varint(len(additional_pubs)) + b"".join(enc(P) for P in additional_pubs)
    extra += nonce
    lines.append("extra %s %s" % (name, extra.hex()))


def main():
    alice, bob, carol = Wallet("alice"), Wallet("bob"), Wallet("carol")
    lines = [
        "# Generated by generate_tx_builder_vectors.py (this directory): expected outputs and",
        "# tx_extra of the version 1 builder for fixed keys, from an independent Python",
        "# implementation (big-integer ed25519, Keccak from pycryptodome). Spec",
        "# cryptonote_format.md 4, 8.3, 9.1, 9.2, 10. Formats: see the script.",
    ]
    for w in (alice, bob, carol):
        lines.append("wallet %s %s %s" % (w.name, sc(w.b).hex(), sc(w.a).hex()))
    build("std_change_pid", tx_key("1"), [(bob, 0, 0, 1000, False), (alice, 0, 0, 2000, True)], alice, True,
          bytes.fromhex("1122334455667788"), lines)
    build("single_sub", tx_key("2"), [(bob, 0, 1, 5000, False), (alice, 0, 0, 10, True)], alice, False, None, lines)
    build("mixed", tx_key("3"),
          [(bob, 0, 0, 1, False), (bob, 1, 2, 2, False), (carol, 0, 3, 3, False), (alice, 0, 0, 4, True)], alice,
          True, None, lines)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tx_builder_outputs.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
