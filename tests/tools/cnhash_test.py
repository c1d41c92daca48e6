#!/usr/bin/env python3
"""Golden tests for the cnhash command-line tool.

Usage: cnhash_test.py PATH/TO/cnhash [unittest options]

Expected digests are computed here, at test time, by independent
implementations: Python hashlib (SHA3-224/256/384/512, SHAKE128/256) and
Debian's pycryptodome (Keccak-256 with the original padding = cn_fast_hash).
Expected message texts are those of GNU coreutils 9.1 sha256sum (Debian 12),
recorded by running it with the same inputs; CoreutilsShapeTest also runs
sha256sum itself side by side when it is that version.
"""

import hashlib
import os
import shutil
import select
import subprocess
import sys
import tempfile
import unittest

try:
    from Cryptodome.Hash import keccak as cryptodome_keccak
except ImportError:  # pragma: no cover - reported by the test below
    cryptodome_keccak = None

CNHASH = None  # set from argv in main

ALGORITHMS = {
    # name: (tag, default output bytes, is XOF)
    "keccak-256": ("KECCAK-256", 32, False),
    "sha3-224": ("SHA3-224", 28, False),
    "sha3-256": ("SHA3-256", 32, False),
    "sha3-384": ("SHA3-384", 48, False),
    "sha3-512": ("SHA3-512", 64, False),
    "shake128": ("SHAKE128", 32, True),
    "shake256": ("SHAKE256", 64, True),
}


def reference(algorithm, data, length=None):
    """Hex digest of data from hashlib / pycryptodome."""
    if algorithm == "keccak-256":
        if cryptodome_keccak is None:
            raise RuntimeError("pycryptodome (python3-pycryptodome, 'import Cryptodome') is required "
                               "for the Keccak-256 expected values; run scripts/install-deps.sh")
        return cryptodome_keccak.new(digest_bits=256, data=data).hexdigest()
    if algorithm in ("shake128", "shake256"):
        h = hashlib.shake_128(data) if algorithm == "shake128" else hashlib.shake_256(data)
        return h.hexdigest(length or ALGORITHMS[algorithm][1])
    return hashlib.new(algorithm.replace("-", "_"), data).hexdigest()


def keccak(data):
    return reference("keccak-256", data)


def run(args, stdin=b"", cwd=None, extra_env=None):
    """Runs cnhash; returns (exit status, stdout bytes, stderr text)."""
    env = dict(os.environ, LC_ALL="C.UTF-8", **(extra_env or {}))
    env.pop("POSIXLY_CORRECT", None)
    proc = subprocess.run([CNHASH] + list(args), input=stdin, cwd=cwd, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "surrogateescape")


