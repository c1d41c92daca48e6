// Concurrency soak (issue 39 point 5): several threads, for a bounded time, each
// going round the four kinds of work the library runs from many threads at once:
//   * RandomX in light mode (rx_slow_hash over 3 seeds, one of them main; the
//     main seed moved between them by the threads themselves),
//   * CryptoNight (cn_slow_hash variants 0, 1, 2 and 4, per-thread scratchpads),
//   * batch derivations (crypto/crypto_batch.h: generate_key_derivations,
//     derive_public_keys, derive_subaddress_public_keys, generate_key_images),
//   * pooled scanning (cncrypto::scan_transactions on 2 threads of its own over
//     520 transactions, i.e. at least two 256-transaction ranges).
// Every result is compared with the answer computed first on the main thread,
// before any worker starts, with the one-at-a-time functions where there are
// some (generate_key_derivation, derive_public_key, ..., scan_transaction), so
// a thread's result is checked against another code path too. At the end the
// RandomX light caches alive stay within crypto/rx-slow-hash.h's bound (at most
// one per seed: the caches alive before plus the 3 seeds).
//
// Duration and threads: CNCRYPTO_SOAK_SECONDS (default 2) and
// CNCRYPTO_SOAK_THREADS (default 4) in the environment; every thread does each
// kind at least once whatever the duration (under ThreadSanitizer one
// CryptoNight hash takes about a second, so the CI run is a few rounds).
// scripts/soak.sh runs this case alone for longer (docs/testing.md).
#include <boost/test/unit_test.hpp>

#include "common/hex.h"
#include "crypto/crypto.h"
#include "crypto/crypto-ops.h"
#include "crypto/crypto_batch.h"
#include "crypto/hash.h"
#include "crypto/rx-slow-hash.h"
#include "cryptonote/account.h"
#include "cryptonote/tx_extra.h"
#include "cryptonote/wallet_scan.h"
#include "hash/randomx.h"
#include "support/start_gate.h"
#include "support/xorshift.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace cryptonote;

template <class T>
std::string hex_pod(const T &pod) {
  return cncrypto::hex_encode(&pod, sizeof pod);
}

unsigned env_number(const char *name, unsigned fallback, unsigned most) {
  const char *v = std::getenv(name);
  if (!v || !*v) return fallback;
  char *end = nullptr;
  const unsigned long n = std::strtoul(v, &end, 10);
  return (*end == '\0' && n > 0 && n <= most) ? static_cast<unsigned>(n) : fallback;
}

crypto::secret_key test_secret(std::uint64_t seed) {
  cncrypto::test::xorshift64 next{seed * 0x9e3779b97f4a7c15ULL + 1};
  crypto::secret_key s;
  for (auto &c : s.data) c = static_cast<char>(next());
  sc_reduce32(reinterpret_cast<unsigned char *>(s.data));
  return s;
}

crypto::public_key public_of(const crypto::secret_key &k) {
  crypto::public_key p;
  if (!crypto::secret_key_to_public_key(k, p)) throw std::runtime_error("test secret key >= L");
  return p;
}

// ---- the four kinds of work, each a function of nothing but its inputs ----

struct randomx_work {
  char seeds[3][32] = {};
  std::string inputs[3];
  std::string expected[3];  // seed i, input i
  randomx_work() {
    for (int i = 0; i < 3; ++i) {
      std::memset(seeds[i], 0x50 + i, sizeof seeds[i]);
      inputs[i] = "soak RandomX input " + std::to_string(i);
    }
  }
  std::string run(int i) const {
    char h[32];
    rx_slow_hash(seeds[i], inputs[i].data(), inputs[i].size(), h);
    return cncrypto::hex_encode(h, 32);
  }
};

struct cryptonight_work {
  std::string input = "soak CryptoNight input, 43 bytes or more for variant 1";
  int variants[4] = {0, 1, 2, 4};
  std::string expected[4];
  std::string run(int i) const {
    crypto::hash h;
    crypto::cn_slow_hash(input.data(), input.size(), h, variants[i], 2000000 + static_cast<std::uint64_t>(i));
    return hex_pod(h);
  }
};

