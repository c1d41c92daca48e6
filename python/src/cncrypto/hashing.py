"""Hashes: cn_fast_hash (Keccak-256), tree_hash, CryptoNight, RandomX, SHA-3 and
SHAKE, one-shot and streaming (hashlib-like classes).

Sizes are in bytes. "Constant time" means the time and memory accesses do not
depend on the named inputs; "variable time" functions take public inputs only.
Long calls (CryptoNight, RandomX, big inputs) release the GIL.
"""
import threading
from typing import Any, Optional, Sequence

from . import _abi
from ._abi import BytesLike, ffi, lib

HASH_BYTES = lib.CNCRYPTO_HASH_BYTES


def cn_fast_hash(data: BytesLike) -> bytes:
    """Keccak-256 of data (original Keccak padding, NOT SHA3-256): Monero's cn_fast_hash.

    Any length in; 32 bytes out. Constant time in the data."""
    buf = _abi.data(data, "data", "cn_fast_hash")
    out = ffi.new("uint8_t[32]")
    _abi.check(lib.cncrypto_cn_fast_hash(buf, len(buf), out), "cn_fast_hash")
    return ffi.buffer(out, 32)[:]


def tree_hash(hashes: Sequence[BytesLike]) -> bytes:
    """Monero's Merkle root (tree_hash) of a block's transaction hashes.

    hashes: a non-empty list of 32-byte hashes (or their concatenation);
    32 bytes out. Raises InvalidArgumentError for an empty list (Monero only
    asserts). Variable time in the count only."""
    buf, count = _abi.joined(hashes, 32, "hashes", "tree_hash")
    if count == 0:
        raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, "tree_hash", "hashes must hold at least 1 hash, not 0 "
                                        "(Monero's tree_hash asserts on 0)")
    return _abi.fixed_output(lib.cncrypto_tree_hash, 32, "tree_hash", buf, count)


def cn_slow_hash(data: BytesLike, variant: int = 0, height: int = 0) -> bytes:
    """CryptoNight with Monero's variant numbers: 0 (original), 1 (v7, data of at
    least 43 bytes), 2 (v8), 3 (as 2), 4 (CryptoNight-R, program from height),
    5 (as 4); height is read by 4 and 5 only. 32 bytes out.

    Raises InvalidArgumentError for another variant or variant 1 on fewer
    than 43 bytes (where Monero exits). Uses a 2 MiB scratchpad per thread
    (cn_slow_hash_free_state frees the calling thread's). Variable time
    (proof-of-work inputs are public). Releases the GIL."""
    f = "cn_slow_hash"
    buf = _abi.data(data, "data", f)
    v = _abi.c_int(variant, "variant", f)
    if not 0 <= v <= 5:
        raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, f, "variant must be 0 to 5 (0 original, 1 v7, 2 v8, "
                                        "3 as 2, 4 CryptoNight-R, 5 as 4), not %d" % v)
    if v == 1 and len(buf) < 43:
        raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, f, "variant 1 needs at least 43 bytes of data "
                                        "(Monero exits on fewer), not %d" % len(buf))
    return _abi.fixed_output(lib.cncrypto_cn_slow_hash, 32, f, buf, len(buf), v, _abi.u64(height, "height", f))


def cn_slow_hash_free_state() -> None:
    """Frees the calling thread's CryptoNight scratchpad (the next cn_slow_hash allocates it again)."""
    _abi.check(lib.cncrypto_cn_slow_hash_free_state(), "cn_slow_hash_free_state")


def rx_slow_hash(seed_hash: BytesLike, data: BytesLike) -> bytes:
    """RandomX of data with key seed_hash (32 bytes: the id of the seed block), light
    mode, as Monero's rx_slow_hash. 32 bytes out.

    The first call per seed builds a 256 MiB cache (seconds), kept by the
    library and shared between threads. Raises UnsupportedError when the
    library was built without librandomx. Variable time. Releases the GIL."""
    seed = _abi.fixed(seed_hash, 32, "seed_hash", "rx_slow_hash")
    buf = _abi.data(data, "data", "rx_slow_hash")
    return _abi.fixed_output(lib.cncrypto_rx_slow_hash, 32, "rx_slow_hash", seed, buf, len(buf))


# ---- RandomX handles ---------------------------------------------------------------------

