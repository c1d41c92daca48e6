#!/usr/bin/env python3
"""Times Monero's own performance_tests (Debian's monero-tests package, Monero
0.18) and ours on the tests both have, alternating the two binaries test by
test and round by round so machine drift hits both, and prints one table.

Usage: compare_monero.py OUR_HARNESS [--monero PATH] [--rounds N] [--json FILE] [--filter REGEX]
       compare_monero.py OUR_HARNESS --missing [--expect-missing REGEX]
       compare_monero.py --extract-rows MONERO/tests/performance_tests/main.cpp

Monero's rows: monero_rows.txt (beside this script) lists every row of Monero
0.18's tests/performance_tests/main.cpp, the 447 TEST_PERFORMANCEn lines in
its order, each named as Monero's binary prints it, and whether the line is
built into Monero's binary ("built") or sits in the "#else" branch its main.cpp
leaves out ("else": the Pippenger grid of every window width 1..9). 422 names
are distinct (the 12 built Pippenger-cached rows reappear in the grid, and
test_equality<verify32, false> is listed twice); 230 distinct names are in
Monero's binary. --extract-rows regenerates the file from Monero's main.cpp;
--missing prints the distinct names our harness does not have (exit 1 if one
does not match --expect-missing).

Both sides are measured in CPU time (ours: the thread running the calls, as
our library starts no threads; Monero: all its threads), so time spent
descheduled on a busy machine counts for neither:
  - Monero: its binary runs with --verbose; it prints "Warm up: ..." when its
    warm-up ends, just before its timed loop, and "elapsed: ..." after the
    loop (line-buffered through stdbuf). At each of those two lines the
    process's CPU time, summed over all its threads, is read from
    /proc/PID/task/*/schedstat (nanoseconds: all threads, because Monero runs
    some checks, the RingCT ring signatures, on its thread pool); the
    difference over the loop's calls is Monero's ns per call, a mean over
    back-to-back calls. The loop multiplier is calibrated so that the loop
    takes >= 100 ms of CPU time (at most x100), which keeps the error of the
    two readings (a line read late) near 1%. Without /proc (not Linux) the
    loop's wall time is used instead.
  - Ours: our harness with --clock thread (thread CPU time), its mean per call
    over all batches (also a mean, as Monero's is; the median batch, which
    docs/performance.md quotes elsewhere, is a little lower on a busy machine).
"Monero ns" and "ours ns" are the medians over the rounds. Monero pins itself
to CPU 1, so ours runs pinned there too (taskset), and both share whatever
else runs there. Speed-up = Monero ns / ours ns (> 1: ours is faster). Tests
of ours that do the same work under another name are set against Monero's
(OTHER_PAIRS): the batch APIs per item, and our ring signature checks against
Monero's test_check_tx_signature<ring, 2, false>.
"""
import argparse
import json
import math
import os
import re
import shutil
import statistics
import time
import subprocess
import sys
import tempfile

MONERO_DEFAULT = "/usr/lib/monero/tests/bin/performance_tests"

ROWS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "monero_rows.txt")
ROW_MACRO = re.compile(r"TEST_PERFORMANCE(\d)\(\s*filter\s*,\s*p\s*,\s*(.*)\)\s*;")


def extract_rows(main_cpp):
    """Monero's rows from its performance_tests/main.cpp: (line, "built" or
    "else", name) for each TEST_PERFORMANCEn line, in order. The name is what
    Monero's macros print: the class alone for TEST_PERFORMANCE0, else
    "class<a0, a1, ...>" with each argument as written. A line inside an
    "#else" branch (of Monero's "#if 1") is not built into its binary."""
    rows, branches = [], []
    with open(main_cpp) as f:
        for number, line in enumerate(f, 1):
            text = line.strip()
            if text.startswith("#if"):
                branches.append(False)
            elif text.startswith("#else"):
                branches[-1] = True
            elif text.startswith("#endif"):
                branches.pop()
            else:
                m = ROW_MACRO.match(text)
                if m:
                    args = [a.strip() for a in m.group(2).split(",")]
                    name = args[0] if m.group(1) == "0" else "%s<%s>" % (args[0], ", ".join(args[1:]))
                    rows.append((number, "else" if any(branches) else "built", name))
    return rows


