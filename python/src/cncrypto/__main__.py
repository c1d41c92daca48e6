"""python -m cncrypto: the most used commands of cnhash and cnutil, over the C ABI.

    python -m cncrypto hash [-a ALGO] [-l BYTES] [--tag] [-m STRING]... [-x HEX]... [FILE]...
    python -m cncrypto tx-hash [--prefix] [--hex HEX]... [FILE]...
    python -m cncrypto block-id [--hex HEX]... [FILE]...
    python -m cncrypto pow [--seed-hash HEX] [--hex HEX]... [FILE]...
    python -m cncrypto tree-hash HASH...
    python -m cncrypto decode [--type auto|tx|pruned-tx|block] [--hex HEX]... [FILE]...
    python -m cncrypto address decode [--json] [--network NET] ADDR...
    python -m cncrypto address encode --network NET --spend KEY --view KEY [--json]
                       [--payment-id ID | --subaddress MAJOR,MINOR [--view-secret-file F] | --subaddress-keys]
    python -m cncrypto scan --address ADDR --view-key-file F [--spend-key-file F]
                       [--subaddresses N|MAJOR,MINOR] [--threads N] [--json] TX_FILE...
    python -m cncrypto seed new [--language L] [--network NET] [--show-spend-key] [--json]
    python -m cncrypto seed restore [--language L] [--network NET] [--passphrase-file F] [--show-spend-key]
                       [--json] [FILE]
    python -m cncrypto keys [--password-file F] [--kdf-rounds N] [--show-spend-key] [--json] FILE.keys
    python -m cncrypto version

Output lines and inputs are cnhash's and cnutil's (docs/cnhash.md, docs/cnutil.md):
``HEX  NAME`` as sha256sum (names with a backslash, newline or CR escaped as
coreutils does), the hash alone for --hex inputs; blob files may hold raw
bytes or hex text (hex when the first byte is a hex digit), '-' is standard
input. Exit status 0 when every input was processed, 1 otherwise, 2 for a usage
error. address, scan, seed and keys are cnutil's (docs/cnutil.md, scanning.md,
wallet_files.md) with the same output lines and JSON fields, as far as the C ABI
gives them. Secrets (view and spend keys, seeds, passphrases, passwords) are
never taken from the command line: they are read from a file, standard input
('-'), or typed at a prompt without echo.
"""
import argparse
import getpass
import json
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


def prefixed(what: str, message: str) -> str:
    """'what: message', unless the message (the C ABI's detail) already starts with what."""
    return message if message.startswith(what) else "%s: %s" % (what, message)


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


HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def from_hex(text: str, what: str = "hex") -> bytes:
    """The bytes of hex text (bytes.fromhex: blanks between bytes allowed); InputError
    naming the first character that is not a hex digit (its 1-based position) or
    an odd number of digits."""
    try:
        return bytes.fromhex(text)
    except ValueError:
        pass
    for i, c in enumerate(text):
        if c not in HEX_DIGITS and not c.isspace():
            raise InputError("invalid %s: character %d (%r) is not a hex digit" % (what, i + 1, c)) from None
    digits = sum(1 for c in text if not c.isspace())
    if digits % 2:
        raise InputError("invalid %s: an odd number of hex digits (%d; a byte is 2)" % (what, digits))
    raise InputError("invalid %s: a blank inside a byte's 2 digits" % what)


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


