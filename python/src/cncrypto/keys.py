"""Monero's key operations (crypto::), with Monero's names and argument order.

Every key, derivation, key image and hash is 32 bytes, a signature 64 (c || r);
a wrong length raises LengthError (a ValueError) before the C ABI is called.
Bytes that do not decode (a point, a canonical scalar) raise DecodeError (a
ValueError); the check_* functions return a bool. "Constant time in x": the
time and memory accesses do not depend on x.
"""
from typing import List, NamedTuple, Optional, Sequence, Union

from . import _abi
from ._abi import BytesLike, ffi, lib

KEY_BYTES = lib.CNCRYPTO_KEY_BYTES
SIGNATURE_BYTES = lib.CNCRYPTO_SIGNATURE_BYTES


class KeyPair(NamedTuple):
    """A public key (32 bytes) and its secret key (32 bytes, a scalar below L)."""
    public_key: bytes
    secret_key: bytes


def _k(value: BytesLike, name: str, function: str):
    return _abi.fixed(value, 32, name, function)


def secret_key_to_public_key(sec: BytesLike) -> bytes:
    """pub = sec*G (32 bytes). DecodeError when sec is not a canonical scalar (sec >= L:
    Monero returns false). Constant time in sec. Mirrors crypto::secret_key_to_public_key."""
    f = "secret_key_to_public_key"
    return _abi.fixed_output(lib.cncrypto_secret_key_to_public_key, 32, f, _k(sec, "sec", f))


def generate_keys(recovery_key: Optional[BytesLike] = None) -> KeyPair:
    """A new key pair: sec uniformly random in [1, L), or sec = recovery_key mod L when
    recovery_key (any 32 bytes) is given; pub = sec*G. Constant time in the secrets.
    Mirrors crypto::generate_keys (the unreduced seed it returns is not given back)."""
    f = "generate_keys"
    rec = ffi.NULL if recovery_key is None else _k(recovery_key, "recovery_key", f)
    pub = ffi.new("uint8_t[32]")
    sec = ffi.new("uint8_t[32]")
    _abi.check(lib.cncrypto_generate_keys(pub, sec, rec), f)
    pair = KeyPair(ffi.buffer(pub, 32)[:], ffi.buffer(sec, 32)[:])
    lib.cncrypto_memzero(sec, 32)
    return pair


def check_key(key: BytesLike) -> bool:
    """True iff key decodes to a curve point (no subgroup check, as Monero).
    Variable time (public key). Mirrors crypto::check_key."""
    return _abi.verified(lib.cncrypto_check_key(_k(key, "key", "check_key")), "check_key")


def generate_key_derivation(pub: BytesLike, sec: BytesLike) -> bytes:
    """derivation = 8*sec*pub (32 bytes, secret). DecodeError when pub does not decode.
    Constant time in sec. Mirrors crypto::generate_key_derivation."""
    f = "generate_key_derivation"
    return _abi.fixed_output(lib.cncrypto_generate_key_derivation, 32, f, _k(pub, "pub", f), _k(sec, "sec", f))


def generate_key_derivations(pubs: Union[Sequence[BytesLike], BytesLike], sec: BytesLike,
                             skip_invalid: bool = False) -> List[Optional[bytes]]:
    """The derivations 8*sec*pub (32 bytes each, secret) of many public keys with
    one secret key, in one call: each exactly generate_key_derivation(pub, sec),
    several times faster per key (one shared recoding of sec, batched curve
    multiplications, one field inversion) and with one GIL release for the whole
    batch, so threads scale where single 24-us calls do not.

    pubs: a list of 32-byte bytes-likes, or one bytes-like holding them back to
    back. A key that does not decode raises DecodeError naming the first one
    (its position in ``.index``), unless skip_invalid is true: its entry is then
    None and the others are computed. Constant time in sec and the derivations.
    Releases the GIL. Mirrors crypto::generate_key_derivation per entry
    (cncrypto_generate_key_derivations, a cncrypto extension)."""
    f = "generate_key_derivations"
    buf, count = _abi.joined(pubs, 32, "pubs", f)
    secret = _k(sec, "sec", f)
    if count == 0:
        return []
    try:
        out = ffi.new("uint8_t[]", 32 * count)
        ok = ffi.new("uint8_t[]", count)
    except (MemoryError, OverflowError):
        raise _abi.error(lib.CNCRYPTO_ENOMEM, f, "cannot allocate %d derivations" % count) from None
    rc = lib.cncrypto_generate_key_derivations(buf, count, secret, out, ok)
    try:  # out is wiped on every path; the derivations leave it only as the result
        if rc != _abi.OK:
            raise _abi.error(rc, f)
        flags = ffi.buffer(ok, count)[:]
        if not skip_invalid and 0 in flags:
            first = flags.index(0)
            e = _abi.error(lib.CNCRYPTO_EDECODE, f, "pubs[%d] is not a point (it does not decode; %d of %d do not)"
                           % (first, flags.count(0), count))
            e.index = first  # type: ignore[attr-defined]
            raise e
        view = ffi.buffer(out, 32 * count)
        return [view[32 * i:32 * i + 32] if flags[i] else None for i in range(count)]
    finally:
        lib.cncrypto_memzero(out, 32 * count)


