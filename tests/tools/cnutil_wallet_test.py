#!/usr/bin/env python3
"""Tests of cnutil's wallet commands: seed new, seed restore, keys (run by ctest).

Usage: cnutil_wallet_test.py CNUTIL local
       cnutil_wallet_test.py CNUTIL shared SHARED_DIR

"local" needs nothing outside the repository: seed new -> seed restore round
trips in every language, refusals of bad input (word counts, unknown words,
a changed checksum word, secrets given as names, bad options), and "no secret
is printed unless asked for by name" (the spend secret only with
--show-spend-key, the passphrase never).
Both also run cnutil on a pseudo-terminal (python's pty module: stdin and
stderr on the pty, stdout a pipe) to check the terminal prompts: the prompt
is shown, what is typed never appears in the pty's output (echo off), a newline
follows, and the terminal's echo is back on afterwards, also when the prompt is
ended by Ctrl-C (cnutil then dies by SIGINT).
"shared" runs every seed vector of SHARED_DIR/data/wallet/seeds.json through
seed restore (keys and addresses on all three networks), the encrypt_key
vectors of kdf.json as passphrase restores (the seed words of the encrypted key
are made here by an independent Python encoder of Monero's rule, spec
wallet.md section 2), and Monero's two test wallets through keys (values of
wallet_files.json), with wrong passwords, truncated and empty files. It exits
77 (skipped) when SHARED_DIR is absent.
"""
import fcntl
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import termios
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cnutil_golden import run  # noqa: E402  (one home for spawning cnutil)

SKIP = 77
failures = []
count = 0

LANGUAGES = ["English", "Deutsch", "Español", "Français", "Italiano", "Nederlands", "Português", "Русский",
             "日本語", "简体中文 (中国)", "Esperanto", "Lojban"]
ENGLISH_NAMES = ["English", "German", "Spanish", "French", "Italian", "Dutch", "Portuguese", "Russian", "Japanese",
                 "Chinese (simplified)", "Esperanto", "Lojban"]


def check(cnutil, args, *, stdin=b"", code=0, out_contains=None, out_lacks=None, err_contains=None, name=None):
    """Runs cnutil (cnutil_golden.run), checks exit status and output; returns stdout."""
    global count
    count += 1
    rc, so, se = run(cnutil, args, stdin)
    wanted = [out_contains] if isinstance(out_contains, str) else out_contains or []
    banned = [out_lacks] if isinstance(out_lacks, str) else out_lacks or []
    tests = [(rc == code, f"exit status {rc}, expected {code}")]
    tests += [(s in so, f"stdout {so!r} lacks {s!r}") for s in wanted]
    # A banned seed word (letters only) counts as a whole word: a random seed's word
    # may be part of a fixed message ("hold" in "the command line holds ...").
    def printed(s):
        if s.isalpha():
            return re.search(r"(?<![^\W\d_])" + re.escape(s) + r"(?![^\W\d_])", so + se) is not None
        return s in so + se
    tests += [(not printed(s), f"output contains {s!r}, which must not be printed") for s in banned]
    tests += [(err_contains is None or err_contains in se, f"stderr {se!r} lacks {err_contains!r}"),
              (code != 0 or not se, f"unexpected stderr {se!r}")]
    problems = [message for ok, message in tests if not ok]
    if problems:
        failures.append(f"[{name or ' '.join(args)}] " + "; ".join(problems))
    return so


def fields(text):
    out = {}
    for line in text.splitlines():
        k, _, v = line.partition(": ")
        out[k] = v
    return out


def run_tty(cnutil, args, answers, timeout=30):
    """Runs cnutil with stdin and stderr on a new pseudo-terminal (its controlling
    terminal) and stdout on a pipe. answers: (prompt, bytes) pairs; each bytes is
    typed once prompt has appeared (cnutil shows the prompt after turning echo off).
    Returns (returncode, stdout, pty output, echo on afterwards, prompts left)."""
    master, slave = os.openpty()

    def child_setup():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    p = subprocess.Popen([cnutil] + args, stdin=slave, stdout=subprocess.PIPE, stderr=slave,
                         preexec_fn=child_setup, close_fds=True)
    seen = b""
    pos = 0  # the next prompt is looked for from here
    pending = list(answers)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                seen += os.read(master, 4096)
            if pending and pending[0][0].encode() in seen[pos:]:
                pos = seen.index(pending[0][0].encode(), pos) + len(pending[0][0].encode())
                os.write(master, pending[0][1])
                pending.pop(0)
            if p.poll() is not None and not ready:
                break
        else:
            p.kill()
        out = p.stdout.read().decode("utf-8", "replace")
        p.wait()
        echo = bool(termios.tcgetattr(slave)[3] & termios.ECHO)
    finally:
        p.stdout.close()
        os.close(master)
        os.close(slave)
    return p.returncode, out, seen.decode("utf-8", "replace"), echo, [a[0] for a in pending]


