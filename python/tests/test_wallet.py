"""The wallet half through the Python API: addresses, scanning, RingCT amounts,
transaction checks, seeds and .keys files. Expected values come from ../shared
(the files tests/c_api/c_api_wallet.c checks from C): data/vectors/addresses.json
(Monero's functional-test wallet), data/vectors/owned_output_clsag_tx.json (a real
BP+/CLSAG transaction and its wallet, monero-oxide's vectors), the real
transactions of data/manifest.json, data/wallet/seeds.json and polyseed.json
(Monero's and tevador's decoders), data/wallet/wallet_files.json and files/
(Monero's two test wallets)."""
import json
import os
from concurrent.futures import ThreadPoolExecutor

import pytest

import cncrypto
from cncrypto import Address, KeysFile, Seed, Wallet


def H(text):
    return bytes.fromhex(text)


def _json(shared, relative):
    with open(os.path.join(shared, "data", relative), encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="module")
def owned(shared):
    v = _json(shared, "vectors/owned_output_clsag_tx.json")
    v["tx"] = H(v["tx_hex"])
    return v


@pytest.fixture(scope="module")
def foreign(shared):
    """Real transactions of data/txs that the vectors' wallets do not own."""
    manifest = _json(shared, "manifest.json")
    blobs = []
    for tx in manifest["shared_txs"]:
        with open(os.path.join(shared, "data", tx["file"]), "rb") as f:
            blobs.append(f.read())
    assert len(blobs) >= 20
    return blobs


# ---- addresses -------------------------------------------------------------------------------

def test_addresses_json(shared):
    w = _json(shared, "vectors/addresses.json")["wallet"]
    a = Address.decode(w["standard_address"], "mainnet")
    assert a == Address("mainnet", "standard", H(w["spend_public"]), H(w["view_public"]), None)
    assert a.encode() == str(a) == w["standard_address"]
    assert Address.from_keys(H(w["spend_public"]), H(w["view_public"])) == a
    i = Address.decode(w["integrated_address"].encode())  # bytes too; any network
    assert (i.network, i.kind, i.payment_id) == ("mainnet", "integrated", H(w["integrated_payment_id"]))
    assert i.encode() == w["integrated_address"] == a.integrated(H(w["integrated_payment_id"])).encode()
    subs = w["subaddresses"]
    for s in subs:
        m = cncrypto.get_subaddress_secret_key(H(w["view_secret"]), s["major"], s["minor"])
        assert m.hex() == s["subaddress_secret_m"]
        d, c = cncrypto.get_subaddress(H(w["view_secret"]), H(w["spend_public"]), s["major"], s["minor"])
        assert (d.hex(), c.hex()) == (s["D_spend_public"], s["C_view_public"])
        sub = Address.subaddress(H(w["view_secret"]), H(w["spend_public"]), s["major"], s["minor"])
        assert sub.kind == "subaddress" and sub.encode() == s["address"]
        assert Address.decode(s["address"], 0) == sub  # the C ABI's CNCRYPTO_MAINNET
    assert len(subs) >= 6
    assert Address.subaddress(H(w["view_secret"]), H(w["spend_public"]), 0, 0) == a


def test_address_round_trips_every_network_and_kind():
    spend = cncrypto.generate_keys().public_key
    view = cncrypto.generate_keys().public_key
    for network in cncrypto.NETWORKS:
        for kind in cncrypto.KINDS:
            a = Address(network, kind, spend, view, b"\x01" * 8 if kind == "integrated" else None)
            text = a.encode()
            assert len(text) == (106 if kind == "integrated" else 95)
            assert Address.decode(text) == a
            assert Address.decode(text, network) == a
            other = cncrypto.NETWORKS[(cncrypto.NETWORKS.index(network) + 1) % 3]
            with pytest.raises(cncrypto.DecodeError):
                Address.decode(text, other)


