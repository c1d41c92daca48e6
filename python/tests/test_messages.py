"""Error messages and limits (the fresh-user trial of 2026-12-07, docs/python.md
"Errors"): every refusal says which argument, field, position or limit, never
only the code's generic sentence, and never a secret (key bytes, passwords, seed
words). Expected values are the documented limits (kdf_rounds 1..1,000,000,
CryptoNight variants 0..5, 2**24 subaddresses, 0..256 scan threads) and the
shared directory's real transactions and wallet vectors where a test needs them."""
import errno
import json
import os
import subprocess
import sys
import textwrap

import pytest

import cncrypto
from cncrypto import KeysFile, Seed, Wallet, _abi

GENERIC = {code: cncrypto.strerror(code) for code in (cncrypto.EINVAL, cncrypto.EDECODE, cncrypto.EVERIFY,
                                                     cncrypto.EIO)}


def specific(e, *words):
    """The error's message is not the code's generic sentence and holds each of words."""
    assert e.message != GENERIC.get(e.code) and e.detail == e.message, str(e)
    for w in words:
        assert w in str(e), (w, str(e))


def no_secret(e, *secrets):
    for s in secrets:
        text = str(e)
        assert s.hex() not in text and s.hex().upper() not in text


# ---- item 1: kdf_rounds ----------------------------------------------------------------------------

def test_kdf_rounds_limit_is_checked_before_any_work(tmp_path):
    """KeysFile with kdf_rounds=10**9 once ran CryptoNight for days (no Ctrl-C):
    refused at once now. In a child with a timeout, so a regression fails
    instead of hanging the test run."""
    spend = cncrypto.generate_keys().secret_key
    view = cncrypto.generate_keys().secret_key
    path = tmp_path / "w.keys"
    path.write_bytes(KeysFile.write(spend, view, "pw"))
    code = textwrap.dedent("""
        import sys, cncrypto
        data = open(sys.argv[1], "rb").read()
        for call in (lambda: cncrypto.KeysFile.load(sys.argv[1], "pw", kdf_rounds=10**9),
                     lambda: cncrypto.KeysFile.read(data, "pw", kdf_rounds=10**9),
                     lambda: cncrypto.KeysFile.write(b"\\x01" * 32, b"\\x01" * 32, "pw", kdf_rounds=10**6 + 1)):
            try:
                call()
                print("accepted")
            except cncrypto.InvalidArgumentError as e:
                print(str(e))
    """)
    r = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60)
    lines = r.stdout.splitlines()
    assert len(lines) == 3, r.stderr
    for line, value in zip(lines, (10**9, 10**9, 10**6 + 1)):
        assert "kdf_rounds must be from 1 to 1,000,000" in line and str(value) in line, line
    for bad in (0, 10**6 + 1):
        with pytest.raises(cncrypto.InvalidArgumentError) as e:
            KeysFile.read(path.read_bytes(), "pw", kdf_rounds=bad)
        specific(e.value, "1,000,000", "kdf_rounds")
    assert KeysFile.read(path.read_bytes(), "pw", kdf_rounds=1).spend_secret_key == spend
    assert cncrypto.KDF_ROUNDS_MAX == 1_000_000


# ---- item 2: .keys failures --------------------------------------------------------------------------

def test_keys_file_messages(tmp_path):
    spend = cncrypto.generate_keys().secret_key
    view = cncrypto.generate_keys().secret_key
    data = KeysFile.write(spend, view, "correct horse")
    with pytest.raises(cncrypto.VerifyError) as e:
        KeysFile.read(data, "battery staple")
    specific(e.value, "wrong password or damaged file", "kdf_rounds=1")
    assert "horse" not in str(e.value) and "staple" not in str(e.value)  # no password quoted
    no_secret(e.value, spend, view)
    missing = tmp_path / "no such dir" / "wallet.keys"
    with pytest.raises(cncrypto.FileError) as e:
        KeysFile.load(missing, "pw")
    assert isinstance(e.value, OSError) and e.value.code == cncrypto.EIO
    specific(e.value, str(missing), "No such file or directory")
    assert e.value.filename == str(missing) and e.value.errno == errno.ENOENT
    assert str(e.value).startswith("keys_file_load: cannot read ")
    with pytest.raises(cncrypto.FileError) as e:
        KeysFile.load(str(tmp_path), "pw")  # a directory
    specific(e.value, str(tmp_path))


# ---- item 3: limits in the messages --------------------------------------------------------------------

