"""The wallet half of the C ABI: addresses and subaddresses, scanning
transactions for a wallet's outputs, RingCT amounts, seeds and .keys files
(docs/c_api.md, "Addresses" to ".keys files"; docs/python.md).

Networks are named "mainnet", "testnet", "stagenet" (the C ABI's 0, 1, 2 are
accepted too); address kinds "standard", "integrated", "subaddress". Keys are
32 bytes; secret keys returned are ``bytes`` (Python cannot wipe them: keep
them in a bytearray and ``cncrypto.memzero`` it where that matters).
"""
import contextlib
import os
import struct
import threading
from typing import Any, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _abi
from ._abi import BytesLike, ffi, lib

NETWORKS = ("mainnet", "testnet", "stagenet")  # index = the C ABI's CNCRYPTO_MAINNET ...
KINDS = ("standard", "integrated", "subaddress")  # index = CNCRYPTO_ADDRESS_*
_NOT_CLEARED = ffi.new_allocator(should_clear_after_alloc=False)


def _network(value: Any, function: str, allow_any: bool = False) -> int:
    """A network name or number as the C ABI's int (None: any, where allowed)."""
    if value is None and allow_any:
        return lib.CNCRYPTO_ANY_NETWORK
    if isinstance(value, str) and value.lower() in NETWORKS:
        return NETWORKS.index(value.lower())
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(NETWORKS):
        return value
    raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, function, "unknown network %r (expected %s)"
                                    % (value, ", ".join(NETWORKS)))


def _text(value: Any, name: str, function: str) -> bytes:
    """A str (encoded as UTF-8) or bytes-like as the bytes of a (pointer, length) string."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogateescape")
    if value is None or isinstance(value, (int, float, list, tuple, dict, set)):
        raise _abi.ArgumentTypeError(lib.CNCRYPTO_EINVAL, function, "%s must be str or bytes, not %s"
                                     % (name, type(value).__name__))
    try:
        return bytes(_abi.data(value, name, function))
    except _abi.ArgumentTypeError:
        raise _abi.ArgumentTypeError(lib.CNCRYPTO_EINVAL, function, "%s must be str or bytes, not %s"
                                     % (name, type(value).__name__)) from None


def _language(value: Optional[str], function: str) -> Any:
    """A language name as a NUL-terminated C string, or NULL for None."""
    if value is None:
        return ffi.NULL
    if not isinstance(value, str):
        raise _abi.ArgumentTypeError(lib.CNCRYPTO_EINVAL, function, "language must be a str, not %s"
                                     % type(value).__name__)
    encoded = value.encode("utf-8")
    if b"\0" in encoded:
        raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, function, "language must not contain NUL")
    return ffi.new("char[]", encoded)


def _string_output(fn: Any, function: str, *args: Any, first_guess: int = 256) -> str:
    """A NUL-terminated UTF-8 string written by the two-call convention."""
    raw = _abi.sized_output(fn, function, *args, first_guess=first_guess)
    return raw.rstrip(b"\0").decode("utf-8")


def _file_error(path: Any, detail: Optional[str], function: str) -> "_abi.Error":
    """The FileError of a file the C ABI could not read, naming the path, with the
    reason the operating system gives when Python opens it (errno, strerror)."""
    shown = os.fsdecode(path)
    errno_, why = None, None
    try:
        with open(path, "rb") as fh:
            fh.read(1)
    except OSError as e:
        errno_, why = e.errno, e.strerror or str(e)
    e = _abi.error(lib.CNCRYPTO_EIO, function, "cannot read %r: %s" % (shown, why or detail or "read error"))
    e.errno, e.strerror, e.filename = errno_, why, shown  # type: ignore[attr-defined]
    return e


def _wiped_copy(buf: Any, size: int) -> bytes:
    """The bytes of a cffi buffer holding a secret, then the buffer wiped."""
    value = ffi.buffer(buf, size)[:]
    lib.cncrypto_memzero(buf, size)
    return value


# ---- addresses -------------------------------------------------------------------------------

def _check_points(spend: Any, view: Any, function: str) -> None:
    """DecodeError naming the first of an address's two public keys that is not a
    point (crypto::check_key: what Address.decode checks too). Variable time."""
    for key, name in ((spend, "spend_public_key"), (view, "view_public_key")):
        if lib.cncrypto_check_key(key) != _abi.OK:
            raise _abi.error(lib.CNCRYPTO_EDECODE, function, "%s is not a point (not a valid public key): "
                             "Address.decode would refuse this address" % name)


class Address(NamedTuple):
    """A Monero address: its network, kind, spend and view public keys (for a
    subaddress its own D and C) and, for an integrated address, its 8-byte payment
    id (None otherwise). ``str(address)`` is its base58 string."""
    network: str
    kind: str
    spend_public_key: bytes
    view_public_key: bytes
    payment_id: Optional[bytes] = None

    @classmethod
    def decode(cls, address: Union[str, BytesLike], network: Union[str, int, None] = None) -> "Address":
        """Decodes a base58 address (95 or 106 characters). network: the one it must
        belong to, or None for any. DecodeError (a ValueError) for a bad character,
        length, checksum or prefix, another network than asked, a key that is not a
        point; Monero's pre-2015 hex form is refused. Variable time (public data).
        Mirrors Monero's get_account_address_from_str."""
        f = "address_decode"
        text = _text(address, "address", f)
        net = _network(network, f, allow_any=True)
        net_out = ffi.new("int *")
        kind = ffi.new("int *")
        spend = ffi.new("uint8_t[32]")
        view = ffi.new("uint8_t[32]")
        pid = ffi.new("uint8_t[8]")
        rc = lib.cncrypto_address_decode(text, len(text), net, net_out, kind, spend, view, pid)
        if rc != _abi.OK:
            detail = _abi.last_error(f)
            if rc == lib.CNCRYPTO_EDECODE and net != lib.CNCRYPTO_ANY_NETWORK and \
                    lib.cncrypto_address_decode(text, len(text), lib.CNCRYPTO_ANY_NETWORK, net_out, kind, spend, view,
                                                pid) == _abi.OK:
                detail = "a %s address, not a %s one" % (NETWORKS[net_out[0]], NETWORKS[net])
            raise _abi.error(rc, f, detail)
        k = KINDS[kind[0]]
        return cls(NETWORKS[net_out[0]], k, ffi.buffer(spend, 32)[:], ffi.buffer(view, 32)[:],
                   ffi.buffer(pid, 8)[:] if k == "integrated" else None)

    def encode(self) -> str:
        """The base58 string (95 characters, 106 for an integrated address).
        InvalidArgumentError for an unknown kind, an integrated address without a
        payment_id or a standard address or subaddress with one (it would be
        dropped); DecodeError naming the key when spend_public_key or
        view_public_key is not a point (decode would refuse the string; Monero's
        encoder does not check). Mirrors get_account_address_as_str and
        get_account_integrated_address_as_str."""
        f = "address_encode"
        if self.kind not in KINDS:
            raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, f, "unknown address kind %r (expected %s)"
                                            % (self.kind, ", ".join(KINDS)))
        pid = ffi.NULL
        if self.kind == "integrated":
            if self.payment_id is None:
                raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, f, "an integrated address needs a payment_id")
            pid = _abi.fixed(self.payment_id, 8, "payment_id", f)
        elif self.payment_id is not None:
            raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, f, "a %s address has no payment_id (only an "
                                            "integrated address carries one: use .integrated(payment_id) of the "
                                            "standard address)" % self.kind)
        spend = _abi.fixed(self.spend_public_key, 32, "spend_public_key", f)
        view = _abi.fixed(self.view_public_key, 32, "view_public_key", f)
        _check_points(spend, view, f)
        return _string_output(lib.cncrypto_address_encode, f, _network(self.network, f), KINDS.index(self.kind),
                              spend, view, pid, first_guess=lib.CNCRYPTO_ADDRESS_MAX_BYTES)

    def __str__(self) -> str:
        return self.encode()

    def integrated(self, payment_id: BytesLike) -> "Address":
        """The integrated address of this standard address with an 8-byte payment id
        (Monero's make_integrated_address). InvalidArgumentError for a subaddress
        (Monero has no integrated subaddresses: a payment to one would not be
        found) and for an address that is already integrated (take the standard
        address: ``a._replace(kind="standard", payment_id=None)``)."""
        f = "Address.integrated"
        if self.kind != "standard":
            why = "Monero has no integrated subaddresses" if self.kind == "subaddress" else \
                "this address is already integrated (its payment id is not replaced)"
            raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, f, "an integrated address is made from a standard "
                                            "address; %s" % why)
        _abi.fixed(payment_id, 8, "payment_id", f)
        return self._replace(kind="integrated", payment_id=bytes(payment_id))

    @classmethod
    def from_keys(cls, spend_public_key: BytesLike, view_public_key: BytesLike,
                  network: Union[str, int] = "mainnet") -> "Address":
        """The standard address of a wallet's public keys (B, A). DecodeError naming
        the key when one is not a point (Address.decode would refuse the address)."""
        f = "Address.from_keys"
        spend = _abi.fixed(spend_public_key, 32, "spend_public_key", f)  # ArgumentTypeError / LengthError
        view = _abi.fixed(view_public_key, 32, "view_public_key", f)
        _check_points(spend, view, f)
        return cls(NETWORKS[_network(network, f)], "standard", bytes(spend_public_key), bytes(view_public_key))

    @classmethod
    def subaddress(cls, view_secret_key: BytesLike, spend_public_key: BytesLike, major: int, minor: int,
                   network: Union[str, int] = "mainnet") -> "Address":
        """The wallet's subaddress (major, minor) (a standard address for (0, 0)):
        D = B + m*G, C = a*D. Constant time in view_secret_key."""
        d, c = get_subaddress(view_secret_key, spend_public_key, major, minor)
        kind = "standard" if (major, minor) == (0, 0) else "subaddress"
        return cls(NETWORKS[_network(network, "Address.subaddress")], kind, d, c)


