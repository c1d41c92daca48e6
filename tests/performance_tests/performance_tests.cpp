// The harness's runner: filter, interleaved batches, reports (see performance_tests.h).
#include "performance_tests.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <time.h>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "performance_utils.h"

namespace perf {

namespace {
bool looks_like_glob(const std::string &pattern) {
  const bool wildcard = pattern.find_first_of("*?") != std::string::npos;
  const bool regex_syntax = pattern.find_first_of(".\\()|+^${}") != std::string::npos;
  return wildcard && !regex_syntax;
}

std::string glob_to_regex(const std::string &glob) {
  std::string regex;
  for (char c : glob) {
    if (c == '*') {
      regex += ".*";
    } else if (c == '?') {
      regex += '.';
    } else {
      if (std::string("[]").find(c) != std::string::npos) regex += '\\';
      regex += c;
    }
  }
  return regex;
}
}  // namespace

name_filter::name_filter(const std::string &pattern) : pattern_(pattern), glob_(looks_like_glob(pattern)) {
  try {
    regex_ = std::regex(glob_ ? glob_to_regex(pattern) : pattern, std::regex::ECMAScript);
  } catch (const std::regex_error &e) {
    throw std::invalid_argument("--filter '" + pattern + "' is not a valid regular expression: " + e.what());
  }
}

bool name_filter::matches(const std::string &name) const {
  return pattern_.empty() || std::regex_search(name, regex_);
}

namespace {
using clock = std::chrono::steady_clock;

double elapsed_ns(clock::time_point start, clock::time_point end) {
  return std::chrono::duration<double, std::nano>(end - start).count();
}

// A time in ns with three or four significant digits and a unit.
std::string format_ns(double ns) {
  char buffer[64];
  const char *unit = "ns";
  double value = ns;
  if (ns >= 1e7) {
    value = ns / 1e6;
    unit = "ms";
  } else if (ns >= 1e4) {
    value = ns / 1e3;
    unit = "\xC2\xB5s";  // µs, as Monero prints it
  }
  std::snprintf(buffer, sizeof buffer, value >= 100 ? "%.0f %s" : value >= 10 ? "%.1f %s" : "%.2f %s", value, unit);
  return buffer;
}

std::string format_rate(double bytes_per_second) {
  char buffer[64];
  if (bytes_per_second >= 1e9)
    std::snprintf(buffer, sizeof buffer, "%.2f GB/s", bytes_per_second / 1e9);
  else
    std::snprintf(buffer, sizeof buffer, "%.1f MB/s", bytes_per_second / 1e6);
  return buffer;
}

std::string format_fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string format_time(std::time_t t) {
  char buffer[64];
  std::tm utc{};
  gmtime_r(&t, &utc);
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &utc);
  return buffer;
}

struct member {
  const test_case *tc = nullptr;
  bool is_peer = false;
  std::unique_ptr<instance> inst;
  std::size_t calls = 0;    // measured calls
  std::size_t batches = 0;  // batches they are split into
  std::size_t warm_up_calls = 0;
  std::size_t calls_done = 0;  // warm-up and measured, for numbering a failed call
  double warm_up_ms = 0;
  std::vector<double> samples;  // ns per call, one per batch
  std::string error;            // empty while it runs fine
  summary ns;
  double ratio = 0;  // peers: median of per-batch (peer / ours)
};

std::size_t batch_calls(const member &m, std::size_t b) {
  return m.calls / m.batches + (b < m.calls % m.batches ? 1 : 0);
}

// Nanoseconds from the batch clock: steady_clock (wall time, the default), or
// the calling thread's CPU time (--clock thread), which leaves out the time the
// thread spent descheduled on a busy machine.
double batch_clock_ns(bool thread_cpu) {
  if (thread_cpu) {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
  }
  return std::chrono::duration<double, std::nano>(clock::now().time_since_epoch()).count();
}

// Runs calls of m, times them; records an error and returns false on failure.
bool timed_run(member &m, std::size_t calls, double *ns, bool thread_cpu = false) {
  const double start = batch_clock_ns(thread_cpu);
  std::size_t failed = 0;
  try {
    failed = m.inst->run(calls);
  } catch (const std::exception &e) {
    m.error = std::string("FAILED ON TEST LOOP: exception: ") + e.what();
    return false;
  }
  const double end = batch_clock_ns(thread_cpu);
  if (failed != 0) {
    m.error = "FAILED ON TEST LOOP " + std::to_string(m.calls_done + failed);
    return false;
  }
  m.calls_done += calls;
  if (ns != nullptr) *ns = end - start;
  return true;
}

void warm_up(member &m, const Params &params) {
  const auto start = clock::now();
  const double budget_ns = params.warm_up_ms * 1e6;
  std::size_t chunk = 1;
  double spent_ns = 0;
  while (m.warm_up_calls < m.calls && spent_ns < budget_ns) {
    chunk = std::min(chunk, m.calls - m.warm_up_calls);
    if (!timed_run(m, chunk, nullptr)) return;
    m.warm_up_calls += chunk;
    spent_ns = elapsed_ns(start, clock::now());
    // Double the chunk, but not beyond what the remaining budget allows.
    const double per_call_ns = spent_ns / static_cast<double>(m.warm_up_calls);
    const double fits = (budget_ns - spent_ns) / std::max(per_call_ns, 1.0);
    chunk = std::max<std::size_t>(1, std::min<std::size_t>(chunk * 2, static_cast<std::size_t>(std::max(fits, 1.0))));
  }
  m.warm_up_ms = spent_ns / 1e6;
}

void print_member(const member &m, const Params &params, double ghz, const timings_database *td) {
  const std::string &name = m.tc->name;
  const char *indent = m.is_peer ? "  " : "";
  if (!m.error.empty()) {
    std::cout << indent << name << " - " << m.error << std::endl;
    return;
  }
  const double bytes = static_cast<double>(m.tc->bytes_per_call);
  const std::size_t items = m.tc->items_per_call;
  std::string extra;
  if (items > 1) extra += ", " + format_ns(m.ns.median / static_cast<double>(items)) + "/item";
  if (bytes > 0) extra += ", " + format_rate(bytes * 1e9 / m.ns.median);
  if (ghz > 0) {
    const double cycles = m.ns.median * ghz;
    extra += bytes > 0 ? ", " + format_fixed(cycles / bytes, 2) + " cycles/byte"
                       : ", " + format_fixed(cycles, 0) + " cycles/call";
  }
  std::string ratio;
  if (m.is_peer) {
    ratio = m.ratio >= 1 ? " [ours " + format_fixed(m.ratio, 2) + "x faster]"
                         : " [ours " + format_fixed(1 / m.ratio, 2) + "x slower]";
  }
  if (params.verbose) {
    std::cout << indent << name << " - OK:\n";
    std::cout << indent << "  loop count:    " << m.calls << " (" << m.batches << " batches)\n";
    std::cout << indent << "  warm up:       " << format_fixed(m.warm_up_ms, 1) << " ms, " << m.warm_up_calls
              << " calls\n";
    if (params.stats) {
      std::cout << indent << "  min:           " << format_fixed(m.ns.min, 1) << " ns\n";
      std::cout << indent << "  median:        " << format_fixed(m.ns.median, 1) << " ns\n";
      std::cout << indent << "  mean:          " << format_fixed(m.ns.mean, 1) << " ns\n";
      std::cout << indent << "  90th:          " << format_fixed(m.ns.p90, 1) << " ns\n";
      std::cout << indent << "  std dev:       " << format_fixed(m.ns.stddev, 1) << " ns\n";
    }
    if (items > 1)
      std::cout << indent << "  per item:      " << format_ns(m.ns.median / static_cast<double>(items)) << " ("
                << items << " items per call)\n";
    if (bytes > 0) std::cout << indent << "  throughput:    " << format_rate(bytes * 1e9 / m.ns.median) << "\n";
    if (ghz > 0) {
      std::cout << indent << "  cycles/call:   " << format_fixed(m.ns.median * ghz, 0) << " (at "
                << format_fixed(ghz, 2) << " GHz)\n";
      if (bytes > 0)
        std::cout << indent << "  cycles/byte:   " << format_fixed(m.ns.median * ghz / bytes, 2) << "\n";
    }
    if (m.is_peer) std::cout << indent << "  ratio:         " << format_fixed(m.ratio, 3) << ratio << "\n";
    if (td != nullptr && !td->get(name).empty()) {
      const auto &previous = td->get(name).back();
      const double change = 100.0 * (previous.ns.median - m.ns.median) / previous.ns.median;
      std::cout << indent << "  previous:      median " << format_ns(previous.ns.median) << " on "
                << format_time(previous.time) << " (now " << format_fixed(std::fabs(change), 1) << "% "
                << (change >= 0 ? "faster" : "slower") << ")\n";
    }
    std::cout << indent << "  time per call: " << format_ns(m.ns.median) << "/call" << std::endl;
  } else {
    std::cout << indent << name << " (" << m.calls << " calls) - OK: " << format_ns(m.ns.median) << "/call";
    if (params.stats) {
      std::cout << " (min " << format_ns(m.ns.min) << ", 90th " << format_ns(m.ns.p90) << ", median "
                << format_ns(m.ns.median) << ", std dev " << format_ns(m.ns.stddev) << ")";
    }
    std::cout << extra << ratio << std::endl;
  }
}

nlohmann::ordered_json member_json(const member &m, const std::string &group, double ghz) {
  nlohmann::ordered_json j;
  j["name"] = m.tc->name;
  j["group"] = group;
  j["peer"] = m.is_peer;
  j["ok"] = m.error.empty();
  if (!m.error.empty()) {
    j["error"] = m.error;
    return j;
  }
  j["iterations"] = m.calls;
  j["batches"] = m.batches;
  j["min_ns"] = m.ns.min;
  j["median_ns"] = m.ns.median;
  j["mean_ns"] = m.ns.mean;
  j["p90_ns"] = m.ns.p90;
  j["stddev_ns"] = m.ns.stddev;
  j["bytes_per_call"] = m.tc->bytes_per_call;
  if (m.tc->items_per_call > 1) {
    j["items_per_call"] = m.tc->items_per_call;
    j["ns_per_item"] = m.ns.median / static_cast<double>(m.tc->items_per_call);
  }
  if (m.tc->bytes_per_call > 0) j["bytes_per_second"] = static_cast<double>(m.tc->bytes_per_call) * 1e9 / m.ns.median;
  if (ghz > 0) {
    j["cpu_ghz"] = ghz;
    j["cycles_per_call"] = m.ns.median * ghz;
    if (m.tc->bytes_per_call > 0)
      j["cycles_per_byte"] = m.ns.median * ghz / static_cast<double>(m.tc->bytes_per_call);
  }
  if (m.is_peer) j["ratio"] = m.ratio;
  return j;
}

struct peer_row {
  std::string test, peer;
  double ours_ns, peer_ns, ratio;
};
}  // namespace

