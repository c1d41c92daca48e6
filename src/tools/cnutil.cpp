// cnutil: command-line front end for CryptoNote objects (transactions, blocks,
// tree hashes, addresses). Thin: argument parsing, reading inputs, printing;
// every computation is a library call. See docs/cnutil.md.
//
// Conventions (as cnhash and coreutils' sha256sum): a problem with one input
// prints "cnutil: NAME: reason" on stderr, the remaining inputs are still
// processed, and the exit status is 1 at the end. Usage errors exit 1 too.
// Secret keys are read from stdin or a file, never from the command line.

#include "checksum_text.h"
#include "cnutil_command.h"
#include "cnutil_input.h"
#include "cnutil_objects.h"
#include "cnutil_pow.h"
#include "cnutil_wallet.h"

#include "common/hex.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "cryptonote/address.h"
#include "cryptonote/subaddress.h"

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef CNCRYPTO_VERSION
#define CNCRYPTO_VERSION "unknown"
#endif

namespace po = boost::program_options;
using cncrypto::tools::print_error;

namespace {

using cncrypto::tools::command_options;
using cncrypto::tools::parse_command_line;
using cncrypto::tools::usage_error;

const char *const main_usage =
    "Usage: cnutil COMMAND [OPTION]... [ARG]...\n"
    "Work with CryptoNote (Monero) transactions, blocks and addresses.\n"
    "\n"
    "Commands:\n"
    "  tx-hash FILE...      print the transaction hash of each transaction blob\n"
    "  block-id FILE...     print the block id of each block blob\n"
    "  tree-hash HASH...    print the Monero tree hash (Merkle root) of the hashes\n"
    "  decode FILE          print a transaction or block as JSON\n"
    "  pow FILE...          print the proof-of-work hash of each block blob\n"
    "  address decode ADDR  show network, type, keys and payment id of addresses\n"
    "  address encode ...   build a standard, integrated or subaddress string\n"
    "  seed new|restore     create a wallet seed, or restore keys and address from one\n"
    "  keys FILE.keys       open a Monero .keys file (password from stdin or a file)\n"
    "  scan FILE...         print the outputs of transactions that belong to a wallet\n"
    "\n"
    "Blob inputs are raw binary or hex text (detected from the first byte);\n"
    "FILE '-' is standard input, --hex STRING gives a blob on the command line.\n"
    "\n"
    "Options:\n"
    "  -h, --help     show this help (cnutil COMMAND --help for a command)\n"
    "      --version  show the version\n"
    "\n"
    "Exit status: 0 if every input was processed, 1 otherwise.\n";

// One line on stderr when blob was accepted the way Monero reads a blob cut
// short (cnutil_objects.h); the result and exit status stay Monero's.
void warn_accepted_truncation(const cncrypto::tools::blob_input &input, const std::vector<std::uint8_t> &blob,
                              cncrypto::tools::object_kind kind) {
  const std::string warning = cncrypto::tools::accepted_truncation_warning(blob, kind);
  if (!warning.empty()) print_error(input.is_hex ? "--hex" : input.text, warning);
}

// ---- tx-hash / block-id ----------------------------------------------------

int run_blob_command(const std::string &command, const std::vector<std::string> &args) {
  const bool is_tx = command == "tx-hash";
  po::options_description desc("Options");
  command_options(desc)(
      "hex", po::value<std::vector<std::string>>()->composing(),
      is_tx ? "a transaction blob as hex (repeatable)" : "a block blob as hex (repeatable)")(
      "file", po::value<std::vector<std::string>>()->composing(), "input file ('-' = stdin)");
  po::variables_map vm;
  const std::string usage =
      is_tx ? "Usage: cnutil tx-hash [--hex HEX]... [FILE]...\n"
              "Print the transaction hash (the id Monero shows) of each transaction.\n"
              "Output: HASH  FILE for files, HASH alone for --hex inputs.\n"
            : "Usage: cnutil block-id [--hex HEX]... [FILE]...\n"
              "Print the block id of each block (with Monero's special case for mainnet\n"
              "block 202612). Output: ID  FILE for files, ID alone for --hex inputs.\n";
  if (!parse_command_line(args, desc, "file", -1, vm, usage)) return 0;

  std::vector<cncrypto::tools::blob_input> inputs;
  if (vm.count("hex")) {
    for (const auto &h : vm["hex"].as<std::vector<std::string>>()) inputs.push_back({h, true});
  }
  if (vm.count("file")) {
    for (const auto &f : vm["file"].as<std::vector<std::string>>()) inputs.push_back({f, false});
  }
  if (inputs.empty()) throw usage_error("missing input: give FILE..., '-' for stdin, or --hex HEX");

  bool ok = true;
  for (const auto &input : inputs) {
    try {
      const std::vector<std::uint8_t> blob = cncrypto::tools::load_blob(input);
      const crypto::hash h = is_tx ? cncrypto::tools::transaction_hash(blob) : cncrypto::tools::block_id(blob);
      warn_accepted_truncation(input, blob, is_tx ? cncrypto::tools::object_kind::transaction
                                                  : cncrypto::tools::object_kind::block);
      if (input.is_hex) {
        std::cout << cncrypto::to_hex(h) << "\n";
      } else if (cncrypto::tools::name_needs_escape(input.text)) {  // as sha256sum
        std::cout << "\\" << cncrypto::to_hex(h) << "  " << cncrypto::tools::escape_name(input.text) << "\n";
      } else {
        std::cout << cncrypto::to_hex(h) << "  " << input.text << "\n";
      }
    } catch (const std::exception &e) {
      print_error(input.is_hex ? "--hex" : input.text, e.what());
      ok = false;
    }
  }
  return ok ? 0 : 1;
}

// ---- decode ------------------------------------------------------------------

int run_decode(const std::vector<std::string> &args) {
  po::options_description desc("Options");
  command_options(desc)("hex", po::value<std::string>(), "the blob as hex instead of a file")(
      "type", po::value<std::string>()->default_value("auto"), "tx, block or auto (try both)")(
      "monero", "Monero's own JSON text (obj_to_json_str), no hashes")(
      "file", po::value<std::string>(), "input file ('-' = stdin)");
  po::variables_map vm;
  const std::string usage =
      "Usage: cnutil decode [--type tx|block|auto] [--monero] (FILE | --hex HEX)\n"
      "Print a transaction or block as JSON, with its hashes (--monero: as Monero's print_tx prints it).\n";
  if (!parse_command_line(args, desc, "file", 1, vm, usage)) return 0;
  if (vm.count("hex") == vm.count("file")) throw usage_error("decode needs exactly one of FILE or --hex HEX");
  const std::string type = vm["type"].as<std::string>();
  cncrypto::tools::object_kind kind;
  if (type == "tx") {
    kind = cncrypto::tools::object_kind::transaction;
  } else if (type == "block") {
    kind = cncrypto::tools::object_kind::block;
  } else if (type == "auto") {
    kind = cncrypto::tools::object_kind::automatic;
  } else {
    throw usage_error("invalid --type '" + type + "' (expected tx, block or auto)");
  }
  const cncrypto::tools::blob_input input =
      vm.count("hex") ? cncrypto::tools::blob_input{vm["hex"].as<std::string>(), true}
                      : cncrypto::tools::blob_input{vm["file"].as<std::string>(), false};
  try {
    const std::vector<std::uint8_t> blob = cncrypto::tools::load_blob(input);
    const auto style = vm.count("monero") ? cncrypto::tools::json_style::monero : cncrypto::tools::json_style::cnutil;
    std::cout << cncrypto::tools::decode_to_json(blob, kind, style) << "\n";
    warn_accepted_truncation(input, blob, kind);
  } catch (const std::exception &e) {
    print_error(input.is_hex ? "--hex" : input.text, e.what());
    return 1;
  }
  return 0;
}

// ---- tree-hash ---------------------------------------------------------------

int run_tree_hash(const std::vector<std::string> &args) {
  po::options_description desc("Options");
  command_options(desc)("hash", po::value<std::vector<std::string>>(), "32-byte hash as hex");
  po::variables_map vm;
  const std::string usage =
      "Usage: cnutil tree-hash HASH...\n"
      "Print Monero's tree hash (the Merkle root of a block's transactions) of the\n"
      "given 32-byte hashes (64 hex digits each), in the order given.\n";
  if (!parse_command_line(args, desc, "hash", -1, vm, usage)) return 0;
  if (!vm.count("hash")) throw usage_error("missing HASH (at least one is needed)");
  const auto &texts = vm["hash"].as<std::vector<std::string>>();
  std::vector<crypto::hash> hashes(texts.size());
  bool ok = true;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    std::string error;
    if (!cncrypto::hex_decode_fixed(texts[i], &hashes[i], sizeof(crypto::hash), &error)) {
      print_error(texts[i], "invalid hash: " + error);
      ok = false;
    }
  }
  if (!ok) return 1;
  crypto::hash root;
  crypto::tree_hash(hashes.data(), hashes.size(), root);
  std::cout << cncrypto::to_hex(root) << "\n";
  return 0;
}