def test_bad_addresses():
    good = Address("mainnet", "standard", cncrypto.generate_keys().public_key,
                   cncrypto.generate_keys().public_key).encode()
    for bad in ("", "4", good[:-1], good[:10] + "0" + good[11:], good[:-1] + ("a" if good[-1] != "a" else "b"),
                "z" * 95, "\xff" * 95):
        with pytest.raises(cncrypto.DecodeError) as e:
            Address.decode(bad)
        assert isinstance(e.value, ValueError) and e.value.code == cncrypto.EDECODE
    with pytest.raises(cncrypto.InvalidArgumentError):
        Address.decode(good, "moonnet")
    with pytest.raises(cncrypto.ArgumentTypeError):
        Address.decode(None)
    with pytest.raises(cncrypto.InvalidArgumentError):
        Address("mainnet", "integrated", b"\x01" * 32, b"\x02" * 32).encode()  # no payment id
    with pytest.raises(cncrypto.LengthError):
        Address("mainnet", "standard", b"\x01" * 31, b"\x02" * 32).encode()
    with pytest.raises(cncrypto.DecodeError):
        cncrypto.get_subaddress(b"\xff" * 32, cncrypto.generate_keys().public_key, 0, 1)
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.get_subaddress_secret_key(b"\x01" * 32, 1 << 32, 0)


def test_address_refusals_of_the_fresh_user_trial(shared):
    """Monero has no integrated subaddresses (make_integrated_address takes the
    standard address): .integrated() of a subaddress or of an integrated address
    is refused; a payment id with kind standard/subaddress is refused by encode()
    instead of dropped; keys that are not points are refused (decode would
    refuse the string), naming the key. The wallet: data/vectors/addresses.json."""
    w = _json(shared, "vectors/addresses.json")["wallet"]
    std = Address.decode(w["standard_address"])
    pid = H(w["integrated_payment_id"])
    sub = Address.subaddress(H(w["view_secret"]), std.spend_public_key, 0, 1)
    assert sub.kind == "subaddress"
    with pytest.raises(cncrypto.InvalidArgumentError) as e:
        sub.integrated(pid)
    assert "an integrated address is made from a standard address; Monero has no integrated subaddresses" \
        in str(e.value)
    with pytest.raises(cncrypto.InvalidArgumentError, match="already integrated"):
        std.integrated(pid).integrated(b"\x02" * 8)
    for kind in ("standard", "subaddress"):
        with pytest.raises(cncrypto.InvalidArgumentError, match="a %s address has no payment_id" % kind):
            Address("mainnet", kind, std.spend_public_key, std.view_public_key, pid).encode()
    not_point = b"\xff" * 32
    with pytest.raises(cncrypto.DecodeError, match="spend_public_key is not a point"):
        Address.from_keys(not_point, std.view_public_key)
    with pytest.raises(cncrypto.DecodeError, match="view_public_key is not a point"):
        Address.from_keys(std.spend_public_key, not_point)
    with pytest.raises(cncrypto.DecodeError, match="view_public_key is not a point"):
        Address("mainnet", "standard", std.spend_public_key, not_point).encode()
    with pytest.raises(cncrypto.DecodeError, match="spend_public_key is not a point"):
        Address("mainnet", "integrated", not_point, std.view_public_key, pid).encode()
    assert std.integrated(pid).encode() == w["integrated_address"]


# ---- scanning --------------------------------------------------------------------------------

def _check_record(v, r, watch_only):
    assert r.tx_hash.hex() == v["tx_hash_computed"]
    assert r.output_key.hex() == v["output0_key"]
    assert (r.output_index, r.major, r.minor, r.tx_pub_key_index) == (v["owned_output_index"], 0, 0, 0)
    assert r.amount == v["output0_amount"] == 60363387616637
    assert r.mask.hex() == v["output0_commitment_mask"]
    assert r.flags & cncrypto.OWNED_AMOUNT and not r.flags & cncrypto.OWNED_ADDITIONAL_KEY
    if watch_only:
        assert r.key_image is None and not r.flags & cncrypto.OWNED_KEY_IMAGE
    else:  # independently: x = Hs(8aR || 0) + b, I = x*Hp(P)
        x = cncrypto.derive_secret_key(H(v["derivation_8aR"]), 0, H(v["wallet_spend_secret"]))
        assert r.key_image == cncrypto.generate_key_image(H(v["output0_key"]), x)


