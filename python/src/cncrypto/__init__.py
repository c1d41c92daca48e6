"""cncrypto: Monero's cryptography for Python, byte-exact with Monero, over
cncrypto's C ABI (cncrypto.h; docs/python.md, docs/c_api.md).

bytes in and out (any bytes-like accepted: bytes, bytearray, memoryview),
exceptions instead of return codes (cncrypto.Error and its subclasses, which
are also ValueError/TypeError/MemoryError where that fits), bool for checks,
int for indices, amounts and view tags. Every function may be called from any
thread; the long ones (CryptoNight, RandomX, big hashes) release the GIL.

>>> import cncrypto
>>> cncrypto.cn_fast_hash(b"abc").hex()
'4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45'
"""
from . import _abi
from ._abi import (ArgumentTypeError, BufferSizeError, DecodeError, Error, InternalError, InvalidArgumentError,
                   FileError, LengthError, OutOfMemoryError, UnsupportedError, VerifyError, ffi, lib, strerror)
from .chain import (block_id, block_pow_hash, block_to_json, check_tx, check_tx_semantics, pruned_tx_to_json,
                    tx_hash, tx_prefix_hash, tx_prune, tx_to_json)
from .hashing import (SHA3_224, SHA3_256, SHA3_384, SHA3_512, SHAKE128, SHAKE256, Keccak256, RandomXCache,
                      RandomXDataset, RandomXVM, cn_fast_hash, cn_slow_hash, cn_slow_hash_free_state, new, rx_slow_hash,
                      sha3_224, sha3_256, sha3_384, sha3_512, shake128, shake256, tree_hash)
from .keys import (KeyPair, check_key, check_ring_signature, check_signature, check_tx_proof, derive_public_key,
                   derive_secret_key, derive_subaddress_public_key, derive_view_tag, generate_key_derivation,
                   generate_key_derivations,
                   generate_key_image, generate_keys, generate_ring_signature, generate_signature, generate_tx_proof,
                   secret_key_to_public_key)
from .wallet import (KDF_ROUNDS_MAX, KINDS, MAX_SCAN_THREADS, MAX_SUBADDRESSES, NETWORKS, OWNED_ADDITIONAL_KEY,
                     OWNED_AMOUNT, OWNED_KEY_IMAGE, OWNED_LONG_PAYMENT_ID, OWNED_SHORT_PAYMENT_ID, Address,
                     DecodedAmount, DecodedSeed, KeysFile, KeysFileInfo, OwnedOutput, Polyseed, Seed, Wallet,
                     WalletKeys, derivation_to_scalar, ecdh_decode, get_subaddress, get_subaddress_secret_key)

# The C ABI's return codes and sizes (cncrypto.h).
OK = lib.CNCRYPTO_OK
EINVAL = lib.CNCRYPTO_EINVAL
EDECODE = lib.CNCRYPTO_EDECODE
EVERIFY = lib.CNCRYPTO_EVERIFY
ESIZE = lib.CNCRYPTO_ESIZE
ENOMEM = lib.CNCRYPTO_ENOMEM
EUNSUPPORTED = lib.CNCRYPTO_EUNSUPPORTED
EINTERNAL = lib.CNCRYPTO_EINTERNAL
EIO = lib.CNCRYPTO_EIO

HASH_BYTES = lib.CNCRYPTO_HASH_BYTES
KEY_BYTES = lib.CNCRYPTO_KEY_BYTES
PUBLIC_KEY_BYTES = lib.CNCRYPTO_PUBLIC_KEY_BYTES
SECRET_KEY_BYTES = lib.CNCRYPTO_SECRET_KEY_BYTES
KEY_DERIVATION_BYTES = lib.CNCRYPTO_KEY_DERIVATION_BYTES
KEY_IMAGE_BYTES = lib.CNCRYPTO_KEY_IMAGE_BYTES
SIGNATURE_BYTES = lib.CNCRYPTO_SIGNATURE_BYTES
VIEW_TAG_BYTES = lib.CNCRYPTO_VIEW_TAG_BYTES
SHA3_224_BYTES = lib.CNCRYPTO_SHA3_224_BYTES
SHA3_256_BYTES = lib.CNCRYPTO_SHA3_256_BYTES
SHA3_384_BYTES = lib.CNCRYPTO_SHA3_384_BYTES
SHA3_512_BYTES = lib.CNCRYPTO_SHA3_512_BYTES
PAYMENT_ID_BYTES = lib.CNCRYPTO_PAYMENT_ID_BYTES
ADDRESS_MAX_BYTES = lib.CNCRYPTO_ADDRESS_MAX_BYTES
LANGUAGE_BYTES = lib.CNCRYPTO_LANGUAGE_BYTES
POLYSEED_SECRET_BYTES = lib.CNCRYPTO_POLYSEED_SECRET_BYTES
OWNED_OUTPUT_BYTES = lib.CNCRYPTO_OWNED_OUTPUT_BYTES
ABI_VERSION = lib.CNCRYPTO_ABI_VERSION

