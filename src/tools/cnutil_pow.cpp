// cnutil pow (cnutil_pow.h): argument parsing and printing only.
#include "cnutil_pow.h"

#include "checksum_text.h"
#include "cnutil_command.h"
#include "cnutil_input.h"

#include "common/hex.h"
#include "crypto/hash.h"
#include "cryptonote/block_pow.h"
#include "cryptonote/difficulty.h"

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace po = boost::program_options;

namespace cncrypto::tools {
namespace {

const char *const pow_usage =
    "Usage: cnutil pow [--height H] [--seed-hash HEX] [--difficulty D] [--json] [--hex HEX]... [FILE]...\n"
    "   or: cnutil pow --hashing-blob --major-version M --height H [--seed-hash HEX] ... (FILE | --hex HEX)...\n"
    "Print the proof-of-work hash of each block blob (the PoW of its hashing blob,\n"
    "as Monero's get_block_longhash) and the algorithm its major version uses:\n"
    "cn/0 (majors 1-6), cn/1 (7), cn/2 (8-9), cn/r (10-11), rx/0 (RandomX, 12-16),\n"
    "or fixed-202612 (Monero's hard-coded answer for the real block 202612 of\n"
    "mainnet, testnet and stagenet).\n"
    "\n"
    "The height is the miner transaction's (its txin_gen input); --height must\n"
    "agree with it. A RandomX block needs --seed-hash: the id of the block at\n"
    "rx_seedheight(height), which the error message names. With --difficulty,\n"
    "each hash is checked against it (Monero's check_hash) and the exit status is\n"
    "1 if one does not meet it. --hashing-blob hashes each input as given (a\n"
    "hashing blob, or what RPC calc_pow takes) with the given major version and\n"
    "height. Major versions Monero never had (0, above 16) are refused.\n"
    "\n"
    "Output: HASH  ALGORITHM[  ok|fail]  FILE (FILE left out for --hex inputs);\n"
    "with --json one JSON object per input.\n";

std::uint64_t height_option(const std::string &text) {
  std::uint64_t v = 0;
  const char *end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, v);
  if (text.empty() || r.ec != std::errc() || r.ptr != end) {
    throw usage_error("invalid --height '" + short_name(text) + "' (expected a decimal number below 2^64)");
  }
  return v;
}

std::uint8_t major_option(const std::string &text) {
  std::uint64_t v = 0;
  const char *end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, v);
  // The range get_blob_pow accepts (Monero never had major 0 or one above the
  // last hard fork), checked here so that the message states it.
  if (text.empty() || r.ec != std::errc() || r.ptr != end || v == 0 ||
      v > cncrypto::LAST_KNOWN_BLOCK_MAJOR_VERSION) {
    throw usage_error("invalid --major-version '" + short_name(text) + "' (expected a number from 1 to " +
                      std::to_string(cncrypto::LAST_KNOWN_BLOCK_MAJOR_VERSION) + ")");
  }
  return static_cast<std::uint8_t>(v);
}

cryptonote::difficulty_type difficulty_option(const std::string &text) {
  cryptonote::difficulty_type d;
  try {
    d = cryptonote::difficulty_type(text);
  } catch (const std::exception &) {
    throw usage_error("invalid --difficulty '" + short_name(text) +
                      "' (expected a decimal or 0x-hex number from 1 to 2^128 - 1)");
  }
  if (d == 0) throw usage_error("invalid --difficulty 0 (Monero never checks against 0; it passes every hash)");
  return d;
}

crypto::hash seed_option(const std::string &text) {
  crypto::hash seed;
  std::string error;
  if (!cncrypto::hex_decode_fixed(text, &seed, sizeof seed, &error)) {
    throw usage_error("invalid --seed-hash: " + error + " (a 32-byte block id: the id of the block at rx_seedheight(height))");
  }
  return seed;
}

nlohmann::ordered_json pow_json(const blob_input &input, const cncrypto::block_pow &p,
                                const crypto::hash *seed, const std::optional<cryptonote::difficulty_type> &difficulty,
                                bool meets) {
  nlohmann::ordered_json j;
  j["input"] = input.is_hex ? "--hex" : input.text;
  j["pow_hash"] = cncrypto::to_hex(p.hash);
  j["algorithm"] = cncrypto::pow_algorithm_name(p.algorithm);
  if (p.cn_variant >= 0) j["cn_variant"] = p.cn_variant;
  j["major_version"] = p.major_version;
  j["height"] = p.height;
  j["height_from"] = p.height_from_miner_tx ? "miner_tx" : "option";
  if (p.algorithm == cncrypto::pow_algorithm::randomx) {
    j["seed_height"] = p.seed_height;
    j["seed_hash"] = cncrypto::to_hex(*seed);
  }
  if (difficulty) {
    j["difficulty"] = difficulty->str();
    j["meets_difficulty"] = meets;
  }
  return j;
}

}  // namespace

