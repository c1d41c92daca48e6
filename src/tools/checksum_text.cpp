#include "checksum_text.h"

#include "common/c_escape.h"

#include <cstdio>

namespace cncrypto::tools {
namespace {

bool is_hex_digit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool all_hex(std::string_view text) {
  for (char c : text) {
    if (!is_hex_digit(c)) return false;
  }
  return true;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

// Length of the valid UTF-8 multibyte sequence starting at text[i] (a byte
// >= 0x80), or 0 when the bytes there are not one.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t length = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
  }
  return length;
}

// How one byte (or UTF-8 sequence) of a name behaves under coreutils quoting.
enum class char_class {
  plain,         // needs no quoting
  plain_no_dq,   // needs no quoting, but rules out the "double quoted" form
  special_dq,    // needs quoting; allowed inside the "double quoted" form
  special,       // needs quoting; single quotes only
  control,       // needs quoting and a $'\..' escape
};

char_class classify(unsigned char c, std::size_t index) {
  if (c < 0x20 || c == 0x7F) return char_class::control;
  switch (c) {
    case ' ': case '\'': case ':':
      return char_class::special_dq;
    case '!': case '"': case '$': case '&': case '(': case ')': case '*': case ';':
    case '<': case '=': case '>': case '?': case '[': case '\\': case '^': case '`': case '|':
      return char_class::special;
    case '#': case '~':
      return index == 0 ? char_class::special_dq : char_class::plain_no_dq;
    case '{': case '}':
      return char_class::plain_no_dq;
    default:
      return char_class::plain;
  }
}

void append_control_escape(std::string &out, unsigned char c) {
  out += "$'\\";
  if (const char letter = cncrypto::c_escape_letter(c)) {
    out += letter;
  } else {
    char octal[4];
    std::snprintf(octal, sizeof octal, "%03o", static_cast<unsigned>(c));
    out += octal;
  }
  out += '\'';
}

// The name (unescaped when the line starts with '\') and the digest of a line.
bool store_fields(std::string_view name, std::string_view hex, bool escaped, checksum_line &out) {
  if (escaped) {
    if (!unescape_name(name, out.file_name)) return false;
  } else {
    out.file_name.assign(name);
  }
  out.hex_digest.assign(hex);
  return true;
}

}  // namespace

bool name_needs_escape(std::string_view name) {
  return name.find_first_of("\\\n\r") != std::string_view::npos;
}

std::string escape_name(std::string_view name) {
  std::string out;
  out.reserve(name.size() + 8);
  for (char c : name) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      default: out += c;
    }
  }
  return out;
}

bool unescape_name(std::string_view escaped, std::string &out) {
  out.clear();
  out.reserve(escaped.size());
  for (std::size_t i = 0; i < escaped.size(); ++i) {
    if (escaped[i] != '\\') {
      out += escaped[i];
      continue;
    }
    if (++i == escaped.size()) return false;
    switch (escaped[i]) {
      case '\\': out += '\\'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      default: return false;
    }
  }
  return true;
}

std::string quote_name(std::string_view name) {
  if (name.empty()) return "''";
  bool needs_quotes = false, double_quote_ok = true, has_single_quote = false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c >= 0x80) {
      const std::size_t length = utf8_sequence_length(name, i);
      if (length == 0) {
        needs_quotes = true;
        double_quote_ok = false;
      } else {
        i += length - 1;
      }
      continue;
    }
    has_single_quote |= c == '\'';
    switch (classify(c, i)) {
      case char_class::plain: break;
      case char_class::plain_no_dq: double_quote_ok = false; break;
      case char_class::special_dq: needs_quotes = true; break;
      case char_class::special:
      case char_class::control: needs_quotes = true; double_quote_ok = false; break;
    }
  }
  if (!needs_quotes) return std::string(name);
  if (has_single_quote && double_quote_ok) return '"' + std::string(name) + '"';

  // Single-quoted runs; each control byte (or invalid UTF-8 byte) closes the
  // quotes and is written as $'\..'; a ' inside is written as '\''.
  std::string out = "'";
  bool open = true;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    std::size_t length = 1;
    bool escape = c < 0x20 || c == 0x7F;
    if (c >= 0x80) {
      length = utf8_sequence_length(name, i);
      escape = length == 0;
      if (escape) length = 1;
    }
    if (escape) {
      if (open) out += '\'';
      open = false;
      append_control_escape(out, c);
      continue;
    }
    if (!open) out += '\'';
    open = true;
    if (c == '\'') {
      out += "'\\''";
    } else {
      out.append(name.substr(i, length));
    }
    i += length - 1;
  }
  if (open) out += '\'';
  return out;
}

