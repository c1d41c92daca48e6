"""Transaction and block ids and the proof-of-work hash, from the blobs Monero
puts on the chain (complete, not pruned). All variable time (public data).
DecodeError when a blob does not parse."""
from typing import Optional

from . import _abi
from ._abi import BytesLike, ffi, lib


def _blob(fn, function: str, blob: BytesLike) -> bytes:
    buf = _abi.data(blob, "blob", function)
    return _abi.fixed_output(fn, 32, function, buf, len(buf))


def tx_hash(blob: BytesLike) -> bytes:
    """The id (32 bytes) of a complete transaction blob, as Monero's
    parse_and_validate_tx_from_blob(blob, tx, hash)."""
    return _blob(lib.cncrypto_tx_hash, "tx_hash", blob)


def tx_prefix_hash(blob: BytesLike) -> bytes:
    """The prefix hash (32 bytes, what the signatures sign) of a transaction blob."""
    return _blob(lib.cncrypto_tx_prefix_hash, "tx_prefix_hash", blob)


def block_id(blob: BytesLike) -> bytes:
    """The id (32 bytes) of a block blob, with Monero's block 202612 exception
    (parse_and_validate_block_from_blob(blob, b, &id)). As Monero, a blob cut inside
    its final varint may still parse (docs/formats.md)."""
    return _blob(lib.cncrypto_block_id, "block_id", blob)


def block_pow_hash(blob: BytesLike, seed_hash: Optional[BytesLike] = None) -> bytes:
    """The proof-of-work hash (32 bytes) of a block blob at the height of its miner
    transaction: CryptoNight v0/v1/v2/R or RandomX by major version, as Monero's
    get_block_longhash. seed_hash (32 bytes, the id of block rx_seedheight(height))
    is needed by RandomX blocks (major >= 12): InvalidArgumentError without it.
    DecodeError for a blob that does not parse, is not canonical or has a major
    version Monero never had; UnsupportedError for RandomX without librandomx.
    Releases the GIL."""
    f = "block_pow_hash"
    buf = _abi.data(blob, "blob", f)
    seed = ffi.NULL if seed_hash is None else _abi.fixed(seed_hash, 32, "seed_hash", f)
    return _abi.fixed_output(lib.cncrypto_block_pow_hash, 32, f, buf, len(buf), seed)
