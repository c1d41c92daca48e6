// rx_seedheight and rx_seedheights (crypto/rx-slow-hash.h): pure arithmetic,
// built with or without librandomx.
#include <cstdlib>
#include <stdexcept>

#include "crypto/rx-slow-hash.h"

namespace {

bool is_power_of_2(std::uint64_t n) { return n != 0 && (n & (n - 1)) == 0; }

// Monero's environment overrides, read once: a power of two no larger than
// the default, else the default (SEEDHASH_EPOCH_BLOCKS must also be >= 2).
std::uint64_t epoch_lag() {
  static const std::uint64_t lag = [] {
    const char *e = std::getenv("SEEDHASH_EPOCH_LAG");
    if (!e) return std::uint64_t(SEEDHASH_EPOCH_LAG);
    const auto v = static_cast<unsigned int>(std::atoi(e));
    return (v > SEEDHASH_EPOCH_LAG || !is_power_of_2(v)) ? std::uint64_t(SEEDHASH_EPOCH_LAG) : std::uint64_t(v);
  }();
  return lag;
}

std::uint64_t epoch_blocks() {
  static const std::uint64_t blocks = [] {
    const char *e = std::getenv("SEEDHASH_EPOCH_BLOCKS");
    if (!e) return std::uint64_t(SEEDHASH_EPOCH_BLOCKS);
    const auto v = static_cast<unsigned int>(std::atoi(e));
    return (v < 2 || v > SEEDHASH_EPOCH_BLOCKS || !is_power_of_2(v)) ? std::uint64_t(SEEDHASH_EPOCH_BLOCKS)
                                                                       : std::uint64_t(v);
  }();
  return blocks;
}

}  // namespace

extern "C" uint64_t rx_seedheight(const uint64_t height) {
  const std::uint64_t lag = epoch_lag(), blocks = epoch_blocks();
  return height <= blocks + lag ? 0 : (height - lag - 1) & ~(blocks - 1);
}

extern "C" void rx_seedheights(const uint64_t height, uint64_t *seed_height, uint64_t *next_height) {
  if (!seed_height || !next_height) throw std::invalid_argument("rx_seedheights: NULL output pointer");
  *seed_height = rx_seedheight(height);
  *next_height = rx_seedheight(height + epoch_lag());
}
