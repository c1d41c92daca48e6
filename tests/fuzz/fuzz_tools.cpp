// Fuzz target: the parsing layer of the command-line tools (src/tools), called
// directly: cnhash's check-mode lines (checksum_text.h), and cnutil's argument
// parsing (cnutil_command.h, cnutil_input.h) and JSON output of blobs
// (cnutil_objects.h).
// Oracles: every line of the input that parses as a checksum line (with
// -a keccak-256 / sha3-256 / shake128) has hex digits of the algorithm's length
// and, written back as a standard "HEX  NAME" line (escaped as cnhash writes
// it), parses to the same digest and name; unescape_name(escape_name(x)) == x;
// the input split at newlines as a command line gives options or usage_error,
// nothing else (with a FILE as cnutil keys takes it: a secret given as FILE is
// refused); "MAJOR,MINOR" that parses prints back to the same text; a blob that
// cnutil decodes gives valid JSON, and the truncation warning never throws.
#include "checksum_text.h"
#include "cnutil_command.h"
#include "cnutil_input.h"
#include "cnutil_objects.h"
#include "fuzz_check.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace po = boost::program_options;
namespace tl = cncrypto::tools;

namespace {

bool is_hex(const std::string &s) {
  for (unsigned char c : s) {
    if (!std::isxdigit(c)) return false;
  }
  return true;
}

void check_lines(const std::string &text) {
  for (const char *name : {"keccak-256", "sha3-256", "shake128"}) {
    const cncrypto::keccak_algorithm_info &algo = *cncrypto::find_keccak_algorithm(name);
    tl::checksum_line_parser parser(algo, algo.xof ? 0 : algo.output_size);
    std::size_t start = 0;
    while (start <= text.size()) {
      std::size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      tl::checksum_line line;
      // An empty name ("SHAKE128 () = HEX", accepted as sha256sum accepts it, then
      // unopenable) has no standard-line spelling: "HEX  " is the one-blank form
      // naming " " (found by a random-seed run, 2026-12-02).
      if (parser.parse(std::string_view(text).substr(start, end - start), line) && !line.file_name.empty()) {
        FUZZ_CHECK(line.algorithm != nullptr && is_hex(line.hex_digest) && line.hex_digest.size() % 2 == 0);
        if (!line.algorithm->xof) FUZZ_CHECK(line.hex_digest.size() == 2 * line.algorithm->output_size);
        const bool escape = tl::name_needs_escape(line.file_name);
        const std::string written = std::string(escape ? "\\" : "") + line.hex_digest + "  " +
                                    (escape ? tl::escape_name(line.file_name) : line.file_name);
        tl::checksum_line_parser fresh(*line.algorithm, line.algorithm->xof ? 0 : line.algorithm->output_size);
        tl::checksum_line again;
        FUZZ_CHECK(fresh.parse(written, again));
        FUZZ_CHECK(again.algorithm == line.algorithm && again.hex_digest == line.hex_digest &&
                   again.file_name == line.file_name);
      }
      start = end + 1;
    }
  }
  std::string back;
  FUZZ_CHECK(tl::unescape_name(tl::escape_name(text), back) && back == text);
}

// A "MAJOR,MINOR" that parses is decimal digits, ',', decimal digits spelling the
// pair; leading zeros are allowed ("05,0" is 5,0: found by CI's fuzz stage).
void check_index(std::string_view text) {
  std::uint32_t major = 0, minor = 0;
  if (!tl::parse_subaddress_index(text, major, minor)) return;
  const auto without_leading_zeros = [](std::string_view digits) {
    const std::size_t first = digits.find_first_not_of('0');
    return first == std::string_view::npos ? std::string("0") : std::string(digits.substr(first));
  };
  const std::size_t comma = text.find(',');
  FUZZ_CHECK(comma != std::string_view::npos && comma > 0 && comma + 1 < text.size());
  const std::string_view a = text.substr(0, comma), b = text.substr(comma + 1);
  FUZZ_CHECK(a.find_first_not_of("0123456789") == std::string_view::npos &&
             b.find_first_not_of("0123456789") == std::string_view::npos);
  FUZZ_CHECK(without_leading_zeros(a) == std::to_string(major) && without_leading_zeros(b) == std::to_string(minor));
}

void check_command_line(const std::string &text) {
  std::vector<std::string> args;
  std::size_t start = 0;
  while (start < text.size() && args.size() < 16) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    args.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  po::options_description desc("options");
  tl::command_options(desc)("json", "JSON output")("hex", po::value<std::string>(), "hex text")(
      "height", po::value<std::uint64_t>(), "height")("index", po::value<std::string>(), "MAJOR,MINOR")(
      "file", po::value<std::string>(), "file");
  po::variables_map vm;
  try {
    if (!tl::parse_command_line(args, desc, "file", 1, vm, "usage: fuzz")) return;
    tl::refuse_secret_as_name(vm, "file");
  } catch (const tl::usage_error &) {
    return;
  }
  if (vm.count("index")) check_index(vm["index"].as<std::string>());
  if (vm.count("hex")) {
    try {
      (void)tl::load_blob(tl::blob_input{vm["hex"].as<std::string>(), true});
    } catch (const std::runtime_error &) {
    }
  }
}

void check_json(const std::vector<std::uint8_t> &blob) {
  std::string text;
  try {
    text = tl::decode_to_json(blob, tl::object_kind::automatic);
  } catch (const std::runtime_error &) {
    return;
  }
  FUZZ_CHECK(nlohmann::json::accept(text));
  (void)tl::accepted_truncation_warning(blob, tl::object_kind::automatic);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  static const bool quiet = [] {
    std::cout.setstate(std::ios::failbit);  // --help prints the usage: not wanted here
    return true;
  }();
  (void)quiet;
  const std::string text(reinterpret_cast<const char *>(data), size);
  check_lines(text);
  check_command_line(text);
  check_index(text);
  // At most 120 bytes shown, each control byte as 4 (\xNN), and none raw.
  const std::string shown = tl::short_name(text);
  FUZZ_CHECK(shown.size() <= 4 * 120);
  for (const char c : shown) FUZZ_CHECK(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f);
  check_json(std::vector<std::uint8_t>(data, data + size));
  return 0;
}
