#!/usr/bin/env bash
# Runs every libFuzzer target of tests/fuzz for SECONDS seconds each (default 30),
# built with clang in BUILD_DIR (default build-fuzz: -DCNCRYPTO_FUZZ=ON, the
# library and the targets with ASan+UBSan and libFuzzer's coverage). Seeds: the
# project's corpus tests/fuzz/corpus/<target>, plus ../shared/data (real
# transactions and blocks) when present. New inputs go to BUILD_DIR/corpus/<target>
# (kept between runs), findings to BUILD_DIR/findings/<target>/. Exits 1 at the
# first target with a finding (a crash, a sanitizer report or a broken oracle),
# naming the input that reproduces it (run the target on that file).
# Usage: scripts/fuzz.sh [SECONDS] [BUILD_DIR]
# Environment: JOBS (default 2) parallel build jobs; CNCRYPTO_SHARED_DIR as the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
dir="${2:-build-fuzz}"
jobs="${JOBS:-2}"
shared="${CNCRYPTO_SHARED_DIR:-../shared}"
targets=(fuzz_transaction fuzz_block fuzz_text fuzz_point fuzz_keccak)

echo "==> configure $dir (clang, libFuzzer, ASan+UBSan)"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCNCRYPTO_FUZZ=ON -DCNCRYPTO_BUILD_TESTS=ON -DCNCRYPTO_BUILD_TOOLS=OFF -DCNCRYPTO_BUILD_PERF=OFF >/dev/null
echo "==> build $dir"
cmake --build "$dir" -j "$jobs" --target "${targets[@]}"

for target in "${targets[@]}"; do
  corpus="$dir/corpus/$target"
  findings="$dir/findings/$target"
  mkdir -p "$corpus" "$findings"
  seeds=("tests/fuzz/corpus/$target")
  case "$target" in
    fuzz_transaction) [ -d "$shared/data/txs" ] && seeds+=("$shared/data/txs") ;;
    fuzz_block) [ -d "$shared/data/blocks" ] && seeds+=("$shared/data/blocks") ;;
  esac
  echo "==> $target: ${seconds} s (seeds: ${seeds[*]})"
  if ! "$dir/tests/fuzz/$target" -max_total_time="$seconds" -max_len=65536 -timeout=20 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" "${seeds[@]}" >"$dir/$target.log" 2>&1; then
    tail -n 40 "$dir/$target.log"
    echo "==> $target: FINDING (inputs in $findings/; reproduce: $dir/tests/fuzz/$target FILE)"
    exit 1
  fi
  grep -E '^stat::number_of_executed_units|^#[0-9]+ +DONE' "$dir/$target.log" | tail -n 2 | sed 's/^/    /'
done
echo "==> fuzz: no finding in ${#targets[@]} targets x ${seconds} s"
