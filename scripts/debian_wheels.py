#!/usr/bin/env python3
"""Wheels of Debian's installed cffi, pycparser and ply, for an offline pip with
build isolation (scripts/python.sh; docs/python.md, "Install").

`pip install ./python` with build isolation installs the build requirements of
python/pyproject.toml (setuptools, wheel, cffi) into an empty environment from
an index. Offline, Debian ships setuptools and wheel as .whl files
(/usr/share/python-wheels: python3-setuptools-whl, python3-wheel-whl) but cffi,
pycparser and ply only as installed packages (python3-cffi, python3-pycparser,
python3-ply).
This script packs those installed files, unchanged, into wheels in OUT_DIR (what
an index would serve for this interpreter), so that `pip install --no-index
--find-links /usr/share/python-wheels --find-links OUT_DIR ./python` exercises
the isolated build with nothing from the system's site-packages.

The cffi wheel declares `Requires-Dist: pycparser`, as PyPI's does (Debian's
egg-info leaves it to the Debian dependency), and the pycparser wheel
`Requires-Dist: ply`: Debian's pycparser imports the system's ply (python3-ply)
where PyPI's carries its own copy. Usage: debian_wheels.py OUT_DIR (run by the
interpreter whose packages to pack, e.g. /usr/bin/python3).
"""
import base64
import hashlib
import importlib.metadata
import os
import sys
import sysconfig
import zipfile


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def pack(dist_name, top_level, out_dir, tag, extra_requires=()):
    dist = importlib.metadata.distribution(dist_name)
    version = dist.version
    root = os.path.dirname(os.path.dirname(os.path.abspath(__import__(top_level[0]).__file__)))
    files = []
    for name in top_level:
        path = os.path.join(root, name)
        if os.path.isdir(path):
            for base, dirs, names in os.walk(path):
                dirs[:] = [d for d in dirs if d != "__pycache__"]
                for n in sorted(names):
                    if not n.endswith(".pyc"):
                        full = os.path.join(base, n)
                        files.append((os.path.relpath(full, root), full))
        else:
            matches = [n for n in os.listdir(root) if n.startswith(name + ".") and n.endswith(".so")]
            files += [(n, os.path.join(root, n)) for n in matches]
    info = "%s-%s.dist-info" % (dist_name, version)
    # (dist.metadata reads an egg-info directory's PKG-INFO or an egg-info file:
    # Debian installs pycparser's as one file)
    meta = dist.metadata
    lines = ["%s: %s" % (k, " ".join(str(v).split())) for k, v in meta.items() if k != "Requires-Dist"]
    lines += ["Requires-Dist: %s" % req for req in extra_requires]
    if not meta["Name"] or not meta["Version"]:
        sys.exit("debian_wheels.py: no Name/Version in the metadata of %s" % dist_name)
    metadata = "\n".join(lines) + "\n\n" + (meta.get_payload() or "")
    wheel_text = "Wheel-Version: 1.0\nGenerator: cncrypto scripts/debian_wheels.py\nRoot-Is-Purelib: %s\nTag: %s\n" % (
        "true" if tag == "py3-none-any" else "false", tag)
    path = os.path.join(out_dir, "%s-%s-%s.whl" % (dist_name, version, tag))
    records = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for arcname, full in files:
            with open(full, "rb") as f:
                data = f.read()
            z.writestr(arcname, data)
            records.append(record_line(arcname, data))
        for name, text in (("METADATA", metadata), ("WHEEL", wheel_text)):
            data = text.encode()
            z.writestr("%s/%s" % (info, name), data)
            records.append(record_line("%s/%s" % (info, name), data))
        records.append("%s/RECORD,," % info)
        z.writestr("%s/RECORD" % info, "\n".join(records) + "\n")
    return path


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: debian_wheels.py OUT_DIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    py = "cp%d%d" % sys.version_info[:2]
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    print(pack("ply", ["ply"], out, "py3-none-any"))
    print(pack("pycparser", ["pycparser"], out, "py3-none-any", ["ply"]))
    print(pack("cffi", ["cffi", "_cffi_backend"], out, "%s-%s-%s" % (py, py, platform), ["pycparser"]))


if __name__ == "__main__":
    main()