# The native module is compiled against the header it is linked with; the check
# is the C ABI's CNCRYPTO_ABI_CHECK() all the same.
_abi.check(lib.cncrypto_abi_check(lib.CNCRYPTO_ABI_VERSION), "abi_check")

__version__ = ffi.string(lib.cncrypto_version()).decode("ascii")


def version() -> str:
    """The library's release (cncrypto_version), e.g. "0.1.0"."""
    return __version__


def abi_version() -> int:
    """The C ABI version the native library implements (cncrypto_abi_version)."""
    return int(lib.cncrypto_abi_version())


def random_bytes(n: int) -> bytes:
    """n bytes from the operating system's CSPRNG (libsodium's randombytes_buf;
    Monero's generate_random_bytes_thread_safe)."""
    count = _abi.u64(n, "n", "random_bytes")
    return _abi.fixed_output(lambda out: lib.cncrypto_random_bytes(out, count), count, "random_bytes")


def memzero(buf: bytearray) -> None:
    """Wipes a writable bytes-like (bytearray, writable memoryview) in place with writes
    the compiler may not remove (sodium_memzero; Monero's memwipe). bytes objects are
    immutable: keep secrets in a bytearray to wipe them. Constant time in the contents."""
    if isinstance(buf, (bytes, str)):
        raise ArgumentTypeError(EINVAL, "memzero", "memzero needs a writable buffer (bytearray), not %s"
                                % type(buf).__name__)
    try:
        view = ffi.from_buffer("uint8_t[]", buf, require_writable=True)
    except (TypeError, ValueError, BufferError) as e:
        raise ArgumentTypeError(EINVAL, "memzero", "memzero needs a writable contiguous buffer (%s)" % e) from None
    _abi.check(lib.cncrypto_memzero(view, len(view)), "memzero")


__all__ = [
    # errors
    "Error", "InvalidArgumentError", "LengthError", "ArgumentTypeError", "DecodeError", "VerifyError",
    "BufferSizeError", "OutOfMemoryError", "UnsupportedError", "FileError", "InternalError", "strerror",
    # hashing
    "cn_fast_hash", "tree_hash", "cn_slow_hash", "cn_slow_hash_free_state", "rx_slow_hash", "sha3_224", "sha3_256",
    "sha3_384", "sha3_512", "shake128", "shake256", "Keccak256", "SHA3_224", "SHA3_256", "SHA3_384", "SHA3_512",
    "SHAKE128", "SHAKE256", "new", "RandomXCache", "RandomXDataset", "RandomXVM",
    # keys
    "KeyPair", "secret_key_to_public_key", "generate_keys", "check_key", "generate_key_derivation",
    "generate_key_derivations",
    "derive_public_key", "derive_secret_key", "derive_subaddress_public_key", "derive_view_tag",
    "generate_key_image", "generate_signature", "check_signature", "generate_ring_signature",
    "check_ring_signature", "generate_tx_proof", "check_tx_proof",
    # transactions and blocks
    "tx_hash", "tx_prefix_hash", "block_id", "block_pow_hash", "check_tx_semantics", "check_tx", "tx_to_json",
    "pruned_tx_to_json", "block_to_json", "tx_prune",
    # wallets
    "Address", "get_subaddress", "get_subaddress_secret_key", "Wallet", "OwnedOutput", "derivation_to_scalar",
    "ecdh_decode", "DecodedAmount", "Seed", "DecodedSeed", "Polyseed", "WalletKeys", "KeysFile", "KeysFileInfo",
    "NETWORKS", "KINDS",
    "KDF_ROUNDS_MAX", "MAX_SUBADDRESSES", "MAX_SCAN_THREADS",
    "OWNED_AMOUNT", "OWNED_KEY_IMAGE", "OWNED_ADDITIONAL_KEY", "OWNED_SHORT_PAYMENT_ID", "OWNED_LONG_PAYMENT_ID",
    # library
    "version", "abi_version", "random_bytes", "memzero", "ffi", "lib",
    "OK", "EINVAL", "EDECODE", "EVERIFY", "ESIZE", "ENOMEM", "EUNSUPPORTED", "EINTERNAL", "EIO", "ABI_VERSION",
    "HASH_BYTES", "KEY_BYTES", "PUBLIC_KEY_BYTES", "SECRET_KEY_BYTES", "KEY_DERIVATION_BYTES", "KEY_IMAGE_BYTES",
    "SIGNATURE_BYTES", "VIEW_TAG_BYTES", "SHA3_224_BYTES", "SHA3_256_BYTES", "SHA3_384_BYTES", "SHA3_512_BYTES",
    "PAYMENT_ID_BYTES", "ADDRESS_MAX_BYTES", "LANGUAGE_BYTES", "POLYSEED_SECRET_BYTES", "OWNED_OUTPUT_BYTES",
]
