// cncrypto's performance tests: the Monero-style harness (performance_tests.h)
// with every test and its peers registered below. docs/performance.md explains
// the options, the timing method and the figures.
#include <boost/program_options.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include "batch_tests.h"
#include "bpp_tests.h"
#include "clsag_tests.h"
#include "construct_tests.h"
#include "ed25519_tests.h"
#include "format_tests.h"
#include "hash_batch_tests.h"
#include "hash_tests.h"
#include "key_tests.h"
#include "peer_tests.h"
#include "performance_tests.h"
#include "performance_utils.h"
#include "pow_tests.h"
#include "sc_tests.h"
#include "selftest.h"
#include "wallet_tests.h"

namespace po = boost::program_options;
using namespace perf;

namespace {
void register_all(const name_filter &filter, ParamsShuttle &p) {
  // Keccak-f[1600]: through keccakf() (the dispatcher's choice), then each
  // implementation compiled in that this CPU can run, by name.
  TEST_PERFORMANCE0(filter, p, test_keccakf);
  std::size_t implementations = 0;
  const crypto::keccak_permutation *const *permutations = crypto::keccak_permutations(implementations);
  for (std::size_t i = 0; i < implementations; ++i) {
    if (!permutations[i]->available()) continue;
    register_test_with<test_keccakf_implementation>(
        filter, p, std::string("test_keccakf<") + permutations[i]->name + ">", permutations[i]);
  }
  // 8 states at once (permute_x8) by implementation.
  for (std::size_t i = 0; i < implementations; ++i) {
    if (!permutations[i]->available()) continue;
    register_test_with<test_keccakf_x8_implementation>(
        filter, p, std::string("test_keccakf_x8<") + permutations[i]->name + ">", permutations[i]);
  }
  // The same on the lane-interleaved layout (permute_x8_lanes, no transposes).
  for (std::size_t i = 0; i < implementations; ++i) {
    if (!permutations[i]->available()) continue;
    register_test_with<test_keccakf_x8_lanes_implementation>(
        filter, p, std::string("test_keccakf_x8_lanes<") + permutations[i]->name + ">", permutations[i]);
  }

  // cn_fast_hash (Keccak-256); Crypto++ has the same function.
#if CNCRYPTO_PEER_CRYPTOPP
#define KECCAK_256_PEERS(n) PEER_PERFORMANCE2(filter, p, peer_keccak_256, cryptopp, n)
#else
#define KECCAK_256_PEERS(n)
#endif
  TEST_PERFORMANCE1(filter, p, test_cn_fast_hash, 32);
  KECCAK_256_PEERS(32);
  TEST_PERFORMANCE1(filter, p, test_cn_fast_hash, 64);
  TEST_PERFORMANCE1(filter, p, test_cn_fast_hash, 136);
  KECCAK_256_PEERS(136);
  TEST_PERFORMANCE1(filter, p, test_cn_fast_hash, 1024);
  TEST_PERFORMANCE1(filter, p, test_cn_fast_hash, 16384);
  KECCAK_256_PEERS(16384);
  TEST_PERFORMANCE1(filter, p, test_cn_fast_hash, 1048576);
  KECCAK_256_PEERS(1048576);
  // cn_fast_hash through each implementation by name (test_cn_fast_hash<avx512, 32>).
  for (std::size_t i = 0; i < implementations; ++i) {
    if (!permutations[i]->available()) continue;
    const std::string name = permutations[i]->name;
    register_test_with<test_cn_fast_hash_implementation<32>>(filter, p, "test_cn_fast_hash<" + name + ", 32>",
                                                             permutations[i]);
    register_test_with<test_cn_fast_hash_implementation<16384>>(
        filter, p, "test_cn_fast_hash<" + name + ", 16384>", permutations[i]);
  }
  // Batch hashing (crypto/hash_batch.h): messages per call, bytes per message.
  // Each has a peer doing the same work with one single-message call per item
  // (test_*_loop), so the peers table shows what batching buys.
  TEST_PERFORMANCE2(filter, p, test_cn_fast_hash_batch, 8, 32);
  PEER_PERFORMANCE2(filter, p, test_cn_fast_hash_loop, 8, 32);
  TEST_PERFORMANCE2(filter, p, test_cn_fast_hash_batch, 64, 32);
  PEER_PERFORMANCE2(filter, p, test_cn_fast_hash_loop, 64, 32);
  TEST_PERFORMANCE2(filter, p, test_cn_fast_hash_batch, 64, 64);
  PEER_PERFORMANCE2(filter, p, test_cn_fast_hash_loop, 64, 64);
  TEST_PERFORMANCE2(filter, p, test_cn_fast_hash_batch, 8, 16384);
  PEER_PERFORMANCE2(filter, p, test_cn_fast_hash_loop, 8, 16384);
  TEST_PERFORMANCE1(filter, p, test_derive_view_tag_batch, 8);
  PEER_PERFORMANCE1(filter, p, test_derive_view_tag_loop, 8);
  TEST_PERFORMANCE1(filter, p, test_derive_view_tag_batch, 64);
  PEER_PERFORMANCE1(filter, p, test_derive_view_tag_loop, 64);
  TEST_PERFORMANCE1(filter, p, test_derive_view_tag_batch, 1024);
  PEER_PERFORMANCE1(filter, p, test_derive_view_tag_loop, 1024);

  TEST_PERFORMANCE1(filter, p, test_keccak_update, 1);
  TEST_PERFORMANCE1(filter, p, test_keccak_update, 8);
  TEST_PERFORMANCE1(filter, p, test_keccak_update, 32);
  TEST_PERFORMANCE1(filter, p, test_keccak_update, 136);

  // SHA3-256 against every peer library that has it.
#if CNCRYPTO_PEER_OPENSSL
#define SHA3_OPENSSL(n) PEER_PERFORMANCE2(filter, p, peer_sha3_256, openssl, n)
#else
#define SHA3_OPENSSL(n)
#endif
#if CNCRYPTO_PEER_GCRYPT
#define SHA3_GCRYPT(n) PEER_PERFORMANCE2(filter, p, peer_sha3_256, gcrypt, n)
#else
#define SHA3_GCRYPT(n)
#endif
#if CNCRYPTO_PEER_CRYPTOPP
#define SHA3_CRYPTOPP(n) PEER_PERFORMANCE2(filter, p, peer_sha3_256, cryptopp, n)
#else
#define SHA3_CRYPTOPP(n)
#endif
#if CNCRYPTO_PEER_NETTLE
#define SHA3_NETTLE(n) PEER_PERFORMANCE2(filter, p, peer_sha3_256, nettle, n)
#else
#define SHA3_NETTLE(n)
#endif
#define SHA3_256_WITH_PEERS(n)                          \
  TEST_PERFORMANCE2(filter, p, test_sha3, sha3_256, n); \
  SHA3_OPENSSL(n);                                      \
  SHA3_GCRYPT(n);                                       \
  SHA3_CRYPTOPP(n);                                     \
  SHA3_NETTLE(n)
  SHA3_256_WITH_PEERS(32);
  SHA3_256_WITH_PEERS(1024);
  SHA3_256_WITH_PEERS(16384);
  SHA3_256_WITH_PEERS(1048576);
  TEST_PERFORMANCE2(filter, p, test_sha3, sha3_224, 16384);
  TEST_PERFORMANCE2(filter, p, test_sha3, sha3_384, 16384);
  TEST_PERFORMANCE2(filter, p, test_sha3, sha3_512, 16384);

  // SHAKE, 32 bytes out; OpenSSL has both.
  TEST_PERFORMANCE2(filter, p, test_shake, shake128, 32);
#if CNCRYPTO_PEER_OPENSSL
  PEER_PERFORMANCE2(filter, p, peer_shake128, openssl, 32);
#endif
  TEST_PERFORMANCE2(filter, p, test_shake, shake128, 16384);
#if CNCRYPTO_PEER_OPENSSL
  PEER_PERFORMANCE2(filter, p, peer_shake128, openssl, 16384);
#endif
  TEST_PERFORMANCE2(filter, p, test_shake, shake256, 32);
#if CNCRYPTO_PEER_OPENSSL
  PEER_PERFORMANCE2(filter, p, peer_shake256, openssl, 32);
#endif
  TEST_PERFORMANCE2(filter, p, test_shake, shake256, 16384);
#if CNCRYPTO_PEER_OPENSSL
  PEER_PERFORMANCE2(filter, p, peer_shake256, openssl, 16384);
#endif

  // tree_hash (transaction Merkle root)
  TEST_PERFORMANCE1(filter, p, test_tree_hash, 2);
  TEST_PERFORMANCE1(filter, p, test_tree_hash, 16);
  TEST_PERFORMANCE1(filter, p, test_tree_hash, 512);
  TEST_PERFORMANCE1(filter, p, test_tree_hash, 514);

  // Scalars mod L
  TEST_PERFORMANCE0(filter, p, test_sc_reduce32);
  TEST_PERFORMANCE0(filter, p, test_sc_check);
  TEST_PERFORMANCE0(filter, p, test_sc_reduce);
  TEST_PERFORMANCE0(filter, p, test_sc_muladd);

  // ed25519 group operations; libsodium does the two multiplications too.
  TEST_PERFORMANCE0(filter, p, test_ge_frombytes_vartime);
  TEST_PERFORMANCE0(filter, p, test_ge_tobytes);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_sc_add);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_sc_sub);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_sc_mul);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_scalarmultBase);
  PEER_PERFORMANCE1(filter, p, peer_scalarmult_base, libsodium);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_scalarmultKey);
  PEER_PERFORMANCE1(filter, p, peer_scalarmult, libsodium);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_ge_double_scalarmult_base_vartime);
  // RingCT arithmetic (ringct/rctOps.h), Monero's crypto_ops.h names.
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_addKeys);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_scalarmultH);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_scalarmult8);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_addKeys2);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_addKeys3);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_addKeys3_2);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_addKeys_aGbBcC);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_addKeys_aAbBcC);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_isInMainSubgroup);
  TEST_PERFORMANCE1(filter, p, test_crypto_ops, op_zeroCommitUncached);

  // Monero's key operations (crypto/crypto.h), named as Monero's tests.
  TEST_PERFORMANCE0(filter, p, test_generate_keypair);
  TEST_PERFORMANCE0(filter, p, test_generate_key_derivation);
  TEST_PERFORMANCE0(filter, p, test_derive_public_key);
  TEST_PERFORMANCE0(filter, p, test_derive_secret_key);
  TEST_PERFORMANCE0(filter, p, test_derive_view_tag);
  TEST_PERFORMANCE0(filter, p, test_generate_key_image);
  TEST_PERFORMANCE0(filter, p, test_hash_to_ec);
  TEST_PERFORMANCE1(filter, p, test_signature, false);
  TEST_PERFORMANCE1(filter, p, test_signature, true);
  // CryptoNote (v1) ring signatures over the ring sizes of Monero's
  // test_check_tx_signature<ring, outputs, false>, whose test() is one
  // check_ring_signature call (compare_monero.py pairs them).
  TEST_PERFORMANCE2(filter, p, test_ring_signature, 1, false);
  TEST_PERFORMANCE2(filter, p, test_ring_signature, 1, true);
  TEST_PERFORMANCE2(filter, p, test_ring_signature, 2, false);
  TEST_PERFORMANCE2(filter, p, test_ring_signature, 2, true);
  TEST_PERFORMANCE2(filter, p, test_ring_signature, 10, false);
  TEST_PERFORMANCE2(filter, p, test_ring_signature, 10, true);
  TEST_PERFORMANCE2(filter, p, test_ring_signature, 100, false);
  TEST_PERFORMANCE2(filter, p, test_ring_signature, 100, true);

  // Bulletproofs+ (bpp_tests.h; Monero's bulletproof_plus.h, same parameters as
  // Monero 0.18's main.cpp, plus 16 amounts, the most a proof holds).
  TEST_PERFORMANCE2(filter, p, test_bulletproof_plus, true, 1);
  TEST_PERFORMANCE2(filter, p, test_bulletproof_plus, false, 1);
  TEST_PERFORMANCE2(filter, p, test_bulletproof_plus, true, 2);
  TEST_PERFORMANCE2(filter, p, test_bulletproof_plus, false, 2);
  TEST_PERFORMANCE2(filter, p, test_bulletproof_plus, true, 15);
  TEST_PERFORMANCE2(filter, p, test_bulletproof_plus, false, 15);
  TEST_PERFORMANCE2(filter, p, test_bulletproof_plus, true, 16);
  TEST_PERFORMANCE2(filter, p, test_bulletproof_plus, false, 16);
