#!/usr/bin/env python3
"""Golden tests of the cnutil command-line tool (run by ctest).

Usage: cnutil_golden.py CNUTIL local
       cnutil_golden.py CNUTIL shared SHARED_DIR
       cnutil_golden.py CNUTIL readme SOURCE_DIR

"local" needs nothing outside the repository. Its expected values are:
  * the genesis blocks and genesis transaction (spec section 7.5, Monero's
    cryptonote_config.h / blockchain_db.cpp / checkpoints.cpp),
  * tree hashes, addresses and subaddresses of a hand-made wallet (spend secret 5,
    view secret 7), computed with an independent Python implementation
    (big-integer ed25519, base58 and the spec 7.3 tree hash; Keccak from
    pycryptodome) that reproduces every vector of ../shared/data/vectors/addresses.json.
"shared" runs cnutil on every real transaction and block in ../shared/data and
compares with manifest.json and addresses.json; it exits 77 (skipped) when the
directory is absent.
"readme" runs every "$ build/src/tools/cnutil ..." line of SOURCE_DIR/README.md
from SOURCE_DIR (with CNUTIL in place of build/src/tools/cnutil) and compares
with the lines the README shows under it; skipped when ../shared is absent.

Each failing case prints what was run, what was expected and what came out.
"""
import json
import os
import subprocess
import sys
import tempfile

MONERO_JSON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "unit_tests", "vectors", "monero_json")

try:
    from Cryptodome.Hash import keccak as cryptodome_keccak
except ImportError:  # pragma: no cover - reported when the address cases need it
    cryptodome_keccak = None

SKIP = 77

failures = []
count = 0


