#!/usr/bin/env python3
"""Tests of cnutil scan (run by ctest).

Usage: cnutil_scan_test.py CNUTIL SHARED_DIR

Expected values: SHARED_DIR/data/vectors/owned_output_clsag_tx.json, a real
BP+/CLSAG transaction (monero-oxide's test vectors) with its creating wallet's
keys: output 0 is the wallet's change, amount 60363387616637, transaction hash
tx_hash_computed. Scanned alone, among every real transaction and block of
SHARED_DIR/data (none of which pays that wallet), with and without the spend
key, on 1 and 2 threads, as text and JSON: exactly that output is printed. The
key image printed is the library's (checked against generate_key_image_helper
in tests/unit_tests/wallet). Then the refusals: missing options, a bad
address, a subaddress as --address, keys of the wrong length or not matching
the address, both keys on standard input, an unreadable file and a bad blob
(reported, the other inputs still scanned, exit 1), a key given as a file
name. Exits 77 (skipped) when SHARED_DIR is absent.
"""
import glob
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cnutil_golden import run  # noqa: E402  (one home for spawning cnutil)

import cnutil_wallet_test  # noqa: E402  (its check(): exit status, stdout, stderr, secrets not printed)

SKIP = 77
failures = cnutil_wallet_test.failures
check = cnutil_wallet_test.check