// ---- address -------------------------------------------------------------------

using cncrypto::tools::short_name;

// The fields address decode prints, in order; payment_id only for integrated.
nlohmann::ordered_json address_fields(const std::string &address, const cncrypto::parsed_address &info) {
  nlohmann::ordered_json j;
  j["address"] = address;
  j["network"] = cncrypto::network_name(info.nettype);
  j["type"] = cncrypto::address_type_name(info.type());
  j["spend_public_key"] = cncrypto::hex_encode(&info.address.m_spend_public_key, sizeof(crypto::public_key));
  j["view_public_key"] = cncrypto::hex_encode(&info.address.m_view_public_key, sizeof(crypto::public_key));
  if (info.has_payment_id) j["payment_id"] = cncrypto::hex_encode(&info.payment_id, sizeof info.payment_id);
  return j;
}

// "key: value" lines (human-readable), or the same fields as a 2-space
// indented JSON object (as decode prints).
void print_address(const std::string &address, const cncrypto::parsed_address &info, bool json) {
  const nlohmann::ordered_json j = address_fields(address, info);
  if (json) {
    std::cout << j.dump(2) << "\n";
    return;
  }
  for (const auto &item : j.items()) std::cout << item.key() << ": " << item.value().get<std::string>() << "\n";
}

cryptonote::network_type network_option(const po::variables_map &vm) {
  const std::string &name = vm["network"].as<std::string>();
  cryptonote::network_type nettype;
  if (!cncrypto::network_from_name(name, nettype)) {
    throw usage_error("invalid --network '" + short_name(name) + "' (expected mainnet, testnet or stagenet)");
  }
  return nettype;
}

