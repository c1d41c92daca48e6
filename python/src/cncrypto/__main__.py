"""python -m cncrypto: the most used commands of cnhash and cnutil, over the C ABI.

    python -m cncrypto hash [-a ALGO] [-l BYTES] [--tag] [-m STRING]... [-x HEX]... [FILE]...
    python -m cncrypto tx-hash [--prefix] [--hex HEX]... [FILE]...
    python -m cncrypto block-id [--hex HEX]... [FILE]...
    python -m cncrypto pow [--seed-hash HEX] [--hex HEX]... [FILE]...
    python -m cncrypto tree-hash HASH...
    python -m cncrypto version

Output lines and inputs are cnhash's and cnutil's (docs/cnhash.md, docs/cnutil.md):
``HEX  NAME`` as sha256sum (names with a backslash, newline or CR escaped as
coreutils does), the hash alone for --hex inputs; blob files may hold raw
bytes or hex text (hex when the first byte is a hex digit), '-' is standard
input. Exit status 0 when every input was processed, 1 otherwise, 2 for a usage
error. Address decoding and wallet scanning come when the C ABI has them.
"""
import argparse
import sys
from typing import BinaryIO, Callable, List, Optional, Tuple

import cncrypto

# cnutil's limit: no Monero object exceeds one p2p message (100 MB), i.e.
# 200,000,000 hex digits plus a line end.
MAX_BLOB_INPUT = 200_000_002
CHUNK = 1 << 16

ALGORITHMS = {  # name: (class, --tag name, default length for SHAKE)
    "keccak-256": (cncrypto.Keccak256, "KECCAK-256", None),
    "cn_fast_hash": (cncrypto.Keccak256, "KECCAK-256", None),
    "sha3-224": (cncrypto.SHA3_224, "SHA3-224", None),
    "sha3-256": (cncrypto.SHA3_256, "SHA3-256", None),
    "sha3-384": (cncrypto.SHA3_384, "SHA3-384", None),
    "sha3-512": (cncrypto.SHA3_512, "SHA3-512", None),
    "shake128": (cncrypto.SHAKE128, "SHAKE128", 32),
    "shake256": (cncrypto.SHAKE256, "SHAKE256", 64),
}


class InputError(Exception):
    """An input that cannot be read or decoded: reported, then the next input."""


def warn(name: str, message: str) -> None:
    sys.stderr.write("cncrypto: %s: %s\n" % (name, message))


def needs_escape(name: str) -> bool:
    return any(c in name for c in "\\\n\r")


def escape(name: str) -> str:
    return name.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")


def line(hexdigest: str, name: str, tag: Optional[str] = None) -> str:
    """A checksum line as sha256sum writes it (with --tag: BSD style)."""
    prefix = "\\" if needs_escape(name) else ""
    shown = escape(name) if prefix else name
    if tag is not None:
        return "%s%s (%s) = %s" % (prefix, tag, shown, hexdigest)
    return "%s%s  %s" % (prefix, hexdigest, shown)


def open_input(name: str) -> BinaryIO:
    if name == "-":
        return sys.stdin.buffer
    try:
        return open(name, "rb")
    except OSError as e:
        raise InputError(e.strerror or str(e)) from None


def from_hex(text: str, what: str = "hex") -> bytes:
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise InputError("invalid %s: %r is not an even number of hex digits" % (what, text[:80])) from None


def load_blob(name: str) -> bytes:
    """A blob from a file or stdin: raw bytes, or hex text when the first byte is a hex digit."""
    f = open_input(name)
    try:
        blob = f.read(MAX_BLOB_INPUT + 1)
    except OSError as e:
        raise InputError(e.strerror or str(e)) from None
    finally:
        if f is not sys.stdin.buffer:
            f.close()
    if len(blob) > MAX_BLOB_INPUT:
        raise InputError("input larger than %d bytes: not a Monero object" % MAX_BLOB_INPUT)
    if blob[:1] and blob[:1] in b"0123456789abcdefABCDEF":
        return from_hex(blob.rstrip(b" \t\r\n").decode("ascii", "replace"))
    return blob


# ---- hash (cnhash) ---------------------------------------------------------------

def cmd_hash(args: argparse.Namespace) -> int:
    algorithm = args.algorithm.lower()
    if algorithm not in ALGORITHMS:
        usage_error("unknown algorithm %r (known: %s)" % (args.algorithm, ", ".join(ALGORITHMS)))
    cls, tag, default_length = ALGORITHMS[algorithm]
    if args.length is not None and default_length is None:
        usage_error("--length is only for shake128 and shake256")
    length = args.length if args.length is not None else default_length
    if length is not None and not 1 <= length <= 65536:
        usage_error("--length must be from 1 to 65536 bytes")

    def digest(h) -> str:
        return h.hexdigest(length) if length is not None else h.hexdigest()

    def emit(hexdigest: str, name: str) -> None:
        sys.stdout.write(line(hexdigest, name, tag if args.tag else None) + "\n")
        sys.stdout.flush()

    ok = True
    for kind, value in args.literals:
        if kind == "m":
            emit(digest(cls(value.encode("utf-8", "surrogateescape"))), '"%s"' % value)
        else:
            try:
                data = from_hex(value)
            except InputError as e:
                warn("--hex", str(e))
                ok = False
                continue
            emit(digest(cls(data)), "0x" + data.hex())
    files = args.files or ([] if args.literals else ["-"])
    for name in files:
        try:
            f = open_input(name)
            h = cls()
            try:
                for chunk in iter(lambda: f.read(CHUNK), b""):
                    h.update(chunk)
            finally:
                if f is not sys.stdin.buffer:
                    f.close()
        except (InputError, OSError) as e:
            warn(name, str(e) if isinstance(e, InputError) else (e.strerror or str(e)))
            ok = False
            continue
        emit(digest(h), name)
    return 0 if ok else 1


