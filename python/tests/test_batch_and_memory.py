"""The batch derivation call and the caller-memory scan context (issue 35's last
C ABI additions, wrapped by cncrypto.generate_key_derivations and
Wallet(capacity=N)).

Expected values: data/vectors/owned_output_clsag_tx.json (a real transaction and
its wallet: tx_pubkey_R, derivation_8aR = 8*a*R, the owned output's record as
test_wallet.py checks it), and the single generate_key_derivation call, which
test_vectors.py checks against Monero's tests/crypto vectors.
"""
import json
import os
from concurrent.futures import ThreadPoolExecutor

import pytest

import cncrypto
from cncrypto import Wallet

# an encoding of no point (y = 1 with the sign bit set: x = 0 has no negative)
UNDECODABLE = bytes.fromhex("0100000000000000000000000000000000000000000000000000000000000080")


def H(text):
    return bytes.fromhex(text)


@pytest.fixture(scope="module")
def owned(shared):
    with open(os.path.join(shared, "data", "vectors", "owned_output_clsag_tx.json"), encoding="utf-8") as f:
        v = json.load(f)
    v["tx"] = H(v["tx_hex"])
    return v


# ---- generate_key_derivations --------------------------------------------------------------------

def test_batch_derivation_of_the_vector(owned):
    a, R = H(owned["wallet_view_secret"]), H(owned["tx_pubkey_R"])
    assert cncrypto.generate_key_derivations([R], a) == [H(owned["derivation_8aR"])]
    others = [cncrypto.generate_keys().public_key for _ in range(9)]
    got = cncrypto.generate_key_derivations(others[:4] + [R] + others[4:], a)
    assert got[4] == H(owned["derivation_8aR"])


def test_batch_derivations_equal_single_calls():
    sec = cncrypto.generate_keys().secret_key
    pubs = [cncrypto.generate_keys().public_key for _ in range(300)]  # more than one internal batch
    want = [cncrypto.generate_key_derivation(p, sec) for p in pubs]
    assert cncrypto.generate_key_derivations(pubs, sec) == want
    assert cncrypto.generate_key_derivations(b"".join(pubs), sec) == want  # one bytes-like, back to back
    assert cncrypto.generate_key_derivations([bytearray(p) for p in pubs[:3]], memoryview(sec)) == want[:3]
    assert cncrypto.generate_key_derivations([], sec) == []
    assert cncrypto.generate_key_derivations(b"", sec) == []


def test_batch_derivations_bad_keys():
    sec = cncrypto.generate_keys().secret_key
    pubs = [cncrypto.generate_keys().public_key for _ in range(6)]
    pubs[2] = pubs[5] = UNDECODABLE
    with pytest.raises(cncrypto.DecodeError) as e:
        cncrypto.generate_key_derivations(pubs, sec)
    assert e.value.index == 2 and e.value.code == cncrypto.EDECODE
    assert "pubs[2] is not a point" in str(e.value) and "2 of 6 do not" in str(e.value)
    got = cncrypto.generate_key_derivations(pubs, sec, skip_invalid=True)
    assert got[2] is None and got[5] is None
    assert [g for i, g in enumerate(got) if i not in (2, 5)] == \
        [cncrypto.generate_key_derivation(p, sec) for i, p in enumerate(pubs) if i not in (2, 5)]
    with pytest.raises(cncrypto.LengthError, match=r"pubs\[1\] must be 32 bytes, not 31"):
        cncrypto.generate_key_derivations([pubs[0], pubs[1][:31]], sec)
    with pytest.raises(cncrypto.LengthError, match="multiple of 32"):
        cncrypto.generate_key_derivations(b"\x00" * 33, sec)
    with pytest.raises(cncrypto.LengthError):
        cncrypto.generate_key_derivations(pubs[:1], sec[:31])
    with pytest.raises(cncrypto.ArgumentTypeError):
        cncrypto.generate_key_derivations("00" * 32, sec)