class _RandomXHandle:
    """A RandomX handle: close() drops it now (idempotent; what was made from it keeps
    the memory alive), ``with`` closes it, the garbage collector otherwise."""
    _handle: Any = None

    def close(self) -> None:
        h, self._handle = self._handle, None
        if h is not None:
            ffi.release(h)  # calls the handle's cncrypto_rx_*_destroy now

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class RandomXCache(_RandomXHandle):
    """A RandomX cache (light mode, 256 MiB) for key (a Monero seed hash: the
    32-byte id of the seed block; any length for RandomX's own test keys): an
    Argon2d fill of about a second. Freed when the object and every VM and
    dataset made from it are gone (or close()). UnsupportedError without
    librandomx, OutOfMemoryError when the memory cannot be had. Releases the
    GIL. Mirrors randomx_alloc_cache + randomx_init_cache (cncrypto_rx_cache_create)."""

    def __init__(self, key: BytesLike):
        f = "rx_cache_create"
        buf = _abi.data(key, "key", f)
        out = ffi.new("cncrypto_rx_cache **")
        _abi.check(lib.cncrypto_rx_cache_create(buf, len(buf), out), f)
        self._handle = ffi.gc(out[0], lib.cncrypto_rx_cache_destroy)


class RandomXDataset(_RandomXHandle):
    """A RandomX dataset (fast mode, 2 GiB more) made from a cache by threads
    threads (0 or 1: the calling thread; at most 256): tens of seconds per core.
    Releases the GIL. Mirrors randomx_alloc_dataset + randomx_init_dataset."""

    def __init__(self, cache: RandomXCache, threads: int = 1):
        f = "rx_dataset_create"
        n = _abi.u64(threads, "threads", f)
        if n > 256:
            raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, f, "threads must be from 0 to 256, not %d" % n)
        out = ffi.new("cncrypto_rx_dataset **")
        _abi.check(lib.cncrypto_rx_dataset_create(_live(cache, f, "cache", RandomXCache), n, out), f)
        self._handle = ffi.gc(out[0], lib.cncrypto_rx_dataset_destroy)


def _live(handle: Any, function: str, name: Optional[str] = None, kind: Optional[type] = None) -> Any:
    """The C handle of a RandomX object: ArgumentTypeError naming the argument when
    it is not a kind (e.g. None or a str), InvalidArgumentError when it is closed."""
    if kind is not None and not isinstance(handle, kind):
        raise _abi.ArgumentTypeError(lib.CNCRYPTO_EINVAL, function, "%s must be a %s, not %s"
                                     % (name, kind.__name__, type(handle).__name__))
    if getattr(handle, "_handle", None) is None:
        raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, function, "the RandomX %s is closed"
                                        % (name or "handle"))
    return handle._handle


class RandomXVM(_RandomXHandle):
    """A RandomX VM over a cache (light mode: tens of ms a hash) or a dataset (fast
    mode: 1-2 ms a hash): exactly one of the two. ``hash(data)`` gives the 32-byte
    RandomX hash under the cache's key, the same in both modes (Monero's
    rx_slow_hash for a 32-byte seed hash). The C VM is for one thread at a time:
    this object holds a lock around each hash and close(), so threads sharing one
    VM take turns (make one per thread to hash in parallel; caches and datasets are
    shared). Variable time. Releases the GIL. Mirrors randomx_create_vm /
    randomx_calculate_hash."""

    def close(self) -> None:
        with self._lock:
            super().close()

    def __init__(self, cache: Optional[RandomXCache] = None, dataset: Optional[RandomXDataset] = None):
        f = "rx_vm_create"
        if (cache is None) == (dataset is None):
            raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, f, "give exactly one of cache (light mode) and "
                                            "dataset (fast mode)")
        self._lock = threading.Lock()
        out = ffi.new("cncrypto_rx_vm **")
        c = ffi.NULL if cache is None else _live(cache, f, "cache", RandomXCache)
        d = ffi.NULL if dataset is None else _live(dataset, f, "dataset", RandomXDataset)
        _abi.check(lib.cncrypto_rx_vm_create(c, d, out), f)
        self._handle = ffi.gc(out[0], lib.cncrypto_rx_vm_destroy)

    def hash(self, data: BytesLike) -> bytes:
        """RandomX(key, data): 32 bytes."""
        f = "rx_hash"
        buf = _abi.data(data, "data", f)
        with self._lock:  # cncrypto_rx_hash: one thread at a time on a VM
            return _abi.fixed_output(lib.cncrypto_rx_hash, 32, f, _live(self, f), buf, len(buf))


