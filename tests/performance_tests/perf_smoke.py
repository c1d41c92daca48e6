#!/usr/bin/env python3
"""ctest driver for the performance harness. It proves the harness works; it
never judges speed.

  perf_smoke.py HARNESS smoke     every test once (tiny loop multiplier), exit 0,
                                  and the --json file is valid and lists every test
  perf_smoke.py HARNESS failure   a failing init() and a failing test() each make
                                  the harness exit 1 and are reported as failed;
                                  usage errors (bad numbers, a filter matching no
                                  test, unwritable output files) exit 2 at once
  perf_smoke.py HARNESS timings   --timings-database round trip: the second run
                                  reads the first run's entries back; a malformed
                                  file is refused with its file:line
  perf_smoke.py check-json FILE   validates a --json file written by any run (the
                                  checks of `smoke` without the comparison with
                                  --list); scripts/bench.sh runs it on its results
"""
import json
import math
import os
import subprocess
import sys
import tempfile

TINY = ["--loop-multiplier", "0.0001", "--batches", "2", "--warm-up-ms", "0"]


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def run(harness, args, env=None):
    proc = subprocess.run([harness] + args, capture_output=True, text=True, env=env)
    return proc.returncode, proc.stdout + proc.stderr


def listed_names(harness):
    # Names come from stdout only: notes (e.g. ../shared absent, so the format
    # tests are left out) go to stderr and are not test names.
    proc = subprocess.run([harness, "--list"], capture_output=True, text=True)
    if proc.returncode != 0:
        fail("--list exited %d:\n%s" % (proc.returncode, proc.stdout + proc.stderr))
    return [line.strip() for line in proc.stdout.splitlines() if line.strip()]


def number(entry, key, minimum=0.0):
    value = entry.get(key)
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        fail("%s: %s is not a finite number: %r" % (entry.get("name"), key, value))
    if value < minimum:
        fail("%s: %s = %r is below %r" % (entry.get("name"), key, value, minimum))
    return value


def validate(doc, expected_names, expect_failures):
    """Checks the JSON document's shape (docs/performance.md, "JSON output")."""
    for key, kind in [("harness", str), ("format_version", int), ("date", str), ("cpu", str),
                      ("compiler", str), ("cycles_method", str), ("failures", int),
                      ("info", dict), ("tests", list), ("peers", list)]:
        if not isinstance(doc.get(key), kind):
            fail("top-level %r missing or not %s" % (key, kind.__name__))
    if doc["format_version"] != 1:
        fail("format_version %r" % doc["format_version"])
    names = [t.get("name") for t in doc["tests"]]
    if sorted(names) != sorted(expected_names):
        fail("JSON tests differ from --list:\n only in JSON: %s\n only in --list: %s"
             % (sorted(set(names) - set(expected_names)), sorted(set(expected_names) - set(names))))
    failed = 0
    for t in doc["tests"]:
        if not isinstance(t.get("ok"), bool) or not isinstance(t.get("peer"), bool):
            fail("%s: ok/peer not booleans" % t.get("name"))
        if not isinstance(t.get("group"), str) or t["group"] not in names:
            fail("%s: group %r is not a test" % (t["name"], t.get("group")))
        if not t["ok"]:
            failed += 1
            if not isinstance(t.get("error"), str) or "FAILED" not in t["error"]:
                fail("%s: failed without an error message" % t["name"])
            continue
        if number(t, "iterations", 1) != int(t["iterations"]):
            fail("%s: iterations not an integer" % t["name"])
        number(t, "batches", 1)
        lo, med, mean, p90 = (number(t, k, 0) for k in ("min_ns", "median_ns", "mean_ns", "p90_ns"))
        number(t, "stddev_ns", 0)
        if med <= 0 or not lo <= med <= p90 * (1 + 1e-9) or mean < lo:
            fail("%s: inconsistent min/median/mean/p90 %r" % (t["name"], (lo, med, mean, p90)))
        size = number(t, "bytes_per_call", 0)
        if size > 0:
            rate = number(t, "bytes_per_second", 0)
            if abs(rate - size * 1e9 / med) > 1e-6 * rate:
                fail("%s: bytes_per_second disagrees with median and bytes_per_call" % t["name"])
        elif "bytes_per_second" in t:
            fail("%s: bytes_per_second without bytes" % t["name"])
        if "cpu_ghz" in t:
            ghz = number(t, "cpu_ghz", 0.05)
            cycles = number(t, "cycles_per_call", 0)
            if abs(cycles - med * ghz) > 1e-6 * cycles:
                fail("%s: cycles_per_call disagrees with median and cpu_ghz" % t["name"])
            if size > 0 and "cycles_per_byte" not in t:
                fail("%s: cycles_per_byte missing" % t["name"])
        if "items_per_call" in t:
            items = number(t, "items_per_call", 2)
            if abs(number(t, "ns_per_item", 0) * items - med) > 1e-6 * med:
                fail("%s: ns_per_item disagrees with median and items_per_call" % t["name"])
        if t["peer"]:
            number(t, "ratio", 0)
    if failed != doc["failures"]:
        fail("failures = %r but %d tests failed" % (doc["failures"], failed))
    if expect_failures != (failed > 0):
        fail("expected %s failed tests, found %d" % ("some" if expect_failures else "no", failed))
    for row in doc["peers"]:
        if row.get("test") not in names or row.get("peer") not in names:
            fail("peer row names unknown tests: %r" % row)
        for key in ("ours_median_ns", "peer_median_ns", "ratio"):
            number(dict(row, name=row["peer"]), key, 0)


