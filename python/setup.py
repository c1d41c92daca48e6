"""Builds cncrypto's Python package: the C ABI with the project's CMake, then
one cffi extension (cncrypto._native) that holds it.

The metadata is in pyproject.toml; this file only adds the native build
(docs/python.md, "How it is built"):

1. ``cmake`` configures the repository (the clone this folder is in, or the
   copy an sdist carries in ``cncrypto-src/``) with the tests, tools and
   performance harness off, Release, and builds the one target the package
   needs, ``cncrypto_c_static`` (libcncrypto_c.a: the C ABI and the library,
   compiled position-independent: the project sets
   CMAKE_POSITION_INDEPENDENT_CODE, and the link of step 3 would fail
   otherwise).
2. The cffi module's C source is generated from ``cncrypto.h``
   (cncrypto_build.py).
3. That source is compiled and linked with ``libcncrypto_c.a`` into one
   shared object; the C++ runtime, libsodium, libutf8proc and librandomx come
   from the system (the libraries ``cncrypto_c.pc`` names, read from the
   build tree).

Environment: CNCRYPTO_BUILD_JOBS (parallel compile jobs, default 2),
CNCRYPTO_CMAKE_BUILD_DIR (the CMake build tree, default under setuptools'
build_temp; give a lasting one to rebuild incrementally),
CNCRYPTO_CMAKE_ARGS (extra configure arguments, split on spaces),
CNCRYPTO_SOURCE_DIR (the cncrypto source tree), CNCRYPTO_BUILD_MODULES_REPORT
(a file to which the build writes "MODULE PATH" for the setuptools, wheel,
cffi, _cffi_backend, pycparser and ply it imported: scripts/python.sh checks
that an isolated build took them from pip's build environment). CMake's own
variables apply too (CMAKE_C_COMPILER_LAUNCHER=ccache, CC, CXX).
"""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
# The commands that make a wheel (pip install runs dist_info, then bdist_wheel):
# setuptools before 70.1 has them only with the wheel package installed.
WHEEL_COMMANDS = {"bdist_wheel", "dist_info", "editable_wheel"}


def missing_build_requirements(argv):
    """The build requirements (pyproject.toml's: cffi, and wheel for the WHEEL_COMMANDS
    of argv) this Python cannot import. Without build isolation (pip install
    --no-build-isolation) they are whatever the Python that runs pip has."""
    missing = []
    try:
        import cffi  # noqa: F401
    except ImportError:
        missing.append("cffi")
    if WHEEL_COMMANDS.intersection(argv):
        try:
            import setuptools.command.bdist_wheel  # noqa: F401  (setuptools >= 70.1 has its own)
        except ImportError:
            try:
                import wheel.bdist_wheel  # noqa: F401
            except ImportError:
                missing.append("wheel")
    return missing


def require_build_requirements(argv):
    """Stops with what to install instead of setuptools' "invalid command 'bdist_wheel'"
    or an ImportError from cncrypto_build.py (docs/python.md, "Install")."""
    missing = missing_build_requirements(argv)
    if missing:
        raise SystemExit(
            "cncrypto: this Python (%s) lacks %s, which building the package needs (python/pyproject.toml's "
            "build requirements: setuptools>=61, wheel, cffi>=1.15; with --no-build-isolation pip builds with the "
            "packages of the Python that runs it). On Debian 12 use Debian's /usr/bin/python3 after "
            "`bash scripts/install-deps.sh --python` (python3-setuptools, python3-wheel, python3-cffi): "
            "/usr/bin/python3 -m venv --system-site-packages ~/.venvs/cncrypto && ~/.venvs/cncrypto/bin/pip install "
            "--no-build-isolation --no-index ./python. With another Python (pyenv, conda, a venv without "
            "--system-site-packages) install them into it (pip install %s) or drop --no-build-isolation and --no-index "
            "(pip then fetches them from the index)." % (sys.executable, " and ".join(missing), " ".join(missing)))


require_build_requirements(sys.argv[1:])
sys.path.insert(0, HERE)
import cncrypto_build  # noqa: E402  (beside this file)

# What an sdist copies from the repository into cncrypto-src/: what the CMake
# build of libcncrypto_c.a reads (no tests, tools' sources are in src/ anyway).
SOURCE_ITEMS = ["CMakeLists.txt", "cmake", "external", "src", "LICENSE", "COPYING"]
SDIST_SOURCE = "cncrypto-src"


def source_dir():
    """The cncrypto source tree: $CNCRYPTO_SOURCE_DIR, an sdist's copy, or the clone."""
    candidates = [os.environ.get("CNCRYPTO_SOURCE_DIR", ""), os.path.join(HERE, SDIST_SOURCE),
                  os.path.dirname(HERE)]
    for candidate in candidates:
        if candidate and os.path.isfile(cncrypto_build.header_path(candidate)) and \
                os.path.isfile(os.path.join(candidate, "CMakeLists.txt")):
            return os.path.abspath(candidate)
    raise SystemExit("cncrypto: the C++ sources are not found (looked in %s); build from a clone "
                     "of the repository, an sdist, or set CNCRYPTO_SOURCE_DIR" % ", ".join(c for c in candidates if c))