# ---- tx-hash, block-id, pow (cnutil) --------------------------------------------------

def run_blobs(inputs: List[Tuple[bool, str]], compute: Callable[[bytes], bytes]) -> int:
    """compute() of each input (is_hex, text): HASH  FILE, or HASH alone for --hex."""
    ok = True
    for is_hex, text in inputs:
        name = "--hex" if is_hex else text
        try:
            blob = from_hex(text) if is_hex else load_blob(text)
            result = compute(blob).hex()
        except (InputError, cncrypto.Error) as e:
            warn(name, e.message if isinstance(e, cncrypto.Error) else str(e))
            ok = False
            continue
        sys.stdout.write((result if is_hex else line(result, text)) + "\n")
        sys.stdout.flush()
    return 0 if ok else 1


def blob_inputs(args: argparse.Namespace) -> List[Tuple[bool, str]]:
    inputs = [(True, h) for h in args.hex or []] + [(False, f) for f in args.files]
    if not inputs:
        usage_error("missing input: give FILE..., '-' for stdin, or --hex HEX")
    return inputs


def cmd_tx_hash(args: argparse.Namespace) -> int:
    return run_blobs(blob_inputs(args), cncrypto.tx_prefix_hash if args.prefix else cncrypto.tx_hash)


def cmd_block_id(args: argparse.Namespace) -> int:
    return run_blobs(blob_inputs(args), cncrypto.block_id)


def cmd_pow(args: argparse.Namespace) -> int:
    seed = None
    if args.seed_hash is not None:
        try:
            seed = from_hex(args.seed_hash, "--seed-hash")
        except InputError as e:
            usage_error(str(e))
        if len(seed) != 32:
            usage_error("--seed-hash must be 64 hex digits")
    return run_blobs(blob_inputs(args), lambda blob: cncrypto.block_pow_hash(blob, seed))


def cmd_tree_hash(args: argparse.Namespace) -> int:
    hashes = []
    for text in args.hashes:
        try:
            h = from_hex(text, "hash")
        except InputError:
            h = b""
        if len(h) != 32:
            warn(text, "invalid hash: expected 64 hex digits, got %d" % len(text))
            return 1
        hashes.append(h)
    sys.stdout.write(cncrypto.tree_hash(hashes).hex() + "\n")
    return 0


def cmd_version(args: argparse.Namespace) -> int:
    sys.stdout.write("cncrypto %s (C ABI %d)\n" % (cncrypto.version(), cncrypto.abi_version()))
    return 0


# ---- command line ---------------------------------------------------------------------

_parser: Optional[argparse.ArgumentParser] = None


def usage_error(message: str) -> None:
    assert _parser is not None
    _parser.error(message)  # exits with status 2


class _Literal(argparse.Action):
    """-m and -x keep their command-line order in one list."""

    def __call__(self, parser, namespace, values, option_string=None):
        namespace.literals.append(("m" if self.dest == "message" else "x", values))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m cncrypto",
        description="Monero hashes and ids over cncrypto's C ABI (cnhash and cnutil's most used commands).",
        epilog="Blob inputs are raw binary or hex text (detected from the first byte); FILE '-' is standard "
               "input. Exit status: 0 if every input was processed, 1 otherwise, 2 for a usage error. "
               "Not yet: cnutil's address, scan, seed, keys and decode (they need functions the C ABI "
               "does not have yet).")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser("hash", help="hash files, strings or hex as cnhash (default Keccak-256 = cn_fast_hash)")
    p.add_argument("-a", "--algorithm", default="keccak-256",
                   help="keccak-256 (alias cn_fast_hash), sha3-224, sha3-256, sha3-384, sha3-512, shake128, shake256")
    p.add_argument("-l", "--length", type=int, help="SHAKE output bytes (default 32 for shake128, 64 for shake256)")
    p.add_argument("--tag", action="store_true", help="BSD-style lines: ALGO (NAME) = HEX")
    p.add_argument("-m", "--message", action=_Literal, dest="message", metavar="STRING",
                   help="hash STRING's UTF-8 bytes (repeatable)")
    p.add_argument("-x", "--hex", action=_Literal, dest="hexarg", metavar="HEX", help="hash HEX's bytes (repeatable)")
    p.add_argument("files", nargs="*", metavar="FILE")
    p.set_defaults(func=cmd_hash, literals=[])

    for name, func, text in (("tx-hash", cmd_tx_hash, "print the id of each transaction blob"),
                             ("block-id", cmd_block_id, "print the id of each block blob"),
                             ("pow", cmd_pow, "print the proof-of-work hash of each block blob")):
        p = sub.add_parser(name, help=text, description=text + ". Output: HASH  FILE, or HASH alone for --hex.")
        p.add_argument("--hex", action="append", metavar="HEX", help="a blob as hex (repeatable)")
        p.add_argument("files", nargs="*", metavar="FILE")
        if name == "tx-hash":
            p.add_argument("--prefix", action="store_true", help="print the prefix hash (what signatures sign)")
        if name == "pow":
            p.add_argument("--seed-hash", metavar="HEX",
                           help="RandomX blocks (major >= 12): the id of block rx_seedheight(height), 64 hex digits")
        p.set_defaults(func=func)

    p = sub.add_parser("tree-hash", help="print Monero's tree_hash (Merkle root) of 32-byte hashes")
    p.add_argument("hashes", nargs="+", metavar="HASH", help="64 hex digits each, in order")
    p.set_defaults(func=cmd_tree_hash)

    p = sub.add_parser("version", help="print the library's release and C ABI version")
    p.set_defaults(func=cmd_version)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    global _parser
    _parser = build_parser()
    args = _parser.parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
