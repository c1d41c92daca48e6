// The performance harness: Monero's tests/performance_tests shape, measured in
// nanoseconds.
//
// A test is a class with
//   static const size_t loop_count;   // calls per run (times --loop-multiplier)
//   bool init();                      // prepares inputs; false = FAILED ON INIT
//   bool test();                      // one call of the operation; false = FAILED
// and optionally
//   static const size_t bytes_per_call;  // bytes hashed per call: adds bytes/s, cycles/byte
//   static const size_t items_per_call;  // for batch APIs: adds ns per item
// templated on its parameters (sizes, ring sizes, implementation). Each case
// header registers its own tests in a register_<subject>_tests(registry &)
// function, which main.cpp calls once, in the order --list prints them:
// TEST_PERFORMANCE(r, test_class, a0, ..) (TEST_PERFORMANCE0 without
// parameters) names the test as the class with its arguments as written, e.g.
// "test_cn_fast_hash<32>", exactly as Monero names the same test.
//
// PEER_PERFORMANCE(r, peer_class, a0, ..) adds another library's version of the
// operation to the test registered just before it, in the same function; a peer
// whose library CMake did not find (peer_class::available is false) is left
// out at compile time. A test and its peers form a group that runs
// interleaved, batch by batch, so machine drift hits all
// of them alike; the peers' ratios to ours are reported (see run_tests).
//
// How a group is timed (see docs/performance.md):
//   1. init() every member; a failure is reported and the member left out.
//   2. Warm-up: each member runs test() for at most --warm-up-ms milliseconds
//      (default 20) and at most its own call count.
//   3. Its calls (loop_count * --loop-multiplier, at least 1) are split into
//      batches of about --batch-us microseconds (default 200, judged from the
//      warm-up of the group's test), and at least --batches batches (default
//      20); at most one batch per call. Short batches keep most of them clear of
//      the scheduler on a busy machine, so the median is clean.
//      Batch b of every member runs before batch b+1 of any, starting with a
//      different member each round. Each batch is timed with
//      std::chrono::steady_clock (or, with --clock thread, the thread's CPU
//      time); its time divided by its calls is one sample (ns per call).
//   4. min / median / mean / p90 / standard deviation are over those samples;
//      the median is the figure reported. A peer's ratio is the median of the
//      per-batch ratios peer / ours (> 1: ours is faster).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <regex>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace perf {

class timings_database;

// Decides which registered names run: see --filter in main.cpp and
// docs/performance.md. An empty pattern matches everything.
class name_filter {
 public:
  name_filter() = default;
  explicit name_filter(const std::string &pattern);  // throws std::invalid_argument
  bool matches(const std::string &name) const;
  const std::string &pattern() const { return pattern_; }
  bool is_glob() const { return glob_; }

 private:
  std::string pattern_;
  std::regex regex_;
  bool glob_ = false;
};

// Options every test run shares (Monero's Params).
struct Params {
  bool verbose = false;
  bool stats = false;
  double loop_multiplier = 1.0;
  std::size_t batches = 20;   // at least this many batches (at most one per call)
  double batch_us = 200.0;    // aim for batches this long (more batches for long runs)
  double warm_up_ms = 20.0;
  double cpu_ghz = 0.0;  // core clock for cycle figures (main measures it at start); <= 0: none
  bool cpu_ghz_measured = false;  // cpu_ghz came from measure_core_ghz(), not --cpu-ghz
  bool peers = true;     // false: register no peers (--no-peers)
  bool thread_cpu_clock = false;  // time batches by thread CPU time (--clock thread)
  std::shared_ptr<timings_database> td;
  std::string json_path;  // empty: no JSON file
  // Facts about this build printed by --verbose and stored under "info" in the
  // JSON file (e.g. the Keccak-f implementation in use, the peer versions).
  std::vector<std::pair<std::string, std::string>> info;
};

// One running instance of a test class, behind a virtual interface so groups
// can hold different classes. run() loops test() inside the class's own code,
// so timing includes no virtual call per iteration.
class instance {
 public:
  virtual ~instance() = default;
  virtual bool init() = 0;
  // Calls test() calls times; returns 0, or the 1-based number of the call that failed.
  virtual std::size_t run(std::size_t calls) = 0;
};

