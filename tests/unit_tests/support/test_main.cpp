// The main() of every Boost.Test module (tests/unit_tests/<layer>/main.cpp defines
// BOOST_TEST_MODULE; BOOST_TEST_NO_MAIN, set by cncrypto_test_support, keeps Boost's
// own main out). It runs Boost's unit_test_main unchanged and then says what did not
// run: a test case skipped by a precondition (needs_shared(): ../shared absent; or any
// other precondition) is counted, and when the run has no failure but skipped cases
// the module prints one line per reason,
//
//   cncrypto-skip: <module>: <n> of <total> test cases skipped: <reason>
//
// and exits with kSkipExitCode, which the ctest entry (cncrypto_test_module) declares
// as SKIP_RETURN_CODE: ctest shows the module as "Skipped" instead of "Passed", even
// when only one of its cases did not run, and scripts/test.sh collects the lines for
// its summary. A failing run keeps Boost's exit code (a failure is never hidden by a
// skip). Test units left out by --run_test are not counted.
#include "support/shared_data.h"

#include <boost/test/tree/observer.hpp>
#include <boost/test/tree/traverse.hpp>
#include <boost/test/tree/visitor.hpp>
#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <map>
#include <string>

bool init_unit_test();  // defined by BOOST_TEST_MODULE in the module's main.cpp

// Under ThreadSanitizer, Boost 1.74's run() fails ("Test setup error", no test run)
// once any observer is registered (seen with clang 14): TSan builds (only the
// thread module, scripts/test.sh) run without the skip count.
#if defined(__SANITIZE_THREAD__)
#define CNCRYPTO_TEST_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CNCRYPTO_TEST_TSAN 1
#endif
#endif

namespace {

namespace but = boost::unit_test;

struct case_counter : but::test_tree_visitor {
  unsigned long cases = 0;
  void visit(const but::test_case &) override { ++cases; }
};

// Counts the enabled test cases a skipped unit held, by reason (the precondition's message).
class skip_observer : public but::test_observer {
 public:
  // After Boost's own observers. Boost 1.74's framework::run asks its local
  // init observer has_failed() after each observer's test_start, and that flag
  // is uninitialised until the local observer's own test_start has run; at the
  // default priority 0 an observer at a lower address than that stack object
  // (this global) is called first, and run() then fails with an empty "Test
  // setup error" whenever the stack byte happens to be non-zero (seen once the
  // ringct module grew; valgrind: "Conditional jump ... depends on uninitialised
  // value(s)" in framework::run).
  int priority() override { return 1000; }
  void test_start(but::counter_t total, but::test_unit_id) override { total_ = total; }
  void test_unit_skipped(const but::test_unit &tu, but::const_string reason) override {
    std::string why(reason.begin(), reason.end());
    if (why == "disabled") return;  // filtered out by --run_test: not a skip of ours
    for (const char *prefix : {"precondition failed: ", "skipped: "}) {  // Boost's, then needs_shared()'s
      if (why.rfind(prefix, 0) == 0) why.erase(0, std::string(prefix).size());
    }
    case_counter counter;
    but::traverse_test_tree(tu, counter);
    skipped_[why.empty() ? std::string("precondition not met") : why] += counter.cases;
  }
  unsigned long total() const { return total_; }
  const std::map<std::string, unsigned long> &skipped() const { return skipped_; }

 private:
  unsigned long total_ = 0;
  std::map<std::string, unsigned long> skipped_;
};

skip_observer observer;
std::string module_name;

bool init_and_observe() {
  if (!init_unit_test()) return false;
  module_name = but::framework::master_test_suite().p_name;
#ifndef CNCRYPTO_TEST_TSAN
  but::framework::register_observer(observer);
#endif
  return true;
}

}  // namespace

int main(int argc, char *argv[]) {
  const int rc = but::unit_test_main(&init_and_observe, argc, argv);
  if (rc != 0 || observer.skipped().empty()) return rc;
  for (const auto &[reason, cases] : observer.skipped()) {
    std::printf("cncrypto-skip: %s: %lu of %lu test cases skipped: %s\n", module_name.c_str(), cases,
                observer.total(), reason.c_str());
  }
  std::fflush(stdout);
  return cncrypto::test::kSkipExitCode;
}