def cmd_decode(args: argparse.Namespace) -> int:
    """Monero's own JSON text of each blob (cnutil decode --monero), one per input."""
    renderers = {"tx": cncrypto.tx_to_json, "pruned-tx": cncrypto.pruned_tx_to_json, "block": cncrypto.block_to_json}
    ok = True
    for is_hex, text in blob_inputs(args):
        name = "--hex" if is_hex else text
        try:
            blob = from_hex(text) if is_hex else load_blob(text)
            if args.type != "auto":
                result = renderers[args.type](blob)
            else:
                try:
                    result = cncrypto.tx_to_json(blob)
                except cncrypto.DecodeError as as_tx:
                    try:
                        result = cncrypto.block_to_json(blob)
                    except cncrypto.DecodeError as as_block:
                        raise InputError("neither a transaction (%s) nor a block (%s)"
                                         % (as_tx.message, as_block.message)) from None
        except (InputError, cncrypto.Error) as e:
            warn(name, e.message if isinstance(e, cncrypto.Error) else str(e))
            ok = False
            continue
        sys.stdout.write(result + "\n")
        sys.stdout.flush()
    return 0 if ok else 1


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


# ---- address, scan, seed, keys (cnutil's wallet commands) -----------------------------------

MAX_SECRET_INPUT = 1 << 16  # a key, seed, passphrase or password file: at most 64 KiB


def print_fields(fields: dict, as_json: bool) -> None:
    """cnutil's output: `key: value` lines (booleans yes/no, None as none), or one
    2-space indented JSON object."""
    if as_json:
        sys.stdout.write(json.dumps(fields, indent=2, ensure_ascii=False) + "\n")
        return
    for key, value in fields.items():
        shown = "none" if value is None else ("yes" if value else "no") if isinstance(value, bool) else value
        sys.stdout.write("%s: %s\n" % (key, shown))


def read_secret(source: str, prompt: str, what: str, trim_newlines_only: bool = False) -> bytes:
    """A secret from a file, or standard input ('-'; a prompt without echo at a
    terminal). The file's name is not repeated in errors (it might be the secret)."""
    if source == "-" and sys.stdin.isatty():
        return getpass.getpass(prompt).encode("utf-8", "surrogateescape")
    try:
        if source == "-":
            data = sys.stdin.buffer.read(MAX_SECRET_INPUT + 1)
        else:
            with open(source, "rb") as f:
                data = f.read(MAX_SECRET_INPUT + 1)
    except OSError as e:
        raise InputError("cannot open the %s file given (its name is not repeated: it might be the secret "
                         "itself): %s" % (what, e.strerror or e)) from None
    if len(data) > MAX_SECRET_INPUT:
        raise InputError("the %s input is larger than %d bytes" % (what, MAX_SECRET_INPUT))
    return data.rstrip(b"\r\n") if trim_newlines_only else data.strip()