// A registered test or peer.
struct test_case {
  std::string name;
  std::size_t loop_count;
  std::size_t bytes_per_call;  // 0 when bytes/s means nothing for it
  std::size_t items_per_call;  // 1 unless the test is a batch of items
  std::function<std::unique_ptr<instance>()> make;
};

// A test and the peers registered after it.
struct test_group {
  test_case test;
  std::vector<test_case> peers;
  bool selected = false;  // the test or one of its peers matches the filter
};

// The options and the registered groups (Monero's ParamsShuttle).
struct ParamsShuttle {
  Params core_params;
  std::vector<test_group> groups;
};

namespace detail {
template <typename T, typename = void>
struct bytes_of : std::integral_constant<std::size_t, 0> {};
template <typename T>
struct bytes_of<T, std::void_t<decltype(T::bytes_per_call)>>
    : std::integral_constant<std::size_t, T::bytes_per_call> {};

template <typename T, typename = void>
struct items_of : std::integral_constant<std::size_t, 1> {};
template <typename T>
struct items_of<T, std::void_t<decltype(T::items_per_call)>>
    : std::integral_constant<std::size_t, T::items_per_call> {};

template <typename T>
class instance_of final : public instance {
 public:
  template <typename... Args>
  explicit instance_of(Args &&...args) : test_(std::forward<Args>(args)...) {}
  bool init() override { return test_.init(); }
  std::size_t run(std::size_t calls) override {
    for (std::size_t i = 0; i < calls; ++i) {
      if (!test_.test()) return i + 1;
    }
    return 0;
  }

 private:
  T test_;
};

template <typename T, typename = void>
struct available_of : std::true_type {};
template <typename T>
struct available_of<T, std::void_t<decltype(T::available)>> : std::bool_constant<T::available> {};

template <typename T, typename... Args>
test_case make_case(const std::string &name, Args... args) {
  static_assert(T::loop_count > 0, "loop_count must be greater than 0");
  return test_case{name, T::loop_count, bytes_of<T>::value, items_of<T>::value,
                   [=] { return std::unique_ptr<instance>(new instance_of<T>(args...)); }};
}
}  // namespace detail

// What the case headers' register_*_tests functions fill: the groups of
// ParamsShuttle, each selected when its test or one of its peers matches the
// filter.
class registry {
 public:
  registry(const name_filter &filter, ParamsShuttle &p) : filter_(filter), p_(p) {}

  // Starts a group with test T named name; T is constructed with args (copied
  // into its factory), e.g. a Keccak-f implementation known only at run time.
  template <typename T, typename... Args>
  void test(const std::string &name, Args... args) {
    p_.groups.push_back(test_group{detail::make_case<T>(name, args...), {}, filter_.matches(name)});
  }

  // Adds peer T to the group started last. Left out with --no-peers, and at
  // compile time when T::available is false (its library is not in this build).
  template <typename T, typename... Args>
  void peer(const std::string &name, Args... args) {
    if constexpr (detail::available_of<T>::value) {
      if (!p_.core_params.peers) return;
      if (p_.groups.empty()) throw std::logic_error("peer " + name + " registered before any test");
      test_group &group = p_.groups.back();
      group.peers.push_back(detail::make_case<T>(name, args...));
      if (filter_.matches(name)) group.selected = true;
    }
  }

 private:
  const name_filter &filter_;
  ParamsShuttle &p_;
};

// Runs every selected group, prints results (and the peers table), writes the
// JSON file and timings database when asked. Returns the number of failed tests.
std::size_t run_tests(ParamsShuttle &p);

// Prints the selected names, one per line (peers indented under their test).
void list_tests(const ParamsShuttle &p);

}  // namespace perf

// The name is the class and its template arguments as written: TEST_PERFORMANCE(r,
// test_sha3, sha3_256, 32) registers test_sha3<sha3_256, 32> as "test_sha3<sha3_256, 32>".
#define TEST_PERFORMANCE0(r, c) (r).test<c>(#c)
#define TEST_PERFORMANCE(r, c, ...) (r).test<c<__VA_ARGS__>>(#c "<" #__VA_ARGS__ ">")
#define PEER_PERFORMANCE(r, c, ...) (r).peer<c<__VA_ARGS__>>(#c "<" #__VA_ARGS__ ">")