def test_limits_named():
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        cncrypto.tree_hash([])
    specific(e.value, "at least 1 hash")
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        cncrypto.cn_slow_hash(b"abc", 99)
    specific(e.value, "0 to 5", "99")
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        cncrypto.cn_slow_hash(b"x" * 42, 1)
    specific(e.value, "43 bytes", "42")
    pair = cncrypto.generate_keys()
    view = cncrypto.generate_keys().secret_key
    with Wallet(view, pair.public_key) as w:
        with pytest.raises(cncrypto.InvalidArgumentError) as e:
            w.add_subaddress_range(0, 5000, 0, 5000)
        specific(e.value, "25000001", "16777216", "2**24")
        with pytest.raises(cncrypto.InvalidArgumentError) as e:
            w.add_subaddress_range(3, 2, 0, 1)
        specific(e.value, "major_end 2 < major_begin 3")
        assert w.subaddress_count == 1
        for threads in (10**6, 257):
            with pytest.raises(cncrypto.InvalidArgumentError) as e:
                w.scan_many([], threads=threads)
            specific(e.value, "0 to 256", str(threads))
        assert w.scan_many([], threads=256) == [] and w.scan_many([], threads=0) == []
    other = cncrypto.generate_keys().secret_key
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        Wallet(view, pair.public_key, other)  # b*G != B
    specific(e.value, "spend")
    no_secret(e.value, view, other, pair.secret_key)


def test_error_detail_attribute():
    """.detail: None for a code without one, the sentence otherwise; .code kept."""
    if hasattr(cncrypto.lib, "cncrypto_last_error_clear"):
        cncrypto.lib.cncrypto_last_error_clear()
    e = _abi.error(cncrypto.EDECODE, "f")
    assert e.detail is None and e.message == cncrypto.strerror(cncrypto.EDECODE)
    e = _abi.error(cncrypto.EDECODE, "f", "field x is bad")
    assert (e.detail, e.message, e.code, str(e)) == ("field x is bad", "field x is bad", cncrypto.EDECODE,
                                                     "f: field x is bad (EDECODE)")


# ---- item 4: wallets and addresses -------------------------------------------------------------------

def test_wallet_subaddresses_argument():
    pair = cncrypto.generate_keys()
    view = cncrypto.generate_keys().secret_key
    with Wallet(view, pair.public_key, subaddresses=5) as w:
        assert w.subaddress_count == 5  # (0, 0) .. (0, 4)
    with Wallet(view, pair.public_key, subaddresses=(2, 3)) as w:
        assert w.subaddress_count == 6
    with Wallet(view, pair.public_key, subaddresses=[2, 3]) as w:
        assert w.subaddress_count == 6
    for bad in ("5", (1, 2, 3), 2.0, {"majors": 1}):
        with pytest.raises(cncrypto.ArgumentTypeError) as e:
            Wallet(view, pair.public_key, subaddresses=bad)
        assert isinstance(e.value, TypeError)
        specific(e.value, "an int N", "a pair (majors, minors)")
    with pytest.raises(cncrypto.InvalidArgumentError):
        Wallet(view, pair.public_key, subaddresses=-1)


def test_trial_argument_checks():
    """The second fresh-user trial (2026-12-07): arguments that were taken as bytes()
    of anything, or failed with Python's own unnamed errors, and range messages that
    stated the wrong range."""
    pub = cncrypto.generate_keys().public_key
    for bad in (32, [1] * 32, None, "x" * 32):
        with pytest.raises(cncrypto.ArgumentTypeError) as e:
            cncrypto.Address.from_keys(bad, pub)
        assert isinstance(e.value, TypeError) and "Address.from_keys" in str(e.value)
    with pytest.raises(cncrypto.LengthError) as e:
        cncrypto.Address.from_keys(pub, pub[:31])
    specific(e.value, "view_public_key", "32 bytes", "31")
    assert cncrypto.Address.from_keys(bytearray(pub), memoryview(pub)).encode() == \
        cncrypto.Address.from_keys(pub, pub).encode()
    view = cncrypto.generate_keys().secret_key
    with Wallet(view, pub) as w:
        for bad in ([(1,)], [(1, 2, 3)], [1, 2], None, "12"):
            with pytest.raises(cncrypto.ArgumentTypeError) as e:
                w.add_subaddresses(bad)
            assert isinstance(e.value, TypeError) and "add_subaddresses" in str(e.value)
        assert w.subaddress_count == 1
        for threads in (-1, 2**70):
            with pytest.raises(cncrypto.InvalidArgumentError) as e:
                w.scan_many([], threads=threads)
            specific(e.value, "0 to 256", str(threads))
    for major in (-1, 2**32):
        with pytest.raises(cncrypto.InvalidArgumentError) as e:
            cncrypto.get_subaddress_secret_key(view, major, 0)
        specific(e.value, "[0, 2**32)", str(major))
    with pytest.raises(cncrypto.ArgumentTypeError) as e:
        KeysFile.load(None, "pw")
    assert isinstance(e.value, TypeError) and "path" in str(e.value)