def check_tty(cnutil, args, answers, *, secret, code=0, out_contains=None, name):
    """run_tty, then checks: exit status, every prompt shown and followed by a
    newline, secret absent from the pty output, echo restored."""
    global count
    count += 1
    rc, so, tty, echo, left = run_tty(cnutil, args, answers)
    problems = []
    if rc != code:
        problems.append(f"exit status {rc}, expected {code} (pty output {tty!r})")
    if left:
        problems.append(f"prompts never shown: {left} (pty output {tty!r})")
    for prompt, _ in answers:
        if prompt + "\r\n" not in tty:
            problems.append(f"prompt {prompt!r} not followed by a newline in {tty!r}")
    if secret in tty:  # (stdout: "test" is in "testnet"; the printed fields are checked elsewhere)
        problems.append(f"the typed secret was echoed: pty {tty!r}")
    if not echo:
        problems.append("the terminal's echo is still off after cnutil ended")
    if out_contains is not None and out_contains not in so:
        problems.append(f"stdout {so!r} lacks {out_contains!r}")
    if problems:
        failures.append(f"[tty: {name}] " + "; ".join(problems))
    return so


def tty_available():
    try:
        a, b = os.openpty()
    except OSError as e:
        print(f"note: no pseudo-terminal ({e}): terminal prompt cases skipped")
        return False
    os.close(a)
    os.close(b)
    return True