class ToolTestCase(unittest.TestCase):
    """Gives each test a scratch directory with a few files."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="cnhash-test-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.files = {
            "a": b"abc",
            "empty": b"",
            "rate": bytes(range(256)) * 2,  # crosses several rate boundaries
        }
        for name, data in self.files.items():
            self.write(name, data)
        os.mkdir(self.path("dir"))

    def path(self, name):
        return os.path.join(self.dir, name)

    def write(self, name, data):
        with open(self.path(name), "wb") as f:
            f.write(data)

    def cnhash(self, *args, stdin=b""):
        return run(args, stdin=stdin, cwd=self.dir)

    def assertRun(self, args, rc, out=None, err=None, stdin=b""):
        code, stdout, stderr = self.cnhash(*args, stdin=stdin)
        if out is not None:
            self.assertEqual(stdout.decode("utf-8", "surrogateescape"), out, "stdout of cnhash %r" % (args,))
        if err is not None:
            self.assertEqual(stderr, err, "stderr of cnhash %r" % (args,))
        self.assertEqual(code, rc, "exit status of cnhash %r (stderr: %s)" % (args, stderr))
        return stdout, stderr


class HashModeTest(ToolTestCase):
    def test_stdin_is_the_default_input(self):
        self.assertRun([], 0, keccak(b"abc") + "  -\n", "", stdin=b"abc")

    def test_dash_reads_stdin_between_files(self):
        self.assertRun(["a", "-", "empty"], 0,
                       keccak(b"abc") + "  a\n" + keccak(b"xyz") + "  -\n" + keccak(b"") + "  empty\n",
                       "", stdin=b"xyz")

    def test_double_dash_ends_options(self):
        self.write("-c", b"dash")
        self.assertRun(["--", "-c"], 0, keccak(b"dash") + "  -c\n", "")

    def test_options_after_files_and_combined_short_options(self):
        self.assertRun(["a", "-ba", "sha3-256"], 0, reference("sha3-256", b"abc") + " *a\n", "")
        self.assertRun(["-ashake128", "-l5", "a"], 0, reference("shake128", b"abc", 5) + "  a\n", "")
        self.assertRun(["--algorithm=sha3-512", "--len=9"], 1, "",
                       "cnhash: --length applies only to shake128 and shake256; sha3-512 has a fixed "
                       "64-byte digest\nTry 'cnhash --help' for more information.\n")

    def test_every_algorithm_against_hashlib_and_pycryptodome(self):
        sizes = [0, 1, 71, 72, 73, 103, 104, 105, 135, 136, 137, 143, 144, 145, 167, 168, 169, 1000]
        for size in sizes:
            self.write("f%d" % size, bytes((7 * i + size) & 0xFF for i in range(size)))
        names = ["f%d" % size for size in sizes]
        for algorithm in ALGORITHMS:
            with self.subTest(algorithm=algorithm):
                expected = "".join(
                    reference(algorithm, bytes((7 * i + size) & 0xFF for i in range(size))) + "  f%d\n" % size
                    for size in sizes)
                self.assertRun(["-a", algorithm] + names, 0, expected, "")

    def test_large_stream_crosses_read_chunks(self):
        data = os.urandom(3 * 65536 + 12345)
        for algorithm in ("keccak-256", "sha3-256", "shake256"):
            self.assertRun(["-a", algorithm], 0, reference(algorithm, data) + "  -\n", "", stdin=data)

    def test_algorithm_names_and_alias(self):
        for name in ("cn_fast_hash", "KECCAK-256", "Keccak-256"):
            self.assertRun(["-a", name, "a"], 0, keccak(b"abc") + "  a\n", "")
        out, err = self.assertRun(["-a", "sha256", "a"], 1, "")
        self.assertTrue(err.startswith("cnhash: invalid argument 'sha256' for '--algorithm'; valid names: keccak-256"),
                        err)
        self.assertTrue(err.endswith("Try 'cnhash --help' for more information.\n"), err)

    def test_list(self):
        out, _ = self.assertRun(["--list"], 0, err="")
        self.assertEqual([line.split()[0] for line in out.decode().splitlines()], list(ALGORITHMS))

    def test_info_version_help(self):
        out, _ = self.assertRun(["--info"], 0, err="")
        self.assertRegex(out.decode(), r"^keccak-f\[1600\] implementation: (\S+)\ncompiled in: .*\bportable\b")
        out, _ = self.assertRun(["--version"], 0, err="")
        self.assertRegex(out.decode(), r"^cnhash \(cncrypto\) \d+\.\d+\.\d+\n$")
        out, _ = self.assertRun(["--help"], 0, err="")
        self.assertIn("Usage: cnhash [OPTION]... [FILE]...", out.decode())

    def test_forced_implementation(self):
        code, out, err = run(["--info"], extra_env={"CNCRYPTO_KECCAK_IMPL": "portable"})
        self.assertEqual((code, err), (0, ""))
        self.assertTrue(out.decode().startswith("keccak-f[1600] implementation: portable\n"), out)
        code, out, _ = run(["-a", "sha3-256"], stdin=b"abc", extra_env={"CNCRYPTO_KECCAK_IMPL": "portable"})
        self.assertEqual((code, out.decode()), (0, reference("sha3-256", b"abc") + "  -\n"))
        code, out, err = run(["--info"], extra_env={"CNCRYPTO_KECCAK_IMPL": "no-such-impl"})
        self.assertEqual((code, out), (1, b""))
        self.assertTrue(err.startswith("cnhash: ") and "CNCRYPTO_KECCAK_IMPL" in err, err)

    def test_unknown_options(self):
        self.assertRun(["-q"], 1, "", "cnhash: invalid option -- 'q'\nTry 'cnhash --help' for more information.\n")
        self.assertRun(["--bogus"], 1, "",
                       "cnhash: unrecognized option '--bogus'\nTry 'cnhash --help' for more information.\n")
        self.assertRun(["-a"], 1, "",
                       "cnhash: option requires an argument -- 'a'\nTry 'cnhash --help' for more information.\n")


class ErrorTest(ToolTestCase):
    def test_missing_file_is_reported_and_others_are_hashed(self):
        self.assertRun(["a", "nofile", "empty"], 1,
                       keccak(b"abc") + "  a\n" + keccak(b"") + "  empty\n",
                       "cnhash: nofile: No such file or directory\n")

    def test_directory_cannot_be_read(self):
        self.assertRun(["dir", "a"], 1, keccak(b"abc") + "  a\n", "cnhash: dir: Is a directory\n")
        self.assertRun(["a", "a/x"], 1, keccak(b"abc") + "  a\n", "cnhash: a/x: Not a directory\n")

    def test_unreadable_file(self):
        if os.geteuid() == 0:
            self.skipTest("running as root: file permissions do not stop root (the directory case covers "
                          "a file that opens but cannot be read)")
        self.write("secret", b"s")
        os.chmod(self.path("secret"), 0)
        self.assertRun(["secret", "a"], 1, keccak(b"abc") + "  a\n", "cnhash: secret: Permission denied\n")

    def test_names_in_messages_are_quoted_like_coreutils(self):
        # Texts recorded from sha256sum (GNU coreutils 9.1) with the same missing names.
        cases = {
            "sp ace": "'sp ace'",
            "it's": "\"it's\"",
            "x'y\"z": "'x'\\''y\"z'",
            "no\nfile": "'no'$'\\n''file'",
            "\x01a": "''$'\\001''a'",
            "tab\tx": "'tab'$'\\t''x'",
            "a:b": "'a:b'",
            "a#b~c": "a#b~c",
            "#b": "'#b'",
            "{b}%,@+": "{b}%,@+",
            "caf\u00e9": "caf\u00e9",
        }
        for name, quoted in cases.items():
            with self.subTest(name=name):
                self.assertRun([name], 1, "", "cnhash: %s: No such file or directory\n" % quoted)
        self.assertRun([""], 1, "", "cnhash: '': No such file or directory\n")

    def test_each_line_is_written_when_its_input_is_hashed(self):
        # sha256sum flushes every newline-terminated line; a buffered cnhash kept
        # the first line back until stdin (still open here) ended, so
        # `cnhash FILES | head -1` hashed every FILE before SIGPIPE stopped it.
        for args in (["a", "-"], ["-c", "sums", "-"]):
            with self.subTest(args=args):
                with open(self.path("sums"), "w") as f:
                    f.write(keccak(b"abc") + "  a\n")
                proc = subprocess.Popen([CNHASH] + args, cwd=self.dir, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
                try:
                    ready, _, _ = select.select([proc.stdout], [], [], 20)
                    first = proc.stdout.readline() if ready else b""
                finally:
                    proc.stdin.close()
                    proc.stdout.read()
                    proc.stdout.close()
                    proc.wait(timeout=120)
                self.assertEqual(first, (keccak(b"abc") + "  a\n").encode() if args[0] == "a" else b"a: OK\n",
                                 "the first line was not written before stdin ended")

    def test_write_error(self):
        if not os.path.exists("/dev/full"):
            self.skipTest("no /dev/full")
        with open("/dev/full", "wb") as full:
            proc = subprocess.run([CNHASH, "a"], cwd=self.dir, stdout=full, stderr=subprocess.PIPE)
        self.assertEqual(proc.stderr.decode(), "cnhash: write error: No space left on device\n")
        self.assertEqual(proc.returncode, 1)


class NameEscapingTest(ToolTestCase):
    NAMES = {"new\nline": b"1", "back\\slash": b"2", "cr\rx": b"3", "both\\\n": b"4"}

    def setUp(self):
        super().setUp()
        for name, data in self.NAMES.items():
            self.write(name, data)

    def test_plain_lines(self):
        self.assertRun(list(self.NAMES), 0,
                       "\\" + keccak(b"1") + "  new\\nline\n" +
                       "\\" + keccak(b"2") + "  back\\\\slash\n" +
                       "\\" + keccak(b"3") + "  cr\\rx\n" +
                       "\\" + keccak(b"4") + "  both\\\\\\n\n", "")

    def test_tag_lines(self):
        self.assertRun(["--tag", "-a", "sha3-224", "new\nline", "a"], 0,
                       "\\SHA3-224 (new\\nline) = " + reference("sha3-224", b"1") + "\n" +
                       "SHA3-224 (a) = " + reference("sha3-224", b"abc") + "\n", "")

    def test_zero_terminated_lines_are_not_escaped(self):
        self.assertRun(["-z", "new\nline", "back\\slash", "a"], 0,
                       keccak(b"1") + "  new\nline\0" + keccak(b"2") + "  back\\slash\0" +
                       keccak(b"abc") + "  a\0", "")
        self.assertRun(["-z", "--tag", "new\nline"], 0, "KECCAK-256 (new\nline) = " + keccak(b"1") + "\0", "")

    def test_escaped_names_round_trip_through_check(self):
        for extra in ([], ["--tag"]):
            with self.subTest(extra=extra):
                out, _ = self.assertRun(extra + list(self.NAMES), 0, err="")
                self.write("sums", out)
                # Check mode escapes a reported name only when it holds a newline.
                self.assertRun(["-c", "sums"], 0,
                               "\\new\\nline: OK\nback\\slash: OK\ncr\rx: OK\n\\both\\\\\\n: OK\n", "")


class LiteralInputTest(ToolTestCase):
    def test_message(self):
        self.assertRun(["-m", "abc", "-m", ""], 0, keccak(b"abc") + "  \"abc\"\n" + keccak(b"") + "  \"\"\n", "")
        self.assertRun(["--tag", "-a", "sha3-256", "--message=hello"], 0,
                       "SHA3-256 (\"hello\") = " + reference("sha3-256", b"hello") + "\n", "")

    def test_literals_come_first_then_files_and_no_stdin(self):
        self.assertRun(["a", "-x", "00ff"], 0, keccak(b"\x00\xff") + "  0x00ff\n" + keccak(b"abc") + "  a\n", "")
        self.assertRun(["-m", "q"], 0, keccak(b"q") + "  \"q\"\n", "", stdin=b"never read")

    def test_hex(self):
        self.assertRun(["-x", "DEADbeef", "-x", ""], 0,
                       keccak(bytes.fromhex("deadbeef")) + "  0xdeadbeef\n" + keccak(b"") + "  0x\n", "")

    def test_hex_errors(self):
        self.assertRun(["-x", "abc", "a"], 1, "", "cnhash: invalid --hex argument 'abc': odd number of hex digits (3): the digit at offset 2 has no pair\n")
        self.assertRun(["-x", "0g"], 1, "", "cnhash: invalid --hex argument '0g': invalid hex character 'g' at offset 1\n")
        self.assertRun(["-x", "00 112"], 1, "",
                       "cnhash: invalid --hex argument '00 112': invalid hex character ' ' at offset 2\n")

    def test_message_with_newline_is_escaped(self):
        self.assertRun(["-m", "a\nb"], 0, "\\" + keccak(b"a\nb") + "  \"a\\nb\"\n", "")


class LengthTest(ToolTestCase):
    def test_defaults(self):
        self.assertRun(["-a", "shake128", "a"], 0, reference("shake128", b"abc", 32) + "  a\n", "")
        self.assertRun(["-a", "shake256", "a"], 0, reference("shake256", b"abc", 64) + "  a\n", "")

    def test_lengths(self):
        for algorithm in ("shake128", "shake256"):
            for length in (1, 31, 168, 1000, 65536):
                with self.subTest(algorithm=algorithm, length=length):
                    self.assertRun(["-a", algorithm, "-l", str(length), "rate"], 0,
                                   reference(algorithm, self.files["rate"], length) + "  rate\n", "")

    def test_invalid_lengths(self):
        for text in ("0", "65537", "-1", "abc", "", "1e3", "+5", "99999999999999999999999"):
            with self.subTest(text=text):
                _, err = self.assertRun(["-a", "shake128", "-l", text, "a"], 1, "")
                self.assertTrue(err.startswith("cnhash: invalid length: "), err)
                self.assertIn("(the SHAKE output length is 1 to 65536 bytes)\n", err)

    def test_length_refused_for_fixed_algorithms(self):
        for algorithm in ("keccak-256", "sha3-224", "sha3-256", "sha3-384", "sha3-512"):
            with self.subTest(algorithm=algorithm):
                _, err = self.assertRun(["-a", algorithm, "-l", "32", "a"], 1, "")
                self.assertTrue(err.startswith("cnhash: --length applies only to shake128 and shake256; "
                                               + algorithm + " has a fixed"), err)
        self.assertRun(["-l", "32", "-c", "a"], 1, "",
                       "cnhash: --length applies only to shake128 and shake256; keccak-256 has a fixed "
                       "32-byte digest\nTry 'cnhash --help' for more information.\n")


class CheckModeTest(ToolTestCase):
    def test_tag_round_trip_for_every_algorithm(self):
        names = ["a", "empty", "rate"]
        for algorithm in ALGORITHMS:
            for extra in ([], ["--tag"]):
                with self.subTest(algorithm=algorithm, extra=extra):
                    sums, _ = self.assertRun(extra + ["-a", algorithm] + names, 0, err="")
                    self.write("sums", sums)
                    # Tagged lines name their algorithm; plain lines need -a.
                    check = ["-c", "sums"] if extra else ["-c", "-a", algorithm, "sums"]
                    self.assertRun(check, 0, "a: OK\nempty: OK\nrate: OK\n", "")
                    self.write("a", b"changed")
                    self.assertRun(check, 1, "a: FAILED\nempty: OK\nrate: OK\n",
                                   "cnhash: WARNING: 1 computed checksum did NOT match\n")
                    self.write("a", b"abc")

    def test_shake_lengths_in_check_lines(self):
        lines = ("SHAKE128 (a) = %s\n" % reference("shake128", b"abc", 7) +
                 "SHAKE256 (a) = %s\n" % reference("shake256", b"abc", 200))
        self.write("tagged", lines.encode())
        self.assertRun(["-c", "tagged"], 0, "a: OK\na: OK\n", "")
        # Plain SHAKE lines: the length comes from the line unless -l fixes it.
        self.write("plain", ("%s  a\n" % reference("shake128", b"abc", 5)).encode())
        self.assertRun(["-c", "-a", "shake128", "plain"], 0, "a: OK\n", "")
        self.assertRun(["-c", "-a", "shake128", "-l", "5", "plain"], 0, "a: OK\n", "")
        self.assertRun(["-c", "-w", "-a", "shake128", "-l", "6", "plain"], 1, "",
                       "cnhash: plain: 1: improperly formatted SHAKE128 checksum line\n"
                       "cnhash: plain: no properly formatted checksum lines found\n")

    def test_mixed_check_file(self):
        lines = "".join("%s (a) = %s\n" % (tag, reference(name, b"abc")) for name, (tag, _, _) in ALGORITHMS.items())
        lines += "%s  empty\n" % reference("sha3-384", b"")
        lines += "%s  a\n" % keccak(b"abc")  # digest length does not fit -a sha3-384
        self.write("mixed", lines.encode())
        self.assertRun(["-c", "-a", "sha3-384", "mixed"], 0, "a: OK\n" * 7 + "empty: OK\n",
                       "cnhash: WARNING: 1 line is improperly formatted\n")
        self.assertRun(["-c", "--strict", "-a", "sha3-384", "mixed"], 1, "a: OK\n" * 7 + "empty: OK\n",
                       "cnhash: WARNING: 1 line is improperly formatted\n")

    def bad_sum_file(self):
        """The scenario of the coreutils comparison: OK, FAILED, unreadable and misformatted lines."""
        h = keccak(b"abc")
        self.write("b", b"B")
        lines = [
            h + "  a",                      # 1 OK
            "garbage line",                 # 2 misformatted
            keccak(b"B") + "  a",           # 3 FAILED
            h + "  nofile",                 # 4 missing
            h + "  dir",                    # 5 unreadable
            "# comment",                    # 6 ignored
            "",                             # 7 ignored
            h[:-1] + "  a",                 # 8 misformatted (short digest)
            h + "X  a",                     # 9 misformatted
            "KECCAK-256 (a) = " + h.upper(),  # 10 OK (tag, upper case)
            "\\" + h + "  b\\q",            # 11 misformatted (bad escape)
            " \t" + h + " *a\r",          # 12 OK (leading blanks, binary marker, CRLF)
        ]
        self.write("bad.sum", ("\n".join(lines) + "\n").encode())

    def test_messages_and_exit_codes(self):
        self.bad_sum_file()
        warnings = ("cnhash: WARNING: 4 lines are improperly formatted\n"
                    "cnhash: WARNING: 2 listed files could not be read\n"
                    "cnhash: WARNING: 1 computed checksum did NOT match\n")
        open_errors = "cnhash: nofile: No such file or directory\ncnhash: dir: Is a directory\n"
        failed_reads = "nofile: FAILED open or read\ndir: FAILED open or read\n"
        self.assertRun(["-c", "bad.sum"], 1, "a: OK\na: FAILED\n" + failed_reads + "a: OK\na: OK\n",
                       open_errors + warnings)
        self.assertRun(["-c", "--quiet", "bad.sum"], 1, "a: FAILED\n" + failed_reads, open_errors + warnings)
        self.assertRun(["-c", "--status", "bad.sum"], 1, "", open_errors)
        self.assertRun(["-c", "-w", "bad.sum"], 1, "a: OK\na: FAILED\n" + failed_reads + "a: OK\na: OK\n",
                       "cnhash: bad.sum: 2: improperly formatted KECCAK-256 checksum line\n" + open_errors +
                       "".join("cnhash: bad.sum: %d: improperly formatted KECCAK-256 checksum line\n" % n
                               for n in (8, 9, 11)) + warnings)
        self.assertRun(["-c", "--ignore-missing", "bad.sum"], 1,
                       "a: OK\na: FAILED\ndir: FAILED open or read\na: OK\na: OK\n",
                       "cnhash: dir: Is a directory\n"
                       "cnhash: WARNING: 4 lines are improperly formatted\n"
                       "cnhash: WARNING: 1 listed file could not be read\n"
                       "cnhash: WARNING: 1 computed checksum did NOT match\n")

    def test_last_of_quiet_status_warn_wins(self):
        self.bad_sum_file()
        self.assertRun(["-c", "--status", "--warn", "bad.sum"], 1, err=None)
        _, _, err = self.cnhash("-c", "--status", "--warn", "bad.sum")
        self.assertIn("bad.sum: 2: improperly formatted", err)
        _, out, err = self.cnhash("-c", "--warn", "--status", "bad.sum")
        self.assertEqual(out, b"")
        self.assertNotIn("improperly", err)
        _, out, err = self.cnhash("-c", "--warn", "--quiet", "bad.sum")
        self.assertNotIn("bad.sum: 2:", err)

    def test_strict(self):
        self.write("s", ("%s  a\njunk\n" % keccak(b"abc")).encode())
        self.assertRun(["-c", "s"], 0, "a: OK\n", "cnhash: WARNING: 1 line is improperly formatted\n")
        self.assertRun(["-c", "--strict", "s"], 1, "a: OK\n", "cnhash: WARNING: 1 line is improperly formatted\n")
        self.assertRun(["-c", "--strict", "--status", "s"], 1, "", "")
        self.assertRun(["-c", "--status", "s"], 0, "", "")

    def test_no_properly_formatted_lines(self):
        self.write("junk", b"junk\n")
        self.write("none", b"")
        self.assertRun(["-c", "junk"], 1, "", "cnhash: junk: no properly formatted checksum lines found\n")
        self.assertRun(["-c", "none"], 1, "", "cnhash: none: no properly formatted checksum lines found\n")
        self.assertRun(["-c"], 1, "",
                       "cnhash: 'standard input': no properly formatted checksum lines found\n", stdin=b"x\n")

    def test_ignore_missing_with_nothing_verified(self):
        self.write("m", ("%s  nofile\n" % keccak(b"abc")).encode())
        self.assertRun(["-c", "--ignore-missing", "m"], 1, "", "cnhash: m: no file was verified\n")
        self.assertRun(["-c", "--ignore-missing", "--status", "m"], 1, "", "")
        self.write("mm", ("%s  a\n" % keccak(b"x")).encode())
        self.assertRun(["-c", "--ignore-missing", "mm"], 1, "a: FAILED\n",
                       "cnhash: WARNING: 1 computed checksum did NOT match\ncnhash: mm: no file was verified\n")

    def test_check_file_errors(self):
        self.assertRun(["-c", "nosuch"], 1, "", "cnhash: nosuch: No such file or directory\n")
        self.assertRun(["-c", "dir"], 1, "", "cnhash: dir: read error\n")

    def test_check_lines_are_bounded(self):
        # Lines of up to 256 KiB are read (the longest cnhash writes: a 65536-byte SHAKE
        # digest, 131072 hex digits, and a name); a longer one stops the check of that
        # file with an error and exit 1 (docs/cnhash.md), where sha256sum -c grows
        # without limit. Lines before it are still checked, the next file too.
        bound = 256 * 1024
        good = ("%s  a\n" % keccak(b"abc")).encode()
        self.write("long", good + b"x" * (bound + 1) + b"\n" + good)
        self.write("s", good)
        self.assertRun(["-c", "long", "s"], 1, "a: OK\na: OK\n",
                       "cnhash: long: 2: line longer than 262144 bytes: refused (checking of this file stopped)\n")
        self.write("edge", good + b"x" * bound + b"\n")
        self.assertRun(["-c", "edge"], 0, "a: OK\n", "cnhash: WARNING: 1 line is improperly formatted\n")
        longest = "SHAKE256 (a) = " + reference("shake256", b"abc", 65536) + "\n"
        self.write("shake", longest.encode())
        self.assertRun(["-c", "shake"], 0, "a: OK\n", "")
        if os.path.exists("/dev/zero"):
            self.assertRun(["-c", "/dev/zero"], 1, "", "cnhash: /dev/zero: 1: line longer than 262144 bytes: "
                           "refused (checking of this file stopped)\n")

    def test_check_file_from_stdin_and_several_check_files(self):
        sums = ("%s  a\n" % keccak(b"abc")).encode()
        self.write("s", sums)
        self.assertRun(["-c"], 0, "a: OK\n", "", stdin=sums)
        self.assertRun(["-c", "-", "s"], 0, "a: OK\na: OK\n", "", stdin=sums)
        self.assertRun(["-cw"], 1, "", "cnhash: 'standard input': 1: improperly formatted KECCAK-256 checksum line\n"
                       "cnhash: 'standard input': no properly formatted checksum lines found\n", stdin=b"junk\n")

    def test_line_naming_stdin_is_improper_when_lines_come_from_stdin(self):
        # sha256sum -c - refuses "HEX  -" (stdin is already the checksum list);
        # cnhash hashed the rest of the list and reported "-: FAILED".
        line = keccak(b"") + "  -\n"
        self.assertRun(["-c", "-w"], 1, "",
                       "cnhash: 'standard input': 1: improperly formatted KECCAK-256 checksum line\n"
                       "cnhash: 'standard input': no properly formatted checksum lines found\n",
                       stdin=line.encode())
        self.write("dashsum", keccak(b"abc").encode() + b"  -\n")
        self.assertRun(["-c", "dashsum"], 0, "-: OK\n", "", stdin=b"abc")

    def test_single_space_form_does_not_mix(self):
        h = keccak(b"abc")
        self.write("r1", ("%s a\n%s  a\n" % (h, h)).encode())  # second line names " a"
        self.assertRun(["-c", "r1"], 1, "a: OK\n a: FAILED open or read\n",
                       "cnhash: ' a': No such file or directory\n"
                       "cnhash: WARNING: 1 listed file could not be read\n")
        self.write("r2", ("%s  a\n%s a\n" % (h, h)).encode())
        self.assertRun(["-c", "r2"], 0, "a: OK\n", "cnhash: WARNING: 1 line is improperly formatted\n")

    def test_openssl_dgst_lines_are_accepted(self):
        self.write("o", ("SHA3-256(a)= %s\n" % reference("sha3-256", b"abc")).encode())
        self.assertRun(["-c", "o"], 0, "a: OK\n", "")

    def test_hash_only_options_refused_in_check_mode_and_back(self):
        try_help = "Try 'cnhash --help' for more information.\n"
        cases = [
            (["-c", "--tag", "x"], "the --tag option is meaningless when verifying checksums"),
            (["-c", "-z", "x"], "the --zero option is not supported when verifying checksums"),
            (["-c", "-b", "x"], "the --binary and --text options are meaningless when verifying checksums"),
            (["-c", "-m", "s", "x"], "the --message and --hex options are meaningless when verifying checksums"),
            (["--tag", "-t", "a"], "--tag does not support --text mode"),
            (["--quiet", "a"], "the --quiet option is meaningful only when verifying checksums"),
            (["--status", "a"], "the --status option is meaningful only when verifying checksums"),
            (["--strict", "a"], "the --strict option is meaningful only when verifying checksums"),
            (["-w", "a"], "the --warn option is meaningful only when verifying checksums"),
            (["--ignore-missing", "a"], "the --ignore-missing option is meaningful only when verifying checksums"),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                self.assertRun(args, 1, "", "cnhash: " + message + "\n" + try_help)


class CoreutilsShapeTest(ToolTestCase):
    """Runs sha256sum and cnhash on the same check files (digests translated) and
    requires the same output apart from the program and algorithm names."""

    def setUp(self):
        super().setUp()
        sha256sum = shutil.which("sha256sum")
        if not sha256sum:
            self.skipTest("sha256sum not found")
        version = subprocess.run([sha256sum, "--version"], stdout=subprocess.PIPE).stdout.decode()
        if not version.startswith("sha256sum (GNU coreutils) 9.1\n"):
            self.skipTest("the recorded shapes are those of GNU coreutils 9.1; found: " + version.splitlines()[0])
        self.sha256sum = sha256sum
        for name, data in {"new\nline": b"1", "back\\slash": b"2", "cr\rx": b"3", "b": b"B"}.items():
            self.write(name, data)

    def translate(self, text):
        """A sha256sum check file -> the same file for cnhash (Keccak-256)."""
        for name in os.listdir(self.dir):
            p = self.path(name)
            if os.path.isfile(p):
                with open(p, "rb") as f:
                    data = f.read()
                sha = hashlib.sha256(data).hexdigest()
                text = text.replace(sha, keccak(data)).replace(sha.upper(), keccak(data).upper())
        return text.replace("SHA256", "KECCAK-256")

    def compare(self, check_text, options):
        self.write("coreutils.sum", check_text.encode())
        self.write("cnhash.sum", self.translate(check_text).encode())
        env = dict(os.environ, LC_ALL="C.UTF-8")
        theirs = subprocess.run(["sha256sum", "-c"] + options + ["coreutils.sum"], cwd=self.dir, env=env,
                                executable=self.sha256sum, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        ours = subprocess.run([CNHASH, "-c"] + options + ["cnhash.sum"], cwd=self.dir, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        expected = (theirs.stdout.decode("utf-8", "surrogateescape").replace("sha256sum", "cnhash")
                    .replace("SHA256", "KECCAK-256").replace("coreutils.sum", "cnhash.sum"))
        self.assertEqual(ours.stdout.decode("utf-8", "surrogateescape"), expected, "options %r" % options)
        self.assertEqual(ours.returncode, theirs.returncode, "options %r" % options)

    def test_same_hash_lines_and_errors_as_sha256sum(self):
        self.write("sp ace", b"s")
        names = ["a", "new\nline", "back\\slash", "cr\rx", "nofile", "dir", "sp ace", "it's", "x\x01y", "-"]
        env = dict(os.environ, LC_ALL="C.UTF-8")
        for options in ([], ["--tag"], ["-z"], ["-b"], ["--tag", "-z"], ["-t"]):
            with self.subTest(options=options):
                theirs = subprocess.run(["sha256sum"] + options + names, cwd=self.dir, env=env, input=b"in",
                                        executable=self.sha256sum, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                ours = subprocess.run([CNHASH] + options + names, cwd=self.dir, env=env, input=b"in",
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                expected = self.translate(theirs.stdout.decode("utf-8", "surrogateescape"))
                expected = expected.replace(hashlib.sha256(b"in").hexdigest(), keccak(b"in"))
                self.assertEqual(ours.stdout.decode("utf-8", "surrogateescape"), expected)
                self.assertEqual(ours.stderr.decode(), theirs.stderr.decode().replace("sha256sum", "cnhash"))
                self.assertEqual(ours.returncode, theirs.returncode)

    def test_same_output_as_sha256sum(self):
        def sha(data):
            return hashlib.sha256(data).hexdigest()
        good = "".join(l for l in subprocess.run([self.sha256sum, "a", "new\nline", "back\\slash", "cr\rx"],
                                                 cwd=self.dir, stdout=subprocess.PIPE).stdout.decode())
        tagged = subprocess.run([self.sha256sum, "--tag", "a", "new\nline"], cwd=self.dir,
                                stdout=subprocess.PIPE).stdout.decode()
        bad = good + tagged + "\n".join([
            "garbage", sha(b"B") + "  a", sha(b"abc") + "  nofile", sha(b"abc") + "  dir", "# c", "",
            sha(b"abc")[:-1] + "  a", sha(b"abc") + "X  a", "   #" + sha(b"abc") + "  a",
            "\\" + sha(b"abc") + "  \\q", sha(b"abc") + "  a\r\r", "SHA256 (a) =", "SHA256  (a) = " + sha(b"abc"),
            "SHA256(a)=" + sha(b"abc").upper(), "  " + sha(b"abc") + " *a"]) + "\n"
        option_sets = [[], ["--quiet"], ["--status"], ["-w"], ["--strict"], ["--ignore-missing"],
                       ["--status", "--strict"], ["--warn", "--quiet"], ["--quiet", "--status"],
                       ["--status", "--warn"], ["--ignore-missing", "--status"]]
        for text in (good, tagged, bad, "junk\n", "", sha(b"abc") + "  nofile\n",
                     sha(b"abc") + " a\n" + sha(b"abc") + "  a\n", sha(b"abc") + "  a\n" + sha(b"abc") + " a\n",
                     sha(b"x") + "  a\n", sha(b"abc") + "  a\njunk\n"):
            # Every option set on the file with every kind of line, the main ones on the others.
            for options in option_sets if text is bad else option_sets[:6]:
                with self.subTest(text=text, options=options):
                    self.compare(text, options)


def main():
    global CNHASH
    if len(sys.argv) < 2:
        sys.exit("usage: cnhash_test.py PATH/TO/cnhash [unittest options]")
    CNHASH = os.path.abspath(sys.argv.pop(1))
    if not os.access(CNHASH, os.X_OK):
        sys.exit("cnhash_test.py: %s is not an executable" % CNHASH)
    if cryptodome_keccak is None:
        sys.exit("cnhash_test.py: pycryptodome is missing (Debian package python3-pycryptodome, "
                 "module 'Cryptodome'); it gives the Keccak-256 expected values")
    unittest.main(verbosity=1)


if __name__ == "__main__":
    main()
