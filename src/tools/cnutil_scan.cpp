// cnutil scan: the outputs of transactions (or blocks' miner transactions)
// that belong to a wallet, given its address and secret keys (from files or
// standard input, never the command line). Argument parsing, reading and
// printing only: the scanning is cncrypto::scan_transactions (wallet layer,
// docs/scanning.md). See the README's "cnutil scan".
#include "cnutil_input.h"
#include "cnutil_wallet.h"

#include "common/hex.h"
#include "crypto/crypto.h"
#include "cryptonote/account.h"
#include "cryptonote/address.h"
#include "cryptonote/cryptonote_format_utils.h"
#include "cryptonote/serialization.h"
#include "cryptonote/wallet_scan.h"

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <charconv>
#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace po = boost::program_options;

namespace cncrypto::tools {

namespace {

// Transactions per scan_transactions call: the progress bar moves once per
// call. Large enough for the batches (256 per round) and the threads.
constexpr std::size_t progress_step = 4096;
// Inputs from which a terminal gets a progress bar.
constexpr std::size_t progress_minimum = 2 * progress_step;

std::uint32_t parse_count(const std::string &text, const char *option, std::uint32_t max) {
  std::uint32_t n = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || ptr != text.data() + text.size() || n == 0 || n > max)
    throw usage_error(std::string("invalid --") + option + " '" + short_name(text) + "' (expected 1 to " +
                      std::to_string(max) + ")");
  return n;
}

// The address on whichever network it belongs to (cncrypto::parse_address),
// a main address only.
cncrypto::parsed_address main_address(const std::string &text) {
  cncrypto::parsed_address info;
  try {
    info = cncrypto::parse_address(text);
  } catch (const cncrypto::address_error &e) {
    throw usage_error("invalid --address '" + short_name(text) + "': " + e.what());
  }
  if (info.is_subaddress)
    throw usage_error("--address must be the wallet's main address, not a subaddress (subaddresses are found "
                      "through --subaddresses)");
  return info;
}

// One input's transaction: a transaction blob, or a block blob's miner
// transaction. false (and reports) when it is neither.
bool load_transaction(const std::string &name, cryptonote::transaction &tx) {
  std::vector<std::uint8_t> blob;
  try {
    blob = load_blob(blob_input{name, false});
  } catch (const std::exception &e) {
    if (looks_like_words_not_a_file(name)) {  // a few seed words: not repeated
      std::cout.flush();
      std::cerr << "cnutil: an argument of letters only that is no file (not repeated: it may be seed words): "
                << e.what() << "\n";
    } else {
      print_error(name, e.what());
    }
    return false;
  }
  std::string tx_error, block_error;
  if (cryptonote::parse_and_validate_tx_from_blob(cncrypto::byte_span(blob.data(), blob.size()), tx, &tx_error))
    return true;
  cryptonote::block b;
  if (cryptonote::parse_and_validate_block_from_blob(cncrypto::byte_span(blob.data(), blob.size()), b,
                                                     &block_error)) {
    tx = std::move(b.miner_tx);
    return true;
  }
  print_error(name, "neither a transaction (" + tx_error + ") nor a block (" + block_error + ")");
  return false;
}

int scan_command(const std::vector<std::string> &args) {
  po::options_description desc("Options");
  command_options(desc)("address", po::value<std::string>(), "the wallet's main address (any network)")(
      "view-key-file", po::value<std::string>(), "file holding the view secret key as 64 hex digits ('-': stdin)")(
      "spend-key-file", po::value<std::string>(),
      "file holding the spend secret key ('-': stdin); with it, key images are printed")(
      "subaddresses", po::value<std::string>()->default_value("50,200"),
      "subaddress table: MAJOR,MINOR accounts and indexes (Monero's default 50,200), or N for 1,N")(
      "threads", po::value<std::string>()->default_value("1"), "threads to scan on (1 to 256)")(
      "json", "print a JSON array")("file", po::value<std::vector<std::string>>(), "transaction or block blobs");
  const std::string usage =
      "Usage: cnutil scan --address ADDR --view-key-file FILE [--spend-key-file FILE]\n"
      "                   [--subaddresses N|MAJOR,MINOR] [--threads N] [--json] TX_OR_BLOCK_FILE...\n"
      "Print the outputs of the transactions (raw or hex blobs; a block's miner\n"
      "transaction) that belong to the wallet: transaction hash, output index,\n"
      "subaddress index, amount (atomic units), and the key image when the spend\n"
      "key is given. Secret keys are read from files or standard input, never from\n"
      "the command line, and must match the address.\n";
  po::variables_map vm;
  if (!parse_command_line(args, desc, "file", -1, vm, usage)) return 0;
  if (!vm.count("address")) throw usage_error("missing --address");
  if (!vm.count("view-key-file")) throw usage_error("missing --view-key-file");
  if (!vm.count("file")) throw usage_error("missing TX_OR_BLOCK_FILE");
  refuse_secret_as_name(vm, "view-key-file");
  refuse_secret_as_name(vm, "spend-key-file");
  const auto files = vm["file"].as<std::vector<std::string>>();
  refuse_secret_file_list(files);
  const std::string view_source = vm["view-key-file"].as<std::string>();
  const bool with_spend = vm.count("spend-key-file") != 0;
  const std::string spend_source = with_spend ? vm["spend-key-file"].as<std::string>() : "";
  if (with_spend && view_source == "-" && spend_source == "-")
    throw usage_error("--view-key-file and --spend-key-file cannot both be standard input");
  for (const auto &f : files) {
    if (f == "-" && (view_source == "-" || spend_source == "-"))
      throw usage_error("a key is read from standard input: TX_OR_BLOCK_FILE cannot be '-' too");
  }
  const cncrypto::parsed_address address = main_address(vm["address"].as<std::string>());
  std::uint32_t major = 1, minor = 0;
  const std::string &sub = vm["subaddresses"].as<std::string>();
  if (sub.find(',') != std::string::npos) {
    if (!parse_subaddress_index(sub, major, minor) || major == 0 || minor == 0 ||
        static_cast<std::uint64_t>(major) * minor > (1u << 24))
      throw usage_error("invalid --subaddresses '" + short_name(sub) +
                        "' (expected N or MAJOR,MINOR, both at least 1, at most 2^24 keys)");
  } else {
    minor = parse_count(sub, "subaddresses", 1u << 24);
  }
  const unsigned threads = parse_count(vm["threads"].as<std::string>(), "threads", 256);

  // The keys, checked against the address.
  crypto::secret_key view, spend;
  try {
    read_secret_key(view_source, view, "View secret key: ");
  } catch (const std::exception &e) {
    print_secret_error(view_source, "view key: ", e);
    return 1;
  }
  if (with_spend) {
    try {
      read_secret_key(spend_source, spend, "Spend secret key: ");
    } catch (const std::exception &e) {
      print_secret_error(spend_source, "spend key: ", e);
      return 1;
    }
  }
  cryptonote::account_base account;
  try {
    if (with_spend)
      account.create_from_keys(address.address, spend, view);
    else
      account.create_from_viewkey(address.address, view);
  } catch (const std::invalid_argument &e) {  // a mismatch; anything else (e.g. a bad
    // CNCRYPTO_CURVE_IMPL) is not about the keys: cnutil's handler prints it as it is
    print_error(with_spend ? spend_source : view_source, std::string("the keys do not match --address: ") + e.what());
    return 1;
  }
  const cncrypto::subaddress_map table = cncrypto::make_subaddress_map(account.get_keys(), major, minor);

  // The inputs.
  int status = 0;
  std::vector<cryptonote::transaction> txs;
  std::vector<std::string> names;
  txs.reserve(files.size());
  for (const auto &f : files) {
    cryptonote::transaction tx;
    if (!load_transaction(f, tx)) {
      status = 1;
      continue;
    }
    txs.push_back(std::move(tx));
    names.push_back(f);
  }

  // The scan, in steps for the progress bar.
  const bool progress = txs.size() >= progress_minimum && isatty(STDERR_FILENO) == 1;
  std::vector<cncrypto::scanned_transaction> results;
  results.reserve(txs.size());
  for (std::size_t begin = 0; begin < txs.size(); begin += progress_step) {
    const std::size_t n = std::min(progress_step, txs.size() - begin);
    auto part = cncrypto::scan_transactions(txs.data() + begin, n, account.get_keys(), table, threads);
    for (auto &r : part) results.push_back(std::move(r));
    if (progress) {
      const std::size_t done = begin + n, width = 40, filled = width * done / txs.size();
      std::cerr << "\r[" << std::string(filled, '#') << std::string(width - filled, ' ') << "] " << done << "/"
                << txs.size() << " transactions" << std::flush;
    }
  }
  if (progress) std::cerr << "\n";

  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < results.size(); ++i) {
    const cncrypto::scan_result &r = results[i].result;
    // Problems of transactions with owned outputs are worth a warning (an amount
    // that could not be decoded); those of others (unreadable extra fields,
    // foreign output types) are everyday chain data and stay quiet.
    if (!r.outputs.empty()) {
      for (const auto &p : r.problems) print_error(names[i], "warning: " + p);
    }
    const std::string hash =
        results[i].tx_hash_known ? cncrypto::hex_encode(&results[i].tx_hash, 32) : std::string(64, '?');
    for (const auto &o : r.outputs) {
      nlohmann::ordered_json j;
      j["tx_hash"] = hash;
      j["output_index"] = o.output_index;
      j["subaddress"] = std::to_string(o.received_index.major) + "," + std::to_string(o.received_index.minor);
      if (o.amount_decoded)
        j["amount"] = o.amount;
      else
        j["amount"] = nullptr;
      j["output_key"] = cncrypto::hex_encode(&o.out_key, 32);
      if (with_spend) {
        if (o.key_image_known)
          j["key_image"] = cncrypto::hex_encode(&o.key_image, 32);
        else
          j["key_image"] = nullptr;
      }
      all.push_back(j);
    }
  }
  if (vm.count("json")) {
    std::cout << all.dump(2) << "\n";
  } else {
    for (const auto &j : all) {
      std::cout << j["tx_hash"].get<std::string>() << " " << j["output_index"].get<std::size_t>() << " "
                << j["subaddress"].get<std::string>() << " "
                << (j["amount"].is_null() ? std::string("?") : std::to_string(j["amount"].get<std::uint64_t>()));
      if (with_spend)
        std::cout << " " << (j["key_image"].is_null() ? std::string("?") : j["key_image"].get<std::string>());
      std::cout << "\n";
    }
  }
  return status;
}

}  // namespace

int run_scan(const std::vector<std::string> &args) { return scan_command(args); }

}  // namespace cncrypto::tools