def get_subaddress_secret_key(view_secret_key: BytesLike, major: int, minor: int) -> bytes:
    """m = Hs("SubAddr\\0" || a || LE32(major) || LE32(minor)) (32 bytes, secret).
    Constant time in a. Mirrors hw::device::get_subaddress_secret_key."""
    f = "get_subaddress_secret_key"
    return _abi.fixed_output(lib.cncrypto_get_subaddress_secret_key, 32, f,
                             _abi.fixed(view_secret_key, 32, "view_secret_key", f), _abi.u32(major, "major", f),
                             _abi.u32(minor, "minor", f))


def get_subaddress(view_secret_key: BytesLike, spend_public_key: BytesLike, major: int,
                   minor: int) -> Tuple[bytes, bytes]:
    """(D, C), the spend and view public keys of subaddress (major, minor); (B, a*G)
    for (0, 0). DecodeError when B is not a point or a >= L. Constant time in a.
    Mirrors get_subaddress_spend_public_key and get_subaddress."""
    f = "get_subaddress"
    d = ffi.new("uint8_t[32]")
    c = ffi.new("uint8_t[32]")
    _abi.check(lib.cncrypto_get_subaddress(_abi.fixed(view_secret_key, 32, "view_secret_key", f),
                                           _abi.fixed(spend_public_key, 32, "spend_public_key", f),
                                           _abi.u32(major, "major", f), _abi.u32(minor, "minor", f), d, c), f)
    return ffi.buffer(d, 32)[:], ffi.buffer(c, 32)[:]


# ---- scanning --------------------------------------------------------------------------------

OWNED_AMOUNT = lib.CNCRYPTO_OWNED_AMOUNT
OWNED_KEY_IMAGE = lib.CNCRYPTO_OWNED_KEY_IMAGE
OWNED_ADDITIONAL_KEY = lib.CNCRYPTO_OWNED_ADDITIONAL_KEY
OWNED_SHORT_PAYMENT_ID = lib.CNCRYPTO_OWNED_SHORT_PAYMENT_ID
OWNED_LONG_PAYMENT_ID = lib.CNCRYPTO_OWNED_LONG_PAYMENT_ID
_RECORD = struct.Struct("=32s32s32s32s32sQQQIIII")  # cncrypto_owned_output, native byte order
_RECORD_BYTES = lib.CNCRYPTO_OWNED_OUTPUT_BYTES
assert _RECORD.size == _RECORD_BYTES == ffi.sizeof("cncrypto_owned_output")


