#include "performance_utils.h"

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <time.h>

namespace perf {

summary summarize(std::vector<double> samples) {
  if (samples.empty()) throw std::invalid_argument("summarize: no samples");
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  summary s;
  s.min = samples.front();
  s.median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  const std::size_t rank = static_cast<std::size_t>(std::ceil(0.9 * static_cast<double>(n)));
  s.p90 = samples[std::max<std::size_t>(rank, 1) - 1];
  double sum = 0;
  for (double v : samples) sum += v;
  s.mean = sum / static_cast<double>(n);
  if (n > 1) {
    double squares = 0;
    for (double v : samples) squares += (v - s.mean) * (v - s.mean);
    s.stddev = std::sqrt(squares / static_cast<double>(n - 1));
  }
  return s;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line, model, family, model_number;
  auto value = [](const std::string &l) {
    const auto colon = l.find(':');
    return colon == std::string::npos ? std::string() : l.substr(l.find_first_not_of(" \t", colon + 1));
  };
  while (std::getline(in, line)) {
    if (model.empty() && line.rfind("model name", 0) == 0) model = value(line);
    if (family.empty() && line.rfind("cpu family", 0) == 0) family = value(line);
    if (model_number.empty() && line.rfind("model\t", 0) == 0) model_number = value(line);
  }
  if (model.empty()) return "unknown";
  if (!family.empty() && !model_number.empty())
    model += " (family " + family + ", model " + model_number + ")";
  return model;
}

double measure_core_ghz(int attempts) {
#if defined(__x86_64__)
  // Thread CPU time, not wall time: a run during which the thread was
  // descheduled then still counts only the cycles it ran.
  auto now_ns = [] {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
  };
  double best = 0;
  for (int attempt = 0; attempt < attempts; ++attempt) {
    // 100000 iterations x 32 dependent adds = 3.2 million cycles.
    std::uint64_t acc = 0, iterations = 100000;
    const std::uint64_t one = 1;
    const double start = now_ns();
    __asm__ volatile(
        "1:\n\t"
        ".rept 32\n\t"
        "add %[one], %[acc]\n\t"
        ".endr\n\t"
        "dec %[n]\n\t"
        "jnz 1b\n\t"
        : [acc] "+r"(acc), [n] "+r"(iterations)
        : [one] "r"(one)
        : "cc");
    const double ns = now_ns() - start;
    best = std::max(best, 32.0 * 100000.0 / ns);
  }
  return best;
#else
  return 0.0;
#endif
}

std::string compiler_id() {
#if defined(__clang__)
  return std::string("Clang ") + __clang_version__;
#elif defined(__GNUC__)
  return "GCC " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "." +
         std::to_string(__GNUC_PATCHLEVEL__);
#else
  return "unknown compiler";
#endif
}

void check_output_file(const std::string &path, const std::string &option) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored))
    throw std::runtime_error(option + " " + path + ": is a directory (give a file name)");
  const bool existed = std::filesystem::exists(path, ignored);
  errno = 0;
  std::ofstream probe(path, std::ios::app);  // creates, never truncates
  if (!probe) {
    const int reason = errno;
    throw std::runtime_error(option + " " + path + ": cannot write the file" +
                             (reason != 0 ? std::string(" (") + std::strerror(reason) + ")" : std::string()));
  }
  probe.close();
  if (!existed) std::filesystem::remove(path, ignored);
}

namespace {
constexpr const char *database_header = "# cncrypto performance timings v1";
}

timings_database::timings_database(std::string path) : path_(std::move(path)) {
  check_output_file(path_, "--timings-database");
  check_output_file(path_ + ".tmp", "--timings-database (its temporary file)");
  std::ifstream in(path_);
  if (!in) return;  // a new database
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::istringstream split(line);
    for (std::string field; std::getline(split, field, '\t');) fields.push_back(field);
    auto bad = [&](const std::string &why) {
      return std::runtime_error(path_ + ":" + std::to_string(number) + ": " + why);
    };
    if (fields.size() != 8) throw bad("expected 8 tab-separated fields, found " + std::to_string(fields.size()));
    auto number_field = [&](std::size_t index) {
      double v = -1;
      std::size_t used = 0;
      try {
        v = std::stod(fields[index], &used);
      } catch (const std::exception &) {
        used = 0;
      }
      if (used == 0 || used != fields[index].size() || !std::isfinite(v) || v < 0)
        throw bad("field " + std::to_string(index + 1) + " is not a non-negative number: '" + fields[index] + "'");
      return v;
    };
    if (fields[0].empty()) throw bad("empty test name");
    instance entry;
    entry.time = static_cast<std::time_t>(number_field(1));
    entry.iterations = static_cast<std::uint64_t>(number_field(2));
    entry.ns.min = number_field(3);
    entry.ns.median = number_field(4);
    entry.ns.mean = number_field(5);
    entry.ns.p90 = number_field(6);
    entry.ns.stddev = number_field(7);
    entries_[fields[0]].push_back(entry);
  }
}

const std::vector<timings_database::instance> &timings_database::get(const std::string &name) const {
  static const std::vector<instance> none;
  const auto found = entries_.find(name);
  return found == entries_.end() ? none : found->second;
}

void timings_database::add(const std::string &name, const instance &entry) {
  if (name.find('\t') != std::string::npos || name.find('\n') != std::string::npos)
    throw std::invalid_argument("timings database: test name contains a tab or newline: " + name);
  entries_[name].push_back(entry);
}

void timings_database::save() const {
  const std::string temporary = path_ + ".tmp";
  const auto fail = [&temporary](const std::string &message) {
    std::remove(temporary.c_str());
    return std::runtime_error(message);
  };
  {
    std::ofstream out(temporary, std::ios::trunc);
    if (!out) throw fail("timings database: cannot write " + temporary);
    out << database_header << "\n"
        << "# name\tunix_time\titerations\tmin_ns\tmedian_ns\tmean_ns\tp90_ns\tstddev_ns\n";
    out.precision(12);
    for (const auto &[name, list] : entries_) {
      for (const instance &e : list) {
        out << name << '\t' << static_cast<long long>(e.time) << '\t' << e.iterations << '\t' << e.ns.min << '\t'
            << e.ns.median << '\t' << e.ns.mean << '\t' << e.ns.p90 << '\t' << e.ns.stddev << '\n';
      }
    }
    if (!out.flush()) throw fail("timings database: write failed: " + temporary);
  }
  if (std::rename(temporary.c_str(), path_.c_str()) != 0)
    throw fail("timings database: cannot rename " + temporary + " to " + path_ + " (" + std::strerror(errno) + ")");
}

}  // namespace perf
