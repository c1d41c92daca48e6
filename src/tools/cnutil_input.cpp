#include "cnutil_input.h"

#include "checksum_text.h"
#include "common/hex.h"

#include <sodium/utils.h>

#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <iterator>
#include <cctype>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>

namespace cncrypto::tools {
namespace {

bool is_hex_digit(std::uint8_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool is_space(std::uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

struct file_closer {
  void operator()(std::FILE *f) const {
    if (f != stdin) std::fclose(f);
  }
};
using file_ptr = std::unique_ptr<std::FILE, file_closer>;

file_ptr open_input(const std::string &name) {
  if (name == "-") return file_ptr(stdin);
  std::FILE *f = std::fopen(name.c_str(), "rb");
  if (!f) throw std::runtime_error(std::strerror(errno));
  return file_ptr(f);
}

// Largest input read: no Monero object is bigger than one p2p message
// (LEVIN_DEFAULT_MAX_PACKET_SIZE, 100 MB), twice that as hex text, plus a
// line end. Beyond it (e.g. /dev/zero) the input is refused instead of being
// read, and allocated, forever.
constexpr std::size_t max_input_size = 2 * std::size_t{100000000} + 2;

std::vector<std::uint8_t> read_all(const std::string &name) { return read_raw_input(name, max_input_size); }

// The terminal state read_terminal_line changed, for the signal handler.
// Only one prompt is active at a time (cnutil is single-threaded).
struct termios saved_termios;
volatile std::sig_atomic_t saved_fd = -1;
constexpr int kRestoreSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
struct sigaction previous_actions[std::size(kRestoreSignals)];

extern "C" void restore_terminal_and_reraise(int sig) {
  const int fd = saved_fd;
  if (fd >= 0) {
    ::tcsetattr(fd, TCSANOW, &saved_termios);  // async-signal-safe
    const ssize_t ignored = ::write(STDERR_FILENO, "\n", 1);
    (void)ignored;
    saved_fd = -1;
  }
  for (std::size_t i = 0; i < std::size(kRestoreSignals); ++i) {
    if (kRestoreSignals[i] == sig) ::sigaction(sig, &previous_actions[i], nullptr);
  }
  ::raise(sig);  // the previous disposition (by default: die by the signal)
}

// Echo off from construction to destruction, with the signal handlers in place.
class echo_off_guard {
 public:
  explicit echo_off_guard(int fd) : fd_(fd) {
    if (::tcgetattr(fd, &saved_termios) != 0) {
      throw std::runtime_error(std::string("cannot read from the terminal: ") + std::strerror(errno));
    }
    struct sigaction action {};
    action.sa_handler = restore_terminal_and_reraise;
    sigemptyset(&action.sa_mask);
    saved_fd = fd;
    for (std::size_t i = 0; i < std::size(kRestoreSignals); ++i) {
      ::sigaction(kRestoreSignals[i], nullptr, &previous_actions[i]);
      // An ignored signal stays ignored (nohup): it cannot end the read.
      if (previous_actions[i].sa_handler != SIG_IGN) ::sigaction(kRestoreSignals[i], &action, nullptr);
    }
    struct termios quiet = saved_termios;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO | ECHOE | ECHOK | ECHONL);
    quiet.c_lflag |= ICANON;
    if (::tcsetattr(fd, TCSANOW, &quiet) != 0) {  // typed-ahead input is kept
      const int err = errno;
      restore();  // the destructor does not run for a throwing constructor
      throw std::runtime_error(std::string("cannot turn the terminal's echo off: ") + std::strerror(err));
    }
  }
  ~echo_off_guard() { restore(); }
  echo_off_guard(const echo_off_guard &) = delete;
  echo_off_guard &operator=(const echo_off_guard &) = delete;

 private:
  // The terminal as it was and the previous signal actions back.
  void restore() {
    if (saved_fd >= 0) ::tcsetattr(fd_, TCSANOW, &saved_termios);
    saved_fd = -1;
    for (std::size_t i = 0; i < std::size(kRestoreSignals); ++i) {
      ::sigaction(kRestoreSignals[i], &previous_actions[i], nullptr);
    }
  }

  int fd_;
};

std::vector<std::uint8_t> decode_hex_text(std::string_view text) {
  std::vector<std::uint8_t> out;
  std::string error;
  if (!cncrypto::hex_decode(text, out, &error)) throw std::runtime_error("invalid hex text: " + error);
  if (out.empty()) throw std::runtime_error("empty input");
  return out;
}

}  // namespace

std::vector<std::uint8_t> load_blob(const blob_input &input) {
  if (input.is_hex) return decode_hex_text(input.text);
  std::vector<std::uint8_t> data = read_all(input.text);
  if (data.empty()) throw std::runtime_error("empty input");
  if (!is_hex_digit(data[0])) return data;
  std::size_t end = data.size();
  while (end > 0 && is_space(data[end - 1])) --end;
  return decode_hex_text(std::string_view(reinterpret_cast<const char *>(data.data()), end));
}

std::vector<std::uint8_t> read_raw_input(const std::string &name, std::size_t limit) {
  file_ptr f = open_input(name);
  std::vector<std::uint8_t> data;
  std::array<std::uint8_t, 65536> chunk;
  for (;;) {
    const std::size_t n = std::fread(chunk.data(), 1, chunk.size(), f.get());
    if (n > limit - data.size()) throw std::runtime_error("input larger than " + std::to_string(limit) + " bytes");
    data.insert(data.end(), chunk.data(), chunk.data() + n);
    if (n < chunk.size()) break;
  }
  if (std::ferror(f.get())) {
    const int err = errno;
    if (f.get() == stdin) std::clearerr(stdin);
    throw std::runtime_error(std::strerror(err != 0 ? err : EIO));
  }
  return data;
}

long read_terminal_line(int fd, const char *prompt, unsigned char *buf, std::size_t size, bool &overflow) {
  overflow = false;
  if (!::isatty(fd)) return -1;
  std::cout.flush();
  std::size_t got = 0;
  std::string error;
  {
    echo_off_guard guard(fd);
    // The prompt after echo is off: whatever is typed once it shows is not echoed.
    std::cerr << prompt << std::flush;
    for (;;) {
      unsigned char c = 0;
      const ssize_t n = ::read(fd, &c, 1);  // byte by byte: nothing beyond the line is consumed
      if (n < 0) {
        if (errno == EINTR) continue;
        error = std::string("cannot read from the terminal: ") + std::strerror(errno);
        break;
      }
      if (n == 0 || c == '\n') break;
      if (got < size)
        buf[got++] = c;
      else
        overflow = true;
      c = 0;
    }
  }
  std::cerr << "\n" << std::flush;
  if (!error.empty()) throw std::runtime_error(error);
  return static_cast<long>(got);
}

void read_secret_key(const std::string &source, crypto::secret_key &key, const char *prompt) {
  static_assert(sizeof(crypto::secret_key) == 32, "a secret key is 32 bytes");
  // One fixed buffer and read(2): no reallocation or stdio buffer can leave a
  // copy of the secret behind.
  std::array<char, 1024> buffer;
  std::size_t size = 0;
  std::string error;
  const bool from_stdin = source == "-";
  bool too_long = false;
  long typed = -1;  // a terminal: one line, echo off
  if (from_stdin) {
    typed = read_terminal_line(STDIN_FILENO, prompt, reinterpret_cast<unsigned char *>(buffer.data()),
                               buffer.size(), too_long);
    if (typed >= 0) size = static_cast<std::size_t>(typed);
  }
  const int fd = typed >= 0 ? -1 : from_stdin ? STDIN_FILENO : ::open(source.c_str(), O_RDONLY | O_CLOEXEC);
  if (typed < 0 && fd < 0) {
    throw secret_name_error(
        std::string("cannot open the secret key file given (its name is not repeated: it might be the key itself): ") +
        std::strerror(errno));
  }
  while (typed < 0) {
    if (size == buffer.size()) {
      // Anything beyond the buffer means this is not a key file; stop here.
      char extra;
      const ssize_t n = ::read(fd, &extra, 1);
      if (n > 0) too_long = true;
      sodium_memzero(&extra, sizeof extra);
      break;
    }
    const ssize_t n = ::read(fd, buffer.data() + size, buffer.size() - size);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = std::string("cannot read the secret key: ") + std::strerror(errno);
      break;
    }
    if (n == 0) break;
    size += static_cast<std::size_t>(n);
  }
  if (!from_stdin && fd >= 0) ::close(fd);
  std::size_t begin = 0, end = size;
  while (begin < end && is_space(static_cast<std::uint8_t>(buffer[begin]))) ++begin;
  while (end > begin && is_space(static_cast<std::uint8_t>(buffer[end - 1]))) --end;
  if (error.empty()) {
    if (too_long) {
      error = "expected a secret key as 64 hex digits, got more than " + std::to_string(buffer.size()) + " bytes";
    } else if (end == begin) {
      error = "expected a secret key as 64 hex digits, got nothing";
    } else if (end - begin != 2 * sizeof key) {
      error = "expected a secret key as 64 hex digits, got " + std::to_string(end - begin) + " characters";
    } else if (!cncrypto::hex_decode_fixed(std::string_view(buffer.data() + begin, end - begin), &key, sizeof key)) {
      // hex_decode_fixed's own message would quote a character of the secret.
      error = "expected a secret key as 64 hex digits, got a non-hex character";
    }
  }
  sodium_memzero(buffer.data(), buffer.size());
  if (!error.empty()) {
    sodium_memzero(&key, sizeof key);
    throw std::runtime_error(error);
  }
}

bool looks_like_key(std::string_view text) {
  if (text.size() != 64) return false;
  for (const char c : text) {
    if (!is_hex_digit(static_cast<std::uint8_t>(c))) return false;
  }
  return true;
}

namespace {

std::size_t count_words(std::string_view v) {
  std::size_t words = 0;
  bool in_word = false;
  for (char c : v) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  return words;
}

constexpr const char *kNotFromArgv =
    "secrets are never taken from the command line (they would show in ps): write the secret to a file or pipe it to "
    "standard input";

}  // namespace

void refuse_secret_as_name(const boost::program_options::variables_map &vm, const char *option) {
  if (!vm.count(option)) return;
  const std::string &v = vm[option].as<std::string>();
  if (looks_like_key(v) || count_words(v) >= 12) {
    throw usage_error(std::string("--") + option +
                      " wants a file name, but was given something that looks like a secret (a key or seed words); " +
                      kNotFromArgv);
  }
}

std::string single_file_argument(const boost::program_options::variables_map &vm, const char *fallback,
                                 const char *missing) {
  if (!vm.count("file")) {
    if (fallback == nullptr) throw usage_error(missing);
    return fallback;
  }
  const auto &files = vm["file"].as<std::vector<std::string>>();
  // Only arguments of letters and spaces that name no file count as words (a
  // path such as wallet.keys beside 25 words is not a 26th word).
  refuse_secret_file_list(files);
  if (files.size() != 1) {
    throw usage_error("one FILE expected, got " + std::to_string(files.size()) + " arguments");
  }
  return files.front();
}

bool looks_like_words_not_a_file(std::string_view text) {
  const bool words_only = !text.empty() && std::all_of(text.begin(), text.end(), [](char ch) {
    const auto c = static_cast<unsigned char>(ch);
    return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_space(c);
  });
  std::error_code ec;
  return words_only && !std::filesystem::exists(std::string(text), ec);
}

void refuse_secret_file_list(const std::vector<std::string> &files) {
  std::size_t words = 0;
  for (const std::string &f : files) {
    if (looks_like_key(f)) {
      throw usage_error(std::string("the command line holds what looks like a secret (a key) where FILE belongs; ") +
                        kNotFromArgv);
    }
    if (looks_like_words_not_a_file(f)) words += count_words(f);
  }
  if (words >= 12) {
    throw usage_error("the command line holds what looks like a secret (" + std::to_string(words) +
                      " words, a seed) where FILE belongs; " + kNotFromArgv);
  }
}

bool parse_subaddress_index(std::string_view text, std::uint32_t &major, std::uint32_t &minor) {
  const std::size_t comma = text.find(',');
  if (comma == std::string_view::npos) return false;
  auto parse = [](std::string_view part, std::uint32_t &value) {
    if (part.empty() || part.front() < '0' || part.front() > '9') return false;
    const auto [ptr, ec] = std::from_chars(part.data(), part.data() + part.size(), value, 10);
    return ec == std::errc() && ptr == part.data() + part.size();
  };
  return parse(text.substr(0, comma), major) && parse(text.substr(comma + 1), minor);
}

std::string short_name(std::string_view text) {
  constexpr std::size_t limit = 120, shown = 40;
  // A seed or a key given where another value belongs is never shown, not even its start.
  if (looks_like_key(text) || count_words(text) >= 12) return "(a value that looks like a secret, not shown)";
  // Control bytes as \xNN: a usage error must not send ESC sequences to the terminal.
  std::string out;
  if (text.size() <= limit) return append_visible(out, text);
  return append_visible(out, text.substr(0, shown)) + "... (" + std::to_string(text.size()) + " bytes)";
}

std::string &append_visible(std::string &out, std::string_view text) {
  static const char hex[] = "0123456789abcdef";
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

void print_secret_error(const std::string &name, const std::string &prefix, const std::exception &e) {
  if (dynamic_cast<const secret_name_error *>(&e) != nullptr) {
    std::cout.flush();
    std::cerr << "cnutil: " << prefix << e.what() << "\n";
  } else {
    print_error(name, prefix + e.what());
  }
}

namespace {

// print_file_error's rule for a name that might be a secret (see cnutil_input.h).
bool might_be_secret(const std::string &name) {
  if (name == "-") return false;
  bool suspicious = false;
  std::size_t hex_run = 0;
  for (const char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    suspicious = suspicious || is_space(c);
    hex_run = std::isxdigit(c) ? hex_run + 1 : 0;
    suspicious = suspicious || hex_run >= 32;
  }
  std::error_code ec;
  return suspicious && !std::filesystem::exists(name, ec);
}

}  // namespace

void print_error(const std::string &name, const std::string &reason) {
  std::cout.flush();  // keep stdout and stderr in order on a shared terminal
  std::cerr << "cnutil: " << quote_name(name) << ": " << reason << "\n";
}

void print_file_error(const std::string &name, const std::string &reason) {
  if (!might_be_secret(name)) return print_error(name, reason);
  std::cout.flush();
  std::cerr << "cnutil: (the name given is not repeated: it might be a secret): " << reason << "\n";
}

}  // namespace cncrypto::tools