class OwnedOutput(NamedTuple):
    """An output that belongs to the scanning wallet (a cncrypto_owned_output record).

    amount: atomic units, None when it could not be decoded (a RingCT amount that
    does not open its commitment); key_image: None for a watch-only scan; mask:
    the RingCT commitment mask (secret: needed to spend; 32 zero bytes without
    RingCT); payment_id: the transaction's decrypted 8-byte short id, its 32-byte
    long id, or None; tx_index: the transaction's position in scan_many's list;
    (major, minor): the subaddress it was sent to; tx_pub_key_index: which tx
    public key found it (the additional key's index when flags has
    OWNED_ADDITIONAL_KEY); flags: the record's OWNED_* bits."""
    tx_hash: bytes
    output_index: int
    major: int
    minor: int
    amount: Optional[int]
    output_key: bytes
    key_image: Optional[bytes]
    mask: bytes
    payment_id: Optional[bytes]
    tx_index: int
    tx_pub_key_index: int
    flags: int


def _owned_outputs(out: Any, count: int) -> List[OwnedOutput]:
    """The records out[0 .. count) as OwnedOutputs; the C buffer is wiped (masks)."""
    raw = ffi.buffer(out, count * _RECORD_BYTES)
    result = []
    for (tx_hash, output_key, key_image, mask, payment_id, amount, tx_index, output_index, major, minor, flags,
         tx_pub_key_index) in _RECORD.iter_unpack(raw):
        pid = payment_id[:8] if flags & OWNED_SHORT_PAYMENT_ID else payment_id if flags & OWNED_LONG_PAYMENT_ID \
            else None
        result.append(OwnedOutput(tx_hash, output_index, major, minor, amount if flags & OWNED_AMOUNT else None,
                                  output_key, key_image if flags & OWNED_KEY_IMAGE else None, mask, pid, tx_index,
                                  tx_pub_key_index, flags))
    if count:
        lib.cncrypto_memzero(out, count * _RECORD_BYTES)
    return result


MAX_SUBADDRESSES = 1 << 24  # the most entries a Wallet's subaddress table may hold (the C ABI's limit)
MAX_SCAN_THREADS = 256  # scan_many's threads: 0 .. 256 (the C ABI's limit)


def _table_shape(subaddresses: Any, function: str) -> Tuple[int, int]:
    """Wallet(subaddresses=...) as (majors, minors): None -> (0, 0) (nothing added),
    N -> (1, N), (majors, minors) as given."""
    if subaddresses is None:
        return 0, 0
    if isinstance(subaddresses, int) and not isinstance(subaddresses, bool):
        return 1, _abi.u32(subaddresses, "subaddresses", function)
    if isinstance(subaddresses, (tuple, list)) and len(subaddresses) == 2:
        return _abi.u32(subaddresses[0], "subaddresses[0] (majors)", function), \
            _abi.u32(subaddresses[1], "subaddresses[1] (minors)", function)
    raise _abi.ArgumentTypeError(lib.CNCRYPTO_EINVAL, function, "subaddresses must be None, an int N (major 0, "
                                 "minors 0..N-1) or a pair (majors, minors), not %r" % (subaddresses,))


def _check_table(size: int, added: int, function: str) -> None:
    if size + added > MAX_SUBADDRESSES:
        raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, function, "the subaddress table would have %d entries "
                                        "(%d + %d), above the limit %d (2**24)"
                                        % (size + added, size, added, MAX_SUBADDRESSES))


def _bad_blob(parts: List[bytes], detail: Optional[str], function: str, pruned: bool = False) -> "_abi.Error":
    """The DecodeError of a batch with a blob that is not a complete (pruned)
    transaction: the first such blob (found again by parsing each: cncrypto_tx_hash,
    or a size query of cncrypto_pruned_tx_to_json) named by its index, which the
    error's ``index`` attribute holds too."""
    out = ffi.new("uint8_t[32]")
    size = ffi.new("size_t *")
    for i, blob in enumerate(parts):
        if pruned:
            size[0] = 0
            rc = lib.cncrypto_pruned_tx_to_json(blob, len(blob), ffi.NULL, size)
            rc = _abi.OK if rc == lib.CNCRYPTO_ESIZE else rc
        else:
            rc = lib.cncrypto_tx_hash(blob, len(blob), out)
        if rc != _abi.OK:
            # The parsing call's own detail, whole (e.g. "not a complete transaction:
            # transaction version 9 ..."), after the blob's index: no wording of the C
            # text is relied on; without a detail, the return code's sentence.
            why = _abi.last_error() or "not a %s transaction (%s)" % ("pruned" if pruned else "complete",
                                                                      _abi.strerror(rc))
            e = _abi.error(lib.CNCRYPTO_EDECODE, function, "blobs[%d] (of %d, %d bytes): %s"
                           % (i, len(parts), len(blob), why))
            e.index = i  # type: ignore[attr-defined]
            return e
    e = _abi.error(lib.CNCRYPTO_EDECODE, function, detail)
    e.index = None  # type: ignore[attr-defined]
    return e