struct batch_work {
  static constexpr std::size_t n = 40;
  crypto::secret_key view = test_secret(1);
  std::vector<crypto::public_key> pubs, bases;
  std::vector<crypto::secret_key> secs;
  std::vector<std::size_t> indexes;
  std::string expected;
  batch_work() {
    for (std::size_t i = 0; i < n; ++i) {
      pubs.push_back(public_of(test_secret(100 + i)));
      bases.push_back(public_of(test_secret(200 + i)));
      secs.push_back(test_secret(300 + i));
      indexes.push_back(i * 7 % 13);
    }
    std::memset(&pubs[5], 0xff, sizeof pubs[5]);  // does not decode: that entry fails alone
  }
  // The batch calls.
  std::string run() const {
    std::vector<crypto::key_derivation> d(n);
    std::vector<crypto::public_key> derived(n), sub(n);
    std::vector<crypto::key_image> images(n);
    std::vector<std::uint8_t> ok(n), ok2(n), ok3(n);
    std::string out = std::to_string(cncrypto::generate_key_derivations(pubs.data(), n, view, d.data(), ok.data()));
    cncrypto::derive_public_keys(d.data(), indexes.data(), bases.data(), n, derived.data(), ok2.data());
    cncrypto::derive_subaddress_public_keys(bases.data(), d.data(), indexes.data(), n, sub.data(), ok3.data());
    cncrypto::generate_key_images(pubs.data(), secs.data(), n, images.data());
    for (std::size_t i = 0; i < n; ++i) {
      out += ";" + std::to_string(ok[i]);
      if (ok[i]) out += hex_pod(d[i]) + (ok2[i] ? hex_pod(derived[i]) : "-") + (ok3[i] ? hex_pod(sub[i]) : "-");
      out += hex_pod(images[i]);
    }
    return out;
  }
  // The same with the one-entry functions (the expected answer).
  std::string run_single() const {
    std::string out;
    std::size_t failed = 0;
    std::string rows;
    for (std::size_t i = 0; i < n; ++i) {
      crypto::key_derivation d;
      const bool ok = crypto::generate_key_derivation(pubs[i], view, d);
      failed += !ok;
      rows += ";" + std::to_string(ok ? 1 : 0);
      if (ok) {
        crypto::public_key derived, sub;
        const bool ok2 = crypto::derive_public_key(d, indexes[i], bases[i], derived);
        const bool ok3 = crypto::derive_subaddress_public_key(bases[i], d, indexes[i], sub);
        rows += hex_pod(d) + (ok2 ? hex_pod(derived) : "-") + (ok3 ? hex_pod(sub) : "-");
      }
      crypto::key_image image;
      crypto::generate_key_image(pubs[i], secs[i], image);
      rows += hex_pod(image);
    }
    return std::to_string(failed) + rows;
  }
};

std::string describe(const cncrypto::scan_result &r) {
  std::string out = std::to_string(r.outputs.size()) + " outputs";
  for (const auto &o : r.outputs) {
    out += "," + std::to_string(o.output_index) + ":" + std::to_string(o.received_index.major) + "/" +
           std::to_string(o.received_index.minor) + ":" + std::to_string(o.amount) + ":" + hex_pod(o.key_image);
  }
  for (const auto &p : r.problems) out += "|" + p;
  return out;
}

