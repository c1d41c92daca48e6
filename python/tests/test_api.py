"""The Python API without the shared directory: known answers from independent
implementations (hashlib's SHA-3/SHAKE, pycryptodome's Keccak when installed,
FIPS 202's and Monero's published values), the error mapping of every C ABI
code, bytes-likes, the streaming classes, sign/verify round trips and threads."""
import array
import hashlib
import os
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor

import pytest

import cncrypto
from cncrypto import _abi

ABC_KECCAK = "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"  # cn_fast_hash("abc"), docs/c_api.md
EMPTY_KECCAK = "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"  # Keccak-256(""), tests-fast.txt
# A point that does not decode (y = 2^255 - 1 >= p, Monero's check_key says false).
BAD_POINT = b"\xff" * 32
L_BYTES = bytes.fromhex("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")  # L, not canonical


def keypair():
    return cncrypto.generate_keys()


# ---- known answers ----------------------------------------------------------------------

def test_cn_fast_hash_known():
    assert cncrypto.cn_fast_hash(b"abc").hex() == ABC_KECCAK
    assert cncrypto.cn_fast_hash(b"").hex() == EMPTY_KECCAK
    assert cncrypto.Keccak256(b"abc").hexdigest() == ABC_KECCAK


def test_cn_fast_hash_against_pycryptodome():
    keccak = pytest.importorskip("Cryptodome.Hash.keccak", reason="pycryptodome (python3-pycryptodome) not installed")
    for n in (0, 1, 31, 32, 135, 136, 137, 1000, 4096):
        data = os.urandom(n)
        assert cncrypto.cn_fast_hash(data) == keccak.new(digest_bits=256, data=data).digest(), n


@pytest.mark.parametrize("ours,theirs,size", [(cncrypto.sha3_224, hashlib.sha3_224, 28),
                                              (cncrypto.sha3_256, hashlib.sha3_256, 32),
                                              (cncrypto.sha3_384, hashlib.sha3_384, 48),
                                              (cncrypto.sha3_512, hashlib.sha3_512, 64)])
def test_sha3_against_hashlib(ours, theirs, size):
    for n in (0, 1, 71, 72, 73, 135, 136, 137, 5000):
        data = os.urandom(n)
        assert ours(data) == theirs(data).digest() and len(ours(data)) == size


def test_shake_against_hashlib():
    for n in (0, 1, 167, 168, 169, 3000):
        data = os.urandom(n)
        for length in (0, 1, 32, 200, 1000):
            assert cncrypto.shake128(data, length) == hashlib.shake_128(data).digest(length)
            assert cncrypto.shake256(data, length) == hashlib.shake_256(data).digest(length)


def test_shake_output_too_large_is_out_of_memory():
    # An output no machine can hold (2^60 bytes): cncrypto's OutOfMemoryError (still a
    # MemoryError) with the size in its message, not a bare MemoryError without one
    # (a fresh-user trial found shake128(b"x", 10**12) gave the latter).
    for fn in (cncrypto.shake128, cncrypto.shake256):
        with pytest.raises(cncrypto.OutOfMemoryError) as info:
            fn(b"x", 1 << 60)
        assert str(1 << 60) in str(info.value)
        assert isinstance(info.value, MemoryError)


def test_streaming_splits_equal_one_shot():
    data = os.urandom(1000)
    for cls, one_shot in ((cncrypto.Keccak256, cncrypto.cn_fast_hash), (cncrypto.SHA3_224, cncrypto.sha3_224),
                          (cncrypto.SHA3_256, cncrypto.sha3_256), (cncrypto.SHA3_384, cncrypto.sha3_384),
                          (cncrypto.SHA3_512, cncrypto.sha3_512)):
        for split in (0, 1, 135, 136, 500, 1000):
            h = cls(data[:split])
            h.update(memoryview(data)[split:])
            assert h.digest() == one_shot(data) and h.digest_size == len(h.digest())
            assert h.hexdigest() == one_shot(data).hex()
            assert h.digest() == h.digest()  # a second digest gives the same bytes


def test_streaming_misuse_and_reset():
    h = cncrypto.Keccak256(b"ab")
    h.digest()
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        h.update(b"c")
    assert e.value.code == cncrypto.EINVAL
    h.reset()
    h.update(b"abc")
    assert h.hexdigest() == ABC_KECCAK
    assert h.copy().hexdigest() == ABC_KECCAK


