#!/usr/bin/env python3
"""Renders the harness's --json file (and compare_monero.py's --json file) as
the Markdown tables of docs/performance.md.

Usage: report.py PERF_JSON [--monero MONERO_JSON]
"""
import argparse
import json


def fmt_ns(ns):
    if ns >= 1e6:
        return "%.2f ms" % (ns / 1e6)
    if ns >= 1e4:
        return "%.1f µs" % (ns / 1e3)
    return "%.0f ns" % ns if ns >= 100 else "%.1f ns" % ns


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("perf_json")
    parser.add_argument("--monero")
    args = parser.parse_args()
    with open(args.perf_json) as f:
        doc = json.load(f)
    print("Machine: %s; %s, %s build; %s." % (doc["cpu"], doc["compiler"], doc.get("build_type", "?"),
                                            doc["date"]))
    info = doc.get("info", {})
    if info:
        print("Keccak-f implementation: %s; peers: %s." % (info.get("keccak_implementation", "?"),
                                                          info.get("peers", "none")))
    if "cpu_ghz" in doc:
        print("Core clock %.2f GHz; cycles: %s." % (doc["cpu_ghz"], doc["cycles_method"]))
    print()
    print("| test | time per call (median) | throughput | cycles/byte | cycles/call |")
    print("|---|---:|---:|---:|---:|")
    for t in doc["tests"]:
        if t["peer"]:
            continue
        if not t["ok"]:
            print("| %s | %s | | | |" % (t["name"], t["error"]))
            continue
        rate = "%.0f MB/s" % (t["bytes_per_second"] / 1e6) if "bytes_per_second" in t else ""
        cpb = "%.2f" % t["cycles_per_byte"] if "cycles_per_byte" in t else ""
        cpc = "%.0f" % t["cycles_per_call"] if "cycles_per_call" in t else ""
        print("| %s | %s | %s | %s | %s |" % (t["name"], fmt_ns(t["median_ns"]), rate, cpb, cpc))
    if doc["peers"]:
        by_name = {t["name"]: t for t in doc["tests"]}
        print()
        print("Peers, interleaved batch by batch in the same run; ratio = peer time / ours "
              "(> 1: ours is faster):")
        print()
        print("| test | peer | ours | peer | peer cycles/byte | ratio |")
        print("|---|---|---:|---:|---:|---:|")
        for row in doc["peers"]:
            peer = by_name.get(row["peer"], {})
            cpb = "%.2f" % peer["cycles_per_byte"] if "cycles_per_byte" in peer else ""
            print("| %s | %s | %s | %s | %s | %.2f |" % (row["test"], row["peer"], fmt_ns(row["ours_median_ns"]),
                                                       fmt_ns(row["peer_median_ns"]), cpb, row["ratio"]))
    if args.monero:
        with open(args.monero) as f:
            monero = json.load(f)
        print()
        print("Monero 0.18 (Debian's monero-tests) vs ours, %d alternating rounds, CPU time of the calling "
              "thread on both sides; speed-up = Monero / ours:" % monero["rounds"])
        print()
        print("| test | Monero | ours | speed-up | Monero figure from |")
        print("|---|---:|---:|---:|---|")
        for row in monero["rows"]:
            print("| %s | %s | %s | %.2fx | %s |" % (row["test"], fmt_ns(row["monero_ns"]), fmt_ns(row["ours_ns"]),
                                                   row["speedup"], row.get("monero_from", "")))
        if monero["skipped"]:
            print()
            print("Not compared yet (no test of ours by that name): " + ", ".join(monero["skipped"]))


if __name__ == "__main__":
    main()
