"""The build's own checks and the install profile the README gives (issue 36: a new
user with only the README installs the package).

- python/setup.py stops with what to install when the Python that builds lacks
  cffi or wheel (pip install --no-build-isolation with a pyenv python3, for
  example), instead of setuptools' "invalid command 'bdist_wheel'". Their
  absence is simulated by packages of those names that raise ImportError, put
  first on PYTHONPATH; setup.py exits before any build.
- scripts/install-deps.sh --python names what the build of python/ finds
  (external/CMakeLists.txt, for CMake's configuration without tests, tools and
  benchmarks) and Debian's Python build requirements, and is part of the full list.

Both need the clone (setup.py is in an sdist too; install-deps.sh is not).
"""
import importlib.util
import os
import subprocess
import sys

import pytest

PYTHON_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SETUP = os.path.join(PYTHON_DIR, "setup.py")
INSTALL_DEPS = os.path.join(PYTHON_DIR, "..", "scripts", "install-deps.sh")


def run_setup_without(tmp_path, modules, *args):
    for name in modules:
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("raise ImportError('%s hidden by test_build.py')\n" % name)
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    return subprocess.run([sys.executable, SETUP] + list(args), cwd=PYTHON_DIR, env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("hidden", [("cffi",), ("wheel",), ("cffi", "wheel")])
def test_setup_names_a_missing_build_requirement(tmp_path, hidden):
    if not os.path.isfile(SETUP):
        pytest.skip("no python/setup.py beside the tests")
    r = run_setup_without(tmp_path, hidden, "bdist_wheel", "--help")
    own_bdist_wheel = importlib.util.find_spec("setuptools.command.bdist_wheel") is not None
    missing = [m for m in hidden if not (m == "wheel" and own_bdist_wheel)]  # setuptools >= 70.1 needs no wheel
    if not missing:
        assert r.returncode == 0, r.stderr
        return
    assert r.returncode != 0
    assert "invalid command" not in r.stderr
    assert "lacks %s, which building the package needs" % " and ".join(missing) in r.stderr, r.stderr
    assert sys.executable in r.stderr and "install-deps.sh --python" in r.stderr and "/usr/bin/python3" in r.stderr


def test_setup_needs_no_wheel_for_an_sdist(tmp_path):
    """Only the commands that make a wheel need the wheel package (dist_info, bdist_wheel,
    editable_wheel): `sdist --help` goes on without it."""
    if not os.path.isfile(SETUP):
        pytest.skip("no python/setup.py beside the tests")
    r = run_setup_without(tmp_path, ("wheel",), "sdist", "--help")
    assert r.returncode == 0, r.stderr
    assert "lacks" not in r.stderr


def profile(*options):
    r = subprocess.run(["bash", INSTALL_DEPS, "--list"] + list(options), capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    return r.stdout.split()


def test_install_deps_python_profile():
    if not os.path.isfile(INSTALL_DEPS):
        pytest.skip("no scripts/install-deps.sh (not a clone)")
    python, everything = profile("--python"), profile()
    assert len(set(python)) == len(python) and len(set(everything)) == len(everything)
    assert set(python) < set(everything)
    # what external/CMakeLists.txt finds without tests, tools and benchmarks: pkg-config,
    # libsodium, libutf8proc, librandomx, Boost's headers; CMake and a C++ compiler
    for package in ("cmake", "g++", "make", "pkg-config", "libsodium-dev", "libutf8proc-dev", "librandomx-dev",
                    "libboost-dev"):
        assert package in python
    # Debian's Python with what python/pyproject.toml's build and the README's commands use
    for package in ("python3", "python3-dev", "python3-venv", "python3-pip", "python3-setuptools", "python3-wheel",
                    "python3-cffi"):
        assert package in python
    # not for the Python package: the tools' and tests' libraries, the second compiler, WebAssembly
    for package in ("nlohmann-json3-dev", "libboost-test-dev", "clang", "valgrind", "emscripten", "chromium"):
        assert package in everything and package not in python


def test_install_deps_refuses_an_unknown_option():
    if not os.path.isfile(INSTALL_DEPS):
        pytest.skip("no scripts/install-deps.sh (not a clone)")
    r = subprocess.run(["bash", INSTALL_DEPS, "--pyhton"], capture_output=True, text=True, timeout=30)
    assert r.returncode == 2 and "unknown option '--pyhton'" in r.stderr
