// Support for the harness: statistics over batch samples, the machine's
// description (CPU model, measured core clock), and the timings database.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <map>
#include <string>
#include <vector>

namespace perf {

// Summary of samples (ns per call, one per batch).
struct summary {
  double min = 0, median = 0, mean = 0, p90 = 0, stddev = 0;
};
// Median is the middle sample (mean of the two middle ones for an even count),
// p90 the nearest-rank 90th percentile, stddev the sample standard deviation
// (0 for one sample). Throws std::invalid_argument on an empty vector.
summary summarize(std::vector<double> samples);

// "model name" from /proc/cpuinfo (with family/model numbers when the model
// name is vague), or "unknown".
std::string cpu_model();

// Measures the core clock in GHz by timing a chain of dependent register
// additions (one cycle each on every x86-64 core) against the thread's CPU time
// (CLOCK_THREAD_CPUTIME_ID, so time spent descheduled does not count); the best
// of `attempts` runs of about 1 ms each.
// Returns 0 where no such loop is written (non-x86).
double measure_core_ghz(int attempts = 50);

// Compiler and version, e.g. "GCC 12.2.0".
std::string compiler_id();

// Checks, before any test runs, that the harness will be able to write the
// file path when it finishes (option names it in the message, e.g. "--json"):
// throws std::runtime_error when path is a directory or cannot be opened for
// writing (missing directory, no permission), with the system's reason. Leaves
// an existing file unchanged and removes the file when the check created it.
void check_output_file(const std::string &path, const std::string &option);

// The timings database (--timings-database FILE): a text file, one line per
// test per run, appended run after run, which load() reads back:
//   # cncrypto performance timings v1
//   name<TAB>unix_time<TAB>iterations<TAB>min_ns<TAB>median_ns<TAB>mean_ns<TAB>p90_ns<TAB>stddev_ns
// Lines starting with '#' are comments. Names never contain tabs.
class timings_database {
 public:
  struct instance {
    std::time_t time = 0;
    std::uint64_t iterations = 0;
    summary ns;
  };

  // Reads path if it exists (a missing file is an empty database). Throws
  // std::runtime_error naming the file and line on a malformed line, and, so
  // that a run does not fail only at its end, when path is a directory or
  // save() could not write its temporary file (path + ".tmp") there.
  explicit timings_database(std::string path);

  // Every instance recorded for name, oldest first (empty when none).
  const std::vector<instance> &get(const std::string &name) const;
  void add(const std::string &name, const instance &entry);
  // Writes all instances (old and new) back to the file, through a temporary
  // file (path + ".tmp") and a rename. Throws std::runtime_error when it
  // cannot, after removing the temporary file.
  void save() const;
  const std::string &path() const { return path_; }

 private:
  std::string path_;
  std::map<std::string, std::vector<instance>> entries_;
};

}  // namespace perf