int run_address_decode(const std::vector<std::string> &args) {
  po::options_description desc("Options");
  command_options(desc)("json", "print each address as a JSON object")(
      "network", po::value<std::string>(), "refuse addresses of other networks (mainnet, testnet, stagenet)")(
      "address", po::value<std::vector<std::string>>(), "address");
  po::variables_map vm;
  const std::string usage =
      "Usage: cnutil address decode [--json] [--network NET] ADDR...\n"
      "Show the network, type (standard, integrated or subaddress), public keys and\n"
      "payment id of each address, as 'key: value' lines (a blank line between\n"
      "addresses) or, with --json, as one JSON object per address.\n";
  if (!parse_command_line(args, desc, "address", -1, vm, usage)) return 0;
  if (!vm.count("address")) throw usage_error("missing ADDR");
  const bool json = vm.count("json") != 0;
  const bool check_network = vm.count("network") != 0;
  const cryptonote::network_type required = check_network ? network_option(vm) : cryptonote::UNDEFINED;
  bool ok = true;
  bool first = true;
  for (const std::string &a : vm["address"].as<std::vector<std::string>>()) {
    try {
      const cncrypto::parsed_address info =
          check_network ? cncrypto::parse_address(a, required) : cncrypto::parse_address(a);
      if (!first && !json) std::cout << "\n";
      first = false;
      print_address(a, info, json);
    } catch (const cncrypto::address_error &e) {
      print_error(short_name(a), e.what());
      ok = false;
    }
  }
  return ok ? 0 : 1;
}

crypto::public_key public_key_option(const po::variables_map &vm, const char *name) {
  crypto::public_key key;
  std::string error;
  if (!cncrypto::hex_decode_fixed(vm[name].as<std::string>(), &key, sizeof key, &error)) {
    throw usage_error(std::string("invalid --") + name + " public key: " + error);
  }
  if (!crypto::check_key(key)) {
    throw usage_error(std::string("invalid --") + name + " public key: not a valid curve point");
  }
  return key;
}