def derive_public_key(derivation: BytesLike, output_index: int, base: BytesLike) -> bytes:
    """The one-time output key base + Hs(derivation || varint(output_index))*G (32 bytes).
    DecodeError when base does not decode. Constant time in the derivation.
    Mirrors crypto::derive_public_key."""
    f = "derive_public_key"
    return _abi.fixed_output(lib.cncrypto_derive_public_key, 32, f, _k(derivation, "derivation", f),
                             _abi.u64(output_index, "output_index", f), _k(base, "base", f))


def derive_secret_key(derivation: BytesLike, output_index: int, base: BytesLike) -> bytes:
    """The one-time secret key base + Hs(derivation || varint(output_index)) mod L
    (32 bytes). Constant time in all inputs. Mirrors crypto::derive_secret_key."""
    f = "derive_secret_key"
    return _abi.fixed_output(lib.cncrypto_derive_secret_key, 32, f, _k(derivation, "derivation", f),
                             _abi.u64(output_index, "output_index", f), _k(base, "base", f))


def derive_subaddress_public_key(out_key: BytesLike, derivation: BytesLike, output_index: int) -> bytes:
    """out_key - Hs(derivation || varint(output_index))*G: the spend key of the
    (sub)address an output was sent to (32 bytes). DecodeError when out_key does not
    decode. Constant time in the derivation. Mirrors crypto::derive_subaddress_public_key
    (the key first, as Monero)."""
    f = "derive_subaddress_public_key"
    return _abi.fixed_output(lib.cncrypto_derive_subaddress_public_key, 32, f, _k(out_key, "out_key", f),
                             _k(derivation, "derivation", f), _abi.u64(output_index, "output_index", f))


def derive_view_tag(derivation: BytesLike, output_index: int) -> int:
    """The view tag (0..255): first byte of cn_fast_hash("view_tag" || derivation ||
    varint(output_index)). Constant time in the derivation. Mirrors crypto::derive_view_tag."""
    f = "derive_view_tag"
    out = ffi.new("uint8_t[1]")
    _abi.check(lib.cncrypto_derive_view_tag(_k(derivation, "derivation", f), _abi.u64(output_index, "output_index", f),
                                            out), f)
    return out[0]


def generate_key_image(pub: BytesLike, sec: BytesLike) -> bytes:
    """key_image = sec*hash_to_ec(pub) (32 bytes; pub is only hashed). Constant time in
    sec. Mirrors crypto::generate_key_image."""
    f = "generate_key_image"
    return _abi.fixed_output(lib.cncrypto_generate_key_image, 32, f, _k(pub, "pub", f), _k(sec, "sec", f))


def generate_signature(prefix_hash: BytesLike, pub: BytesLike, sec: BytesLike) -> bytes:
    """Monero's Schnorr signature (c || r, 64 bytes) of prefix_hash under pub = sec*G,
    with a fresh random nonce (pub is not checked: a wrong one gives a signature that
    does not verify). DecodeError when sec >= L. Constant time in sec and the nonce.
    Mirrors crypto::generate_signature."""
    f = "generate_signature"
    return _abi.fixed_output(lib.cncrypto_generate_signature, 64, f, _k(prefix_hash, "prefix_hash", f),
                             _k(pub, "pub", f), _k(sec, "sec", f))


