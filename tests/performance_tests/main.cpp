// cncrypto's performance tests: the Monero-style harness (performance_tests.h);
// each case header registers its tests and their peers, listed once below. docs/performance.md explains
// the options, the timing method and the figures.
#include <boost/program_options.hpp>
#include <cmath>
#include <iostream>
#include <string>

#include "batch_tests.h"
#include "blake2b_tests.h"
#include "bp_tests.h"
#include "bpp_tests.h"
#ifdef CNCRYPTO_PERF_C_API
#include "capi_tests.h"
#endif
#include "clsag_tests.h"
#include "cn_slow_hash_tests.h"
#include "construct_tests.h"
#include "ed25519_tests.h"
#include "equality_tests.h"
#include "fcmp_pp_tests.h"
#include "format_tests.h"
#include "hash_batch_tests.h"
#include "hash_tests.h"
#include "key_tests.h"
#include "mlsag_tests.h"
#include "multiexp_tests.h"
#include "performance_tests.h"
#include "performance_utils.h"
#include "pow_tests.h"
#include "sc_tests.h"
#include "selftest.h"
#include "wallet_tests.h"
#include "x25519_tests.h"
#include "scan_tests.h"

namespace po = boost::program_options;
using namespace perf;

namespace {
// Every case header's tests (and the peers beside them), in the order --list
// prints them.
void register_all(registry &r) {
  register_keccakf_tests(r);                     // hash_tests.h
  register_keccakf_x8_tests(r);                  // hash_batch_tests.h
  register_cn_fast_hash_tests(r);                // hash_tests.h
  register_cn_fast_hash_implementation_tests(r);  // hash_batch_tests.h
  register_cn_slow_hash_tests(r);                // cn_slow_hash_tests.h
  register_batch_tests(r);                       // batch_tests.h
  register_sponge_tests(r);                      // hash_tests.h
  register_blake2b_tests(r);                     // blake2b_tests.h: blake2b against libsodium
  register_sc_tests(r);                          // sc_tests.h
  register_ed25519_tests(r);                     // ed25519_tests.h
  register_equality_tests(r);                    // equality_tests.h
  register_key_tests(r);                         // key_tests.h
#ifdef CNCRYPTO_PERF_C_API
  register_capi_tests(r);                        // capi_tests.h: the C ABI beside the C++ calls it wraps
#endif
  register_fcmp_pp_tests(r);                     // fcmp_pp_tests.h: Monero master's FCMP++ curve functions
  register_x25519_tests(r);                      // x25519_tests.h: X25519 single and batched, against libsodium
  register_bp_tests(r);                          // bp_tests.h
  register_bpp_tests(r);                         // bpp_tests.h
  register_multiexp_tests(r);                    // multiexp_tests.h: Monero's test_multiexp rows
  register_format_tests(r);                      // format_tests.h
  register_wallet_tests(r);                      // wallet_tests.h
  register_scan_tests(r);                        // scan_tests.h: batched derivations, scan_transactions
  register_construct_tests(r);                   // construct_tests.h
  register_clsag_tests(r);                       // clsag_tests.h
  register_mlsag_tests(r);                       // mlsag_tests.h
  register_pow_tests(r);                         // pow_tests.h: test_check_hash, RandomX
  register_selftests(r);                         // selftest.h
}

void print_peers() {
  std::cout << "Peer libraries in this build:";
  for (const std::string &peer : cncrypto::peers::available()) std::cout << " " << peer << ";";
  std::cout << "\n";
  const auto missing = cncrypto::peers::missing();
  if (!missing.empty()) {
    std::cout << "Peer libraries not found at configure time (comparisons left out):";
    for (const std::string &peer : missing) std::cout << " " << peer;
    std::cout << "\n";
  }
}
}  // namespace