def test_address_network_mismatch_named():
    a = cncrypto.Address("testnet", "standard", cncrypto.generate_keys().public_key,
                         cncrypto.generate_keys().public_key).encode()
    with pytest.raises(cncrypto.DecodeError) as e:
        cncrypto.Address.decode(a, "mainnet")
    specific(e.value, "testnet", "mainnet")


def test_bad_seed_quotes_no_word():
    key = cncrypto.generate_keys(recovery_key=bytes(range(32))).secret_key  # fixed: no random checksum luck
    words = Seed.encode(key).split()
    words[6] = "qqqqword"  # no English word starts with "qqq" (Monero matches 3-letter prefixes)
    with pytest.raises(cncrypto.DecodeError) as e:
        Seed.restore(" ".join(words))
    text = str(e.value)
    assert "qqqq" not in text and not any(w in text.split() for w in words if len(w) > 4)


def test_scan_many_names_the_bad_blob(shared):
    with open(os.path.join(shared, "data", "manifest.json"), encoding="utf-8") as f:
        files = [tx["file"] for tx in json.load(f)["shared_txs"]][:5]
    blobs = []
    for name in files:
        with open(os.path.join(shared, "data", name), "rb") as f:
            blobs.append(f.read())
    pair = cncrypto.generate_keys()
    with Wallet(cncrypto.generate_keys().secret_key, pair.public_key) as w:
        assert w.scan_many(blobs) == []
        bad = blobs[:3] + [blobs[3][:-1]] + blobs[4:]
        with pytest.raises(cncrypto.DecodeError) as e:
            w.scan_many(bad)
        assert e.value.index == 3
        specific(e.value, "blobs[3] (of 5, %d bytes)" % (len(blobs[3]) - 1))


# ---- item 4: the command line -------------------------------------------------------------------------

def run_cli(*args, stdin=b""):
    return subprocess.run([sys.executable, "-m", "cncrypto", *args], input=stdin, capture_output=True, timeout=60)


def test_cli_hex_messages():
    r = run_cli("hash", "-x", "zz")
    assert r.returncode == 1 and r.stderr.decode() == \
        "cncrypto: --hex: invalid hex: character 1 ('z') is not a hex digit\n"
    r = run_cli("hash", "-x", "abc")
    assert r.returncode == 1 and b"an odd number of hex digits (3" in r.stderr
    r = run_cli("tx-hash", "--hex", "00g0")
    assert r.returncode == 1 and b"character 3 ('g') is not a hex digit" in r.stderr
    r = run_cli("hash", "-x", "61 62")  # blanks between bytes, as bytes.fromhex
    assert r.returncode == 0 and r.stdout.split()[0].decode() == cncrypto.cn_fast_hash(b"ab").hex()


def test_cli_threads_zero_as_the_api(tmp_path):
    """--threads 0 is accepted, as Wallet.scan_many(threads=0) (the calling thread)."""
    pair = cncrypto.generate_keys()
    view = cncrypto.generate_keys()
    address = cncrypto.Address.from_keys(pair.public_key, view.public_key).encode()
    (tmp_path / "view.key").write_text(view.secret_key.hex())
    (tmp_path / "tx").write_bytes(b"\x00")
    for threads, code in (("0", 1), ("257", 2), ("-1", 2)):
        r = run_cli("scan", "--address", address, "--view-key-file", str(tmp_path / "view.key"), "--threads", threads,
                    str(tmp_path / "tx"))
        assert r.returncode == code, (threads, r.stderr)
        if code == 2:
            assert b"--threads must be from 0 to 256" in r.stderr
        else:
            assert b"not a complete transaction" in r.stderr  # the one blob is refused, by name


def test_cli_messages_carry_the_detail_once():
    good = cncrypto.Address("mainnet", "standard", cncrypto.generate_keys().public_key,
                            cncrypto.generate_keys().public_key).encode()
    bad = good[:-1] + ("a" if good[-1] != "a" else "b")
    r = run_cli("address", "decode", bad)
    assert r.returncode == 1 and b"checksum" in r.stderr and r.stderr.count(b"invalid address") == 1, r.stderr
    r = run_cli("tx-hash", "--hex", "00")
    assert r.returncode == 1 and r.stderr.count(b"not a complete transaction") == 1 and b"version" in r.stderr
    r = run_cli("seed", "restore", stdin=b"abbey abbey")
    assert r.returncode == 1 and r.stderr.count(b"invalid seed") == 1 and b"2 words" in r.stderr


