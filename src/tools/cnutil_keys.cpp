// cnutil keys FILE.keys: see cnutil_wallet.h and the README's "cnutil keys".
#include "cnutil_input.h"
#include "cnutil_wallet.h"

#include "common/hex.h"
#include "cryptonote/address.h"
#include "cryptonote/wallet_keys_file.h"

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>
#include <sodium.h>

#include <charconv>
#include <iostream>
#include <stdexcept>

namespace po = boost::program_options;

namespace cncrypto::tools {

namespace {

using keys_usage_error = usage_error;


int keys_command(const std::vector<std::string> &args) {
  po::options_description desc("Options");
  command_options(desc)(
      "password-file", po::value<std::string>(),
      "file holding the wallet password (default: standard input); every trailing CR and LF byte is removed, as "
      "monero-wallet-cli does with --password-file")(
      "kdf-rounds", po::value<std::string>()->default_value("1"), "wallet2's --kdf-rounds, 1 to 1000000 (default 1)")(
      "network", po::value<std::string>(),
      "network for a file without a \"nettype\" field (default mainnet); a file's own nettype wins")(
      "show-spend-key",
      "also print the spend secret key, only if it gives the spend public key (else refused, exit 1)")(
      "show-unverified-spend-key",
      "print the spend secret key even when it cannot be checked (a multisig signer's share, or a damaged file), "
      "with spend_secret_key_verified (implies --show-spend-key; giving both is the same as this one)")("json", "print a JSON object")(
      "file", po::value<std::vector<std::string>>(), "the .keys file ('-' = stdin, with --password-file)");
  const std::string usage =
      "Usage: cnutil keys [--password-file FILE] [--kdf-rounds N] [--network NET]\n"
      "                   [--show-spend-key | --show-unverified-spend-key] [--json] FILE.keys\n"
      "   or: cnutil keys --password-file FILE [options] -   (the .keys file on stdin)\n"
      "Open a Monero wallet's .keys file and print its network, address, public keys\n"
      "and view secret key (the spend secret key only with --show-spend-key). The\n"
      "password is read from standard input or --password-file, never from the\n"
      "command line; on a terminal it is asked for with echo off (the line typed,\n"
      "without its Enter). From a file or a pipe every trailing CR (\\r) and LF (\\n)\n"
      "byte is removed, as monero-wallet-cli does with --password-file; other bytes,\n"
      "spaces included, are part of the password. A wrong password is refused.\n"
      "A .keys file has no MAC: what looks damaged or odd in a file that opens\n"
      "(no nettype, changed flags, unknown fields) is reported on stderr as\n"
      "'cnutil: FILE: warning: ...', exit status 0. --show-spend-key refuses a spend\n"
      "key that does not give the spend public key (multisig, damaged files).\n";
  po::variables_map vm;
  if (!parse_command_line(args, desc, "file", -1, vm, usage)) return 0;
  const std::string path = single_file_argument(vm, nullptr, "missing FILE.keys");
  refuse_secret_as_name(vm, "password-file");
  const std::string password_source = vm.count("password-file") ? vm["password-file"].as<std::string>() : "-";
  if (path == "-" && password_source == "-") {
    throw keys_usage_error(
        "the .keys file and the password cannot both come from standard input: give the password with "
        "--password-file FILE to read the .keys file from standard input");
  }
  std::uint64_t rounds = 0;
  const std::string &r = vm["kdf-rounds"].as<std::string>();
  const auto [ptr, ec] = std::from_chars(r.data(), r.data() + r.size(), rounds);
  if (ec != std::errc() || ptr != r.data() + r.size() || rounds == 0 || rounds > 1000000) {
    throw keys_usage_error("invalid --kdf-rounds '" + short_name(r) + "' (expected 1 to 1000000)");
  }
  cryptonote::network_type default_nettype = cryptonote::MAINNET;
  if (vm.count("network") && !cncrypto::network_from_name(vm["network"].as<std::string>(), default_nettype)) {
    throw keys_usage_error("invalid --network '" + short_name(vm["network"].as<std::string>()) +
                           "' (expected mainnet, testnet or stagenet)");
  }

  std::size_t size = 0;
  cncrypto::secret_buffer password_buffer;
  if (!read_secret_or_report(password_source, 65536, true, "password", password_buffer, size)) return 1;
  std::string password(reinterpret_cast<const char *>(password_buffer.data()), size);
  cncrypto::wallet_keys_file w;
  try {
    if (path == "-") {
      std::vector<std::uint8_t> file;
      try {
        file = read_raw_input(path, cncrypto::max_keys_file_size);  // a .keys file is public (encrypted) bytes
      } catch (const std::exception &e) {
        throw std::runtime_error(std::string("cannot read the .keys file: ") + e.what());
      }
      w = cncrypto::load_keys_buf(std::string_view(reinterpret_cast<const char *>(file.data()), file.size()), password,
                                  rounds, default_nettype);
    } else {
      w = cncrypto::load_keys_file(path, password, rounds, default_nettype);
    }
  } catch (const cncrypto::keys_file_error &e) {
    sodium_memzero(&password[0], password.size());
    const bool hint = e.error_kind() == cncrypto::keys_file_error_kind::wrong_password;
    print_file_error(path, std::string(e.what()) + (hint ? " (the wallet's rounds: --kdf-rounds)" : ""));
    return 1;
  } catch (const std::exception &e) {
    sodium_memzero(&password[0], password.size());
    print_file_error(path, e.what());
    return 1;
  }
  sodium_memzero(&password[0], password.size());
  for (const cncrypto::keys_file_finding &f : w.findings) print_file_error(path, "warning: " + f.message);
  const bool show_unverified = vm.count("show-unverified-spend-key") != 0;
  const bool show_spend = show_unverified || vm.count("show-spend-key") != 0;
  // A genuine watch-only file holds spend key 0: shown as none. Any other key that does
  // not give B (multisig share, damage) only on request by name.
  bool no_spend_key = false;
  if (!w.spend_key_verified && w.watch_only) {
    unsigned char acc = 0;
    for (const char c : w.keys.m_spend_secret_key.data) acc |= static_cast<unsigned char>(c);
    no_spend_key = acc == 0;
  }
  if (show_spend && !show_unverified && !w.spend_key_verified && !no_spend_key) {
    print_file_error(path, std::string("the spend secret key is not printed: it does not give the spend public key, "
                                       "so it cannot be checked (") +
                               (w.multisig ? "the file says multisig: a signer's share of the key, or a damaged key"
                                           : "a damaged file") +
                               "); --show-unverified-spend-key prints it anyway");
    return 1;
  }
  if (vm.count("network") && w.nettype_in_file && w.nettype != default_nettype) {
    // Not an error (the file's nettype is the wallet's), but the user asked for another network.
    std::cerr << "cnutil: note: the file's nettype is " << cncrypto::network_name(w.nettype) << "; --network "
              << cncrypto::network_name(default_nettype) << " applies only to a file without one\n";
  }

  nlohmann::ordered_json j;
  j["network"] = cncrypto::network_name(w.nettype);
  j["address"] = w.address;
  j["spend_public_key"] = cncrypto::hex_encode(&w.keys.m_account_address.m_spend_public_key, 32);
  j["view_public_key"] = cncrypto::hex_encode(&w.keys.m_account_address.m_view_public_key, 32);
  j["view_secret_key"] = cncrypto::hex_encode(&w.keys.m_view_secret_key, 32);
  if (show_spend) {
    // null (text: "none") for a watch-only wallet, which has no spend secret key.
    j["spend_secret_key"] = no_spend_key ? nlohmann::ordered_json()
                                         : nlohmann::ordered_json(cncrypto::hex_encode(&w.keys.m_spend_secret_key, 32));
  }
  if (show_unverified) j["spend_secret_key_verified"] = w.spend_key_verified;
  j["watch_only"] = w.watch_only;
  j["multisig"] = w.multisig;
  j["seed_language"] = w.seed_language;
  j["cipher"] = w.cipher == cncrypto::keys_file_cipher::chacha20 ? "chacha20" : "chacha8";
  print_fields(j, vm.count("json") != 0);
  return 0;
}

}  // namespace

int run_keys(const std::vector<std::string> &args) { return keys_command(args); }

}  // namespace cncrypto::tools
