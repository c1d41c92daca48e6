#!/usr/bin/env bash
# The concurrency soak of tests/unit_tests/threads/soak_tests.cpp for longer than
# CI runs it: THREADS threads (default 8) for SECONDS seconds (default 180), each
# going round RandomX light mode, CryptoNight, batch derivations and pooled
# scanning, every result checked against the single-thread answer (docs/fuzzing.md,
# "Concurrency soak"). Builds threads_tests in BUILD_DIR (default build) if needed.
# With --tsan, BUILD_DIR defaults to build-tsan, configured with clang and
# ThreadSanitizer as scripts/test.sh does (any report fails the run).
# Usage: scripts/soak.sh [--tsan] [SECONDS] [THREADS] [BUILD_DIR]
# Environment: JOBS (default 2) parallel build jobs. Exit status: the test's.
set -euo pipefail
cd "$(dirname "$0")/.."
tsan=0
if [ "${1:-}" = "--tsan" ]; then
  tsan=1
  shift
fi
seconds="${1:-180}"
threads="${2:-8}"
dir="${3:-$([ "$tsan" = 1 ] && echo build-tsan || echo build)}"
jobs="${JOBS:-2}"
if [ ! -f "$dir/CMakeCache.txt" ]; then
  echo "==> configure $dir"
  if [ "$tsan" = 1 ]; then
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCNCRYPTO_WERROR=ON -DCMAKE_C_COMPILER=clang \
      -DCMAKE_CXX_COMPILER=clang++ -DCNCRYPTO_SANITIZE_THREAD=ON -DCNCRYPTO_BUILD_TESTS=ON -DCNCRYPTO_BUILD_TOOLS=OFF \
      -DCNCRYPTO_BUILD_PERF=OFF >/dev/null
  else
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCNCRYPTO_BUILD_TESTS=ON -DCNCRYPTO_BUILD_TOOLS=OFF -DCNCRYPTO_BUILD_PERF=OFF >/dev/null
  fi
fi
echo "==> build $dir (threads_tests)"
cmake --build "$dir" -j "$jobs" --target threads_tests
echo "==> soak: $threads threads for $seconds s"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1 second_deadlock_stack=1}"
CNCRYPTO_SOAK_SECONDS="$seconds" CNCRYPTO_SOAK_THREADS="$threads" \
  "$dir/tests/unit_tests/threads/threads_tests" --run_test=soak --log_level=message --report_level=short
