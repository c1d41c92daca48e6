// cnutil: command-line front end for CryptoNote objects (transactions, blocks,
// tree hashes). Thin: argument parsing, reading inputs, printing;
// every computation is a library call. See docs/cnutil.md.
//
// Conventions (as cnhash and coreutils' sha256sum): a problem with one input
// prints "cnutil: NAME: reason" on stderr, the remaining inputs are still
// processed, and the exit status is 1 at the end. Usage errors exit 1 too.

#include "checksum_text.h"
#include "cnutil_input.h"
#include "cnutil_objects.h"

#include "common/hex.h"
#include "crypto/hash.h"

#include <boost/program_options.hpp>

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

// Thrown for bad command lines; main prints it with a hint to --help.
struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const char *const main_usage =
    "Usage: cnutil COMMAND [OPTION]... [ARG]...\n"
    "Work with CryptoNote (Monero) transactions and blocks.\n"
    "\n"
    "Commands:\n"
    "  tx-hash FILE...      print the transaction hash of each transaction blob\n"
    "  block-id FILE...     print the block id of each block blob\n"
    "  tree-hash HASH...    print the Monero tree hash (Merkle root) of the hashes\n"
    "  decode FILE          print a transaction or block as JSON\n"
    "\n"
    "Blob inputs are raw binary or hex text (detected from the first byte);\n"
    "FILE '-' is standard input, --hex STRING gives a blob on the command line.\n"
    "\n"
    "Options:\n"
    "  -h, --help     show this help (cnutil COMMAND --help for a command)\n"
    "      --version  show the version\n"
    "\n"
    "Exit status: 0 if every input was processed, 1 otherwise.\n";

// Parses args with desc (and positional names), handling --help. Returns false
// when help was printed.
bool parse_command_line(const std::vector<std::string> &args, const po::options_description &desc,
                        const po::positional_options_description &positional, po::variables_map &vm,
                        const std::string &usage) {
  // No abbreviations: an option must be spelled out (no silent guessing).
  const int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;
  try {
    po::store(po::command_line_parser(args).options(desc).positional(positional).style(style).run(), vm);
    if (vm.count("help")) {
      std::cout << usage << "\n" << desc;
      return false;
    }
    po::notify(vm);  // required options are checked here, after --help
  } catch (const po::error &e) {
    throw usage_error(e.what());
  }
  return true;
}

// ---- tx-hash / block-id ----------------------------------------------------

int run_blob_command(const std::string &command, const std::vector<std::string> &args) {
  const bool is_tx = command == "tx-hash";
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help")(
      "hex", po::value<std::vector<std::string>>()->composing(),
      is_tx ? "a transaction blob as hex (repeatable)" : "a block blob as hex (repeatable)")(
      "file", po::value<std::vector<std::string>>()->composing(), "input file ('-' = stdin)");
  po::positional_options_description positional;
  positional.add("file", -1);
  po::variables_map vm;
  const std::string usage =
      is_tx ? "Usage: cnutil tx-hash [--hex HEX]... [FILE]...\n"
              "Print the transaction hash (the id Monero shows) of each transaction.\n"
              "Output: HASH  FILE for files, HASH alone for --hex inputs.\n"
            : "Usage: cnutil block-id [--hex HEX]... [FILE]...\n"
              "Print the block id of each block (with Monero's special case for mainnet\n"
              "block 202612). Output: ID  FILE for files, ID alone for --hex inputs.\n";
  if (!parse_command_line(args, desc, positional, vm, usage)) return 0;

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
      if (input.is_hex) {
        std::cout << crypto::to_hex(h) << "\n";
      } else if (cncrypto::tools::name_needs_escape(input.text)) {  // as sha256sum
        std::cout << "\\" << crypto::to_hex(h) << "  " << cncrypto::tools::escape_name(input.text) << "\n";
      } else {
        std::cout << crypto::to_hex(h) << "  " << input.text << "\n";
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
  desc.add_options()("help,h", "show this help")("hex", po::value<std::string>(), "the blob as hex instead of a file")(
      "type", po::value<std::string>()->default_value("auto"), "tx, block or auto (try both)")(
      "file", po::value<std::string>(), "input file ('-' = stdin)");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  const std::string usage =
      "Usage: cnutil decode [--type tx|block|auto] (FILE | --hex HEX)\n"
      "Print a transaction or block as JSON, with its hashes.\n";
  if (!parse_command_line(args, desc, positional, vm, usage)) return 0;
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
    std::cout << cncrypto::tools::decode_to_json(blob, kind) << "\n";
  } catch (const std::exception &e) {
    print_error(input.is_hex ? "--hex" : input.text, e.what());
    return 1;
  }
  return 0;
}

// ---- tree-hash ---------------------------------------------------------------

int run_tree_hash(const std::vector<std::string> &args) {
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help")("hash", po::value<std::vector<std::string>>(), "32-byte hash as hex");
  po::positional_options_description positional;
  positional.add("hash", -1);
  po::variables_map vm;
  const std::string usage =
      "Usage: cnutil tree-hash HASH...\n"
      "Print Monero's tree hash (the Merkle root of a block's transactions) of the\n"
      "given 32-byte hashes (64 hex digits each), in the order given.\n";
  if (!parse_command_line(args, desc, positional, vm, usage)) return 0;
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
  std::cout << crypto::to_hex(root) << "\n";
  return 0;
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
    int status;
    if (command == "tx-hash" || command == "block-id") {
      status = run_blob_command(command, args);
    } else if (command == "tree-hash") {
      status = run_tree_hash(args);
    } else if (command == "decode") {
      status = run_decode(args);
    } else {
      throw usage_error("unknown command '" + command + "'");
    }
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "cnutil: write error\n";
      return 1;
    }
    return status;
  } catch (const usage_error &e) {
    std::cout.flush();
    std::cerr << "cnutil: " << e.what() << "\nTry 'cnutil --help' for more information.\n";
    return 1;
  } catch (const std::exception &e) {
    std::cout.flush();
    std::cerr << "cnutil: " << e.what() << "\n";
    return 1;
  }
}
