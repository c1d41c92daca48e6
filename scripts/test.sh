#!/usr/bin/env bash
# Runs the whole test suite: a normal Release build and an ASan+UBSan build,
# each built with warnings as errors and tested with ctest (every label: the
# unit tests of tests/unit_tests/<layer>/, "long", "ct", "tools", "perf-smoke",
# and "architecture", which shows an upward include fails the build). The hash
# module (label "keccak") runs again once per Keccak implementation, its
# CryptoNight suites (label "cryptonight") once per CryptoNight implementation, its
# BLAKE2b suite (label "blake2b") once per BLAKE2b implementation. The Release
# build is also installed into a scratch prefix for the consumer check
# (scripts/test-consumer.sh: installed headers are the public API and each
# compiles alone, tests/consumer and tests/examples build and run against it).
# The Python package (python/, docs/python.md) is installed into a fresh venv from
# the clone and its tests run against the installed copy (scripts/python.sh).
# The WebAssembly build and the npm package follow (scripts/wasm.sh --test: the
# package's suite from its packed tarball under `node --test` and in headless
# Chromium; docs/wasm.md).
# A second compiler: clang builds the library, tools and tests with warnings as
# errors (build-clang, without the performance harness) and runs ctest -LE long;
# the clang build is instrumented for coverage, runs RandomX fast mode once more
# (CNCRYPTO_TEST_RANDOMX_FAST=1, 2 GiB) and scripts/coverage.sh prints lines and
# branches per library folder; a ThreadSanitizer build (build-tsan)
# runs the thread module (label "threads"); on CPUs with AVX-512 IFMA a
# MemorySanitizer build runs the constant-time programs natively (scripts/ct_msan.sh);
# scripts/fuzz.sh builds the libFuzzer
# targets and runs each for FUZZ_SECONDS.
# The run ends by naming every ctest entry that was skipped and why (a module
# with a skipped case, e.g. one that needs ../shared, is "Skipped", not "Passed").
# Usage: scripts/test.sh            (from the repository root)
# Environment: JOBS (default 2) parallel build jobs; FUZZ_SECONDS (default 15; 0:
# no fuzzing) per fuzz target.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="${JOBS:-2}"
# Every stage line starts with the wall-clock time and the seconds since the start
# (where CI's time goes: the stages' lengths are the differences).
stage() { echo "==> [$(date -u +%H:%M:%S) +${SECONDS}s] $*"; }
skip_log="$(mktemp)"
trap 'rm -f "$skip_log"' EXIT

# Runs ctest in DIR with ARGS, then appends to skip_log one line per skipped
# entry: "DIR: TEST: REASON" (the entry's "cncrypto-skip:" lines, see
# tests/unit_tests/support/test_main.cpp, else its first line saying "skip").
# Usage: run_ctest DIR [CTEST_ARGS...]
run_ctest() {
  local dir="$1"; shift
  local out; out="$(mktemp)"
  ctest --test-dir "$dir" --output-on-failure -j "$jobs" "$@" | tee "$out"
  local name
  for name in $(sed -n 's/^[[:space:]]*[0-9]* - \([^ ]*\) (\(Skipped\|Not Run\|Disabled\))$/\1/p' "$out"); do
    awk -v name="$name" -v dir="$dir" '
      $0 ~ "^[0-9]+/[0-9]+ Test: " name "$" { inside = 1; found = 0; first = ""; next }
      inside && /^<end of output>/ {
        if (!found) print dir ": " name ": " (first != "" ? first : "(no reason printed)")
        inside = 0
      }
      inside && /^cncrypto-skip: / { sub(/^cncrypto-skip: [^:]*: /, ""); print dir ": " name ": " $0; found = 1 }
      inside && first == "" && tolower($0) ~ /skip/ { first = $0 }
    ' "$dir/Testing/Temporary/LastTest.log" >>"$skip_log"
  done
  rm -f "$out"
}

run_build() {
  local dir="$1"; shift
  stage "configure $dir $*"
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCNCRYPTO_WERROR=ON \
    -DCNCRYPTO_BUILD_TESTS=ON -DCNCRYPTO_BUILD_TOOLS=ON "$@" >/dev/null
  stage "build $dir"
  cmake --build "$dir" -j "$jobs"
  stage "test $dir ${ctest_args[*]}"
  run_ctest "$dir" "${ctest_args[@]}"
}
ctest_args=()