checksum_line_parser::checksum_line_parser(const cncrypto::keccak_algorithm_info &plain_algorithm,
                                           std::size_t plain_length)
    : plain_algorithm_(plain_algorithm), plain_length_(plain_length) {}

bool checksum_line_parser::parse(std::string_view line, checksum_line &out) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::size_t i = 0;
  while (i < line.size() && is_blank(line[i])) ++i;
  bool escaped = false;
  if (i < line.size() && line[i] == '\\') {
    escaped = true;
    ++i;
  }
  std::string_view rest = line.substr(i);

  // BSD-style "ALGO (NAME) = HEX" (also "ALGO(NAME)= HEX", as openssl dgst writes).
  std::size_t count = 0;
  const cncrypto::keccak_algorithm_info *algorithms = cncrypto::keccak_algorithms(count);
  for (std::size_t k = 0; k < count; ++k) {
    const std::string_view tag = algorithms[k].tag_name;
    if (rest.substr(0, tag.size()) != tag) continue;
    std::string_view after = rest.substr(tag.size());
    if (!after.empty() && after.front() == ' ') after.remove_prefix(1);
    if (after.empty() || after.front() != '(') break;
    out.algorithm = &algorithms[k];
    return parse_tagged(after.substr(1), escaped, out);
  }
  out.algorithm = &plain_algorithm_;
  return parse_plain(rest, escaped, out);
}

bool checksum_line_parser::parse_tagged(std::string_view rest, bool escaped, checksum_line &out) const {
  const std::size_t close = rest.rfind(')');
  if (close == std::string_view::npos) return false;
  const std::string_view name = rest.substr(0, close);
  std::size_t i = close + 1;
  while (i < rest.size() && is_blank(rest[i])) ++i;
  if (i == rest.size() || rest[i] != '=') return false;
  ++i;
  while (i < rest.size() && is_blank(rest[i])) ++i;
  const std::string_view hex = rest.substr(i);
  if (!all_hex(hex)) return false;
  const cncrypto::keccak_algorithm_info &algorithm = *out.algorithm;
  if (algorithm.xof) {
    if (hex.empty() || hex.size() % 2 != 0 || hex.size() > 2 * max_xof_length) return false;
  } else if (hex.size() != 2 * algorithm.output_size) {
    return false;
  }
  return store_fields(name, hex, escaped, out);
}

bool checksum_line_parser::parse_plain(std::string_view rest, bool escaped, checksum_line &out) {
  std::size_t hex_length = 2 * plain_length_;
  if (hex_length == 0) {  // SHAKE without -l: the digest is the whole run of hex digits
    while (hex_length < rest.size() && is_hex_digit(rest[hex_length])) ++hex_length;
    if (hex_length == 0 || hex_length % 2 != 0 || hex_length > 2 * max_xof_length) return false;
  }
  // At least the digest, one blank and a one-character name.
  if (rest.size() < hex_length + 2) return false;
  const std::string_view hex = rest.substr(0, hex_length);
  if (!all_hex(hex) || !is_blank(rest[hex_length])) return false;
  std::size_t name_start = hex_length + 1;
  const bool single_space = rest.size() - name_start == 1 ||
                            (rest[name_start] != ' ' && rest[name_start] != '*');
  if (single_space) {
    // "HEX NAME": allowed only while no standard line was seen in this file.
    if (single_space_form_ == 0) return false;
    single_space_form_ = 1;
  } else if (single_space_form_ != 1) {
    single_space_form_ = 0;
    ++name_start;  // the ' ' (text) or '*' (binary) mode marker
  }
  const std::string_view name = rest.substr(name_start);
  return store_fields(name, hex, escaped, out);
}

}  // namespace cncrypto::tools
