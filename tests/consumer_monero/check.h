// The small checking helpers of the Monero-idiom consumer programs (our own
// code). Each program prints one line per check and exits 1 on the first miss.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace monero_idiom {

template <typename T>
void from_hex(const char *text, T &out) {
  if (std::strlen(text) != 2 * sizeof(T)) std::abort();
  unsigned char *p = reinterpret_cast<unsigned char *>(&out);
  for (std::size_t i = 0; i < sizeof(T); ++i) {
    unsigned v = 0;
    std::sscanf(text + 2 * i, "%2x", &v);
    p[i] = static_cast<unsigned char>(v);
  }
}

inline void check(const char *program, const char *what, bool ok) {
  std::printf("%s: %s %s\n", program, what, ok ? "OK" : "FAILED");
  if (!ok) std::exit(1);
}

}  // namespace monero_idiom
