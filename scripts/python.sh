#!/usr/bin/env bash
# The Python package's check (issue 36, docs/python.md): in a fresh virtual
# environment (--system-site-packages: cffi, pytest, pycryptodome and PyNaCl come
# from Debian), installs ./python from this clone offline with the README's
# command (pip install --no-build-isolation --no-index; the build compiles the C
# ABI with the project's CMake: Release, tests/tools/perf off, only
# cncrypto_c_static), runs python/tests with pytest against the INSTALLED package
# (from outside the source tree; conftest.py refuses a package imported from
# it), checks the console script, builds an sdist (no compile) and checks it
# carries the C++ sources, then uninstalls and checks that no file of the
# package is left; then installs it once more as a user with an index would
# (`pip install ./python`, build isolation, a venv without system
# site-packages), offline from local wheels, checks that its build imported
# setuptools, wheel, cffi, pycparser and ply from pip's isolated build
# environment (none from the system's site-packages), and calls it. Prints its
# wall time per step.
#
# Usage: scripts/python.sh
# Environment: PYTHON (default /usr/bin/python3, Debian's, which the Debian
# packages of scripts/install-deps.sh are for); JOBS (default 2) compile jobs;
# CNCRYPTO_SHARED_DIR as for the C++ tests (the vector tests skip without it,
# with a message); CNCRYPTO_SKIP_LOG, a file to which the skipped tests are
# appended as "python.sh: FILE: REASON" (scripts/test.sh's summary); CMAKE_C_COMPILER_LAUNCHER / CMAKE_CXX_COMPILER_LAUNCHER
# (e.g. ccache) are passed to CMake; CNCRYPTO_CMAKE_BUILD_DIR, a CMake build tree
# to reuse (default: a fresh one in the scratch directory, removed at the end);
# KEEP=1 keeps the scratch directory.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
python="${PYTHON:-/usr/bin/python3}"
if [ ! -x "$python" ]; then python="$(command -v python3)"; fi
start=$SECONDS
step() { echo "==> python.sh [+$((SECONDS - start))s] $*"; }
scratch="$(mktemp -d "${TMPDIR:-/tmp}/cncrypto-python.XXXXXX")"
# pip builds in the source tree (python/build, python/src/*.egg-info): removed
# afterwards unless they were there before.
leftovers=()
for d in python/build python/src/cncrypto.egg-info; do [ -e "$d" ] || leftovers+=("$repo/$d"); done
cleanup() {
  rm -rf "${leftovers[@]}"
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $scratch"; else rm -rf "$scratch"; fi
}
trap cleanup EXIT

step "venv ($("$python" --version 2>&1), --system-site-packages) in $scratch/venv"
"$python" -m venv --system-site-packages "$scratch/venv"
py="$scratch/venv/bin/python"
site="$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
platsite="$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')"

step "pip install --no-build-isolation --no-index ./python (CMake build of libcncrypto_c.a, -j${JOBS:-2})"
CNCRYPTO_BUILD_JOBS="${JOBS:-2}" CNCRYPTO_CMAKE_BUILD_DIR="${CNCRYPTO_CMAKE_BUILD_DIR:-$scratch/cmake}" \
  "$py" -m pip install --no-build-isolation --no-index --quiet ./python
"$py" -m pip show -f cncrypto | sed -n '/^Files:/,$p' | tail -n +2 | sed 's/^ *//' >"$scratch/files"
echo "installed $(wc -l <"$scratch/files") files; the native module:"
(cd "$site" && ls -l cncrypto/_native*.so)

step "pytest python/tests against the installed package (from $scratch)"
(cd "$scratch" && CNCRYPTO_EXPECT_INSTALLED=1 "$py" -m pytest -q -rs -p no:cacheprovider "$repo/python/tests") |
  tee "$scratch/pytest.log"
# scripts/test.sh's summary of skipped entries: one line per skipped test group
if [ -n "${CNCRYPTO_SKIP_LOG:-}" ]; then
  sed -n 's/^SKIPPED \[[0-9]*\] \([^:]*\):[0-9]*: /python.sh: \1: /p' "$scratch/pytest.log" >>"$CNCRYPTO_SKIP_LOG"
fi

step "console script and python -m cncrypto"
expected="4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45  \"abc\""
got="$("$scratch/venv/bin/cncrypto" hash -m abc)"
[ "$got" = "$expected" ] || { echo "cncrypto hash -m abc printed '$got'" >&2; exit 1; }
got="$(cd "$scratch" && "$py" -m cncrypto hash -m abc)"
[ "$got" = "$expected" ] || { echo "python -m cncrypto hash -m abc printed '$got'" >&2; exit 1; }

step "sdist (python -m build --sdist --no-isolation): carries the C++ sources"
"$py" -m build --sdist --no-isolation --outdir "$scratch/dist" ./python >"$scratch/sdist.log" 2>&1 ||
  { cat "$scratch/sdist.log" >&2; exit 1; }