def _sha3(fn: Any, size: int, name: str, data: BytesLike) -> bytes:
    buf = _abi.data(data, "data", name)
    return _abi.fixed_output(fn, size, name, buf, len(buf))


def sha3_224(data: BytesLike) -> bytes:
    """SHA3-224 (FIPS 202) of data: 28 bytes. Constant time in the data.
    (Returns the digest, unlike hashlib.sha3_224; the streaming class is SHA3_224.)"""
    return _sha3(lib.cncrypto_sha3_224, 28, "sha3_224", data)


def sha3_256(data: BytesLike) -> bytes:
    """SHA3-256 (FIPS 202) of data: 32 bytes (not cn_fast_hash: another padding).
    Constant time in the data. (Returns the digest; the streaming class is SHA3_256.)"""
    return _sha3(lib.cncrypto_sha3_256, 32, "sha3_256", data)


def sha3_384(data: BytesLike) -> bytes:
    """SHA3-384 (FIPS 202) of data: 48 bytes. Constant time in the data."""
    return _sha3(lib.cncrypto_sha3_384, 48, "sha3_384", data)


def sha3_512(data: BytesLike) -> bytes:
    """SHA3-512 (FIPS 202) of data: 64 bytes. Constant time in the data."""
    return _sha3(lib.cncrypto_sha3_512, 64, "sha3_512", data)


def _shake(fn: Any, name: str, data: BytesLike, length: int) -> bytes:
    buf = _abi.data(data, "data", name)
    n = _abi.u64(length, "length", name)
    return _abi.fixed_output(lambda *a: fn(buf, len(buf), *a, n), n, name)


def shake128(data: BytesLike, length: int) -> bytes:
    """SHAKE128 (FIPS 202) of data: length bytes (0 allowed). Constant time in the data."""
    return _shake(lib.cncrypto_shake128, "shake128", data, length)


def shake256(data: BytesLike, length: int) -> bytes:
    """SHAKE256 (FIPS 202) of data: length bytes (0 allowed). Constant time in the data."""
    return _shake(lib.cncrypto_shake256, "shake256", data, length)


# ---- streaming (hashlib-like) -------------------------------------------------------

class _Sponge:
    """A streaming Keccak-f[1600] hash over the C ABI's cncrypto_keccak_state.

    Like hashlib's objects: update(), digest(), hexdigest(), copy(),
    digest_size, block_size, name. Unlike them: update() after digest() raises
    InvalidArgumentError (the C ABI finalises once; digest() again returns the
    same bytes). reset() starts over. Update and digest are constant time in the data. One object is for
    one thread at a time."""

    _algorithm = -1
    digest_size = 0
    block_size = 0
    name = ""

    def __init_subclass__(cls, algorithm: int = -1, digest_size: int = 0, block_size: int = 0, name: str = "",
                          **kwargs: Any):
        super().__init_subclass__(**kwargs)
        cls._algorithm, cls.digest_size, cls.block_size, cls.name = algorithm, digest_size, block_size, name

    def __init__(self, data: BytesLike = b""):
        state = ffi.new("cncrypto_keccak_state **")
        _abi.check(lib.cncrypto_keccak_create(self._algorithm, state), "keccak_create")
        # destroy wipes and frees the state when this object goes away.
        self._state = ffi.gc(state[0], lib.cncrypto_keccak_destroy)
        self._digest: Optional[bytes] = None
        if len(data):
            self.update(data)

    def update(self, data: BytesLike) -> None:
        """Absorbs data (any bytes-like). Releases the GIL (large inputs hash in parallel)."""
        buf = _abi.data(data, "data", "update")
        _abi.check(lib.cncrypto_keccak_update(self._state, buf, len(buf)), self.name + ".update")

    def _final(self, length: int) -> bytes:
        if self._digest is None:
            out = ffi.new("uint8_t[]", max(length, 1))
            _abi.check(lib.cncrypto_keccak_final(self._state, out, length), self.name + ".digest")
            self._digest = ffi.buffer(out, length)[:]
        return self._digest

    def copy(self) -> "_Sponge":
        """An independent copy of the state (the data absorbed, finalised or not), as
        hashlib's copy(): hash a common prefix once. cncrypto_keccak_copy."""
        cls = type(self)
        other = cls.__new__(cls)
        state = ffi.new("cncrypto_keccak_state **")
        _abi.check(lib.cncrypto_keccak_create(self._algorithm, state), "keccak_create")
        other._state = ffi.gc(state[0], lib.cncrypto_keccak_destroy)
        _abi.check(lib.cncrypto_keccak_copy(self._state, other._state), self.name + ".copy")
        other._digest = self._digest
        return other

    def reset(self) -> None:
        """Back to the empty input (same algorithm)."""
        _abi.check(lib.cncrypto_keccak_reset(self._state), self.name + ".reset")
        self._digest = None


