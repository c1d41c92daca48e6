// Monero's amount formatting (cryptonote/money.h).
#include "cryptonote/money.h"

#include <atomic>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace cryptonote {

namespace {

std::atomic<unsigned int> default_decimal_point{CRYPTONOTE_DISPLAY_DECIMAL_POINT};

constexpr unsigned int default_argument = static_cast<unsigned int>(-1);

[[noreturn]] void invalid_decimal_point(unsigned int decimal_point) {
  throw std::runtime_error("Invalid decimal point specification: " + std::to_string(decimal_point));
}

// The digits of an amount with the point placed decimal_point digits from the right.
std::string with_decimal_point(std::string digits, unsigned int decimal_point) {
  if (decimal_point == default_argument) decimal_point = default_decimal_point;
  const std::size_t min_digits = std::size_t{decimal_point} + 1;
  if (digits.size() < min_digits) digits.insert(std::size_t{0}, min_digits - digits.size(), '0');
  if (decimal_point > 0) digits.insert(digits.size() - decimal_point, 1, '.');
  return digits;
}

// The "C" locale's white space, what Monero's boost::algorithm::trim removes by default.
bool is_c_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

}  // namespace

void set_default_decimal_point(unsigned int decimal_point) {
  switch (decimal_point) {
    case 12:
    case 9:
    case 6:
    case 3:
    case 0:
      default_decimal_point = decimal_point;
      return;
    default:
      invalid_decimal_point(decimal_point);
  }
}

unsigned int get_default_decimal_point() { return default_decimal_point; }

std::string get_unit(unsigned int decimal_point) {
  if (decimal_point == default_argument) decimal_point = default_decimal_point;
  switch (decimal_point) {
    case 12: return "monero";
    case 9: return "millinero";
    case 6: return "micronero";
    case 3: return "nanonero";
    case 0: return "piconero";
    default: invalid_decimal_point(decimal_point);
  }
}

std::string print_money(std::uint64_t amount, unsigned int decimal_point) {
  return with_decimal_point(std::to_string(amount), decimal_point);
}

std::string print_money(const boost::multiprecision::uint128_t &amount, unsigned int decimal_point) {
  return with_decimal_point(amount.str(), decimal_point);
}

bool parse_amount(std::uint64_t &amount, const std::string &str_amount) {
  std::size_t first = 0;
  std::size_t last = str_amount.size();
  while (first < last && is_c_space(str_amount[first])) ++first;
  while (last > first && is_c_space(str_amount[last - 1])) --last;
  std::string s = str_amount.substr(first, last - first);

  const unsigned int point = default_decimal_point;
  std::size_t fraction_digits = 0;
  const std::size_t dot = s.find('.');
  if (dot != std::string::npos) {
    fraction_digits = s.size() - dot - 1;
    // Fractional digits beyond the decimal point may only be zeros.
    while (fraction_digits > point && s.back() == '0') {
      s.pop_back();
      --fraction_digits;
    }
    if (fraction_digits > point) return false;
    s.erase(dot, 1);
  }
  if (s.empty()) return false;
  s.append(point - fraction_digits, '0');

  std::uint64_t value = 0;
  constexpr std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  for (const char c : s) {
    if (c < '0' || c > '9') return false;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (max - digit) / 10) return false;
    value = value * 10 + digit;
  }
  amount = value;
  return true;
}

}  // namespace cryptonote
