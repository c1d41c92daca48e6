// cnhash: print or check Keccak-256 (cn_fast_hash), SHA-3 and SHAKE checksums,
// with the command line and output formats of coreutils sha256sum (9.1).
// A thin front end: argument parsing and printing here, hashing in the library
// (crypto/sponge.h), line formats in tools/checksum_text.h. Documented in docs/cnhash.md.

#include <fcntl.h>
#include <getopt.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "common/hex.h"
#include "hash/keccak_permutation.h"
#include "crypto/sponge.h"
#include "checksum_text.h"

#ifndef CNCRYPTO_VERSION
#error "CNCRYPTO_VERSION must be defined by the build"
#endif

namespace {

using cncrypto::tools::checksum_line;
using cncrypto::tools::checksum_line_parser;
using cncrypto::tools::escape_name;
using cncrypto::tools::max_xof_length;
using cncrypto::tools::name_needs_escape;
using cncrypto::tools::quote_name;
using cncrypto::keccak_algorithm_info;

constexpr std::size_t read_chunk_size = 64 * 1024;

// Long options without a short form.
enum : int {
  opt_ignore_missing = 256,
  opt_info,
  opt_list,
  opt_quiet,
  opt_status,
  opt_strict,
  opt_tag,
  opt_help,
  opt_version,
};

// -m STRING or -x HEX, in command-line order.
struct literal_input {
  std::string shown_name;
  std::vector<std::uint8_t> bytes;
};

enum class verbosity { normal, quiet, status_only, warn };

struct options {
  const keccak_algorithm_info *algorithm = nullptr;
  std::size_t length = 0;  // output bytes; 0 until resolved
  bool length_given = false;
  bool check = false;
  bool tag = false;
  bool zero = false;
  bool binary = false;
  bool mode_given = false;  // -b or -t
  bool text_given = false;  // -t
  verbosity verbose = verbosity::normal;  // the last of --quiet, --status, --warn wins
  bool quiet_given = false, status_given = false, warn_given = false;
  bool strict = false;
  bool ignore_missing = false;
  std::vector<literal_input> literals;
  std::vector<std::string> files;
};

// A command-line argument in a message, always in quotes (coreutils' quote()).
std::string quote_argument(std::string_view text) {
  std::string quoted = quote_name(text);
  return quoted.front() == '\'' || quoted.front() == '"' ? quoted : "'" + quoted + "'";
}

// Diagnostics go to stderr after flushing stdout, so both streams keep their
// order when they share a file (as coreutils does).
void print_error(const std::string &text) {
  std::fflush(stdout);
  std::fprintf(stderr, "cnhash: %s\n", text.c_str());
}

[[noreturn]] void usage_error(const std::string &text) {
  print_error(text);
  std::fputs("Try 'cnhash --help' for more information.\n", stderr);
  std::exit(EXIT_FAILURE);
}

[[noreturn]] void fatal_error(const std::string &text) {
  print_error(text);
  std::exit(EXIT_FAILURE);
}

void write_bytes(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); }

// errno of the first failed flush of stdout (0: none), for close_stdout()'s message.
int first_write_error = 0;

// Sends the buffered output lines now.
void flush_lines() {
  if (std::fflush(stdout) != 0 && first_write_error == 0) first_write_error = errno;
}

