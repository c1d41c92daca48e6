"""Every vector of the shared directory that the C ABI's functions cover, through
the Python API.

Where the expected values come from (../shared's READMEs): monero_crypto.txt
is Monero's tests/crypto/tests.txt (its own test program's answers);
monero-hash/ is Monero's tests/hash data; data/manifest.json and the blobs are
real chain objects with the ids Monero gives them; data/pow/ the PoW hashes of
real blocks and RandomX's reference vectors; data/vectors/ real keys and a real
owned output (monero-oxide's test vectors) and the genesis blocks from Monero's
config. Lines for functions the C ABI does not have (sc_*, hash_to_ec, ...) and
for random-nonce signers (generate_signature, generate_ring_signature: their
lines cannot be reproduced) are counted as not applicable.
"""
import json
import os
from collections import Counter

import pytest

import cncrypto



def H(text):
    """Bytes from hex; Monero's vector files write the empty string as 'x'."""
    return b"" if text == "x" else bytes.fromhex(text)


def _lines(path):
    with open(path, encoding="ascii") as f:
        for text in f:
            words = text.split()
            if words and not words[0].startswith("#"):
                yield words


class Mismatches:
    """Collects failing lines and fails the test once, naming the first few."""

    def __init__(self):
        self.items = []
        self.checked = Counter()

    def expect(self, kind, ok, where):
        self.checked[kind] += 1
        if not ok:
            self.items.append("%s: %s" % (kind, where))

    def done(self):
        assert not self.items, "%d mismatches, first: %s" % (len(self.items), "; ".join(self.items[:5]))


def _decodes_as(fn, args, flag, expected):
    """A line "...true EXPECTED" gives EXPECTED; "...false" raises DecodeError (Monero's false)."""
    if flag == "true":
        return fn(*args) == H(expected)
    try:
        fn(*args)
    except cncrypto.DecodeError:
        return True
    return False


# lines per function in Monero's tests.txt (vectors/README.md), the minimum each must check
MONERO_CRYPTO_COUNTS = {
    "check_key": 280, "secret_key_to_public_key": 200, "generate_key_derivation": 220, "derive_public_key": 200,
    "derive_secret_key": 180, "derive_subaddress_public_key": 170, "derive_view_tag": 220, "generate_key_image": 180,
    "check_signature": 250, "check_ring_signature": 200, "check_tx_proof": 170, "cn_fast_hash": 320,
    "tree_hash": 143, "keccak(32)": 161,
}


def test_monero_crypto_txt(shared):
    m = Mismatches()
    for n, w in enumerate(_lines(os.path.join(shared, "vectors", "monero_crypto.txt")), 1):
        f, where = w[0], "line %d" % n
        if f == "check_key":
            m.expect(f, cncrypto.check_key(H(w[1])) == (w[2] == "true"), where)
        elif f == "secret_key_to_public_key":
            m.expect(f, _decodes_as(cncrypto.secret_key_to_public_key, (H(w[1]),), w[2], w[-1]), where)
        elif f == "generate_key_derivation":
            m.expect(f, _decodes_as(cncrypto.generate_key_derivation, (H(w[1]), H(w[2])), w[3], w[-1]), where)
        elif f == "derive_public_key":
            m.expect(f, _decodes_as(cncrypto.derive_public_key, (H(w[1]), int(w[2]), H(w[3])), w[4], w[-1]), where)
        elif f == "derive_secret_key":
            m.expect(f, cncrypto.derive_secret_key(H(w[1]), int(w[2]), H(w[3])) == H(w[4]), where)
        elif f == "derive_subaddress_public_key":
            m.expect(f, _decodes_as(cncrypto.derive_subaddress_public_key, (H(w[1]), H(w[2]), int(w[3])), w[4], w[-1]),
                     where)
        elif f == "derive_view_tag":
            m.expect(f, cncrypto.derive_view_tag(H(w[1]), int(w[2])) == int(w[3], 16), where)
        elif f == "generate_key_image":
            m.expect(f, cncrypto.generate_key_image(H(w[1]), H(w[2])) == H(w[3]), where)
        elif f == "check_signature":
            m.expect(f, cncrypto.check_signature(H(w[1]), H(w[2]), H(w[3])) == (w[4] == "true"), where)
        elif f == "check_ring_signature":
            count = int(w[3])
            pubs = [H(k) for k in w[4:4 + count]]
            sigs = H(w[4 + count])
            m.expect(f, cncrypto.check_ring_signature(H(w[1]), H(w[2]), pubs, sigs) == (w[5 + count] == "true"),
                     where)
        elif f == "check_tx_proof":
            b = None if w[4] == "x" else H(w[4])
            m.expect(f, cncrypto.check_tx_proof(H(w[1]), H(w[2]), H(w[3]), b, H(w[5]), H(w[6]), int(w[7]))
                     == (w[8] == "true"), where)
        elif f == "cn_fast_hash":
            m.expect(f, cncrypto.cn_fast_hash(H(w[1])) == H(w[2]), where)
        elif f == "tree_hash":
            hashes = H(w[2])
            assert len(hashes) == 32 * int(w[1])
            as_list = [hashes[i:i + 32] for i in range(0, len(hashes), 32)]
            m.expect(f, cncrypto.tree_hash(as_list) == H(w[3]) == cncrypto.tree_hash(hashes), where)
        elif f == "keccak" and w[1] == "32":
            # Monero's keccak(data, len, md, 32): Keccak-256, i.e. cn_fast_hash
            # (other digest sizes are Keccak variants the C ABI does not have).
            m.expect("keccak(32)", cncrypto.cn_fast_hash(H(w[2])) == H(w[3]), where)
    m.done()
    for kind, minimum in MONERO_CRYPTO_COUNTS.items():
        assert m.checked[kind] >= minimum, (kind, m.checked[kind])


