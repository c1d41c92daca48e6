#!/usr/bin/env bash
# Runs the whole test suite: a normal Release build and an ASan+UBSan build,
# each built with warnings as errors and tested with ctest (every label: the
# unit tests of tests/unit_tests/<layer>/, "long", "ct", "tools", "perf-smoke",
# and "architecture", which shows an upward include fails the build). The hash
# module (label "keccak") runs again once per Keccak implementation, its
# CryptoNight suites (label "cryptonight") once per CryptoNight implementation. The Release
# build is also installed into a scratch prefix for the consumer check
# (scripts/test-consumer.sh: installed headers are the public API and each
# compiles alone, tests/consumer and tests/examples build and run against it).
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

# The hash module (ctest label "keccak", tests/unit_tests/hash) once more per Keccak-f[1600]
# implementation this machine can run, each forced through CNCRYPTO_KECCAK_IMPL
# (the default run above uses the one the dispatcher picks).
run_per_keccak_implementation() {
  local dir="$1" impl
  for impl in $("$dir/tests/unit_tests/hash/keccak_impls"); do
    echo "==> test $dir with CNCRYPTO_KECCAK_IMPL=$impl"
    CNCRYPTO_KECCAK_IMPL="$impl" ctest --test-dir "$dir" -L keccak --output-on-failure -j "$jobs"
  done
}

# The CryptoNight suites (ctest label "cryptonight", hash_cryptonight_tests) once more
# per CryptoNight implementation this machine can run, each forced through
# CNCRYPTO_CN_IMPL (the tests then check that one only; unforced, they check all).
run_per_cn_implementation() {
  local dir="$1" impl
  for impl in $("$dir/tests/unit_tests/hash/cn_impls"); do
    echo "==> test $dir with CNCRYPTO_CN_IMPL=$impl"
    CNCRYPTO_CN_IMPL="$impl" ctest --test-dir "$dir" -L cryptonight --output-on-failure -j "$jobs"
  done
}

run_build build
run_per_keccak_implementation build
run_per_cn_implementation build
bash scripts/test-consumer.sh build
run_build build-asan -DCNCRYPTO_SANITIZE=ON -DCNCRYPTO_BUILD_PERF=OFF
echo "==> all tests passed"