def load_rows(path=ROWS_FILE):
    """monero_rows.txt: (branch, name) per row, Monero's order, duplicates kept."""
    rows = []
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                branch, name = line.rstrip("\n").split("\t")
                rows.append((branch, name))
    return rows


def distinct(names):
    seen = set()
    return [n for n in names if not (n in seen or seen.add(n))]


MONERO_ROWS = load_rows() if os.path.exists(ROWS_FILE) else []
# Tests that Monero 0.18's binary has (names exactly as it prints them; its
# --filter is a glob that must match the whole name), in its main.cpp's order.
MONERO_TESTS = distinct(name for branch, name in MONERO_ROWS if branch == "built")
# Every distinct name of Monero's main.cpp, built or not.
MONERO_NAMES = distinct(name for _, name in MONERO_ROWS)
# Monero's test, and one of ours that does the same work under another name,
# with the label's wording. Batch APIs are compared per item (Monero's time per
# call / our time per item). Monero's test_check_tx_signature<ring, outputs,
# false> times exactly one check_ring_signature over `ring` keys (its test()
# for a non-RingCT transaction), which is our test_ring_signature<ring, true>.
# RingCT transactions are compared under Monero's own names (MONERO_TESTS):
# our builder makes types 1 and 4 as Monero's binary does; our type 6 rows
# (..., rct::RangeProofPaddedBulletproof, 4>) have no Monero counterpart.
OTHER_PAIRS = [
    ("test_derive_view_tag", "test_derive_view_tag_batch<1024>", "per item"),
    ("test_derive_public_key", "test_derive_subaddress_public_key", "(derive_subaddress_public_key: the same work)"),
    ("test_generate_key_derivation", "test_derivation_core<ifma, 256>", "per item (curve part, AVX-512 IFMA)"),
    ("test_generate_key_derivation", "test_derivation_core<avx2, 256>", "per item (curve part, AVX2)"),
    ("test_check_tx_signature<1, 2, false>", "test_ring_signature<1, true>", "(check_ring_signature)"),
    ("test_check_tx_signature<2, 2, false>", "test_ring_signature<2, true>", "(check_ring_signature)"),
    ("test_check_tx_signature<10, 2, false>", "test_ring_signature<10, true>", "(check_ring_signature)"),
    ("test_check_tx_signature<100, 2, false>", "test_ring_signature<100, true>", "(check_ring_signature)"),
]
# Same-named rows whose two sides differ in a way the label should say.
DIRECT_NOTES = {"test_cn_slow_hash<%d>" % v: " (ours: default implementation, AES-NI where the CPU has it)"
                for v in (0, 1, 2, 4)}
DIRECT_NOTES["test_wallet2_expand_subaddresses<50, 200>"] = " (10,000 subaddress keys into the table)"
# CryptoNight: Debian's Monero 0.18 binary was built without AES-NI (its
# cn_slow_hash takes the software-AES path), so its test_cn_slow_hash<v> is set
# against our software AES (like for like: "ssse3" on x86-64, and the plain C++
# "portable") and, beside it, our AES-NI path.
for _v in (0, 1, 2, 4):
    OTHER_PAIRS.append(("test_cn_slow_hash<%d>" % _v, "test_cn_slow_hash<ssse3, %d>" % _v,
                        "(our software AES, bitsliced explode/implode, like for like)"))
    OTHER_PAIRS.append(("test_cn_slow_hash<%d>" % _v, "test_cn_slow_hash<portable, %d>" % _v,
                        "(our plain C++ T-table software AES)"))
    OTHER_PAIRS.append(("test_cn_slow_hash<%d>" % _v, "test_cn_slow_hash<aesni, %d>" % _v,
                        "(our AES-NI; Monero's build has none)"))
    OTHER_PAIRS.append(("test_cn_slow_hash<%d>" % _v, "test_cn_slow_hash<vaes, %d>" % _v,
                        "(our AES-NI loop, VAES explode/implode; Monero's build has none)"))
    OTHER_PAIRS.append(("test_cn_slow_hash<%d>" % _v, "test_cn_slow_hash_many<%d, 2>" % _v,
                        "per item (our multi-hash, 2 interleaved)"))
    OTHER_PAIRS.append(("test_cn_slow_hash<%d>" % _v, "test_cn_slow_hash_many<%d, 4>" % _v,
                        "per item (our multi-hash, 4 interleaved)"))
