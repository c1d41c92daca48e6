#!/usr/bin/env python3
"""Times Monero's own performance_tests (Debian's monero-tests package, Monero
0.18) and ours on the tests both have, alternating the two binaries test by
test and round by round so machine drift hits both, and prints one table.

Usage: compare_monero.py OUR_HARNESS [--monero PATH] [--rounds N] [--json FILE]

Monero's figures, each the median over the rounds:
  - "Monero ns": elapsed / calls from `--verbose` without `--stats`, with a loop
    multiplier calibrated so that elapsed (printed in whole ms) is >= 200 ms.
    This is total time over many back-to-back calls, as our figure is, and it
    is what the speed-up divides.
  - "Monero median": its per-call median from `--verbose --stats` (its default
    line rounds to whole microseconds). Each call is timed alone, so the figure
    comes in 10 ns steps here and is unreliable below about 1 us.
Ours is the median batch of our harness (docs/performance.md).
Speed-up = Monero ns / ours ns (> 1: ours is faster).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

MONERO_DEFAULT = "/usr/lib/monero/tests/bin/performance_tests"

# Tests that Monero 0.18's binary has (names exactly as it prints them; its
# --filter is a glob that must match the whole name), in table order.
MONERO_TESTS = [
    "test_cn_fast_hash<32>",
    "test_cn_fast_hash<16384>",
    "test_derive_view_tag",
    "test_generate_key_derivation",
    "test_generate_key_image",
    "test_derive_public_key",
    "test_derive_secret_key",
    "test_generate_keypair",
    "test_signature<false>",
    "test_signature<true>",
    "test_sc_reduce32",
    "test_sc_check",
    "test_ge_frombytes_vartime",
    "test_ge_tobytes",
    "test_generate_key_image_helper",
    "test_is_out_to_acc",
]
TARGET_ELAPSED_MS = 200.0


def run_monero(binary, name, workdir, stats, multiplier=1):
    """One run of Monero's harness on one test: (median_ns or None, elapsed_ms, calls)."""
    command = [binary, "--filter", name, "--verbose", "--loop-multiplier", str(multiplier)]
    if stats:
        command.append("--stats")
    proc = subprocess.run(command, capture_output=True, text=True, cwd=workdir)
    out = proc.stdout
    if name + " - OK" not in out:
        raise RuntimeError("Monero's %s did not pass:\n%s%s" % (name, out, proc.stderr))
    block = out[out.index(name + " - OK"):]
    median = re.search(r"median:\s+([\d.]+) ns", block)
    calls = int(re.search(r"loop count:\s+(\d+)", block).group(1))
    elapsed_ms = float(re.search(r"elapsed:\s+([\d.]+) ms", block).group(1))
    return (float(median.group(1)) if median else None), elapsed_ms, calls


def run_ours(binary, name, workdir):
    path = os.path.join(workdir, "ours.json")
    proc = subprocess.run([binary, "--no-peers", "--filter", "^" + name + "$", "--json", path],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("our %s failed:\n%s%s" % (name, proc.stdout, proc.stderr))
    with open(path) as f:
        tests = json.load(f)["tests"]
    return [t for t in tests if t["name"] == name][0]["median_ns"]


def fmt(ns):
    return "%.0f" % ns if ns >= 100 else "%.1f" % ns


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("harness", help="our performance_tests binary")
    parser.add_argument("--monero", default=MONERO_DEFAULT, help="Monero's performance_tests")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (median kept)")
    parser.add_argument("--json", help="also write the table to this file")
    args = parser.parse_args()
    if not os.access(args.monero, os.X_OK):
        sys.exit("Monero's performance_tests not found at %s (apt-get install monero-tests)" % args.monero)

    listed = subprocess.run([args.harness, "--list", "--no-peers"], capture_output=True, text=True,
                            check=True).stdout.split("\n")
    ours_names = {line.strip() for line in listed if line.strip()}
    common = [n for n in MONERO_TESTS if n in ours_names]
    skipped = [n for n in MONERO_TESTS if n not in ours_names]
    if not common:
        sys.exit("no test in common with Monero yet")

    results = {n: {"monero_median": [], "monero_mean": [], "ours": []} for n in common}
    with tempfile.TemporaryDirectory() as workdir:
        multipliers = {}
        for name in common:
            _, elapsed_ms, _ = run_monero(args.monero, name, workdir, stats=False)
            multipliers[name] = max(1, min(100, int(TARGET_ELAPSED_MS / max(elapsed_ms, 1.0)) + 1))
        for r in range(args.rounds):
            for name in common:
                # Alternate which binary goes first, round by round.
                order = ("monero", "ours") if r % 2 == 0 else ("ours", "monero")
                for side in order:
                    if side == "monero":
                        _, elapsed_ms, calls = run_monero(args.monero, name, workdir, False, multipliers[name])
                        results[name]["monero_mean"].append(elapsed_ms * 1e6 / calls)
                        median, _, _ = run_monero(args.monero, name, workdir, True)
                        results[name]["monero_median"].append(median)
                    else:
                        results[name]["ours"].append(run_ours(args.harness, name, workdir))
                print("round %d/%d: %s done" % (r + 1, args.rounds, name), file=sys.stderr)

    rows = []
    for name in common:
        res = results[name]
        m_med = statistics.median(res["monero_median"])
        m_mean = statistics.median(res["monero_mean"])
        ours = statistics.median(res["ours"])
        rows.append({"test": name, "monero_ns": m_mean, "monero_median_ns": m_med,
                     "ours_ns": ours, "speedup": m_mean / ours})

    print("\nMonero 0.18 (%s) vs cncrypto, %d alternating rounds, medians of rounds:" % (args.monero, args.rounds))
    print("| test | Monero ns | ours ns | speed-up | Monero median (per-call timer) |")
    print("|---|---:|---:|---:|---:|")
    for row in rows:
        print("| %s | %s | %s | %.2fx | %s |" % (row["test"], fmt(row["monero_ns"]), fmt(row["ours_ns"]),
                                               row["speedup"], fmt(row["monero_median_ns"])))
    if skipped:
        sys.stdout.flush()
        print("\nNot compared yet (no such test of ours): " + ", ".join(skipped))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rounds": args.rounds, "rows": rows, "skipped": skipped}, f, indent=2)


if __name__ == "__main__":
    main()