def test_batch_derivations_from_threads():
    """The GIL is released for the whole batch: a pool gives the serial results."""
    sec = cncrypto.generate_keys().secret_key
    chunks = [[cncrypto.generate_keys().public_key for _ in range(50)] for _ in range(8)]
    want = [cncrypto.generate_key_derivations(c, sec) for c in chunks]
    with ThreadPoolExecutor(4) as pool:
        assert list(pool.map(lambda c: cncrypto.generate_key_derivations(c, sec), chunks)) == want


# ---- Wallet(capacity=N): the caller-memory scan context ------------------------------------------

def test_wallet_with_capacity_scans_as_the_default(owned):
    v = owned
    keys = (H(v["wallet_view_secret"]), H(v["wallet_spend_public"]), H(v["wallet_spend_secret"]))
    with Wallet(*keys) as heap, Wallet(*keys, capacity=102) as fixed:
        assert fixed.capacity == 102 and heap.capacity is None
        for w in (heap, fixed):
            w.add_subaddress_range(0, 2, 0, 50)
            w.add_subaddresses([(0, 0), (7, 9), (7, 10)])
        assert fixed.subaddress_count == heap.subaddress_count == 102
        found = fixed.scan(v["tx"])
        assert len(found) == 1 and found == heap.scan(v["tx"])
        assert found[0].amount == v["output0_amount"] and found[0].output_key.hex() == v["output0_key"]
        assert fixed.scan_many([v["tx"], v["tx"]], threads=2) == heap.scan_many([v["tx"], v["tx"]])
        pruned = cncrypto.tx_prune(v["tx"])
        tx_id = H(v["tx_hash_computed"])
        assert fixed.scan_pruned_many([pruned], [tx_id]) == heap.scan_pruned_many([pruned], [tx_id])
        # full: one more entry is refused, the table unchanged; keys already there are fine
        with pytest.raises(cncrypto.BufferSizeError, match=r"103 entries \(cncrypto_scan_context_statebytes\(103\) = 4280 bytes\) needed, 102 given"):
            fixed.add_subaddresses([(7, 11)])
        with pytest.raises(cncrypto.BufferSizeError):
            fixed.add_subaddress_range(3, 4, 0, 2)
        fixed.add_subaddresses([(7, 9)])
        assert fixed.subaddress_count == 102
    with pytest.raises(cncrypto.InvalidArgumentError, match="closed"):
        fixed.scan(v["tx"])
    fixed.close()  # idempotent


def test_wallet_capacity_arguments(owned):
    v = owned
    a, B = H(v["wallet_view_secret"]), H(v["wallet_spend_public"])
    with Wallet(a, B, capacity=1) as w:  # watch-only, the main address only
        assert w.watch_only and w.subaddress_count == 1
        found = w.scan(v["tx"])
        assert len(found) == 1 and found[0].key_image is None
    with Wallet(a, B, subaddresses=10, capacity=10) as w:  # (0, 0) counted once
        assert w.subaddress_count == 10
    with pytest.raises(cncrypto.BufferSizeError):
        Wallet(a, B, subaddresses=11, capacity=10)
    for bad in (0, -1, cncrypto.MAX_SUBADDRESSES + 1):
        with pytest.raises(cncrypto.InvalidArgumentError, match="capacity"):
            Wallet(a, B, capacity=bad)
    for bad in (True, 2.0, "3"):
        with pytest.raises(cncrypto.ArgumentTypeError):
            Wallet(a, B, capacity=bad)
    with pytest.raises(cncrypto.DecodeError):
        Wallet(b"\xff" * 32, B, capacity=4)
    with pytest.raises(cncrypto.InvalidArgumentError):  # b not B's
        Wallet(a, B, cncrypto.generate_keys().secret_key, capacity=4)


def test_a_bad_blob_is_named_once(owned):
    """scan_many's message names the blob and says "not a complete transaction" once."""
    with Wallet(H(owned["wallet_view_secret"]), H(owned["wallet_spend_public"])) as w:
        with pytest.raises(cncrypto.DecodeError) as e:
            w.scan_many([owned["tx"], b"\x00"])
    assert e.value.index == 1
    assert str(e.value).count("not a complete transaction") == 1, str(e.value)
    # the index, then the parsing call's own detail whole (wallet.py relies on no wording of it)
    assert "blobs[1] (of 2, 1 bytes): not a complete transaction: transaction version" in str(e.value)
