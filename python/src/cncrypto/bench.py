"""python -m cncrypto.bench: what a call costs from Python, side by side with what
a Python user would otherwise use (docs/measurements/python.md).

Rows (median ns per call over --repeats timed runs, and the spread min..max; CPU
time of the calling thread, except the threads rows, which are wall time):

* per-call overhead: the package's function, the same C function called through
  cffi with prepared buffers (no Python wrapper), and an empty C ABI call
  (cncrypto_hash_bytes: the cost of crossing into C and back at all). The
  function's own C time is about "raw cffi" - "empty call"; the wrapper's
  overhead is "package" - "raw cffi".
* cn_fast_hash of 32 bytes against pycryptodome's keccak.new(digest_bits=256)
  (python3-pycryptodome).
* generate_key_derivation (8*a*R) against PyNaCl (python3-nacl, libsodium:
  crypto_scalarmult_ed25519_noclamp, then 8*P as three point doublings with
  crypto_core_ed25519_add) and against a pure-Python derivation as
  monero-python computes it (PURE PYTHON, written for this benchmark only:
  ed25519 in extended coordinates, double-and-add; not part of the package);
  and per key of one generate_key_derivations call on 256 keys.
* scan: batch scanning of real transactions (../shared's data/txs and the
  owned-output transaction, repeated to 256; $CNCRYPTO_SHARED_DIR or the
  clone's ../shared) per transaction: Wallet.scan_many (joining the blobs,
  the lengths, the records turned into OwnedOutputs) against the same
  cncrypto_scan_txs call through cffi with prepared buffers, alternated run
  by run (the issue's target: within 10%); and Wallet.scan per blob.
* threads: first how far a pure-Python loop in a second thread gets during one
  cn_slow_hash call (0 if the GIL were held: independent of the machine's
  load); then cn_slow_hash (variant 0, 2 MiB scratchpad per thread, memory
  bound), cn_fast_hash of 1 MiB, 200 key derivations (compute bound; as 200
  calls, and as one generate_key_derivations call; and 2,000 in one call) and
  Wallet.scan_many of 64 real transactions (16 such batches: the scan batch
  below 4 times over), the same items on 1 and 2 threads of a
  ThreadPoolExecutor, alternated (2 idle cores: up to 2x); and one scan_many
  of those 1,024 transactions with threads=1 and threads=2 (the library's own
  threads; it splits a batch into parts of at least 256).

Every row checks its result against cncrypto's before it is timed. Timings on
a loaded machine vary; compare rows of one run.
"""
import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, List, Optional, Tuple

import cncrypto
from cncrypto import ffi, lib


def timed(fn: Callable[[], object], repeats: int, min_seconds: float) -> Tuple[float, float, float]:
    """(median, min, max) ns per call of fn over repeats runs of at least min_seconds each,
    in CPU time of the calling thread (as the C++ performance harness): time the machine
    gives to other processes does not count, so a loaded machine inflates it less."""
    clock = time.thread_time_ns
    n = 1
    while True:  # calibrate the loop count
        t = clock()
        for _ in range(n):
            fn()
        elapsed = (clock() - t) / 1e9
        if elapsed >= min_seconds / 4:
            break
        n *= 2
    n = max(1, int(n * min_seconds / max(elapsed, 1e-9)))
    results = []
    for _ in range(repeats):
        t = clock()
        for _ in range(n):
            fn()
        results.append((clock() - t) / n)
    return statistics.median(results), min(results), max(results)


def row(table: List[tuple], group: str, name: str, result: Optional[Tuple[float, float, float]], note: str = ""):
    table.append((group, name, result, note))
    if result is None:
        print("%-28s %-58s %12s  %s" % (group, name, "n/a", note))
    else:
        print("%-28s %-58s %12.0f  %8.0f..%-8.0f %s" % (group, name, result[0], result[1], result[2], note))
    sys.stdout.flush()


# ---- pure-Python ed25519, for the comparison only (monero-python's approach) ------------------

