// Several threads at once through the paths the library promises are thread safe
// (docs: hashing.md "batch", ringct.md multiexp_table, seeds.md word tables, pow.md
// RandomX caches). Each case starts kThreads threads (behind a start gate) on the
// same inputs *before* anything has run single-threaded in this process (so the
// lazily built tables: the Keccak and CryptoNight implementation choice, the base
// point and H tables, the BP+ generator tables, the per-language word tables, the
// RandomX caches, are first built under contention), then computes the same results
// on the main thread and requires every thread's results to equal them. Under
// ThreadSanitizer (CNCRYPTO_SANITIZE_THREAD=ON, scripts/test.sh) a data race fails
// the run even when the results agree.
//
// Expected values: the single-thread results of the same library calls (their
// correctness against Monero is the other modules' job: hash_tests, keys_tests,
// ringct_tests, wallet_tests, hash_randomx_tests).
#include <boost/test/unit_test.hpp>

#include "crypto/blake2b.h"
#include "crypto/blake2b_batch.h"
#include "crypto/cn_fast_hash_batch.h"
#include "crypto/crypto.h"
#include "crypto/hash.h"
#include "crypto/rx-slow-hash.h"
#include "hash/cn_impl.h"
#include "hash/keccak_permutation.h"
#include "mnemonics/cncrypto_seed.h"
#include "mnemonics/electrum-words.h"
#include "mnemonics/polyseed.h"
#include "ringct/bulletproofs_plus.h"
#include "ringct/clsag.h"
#include "ringct/rctOps.h"
#include "support/randomx_precondition.h"
#include "support/start_gate.h"
#include "support/xorshift.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int kThreads = 4;

// Runs work(t) on kThreads threads at once and returns what each returned.
// An exception in a thread is returned as a result "exception: what()" (which
// then differs from the single-thread result).
// The threads wait at a start gate until all of them exist (support/start_gate.h).
template <class Result>
std::vector<Result> in_threads(const std::function<Result(int)> &work, int count = kThreads) {
  std::vector<Result> results(static_cast<std::size_t>(count));
  std::vector<std::string> errors(static_cast<std::size_t>(count));
  std::vector<std::thread> threads;
  cncrypto::test::start_gate gate(static_cast<unsigned>(count));
  for (int t = 0; t < count; ++t) {
    threads.emplace_back([&, t] {
      gate.arrive_and_wait();
      try {
        results[static_cast<std::size_t>(t)] = work(t);
      } catch (const std::exception &e) {
        errors[static_cast<std::size_t>(t)] = e.what();
      }
    });
  }
  for (auto &th : threads) th.join();
  for (int t = 0; t < count; ++t) {
    BOOST_TEST(errors[static_cast<std::size_t>(t)].empty(), "thread " << t << ": " << errors[static_cast<std::size_t>(t)]);
  }
  return results;
}

std::vector<std::uint8_t> random_bytes(cncrypto::test::xorshift64 &next, std::size_t n) {
  std::vector<std::uint8_t> out(n);
  for (auto &b : out) b = static_cast<std::uint8_t>(next());
  return out;
}

