"""The C ABI's additions of 2026-12-07 through the package: Keccak state copies
(against hashlib's copy()), Monero's JSON of transactions and blocks and
pruning (against the facts ../shared's manifest records: versions, input and
output counts, RingCT types, unprunable sizes, block fields), scanning pruned
transactions (the same records as the complete ones), RandomX handles (against
RandomX's reference vectors), the .keys file's description (Monero's two test
wallets of wallet_files.json) and the C ABI's error detail in messages."""
import hashlib
import json
import os

from concurrent.futures import ThreadPoolExecutor

import pytest

import cncrypto
from cncrypto import KeysFile, Wallet


def H(text):
    return bytes.fromhex(text)


def _json(shared, relative):
    with open(os.path.join(shared, "data", relative), encoding="utf-8") as f:
        return json.load(f)


def _read(shared, relative):
    with open(os.path.join(shared, "data", relative), "rb") as f:
        return f.read()


# ---- Keccak copy ---------------------------------------------------------------------------------

def test_copy_like_hashlib():
    prefix, a, b = os.urandom(200), os.urandom(50), os.urandom(300)
    for ours, theirs in ((cncrypto.SHA3_256, hashlib.sha3_256), (cncrypto.SHA3_512, hashlib.sha3_512),
                         (cncrypto.SHA3_224, hashlib.sha3_224)):
        h, ref = ours(prefix), theirs(prefix)
        c, rc = h.copy(), ref.copy()
        h.update(a)
        ref.update(a)
        c.update(b)
        rc.update(b)
        assert (h.digest(), c.digest()) == (ref.digest(), rc.digest()) and type(c) is ours
    k = cncrypto.Keccak256(prefix)
    c = k.copy()
    k.update(a)
    assert c.digest() == cncrypto.cn_fast_hash(prefix) and k.digest() == cncrypto.cn_fast_hash(prefix + a)
    done = c.copy()  # a finalised state copies as finalised
    assert done.digest() == c.digest()
    with pytest.raises(cncrypto.InvalidArgumentError):
        done.update(b"x")
    s = cncrypto.SHAKE256(prefix)
    first = s.digest(10)
    t = s.copy()  # after squeezing 10 bytes: the copy goes on from the same position
    assert t.digest(40) == hashlib.shake_256(prefix).digest(40) and first == t.digest(10)


# ---- JSON and pruning --------------------------------------------------------------------------------

def test_tx_json_and_prune(shared):
    manifest = _json(shared, "manifest.json")
    count = 0
    for tx in manifest["shared_txs"]:
        blob = _read(shared, tx["file"])
        full = json.loads(cncrypto.tx_to_json(blob))
        assert full["version"] == tx["version"] and len(full["vin"]) == tx["inputs"], tx["hash"]
        assert len(full["vout"]) == tx["outputs"], tx["hash"]
        if tx["version"] == 2 and not tx["coinbase"]:
            assert full["rct_signatures"]["type"] == tx["rct_type"]
        pruned = cncrypto.tx_prune(bytearray(blob))
        if "unprunable_size" in tx:
            assert pruned == blob[:tx["unprunable_size"]], tx["hash"]
        base = json.loads(cncrypto.pruned_tx_to_json(pruned))
        assert {k: v for k, v in full.items() if k != "rctsig_prunable"} == base or tx["version"] == 1
        count += 1
    assert count >= 20
    with pytest.raises(cncrypto.DecodeError) as e:
        cncrypto.tx_to_json(blob[:-1])
    assert e.value.detail
    with pytest.raises(cncrypto.DecodeError):
        cncrypto.pruned_tx_to_json(blob)  # a complete blob is not a pruned one (v2 with prunable data)
    for b in manifest["shared_blocks"][:5]:
        block = json.loads(cncrypto.block_to_json(_read(shared, b["file"])))
        assert (block["major_version"], block["minor_version"], block["timestamp"], block["nonce"], block["prev_id"]) \
            == (b["major_version"], b["minor_version"], b["timestamp"], b["nonce"], b["prev_id"])
        assert len(block["tx_hashes"]) == b["tx_count_excluding_miner"]


MONERO_JSON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "unit_tests", "vectors",
                           "monero_json", "digests.txt")