void print_help() {
  std::printf(
      "Usage: cnhash [OPTION]... [FILE]...\n"
      "Print or check Keccak-256 (cn_fast_hash), SHA-3 or SHAKE checksums.\n"
      "\n"
      "With no FILE, or when FILE is -, read standard input.\n"
      "  -a, --algorithm=NAME  keccak-256 (the default; alias cn_fast_hash), sha3-224,\n"
      "                          sha3-256, sha3-384, sha3-512, shake128, shake256\n"
      "  -l, --length=BYTES    SHAKE output length in bytes, 1 to %zu\n"
      "                          (default 32 for shake128, 64 for shake256)\n"
      "  -m, --message=STRING  hash STRING itself (printed as \"STRING\"); repeatable\n"
      "  -x, --hex=HEX         hash the bytes written in HEX (printed as 0xHEX); repeatable\n"
      "  -b, --binary          mark lines with '*' (binary mode; no other effect)\n"
      "  -c, --check           read checksums from the FILEs and check them\n"
      "      --tag             create a BSD-style checksum: ALGO (NAME) = HEX\n"
      "  -t, --text            mark lines with ' ' (text mode, the default)\n"
      "  -z, --zero            end each output line with NUL, not newline,\n"
      "                          and disable file name escaping\n"
      "      --list            list the algorithms and exit\n"
      "      --info            print the active Keccak-f[1600] implementation and exit\n"
      "\n"
      "The following five options are useful only when verifying checksums:\n"
      "      --ignore-missing  don't fail or report status for missing files\n"
      "      --quiet           don't print OK for each successfully verified file\n"
      "      --status          don't output anything, status code shows success\n"
      "      --strict          exit non-zero for improperly formatted checksum lines\n"
      "  -w, --warn            warn about improperly formatted checksum lines\n"
      "\n"
      "      --help            display this help and exit\n"
      "      --version         output version information and exit\n"
      "\n"
      "keccak-256 is the original Keccak padding used by Monero (cn_fast_hash); it is\n"
      "NOT sha3-256 and gives different digests. In check mode, untagged lines use\n"
      "the -a algorithm; tagged lines (ALGO (NAME) = HEX) name their own.\n"
      "Exit status: 0 on success, 1 if any file could not be read, any checksum did\n"
      "not match, or the command line was wrong. See docs/cnhash.md.\n",
      max_xof_length);
}

void print_list() {
  std::size_t count = 0;
  const keccak_algorithm_info *algorithms = cncrypto::keccak_algorithms(count);
  for (std::size_t i = 0; i < count; ++i) {
    const keccak_algorithm_info &a = algorithms[i];
    std::string note;
    if (a.xof) {
      note = "extendable output, default " + std::to_string(a.output_size) + " bytes (-l)";
    } else {
      note = std::to_string(a.output_size) + "-byte digest";
    }
    if (a.id == cncrypto::keccak_algorithm::keccak_256) {
      note += ", Monero's cn_fast_hash (alias cn_fast_hash), the default";
    }
    std::printf("%-12.*s%s\n", static_cast<int>(a.name.size()), a.name.data(), note.c_str());
  }
}

// The implementation in use, then every one compiled in. Throws (CNCRYPTO_KECCAK_IMPL
// naming an unknown or unusable implementation) before printing anything.
void print_info() {
  const char *active = crypto::keccak_implementation_name();
  std::printf("keccak-f[1600] implementation: %s\n", active);
  std::size_t count = 0;
  const crypto::keccak_permutation *const *all = crypto::keccak_permutations(count);
  std::string compiled;
  for (std::size_t i = 0; i < count; ++i) {
    compiled += std::string(i ? ", " : "") + all[i]->name + (all[i]->available() ? "" : " (not on this CPU)");
  }
  std::printf("compiled in: %s\n", compiled.c_str());
  std::printf("(the environment variable CNCRYPTO_KECCAK_IMPL=NAME forces one)\n");
}

const keccak_algorithm_info &parse_algorithm(const char *name) {
  const keccak_algorithm_info *found = cncrypto::find_keccak_algorithm(name);
  if (found) return *found;
  std::string valid;
  std::size_t count = 0;
  const keccak_algorithm_info *algorithms = cncrypto::keccak_algorithms(count);
  for (std::size_t i = 0; i < count; ++i) {
    valid += (i ? ", " : "") + std::string(algorithms[i].name);
    if (algorithms[i].id == cncrypto::keccak_algorithm::keccak_256) valid += " (cn_fast_hash)";
  }
  usage_error("invalid argument " + quote_argument(name) + " for '--algorithm'; valid names: " + valid);
}