sdist="$(ls "$scratch"/dist/cncrypto-*.tar.gz)"
tar -tzf "$sdist" >"$scratch/sdist.list"
for f in setup.py pyproject.toml cncrypto_build.py src/cncrypto/__init__.py src/cncrypto/py.typed \
         cncrypto-src/CMakeLists.txt cncrypto-src/src/capi/include/cncrypto.h tests/test_vectors.py; do
  grep -qx "cncrypto-[0-9.]*/$f" "$scratch/sdist.list" || { echo "the sdist lacks $f" >&2; exit 1; }
done
echo "$(basename "$sdist"): $(wc -l <"$scratch/sdist.list") entries"

step "pip uninstall cncrypto: nothing of it left"
"$py" -m pip uninstall -y --quiet cncrypto
left=0
while IFS= read -r f; do
  for base in "$site" "$platsite"; do
    if [ -e "$base/$f" ]; then echo "left after uninstall: $base/$f" >&2; left=1; fi
  done
done <"$scratch/files"
if ls -d "$site"/cncrypto* "$platsite"/cncrypto* "$scratch/venv/bin/cncrypto" 2>/dev/null; then
  echo "left after uninstall (above)" >&2
  left=1
fi
[ "$left" = 0 ] || exit 1
if "$py" -c 'import cncrypto' 2>/dev/null; then echo "cncrypto still importable after uninstall" >&2; exit 1; fi

# The plain `pip install ./python` of a user with an index: build isolation, a venv
# without the system's site-packages. Offline: setuptools and wheel from Debian's
# .whl files (/usr/share/python-wheels: python3-setuptools-whl, python3-wheel-whl),
# cffi and pycparser packed as wheels from Debian's installed python3-cffi and
# python3-pycparser (scripts/debian_wheels.py: Debian ships no .whl of them), so
# the isolated build environment gets exactly pyproject.toml's build requirements.
wheels=/usr/share/python-wheels
if ! ls "$wheels"/setuptools-*.whl "$wheels"/wheel-*.whl >/dev/null 2>&1; then
  echo "python.sh: SKIPPED the build-isolation install: $wheels lacks setuptools or wheel (Debian: python3-setuptools-whl, python3-wheel-whl)" >&2
  [ -z "${CNCRYPTO_SKIP_LOG:-}" ] || echo "python.sh: build isolation: $wheels lacks setuptools or wheel .whl files" >>"$CNCRYPTO_SKIP_LOG"
else
  step "pip install ./python WITH build isolation, offline (a venv without system site-packages; --find-links $wheels)"
  "$python" scripts/debian_wheels.py "$scratch/wheels" >/dev/null
  "$python" -m venv "$scratch/venv-isolated"
  ipy="$scratch/venv-isolated/bin/python"
  CNCRYPTO_BUILD_JOBS="${JOBS:-2}" CNCRYPTO_CMAKE_BUILD_DIR="${CNCRYPTO_CMAKE_BUILD_DIR:-$scratch/cmake}" \
    CNCRYPTO_BUILD_MODULES_REPORT="$scratch/build-modules" \
    "$ipy" -m pip install --no-index --find-links "$wheels" --find-links "$scratch/wheels" --quiet ./python
  # The isolation guard: the build imported setuptools, wheel, cffi (and its
  # _cffi_backend), pycparser and ply, each from pip's isolated build environment,
  # none from the system's site-packages or the clone (setup.py writes where each
  # came from).
  system_sites="$("$python" -c 'import site, sys; print("\n".join(site.getsitepackages() + [site.getusersitepackages()]))')"
  for module in setuptools wheel cffi _cffi_backend pycparser ply; do
    path="$(sed -n "s/^$module //p" "$scratch/build-modules")"
    case "$path" in
      "" | -) echo "python.sh: the isolated build did not import $module (setup.py's report: $scratch/build-modules)" >&2; exit 1 ;;
      "$repo"/*) echo "python.sh: the isolated build imported $module from the clone: $path" >&2; exit 1 ;;
    esac
    while IFS= read -r dir; do
      case "$path" in
        "$dir"/*) echo "python.sh: the isolated build imported $module from the system's $dir: $path" >&2; exit 1 ;;
      esac
    done <<<"$system_sites"
    echo "isolated build: $module from $path"
  done
  (cd "$scratch" && "$ipy" - "${CNCRYPTO_SHARED_DIR:-$repo/../shared}") <<'PY'
import os, sys, cncrypto
assert cncrypto.__file__.startswith(sys.prefix), cncrypto.__file__  # the isolated venv's copy
import cffi, _cffi_backend, pycparser, ply  # the run-time dependency and what it requires, from the wheels
for module in (cffi, _cffi_backend, pycparser, ply):
    assert module.__file__.startswith(sys.prefix), module.__file__
assert cncrypto.cn_fast_hash(b"abc").hex() == "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"
path = os.path.join(sys.argv[1], "data", "vectors", "owned_output_clsag_tx.json")
if os.path.exists(path):  # a real scan, as the README's example
    import json
    v = json.load(open(path))
    with cncrypto.Wallet(bytes.fromhex(v["wallet_view_secret"]), bytes.fromhex(v["wallet_spend_public"])) as w:
        assert [o.amount for o in w.scan(bytes.fromhex(v["tx_hex"]))] == [v["output0_amount"]]
print("the isolated install imports and computes (%s)" % cncrypto.__file__)
PY
fi

step "done in $((SECONDS - start)) s"
