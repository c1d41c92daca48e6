#!/usr/bin/env bash
# Installs the Debian 12 packages cncrypto needs. Run as root (or through sudo).
# Safe to run again.
#
# Usage: scripts/install-deps.sh [--python] [--list]
#   (no option)  everything: build, test and benchmark the library, the Python
#                package and the WebAssembly build (what CI and scripts/test.sh
#                need: two compilers, sanitizer runtimes, valgrind, emscripten,
#                node, Chromium, the benchmark's peer libraries)
#   --python     only what `pip install ./python` and using the package need
#                (docs/python.md, "Install"): the compiler, CMake, pkg-config, the
#                libraries the C ABI links and the headers it includes, and Debian's
#                Python 3 with venv, pip, setuptools, wheel and cffi
#   --list       print the profile's package names, one a line, and install nothing
# Download sizes of the two profiles on a bare Debian 12: docs/python.md.
set -euo pipefail
profile=all
list=0
for arg in "$@"; do
  case "$arg" in
    --python) profile=python ;;
    --list) list=1 ;;
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install-deps.sh: unknown option '$arg' (expected --python, --list or nothing)" >&2; exit 2 ;;
  esac
done

# What `pip install ./python` builds (python/setup.py: the project's CMake with the
# tests, tools and performance harness off, the one target cncrypto_c_static) and
# what the package needs at run time. external/CMakeLists.txt finds these for that
# configuration: pkg-config, libsodium, libutf8proc, librandomx (optional, else the
# RandomX functions report EUNSUPPORTED), Boost's headers (Multiprecision); no
# nlohmann-json and no Boost libraries (the tools' and tests' only).
python_packages=(
  # g++ and make, not build-essential (whose dpkg-dev brings perl: 11 packages, 10 MB more)
  g++ make cmake pkg-config
  libboost-dev libsodium-dev libutf8proc-dev librandomx-dev
  # Debian's Python (/usr/bin/python3): headers for the cffi extension, venv,
  # pip, and the build requirements of python/pyproject.toml (setuptools, wheel, cffi)
  python3 python3-dev python3-venv python3-pip python3-setuptools python3-wheel python3-cffi
)
packages=(
  "${python_packages[@]}"
  build-essential git ccache
  libboost-test-dev libboost-program-options-dev nlohmann-json3-dev
  python3-pycryptodome openssl valgrind
  # the Python package's tests and its benchmark's peers (scripts/python.sh: its
  # offline build-isolation install uses the .whl files of setuptools and wheel)
  python3-build python3-pytest python3-nacl python3-setuptools-whl python3-wheel-whl
  # the second compiler of scripts/test.sh and its sanitizer runtimes (TSan, libFuzzer, coverage)
  clang libclang-rt-14-dev llvm
  # peers timed beside ours by the performance harness (each optional at configure time)
  libssl-dev libgcrypt20-dev libcrypto++-dev nettle-dev
  # the WebAssembly build and the npm package's tests (scripts/wasm.sh, docs/wasm.md):
  # emscripten, node (its npm comes with it here: see below) and headless Chromium
  emscripten nodejs chromium chromium-driver
  # the smallest DEFLATE encoding of the seed word lists in the .wasm (10 KB less)
  zopfli
)
if [ "$profile" = python ]; then packages=("${python_packages[@]}"); fi
if [ "$list" = 1 ]; then printf '%s\n' "${packages[@]}"; exit 0; fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
# Waits up to 5 minutes for another apt/dpkg run to release its lock instead of failing.
$SUDO apt-get -o DPkg::Lock::Timeout=300 update -qq
$SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${packages[@]}"
if [ "$profile" = python ]; then exit 0; fi
# npm: part of the nodejs package on images whose node is NodeSource's build; Debian's
# own nodejs has it as a separate package.
if ! command -v npm >/dev/null; then
  $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends npm
fi