std::size_t parse_length(const char *text) {
  const std::string_view s(text);
  bool digits = !s.empty() && s.size() <= 20;
  for (char c : s) digits = digits && c >= '0' && c <= '9';
  unsigned long long value = digits ? std::strtoull(text, nullptr, 10) : 0;
  if (!digits || value == 0 || value > max_xof_length) {
    usage_error("invalid length: " + quote_argument(s) + " (the SHAKE output length is 1 to " +
                std::to_string(max_xof_length) + " bytes)");
  }
  return static_cast<std::size_t>(value);
}

literal_input message_literal(const char *text) {
  literal_input input;
  input.shown_name = '"' + std::string(text) + '"';
  input.bytes.assign(text, text + std::strlen(text));
  return input;
}

literal_input parse_hex_literal(const char *text) {
  literal_input input;
  std::string reason;
  if (!cncrypto::hex_decode(text, input.bytes, &reason)) {
    fatal_error("invalid --hex argument " + quote_argument(text) + ": " + reason);
  }
  input.shown_name = "0x" + cncrypto::hex_encode(input.bytes.data(), input.bytes.size());
  return input;
}

options parse_command_line(int argc, char **argv) {
  static const struct option long_options[] = {
      {"algorithm", required_argument, nullptr, 'a'},
      {"binary", no_argument, nullptr, 'b'},
      {"check", no_argument, nullptr, 'c'},
      {"hex", required_argument, nullptr, 'x'},
      {"ignore-missing", no_argument, nullptr, opt_ignore_missing},
      {"info", no_argument, nullptr, opt_info},
      {"length", required_argument, nullptr, 'l'},
      {"list", no_argument, nullptr, opt_list},
      {"message", required_argument, nullptr, 'm'},
      {"quiet", no_argument, nullptr, opt_quiet},
      {"status", no_argument, nullptr, opt_status},
      {"strict", no_argument, nullptr, opt_strict},
      {"tag", no_argument, nullptr, opt_tag},
      {"text", no_argument, nullptr, 't'},
      {"warn", no_argument, nullptr, 'w'},
      {"zero", no_argument, nullptr, 'z'},
      {"help", no_argument, nullptr, opt_help},
      {"version", no_argument, nullptr, opt_version},
      {nullptr, 0, nullptr, 0},
  };
  options o;
  bool list = false, info = false;
  int c;
  // getopt_long gives exactly the coreutils conventions: combined short options,
  // -l32 / -l 32 / --length=32, unambiguous long-option prefixes, "--", "-" as
  // an operand and options after operands (unless POSIXLY_CORRECT is set).
  while ((c = getopt_long(argc, argv, "a:bcl:m:tx:wz", long_options, nullptr)) != -1) {
    switch (c) {
      case 'a': o.algorithm = &parse_algorithm(optarg); break;
      case 'b': o.binary = true; o.mode_given = true; o.text_given = false; break;
      case 't': o.binary = false; o.mode_given = true; o.text_given = true; break;
      case 'c': o.check = true; break;
      case 'l': o.length = parse_length(optarg); o.length_given = true; break;
      case 'm': o.literals.push_back(message_literal(optarg)); break;
      case 'x': o.literals.push_back(parse_hex_literal(optarg)); break;
      case 'w': o.verbose = verbosity::warn; o.warn_given = true; break;
      case 'z': o.zero = true; break;
      case opt_quiet: o.verbose = verbosity::quiet; o.quiet_given = true; break;
      case opt_status: o.verbose = verbosity::status_only; o.status_given = true; break;
      case opt_strict: o.strict = true; break;
      case opt_ignore_missing: o.ignore_missing = true; break;
      case opt_tag: o.tag = true; break;
      case opt_list: list = true; break;
      case opt_info: info = true; break;
      case opt_help: print_help(); std::exit(EXIT_SUCCESS);
      case opt_version: std::printf("cnhash (cncrypto) %s\n", CNCRYPTO_VERSION); std::exit(EXIT_SUCCESS);
      default:  // getopt_long already printed "cnhash: invalid option -- 'q'" or similar
        std::fputs("Try 'cnhash --help' for more information.\n", stderr);
        std::exit(EXIT_FAILURE);
    }
  }
  for (int i = optind; i < argc; ++i) o.files.emplace_back(argv[i]);

  if (list) {
    print_list();
    std::exit(EXIT_SUCCESS);
  }
  if (info) {
    print_info();
    std::exit(EXIT_SUCCESS);
  }

  if (!o.algorithm) o.algorithm = &cncrypto::algorithm_info(cncrypto::keccak_algorithm::keccak_256);
  if (o.length_given && !o.algorithm->xof) {
    usage_error("--length applies only to shake128 and shake256; " + std::string(o.algorithm->name) +
                " has a fixed " + std::to_string(o.algorithm->output_size) + "-byte digest");
  }
  if (!o.length_given) o.length = o.algorithm->output_size;

  // The same refusals, in the same words, as sha256sum.
  if (o.tag && o.text_given) usage_error("--tag does not support --text mode");
  if (o.check) {
    if (o.zero) usage_error("the --zero option is not supported when verifying checksums");
    if (o.tag) usage_error("the --tag option is meaningless when verifying checksums");
    if (o.mode_given) usage_error("the --binary and --text options are meaningless when verifying checksums");
    if (!o.literals.empty()) usage_error("the --message and --hex options are meaningless when verifying checksums");
  } else {
    const char *check_only = nullptr;
    if (o.ignore_missing) check_only = "--ignore-missing";
    else if (o.status_given) check_only = "--status";
    else if (o.warn_given) check_only = "--warn";
    else if (o.quiet_given) check_only = "--quiet";
    else if (o.strict) check_only = "--strict";
    if (check_only) {
      usage_error(std::string("the ") + check_only + " option is meaningful only when verifying checksums");
    }
  }
  if (o.files.empty() && (o.check || o.literals.empty())) o.files.emplace_back("-");
  return o;
}