def local_cases(cnutil, tmp):
    global count
    passfile = os.path.join(tmp, "pass")
    with open(passfile, "wb") as f:
        f.write(b"correct horse\n")
    for lang, english in zip(LANGUAGES, ENGLISH_NAMES):
        for given in (lang, english):
            so = check(cnutil, ["seed", "new", "--language", given, "--json"], name=f"seed new {given}")
            try:
                new = json.loads(so)
            except ValueError:
                failures.append(f"[seed new {given}] not JSON: {so!r}")
                continue
            if len(new["seed"].split(" ")) != 25 or new["language"] != lang or "spend_secret_key" in new:
                failures.append(f"[seed new {given}] unexpected fields {sorted(new)} / language {new['language']}")
            # restore with the language (detection may pick an earlier one, docs/seeds.md)
            so = check(cnutil, ["seed", "restore", "--language", lang, "--json", "--show-spend-key"],
                       stdin=new["seed"].encode(), name=f"seed restore {given}")
            back = json.loads(so) if so.startswith("{") else {}
            for k in ("address", "spend_public_key", "view_public_key", "view_secret_key"):
                if back.get(k) != new[k]:
                    failures.append(f"[round trip {given}] {k}: {back.get(k)} != {new[k]}")
            spend = back.get("spend_secret_key", "")
            if len(spend) != 64 or spend in json.dumps(new):
                failures.append(f"[seed new {given}] the spend secret key was printed without --show-spend-key")
            # Without --show-spend-key restore does not print it either.
            check(cnutil, ["seed", "restore", "--language", lang], stdin=new["seed"].encode(), out_lacks=spend,
                  name=f"no spend key {given}")
    # --language ignores ASCII case (a tool convenience; the library takes Monero's spelling).
    for given, lang in (("english", "English"), ("GERMAN", "Deutsch"), ("deutsch", "Deutsch"),
                        ("chinese (SIMPLIFIED)", "简体中文 (中国)")):
        so = check(cnutil, ["seed", "new", "--language", given, "--json"], name=f"seed new --language {given}")
        new = json.loads(so) if so.startswith("{") else {}
        if new.get("language") != lang:
            failures.append(f"[seed new --language {given}] language {new.get('language')}, expected {lang}")
        elif given == "deutsch":
            so = check(cnutil, ["seed", "restore", "--language", "german", "--json"], stdin=new["seed"].encode(),
                       name="seed restore --language german")
            if (json.loads(so) if so.startswith("{") else {}).get("address") != new["address"]:
                failures.append(f"[seed restore --language german] {so!r}")
    check(cnutil, ["seed", "new", "--language", "klingon"], code=1, err_contains="unknown --language 'klingon'")
    # Usage errors show control bytes as \xNN, never raw (fresh-user finding, 2026-12-02).
    check(cnutil, ["seed", "new", "--network", "\x1b[31mx"], code=1, out_lacks="\x1b",
          err_contains="invalid --network '\\x1b[31mx'", name="control bytes in a usage error")
    # restore refuses an unknown language before reading the seed (fresh-user finding:
    # it used to ask for the words first); English (old) in any case is decode-only.
    check(cnutil, ["seed", "restore", "--language", "klingon"], stdin=b"", code=1,
          err_contains="unknown --language 'klingon' (Monero's names or English names, or English (old), or a Polyseed "
                       "language)")
    check(cnutil, ["seed", "new", "--language", "english (OLD)"], code=1,
          err_contains="unknown --language 'English (old)' (Monero's names or English names; English (old) is "
                       "decode-only)")
    # Passphrase: new with a passphrase, restore needs it; the passphrase is never printed.
    so = check(cnutil, ["seed", "new", "--passphrase-file", passfile, "--json"], out_lacks="correct horse")
    new = json.loads(so)
    seedfile = os.path.join(tmp, "seed")
    with open(seedfile, "w") as f:
        f.write(new["seed"] + "\n")
    so = check(cnutil, ["seed", "restore", "--passphrase-file", passfile, "--json", seedfile], out_lacks="correct horse")
    if json.loads(so)["address"] != new["address"]:
        failures.append("[passphrase] restore with the passphrase gives another address")
    so = check(cnutil, ["seed", "restore", "--json", seedfile])
    if json.loads(so)["address"] == new["address"]:
        failures.append("[passphrase] restore without the passphrase gives the same address")
    # Networks.
    # First characters of a standard address: tag 18 -> "4", 53 -> "9" or "A", 24 -> "5".
    for net, first in (("mainnet", ("4",)), ("testnet", ("9", "A")), ("stagenet", ("5",))):
        so = check(cnutil, ["seed", "restore", "--network", net, seedfile])
        if not fields(so).get("address", "").startswith(first) or fields(so).get("network") != net:
            failures.append(f"[--network {net}] {so!r}")
    # Refusals.
    words = new["seed"].split(" ")
    check(cnutil, ["seed", "restore"], stdin=b"", code=1, err_contains="word")
    check(cnutil, ["seed", "restore"], stdin=" ".join(words[:20]).encode(), code=1, err_contains="20 words")
    # A refused word is named only with --quote-words-in-errors (issue 39: stderr ends in logs).
    check(cnutil, ["seed", "restore", "--quote-words-in-errors"], stdin=" ".join(words[:24] + ["xyzzy"]).encode(),
          code=1, err_contains="xyzzy", name="unknown word, quoted")
    check(cnutil, ["seed", "restore"], stdin=" ".join(words[:24] + ["xyzzy"]).encode(), code=1,
          err_contains="word 25 is not in", out_lacks="xyzzy", name="unknown word, not quoted")
    for i in (0, 11, 24):  # a changed word: its position, never a word of the seed
        changed = list(words)
        changed[i] = "zzzzz"
        rc, so, se = run(cnutil, ["seed", "restore"], " ".join(changed).encode())
        count += 1
        if rc != 1 or so or any(re.search(r"\b" + re.escape(w) + r"\b", se) for w in changed if len(w) > 3):
            failures.append(f"[word {i + 1} changed, not quoted] exit {rc}, stderr {se!r}")
    check(cnutil, ["seed", "restore"], stdin=b"abbey " * 20, code=1,
          err_contains="20 words: a seed has 25 or 24 words (Monero), 16 (Polyseed) or 13 (MyMonero)")
    # Polyseed (16 words): tevador/polyseed's g_phrase_en1 (tests/tests.c; keys from
    # ../shared/data/wallet/polyseed.json, vector tevador-en1).
    poly = ("raven tail swear infant grief assist regular lamp duck valid someone little harsh puppy airport "
            "language")
    so = check(cnutil, ["seed", "restore", "--json", "--show-spend-key"], stdin=poly.encode(), name="Polyseed en1")
    got = json.loads(so or "{}")
    want = {"seed_type": "polyseed-16", "language": "English", "birthday": 1638397746,
            "spend_secret_key": "6dd6b2029bfdf1c44a36ce8b229f35dcaa5800b8d858da9facf4b0a778dc2800",
            "view_secret_key": "3c56a3cc3e7f94dc428ffe3b856adb6054552dfa14360d4cdec3f7730b999107",
            "address": "47AjPj7DVPQVGGXJXbbTMZWcKQDejGHYZChVkeujy8qPLjKkgdsxge4DzvkRMgU4sDUigGLuBN9stKBMowhuXH2HJHWAuRf"}
    for k, v in want.items():
        if got.get(k) != v:
            failures.append(f"[Polyseed en1] {k} {got.get(k)!r}, expected {v!r}")
    check(cnutil, ["seed", "restore", "--language", "english"], stdin=poly.encode(), out_contains="polyseed-16",
          name="Polyseed en1 --language english")
    check(cnutil, ["seed", "restore", "--language", "Deutsch"], stdin=poly.encode(), code=1,
          err_contains="unknown language", name="Polyseed with a language that has no Polyseed list")
    check(cnutil, ["seed", "restore", "--passphrase-file", passfile], stdin=poly.encode(), code=1,
          err_contains="no seed-offset passphrase", out_lacks="correct horse", name="Polyseed with a passphrase")
    check(cnutil, ["seed", "restore"], stdin=poly.replace("swear", "swxar").encode(), code=1,
          err_contains="word 3 is not in the English Polyseed list", out_lacks="swxar", name="Polyseed bad word")
    check(cnutil, ["seed", "restore", "--quote-words-in-errors"], stdin=poly.replace("swear", "swxar").encode(),
          code=1, err_contains='word 3 "swxar"', name="Polyseed bad word, quoted")
    check(cnutil, ["seed", "restore"], stdin=poly.replace("raven", "tail").encode(), code=1,
          err_contains="check word does not match", name="Polyseed checksum")
    written_poly = os.path.join(tmp, "polyseed.keys")
    so = check(cnutil, ["seed", "restore", "--write-keys", written_poly, "--password-file", passfile, "-"],
               stdin=poly.encode(), name="Polyseed --write-keys")
    check(cnutil, ["keys", "--show-spend-key", "--password-file", passfile, written_poly],
          out_contains=want["spend_secret_key"], name="Polyseed --write-keys read back")
    check(cnutil, ["seed", "restore", "--passphrase-file", "-"], stdin=b"x", code=1,
          err_contains="both come from standard input")
    check(cnutil, ["seed", "restore", "--passphrase-file", " ".join(words[:12])], code=1,
          err_contains="looks like a secret", out_lacks=words[3], name="12 words as --passphrase-file")
    check(cnutil, ["seed", "restore", " ".join(words)], code=1, err_contains="looks like a secret",
          out_lacks=words[3])
    check(cnutil, ["seed", "restore", "/nonexistent/seed"], code=1, err_contains="No such file")
    check(cnutil, ["seed", "restore", "--network", "moon"], code=1, err_contains="invalid --network")
    check(cnutil, ["seed", "new", "--language", "Klingon"], code=1, err_contains="unknown --language")
    check(cnutil, ["seed", "new", "--language", "EnglishOld"], code=1, err_contains="unknown --language")
    check(cnutil, ["seed"], code=1, err_contains="subcommand")
    check(cnutil, ["seed", "grow"], code=1, err_contains="unknown seed subcommand")
    check(cnutil, ["seed", "restore"], stdin=b"\xff\xfe" * 30, code=1)
    check(cnutil, ["seed", "restore"], stdin=b"a" * 70000, code=1, err_contains="longer than")
    check(cnutil, ["keys"], code=1, err_contains="missing FILE.keys")
    check(cnutil, ["keys", "-"], code=1, err_contains="cannot both come from standard input")
    check(cnutil, ["keys", "--password-file", "-", "-"], code=1, err_contains="cannot both come from standard input")
    check(cnutil, ["keys", "--kdf-rounds", "0", "x.keys"], code=1, err_contains="--kdf-rounds")
    empty = os.path.join(tmp, "empty.keys")
    open(empty, "wb").close()
    check(cnutil, ["keys", empty], stdin=b"pw", code=1, err_contains="empty")
    check(cnutil, ["keys", "/nonexistent/x.keys"], stdin=b"pw", code=1, err_contains="cannot read")
    seedlike = " ".join(["abbey", "bamboo", "cactus"] * 5)  # 15 words where a file name belongs: never echoed
    check(cnutil, ["keys", seedlike], stdin=b"pw", code=1, err_contains="looks like a secret", out_lacks="bamboo",
          name="seed words as FILE.keys")
    check(cnutil, ["keys", "--password-file", seedlike, "x.keys"], code=1, err_contains="looks like a secret",
          out_lacks="bamboo", name="seed words as --password-file")
    check(cnutil, ["keys", os.path.dirname(os.path.abspath(__file__))], stdin=b"pw", code=1,
          err_contains="Is a directory", name="a directory as FILE.keys")
    if os.path.exists("/dev/zero"):
        check(cnutil, ["keys", "/dev/zero"], stdin=b"pw", code=1, err_contains="more than", name="endless input")
    # 25 unquoted words, a key or two names where FILE belongs (never echoed).
    check(cnutil, ["seed", "restore"] + words, code=1, err_contains="looks like a secret (25 words", out_lacks=words[3],
          name="25 unquoted words")
    check(cnutil, ["seed", "restore", "--json"] + words[:12], code=1, err_contains="never taken from the command line",
          out_lacks=words[3], name="12 unquoted words")
    # A near-secret given as FILE.keys that names no file is not repeated (fresh-user
    # finding, 2026-12-02): a comma-separated seed, a key with "0x".
    check(cnutil, ["keys", "--password-file", passfile, ", ".join(words[:11])], code=1, out_lacks=words[3],
          err_contains="(the name given is not repeated: it might be a secret)", name="keys: a seed as a list")
    check(cnutil, ["keys", "--password-file", passfile, "0x" + "ab" * 32], code=1, out_lacks="ab" * 16,
          err_contains="(the name given is not repeated: it might be a secret)", name="keys: 0x key")
    check(cnutil, ["keys", "--password-file", passfile, os.path.join(tmp, "missing.keys")], code=1,
          err_contains="missing.keys", name="keys: a plain missing name is still named")
    check(cnutil, ["keys", seedfile] + words, code=1, err_contains="looks like a secret (25 words, a seed)",
          out_lacks=words[3], name="a file and 25 words (the path is not counted as a word)")
    check(cnutil, ["keys"] + words, code=1, err_contains="looks like a secret (25 words", out_lacks=words[3],
          name="keys: 25 unquoted words")
    check(cnutil, ["keys", "ab" * 32], code=1, err_contains="looks like a secret (a key)", out_lacks="ab" * 32,
          name="keys: a hex key")
    check(cnutil, ["keys", "a.keys", "b.keys"], code=1, err_contains="one FILE expected, got 2")
    check(cnutil, ["seed", "restore", "a", "b"], code=1, err_contains="one FILE expected, got 2")
    # --language of another language than the words'.
    for lang, english in (("German", "German"), ("Deutsch", "German"), ("Español", "Spanish")):  # (no word named)
        so = check(cnutil, ["seed", "restore", "--language", lang, seedfile], code=1,
                   err_contains="word list (the seed is English, not " + english + ")", name=f"English as {lang}")
    rc, so, se = run(cnutil, ["seed", "restore", "--language", "German", seedfile])
    if " is not in the German word list" not in se or "but the other words" in se or not se.count("word "):
        failures.append(f"[English as German] message {se!r}")
    # --write-keys: a .keys file cnutil keys reads back (Monero opens it: cnutil_monero_wallet_test.py).
    written = os.path.join(tmp, "written.keys")
    so = check(cnutil, ["seed", "restore", "--json", "--show-spend-key", "--network", "stagenet", "--write-keys",
                        written, "--password-file", passfile, seedfile], out_lacks="correct horse")
    made = json.loads(so or "{}")
    if made.get("keys_file") != written or oct(os.stat(written).st_mode & 0o777) != "0o600":
        failures.append(f"[--write-keys] keys_file {made.get('keys_file')}, mode {oct(os.stat(written).st_mode)}")
    back = json.loads(check(cnutil, ["keys", "--json", "--show-spend-key", written], stdin=b"correct horse\n") or "{}")
    for k in ("address", "spend_secret_key", "view_secret_key", "network"):
        if back.get(k) != made.get(k):
            failures.append(f"[--write-keys] keys reads {k} {back.get(k)}, restore printed {made.get(k)}")
    # A --write-keys name that is not UTF-8 or holds a control byte: the file is written and
    # the output says so, as U+FFFD in JSON and \xNN in text (fresh-user finding: --json
    # threw nlohmann's type_error after the file was written, and text printed ESC raw).
    odd = os.path.join(tmp.encode(), b"\xff\x1b.keys")
    rc, so, se = run(cnutil, [b"seed", b"restore", b"--json", b"--write-keys", odd, b"--password-file",
                              passfile.encode(), seedfile.encode()], b"")
    count += 1
    if rc != 0 or not os.path.exists(odd) or json.loads(so or "{}").get("keys_file", "")[-7:] != "\ufffd\x1b.keys":
        failures.append(f"[--write-keys non-UTF-8 name, --json] exit {rc}, {so!r}, {se!r}")
    odd2 = os.path.join(tmp.encode(), b"\x1b[31m.keys")
    rc, so, se = run(cnutil, [b"seed", b"restore", b"--write-keys", odd2, b"--password-file", passfile.encode(),
                              seedfile.encode()], b"")
    count += 1
    if rc != 0 or "\x1b" in so or "keys_file: " + tmp + "/\\x1b[31m.keys" not in so:
        failures.append(f"[--write-keys control byte in the name, text] exit {rc}, {so!r}, {se!r}")
    # --network for a file that has its own nettype: the file's network, and a note on stderr.
    count += 1
    rc, so, se = run(cnutil, ["keys", "--network", "mainnet", written], b"correct horse\n")
    if rc != 0 or fields(so).get("network") != "stagenet" or \
            "the file's nettype is stagenet; --network mainnet applies only to a file without one" not in se:
        failures.append(f"[keys --network mainnet on a stagenet file] exit {rc}, {so!r}, {se!r}")
    check(cnutil, ["keys", "--network", "stagenet", written], stdin=b"correct horse\n",
          out_contains="network: stagenet", name="keys --network equal to the file's (no note)")
    check(cnutil, ["seed", "restore", "--write-keys", written, "--password-file", passfile, seedfile], code=1,
          err_contains="it exists (an existing file is never replaced)", name="--write-keys over an existing file")
    check(cnutil, ["seed", "restore", "--write-keys", tmp, "--password-file", passfile, seedfile], code=1,
          err_contains="cannot write the .keys file: it is a directory", name="--write-keys to a directory")
    # A password typed where its file name belongs is not repeated in the message.
    check(cnutil, ["seed", "restore", "--write-keys", os.path.join(tmp, "w3.keys"), "--password-file",
                   "hunter2pw", seedfile], code=1, err_contains="its name is not repeated", out_lacks="hunter2pw",
          name="--password-file naming no file")
    check(cnutil, ["seed", "restore", "--write-keys", os.path.join(tmp, "w2.keys")], stdin=b"x", code=1,
          err_contains="cannot both come from standard input", name="--write-keys password and seed on stdin")
    check(cnutil, ["seed", "restore", "--password-file", passfile, seedfile], code=1,
          err_contains="--password-file is for --write-keys")
    # --json: every value of seed new / restore is a string (no "yes"/"no" booleans as text).
    for args in (["seed", "new", "--json"], ["seed", "restore", "--json", seedfile]):
        j = json.loads(check(cnutil, args, name=" ".join(args)))
        if not all(isinstance(v, str) for v in j.values()):
            failures.append(f"[{' '.join(args)}] a non-string value: {j}")
    if tty_available():
        # Seed words typed on a terminal: prompt, no echo, newline after.
        typed = " ".join(words)
        so = check_tty(cnutil, ["seed", "restore"], [("Seed words: ", typed.encode() + b"\n")], secret=words[5],
                       out_contains="address: ", name="seed words")
        if fields(so).get("address") != json.loads(check(cnutil, ["seed", "restore", "--json", seedfile]))["address"]:
            failures.append(f"[tty: seed words] another address: {so!r}")
        # The passphrase typed, the words from a file.
        so = check_tty(cnutil, ["seed", "restore", "--json", "--passphrase-file", "-", seedfile],
                       [("Seed passphrase: ", b"correct horse\n")], secret="correct horse", name="passphrase")
        if json.loads(so or "{}").get("address") != new["address"]:
            failures.append(f"[tty: passphrase] another address: {so!r}")
        # Ctrl-C at the prompt: the terminal is restored and cnutil dies by SIGINT.
        check_tty(cnutil, ["seed", "restore"], [("Seed words: ", words[0].encode() + b" \x03")], secret=words[0],
                  code=-signal.SIGINT, name="Ctrl-C")
        # Ctrl-D (end of input) on an empty line: an empty seed, refused.
        check_tty(cnutil, ["seed", "restore"], [("Seed words: ", b"\x04")], secret="\x04", code=1, name="Ctrl-D")
        # A new .keys file's password typed on a terminal: asked twice; two different ones
        # write nothing.
        twice = os.path.join(tmp, "twice.keys")
        check_tty(cnutil, ["seed", "restore", "--write-keys", twice, seedfile],
                  [("Password: ", b"hunter2x\n"), ("Password again: ", b"hunter2x\n")], secret="hunter2x",
                  out_contains="keys_file: ", name="--write-keys password twice")
        if not os.path.exists(twice):
            failures.append("[tty: --write-keys password twice] no file written")
        differ = os.path.join(tmp, "differ.keys")
        check_tty(cnutil, ["seed", "restore", "--write-keys", differ, seedfile],
                  [("Password: ", b"hunter2x\n"), ("Password again: ", b"hunter2y\n")], secret="hunter2",
                  code=1, name="--write-keys passwords differ")
        if os.path.exists(differ):
            failures.append("[tty: --write-keys passwords differ] a file was written")
    # A seed or a secret-looking value where another value belongs is never repeated.
    seed_text = " ".join(words)
    for args in (["seed", "restore", "--network", seed_text, seedfile],
                 ["seed", "restore", "--language", seed_text, seedfile],
                 ["seed", "restore", "--password=" + seed_text, seedfile],
                 ["keys", "-p" + words[0] + words[1], seedfile]):
        check(cnutil, args, code=1, out_lacks=[words[0] + " " + words[1], words[0] + words[1]],
              name="secret-looking value not repeated: " + args[2][:12])
    check(cnutil, ["seed", "new", "--help"], out_contains="Usage: cnutil seed new")
    check(cnutil, ["keys", "--help"], out_contains="never from the")
    check(cnutil, ["keys", "--help"], out_contains="every trailing CR (\\r) and LF (\\n)", name="keys --help: CR and LF")


