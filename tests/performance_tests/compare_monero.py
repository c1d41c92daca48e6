#!/usr/bin/env python3
"""Times Monero's own performance_tests (Debian's monero-tests package, Monero
0.18) and ours on the tests both have, alternating the two binaries test by
test and round by round so machine drift hits both, and prints one table.

Usage: compare_monero.py OUR_HARNESS [--monero PATH] [--rounds N] [--json FILE] [--filter REGEX]

Each round runs Monero's binary twice per test:
  - with `--verbose --stats`: its per-call median (its default line rounds to
    whole microseconds). Monero times each call alone, in 10 ns steps here and
    including its timer, so this is exact enough only for calls >= 2 us;
  - with `--verbose` only, with a loop multiplier calibrated so that its elapsed
    time (printed in whole ms) is >= 40 ms: elapsed / calls, total time over
    back-to-back calls as our batches are. It is a mean of wall time, so a busy
    machine inflates it; it is scaled by the run's CPU share (the process's CPU
    time / wall time, from getrusage), which undoes most of that when the load
    is steady. The CPU shares are printed.
"Monero ns" is the median of the rounds' per-call medians when that is
>= 2 us, otherwise the lowest (least disturbed) elapsed / calls of the rounds;
the "from" column says which. Ours is our harness's median batch
(docs/performance.md), median of the rounds. Monero pins itself to CPU 1, so
ours runs pinned there too (taskset), and both share whatever else runs there.
Speed-up = Monero ns / ours ns (> 1: ours is faster). Tests of ours that do
the same work under another name are set against Monero's (OTHER_PAIRS): the
batch APIs per item, and our ring signature checks against Monero's
test_check_tx_signature<ring, 2, false>.
"""
import argparse
import json
import os
import re
import resource
import shutil
import statistics
import time
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
    "test_crypto_ops<op_scalarmultBase>",
    "test_crypto_ops<op_scalarmultKey>",
    "test_crypto_ops<op_ge_double_scalarmult_base_vartime>",
    "test_crypto_ops<op_sc_add>",
    "test_crypto_ops<op_sc_sub>",
    "test_crypto_ops<op_sc_mul>",
    "test_generate_key_image_helper",
    "test_is_out_to_acc",
    "test_is_out_to_acc_precomp",
    "test_out_can_be_to_acc<false, true>",
    "test_out_can_be_to_acc<true, false>",
    "test_out_can_be_to_acc<true, true>",
]
# Monero's test, and one of ours that does the same work under another name,
# with the label's wording. Batch APIs are compared per item (Monero's time per
# call / our time per item). Monero's test_check_tx_signature<ring, outputs,
# false> times exactly one check_ring_signature over `ring` keys (its test()
# for a non-RingCT transaction), which is our test_ring_signature<ring, true>.
OTHER_PAIRS = [
    ("test_derive_view_tag", "test_derive_view_tag_batch<1024>", "per item"),
    ("test_check_tx_signature<1, 2, false>", "test_ring_signature<1, true>", "(check_ring_signature)"),
    ("test_check_tx_signature<2, 2, false>", "test_ring_signature<2, true>", "(check_ring_signature)"),
    ("test_check_tx_signature<10, 2, false>", "test_ring_signature<10, true>", "(check_ring_signature)"),
    ("test_check_tx_signature<100, 2, false>", "test_ring_signature<100, true>", "(check_ring_signature)"),
]
TARGET_ELAPSED_MS = 40.0
PER_CALL_MEDIAN_FLOOR_NS = 2000.0


def run_monero(binary, name, workdir, stats, multiplier=1):
    """One run of Monero's harness on one test.

    Returns (median_ns or None, elapsed_ms, calls, cpu_share): cpu_share is the
    process's CPU time / wall time over the whole run (1.0 on an idle core)."""
    command = [binary, "--filter", name, "--verbose", "--loop-multiplier", str(multiplier)]
    if stats:
        command.append("--stats")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run(command, capture_output=True, text=True, cwd=workdir)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    out, err = proc.stdout, proc.stderr
    if name + " - OK" not in out:
        raise RuntimeError("Monero's %s did not pass:\n%s%s" % (name, out, err))
    block = out[out.index(name + " - OK"):]
    median = re.search(r"median:\s+([\d.]+) ns", block)
    calls = int(re.search(r"loop count:\s+(\d+)", block).group(1))
    elapsed_ms = float(re.search(r"elapsed:\s+([\d.]+) ms", block).group(1))
    share = min(1.0, cpu / wall) if wall > 0 else 1.0
    return (float(median.group(1)) if median else None), elapsed_ms, calls, share