// Absorbs everything readable from fd into the hasher, read_chunk_size bytes
// at a time (memory stays flat for any input size). Returns 0 or an errno value.
int absorb_fd(int fd, cncrypto::keccak_hasher &hasher) {
  static std::uint8_t buffer[read_chunk_size];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      hasher.update(buffer, static_cast<std::size_t>(n));
    } else if (n == 0) {
      return 0;
    } else if (errno != EINTR) {
      return errno;
    }
  }
}

// Hashes the file called name ("-" is standard input) into digest (length
// bytes). Returns 0, or the errno value of the failed open or read.
int digest_file(const std::string &name, const keccak_algorithm_info &algorithm, std::size_t length,
                std::vector<std::uint8_t> &digest) {
  const bool is_stdin = name == "-";
  int fd = 0;
  if (!is_stdin) {
    fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) return errno;
  }
  (void)::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
  cncrypto::keccak_hasher hasher(algorithm.id);
  int error = absorb_fd(fd, hasher);
  if (!is_stdin && ::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) return error;
  digest.resize(length);
  hasher.finalize(digest.data(), length);
  return 0;
}

void print_checksum_line(const options &o, const std::vector<std::uint8_t> &digest, std::string_view name) {
  const bool escape = !o.zero && name_needs_escape(name);
  const std::string shown = escape ? escape_name(name) : std::string(name);
  const std::string hex = cncrypto::hex_encode(digest.data(), digest.size());
  std::string line = escape ? "\\" : "";
  if (o.tag) {
    line += std::string(o.algorithm->tag_name) + " (" + shown + ") = " + hex;
  } else {
    line += hex + (o.binary ? " *" : "  ") + shown;
  }
  line += o.zero ? '\0' : '\n';
  write_bytes(line);
  // Each newline-terminated line goes out as soon as its input is hashed, as
  // sha256sum does: a reader sees progress, and `cnhash FILES | head -1` stops
  // at the first write to the closed pipe instead of hashing every FILE.
  if (!o.zero) flush_lines();
}

