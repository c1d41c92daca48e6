#!/usr/bin/env bash
# The WebAssembly build of the C ABI and the npm package `cncrypto` (docs/wasm.md).
#
# Builds libcncrypto_c.a for wasm32 with Debian's emscripten (toolchain
# cmake/toolchains/wasm32-emscripten.cmake, build dir build-wasm), once with
# proof of work and once without, and links each into an ES module and its .wasm
# in js/dist/:
#   cncrypto-wallet.{mjs,wasm}  -DCNCRYPTO_WITH_POW=OFF: the PoW functions say
#                               CNCRYPTO_EUNSUPPORTED (import 'cncrypto')
#   cncrypto-full.{mjs,wasm}    with CryptoNight (import 'cncrypto/full'); RandomX
#                               is CNCRYPTO_EUNSUPPORTED in both (no wasm32 librandomx)
# The two differ only in src/capi's objects: the one build dir is reconfigured
# between them, so the layers are compiled once.
# Each is linked twice (in parallel), from the same objects: cncrypto-<variant>.wasm,
# scalar only, and cncrypto-<variant>-simd.wasm, which adds the curve layer's
# WebAssembly SIMD128 backend (libcncrypto_curve_simd128.a, built with -msimd128,
# whole-archive: it replaces weak fallbacks). The loader (.mjs) is the same for both
# (checked: the script fails if the two links' loaders differ); js/src/load.js picks
# the .wasm by feature detection (docs/wasm.md, "Two modules: SIMD128 and scalar").
# The exported functions are src/capi/cncrypto_c.symbols (plus malloc and free); the
# wallet build's list leaves out the transaction checks and v1 ring signatures
# (wallet_omit below; their JavaScript methods say EUNSUPPORTED there).
#
# Usage: scripts/wasm.sh [--test] [--no-browser]
#   --test        then check the sodium and utf8proc stand-ins (tests/wasm/, against
#                 the native libsodium and utf8proc), the SIMD128 curve backend
#                 against the serial code (tests/wasm/simd128_test.cpp, under Node),
#                 `npm pack` the package, install the
#                 tarball offline into a temporary directory and run `node --test`
#                 there, once on each module (CNCRYPTO_WASM=simd, then =scalar),
#                 then the same suite in headless Chromium (the SIMD128 module)
#                 (js/test/browser/run.mjs), with a screenshot in build-wasm/
#   --no-browser  with --test: not the Chromium run
# Environment: JOBS (default 2); BUILD_DIR (default build-wasm);
# CNCRYPTO_WASM_EXCEPTIONS (wasm, the default, or js: docs/wasm.md);
# DIST_DIR (default js/dist; --test packs js/ and so needs the default);
# CNCRYPTO_SHARED_DIR (default ../shared) for the vectors (skipped when absent);
# CHROMIUM (default: chromium on the PATH).
# Prints the wall time of each step and in all; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
jobs="${JOBS:-2}"
build_dir="${BUILD_DIR:-build-wasm}"
exceptions="${CNCRYPTO_WASM_EXCEPTIONS:-wasm}"
test=0
browser=1
while [ $# -gt 0 ]; do
  if [ "$1" = --test ]; then test=1
  elif [ "$1" = --no-browser ]; then browser=0
  else echo "usage: scripts/wasm.sh [--test] [--no-browser]" >&2; exit 2
  fi
  shift
done
# Debian's emscripten runs its JavaScript tools with node, which needs Debian's module path.
if [ -z "${NODE_PATH:-}" ] && [ -d /usr/share/nodejs ]; then export NODE_PATH=/usr/share/nodejs; fi
for tool in emcc em++ node; do
  if ! command -v "$tool" >/dev/null; then
    echo "wasm.sh: $tool not found (Debian: emscripten, nodejs; scripts/install-deps.sh)" >&2
    exit 1
  fi
done
case "$exceptions" in
  wasm) eh_flag="-fwasm-exceptions" ;;
  js) eh_flag="-sDISABLE_EXCEPTION_CATCHING=0" ;;
  *) echo "wasm.sh: CNCRYPTO_WASM_EXCEPTIONS must be wasm or js" >&2; exit 2 ;;
esac

start=$(date +%s)
step_start=$start
step() {  # step NAME: prints the time of the step before
  local now
  now=$(date +%s)
  [ -n "${step_name:-}" ] && echo "==> ${step_name}: $((now - step_start)) s"
  step_name="$1"
  step_start=$now
}

