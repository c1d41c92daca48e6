"""The boundary between Python and the C ABI: the native module, the one error
mapping, argument conversion and the three calling patterns.

Every wrapper in this package is written with these helpers, so a function
added to the C ABI is a few lines:

* a fixed-size output: ``return fixed_output(lib.cncrypto_x, 32, "x", arg1, ...)``
  (``fixed_output`` appends the output buffer as the last argument);
* a variable-size output in the C ABI's two-call pattern ``(out, &out_len)``
  (CNCRYPTO_ESIZE writes the needed size back): ``sized_output(lib.cncrypto_x, "x", arg1, ...)``;
* a check: ``return verified(lib.cncrypto_check_x(...), "check_x")``;
* anything else: ``check(rc, "name")``.

Inputs go through ``data`` (any bytes-like, any length), ``fixed`` (exactly
N bytes: the C side reads N bytes, so a shorter buffer would be read past its
end), ``joined`` (a list of N-byte items, or their concatenation) and ``u64``.
"""
from typing import Any, Callable, Optional, Tuple, Union

from ._native import ffi, lib

BytesLike = Union[bytes, bytearray, memoryview]

OK = lib.CNCRYPTO_OK


class Error(Exception):
    """A failure reported by the C ABI (or found before calling it).

    ``code`` is the C ABI's negative return code (``cncrypto.EINVAL`` ...),
    ``function`` the function that failed, ``detail`` why it failed in words
    (the C ABI's ``cncrypto_last_error()`` text without its function name, or
    the sentence of a check made in Python: the argument, field, position,
    limit or sizes; never secret bytes, keys, passwords or seed words), or None
    when there is none, and ``message`` the detail, else the code's generic
    sentence (``cncrypto_strerror``). ``str(error)`` is
    ``"function: message (CODE)"``.
    """

    code: int
    function: str
    message: str
    detail: Optional[str]

    def __init__(self, code: int, function: str, message: Optional[str] = None):
        self.code = code
        self.function = function
        self.detail = message if message else None
        self.message = message if message else strerror(code)
        self._text = "%s: %s (%s)" % (function, self.message, _CODE_NAMES.get(code, str(code)))
        super().__init__(self._text)

    def __str__(self) -> str:  # also for FileError, whose OSError fields (errno, filename) may be set
        return self._text


class InvalidArgumentError(Error, ValueError):
    """CNCRYPTO_EINVAL: a bad argument (an unknown variant, a count of 0, a misused state...)."""


class LengthError(InvalidArgumentError):
    """An argument of the wrong length (a 32-byte key given 31 bytes); code EINVAL."""


class ArgumentTypeError(Error, TypeError):
    """An argument of the wrong type (a str where bytes are wanted); code EINVAL."""


class DecodeError(Error, ValueError):
    """CNCRYPTO_EDECODE: bytes that do not decode (a point, a canonical scalar, a transaction, a block)."""


class VerifyError(Error):
    """CNCRYPTO_EVERIFY: a failed check. The check_* functions return False instead."""


class BufferSizeError(Error):
    """CNCRYPTO_ESIZE: an output buffer too small (handled inside the wrappers; seen only on a bug)."""


class OutOfMemoryError(Error, MemoryError):
    """CNCRYPTO_ENOMEM: memory could not be had."""


class UnsupportedError(Error):
    """CNCRYPTO_EUNSUPPORTED: not in this build (RandomX without librandomx)."""


class FileError(Error, OSError):
    """CNCRYPTO_EIO: a file could not be read (KeysFile.load); also an OSError."""


class InternalError(Error):
    """CNCRYPTO_EINTERNAL: a bug of the library; please report it."""


_CODE_NAMES = {
    lib.CNCRYPTO_EINVAL: "EINVAL", lib.CNCRYPTO_EDECODE: "EDECODE", lib.CNCRYPTO_EVERIFY: "EVERIFY",
    lib.CNCRYPTO_ESIZE: "ESIZE", lib.CNCRYPTO_ENOMEM: "ENOMEM", lib.CNCRYPTO_EUNSUPPORTED: "EUNSUPPORTED",
    lib.CNCRYPTO_EINTERNAL: "EINTERNAL", lib.CNCRYPTO_EIO: "EIO",
}
_CLASSES = {
    lib.CNCRYPTO_EINVAL: InvalidArgumentError, lib.CNCRYPTO_EDECODE: DecodeError,
    lib.CNCRYPTO_EVERIFY: VerifyError, lib.CNCRYPTO_ESIZE: BufferSizeError,
    lib.CNCRYPTO_ENOMEM: OutOfMemoryError, lib.CNCRYPTO_EUNSUPPORTED: UnsupportedError,
    lib.CNCRYPTO_EINTERNAL: InternalError, lib.CNCRYPTO_EIO: FileError,
}


def strerror(code: int) -> str:
    """The C ABI's sentence for a return code (cncrypto_strerror)."""
    return ffi.string(lib.cncrypto_strerror(code)).decode("ascii", "replace")


def last_error(function: str = "") -> Optional[str]:
    """The calling thread's cncrypto_last_error() text, without its leading
    "function: " (the C name of the function that failed), or None when the
    library has no detail (an empty text). Read it right after a call returned a
    negative code: the next failing call of this thread replaces it."""
    text = ffi.string(lib.cncrypto_last_error()).decode("utf-8", "replace")
    if not text:
        return None
    name, sep, rest = text.partition(": ")
    if sep and rest and name.isidentifier():
        return rest
    return text


def error(code: int, function: str, message: Optional[str] = None) -> Error:
    """The exception for a C ABI return code: the one mapping from codes to classes.

    message: the detail; None takes the C ABI's cncrypto_last_error() of this
    thread, so call it right after the failing call (as check() does)."""
    if message is None:
        message = last_error(function)
    return _CLASSES.get(code, InternalError)(code, function, message)


