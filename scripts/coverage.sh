#!/usr/bin/env bash
# Line and branch coverage of the library, per layer folder (src/common, src/hash,
# src/curve, src/keys, src/ringct, src/format, src/wallet, src/tx, src/tools), from
# clang's source-based coverage (-fprofile-instr-generate -fcoverage-mapping,
# llvm-profdata, llvm-cov) over `ctest -LE long`. Tests that need ../shared skip
# without it and the figures fall (README "Hardening and testing" gives both).
# Usage: scripts/coverage.sh [BUILD_DIR]     configure (clang, instrumented),
#                                            build, test, report (default build-cov)
#        scripts/coverage.sh --report BUILD_DIR
#                                            report only, from BUILD_DIR/profiles/*.profraw
#                                            (what scripts/test.sh does after its clang
#                                            stage, built with the same flags)
# Environment: JOBS (default 2) parallel jobs; CNCRYPTO_SHARED_DIR as the tests.
# Prints one line per folder: lines covered/total and %, branches covered/total
# and %; then the total. Writes BUILD_DIR/coverage.txt (llvm-cov's per-file report).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="${JOBS:-2}"
report_only=0
if [ "${1:-}" = "--report" ]; then report_only=1; shift; fi
dir="${1:-build-cov}"
flags="-fprofile-instr-generate -fcoverage-mapping"
profdata=$(command -v llvm-profdata || command -v llvm-profdata-14) ||
  { echo "coverage: llvm-profdata not found (Debian package llvm)" >&2; exit 1; }
llvmcov=$(command -v llvm-cov || command -v llvm-cov-14) ||
  { echo "coverage: llvm-cov not found (Debian package llvm)" >&2; exit 1; }

if [ "$report_only" = 0 ]; then
  echo "==> configure $dir (clang, source-based coverage)"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate" \
    -DCNCRYPTO_BUILD_TESTS=ON -DCNCRYPTO_BUILD_TOOLS=ON -DCNCRYPTO_BUILD_PERF=OFF >/dev/null
  echo "==> build $dir"
  cmake --build "$dir" -j "$jobs"
  rm -rf "$dir/profiles"
  echo "==> test $dir -LE long (instrumented)"
  LLVM_PROFILE_FILE="$PWD/$dir/profiles/%p-%m.profraw" ctest --test-dir "$dir" -LE long -j "$jobs" \
    --output-on-failure >/dev/null || { echo "coverage: tests failed (see ctest in $dir)"; exit 1; }
fi

shopt -s nullglob
raw=("$dir"/profiles/*.profraw)
[ ${#raw[@]} -gt 0 ] || { echo "coverage: no profiles in $dir/profiles (built with $flags?)"; exit 1; }
"$profdata" merge -sparse -o "$dir/coverage.profdata" "${raw[@]}"
# Every instrumented executable of the build: the tests (and the tools the tool
# tests run). The first is the main object, the others -object.
objects=()
while IFS= read -r f; do
  if "$llvmcov" report --instr-profile="$dir/coverage.profdata" "$f" >/dev/null 2>&1; then objects+=("$f"); fi
done < <(find "$dir/tests" "$dir/src/tools" -type f -perm -u+x ! -name '*.so' ! -name '*.sh' 2>/dev/null | sort)
[ ${#objects[@]} -gt 0 ] || { echo "coverage: no instrumented executable in $dir"; exit 1; }
args=("${objects[0]}")
for f in "${objects[@]:1}"; do args+=(-object "$f"); done
"$llvmcov" report --instr-profile="$dir/coverage.profdata" "${args[@]}" "$PWD/src" >"$dir/coverage.txt"
"$llvmcov" export --summary-only --instr-profile="$dir/coverage.profdata" "${args[@]}" "$PWD/src" |
  python3 -c '
import json, os, sys
root = sys.argv[1] + "/src/"
folders = ["common", "hash", "curve", "keys", "ringct", "format", "wallet", "tx", "tools"]
sums = {f: [0, 0, 0, 0] for f in folders + ["total"]}
# A header can come several times (llvm-profdata: "functions have mismatched
# data" when executables inline it differently): each file counts once, with
# its best row for lines and its best row for branches (a lower bound of the
# union of the rows; summing them counted a header several times).
best = {}
for d in json.load(sys.stdin)["data"]:
    for f in d["files"]:
        name = os.path.normpath(f["filename"])  # build-relative paths (ccache) hold ../
        if not name.startswith(root) or name[len(root):].split("/")[0] not in sums:
            continue
        s = f["summary"]
        lines = (s["lines"]["covered"], s["lines"]["count"])
        branches = (s["branches"]["covered"], s["branches"]["count"])
        ratio = lambda c: c[0] / c[1] if c[1] else 1.0
        old = best.get(name)
        if old is None:
            best[name] = [lines, branches]
        else:
            if ratio(lines) > ratio(old[0]): old[0] = lines
            if ratio(branches) > ratio(old[1]): old[1] = branches
for name, (lines, branches) in best.items():
    folder = name[len(root):].split("/")[0]
    for key in (folder, "total"):
        t = sums[key]
        t[0] += lines[0]; t[1] += lines[1]
        t[2] += branches[0]; t[3] += branches[1]
pct = lambda a, b: 100.0 * a / b
print("%-12s %17s %8s %19s %8s" % ("folder", "lines", "", "branches", ""))
for key in folders + ["total"]:
    lc, lt, bc, bt = sums[key]
    cell = lambda a, b: "%7.2f%%" % pct(a, b) if b else "     n/a"
    print("%-12s %8d/%-8d %s %9d/%-9d %s" % ("src/" + key if key != "total" else key, lc, lt, cell(lc, lt), bc, bt, cell(bc, bt)))
' "$PWD"
echo "==> coverage: per-file report in $dir/coverage.txt"
