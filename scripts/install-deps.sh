#!/usr/bin/env bash
# Installs the Debian 12 packages cncrypto needs to build, test and benchmark.
# Run as root (or through sudo). Safe to run again.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
packages=(
  build-essential cmake pkg-config git ccache
  libboost-dev libboost-test-dev libboost-program-options-dev
  libsodium-dev libutf8proc-dev nlohmann-json3-dev librandomx-dev
  python3 python3-pycryptodome openssl valgrind
  # the Python package (python/, scripts/python.sh): its build, its tests, its benchmark's peers
  python3-dev python3-venv python3-pip python3-setuptools python3-wheel python3-build python3-cffi
  python3-pytest python3-nacl
  # the second compiler of scripts/test.sh and its sanitizer runtimes (TSan, libFuzzer, coverage)
  clang libclang-rt-14-dev llvm
  # peers timed beside ours by the performance harness (each optional at configure time)
  libssl-dev libgcrypt20-dev libcrypto++-dev nettle-dev
  # the WebAssembly build and the npm package's tests (scripts/wasm.sh, docs/wasm.md):
  # emscripten, node (its npm comes with it here: see below) and headless Chromium
  emscripten nodejs chromium chromium-driver
)
export DEBIAN_FRONTEND=noninteractive
# Waits up to 5 minutes for another apt/dpkg run to release its lock instead of failing.
$SUDO apt-get -o DPkg::Lock::Timeout=300 update -qq
$SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${packages[@]}"
# npm: part of the nodejs package on images whose node is NodeSource's build; Debian's
# own nodejs has it as a separate package.
if ! command -v npm >/dev/null; then
  $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends npm
fi
