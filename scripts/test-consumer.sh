#!/usr/bin/env bash
# Installs a built cncrypto into a scratch prefix, then builds and runs
# tests/consumer against it twice: through find_package(cncrypto CONFIG) and
# through pkg-config. Called by scripts/test.sh.
# Usage: scripts/test-consumer.sh [BUILD_DIR]   (default: build; from the repository root)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
work="$(mktemp -d "${TMPDIR:-/tmp}/cncrypto-consumer.XXXXXX")"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

echo "==> install $build into a scratch prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
test -x "$prefix/bin/cnhash"
test -f "$prefix/include/cncrypto/crypto/hash.h"

echo "==> consumer via find_package(cncrypto CONFIG)"
cmake -S tests/consumer -B "$work/build-cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build-cmake" >/dev/null
"$work/build-cmake/consumer"

echo "==> consumer via pkg-config"
pcdir="$(dirname "$(find "$prefix" -name cncrypto.pc -print -quit)")"
# shellcheck disable=SC2046 # word splitting of the flags is intended
c++ -std=c++17 -o "$work/consumer-pc" tests/consumer/main.cpp \
  $(PKG_CONFIG_PATH="$pcdir" pkg-config --cflags --libs cncrypto)
# (a shared libcncrypto in a scratch prefix is found through LD_LIBRARY_PATH, as pkg-config users do)
LD_LIBRARY_PATH="$(dirname "$pcdir")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$work/consumer-pc"

echo "==> installed cnhash runs"
printf '' | "$prefix/bin/cnhash" | grep -q '^c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470  -$'