def pc_libraries(build_dir):
    """(libraries, link flags) that libcncrypto_c.a needs, from the build tree's cncrypto_c.pc."""
    fields = {}
    with open(os.path.join(build_dir, "cncrypto_c.pc"), encoding="utf-8") as f:
        for line in f:
            key, sep, value = line.partition(":")
            if sep and "=" not in key:
                fields[key.strip()] = value.strip()
    modules = [m.strip() for m in fields.get("Requires.private", "").split(",") if m.strip()]
    flags = subprocess.run(["pkg-config", "--libs"] + modules, check=True, capture_output=True,
                           text=True).stdout.split() if modules else []
    flags += fields.get("Libs.private", "").split()
    libraries = [flag[2:] for flag in flags if flag.startswith("-l")]
    others = [flag for flag in flags if not flag.startswith("-l")]
    return libraries, others


class BuildNative(build_ext):
    """build_ext that first builds libcncrypto_c.a with CMake and writes the cffi source."""

    def run(self):
        src = source_dir()
        build_dir = os.path.abspath(os.environ.get("CNCRYPTO_CMAKE_BUILD_DIR") or
                                    os.path.join(self.build_temp, "cncrypto-cmake"))
        jobs = os.environ.get("CNCRYPTO_BUILD_JOBS", "2")
        configure = ["cmake", "-S", src, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
                     "-DCNCRYPTO_BUILD_TESTS=OFF", "-DCNCRYPTO_BUILD_TOOLS=OFF", "-DCNCRYPTO_BUILD_PERF=OFF",
                     "-DCNCRYPTO_BUILD_C_API=ON", "-DCNCRYPTO_WERROR=OFF", "-DCMAKE_POSITION_INDEPENDENT_CODE=ON"]
        configure += os.environ.get("CNCRYPTO_CMAKE_ARGS", "").split()
        self.announce("cncrypto: " + " ".join(configure), level=2)
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", build_dir, "--target", "cncrypto_c_static", "-j", jobs], check=True)
        archive = os.path.join(build_dir, "src", "capi", "libcncrypto_c.a")
        if not os.path.isfile(archive):
            raise SystemExit("cncrypto: the CMake build did not produce " + archive)

        with open(cncrypto_build.header_path(src), encoding="utf-8") as f:
            ffi = cncrypto_build.make_ffi(f.read())
        report = os.environ.get("CNCRYPTO_BUILD_MODULES_REPORT")
        if report:  # scripts/python.sh: where this build's cffi, pycparser and ply were imported from
            with open(report, "w", encoding="utf-8") as f:
                for name in ("setuptools", "wheel", "cffi", "_cffi_backend", "pycparser", "ply"):
                    f.write("%s %s\n" % (name, getattr(sys.modules.get(name), "__file__", None) or "-"))
        libraries, link_flags = pc_libraries(build_dir)
        for ext in self.extensions:
            os.makedirs(os.path.dirname(ext.sources[0]), exist_ok=True)
            ffi.emit_c_code(ext.sources[0])
            ext.include_dirs.append(os.path.dirname(cncrypto_build.header_path(src)))
            ext.define_macros.append(("CNCRYPTO_C_STATIC", "1"))
            ext.extra_objects.append(archive)
            # The archive's symbols stay inside the extension: it exports only PyInit__native.
            ext.extra_link_args += ["-Wl,--exclude-libs,ALL"] + link_flags
            ext.libraries += libraries
            ext.depends.append(archive)
        super().run()


class SdistWithSources(sdist):
    """sdist that carries the C++ sources (in cncrypto-src/), so a wheel builds from it alone."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        if os.path.isdir(os.path.join(HERE, SDIST_SOURCE)):
            repo = os.path.join(HERE, SDIST_SOURCE)  # an sdist made from an sdist
        else:
            repo = os.path.dirname(HERE)
        target = os.path.join(base_dir, SDIST_SOURCE)
        for item in SOURCE_ITEMS:
            path = os.path.join(repo, item)
            if os.path.isdir(path):
                shutil.copytree(path, os.path.join(target, item),
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            elif os.path.isfile(path):
                os.makedirs(target, exist_ok=True)
                shutil.copy2(path, os.path.join(target, item))
        # the repository's tests folder is not needed: CNCRYPTO_BUILD_TESTS is OFF.


setup(
    ext_modules=[Extension(cncrypto_build.MODULE, sources=[os.path.join("build", "cffi", "_native.c")])],
    cmdclass={"build_ext": BuildNative, "sdist": SdistWithSources},
)