OTHER_PAIRS.append(("test_cn_slow_hash<4>", "test_cn_slow_hash_many_heights<4, 4>",
                    "per item (our multi-hash, 4 interleaved, 4 heights: 4 programs)"))
# Batched derivations and scanning (scan_tests.h, docs/measurements/scanning.md):
# each batch row per item against Monero's per-call row; a transaction of 2
# tagged outputs, none owned, per transaction against Monero's
# test_out_can_be_to_acc<true, false> (one derivation and one view tag: the
# second output's tag, ~1/6 of it, is not in Monero's row, so this favours
# Monero), and the synthetic range (1% owned) likewise per transaction. Monero
# has no subaddress-table row we match (its test_wallet2_expand_subaddresses
# builds the table, which scanning takes as given).
for _n in (16, 256):
    OTHER_PAIRS.append(("test_generate_key_derivation", "test_generate_key_derivations<%d>" % _n, "per item"))
    OTHER_PAIRS.append(("test_derive_public_key", "test_derive_public_keys<%d>" % _n, "per item"))
    OTHER_PAIRS.append(("test_generate_key_image", "test_generate_key_images<%d>" % _n, "per item"))
    OTHER_PAIRS.append(("test_out_can_be_to_acc<true, false>", "test_scan_transactions<%d>" % _n,
                        "per transaction (2 tagged outputs)"))
OTHER_PAIRS.append(("test_out_can_be_to_acc<true, false>", "test_scan_range<10000, 1>",
                    "per transaction (synthetic range, 1% owned, 1 thread)"))
TARGET_LOOP_CPU_MS = 100.0


def process_cpu_ns(pid):
    """CPU time of all the process's threads in ns (the sum over
    /proc/PID/task/*/schedstat), or None without /proc. All threads: Monero
    hands some work to its thread pool (the ring signatures of
    test_check_tx_signature with RingCT run outside the main thread), and the
    pool's threads live as long as the process, so none is lost between the
    two readings."""
    total, seen = 0, False
    try:
        tids = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return None
    for tid in tids:
        try:
            with open("/proc/%d/task/%s/schedstat" % (pid, tid)) as f:
                total += int(f.read().split()[0])
                seen = True
        except OSError:
            continue  # the thread ended between the listing and the read
    return total if seen else None


def run_monero(binary, name, workdir, multiplier=1):
    """One run of Monero's harness on one test: (ns per call, calls, CPU share
    of its loop). The ns per call is the loop's CPU time / calls (see above)."""
    command = [binary, "--filter", name, "--verbose", "--loop-multiplier", str(multiplier)]
    if shutil.which("stdbuf"):
        command = ["stdbuf", "-oL"] + command
    # cwd: Monero's binary writes performance_tests.log into its working directory.
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1,
                            cwd=workdir)
    lines, start, stop = [], None, None
    for line in proc.stdout:
        lines.append(line)
        if line.startswith("Warm up:") and start is None:
            start = (process_cpu_ns(proc.pid), time.monotonic())
        elif "elapsed:" in line and stop is None:
            stop = (process_cpu_ns(proc.pid), time.monotonic())
    err = proc.stderr.read()
    proc.wait()
    out = "".join(lines)
    if name + " - OK" not in out or start is None or stop is None:
        raise RuntimeError("Monero's %s did not pass:\n%s%s" % (name, out, err))
    block = out[out.index(name + " - OK"):]
    calls = int(re.search(r"loop count:\s+(\d+)", block).group(1))
    elapsed_ms = float(re.search(r"elapsed:\s+([\d.]+) ms", block).group(1))
    if start[0] is None or stop[0] is None:
        return elapsed_ms * 1e6 / calls, calls, 1.0
    cpu_ns = stop[0] - start[0]
    wall_ns = max(1.0, (stop[1] - start[1]) * 1e9)
    return cpu_ns / calls, calls, min(1.0, cpu_ns / wall_ns)


