// cnutil seed new | restore: see cnutil_wallet.h and the README's "cnutil seed".
#include "cnutil_input.h"
#include "cnutil_wallet.h"

#include "common/hex.h"
#include "cryptonote/address.h"
#include "cryptonote/wallet_keys_file.h"
#include "cryptonote/wallet_seed.h"
#include "mnemonics/cncrypto_seed.h"
#include "mnemonics/electrum-words.h"
#include "mnemonics/polyseed.h"

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>
#include <sodium.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <stdexcept>

namespace po = boost::program_options;

namespace cncrypto::tools {

namespace {

// "Password: ", "Seed words: ", "Seed passphrase: ": the terminal prompt for what.
std::string prompt_for(const char *what) {
  const std::string w = what;
  if (w == "seed") return "Seed words: ";
  if (w == "passphrase") return "Seed passphrase: ";
  std::string p = w + ": ";
  if (!p.empty() && p[0] >= 'a' && p[0] <= 'z') p[0] = static_cast<char>(p[0] - 'a' + 'A');
  return p;
}

}  // namespace

void print_fields(nlohmann::ordered_json &fields, bool json) {
  std::string text;
  if (json) {
    // Bytes that are not UTF-8 (a file name, a corrupt file's seed_language)
    // become U+FFFD: JSON cannot hold them, and a throw here would come after
    // the work (a --write-keys file already written).
    text = fields.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
  } else {
    // "key: value" lines: strings as they are but control bytes as \xNN (a
    // corrupt file's seed_language must not reach the terminal raw), booleans
    // as yes / no, null as none.
    // Room reserved up front so that no reallocation leaves a copy of a secret behind.
    text.reserve(4096);
    for (const auto &item : fields.items()) {
      const auto &v = item.value();
      text += item.key() + ": ";
      if (v.is_string()) {
        append_visible(text, v.get_ref<const std::string &>());
      } else if (v.is_boolean()) {
        text += v.get<bool>() ? "yes" : "no";
      } else if (v.is_null()) {
        text += "none";
      } else {
        text += v.dump();
      }
      text += "\n";
    }
  }
  std::cout << text;
  if (!text.empty()) sodium_memzero(&text[0], text.size());
  for (auto &item : fields.items()) {
    if (item.value().is_string()) {
      std::string &v = item.value().get_ref<std::string &>();
      if (!v.empty()) sodium_memzero(&v[0], v.size());
    }
  }
}

cncrypto::secret_buffer read_secret_text(const std::string &source, std::size_t limit, bool trim_newlines,
                                       const char *what, std::size_t &size) {
  cncrypto::secret_buffer buffer(limit + 1);
  size = 0;
  const bool from_stdin = source == "-";
  if (from_stdin) {
    // A terminal: prompt on stderr, echo off, one line.
    bool overflow = false;
    const std::string prompt = prompt_for(what);
    const long n = read_terminal_line(STDIN_FILENO, prompt.c_str(), buffer.data(), limit, overflow);
    if (n >= 0) {
      if (overflow) {
        throw std::runtime_error(std::string("the ") + what + " is longer than " + std::to_string(limit) + " bytes");
      }
      size = static_cast<std::size_t>(n);
      if (trim_newlines && size > 0 && buffer.data()[size - 1] == '\r') buffer.data()[--size] = 0;
      return buffer;
    }
  }
  const int fd = from_stdin ? STDIN_FILENO : ::open(source.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw secret_name_error(std::string("cannot open the ") + what + " file given (its name is not repeated: it might be the " + what + " itself): " + std::strerror(errno));
  std::string error;
  while (size < buffer.size()) {
    const ssize_t n = ::read(fd, buffer.data() + size, buffer.size() - size);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = std::string("cannot read the ") + what + ": " + std::strerror(errno);
      break;
    }
    if (n == 0) break;
    size += static_cast<std::size_t>(n);
  }
  if (!from_stdin) ::close(fd);
  if (error.empty() && size > limit) {
    error = std::string("the ") + what + " is longer than " + std::to_string(limit) + " bytes";
  }
  if (!error.empty()) throw std::runtime_error(error);  // buffer is wiped by its destructor
  while (trim_newlines && size > 0 && (buffer.data()[size - 1] == '\n' || buffer.data()[size - 1] == '\r')) {
    buffer.data()[--size] = 0;
  }
  return buffer;
}

bool read_secret_or_report(const std::string &source, std::size_t limit, bool trim_newlines, const char *what,
                           cncrypto::secret_buffer &out, std::size_t &size) {
  try {
    out = read_secret_text(source, limit, trim_newlines, what, size);
    return true;
  } catch (const secret_name_error &e) {
    std::cout.flush();
    std::cerr << "cnutil: " << e.what() << "\n";
    return false;
  } catch (const std::exception &e) {
    print_error(source, e.what());
    return false;
  }
}

namespace {

using seed_usage_error = usage_error;  // main prints it with the hint to --help

cryptonote::network_type network_of(const po::variables_map &vm) {
  cryptonote::network_type nettype = cryptonote::MAINNET;
  if (vm.count("network") && !cncrypto::network_from_name(vm["network"].as<std::string>(), nettype)) {
    throw seed_usage_error("invalid --network '" + short_name(vm["network"].as<std::string>()) +
                           "' (expected mainnet, testnet or stagenet)");
  }
  return nettype;
}

// A file option that holds 64 hex digits or looks like words is probably the
// secret itself: refused without echoing it.
// The passphrase of --passphrase-file (empty without it); false (reported) when it cannot be read.
bool passphrase_of(const po::variables_map &vm, std::string &passphrase) {
  if (!vm.count("passphrase-file")) return true;
  std::size_t size = 0;
  cncrypto::secret_buffer b;
  if (!read_secret_or_report(vm["passphrase-file"].as<std::string>(), 4096, true, "passphrase", b, size)) return false;
  passphrase.assign(reinterpret_cast<const char *>(b.data()), size);
  return true;
}

void wipe(std::string &s) {
  if (!s.empty()) sodium_memzero(&s[0], s.size());
}

const char *kind_name(cncrypto::seed_kind k) {
  switch (k) {
    case cncrypto::seed_kind::monero_25: return "monero-25";
    case cncrypto::seed_kind::monero_24: return "monero-24";
    case cncrypto::seed_kind::mymonero_13: return "mymonero-13";
    case cncrypto::seed_kind::polyseed_16: return "polyseed-16";
  }
  return "?";
}

// The fields seed new / restore print, in order; secrets only as asked.
void print_wallet(const cryptonote::account_keys &keys, cryptonote::network_type nettype, const std::string *seed,
                  const std::string &language, const char *seed_type, bool show_spend, bool json,
                  const std::string *keys_file = nullptr, std::uint64_t birthday = 0) {
  nlohmann::ordered_json j;
  if (seed != nullptr) j["seed"] = *seed;
  j["seed_type"] = seed_type;
  j["language"] = language;
  if (std::string(seed_type) == "polyseed-16") j["birthday"] = birthday;  // Unix time, from the words
  j["network"] = cncrypto::network_name(nettype);
  j["address"] = cryptonote::get_account_address_as_str(nettype, false, keys.m_account_address);
  j["spend_public_key"] = cncrypto::hex_encode(&keys.m_account_address.m_spend_public_key, 32);
  j["view_public_key"] = cncrypto::hex_encode(&keys.m_account_address.m_view_public_key, 32);
  j["view_secret_key"] = cncrypto::hex_encode(&keys.m_view_secret_key, 32);
  if (show_spend) j["spend_secret_key"] = cncrypto::hex_encode(&keys.m_spend_secret_key, 32);
  if (keys_file != nullptr) j["keys_file"] = *keys_file;
  if (std::string(seed_type) == "mymonero-13") {
    j["note"] =
        "13-word MyMonero seed: keys derived the MyMonero way (spend = sc_reduce32(keccak(seed)), view = "
        "sc_reduce32(keccak(keccak(seed)))); Monero's own wallets do not restore 13-word seeds";
  }
  print_fields(j, json);
}

// The --language value as the library names it: Monero's name or its English
// name, as given, or else the one such name equal to it ignoring ASCII case
// ("english", "GERMAN", "deutsch"), so that a user need not know the spelling's
// capitals. Unmatched values are returned unchanged (the caller refuses them).
// English (old)'s display name beside Monero's old_language_name ("EnglishOld").
constexpr const char *kEnglishOldName = "English (old)";

std::string language_option(const std::string &given) {
  if (given.empty() || crypto::ElectrumWords::is_valid_language(given)) return given;
  const auto lower = [](std::string text) {
    for (char &c : text) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return text;
  };
  const std::string wanted = lower(given);
  std::vector<std::string> native, english;
  crypto::ElectrumWords::get_language_list(native, false);
  crypto::ElectrumWords::get_language_list(english, true);
  native.push_back(kEnglishOldName);  // decode-only (restore); seed new refuses it
  english.push_back("EnglishOld");
  // Polyseed's lists (restore of 16 words): their own and English names.
  const std::vector<std::string> poly_native = cncrypto::polyseed::get_language_list(false);
  const std::vector<std::string> poly_english = cncrypto::polyseed::get_language_list(true);
  for (const std::vector<std::string> *list :
       std::initializer_list<const std::vector<std::string> *>{&native, &english, &poly_native, &poly_english}) {
    for (const std::string &name : *list) {
      if (lower(name) == wanted) return name;
    }
  }
  return given;
}

int run_seed_new(const std::vector<std::string> &args) {
  po::options_description desc("Options");
  command_options(desc)("language", po::value<std::string>()->default_value("English"),
                                                  "language of the words (Monero's or the English name)")(
      "network", po::value<std::string>(), "network of the printed address: mainnet (default), testnet, stagenet")(
      "passphrase-file", po::value<std::string>(),
      "file with a seed passphrase (seed offset; '-' = stdin): the words then need it to restore")(
      "show-spend-key", "also print the spend secret key")("json", "print a JSON object");
  po::variables_map vm;
  const std::string usage =
      R"(Usage: cnutil seed new [--language L] [--network NET] [--passphrase-file FILE] [--show-spend-key] [--json]
Create a new random wallet and print its 25-word seed, address, public keys
and view secret key (the spend secret key only with --show-spend-key).
Languages: English, Deutsch, Español, Français, Italiano, Nederlands,
Português, Русский, 日本語, 简体中文 (中国), Esperanto, Lojban (or
their English names). With --passphrase-file the printed words are those of
the key offset by the passphrase (wallet2's seed offset).
)";
  if (!parse_command_line(args, desc, nullptr, 0, vm, usage)) return 0;
  const cryptonote::network_type nettype = network_of(vm);
  refuse_secret_as_name(vm, "passphrase-file");
  const std::string language = language_option(vm["language"].as<std::string>());
  if (!crypto::ElectrumWords::is_valid_language(language)) {
    throw seed_usage_error("unknown --language '" + short_name(language) +
                           "' (Monero's names or English names; English (old) is decode-only)");
  }
  std::string passphrase;
  if (!passphrase_of(vm, passphrase)) return 1;
  const cncrypto::new_wallet w = cncrypto::generate_wallet_with_seed(language, passphrase);
  wipe(passphrase);
  // The language's Monero name, as restore prints it (the two lists are in the same order).
  std::vector<std::string> native, english;
  crypto::ElectrumWords::get_language_list(native, false);
  crypto::ElectrumWords::get_language_list(english, true);
  std::string monero_name = language;
  for (std::size_t i = 0; i < native.size() && i < english.size(); ++i) {
    if (language == native[i] || language == english[i]) monero_name = native[i];
  }
  print_wallet(w.keys, nettype, &w.words, monero_name, "monero-25", vm.count("show-spend-key") != 0,
               vm.count("json") != 0);
  return 0;
}

int run_seed_restore(const std::vector<std::string> &args) {
  po::options_description desc("Options");
  command_options(desc)(
      "network", po::value<std::string>(), "network of the printed address: mainnet (default), testnet, stagenet")(
      "language", po::value<std::string>(),
      "decode in this language only (default: detect it as Monero does; a Polyseed as tevador's decoder does)")(
      "passphrase-file", po::value<std::string>(), "file with the seed passphrase (seed offset; '-' = stdin; every trailing CR and LF byte removed)")(
      "show-spend-key", "also print the spend secret key")("json", "print a JSON object")(
      "write-keys", po::value<std::string>(),
      "also write the wallet as a Monero .keys file (a new file, mode 0600) that monero-wallet-cli opens")(
      "password-file", po::value<std::string>(),
      "file with the password of the --write-keys file ('-' = stdin, the default; every trailing CR and LF byte "
      "removed)")(
      "file", po::value<std::vector<std::string>>(), "file with the seed words ('-' = stdin, the default)")(
      "quote-words-in-errors",
      "name the offending word in a refusal (default: only its position, so that no seed word reaches a log)");
  po::variables_map vm;
  const std::string usage =
      R"(Usage: cnutil seed restore [--network NET] [--language L] [--passphrase-file FILE]
                           [--show-spend-key] [--json] [--quote-words-in-errors]
                           [--write-keys OUT.keys [--password-file FILE]] [FILE]
Read a 25- or 24-word Monero seed, a 16-word Polyseed or a 13-word MyMonero
seed from FILE or standard input and print the kind read (seed_type), the
wallet's address, public keys and view secret key (the spend secret key only
with --show-spend-key). Seeds are never taken from the command line; on a
terminal they (and a passphrase from '-') are asked for with echo off. A
13-word seed is restored the MyMonero way, and the output says so; a Polyseed
also gives its birthday (Unix time). A refused seed's message gives the
position of the offending word but not the word (stderr often ends in logs);
--quote-words-in-errors names it too. With --write-keys the wallet is also
written as a .keys file encrypted with the password (kdf-rounds 1), which
monero-wallet-cli opens with --wallet-file.
)";
  if (!parse_command_line(args, desc, "file", -1, vm, usage)) return 0;
  const std::string source = single_file_argument(vm, "-", nullptr);
  // An unknown --language is refused before the seed is asked for.
  const std::string language = vm.count("language") ? language_option(vm["language"].as<std::string>()) : std::string();
  bool polyseed_language = false;
  for (const bool english : {false, true}) {
    for (const std::string &name : cncrypto::polyseed::get_language_list(english)) {
      polyseed_language = polyseed_language || name == language;
    }
  }
  if (!language.empty() && !crypto::ElectrumWords::is_valid_language(language) && language != kEnglishOldName &&
      language != crypto::ElectrumWords::old_language_name && !polyseed_language) {
    throw seed_usage_error("unknown --language '" + short_name(language) +
                           "' (Monero's names or English names, or English (old), or a Polyseed language)");
  }
  const cryptonote::network_type nettype = network_of(vm);
  refuse_secret_as_name(vm, "passphrase-file");
  const bool passphrase_stdin = vm.count("passphrase-file") && vm["passphrase-file"].as<std::string>() == "-";
  if (passphrase_stdin && source == "-") {
    throw seed_usage_error("the seed and the passphrase cannot both come from standard input");
  }
  const bool write_keys = vm.count("write-keys") != 0;
  if (vm.count("password-file") && !write_keys) throw seed_usage_error("--password-file is for --write-keys");
  refuse_secret_as_name(vm, "password-file");
  refuse_secret_as_name(vm, "write-keys");
  const std::string password_source = vm.count("password-file") ? vm["password-file"].as<std::string>() : "-";
  if (write_keys && password_source == "-" && (source == "-" || passphrase_stdin)) {
    throw seed_usage_error(
        "the seed (or passphrase) and the --write-keys password cannot both come from standard input: give "
        "--password-file FILE or the seed as FILE");
  }
  std::size_t size = 0, password_size = 0;
  cncrypto::secret_buffer words, password;
  std::string passphrase;
  if (!read_secret_or_report(source, 65536, false, "seed", words, size) || !passphrase_of(vm, passphrase)) return 1;
  if (write_keys && !read_secret_or_report(password_source, 65536, true, "password", password, password_size)) {
    wipe(passphrase);
    return 1;
  }
  if (write_keys && password_source == "-" && ::isatty(STDIN_FILENO)) {
    // A new wallet's password typed on a terminal is asked for twice, as
    // monero-wallet-cli does: a typo would make the file unopenable.
    cncrypto::secret_buffer again(65536 + 1);
    bool overflow = false;
    const long n = read_terminal_line(STDIN_FILENO, "Password again: ", again.data(), 65536, overflow);
    if (n < 0 || overflow || static_cast<std::size_t>(n) != password_size ||
        sodium_memcmp(again.data(), password.data(), password_size) != 0) {
      wipe(passphrase);
      std::cout.flush();
      std::cerr << "cnutil: the two passwords differ; no .keys file written\n";
      return 1;
    }
  }
  cncrypto::restored_wallet w;
  try {
    w = cncrypto::restore_wallet_from_seed(std::string_view(reinterpret_cast<const char *>(words.data()), size),
                                           passphrase, language);
    wipe(passphrase);
  } catch (const std::exception &e) {
    wipe(passphrase);
    // Only the word's position, unless asked: stderr often ends in logs.
    const char *message = e.what();
    if (!vm.count("quote-words-in-errors")) {
      if (const auto *se = dynamic_cast<const cncrypto::seed_error *>(&e)) {
        message = se->message_without_input();
      } else if (const auto *pe = dynamic_cast<const cncrypto::polyseed::polyseed_error *>(&e)) {
        message = pe->message_without_input();
      }
    }
    print_error(source, message);
    return 1;
  }
  std::string keys_path;
  if (write_keys) {
    keys_path = vm["write-keys"].as<std::string>();
    // The .keys file's seed_language: the seed's language (English for English (old), decode-only;
    // for a Polyseed the Monero language of the same English name, else English).
    std::string file_language = crypto::ElectrumWords::is_valid_language(w.language) ? w.language : "English";
    if (w.kind == cncrypto::seed_kind::polyseed_16) {
      file_language = "English";
      std::vector<std::string> native, english;
      crypto::ElectrumWords::get_language_list(native, false);
      crypto::ElectrumWords::get_language_list(english, true);
      for (std::size_t i = 0; i < native.size() && i < english.size(); ++i) {
        std::string a = english[i], b = w.language;
        for (std::string *t : {&a, &b}) {
          for (char &c : *t) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        }
        if (a == b) file_language = native[i];
      }
    }
    std::string pw(reinterpret_cast<const char *>(password.data()), password_size);
    try {
      cncrypto::store_keys_file(keys_path, w.keys, nettype, pw, 1, file_language);
    } catch (const std::exception &e) {
      wipe(pw);
      print_error(keys_path, e.what());
      return 1;
    }
    wipe(pw);
  }
  print_wallet(w.keys, nettype, nullptr, w.language, kind_name(w.kind), vm.count("show-spend-key") != 0,
               vm.count("json") != 0, write_keys ? &keys_path : nullptr, w.birthday);
  return 0;
}

}  // namespace

int run_seed(const std::vector<std::string> &args) {
  const std::string usage =
      R"(Usage: cnutil seed new [--language L] [--network NET] [--passphrase-file FILE] [--show-spend-key] [--json]
   or: cnutil seed restore [--network NET] [--language L] [--passphrase-file FILE]
                           [--show-spend-key] [--json] [FILE]
Run 'cnutil seed new --help' or 'cnutil seed restore --help' for details.
)";
  using command = int (*)(const std::vector<std::string> &);
  static const std::pair<const char *, command> subcommands[] = {{"new", run_seed_new}, {"restore", run_seed_restore}};
  const std::string first = args.empty() ? std::string() : args.front();
  if (first == "--help" || first == "-h") return std::cout << usage, 0;
  for (const auto &[name, run] : subcommands) {
    if (first == name) return run(std::vector<std::string>(args.begin() + 1, args.end()));
  }
  throw seed_usage_error(args.empty() ? std::string("seed needs a subcommand: new or restore")
                                      : "unknown seed subcommand '" + short_name(first) + "' (expected new or restore)");
}

}  // namespace cncrypto::tools