Q = 2 ** 255 - 19
D = -121665 * pow(121666, Q - 2, Q) % Q
SQRT_M1 = pow(2, (Q - 1) // 4, Q)


def _py_decode(b: bytes):
    y = int.from_bytes(b, "little") & ((1 << 255) - 1)
    sign = b[31] >> 7
    if y >= Q:
        raise ValueError("not a point")
    xx = (y * y - 1) * pow(D * y * y + 1, Q - 2, Q) % Q
    x = pow(xx, (Q + 3) // 8, Q)
    if (x * x - xx) % Q:
        x = x * SQRT_M1 % Q
    if (x * x - xx) % Q:
        raise ValueError("not a point")
    if x & 1 != sign:
        x = Q - x
    return (x, y, 1, x * y % Q)


def _py_add(P, R):
    x1, y1, z1, t1 = P
    x2, y2, z2, t2 = R
    a = (y1 - x1) * (y2 - x2) % Q
    b = (y1 + x1) * (y2 + x2) % Q
    c = 2 * t1 * t2 * D % Q
    dd = 2 * z1 * z2 % Q
    e, f, g, h = b - a, dd - c, dd + c, b + a
    return (e * f % Q, g * h % Q, f * g % Q, e * h % Q)


def _py_encode(P) -> bytes:
    x, y, z, _ = P
    zi = pow(z, Q - 2, Q)
    x, y = x * zi % Q, y * zi % Q
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def py_generate_key_derivation(pub: bytes, sec: bytes) -> bytes:
    """8*sec*pub in pure Python (double-and-add over the scalar's bits)."""
    P = _py_decode(pub)
    acc = (0, 1, 1, 0)
    for bit in bin(int.from_bytes(sec, "little"))[2:]:
        acc = _py_add(acc, acc)
        if bit == "1":
            acc = _py_add(acc, P)
    for _ in range(3):
        acc = _py_add(acc, acc)
    return _py_encode(acc)


# ---- the rows -----------------------------------------------------------------------------

def bench_overhead(table, repeats, seconds):
    data = os.urandom(32)
    out = ffi.new("uint8_t[32]")
    row(table, "per-call overhead", "cncrypto.cn_fast_hash(32 B)", timed(lambda: cncrypto.cn_fast_hash(data),
                                                                         repeats, seconds))
    row(table, "per-call overhead", "raw cffi lib.cncrypto_cn_fast_hash(32 B, out)",
        timed(lambda: lib.cncrypto_cn_fast_hash(data, 32, out), repeats, seconds))
    pub, sec = cncrypto.generate_keys()
    row(table, "per-call overhead", "cncrypto.generate_key_derivation",
        timed(lambda: cncrypto.generate_key_derivation(pub, sec), repeats, seconds))
    row(table, "per-call overhead", "raw cffi lib.cncrypto_generate_key_derivation",
        timed(lambda: lib.cncrypto_generate_key_derivation(pub, sec, out), repeats, seconds))
    row(table, "per-call overhead", "empty C ABI call (cncrypto_hash_bytes)",
        timed(lib.cncrypto_hash_bytes, repeats, seconds))


def bench_keccak(table, repeats, seconds):
    data = os.urandom(32)
    row(table, "cn_fast_hash 32 B", "cncrypto.cn_fast_hash", timed(lambda: cncrypto.cn_fast_hash(data),
                                                                   repeats, seconds))
    try:
        from Cryptodome.Hash import keccak
    except ImportError:
        row(table, "cn_fast_hash 32 B", "pycryptodome keccak.new(digest_bits=256)", None,
            "python3-pycryptodome not installed")
        return
    assert keccak.new(digest_bits=256, data=data).digest() == cncrypto.cn_fast_hash(data)
    row(table, "cn_fast_hash 32 B", "pycryptodome keccak.new(digest_bits=256, data=x).digest()",
        timed(lambda: keccak.new(digest_bits=256, data=data).digest(), repeats, seconds))


def bench_derivation(table, repeats, seconds):
    pub = cncrypto.generate_keys().public_key
    sec = cncrypto.generate_keys().secret_key
    expected = cncrypto.generate_key_derivation(pub, sec)
    row(table, "generate_key_derivation", "cncrypto.generate_key_derivation",
        timed(lambda: cncrypto.generate_key_derivation(pub, sec), repeats, seconds))
    pubs = [cncrypto.generate_keys().public_key for _ in range(255)] + [pub]
    assert cncrypto.generate_key_derivations(pubs, sec)[-1] == expected
    median, low, high = timed(lambda: cncrypto.generate_key_derivations(pubs, sec), repeats, seconds)
    row(table, "generate_key_derivation", "cncrypto.generate_key_derivations of 256 keys, per key",
        (median / 256, low / 256, high / 256))
    try:
        from nacl import bindings
    except ImportError:
        row(table, "generate_key_derivation", "PyNaCl", None, "python3-nacl not installed")
    else:
        def nacl_derivation():
            p = bindings.crypto_scalarmult_ed25519_noclamp(sec, pub)
            p = bindings.crypto_core_ed25519_add(p, p)
            p = bindings.crypto_core_ed25519_add(p, p)
            return bindings.crypto_core_ed25519_add(p, p)
        assert nacl_derivation() == expected
        row(table, "generate_key_derivation", "PyNaCl scalarmult_ed25519_noclamp + 3 core_ed25519_add",
            timed(nacl_derivation, repeats, seconds))
    assert py_generate_key_derivation(pub, sec) == expected
    row(table, "generate_key_derivation", "PURE PYTHON (bench only, monero-python's way)",
        timed(lambda: py_generate_key_derivation(pub, sec), max(3, repeats // 2), seconds))


def bench_threads(table, repeats):
    """Wall time of one batch on 1 and on 2 threads, alternated (1, 2, 1, 2, ...); the
    speed-up of the medians and of the best runs (the least disturbed by other load)."""
    def ratio(name, fn, items):
        expected = [fn(x) for x in items]
        times: dict = {1: [], 2: []}
        for _ in range(repeats):
            for workers in (1, 2):
                with ThreadPoolExecutor(max_workers=workers) as pool:
                    t = time.perf_counter()
                    got = list(pool.map(fn, items))
                    times[workers].append(time.perf_counter() - t)
                assert got == expected
        per_item = {w: (statistics.median(v) / len(items) * 1e9, min(v) / len(items) * 1e9,
                        max(v) / len(items) * 1e9) for w, v in times.items()}
        row(table, "threads (wall time)", "%s, 1 thread (ns per item)" % name, per_item[1])
        row(table, "threads (wall time)", "%s, 2 threads (ns per item)" % name, per_item[2],
            "speed-up %.2fx (medians), %.2fx (best runs)" % (per_item[1][0] / per_item[2][0],
                                                            per_item[1][1] / per_item[2][1]))

    # Whether the GIL is released, independently of the machine's load: how far a
    # pure-Python loop in a second thread gets while the first is inside C
    # (0 if the call held the GIL).
    import threading
    stop = threading.Event()
    progress = [0]

    def spin():
        while not stop.is_set():
            progress[0] += 1
    spinner = threading.Thread(target=spin)
    spinner.start()
    time.sleep(0.05)
    counts = []
    for _ in range(repeats):
        before = progress[0]
        cncrypto.cn_slow_hash(b"x" * 76, 0)
        counts.append(progress[0] - before)
    stop.set()
    spinner.join()
    row(table, "threads (wall time)", "Python loop steps in another thread during one cn_slow_hash",
        (statistics.median(counts), min(counts), max(counts)), "(0 if the GIL were held)")

    ratio("cn_slow_hash v0", lambda x: cncrypto.cn_slow_hash(x, 0), [os.urandom(76) for _ in range(8)])
    big = [os.urandom(1 << 20) for _ in range(8)]
    ratio("cn_fast_hash 1 MiB", cncrypto.cn_fast_hash, big)
    pairs = [cncrypto.generate_keys() for _ in range(8)]
    ratio("generate_key_derivation x 200", lambda p: [cncrypto.generate_key_derivation(p.public_key, p.secret_key)
                                                      for _ in range(200)], pairs)
    # the same work as one C call per item (cncrypto_generate_key_derivations)
    ratio("generate_key_derivations of 200 keys (one call)",
          lambda p: cncrypto.generate_key_derivations([p.public_key] * 200, p.secret_key), pairs)
    # items as long as cn_slow_hash's (~20 ms): less exposed to the scheduler's slices
    ratio("generate_key_derivations of 2,000 keys (one call)",
          lambda p: cncrypto.generate_key_derivations([p.public_key] * 2000, p.secret_key), pairs)

    scan = _scan_wallet(table, "threads (wall time)")
    if scan is None:
        return
    blobs, w = scan
    with w:
        # the batch 4 times over (1,024 transactions, ~0.1 s of scanning per run on
        # 2 cores: long enough that the scheduler's noise is small)
        blobs = blobs * 4
        # Python threads: 16 chunks of 64 transactions, each one Wallet.scan_many call
        chunks = [blobs[i:i + 64] for i in range(0, len(blobs), 64)]
        ratio("Wallet.scan_many of 64 txs (Python threads)", w.scan_many, chunks)
        # the library's threads: one scan_many(1,024 txs, threads=1) against threads=2
        # (the library splits a batch into parts of at least 256 transactions)
        expected = w.scan_many(blobs)
        times: dict = {1: [], 2: []}
        for _ in range(repeats):
            for n in (1, 2):
                t = time.perf_counter()
                got = w.scan_many(blobs, threads=n)
                times[n].append(time.perf_counter() - t)
                assert got == expected
        per_tx = {n: (statistics.median(v) / len(blobs) * 1e9, min(v) / len(blobs) * 1e9, max(v) / len(blobs) * 1e9)
                  for n, v in times.items()}
        row(table, "threads (wall time)", "Wallet.scan_many(1024 txs, threads=1) (ns per tx)", per_tx[1])
        row(table, "threads (wall time)", "Wallet.scan_many(1024 txs, threads=2) (ns per tx)", per_tx[2],
            "speed-up %.2fx (medians), %.2fx (best runs)" % (per_tx[1][0] / per_tx[2][0], per_tx[1][1] / per_tx[2][1]))


def _scan_batch() -> Optional[Tuple[list, bytes, bytes, bytes]]:
    """(blobs, view secret, spend public, spend secret) from the shared directory, or None."""
    import json
    here = os.path.dirname(os.path.abspath(__file__))
    for shared in (os.environ.get("CNCRYPTO_SHARED_DIR", ""), os.path.join(here, "..", "..", "..", "..", "shared")):
        manifest = os.path.join(shared, "data", "manifest.json") if shared else ""
        if manifest and os.path.isfile(manifest):
            break
    else:
        return None
    with open(manifest, encoding="utf-8") as f:
        files = [tx["file"] for tx in json.load(f)["shared_txs"]]
    with open(os.path.join(shared, "data", "vectors", "owned_output_clsag_tx.json"), encoding="utf-8") as f:
        v = json.load(f)
    blobs = []
    for name in files:
        with open(os.path.join(shared, "data", name), "rb") as f:
            blobs.append(f.read())
    blobs.append(bytes.fromhex(v["tx_hex"]))
    blobs = (blobs * (256 // len(blobs) + 1))[:256]
    return blobs, bytes.fromhex(v["wallet_view_secret"]), bytes.fromhex(v["wallet_spend_public"]), \
        bytes.fromhex(v["wallet_spend_secret"])


def _scan_wallet(table, group) -> Optional[Tuple[list, "cncrypto.Wallet"]]:
    """The scan batch and its wallet (Monero's default 50 x 200 subaddresses), or a
    row saying why there is none."""
    batch = _scan_batch()
    if batch is None:
        row(table, group, "Wallet.scan_many", None, "no shared directory (CNCRYPTO_SHARED_DIR)")
        return None
    blobs, view, spend_pub, spend = batch
    return blobs, cncrypto.Wallet(view, spend_pub, spend, subaddresses=(50, 200))


def bench_scan(table, repeats, seconds):
    """Wallet.scan_many against the bare cncrypto_scan_txs call, alternated (CPU time
    of the calling thread, threads=1: the scan runs on it)."""
    scan = _scan_wallet(table, "scan (per transaction)")
    if scan is None:
        return
    blobs, w = scan
    with w:
        joined = b"".join(blobs)
        lens = ffi.new("size_t[]", [len(b) for b in blobs])
        out = ffi.new("cncrypto_owned_output[]", len(blobs) + 16)
        count = ffi.new("size_t *")
        ctx = w._ctx

        def raw():
            count[0] = len(blobs) + 16
            if lib.cncrypto_scan_txs(ctx, joined, lens, len(blobs), 1, out, count) != 0:
                raise RuntimeError("cncrypto_scan_txs failed")
            return count[0]

        expected = w.scan_many(blobs)
        assert raw() == len(expected) and len(expected) >= 1
        clock = time.thread_time_ns
        results: dict = {"package": [], "raw": []}
        for _ in range(repeats):
            for name, fn in (("package", lambda: w.scan_many(blobs)), ("raw", raw)):
                t = clock()
                n = 0
                while True:
                    fn()
                    n += 1
                    if clock() - t >= seconds * 1e9:
                        break
                results[name].append((clock() - t) / n / len(blobs))
        stats = {k: (statistics.median(v), min(v), max(v)) for k, v in results.items()}
        row(table, "scan (per transaction)", "cncrypto.Wallet.scan_many(256 real txs)", stats["package"],
            "package / raw = %.3f (medians)" % (stats["package"][0] / stats["raw"][0]))
        row(table, "scan (per transaction)", "raw cffi cncrypto_scan_txs, prepared buffers", stats["raw"])
        row(table, "scan (per transaction)", "cncrypto.Wallet.scan, one call per tx",
            tuple(x / len(blobs) for x in timed(lambda: [w.scan(b) for b in blobs], repeats, seconds)))


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cncrypto.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed runs per row (median and spread)")
    parser.add_argument("--seconds", type=float, default=0.2, help="minimum seconds per timed run")
    parser.add_argument("--only", choices=["overhead", "keccak", "derivation", "scan", "threads"], action="append")
    args = parser.parse_args(argv)
    only = set(args.only or ["overhead", "keccak", "derivation", "scan", "threads"])
    print("cncrypto %s, Python %s, %s; load average %s" % (
        cncrypto.version(), sys.version.split()[0], sys.platform,
        " ".join("%.2f" % x for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"))
    print("%-28s %-58s %12s  %s" % ("group", "row", "median ns", "min..max"))
    table: List[tuple] = []
    if "overhead" in only:
        bench_overhead(table, args.repeats, args.seconds)
    if "keccak" in only:
        bench_keccak(table, args.repeats, args.seconds)
    if "derivation" in only:
        bench_derivation(table, args.repeats, args.seconds)
    if "scan" in only:
        bench_scan(table, args.repeats, args.seconds)
    if "threads" in only:
        bench_threads(table, args.repeats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