# ---- an independent encoder of Monero's seed rule (spec wallet.md section 2) ----

def encode_seed(key, wordlist, prefix_len):
    n = len(wordlist)
    words = []
    for i in range(0, 32, 4):
        x = int.from_bytes(key[i:i + 4], "little")
        w1 = x % n
        w2 = (x // n + w1) % n
        w3 = (x // n // n + w2) % n
        words += [wordlist[w1], wordlist[w2], wordlist[w3]]
    crc = zlib.crc32("".join(w[:prefix_len] for w in words).encode())
    return " ".join(words + [words[crc % 24]])


def shared_cases(cnutil, shared, tmp):
    global count
    wallet = os.path.join(shared, "data", "wallet")
    with open(os.path.join(wallet, "seeds.json"), encoding="utf-8") as f:
        seeds = json.load(f)["vectors"]
    for v in seeds:
        name = v["id"]
        if v["kind"] in ("seed25", "seed24") and v["valid"]:
            if v["kind"] == "seed25" and v["language"] == "EnglishOld":
                continue  # 25-word English (old): Monero's duplicate-prefix result (words_25_result), unit-tested
            args = ["seed", "restore", "--json", "--show-spend-key"]
            if "note" in v and "language" in v["note"].lower():
                args += ["--language", v["language"]]
            so = check(cnutil, args, stdin=v["words"].encode(), name=name)
            got = json.loads(so) if so.startswith("{") else {}
            expected_spend = v["spend_secret_key"]
            for k, want in (("spend_secret_key", expected_spend), ("view_secret_key", v["view_secret_key"]),
                            ("address", v["address_mainnet"])):
                if got.get(k) != want:
                    failures.append(f"[{name}] {k} {got.get(k)} != {want}")
            if v["kind"] == "seed25":
                for net in ("testnet", "stagenet"):
                    so = check(cnutil, ["seed", "restore", "--network", net], stdin=v["words"].encode(),
                               name=f"{name} {net}")
                    if fields(so).get("address") != v[f"address_{net}"]:
                        failures.append(f"[{name} {net}] address {fields(so).get('address')}")
        elif v["kind"] == "seed13":
            so = check(cnutil, ["seed", "restore", "--json", "--show-spend-key"], stdin=v["words"].encode(),
                       out_contains="MyMonero", name=name)
            got = json.loads(so) if so.startswith("{") else {}
            mm = v["mymonero_keys"]
            if got.get("seed_type") != "mymonero-13" or got.get("spend_secret_key") != mm["spend_secret_key"] or \
                    got.get("view_secret_key") != mm["view_secret_key"] or got.get("address") != mm["address_mainnet"]:
                failures.append(f"[{name}] MyMonero keys {got}")
        elif not v["valid"]:
            rc, so, se = run(cnutil, ["seed", "restore"], v["words"].encode())
            count += 1
            if rc != 1 or so or not se.startswith("cnutil: "):
                failures.append(f"[{name}] must be refused: exit {rc}, stdout {so!r}, stderr {se!r}")

    # Polyseed: every vector of polyseed.json (tevador/polyseed's decoder): the OK ones give
    # the vector's keys, address and birthday; the refused ones exit 1 without naming a word.
    with open(os.path.join(wallet, "polyseed.json"), encoding="utf-8") as f:
        poly = json.load(f)
    for v in poly["vectors"]:
        name = "polyseed " + v["id"]
        args = ["seed", "restore", "--json", "--show-spend-key"]
        if v.get("explicit_language_index") is not None:
            args += ["--language", poly["languages"][v["explicit_language_index"]]["english_name"]]
        if v["status"] == "OK":
            so = check(cnutil, args, stdin=v["phrase"].encode(), name=name)
            got = json.loads(so) if so.startswith("{") else {}
            for k, want in (("seed_type", "polyseed-16"), ("language", v["language_english"]),
                            ("birthday", v["birthday"]), ("spend_secret_key", v["spend_secret_key"]),
                            ("view_secret_key", v["view_secret_key"]), ("address", v["address_mainnet"])):
                if got.get(k) != want:
                    failures.append(f"[{name}] {k} {got.get(k)!r} != {want!r}")
        else:
            rc, so, se = run(cnutil, args, v["phrase"].encode())
            count += 1
            words = v["phrase"].replace("\u3000", " ").split()
            if rc != 1 or so or not se.startswith("cnutil: ") or any(w in se for w in words if len(w) > 3):
                failures.append(f"[{name}] must be refused without naming a word: exit {rc}, {so!r}, {se!r}")

    # Passphrase restores: the seed of encrypt_key(k, p) with p gives back k.
    with open(os.path.join(wallet, "wordlists", "english.txt"), encoding="utf-8") as f:
        english = [w.strip() for w in f if w.strip() and not w.startswith("#")]
    english = english[-1626:]
    with open(os.path.join(wallet, "kdf.json")) as f:
        kdf = json.load(f)
    passfile = os.path.join(tmp, "passphrase")
    for v in kdf["encrypt_key"]:
        words = encode_seed(bytes.fromhex(v["encrypted_key"]), english, 3)
        with open(passfile, "wb") as f:
            f.write(bytes.fromhex(v["passphrase_hex"]))
        args = ["seed", "restore", "--json", "--show-spend-key"]
        if v["passphrase_hex"]:
            args += ["--passphrase-file", passfile]
        so = check(cnutil, args, stdin=words.encode(), name=f"passphrase {v['label']}",
                   out_lacks=None if not v["passphrase_utf8"] else v["passphrase_utf8"] * 3)
        got = json.loads(so) if so.startswith("{") else {}
        if got.get("spend_secret_key") != v["key"]:
            failures.append(f"[passphrase {v['label']}] spend {got.get('spend_secret_key')} != {v['key']}")

    # Monero's test wallets through cnutil keys.
    with open(os.path.join(wallet, "wallet_files.json")) as f:
        wallets = json.load(f)["wallets"]
    for name, w in wallets.items():
        path = os.path.join(wallet, "files", w["keys_file"])
        pw = w["password"].encode()
        so = check(cnutil, ["keys", path], stdin=pw + b"\n", out_lacks=w["spend_secret_key"], name=f"keys {name}")
        got = fields(so)
        for k, want in (("address", w["address"]), ("view_secret_key", w["view_secret_key"]),
                        ("spend_public_key", w["spend_public_key"]), ("view_public_key", w["view_public_key"]),
                        ("network", w["nettype"])):
            if got.get(k) != want:
                failures.append(f"[keys {name}] {k} {got.get(k)} != {want}")
        pwfile = os.path.join(tmp, "pw")
        with open(pwfile, "wb") as f:
            f.write(pw + b"\r\n")
        so = check(cnutil, ["keys", "--json", "--show-spend-key", "--password-file", pwfile, path],
                   name=f"keys --show-spend-key {name}")
        got = json.loads(so)
        if got.get("spend_secret_key") != w["spend_secret_key"]:
            failures.append(f"[keys --show-spend-key {name}] {so!r}")
        # JSON booleans are JSON booleans; every other value a string.
        if got.get("watch_only") is not False or got.get("multisig") is not False or \
                not all(isinstance(v, str) for k, v in got.items() if k not in ("watch_only", "multisig")):
            failures.append(f"[keys --json {name}] types: {got}")
        # The .keys file from standard input, the password from a file.
        with open(path, "rb") as f:
            so = check(cnutil, ["keys", "--json", "--password-file", pwfile, "-"], stdin=f.read(),
                       name=f"keys - {name}")
        if json.loads(so or "{}").get("address") != w["address"]:
            failures.append(f"[keys - {name}] {so!r}")
        # The password typed on a terminal.
        if tty_available():
            so = check_tty(cnutil, ["keys", path], [("Password: ", pw + b"\n")], secret=w["password"],
                           out_contains=w["address"], name=f"keys {name}")
            check_tty(cnutil, ["keys", path], [("Password: ", b"not" + pw + b"\n")], secret="not" + w["password"],
                      code=1, name=f"keys {name}, wrong password")
        check(cnutil, ["keys", path], stdin=w["wrong_password_example"]["password"].encode(), code=1,
              err_contains="wrong password", out_lacks=w["view_secret_key"], name=f"wrong password {name}")
        check(cnutil, ["keys", path], stdin=w["wrong_password_example"]["password"].encode(), code=1,
              err_contains="(the wallet's rounds: --kdf-rounds)", name=f"wrong password {name}: rounds hint")
        with open(path, "rb") as f:
            data = f.read()
        cut = os.path.join(tmp, "cut.keys")
        with open(cut, "wb") as f:
            f.write(data[:len(data) // 2])
        check(cnutil, ["keys", cut], stdin=pw, code=1, err_contains="truncated", name=f"truncated {name}")


def main():
    mode = sys.argv[2] if len(sys.argv) >= 3 else None
    if mode not in ("local", "shared"):
        print(__doc__, file=sys.stderr)
        return 2
    cnutil = os.path.abspath(sys.argv[1])
    shared = os.environ.get("CNCRYPTO_SHARED_DIR", sys.argv[3] if len(sys.argv) > 3 else "")
    if mode == "shared" and not os.path.isdir(os.path.join(shared, "data", "wallet")):
        print(f"skipped: {shared}/data/wallet not found (../shared is absent)")
        return SKIP
    with tempfile.TemporaryDirectory() as tmp:
        local_cases(cnutil, tmp) if mode == "local" else shared_cases(cnutil, shared, tmp)
    print("\n".join(["FAIL " + f for f in failures] + [f"{count} cases, {len(failures)} failures"]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