# A label's suites once more per implementation this machine can run, each forced
# through an environment variable (the default run above uses the dispatcher's
# choice): the hash module (label "keccak", tests/unit_tests/hash) per Keccak-f[1600]
# implementation (CNCRYPTO_KECCAK_IMPL), the CryptoNight suites (label "cryptonight",
# hash_cryptonight_tests) per CryptoNight implementation (CNCRYPTO_CN_IMPL; forced,
# the tests check that one only; unforced, every one), the BLAKE2b suite (label
# "blake2b", hash_blake2b_tests) per BLAKE2b implementation (CNCRYPTO_BLAKE2B_IMPL), and the curve, keys and ringct
# suites per curve backend (CNCRYPTO_CURVE_IMPL, docs/ed25519_backends.md; the MLSAG
# signer and verifier lay their products out by the backend's lanes). A lister that
# fails or lists nothing fails the run (it must at least list the portable entry).
# Usage: run_per_implementation BUILD_DIR LISTER VARIABLE CTEST_SELECTION...
run_per_implementation() {
  local dir="$1" lister="$2" variable="$3" impls impl
  shift 3
  impls="$("$dir/tests/unit_tests/$lister")"
  if [ -z "$impls" ]; then
    echo "==> $lister listed no implementation" >&2
    exit 1
  fi
  for impl in $impls; do
    stage "test $dir with $variable=$impl"
    env "$variable=$impl" ctest --test-dir "$dir" "$@" --output-on-failure -j "$jobs"
  done
}

# The unit tests' own code is compiled with less optimisation than the library it
# tests (CNCRYPTO_TEST_CODE_FLAGS, CMakeLists.txt: not the library, not the ct_*
# programs, not the performance harness): -O1 here, -O0 in the sanitizer and
# coverage builds, where test files were most of the compile time.
# ccache (when installed; CNCRYPTO_TEST_CCACHE=0 turns it off) serves the Python
# package's build of the C ABI (scripts/python.sh: the same sources, compiler and
# flags) from this build's objects instead of compiling the library twice.
release_launcher=()
if command -v ccache >/dev/null && [ "${CNCRYPTO_TEST_CCACHE:-1}" != 0 ]; then
  export CCACHE_DIR="$PWD/build-ccache" CCACHE_BASEDIR="$PWD"
  release_launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