def test_shake_streaming_prefixes():
    data = os.urandom(300)
    ref = hashlib.shake_256(data)
    h = cncrypto.SHAKE256(data)
    assert h.digest(10) == ref.digest(10)
    assert h.digest(500) == ref.digest(500)  # squeezes more after the first digest
    assert h.digest(7) == ref.digest(7)
    assert h.hexdigest(64) == ref.hexdigest(64)
    s = cncrypto.SHAKE128()
    s.update(data[:100])
    s.update(data[100:])
    assert s.digest(0) == b"" and s.digest(33) == hashlib.shake_128(data).digest(33)


def test_new_by_name():
    assert cncrypto.new("cn_fast_hash", b"abc").hexdigest() == ABC_KECCAK
    assert cncrypto.new("SHA3-256", b"abc").digest() == hashlib.sha3_256(b"abc").digest()
    assert cncrypto.new("shake_128", b"abc").digest(16) == hashlib.shake_128(b"abc").digest(16)
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.new("md5")


def test_tree_hash_rules():
    h = [bytes([i]) * 32 for i in range(1, 6)]
    assert cncrypto.tree_hash(h[:1]) == h[0]  # one hash is its own root (Monero's tree_hash)
    assert cncrypto.tree_hash(h[:2]) == cncrypto.cn_fast_hash(h[0] + h[1])
    assert cncrypto.tree_hash(h) == cncrypto.tree_hash(b"".join(h)) == cncrypto.tree_hash(tuple(bytearray(x) for x in h))
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.tree_hash([])
    with pytest.raises(cncrypto.LengthError):
        cncrypto.tree_hash(b"\x00" * 33)
    with pytest.raises(cncrypto.LengthError):
        cncrypto.tree_hash([b"\x00" * 32, b"\x00" * 31])


def test_cn_slow_hash_known():
    # Monero's tests-slow.txt, first line ("This is a test" hashes are the CryptoNote
    # whitepaper's): variant 0 of b"" -> eb14e8a8...
    assert cncrypto.cn_slow_hash(b"").hex() == "eb14e8a833fac6fe9a43b57b336789c46ffe93f2868452240720607b14387e11"
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.cn_slow_hash(b"x" * 42, 1)  # variant 1 needs 43 bytes (Monero exits)
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.cn_slow_hash(b"", 6)
    cncrypto.cn_slow_hash_free_state()
    assert len(cncrypto.cn_slow_hash(b"x" * 43, 1)) == 32


# ---- keys: round trips and decode failures ---------------------------------------------------

def test_keys_round_trip():
    pub, sec = keypair()
    assert cncrypto.secret_key_to_public_key(sec) == pub and cncrypto.check_key(pub)
    assert cncrypto.generate_keys(recovery_key=sec) == (pub, sec)  # sec < L: its own recovery key
    other = keypair()
    d1 = cncrypto.generate_key_derivation(other.public_key, sec)
    d2 = cncrypto.generate_key_derivation(pub, other.secret_key)
    assert d1 == d2  # both sides of the Diffie-Hellman
    for index in (0, 1, 127, 128, 2**32, 2**64 - 1):
        one_time = cncrypto.derive_public_key(d1, index, pub)
        assert cncrypto.secret_key_to_public_key(cncrypto.derive_secret_key(d1, index, sec)) == one_time
        assert cncrypto.derive_subaddress_public_key(one_time, d1, index) == pub
        assert 0 <= cncrypto.derive_view_tag(d1, index) <= 255


def test_signatures():
    pub, sec = keypair()
    prefix = cncrypto.cn_fast_hash(b"message")
    sig = cncrypto.generate_signature(prefix, pub, sec)
    assert len(sig) == 64 and cncrypto.check_signature(prefix, pub, sig)
    bad = bytearray(sig)
    bad[5] ^= 1
    assert cncrypto.check_signature(prefix, pub, bad) is False
    assert cncrypto.check_signature(prefix, BAD_POINT, sig) is False
    with pytest.raises(cncrypto.DecodeError):
        cncrypto.generate_signature(prefix, pub, L_BYTES)