int main(int argc, char **argv) try {
  po::options_description options(
      "Usage: performance_tests [options]\n"
      "Times cncrypto's operations (and other libraries' in the same run). Exit status: 0 when\n"
      "every selected test passed, 1 when any init() or test() failed, 2 on a usage error\n"
      "(including a --filter that matches no test, and a --json or --timings-database file\n"
      "that cannot be written: both are checked before any test runs).\n"
      "Options");
  // clang-format off
  options.add_options()
    ("help,h", "Print this help and exit")
    ("list", "List the tests the filter selects (peers indented under their test) and exit")
    ("filter", po::value<std::string>()->default_value(""),
     "Run the tests whose name matches: a glob when it has * or ? and none of .\\()|+^${} "
     "(* any text, ? one character), else an ECMAScript regular expression. Either may match "
     "any part of the name: 'cn_fast_hash' selects every cn_fast_hash test, "
     "'^test_cn_fast_hash<32>$' exactly one. A test runs with all its peers when it or one "
     "of them matches.")
    ("verbose", "Verbose output (one block per test)")
    ("stats", "Print min / 90th / median / std dev (in --verbose also the mean)")
    ("loop-multiplier", po::value<double>()->default_value(1.0),
     "Run loop_count times this many calls (fractions allowed, at least 1 call per test)")
    ("timings-database", po::value<std::string>(),
     "Append the results to this file and compare with its previous entries (tab-separated "
     "text; see docs/performance.md)")
    ("json", po::value<std::string>(), "Write machine-readable results to this file")
    ("batches", po::value<std::size_t>()->default_value(20),
     "Split each test's calls into at least this many timed batches (the median batch is "
     "reported)")
    ("batch-us", po::value<double>()->default_value(200.0),
     "Aim for timed batches of this many microseconds (more batches for long tests)")
    ("warm-up-ms", po::value<double>()->default_value(20.0),
     "Warm-up per test: at most this many milliseconds (and at most its call count)")
    ("cpu-ghz", po::value<double>(),
     "Core clock for the cycle figures; default: measured at start; 0: no cycles")
    ("clock", po::value<std::string>()->default_value("steady"),
     "Batch clock: 'steady' (std::chrono::steady_clock, wall time) or 'thread' (this "
     "thread's CPU time: leaves out time spent descheduled on a busy machine)")
    ("no-peers", "Leave out the other libraries' tests");
  // clang-format on

  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, options), vm);
    po::notify(vm);
  } catch (const po::error &e) {
    std::cerr << "performance_tests: " << e.what() << "\n" << options << "\n";
    return 2;
  }
  if (vm.count("help")) {
    std::cout << options << "\n";
    print_peers();
    return 0;
  }

  ParamsShuttle p;
  Params &params = p.core_params;
  params.verbose = vm.count("verbose") > 0;
  params.stats = vm.count("stats") > 0;
  params.loop_multiplier = vm["loop-multiplier"].as<double>();
  params.batches = vm["batches"].as<std::size_t>();
  params.warm_up_ms = vm["warm-up-ms"].as<double>();
  params.batch_us = vm["batch-us"].as<double>();
  params.peers = vm.count("no-peers") == 0;
  if (vm.count("cpu-ghz")) {
    params.cpu_ghz = vm["cpu-ghz"].as<double>();
  }
  // One check per option, naming it: a NaN or infinity would otherwise reach a
  // double -> size_t conversion (undefined; 1e30 ran one call) or the JSON file
  // (not a number there), and "--batches -1" wraps to 2^64-1 batches (a hang).
  const auto bad_option = [](const char *option, const std::string &given, const char *allowed) {
    std::cerr << "performance_tests: --" << option << " " << given << ": must be " << allowed << "\n";
    return 2;
  };
  const auto in_range = [](double x, double lo, double hi) { return std::isfinite(x) && x >= lo && x <= hi; };
  const auto given = [&argc, &argv](const char *option) {
    // the value as typed, for the message (program_options has already parsed it)
    const std::string flag = std::string("--") + option;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == flag && i + 1 < argc) return std::string(argv[i + 1]);
      if (arg.rfind(flag + "=", 0) == 0) return arg.substr(flag.size() + 1);
    }
    return std::string("?");
  };
  if (!(params.loop_multiplier > 0) || !in_range(params.loop_multiplier, 0, 1e6))
    return bad_option("loop-multiplier", given("loop-multiplier"), "a number > 0 and at most 1000000");
  if (params.batches == 0 || params.batches > 1000000)
    return bad_option("batches", given("batches"), "a whole number from 1 to 1000000");
  if (!in_range(params.warm_up_ms, 0, 1e6))
    return bad_option("warm-up-ms", given("warm-up-ms"), "a number from 0 to 1000000");
  if (!in_range(params.batch_us, 0, 1e9))
    return bad_option("batch-us", given("batch-us"), "a number from 0 to 1000000000");
  if (vm.count("cpu-ghz") && !in_range(params.cpu_ghz, 0, 1000))
    return bad_option("cpu-ghz", given("cpu-ghz"), "a number from 0 (no cycle figures) to 1000");
  const std::string clock_name = vm["clock"].as<std::string>();
  if (clock_name != "steady" && clock_name != "thread") {
    std::cerr << "performance_tests: --clock must be 'steady' or 'thread', not '" << clock_name << "'\n";
    return 2;
  }
  params.thread_cpu_clock = clock_name == "thread";
  if (vm.count("json")) params.json_path = vm["json"].as<std::string>();

  name_filter filter;
  try {
    filter = name_filter(vm["filter"].as<std::string>());
  } catch (const std::invalid_argument &e) {
    std::cerr << "performance_tests: " << e.what() << "\n";
    return 2;
  }
  registry r(filter, p);
  register_all(r);
  std::size_t selected = 0;
  for (const test_group &g : p.groups) selected += g.selected ? 1 : 0;
  if (selected == 0) {  // most likely a mistyped name: say so, for --list too (docs/performance.md)
    std::cerr << "performance_tests: --filter '" << filter.pattern()
              << "' matches no test (performance_tests --list shows the names)\n";
    return 2;
  }

  if (vm.count("list")) {
    list_tests(p);
    return 0;
  }
  // Output files are checked now, not after the whole run (both throw: exit status 2).
  if (!params.json_path.empty()) check_output_file(params.json_path, "--json");
  if (vm.count("timings-database")) {
    params.td = std::make_shared<timings_database>(vm["timings-database"].as<std::string>());
  }
  if (!vm.count("cpu-ghz") && !vm.count("list")) {
    params.cpu_ghz = measure_core_ghz();
    params.cpu_ghz_measured = params.cpu_ghz > 0;
  }
  params.info.emplace_back("keccak_implementation", crypto::keccak_implementation_name());
  std::string peer_list;
  for (const std::string &peer : cncrypto::peers::available()) peer_list += (peer_list.empty() ? "" : ", ") + peer;
  params.info.emplace_back("peers", peer_list);
  if (params.verbose) {
    std::cout << "CPU: " << cpu_model() << "\nCompiler: " << compiler_id() << "\n";
    if (params.cpu_ghz > 0)
      std::cout << "Core clock: " << params.cpu_ghz << " GHz" << (params.cpu_ghz_measured ? " (measured)" : "") << "\n";
    for (const auto &[key, value] : params.info) std::cout << key << ": " << value << "\n";
  }
  return run_tests(p) == 0 ? 0 : 1;
} catch (const std::exception &e) {
  std::cerr << "performance_tests: error: " << e.what() << "\n";
  return 2;
}