def run_ours(binary, name, workdir):
    """Our harness on one test: mean ns per call (per item for batch tests)."""
    path = os.path.join(workdir, "ours.json")
    pin = ["taskset", "-c", "1"] if shutil.which("taskset") and os.cpu_count() and os.cpu_count() > 1 else []
    proc = subprocess.run(pin + [binary, "--no-peers", "--clock", "thread", "--filter", "^" + re.escape(name) + "$",
                                 "--json", path],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("our %s failed:\n%s%s" % (name, proc.stdout, proc.stderr))
    with open(path) as f:
        tests = json.load(f)["tests"]
    entry = [t for t in tests if t["name"] == name][0]
    return entry["mean_ns"] / entry.get("items_per_call", 1)


def fmt(ns):
    return "%.0f" % ns if ns >= 100 else "%.1f" % ns


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("harness", nargs="?", help="our performance_tests binary")
    parser.add_argument("--monero", default=MONERO_DEFAULT, help="Monero's performance_tests")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds")
    parser.add_argument("--json", help="also write the table to this file")
    parser.add_argument("--filter", help="only the rows whose label matches this regular expression")
    parser.add_argument("--extract-rows", metavar="MAIN_CPP",
                        help="print monero_rows.txt made from Monero's performance_tests/main.cpp and exit")
    parser.add_argument("--missing", action="store_true",
                        help="print Monero's row names that our harness lacks and exit (no Monero binary needed)")
    parser.add_argument("--expect-missing", metavar="REGEX",
                        help="with --missing: exit 1 if a missing name does not match REGEX (searched)")
    args = parser.parse_args()
    if args.extract_rows:
        rows = extract_rows(args.extract_rows)
        print("# Monero 0.18's performance_tests rows (tests/performance_tests/main.cpp, tag v0.18.0.0),")
        print("# one per TEST_PERFORMANCEn line, in its order: built (in Monero's binary) or else")
        print("# (its \"#else\" branch, not built), a tab, the name as Monero prints it.")
        print("# %d rows, %d distinct names, %d distinct names built. Made by compare_monero.py --extract-rows."
              % (len(rows), len(distinct(r[2] for r in rows)),
                 len(distinct(r[2] for r in rows if r[1] == "built"))))
        for _, branch, name in rows:
            print("%s\t%s" % (branch, name))
        return
    if not args.harness:
        parser.error("OUR_HARNESS is required")

    listed = subprocess.run([args.harness, "--list", "--no-peers"], capture_output=True, text=True,
                            check=True).stdout.split("\n")
    ours_names = {line.strip() for line in listed if line.strip()}
    missing = [n for n in MONERO_NAMES if n not in ours_names]
    if args.missing:
        print("Monero's rows: %d (%d distinct names, %d in Monero's binary); ours has %d of the names, lacks %d%s"
              % (len(MONERO_ROWS), len(MONERO_NAMES), len(MONERO_TESTS), len(MONERO_NAMES) - len(missing),
                 len(missing), ":" if missing else "."))
        for name in missing:
            print("  " + name)
        unexpected = [n for n in missing if args.expect_missing is None or not re.search(args.expect_missing, n)]
        if args.expect_missing is not None and unexpected:
            print("missing and not expected to be: " + ", ".join(unexpected), file=sys.stderr)
            return 1
        return 0
    if not os.access(args.monero, os.X_OK):
        sys.exit("Monero's performance_tests not found at %s (apt-get install monero-tests)" % args.monero)
    # (label, Monero's test, our test)
    pairs = [(n + DIRECT_NOTES.get(n, ""), n, n) for n in MONERO_TESTS if n in ours_names]
    pairs += [("%s vs %s %s" % (m, o, how), m, o) for m, o, how in OTHER_PAIRS if o in ours_names]
    if args.filter:
        pairs = [pair for pair in pairs if re.search(args.filter, pair[0])]
    skipped = missing
    # Ours runs them, Monero's binary does not have them (its "#else" rows).
    ours_only = [n for n in MONERO_NAMES if n in ours_names and n not in MONERO_TESTS]
    common = [label for label, _, _ in pairs]
    monero_of = {label: m for label, m, _ in pairs}
    ours_of = {label: o for label, _, o in pairs}
    if not common:
        sys.exit("no test in common with Monero yet")

    results = {n: {"monero": [], "cpu_share": [], "ours": []} for n in common}
    with tempfile.TemporaryDirectory() as workdir:
        multipliers = {}
        for name in list(common):
            try:
                ns_per_call, calls, _ = run_monero(args.monero, monero_of[name], workdir)
            except RuntimeError as e:
                # e.g. Monero's test_cn_slow_hash<4>, whose CryptonightR JIT fails where
                # executable mappings are refused: left out of the table, said so.
                print("left out (Monero's test fails here): %s\n%s" % (name, e), file=sys.stderr)
                common.remove(name)
                del results[name]
                continue
            loop_cpu_ms = ns_per_call * calls / 1e6
            multipliers[name] = max(1, min(100, math.ceil(TARGET_LOOP_CPU_MS / max(loop_cpu_ms, 0.1))))
        for r in range(args.rounds):
            for name in common:
                # Alternate which binary goes first, round by round.
                order = ("monero", "ours") if r % 2 == 0 else ("ours", "monero")
                for side in order:
                    if side == "monero":
                        ns_per_call, _, share = run_monero(args.monero, monero_of[name], workdir, multipliers[name])
                        results[name]["monero"].append(ns_per_call)
                        results[name]["cpu_share"].append(share)
                    else:
                        results[name]["ours"].append(run_ours(args.harness, ours_of[name], workdir))
                print("round %d/%d: %s done" % (r + 1, args.rounds, name), file=sys.stderr)

    rows = []
    for name in common:
        res = results[name]
        monero = statistics.median(res["monero"])
        ours = statistics.median(res["ours"])
        rows.append({"test": name, "monero_ns": monero, "monero_from": "loop CPU time / calls",
                     "monero_rounds_ns": res["monero"], "ours_rounds_ns": res["ours"],
                     "monero_cpu_share": min(res["cpu_share"]), "ours_ns": ours, "speedup": monero / ours})

    print("\nMonero 0.18 (%s) vs cncrypto, %d alternating rounds, CPU time (Monero: all its threads; ours: the calling thread), medians of rounds:"
          % (args.monero, args.rounds))
    print("| test | Monero ns | ours ns | speed-up | Monero rounds (ns) | ours rounds (ns) | lowest CPU share |")
    print("|---|---:|---:|---:|---|---|---:|")
    for row in rows:
        print("| %s | %s | %s | %.2fx | %s | %s | %.2f |" % (
            row["test"], fmt(row["monero_ns"]), fmt(row["ours_ns"]), row["speedup"],
            " ".join(fmt(v) for v in row["monero_rounds_ns"]), " ".join(fmt(v) for v in row["ours_rounds_ns"]),
            row["monero_cpu_share"]))
    print("Load average at the end: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    sys.stdout.flush()
    print("\nMonero's rows: %d distinct names (%d in its binary); ours has %d of them."
          % (len(MONERO_NAMES), len(MONERO_TESTS), len(MONERO_NAMES) - len(skipped)))
    if ours_only:
        print("Not in Monero's binary (its main.cpp's \"#else\" rows), so not compared: %d, e.g. %s"
              % (len(ours_only), ours_only[0]))
    if skipped:
        print("Not compared yet (no such test of ours), %d: %s" % (len(skipped), ", ".join(skipped)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rounds": args.rounds, "rows": rows, "skipped": skipped, "not_in_monero_binary": ours_only},
                      f, indent=2)


if __name__ == "__main__":
    sys.exit(main())
