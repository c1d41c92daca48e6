// Monero's amount formatting: amounts are integers of atomic units
// (piconero, 10^-12 XMR), shown with a decimal point `decimal_point` digits
// from the right (12: XMR; 9, 6, 3, 0: milli-, micro-, nano-, piconero). The
// default decimal point is one process-wide setting, as in Monero (an atomic:
// reading and setting it from several threads is safe; a change affects every
// later default-argument call in the process). Monero's names, in namespace
// cryptonote; Monero declares them in cryptonote_basic/cryptonote_format_utils.h,
// which includes this header. Variable time (amounts here are for display).
// Source: Monero src/cryptonote_basic/cryptonote_format_utils.cpp.
#pragma once

#include "common/monero_config.h"  // CRYPTONOTE_DISPLAY_DECIMAL_POINT (12)

#include <cstdint>
#include <string>

#include <boost/multiprecision/cpp_int.hpp>

namespace cryptonote {

// Sets the default decimal point: 12, 9, 6, 3 or 0. Any other value throws
// std::runtime_error("Invalid decimal point specification: <value>") and keeps
// the old one. Source: Monero set_default_decimal_point.
void set_default_decimal_point(unsigned int decimal_point = CRYPTONOTE_DISPLAY_DECIMAL_POINT);

// The default decimal point (12 until set_default_decimal_point changes it).
// Never throws. Source: Monero get_default_decimal_point.
unsigned int get_default_decimal_point();

// The unit's name for a decimal point (-1, the default argument: the default
// decimal point's): 12 "monero", 9 "millinero", 6 "micronero", 3 "nanonero", 0
// "piconero". Any other value throws std::runtime_error("Invalid decimal point
// specification: <value>"). Source: Monero get_unit.
std::string get_unit(unsigned int decimal_point = -1);

// The amount in decimal with a point decimal_point digits from the right
// (-1, the default argument: the default decimal point), padded with leading
// zeros to at least one digit before the point; trailing zeros are kept and no
// point is written for decimal_point 0: print_money(1) "0.000000000001",
// print_money(1230000000000) "1.230000000000", print_money(5, 0) "5". As in
// Monero, decimal_point is not checked here: any value pads that many digits
// (print_money(1, 20) "0.00000000000000000001"; a value near 2^32 asks for that
// many bytes, so std::bad_alloc / std::length_error). Variable time.
// Source: Monero print_money (both overloads).
std::string print_money(std::uint64_t amount, unsigned int decimal_point = -1);
std::string print_money(const boost::multiprecision::uint128_t &amount, unsigned int decimal_point = -1);

// Parses a decimal amount in units of the DEFAULT decimal point into atomic
// units: amount = the value and true, or false with amount untouched. Accepted,
// as Monero's: leading and trailing white space (space, \t, \n, \v, \f, \r:
// Monero trims with the global locale's isspace, the "C" locale's unless the
// program changed it); then digits 0-9 with at most one '.', at least one digit
// in all ("5", "5.", ".5", "007" are fine; ".", "", "+1", "-0", "1e3", "1 000",
// "1.2.3" are not); fractional digits beyond the decimal point's count only
// when all of them are zeros ("0.0000000000010000" is 1 piconero, but
// "0.0000000000001" is refused); a result above 2^64 - 1 is refused (the
// largest accepted is "18446744.073709551615" at decimal point 12). Never
// throws but std::bad_alloc. Variable time. Source: Monero parse_amount.
bool parse_amount(std::uint64_t &amount, const std::string &str_amount);

}  // namespace cryptonote