# ---- the one int check (_abi.integer) ----------------------------------------------------------

def test_one_int_check_states_each_range():
    """Every int argument goes through _abi.integer: a bool or a non-int is an
    ArgumentTypeError, a value outside the range an InvalidArgumentError whose
    message states the range (the C ABI's types: uint64_t, uint32_t, int; the
    Wallet's documented limits)."""
    for value, kind in ((True, cncrypto.ArgumentTypeError), (1.0, cncrypto.ArgumentTypeError),
                        ("7", cncrypto.ArgumentTypeError), (-1, cncrypto.InvalidArgumentError)):
        with pytest.raises(kind) as e:
            _abi.integer(value, "n", "f", 0, 10)
        specific(e.value, "f: n must be")
    assert _abi.integer(10, "n", "f", 0, 10) == 10 and _abi.integer(0, "n", "f", 0, 10) == 0
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        _abi.integer(11, "n", "f", 0, 10)
    specific(e.value, "n must be from 0 to 10, not 11")
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        cncrypto.derive_view_tag(bytes(32), 2**64)
    specific(e.value, "output_index must be in [0, 2**64), not %d" % 2**64)
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        cncrypto.cn_slow_hash(b"", 2**31)
    specific(e.value, "variant must be a C int, in [-2**31, 2**31), not %d" % 2**31)
    keys = cncrypto.generate_keys()
    view = cncrypto.generate_keys().secret_key
    for capacity in (0, cncrypto.MAX_SUBADDRESSES + 1):
        with pytest.raises(cncrypto.InvalidArgumentError) as e:
            Wallet(view, keys.public_key, capacity=capacity)
        specific(e.value, "capacity must be from 1 to 16777216 (2**24), not %d" % capacity)
    with pytest.raises(cncrypto.ArgumentTypeError) as e:
        Wallet(view, keys.public_key, capacity=True)
    specific(e.value, "capacity must be an int or None, not bool")
    with Wallet(view, keys.public_key) as w:
        with pytest.raises(cncrypto.ArgumentTypeError) as e:
            w.scan_many([], threads=2.0)
        specific(e.value, "threads must be an int, not float")
        with pytest.raises(cncrypto.InvalidArgumentError) as e:
            w.scan_many([], threads=257)
        specific(e.value, "threads must be from 0 to 256 (0 and 1: the calling thread), not 257")


def test_fresh_user_trial_messages(tmp_path):
    """The fresh-user trial's message findings (docs/python.md, "Messages"): text
    arguments of another type say "must be str or bytes"; kdf_rounds=2**64 states
    the true range; RandomX objects of another type are named."""
    for call in (lambda v: cncrypto.Address.decode(v), lambda v: Seed.restore(v),
                 lambda v: KeysFile.load(str(tmp_path / "x.keys"), v)):
        for value in (None, ["a"]):
            with pytest.raises(cncrypto.ArgumentTypeError) as e:
                call(value)
            assert "must be str or bytes, not %s" % type(value).__name__ in str(e.value)
    for bad in (2**64, 0, -1):
        with pytest.raises(cncrypto.InvalidArgumentError) as e:
            KeysFile.read(b"x", "pw", kdf_rounds=bad)
        assert "kdf_rounds must be from 1 to 1,000,000" in str(e.value) and str(bad) in str(e.value)
    with pytest.raises(cncrypto.ArgumentTypeError, match="cache must be a RandomXCache, not str"):
        cncrypto.RandomXVM(cache="x")
    with pytest.raises(cncrypto.ArgumentTypeError, match="dataset must be a RandomXDataset, not int"):
        cncrypto.RandomXVM(dataset=1)
    with pytest.raises(cncrypto.ArgumentTypeError, match="cache must be a RandomXCache, not NoneType"):
        cncrypto.RandomXDataset(None)


def test_fresh_user_trial_c_messages():
    """An unknown seed language lists the valid names (Monero's with their English
    names, electrum-words.cpp's table); a C++ text that already begins with the
    function's name is not prefixed twice (cncrypto_last_error)."""
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        Seed.encode(b"\x01" * 32, "Klingon")
    for name in ("English", "Deutsch (German)", "Lojban", "简体中文 (中国) (Chinese (simplified))"):
        assert name in str(e.value), str(e.value)
    k = cncrypto.generate_keys()
    other = cncrypto.generate_keys().public_key
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        cncrypto.generate_ring_signature(b"x" * 32, cncrypto.generate_key_image(k.public_key, k.secret_key),
                                         [other, k.public_key], k.secret_key, 0)
    assert str(e.value).count("generate_ring_signature") == 1, str(e.value)
    assert "is not sec*G" in str(e.value)