run_build build -DCNCRYPTO_TEST_CODE_FLAGS=-O1 "${release_launcher[@]}"
run_per_implementation build hash/keccak_impls CNCRYPTO_KECCAK_IMPL -L keccak
run_per_implementation build hash/cn_impls CNCRYPTO_CN_IMPL -L cryptonight
run_per_implementation build hash/blake2b_impls CNCRYPTO_BLAKE2B_IMPL -L blake2b
run_per_implementation build curve/curve_impls CNCRYPTO_CURVE_IMPL -R '^(curve_tests|keys_tests|ringct_tests)$'
stage "consumer check (scripts/test-consumer.sh build)"
bash scripts/test-consumer.sh build
stage "python package (scripts/python.sh: fresh venv, offline install, pytest on the installed package, uninstall)"
if [ ${#release_launcher[@]} -gt 0 ]; then
  # build-python sits beside build, at the same depth, so that ccache (paths made
  # relative to CCACHE_BASEDIR) sees the same command lines; -DCNCRYPTO_WERROR=ON as build.
  rm -rf build-python
  CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache CNCRYPTO_CMAKE_ARGS=-DCNCRYPTO_WERROR=ON \
    CNCRYPTO_CMAKE_BUILD_DIR="$PWD/build-python" CNCRYPTO_SKIP_LOG="$skip_log" bash scripts/python.sh
  ccache --show-stats | grep -E 'Hits|Misses|hit rate' | sed 's/^/    ccache: /' || true
else
  CNCRYPTO_SKIP_LOG="$skip_log" bash scripts/python.sh
fi
# WebAssembly and the npm package (docs/wasm.md): scripts/wasm.sh builds the C
# ABI for wasm32 (wallet and full), packs js/ and runs its suite from the
# installed tarball under `node --test` and in headless Chromium (about 6-8
# minutes on 2 cores). Skipped, and named in the summary, without emcc or chromium
# (Debian: emscripten, chromium; scripts/install-deps.sh).
if ! command -v emcc >/dev/null || ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "wasm: the WebAssembly build and the npm package's tests: emcc, node or npm not installed (Debian: emscripten, nodejs; scripts/install-deps.sh)" >>"$skip_log"
elif ! command -v "${CHROMIUM:-chromium}" >/dev/null; then
  stage "wasm (scripts/wasm.sh --test --no-browser)"
  JOBS="$jobs" bash scripts/wasm.sh --test --no-browser
  echo "wasm: the npm package's suite in headless Chromium: chromium not installed (Debian: chromium)" >>"$skip_log"
else
  stage "wasm (scripts/wasm.sh --test)"
  JOBS="$jobs" bash scripts/wasm.sh --test
fi
# The ASan+UBSan build at -O1, not Release's -O3: the checks are the same, and on
# the 2-core VM the whole build took 10.4 min instead of 31 (2026-12-03; the
# heaviest test file alone went from 164 s to 77 s of CPU), its ctest about the
# same 8 min. -DNDEBUG stays as in Release (the code under test is the shipped code).
# curve_long_tests (RFC 7748's 1,000,000 X25519 iterations: about 30 s in build, 451 s
# under ASan at -O1 on 2 cores, 2026-12-07) runs in the Release build only; it touches
# only fixed-size stack arrays, which x25519_tests checks under ASan.
ctest_args=(-E '^curve_long_tests$')
echo "build-asan: curve_long_tests: not run under ASan (1,000,000 X25519 iterations; run in build)" >>"$skip_log"
run_build build-asan -DCNCRYPTO_SANITIZE=ON -DCNCRYPTO_BUILD_PERF=OFF -DCNCRYPTO_TEST_CODE_FLAGS=-O0 \
  -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG"
ctest_args=(-LE long)
# --- coverage (issue 19; scripts/coverage.sh): the clang stage is also the coverage
# build (source-based coverage, same compiler, one build instead of two); its
# ctest -LE long (and the RandomX fast-mode run below) write build-clang/profiles/,
# reported per library folder.
cov_flags="-fprofile-instr-generate -fcoverage-mapping"
rm -rf build-clang/profiles
LLVM_PROFILE_FILE="$PWD/build-clang/profiles/%p-%m.profraw" \
  run_build build-clang -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCNCRYPTO_BUILD_PERF=OFF -DCNCRYPTO_TEST_CODE_FLAGS=-O0 \
  -DCMAKE_C_FLAGS="$cov_flags" -DCMAKE_CXX_FLAGS="$cov_flags" -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate"
# RandomX fast mode once (randomx/fast_mode with CNCRYPTO_TEST_RANDOMX_FAST=1:
# the 2 GiB dataset built and hashed against ../shared/data/pow's known answers),
# in this instrumented build so that it is tested in CI and counted. Measured
# 2026-12-03 (2-core VM at load 9, instrumented build): 1 min 55 s wall (66 s user,
# 10 s system), 2.6 GB peak resident; src/hash's coverage over the hash tests goes
# from 98.24% lines / 94.78% branches to 99.48% / 97.09%. Skipped, and named in
# the summary, without librandomx or ../shared.
rx_tests=build-clang/tests/unit_tests/hash/hash_randomx_tests
if [ -x "$rx_tests" ]; then
  stage "test build-clang: RandomX fast mode (CNCRYPTO_TEST_RANDOMX_FAST=1, randomx/fast_mode)"
  rx_status=0
  CNCRYPTO_TEST_RANDOMX_FAST=1 LLVM_PROFILE_FILE="$PWD/build-clang/profiles/%p-%m.profraw" \
    "$rx_tests" --log_level=warning --report_level=short --run_test=randomx/fast_mode || rx_status=$?
  case "$rx_status" in
    0) ;;
    77) echo "build-clang: hash_randomx_tests randomx/fast_mode: skipped (../shared not found)" >>"$skip_log" ;;
    *) echo "==> RandomX fast mode failed (exit $rx_status)" >&2; exit 1 ;;
  esac
else
  echo "build-clang: RandomX fast mode: not tested (cncrypto built without librandomx)" >>"$skip_log"
