// The .keys reader's and writer's file handling (issue 19): load_keys_file on
// missing, directory, unreadable, endless, oversized, empty, cut and extended
// files; store_keys_file onto an existing file, a symlink, a directory, a
// missing directory, and a failing write. Expected kinds and messages come
// from the contract in cryptonote/wallet_keys_file.h (io: "cannot read / write
// the .keys file: reason" with the path left to the caller; truncated and
// bad_format as parse_keys_file_data documents them), the reasons from the C
// library's strerror, and the layout iv (8 bytes) || varint(n) || n bytes from
// Monero's keys_file_data. The files are made by store_keys_buf, so no
// ../shared data is needed.
#include "cryptonote/wallet_keys_file.h"

#include "crypto/random.h"

#include <boost/test/unit_test.hpp>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>

namespace fs = std::filesystem;
using kind = cncrypto::keys_file_error_kind;

namespace {

// The kind and message of the keys_file_error f throws (a test failure if none).
struct refusal {
  kind k = kind::io;
  std::string message;
};

template <typename F>
refusal refused(F f) {
  try {
    f();
  } catch (const cncrypto::keys_file_error &e) {
    return {e.error_kind(), e.what()};
  }
  BOOST_FAIL("no keys_file_error thrown");
  return {};
}

bool contains(const std::string &s, const std::string &part) { return s.find(part) != std::string::npos; }

// A fresh directory under the system's temporary directory, removed with
// everything in it (permissions restored first) at the end of the test.
struct temp_dir {
  fs::path path;
  temp_dir() {
    path = fs::temp_directory_path() / ("cncrypto_keys_io_" + std::to_string(crypto::rand<std::uint32_t>()));
    fs::create_directory(path);
  }
  ~temp_dir() {
    std::error_code ec;
    for (const auto &e : fs::recursive_directory_iterator(path, ec)) {
      if (!e.is_symlink()) fs::permissions(e.path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    fs::remove_all(path, ec);
  }
  std::string file(const std::string &name) const { return (path / name).string(); }
};

void write_bytes(const std::string &path, const std::string &bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  BOOST_REQUIRE_MESSAGE(f.good(), "cannot write the test file " << path);
}

std::string read_bytes(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// A .keys file of a new wallet under password "pw", and its keys.
struct sample_wallet {
  cryptonote::account_base account;
  std::string file;
  sample_wallet() {
    account.generate();
    file = cncrypto::store_keys_buf(account.get_keys(), cryptonote::MAINNET, "pw");
  }
};

// Whether chmod 000 stops this process from reading a file (not so for root
// or with CAP_DAC_OVERRIDE): a probe file is made unreadable and opened.
bool chmod_denies_reading() {
  const fs::path probe = fs::temp_directory_path() / ("cncrypto_chmod_probe_" + std::to_string(::getpid()));
  { std::ofstream(probe) << "x"; }
  std::error_code ec;
  fs::permissions(probe, fs::perms::none, ec);
  const bool denied = !ec && !std::ifstream(probe);
  fs::remove(probe, ec);
  return denied;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(wallet_keys_file_io)

// keys_file_error carries its kind and message (the header's class contract)
// and is a std::runtime_error, as callers catch it.
BOOST_AUTO_TEST_CASE(error_class) {
  for (const kind k : {kind::io, kind::truncated, kind::bad_format, kind::wrong_password, kind::keys_mismatch,
                       kind::unsupported}) {
    const cncrypto::keys_file_error e(k, "why");
    BOOST_CHECK(e.error_kind() == k);
    BOOST_CHECK_EQUAL(std::string(e.what()), "why");
    const std::runtime_error &base = e;
    BOOST_CHECK_EQUAL(std::string(base.what()), "why");
  }
  BOOST_CHECK(noexcept(std::declval<const cncrypto::keys_file_error &>().error_kind()));
}

// load_keys_file on paths that are no readable file: io, "cannot read the
// .keys file: <strerror>" (header), the path not repeated; the read error of
// /proc/self/mem (Linux: reading address 0 fails with EIO) is the "read
// error" case.
BOOST_AUTO_TEST_CASE(load_unreadable_paths) {
  temp_dir dir;
  refusal r = refused([&] { cncrypto::load_keys_file(dir.file("missing.keys"), "pw"); });
  BOOST_CHECK(r.k == kind::io);
  BOOST_CHECK_EQUAL(r.message, std::string("cannot read the .keys file: ") + std::strerror(ENOENT));

  r = refused([&] { cncrypto::load_keys_file(dir.file("no/such/dir/x.keys"), "pw"); });
  BOOST_CHECK(r.k == kind::io);
  BOOST_CHECK_EQUAL(r.message, std::string("cannot read the .keys file: ") + std::strerror(ENOENT));

  r = refused([&] { cncrypto::load_keys_file(dir.path.string(), "pw"); });
  BOOST_CHECK(r.k == kind::io);
  BOOST_CHECK_EQUAL(r.message, "cannot read the .keys file: Is a directory");

  // A path with a control byte and a directory name: neither is in the message.
  const std::string odd = dir.file("bad\x1b[2Jname.keys");
  r = refused([&] { cncrypto::load_keys_file(odd, "pw"); });
  BOOST_CHECK(r.k == kind::io);
  BOOST_CHECK(!contains(r.message, "cncrypto_keys_io_") && !contains(r.message, "\x1b"));

  if (fs::exists("/proc/self/mem")) {
    r = refused([] { cncrypto::load_keys_file("/proc/self/mem", "pw"); });
    BOOST_CHECK(r.k == kind::io);
    BOOST_CHECK_EQUAL(r.message, "cannot read the .keys file: read error");
  } else {
    BOOST_TEST_MESSAGE("no /proc/self/mem: the read-error case is not checked");
  }
}

// A file of exactly max_keys_file_size bytes is read (and refused for its
// layout: 8 zero IV bytes, varint 0, then bytes after the 0-byte data); one
// byte more, or an endless /dev/zero, is bad_format "more than 104857600
// bytes" (header: 100 MiB), with no path in the message. Sparse files: no
// disk space used.
BOOST_AUTO_TEST_CASE(load_size_limit) {
  BOOST_CHECK_EQUAL(cncrypto::max_keys_file_size, std::size_t(104857600));
  temp_dir dir;
  const std::string at_limit = dir.file("at_limit.keys"), over = dir.file("over.keys");
  write_bytes(at_limit, "");
  fs::resize_file(at_limit, cncrypto::max_keys_file_size);
  refusal r = refused([&] { cncrypto::load_keys_file(at_limit, "pw"); });
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK_EQUAL(r.message, "not a Monero .keys file: its length field (byte 8) says 0 bytes of encrypted data, "
                               "but " + std::to_string(cncrypto::max_keys_file_size - 9) + " more bytes follow them");
  fs::remove(at_limit);

  const std::string too_large = "the .keys file has more than 104857600 bytes: not a .keys file (a few KiB)";
  write_bytes(over, "");
  fs::resize_file(over, cncrypto::max_keys_file_size + 1);
  r = refused([&] { cncrypto::load_keys_file(over, "pw"); });
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK_EQUAL(r.message, too_large);

  if (fs::exists("/dev/zero")) {
    r = refused([] { cncrypto::load_keys_file("/dev/zero", "pw"); });
    BOOST_CHECK(r.k == kind::bad_format);
    BOOST_CHECK_EQUAL(r.message, too_large);
  }
}

// Empty, cut and extended files on disk: the kinds and messages of
// parse_keys_file_data's contract, through load_keys_file. The length n of a
// store_keys_buf file takes a 2-byte varint (a few hundred bytes of JSON),
// decoded here by hand (LEB128) and checked against the file size.
BOOST_AUTO_TEST_CASE(load_cut_and_extended_files) {
  sample_wallet w;
  const std::string &file = w.file;
  BOOST_REQUIRE(file.size() > 10);
  const auto b8 = static_cast<unsigned char>(file[8]), b9 = static_cast<unsigned char>(file[9]);
  BOOST_REQUIRE((b8 & 0x80) != 0 && (b9 & 0x80) == 0);
  const std::size_t n = (b8 & 0x7fu) | (std::size_t(b9) << 7);
  BOOST_REQUIRE_EQUAL(n, file.size() - 10);

  temp_dir dir;
  const std::string path = dir.file("w.keys");
  auto load = [&](const std::string &bytes) {
    write_bytes(path, bytes);
    return refused([&] { cncrypto::load_keys_file(path, "pw"); });
  };
  write_bytes(path, file);
  BOOST_CHECK(cncrypto::load_keys_file(path, "pw").keys.m_spend_secret_key == w.account.get_keys().m_spend_secret_key);

  refusal r = load("");
  BOOST_CHECK(r.k == kind::truncated);
  BOOST_CHECK_EQUAL(r.message, "empty file: not a Monero .keys file");
  for (const std::size_t cut : {1u, 7u}) {
    r = load(file.substr(0, cut));
    BOOST_CHECK(r.k == kind::truncated);
    BOOST_CHECK_EQUAL(r.message, "the file has " + std::to_string(cut) +
                                     " bytes: too short for a .keys file (8-byte IV, length, encrypted data)");
  }
  for (const std::size_t cut : {8u, 9u}) {  // no length byte; the first of its two
    r = load(file.substr(0, cut));
    BOOST_CHECK(r.k == kind::truncated);
    BOOST_CHECK_EQUAL(r.message, "the length of the encrypted data (varint at byte 8) is cut off: the file is truncated");
  }
  for (const std::size_t cut : {std::size_t(10), std::size_t(11), file.size() / 2, file.size() - 1}) {
    r = load(file.substr(0, cut));
    BOOST_CHECK(r.k == kind::truncated);
    BOOST_CHECK_EQUAL(r.message, "the file says " + std::to_string(n) + " bytes of encrypted data follow, but only " +
                                     std::to_string(cut - 10) + " do: the file is truncated (or not a .keys file)");
  }
  for (const std::size_t extra : {1u, 3u}) {
    r = load(file + std::string(extra, '\0'));
    BOOST_CHECK(r.k == kind::bad_format);
    BOOST_CHECK_EQUAL(r.message, "not a Monero .keys file: its length field (byte 8) says " + std::to_string(n) +
                                     " bytes of encrypted data, but " + std::to_string(extra) +
                                     " more bytes follow them");
  }
}

// Length varints that are not canonical (a redundant 0x00 group: n written in
// 3 bytes; 0 written as 80 00) or overflow 64 bits (ff x 9, 02): bad_format
// with the varint reason (spec cryptonote_format.md section 1: one encoding
// per value), even when the length they spell matches the data.
BOOST_AUTO_TEST_CASE(load_bad_length_varints) {
  sample_wallet w;
  const std::string &file = w.file;
  const std::size_t n = file.size() - 10;
  BOOST_REQUIRE(n >= 128 && n < 16384);
  const std::string iv = file.substr(0, 8), data = file.substr(10);
  const std::string three{static_cast<char>((n & 0x7f) | 0x80), static_cast<char>((n >> 7) | 0x80), '\0'};
  temp_dir dir;
  const std::string path = dir.file("w.keys");
  const std::string prefix = "the length of the encrypted data (varint at byte 8) ";
  for (const std::string &bad : {iv + three + data, iv + std::string("\x80\x00", 2),
                                 iv + std::string("\x80\x00", 2) + data}) {
    write_bytes(path, bad);
    const refusal r = refused([&] { cncrypto::load_keys_file(path, "pw"); });
    BOOST_CHECK(r.k == kind::bad_format);
    BOOST_CHECK_EQUAL(r.message, prefix + "non-canonical varint (redundant trailing 0x00 byte)");
  }
  write_bytes(path, iv + std::string(9, '\xff') + "\x02" + data);
  const refusal r = refused([&] { cncrypto::load_keys_file(path, "pw"); });
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK_EQUAL(r.message, prefix + "varint overflows a 64-bit field");
}

// store_keys_file makes a new file with mode 0600 (less the umask) that loads
// back, and never replaces anything: an existing file (its bytes unchanged),
// a symlink (not followed, its target not made), a directory, a path in a
// missing directory. Messages as the header gives them, without the path.
BOOST_AUTO_TEST_CASE(store_refusals) {
  sample_wallet w;
  const cryptonote::account_keys &keys = w.account.get_keys();
  temp_dir dir;
  auto store = [&](const std::string &path) {
    return refused([&] { cncrypto::store_keys_file(path, keys, cryptonote::MAINNET, "pw"); });
  };

  const std::string fresh = dir.file("fresh.keys");
  cncrypto::store_keys_file(fresh, keys, cryptonote::MAINNET, "pw");
  const mode_t mask = ::umask(0);
  ::umask(mask);
  struct stat st {};
  BOOST_REQUIRE_EQUAL(::stat(fresh.c_str(), &st), 0);
  BOOST_CHECK_EQUAL(st.st_mode & 07777, 0600 & ~mask);
  BOOST_CHECK(cncrypto::load_keys_file(fresh, "pw").keys.m_view_secret_key == keys.m_view_secret_key);

  const std::string exists = "cannot write the .keys file: it exists (an existing file is never replaced)";
  const std::string precious = dir.file("precious.keys");
  write_bytes(precious, "precious bytes");
  refusal r = store(precious);
  BOOST_CHECK(r.k == kind::io);
  BOOST_CHECK_EQUAL(r.message, exists);
  BOOST_CHECK_EQUAL(read_bytes(precious), "precious bytes");
  // Our own file too: refused, the same bytes stay.
  const std::string before = read_bytes(fresh);
  BOOST_CHECK(store(fresh).k == kind::io);
  BOOST_CHECK(read_bytes(fresh) == before);

  const std::string link = dir.file("link.keys"), target = dir.file("target.keys");
  fs::create_symlink(target, link);
  r = store(link);
  BOOST_CHECK(r.k == kind::io);
  BOOST_CHECK_EQUAL(r.message, exists);
  BOOST_CHECK(!fs::exists(target));

  const std::string sub = dir.file("sub");
  fs::create_directory(sub);
  r = store(sub);
  BOOST_CHECK(r.k == kind::io);
  BOOST_CHECK_EQUAL(r.message, "cannot write the .keys file: it is a directory");
  BOOST_CHECK(fs::is_empty(sub));

  const std::string missing = dir.file("no/such/dir/w.keys");
  r = store(missing);
  BOOST_CHECK(r.k == kind::io);
  BOOST_CHECK_EQUAL(r.message, std::string("cannot write the .keys file: ") + std::strerror(ENOENT));
  BOOST_CHECK(!fs::exists(dir.file("no")));

  // Bad arguments (kdf_rounds 0, no Monero language, a network other than the
  // three the header names) are refused by store_keys_buf before any file is made.
  const std::string unmade = dir.file("unmade.keys");
  BOOST_CHECK_THROW(cncrypto::store_keys_file(unmade, keys, cryptonote::MAINNET, "pw", 0), std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::store_keys_file(unmade, keys, cryptonote::MAINNET, "pw", 1, "Klingon"),
                    std::invalid_argument);
  BOOST_CHECK_THROW(cncrypto::store_keys_file(unmade, keys, cryptonote::FAKECHAIN, "pw"), std::invalid_argument);
  BOOST_CHECK(!fs::exists(unmade));
}

// A write that fails part way (RLIMIT_FSIZE of 64 bytes with SIGXFSZ ignored:
// write() then fails with EFBIG) is io "cannot write the .keys file: File too
// large" (strerror(EFBIG)), and the partial file is removed. The limit is
// lowered only around the one call (no test output in between) and restored.
BOOST_AUTO_TEST_CASE(store_write_failure) {
  sample_wallet w;
  temp_dir dir;
  const std::string path = dir.file("partial.keys");
  rlimit old{};
  BOOST_REQUIRE_EQUAL(::getrlimit(RLIMIT_FSIZE, &old), 0);
  BOOST_REQUIRE(old.rlim_cur == RLIM_INFINITY || old.rlim_cur > 64);
  rlimit small = old;
  small.rlim_cur = 64;
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  BOOST_REQUIRE(old_handler != SIG_ERR);
  refusal r;
  bool threw = false;
  if (::setrlimit(RLIMIT_FSIZE, &small) == 0) {
    try {
      cncrypto::store_keys_file(path, w.account.get_keys(), cryptonote::MAINNET, "pw");
    } catch (const cncrypto::keys_file_error &e) {
      r = {e.error_kind(), e.what()};
      threw = true;
    }
    ::setrlimit(RLIMIT_FSIZE, &old);
  }
  std::signal(SIGXFSZ, old_handler);
  BOOST_REQUIRE_MESSAGE(threw, "store_keys_file did not fail under a 64-byte file size limit");
  BOOST_CHECK(r.k == kind::io);
  BOOST_CHECK_EQUAL(r.message, std::string("cannot write the .keys file: ") + std::strerror(EFBIG));
  BOOST_CHECK(!fs::exists(path));
}

// Without permission: a file over the size limit is refused from its size
// before it is opened (header: "before it is read"), so bad_format even when
// unreadable (checked for every user). Where chmod stops this process (not
// root, see chmod_denies_reading) also: a chmod 000 .keys file is io with
// strerror(EACCES), and a read-only directory refuses a new file (EACCES)
// and stays empty; as root those two are only logged as not checkable, so
// that a root run of wallet_tests is not reported as skipped for them.
BOOST_AUTO_TEST_CASE(permission_denied) {
  sample_wallet w;
  temp_dir dir;
  refusal r;
  const std::string huge = dir.file("huge.keys");
  write_bytes(huge, "");
  fs::resize_file(huge, cncrypto::max_keys_file_size + 1);
  fs::permissions(huge, fs::perms::none);
  r = refused([&] { cncrypto::load_keys_file(huge, "pw"); });
  BOOST_CHECK(r.k == kind::bad_format);
  BOOST_CHECK_EQUAL(r.message, "the .keys file has more than 104857600 bytes: not a .keys file (a few KiB)");

  if (!chmod_denies_reading()) {
    BOOST_TEST_MESSAGE("this process reads chmod 000 files (root?): the EACCES cases need a non-root user");
    return;
  }
  const std::string locked = dir.file("locked.keys");
  write_bytes(locked, w.file);
  fs::permissions(locked, fs::perms::none);
  r = refused([&] { cncrypto::load_keys_file(locked, "pw"); });
  BOOST_CHECK(r.k == kind::io);
  BOOST_CHECK_EQUAL(r.message, std::string("cannot read the .keys file: ") + std::strerror(EACCES));

  const std::string ro = dir.file("ro");
  fs::create_directory(ro);
  fs::permissions(ro, fs::perms::owner_read | fs::perms::owner_exec);
  r = refused([&] { cncrypto::store_keys_file(ro + "/w.keys", w.account.get_keys(), cryptonote::MAINNET, "pw"); });
  BOOST_CHECK(r.k == kind::io);
  BOOST_CHECK_EQUAL(r.message, std::string("cannot write the .keys file: ") + std::strerror(EACCES));
  BOOST_CHECK(fs::is_empty(ro));
}

BOOST_AUTO_TEST_SUITE_END()
