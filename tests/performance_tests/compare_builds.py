#!/usr/bin/env python3
"""Before/after speed comparison of two performance_tests binaries.

  compare_builds.py BEFORE AFTER [--rounds N] [--filter REGEX] [options] [-- HARNESS OPTIONS]

Lists the tests both binaries select with --filter, then runs the two binaries
ALTERNATELY, test by test: in each of N rounds, every test runs once in BEFORE
and once in AFTER, back to back (the order flips every round: B A, A B, ...),
each run with the same options (--filter narrowed to that one test, --no-peers,
a --json file the median ns per call is read from). Pairing the two runs of a
test seconds apart keeps the load of a shared machine about the same for both.
For each test it prints, as a Markdown table, the median over the rounds of
BEFORE and of AFTER, after / before (the median of the per-round ratios), the
range of those ratios, and a mark on every row outside +-TOLERANCE percent
(default 3).

The default filter is the issue-15 set: cn_fast_hash, the key operations,
CLSAG, Bulletproofs+ prove/verify and construct/check tx, one or two sizes each;
with the default options all rounds take about 5 minutes on a 2-core machine.
See docs/performance.md ("Comparing two builds").

Exit status: 0 when every run succeeded (with --strict: and every row is within
the tolerance), 1 when a row is outside it under --strict, 2 when a run failed
or the two binaries share no test.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

# The rows issue 15 names, one or two sizes of each (the names --list prints).
DEFAULT_FILTER = (
    "^test_("
    "cn_fast_hash<(32|16384)>"
    "|generate_key_derivation|derive_public_key|generate_key_image|signature<(false|true)>"
    "|sig_clsag<(16|64), 2, 2>"
    "|bulletproof_plus<(false|true), (2|16)>"
    "|construct_tx<(2, 2, true, rct::RangeProofPaddedBulletproof, 4|10, 2, false)>"
    "|check_tx_signature<(2, 2, true, rct::RangeProofPaddedBulletproof, 4|10, 2, false)>"
    ")$"
)


def run_once(binary, args, label):
    """Runs binary once with args and --json; returns {name: (median_ns, min_ns)}, doc."""
    fd, path = tempfile.mkstemp(prefix="compare_builds_", suffix=".json")
    os.close(fd)
    try:
        proc = subprocess.run([binary] + args + ["--json", path], capture_output=True, text=True)
        if proc.returncode != 0:
            sys.stderr.write("compare_builds: %s (%s) exited %d:\n%s%s" %
                             (label, binary, proc.returncode, proc.stdout, proc.stderr))
            sys.exit(2)
        with open(path) as f:
            doc = json.load(f)
    finally:
        os.unlink(path)
    return {t["name"]: (t["median_ns"], t["min_ns"]) for t in doc["tests"] if not t["peer"] and t["ok"]}, doc


def listed(binary, pattern):
    """The test names binary selects with --filter pattern (peers left out)."""
    proc = subprocess.run([binary, "--list", "--no-peers", "--filter", pattern], capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write("compare_builds: %s --list exited %d:\n%s" % (binary, proc.returncode, proc.stderr))
        sys.exit(2)
    return [line.strip() for line in proc.stdout.splitlines() if line.strip()]


def exactly(name):
    """An ECMAScript regular expression matching only name."""
    return "^" + "".join("\\" + c if c in "\\^$.|?*+()[]{}" else c for c in name) + "$"


def fmt_ns(ns):
    if ns >= 1e6:
        return "%.3f ms" % (ns / 1e6)
    if ns >= 1e4:
        return "%.2f µs" % (ns / 1e3)
    return "%.1f ns" % ns


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before", help="the BEFORE performance_tests binary")
    parser.add_argument("after", help="the AFTER performance_tests binary")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each binary (default 5)")
    parser.add_argument("--filter", default=DEFAULT_FILTER, help="harness --filter (default: the issue-15 rows)")
    parser.add_argument("--loop-multiplier", default="1", help="harness --loop-multiplier (default 1)")
    parser.add_argument("--clock", default="thread", choices=["steady", "thread"],
                        help="harness --clock (default thread: CPU time, robust on a busy machine)")
    parser.add_argument("--tolerance", type=float, default=3.0, help="percent; rows outside are marked (default 3)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when a row is outside the tolerance")
    parser.add_argument("--json", help="also write the per-round medians and the table to this file")
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []  # more harness options, after --
    args = parser.parse_args(argv[:len(argv) - len(extra) - (1 if "--" in argv else 0)])
    args.harness_args = extra
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    harness = ["--no-peers", "--loop-multiplier", args.loop_multiplier, "--clock", args.clock,
               "--cpu-ghz", "0"] + args.harness_args
    binaries = {"before": args.before, "after": args.after}
    names_of = {label: listed(binary, args.filter) for label, binary in binaries.items()}
    names = [n for n in names_of["after"] if n in names_of["before"]]
    only = {label: [n for n in names_of[label] if n not in names] for label in binaries}
    if not names:
        sys.stderr.write("compare_builds: the two binaries share no test under --filter '%s'\n" % args.filter)
        sys.exit(2)

    samples = {label: {n: [] for n in names} for label in binaries}  # (median_ns, min_ns) per round
    doc = None
    start = time.time()
    for r in range(args.rounds):
        order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
        for name in names:
            for label in order:
                medians, doc = run_once(binaries[label], harness + ["--filter", exactly(name)], label)
                if name not in medians:
                    sys.stderr.write("compare_builds: %s did not report %s\n" % (label, name))
                    sys.exit(2)
                samples[label][name].append(medians[name])
        sys.stderr.write("compare_builds: round %d/%d done (%.0f s)\n" % (r + 1, args.rounds, time.time() - start))

    rows, outside = [], 0
    for name in names:
        b = [m for m, _ in samples["before"][name]]
        a = [m for m, _ in samples["after"][name]]
        before, after = statistics.median(b), statistics.median(a)
        per_round = [x / y for x, y in zip(a, b)]
        ratio = statistics.median(per_round)
        # The fastest batch of each run: noise from other processes only adds
        # time, so this ratio shows whether a marked row is load or code.
        min_ratio = statistics.median(x[1] / y[1] for x, y in zip(samples["after"][name], samples["before"][name]))
        out = abs(ratio - 1) * 100 > args.tolerance
        outside += out
        rows.append({"test": name, "before_ns": before, "after_ns": after, "ratio": ratio,
                     "round_ratio_min": min(per_round), "round_ratio_max": max(per_round), "min_ratio": min_ratio,
                     "outside": out, "before_rounds": b, "after_rounds": a})

    print("Before: %s\nAfter:  %s" % (args.before, args.after))
    print("%d rounds, each test run in both binaries back to back, alternating; --filter '%s'; harness options: %s" %
          (args.rounds, args.filter, " ".join(harness)))
    print("Machine: %s; %s; %s; total %.0f s.\n" %
          (doc["cpu"], doc["compiler"], doc["date"], time.time() - start))
    print("| test | before (median) | after (median) | after / before | per-round range | fastest batches | |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for row in rows:
        mark = ""
        if row["outside"]:
            mark = "**outside +-%g%%**" % args.tolerance
            if abs(row["min_ratio"] - 1) * 100 <= args.tolerance:
                mark += " (fastest batches within: likely load)"
        print("| %s | %s | %s | %.3f | %.3f-%.3f | %.3f | %s |" %
              (row["test"].replace("|", "\\|"), fmt_ns(row["before_ns"]), fmt_ns(row["after_ns"]), row["ratio"],
               row["round_ratio_min"], row["round_ratio_max"], row["min_ratio"], mark))
    print("\n%d of %d rows outside +-%g%% (after / before: the median over the rounds of the ratio of the two runs'"
          " medians; > 1: AFTER is slower). Fastest batches: the same for the two runs' fastest batch (min_ns)."
          % (outside, len(rows), args.tolerance))
    for label in ("before", "after"):
        if only[label]:
            print("Only in %s: %s" % (label.upper(), ", ".join(only[label])))

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"before": args.before, "after": args.after, "rounds": args.rounds, "harness_args": harness,
                       "tolerance_percent": args.tolerance, "rows": rows, "only": only}, f, indent=2)
            f.write("\n")
    return 1 if args.strict and outside else 0


if __name__ == "__main__":
    sys.exit(main())
