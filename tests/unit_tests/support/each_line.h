// Running a check over the lines of a vector file inside Boost.Test: each
// line's number in the test context, the line count returned (tests assert it
// against the count the file's README gives).
#pragma once

#include "support/vector_file.h"

#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <vector>

namespace cncrypto::test {

// check(line) for every line, "line N" in the context; returns lines.size().
template <typename Check>
std::size_t each_line(const std::vector<vector_line> &lines, Check check) {
  for (const auto &l : lines) {
    BOOST_TEST_CONTEXT("line " << l.line_number) { check(l); }
  }
  return lines.size();
}

}  // namespace cncrypto::test