#define BPP_AGGREGATED(b, s, r, m, a, n)                                                     \
  perf::register_test<test_aggregated_bulletproof_plus<b, s, r, m, a, n>>(                   \
      filter, p, "test_aggregated_bulletproof_plus<" #b ", " #s ", " #r ", " #m ", " #a ", " #n ">")
  BPP_AGGREGATED(false, 2, 1, 1, 0, 4);
  BPP_AGGREGATED(true, 2, 1, 1, 0, 4);
  BPP_AGGREGATED(false, 8, 1, 1, 0, 4);
  BPP_AGGREGATED(true, 8, 1, 1, 0, 4);
  BPP_AGGREGATED(false, 1, 1, 2, 0, 4);
  BPP_AGGREGATED(true, 1, 1, 2, 0, 4);
  BPP_AGGREGATED(false, 1, 8, 1, 1, 4);
  BPP_AGGREGATED(true, 1, 8, 1, 1, 4);
  BPP_AGGREGATED(false, 2, 1, 1, 0, 64);
  BPP_AGGREGATED(true, 2, 1, 1, 0, 64);
#undef BPP_AGGREGATED

  // CryptoNote formats, on real mainnet objects from ../shared/data (named by
  // hash / id): a RingCT (Bulletproofs+) transaction of 1 input (ring 16) and 2
  // outputs, and a block. Left out, with a note, when that directory is absent.
  const std::string data = CNCRYPTO_SHARED_DIR "/data/";
  const std::string tx_hash = "e89415b95564aa7e3587c91422756ba5303e727996e19c677630309a0d52a7ca";
  const std::string block_id = "7d3113f562eac36f14afa08c22ae20bbbf8cffa31a4466d24850732cb96f80e9";
  const std::string tx_file = data + "txs/" + tx_hash + ".bin", block_file = data + "blocks/" + block_id + ".bin";
  if (std::filesystem::exists(tx_file) && std::filesystem::exists(block_file)) {
    register_test_with<test_parse_tx>(filter, p, "test_parse_tx", tx_file, tx_hash);
    register_test_with<test_tx_hash>(filter, p, "test_tx_hash", tx_file, tx_hash);
    register_test_with<test_block_id>(filter, p, "test_block_id", block_file, block_id);
  } else {
    std::cerr << "performance_tests: note: " << data
              << " not found; test_parse_tx, test_tx_hash and test_block_id left out\n";
  }

  // Wallet scanning (cryptonote/wallet_scan.h): Monero's tests on its
  // single_tx_test_base fixture, then our whole-transaction scanner.
  TEST_PERFORMANCE0(filter, p, test_is_out_to_acc);
  TEST_PERFORMANCE0(filter, p, test_is_out_to_acc_precomp);
  TEST_PERFORMANCE2(filter, p, test_out_can_be_to_acc, false, true);  // no view tag, owned
  TEST_PERFORMANCE2(filter, p, test_out_can_be_to_acc, true, false);  // view tag, not owned
  TEST_PERFORMANCE2(filter, p, test_out_can_be_to_acc, true, true);   // view tag, owned
  TEST_PERFORMANCE0(filter, p, test_generate_key_image_helper);
  TEST_PERFORMANCE2(filter, p, test_scan_transaction, 2, false);
  TEST_PERFORMANCE2(filter, p, test_scan_transaction, 16, false);
  TEST_PERFORMANCE2(filter, p, test_scan_transaction, 2, true);

  // Transactions, version 1 (construct_tests.h; Monero's construct_tx.h and
  // check_tx_signature.h with the fixtures of spec 10.1). The first parameter
  // is the ring size of the single input.
  TEST_PERFORMANCE3(filter, p, test_construct_tx, 1, 1, false);
  TEST_PERFORMANCE3(filter, p, test_construct_tx, 1, 2, false);
  TEST_PERFORMANCE3(filter, p, test_construct_tx, 2, 2, false);
  TEST_PERFORMANCE3(filter, p, test_construct_tx, 10, 2, false);
  TEST_PERFORMANCE3(filter, p, test_construct_tx, 100, 2, false);
  TEST_PERFORMANCE3(filter, p, test_construct_tx, 2, 10, false);
  TEST_PERFORMANCE3(filter, p, test_construct_tx, 1, 100, false);
  TEST_PERFORMANCE3(filter, p, test_check_tx_signature, 1, 2, false);
  TEST_PERFORMANCE3(filter, p, test_check_tx_signature, 2, 2, false);
  TEST_PERFORMANCE3(filter, p, test_check_tx_signature, 10, 2, false);
  TEST_PERFORMANCE3(filter, p, test_check_tx_signature, 100, 2, false);
  // RingCT type 6 (Bulletproofs+, CLSAG), Monero's RingCT instances with
  // bp_version 4 (Monero's binary has them with 2, type 4; compare_monero.py
  // sets those against these, saying so).
  TEST_PERFORMANCE5(filter, p, test_construct_tx, 2, 1, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_construct_tx, 2, 2, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_construct_tx, 2, 10, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_construct_tx, 10, 1, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_construct_tx, 10, 2, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_construct_tx, 10, 10, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_construct_tx, 100, 1, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_construct_tx, 100, 2, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_construct_tx, 100, 10, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_check_tx_signature, 2, 2, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_check_tx_signature, 10, 2, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_check_tx_signature, 100, 2, true, rct::RangeProofPaddedBulletproof, 4);
  TEST_PERFORMANCE5(filter, p, test_check_tx_signature, 2, 10, true, rct::RangeProofPaddedBulletproof, 4);

  // RingCT CLSAG (clsag_tests.h; Monero's sig_clsag.h): ring N, T = 2 outputs,
  // w = 2 signatures verified per call, then the balance check.
  TEST_PERFORMANCE3(filter, p, test_sig_clsag, 4, 2, 2);
  TEST_PERFORMANCE3(filter, p, test_sig_clsag, 8, 2, 2);
  TEST_PERFORMANCE3(filter, p, test_sig_clsag, 16, 2, 2);
  TEST_PERFORMANCE3(filter, p, test_sig_clsag, 32, 2, 2);
  TEST_PERFORMANCE3(filter, p, test_sig_clsag, 64, 2, 2);
  TEST_PERFORMANCE3(filter, p, test_sig_clsag, 128, 2, 2);
  TEST_PERFORMANCE3(filter, p, test_sig_clsag, 256, 2, 2);
  TEST_PERFORMANCE1(filter, p, test_clsag_sign, 16);
  TEST_PERFORMANCE1(filter, p, test_clsag_sign, 128);

  register_pow_tests(filter, p);  // pow_tests.h: test_check_hash, RandomX

  // Hidden tests that always fail (ctest perf_failure_exit).
  if (const char *fail = std::getenv("CNCRYPTO_PERF_SELFTEST_FAIL")) {
    if (std::string(fail) == "init") TEST_PERFORMANCE0(filter, p, test_selftest_fail_init);
    if (std::string(fail) == "test") TEST_PERFORMANCE0(filter, p, test_selftest_fail_test);
  }
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
  register_all(filter, p);
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