int run_pow(const std::vector<std::string> &args) {
  po::options_description desc("Options");
  command_options(desc)(
      "height", po::value<std::string>(), "the block's height (default: its miner transaction's; must agree)")(
      "seed-hash", po::value<std::string>(), "RandomX seed: id of the block at rx_seedheight(height), 64 hex digits")(
      "difficulty", po::value<std::string>(), "check each hash against this difficulty (decimal or 0x-hex)")(
      "json", "print one JSON object per input")(
      "hashing-blob", "hash each input as given (needs --major-version and --height)")(
      "major-version", po::value<std::string>(), "with --hashing-blob: the block major version (1 to 16)")(
      "hex", po::value<std::vector<std::string>>()->composing(), "a block blob as hex (repeatable)")(
      "file", po::value<std::vector<std::string>>()->composing(), "input file ('-' = stdin)");
  po::variables_map vm;
  if (!parse_command_line(args, desc, "file", -1, vm, pow_usage)) return 0;

  const bool raw = vm.count("hashing-blob") != 0;
  const std::optional<std::uint64_t> height =
      vm.count("height") ? std::optional<std::uint64_t>(height_option(vm["height"].as<std::string>())) : std::nullopt;
  std::uint8_t raw_major = 0;
  if (raw) {
    if (!vm.count("major-version") || !height) throw usage_error("--hashing-blob needs --major-version and --height");
    raw_major = major_option(vm["major-version"].as<std::string>());
  } else if (vm.count("major-version")) {
    throw usage_error("--major-version is only used with --hashing-blob (a block blob carries its own)");
  }
  const std::optional<crypto::hash> seed =
      vm.count("seed-hash") ? std::optional<crypto::hash>(seed_option(vm["seed-hash"].as<std::string>())) : std::nullopt;
  const std::optional<cryptonote::difficulty_type> difficulty =
      vm.count("difficulty") ? std::optional<cryptonote::difficulty_type>(
                                   difficulty_option(vm["difficulty"].as<std::string>()))
                             : std::nullopt;
  const bool json = vm.count("json") != 0;

  std::vector<blob_input> inputs;
  if (vm.count("hex")) {
    for (const auto &h : vm["hex"].as<std::vector<std::string>>()) inputs.push_back({h, true});
  }
  if (vm.count("file")) {
    for (const auto &f : vm["file"].as<std::vector<std::string>>()) inputs.push_back({f, false});
  }
  if (inputs.empty()) throw usage_error("missing input: give FILE..., '-' for stdin, or --hex HEX");

  const crypto::hash *seed_ptr = seed ? &*seed : nullptr;
  bool ok = true;
  bool seed_missing = false;
  for (const auto &input : inputs) {
    const std::string name = input.is_hex ? "--hex" : input.text;
    try {
      const std::vector<std::uint8_t> blob = load_blob(input);
      const cncrypto::block_pow p = raw ? cncrypto::get_blob_pow(blob, *height, raw_major, seed_ptr)
                                          : cncrypto::get_block_pow_from_blob(blob, height, seed_ptr);
      const bool meets = difficulty ? cryptonote::check_hash(p.hash, *difficulty) : true;
      if (!meets) ok = false;
      if (json) {
        std::cout << pow_json(input, p, seed_ptr, difficulty, meets).dump(2) << "\n";
        continue;
      }
      const bool escape = !input.is_hex && name_needs_escape(input.text);  // as sha256sum
      std::cout << (escape ? "\\" : "") << cncrypto::to_hex(p.hash) << "  " << cncrypto::pow_algorithm_name(p.algorithm);
      if (difficulty) std::cout << (meets ? "  ok" : "  fail");
      if (!input.is_hex) std::cout << "  " << (escape ? escape_name(input.text) : input.text);
      std::cout << "\n";
    } catch (const cncrypto::pow_error &e) {
      if (e.error_kind() == cncrypto::pow_error::kind::seed_required) {
        print_error(name, std::string(e.what()) + ": give it with --seed-hash");
        seed_missing = true;
      } else {
        print_error(name, e.what());
      }
      ok = false;
    } catch (const std::exception &e) {
      print_error(name, e.what());
      ok = false;
    }
  }
  if (seed_missing) std::cerr << "Try 'cnutil pow --help' for more information.\n";
  return ok ? 0 : 1;
}

}  // namespace cncrypto::tools