struct scan_work {
  account_base bob;
  cncrypto::subaddress_map map;
  std::vector<transaction> txs;
  std::string expected;
  scan_work() {
    bob.generate(test_secret(7), true);
    map = cncrypto::make_subaddress_map(bob.get_keys(), 2, 4);
    account_base carol;
    carol.generate(test_secret(8), true);
    const account_public_address to[2] = {bob.get_keys().m_account_address, carol.get_keys().m_account_address};
    for (std::uint64_t i = 0; i < 520; ++i) {  // v1, one output each, to Bob every third
      const crypto::secret_key r = test_secret(1000 + i);
      const account_public_address &addr = to[i % 3 == 0 ? 0 : 1];
      crypto::key_derivation d;
      if (!crypto::generate_key_derivation(addr.m_view_public_key, r, d)) throw std::runtime_error("derivation");
      crypto::public_key P;
      if (!crypto::derive_public_key(d, 0, addr.m_spend_public_key, P)) throw std::runtime_error("derive");
      crypto::view_tag tag;
      crypto::derive_view_tag(d, 0, tag);
      transaction tx;
      tx.version = 1;
      tx_out out;
      out.amount = 1000 + i;
      out.target = txout_to_tagged_key{P, tag};
      tx.vout.push_back(out);
      add_tx_pub_key_to_extra(tx.extra, public_of(r));
      txs.push_back(std::move(tx));
    }
  }
  // Pooled: scan_transactions on 2 threads of its own.
  std::string run() const {
    const auto scanned = cncrypto::scan_transactions(txs.data(), txs.size(), bob.get_keys(), map, 2u);
    std::string out;
    for (const auto &s : scanned) out += describe(s.result) + "\n";
    return out;
  }
  std::string run_single() const {
    std::string out;
    for (const auto &tx : txs) out += describe(cncrypto::scan_transaction(tx, bob.get_keys(), map)) + "\n";
    return out;
  }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(soak)

BOOST_AUTO_TEST_CASE(mixed_work) {
  const unsigned seconds = env_number("CNCRYPTO_SOAK_SECONDS", 2, 24 * 3600);
  const unsigned thread_count = env_number("CNCRYPTO_SOAK_THREADS", 4, 256);
  const bool with_randomx = crypto_randomx_available() != 0 && !cncrypto::rx_fast_mode();
  if (!with_randomx) BOOST_TEST_MESSAGE("RandomX light mode not soaked (no librandomx, or fast mode is on)");

  // The single-thread answers, first.
  randomx_work rx;
  const crypto::rx_light_cache_counts rx_before = crypto::rx_light_cache_counters();
  if (with_randomx) {
    rx_set_main_seedhash(rx.seeds[0], 1);
    for (int i = 0; i < 3; ++i) rx.expected[i] = rx.run(i);
  }
  cryptonight_work cn;
  for (int i = 0; i < 4; ++i) cn.expected[i] = cn.run(i);
  const batch_work batch;
  const std::string batch_expected = batch.run_single();
  BOOST_TEST_REQUIRE(batch.run() == batch_expected);  // the batch calls agree with the single ones, one thread
  const scan_work scan;
  const std::string scan_expected = scan.run_single();
  BOOST_TEST_REQUIRE(scan_expected.find("1 outputs") != std::string::npos);  // Bob owns some outputs
  rx_slow_hash_free_state();
  cn_slow_hash_free_state();
  // The store now holds the 3 seeds' caches (the main one and the 2 others it
  // keeps) and no other seed is hashed: the soak builds no cache and adds none.
  crypto::rx_reset_light_cache_peak();
  const crypto::rx_light_cache_counts rx_start = crypto::rx_light_cache_counters();

  // The workers: thread t does kind (k + t) % 4 at step k, each kind at least
  // once, then goes on until the deadline.
  struct tally {
    unsigned long ops[4] = {};
    std::vector<std::string> failures;
  };
  std::vector<tally> tallies(thread_count);
  cncrypto::test::start_gate gate(thread_count);
  const auto deadline_after_start = std::chrono::seconds(seconds);
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < thread_count; ++t) {
    threads.emplace_back([&, t] {
      tally &mine = tallies[t];
      gate.arrive_and_wait();
      const auto deadline = std::chrono::steady_clock::now() + deadline_after_start;
      cncrypto::test::xorshift64 next{0x1234567ULL + t};
      for (unsigned long k = 0; k < 4 || std::chrono::steady_clock::now() < deadline; ++k) {
        const int kind = static_cast<int>((k + t) % 4);
        try {
          std::string got, want;
          switch (kind) {
            case 0: {
              if (!with_randomx) continue;
              const int i = static_cast<int>(next() % 3);
              if (next() % 8 == 0) rx_set_main_seedhash(rx.seeds[next() % 3], 1);  // main seed moved under the others
              got = rx.run(i);
              want = rx.expected[i];
              break;
            }
            case 1: {
              const int i = static_cast<int>(next() % 4);
              got = cn.run(i);
              want = cn.expected[i];
              break;
            }
            case 2:
              got = batch.run();
              want = batch_expected;
              break;
            default:
              got = scan.run();
              want = scan_expected;
          }
          ++mine.ops[kind];
          if (got != want) mine.failures.push_back("kind " + std::to_string(kind) + " step " + std::to_string(k) + ": wrong result");
        } catch (const std::exception &e) {
          mine.failures.push_back("kind " + std::to_string(kind) + " step " + std::to_string(k) + ": " + e.what());
        }
      }
      rx_slow_hash_free_state();
      cn_slow_hash_free_state();
    });
  }
  for (auto &th : threads) th.join();

  unsigned long totals[4] = {};
  for (unsigned t = 0; t < thread_count; ++t) {
    for (const auto &f : tallies[t].failures) BOOST_ERROR("thread " << t << ": " << f);
    for (int kind = 0; kind < 4; ++kind) {
      totals[kind] += tallies[t].ops[kind];
      if (kind != 0 || with_randomx) BOOST_TEST(tallies[t].ops[kind] >= 1u, "thread " << t << " kind " << kind);
    }
  }
  BOOST_TEST_MESSAGE("soak: " << thread_count << " threads, " << seconds << " s: " << totals[0] << " RandomX, "
                              << totals[1] << " CryptoNight, " << totals[2] << " batch, " << totals[3]
                              << " pooled scans, all checked");
  if (with_randomx) {
    const crypto::rx_light_cache_counts rx_after = crypto::rx_light_cache_counters();
    BOOST_TEST(rx_after.builds == rx_start.builds, "caches built during the soak: " << rx_after.builds - rx_start.builds);
    BOOST_TEST(rx_after.peak_live <= rx_start.live, "peak " << rx_after.peak_live << " caches alive, " << rx_start.live
                                                             << " at the start (" << rx_before.live << " before the 3 seeds)");
  }
}

BOOST_AUTO_TEST_SUITE_END()