def check(rc: int, function: str) -> None:
    """Raises the exception of rc unless it is CNCRYPTO_OK."""
    if rc != OK:
        raise error(rc, function)


def verified(rc: int, function: str) -> bool:
    """A check's result: True for CNCRYPTO_OK, False for CNCRYPTO_EVERIFY, else raises."""
    if rc == OK:
        return True
    if rc == lib.CNCRYPTO_EVERIFY:
        return False
    raise error(rc, function)


# ---- inputs ------------------------------------------------------------------------

def data(value: Any, name: str, function: str) -> Any:
    """Any bytes-like as a C argument (bytes as they are, others through the buffer protocol).

    Returns what to pass for the pointer; its length is ``len(value)`` in bytes
    for bytes, or of the returned buffer."""
    if type(value) is bytes:
        return value
    if isinstance(value, (str, int, float)) or value is None:
        raise ArgumentTypeError(lib.CNCRYPTO_EINVAL, function, "%s must be bytes-like, not %s"
                                % (name, type(value).__name__))
    try:
        return ffi.from_buffer("uint8_t[]", value)
    except (TypeError, ValueError, BufferError) as e:
        raise ArgumentTypeError(lib.CNCRYPTO_EINVAL, function, "%s must be a contiguous bytes-like object (%s)"
                                % (name, e)) from None


def fixed(value: Any, size: int, name: str, function: str) -> Any:
    """A bytes-like of exactly size bytes as a C argument (uint8_t x[size])."""
    arg = data(value, name, function)
    n = len(arg)
    if n != size:
        raise LengthError(lib.CNCRYPTO_EINVAL, function, "%s must be %d bytes, not %d" % (name, size, n))
    return arg


def joined(items: Any, size: int, name: str, function: str) -> Tuple[Any, int]:
    """A list of size-byte items (or one bytes-like holding them back to back) as one
    C buffer and its item count."""
    if isinstance(items, (bytes, bytearray, memoryview)):
        buf = data(items, name, function)
        if len(buf) % size != 0:
            raise LengthError(lib.CNCRYPTO_EINVAL, function, "%s must be a multiple of %d bytes, not %d"
                              % (name, size, len(buf)))
        return buf, len(buf) // size
    if isinstance(items, (str, int, float)) or items is None:
        raise ArgumentTypeError(lib.CNCRYPTO_EINVAL, function, "%s must be a list of %d-byte items, not %s"
                                % (name, size, type(items).__name__))
    parts = [bytes(fixed(item, size, "%s[%d]" % (name, i), function)) for i, item in enumerate(items)]
    return b"".join(parts), len(parts)


def integer(value: Any, name: str, function: str, low: int, high: int, range_text: Optional[str] = None,
            type_text: str = "an int") -> int:
    """The one check of an int argument: value, an int (not a bool) from low to high
    inclusive, else ArgumentTypeError ("NAME must be TYPE_TEXT, not float") or
    InvalidArgumentError ("NAME must be RANGE_TEXT, not VALUE"; range_text
    defaults to "from LOW to HIGH"). The messages state the range the caller has."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(lib.CNCRYPTO_EINVAL, function, "%s must be %s, not %s"
                                % (name, type_text, type(value).__name__))
    if not low <= value <= high:
        raise InvalidArgumentError(lib.CNCRYPTO_EINVAL, function, "%s must be %s, not %d"
                                   % (name, range_text or "from %d to %d" % (low, high), value))
    return value


def u64(value: Any, name: str, function: str, bits: int = 64) -> int:
    """An int in [0, 2**bits) (an index, a height, an amount)."""
    return integer(value, name, function, 0, (1 << bits) - 1, "in [0, 2**%d)" % bits)


def u32(value: Any, name: str, function: str) -> int:
    """An int in [0, 2**32) (a subaddress index)."""
    return u64(value, name, function, bits=32)


def c_int(value: Any, name: str, function: str) -> int:
    """An int that fits a C int (a variant, a version); the C ABI checks its meaning."""
    return integer(value, name, function, -(1 << 31), (1 << 31) - 1, "a C int, in [-2**31, 2**31)")


# ---- outputs -----------------------------------------------------------------------

def fixed_output(fn: Callable[..., int], size: int, function: str, *args: Any) -> bytes:
    """Calls fn(*args, out) with a size-byte output buffer; returns its bytes or raises
    (OutOfMemoryError, not a bare MemoryError, when the buffer cannot be had)."""
    try:
        out = ffi.new("uint8_t[]", size)
    except (MemoryError, OverflowError):
        raise error(lib.CNCRYPTO_ENOMEM, function, "cannot allocate an output of %d bytes" % size) from None
    rc = fn(*args, out)
    if rc != OK:
        raise error(rc, function)
    return ffi.buffer(out, size)[:]


def sized_output(fn: Callable[..., int], function: str, *args: Any, first_guess: int = 256) -> bytes:
    """The C ABI's two-call pattern fn(*args, out, &out_len) for a variable-size output.

    Calls with a first_guess-byte buffer; on CNCRYPTO_ESIZE the C ABI has
    written the needed size to out_len, and the call is made once more with a
    buffer that large. Returns the out_len bytes written."""
    out_len = ffi.new("size_t *", first_guess)
    out = ffi.new("uint8_t[]", max(first_guess, 1))
    rc = fn(*args, out, out_len)
    if rc == lib.CNCRYPTO_ESIZE:
        needed = out_len[0]
        out = ffi.new("uint8_t[]", max(needed, 1))
        out_len[0] = needed
        rc = fn(*args, out, out_len)
    if rc != OK:
        raise error(rc, function)
    return ffi.buffer(out, out_len[0])[:]