def test_scan_owned_output(owned):
    v = owned
    with Wallet(H(v["wallet_view_secret"]), H(v["wallet_spend_public"]), H(v["wallet_spend_secret"])) as w:
        assert w.subaddress_count == 1 and not w.watch_only
        w.add_subaddress_range(0, 2, 0, 50)
        assert w.subaddress_count == 100
        w.add_subaddresses([(0, 0), (7, 9), (7, 10)])
        assert w.subaddress_count == 102
        found = w.scan(v["tx"])
        assert len(found) == 1
        _check_record(v, found[0], watch_only=False)
        assert w.scan(bytearray(v["tx"])) == found
    with pytest.raises(cncrypto.InvalidArgumentError):
        w.scan(v["tx"])  # closed
    w.close()  # idempotent
    watch = Wallet(H(v["wallet_view_secret"]), H(v["wallet_spend_public"]), subaddresses=(1, 10))
    assert watch.watch_only and watch.subaddress_count == 10
    found = watch.scan(memoryview(v["tx"]))
    assert len(found) == 1
    _check_record(v, found[0], watch_only=True)
    watch.close()


def test_scan_many(owned, foreign):
    v = owned
    other = cncrypto.generate_keys()
    with Wallet(H(v["wallet_view_secret"]), H(v["wallet_spend_public"]), H(v["wallet_spend_secret"])) as w, \
            Wallet(cncrypto.generate_keys().secret_key, other.public_key, other.secret_key) as stranger:
        mid = len(foreign) // 2
        batch = foreign[:mid] + [v["tx"]] + foreign[mid:]
        for threads in (0, 1, 3):
            found = w.scan_many(batch, threads=threads)
            assert len(found) == 1 and found[0].tx_index == mid
            _check_record(v, found[0], watch_only=False)
        assert stranger.scan_many(batch) == [] and stranger.scan(v["tx"]) == []
        assert w.scan_many([]) == []
        # one blob cut: the whole batch refused
        with pytest.raises(cncrypto.DecodeError):
            w.scan_many(batch[:3] + [batch[3][:-1]])
        with pytest.raises(cncrypto.InvalidArgumentError):
            w.scan_many(batch, threads=257)
        with pytest.raises(cncrypto.ArgumentTypeError):
            w.scan_many(v["tx"])
        # the GIL is released: a pool of threads scanning with one Wallet gives the serial result
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(w.scan, batch))
        assert [r for rs in results for r in rs] == [found[0]._replace(tx_index=0)]


def test_close_waits_for_running_scans(owned):
    """close() from another thread while scan_many runs (the fresh-user trial's
    race: a use-after-free of the C context, segfaults and truncated lists before
    the fix): the scan returns its whole list, close() returns after it, later
    calls raise "the Wallet is closed", and so does entering a with block."""
    import threading
    import time
    v = owned
    n = 4000
    w = Wallet(H(v["wallet_view_secret"]), H(v["wallet_spend_public"]), subaddresses=(2, 50))
    expected = w.scan(v["tx"])
    assert len(expected) == 1
    result = {}

    def scan():
        try:
            result["found"] = w.scan_many([v["tx"]] * n, threads=2)
        except BaseException as e:  # pragma: no cover - reported below
            result["error"] = e
    t = threading.Thread(target=scan)
    t.start()
    # Wait (no time limit asserted) until the scan holds the context, then close.
    for _ in range(2000):
        if getattr(w, "_readers", 0) or not t.is_alive():
            break
        time.sleep(0.001)
    w.close()
    t.join()
    assert "error" not in result, result.get("error")
    found = result["found"]
    assert len(found) == n  # never a partial list
    assert [r.tx_index for r in found] == list(range(n))
    assert all(r._replace(tx_index=0) == expected[0]._replace(tx_index=0) for r in found)
    with pytest.raises(cncrypto.InvalidArgumentError, match="the Wallet is closed"):
        w.scan_many([v["tx"]])
    with pytest.raises(cncrypto.InvalidArgumentError, match="the Wallet is closed"):
        with w:
            pass


def test_adds_wait_for_running_scans(owned):
    """add_subaddress_range while another thread scans: the add waits for the scan
    (which sees the table as it was) and then grows the table."""
    import threading
    v = owned
    with Wallet(H(v["wallet_view_secret"]), H(v["wallet_spend_public"]), subaddresses=(2, 50)) as w:
        out = {}
        t = threading.Thread(target=lambda: out.setdefault("found", w.scan_many([v["tx"]] * 2000, threads=2)))
        t.start()
        w.add_subaddress_range(0, 4, 0, 50)
        t.join()
        assert len(out["found"]) == 2000
        assert w.subaddress_count == 200


