// A start gate for tests that run several threads at once: each thread calls
// arrive_and_wait() first and none goes on until all `count` have arrived, so
// their first calls overlap (not the first thread's call before the last
// thread starts). Spins with std::this_thread::yield (C++17 has no std::latch).
#pragma once

#include <atomic>
#include <thread>

namespace cncrypto::test {

class start_gate {
 public:
  explicit start_gate(unsigned count) : waiting_(count) {}
  void arrive_and_wait() {
    waiting_.fetch_sub(1);
    while (waiting_.load() > 0) std::this_thread::yield();
  }

 private:
  std::atomic<unsigned> waiting_;
};

}  // namespace cncrypto::test