def test_json_against_monero(shared):
    """Monero 0.18.0.0's own obj_to_json_str texts (the repository's
    tests/unit_tests/vectors/monero_json/digests.txt: Keccak-256 and length of each
    text, for ../shared's transactions, pruned transactions and blocks and a few
    hand-made blobs), byte for byte."""
    if not os.path.isfile(MONERO_JSON):
        pytest.skip("%s is absent (an sdist has no repository tests): run from a clone" % MONERO_JSON)
    counts = {"tx": 0, "ptx": 0, "block": 0}
    with open(MONERO_JSON, encoding="utf-8") as f:
        for line in f:
            w = line.split()
            if line.startswith("#") or len(w) < 4 or w[0] not in counts:
                continue
            kind, source, digest, size = w[:4]
            blob = H(source[4:]) if source.startswith("hex:") else _read(shared, source)
            if kind == "tx":
                text = cncrypto.tx_to_json(blob)
            elif kind == "ptx":
                text = cncrypto.pruned_tx_to_json(cncrypto.tx_prune(blob))
            else:
                text = cncrypto.block_to_json(blob)
            raw = text.encode("utf-8")
            assert (cncrypto.cn_fast_hash(raw).hex(), len(raw)) == (digest, int(size)), (kind, source[:80])
            counts[kind] += 1
    assert counts["tx"] >= 36 and counts["ptx"] >= 36 and counts["block"] >= 9, counts


def test_scan_pruned(shared):
    v = _json(shared, "vectors/owned_output_clsag_tx.json")
    tx = H(v["tx_hex"])
    others = [_read(shared, t["file"]) for t in _json(shared, "manifest.json")["shared_txs"][:6]]
    batch = others[:3] + [tx] + others[3:]
    with Wallet(H(v["wallet_view_secret"]), H(v["wallet_spend_public"]), H(v["wallet_spend_secret"])) as w:
        full = w.scan_many(batch)
        pruned = [cncrypto.tx_prune(b) for b in batch]
        assert len(full) == 1 and full[0].tx_index == 3
        ids = [cncrypto.tx_hash(b) for b in batch]
        for threads in (1, 2):
            assert w.scan_pruned_many(pruned, ids, threads=threads) == full
        assert w.scan_pruned_many(pruned) == [full[0]._replace(tx_hash=bytes(32))]
        with pytest.raises(cncrypto.DecodeError) as e:
            w.scan_pruned_many(pruned[:2] + [batch[2]] + pruned[3:])  # a complete blob among pruned ones
        assert e.value.index == 2 and "blobs[2]" in str(e.value)
        assert str(e.value).count("not a pruned transaction") == 1, str(e.value)
        with pytest.raises(cncrypto.LengthError):
            w.scan_pruned_many(pruned, ids[:-1])


# ---- RandomX handles ------------------------------------------------------------------------------

def test_randomx_vm(shared):
    """RandomX's reference vectors (key, input, hash) with a light VM per key."""
    lines = []
    with open(os.path.join(shared, "data", "pow", "randomx_vectors.txt"), encoding="utf-8") as f:
        for line in f:
            w = line.split()
            if len(w) == 3 and not line.startswith("#"):
                lines.append((H(w[0]), H(w[1]), H(w[2])))
    keys = sorted({k for k, _, _ in lines})[:2]
    try:
        cache = cncrypto.RandomXCache(keys[0])
    except cncrypto.UnsupportedError:
        pytest.skip("the library was built without librandomx")
    checked = 0
    for key in keys:
        with (cache if key == keys[0] else cncrypto.RandomXCache(key)) as c:
            vm = cncrypto.RandomXVM(cache=c)
        for k, data, expected in lines:  # the VM keeps the cache alive after close()
            if k == key:
                assert vm.hash(data) == expected and vm.hash(memoryview(data)) == expected
                checked += 1
        # Four threads sharing the one VM (the C VM is one thread at a time: the object's
        # lock makes them take turns): every hash still the vector's.
        mine = [(d, e) for k, d, e in lines if k == key] * 3
        with ThreadPoolExecutor(4) as pool:
            assert list(pool.map(lambda de: vm.hash(de[0]) == de[1], mine)) == [True] * len(mine)
        vm.close()
        vm.close()
        with pytest.raises(cncrypto.InvalidArgumentError):
            vm.hash(b"x")
    assert checked >= 3
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.RandomXVM()
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.RandomXDataset(cncrypto.RandomXCache(keys[0]), threads=257)


# ---- .keys file description --------------------------------------------------------------------------

