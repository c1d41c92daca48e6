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

import cncrypto

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


def readme_python_commands():
    """The `python -m cncrypto ...` lines of the README's Python section's sh block
    that run as written (not the scan line, whose "4..." stands for the reader's
    address), with their trailing comments removed."""
    with open(README, encoding="utf-8") as f:
        section = f.read().split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```sh\n(.*?)^```$", section, flags=re.S | re.M)
    lines = [line.split("  #", 1)[0].strip() for block in blocks for line in block.splitlines()]
    return [line for line in lines if line.startswith("python -m cncrypto ") and "..." not in line]


def test_readme_command_lines_run(shared):
    """`python -m cncrypto hash README.md` prints the file's Keccak-256 (cn_fast_hash),
    `address decode ADDRESS` the integrated address of addresses.json with its
    payment id (the expected values: the package's own cn_fast_hash of the file,
    checked against Keccak-256 vectors elsewhere; addresses.json)."""
    if not os.path.isfile(README):
        pytest.skip("no README.md beside python/ (an sdist)")
    import json
    wallet = json.load(open(os.path.join(shared, "data", "vectors", "addresses.json")))["wallet"]
    commands = readme_python_commands()
    assert [c.split()[3] for c in commands] == ["hash", "address"], commands
    clone = os.path.dirname(README)
    outputs = []
    for command in commands:
        argv = [sys.executable] + command.split()[1:]
        r = subprocess.run(argv, cwd=clone, capture_output=True, timeout=120)
        assert r.returncode == 0, (command, r.stderr.decode())
        outputs.append(r.stdout.decode())
    with open(README, "rb") as f:
        digest = cncrypto.cn_fast_hash(f.read()).hex()
    assert outputs[0] == "%s  README.md\n" % digest
    assert commands[1].split()[-1] == wallet["integrated_address"]
    assert "integrated" in outputs[1] and wallet["integrated_payment_id"] in outputs[1], outputs[1]
    assert wallet["spend_public"] in outputs[1] and wallet["view_public"] in outputs[1], outputs[1]
