#!/usr/bin/env python3
"""cnutil keys on damaged .keys files (issue 39, item 4; run by ctest).

Usage: cnutil_keys_damage_test.py CNUTIL [SHARED_DIR]

A .keys file has no MAC: ChaCha20 is a stream cipher, so flipping bit i of the
encrypted data flips bit i of the decrypted JSON. This test decrypts Monero's
two test wallets (SHARED_DIR/data/wallet/files, with the ChaCha key given in
wallet_files.json and a ChaCha20 written here from its definition, D. J.
Bernstein's original: 64-bit counter, 64-bit IV), finds the bytes the outside
audit flipped and flips them in copies made in a temporary directory:
"nettype" -> "oettype", "multisig":0 -> 1, "watch_only":0 -> 1,
"seed_language" -> "reed_language", "default_decimal_point":12 -> 13, and the
multisig flag together with one bit of the masked spend secret key. Each must
open with exit status 0 and the warnings on stderr that say what is odd, the
network and keys as stated, and --show-spend-key must never print a spend key
that does not give the spend public key (refused, exit 1, nothing on stdout;
--show-unverified-spend-key prints it with spend_secret_key_verified false).
Exits 77 (skipped) when SHARED_DIR is absent.
"""
import json
import os
import struct
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cnutil_golden import run  # noqa: E402  (one home for spawning cnutil)

SKIP = 77
failures = []
count = 0


