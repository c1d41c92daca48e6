#!/usr/bin/env python3
"""cnutil seed / keys against Monero's own wallet: independent vectors made here
by Debian's monero-wallet-cli (Monero 0.18), run by ctest.

Usage: cnutil_monero_wallet_test.py CNUTIL [MONERO_WALLET_CLI]

monero-wallet-cli (the argument, else $MONERO_WALLET_CLI, else the one on PATH;
exit 77, skipped, when there is none) makes wallets in a temporary directory,
without a daemon or a terminal:

  monero-wallet-cli [--testnet|--stagenet] --offline --daemon-ssl disabled
      --shared-ringdb-dir TMP/ringdb --log-file TMP/log --password pw
      [--kdf-rounds N] --generate-new-wallet TMP/NAME --mnemonic-language L
      --command address                                          (stdin: empty)
  monero-wallet-cli ... --restore-deterministic-wallet --electrum-seed WORDS
      --restore-height 1 --generate-new-wallet TMP/NAME --command address
                                      (stdin: the seed offset passphrase line)

(HOME=TMP, so that nothing is written outside it). A new wallet prints
"Generated new wallet: ADDRESS", "View key: HEX" and its 25 seed words after
"NOTE: the following 25 words"; --command address prints the primary address
again. Checked for each wallet:
  - cnutil keys TMP/NAME.keys (password "pw", --kdf-rounds as made) gives
    Monero's address, view secret key and network;
  - cnutil seed restore of the words Monero printed gives the same address,
    view secret key and public keys, and the spend secret key that cnutil keys
    --show-spend-key reads from Monero's .keys file.
The wallets: English mainnet, Deutsch stagenet with --kdf-rounds 2, and a
Japanese testnet wallet restored by Monero from a seed made by
cnutil seed new, with a seed offset passphrase (so Monero's restore checks our
encoder and encrypt_key/decrypt_key rule: Monero's address must be cnutil's
seed restore --passphrase-file of the same words).

And the other way: cnutil seed restore --write-keys TMP/ours.keys
--password-file (an Italian testnet seed from cnutil seed new) writes a .keys
file that
  monero-wallet-cli --testnet ... --wallet-file TMP/ours --password pw
      --command spendkey                          (stdin: "pw", asked again)
opens ("Opened wallet: ADDRESS" must be cnutil's address) and decrypts
("secret: HEX" must be cnutil's spend secret key).

Each monero-wallet-cli run takes a few seconds of CPU (most of it spent making
a TLS certificate that --daemon-ssl disabled does not avoid), so the four run in
parallel: about 20 s of CPU in all.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cnutil_golden import run  # noqa: E402  (one home for spawning cnutil)

SKIP = 77
PASSWORD = "pw"
PASSPHRASE = "seed offset ü 1"  # UTF-8, with spaces: Monero takes the line as it is
failures = []
count = 0

WALLETS = [
    # name, network option, network name, language, kdf rounds
    ("english", [], "mainnet", "English", 1),
    ("deutsch", ["--stagenet"], "stagenet", "Deutsch", 2),
]


def fail(name, message):
    failures.append(f"[{name}] {message}")


def monero_command(cli, tmp, name, net_args, rounds, extra):
    return ([cli] + net_args +
            ["--offline", "--daemon-ssl", "disabled", "--shared-ringdb-dir", os.path.join(tmp, "ringdb"),
             "--log-file", os.path.join(tmp, name + ".log"), "--password", PASSWORD, "--kdf-rounds", str(rounds)] +
            extra + ["--generate-new-wallet", os.path.join(tmp, name), "--command", "address"])


def parse_monero(out):
    """Address, view key and seed words of a monero-wallet-cli run's output."""
    got = {}
    m = re.search(r"Generated new wallet: (\w+)", out)
    if m:
        got["address"] = m.group(1)
    m = re.search(r"View key: ([0-9a-f]{64})", out)
    if m:
        got["view_secret_key"] = m.group(1)
    m = re.search(r"NOTE: the following 25 words[^\n]*\n(.*?)\n\*{10}", out, re.S)
    if m:
        got["seed"] = " ".join(m.group(1).split())
    m = re.search(r"^0\s+(\w+)\s+Primary address", out, re.M)
    if m:
        got["primary"] = m.group(1)
    return got