class Wallet:
    """A scan context (cncrypto_scan_context): a wallet's view secret key a, spend
    public key B and optionally its spend secret key b (for key images; without it
    the scan is watch-only), and its subaddress table, (0, 0) from the start.

    ``scan(blob)`` and ``scan_many(blobs, threads=...)`` return the wallet's
    outputs as OwnedOutput named tuples. The scans release the GIL and only read
    the context: several threads may scan with one Wallet at once. Adding
    subaddresses and ``close()`` wait for the running scans to finish and run
    alone (scans begun meanwhile wait for them). ``close()`` (or leaving a
    ``with`` block) wipes the keys inside the library and frees the context; a
    closed Wallet raises InvalidArgumentError ("the Wallet is closed"), entering
    a ``with`` block too. Constant time in the keys, derivations and
    amounts; variable time in the public transactions and in which outputs are
    the wallet's. Mirrors account_base::create_from_keys / create_from_viewkey
    and the output loop of wallet2::process_new_transaction.

    subaddresses: None (only (0, 0)), an int N (major 0, minors 0 .. N-1: N
    entries, (0, 0) among them) or a pair (majors, minors) (0 .. majors-1 x
    0 .. minors-1, as add_subaddress_range(0, majors, 0, minors); Monero's
    default lookahead is (50, 200)).

    capacity: None (the C ABI's heap context, cncrypto_scan_context_create: the
    table grows), or an int N in 1 .. 2**24: the caller-memory form
    (cncrypto_scan_context_statebytes + _init) in a buffer this object owns,
    160 + 40*N bytes, whose table holds at most N entries ((0, 0) included): an
    add beyond it raises BufferSizeError and leaves the table unchanged. Its
    scans search the table in place (binary search: as fast as the default
    form, whatever the table's size). close() wipes the buffer
    (cncrypto_scan_context_clear).

    Errors on creation: DecodeError (a or b >= L, B not a point),
    InvalidArgumentError (b does not give B; a table above 2**24 entries; a
    capacity outside 1 .. 2**24), BufferSizeError (subaddresses above the
    capacity), ArgumentTypeError (subaddresses or capacity of another type)."""

    def __init__(self, view_secret_key: BytesLike, spend_public_key: BytesLike,
                 spend_secret_key: Optional[BytesLike] = None,
                 subaddresses: Union[int, Tuple[int, int], None] = None, capacity: Optional[int] = None):
        f = "scan_context_create" if capacity is None else "scan_context_init"
        self._ctx = ffi.NULL
        self._memory: Any = None
        # Readers (scans, subaddress_count) run together; writers (adds, close) wait
        # for them to finish and run alone: close() never frees the context under a
        # running scan, and a scan never sees the table while it is being grown.
        self._cond = threading.Condition(threading.Lock())
        self._readers = 0
        self._writing = False
        a = _abi.fixed(view_secret_key, 32, "view_secret_key", f)
        b_pub = _abi.fixed(spend_public_key, 32, "spend_public_key", f)
        b = ffi.NULL if spend_secret_key is None else _abi.fixed(spend_secret_key, 32, "spend_secret_key", f)
        majors, minors = _table_shape(subaddresses, "Wallet")
        if capacity is None:
            ctx = ffi.new("cncrypto_scan_context **")
            rc = lib.cncrypto_scan_context_create(a, b_pub, b, ctx)
            handle = ctx[0]
        else:
            _abi.integer(capacity, "capacity", f, 1, MAX_SUBADDRESSES, "from 1 to %d (2**24)" % MAX_SUBADDRESSES,
                         "an int or None")
            size = ffi.new("size_t *")
            _abi.check(lib.cncrypto_scan_context_statebytes(capacity, size), "scan_context_statebytes")
            # uint64_t cells: 8-aligned (CNCRYPTO_SCAN_CONTEXT_ALIGN)
            memory = ffi.new("uint64_t[]", (size[0] + 7) // 8)
            handle = ffi.cast("cncrypto_scan_context *", memory)
            rc = lib.cncrypto_scan_context_init(handle, size[0], a, b_pub, b)
            if rc == _abi.OK:
                self._memory = memory
        if rc != _abi.OK:
            detail = _abi.last_error(f)
            if rc == lib.CNCRYPTO_EINVAL and spend_secret_key is not None and detail is None:
                detail = "spend_secret_key does not give spend_public_key (b*G != B): not this wallet's spend key"
            raise _abi.error(rc, f, detail)
        self._ctx = handle
        self.capacity = capacity
        self.watch_only = spend_secret_key is None
        if subaddresses is not None:
            try:
                self.add_subaddress_range(0, majors, 0, minors)
            except BaseException:
                self.close()
                raise

    def _handle(self, function: str) -> Any:
        if self._ctx == ffi.NULL:
            raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, function, "the Wallet is closed")
        return self._ctx

    @contextlib.contextmanager
    def _reading(self, function: str) -> Iterator[Any]:
        """The context's handle for a call that only reads it (a scan): waits while
        a writer (an add, close) runs; InvalidArgumentError when closed."""
        with self._cond:
            while self._writing:
                self._cond.wait()
            handle = self._handle(function)
            self._readers += 1
        try:
            yield handle
        finally:
            with self._cond:
                self._readers -= 1
                self._cond.notify_all()

    @contextlib.contextmanager
    def _writing_to(self, function: Optional[str]) -> Iterator[Any]:
        """The context's handle for a call that changes it (an add; close with
        function None): waits for the running scans and writers to finish, then
        runs alone. InvalidArgumentError when closed (None from close)."""
        with self._cond:
            while self._writing or self._readers:
                self._cond.wait()
            handle = self._ctx if function is None else self._handle(function)
            self._writing = True
        try:
            yield handle
        finally:
            with self._cond:
                self._writing = False
                self._cond.notify_all()

    def close(self) -> None:
        """Wipes the keys and frees the context (cncrypto_scan_context_destroy, or
        cncrypto_scan_context_clear for a Wallet with a capacity). Idempotent.
        Called while other threads scan with this Wallet (or add subaddresses), it
        waits for those calls to finish (they return their whole result); calls
        begun after it raise InvalidArgumentError ("the Wallet is closed")."""
        with self._writing_to(None) as ctx:
            self._ctx = ffi.NULL
            if ctx != ffi.NULL:
                if self._memory is not None:
                    lib.cncrypto_scan_context_clear(ctx)
                    self._memory = None
                else:
                    lib.cncrypto_scan_context_destroy(ctx)

    def __enter__(self) -> "Wallet":
        self._handle("Wallet.__enter__")
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_ctx", ffi.NULL) != ffi.NULL:
            self.close()

    def add_subaddress_range(self, major_begin: int, major_end: int, minor_begin: int, minor_end: int) -> None:
        """Adds subaddresses (major, minor) for major_begin <= major < major_end and
        minor_begin <= minor < minor_end (Monero's default lookahead: 0, 50, 0, 200).
        About 20 us per entry. InvalidArgumentError for an end below its begin or a
        table over 2**24 (16,777,216) entries (the table is then unchanged). Mirrors
        wallet2::expand_subaddresses."""
        f = "scan_context_add_subaddress_range"
        bounds = (_abi.u32(major_begin, "major_begin", f), _abi.u32(major_end, "major_end", f),
                  _abi.u32(minor_begin, "minor_begin", f), _abi.u32(minor_end, "minor_end", f))
        for end, begin, name in ((bounds[1], bounds[0], "major"), (bounds[3], bounds[2], "minor")):
            if end < begin:
                raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, f, "%s_end %d < %s_begin %d"
                                                % (name, end, name, begin))
        with self._writing_to(f) as handle:
            _check_table(self._count(handle), (bounds[1] - bounds[0]) * (bounds[3] - bounds[2]), f)
            _abi.check(lib.cncrypto_scan_context_add_subaddress_range(handle, *bounds), f)

    def add_subaddresses(self, indexes: Iterable[Tuple[int, int]]) -> None:
        """Adds the listed (major, minor) subaddresses. Mirrors wallet2::create_one_off_subaddress."""
        f = "scan_context_add_subaddresses"
        if isinstance(indexes, (str, bytes, bytearray, memoryview, int)) or indexes is None:
            raise _abi.ArgumentTypeError(lib.CNCRYPTO_EINVAL, f, "indexes must be a list of (major, minor) pairs, "
                                         "not %s" % type(indexes).__name__)
        flat = []
        for i, pair in enumerate(indexes):
            if isinstance(pair, (str, bytes)) or not isinstance(pair, (tuple, list)) or len(pair) != 2:
                raise _abi.ArgumentTypeError(lib.CNCRYPTO_EINVAL, f, "indexes[%d] must be a (major, minor) pair, "
                                             "not %r" % (i, pair))
            flat += [_abi.u32(pair[0], "major", f), _abi.u32(pair[1], "minor", f)]
        with self._writing_to(f) as handle:
            _check_table(self._count(handle), len(flat) // 2, f)
            _abi.check(lib.cncrypto_scan_context_add_subaddresses(handle, ffi.new("uint32_t[]", flat) if flat
                                                                  else ffi.NULL, len(flat) // 2), f)

    @staticmethod
    def _count(handle: Any) -> int:
        f = "scan_context_subaddress_count"
        count = ffi.new("size_t *")
        _abi.check(lib.cncrypto_scan_context_subaddress_count(handle, count), f)
        return int(count[0])

    @property
    def subaddress_count(self) -> int:
        """The number of entries in the subaddress table ((0, 0) included)."""
        with self._reading("scan_context_subaddress_count") as handle:
            return self._count(handle)

    def scan(self, blob: BytesLike) -> List[OwnedOutput]:
        """The wallet's outputs in one complete transaction blob, in output order
        (an empty list when there are none). DecodeError when the blob is not a
        complete transaction. Releases the GIL."""
        f = "scan_tx"
        buf = _abi.data(blob, "blob", f)
        capacity = 16
        out = _NOT_CLEARED("cncrypto_owned_output[]", capacity)
        count = ffi.new("size_t *", capacity)
        with self._reading(f) as handle:
            rc = lib.cncrypto_scan_tx(handle, buf, len(buf), out, count)
            if rc == lib.CNCRYPTO_ESIZE:  # more than 16 owned outputs: the scan runs again
                out = _NOT_CLEARED("cncrypto_owned_output[]", count[0])
                rc = lib.cncrypto_scan_tx(handle, buf, len(buf), out, count)
        _abi.check(rc, f)
        return _owned_outputs(out, count[0])

    def scan_many(self, blobs: Sequence[BytesLike], threads: int = 1) -> List[OwnedOutput]:
        """The wallet's outputs in a list of complete transaction blobs, batched
        across them (several times faster than scan() per blob), in transaction
        order; OwnedOutput.tx_index is the blob's position in the list. threads:
        0 or 1 scans on the calling thread, n on up to n of the library's threads
        (at most 256: InvalidArgumentError above; same result). DecodeError when
        any blob is not a complete transaction (nothing is returned): its message
        names the first such blob by its index in the list, and the error's
        ``index`` attribute holds it. Releases the GIL."""
        return self._scan_batch("scan_txs", blobs, threads, None)

    def scan_pruned_many(self, blobs: Sequence[BytesLike], tx_hashes: Optional[Sequence[BytesLike]] = None,
                         threads: int = 1) -> List[OwnedOutput]:
        """scan_many for pruned transactions (each its prefix and, for v2, its RingCT
        base: what monerod's get_blocks.bin / get_transactions send with prune=true;
        cncrypto.tx_prune makes one). Everything scanning needs is in that part, so
        the records equal those of the complete transactions, except tx_hash: a
        pruned transaction's id needs its prunable hash, so pass the ids
        (tx_hashes: one 32-byte id per blob, e.g. the block's tx_hashes; not
        checked against the blobs) or None, and tx_hash is then 32 zero bytes. A
        complete blob is a DecodeError (use scan_many), named by its index as
        there. Releases the GIL. Mirrors wallet2's scanning of pruned blocks
        (cncrypto_scan_pruned_txs)."""
        return self._scan_batch("scan_pruned_txs", blobs, threads, tx_hashes)

    def _scan_batch(self, f: str, blobs: Sequence[BytesLike], threads: int,
                    tx_hashes: Optional[Sequence[BytesLike]]) -> List[OwnedOutput]:
        if isinstance(blobs, (bytes, bytearray, memoryview, str)):
            raise _abi.ArgumentTypeError(lib.CNCRYPTO_EINVAL, f, "blobs must be a list of transaction blobs, not %s"
                                         % type(blobs).__name__)
        nthreads = _abi.integer(threads, "threads", f, 0, MAX_SCAN_THREADS,
                                "from 0 to %d (0 and 1: the calling thread)" % MAX_SCAN_THREADS)
        parts = [b if type(b) is bytes else bytes(_abi.data(b, "blobs[%d]" % i, f)) for i, b in enumerate(blobs)]
        pruned = f == "scan_pruned_txs"
        ids = ffi.NULL
        if pruned and tx_hashes is not None:
            ids, n = _abi.joined(tx_hashes, 32, "tx_hashes", f)
            if n != len(parts):
                raise _abi.LengthError(lib.CNCRYPTO_EINVAL, f, "%d tx_hashes for %d blobs" % (n, len(parts)))
            if not n:
                ids = ffi.NULL
        lens = ffi.new("size_t[]", [len(p) for p in parts])
        joined = b"".join(parts)
        capacity = len(parts) + 16
        out = _NOT_CLEARED("cncrypto_owned_output[]", capacity)
        count = ffi.new("size_t *", capacity)

        def call(handle: Any) -> int:
            if pruned:
                return lib.cncrypto_scan_pruned_txs(handle, joined, lens, len(parts), ids, nthreads, out, count)
            return lib.cncrypto_scan_txs(handle, joined, lens, len(parts), nthreads, out, count)
        with self._reading(f) as handle:  # close() waits for this scan: never a partial list
            rc = call(handle)
            if rc == lib.CNCRYPTO_ESIZE:
                out = _NOT_CLEARED("cncrypto_owned_output[]", count[0])
                rc = call(handle)
        if rc == lib.CNCRYPTO_EDECODE:
            raise _bad_blob(parts, _abi.last_error(f), f, pruned)
        _abi.check(rc, f)
        return _owned_outputs(out, count[0])


# ---- RingCT amounts --------------------------------------------------------------------------

class DecodedAmount(NamedTuple):
    """An output's RingCT amount (atomic units) and commitment mask (32 bytes, secret)."""
    amount: int
    mask: bytes


def derivation_to_scalar(derivation: BytesLike, output_index: int) -> bytes:
    """s = Hs(derivation || varint(output_index)) (32 bytes, secret): the output's
    amount key. Constant time in the derivation. Mirrors crypto::derivation_to_scalar."""
    f = "derivation_to_scalar"
    return _abi.fixed_output(lib.cncrypto_derivation_to_scalar, 32, f,
                             _abi.fixed(derivation, 32, "derivation", f), _abi.u64(output_index, "output_index", f))


def ecdh_decode(amount_key: BytesLike, ecdh_info: BytesLike, commitment: Optional[BytesLike] = None) -> DecodedAmount:
    """Decrypts an output's RingCT amount from its ecdhInfo with its amount key
    (derivation_to_scalar): 8 bytes (the compact form of types 4-6) or 64 (mask ||
    amount, types 1-3). With commitment (the output's 32-byte outPk) the result must
    open it: VerifyError otherwise (a wrong key, or not our output). LengthError for
    another ecdh_info length, DecodeError for a v1 amount above 64 bits. Constant
    time in the key, amount and mask (only the verdict is revealed). Mirrors
    rct::ecdhDecode and the commitment check of rct::decodeRct(Simple)."""
    f = "ecdh_decode"
    key = _abi.fixed(amount_key, 32, "amount_key", f)
    info = _abi.data(ecdh_info, "ecdh_info", f)
    if len(info) not in (8, 64):
        raise _abi.LengthError(lib.CNCRYPTO_EINVAL, f, "ecdh_info must be 8 or 64 bytes, not %d" % len(info))
    c = ffi.NULL if commitment is None else _abi.fixed(commitment, 32, "commitment", f)
    amount = ffi.new("uint64_t *")
    mask = ffi.new("uint8_t[32]")
    _abi.check(lib.cncrypto_ecdh_decode(key, info, len(info), c, amount, mask), f)
    return DecodedAmount(int(amount[0]), _wiped_copy(mask, 32))


# ---- seeds -----------------------------------------------------------------------------------

class WalletKeys(NamedTuple):
    """A wallet's keys (32 bytes each; spend_secret_key all zero for a watch-only
    .keys file), its network, and what the seed or file said: language (Monero's
    or Polyseed's name, "" when not known), birthday (a Polyseed's Unix time, else 0),
    seed_type ("monero-25", "monero-24", "polyseed-16", "mymonero-13"; "" for a
    .keys file)."""
    spend_secret_key: bytes
    view_secret_key: bytes
    spend_public_key: bytes
    view_public_key: bytes
    network: str = "mainnet"
    language: str = ""
    birthday: int = 0
    seed_type: str = ""

    @property
    def watch_only(self) -> bool:
        return self.spend_secret_key == bytes(32)

    def address(self, network: Union[str, int, None] = None) -> Address:
        """The standard address on network (default: the keys' own)."""
        return Address.from_keys(self.spend_public_key, self.view_public_key,
                                 self.network if network is None else network)

    def wallet(self, subaddresses: Union[int, Tuple[int, int], None] = None) -> Wallet:
        """A Wallet (scan context) of these keys (watch-only for a watch-only file)."""
        return Wallet(self.view_secret_key, self.spend_public_key,
                      None if self.watch_only else self.spend_secret_key, subaddresses)


class DecodedSeed(NamedTuple):
    """The 32-byte key of an Electrum-style seed (not reduced) and its language (Monero's name)."""
    key: bytes
    language: str


class Polyseed(NamedTuple):
    """A Polyseed's 150-bit secret (19 bytes, byte 18 holding 6 bits) and its birthday (Unix time)."""
    secret: bytes
    birthday: int


_SEED_TYPES = {25: "monero-25", 24: "monero-24", 16: "polyseed-16", 13: "mymonero-13"}


class Seed:
    """Mnemonic seeds: Monero's 25-word (Electrum-style) seeds in Monero's 12
    languages and 16-word Polyseeds; restoring a wallet's keys from 25, 24, 16 or
    13 (MyMonero) words. Words are a str (UTF-8), separated by blanks. Language
    names: Monero's own or English ones ("Deutsch" or "German"), Polyseed's
    English or native ones; None means detect (decode) or English (encode).
    Bad words raise DecodeError (word count, unknown word, mixed languages,
    checksum), an unknown language InvalidArgumentError. Not constant time in
    the words (as every mnemonic decoder)."""

    @staticmethod
    def encode(key: BytesLike, language: str = "English") -> str:
        """The 25 words of a 32-byte key (Monero's 24 words + checksum word). Constant
        time in key. Mirrors ElectrumWords::bytes_to_words."""
        f = "seed_encode"
        return _string_output(lib.cncrypto_seed_encode, f, _abi.fixed(key, 32, "key", f), _language(language, f),
                              first_guess=512)

    @staticmethod
    def decode(words: Union[str, BytesLike], language: Optional[str] = None) -> DecodedSeed:
        """The key (32 bytes, not reduced) of 25 or 24 words and the language found.
        Mirrors ElectrumWords::words_to_bytes."""
        f = "seed_decode"
        text = _text(words, "words", f)
        key = ffi.new("uint8_t[32]")
        lang = ffi.new("char[]", lib.CNCRYPTO_LANGUAGE_BYTES)
        _abi.check(lib.cncrypto_seed_decode(text, len(text), _language(language, f), key, lang), f)
        return DecodedSeed(_wiped_copy(key, 32), ffi.string(lang).decode("utf-8"))

    @staticmethod
    def restore(words: Union[str, BytesLike], passphrase: Union[str, BytesLike, None] = None,
                language: Optional[str] = None, network: Union[str, int] = "mainnet") -> WalletKeys:
        """A wallet's keys from its seed, as Monero and Polyseed wallets restore: 25
        or 24 words (with passphrase: Monero's seed offset), 16 (Polyseed: birthday
        set), 13 (MyMonero). InvalidArgumentError for a passphrase with 16 or 13
        words, UnsupportedError for an encrypted Polyseed. Mirrors wallet2's restore
        (cncrypto::restore_wallet_from_seed)."""
        f = "seed_restore"
        text = _text(words, "words", f)
        net = NETWORKS[_network(network, f)]
        pp = b"" if passphrase is None else _text(passphrase, "passphrase", f)
        spend = ffi.new("uint8_t[32]")
        view = ffi.new("uint8_t[32]")
        birthday = ffi.new("uint64_t *")
        lang = ffi.new("char[]", lib.CNCRYPTO_LANGUAGE_BYTES)
        _abi.check(lib.cncrypto_seed_restore(text, len(text), pp if pp else ffi.NULL, len(pp),
                                             _language(language, f), spend, view, birthday, lang), f)
        spend_sec, view_sec = _wiped_copy(spend, 32), _wiped_copy(view, 32)
        from .keys import secret_key_to_public_key
        return WalletKeys(spend_sec, view_sec, secret_key_to_public_key(spend_sec),
                          secret_key_to_public_key(view_sec), net, ffi.string(lang).decode("utf-8"),
                          int(birthday[0]), _SEED_TYPES.get(len(text.decode("utf-8", "replace").split()), ""))

    @staticmethod
    def polyseed_create(unix_time: Optional[int] = None) -> Polyseed:
        """A new Polyseed: 150 random bits and the birthday of unix_time (default now),
        rounded down to its 1/12-year unit. Mirrors tevador's polyseed_create."""
        f = "polyseed_create"
        import time
        when = _abi.u64(int(time.time()) if unix_time is None else unix_time, "unix_time", f)
        secret = ffi.new("uint8_t[19]")
        birthday = ffi.new("uint64_t *")
        _abi.check(lib.cncrypto_polyseed_create(when, secret, birthday), f)
        return Polyseed(_wiped_copy(secret, 19), int(birthday[0]))

    @staticmethod
    def polyseed_encode(secret: BytesLike, birthday: int, language: str = "English") -> str:
        """The 16 words of a Polyseed (secret: 19 bytes, birthday: Unix time). The
        wallet's keys: Seed.restore of the words. Mirrors tevador's polyseed_encode."""
        f = "polyseed_encode"
        return _string_output(lib.cncrypto_polyseed_encode, f, _abi.fixed(secret, 19, "secret", f),
                              _abi.u64(birthday, "birthday", f), _language(language, f), first_guess=512)


# ---- .keys files -----------------------------------------------------------------------------

def _check_opened(rc: int, f: str, rounds: int, path: Optional[Any]) -> None:
    """Raises the error of a .keys file that did not open: VerifyError says "wrong
    password or damaged file" (with the rounds used), FileError names the path."""
    if rc == lib.CNCRYPTO_EVERIFY:
        raise _abi.error(rc, f, "wrong password or damaged file (opened with kdf_rounds=%d: a file written "
                         "with another --kdf-rounds needs that one)" % rounds)
    if rc == lib.CNCRYPTO_EIO and path is not None:
        raise _file_error(path, _abi.last_error(f), f)
    _abi.check(rc, f)


def _load_args(path: Any, password: Any, kdf_rounds: Any, f: str) -> Tuple[bytes, bytes, int]:
    """(path as a C string, password bytes, kdf_rounds) of KeysFile.load and load_info."""
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise _abi.ArgumentTypeError(lib.CNCRYPTO_EINVAL, f, "path must be a str, bytes or os.PathLike, not %s"
                                     % type(path).__name__)
    name = os.fsencode(path)
    if b"\0" in name:
        raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, f, "path must not contain NUL")
    return name, _text(password, "password", f), _kdf_rounds(kdf_rounds, f)


KDF_ROUNDS_MAX = 1_000_000  # the most kdf_rounds KeysFile takes (cnutil keys' limit; the C ABI's too)
assert KDF_ROUNDS_MAX == lib.cncrypto_kdf_rounds_max() == lib.CNCRYPTO_KDF_ROUNDS_MAX
_INFO_BYTES = ffi.sizeof("cncrypto_keys_file_info")
assert _INFO_BYTES >= lib.cncrypto_keys_file_info_bytes() == lib.CNCRYPTO_KEYS_FILE_INFO_BYTES


class KeysFileInfo(NamedTuple):
    """What a .keys file says besides being opened (cnutil keys shows the same):
    network, the public keys, the view secret key, the spend secret key (32 zero
    bytes for a watch-only file; None for a multisig file, whose spend secret is a
    signer's share), watch_only, multisig, seed_language ("" when absent), cipher
    ("chacha20", or "chacha8" for older wallets), creation_timestamp (Unix time,
    0 when absent), network_in_file (False: the file names none, mainnet
    assumed), encrypted_secret_keys, spend_key_verified (spend secret * G == B
    was checked: always for a standard wallet), finding_count (oddities found:
    unknown or duplicate fields and the like; never a refusal, but a sign of a
    damaged or hand-edited file) and the raw flags (CNCRYPTO_KEYS_FILE_*)."""
    network: str
    spend_public_key: bytes
    view_public_key: bytes
    view_secret_key: bytes
    spend_secret_key: Optional[bytes]
    watch_only: bool
    multisig: bool
    seed_language: str
    cipher: str
    creation_timestamp: int
    network_in_file: bool
    encrypted_secret_keys: bool
    spend_key_verified: bool
    finding_count: int
    flags: int

    def address(self, network: Union[str, int, None] = None) -> Address:
        """The standard address on network (default: the file's)."""
        return Address.from_keys(self.spend_public_key, self.view_public_key,
                                 self.network if network is None else network)


def _kdf_rounds(value: Any, function: str) -> int:
    """kdf_rounds in 1 .. KDF_ROUNDS_MAX: each round is one CryptoNight hash (tens of
    milliseconds) that cannot be interrupted, so 10**9 would run for days."""
    return _abi.integer(value, "kdf_rounds", function, 1, KDF_ROUNDS_MAX,
                        "from 1 to 1,000,000 (wallet2's --kdf-rounds, default 1)")


class KeysFile:
    """Monero's wallet .keys files (wallet2's format): read one with its password
    into WalletKeys, or write a new one. The password is a str (UTF-8) or bytes,
    taken as raw bytes as wallet2 does; kdf_rounds is wallet2's --kdf-rounds
    (default 1; 1 to 1,000,000, InvalidArgumentError otherwise: each round is a
    CryptoNight hash that Ctrl-C cannot interrupt).
    Errors: VerifyError (wrong password or damaged file: the format has no MAC,
    so the two cannot be told apart; also another kdf_rounds than the file's),
    DecodeError (not a .keys file: cut, bad layout, keys that do not match),
    UnsupportedError (hardware-wallet and multisig files), FileError (an
    OSError naming the path, with errno and strerror: the file cannot be read).
    Not constant time in the password (the KDF is cn_slow_hash, as Monero)."""

    @staticmethod
    def _keys(call: Any, f: str, rounds: int, path: Optional[Any] = None) -> WalletKeys:
        keys = [ffi.new("uint8_t[32]") for _ in range(4)]
        net = ffi.new("int *")
        rc = call(*keys, net)
        _check_opened(rc, f, rounds, path)
        values = [_wiped_copy(k, 32) for k in keys]
        return WalletKeys(values[0], values[1], values[2], values[3], NETWORKS[net[0]])

    @staticmethod
    def _info(call: Any, f: str, rounds: int, path: Optional[Any] = None) -> KeysFileInfo:
        info = ffi.new("cncrypto_keys_file_info *")
        view = ffi.new("uint8_t[32]")
        spend = ffi.new("uint8_t[32]")
        rc = call(spend, view, info)
        with_spend = True
        if rc == lib.CNCRYPTO_EUNSUPPORTED:  # a multisig file: opened without its spend share
            lib.cncrypto_memzero(spend, 32)
            rc = call(ffi.NULL, view, info)
            with_spend = False
        _check_opened(rc, f, rounds, path)
        flags = int(info.flags)
        return KeysFileInfo(
            NETWORKS[info.network], ffi.buffer(info.spend_public_key, 32)[:], ffi.buffer(info.view_public_key, 32)[:],
            _wiped_copy(view, 32), _wiped_copy(spend, 32) if with_spend else None,
            bool(flags & lib.CNCRYPTO_KEYS_FILE_WATCH_ONLY), bool(flags & lib.CNCRYPTO_KEYS_FILE_MULTISIG),
            ffi.string(info.seed_language).decode("utf-8", "replace"),
            "chacha8" if info.cipher == lib.CNCRYPTO_KEYS_FILE_CHACHA8 else "chacha20", int(info.creation_timestamp),
            bool(flags & lib.CNCRYPTO_KEYS_FILE_NETWORK_IN_FILE),
            bool(flags & lib.CNCRYPTO_KEYS_FILE_ENCRYPTED_SECRET_KEYS),
            bool(flags & lib.CNCRYPTO_KEYS_FILE_SPEND_KEY_VERIFIED), int(info.finding_count), flags)

    @staticmethod
    def read_info(data: BytesLike, password: Union[str, BytesLike], kdf_rounds: int = 1) -> KeysFileInfo:
        """A .keys file's bytes opened as read(), with what the file says besides the
        keys (KeysFileInfo: seed language, cipher, multisig, creation time, the
        oddities found...). Opens multisig files too (without the spend share).
        Errors as read(). Mirrors wallet2::load_keys_buf (cncrypto_keys_file_read_info)."""
        f = "keys_file_read_info"
        buf = _abi.data(data, "data", f)
        pw = _text(password, "password", f)
        rounds = _kdf_rounds(kdf_rounds, f)
        return KeysFile._info(lambda spend, view, info: lib.cncrypto_keys_file_read_info(
            buf, len(buf), pw, len(pw), rounds, spend, view, info, _INFO_BYTES), f, rounds)

    @staticmethod
    def load_info(path: Union[str, bytes, "os.PathLike[str]"], password: Union[str, BytesLike],
                  kdf_rounds: int = 1) -> KeysFileInfo:
        """read_info of the file at path; FileError (naming it) when it cannot be read."""
        f = "keys_file_load_info"
        name, pw, rounds = _load_args(path, password, kdf_rounds, f)
        return KeysFile._info(lambda spend, view, info: lib.cncrypto_keys_file_load_info(
            name, pw, len(pw), rounds, spend, view, info, _INFO_BYTES), f, rounds, path)

    @staticmethod
    def read(data: BytesLike, password: Union[str, BytesLike], kdf_rounds: int = 1) -> WalletKeys:
        """The keys and network of a .keys file's bytes. Mirrors wallet2::load_keys_buf."""
        f = "keys_file_read"
        buf = _abi.data(data, "data", f)
        pw = _text(password, "password", f)
        rounds = _kdf_rounds(kdf_rounds, f)
        return KeysFile._keys(lambda *out: lib.cncrypto_keys_file_read(buf, len(buf), pw, len(pw), rounds, *out), f,
                              rounds)

    @staticmethod
    def load(path: Union[str, bytes, "os.PathLike[str]"], password: Union[str, BytesLike],
             kdf_rounds: int = 1) -> WalletKeys:
        """The keys and network of the .keys file at path. FileError (an OSError whose
        message, ``filename``, ``errno`` and ``strerror`` say which file and why)
        when it cannot be read."""
        f = "keys_file_load"
        name, pw, rounds = _load_args(path, password, kdf_rounds, f)
        return KeysFile._keys(lambda *out: lib.cncrypto_keys_file_load(name, pw, len(pw), rounds, *out), f, rounds,
                              path)

    @staticmethod
    def write(spend_secret_key: BytesLike, view_secret_key: BytesLike, password: Union[str, BytesLike],
              network: Union[str, int] = "mainnet", kdf_rounds: int = 1, seed_language: Optional[str] = None,
              creation_timestamp: int = 0) -> bytes:
        """A new .keys file's bytes for the standard wallet (spend, view) that wallet2
        opens with password (seed_language None: English; creation_timestamp: Unix
        time, 0 for none). DecodeError for a key >= L. Mirrors wallet2::store_keys."""
        f = "keys_file_write"
        pw = _text(password, "password", f)
        return _abi.sized_output(lib.cncrypto_keys_file_write, f, _abi.fixed(spend_secret_key, 32, "spend_secret_key", f),
                                 _abi.fixed(view_secret_key, 32, "view_secret_key", f), _network(network, f), pw,
                                 len(pw), _kdf_rounds(kdf_rounds, f), _language(seed_language, f),
                                 _abi.u64(creation_timestamp, "creation_timestamp", f), first_guess=4096)