bool run_hash_mode(const options &o) {
  bool ok = true;
  std::vector<std::uint8_t> digest(o.length);
  for (const literal_input &input : o.literals) {
    cncrypto::keccak_hasher hasher(o.algorithm->id);
    hasher.update(input.bytes.data(), input.bytes.size());
    hasher.finalize(digest.data(), digest.size());
    print_checksum_line(o, digest, input.shown_name);
  }
  for (const std::string &file : o.files) {
    const int error = digest_file(file, *o.algorithm, o.length, digest);
    if (error != 0) {
      print_error(quote_name(file) + ": " + std::strerror(error));
      ok = false;
      continue;
    }
    print_checksum_line(o, digest, file);
  }
  return ok;
}

// A name in a check-mode report ("NAME: OK"): coreutils escapes it only when it
// holds a newline.
void print_check_result(std::string_view name, const char *result) {
  std::string line;
  if (name.find('\n') != std::string_view::npos) {
    line = "\\" + escape_name(name);
  } else {
    line.assign(name);
  }
  line += ": ";
  line += result;
  line += '\n';
  write_bytes(line);
  flush_lines();  // one report per line as it is known, as sha256sum -c
}

std::string lowercase(std::string text) {
  for (char &c : text) {
    if (c >= 'A' && c <= 'F') c = static_cast<char>(c - 'A' + 'a');
  }
  return text;
}

std::string count_message(std::size_t n, const char *one, const char *many) {
  return "WARNING: " + std::to_string(n) + " " + (n == 1 ? one : many);
}

// The longest checksum line -c reads (newline excluded), 256 KiB: the longest line
// cnhash writes is a SHAKE digest of max_xof_length (65536) bytes, 131072 hex digits,
// plus a name (an escaped path of up to 4096 bytes doubles to 8192). sha256sum reads
// lines of any length; a longer line here is an error (docs/cnhash.md), so that
// `cnhash -c /dev/zero` stops at once instead of growing without limit.
constexpr std::size_t max_check_line_length = 256 * 1024;
static_assert(max_check_line_length > 2 * max_xof_length + 2 * 4096 + 64, "a line cnhash writes must fit");

enum class line_read { line, end, too_long };

// Reads one line of in into line, without its newline; a last line without a
// newline counts. too_long once more than max_check_line_length bytes came
// without a newline (line then holds those bytes); end at end of input or on a
// read error (std::ferror tells).
line_read read_bounded_line(std::FILE *in, std::string &line) {
  line.clear();
  int c;
  while ((c = getc_unlocked(in)) != EOF) {
    if (c == '\n') return line_read::line;
    if (line.size() == max_check_line_length) return line_read::too_long;
    line.push_back(static_cast<char>(c));
  }
  return line.empty() ? line_read::end : line_read::line;
}