def chacha20(key, iv, data):
    """ChaCha20 (20 rounds) with a 64-bit block counter from 0 and a 64-bit IV."""
    def rotl(v, c):
        return ((v << c) & 0xffffffff) | (v >> (32 - c))

    def quarter(s, a, b, c, d):
        s[a] = (s[a] + s[b]) & 0xffffffff; s[d] = rotl(s[d] ^ s[a], 16)
        s[c] = (s[c] + s[d]) & 0xffffffff; s[b] = rotl(s[b] ^ s[c], 12)
        s[a] = (s[a] + s[b]) & 0xffffffff; s[d] = rotl(s[d] ^ s[a], 8)
        s[c] = (s[c] + s[d]) & 0xffffffff; s[b] = rotl(s[b] ^ s[c], 7)

    const = struct.unpack("<4I", b"expand 32-byte k")
    k = struct.unpack("<8I", key)
    n = struct.unpack("<2I", iv)
    out = bytearray()
    for block in range((len(data) + 63) // 64):
        state = list(const + k + (block & 0xffffffff, block >> 32) + n)
        x = list(state)
        for _ in range(10):
            quarter(x, 0, 4, 8, 12); quarter(x, 1, 5, 9, 13); quarter(x, 2, 6, 10, 14); quarter(x, 3, 7, 11, 15)
            quarter(x, 0, 5, 10, 15); quarter(x, 1, 6, 11, 12); quarter(x, 2, 7, 8, 13); quarter(x, 3, 4, 9, 14)
        stream = struct.pack("<16I", *[(a + b) & 0xffffffff for a, b in zip(x, state)])
        chunk = data[64 * block:64 * block + 64]
        out += bytes(a ^ b for a, b in zip(chunk, stream))
    return bytes(out)


def read_varint(b, pos):
    v = shift = 0
    while True:
        c = b[pos]
        pos += 1
        v |= (c & 0x7f) << shift
        shift += 7
        if c < 0x80:
            return v, pos


def json_string_bytes(plain, start):
    """Offsets in plain of the bytes of the JSON string whose first content byte
    is at start, with the decoded byte of each: [(offset or None if escaped, byte)]."""
    out = []
    i = start
    simple = {ord("n"): 10, ord("t"): 9, ord("r"): 13, ord("b"): 8, ord("f"): 12, ord('"'): 34, ord("\\"): 92,
              ord("/"): 47}
    while plain[i] != ord('"'):
        if plain[i] == ord("\\"):
            if plain[i + 1] == ord("u"):
                out.append((None, int(plain[i + 2:i + 6], 16)))
                i += 6
            else:
                out.append((None, simple[plain[i + 1]]))
                i += 2
        else:
            out.append((i, plain[i]))
            i += 1
    return out


def check(cnutil, args, stdin, *, code=0, err=(), err_lacks=(), out=None, name):
    """Runs cnutil; checks the exit status, each of err in stderr, none of
    err_lacks, and out (a dict of text fields that must be as given). Returns
    the text fields."""
    global count
    count += 1
    rc, so, se = run(cnutil, args, stdin)
    problems = [f"exit status {rc}, expected {code}"] if rc != code else []
    problems += [f"stderr lacks {e!r}" for e in err if e not in se]
    problems += [f"stderr has {e!r}" for e in err_lacks if e in se]
    got = {}
    for line in so.splitlines():
        k, _, v = line.partition(": ")
        got[k] = v
    for k, v in (out or {}).items():
        if got.get(k) != v:
            problems.append(f"{k}: {got.get(k)!r}, expected {v!r}")
    if problems:
        failures.append(f"[{name}] " + "; ".join(problems) + f"\n    stdout {so!r}\n    stderr {se!r}")
    return got


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    cnutil = os.path.abspath(sys.argv[1])
    shared = os.environ.get("CNCRYPTO_SHARED_DIR", sys.argv[2] if len(sys.argv) > 2 else "")
    wallet_dir = os.path.join(shared, "data", "wallet")
    if not shared or not os.path.isdir(wallet_dir):
        print(f"skipped: {shared or '../shared'}/data/wallet not found (../shared is absent)")
        return SKIP
    with open(os.path.join(wallet_dir, "wallet_files.json")) as f:
        wallets = json.load(f)["wallets"]
    with tempfile.TemporaryDirectory() as tmp:
        for name, w in wallets.items():
            damage_cases(cnutil, tmp, name, w, os.path.join(wallet_dir, "files", w["keys_file"]))
    print("\n".join(["FAIL " + f for f in failures] + [f"{count} cases, {len(failures)} failures"]))
    return 1 if failures else 0


def damage_cases(cnutil, tmp, name, w, path):
    with open(path, "rb") as f:
        data = f.read()
    iv = data[:8]
    n, start = read_varint(data, 8)
    key = bytes.fromhex(w["chacha_key"])
    plain = chacha20(key, iv, data[start:start + n])
    if not plain.startswith(b'{"key_data":"') or len(plain) != w["account_data_plaintext_length"]:
        failures.append(f"[{name}] the independent ChaCha20 does not give the wallet's JSON: {plain[:40]!r}")
        return
    pw = w["password"].encode() + b"\n"
    net = w["nettype"]
    ref = {"address": w["address"], "network": net, "view_secret_key": w["view_secret_key"]}

    def damaged(label, flips):
        """A copy of the file with plaintext bit (offset, mask) flips."""
        b = bytearray(data)
        for offset, mask in flips:
            b[start + offset] ^= mask
        p = os.path.join(tmp, f"{name}-{label}.keys")
        with open(p, "wb") as f:
            f.write(bytes(b))
        return p

    def at(text, delta=0):
        i = plain.find(text)
        if i < 0:
            raise KeyError(f"{name}: {text!r} not in the JSON")
        return i + delta

    # The clean file: no warning (check() would show any stderr).
    check(cnutil, ["keys", path], pw, out=ref, err_lacks=("warning",), name=f"{name} clean")
    check(cnutil, ["keys", "--show-unverified-spend-key", path], pw,
          out=dict(ref, spend_secret_key=w["spend_secret_key"], spend_secret_key_verified="yes"),
          name=f"{name} clean --show-unverified-spend-key")

    # "nettype" -> "oettype" (bit 0 of 'n'): the default network, and two warnings.
    p = damaged("oettype", [(at(b'"nettype"', 1), 0x01)])
    warn = ['warning: the file has no "nettype" field', 'warning: unknown field "oettype"']
    check(cnutil, ["keys", p], pw, err=warn, out={"network": "mainnet", "view_secret_key": w["view_secret_key"]},
          name=f"{name} oettype")
    check(cnutil, ["keys", "--network", net, p], pw, err=warn, out=ref, name=f"{name} oettype --network {net}")

    # "multisig":0 -> 1: wallet2 refuses it (no multisig_signers); the spend key still
    # gives B, so it is printed (checked).
    p = damaged("multisig", [(at(b'"multisig":0', 11), 0x01)])
    check(cnutil, ["keys", "--show-spend-key", p], pw,
          err=['warning: "multisig" is set, but there is no "multisig_signers" string',
               "(Monero's wallet2 refuses to open such a file)",
               'warning: "multisig" is set, but key_data holds no multisig keys'],
          err_lacks=("cannot be checked",),
          out=dict(ref, multisig="yes", spend_secret_key=w["spend_secret_key"]), name=f"{name} multisig")

    # "watch_only":0 -> 1: a full wallet's spend key in a file marked watch-only.
    p = damaged("watch_only", [(at(b'"watch_only":0', 13), 0x01)])
    check(cnutil, ["keys", p], pw, err=['warning: "watch_only" is set, but the file holds the wallet\'s spend secret'],
          out=dict(ref, watch_only="yes"), name=f"{name} watch_only")

    # "seed_language" -> "reed_language": the language is gone, the name is unknown.
    p = damaged("reed_language", [(at(b'"seed_language"', 1), 0x01)])
    check(cnutil, ["keys", p], pw, err=['warning: unknown field "reed_language"'],
          out=dict(ref, seed_language=""), name=f"{name} reed_language")

    # "default_decimal_point":12 -> 13: wallet2's set_default_decimal_point throws.
    p = damaged("decimal_point", [(at(b'"default_decimal_point":12', 25), 0x01)])
    check(cnutil, ["keys", p], pw,
          err=['warning: the field "default_decimal_point" is 13', "(Monero's wallet2 refuses to open such a file)"],
          out=ref, name=f"{name} default_decimal_point 13")

    # The audit's two flips: the multisig flag and one bit of the masked spend key.
    spend_at = at(b"m_spend_secret_key", len(b"m_spend_secret_key"))
    raw = json_string_bytes(plain, spend_at)
    # raw[0] is the type (10, escaped "\n"), raw[1] the size varint 0x80; then 32 key bytes.
    if raw[0][1] != 10 or raw[1][1] != 0x80:
        failures.append(f"[{name}] unexpected key_data layout after m_spend_secret_key: {raw[:2]}")
        return
    target = next((off, 0x01) for off, b in raw[2:34] if off is not None and b ^ 0x01 not in (0x22, 0x5c))
    p = damaged("multisig_spend", [(at(b'"multisig":0', 11), 0x01), target])
    refuse = ["the spend secret key is not printed", "--show-unverified-spend-key prints it anyway"]
    warn = ['warning: "multisig" is set and the spend secret key does not give the spend public key']
    check(cnutil, ["keys", p], pw, err=warn, out=dict(ref, multisig="yes"), name=f"{name} multisig+spend bit")
    got = check(cnutil, ["keys", "--show-spend-key", p], pw, code=1, err=refuse + warn,
                name=f"{name} multisig+spend bit --show-spend-key")
    if got:
        failures.append(f"[{name} multisig+spend bit --show-spend-key] printed {got}")
    got = check(cnutil, ["keys", "--show-unverified-spend-key", p], pw, err=warn,
                out=dict(ref, spend_secret_key_verified="no"), name=f"{name} multisig+spend bit, unverified")
    spend = got.get("spend_secret_key", "")
    if len(spend) != 64 or spend == w["spend_secret_key"]:
        failures.append(f"[{name} multisig+spend bit, unverified] spend key {spend!r}")
    global count
    count += 1
    rc, so, se = run(cnutil, ["keys", "--json", "--show-unverified-spend-key", p], pw)
    j = json.loads(so or "{}")
    if rc != 0 or j.get("spend_secret_key_verified") is not False or j.get("spend_secret_key") != spend:
        failures.append(f"[{name} multisig+spend bit, --json] exit {rc}, {so!r}")
    # The same bit alone (a standard wallet): refused as before (keys_mismatch).
    p = damaged("spend_bit", [target])
    check(cnutil, ["keys", "--show-spend-key", p], pw, code=1, err=["does not give its spend public key"],
          name=f"{name} spend bit")


if __name__ == "__main__":
    sys.exit(main())