def test_ring_signatures():
    ring = [keypair() for _ in range(4)]
    real = 2
    pubs = [k.public_key for k in ring]
    image = cncrypto.generate_key_image(pubs[real], ring[real].secret_key)
    prefix = cncrypto.cn_fast_hash(b"ring")
    sigs = cncrypto.generate_ring_signature(prefix, image, pubs, ring[real].secret_key, real)
    assert len(sigs) == 4 and all(len(s) == 64 for s in sigs)
    assert cncrypto.check_ring_signature(prefix, image, pubs, sigs)
    assert cncrypto.check_ring_signature(prefix, image, b"".join(pubs), b"".join(sigs))
    assert not cncrypto.check_ring_signature(cncrypto.cn_fast_hash(b"other"), image, pubs, sigs)
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.generate_ring_signature(prefix, image, pubs, ring[real].secret_key, 4)  # index out of range
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.generate_ring_signature(prefix, image, pubs, ring[real].secret_key, 1)  # not the key's index
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.check_ring_signature(prefix, image, [], [])
    with pytest.raises(cncrypto.LengthError):
        cncrypto.check_ring_signature(prefix, image, pubs, sigs[:3])


def test_tx_proofs():
    prefix = cncrypto.cn_fast_hash(b"proof")
    r_pub, r = keypair()
    a_pub = keypair().public_key
    # 8*r*A is not r*A: a false statement, which the signer refuses (Monero's
    # release build would sign it, giving a proof that never verifies).
    wrong_d = cncrypto.generate_key_derivation(a_pub, r)
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.generate_tx_proof(prefix, r_pub, a_pub, None, wrong_d, r)  # D is not r*A
    with pytest.raises(cncrypto.DecodeError):
        cncrypto.generate_tx_proof(prefix, BAD_POINT, a_pub, None, a_pub, r)
    # A = G: D = r*G = R is a true statement (R = r*G, D = r*A).
    g = cncrypto.secret_key_to_public_key((1).to_bytes(32, "little"))
    sig = cncrypto.generate_tx_proof(prefix, r_pub, g, None, r_pub, r)
    assert cncrypto.check_tx_proof(prefix, r_pub, g, None, r_pub, sig)
    assert cncrypto.check_tx_proof(prefix, r_pub, g, None, r_pub, sig, 2)
    assert not cncrypto.check_tx_proof(prefix, r_pub, g, None, r_pub, sig, 3)
    assert not cncrypto.check_tx_proof(cncrypto.cn_fast_hash(b"x"), r_pub, g, None, r_pub, sig)


def test_random_and_memzero():
    a, b = cncrypto.random_bytes(32), cncrypto.random_bytes(32)
    assert len(a) == 32 and a != b and cncrypto.random_bytes(0) == b""
    buf = bytearray(b"secret!!")
    cncrypto.memzero(buf)
    assert buf == bytearray(8)
    view = bytearray(b"abcdef")
    cncrypto.memzero(memoryview(view)[2:4])
    assert view == bytearray(b"ab\x00\x00ef")
    with pytest.raises(cncrypto.ArgumentTypeError):
        cncrypto.memzero(b"immutable")


def test_versions():
    assert cncrypto.version() == cncrypto.__version__ and cncrypto.version().count(".") == 2
    assert cncrypto.abi_version() == cncrypto.ABI_VERSION == 1
    assert (cncrypto.HASH_BYTES, cncrypto.SIGNATURE_BYTES, cncrypto.VIEW_TAG_BYTES, cncrypto.SHA3_384_BYTES) == \
        (32, 64, 1, 48)


# ---- the error mapping -------------------------------------------------------------------------

CODES = [(cncrypto.EINVAL, cncrypto.InvalidArgumentError, ValueError),
         (cncrypto.EDECODE, cncrypto.DecodeError, ValueError),
         (cncrypto.EVERIFY, cncrypto.VerifyError, cncrypto.Error),
         (cncrypto.ESIZE, cncrypto.BufferSizeError, cncrypto.Error),
         (cncrypto.ENOMEM, cncrypto.OutOfMemoryError, MemoryError),
         (cncrypto.EUNSUPPORTED, cncrypto.UnsupportedError, cncrypto.Error),
         (cncrypto.EINTERNAL, cncrypto.InternalError, cncrypto.Error),
         (cncrypto.EIO, cncrypto.FileError, OSError)]