dist="${DIST_DIR:-$root/js/dist}"
mkdir -p "$dist"
# The exported names: every function of the C ABI, and the allocator the JS side uses;
# the wallet build leaves out the transaction verification (check_tx: Bulletproofs(+),
# CLSAG, MLSAG, Borromean; 86 KB) and version-1 ring signatures (7 KB), which a wallet
# does not need to scan or spend (docs/wasm.md, "Two builds"; docs/measurements/wasm.md):
# not exported, the linker drops their code. Their JavaScript methods say EUNSUPPORTED.
wallet_omit='cncrypto_check_tx cncrypto_check_tx_semantics cncrypto_generate_ring_signature cncrypto_check_ring_signature'
mkdir -p "$build_dir"
write_exports() {  # write_exports FILE [NAME ...]: the list without the names given
  local file="$1"
  shift
  {
    printf '['
    sed -n 's/^\(cncrypto_[a-z0-9_]*\)$/\1/p' src/capi/cncrypto_c.symbols | grep -vxF "$(printf '%s\n' "$@" '')" |
      sed 's/.*/"_&",/' | tr -d '\n'
    printf '"_malloc","_free"]\n'
  } >"$file"
}
write_exports "$build_dir/exports-full.json"
# shellcheck disable=SC2086
write_exports "$build_dir/exports-wallet.json" $wallet_omit

# Link flags (docs/wasm.md): an ES module factory, the .wasm beside it loaded by
# js/src/load.js through instantiateWasm (no fetch or fs in the loader: the same
# code in Node and browsers), growable memory, i64 as BigInt, no file system.
# Size (docs/measurements/wasm.md): emmalloc, 8 KB smaller than dlmalloc, no
# measurable cost here; -O3 at the link (binaryen's -Oz would save 19 KB more but
# costs 10% on a derivation and 18% on scanning).
link_flags=(-O3 "$eh_flag" -sMALLOC=emmalloc -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=cncryptoModule
  -sENVIRONMENT=web,worker -sALLOW_MEMORY_GROWTH=1 -sWASM_BIGINT=1 -sFILESYSTEM=0
  "-sINCOMING_MODULE_JS_API=[instantiateWasm]"
  # Unminified wasm import/export names (emcc turns their minification off when
  # library_exports.js is linked; nothing of it is used): the minified names depend
  # on the module's contents, and the SIMD128 and scalar modules must share one loader.
  # Costs about 2 KB of .wasm and 2 KB of loader.
  -lexports.js)

# Whichever variant the build dir is configured for first: one reconfiguration per run.
variants=(full wallet)
if grep -q '^CNCRYPTO_WITH_POW:BOOL=OFF$' "$build_dir/CMakeCache.txt" 2>/dev/null; then variants=(wallet full); fi
for variant in "${variants[@]}"; do
  if [ "$variant" = wallet ]; then pow=OFF; else pow=ON; fi
  step "configure $build_dir ($variant, CNCRYPTO_WITH_POW=$pow)"
  cmake -S . -B "$build_dir" -Wno-dev -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchains/wasm32-emscripten.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DCNCRYPTO_WERROR=ON -DCNCRYPTO_WASM_EXCEPTIONS="$exceptions" \
    -DCNCRYPTO_WITH_POW="$pow" >/dev/null
  step "build libcncrypto_c.a ($variant)"
  cmake --build "$build_dir" -j "$jobs" --target cncrypto_c_static cncrypto_wasm_sodium cncrypto_wasm_utf8proc \
    cncrypto_curve_simd128 >/dev/null
  step "link js/dist/cncrypto-$variant{,-simd}.{mjs,wasm}"
  libs=("$build_dir/src/capi/libcncrypto_c.a" "$build_dir/external/wasm/libcncrypto_wasm_sodium.a"
    "$build_dir/external/wasm/libcncrypto_wasm_utf8proc.a")
  exported=("-sEXPORTED_FUNCTIONS=@$build_dir/exports-$variant.json")
  emcc "${link_flags[@]}" "${exported[@]}" "${libs[@]}" -o "$dist/cncrypto-$variant.mjs" &
  scalar_pid=$!
  simd_tmp="$build_dir/simd-link"
  mkdir -p "$simd_tmp"
  emcc "${link_flags[@]}" "${exported[@]}" -msimd128 -Wl,--whole-archive "$build_dir/src/curve/libcncrypto_curve_simd128.a" \
    -Wl,--no-whole-archive "${libs[@]}" -o "$simd_tmp/cncrypto-$variant-simd.mjs"
  wait "$scalar_pid"
  # One loader for both (-lexports.js above): it names its .wasm only for emscripten's
  # own fetch, which load.js replaces (instantiateWasm).
  if ! sed "s/cncrypto-$variant-simd\.wasm/cncrypto-$variant.wasm/g" "$simd_tmp/cncrypto-$variant-simd.mjs" |
      cmp -s - "$dist/cncrypto-$variant.mjs"; then
    echo "wasm.sh: the SIMD128 and scalar links of $variant gave different loaders ($simd_tmp/cncrypto-$variant-simd.mjs)" >&2
    exit 1
  fi
  mv "$simd_tmp/cncrypto-$variant-simd.wasm" "$dist/cncrypto-$variant-simd.wasm"
done
step ""
for variant in wallet full; do
  for w in "$dist/cncrypto-$variant.wasm" "$dist/cncrypto-$variant-simd.wasm"; do
    echo "==> js/dist/$(basename "$w"): $(wc -c <"$w") bytes, gzip -9 $(gzip -9 -c "$w" | wc -c) bytes"
  done
  echo "==> js/dist/cncrypto-$variant.mjs (the loader of both): $(wc -c <"$dist/cncrypto-$variant.mjs") bytes"
