#!/usr/bin/env bash
# The constant-time check of tests/unit_tests/ct (secrets marked, any branch or
# memory address computed from them reported) with clang's MemorySanitizer as the
# checker instead of valgrind memcheck. Valgrind cannot execute AVX-512, so this is
# how the AVX-512 IFMA curve backend (and anything else the CPU probe picks that
# valgrind hides) gets checked: the ct_* programs are built instrumented and run
# natively: ct_curve forces every curve backend this CPU runs in turn, the other
# programs run on the one the probe picks (ifma on an IFMA CPU), and those marked
# PER_BACKEND (ct_rct_decode, ct_subaddress) again on serial and avx2.
# Only the ct_* programs are built (uninstrumented libraries, Boost.Test, would give
# false reports in the unit tests), and of those the ones whose secrets stay in our
# own code (tests/unit_tests/ct/CMakeLists.txt, NO_MSAN). Keccak is forced to the
# portable C implementation (MemorySanitizer cannot see through the AVX-512 asm).
# A weaker check than memcheck's in one way: MemorySanitizer looks at the compiler's
# IR, so a branch the back end itself made from a select would escape it; memcheck
# (tests/unit_tests/ct under valgrind) checks the machine code of everything it runs.
# Usage: scripts/ct_msan.sh [BUILD_DIR]   (default build-msan; JOBS, default 2)
# Exit status: 0 when every ct_* program passed, non-zero on a report or a failed
# functional check. Needs clang (Debian clang-14) and valgrind/memcheck.h.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build-msan}"
jobs="${JOBS:-2}"
cxx=$(command -v clang++ || command -v clang++-14) || { echo "ct_msan: clang++ not found (Debian package clang)" >&2; exit 1; }
cc=$(command -v clang || command -v clang-14)
echo "==> configure $dir (clang, MemorySanitizer)"
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS=-gline-tables-only -DCMAKE_C_FLAGS=-gline-tables-only -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCNCRYPTO_SANITIZE_MEMORY=ON -DCNCRYPTO_BUILD_TESTS=ON -DCNCRYPTO_BUILD_TOOLS=OFF -DCNCRYPTO_BUILD_PERF=OFF >/dev/null
# Entries NAME.BACKEND (PER_BACKEND, tests/unit_tests/ct/CMakeLists.txt) run the target NAME.
mapfile -t targets < <(ctest --test-dir "$dir" -N -L '^ct$' | sed -n 's/^ *Test *#[0-9]*: \(ct_[a-z0-9_]*\)\(\.[a-z0-9]*\)\{0,1\}$/\1/p' | sort -u)
[ ${#targets[@]} -gt 0 ] || { echo "ct_msan: no ct_* programs configured (valgrind/memcheck.h missing?)" >&2; exit 1; }
echo "==> build ${targets[*]}"
cmake --build "$dir" -j "$jobs" --target "${targets[@]}"
echo "==> run (MemorySanitizer is the checker)"
ctest --test-dir "$dir" -L '^ct$' -j "$jobs" --output-on-failure