@pytest.mark.parametrize("code,cls,base", CODES)
def test_every_code_maps(code, cls, base):
    if hasattr(cncrypto.lib, "cncrypto_last_error_clear"):
        cncrypto.lib.cncrypto_last_error_clear()  # no detail: the generic sentence
    e = _abi.error(code, "f")
    assert type(e) is cls and isinstance(e, base) and isinstance(e, cncrypto.Error)
    assert e.code == code and e.function == "f" and e.message == cncrypto.strerror(code)
    assert e.message and e.message != cncrypto.strerror(12345) and str(e).startswith("f: ")
    with pytest.raises(cls):
        _abi.check(code, "f")


def test_unknown_code_is_internal():
    if hasattr(cncrypto.lib, "cncrypto_last_error_clear"):
        cncrypto.lib.cncrypto_last_error_clear()
    e = _abi.error(-99, "f")
    assert type(e) is cncrypto.InternalError and e.code == -99 and e.message == "unknown error code"


def test_codes_from_the_library():
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        cncrypto.tree_hash([])
    assert e.value.code == cncrypto.EINVAL and e.value.function == "tree_hash"
    with pytest.raises(cncrypto.DecodeError) as e:
        cncrypto.generate_key_derivation(BAD_POINT, b"\x01" * 32)
    assert e.value.code == cncrypto.EDECODE
    assert cncrypto.check_key(BAD_POINT) is False  # EVERIFY is a False from a check
    with pytest.raises(cncrypto.UnsupportedError) as e:
        _abi.check(cncrypto.lib.cncrypto_abi_check(cncrypto.ABI_VERSION + 1), "abi_check")
    assert e.value.code == cncrypto.EUNSUPPORTED


