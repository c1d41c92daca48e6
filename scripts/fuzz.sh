#!/usr/bin/env bash
# Runs every libFuzzer target of tests/fuzz for SECONDS seconds each (default 30;
# or $FUZZ_SECONDS),
# built with clang in BUILD_DIR (default build-fuzz: -DCNCRYPTO_FUZZ=ON, the
# library and the targets with ASan+UBSan and libFuzzer's coverage). Seeds: the
# project's corpus tests/fuzz/corpus/<target>, plus ../shared/data (real
# transactions, blocks and .keys files) when present, read in place. New inputs go to BUILD_DIR/corpus/<target>
# (kept between runs), findings to BUILD_DIR/findings/<target>/. Exits 1 at the
# first target with a finding (a crash, a sanitizer report or a broken oracle),
# naming the input that reproduces it (run the target on that file).
# docs/fuzzing.md describes the targets, their oracles and a planted bug caught.
# Usage: scripts/fuzz.sh [SECONDS] [BUILD_DIR] [TARGET...]   (no TARGET: all)
# Environment: JOBS (default 2) parallel build jobs; CNCRYPTO_SHARED_DIR as the
# tests; FUZZ_SECONDS the default SECONDS; FUZZ_SEED libFuzzer's -seed for every
# target (unset or 0: a random seed per run, printed in each target's log). Even
# with one seed two runs differ (docs/fuzzing.md): a finding is reproduced from
# its saved input, not by running again.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-${FUZZ_SECONDS:-30}}"
dir="${2:-build-fuzz}"
shift $(( $# < 2 ? $# : 2 ))
jobs="${JOBS:-2}"
shared="${CNCRYPTO_SHARED_DIR:-../shared}"
# Keep in step with tests/fuzz/CMakeLists.txt.
targets=(fuzz_transaction fuzz_block fuzz_block_header fuzz_text fuzz_point fuzz_keccak fuzz_rct fuzz_seed
         fuzz_keys_file fuzz_pow fuzz_tools fuzz_block_pow fuzz_legacy_rct fuzz_seed_edit fuzz_keys_known)
[ $# -gt 0 ] && targets=("$@")
start=$SECONDS
seed_args=()
if [ -n "${FUZZ_SEED:-}" ] && [ "${FUZZ_SEED}" != 0 ]; then seed_args=(-seed="$FUZZ_SEED"); fi

echo "==> configure $dir (clang, libFuzzer, ASan+UBSan)"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DCNCRYPTO_FUZZ=ON -DCNCRYPTO_BUILD_TESTS=ON -DCNCRYPTO_BUILD_TOOLS=OFF -DCNCRYPTO_BUILD_PERF=OFF >/dev/null
echo "==> build $dir"
cmake --build "$dir" -j "$jobs" --target "${targets[@]}"
echo "==> built in $((SECONDS - start)) s"

for target in "${targets[@]}"; do
  corpus="$dir/corpus/$target"
  findings="$dir/findings/$target"
  mkdir -p "$corpus" "$findings"
  seeds=("tests/fuzz/corpus/$target")
  case "$target" in
    fuzz_transaction|fuzz_rct) sub=txs ;;
    fuzz_block|fuzz_block_header|fuzz_pow|fuzz_block_pow) sub=blocks ;;
    fuzz_keys_file) sub=wallet/files ;;
    *) sub= ;;
  esac
  if [ -n "$sub" ] && [ -d "$shared/data/$sub" ]; then seeds+=("$shared/data/$sub"); fi
  echo "==> $target: ${seconds} s (seeds: ${seeds[*]}${seed_args[*]:+; ${seed_args[*]}})"
  t0=$SECONDS
  if ! "$dir/tests/fuzz/$target" -max_total_time="$seconds" -max_len=65536 -timeout=60 -rss_limit_mb=2048 \
      -print_final_stats=1 "${seed_args[@]}" -artifact_prefix="$findings/" "$corpus" "${seeds[@]}" >"$dir/$target.log" 2>&1; then
    tail -n 40 "$dir/$target.log"
    echo "==> $target: FINDING after $((SECONDS - t0)) s (inputs in $findings/; reproduce: $dir/tests/fuzz/$target FILE)"
    exit 1
  fi
  grep -E '^stat::number_of_executed_units|^#[0-9]+ +DONE' "$dir/$target.log" | tail -n 2 | sed 's/^/    /'
done
echo "==> fuzz: no finding in ${#targets[@]} targets x ${seconds} s ($((SECONDS - start)) s with the build)"
