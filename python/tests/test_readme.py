"""The README's Python example, run verbatim as a user runs it from the clone.

The first ```python block of the README's "## Python" section runs in a child
process (this interpreter, so the package under test) from a directory that
has the shared reference data at ../shared, as a clone beside ../shared has.
Each line with a print() states its output in a trailing comment; the output
must be exactly those comments, in order (their values come from the shared
vectors: cn_fast_hash("abc") = Keccak-256's known answer, the owned output of
owned_output_clsag_tx.json, the address of Monero's test wallet in
wallet_files.json).
"""
import os
import re
import subprocess
import sys

import pytest

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "README.md")


def readme_python_block():
    if not os.path.isfile(README):
        pytest.skip("no README.md beside python/ (an sdist): the example is checked from the clone")
    with open(README, encoding="utf-8") as f:
        text = f.read()
    section = text.split("\n## Python\n", 1)
    assert len(section) == 2, "README.md has no '## Python' section"
    block = re.search(r"^```python\n(.*?)^```$", section[1].split("\n## ", 1)[0], flags=re.S | re.M)
    assert block, "the README's Python section has no python block"
    return block.group(1)


def test_readme_python_example_runs_and_prints_what_it_says(shared, tmp_path):
    code = readme_python_block()
    expected = [line.rsplit("  # ", 1)[1].strip() for line in code.splitlines() if "print(" in line]
    assert len(expected) == 3, code
    clone = tmp_path / "clone"
    clone.mkdir()
    os.symlink(os.path.abspath(shared), tmp_path / "shared")
    r = subprocess.run([sys.executable, "-c", code], cwd=str(clone), capture_output=True, timeout=300)
    assert r.returncode == 0, r.stderr.decode()
    assert r.stdout.decode().splitlines() == expected
