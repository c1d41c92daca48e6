#!/usr/bin/env python3
"""Tests of `cnutil pow` (run by ctest as cnutil_pow).

Usage: cnutil_pow_test.py CNUTIL SHARED_DIR

Expected values come from SHARED_DIR/data/pow/blocks_pow.json (its README and
manifest give each value's source: Cuprate's statics, Monero's 202612
constant and unit-test blobs, Monero's RPC calc_pow example, all recomputed
with Monero's code there). The --difficulty boundaries are computed here with
Python integers: a hash H meets D iff H * D <= 2^256 - 1 (spec pow.md 3.5), so
floor((2^256 - 1) / H) is the largest difficulty it meets.

The usage-error cases need nothing; the rest are skipped (exit 77) when
SHARED_DIR is absent, and the RandomX ones (with a message) when cnutil was
built without librandomx. Each failing case prints what was run, what was
expected and what came out.
"""
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cnutil_golden as golden  # noqa: E402  (its run/check and failure list)

SKIP = golden.SKIP
MAX256 = 2**256 - 1
failures = golden.failures


def check(cnutil, args, **kw):
    """golden.check of `cnutil pow ARGS`. Returns stdout."""
    name = kw.pop("name", None) or "pow " + " ".join(a[:80] for a in args)
    return golden.check(cnutil, ["pow"] + args, name=name, **kw)


def refused(cnutil, args, err=None, stdin=b"", name=None):
    """A bad input or command line: exit 1, nothing on stdout (never a hash), err in stderr."""
    check(cnutil, args, stdin=stdin, code=1, out="", err_contains=err, name=name)


def max_difficulty(pow_hex):
    return MAX256 // int.from_bytes(bytes.fromhex(pow_hex), "little")


def usage_cases(cnutil):
    golden.check(cnutil, ["--help"], out_contains="  pow FILE...", name="cnutil --help lists pow")
    so = check(cnutil, ["--help"], name="pow --help")
    for word in ("--seed-hash", "--difficulty", "--height", "--json", "rx_seedheight", "--hashing-blob"):
        if word not in so:
            failures.append(f"[pow --help] lacks {word}")
    refused(cnutil, [], "missing input: give FILE..., '-' for stdin, or --hex HEX\nTry 'cnutil pow --help' for more information.\n")
    refused(cnutil, ["--bogus"], "Try 'cnutil pow --help' for more information.\n")
    golden.check(cnutil, ["powx"], code=1, out="", err_contains="unknown command 'powx'\nTry 'cnutil --help'",
                 name="unknown command: the general help")
    refused(cnutil, ["--seed-hash", "abc", "x"], "invalid --seed-hash: expected 64 hex digits, got 3")
    refused(cnutil, ["--seed-hash", "00" * 33, "x"], "invalid --seed-hash")
    refused(cnutil, ["--seed-hash", "zz" * 32, "x"], "invalid --seed-hash: invalid hex character")
    refused(cnutil, ["--difficulty", "0", "x"], "invalid --difficulty 0")
    refused(cnutil, ["--difficulty", "abc", "x"], "invalid --difficulty")
    refused(cnutil, ["--difficulty", str(2**128), "x"], "invalid --difficulty")
    refused(cnutil, ["--difficulty", "-5", "x"], "invalid --difficulty")
    refused(cnutil, ["--height", "abc", "x"], "invalid --height")
    refused(cnutil, ["--height", "-1", "x"], "invalid --height")
    refused(cnutil, ["--height", str(2**64), "x"], "invalid --height")
    refused(cnutil, ["--major-version", "16", "x"], "only used with --hashing-blob")
    refused(cnutil, ["--hashing-blob", "--height", "5", "x"], "--hashing-blob needs")
    # --major-version: 1 to 16 (LAST_KNOWN_BLOCK_MAJOR_VERSION), the majors Monero had;
    # anything else is a usage error that states that range.
    blob76 = "00" * 76
    for bad in ("0", "17", "255", "256", "300", "-1", "", "1x"):
        refused(cnutil, ["--hashing-blob", "--major-version", bad, "--height", "5", "--hex", blob76],
                f"invalid --major-version '{bad}' (expected a number from 1 to 16)")
    # 1, the smallest, is hashed (cn/0, no seed needed) ...
    so = check(cnutil, ["--hashing-blob", "--major-version", "1", "--height", "5", "--hex", blob76])
    if not (len(so) == 64 + len("  cn/0\n") and so.endswith("  cn/0\n")
            and all(c in "0123456789abcdef" for c in so[:64])):
        failures.append(f"[pow --hashing-blob --major-version 1] stdout {so!r}, expected HASH  cn/0")
    # ... and as major 6 (cn/0 too) gives the same hash.
    check(cnutil, ["--hashing-blob", "--major-version", "6", "--height", "5", "--hex", blob76], out=so)
    # 16, the largest, passes the option check: without --seed-hash the input then
    # fails for its RandomX seed, not for its major version (needs no librandomx).
    refused(cnutil, ["--hashing-blob", "--major-version", "16", "--height", "5", "--hex", blob76],
            "block of major version 16 at height 5 uses RandomX")
    refused(cnutil, ["--no-such-option", "x"], "unrecognised option")
    refused(cnutil, ["/nonexistent/block.bin"], "No such file")


