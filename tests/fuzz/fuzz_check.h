// What every fuzz target (tests/fuzz) uses to report a broken oracle: print what
// disagreed and abort, which libFuzzer records as a crash with the input saved.
#pragma once

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(condition)                                                              \
  do {                                                                                     \
    if (!(condition)) {                                                                    \
      std::fprintf(stderr, "%s:%d: oracle failed: %s\n", __FILE__, __LINE__, #condition);  \
      std::abort();                                                                        \
    }                                                                                      \
  } while (0)
