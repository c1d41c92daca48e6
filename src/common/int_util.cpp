// epee's int-util.h: div128_64, the one function Monero defines out of line
// (int-util.h has the comments).
#include "int-util.h"

#include <stdexcept>

void div128_64(uint64_t dividend_hi, uint64_t dividend_lo, uint64_t divisor, uint64_t *quotient_hi,
               uint64_t *quotient_lo, uint64_t *remainder_hi, uint64_t *remainder_lo) {
  if (divisor == 0) throw std::overflow_error("div128_64: division by zero");
  const unsigned __int128 n = (static_cast<unsigned __int128>(dividend_hi) << 64) | dividend_lo;
  const unsigned __int128 q = n / divisor;
  const uint64_t r = static_cast<uint64_t>(n % divisor);
  *quotient_hi = static_cast<uint64_t>(q >> 64);
  *quotient_lo = static_cast<uint64_t>(q);
  if (remainder_hi) *remainder_hi = 0;
  if (remainder_lo) *remainder_lo = r;
}