class _FixedSponge(_Sponge):
    def digest(self) -> bytes:
        """The digest (digest_size bytes). Finalises: no update() after it."""
        return self._final(self.digest_size)

    def hexdigest(self) -> str:
        """digest() in lowercase hex."""
        return self.digest().hex()


class Keccak256(_FixedSponge, algorithm=lib.CNCRYPTO_KECCAK_256, digest_size=32, block_size=136, name="keccak-256"):
    """Streaming Keccak-256, i.e. cn_fast_hash (32 bytes; Monero's keccak_init/update/finish)."""


class SHA3_224(_FixedSponge, algorithm=lib.CNCRYPTO_SHA3_224, digest_size=28, block_size=144, name="sha3_224"):
    """Streaming SHA3-224 (28 bytes)."""


class SHA3_256(_FixedSponge, algorithm=lib.CNCRYPTO_SHA3_256, digest_size=32, block_size=136, name="sha3_256"):
    """Streaming SHA3-256 (32 bytes)."""


class SHA3_384(_FixedSponge, algorithm=lib.CNCRYPTO_SHA3_384, digest_size=48, block_size=104, name="sha3_384"):
    """Streaming SHA3-384 (48 bytes)."""


class SHA3_512(_FixedSponge, algorithm=lib.CNCRYPTO_SHA3_512, digest_size=64, block_size=72, name="sha3_512"):
    """Streaming SHA3-512 (64 bytes)."""


class _Shake(_Sponge):
    def digest(self, length: int) -> bytes:
        """The first length bytes of the output (as hashlib's shake: digest(n) is a
        prefix of digest(m) for n < m). Finalises: no update() after it."""
        n = _abi.u64(length, "length", self.name + ".digest")
        have = self._final(n)
        if n > len(have):
            more = ffi.new("uint8_t[]", n - len(have))
            _abi.check(lib.cncrypto_keccak_squeeze(self._state, more, n - len(have)), self.name + ".digest")
            have = self._digest = have + ffi.buffer(more, n - len(have))[:]
        return have[:n]

    def hexdigest(self, length: int) -> str:
        """digest(length) in lowercase hex."""
        return self.digest(length).hex()


class SHAKE128(_Shake, algorithm=lib.CNCRYPTO_SHAKE128, block_size=168, name="shake_128"):
    """Streaming SHAKE128 (any output length)."""


class SHAKE256(_Shake, algorithm=lib.CNCRYPTO_SHAKE256, block_size=136, name="shake_256"):
    """Streaming SHAKE256 (any output length)."""


_BY_NAME = {
    "keccak-256": Keccak256, "keccak256": Keccak256, "keccak_256": Keccak256, "cn_fast_hash": Keccak256,
    "sha3-224": SHA3_224, "sha3_224": SHA3_224, "sha3-256": SHA3_256, "sha3_256": SHA3_256,
    "sha3-384": SHA3_384, "sha3_384": SHA3_384, "sha3-512": SHA3_512, "sha3_512": SHA3_512,
    "shake128": SHAKE128, "shake_128": SHAKE128, "shake256": SHAKE256, "shake_256": SHAKE256,
}


def new(name: str, data: BytesLike = b"") -> _Sponge:
    """A streaming hash by name, as hashlib.new: keccak-256 (alias cn_fast_hash),
    sha3_224, sha3_256, sha3_384, sha3_512, shake_128, shake_256 ('-' or '_', any case)."""
    try:
        cls = _BY_NAME[name.lower()]
    except (KeyError, AttributeError):
        raise _abi.InvalidArgumentError(lib.CNCRYPTO_EINVAL, "new", "unknown algorithm %r (known: %s)"
                                        % (name, ", ".join(sorted(_BY_NAME)))) from None
    return cls(data)


algorithms_available = frozenset(_BY_NAME)