def smoke(harness, tmp):
    names = listed_names(harness)
    if not names:
        fail("--list printed no tests")
    path = os.path.join(tmp, "smoke.json")
    code, out = run(harness, TINY + ["--stats", "--json", path])
    print(out)
    if code != 0:
        fail("harness exited %d" % code)
    with open(path) as f:
        doc = json.load(f)
    validate(doc, names, expect_failures=False)
    print("OK: %d tests ran once, JSON valid" % len(names))


def failure(harness, tmp):
    for mode, test, message in [("init", "test_selftest_fail_init", "FAILED ON INIT"),
                                ("test", "test_selftest_fail_test", "FAILED ON TEST LOOP 3")]:
        env = dict(os.environ, CNCRYPTO_PERF_SELFTEST_FAIL=mode)
        path = os.path.join(tmp, mode + ".json")
        code, out = run(harness, ["--filter", "^" + test + "$", "--json", path], env)
        print(out)
        if code != 1:
            fail("a failing %s() gave exit status %d, expected 1" % (mode, code))
        if test + " - " + message not in out:
            fail("output does not say '%s - %s'" % (test, message))
        with open(path) as f:
            validate(json.load(f), [test], expect_failures=True)
    code, out = run(harness, ["--filter", "(unclosed"])
    if code != 2 or "--filter" not in out:
        fail("a bad --filter gave exit status %d:\n%s" % (code, out))
    # Out-of-range numbers: a usage error naming the option, never a silent run
    # (1e30 and inf once ran one call, --batches -1 hung, --cpu-ghz inf wrote a
    # JSON file that does not validate).
    for option, value in [("--loop-multiplier", "0"), ("--loop-multiplier", "-1"),
                          ("--loop-multiplier", "1e30"), ("--loop-multiplier", "inf"),
                          ("--loop-multiplier", "nan"), ("--batches", "-1"), ("--batches", "0"),
                          ("--batch-us", "nan"), ("--warm-up-ms", "inf"),
                          ("--cpu-ghz", "-3"), ("--cpu-ghz", "inf")]:
        code, out = run(harness, ["--no-peers", "--filter", "^test_keccakf$", option, value])
        if code != 2 or (option + " " + value) not in out:
            fail("%s %s gave exit status %d, expected 2 and a message naming it:\n%s"
                 % (option, value, code, out))
    # A filter that matches nothing (most likely a typo), for --list too.
    for extra in ([], ["--list"]):
        code, out = run(harness, ["--filter", "zzz_no_such_test"] + extra)
        if code != 2 or "matches no test" not in out:
            fail("--filter zzz_no_such_test %s gave exit status %d, expected 2:\n%s" % (" ".join(extra), code, out))
    # Output files that cannot be written: refused before any test runs, nothing left behind.
    os.mkdir(os.path.join(tmp, "a_directory"))
    for option in ("--json", "--timings-database"):
        for path, reason in [(os.path.join(tmp, "a_directory"), "is a directory"),
                             (os.path.join(tmp, "a_directory") + "/", "is a directory"),
                             (os.path.join(tmp, "missing", "out"), "cannot write")]:
            before = sorted(os.listdir(tmp)) + sorted(os.listdir(os.path.join(tmp, "a_directory")))
            code, out = run(harness, ["--no-peers", "--filter", "^test_keccakf$", option, path])
            after = sorted(os.listdir(tmp)) + sorted(os.listdir(os.path.join(tmp, "a_directory")))
            if code != 2 or (option + " " + path) not in out or reason not in out or "Tests finished" in out:
                fail("%s %s gave exit status %d, expected 2 before any test ran, saying '%s':\n%s"
                     % (option, path, code, reason, out))
            if before != after:
                fail("%s %s left files behind: %s -> %s" % (option, path, before, after))
    print("OK: failures exit 1, usage errors exit 2")


def timings(harness, tmp):
    names = listed_names(harness)
    first = "^" + names[0] + "$"
    if any(c in names[0] for c in ".\\()|+^${}*?[]"):
        fail("test name needs escaping: %s" % names[0])
    db = os.path.join(tmp, "timings.tsv")
    args = TINY + ["--no-peers", "--filter", first, "--timings-database", db, "--verbose"]
    for attempt in (1, 2):
        code, out = run(harness, args + (["--clock", "thread"] if attempt == 2 else []))
        print(out)
        if code != 0:
            fail("run %d exited %d" % (attempt, code))
    if "previous:" not in out:
        fail("the second run did not read back the first run's entry")
    with open(db) as f:
        rows = [line for line in f if line.strip() and not line.startswith("#")]
    if len(rows) != 2 or not all(r.split("\t")[0] == names[0] for r in rows):
        fail("expected 2 entries for %s, found:\n%s" % (names[0], "".join(rows)))
    with open(db, "a") as f:
        f.write("broken line\n")
    code, out = run(harness, args)
    if code != 2 or "timings.tsv:5:" not in out:
        fail("a malformed database gave exit status %d:\n%s" % (code, out))
    print("OK: timings database round trip")


def check_json(path):
    with open(path) as f:
        doc = json.load(f)
    names = [t.get("name") for t in doc.get("tests", []) if isinstance(t, dict)]
    validate(doc, names, expect_failures=doc.get("failures", 0) > 0)
    print("OK: %s is valid (%d tests, %d peer rows, %d failures)"
          % (path, len(names), len(doc["peers"]), doc["failures"]))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "check-json":
        check_json(sys.argv[2])
        return
    if len(sys.argv) != 3 or sys.argv[2] not in ("smoke", "failure", "timings"):
        print(__doc__)
        sys.exit(2)
    with tempfile.TemporaryDirectory() as tmp:
        {"smoke": smoke, "failure": failure, "timings": timings}[sys.argv[2]](sys.argv[1], tmp)


if __name__ == "__main__":
    main()