def cnutil_json(cnutil, name, args, stdin=b""):
    global count
    count += 1
    rc, so, se = run(cnutil, args, stdin)
    if rc != 0 or se:  # stderr: e.g. a warning about a .keys file Monero wrote (none expected, issue 39)
        fail(name, f"cnutil {' '.join(args)}: exit {rc}, stderr {se!r}")
        return {} if rc != 0 else json.loads(so)
    return json.loads(so)


def check_wallet(cnutil, tmp, name, network, rounds, monero, passphrase_file=None):
    if len(monero.get("seed", "").split()) != 25 or "address" not in monero or "view_secret_key" not in monero:
        fail(name, f"could not read monero-wallet-cli's output: {monero}")
        return
    if monero.get("primary") != monero["address"]:
        fail(name, f"--command address printed {monero.get('primary')}, not {monero['address']}")
    keys_file = os.path.join(tmp, name + ".keys")
    pwfile = os.path.join(tmp, "password")
    with open(pwfile, "w") as f:
        f.write(PASSWORD + "\n")
    keys = cnutil_json(cnutil, name, ["keys", "--json", "--show-spend-key", "--kdf-rounds", str(rounds),
                                      "--password-file", pwfile, keys_file])
    seedfile = os.path.join(tmp, name + ".seed")
    with open(seedfile, "w", encoding="utf-8") as f:
        f.write(monero["seed"] + "\n")
    args = ["seed", "restore", "--json", "--show-spend-key", "--network", network, seedfile]
    if passphrase_file:
        args[2:2] = ["--passphrase-file", passphrase_file]
    restored = cnutil_json(cnutil, name, args)
    for what, got in (("keys", keys), ("seed restore", restored)):
        for k in ("address", "view_secret_key"):
            if got.get(k) != monero[k]:
                fail(name, f"cnutil {what} {k} {got.get(k)} != Monero's {monero[k]}")
        if got.get("network") != network:
            fail(name, f"cnutil {what} network {got.get('network')} != {network}")
    for k in ("spend_secret_key", "spend_public_key", "view_public_key"):
        if keys.get(k) != restored.get(k) or not keys.get(k):
            fail(name, f"{k}: keys {keys.get(k)} != seed restore {restored.get(k)}")


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    cnutil = os.path.abspath(sys.argv[1])
    cli = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else os.environ.get("MONERO_WALLET_CLI") or \
        shutil.which("monero-wallet-cli")
    if not cli or not os.access(cli, os.X_OK):
        print("skipped: monero-wallet-cli not found (Debian package 'monero'); "
              "give its path as the second argument or in $MONERO_WALLET_CLI")
        return SKIP
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, HOME=tmp)
        # The Japanese testnet seed, made by cnutil, for Monero to restore with a passphrase.
        new = cnutil_json(cnutil, "japanese", ["seed", "new", "--language", "Japanese", "--json"])
        passfile = os.path.join(tmp, "passphrase")
        with open(passfile, "w", encoding="utf-8") as f:
            f.write(PASSPHRASE + "\n")
        jobs = []
        # A .keys file written by cnutil, for Monero to open.
        pwfile = os.path.join(tmp, "password")
        with open(pwfile, "w") as f:
            f.write(PASSWORD + "\n")
        italian = cnutil_json(cnutil, "ours", ["seed", "new", "--language", "Italian", "--json"])
        ours = {}
        if italian.get("seed"):
            ours = cnutil_json(cnutil, "ours", ["seed", "restore", "--json", "--show-spend-key", "--network", "testnet",
                                                "--write-keys", os.path.join(tmp, "ours.keys"), "--password-file",
                                                pwfile, "-"], italian["seed"].encode())
            again = cnutil_json(cnutil, "ours", ["keys", "--json", "--show-spend-key", "--password-file", pwfile,
                                                 os.path.join(tmp, "ours.keys")])
            for k in ("address", "spend_secret_key", "view_secret_key", "network"):
                if again.get(k) != ours.get(k):
                    fail("ours", f"cnutil keys of the written file: {k} {again.get(k)} != {ours.get(k)}")
            if again.get("seed_language") != "Italiano":
                fail("ours", f"seed_language {again.get('seed_language')}")
            cmd = ([cli, "--testnet", "--offline", "--daemon-ssl", "disabled", "--shared-ringdb-dir",
                    os.path.join(tmp, "ringdb"), "--log-file", os.path.join(tmp, "ours.log"), "--password", PASSWORD,
                    "--wallet-file", os.path.join(tmp, "ours"), "--command", "spendkey"])
            jobs.append(("ours", "testnet", 1, (PASSWORD + "\n").encode(), cmd))
        for name, net_args, network, language, rounds in WALLETS:
            cmd = monero_command(cli, tmp, name, net_args, rounds, ["--mnemonic-language", language])
            jobs.append((name, network, rounds, b"", cmd))
        if new.get("seed"):
            cmd = monero_command(cli, tmp, "japanese", ["--testnet"], 1,
                                 ["--restore-deterministic-wallet", "--electrum-seed", new["seed"],
                                  "--restore-height", "1"])
            jobs.append(("japanese", "testnet", 1, (PASSPHRASE + "\n").encode(), cmd))
        procs = []
        for name, network, rounds, stdin, cmd in jobs:
            p = subprocess.Popen(cmd, cwd=tmp, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
            procs.append((name, network, rounds, stdin, p))
        outputs = {}
        for name, network, rounds, stdin, p in procs:
            try:
                out, _ = p.communicate(stdin, timeout=240)
            except subprocess.TimeoutExpired:
                p.kill()
                out, _ = p.communicate()
                fail(name, "monero-wallet-cli timed out")
            outputs[name] = out.decode("utf-8", "replace")
            if p.returncode != 0:
                fail(name, f"monero-wallet-cli exit {p.returncode}: {outputs[name][-2000:]!r}")
        for name, network, rounds, stdin, p in procs:
            monero = parse_monero(outputs[name])
            if name == "ours":
                out = outputs[name]
                m = re.search(r"Opened wallet: (\w+)", out)
                if not m or m.group(1) != ours.get("address"):
                    fail(name, f"Monero opened {m.group(1) if m else None}, cnutil wrote {ours.get('address')}")
                m = re.search(r"secret: ([0-9a-f]{64})", out)
                if not m or m.group(1) != ours.get("spend_secret_key"):
                    fail(name, f"Monero's spend key {m.group(1) if m else None} != cnutil's")
            elif name == "japanese":
                # Monero prints the words of the key it restored (the seed offset applied),
                # which are not cnutil's words; the address must be cnutil's restore with the passphrase.
                ours = cnutil_json(cnutil, name, ["seed", "restore", "--json", "--network", "testnet",
                                                  "--passphrase-file", passfile, "-"], new["seed"].encode())
                plain = cnutil_json(cnutil, name, ["seed", "restore", "--json", "--network", "testnet", "-"],
                                    new["seed"].encode())
                if ours.get("address") != monero.get("address") or not ours.get("address"):
                    fail(name, f"with the passphrase: cnutil {ours.get('address')} != Monero's {monero.get('address')}")
                if plain.get("address") == monero.get("address"):
                    fail(name, "Monero ignored the passphrase (same address without it)")
                if ours.get("view_secret_key") != monero.get("view_secret_key"):
                    fail(name, f"view key {ours.get('view_secret_key')} != Monero's {monero.get('view_secret_key')}")
                # Monero prints the words of the offset key: they restore, without a passphrase, to the same wallet.
                if monero.get("seed") == new["seed"]:
                    fail(name, "Monero printed the seed it was given, not that of the offset key")
                check_wallet(cnutil, tmp, name, network, rounds, monero)
            else:
                check_wallet(cnutil, tmp, name, network, rounds, monero)
    print("\n".join(["FAIL " + f for f in failures] + [f"{count} cnutil runs, {len(jobs)} Monero wallets, "
                                                        f"{len(failures)} failures"]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