int run_address_encode(const std::vector<std::string> &args) {
  po::options_description desc("Options");
  command_options(desc)("network", po::value<std::string>()->required(),
                                                  "mainnet, testnet or stagenet")(
      "spend", po::value<std::string>()->required(), "spend public key (64 hex digits)")(
      "view", po::value<std::string>()->required(), "view public key (64 hex digits)")(
      "payment-id", po::value<std::string>(), "8-byte payment id (16 hex digits): integrated address")(
      "subaddress", po::value<std::string>(), "MAJOR,MINOR: derive that subaddress (needs the view secret key)")(
      "subaddress-keys", "--spend and --view are already a subaddress's keys (D, C): encode them as a subaddress")(
      "view-secret-file", po::value<std::string>(),
      "file holding the view secret key as 64 hex digits (default: standard input; '-' = stdin)")(
      "json", "print the result as address decode --json does");
  po::variables_map vm;
  const std::string usage =
      "Usage: cnutil address encode --network NET --spend KEY --view KEY\n"
      "           [--payment-id ID | --subaddress MAJOR,MINOR [--view-secret-file FILE] | --subaddress-keys]\n"
      "Build a standard address, an integrated address (--payment-id), the\n"
      "subaddress MAJOR,MINOR of the wallet (--subaddress), or the subaddress string\n"
      "of known subaddress keys (--subaddress-keys). --subaddress needs the wallet's\n"
      "view secret key, read as 64 hex digits from standard input or from\n"
      "--view-secret-file; it must match --view. Secret keys are never accepted on\n"
      "the command line.\n";
  if (!parse_command_line(args, desc, nullptr, 0, vm, usage)) return 0;

  const cryptonote::network_type nettype = network_option(vm);
  const int kinds = static_cast<int>(vm.count("payment-id") + vm.count("subaddress") + vm.count("subaddress-keys"));
  if (kinds > 1) {
    throw usage_error(
        "--payment-id, --subaddress and --subaddress-keys exclude each other (Monero has no integrated subaddresses)");
  }
  if (vm.count("view-secret-file") && !vm.count("subaddress")) {
    throw usage_error("--view-secret-file is only used with --subaddress");
  }
  if (vm.count("view-secret-file") && cncrypto::tools::looks_like_key(vm["view-secret-file"].as<std::string>())) {
    // Not echoed: it is probably the secret itself.
    throw usage_error(
        "--view-secret-file wants a file name, but was given 64 hex digits (a key?); secret keys are never "
        "taken from the command line: write the key to a file or pipe it to standard input");
  }
  const cryptonote::account_public_address main_address{public_key_option(vm, "spend"), public_key_option(vm, "view")};

  std::string address;
  if (vm.count("payment-id")) {
    crypto::hash8 pid;
    std::string error;
    if (!cncrypto::hex_decode_fixed(vm["payment-id"].as<std::string>(), &pid, sizeof pid, &error)) {
      throw usage_error("invalid --payment-id: " + error);
    }
    address = cryptonote::get_account_integrated_address_as_str(nettype, main_address, pid);
  } else if (vm.count("subaddress-keys")) {
    address = cryptonote::get_account_address_as_str(nettype, true, main_address);
  } else if (!vm.count("subaddress")) {
    address = cryptonote::get_account_address_as_str(nettype, false, main_address);
  } else {
    cryptonote::subaddress_index index;
    if (!cncrypto::tools::parse_subaddress_index(vm["subaddress"].as<std::string>(), index.major, index.minor)) {
      throw usage_error("invalid --subaddress '" + short_name(vm["subaddress"].as<std::string>()) +
                        "' (expected MAJOR,MINOR, two numbers from 0 to 4294967295)");
    }
    const std::string source = vm.count("view-secret-file") ? vm["view-secret-file"].as<std::string>() : "-";
    crypto::secret_key view_secret;  // wiped by its destructor (sodium_memzero)
    try {
      cncrypto::tools::read_secret_key(source, view_secret, "View secret key: ");
    } catch (const std::exception &e) {
      cncrypto::tools::print_secret_error(source, "", e);
      return 1;
    }
    crypto::public_key view_public;
    if (!crypto::secret_key_to_public_key(view_secret, view_public)) {
      print_error(source, "not a valid secret key (a scalar below the group order l is expected)");
      return 1;
    }
    if (view_public != main_address.m_view_public_key) {
      print_error(source, "the view secret key does not belong to the --view public key");
      return 1;
    }
    const cryptonote::account_public_address sub = cncrypto::get_subaddress(main_address, view_secret, index);
    address = cryptonote::get_account_address_as_str(nettype, !index.is_zero(), sub);
  }
  if (vm.count("json")) {
    print_address(address, cncrypto::parse_address(address), true);
  } else {
    std::cout << address << "\n";
  }
  return 0;
}

