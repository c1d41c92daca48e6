#!/usr/bin/python3
"""Cross-checks cnhash against independent implementations on real files.

  cnhash -a sha3-256   vs  openssl dgst -sha3-256
  cnhash (keccak-256)  vs  pycryptodome Keccak-256 (Cryptodome.Hash.keccak)
  cnhash -a shake256   vs  Python hashlib (also sha3-512)

on every regular file larger than MIN_BYTES in DIR (default: /usr/bin, 1 MB),
the "done when" check of issue 2. Not part of ctest (it depends on the machine's
files and takes a while); run it by hand:

  scripts/crosscheck-cnhash.py [--cnhash build/src/tools/cnhash] [--dir /usr/bin] [--min-bytes 1000000]

Exit status 0 when everything agrees, 1 on any difference.
"""

import argparse
import hashlib
import os
import subprocess
import sys

from Cryptodome.Hash import keccak


def cnhash_digests(cnhash, algorithm, files):
    """{file: hex} from one cnhash run; -z lines so names need no unescaping."""
    out = subprocess.run([cnhash, "-z", "-a", algorithm, "--"] + files, check=True,
                         stdout=subprocess.PIPE).stdout.decode("utf-8", "surrogateescape")
    result = {}
    for line in out.split("\0")[:-1]:
        digest, name = line.split("  ", 1)
        result[name] = digest
    return result


def stream(path, *hashers):
    with open(path, "rb") as f:
        while True:
            chunk = f.read(1 << 20)
            if not chunk:
                break
            for h in hashers:
                h.update(chunk)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cnhash", default="build/src/tools/cnhash")
    parser.add_argument("--dir", default="/usr/bin")
    parser.add_argument("--min-bytes", type=int, default=1000000)
    args = parser.parse_args()

    files = sorted(os.path.join(args.dir, n) for n in os.listdir(args.dir)
                   if os.path.isfile(os.path.join(args.dir, n)) and not os.path.islink(os.path.join(args.dir, n))
                   and os.path.getsize(os.path.join(args.dir, n)) > args.min_bytes)
    if not files:
        sys.exit("no file larger than %d bytes in %s" % (args.min_bytes, args.dir))
    total = sum(os.path.getsize(f) for f in files)
    print("%d files, %.1f MB, in %s" % (len(files), total / 1e6, args.dir))

    ours = {a: cnhash_digests(args.cnhash, a, files) for a in ("sha3-256", "keccak-256", "shake256", "sha3-512")}
    failures = 0
    for path in files:
        k = keccak.new(digest_bits=256)
        s = hashlib.shake_256()
        s5 = hashlib.sha3_512()
        stream(path, k, s, s5)
        openssl = subprocess.run(["openssl", "dgst", "-sha3-256", "-r", path], check=True,
                                 stdout=subprocess.PIPE).stdout.decode().split(" ", 1)[0]
        expected = {"sha3-256": openssl, "keccak-256": k.hexdigest(), "shake256": s.hexdigest(64),
                    "sha3-512": s5.hexdigest()}
        for algorithm, digest in expected.items():
            if ours[algorithm].get(path) != digest:
                failures += 1
                print("MISMATCH %s %s: cnhash %s, reference %s" % (algorithm, path, ours[algorithm].get(path), digest))
    checks = len(files) * 4
    print("%d of %d comparisons agree (sha3-256 vs openssl dgst, keccak-256 vs pycryptodome, "
          "shake256 and sha3-512 vs hashlib)" % (checks - failures, checks))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
