#!/usr/bin/env bash
# The big-endian run (docs/bigendian.md): cross-builds the library and the unit
# tests of the common, hash, curve, keys, ringct and format layers for s390x
# (64-bit big-endian) with Debian's cross compiler (cmake/toolchains/
# s390x-linux-gnu.cmake, build dir build-s390x) and runs them with ctest under
# qemu-user (qemu-s390x). Prints a summary line per suite and in all; exits
# non-zero when a suite fails, cannot be built, or the target is not big-endian.
#
# Usage: scripts/bigendian.sh [--install | --install-only] [--quick]
#   --install  first install what the run needs (as root, or through sudo): the
#              Debian 12 packages g++-s390x-linux-gnu and qemu-user, and the s390x
#              builds of libsodium, Boost.Test/program_options, utf8proc, librandomx
#              and nlohmann-json, downloaded with `apt-get download` (the s390x
#              architecture is added to dpkg for that) and unpacked into the
#              sysroot directory (not installed: Debian 12's s390x libc6-dev cannot
#              be installed beside the amd64 one, the security archive no longer
#              builds s390x). Safe to run again. --install-only: that, no run
#              (.ci/run calls it; scripts/test.sh skips its big-endian stage,
#              and says so, in a clone without the sysroot).
#   --quick    only the hash and format suites (what CI runs, about 3 minutes
#              from a built state; see docs/bigendian.md).
# Environment: JOBS (default 2) build jobs and ctest jobs; BUILD_DIR (default
# build-s390x); CNCRYPTO_S390X_SYSROOT (default build-s390x-sysroot) the
# unpacked s390x packages; CNCRYPTO_SHARED_DIR as for the native tests (the
# suites read ../shared through qemu like native ones).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs="${JOBS:-2}"
build_dir="${BUILD_DIR:-build-s390x}"
sysroot="${CNCRYPTO_S390X_SYSROOT:-$PWD/build-s390x-sysroot}"
install=0
quick=0
for arg in "$@"; do
  case "$arg" in
    --install) install=1 ;;
    --install-only) install=2 ;;
    --quick) quick=1 ;;
    *) echo "usage: scripts/bigendian.sh [--install | --install-only] [--quick]" >&2; exit 2 ;;
  esac
done

# The s390x packages the suites link (their run-time libraries and, for the
# build, headers, .so links, pkg-config and CMake files).
target_packages=(
  libsodium-dev libsodium23 libutf8proc-dev libutf8proc2 librandomx-dev librandomx0
  libboost1.74-dev libboost-test1.74-dev libboost-test1.74.0
  libboost-program-options1.74-dev libboost-program-options1.74.0
)

if [ "$install" != 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  if ! dpkg --print-foreign-architectures | grep -qx s390x; then $SUDO dpkg --add-architecture s390x; fi
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends g++-s390x-linux-gnu qemu-user
  debs="$(mktemp -d)"
  chmod 755 "$debs"
  specs=()
  for p in "${target_packages[@]}"; do specs+=("$p:s390x"); done
  # apt-get's status decides (pipefail); grep only drops the "unsandboxed" notes.
  (cd "$debs" && apt-get download -qq "${specs[@]}" nlohmann-json3-dev 2>&1) | { grep -v "unsandboxed" || true; }
  mkdir -p "$sysroot"
  for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$sysroot"; done
  echo "==> unpacked $(ls "$debs" | wc -l) s390x packages into $sysroot"
  rm -rf "$debs"
  if [ "$install" = 2 ]; then exit 0; fi
fi

for tool in s390x-linux-gnu-g++ qemu-s390x; do
  if ! command -v "$tool" >/dev/null; then
    echo "bigendian.sh: $tool not found (run scripts/bigendian.sh --install)" >&2
    exit 1
  fi
done
if [ ! -e "$sysroot/usr/include/sodium.h" ]; then
  echo "bigendian.sh: no s390x packages in $sysroot (run scripts/bigendian.sh --install)" >&2
  exit 1
fi
if ! s390x-linux-gnu-g++ -dM -E -x c++ /dev/null | grep -q "__BYTE_ORDER__ __ORDER_BIG_ENDIAN__"; then
  echo "bigendian.sh: s390x-linux-gnu-g++ does not target a big-endian machine" >&2
  exit 1
fi

# The test modules of the six layers (tests/unit_tests/<layer>/CMakeLists.txt);
# hash_cryptonight_tests and hash_blake2b_tests are ctest entries of hash_tests; ed25519_fe10_tests
# and sc_portable_tests are the curve layer's other backends. RandomX
# (hash_randomx_tests) is left out: librandomx's interpreter under qemu takes
# minutes per light-mode cache.
if [ "$quick" = 1 ]; then
  targets=(hash_tests format_tests)
  tests=(hash_tests hash_cryptonight_tests hash_blake2b_tests format_tests)
else
  targets=(common_tests hash_tests curve_tests ed25519_fe10_tests sc_portable_tests keys_tests ringct_tests
           format_tests)
  tests=(common_tests hash_tests hash_cryptonight_tests hash_blake2b_tests curve_tests ed25519_fe10_tests sc_portable_tests
         keys_tests ringct_tests format_tests)
fi

start=$(date +%s)
echo "==> configure $build_dir (s390x, big-endian)"
cmake -S . -B "$build_dir" -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/s390x-linux-gnu.cmake \
  -DCNCRYPTO_S390X_SYSROOT="$sysroot" -DCMAKE_BUILD_TYPE=Release -DCNCRYPTO_WERROR=ON \
  -DCNCRYPTO_BUILD_TESTS=ON -DCNCRYPTO_BUILD_TOOLS=OFF -DCNCRYPTO_BUILD_PERF=OFF >/dev/null
echo "==> build $build_dir: ${targets[*]}"
cmake --build "$build_dir" -j "$jobs" --target "${targets[@]}"
built=$(date +%s)

regex="^($(IFS='|'; echo "${tests[*]}"))\$"
echo "==> test $build_dir under qemu-s390x: ${tests[*]}"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
status=0
ctest --test-dir "$build_dir" -R "$regex" --output-on-failure -j "$jobs" --timeout 1500 | tee "$out" || status=$?
end=$(date +%s)

echo "==> big-endian summary (s390x under qemu-user; build $((built - start)) s, tests $((end - built)) s):"
sed -n 's/^[[:space:]]*[0-9]*\/[0-9]* Test *#[0-9]*: \([^ ]*\) [.]* *\([A-Za-z*]*[A-Za-z]\).* \([0-9.]* sec\)$/    \1: \2 (\3)/p' "$out"
grep -E "tests passed|tests failed" "$out" | sed 's/^/    /' || true
ran=$(grep -cE "^[[:space:]]*[0-9]+/[0-9]+ Test" "$out" || true)
if [ "$ran" -ne "${#tests[@]}" ]; then
  echo "bigendian.sh: ctest ran $ran of ${#tests[@]} entries" >&2
  status=1
fi
if [ "$status" -ne 0 ]; then
  echo "==> big-endian run FAILED" >&2
  exit 1
fi
echo "==> big-endian run passed"