def shared_cases(cnutil, shared):
    pow_dir = os.path.join(shared, "data", "pow")
    with open(os.path.join(pow_dir, "blocks_pow.json")) as f:
        data = json.load(f)
    blocks = data["blocks"]

    def path_of(b):
        return os.path.normpath(os.path.join(pow_dir, b["block_file"]))

    def entry(height, network="mainnet"):
        return next(b for b in blocks if b["height"] == height and b["network"] == network)

    cn_blocks = [b for b in blocks if b["pow_algorithm"] != "RandomX"]
    if len(cn_blocks) != 4:
        failures.append(f"expected 4 CryptoNight/202612 blocks in blocks_pow.json, found {len(cn_blocks)}")

    def algo(b):
        if b["height"] == 202612:
            return "fixed-202612"
        return {0: "cn/0", 1: "cn/1", 2: "cn/2", 3: "cn/2", 4: "cn/r", 5: "cn/r"}[b["cn_variant_argument"]]

    # All CryptoNight blocks in one call: HASH  ALGORITHM  FILE, in order.
    paths = [path_of(b) for b in cn_blocks]
    expected = "".join(f"{b['pow_hash']}  {algo(b)}  {p}\n" for b, p in zip(cn_blocks, paths))
    check(cnutil, paths, out=expected, name="pow: every CryptoNight block")

    tmp = tempfile.mkdtemp(prefix="cnutil_pow_")
    for b, p in zip(cn_blocks, paths):
        raw = open(p, "rb").read()
        h = b["pow_hash"]
        tag = f"block {b['height']} {b['network']}"
        # --hex, stdin (binary), a hex text file, the right --height.
        check(cnutil, ["--hex", raw.hex()], out=f"{h}  {algo(b)}\n", name=f"{tag} --hex")
        check(cnutil, ["-"], stdin=raw, out=f"{h}  {algo(b)}  -\n", name=f"{tag} stdin")
        hex_file = os.path.join(tmp, f"{b['height']}_{b['network']}.hex")
        with open(hex_file, "w") as f:
            f.write(raw.hex() + "\n")
        check(cnutil, [hex_file], out=f"{h}  {algo(b)}  {hex_file}\n", name=f"{tag} hex file")
        check(cnutil, ["--height", str(b["height"]), p], out=f"{h}  {algo(b)}  {p}\n", name=f"{tag} --height")
        # --difficulty: the largest one it meets, and one more.
        d = max_difficulty(h)
        check(cnutil, ["--difficulty", str(d), p], out=f"{h}  {algo(b)}  ok  {p}\n", name=f"{tag} meets {d}")
        check(cnutil, ["--difficulty", hex(d + 1), p], code=1, out=f"{h}  {algo(b)}  fail  {p}\n",
              name=f"{tag} fails {d + 1}")
        # --json
        so = check(cnutil, ["--json", "--difficulty", str(d), p], name=f"{tag} --json")
        try:
            j = json.loads(so)
            want = {"input": p, "pow_hash": h, "algorithm": algo(b), "major_version": b["major_version"],
                    "height": b["height"], "height_from": "miner_tx", "difficulty": str(d),
                    "meets_difficulty": True}
            if b["height"] != 202612:
                want["cn_variant"] = b["cn_variant_argument"]
            for k, v in want.items():
                if j.get(k) != v:
                    failures.append(f"[{tag} --json] {k} = {j.get(k)!r}, expected {v!r}")
            if "seed_hash" in j or ("cn_variant" in j and b["height"] == 202612):
                failures.append(f"[{tag} --json] unexpected fields {sorted(j)}")
        except json.JSONDecodeError as e:
            failures.append(f"[{tag} --json] not JSON ({e}): {so!r}")

        # Bad input: never a hash.
        refused(cnutil, ["--height", str(b["height"] + 1), p], f"height {b['height'] + 1} contradicts the block's miner transaction, which says {b['height']}",
                name=f"{tag} wrong height")
        for n in (0, 1, 42, 43, len(raw) // 2, len(raw) - 33, len(raw) - 1):
            refused(cnutil, ["--hex", raw[:n].hex()] if n else ["-"], stdin=b"" if n else b"",
                    name=f"{tag} cut to {n} bytes")
        refused(cnutil, ["--hex", (raw + b"\x00").hex()], "trailing byte", name=f"{tag} trailing byte")
        for major in (0, 17, 0x7f):
            mangled = bytes([major]) + raw[1:]
            refused(cnutil, ["--hex", mangled.hex()], f"major version {major} is not one Monero ever had",
                    name=f"{tag} major {major}")

    shutil.rmtree(tmp)

    # A good and a bad input: the good line, the error, exit 1.
    good = cn_blocks[0]
    check(cnutil, [path_of(good), "/nonexistent"], code=1, out=f"{good['pow_hash']}  {algo(good)}  {path_of(good)}\n",
          err_contains="No such file", name="good then missing file")
    # The 202612 rule: the testnet block with another nonce is hashed normally.
    t = entry(202612, "testnet")
    raw = bytearray(open(path_of(t), "rb").read())
    raw[39] ^= 1  # nonce: bytes 39..42 of a v1 header (1 + 1 + 5 + 32)
    so = check(cnutil, ["--hex", raw.hex()], name="testnet 202612 with another nonce")
    if so.startswith(t["pow_hash"]) or not so.endswith("  cn/0\n"):
        failures.append(f"[testnet 202612 with another nonce] got {so!r}: the fixed hash needs the real blob")

    # RandomX block 2751506: without --seed-hash a usage error naming its seed height.
    rx = entry(2751506)
    seed_height = str(rx["rx_seed_height"])
    refused(cnutil, [path_of(rx)], f"uses RandomX: its seed hash is the id of block {seed_height} "
            "(rx_seedheight(2751506)): give it with --seed-hash", name="RandomX block without seed")
    refused(cnutil, ["--json", "--height", "2751506", path_of(rx)], f"id of block {seed_height}", name="RandomX block --json, no seed")
    refused(cnutil, ["--height", "2751507", path_of(rx)], "contradicts", name="RandomX block wrong height")

    # RPC calc_pow: RandomX of the blob as given, with its seed.
    ex = data["calc_pow_example"]
    args = ["--hashing-blob", "--major-version", str(ex["major_version"]), "--height", str(ex["height"]),
            "--seed-hash", ex["seed_hash"], "--difficulty", str(max_difficulty(ex["pow_hash"])), "--json",
            "--hex", ex["input_hex"]]
    _, _, se = golden.run(cnutil, ["pow"] + args)
    if "without librandomx" in se:
        print("cnutil built without librandomx: RandomX calc_pow case skipped")
        return
    so = check(cnutil, args, name="calc_pow example")
    try:
        j = json.loads(so)
        want = {"pow_hash": ex["pow_hash"], "algorithm": "rx/0", "major_version": ex["major_version"],
                "height": ex["height"], "height_from": "option", "seed_height": ex["rx_seed_height_by_formula"],
                "seed_hash": ex["seed_hash"], "meets_difficulty": True}
        for k, v in want.items():
            if j.get(k) != v:
                failures.append(f"[calc_pow --json] {k} = {j.get(k)!r}, expected {v!r}")
    except json.JSONDecodeError as e:
        failures.append(f"[calc_pow --json] not JSON ({e}): {so!r}")


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    cnutil, shared = sys.argv[1], os.environ.get("CNCRYPTO_SHARED_DIR", sys.argv[2])
    usage_cases(cnutil)
    have_shared = os.path.isfile(os.path.join(shared, "data", "pow", "blocks_pow.json"))
    if have_shared:
        shared_cases(cnutil, shared)
    for f in failures:
        print("FAIL " + f)
    print(f"{golden.count - len(failures)} of {golden.count} cases passed")
    if failures:
        return 1
    if not have_shared:
        print(f"{shared}/data/pow absent: the block cases were skipped")
        return SKIP
    return 0


if __name__ == "__main__":
    sys.exit(main())