// Checks every line of one checksum file, like sha256sum -c. Returns true
// when nothing went wrong.
bool check_one_file(const options &o, const std::string &check_file) {
  const bool is_stdin = check_file == "-";
  const std::string shown_check_file = quote_name(is_stdin ? "standard input" : check_file);
  std::FILE *in = is_stdin ? stdin : std::fopen(check_file.c_str(), "r");
  if (!in) {
    print_error(quote_name(check_file) + ": " + std::strerror(errno));
    return false;
  }

  const bool status_only = o.verbose == verbosity::status_only;
  checksum_line_parser parser(*o.algorithm, o.algorithm->xof && !o.length_given ? 0 : o.length);
  std::size_t misformatted = 0, unreadable = 0, mismatched = 0, line_number = 0;
  bool any_properly_formatted = false, any_matched = false;
  std::string raw_line;
  line_read status;
  bool too_long = false;
  std::vector<std::uint8_t> digest;
  checksum_line parsed;
  while ((status = read_bounded_line(in, raw_line)) != line_read::end) {
    ++line_number;
    if (status == line_read::too_long) {
      print_error(shown_check_file + ": " + std::to_string(line_number) + ": line longer than " +
                  std::to_string(max_check_line_length) + " bytes: refused (checking of this file stopped)");
      too_long = true;
      break;
    }
    std::string_view line(raw_line);
    if (line.empty() || line.front() == '#') continue;
    // As sha256sum: a line naming standard input is improperly formatted when
    // the checksum lines themselves come from standard input.
    if (!parser.parse(line, parsed) || (is_stdin && parsed.file_name == "-")) {
      ++misformatted;
      if (o.verbose == verbosity::warn) {
        print_error(shown_check_file + ": " + std::to_string(line_number) + ": improperly formatted " +
                    std::string(o.algorithm->tag_name) + " checksum line");
      }
      continue;
    }
    any_properly_formatted = true;
    const std::size_t length = parsed.hex_digest.size() / 2;
    const int error = digest_file(parsed.file_name, *parsed.algorithm, length, digest);
    if (error != 0) {
      if (o.ignore_missing && error == ENOENT) continue;
      print_error(quote_name(parsed.file_name) + ": " + std::strerror(error));
      ++unreadable;
      if (!status_only) print_check_result(parsed.file_name, "FAILED open or read");
      continue;
    }
    if (cncrypto::hex_encode(digest.data(), digest.size()) == lowercase(parsed.hex_digest)) {
      any_matched = true;
      if (o.verbose != verbosity::quiet && !status_only) print_check_result(parsed.file_name, "OK");
    } else {
      ++mismatched;
      if (!status_only) print_check_result(parsed.file_name, "FAILED");
    }
  }
  const bool read_failed = std::ferror(in) != 0;
  if (!is_stdin) std::fclose(in);
  if (too_long) return false;
  if (read_failed) {
    print_error(shown_check_file + ": read error");
    return false;
  }

  if (!any_properly_formatted) {
    print_error(shown_check_file + ": no properly formatted checksum lines found");
  } else if (!status_only) {
    if (misformatted) {
      print_error(count_message(misformatted, "line is improperly formatted", "lines are improperly formatted"));
    }
    if (unreadable) {
      print_error(count_message(unreadable, "listed file could not be read", "listed files could not be read"));
    }
    if (mismatched) {
      print_error(count_message(mismatched, "computed checksum did NOT match", "computed checksums did NOT match"));
    }
    if (o.ignore_missing && !any_matched) print_error(shown_check_file + ": no file was verified");
  }
  return any_properly_formatted && mismatched == 0 && unreadable == 0 && (!o.strict || misformatted == 0) &&
         (!o.ignore_missing || any_matched);
}

bool run_check_mode(const options &o) {
  bool ok = true;
  for (const std::string &file : o.files) ok = check_one_file(o, file) && ok;
  return ok;
}

// Reports a failed write to stdout (a full disk, a closed pipe) like coreutils.
bool close_stdout() {
  errno = 0;
  const bool failed = std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
  const int error = errno;
  if (std::fclose(stdout) != 0 || failed) {
    const int reported = first_write_error != 0 ? first_write_error : error != 0 ? error : errno;
    std::fprintf(stderr, "cnhash: write error%s%s\n", reported ? ": " : "", reported ? std::strerror(reported) : "");
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc > 0) argv[0] = const_cast<char *>("cnhash");  // getopt_long's messages say "cnhash: ..."
  try {
    const options o = parse_command_line(argc, argv);
    const bool ok = o.check ? run_check_mode(o) : run_hash_mode(o);
    const bool written = close_stdout();
    return ok && written ? EXIT_SUCCESS : EXIT_FAILURE;
  } catch (const std::exception &e) {
    print_error(e.what());
    return EXIT_FAILURE;
  }
}
