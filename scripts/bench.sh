#!/usr/bin/env bash
# The performance figures in one command (docs/performance.md):
#   1. installs the build and peer packages (scripts/install-deps.sh) and Debian's
#      monero-tests (Monero 0.18's performance_tests; benchmarks only, never CI),
#   2. builds the harness in Release (build-bench/),
#   3. runs every test with its peers interleaved (the peers table),
#   4. runs compare_monero.py (the Monero table),
#   5. validates the harness's JSON file (perf_smoke.py check-json), writes both
#      tables as Markdown to build-bench/performance.md and prints them.
# Usage: scripts/bench.sh [harness options...]   e.g. scripts/bench.sh --filter sha3
# Environment: SKIP_INSTALL=1 skips step 1; JOBS (default 2); ROUNDS (default 3)
# alternating rounds against Monero; NO_MONERO=1 skips step 4.
set -euo pipefail
cd "$(dirname "$0")/.."
out=build-bench
if [ "${SKIP_INSTALL:-0}" != 1 ]; then
  bash scripts/install-deps.sh
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends monero-tests
fi
cmake -S . -B "$out" -DCMAKE_BUILD_TYPE=Release -DCNCRYPTO_BUILD_TESTS=OFF -DCNCRYPTO_BUILD_TOOLS=OFF >/dev/null
cmake --build "$out" -j "${JOBS:-2}" --target performance_tests
harness="$out/tests/performance_tests/performance_tests"

echo "==> cncrypto and its peers (same run, interleaved)"
# Batches are timed by thread CPU time: on a shared machine wall time also counts
# the time other processes held the core (docs/performance.md).
"$harness" --clock thread --stats --json "$out/perf.json" "$@"
python3 tests/performance_tests/perf_smoke.py check-json "$out/perf.json"

monero_json=()
if [ "${NO_MONERO:-0}" != 1 ]; then
  echo "==> Monero 0.18 vs cncrypto"
  python3 tests/performance_tests/compare_monero.py "$harness" --rounds "${ROUNDS:-3}" --json "$out/monero.json"
  monero_json=(--monero "$out/monero.json")
fi
python3 tests/performance_tests/report.py "$out/perf.json" "${monero_json[@]}" > "$out/performance.md"
echo "==> Summary (also written to $out/performance.md)"
cat "$out/performance.md"