void list_tests(const ParamsShuttle &p) {
  for (const test_group &g : p.groups) {
    if (!g.selected) continue;
    std::cout << g.test.name << "\n";
    for (const test_case &peer : g.peers) std::cout << "  " << peer.name << "\n";
  }
}

std::size_t run_tests(ParamsShuttle &p) {
  const Params &params = p.core_params;
  std::size_t failures = 0;
  std::vector<peer_row> peer_rows;
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  const auto run_start = clock::now();

  for (test_group &group : p.groups) {
    if (!group.selected) continue;
    std::vector<member> members;
    members.push_back(member{});
    members.back().tc = &group.test;
    for (const test_case &peer : group.peers) {
      members.push_back(member{});
      members.back().tc = &peer;
      members.back().is_peer = true;
    }

    // 1. init
    for (member &m : members) {
      const double scaled = std::round(static_cast<double>(m.tc->loop_count) * params.loop_multiplier);
      m.calls = std::max<std::size_t>(1, static_cast<std::size_t>(scaled));
      try {
        m.inst = m.tc->make();
        if (!m.inst->init()) m.error = "FAILED ON INIT";
      } catch (const std::exception &e) {
        m.error = std::string("FAILED ON INIT: exception: ") + e.what();
      }
    }
    const double ghz = params.cpu_ghz > 0 ? params.cpu_ghz : 0.0;

    // 2. warm-up
    for (member &m : members) {
      if (m.error.empty()) warm_up(m, params);
    }

    // 3. batch sizes: batches of about --batch-us each, so that most batches
    // run without being descheduled on a busy machine and the median is clean;
    // every member gets the same number of batches (at most its call count).
    std::size_t rounds = params.batches;
    const member &first = members.front();
    if (first.error.empty() && first.warm_up_calls > 0 && params.batch_us > 0) {
      const double per_call_ns = first.warm_up_ms * 1e6 / static_cast<double>(first.warm_up_calls);
      const double wanted = static_cast<double>(first.calls) * per_call_ns / (params.batch_us * 1e3);
      rounds = std::max(rounds, static_cast<std::size_t>(std::min(wanted, 1e6)));
    }
    for (member &m : members) m.batches = std::max<std::size_t>(1, std::min(rounds, m.calls));

    // 4. interleaved batches
    for (std::size_t b = 0; b < rounds; ++b) {
      for (std::size_t k = 0; k < members.size(); ++k) {
        member &m = members[(b + k) % members.size()];
        if (!m.error.empty() || b >= m.batches) continue;
        const std::size_t calls = batch_calls(m, b);
        double ns = 0;
        if (timed_run(m, calls, &ns, params.thread_cpu_clock)) m.samples.push_back(ns / static_cast<double>(calls));
      }
    }

    // 5. statistics and report
    member &ours = members.front();
    for (member &m : members) {
      m.inst.reset();
      if (!m.error.empty()) continue;
      m.ns = summarize(m.samples);
      if (m.is_peer && ours.error.empty()) {
        std::vector<double> ratios;
        const std::size_t n = std::min(m.samples.size(), ours.samples.size());
        for (std::size_t i = 0; i < n; ++i) ratios.push_back(m.samples[i] / ours.samples[i]);
        m.ratio = summarize(ratios).median;
        peer_rows.push_back(peer_row{ours.tc->name, m.tc->name, ours.ns.median, m.ns.median, m.ratio});
      }
    }
    for (member &m : members) {
      if (!m.error.empty()) ++failures;
      print_member(m, params, ghz, params.td.get());
      results.push_back(member_json(m, group.test.name, ghz));
      if (m.error.empty() && params.td) {
        timings_database::instance entry;
        entry.time = std::time(nullptr);
        entry.iterations = m.calls;
        entry.ns = m.ns;
        params.td->add(m.tc->name, entry);
      }
    }
  }

  if (!peer_rows.empty()) {
    std::cout << "\nPeers, interleaved batch by batch in this run (ratio = peer time / our time; > 1: ours is "
                 "faster):\n";
    int test_width = 34, peer_width = 40;  // widened to the longest name
    for (const peer_row &r : peer_rows) {
      test_width = std::max(test_width, static_cast<int>(r.test.size()));
      peer_width = std::max(peer_width, static_cast<int>(r.peer.size()));
    }
    std::printf("  %-*s %-*s %12s %12s %7s\n", test_width, "test", peer_width, "peer", "ours", "peer", "ratio");
    for (const peer_row &r : peer_rows) {
      std::printf("  %-*s %-*s %12s %12s %7.2f\n", test_width, r.test.c_str(), peer_width, r.peer.c_str(),
                  format_ns(r.ours_ns).c_str(), format_ns(r.peer_ns).c_str(), r.ratio);
    }
    std::fflush(stdout);
  }

  std::cout << "Tests finished in " << format_fixed(elapsed_ns(run_start, clock::now()) / 1e9, 1) << " s";
  if (failures > 0) std::cout << ", " << failures << " FAILED";
  std::cout << std::endl;

  if (params.td) params.td->save();
  if (!params.json_path.empty()) {
    nlohmann::ordered_json doc;
    doc["harness"] = "cncrypto performance_tests";
    doc["format_version"] = 1;
    doc["date"] = format_time(std::time(nullptr));
    doc["cpu"] = cpu_model();
    doc["compiler"] = compiler_id();
#ifdef CNCRYPTO_BUILD_TYPE
    doc["build_type"] = CNCRYPTO_BUILD_TYPE;
#endif
    doc["cycles_method"] = params.cpu_ghz <= 0      ? "none"
                           : params.cpu_ghz_measured ? "core clock measured at start (dependent-add chain, best of 50 x 1 ms of thread CPU time)"
                                                     : "fixed clock from --cpu-ghz";
    if (params.cpu_ghz > 0) doc["cpu_ghz"] = params.cpu_ghz;
    doc["clock"] = params.thread_cpu_clock ? "thread CPU time" : "steady_clock";
    nlohmann::ordered_json info = nlohmann::ordered_json::object();
    for (const auto &[key, value] : params.info) info[key] = value;
    doc["info"] = info;
    doc["loop_multiplier"] = params.loop_multiplier;
    doc["batches"] = params.batches;
    doc["failures"] = failures;
    doc["tests"] = results;
    nlohmann::ordered_json peers = nlohmann::ordered_json::array();
    for (const peer_row &r : peer_rows) {
      peers.push_back({{"test", r.test}, {"peer", r.peer}, {"ours_median_ns", r.ours_ns},
                       {"peer_median_ns", r.peer_ns}, {"ratio", r.ratio}});
    }
    doc["peers"] = peers;
    std::ofstream out(params.json_path, std::ios::trunc);
    out << doc.dump(2) << "\n";
    if (!out.flush()) throw std::runtime_error("cannot write the JSON file " + params.json_path);
  }
  return failures;
}

}  // namespace perf