def main():
    cnutil, shared = sys.argv[1], os.environ.get("CNCRYPTO_SHARED_DIR", sys.argv[2])
    vector_path = os.path.join(shared, "data/vectors/owned_output_clsag_tx.json")
    if not os.path.exists(vector_path):
        print(f"skipped: {vector_path} not found")
        return SKIP
    with open(vector_path) as f:
        v = json.load(f)
    tmp = tempfile.mkdtemp()

    def write(name, text):
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    tx = write("tx.hex", v["tx_hex"] + "\n")
    view = write("view.key", v["wallet_view_secret"] + "\n")
    spend = write("spend.key", v["wallet_spend_secret"] + "\n")
    short = write("short.key", "abcd\n")
    bad_blob = write("bad.bin", "0badc0de\n")
    rc, address, se = run(cnutil, ["address", "encode", "--network", "mainnet", "--spend", v["wallet_spend_public"],
                                   "--view", v["wallet_view_public"]])
    address = address.strip()
    if rc != 0:
        failures.append("address encode failed: " + se)
    rc, subaddress, _ = run(cnutil, ["address", "encode", "--network", "mainnet", "--spend", v["wallet_spend_public"],
                                     "--view", v["wallet_view_public"], "--subaddress", "0,1",
                                     "--view-secret-file", view])
    subaddress = subaddress.strip()
    line = f"{v['tx_hash_computed']} 0 0,0 {v['output0_amount']}"
    others = sorted(glob.glob(os.path.join(shared, "data/txs/*.bin")) + glob.glob(os.path.join(shared,
                                                                                                "data/blocks/*.bin")))
    base = ["scan", "--address", address, "--view-key-file", view, "--subaddresses", "2,20"]

    # Found, alone and among the others; watch-only: no key image column.
    so = check(cnutil, base + [tx], out_contains=line + "\n", name="view key only")
    if so != line + "\n":
        failures.append(f"[view key only] stdout {so!r}, expected exactly {line!r}")
    full = check(cnutil, base + ["--spend-key-file", spend] + others[:5] + [tx] + others[5:],
                 out_contains=line + " ", name="with spend key, among real transactions and blocks")
    if len(full.splitlines()) != 1 or len(full.split()) != 5 or len(full.split()[4]) != 64:
        failures.append(f"[with spend key] expected one line with a key image, got {full!r}")
    two = check(cnutil, base + ["--spend-key-file", spend, "--threads", "2"] + others + [tx], name="2 threads")
    if two != full:
        failures.append(f"[2 threads] {two!r} != {full!r}")
    # Keys from standard input.
    check(cnutil, ["scan", "--address", address, "--view-key-file", "-", "--subaddresses", "3", tx],
          stdin=(v["wallet_view_secret"] + "\n").encode(), out_contains=line, name="view key from stdin")
    so = check(cnutil, base + ["--spend-key-file", spend, "--json", tx], name="json")
    try:
        j = json.loads(so)
        ok = (len(j) == 1 and j[0]["tx_hash"] == v["tx_hash_computed"] and j[0]["output_index"] == 0
              and j[0]["subaddress"] == "0,0" and j[0]["amount"] == v["output0_amount"]
              and j[0]["output_key"] == v["output0_key"] and j[0]["key_image"] == full.split()[4])
        if not ok:
            failures.append(f"[json] unexpected {j}")
    except (ValueError, KeyError) as e:
        failures.append(f"[json] {e}: {so!r}")
    # Nothing owned: nothing printed, exit 0.
    so = check(cnutil, base + others, name="nothing owned")
    if so:
        failures.append(f"[nothing owned] printed {so!r}")

    # Refusals.
    check(cnutil, ["scan", "--view-key-file", view, tx], code=1, err_contains="missing --address")
    check(cnutil, ["scan", "--address", address, tx], code=1, err_contains="missing --view-key-file")
    check(cnutil, ["scan", "--address", address, "--view-key-file", view], code=1, err_contains="missing TX_OR")
    check(cnutil, ["scan", "--address", "4abc", "--view-key-file", view, tx], code=1, err_contains="invalid --address")
    if subaddress:
        check(cnutil, ["scan", "--address", subaddress, "--view-key-file", view, tx], code=1,
              err_contains="not a subaddress")
    check(cnutil, base + ["--threads", "0", tx], code=1, err_contains="invalid --threads")
    check(cnutil, base[:-2] + ["--subaddresses", "0,5", tx], code=1, err_contains="invalid --subaddresses")
    check(cnutil, ["scan", "--address", address, "--view-key-file", short, tx], code=1,
          err_contains="expected a secret key as 64 hex digits")
    check(cnutil, ["scan", "--address", address, "--view-key-file", spend, tx], code=1,
          err_contains="do not match --address")
    check(cnutil, base + ["--spend-key-file", view, tx], code=1, err_contains="do not match --address")
    check(cnutil, ["scan", "--address", address, "--view-key-file", "-", "--spend-key-file", "-", tx], code=1,
          err_contains="cannot both be standard input")
    check(cnutil, ["scan", "--address", address, "--view-key-file", v["wallet_view_secret"], tx], code=1,
          out_lacks=v["wallet_view_secret"], err_contains="looks like a secret")
    # A key file name that is no file is never repeated: a key written near its
    # 64-digit form ("0x" before it, a blank, 63 digits) passes looks_like_key
    # (fresh-user finding, 2026-12-02: it was printed in full).
    spend_hex = v["wallet_spend_secret"]
    for near in ("0x" + spend_hex, " " + spend_hex, spend_hex[:63], spend_hex + "\n"):
        check(cnutil, base + ["--spend-key-file", near, tx], code=1, out_lacks=spend_hex[8:40],
              err_contains="spend key: cannot open the secret key file given (its name is not repeated",
              name=f"near-key spend file name ({len(near)} chars)")
    check(cnutil, ["scan", "--address", address, "--view-key-file", "0x" + v["wallet_view_secret"], tx], code=1,
          out_lacks=v["wallet_view_secret"][8:40], err_contains="view key: cannot open the secret key file given",
          name="near-key view file name")
    # 25 unquoted seed words where the files belong: refused, no word echoed (fresh-review
    # finding: each word used to be tried as a file and named in its error).
    seed_words = ("sequence atlas unveil summon pebbles tuesday beer rudely snake rockets different "
                  "fuselage woven tagged bested dented vegan hover rapid fawns obvious muppet randomly "
                  "seasons randomly").split()
    check(cnutil, base + seed_words, code=1, out_lacks=["sequence", "muppet", "seasons"],
          err_contains="looks like a secret (25 words, a seed)", name="seed words as TX_OR_BLOCK_FILE")
    check(cnutil, base + [tx] * 13, out_contains=line, name="13 real files are not taken for a seed")
    check(cnutil, base + [" ".join(seed_words)], code=1, out_lacks=["sequence", "muppet"],
          err_contains="looks like a secret (25 words, a seed)", name="a quoted seed as TX_OR_BLOCK_FILE")
    check(cnutil, base + seed_words[:5] + [tx], code=1, out_contains=line, out_lacks=["sequence", "atlas"],
          err_contains="not repeated", name="a few seed words among the files: not repeated, the rest scanned")
    if cnutil_wallet_test.tty_available():
        # The view key typed on a terminal: a prompt, no echo.
        cnutil_wallet_test.check_tty(
            cnutil, ["scan", "--address", address, "--view-key-file", "-", tx],
            [("View secret key: ", v["wallet_view_secret"].encode() + b"\n")], secret=v["wallet_view_secret"],
            out_contains=line, name="scan: view key typed on a terminal")
    check(cnutil, base + [bad_blob, os.path.join(tmp, "missing.bin"), tx], code=1, out_contains=line,
          err_contains="No such file", name="bad inputs reported, the rest scanned")
    check(cnutil, base + [bad_blob, tx], code=1, out_contains=line, err_contains="neither a transaction",
          name="bad blob")

    print(f"{cnutil_wallet_test.count} checks, {len(failures)} failures")
    for f in failures:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
