"""Transaction and block ids, the proof-of-work hash, Monero's JSON rendering
and pruning, from the blobs Monero puts on the chain (complete unless the name
says pruned). All variable time (public data). DecodeError when a blob does
not parse."""
from typing import Optional, Sequence, Tuple, Union

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


def check_tx_semantics(blob: BytesLike) -> bool:
    """True iff the complete transaction passes every check of Monero's daemon that
    needs no chain data: v1: structure, amounts, output keys, key images; v2 (RingCT
    types 1-6): structure, key images and their order, range proofs, balance. False
    also for a coinbase or a version other than 1 and 2. DecodeError when the blob
    is not a complete transaction. Variable time. Releases the GIL. Mirrors
    core::check_tx_semantic with the key-image rules of check_tx_inputs."""
    f = "check_tx_semantics"
    buf = _abi.data(blob, "blob", f)
    return _abi.verified(lib.cncrypto_check_tx_semantics(buf, len(buf)), f)


def check_tx(blob: BytesLike, ring_members: Union[BytesLike, Sequence[Union[BytesLike, Tuple[BytesLike, BytesLike]]]]) \
        -> bool:
    """check_tx_semantics and every input's ring signature (v1 ring signatures, v2
    CLSAGs or MLSAGs) against the ring members: input by input, each input's
    members in the order of its absolute key offsets (a daemon's get_outs), each
    an (output key, commitment) pair or their 64 bytes (commitment of a
    pre-RingCT output of amount a: zeroCommit(a); ignored for v1), or all of them
    back to back. InvalidArgumentError when their number is not the sum of the
    ring sizes. Chain state (spent key images, unlock times) is the caller's.
    Variable time. Releases the GIL. Mirrors Blockchain::check_tx_inputs' ring checks."""
    f = "check_tx"
    buf = _abi.data(blob, "blob", f)
    if not isinstance(ring_members, (bytes, bytearray, memoryview, str)) and ring_members is not None:
        ring_members = [b"".join(bytes(_abi.fixed(x, 32, "ring_members[%d]" % i, f)) for x in m)
                        if isinstance(m, tuple) else m for i, m in enumerate(ring_members)]
    members, count = _abi.joined(ring_members, 64, "ring_members", f)
    return _abi.verified(lib.cncrypto_check_tx(buf, len(buf), members if count else ffi.NULL, count), f)


def _json(fn, function: str, blob: BytesLike) -> str:
    buf = _abi.data(blob, "blob", function)
    raw = _abi.sized_output(fn, function, buf, len(buf), first_guess=3 * len(buf) + 256)
    return raw.rstrip(b"\0").decode("utf-8")


def tx_to_json(blob: BytesLike) -> str:
    """Monero 0.18's JSON text of a complete transaction, byte for byte as monerod's
    get_transactions "as_json" and print_tx (indented, no trailing newline; about
    2.5 characters per blob byte). DecodeError when the blob is not a complete
    transaction. Mirrors parse_and_validate_tx_from_blob then obj_to_json_str(tx)."""
    return _json(lib.cncrypto_tx_to_json, "tx_to_json", blob)


def pruned_tx_to_json(blob: BytesLike) -> str:
    """The same for a pruned transaction (its prefix and, for v2, RingCT base: what
    monerod sends with prune=true, or tx_prune's output); a complete blob is a
    DecodeError. Mirrors parse_and_validate_tx_base_from_blob then obj_to_json_str."""
    return _json(lib.cncrypto_pruned_tx_to_json, "pruned_tx_to_json", blob)


def block_to_json(blob: BytesLike) -> str:
    """Monero's JSON text of a block blob (monerod's get_block "json" field).
    Mirrors parse_and_validate_block_from_blob then obj_to_json_str(block)."""
    return _json(lib.cncrypto_block_to_json, "block_to_json", blob)


def tx_prune(blob: BytesLike) -> bytes:
    """The pruned form of a complete transaction blob: its prefix and (v2) RingCT
    base, without the prunable part (signatures, range proofs, pseudo outputs), as
    Monero stores and sends pruned transactions. DecodeError when the blob is not a
    complete transaction. Mirrors Monero's split at unprunable_size."""
    f = "tx_prune"
    buf = _abi.data(blob, "blob", f)
    return _abi.sized_output(lib.cncrypto_tx_prune, f, buf, len(buf), first_guess=len(buf) + 16)