@pytest.mark.parametrize("name,variant", [("tests-fast.txt", None), ("tests-slow.txt", 0), ("tests-slow-1.txt", 1),
                                          ("tests-slow-2.txt", 2), ("tests-slow-4.txt", 4)])
def test_monero_hash_files(shared, name, variant):
    m = Mismatches()
    for n, w in enumerate(_lines(os.path.join(shared, "vectors", "monero-hash", name)), 1):
        data = H(w[1])
        if variant is None:
            got = cncrypto.cn_fast_hash(data)
        else:
            got = cncrypto.cn_slow_hash(data, variant, int(w[2]) if len(w) > 2 else 0)
        m.expect(name, got == H(w[0]), "line %d" % n)
    m.done()
    assert m.checked[name] >= (321 if variant is None else 4)


def test_check_key_extra(shared):
    m = Mismatches()
    for n, w in enumerate(_lines(os.path.join(shared, "data", "vectors", "hash_to_ec_check_key_tests.txt")), 1):
        if w[0] == "check_key":
            m.expect("check_key", cncrypto.check_key(H(w[1])) == (w[2] == "true"), "line %d" % n)
    m.done()
    assert m.checked["check_key"] > 0


def _manifest(shared):
    with open(os.path.join(shared, "data", "manifest.json"), encoding="utf-8") as f:
        return json.load(f)


def _read(shared, relative):
    with open(os.path.join(shared, "data", relative), "rb") as f:
        return f.read()