std::string hex_of(const void *p, std::size_t n) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < n; ++i) {
    const auto b = static_cast<const std::uint8_t *>(p)[i];
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

std::string hashes_hex(const std::vector<crypto::hash> &hashes) {
  std::string out;
  for (const auto &h : hashes) out += hex_of(h.data, sizeof h.data);
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(threads)

// The lazily chosen implementation tables and lazily built constant tables, first
// used by 8 threads at once (this case is declared first, so nothing in this
// process has used them yet): the CPU probe and the Keccak-f[1600] dispatch
// (cn_fast_hash), the CryptoNight implementation table, the base-point and H
// precomputed tables (secret_key_to_public_key, scalarmultH) and rct::H2. Every
// thread must see the same choice and the same results as the main thread.
BOOST_AUTO_TEST_CASE(implementation_tables_first_use) {
  const std::string message = "first use from 8 threads";
  crypto::secret_key sk;
  for (std::size_t i = 0; i < sizeof sk.data; ++i) sk.data[i] = static_cast<char>(3 * i + 1);
  sk.data[31] = 0x05;  // reduced
  rct::key amount_key = rct::Z;
  amount_key.bytes[0] = 42;
  auto work = [&](int) {
    std::string out = std::string(crypto::keccak_implementation_name()) + "/" + crypto::cn::cn_implementation_name() + ";";
    const crypto::hash h = crypto::cn_fast_hash(message.data(), message.size());
    out += hex_of(h.data, 32) + ";";
    crypto::public_key pk;
    out += crypto::secret_key_to_public_key(sk, pk) ? hex_of(pk.data, 32) : std::string("refused");
    out += ";" + hex_of(rct::scalarmultH(amount_key).bytes, 32) + ";" + hex_of(rct::H2[63].bytes, 32);
    return out;
  };
  const std::vector<std::string> results = in_threads<std::string>(work, 8);
  const std::string expected = work(0);
  for (std::size_t t = 0; t < results.size(); ++t) BOOST_TEST(results[t] == expected, "thread " << t);
}

// cn_fast_hash_batch (the multi-lane Keccak), the contiguous form and tree_hash.
BOOST_AUTO_TEST_CASE(batch_hashing) {
  cncrypto::test::xorshift64 next;
  std::vector<std::vector<std::uint8_t>> messages;
  for (std::size_t i = 0; i < 37; ++i) messages.push_back(random_bytes(next, (i * 53) % 300));
  std::vector<const void *> pointers;
  std::vector<std::size_t> lengths;
  for (const auto &m : messages) {
    pointers.push_back(m.data());
    lengths.push_back(m.size());
  }
  const std::vector<std::uint8_t> leaves = random_bytes(next, 32 * 29);
  auto work = [&](int) {
    std::vector<crypto::hash> out(messages.size() + 29 + 1);
    cncrypto::cn_fast_hash_batch(pointers.data(), lengths.data(), messages.size(), out.data());
    cncrypto::cn_fast_hash_batch_contiguous(leaves.data(), 32, 29, out.data() + messages.size());
    std::vector<crypto::hash> tree(29);
    std::memcpy(tree.data(), leaves.data(), leaves.size());
    crypto::tree_hash(tree.data(), tree.size(), out.back());
    return hashes_hex(out);
  };
  const std::vector<std::string> results = in_threads<std::string>(work);
  // Single thread, one call per message.
  std::vector<crypto::hash> expected;
  for (const auto &m : messages) expected.push_back(crypto::cn_fast_hash(m.data(), m.size()));
  for (std::size_t i = 0; i < 29; ++i) expected.push_back(crypto::cn_fast_hash(leaves.data() + 32 * i, 32));
  std::vector<crypto::hash> tree(29);
  std::memcpy(tree.data(), leaves.data(), leaves.size());
  expected.emplace_back();
  crypto::tree_hash(tree.data(), tree.size(), expected.back());
  for (const auto &r : results) BOOST_TEST(r == hashes_hex(expected));
}

// blake2b_batch (BLAKE2b's multi-lane batch; docs/blake2b.md) with keyed,
// personalised messages, and blake2b_monero: nothing in this process has used
// BLAKE2b before, so its two implementation choices (one message, the batch) are
// first made by 8 threads at once.
BOOST_AUTO_TEST_CASE(batch_blake2b) {
  cncrypto::test::xorshift64 next;
  std::vector<std::vector<std::uint8_t>> messages, keys;
  std::vector<cncrypto::blake2b_batch_input> inputs(29);
  std::size_t total = 0;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    messages.push_back(random_bytes(next, (i * 37) % 260));
    keys.push_back(random_bytes(next, 32));
  }
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    inputs[i].in = messages[i].data();
    inputs[i].inlen = messages[i].size();
    inputs[i].key = keys[i].data();
    inputs[i].keylen = 32;
    inputs[i].personal = cncrypto::blake2b_monero_personal;
    inputs[i].outlen = 1 + (i * 11) % 64;
    total += inputs[i].outlen;
  }
  auto work = [&](int t) {
    std::vector<std::uint8_t> out(total);
    if (t % 2 == 1) {  // half the threads start with one message
      std::uint8_t tag[3];
      blake2b_monero(tag, 3, messages[0].data(), messages[0].size(), keys[0].data(), 32);
    }
    cncrypto::blake2b_batch(out.data(), out.size(), inputs.data(), inputs.size());
    return hex_of(out.data(), out.size());
  };
  const std::vector<std::string> results = in_threads<std::string>(work, 8);
  // Single thread, blake2b_monero one message at a time.
  std::vector<std::uint8_t> expected(total);
  for (std::size_t i = 0, at = 0; i < inputs.size(); at += inputs[i].outlen, ++i) {
    BOOST_REQUIRE_EQUAL(blake2b_monero(expected.data() + at, inputs[i].outlen, messages[i].data(),
                                       messages[i].size(), keys[i].data(), 32),
                        0);
  }
  for (const auto &r : results) BOOST_TEST(r == hex_of(expected.data(), expected.size()));
}