def check_signature(prefix_hash: BytesLike, pub: BytesLike, sig: BytesLike) -> bool:
    """True iff sig (64 bytes) is a valid signature of prefix_hash under pub (False also
    when pub does not decode). Variable time. Mirrors crypto::check_signature."""
    f = "check_signature"
    return _abi.verified(lib.cncrypto_check_signature(_k(prefix_hash, "prefix_hash", f), _k(pub, "pub", f),
                                                      _abi.fixed(sig, 64, "sig", f)), f)


def generate_ring_signature(prefix_hash: BytesLike, image: BytesLike, pubs: Sequence[BytesLike],
                            sec: BytesLike, sec_index: int) -> List[bytes]:
    """Monero's pre-RingCT ring signature: one 64-byte signature per ring member.

    pubs: the ring (32-byte keys, or their concatenation), the real key at
    sec_index with secret sec; image = sec*hash_to_ec(pubs[sec_index]).
    InvalidArgumentError for an empty ring, sec_index out of range, or a key
    or image that is not sec's; DecodeError when sec >= L or a key does not
    decode. Constant time in sec and the nonce (sec_index is public, as in
    Monero). Mirrors crypto::generate_ring_signature."""
    f = "generate_ring_signature"
    ring, count = _abi.joined(pubs, 32, "pubs", f)
    index = _abi.u64(sec_index, "sec_index", f)
    sigs = _abi.fixed_output(lib.cncrypto_generate_ring_signature, 64 * max(count, 1), f,
                             _k(prefix_hash, "prefix_hash", f), _k(image, "image", f), ring, count,
                             _k(sec, "sec", f), index)
    return [sigs[64 * i:64 * (i + 1)] for i in range(count)]


def check_ring_signature(prefix_hash: BytesLike, image: BytesLike, pubs: Sequence[BytesLike],
                         sigs: Sequence[BytesLike]) -> bool:
    """True iff sigs (one 64-byte signature per ring member, or their concatenation) is
    a valid ring signature of prefix_hash by pubs with key image image (False also
    when a key does not decode). InvalidArgumentError for an empty ring; LengthError
    when sigs and pubs differ in count. Variable time. Mirrors crypto::check_ring_signature."""
    f = "check_ring_signature"
    ring, count = _abi.joined(pubs, 32, "pubs", f)
    signatures, sig_count = _abi.joined(sigs, 64, "sigs", f)
    if sig_count != count:
        raise _abi.LengthError(lib.CNCRYPTO_EINVAL, f, "%d signatures for a ring of %d" % (sig_count, count))
    return _abi.verified(lib.cncrypto_check_ring_signature(_k(prefix_hash, "prefix_hash", f), _k(image, "image", f),
                                                           ring, count, signatures), f)


def generate_tx_proof(prefix_hash: BytesLike, R: BytesLike, A: BytesLike, B: Optional[BytesLike],
                      D: BytesLike, r: BytesLike) -> bytes:
    """A transaction-key proof (version 2, 64 bytes): knowledge of r with R = r*G (B None)
    or R = r*B (B a subaddress spend key) and D = r*A. InvalidArgumentError when the
    statement is false; DecodeError when a key does not decode or r >= L. Constant
    time in r and the nonce. Mirrors crypto::generate_tx_proof."""
    f = "generate_tx_proof"
    b = ffi.NULL if B is None else _k(B, "B", f)
    return _abi.fixed_output(lib.cncrypto_generate_tx_proof, 64, f, _k(prefix_hash, "prefix_hash", f),
                             _k(R, "R", f), _k(A, "A", f), b, _k(D, "D", f), _k(r, "r", f))


def check_tx_proof(prefix_hash: BytesLike, R: BytesLike, A: BytesLike, B: Optional[BytesLike],
                   D: BytesLike, sig: BytesLike, version: int = 2) -> bool:
    """True iff sig (64 bytes) is a valid transaction-key proof of version 1 or 2 for
    (prefix_hash, R, A, B or None, D) (False for another version or a key that does
    not decode). Variable time. Mirrors crypto::check_tx_proof."""
    f = "check_tx_proof"
    b = ffi.NULL if B is None else _k(B, "B", f)
    return _abi.verified(lib.cncrypto_check_tx_proof(_k(prefix_hash, "prefix_hash", f), _k(R, "R", f), _k(A, "A", f),
                                                     b, _k(D, "D", f), _abi.fixed(sig, 64, "sig", f),
                                                     _abi.c_int(version, "version", f)), f)
