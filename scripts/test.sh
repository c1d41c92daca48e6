#!/usr/bin/env bash
# Runs the whole test suite: a normal Release build and an ASan+UBSan build,
# each built with warnings as errors and tested with ctest. The Release build
# is also installed into a scratch prefix and tests/consumer is built against
# it (CMake package and pkg-config; scripts/test-consumer.sh).
# Usage: scripts/test.sh            (from the repository root)
# Environment: JOBS (default 2) parallel build jobs.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="${JOBS:-2}"

run_build() {
  local dir="$1"; shift
  echo "==> configure $dir $*"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCNCRYPTO_WERROR=ON \
    -DCNCRYPTO_BUILD_TESTS=ON -DCNCRYPTO_BUILD_TOOLS=ON "$@" >/dev/null
  echo "==> build $dir"
  cmake --build "$dir" -j "$jobs"
  echo "==> test $dir"
  ctest --test-dir "$dir" --output-on-failure -j "$jobs"
}

# The hash-core suites (ctest label "keccak") once more per Keccak-f[1600]
# implementation this machine can run, each forced through CNCRYPTO_KECCAK_IMPL
# (the default run above uses the one the dispatcher picks).
run_per_keccak_implementation() {
  local dir="$1" impl
  for impl in $("$dir/tests/unit_tests/hash/keccak_impls"); do
    echo "==> test $dir with CNCRYPTO_KECCAK_IMPL=$impl"
    CNCRYPTO_KECCAK_IMPL="$impl" ctest --test-dir "$dir" -L keccak --output-on-failure -j "$jobs"
  done
}

run_build build
run_per_keccak_implementation build
bash scripts/test-consumer.sh build
run_build build-asan -DCNCRYPTO_SANITIZE=ON -DCNCRYPTO_BUILD_PERF=OFF
echo "==> all tests passed"