def test_scan_bad_input(owned):
    v = owned
    with Wallet(H(v["wallet_view_secret"]), H(v["wallet_spend_public"])) as w:
        for cut in (0, 3, 100, len(v["tx"]) // 2, len(v["tx"]) - 1):
            with pytest.raises(cncrypto.DecodeError):
                w.scan(v["tx"][:cut])
        with pytest.raises(cncrypto.ArgumentTypeError):
            w.scan("00")
        with pytest.raises(cncrypto.InvalidArgumentError):
            w.add_subaddress_range(2, 1, 0, 1)
        with pytest.raises(cncrypto.InvalidArgumentError):
            w.add_subaddress_range(0, 70000, 0, 70000)
        assert w.subaddress_count == 1
    with pytest.raises(cncrypto.InvalidArgumentError):  # b not B's
        Wallet(H(v["wallet_view_secret"]), H(v["wallet_spend_public"]), cncrypto.generate_keys().secret_key)
    with pytest.raises(cncrypto.DecodeError):
        Wallet(b"\xff" * 32, H(v["wallet_spend_public"]))
    with pytest.raises(cncrypto.LengthError):
        Wallet(H(v["wallet_view_secret"])[:31], H(v["wallet_spend_public"]))


# ---- RingCT amounts and transaction checks -------------------------------------------------

def test_ecdh_decode(owned):
    v = owned
    key = cncrypto.derivation_to_scalar(H(v["derivation_8aR"]), 0)
    assert key.hex() == v["derivation_scalar_Hs(derivation||varint(0))"]
    outpk = H(v["output0_commitment_outPk"])
    at = v["tx"].find(outpk)
    assert at >= 16
    info = v["tx"][at - 16:at - 8]  # output 0's 8-byte ecdhInfo: two amounts, then outPk
    got = cncrypto.ecdh_decode(key, info, outpk)
    assert got == (v["output0_amount"], H(v["output0_commitment_mask"]))
    assert cncrypto.ecdh_decode(key, info).amount == v["output0_amount"]
    with pytest.raises(cncrypto.VerifyError):  # another output's commitment
        cncrypto.ecdh_decode(key, info, v["tx"][at + 32:at + 64])
    with pytest.raises(cncrypto.VerifyError):
        cncrypto.ecdh_decode(bytes([key[0] ^ 1]) + key[1:], info, outpk)
    with pytest.raises(cncrypto.LengthError):
        cncrypto.ecdh_decode(key, info[:7])
    with pytest.raises(cncrypto.DecodeError):  # the v1 form with an amount above 64 bits
        cncrypto.ecdh_decode(key, b"\xff" * 64)


def test_check_tx(owned):
    v = owned
    tx = v["tx"]
    pairs = [(H(m["key"]), H(m["mask"])) for ring in v["ring_members"] for m in ring]
    assert len(pairs) == 32
    assert cncrypto.check_tx_semantics(tx) is True
    assert cncrypto.check_tx(tx, pairs) is True
    assert cncrypto.check_tx(tx, b"".join(k + c for k, c in pairs)) is True
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.check_tx(tx, pairs[:-1])
    changed = list(pairs)
    changed[20] = (pairs[20][0], bytes([pairs[20][1][0] ^ 1]) + pairs[20][1][1:])
    assert cncrypto.check_tx(tx, changed) is False
    clsag = bytearray(tx)
    clsag[len(tx) - 64 - 600] ^= 4  # inside a CLSAG: semantics pass, signatures not
    assert cncrypto.check_tx_semantics(clsag) is True and cncrypto.check_tx(clsag, pairs) is False
    proof = bytearray(tx)
    proof[len(tx) - 64 - 1152 - 100] ^= 4  # inside the BP+ range proof
    assert cncrypto.check_tx_semantics(proof) is False
    with pytest.raises(cncrypto.DecodeError):
        cncrypto.check_tx_semantics(tx[:-1])


# ---- seeds -----------------------------------------------------------------------------------

def test_seeds_json(shared):
    vectors = _json(shared, "wallet/seeds.json")["vectors"]
    valid = invalid = same = 0
    for e in vectors:
        if e["kind"] == "invalid":
            with pytest.raises((cncrypto.DecodeError, cncrypto.InvalidArgumentError)):
                Seed.restore(e["words"])
            invalid += 1
            continue
        k = Seed.restore(e["words"])
        want = e["mymonero_keys"] if e["kind"] == "seed13" else e
        assert (k.spend_secret_key.hex(), k.view_secret_key.hex()) == (want["spend_secret_key"],
                                                                       want["view_secret_key"]), e["id"]
        assert k.seed_type == {"seed25": "monero-25", "seed24": "monero-24", "seed13": "mymonero-13"}[e["kind"]]
        if "address_mainnet" in e:
            assert k.address().encode() == e["address_mainnet"], e["id"]
        if e["kind"] in ("seed25", "seed24"):
            d = Seed.decode(e["words"])
            assert d.key.hex() == e["seed_bytes"] and d.language == e["language"], e["id"]
            if e["kind"] == "seed25":
                again = Seed.encode(d.key, d.language)
                same += again == e["words"]
                assert Seed.decode(again, d.language).key == d.key
        valid += 1
    assert valid >= 110 and invalid >= 70 and same >= 50


def test_polyseed_json(shared):
    vectors = _json(shared, "wallet/polyseed.json")["vectors"]
    ok = bad = 0
    for e in vectors:
        if e.get("explicit_language_index") not in (None, "None"):
            continue  # decoded in a given language by tevador's test
        if e["status"] != "OK":
            with pytest.raises(cncrypto.DecodeError):
                Seed.restore(e["phrase"])
            bad += 1
            continue
        k = Seed.restore(e["phrase"])
        assert (k.spend_secret_key.hex(), k.view_secret_key.hex()) == (e["spend_secret_key"], e["view_secret_key"])
        assert k.birthday == int(e["birthday"]) and k.seed_type == "polyseed-16"
        secret = H(e["secret_19_padded"])[:19]
        assert Seed.polyseed_encode(secret, k.birthday, k.language) == e["canonical_phrase"], e["id"]
        ok += 1
    assert ok >= 30 and bad >= 5


def test_seed_round_trips_and_bad_seeds():
    key = cncrypto.generate_keys().secret_key
    for language in ("English", "Deutsch", "German", "日本語"):
        words = Seed.encode(key, language)
        assert len(words.split()) == 25 and Seed.decode(words).key == key
    p = Seed.polyseed_create(1700000000)
    assert p.birthday <= 1700000000 < p.birthday + 2629746 and len(p.secret) == 19
    k1 = Seed.restore(Seed.polyseed_encode(p.secret, p.birthday))
    k2 = Seed.restore(Seed.polyseed_encode(p.secret, p.birthday, "Japanese"))
    assert k1[:4] == k2[:4] and k1.birthday == p.birthday and k2.language == "Japanese"
    with pytest.raises(cncrypto.InvalidArgumentError):
        Seed.restore(Seed.polyseed_encode(p.secret, p.birthday), passphrase="x")
    with pytest.raises(cncrypto.DecodeError):
        Seed.decode("abbey")
    with pytest.raises(cncrypto.DecodeError):
        Seed.restore("abbey " * 24 + "zzzzz")  # an unknown word
    with pytest.raises(cncrypto.InvalidArgumentError):
        Seed.encode(key, "Klingon")
    with pytest.raises(cncrypto.InvalidArgumentError):
        Seed.encode(key, "English (old)")
    # a passphrase changes the keys (Monero's seed offset)
    words = Seed.encode(key)
    assert Seed.restore(words, "pass").spend_secret_key != Seed.restore(words).spend_secret_key


# ---- .keys files -----------------------------------------------------------------------------

def test_keys_files_of_monero(shared):
    info = _json(shared, "wallet/wallet_files.json")
    for name, network in (("wallet_9svHk1", "testnet"), ("wallet_00fd416a", "mainnet")):
        w = info["wallets"][name]
        path = os.path.join(shared, "data", "wallet", "files", name + ".keys")
        k = KeysFile.load(path, w["password"])
        assert (k.spend_secret_key.hex(), k.view_secret_key.hex(), k.spend_public_key.hex(),
                k.view_public_key.hex()) == (w["spend_secret_key"], w["view_secret_key"], w["spend_public_key"],
                                             w["view_public_key"])
        assert k.network == network and k.address().encode() == w["address"]
        with open(path, "rb") as f:
            assert KeysFile.read(f.read(), w["password"].encode()) == k
        with pytest.raises(cncrypto.VerifyError):
            KeysFile.load(path, "wrong")


def test_keys_file_write_read():
    spend = cncrypto.generate_keys().secret_key
    view = cncrypto.generate_keys(recovery_key=cncrypto.cn_fast_hash(spend)).secret_key
    data = KeysFile.write(spend, view, "pw", "stagenet", seed_language="Deutsch", creation_timestamp=1600000000)
    k = KeysFile.read(data, "pw")
    assert (k.spend_secret_key, k.view_secret_key, k.network) == (spend, view, "stagenet")
    assert k.spend_public_key == cncrypto.secret_key_to_public_key(spend) and not k.watch_only
    with pytest.raises(cncrypto.VerifyError):
        KeysFile.read(data, "pW")
    with pytest.raises(cncrypto.VerifyError):
        KeysFile.read(data, "pw", kdf_rounds=2)
    for cut in (0, 5, len(data) // 2):
        with pytest.raises(cncrypto.DecodeError):
            KeysFile.read(data[:cut], "pw")
    with pytest.raises(cncrypto.InvalidArgumentError):
        KeysFile.read(data, "pw", kdf_rounds=0)
    with pytest.raises(cncrypto.FileError) as e:
        KeysFile.load("/nonexistent/cncrypto.keys", "pw")
    assert isinstance(e.value, OSError) and e.value.code == cncrypto.EIO
    with pytest.raises(cncrypto.DecodeError):
        KeysFile.write(b"\xff" * 32, view, "pw")
    with pytest.raises(cncrypto.InvalidArgumentError):
        KeysFile.write(spend, view, "pw", seed_language="Klingon")
    with k.wallet() as w:  # the keys as a scan context
        assert w.subaddress_count == 1 and not w.watch_only


# ---- the command line: address, scan, seed, keys ----------------------------------------------

def run_cli(*args, stdin=b""):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "cncrypto", *args], input=stdin, capture_output=True, timeout=120)