fi
stage "coverage build-clang (ctest -LE long and the fast-mode run)"
bash scripts/coverage.sh --report build-clang || echo "==> coverage: no report (see above); the tests passed"
# --- end coverage
ctest_args=()
# ThreadSanitizer (clang): only the library and the thread module (label "threads",
# tests/unit_tests/threads: batch hashing, batch view tags, BP+/CLSAG through the
# multi-exponentiation tables, word tables, CryptoNight-R, RandomX, from several
# threads at once; and soak/mixed_work, 4 threads for 2 s over RandomX,
# CryptoNight, batch derivations and pooled scanning, longer with scripts/soak.sh);
# any report fails the run.
stage "configure build-tsan"
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Release -DCNCRYPTO_WERROR=ON -DCMAKE_C_COMPILER=clang \
  -DCMAKE_CXX_COMPILER=clang++ -DCNCRYPTO_SANITIZE_THREAD=ON -DCNCRYPTO_BUILD_TESTS=ON \
  -DCNCRYPTO_BUILD_TOOLS=OFF -DCNCRYPTO_BUILD_PERF=OFF >/dev/null
stage "build build-tsan (threads_tests)"
cmake --build build-tsan -j "$jobs" --target threads_tests
stage "test build-tsan -L threads"
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" run_ctest build-tsan -L threads
# Constant time on AVX-512 (scripts/ct_msan.sh, docs/ed25519_backends.md): the ct_*
# programs built with MemorySanitizer as the checker, run natively, so the IFMA
# curve backend that valgrind cannot execute is checked too. Only where the CPU has
# AVX-512 IFMA (elsewhere valgrind's run above already covers every backend the CPU has).
if grep -qw avx512ifma /proc/cpuinfo 2>/dev/null; then
  stage "constant time under MemorySanitizer (scripts/ct_msan.sh build-msan)"
  JOBS="$jobs" bash scripts/ct_msan.sh build-msan
else
  echo "ct_msan: constant-time check of the IFMA curve backend: this CPU has no AVX-512 IFMA" >>"$skip_log"
fi
# Big-endian (docs/bigendian.md): the hash and format suites cross-built for s390x
# and run under qemu-user (scripts/bigendian.sh --quick; the full run of the six
# layers is scripts/bigendian.sh). Skipped, and named in the summary, when the
# cross compiler is not installed or the s390x libraries are not unpacked in this
# clone (both: scripts/bigendian.sh --install-only; CI runs it before this script).
s390x_sysroot="${CNCRYPTO_S390X_SYSROOT:-$PWD/build-s390x-sysroot}"
if ! command -v s390x-linux-gnu-g++ >/dev/null || ! command -v qemu-s390x >/dev/null; then
  echo "big-endian: hash and format suites on s390x: s390x-linux-gnu-g++ or qemu-s390x not installed (scripts/bigendian.sh --install-only)" >>"$skip_log"
elif [ ! -e "$s390x_sysroot/usr/include/sodium.h" ]; then
  echo "big-endian: hash and format suites on s390x: no s390x libraries in $s390x_sysroot (scripts/bigendian.sh --install-only)" >>"$skip_log"
else
  stage "big-endian (scripts/bigendian.sh --quick)"
  JOBS="$jobs" bash scripts/bigendian.sh --quick
fi
# --- fuzzing (issue 19; scripts/fuzz.sh, docs/fuzzing.md): the libFuzzer build
# (clang, ASan+UBSan) and each target of tests/fuzz for FUZZ_SECONDS (default
# 15: the stage, build included, stays within about 8 minutes on 2 cores),
# failing on any finding (reproduce it from the input the stage names). FUZZ_SECONDS=0
# skips the stage.
if [ "${FUZZ_SECONDS:-15}" != 0 ]; then
  stage "fuzzing (scripts/fuzz.sh ${FUZZ_SECONDS:-15} build-fuzz)"
  JOBS="$jobs" bash scripts/fuzz.sh "${FUZZ_SECONDS:-15}" build-fuzz
fi
# --- end fuzzing
stage "all tests passed"
if [ -s "$skip_log" ]; then
  echo "==> skipped: $(wc -l <"$skip_log") ctest entries (a module counts when one of its cases was skipped):"
  sed 's/^/    /' "$skip_log"
else
  echo "==> skipped: none"
fi