def read_key(source: str, prompt: str, what: str) -> bytes:
    """A 32-byte secret key given as 64 hex digits (whitespace around ignored)."""
    text = read_secret(source, prompt, what)
    try:
        key = bytes.fromhex(text.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        key = b""
    if len(key) != 32:
        raise InputError("the %s must be 64 hex digits (its characters are not shown)" % what)
    return key


def hex32(text: str, option: str) -> bytes:
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != 32:
        usage_error("%s must be 64 hex digits" % option)
    return key


def address_fields(text: str, a: "cncrypto.Address") -> dict:
    fields = {"address": text, "network": a.network, "type": a.kind,
              "spend_public_key": a.spend_public_key.hex(), "view_public_key": a.view_public_key.hex()}
    if a.payment_id is not None:
        fields["payment_id"] = a.payment_id.hex()
    return fields


def cmd_address_decode(args: argparse.Namespace) -> int:
    ok = True
    first = True
    for text in args.addresses:
        try:
            a = cncrypto.Address.decode(text, args.network)
        except cncrypto.Error as e:
            # the C ABI gives the class of failure, not cnutil's detailed reason
            warn(text if len(text) <= 120 else "%s... (%d bytes)" % (text[:40], len(text)),
                 prefixed("invalid address", e.message))
            ok = False
            continue
        if not first and not args.json:
            sys.stdout.write("\n")
        first = False
        print_fields(address_fields(text, a), args.json)
    return 0 if ok else 1


def cmd_address_encode(args: argparse.Namespace) -> int:
    spend, view = hex32(args.spend, "--spend"), hex32(args.view, "--view")
    try:
        if args.subaddress is not None:
            try:
                major, minor = (int(x) for x in args.subaddress.split(","))
            except ValueError:
                usage_error("--subaddress must be MAJOR,MINOR")
            a_sec = read_key(args.view_secret_file, "View secret key: ", "view secret key")
            if cncrypto.secret_key_to_public_key(a_sec) != view:
                raise InputError("the view secret key does not give --view")
            a = cncrypto.Address.subaddress(a_sec, spend, major, minor, args.network)
        elif args.payment_id is not None:
            pid = from_hex(args.payment_id, "--payment-id")
            if len(pid) != 8:
                usage_error("--payment-id must be 16 hex digits")
            a = cncrypto.Address(args.network, "integrated", spend, view, pid)
        else:
            a = cncrypto.Address(args.network, "subaddress" if args.subaddress_keys else "standard", spend, view)
        if not (cncrypto.check_key(a.spend_public_key) and cncrypto.check_key(a.view_public_key)):
            raise InputError("a public key is not a valid point")
        text = a.encode()
    except (InputError, cncrypto.Error) as e:
        warn("address encode", e.message if isinstance(e, cncrypto.Error) else str(e))
        return 1
    if args.json:
        print_fields(address_fields(text, a), True)
    else:
        sys.stdout.write(text + "\n")
    return 0


def cmd_scan(args: argparse.Namespace) -> int:
    if args.view_key_file == "-" and args.spend_key_file == "-":
        usage_error("--view-key-file and --spend-key-file cannot both be standard input")
    if "-" in args.files and "-" in (args.view_key_file, args.spend_key_file):
        usage_error("a key is read from standard input: TX_FILE cannot be '-' too")
    if "," in args.subaddresses:
        try:
            majors, minors = (int(x) for x in args.subaddresses.split(","))
        except ValueError:
            majors = minors = 0
    else:
        majors, minors = 1, int(args.subaddresses) if args.subaddresses.isdigit() else 0
    if majors < 1 or minors < 1 or majors * minors > cncrypto.MAX_SUBADDRESSES:
        usage_error("invalid --subaddresses %r (expected N or MAJOR,MINOR, both at least 1, at most 2^24 keys)"
                    % args.subaddresses)
    if not 0 <= args.threads <= cncrypto.MAX_SCAN_THREADS:
        usage_error("--threads must be from 0 to %d (0 and 1: the calling thread)" % cncrypto.MAX_SCAN_THREADS)
    try:
        address = cncrypto.Address.decode(args.address)
        if address.kind == "subaddress":
            raise InputError("--address must be the wallet's main address, not a subaddress (subaddresses are "
                             "found through --subaddresses)")
        view = read_key(args.view_key_file, "View secret key: ", "view key")
        spend = None
        if args.spend_key_file is not None:
            spend = read_key(args.spend_key_file, "Spend secret key: ", "spend key")
        if cncrypto.secret_key_to_public_key(view) != address.view_public_key:
            raise InputError("the view key does not match the address")
        if spend is not None and cncrypto.secret_key_to_public_key(spend) != address.spend_public_key:
            raise InputError("the spend key does not match the address")
    except (InputError, cncrypto.Error) as e:
        warn("scan", e.message if isinstance(e, cncrypto.Error) else str(e))
        return 1
    blobs, names, ok = [], [], True
    for name in args.files:
        try:
            blob = load_blob(name)
            cncrypto.tx_hash(blob)  # refused here, named, rather than failing the batch
        except (InputError, cncrypto.Error) as e:
            warn(name, prefixed("not a complete transaction", e.message) if isinstance(e, cncrypto.Error) else str(e))
            ok = False
            continue
        blobs.append(blob)
        names.append(name)
    with cncrypto.Wallet(view, address.spend_public_key, spend, (majors, minors)) as w:
        found = w.scan_many(blobs, threads=args.threads)
    rows = []
    for o in found:
        row = {"tx_hash": o.tx_hash.hex(), "output_index": o.output_index, "subaddress": "%d,%d" % (o.major, o.minor),
               "amount": o.amount, "output_key": o.output_key.hex()}
        if spend is not None:
            row["key_image"] = None if o.key_image is None else o.key_image.hex()
        rows.append(row)
    if args.json:
        sys.stdout.write(json.dumps(rows, indent=2) + "\n")
    else:
        for r in rows:
            line_ = "%s %d %s %s" % (r["tx_hash"], r["output_index"], r["subaddress"],
                                     "?" if r["amount"] is None else r["amount"])
            if spend is not None:
                line_ += " " + (r["key_image"] or "?")
            sys.stdout.write(line_ + "\n")
    return 0 if ok else 1


_MYMONERO_NOTE = ("13-word MyMonero seed: keys derived the MyMonero way (spend = sc_reduce32(keccak(seed)), view = "
                  "sc_reduce32(keccak(keccak(seed)))); Monero's own wallets do not restore 13-word seeds")


def wallet_fields(k: "cncrypto.WalletKeys", network: str, show_spend: bool, seed: Optional[str] = None) -> dict:
    fields = {}
    if seed is not None:
        fields["seed"] = seed
    fields["seed_type"] = k.seed_type
    fields["language"] = k.language
    if k.seed_type == "polyseed-16":
        fields["birthday"] = k.birthday
    fields["network"] = network
    fields["address"] = k.address(network).encode()
    fields["spend_public_key"] = k.spend_public_key.hex()
    fields["view_public_key"] = k.view_public_key.hex()
    fields["view_secret_key"] = k.view_secret_key.hex()
    if show_spend:
        fields["spend_secret_key"] = k.spend_secret_key.hex()
    if k.seed_type == "mymonero-13":
        fields["note"] = _MYMONERO_NOTE
    return fields


def cmd_seed(args: argparse.Namespace) -> int:
    try:
        if args.action == "new":
            key = cncrypto.generate_keys().secret_key  # Monero's new wallet: a random reduced spend key
            words = cncrypto.Seed.encode(key, args.language or "English")
            k = cncrypto.Seed.restore(words, language=args.language)
            print_fields(wallet_fields(k, args.network, args.show_spend_key, words), args.json)
            return 0
        if len(" ".join(args.file).split()) >= 12:
            usage_error("the command line holds what looks like a secret (a seed) where FILE belongs; secrets are "
                        "never taken from the command line (they would show in ps)")
        if len(args.file) > 1:
            usage_error("one FILE expected, got %d arguments" % len(args.file))
        source = args.file[0] if args.file else "-"
        if source == "-" and args.passphrase_file == "-":
            usage_error("the seed and the passphrase cannot both come from standard input")
        words = read_secret(source, "Seed words: ", "seed").decode("utf-8", "surrogateescape")
        passphrase = None
        if args.passphrase_file is not None:
            passphrase = read_secret(args.passphrase_file, "Seed passphrase: ", "passphrase", True)
        k = cncrypto.Seed.restore(words, passphrase, args.language)
    except (InputError, cncrypto.Error) as e:
        message = e.message if isinstance(e, cncrypto.Error) else str(e)
        warn("seed " + args.action, prefixed("invalid seed", message) if isinstance(e, cncrypto.DecodeError)
             else message)
        return 1
    print_fields(wallet_fields(k, args.network, args.show_spend_key), args.json)
    return 0


def cmd_keys(args: argparse.Namespace) -> int:
    if args.file == "-" and args.password_file == "-":
        usage_error("the .keys file and the password cannot both come from standard input")
    if not 1 <= args.kdf_rounds <= cncrypto.KDF_ROUNDS_MAX:
        usage_error("--kdf-rounds must be from 1 to 1,000,000")
    try:
        data = load_keys_input(args.file)
        password = read_secret(args.password_file, "Wallet password: ", "password", True)
        k = cncrypto.KeysFile.read_info(data, password, args.kdf_rounds)
    except (InputError, cncrypto.Error) as e:
        warn(args.file, e.message if isinstance(e, cncrypto.Error) else str(e))
        return 1
    # cnutil keys' warnings, as far as the C ABI gives them: the count of oddities
    # (cnutil names each), and a spend key that does not give B.
    if k.finding_count:
        warn(args.file, "warning: %d odd thing%s in the file (unknown, duplicate or out-of-range fields: a damaged "
             "or hand-edited file; cnutil keys names each)" % (k.finding_count, "" if k.finding_count == 1 else "s"))
    no_spend_key = k.watch_only and k.spend_secret_key is not None and not any(k.spend_secret_key)
    if args.show_spend_key and not k.spend_key_verified and not no_spend_key:
        warn(args.file, "the spend secret key is not printed: it does not give the spend public key, so it cannot "
             "be checked (%s)" % ("the file says multisig: a signer's share of the key, or a damaged key"
                                  if k.multisig else "a damaged file"))
        return 1
    fields = {"network": k.network, "address": k.address().encode(), "spend_public_key": k.spend_public_key.hex(),
              "view_public_key": k.view_public_key.hex(), "view_secret_key": k.view_secret_key.hex()}
    if args.show_spend_key:
        fields["spend_secret_key"] = None if no_spend_key or k.spend_secret_key is None else k.spend_secret_key.hex()
    fields["watch_only"] = k.watch_only
    fields["multisig"] = k.multisig
    fields["seed_language"] = k.seed_language
    fields["cipher"] = k.cipher
    print_fields(fields, args.json)
    return 0


def load_keys_input(name: str) -> bytes:
    f = open_input(name)
    try:
        return f.read(100 << 20)
    except OSError as e:
        raise InputError(e.strerror or str(e)) from None
    finally:
        if f is not sys.stdin.buffer:
            f.close()


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
        description="Monero hashes, ids, addresses, wallet scans, seeds and .keys files over cncrypto's C ABI "
                    "(cnhash and cnutil's most used commands).",
        epilog="Blob inputs are raw binary or hex text (detected from the first byte); FILE '-' is standard "
               "input. Exit status: 0 if every input was processed, 1 otherwise, 2 for a usage error. "
               "Secrets are read from files, standard input or a prompt, never from the command line.")
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

    p = sub.add_parser("decode", help="print Monero's own JSON text of transactions or blocks (cnutil decode --monero)",
                       description="Prints cryptonote::obj_to_json_str of each blob as Monero 0.18 does (what "
                                   "print_tx, get_transactions' as_json and get_block's json give), byte for byte, "
                                   "and a newline.")
    p.add_argument("--type", choices=["auto", "tx", "pruned-tx", "block"], default="auto",
                   help="auto (default): a transaction, else a block; pruned-tx: a pruned transaction")
    p.add_argument("--hex", action="append", metavar="HEX", help="a blob as hex (repeatable)")
    p.add_argument("files", nargs="*", metavar="FILE")
    p.set_defaults(func=cmd_decode)

    p = sub.add_parser("tree-hash", help="print Monero's tree_hash (Merkle root) of 32-byte hashes")
    p.add_argument("hashes", nargs="+", metavar="HASH", help="64 hex digits each, in order")
    p.set_defaults(func=cmd_tree_hash)

    p = sub.add_parser("address", help="decode or encode Monero addresses (cnutil address)")
    asub = p.add_subparsers(dest="action", metavar="ACTION")
    asub.required = True
    q = asub.add_parser("decode", help="network, type, keys and payment id of each address")
    q.add_argument("--json", action="store_true", help="one JSON object per address")
    q.add_argument("--network", choices=cncrypto.NETWORKS, help="refuse addresses of other networks")
    q.add_argument("addresses", nargs="+", metavar="ADDR")
    q.set_defaults(func=cmd_address_decode)
    q = asub.add_parser("encode", help="the address of public keys (standard, integrated or a subaddress)")
    q.add_argument("--network", choices=cncrypto.NETWORKS, required=True)
    q.add_argument("--spend", required=True, metavar="KEY", help="the spend public key B (64 hex digits)")
    q.add_argument("--view", required=True, metavar="KEY", help="the view public key A (64 hex digits)")
    q.add_argument("--json", action="store_true")
    g = q.add_mutually_exclusive_group()
    g.add_argument("--payment-id", metavar="ID", help="an integrated address with this 8-byte id (16 hex digits)")
    g.add_argument("--subaddress", metavar="MAJOR,MINOR",
                   help="the wallet's subaddress; the view secret key is read from --view-secret-file or stdin")
    g.add_argument("--subaddress-keys", action="store_true", help="--spend and --view are a subaddress's D and C")
    q.add_argument("--view-secret-file", default="-", metavar="FILE", help="the view secret key (default stdin)")
    q.set_defaults(func=cmd_address_encode)

    p = sub.add_parser("scan", help="find a wallet's outputs in transactions (cnutil scan)",
                       description="Prints TX_HASH OUTPUT_INDEX MAJOR,MINOR AMOUNT [KEY_IMAGE] per owned output "
                                   "(? for an amount that could not be decoded), or a JSON array.")
    p.add_argument("--address", required=True, help="the wallet's main (or integrated) address")
    p.add_argument("--view-key-file", required=True, metavar="FILE", help="the view secret key ('-': stdin)")
    p.add_argument("--spend-key-file", metavar="FILE", help="the spend secret key, for key images")
    p.add_argument("--subaddresses", default="50,200", metavar="N|MAJOR,MINOR",
                   help="the subaddress table: 0..MAJOR x 0..MINOR, or N for 0 x 0..N (default 50,200)")
    p.add_argument("--threads", type=int, default=1,
                   help="0 to 256 library threads, as Wallet.scan_many (0 and 1: the calling thread; default 1)")
    p.add_argument("--json", action="store_true")
    p.add_argument("files", nargs="+", metavar="TX_FILE", help="transaction blobs (raw or hex; '-' is stdin)")
    p.set_defaults(func=cmd_scan)

    p = sub.add_parser("seed", help="a new wallet's seed, or a wallet's keys from its seed (cnutil seed)")
    ssub = p.add_subparsers(dest="action", metavar="ACTION")
    ssub.required = True
    for action in ("new", "restore"):
        q = ssub.add_parser(action, help="a new 25-word seed" if action == "new" else
                            "keys from 25/24 (Monero), 16 (Polyseed) or 13 (MyMonero) words read from FILE or stdin")
        q.add_argument("--language", help="Monero's or English language name (restore: default detect)")
        q.add_argument("--network", choices=cncrypto.NETWORKS, default="mainnet")
        q.add_argument("--show-spend-key", action="store_true", help="print the spend secret key too")
        q.add_argument("--json", action="store_true")
        if action == "restore":
            q.add_argument("--passphrase-file", metavar="FILE", help="the seed passphrase (Monero's seed offset)")
            q.add_argument("file", nargs="*", metavar="FILE", help="the words (default stdin)")
        q.set_defaults(func=cmd_seed)

    p = sub.add_parser("keys", help="open a wallet .keys file with its password (cnutil keys)")
    p.add_argument("--password-file", default="-", metavar="FILE", help="the password (default stdin or a prompt)")
    p.add_argument("--kdf-rounds", type=int, default=1)
    p.add_argument("--show-spend-key", action="store_true", help="print the spend secret key too")
    p.add_argument("--json", action="store_true")
    p.add_argument("file", metavar="FILE.keys", help="'-' is stdin")
    p.set_defaults(func=cmd_keys)

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