// derive_view_tags (batched Keccak over secret derivations) against derive_view_tag.
BOOST_AUTO_TEST_CASE(batch_view_tags) {
  cncrypto::test::xorshift64 next;
  constexpr std::size_t n = 45;
  std::vector<crypto::key_derivation> derivations(n);
  std::vector<std::size_t> indexes(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto bytes = random_bytes(next, 32);
    std::memcpy(derivations[i].data, bytes.data(), 32);
    indexes[i] = static_cast<std::size_t>(next() % 1000);
  }
  auto work = [&](int) {
    std::vector<crypto::view_tag> tags(n);
    cncrypto::derive_view_tags(derivations.data(), indexes.data(), n, tags.data());
    return hex_of(tags.data(), n);
  };
  const std::vector<std::string> results = in_threads<std::string>(work);
  std::vector<crypto::view_tag> expected(n);
  for (std::size_t i = 0; i < n; ++i) crypto::derive_view_tag(derivations[i], indexes[i], expected[i]);
  for (const auto &r : results) BOOST_TEST(r == hex_of(expected.data(), n));
}

// Bulletproofs+ proving and verifying (the generator tables and multiexp_table,
// built on first use) and CLSAG signing and verifying, from every thread; each
// thread's proofs verify on the main thread and the main thread's in each thread.
BOOST_AUTO_TEST_CASE(multiexp_tables_bpp_and_clsag) {
  const std::vector<std::uint64_t> amounts{7, 1000000};
  auto work = [&](int t) {
    const rct::keyV masks{rct::skGen(), rct::skGen()};
    const rct::BulletproofPlus proof = rct::bulletproof_plus_PROVE(amounts, masks);
    std::string out = rct::bulletproof_plus_VERIFY(proof) ? "bp+ ok;" : "bp+ FAILED;";
    // A ring of 4 with the real key at t % 4.
    rct::ctkeyV ring;
    rct::ctkey in_sk{rct::skGen(), rct::skGen()};
    const unsigned index = static_cast<unsigned>(t % 4);
    for (unsigned i = 0; i < 4; ++i) {
      ring.push_back(i == index ? rct::ctkey{rct::scalarmultBase(in_sk.dest), rct::commit(50, in_sk.mask)}
                                : rct::ctkey{rct::pkGen(), rct::pkGen()});
    }
    const rct::key a = rct::skGen();
    const rct::key c_out = rct::commit(50, a);
    const rct::key message = rct::skGen();
    const rct::clsag sig = rct::proveRctCLSAGSimple(message, ring, in_sk, a, c_out, index, hw::get_device("default"));
    out += rct::verRctCLSAGSimple(message, sig, ring, c_out) ? "clsag ok" : "clsag FAILED";
    return out;
  };
  const std::vector<std::string> results = in_threads<std::string>(work);
  for (const auto &r : results) BOOST_TEST(r == "bp+ ok;clsag ok");
  // The main thread's proof, verified in every thread (the tables are shared now).
  const rct::BulletproofPlus proof = rct::bulletproof_plus_PROVE(amounts, rct::keyV{rct::skGen(), rct::skGen()});
  BOOST_REQUIRE(rct::bulletproof_plus_VERIFY(proof));
  rct::BulletproofPlus bad = proof;
  bad.r1 = rct::skGen();
  const std::vector<std::string> verdicts = in_threads<std::string>([&](int) {
    return std::string(rct::bulletproof_plus_VERIFY(proof) ? "1" : "0") +
           (rct::bulletproof_plus_VERIFY(bad) ? "1" : "0") +
           (rct::bulletproof_plus_VERIFY(std::vector<const rct::BulletproofPlus *>{&proof, &proof}) ? "1" : "0");
  });
  for (const auto &v : verdicts) BOOST_TEST(v == "101");
}

