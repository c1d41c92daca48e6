#!/usr/bin/env python3
"""What a .wasm is made of (docs/measurements/wasm.md): bytes per section, per
data segment, and per function (names from the module's name section: link with
--profiling-funcs or -g2 to keep them; emcc's --emit-symbol-map file also works,
given as --symbols FILE). Functions are grouped by a name pattern (--group
REGEX=LABEL, first match wins) to see which part of the library the bytes are.

Usage: scripts/wasm_sizes.py FILE.wasm [--top N] [--symbols MAP] [--group 'regex=label' ...]
"""
import re
import sys


def uleb(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, i


def sections(b):
    assert b[:4] == b"\0asm", "not a wasm file"
    i = 8
    while i < len(b):
        sid = b[i]
        size, j = uleb(b, i + 1)
        yield sid, j, j + size, j - i + size
        i = j + size


def main():
    args = sys.argv[1:]
    path = args[0]
    top = int(args[args.index("--top") + 1]) if "--top" in args else 40
    groups = [a.split("=", 1) for k, a in zip(args, args[1:]) if k == "--group"]
    symbols = {}
    if "--symbols" in args:
        for line in open(args[args.index("--symbols") + 1], encoding="utf-8", errors="replace"):
            k, _, v = line.rstrip("\n").partition(":")
            if k.isdigit():
                symbols[int(k)] = v
    b = open(path, "rb").read()
    names = {"0": "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
             7: "export", 8: "start", 9: "elem", 10: "code", 11: "data", 12: "datacount", 13: "tag"}
    imported = 0
    bodies = []
    datas = []
    print(f"{path}: {len(b):,} bytes")
    for sid, start, end, total in sections(b):
        label = names.get(sid, str(sid))
        if sid == 0:
            n, k = uleb(b, start)
            label = "custom " + b[k:k + n].decode(errors="replace")
            if b[k:k + n] == b"name":
                i = k + n
                while i < end:
                    sub = b[i]
                    size, i = uleb(b, i + 1)
                    if sub == 1:
                        cnt, j = uleb(b, i)
                        for _ in range(cnt):
                            idx, j = uleb(b, j)
                            ln, j = uleb(b, j)
                            symbols.setdefault(idx, b[j:j + ln].decode(errors="replace"))
                            j += ln
                    i += size
        print(f"  section {label:24} {total:>10,}")
        if sid == 2:
            cnt, i = uleb(b, start)
            for _ in range(cnt):
                for _ in range(2):
                    ln, i = uleb(b, i)
                    i += ln
                kind = b[i]
                i += 1
                if kind == 0:
                    imported += 1
                    _, i = uleb(b, i)
                elif kind == 1:
                    i += 1
                    flags, i = uleb(b, i)
                    _, i = uleb(b, i)
                    if flags & 1:
                        _, i = uleb(b, i)
                elif kind == 2:
                    flags, i = uleb(b, i)
                    _, i = uleb(b, i)
                    if flags & 1:
                        _, i = uleb(b, i)
                elif kind == 3:
                    i += 2
                else:
                    _, i = uleb(b, i)
        if sid == 10:
            cnt, i = uleb(b, start)
            for f in range(cnt):
                size, j = uleb(b, i)
                bodies.append((size + (j - i), f + imported))
                i = j + size
        if sid == 11:
            cnt, i = uleb(b, start)
            for s in range(cnt):
                flags, i = uleb(b, i)
                if flags == 0:
                    while b[i] != 0x0B:
                        i += 1
                    i += 1
                elif flags == 2:
                    _, i = uleb(b, i)
                    while b[i] != 0x0B:
                        i += 1
                    i += 1
                size, i = uleb(b, i)
                datas.append((size, s, b[i:i + 48]))
                i += size
    print(f"  {len(bodies)} functions, {sum(s for s, _ in bodies):,} bytes of code; {len(datas)} data segments, "
          f"{sum(s for s, _, _ in datas):,} bytes")
    for size, s, head in sorted(datas, reverse=True)[:8]:
        print(f"    data segment {s}: {size:,} bytes, starts {head[:40]!r}")
    if groups:
        totals = {}
        for size, f in bodies:
            name = symbols.get(f, f"#{f}")
            label = next((lab for rx, lab in groups if re.search(rx, name)), "other")
            totals[label] = totals.get(label, 0) + size
        print("  code by group:")
        for lab, size in sorted(totals.items(), key=lambda x: -x[1]):
            print(f"    {lab:30} {size:>10,}")
    print(f"  the {top} largest functions:")
    for size, f in sorted(bodies, reverse=True)[:top]:
        print(f"    {size:>8,}  {symbols.get(f, f'#{f}')[:150]}")


if __name__ == "__main__":
    main()