def test_keys_file_info(shared, tmp_path):
    info = _json(shared, "wallet/wallet_files.json")["wallets"]
    for name, network in (("wallet_9svHk1", "testnet"), ("wallet_00fd416a", "mainnet")):
        w = info[name]
        path = os.path.join(shared, "data", "wallet", "files", name + ".keys")
        k = KeysFile.load_info(path, w["password"])
        assert (k.network, k.spend_public_key.hex(), k.view_public_key.hex(), k.view_secret_key.hex(),
                k.spend_secret_key.hex()) == (network, w["spend_public_key"], w["view_public_key"],
                                               w["view_secret_key"], w["spend_secret_key"])
        assert (k.seed_language, k.cipher) == (w["json_fields"]["seed_language"], w["account_data_cipher"])
        assert not k.watch_only and not k.multisig and k.spend_key_verified and k.address().encode() == w["address"]
        assert KeysFile.read_info(_read(shared, "wallet/files/%s.keys" % name), w["password"]) == k
    spend, view = cncrypto.generate_keys().secret_key, cncrypto.generate_keys().secret_key
    data = KeysFile.write(spend, view, "pw", "stagenet", seed_language="Deutsch", creation_timestamp=1600000000)
    k = KeysFile.read_info(data, "pw")
    assert (k.network, k.seed_language, k.creation_timestamp, k.spend_secret_key, k.finding_count, k.cipher) == \
        ("stagenet", "Deutsch", 1600000000, spend, 0, "chacha20")
    with pytest.raises(cncrypto.VerifyError) as e:
        KeysFile.read_info(data, "wrong")
    assert "wrong password or damaged file" in str(e.value)
    with pytest.raises(cncrypto.FileError) as e:
        KeysFile.load_info(tmp_path / "missing.keys", "pw")
    assert str(tmp_path / "missing.keys") in str(e.value)
    with pytest.raises(cncrypto.InvalidArgumentError):
        KeysFile.read_info(data, "pw", kdf_rounds=10**9)


# ---- the C ABI's detail in messages ------------------------------------------------------------------

def test_c_detail_in_messages():
    good = cncrypto.Address("mainnet", "standard", cncrypto.generate_keys().public_key,
                            cncrypto.generate_keys().public_key).encode()
    bad = good[:-1] + ("a" if good[-1] != "a" else "b")
    with pytest.raises(cncrypto.DecodeError) as e:
        cncrypto.Address.decode(bad)
    assert e.value.detail and "checksum" in e.value.message and e.value.function == "address_decode"
    assert not e.value.detail.startswith("address_decode:")  # the C function name is dropped
    key = cncrypto.generate_keys(recovery_key=bytes(range(32))).secret_key
    words = cncrypto.Seed.encode(key).split()
    words[6] = "qqqqword"
    with pytest.raises(cncrypto.DecodeError) as e:
        cncrypto.Seed.restore(" ".join(words))
    assert "word 7" in e.value.message and "qqqq" not in str(e.value)
    with pytest.raises(cncrypto.DecodeError) as e:
        KeysFile.read(b"xx", "pw")
    assert "2 bytes" in e.value.message


def test_cli_decode(shared, tmp_path):
    tx = _json(shared, "manifest.json")["shared_txs"][0]
    block = _json(shared, "manifest.json")["shared_blocks"][0]
    blob, bblob = _read(shared, tx["file"]), _read(shared, block["file"])
    (tmp_path / "tx.hex").write_text(blob.hex() + "\n")
    r = run_cli("decode", str(tmp_path / "tx.hex"), "--hex", bblob.hex())
    assert r.returncode == 0, r.stderr
    # --hex inputs first, then the files (as tx-hash)
    assert r.stdout.decode() == cncrypto.block_to_json(bblob) + "\n" + cncrypto.tx_to_json(blob) + "\n"
    r = run_cli("decode", "--type", "pruned-tx", "--hex", cncrypto.tx_prune(blob).hex())
    assert r.returncode == 0 and json.loads(r.stdout)["version"] == tx["version"]
    r = run_cli("decode", "--type", "block", "--hex", blob.hex())
    assert r.returncode == 1 and r.stdout == b"" and b"not a block" in r.stderr
    r = run_cli("decode", "--hex", "00")
    assert r.returncode == 1 and b"neither a transaction" in r.stderr


def run_cli(*args, stdin=b""):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "cncrypto", *args], input=stdin, capture_output=True, timeout=60)