// The Electrum-style and Polyseed word tables are built per language on first use.
BOOST_AUTO_TEST_CASE(word_tables) {
  std::vector<std::string> languages;
  crypto::ElectrumWords::get_language_list(languages, true);
  const std::vector<std::string> polyseed_languages = cncrypto::polyseed::get_language_list();
  crypto::secret_key key;
  for (std::size_t i = 0; i < sizeof key.data; ++i) key.data[i] = static_cast<char>(i * 7 + 1);
  key.data[31] = 0x0a;  // reduced
  cncrypto::polyseed::seed seed;
  for (std::size_t i = 0; i < 19; ++i) seed.secret[i] = static_cast<std::uint8_t>(0x5a ^ i);
  seed.secret[18] &= 0x3f;  // 150 bits
  auto work = [&](int t) {
    std::string out;
    for (std::size_t k = 0; k < languages.size(); ++k) {
      const std::string &language = languages[(k + static_cast<std::size_t>(t)) % languages.size()];
      std::string words;
      if (!cncrypto::bytes_to_words(key, words, language)) return std::string("encode failed");
      crypto::secret_key back;
      std::string detected;
      if (!cncrypto::words_to_bytes(words, back, detected) ||
          std::memcmp(back.data, key.data, 32) != 0) {
        return "decode failed: " + language;
      }
    }
    for (std::size_t k = 0; k < polyseed_languages.size(); ++k) {
      const std::string &language = polyseed_languages[(k + static_cast<std::size_t>(t)) % polyseed_languages.size()];
      const std::string phrase = cncrypto::polyseed::encode(seed, language);
      if (cncrypto::polyseed::decode(phrase, language).secret != seed.secret) return "polyseed failed: " + language;
      out += language + ":" + phrase + "\n";
    }
    return out;
  };
  const std::vector<std::string> results = in_threads<std::string>(work);
  std::string expected;
  for (std::size_t k = 0; k < polyseed_languages.size(); ++k) {
    expected += polyseed_languages[k] + ":" + cncrypto::polyseed::encode(seed, polyseed_languages[k]) + "\n";
  }
  // Each thread started at another language: compare as sets of lines.
  auto sorted_lines = [](const std::string &text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1) {
      lines.push_back(text.substr(start, end - start));
    }
    std::sort(lines.begin(), lines.end());
    return lines;
  };
  for (const auto &r : results) BOOST_TEST(sorted_lines(r) == sorted_lines(expected), boost::test_tools::per_element());
}

// cn_slow_hash from every thread, each on its own thread-local 2 MiB scratchpad
// (allocated explicitly by half of the threads, on first use by the others, and
// freed at the end), thread t on variant 0, 1, 2 or 4 (CryptoNight-R: a program
// per height, translated by the JIT where allowed). Expected: each variant once
// on the main thread afterwards. (One hash per thread: under ThreadSanitizer a
// hash takes about a second.)
BOOST_AUTO_TEST_CASE(cryptonight) {
  const std::string input = "This is a test: threads (variant 1 needs 43 bytes or more)";
  const int variants[kThreads] = {0, 1, 2, 4};
  auto hash_variant = [&](int v) {
    crypto::hash h;
    crypto::cn_slow_hash(input.data(), input.size(), h, v, 1806260);
    return hex_of(h.data, 32);
  };
  const std::vector<std::string> results = in_threads<std::string>([&](int t) {
    if (t % 2 == 0) cn_slow_hash_allocate_state();
    std::string out = hash_variant(variants[t]);
    cn_slow_hash_free_state();
    return out;
  });
  for (int t = 0; t < kThreads; ++t) {
    BOOST_TEST(results[static_cast<std::size_t>(t)] == hash_variant(variants[t]), "thread " << t);
  }
  cn_slow_hash_free_state();
}

// rx_slow_hash in light mode from every thread over two seeds: the two caches
// (keyed by seed hash) are created under contention, then reused by the other
// threads; while they hash, threads 0 and 1 move the main seed back and forth
// between the two (rx_set_main_seedhash: the main cache is replaced, the old
// one goes to the others list and is taken back), and each thread's VM is
// rebound from one seed's cache to the other's between its hashes. Two cache
// builds in all (librandomx itself runs uninstrumented at full speed).
BOOST_AUTO_TEST_CASE(randomx_light_mode, *boost::unit_test::precondition(cncrypto::test::skip_without_randomx())) {
  BOOST_REQUIRE(!cncrypto::rx_fast_mode());  // light mode (MONERO_RANDOMX_FULL_MEM unset)
  char seeds[2][32] = {};
  seeds[1][0] = 1;
  const std::string inputs[2] = {"threads 0", "threads one"};
  auto hash_of = [&](int s, int k) {
    char h[32];
    rx_slow_hash(seeds[s], inputs[k].data(), inputs[k].size(), h);
    return hex_of(h, 32);
  };
  const std::vector<std::string> results = in_threads<std::string>([&](int t) {
    std::string out;
    for (int k = 0; k < 2; ++k) {
      if (t < 2) rx_set_main_seedhash(seeds[(t + k + 1) % 2], 1);
      out += hash_of((t + k) % 2, k) + ";";
    }
    rx_slow_hash_free_state();  // this thread's VM goes; the caches stay
    return out;
  });
  // Single thread: each (seed, input) once.
  const std::string expected[2][2] = {{hash_of(0, 0), hash_of(0, 1)}, {hash_of(1, 0), hash_of(1, 1)}};
  for (int t = 0; t < kThreads; ++t) {
    BOOST_TEST(results[static_cast<std::size_t>(t)] == expected[t % 2][0] + ";" + expected[(t + 1) % 2][1] + ";",
               "thread " << t);
  }
  rx_slow_hash_free_state();
}

BOOST_AUTO_TEST_SUITE_END()