def test_enomem_in_a_child():
    """ENOMEM from the library: CryptoNight's 2 MiB scratchpad in a process whose
    address space cannot grow (a child, as the C ABI's test)."""
    if sys.platform != "linux" or os.environ.get("ASAN_OPTIONS"):
        pytest.skip("needs Linux's RLIMIT_AS (and no sanitizer)")
    code = textwrap.dedent("""
        import resource, cncrypto
        with open("/proc/self/statm") as f:
            size = int(f.read().split()[0]) * resource.getpagesize()
        cncrypto.cn_slow_hash_free_state()
        resource.setrlimit(resource.RLIMIT_AS, (size + (512 << 10), resource.getrlimit(resource.RLIMIT_AS)[1]))
        try:
            cncrypto.cn_slow_hash(b"abc")
            print("ok")
        except cncrypto.OutOfMemoryError as e:
            print("enomem %d" % e.code)
        except MemoryError:
            print("python")
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.stdout.strip() in ("enomem %d" % cncrypto.ENOMEM, "python"), result.stderr
    if result.stdout.strip() == "python":
        pytest.skip("Python itself ran out of memory first")


# ---- arguments: bytes-likes, lengths, types ------------------------------------------------------

def test_bytes_likes():
    ref = cncrypto.cn_fast_hash(b"abc")
    for value in (bytearray(b"abc"), memoryview(b"abc"), memoryview(b"xabcx")[1:4], array.array("B", b"abc")):
        assert cncrypto.cn_fast_hash(value) == ref
    assert cncrypto.cn_fast_hash(array.array("I", [1, 2])) == cncrypto.cn_fast_hash(array.array("I", [1, 2]).tobytes())
    pub, sec = keypair()
    assert cncrypto.secret_key_to_public_key(bytearray(sec)) == pub
    assert cncrypto.secret_key_to_public_key(memoryview(b"\x00" + sec)[1:]) == pub


@pytest.mark.parametrize("value", ["abc", 3, 1.5, None, [1, 2, 3]])
def test_wrong_types(value):
    with pytest.raises(cncrypto.ArgumentTypeError) as e:
        cncrypto.cn_fast_hash(value)
    assert isinstance(e.value, TypeError) and e.value.code == cncrypto.EINVAL


def test_non_contiguous_buffer():
    with pytest.raises(cncrypto.ArgumentTypeError):
        cncrypto.cn_fast_hash(memoryview(b"abcdef")[::2])


@pytest.mark.parametrize("size", [0, 31, 33, 64])
def test_wrong_lengths(size):
    with pytest.raises(cncrypto.LengthError) as e:
        cncrypto.secret_key_to_public_key(b"\x01" * size)
    assert isinstance(e.value, ValueError) and e.value.code == cncrypto.EINVAL and "32 bytes" in str(e.value)
    with pytest.raises(cncrypto.LengthError):
        cncrypto.check_signature(b"\x00" * 32, b"\x00" * 32, b"\x00" * (size + 1 if size == 64 else size))


@pytest.mark.parametrize("index,error", [(-1, ValueError), (2**64, ValueError), (1.0, TypeError), ("0", TypeError),
                                         (True, TypeError)])
def test_bad_integers(index, error):
    with pytest.raises(error):
        cncrypto.derive_view_tag(b"\x00" * 32, index)
    with pytest.raises(error):
        cncrypto.cn_slow_hash(b"", index if index != 2**64 else 2**31)


def test_sized_output_two_calls():
    """The helper for the C ABI's (out, &out_len) pattern, over a C-like function that
    answers ESIZE with the size it needs (no function of today's C ABI uses it yet)."""
    payload = bytes(range(200)) * 3
    calls = []

    def fake(tag, out, out_len):
        calls.append(out_len[0])
        if out_len[0] < len(payload):
            out_len[0] = len(payload)
            return cncrypto.ESIZE
        cncrypto.ffi.memmove(out, payload, len(payload))
        out_len[0] = len(payload)
        return cncrypto.OK

    assert _abi.sized_output(fake, "fake", "t") == payload and calls == [256, 600]
    assert _abi.sized_output(fake, "fake", "t", first_guess=1000) == payload and calls[-1] == 1000
    with pytest.raises(cncrypto.DecodeError):
        _abi.sized_output(lambda out, out_len: cncrypto.EDECODE, "fake")


# ---- threads ------------------------------------------------------------------------------------

def test_thread_pool_results():
    inputs = [os.urandom(40 + i) for i in range(12)]
    serial = [cncrypto.cn_slow_hash(x, 2) for x in inputs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(lambda x: cncrypto.cn_slow_hash(x, 2), inputs)) == serial
        pairs = [keypair() for _ in range(8)]
        expected = [cncrypto.generate_key_derivation(p.public_key, p.secret_key) for p in pairs]
        assert list(pool.map(lambda p: cncrypto.generate_key_derivation(p.public_key, p.secret_key), pairs)) == expected
        big = os.urandom(1 << 20)
        assert list(pool.map(cncrypto.cn_fast_hash, [big] * 6)) == [cncrypto.cn_fast_hash(big)] * 6

        def stream(seed):
            h = cncrypto.Keccak256()
            for i in range(50):
                h.update(seed + bytes([i]))
            return h.digest()
        seeds = [bytes([i]) * 10 for i in range(16)]
        assert list(pool.map(stream, seeds)) == [stream(s) for s in seeds]


# ---- the command line -----------------------------------------------------------------------------

def run_cli(*args, stdin=b""):
    return subprocess.run([sys.executable, "-m", "cncrypto", *args], input=stdin, capture_output=True, timeout=60)


def test_cli_hash(tmp_path):
    f = tmp_path / "a.txt"
    f.write_bytes(b"abc")
    r = run_cli("hash", "-m", "abc", "-x", "616263", str(f), "-")
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode().splitlines() == ['%s  "abc"' % ABC_KECCAK, "%s  0x616263" % ABC_KECCAK,
                                              "%s  %s" % (ABC_KECCAK, f), "%s  -" % EMPTY_KECCAK]
    r = run_cli("hash", "--tag", "-a", "sha3-256", stdin=b"abc")
    assert r.stdout.decode() == "SHA3-256 (-) = %s\n" % hashlib.sha3_256(b"abc").hexdigest()
    r = run_cli("hash", "-a", "shake128", "-l", "5", "-m", "abc")
    assert r.stdout.decode() == '%s  "abc"\n' % hashlib.shake_128(b"abc").hexdigest(5)
    r = run_cli("hash", str(tmp_path / "missing"), str(f))
    assert r.returncode == 1 and b"missing: No such file or directory" in r.stderr and ABC_KECCAK.encode() in r.stdout
    assert run_cli("hash", "-a", "md5", str(f)).returncode == 2


def test_cli_escaped_name(tmp_path):
    f = tmp_path / "new\nline"
    f.write_bytes(b"abc")
    r = run_cli("hash", str(f))
    assert r.stdout.decode() == "\\%s  %s\n" % (ABC_KECCAK, str(f).replace("\n", "\\n"))


def test_cli_blobs(tmp_path):
    h = [bytes([i]) * 32 for i in (1, 2, 3)]
    r = run_cli("tree-hash", *(x.hex() for x in h))
    assert r.returncode == 0 and r.stdout.decode().strip() == cncrypto.tree_hash(h).hex()
    assert run_cli("tree-hash", "01").returncode == 1
    r = run_cli("tx-hash", "--hex", "zz")
    assert r.returncode == 1 and r.stderr.startswith(b"cncrypto: --hex: ")
    r = run_cli("block-id", "--hex", "00")
    assert r.returncode == 1 and r.stderr.startswith(b"cncrypto: --hex: ") and b"not a block" in r.stderr
    assert run_cli("tx-hash").returncode == 2
    assert run_cli("version").stdout.decode().startswith("cncrypto %s" % cncrypto.version())


def test_cli_tx_hash_real(shared, tmp_path):
    import json
    with open(os.path.join(shared, "data", "manifest.json"), encoding="utf-8") as f:
        tx = json.load(f)["shared_txs"][0]
    path = os.path.join(shared, "data", tx["file"])
    with open(path, "rb") as f:
        blob = f.read()
    hexfile = tmp_path / "tx.hex"
    hexfile.write_text(blob.hex() + "\n")
    r = run_cli("tx-hash", path, str(hexfile), "-", "--hex", blob.hex(), stdin=blob)
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode().splitlines() == [tx["hash"], "%s  %s" % (tx["hash"], path),
                                              "%s  %s" % (tx["hash"], hexfile), "%s  -" % tx["hash"]]
    r = run_cli("tx-hash", "--prefix", path)
    assert r.stdout.decode() == "%s  %s\n" % (tx["prefix_hash"], path)


# ---- coverage of the C ABI -----------------------------------------------------------------------

# The C ABI's functions that have no wrapper of their own, and why.
NOT_WRAPPED = {
    # the sizes: module constants (cncrypto.HASH_BYTES, ...) read from the header's macros
    "cncrypto_hash_bytes", "cncrypto_key_bytes", "cncrypto_public_key_bytes", "cncrypto_secret_key_bytes",
    "cncrypto_key_derivation_bytes", "cncrypto_key_image_bytes", "cncrypto_signature_bytes",
    "cncrypto_view_tag_bytes", "cncrypto_sha3_224_bytes", "cncrypto_sha3_256_bytes", "cncrypto_sha3_384_bytes",
    "cncrypto_sha3_512_bytes", "cncrypto_payment_id_bytes", "cncrypto_address_max_bytes", "cncrypto_language_bytes",
    "cncrypto_polyseed_secret_bytes", "cncrypto_owned_output_bytes",
    # the alignment of a caller-memory scan context: Wallet(capacity=...) allocates uint64_t cells
    "cncrypto_scan_context_align",
    # the caller-memory form of the streaming state (the classes use _create/_destroy)
    "cncrypto_keccak_statebytes", "cncrypto_keccak_init", "cncrypto_keccak_clear",
    # the package reads cncrypto_last_error() right after each failing call, which
    # replaces the text: there is nothing to clear (the tests use it through lib)
    "cncrypto_last_error_clear",
}


def test_every_c_abi_function_is_wrapped():
    """Every function of the C ABI (cncrypto.lib, generated from cncrypto.h) is called by
    the package's code, or is one of NOT_WRAPPED."""
    import inspect
    import re
    from cncrypto import __main__ as cli, chain, hashing, keys, wallet
    source = "".join(inspect.getsource(m) for m in (cncrypto, _abi, hashing, keys, chain, wallet, cli))
    functions = [n for n in dir(cncrypto.lib) if n.startswith("cncrypto_") and callable(getattr(cncrypto.lib, n))]
    assert len(functions) >= 83
    missing = [n for n in functions if n not in NOT_WRAPPED and not re.search(r"\blib\.%s\b" % n, source)]
    assert not missing, "C ABI functions without a Python wrapper: %s" % ", ".join(missing)