def test_cli_address(shared):
    w = _json(shared, "vectors/addresses.json")["wallet"]
    r = run_cli("address", "decode", w["integrated_address"])
    assert r.returncode == 0 and r.stdout.decode().splitlines() == [
        "address: " + w["integrated_address"], "network: mainnet", "type: integrated",
        "spend_public_key: " + w["spend_public"], "view_public_key: " + w["view_public"],
        "payment_id: " + w["integrated_payment_id"]]
    sub = w["subaddresses"][0]
    r = run_cli("address", "decode", "--json", sub["address"], "--network", "mainnet")
    assert r.returncode == 0 and json.loads(r.stdout) == {
        "address": sub["address"], "network": "mainnet", "type": "subaddress",
        "spend_public_key": sub["D_spend_public"], "view_public_key": sub["C_view_public"]}
    r = run_cli("address", "decode", w["standard_address"], "--network", "testnet")
    assert r.returncode == 1 and r.stdout == b"" and b"invalid address" in r.stderr
    r = run_cli("address", "encode", "--network", "mainnet", "--spend", w["spend_public"], "--view", w["view_public"],
                "--subaddress", "%d,%d" % (sub["major"], sub["minor"]), stdin=w["view_secret"].encode() + b"\n")
    assert r.returncode == 0 and r.stdout.decode() == sub["address"] + "\n"
    r = run_cli("address", "encode", "--network", "mainnet", "--spend", w["spend_public"], "--view", w["view_public"],
                "--payment-id", w["integrated_payment_id"])
    assert r.stdout.decode() == w["integrated_address"] + "\n"
    r = run_cli("address", "encode", "--network", "mainnet", "--spend", w["spend_public"], "--view", w["view_public"],
                "--subaddress", "0,1", stdin=b"00" * 32)
    assert r.returncode == 1 and b"does not give --view" in r.stderr and b"00" * 32 not in r.stderr


