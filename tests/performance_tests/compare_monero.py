#!/usr/bin/env python3
"""Times Monero's own performance_tests (Debian's monero-tests package, Monero
0.18) and ours on the tests both have, alternating the two binaries test by
test and round by round so machine drift hits both, and prints one table.

Usage: compare_monero.py OUR_HARNESS [--monero PATH] [--rounds N] [--json FILE] [--filter REGEX]

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
    "test_crypto_ops<op_addKeys>",
    "test_crypto_ops<op_scalarmultH>",
    "test_crypto_ops<op_scalarmult8>",
    "test_crypto_ops<op_addKeys2>",
    "test_crypto_ops<op_addKeys3>",
    "test_crypto_ops<op_addKeys3_2>",
    "test_crypto_ops<op_addKeys_aGbBcC>",
    "test_crypto_ops<op_addKeys_aAbBcC>",
    "test_crypto_ops<op_isInMainSubgroup>",
    "test_crypto_ops<op_zeroCommitUncached>",
    "test_bulletproof_plus<true, 1>",
    "test_bulletproof_plus<false, 1>",
    "test_bulletproof_plus<true, 2>",
    "test_bulletproof_plus<false, 2>",
    "test_bulletproof_plus<true, 15>",
    "test_bulletproof_plus<false, 15>",
    "test_aggregated_bulletproof_plus<false, 2, 1, 1, 0, 4>",
    "test_aggregated_bulletproof_plus<true, 2, 1, 1, 0, 4>",
    "test_aggregated_bulletproof_plus<false, 8, 1, 1, 0, 4>",
    "test_aggregated_bulletproof_plus<true, 8, 1, 1, 0, 4>",
    "test_aggregated_bulletproof_plus<false, 1, 1, 2, 0, 4>",
    "test_aggregated_bulletproof_plus<true, 1, 1, 2, 0, 4>",
    "test_aggregated_bulletproof_plus<false, 1, 8, 1, 1, 4>",
    "test_aggregated_bulletproof_plus<true, 1, 8, 1, 1, 4>",
    "test_aggregated_bulletproof_plus<false, 2, 1, 1, 0, 64>",
    "test_aggregated_bulletproof_plus<true, 2, 1, 1, 0, 64>",
    "test_bulletproof<true, 1>",
    "test_bulletproof<false, 1>",
    "test_bulletproof<true, 2>",
    "test_bulletproof<false, 2>",
    "test_bulletproof<true, 15>",
    "test_bulletproof<false, 15>",
    "test_aggregated_bulletproof<false, 2, 1, 1, 0, 4>",
    "test_aggregated_bulletproof<true, 2, 1, 1, 0, 4>",
    "test_aggregated_bulletproof<false, 8, 1, 1, 0, 4>",
    "test_aggregated_bulletproof<true, 8, 1, 1, 0, 4>",
    "test_aggregated_bulletproof<false, 1, 1, 2, 0, 4>",
    "test_aggregated_bulletproof<true, 1, 1, 2, 0, 4>",
    "test_aggregated_bulletproof<false, 1, 8, 1, 1, 4>",
    "test_aggregated_bulletproof<true, 1, 8, 1, 1, 4>",
    "test_aggregated_bulletproof<false, 2, 1, 1, 0, 64>",
    "test_aggregated_bulletproof<true, 2, 1, 1, 0, 64>",
    "test_generate_key_image_helper",
    "test_is_out_to_acc",
    "test_is_out_to_acc_precomp",
    "test_out_can_be_to_acc<false, true>",
    "test_out_can_be_to_acc<true, false>",
    "test_out_can_be_to_acc<true, true>",
    "test_construct_tx<1, 1, false>",
    "test_construct_tx<1, 2, false>",
    "test_construct_tx<2, 2, false>",
    "test_construct_tx<10, 2, false>",
    "test_construct_tx<100, 2, false>",
    "test_construct_tx<2, 10, false>",
    "test_construct_tx<1, 100, false>",
    "test_check_tx_signature<1, 2, false>",
    "test_check_tx_signature<2, 2, false>",
    "test_check_tx_signature<10, 2, false>",
    "test_check_tx_signature<100, 2, false>",
    # RingCT transactions with Monero's own template arguments (types 1 and 4;
    # issue 17): the same names on both sides, like for like.
    "test_construct_tx<2, 1, true>",
    "test_construct_tx<2, 2, true>",
    "test_construct_tx<2, 10, true>",
    "test_construct_tx<10, 1, true>",
    "test_construct_tx<10, 2, true>",
    "test_construct_tx<10, 10, true>",
    "test_construct_tx<100, 1, true>",
    "test_construct_tx<100, 2, true>",
    "test_construct_tx<100, 10, true>",
    "test_construct_tx<2, 1, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_construct_tx<2, 2, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_construct_tx<2, 10, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_construct_tx<10, 1, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_construct_tx<10, 2, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_construct_tx<10, 10, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_construct_tx<100, 1, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_construct_tx<100, 2, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_construct_tx<100, 10, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_check_tx_signature<2, 2, true, rct::RangeProofBorromean>",
    "test_check_tx_signature<10, 2, true, rct::RangeProofBorromean>",
    "test_check_tx_signature<100, 2, true, rct::RangeProofBorromean>",
    "test_check_tx_signature<2, 10, true, rct::RangeProofBorromean>",
    "test_check_tx_signature<2, 2, true, rct::RangeProofMultiOutputBulletproof, 2>",
    "test_check_tx_signature<10, 2, true, rct::RangeProofMultiOutputBulletproof, 2>",
    "test_check_tx_signature<100, 2, true, rct::RangeProofMultiOutputBulletproof, 2>",
    "test_check_tx_signature<2, 10, true, rct::RangeProofMultiOutputBulletproof, 2>",
    "test_check_tx_signature<2, 2, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_check_tx_signature<10, 2, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_check_tx_signature<100, 2, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_check_tx_signature<2, 10, true, rct::RangeProofPaddedBulletproof, 2>",
    "test_check_tx_signature_aggregated_bulletproofs<2, 2, 64>",
    "test_check_tx_signature_aggregated_bulletproofs<10, 2, 64>",
    "test_check_tx_signature_aggregated_bulletproofs<100, 2, 64>",
    "test_check_tx_signature_aggregated_bulletproofs<2, 10, 64>",
    "test_check_tx_signature_aggregated_bulletproofs<2, 2, 62, 4>",
    "test_check_tx_signature_aggregated_bulletproofs<10, 2, 62, 4>",
    "test_check_tx_signature_aggregated_bulletproofs<2, 2, 56, 16>",
    "test_check_tx_signature_aggregated_bulletproofs<10, 2, 56, 16>",
    "test_sig_clsag<4, 2, 2>",
    "test_sig_clsag<8, 2, 2>",
    "test_sig_clsag<16, 2, 2>",
    "test_sig_clsag<32, 2, 2>",
    "test_sig_clsag<64, 2, 2>",
    "test_sig_clsag<128, 2, 2>",
    "test_sig_clsag<256, 2, 2>",
    "test_range_proof<true>",
    "test_range_proof<false>",
    "test_ringct_mlsag<11, false>",
    "test_ringct_mlsag<11, true>",
    "test_sig_mlsag<4, 2, 2>",
    "test_sig_mlsag<8, 2, 2>",
    "test_sig_mlsag<16, 2, 2>",
    "test_sig_mlsag<32, 2, 2>",
    "test_sig_mlsag<64, 2, 2>",
    "test_sig_mlsag<128, 2, 2>",
    "test_sig_mlsag<256, 2, 2>",
    "test_check_hash<0, 1, 0, 1>",
    "test_check_hash<0, 0xffffffffffffffff, 0, 0xffffffffffffffff>",
    "test_check_hash<0, 0xffffffffffffffff, 0, 1>",
    "test_check_hash<1, 0, 1, 0>",
    "test_check_hash<1, 0, 0, 1>",
    "test_check_hash<0xffffffffffffffff, 0xffffffffffffffff, 0, 1>",
    "test_check_hash<0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff>",
]
# Monero's test_multiexp rows (its multiexp.h; ours: multiexp_tests.h), each name once
# (Monero's main.cpp lists the Pippenger rows of its own widths twice; its filter runs
# both, and the first is timed).
for _alg in ("multiexp_bos_coster", "multiexp_straus", "multiexp_straus_cached"):
    MONERO_TESTS += ["test_multiexp<%s, %d>" % (_alg, 2 << _k) for _k in range(12)]
for _alg in ("multiexp_pippenger_cached", "multiexp_pippenger"):
    MONERO_TESTS += ["test_multiexp<%s, %d, %d>" % (_alg, 2 << _k, _c) for _k in range(12) for _c in range(1, 10)]
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
    ("test_generate_key_derivation", "test_derivation_core<ifma, 256>", "per item (curve part, AVX-512 IFMA)"),
    ("test_generate_key_derivation", "test_derivation_core<avx2, 256>", "per item (curve part, AVX2)"),
    ("test_check_tx_signature<1, 2, false>", "test_ring_signature<1, true>", "(check_ring_signature)"),
    ("test_check_tx_signature<2, 2, false>", "test_ring_signature<2, true>", "(check_ring_signature)"),
    ("test_check_tx_signature<10, 2, false>", "test_ring_signature<10, true>", "(check_ring_signature)"),
    ("test_check_tx_signature<100, 2, false>", "test_ring_signature<100, true>", "(check_ring_signature)"),
]
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
    if skipped:
        sys.stdout.flush()
        print("\nNot compared yet (no such test of ours): " + ", ".join(skipped))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rounds": args.rounds, "rows": rows, "skipped": skipped}, f, indent=2)


if __name__ == "__main__":
    main()