done

if [ "$test" = 1 ]; then
  # The suite runs from a copy: tell it where the vectors are (it skips them when absent).
  export CNCRYPTO_SHARED_DIR="${CNCRYPTO_SHARED_DIR:-$root/../shared}"
  step "sodium stand-in (wasm and native libsodium)"
  emcc -O2 -I"$build_dir/external/wasm/host-include" tests/wasm/sodium_subset_test.c external/wasm/sodium_subset.c \
    -sENVIRONMENT=node -sSINGLE_FILE=1 -o "$build_dir/sodium_subset_test.js"  # (emscripten's fetch fails in Node 20)
  node "$build_dir/sodium_subset_test.js" >"$build_dir/sodium_subset_test.out"
  sed 's/^/    /' "$build_dir/sodium_subset_test.out"
  wasm_line="$(grep digest "$build_dir/sodium_subset_test.out")"
  cc -O2 tests/wasm/sodium_subset_test.c -o "$build_dir/sodium_subset_test_native" $(pkg-config --cflags --libs libsodium)
  native_line="$("$build_dir/sodium_subset_test_native" | grep digest)"
  if [ "$wasm_line" != "$native_line" ]; then
    echo "wasm.sh: the sodium stand-in differs from libsodium: '$wasm_line' vs '$native_line'" >&2
    exit 1
  fi
  echo "    same digest as the native libsodium"
  step "utf8proc stand-in (native, against Debian's utf8proc)"
  cc -std=c99 -O2 tests/wasm/utf8proc_subset_test.c -o "$build_dir/utf8proc_test_real" -lutf8proc
  cc -std=c99 -O2 -DSUBSET tests/wasm/utf8proc_subset_test.c external/wasm/utf8proc_subset.c -o "$build_dir/utf8proc_test_subset"
  real_line="$("$build_dir/utf8proc_test_real")"
  subset_line="$("$build_dir/utf8proc_test_subset")"
  echo "    $subset_line"
  if [ "$real_line" != "$subset_line" ]; then
    echo "wasm.sh: the utf8proc stand-in differs from utf8proc: '$subset_line' vs '$real_line'" >&2
    exit 1
  fi

  step "simd128 curve backend against the serial code (tests/wasm/simd128_test.cpp, in Node)"
  em++ -std=c++17 -O2 -msimd128 "$eh_flag" -DCNCRYPTO_FE_10LIMB -DCNCRYPTO_SC_NO_INT128 -Isrc/curve/include \
    -Isrc/curve/internal -Isrc/curve -Isrc/common/include -Isrc/common/internal -I"$build_dir/external/wasm/host-include" \
    tests/wasm/simd128_test.cpp "$build_dir/src/capi/libcncrypto_c.a" "$build_dir/external/wasm/libcncrypto_wasm_sodium.a" \
    "$build_dir/external/wasm/libcncrypto_wasm_utf8proc.a" -sENVIRONMENT=node -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 \
    -o "$build_dir/simd128_test.js"
  node "$build_dir/simd128_test.js" | sed 's/^/    /'
  [ "${PIPESTATUS[0]}" = 0 ] || { echo "wasm.sh: the simd128 backend differs from the serial code" >&2; exit 1; }

  step "npm pack, install the tarball offline, node --test"
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd js && npm pack --silent --pack-destination "$tmp" >/dev/null)
  tarball="$(ls "$tmp"/cncrypto-*.tgz)"
  echo "    $(basename "$tarball"): $(wc -c <"$tarball") bytes"
  mkdir -p "$tmp/consumer"
  (cd "$tmp/consumer" && echo '{"name":"consumer","private":true,"type":"module"}' >package.json &&
    npm install --offline --no-audit --no-fund --silent "$tarball")
  # The suite is the repository's (js/test); it imports the package by name from the consumer.
  cp -r js/test "$tmp/consumer/test"
  # Monero's JSON texts' digests (tests/unit_tests/vectors/monero_json) beside the suite (also served to Chromium).
  mkdir -p "$tmp/consumer/test/vectors"
  cp tests/unit_tests/vectors/monero_json/digests.txt "$tmp/consumer/test/vectors/monero_json_digests.txt"
  cp -r js/examples "$tmp/consumer/examples"
  for module in simd scalar; do
    echo "    --- node --test on the $module modules (CNCRYPTO_WASM=$module)"
    (cd "$tmp/consumer" && CNCRYPTO_WASM=$module node --test --test-reporter=spec test/node.test.js)
  done

  if [ "$browser" = 1 ]; then
    step "headless Chromium"
    node "$tmp/consumer/test/browser/run.mjs" --package "$tmp/consumer/node_modules/cncrypto" \
      --screenshot "$root/$build_dir/browser-result.png"
  fi
fi
step ""
echo "==> wasm.sh: $(($(date +%s) - start)) s in all"