int run_address(const std::vector<std::string> &args) {
  const std::string usage =
      "Usage: cnutil address decode [--json] [--network NET] ADDR...\n"
      "   or: cnutil address encode --network NET --spend KEY --view KEY\n"
      "           [--payment-id ID | --subaddress MAJOR,MINOR [--view-secret-file FILE] | --subaddress-keys]\n"
      "Run 'cnutil address decode --help' or 'cnutil address encode --help' for details.\n";
  if (args.empty()) throw usage_error("address needs a subcommand: decode or encode");
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "decode") return run_address_decode(rest);
  if (args[0] == "encode") return run_address_encode(rest);
  if (args[0] == "--help" || args[0] == "-h") {
    std::cout << usage;
    return 0;
  }
  throw usage_error("unknown address subcommand '" + short_name(args[0]) + "' (expected decode or encode)");
}

// The commands and what runs them (main dispatches through this table;
// help_hint names the command's own help from it).
using command_runner = int (*)(const std::vector<std::string> &);
struct command_entry {
  const char *name;
  command_runner run;
};
const command_entry commands[] = {
    {"tx-hash", [](const std::vector<std::string> &a) { return run_blob_command("tx-hash", a); }},
    {"block-id", [](const std::vector<std::string> &a) { return run_blob_command("block-id", a); }},
    {"tree-hash", run_tree_hash},
    {"decode", run_decode},
    {"address", run_address},
    {"pow", cncrypto::tools::run_pow},
    {"seed", cncrypto::tools::run_seed},
    {"keys", cncrypto::tools::run_keys},
    {"scan", cncrypto::tools::run_scan},
};

const command_entry *find_command(const std::string &name) {
  for (const command_entry &c : commands) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

// The help to point to after a usage error: the command's own (and the
// subcommand's, for address and seed) when the command line named one.
std::string help_hint(const std::vector<std::string> &all) {
  if (all.empty() || find_command(all[0]) == nullptr) return "cnutil --help";
  std::string hint = "cnutil " + all[0];
  if (all.size() > 1 && ((all[0] == "address" && (all[1] == "decode" || all[1] == "encode")) ||
                         (all[0] == "seed" && (all[1] == "new" || all[1] == "restore")))) {
    hint += " " + all[1];
  }
  return hint + " --help";
}

}  // namespace

int main(int argc, char **argv) {
  std::ios::sync_with_stdio(false);
  const std::vector<std::string> all(argv + 1, argv + argc);
  try {
    if (all.empty()) throw usage_error("missing command");
    const std::string &command = all[0];
    const std::vector<std::string> args(all.begin() + 1, all.end());
    if (command == "--help" || command == "-h") {
      std::cout << main_usage;
      return 0;
    }
    if (command == "--version") {
      std::cout << "cnutil (cncrypto) " CNCRYPTO_VERSION "\n";
      return 0;
    }
    const command_entry *entry = find_command(command);
    if (entry == nullptr) throw usage_error("unknown command '" + command + "'");
    const int status = entry->run(args);
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "cnutil: write error\n";
      return 1;
    }
    return status;
  } catch (const usage_error &e) {
    std::cout.flush();
    std::cerr << "cnutil: " << e.what() << "\nTry '" << help_hint(all) << "' for more information.\n";
    return 1;
  } catch (const std::exception &e) {
    std::cout.flush();
    std::cerr << "cnutil: " << e.what() << "\n";
    return 1;
  }
}