def test_cli_scan(owned, foreign, tmp_path):
    v = owned
    address = Address.from_keys(H(v["wallet_spend_public"]), H(v["wallet_view_public"])).encode()
    (tmp_path / "tx.hex").write_text(v["tx_hex"] + "\n")
    (tmp_path / "view.key").write_text(v["wallet_view_secret"] + "\n")
    (tmp_path / "spend.key").write_text(v["wallet_spend_secret"])
    (tmp_path / "foreign.bin").write_bytes(foreign[0])
    x = cncrypto.derive_secret_key(H(v["derivation_8aR"]), 0, H(v["wallet_spend_secret"]))
    image = cncrypto.generate_key_image(H(v["output0_key"]), x).hex()
    r = run_cli("scan", "--address", address, "--view-key-file", str(tmp_path / "view.key"), "--spend-key-file",
                str(tmp_path / "spend.key"), "--subaddresses", "2,10", "--threads", "2", str(tmp_path / "foreign.bin"),
                str(tmp_path / "tx.hex"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode() == "%s 0 0,0 %d %s\n" % (v["tx_hash_computed"], v["output0_amount"], image)
    r = run_cli("scan", "--json", "--address", address, "--view-key-file", "-", "--subaddresses", "5",
                str(tmp_path / "tx.hex"), stdin=(v["wallet_view_secret"]).encode())
    assert json.loads(r.stdout) == [{"tx_hash": v["tx_hash_computed"], "output_index": 0, "subaddress": "0,0",
                                     "amount": v["output0_amount"], "output_key": v["output0_key"]}]
    r = run_cli("scan", "--address", address, "--view-key-file", str(tmp_path / "spend.key"), str(tmp_path / "tx.hex"))
    assert r.returncode == 1 and b"does not match" in r.stderr and v["wallet_spend_secret"].encode() not in r.stderr


def test_cli_seed_and_keys(shared, tmp_path):
    e = [x for x in _json(shared, "wallet/seeds.json")["vectors"] if x["kind"] == "seed25"][0]
    (tmp_path / "seed").write_text(e["words"] + "\n")
    r = run_cli("seed", "restore", "--json", str(tmp_path / "seed"))
    out = json.loads(r.stdout)
    assert r.returncode == 0 and out["seed_type"] == "monero-25" and out["language"] == e["language"]
    assert out["address"] == e["address_mainnet"] and out["view_secret_key"] == e["view_secret_key"]
    assert "spend_secret_key" not in out
    r = run_cli("seed", "restore", "--show-spend-key", stdin=e["words"].encode())
    assert ("spend_secret_key: " + e["spend_secret_key"]) in r.stdout.decode().splitlines()
    r = run_cli("seed", "restore", *e["words"].split())  # never from the command line
    assert r.returncode == 2 and e["words"].split()[5].encode() not in r.stderr
    r = run_cli("seed", "restore", stdin=b"abbey abbey abbey")
    assert r.returncode == 1 and b"invalid seed" in r.stderr
    r = run_cli("seed", "new", "--network", "stagenet", "--json")
    new = json.loads(r.stdout)
    assert Seed.restore(new["seed"], network="stagenet").address().encode() == new["address"]

    w = _json(shared, "wallet/wallet_files.json")["wallets"]["wallet_9svHk1"]
    path = os.path.join(shared, "data", "wallet", "files", "wallet_9svHk1.keys")
    r = run_cli("keys", "--show-spend-key", path, stdin=w["password"].encode() + b"\n")
    assert r.returncode == 0 and r.stdout.decode().splitlines() == [
        "network: testnet", "address: " + w["address"], "spend_public_key: " + w["spend_public_key"],
        "view_public_key: " + w["view_public_key"], "view_secret_key: " + w["view_secret_key"],
        "spend_secret_key: " + w["spend_secret_key"], "watch_only: no", "multisig: no",
        # cnutil keys' fields
        "seed_language: " + w["json_fields"]["seed_language"], "cipher: " + w["account_data_cipher"]]
    r = run_cli("keys", "--json", path, stdin=b"wrong")
    assert r.returncode == 1 and r.stdout == b"" and b"wrong password or damaged file" in r.stderr