def run(cnutil, args, stdin=b""):
    p = subprocess.run([cnutil] + args, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def check(cnutil, args, *, stdin=b"", code=0, out=None, out_contains=None, err=None, err_contains=None, name=None):
    """Runs cnutil and compares exit status, stdout and stderr. Returns stdout."""
    global count
    count += 1
    rc, so, se = run(cnutil, args, stdin)
    problems = []
    if rc != code:
        problems.append(f"exit status {rc}, expected {code}")
    if out is not None and so != out:
        problems.append(f"stdout {so!r}, expected {out!r}")
    if out_contains is not None and out_contains not in so:
        problems.append(f"stdout {so!r} lacks {out_contains!r}")
    if err is not None and se != err:
        problems.append(f"stderr {se!r}, expected {err!r}")
    if err_contains is not None and err_contains not in se:
        problems.append(f"stderr {se!r} lacks {err_contains!r}")
    if code == 0 and err is None and err_contains is None and se:
        problems.append(f"unexpected stderr {se!r}")
    if problems:
        failures.append(f"[{name or ' '.join(args)}] " + "; ".join(problems))
    return so


# ---- local cases ---------------------------------------------------------------

MAINNET_GENESIS_TX = ("013c01ff0001ffffffffffff03029b2e4c0281c0b02e7c53291a94d1d0cbff8883f8024f5142ee494ffbbd08807121"
                      "017767aafcde9be00dcfd098715ebcf7f410daebc582fda69d24a28e9d0bc890d1")
MAINNET_GENESIS_TX_HASH = "c88ce9783b4f11190d7b9c17a69c1c52200f9faaee8e98dd07e6811175177139"
STAGENET_GENESIS_TX = ("013c01ff0001ffffffffffff0302df5d56da0c7d643ddd1ce61901c7bdc5fb1738bfe39fbe69c28a3a7032729c0f21"
                       "01168d0c4ca86fb55a4cf6a36d31431be1c53a3bd7411bb24e8832410289fa6f3b")
STAGENET_GENESIS_TX_HASH = "c099809301da6ad2fde11969b0e9cb291fc698f8dc678cef00506e7baf561de4"


# What cnutil writes on stderr for a blob accepted the way Monero reads one cut
# short (docs/cnutil.md): format(kind, "N bytes", kind).
WARNING = ("cnutil: --hex: warning: the {} blob ends after {}, inside or before a varint field; read as Monero reads "
           "it (the bits present, missing ones as 0): the result is Monero's, but the blob is not this {}'s "
           "serialization\n")


def genesis_block(tx_hex, nonce):
    # major 1, minor 0, timestamp 0, prev_id zero, nonce LE32, miner tx, zero tx hashes (spec 7.5)
    return "010000" + "00" * 32 + nonce.to_bytes(4, "little").hex() + tx_hex + "00"


GENESIS = [
    (genesis_block(MAINNET_GENESIS_TX, 10000), "418015bb9ae982a1975da7d79277c2705727a56894ba0fb246adaabb1f4632e3"),
    (genesis_block(MAINNET_GENESIS_TX, 10001), "48ca7cd3c8de5b6a4d53d2861fbdaedca141553559f9be9520068053cda8430b"),
    (genesis_block(STAGENET_GENESIS_TX, 10002), "76ee3cc98646292206cd3e86f74d88b4dcc1d937088645e9b0cbca84b7ce74eb"),
]

# Leaves keccak(bytes([i])), i = 0..8, and the spec 7.3 roots of the first n.
LEAVES = [
    "bc36789e7a1e281436464229828f817d6612f7b477d66591ff96a9e064bcc98a",
    "5fe7f977e71dba2ea1a68e21057beebb9be2ac30c6410aa38d4f3fbe41dcffd2",
    "f2ee15ea639b73fa3db9b34a245bdfa015c260c598b211bf05a1ecc4b3e3b4f2",
    "69c322e3248a5dfc29d73c5b0553b0185a35cd5bb6386747517ef7e53b15e287",
    "f343681465b9efe82c933c3e8748c70cb8aa06539c361de20f72eac04e766393",
    "dbb8d0f4c497851a5043c6363657698cb1387682cac2f786c731f8936109d795",
    "d0591206d9e81e07f4defc5327957173572bcd1bca7838caa7be39b0c12b1873",
    "ee2a4bc7db81da2b7164e56b3649b1e2a09c58c455b15dabddd9146c7582cebc",
    "d33e25809fcaa2b6900567812852539da8559dc8b76a7ce3fc5ddd77e8d19a69",
]
TREE_ROOTS = {
    1: "bc36789e7a1e281436464229828f817d6612f7b477d66591ff96a9e064bcc98a",
    2: "57d772147cdf27f5f67d679f0f3a513f8b87622ce598a3cf0b048ab178ddfc6e",
    3: "31ea648480acca9d46c5cfd2fd5ecf576ce7a797bdd582869c38deeacf6d17d4",
    4: "dd5115b5dcca3db0bffa31064a0d21f21362cd02e1263e47d69e38bbeec1d359",
    5: "3b85b9b4e7171846e3dd41d242f99cdc136467ff276a272d5d8f960b2c447d67",
    8: "791521f02a712f28265f5200914f9772b133bc2692260f8c8f426e176b1713ed",
    9: "6a31a9bc64f694b411012bf9293fbf312a418c49565fcee0b0125c5c768c77be",
}

# Hand-made wallet: spend secret 5, view secret 7.
VIEW_SECRET = "0700000000000000000000000000000000000000000000000000000000000000"
SPEND_PUBLIC = "edc876d6831fd2105d0b4389ca2e283166469289146e2ce06faefe98b22548df"
VIEW_PUBLIC = "b862409fb5c4c4123df2abf7462b88f041ad36dd6864ce872fd5472be363c5b1"
PAYMENT_ID = "00000000deadbeef"
WALLET = {
    "mainnet": {
        "standard": "4AdjxfpurQh3jkGXBaUCK19GEkqd6h4AfeYK9bfu4JT9eRNGSunPdhd43yGQYLWKxshBnnq8nRkFfPcUwfqpihwJM2iZnGr",
        "integrated": "4LLQyUeQTgD3jkGXBaUCK19GEkqd6h4AfeYK9bfu4JT9eRNGSunPdhd43yGQYLWKxshBnnq8nRkFfPcUwfqpihwJWc84TsxbRV7TyfcDR9",
        (0, 1): "87KLJJVbsEbTp9BEapLCnp5jG3KGSKtS1MyK1R26L1wngMtJqNDzvX42m9m32QsbydfPydyRM7G5NL1He45KKWVWNXFNLP7",
        (3, 200): "845NanfXogiMZvkDeHEYxYQ3p7SNoGzw6FVTvB83hq3fDHDMr9Bpz3FMdPNsGyquC6D6mDKhat2d62Ab6nZSJNPYED7563s",
    },
    "testnet": {
        "standard": "A2BHSvVB8mo3jkGXBaUCK19GEkqd6h4AfeYK9bfu4JT9eRNGSunPdhd43yGQYLWKxshBnnq8nRkFfPcUwfqpihwJM2fF629",
        "integrated": "ABsxTjJfk3K3jkGXBaUCK19GEkqd6h4AfeYK9bfu4JT9eRNGSunPdhd43yGQYLWKxshBnnq8nRkFfPcUwfqpihwJWc84TsxbRV7U3orDgE",
        (0, 1): "Bd3TbFgxdrTTp9BEapLCnp5jG3KGSKtS1MyK1R26L1wngMtJqNDzvX42m9m32QsbydfPydyRM7G5NL1He45KKWVWNSXB3Yk",
        (3, 200): "BZoVsjrtaJaMZvkDeHEYxYQ3p7SNoGzw6FVTvB83hq3fDHDMr9Bpz3FMdPNsGyquC6D6mDKhat2d62Ab6nZSJNPYEF5Pe2q",
    },
    "stagenet": {
        "standard": "5Aqn3WjsW1o3jkGXBaUCK19GEkqd6h4AfeYK9bfu4JT9eRNGSunPdhd43yGQYLWKxshBnnq8nRkFfPcUwfqpihwJM11aBtB",
        "integrated": "5LYT4KZN7HK3jkGXBaUCK19GEkqd6h4AfeYK9bfu4JT9eRNGSunPdhd43yGQYLWKxshBnnq8nRkFfPcUwfqpihwJWc84TsxbRV7U4Ef8ZH",
        (0, 1): "777JDTaeDdVTp9BEapLCnp5jG3KGSKtS1MyK1R26L1wngMtJqNDzvX42m9m32QsbydfPydyRM7G5NL1He45KKWVWNXQk4x4",
        (3, 200): "73sLVwkaA5cMZvkDeHEYxYQ3p7SNoGzw6FVTvB83hq3fDHDMr9Bpz3FMdPNsGyquC6D6mDKhat2d62Ab6nZSJNPYEGBsDVi",
    },
}
SUBADDRESS_KEYS = {
    (0, 1): ("8056c4079e268ca04d98a235e78bb51c453fcc15b74e167d606b8657959c51eb",
             "518bd96dfc0a8b0a8798ab7890a7fce58e3955dab59349719f86b371ca6f39be"),
    (3, 200): ("2ad27c7e182c677af75c09000fbc9989cc4347fe741add56a274bd4e3ed41a49",
               "6a1febd3c0cabe7b52a42b9e6cd83348565859695b07d906f7889472b8ae0775"),
}


def decode_output(address, network, kind, spend, view, payment_id=None):
    out = (f"address: {address}\nnetwork: {network}\ntype: {kind}\n"
           f"spend_public_key: {spend}\nview_public_key: {view}\n")
    if payment_id:
        out += f"payment_id: {payment_id}\n"
    return out


# Monero base58 with the Keccak checksum (spec section 8.1), written from the
# spec for building addresses cnutil must refuse (unknown prefix, invalid key).
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
B58_SIZES = [0, 2, 3, 5, 6, 7, 9, 10, 11]


def keccak256(data):
    if cryptodome_keccak is None:
        raise RuntimeError("pycryptodome ('import Cryptodome', Debian python3-pycryptodome) is required")
    return cryptodome_keccak.new(digest_bits=256, data=data).digest()


def varint(n):
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def base58_encode(data):
    out = ""
    for i in range(0, len(data), 8):
        block = data[i:i + 8]
        n = int.from_bytes(block, "big")
        chars = ""
        for _ in range(B58_SIZES[len(block)]):
            n, r = divmod(n, 58)
            chars = B58[r] + chars
        out += chars
    return out


def version_only_tx_hash(version):
    """Id of the blob holding only a version byte: Monero reads it as that
    version with unlock_time, inputs, outputs and extra all 0/empty, and hashes
    the serialization 0v00000000 (v1: the whole blob; v2 without inputs:
    H(H(prefix) || H("") || 32 zero bytes), spec 6.3)."""
    prefix = bytes([version, 0, 0, 0, 0])
    if version == 1:
        return keccak256(prefix).hex()
    return keccak256(keccak256(prefix) + keccak256(b"") + bytes(32)).hex()


def encode_addr(tag, payload):
    body = varint(tag) + payload
    return base58_encode(body + keccak256(body)[:4])


def local_cases(cnutil, tmp):
    # --help / --version / usage errors
    check(cnutil, ["--help"], out_contains="Usage: cnutil COMMAND")
    for cmd in (["tx-hash"], ["block-id"], ["tree-hash"], ["decode"], ["address", "decode"], ["address", "encode"]):
        check(cnutil, cmd + ["--help"], out_contains="Usage: cnutil " + " ".join(cmd))
    check(cnutil, ["address", "--help"], out_contains="Usage: cnutil address decode")
    check(cnutil, ["--version"], out_contains="cnutil (cncrypto) ")
    check(cnutil, [], code=1, err_contains="cnutil: missing command")
    check(cnutil, ["frobnicate"], code=1, err_contains="cnutil: unknown command 'frobnicate'")
    check(cnutil, ["tx-hash"], code=1, err_contains="cnutil: missing input")
    check(cnutil, ["tx-hash", "--bogus"], code=1, err_contains="unrecognised option '--bogus'")

    # Genesis transactions and blocks (--hex, files, stdin, hex text files)
    check(cnutil, ["tx-hash", "--hex", MAINNET_GENESIS_TX, "--hex", STAGENET_GENESIS_TX],
          out=MAINNET_GENESIS_TX_HASH + "\n" + STAGENET_GENESIS_TX_HASH + "\n")
    check(cnutil, ["block-id"] + sum((["--hex", b] for b, _ in GENESIS), []),
          out="".join(i + "\n" for _, i in GENESIS))
    raw = os.path.join(tmp, "genesis.bin")
    with open(raw, "wb") as f:
        f.write(bytes.fromhex(GENESIS[0][0]))
    text = os.path.join(tmp, "genesis.hex")
    with open(text, "w") as f:
        f.write(GENESIS[1][0].upper() + "\n")
    check(cnutil, ["block-id", raw, text], out=f"{GENESIS[0][1]}  {raw}\n{GENESIS[1][1]}  {text}\n")
    check(cnutil, ["block-id", "-"], stdin=bytes.fromhex(GENESIS[2][0]), out=f"{GENESIS[2][1]}  -\n")
    check(cnutil, ["tx-hash", "-"], stdin=(MAINNET_GENESIS_TX + "\r\n").encode(), out=f"{MAINNET_GENESIS_TX_HASH}  -\n")
    so = check(cnutil, ["decode", raw], name="decode genesis block")
    try:
        j = json.loads(so)
        if (j.get("object") != "block" or j.get("id") != GENESIS[0][1] or j["nonce"] != 10000
                or j["miner_tx"]["hash"] != MAINNET_GENESIS_TX_HASH or j["miner_tx"]["vin"][0]["gen"]["height"] != 0
                or j["miner_tx"]["vout"][0]["amount"] != 17592186044415 or j["tx_hashes"] != []):
            failures.append(f"[decode genesis block] unexpected JSON {so!r}")
    except (ValueError, KeyError, IndexError, TypeError) as e:
        failures.append(f"[decode genesis block] bad JSON ({e}): {so!r}")
    so = check(cnutil, ["decode", "--type", "tx", "--hex", MAINNET_GENESIS_TX], name="decode genesis tx")
    try:
        j = json.loads(so)
        if j.get("object") != "transaction" or j.get("hash") != MAINNET_GENESIS_TX_HASH or j.get("version") != 1:
            failures.append(f"[decode genesis tx] unexpected JSON {so!r}")
    except ValueError as e:
        failures.append(f"[decode genesis tx] bad JSON ({e}): {so!r}")

    # decode --monero: Monero 0.18.0.0's own obj_to_json_str text (the committed
    # vectors of tests/unit_tests/vectors/monero_json, NOTICE.md there), plus a newline.
    for name, blob_hex in (("tx_v2_no_inputs.json", "0200000000"),
                           ("tx_v2_type0_to_key.json", "02000102000105" + "55" * 32 + "010002" + "66" * 32 + "0000")):
        with open(os.path.join(MONERO_JSON, name)) as f:
            check(cnutil, ["decode", "--monero", "--hex", blob_hex], out=f.read() + "\n", name=f"decode --monero {name}")

    # Error cases: the failing input is named, the others still processed, exit 1 at the end.
    missing = os.path.join(tmp, "no-such-file.bin")
    check(cnutil, ["block-id", missing, raw], code=1, out=f"{GENESIS[0][1]}  {raw}\n",
          err=f"cnutil: {missing}: No such file or directory\n")
    check(cnutil, ["block-id", tmp], code=1, err_contains=f"cnutil: {tmp}: ")
    check(cnutil, ["tx-hash", "--hex", MAINNET_GENESIS_TX[:-2]], code=1, err_contains="cnutil: --hex: ")
    check(cnutil, ["tx-hash", "--hex", "01zz"], code=1,
          err="cnutil: --hex: invalid hex text: invalid hex character 'z' at offset 2\n")
    check(cnutil, ["tx-hash", "--hex", "013"], code=1,
          err="cnutil: --hex: invalid hex text: odd number of hex digits (3): the digit at offset 2 has no pair\n")
    check(cnutil, ["tx-hash", "--hex", MAINNET_GENESIS_TX + "00"], code=1, err_contains="cnutil: --hex: ")
    check(cnutil, ["block-id", "--hex", GENESIS[0][0] + "00"], code=1, err_contains="cnutil: --hex: ")
    truncated = os.path.join(tmp, "truncated.bin")
    with open(truncated, "wb") as f:
        f.write(bytes.fromhex(GENESIS[0][0])[:-10])
    check(cnutil, ["block-id", truncated], code=1, err_contains=f"cnutil: {truncated}: ")
    empty = os.path.join(tmp, "empty.bin")
    open(empty, "wb").close()
    check(cnutil, ["tx-hash", empty], code=1, err=f"cnutil: {empty}: empty input\n")
    # An endless input (a device that never ends) must end in an error, not
    # read (and allocate) forever: no Monero object is larger than the cap.
    for endless in ("/dev/zero", "/dev/full"):
        if os.path.exists(endless):
            check(cnutil, ["tx-hash", endless, "--hex", MAINNET_GENESIS_TX], code=1,
                  err_contains=f"cnutil: {endless}: input larger than ", out_contains=MAINNET_GENESIS_TX_HASH)
    check(cnutil, ["decode", "--hex", "0302"], code=1, err_contains="neither a transaction")
    # Monero reads a varint cut off (or missing) at the end of the input as the
    # bits present (0 when none): the genesis block without its final tx hash
    # count byte, or with 80 there, is the genesis block; "01" is a v1
    # transaction with nothing else, hashed as its serialization 0100000000.
    # Each such input gets one warning line on stderr (issue 19 item 7); the
    # result and the exit status stay Monero's.
    warning = WARNING
    size = len(GENESIS[0][0]) // 2
    check(cnutil, ["block-id", "--hex", GENESIS[0][0][:-2], "--hex", GENESIS[0][0][:-2] + "80"],
          out=GENESIS[0][1] + "\n" + GENESIS[0][1] + "\n",
          err=(warning.format("block", f"{size - 1} bytes", "block")
               + warning.format("block", f"{size} bytes", "block")))
    check(cnutil, ["block-id", "--hex", GENESIS[0][0][:-2] + "81"], code=1,
          err_contains="cnutil: --hex: block tx hash count: count 1 ")
    check(cnutil, ["tx-hash", "--hex", "01", "--hex", "02"], out=version_only_tx_hash(1) + "\n"
          + version_only_tx_hash(2) + "\n",
          err=2 * warning.format("transaction", "1 byte", "transaction"))
    # A 44-byte prefix of the genesis block ends where its outputs start:
    # a block with another id, exit 0, and the warning.
    so = check(cnutil, ["block-id", "--hex", GENESIS[0][0][:88]], err=warning.format("block", "44 bytes", "block"))
    if len(so) != 65 or so[:-1] == GENESIS[0][1]:
        failures.append(f"[block-id of a 44-byte prefix] unexpected id {so!r}")
    check(cnutil, ["decode", "--hex", GENESIS[0][0][:88]], out_contains='"object": "block"',
          err=warning.format("block", "44 bytes", "block"))
    check(cnutil, ["decode", "--type", "tx", "--hex", "02"], out_contains='"object": "transaction"',
          err=warning.format("transaction", "1 byte", "transaction"))
    check(cnutil, ["decode", "--type", "nope", raw], code=1, err_contains="invalid --type 'nope'")

    # tree-hash
    for n, root in TREE_ROOTS.items():
        check(cnutil, ["tree-hash"] + LEAVES[:n], out=root + "\n", name=f"tree-hash {n}")
    check(cnutil, ["tree-hash", LEAVES[0][:-2]], code=1,
          err=f"cnutil: {LEAVES[0][:-2]}: invalid hash: expected 64 hex digits, got 62\n")
    check(cnutil, ["tree-hash"], code=1, err_contains="missing HASH")

    address_cases(cnutil, tmp, missing)


def address_cases(cnutil, tmp, missing):
    # encode / decode with the hand-made wallet on every network
    for net, addrs in WALLET.items():
        base = ["address", "encode", "--network", net, "--spend", SPEND_PUBLIC, "--view", VIEW_PUBLIC]
        check(cnutil, base, out=addrs["standard"] + "\n")
        check(cnutil, base + ["--payment-id", PAYMENT_ID], out=addrs["integrated"] + "\n")
        check(cnutil, ["address", "decode", addrs["standard"]],
              out=decode_output(addrs["standard"], net, "standard", SPEND_PUBLIC, VIEW_PUBLIC))
        check(cnutil, ["address", "decode", "--network", net, addrs["integrated"]],
              out=decode_output(addrs["integrated"], net, "integrated", SPEND_PUBLIC, VIEW_PUBLIC, PAYMENT_ID))
        for index in [(0, 1), (3, 200)]:
            arg = f"{index[0]},{index[1]}"
            check(cnutil, base + ["--subaddress", arg], stdin=(VIEW_SECRET + "\n").encode(), out=addrs[index] + "\n")
            d, c = SUBADDRESS_KEYS[index]
            check(cnutil, ["address", "decode", addrs[index]], out=decode_output(addrs[index], net, "subaddress", d, c))
            # the subaddress keys alone (no secret) give the same string
            check(cnutil, ["address", "encode", "--network", net, "--spend", d, "--view", c, "--subaddress-keys"],
                  out=addrs[index] + "\n")
        check(cnutil, base + ["--subaddress", "0,0"], stdin=VIEW_SECRET.encode(), out=addrs["standard"] + "\n")

    # several addresses: blank line between them; --json: one object each
    m = WALLET["mainnet"]
    check(cnutil, ["address", "decode", m["standard"], m["integrated"]],
          out=decode_output(m["standard"], "mainnet", "standard", SPEND_PUBLIC, VIEW_PUBLIC) + "\n"
          + decode_output(m["integrated"], "mainnet", "integrated", SPEND_PUBLIC, VIEW_PUBLIC, PAYMENT_ID))
    so = check(cnutil, ["address", "decode", "--json", m["integrated"], m[(0, 1)]], name="address decode --json")
    try:
        decoder, objects, pos = json.JSONDecoder(), [], 0
        while so[pos:].strip():
            obj, end = decoder.raw_decode(so, pos + (len(so[pos:]) - len(so[pos:].lstrip())))
            objects.append(obj)
            pos = end
        expected = [
            {"address": m["integrated"], "network": "mainnet", "type": "integrated", "spend_public_key": SPEND_PUBLIC,
             "view_public_key": VIEW_PUBLIC, "payment_id": PAYMENT_ID},
            {"address": m[(0, 1)], "network": "mainnet", "type": "subaddress",
             "spend_public_key": SUBADDRESS_KEYS[(0, 1)][0], "view_public_key": SUBADDRESS_KEYS[(0, 1)][1]},
        ]
        if objects != expected:
            failures.append(f"[address decode --json] got {objects!r}, expected {expected!r}")
    except ValueError as e:
        failures.append(f"[address decode --json] bad JSON ({e}): {so!r}")
    so = check(cnutil, ["address", "encode", "--json", "--network", "stagenet", "--spend", SPEND_PUBLIC, "--view",
                        VIEW_PUBLIC], name="address encode --json")
    try:
        if json.loads(so) != {"address": WALLET["stagenet"]["standard"], "network": "stagenet", "type": "standard",
                              "spend_public_key": SPEND_PUBLIC, "view_public_key": VIEW_PUBLIC}:
            failures.append(f"[address encode --json] unexpected JSON {so!r}")
    except ValueError as e:
        failures.append(f"[address encode --json] bad JSON ({e}): {so!r}")

    # the view secret from a file
    secret_file = os.path.join(tmp, "view.key")
    with open(secret_file, "w") as f:
        f.write("  " + VIEW_SECRET.upper() + "\r\n")
    enc = ["address", "encode", "--network", "mainnet", "--spend", SPEND_PUBLIC, "--view", VIEW_PUBLIC]
    check(cnutil, enc + ["--subaddress", "3,200", "--view-secret-file", secret_file], out=m[(3, 200)] + "\n")
    check(cnutil, enc + ["--subaddress", "3,200", "--view-secret-file", "-"], stdin=VIEW_SECRET.encode(),
          out=m[(3, 200)] + "\n")

    # decode errors: every address_error kind, the bad input named, the others still printed, exit 1
    good = m["standard"]
    bad_char = good[:10] + "0" + good[11:]
    check(cnutil, ["address", "decode", bad_char, good], code=1,
          out=decode_output(good, "mainnet", "standard", SPEND_PUBLIC, VIEW_PUBLIC),
          err=f"cnutil: {bad_char}: invalid address: invalid base58 character '0' at offset 10\n")
    check(cnutil, ["address", "decode", good[:-1]], code=1,
          err=f"cnutil: {good[:-1]}: invalid address length 94 (expected 95 characters, or 106 for an integrated "
              "address)\n")
    check(cnutil, ["address", "decode", good + "1"], code=1, err_contains="invalid address length 96")
    # bad encoding: an 11-character block whose value does not fit 8 bytes
    overflow = "z" * 11 + good[11:]
    check(cnutil, ["address", "decode", overflow], code=1, err_contains=f"cnutil: {overflow}: invalid address: ")
    rc, _, se = run(cnutil, ["address", "decode", overflow])
    if "overflow" not in se and "does not fit" not in se:
        failures.append(f"[address bad encoding] stderr {se!r} does not name the overflowing block")
    # bad checksum: one character of the last block changed
    typo = good[:-2] + ("2" if good[-2] != "2" else "3") + good[-1]
    check(cnutil, ["address", "decode", typo], code=1,
          err=f"cnutil: {typo}: invalid address: address checksum mismatch (mistyped or corrupted address)\n")
    # unknown prefix: a well-formed address with tag 1
    keys = bytes.fromhex(SPEND_PUBLIC + VIEW_PUBLIC)
    unknown = encode_addr(1, keys)
    check(cnutil, ["address", "decode", unknown], code=1,
          err=f"cnutil: {unknown}: unknown address prefix 1 (not a Monero mainnet, testnet or stagenet address)\n")
    # a valid prefix and checksum but a spend key that is not a curve point (y = 2^255 - 1 >= p)
    not_point = encode_addr(18, b"\xff" * 32 + bytes.fromhex(VIEW_PUBLIC))
    check(cnutil, ["address", "decode", not_point], code=1,
          err=f"cnutil: {not_point}: invalid address: the spend public key is not a valid point\n")
    # the self-check of the helper: it reproduces the real encoder on a known address
    if encode_addr(18, keys) != good:
        failures.append("[address helper] the test's base58 encoder disagrees with the wallet vector")
    # wrong network
    check(cnutil, ["address", "decode", "--network", "testnet", good], code=1,
          err=f"cnutil: {good}: this is a mainnet address, not a testnet one\n")
    # empty, huge and non-UTF-8 input
    check(cnutil, ["address", "decode", ""], code=1,
          err="cnutil: '': invalid address length 0 (expected 95 characters, or 106 for an integrated address)\n")
    huge = "4" * 100000  # one argument may hold at most 128 KiB (MAX_ARG_STRLEN)
    check(cnutil, ["address", "decode", huge], code=1,
          err=f"cnutil: '{'4' * 40}... (100000 bytes)': invalid address length 100000 (expected 95 characters, or "
              "106 for an integrated address)\n", name="address decode huge")
    rc, so, se = run(cnutil, ["address", "decode", huge[:95]])
    if rc != 1 or so or "cnutil: " not in se:
        failures.append(f"[address decode 95 x '4'] exit {rc}, stdout {so!r}, stderr {se!r}")
    p = subprocess.run([cnutil, "address", "decode", b"\xff\xfe" + good[2:].encode()], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=60)
    if p.returncode != 1 or p.stdout or b"invalid base58 character byte 0xff at offset 0" not in p.stderr:
        failures.append(f"[address decode non-UTF-8] exit {p.returncode}, stdout {p.stdout!r}, stderr {p.stderr!r}")
    else:
        try:
            p.stderr.decode("utf-8")
        except UnicodeDecodeError:
            failures.append(f"[address decode non-UTF-8] raw bytes echoed on stderr: {p.stderr!r}")
    check(cnutil, ["address", "decode"], code=1, err_contains="missing ADDR")
    check(cnutil, ["address"], code=1, err_contains="address needs a subcommand")
    check(cnutil, ["address", "frob"], code=1, err_contains="unknown address subcommand 'frob'")

    # encode errors
    check(cnutil, enc[:-1] + ["zz"], code=1, err_contains="invalid --view public key: ")
    check(cnutil, enc[:-1] + ["ff" * 32], code=1, err_contains="invalid --view public key: not a valid curve point")
    check(cnutil, enc[:3] + ["moonnet"] + enc[4:], code=1, err_contains="invalid --network 'moonnet'")
    check(cnutil, enc[:2] + enc[4:], code=1, err_contains="'--network' is required")
    check(cnutil, enc + ["--payment-id", "1234"], code=1, err_contains="invalid --payment-id")
    check(cnutil, enc + ["--payment-id", PAYMENT_ID, "--subaddress", "0,1"], code=1, err_contains="exclude each other")
    check(cnutil, enc + ["--subaddress-keys", "--subaddress", "0,1"], code=1, err_contains="exclude each other")
    check(cnutil, enc + ["--view-secret-file", secret_file], code=1, err_contains="only used with --subaddress")
    for bad in ("1", "1,", ",1", "-1,2", "+1,2", "1,4294967296", "1, 2", "a,b"):
        check(cnutil, enc + ["--subaddress", bad], code=1, err_contains="invalid --subaddress", name=f"--subaddress {bad}")
    # Secret keys are never accepted on the command line, and never echoed.
    for opt in ("--view-secret", "--view-secret-key", "--secret", "--view-key"):
        check(cnutil, enc + ["--subaddress", "0,1", opt, VIEW_SECRET], code=1,
              err_contains=f"unrecognised option '{opt}'", name=f"secret via {opt}")
    rc, so, se = run(cnutil, enc + ["--subaddress", "0,1", "--view-secret-file", VIEW_SECRET])
    if rc != 1 or so or VIEW_SECRET in se or "never taken from the command line" not in se:
        failures.append(f"[secret as --view-secret-file] exit {rc}, stdout {so!r}, stderr {se!r}")
    rc, so, se = run(cnutil, enc + ["--subaddress", "0,1", VIEW_SECRET])
    if rc != 1 or so or VIEW_SECRET in se:
        failures.append(f"[secret as positional] exit {rc}, stdout {so!r}, stderr {se!r}")
    # bad secrets: wrong length, non-hex (not echoed), empty, huge, not reduced, not matching --view, missing file
    check(cnutil, enc + ["--subaddress", "0,1"], stdin=b"1234\n", code=1,
          err="cnutil: -: expected a secret key as 64 hex digits, got 4 characters\n")
    check(cnutil, enc + ["--subaddress", "0,1"], stdin=(VIEW_SECRET[:-1] + "g").encode(), code=1,
          err="cnutil: -: expected a secret key as 64 hex digits, got a non-hex character\n")
    check(cnutil, enc + ["--subaddress", "0,1"], stdin=b"", code=1,
          err="cnutil: -: expected a secret key as 64 hex digits, got nothing\n")
    check(cnutil, enc + ["--subaddress", "0,1"], stdin=b"\xff\xfe" * 31 + b"ab", code=1,
          err="cnutil: -: expected a secret key as 64 hex digits, got a non-hex character\n")
    check(cnutil, enc + ["--subaddress", "0,1"], stdin=b"0" * 5000000, code=1,
          err="cnutil: -: expected a secret key as 64 hex digits, got more than 1024 bytes\n", name="huge secret")
    check(cnutil, enc + ["--subaddress", "0,1"], stdin=b"ff" * 32, code=1,
          err="cnutil: -: not a valid secret key (a scalar below the group order l is expected)\n")
    wrong = "0800000000000000000000000000000000000000000000000000000000000000"
    check(cnutil, enc + ["--subaddress", "0,1"], stdin=wrong.encode(), code=1,
          err="cnutil: -: the view secret key does not belong to the --view public key\n")
    check(cnutil, enc + ["--subaddress", "0,1", "--view-secret-file", missing], code=1,
          err="cnutil: cannot open the secret key file given (its name is not repeated: it might be the key "
              "itself): No such file or directory\n")
    near = "0x" + "1" * 64  # close to a key: never repeated (fresh-user finding, 2026-12-02)
    check(cnutil, enc + ["--subaddress", "0,1", "--view-secret-file", near], code=1, out="",
          err="cnutil: cannot open the secret key file given (its name is not repeated: it might be the key "
              "itself): No such file or directory\n", name="near-key --view-secret-file")
    check(cnutil, enc + ["--subaddress", "0,1", "--view-secret-file", tmp], code=1,
          err_contains=f"cnutil: {tmp}: cannot read the secret key: ")



# ---- shared cases --------------------------------------------------------------

def shared_cases(cnutil, shared, tmp):
    data = os.path.join(shared, "data")
    with open(os.path.join(data, "manifest.json")) as f:
        manifest = json.load(f)
    txs = manifest["shared_txs"]
    blocks = manifest["shared_blocks"]

    # Every transaction and block, one invocation each kind, and one per file.
    files = [os.path.join(data, t["file"]) for t in txs]
    check(cnutil, ["tx-hash"] + files, out="".join(f"{t['hash']}  {p}\n" for t, p in zip(txs, files)),
          name="tx-hash all")
    files = [os.path.join(data, b["file"]) for b in blocks]
    check(cnutil, ["block-id"] + files, out="".join(f"{b['id']}  {p}\n" for b, p in zip(blocks, files)),
          name="block-id all")

    for t in txs:
        path = os.path.join(data, t["file"])
        with open(path, "rb") as f:
            blob = f.read()
        check(cnutil, ["tx-hash", "--hex", blob.hex()], out=t["hash"] + "\n", name=f"tx-hash --hex {t['hash']}")
        so = check(cnutil, ["decode", path], name=f"decode {t['file']}")
        try:
            j = json.loads(so)
            ok = j["object"] == "transaction" and j["hash"] == t["hash"] and j["version"] == t["version"]
            ok = ok and len(j["vin"]) == t["inputs"] and len(j["vout"]) == t["outputs"] and j["size"] == t["size"]
            if "prefix_hash" in t:
                ok = ok and j["prefix_hash"] == t["prefix_hash"]
            if t["version"] == 2 and t["inputs"] > 0 and not t["coinbase"]:
                ok = ok and j["rct_signatures"]["type"] == t["rct_type"]
            if not ok:
                failures.append(f"[decode {t['file']}] JSON disagrees with the manifest: {so[:400]!r}")
        except (ValueError, KeyError, TypeError) as e:
            failures.append(f"[decode {t['file']}] bad JSON ({e}): {so[:400]!r}")

    for b in blocks:
        path = os.path.join(data, b["file"])
        so = check(cnutil, ["decode", "--type", "block", path], name=f"decode {b['file']}")
        try:
            j = json.loads(so)
            ok = (j["object"] == "block" and j["id"] == b["id"] and j["hashing_blob"] == b["hashing_blob"]
                  and j["miner_tx"]["hash"] == b["miner_tx_hash"] and j["prev_id"] == b["prev_id"]
                  and j["nonce"] == b["nonce"] and j["timestamp"] == b["timestamp"]
                  and len(j["tx_hashes"]) == b["tx_count_excluding_miner"])
            if not ok:
                failures.append(f"[decode {b['file']}] JSON disagrees with the manifest: {so[:400]!r}")
        except (ValueError, KeyError, TypeError) as e:
            failures.append(f"[decode {b['file']}] bad JSON ({e}): {so[:400]!r}")

    # decode --monero on real objects: Monero's own text (tests/unit_tests/vectors/monero_json).
    for line in open(os.path.join(MONERO_JSON, "digests.txt")):
        f = line.split()
        if len(f) == 5 and f[0] in ("tx", "block") and not f[1].startswith("hex:"):
            with open(os.path.join(MONERO_JSON, f[4])) as text:
                check(cnutil, ["decode", "--monero", os.path.join(data, f[1])], out=text.read() + "\n",
                      name=f"decode --monero {f[1]}")

    # Hex text files of real blobs, and stdin.
    block0 = os.path.join(data, blocks[0]["file"])
    with open(block0, "rb") as f:
        block_blob = f.read()
    hex_file = os.path.join(tmp, "block.hex")
    with open(hex_file, "w") as f:
        f.write(block_blob.hex() + "\n")
    check(cnutil, ["block-id", hex_file], out=f"{blocks[0]['id']}  {hex_file}\n")
    check(cnutil, ["block-id", "-"], stdin=block_blob, out=f"{blocks[0]['id']}  -\n")

    # Errors on real data: truncated, trailing byte, a transaction given to block-id.
    truncated = os.path.join(tmp, "truncated.bin")
    with open(truncated, "wb") as f:
        f.write(block_blob[:-1])
    trailing = os.path.join(tmp, "trailing.bin")
    with open(trailing, "wb") as f:
        f.write(block_blob + b"\x00")
    tx0 = os.path.join(data, txs[0]["file"])
    check(cnutil, ["block-id", truncated, block0, trailing, tx0], code=1,
          out=f"{blocks[0]['id']}  {block0}\n", err_contains=f"cnutil: {truncated}: ")
    rc, so, se = run(cnutil, ["block-id", truncated, block0, trailing, tx0])
    for name in (truncated, trailing, tx0):
        if f"cnutil: {name}: " not in se:
            failures.append(f"[block-id errors] no error line for {name}: {se!r}")
    with open(tx0, "rb") as f:
        tx_blob = f.read()
    for cut in (3, len(tx_blob) // 2, len(tx_blob) - 1):
        check(cnutil, ["tx-hash", "--hex", tx_blob[:cut].hex()], code=1, err_contains="cnutil: --hex: ",
              name=f"tx-hash truncated at {cut}")
    # Cut after its version byte, the blob is (as for Monero) a transaction
    # with nothing else: the missing varints read as 0.
    check(cnutil, ["tx-hash", "--hex", tx_blob[:1].hex()], out=version_only_tx_hash(tx_blob[0]) + "\n",
          err=WARNING.format("transaction", "1 byte", "transaction"), name="tx-hash version byte only")
    check(cnutil, ["tx-hash", "--hex", (tx_blob + b"\x00").hex()], code=1, err_contains="cnutil: --hex: ",
          name="tx-hash trailing byte")

    # Addresses of the real wallet (addresses.json).
    with open(os.path.join(data, "vectors", "addresses.json")) as f:
        wallet = json.load(f)["wallet"]
    enc = ["address", "encode", "--network", "mainnet", "--spend", wallet["spend_public"], "--view",
           wallet["view_public"]]
    check(cnutil, enc, out=wallet["standard_address"] + "\n")
    check(cnutil, enc + ["--payment-id", wallet["integrated_payment_id"]], out=wallet["integrated_address"] + "\n")
    check(cnutil, ["address", "decode", wallet["standard_address"]],
          out=decode_output(wallet["standard_address"], "mainnet", "standard", wallet["spend_public"],
                            wallet["view_public"]))
    check(cnutil, ["address", "decode", wallet["integrated_address"]],
          out=decode_output(wallet["integrated_address"], "mainnet", "integrated", wallet["spend_public"],
                            wallet["view_public"], wallet["integrated_payment_id"]))
    for s in wallet["subaddresses"]:
        check(cnutil, enc + ["--subaddress", f"{s['major']},{s['minor']}"], stdin=wallet["view_secret"].encode(),
              out=s["address"] + "\n", name=f"subaddress {s['major']},{s['minor']}")
        check(cnutil, ["address", "decode", s["address"]],
              out=decode_output(s["address"], "mainnet", "subaddress", s["D_spend_public"], s["C_view_public"]))



# ---- README examples -----------------------------------------------------------

README_PREFIX = "$ build/src/tools/cnutil "


def readme_cases(cnutil, source):
    """Each example: the command line, then its output up to the next '$ ' line or the fence."""
    import shlex
    with open(os.path.join(source, "README.md")) as f:
        lines = f.read().split("\n")
    examples = []
    in_fence = False
    for line in lines:
        if line.startswith("```"):
            in_fence = not in_fence
            examples.append((None, []))  # an example's output ends with its block
            continue
        if not in_fence:
            continue
        if line.startswith(README_PREFIX):
            examples.append((line, []))
        elif line.startswith("$ "):
            examples.append((None, []))
        elif examples and examples[-1][0] is not None:
            examples[-1][1].append(line)
    examples = [(c, out) for c, out in examples if c is not None]
    if not examples:
        failures.append("[readme] no '$ build/src/tools/cnutil' example found in README.md")
    for command, out in examples:
        args = shlex.split(command[len(README_PREFIX):])
        p = subprocess.run([cnutil] + args, cwd=source, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        global count
        count += 1
        expected = "".join(l + "\n" for l in out)
        got = p.stdout.decode("utf-8", "replace")
        if p.returncode != 0 or got != expected or p.stderr:
            failures.append(f"[readme: {command}] exit {p.returncode}, stdout {got!r}, expected {expected!r}, "
                            f"stderr {p.stderr!r}")


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in ("local", "shared", "readme"):
        print(__doc__, file=sys.stderr)
        return 2
    cnutil = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        if sys.argv[2] == "local":
            local_cases(cnutil, tmp)
        elif sys.argv[2] == "readme":
            source = sys.argv[3]
            if not os.path.isfile(os.path.join(source, "..", "shared", "data", "manifest.json")):
                print(f"skipped: the README examples read ../shared, absent beside '{source}'")
                return SKIP
            readme_cases(cnutil, source)
        else:
            shared = sys.argv[3] if len(sys.argv) > 3 else ""
            shared = os.environ.get("CNCRYPTO_SHARED_DIR", shared)
            if not shared or not os.path.isfile(os.path.join(shared, "data", "manifest.json")):
                print(f"skipped: shared data not found at '{shared}'")
                return SKIP
            shared_cases(cnutil, shared, tmp)
    for f in failures:
        print("FAIL " + f)
    print(f"{count - len(failures)} of {count} cases passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