def test_real_transactions(shared):
    txs = _manifest(shared)["shared_txs"]
    for tx in txs:
        blob = _read(shared, tx["file"])
        assert cncrypto.tx_hash(blob).hex() == tx["hash"], tx["file"]
        assert cncrypto.tx_prefix_hash(memoryview(blob)).hex() == tx["prefix_hash"], tx["file"]
        with pytest.raises(cncrypto.DecodeError):
            cncrypto.tx_hash(blob[:len(blob) // 2])
    assert len(txs) >= 36


def test_real_blocks(shared):
    blocks = _manifest(shared)["shared_blocks"]
    for block in blocks:
        blob = _read(shared, block["file"])
        assert cncrypto.block_id(bytearray(blob)).hex() == block["id"], block["file"]
        with pytest.raises(cncrypto.DecodeError):
            cncrypto.block_id(blob[:len(blob) // 2])
    assert len(blocks) >= 9


def test_genesis_blocks(shared):
    with open(os.path.join(shared, "data", "vectors", "genesis.json"), encoding="utf-8") as f:
        entries = json.load(f)
    for e in entries:
        assert cncrypto.tx_hash(H(e["genesis_tx_hex"])).hex() == e["genesis_tx_hash"], e["network"]
        assert cncrypto.block_id(H(e["block_blob_hex"])).hex() == e["expected_block_id"], e["network"]
    assert {e["network"] for e in entries} == {"mainnet", "testnet", "stagenet"}


def test_block_pow_cryptonight(shared):
    """The CryptoNight blocks of data/pow/blocks_pow.json (the RandomX ones need their
    seed block's id, which the file does not give)."""
    with open(os.path.join(shared, "data", "pow", "blocks_pow.json"), encoding="utf-8") as f:
        blocks = json.load(f)["blocks"]
    count = 0
    for b in blocks:
        if "rx_seed_height" in b or "pow_hash" not in b:
            continue
        with open(os.path.join(shared, "data", "pow", b["block_file"]), "rb") as f:
            blob = f.read()
        assert cncrypto.block_pow_hash(blob).hex() == b["pow_hash"], b["block_file"]
        count += 1
    assert count >= 4
    randomx = [b for b in blocks if "rx_seed_height" in b]
    assert randomx
    with open(os.path.join(shared, "data", "pow", randomx[0]["block_file"]), "rb") as f:
        blob = f.read()
    with pytest.raises(cncrypto.InvalidArgumentError):
        cncrypto.block_pow_hash(blob)  # a RandomX block needs its seed hash


def test_randomx(shared):
    """RandomX's reference vectors with a 32-byte key (a seed hash, as Monero's rx_slow_hash takes)."""
    count = 0
    for w in _lines(os.path.join(shared, "data", "pow", "randomx_vectors.txt")):
        if len(w) < 3 or len(w[0]) != 64:
            continue
        try:
            got = cncrypto.rx_slow_hash(H(w[0]), H(w[1]))
        except cncrypto.UnsupportedError:
            pytest.skip("the library was built without librandomx")
        assert got == H(w[2])
        count += 1
    assert count >= 1


def test_owned_output(shared):
    """A real output and the wallet that owns it: derivation, view tag, one-time
    keys, subaddress spend key (monero-oxide's clsag_tx vectors)."""
    with open(os.path.join(shared, "data", "vectors", "owned_output_clsag_tx.json"), encoding="utf-8") as f:
        v = json.load(f)
    view_sec, spend_sec = H(v["wallet_view_secret"]), H(v["wallet_spend_secret"])
    assert cncrypto.secret_key_to_public_key(view_sec).hex() == v["wallet_view_public"]
    assert cncrypto.secret_key_to_public_key(spend_sec).hex() == v["wallet_spend_public"]
    derivation = cncrypto.generate_key_derivation(H(v["tx_pubkey_R"]), view_sec)
    assert derivation.hex() == v["derivation_8aR"]
    index = v["owned_output_index"]
    assert cncrypto.derive_view_tag(derivation, index) == int(v["output0_view_tag"], 16)
    assert cncrypto.derive_public_key(derivation, index, H(v["wallet_spend_public"])).hex() == v["output0_key"]
    assert cncrypto.derive_subaddress_public_key(H(v["output0_key"]), derivation, index).hex() == \
        v["wallet_spend_public"]
    one_time_secret = cncrypto.derive_secret_key(derivation, index, spend_sec)
    assert cncrypto.secret_key_to_public_key(one_time_secret).hex() == v["output0_key"]
    assert cncrypto.tx_hash(H(v["tx_hex"])).hex() == v["tx_hash_computed"]
    # the key images the transaction's inputs carry are of other outputs; the owned
    # output's own key image is reproducible: sec*Hp(pub) with its one-time keys.
    image = cncrypto.generate_key_image(H(v["output0_key"]), one_time_secret)
    assert len(image) == 32 and cncrypto.check_key(image)


def test_wallet_keys(shared):
    """data/vectors/addresses.json: public keys from secret keys, and Monero's view key
    rule view_secret = sc_reduce32(keccak(spend_secret)) through generate_keys."""
    with open(os.path.join(shared, "data", "vectors", "addresses.json"), encoding="utf-8") as f:
        wallet = json.load(f)["wallet"]
    spend, view = H(wallet["spend_secret"]), H(wallet["view_secret"])
    assert cncrypto.secret_key_to_public_key(spend).hex() == wallet["spend_public"]
    assert cncrypto.secret_key_to_public_key(view).hex() == wallet["view_public"]
    pair = cncrypto.generate_keys(recovery_key=cncrypto.cn_fast_hash(spend))
    assert pair.secret_key == view and pair.public_key.hex() == wallet["view_public"]
