"""pytest setup: the shared directory (Monero's vectors and real chain data).

The rule of the C++ tests (tests/unit_tests/support/shared_dir.h): the
directory is $CNCRYPTO_SHARED_DIR when set and not empty, else the clone's
../shared (python/tests/../../../shared); one without both vectors/ and data/
counts as absent, and the tests that need it are skipped with a message.

With CNCRYPTO_EXPECT_INSTALLED=1 (scripts/python.sh) the session fails unless
cncrypto is imported from an installed copy (site-packages), not from the
source tree.
"""
import os

import pytest

import cncrypto

HERE = os.path.dirname(os.path.abspath(__file__))


def _shared_dir():
    env = os.environ.get("CNCRYPTO_SHARED_DIR", "")
    path = env if env else os.path.join(HERE, "..", "..", "..", "shared")
    if os.path.isdir(os.path.join(path, "vectors")) and os.path.isdir(os.path.join(path, "data")):
        return os.path.abspath(path)
    return None


SHARED = _shared_dir()


def pytest_report_header(config):
    where = SHARED or "absent (set CNCRYPTO_SHARED_DIR; the vector tests are skipped)"
    return ["cncrypto %s from %s" % (cncrypto.version(), os.path.dirname(cncrypto.__file__)),
            "shared directory: %s" % where]


def pytest_sessionstart(session):
    if os.environ.get("CNCRYPTO_EXPECT_INSTALLED") == "1":
        location = os.path.dirname(os.path.abspath(cncrypto.__file__))
        if "site-packages" not in location.split(os.sep):
            raise pytest.UsageError("cncrypto imported from %s, not from an installed package" % location)


@pytest.fixture(scope="session")
def shared():
    """The shared directory's path; skips the test when it is absent."""
    if SHARED is None:
        pytest.skip("no shared directory: %s lacks vectors/ and data/ (set CNCRYPTO_SHARED_DIR)"
                    % (os.environ.get("CNCRYPTO_SHARED_DIR") or os.path.normpath(os.path.join(HERE, "..", "..", "..",
                                                                                               "shared"))))
    return SHARED