def run_ours(binary, name, workdir):
    path = os.path.join(workdir, "ours.json")
    pin = ["taskset", "-c", "1"] if shutil.which("taskset") and os.cpu_count() and os.cpu_count() > 1 else []
    proc = subprocess.run(pin + [binary, "--no-peers", "--clock", "thread", "--filter", "^" + name + "$",
                                 "--json", path],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("our %s failed:\n%s%s" % (name, proc.stdout, proc.stderr))
    with open(path) as f:
        tests = json.load(f)["tests"]
    entry = [t for t in tests if t["name"] == name][0]
    return entry.get("ns_per_item", entry["median_ns"])


def fmt(ns):
    return "%.0f" % ns if ns >= 100 else "%.1f" % ns


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("harness", help="our performance_tests binary")
    parser.add_argument("--monero", default=MONERO_DEFAULT, help="Monero's performance_tests")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    parser.add_argument("--json", help="also write the table to this file")
    parser.add_argument("--filter", help="only the rows whose label matches this regular expression")
    args = parser.parse_args()
    if not os.access(args.monero, os.X_OK):
        sys.exit("Monero's performance_tests not found at %s (apt-get install monero-tests)" % args.monero)

    listed = subprocess.run([args.harness, "--list", "--no-peers"], capture_output=True, text=True,
                            check=True).stdout.split("\n")
    ours_names = {line.strip() for line in listed if line.strip()}
    # (label, Monero's test, our test)
    pairs = [(n, n, n) for n in MONERO_TESTS if n in ours_names]
    pairs += [("%s vs %s %s" % (m, o, how), m, o) for m, o, how in OTHER_PAIRS if o in ours_names]
    if args.filter:
        pairs = [pair for pair in pairs if re.search(args.filter, pair[0])]
    skipped = [n for n in MONERO_TESTS if n not in ours_names]
    common = [label for label, _, _ in pairs]
    monero_of = {label: m for label, m, _ in pairs}
    ours_of = {label: o for label, _, o in pairs}
    if not common:
        sys.exit("no test in common with Monero yet")

    results = {n: {"monero_median": [], "monero_mean": [], "cpu_share": [], "ours": []} for n in common}
    with tempfile.TemporaryDirectory() as workdir:
        multipliers = {}
        for name in common:
            _, elapsed_ms, _, _ = run_monero(args.monero, monero_of[name], workdir, stats=False)
            multipliers[name] = max(1, min(100, int(TARGET_ELAPSED_MS / max(elapsed_ms, 1.0)) + 1))
        for r in range(args.rounds):
            for name in common:
                # Alternate which binary goes first, round by round.
                order = ("monero", "ours") if r % 2 == 0 else ("ours", "monero")
                for side in order:
                    if side == "monero":
                        _, elapsed_ms, calls, share = run_monero(args.monero, monero_of[name], workdir, False,
                                                                 multipliers[name])
                        results[name]["monero_mean"].append(elapsed_ms * 1e6 / calls * share)
                        results[name]["cpu_share"].append(share)
                        median, _, _, _ = run_monero(args.monero, monero_of[name], workdir, True)
                        results[name]["monero_median"].append(median)
                    else:
                        results[name]["ours"].append(run_ours(args.harness, ours_of[name], workdir))
                print("round %d/%d: %s done" % (r + 1, args.rounds, name), file=sys.stderr)

    rows = []
    for name in common:
        res = results[name]
        m_med = statistics.median(res["monero_median"])
        m_mean = min(res["monero_mean"])
        source = "per-call median" if m_med >= PER_CALL_MEDIAN_FLOOR_NS else "best elapsed/calls"
        monero = m_med if m_med >= PER_CALL_MEDIAN_FLOOR_NS else m_mean
        ours = statistics.median(res["ours"])
        rows.append({"test": name, "monero_ns": monero, "monero_from": source,
                     "monero_median_ns": m_med, "monero_best_mean_ns": m_mean,
                     "monero_cpu_share": min(res["cpu_share"]),
                     "ours_ns": ours, "speedup": monero / ours})

    print("\nMonero 0.18 (%s) vs cncrypto, %d alternating rounds, medians of rounds:" % (args.monero, args.rounds))
    print("| test | Monero ns | from | ours ns | speed-up | Monero per-call median | Monero best elapsed/calls "
          "| lowest CPU share |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for row in rows:
        print("| %s | %s | %s | %s | %.2fx | %s | %s | %.2f |" % (
            row["test"], fmt(row["monero_ns"]), row["monero_from"], fmt(row["ours_ns"]), row["speedup"],
            fmt(row["monero_median_ns"]), fmt(row["monero_best_mean_ns"]), row["monero_cpu_share"]))
    print("Load average at the end: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    if skipped:
        sys.stdout.flush()
        print("\nNot compared yet (no such test of ours): " + ", ".join(skipped))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rounds": args.rounds, "rows": rows, "skipped": skipped}, f, indent=2)


if __name__ == "__main__":
    main()
