// Monero's Electrum-style seeds: see mnemonics/electrum-words.h for the
// contract and ../shared/spec/wallet.md section 2 for the rules.
//
// Layout of this file: UTF-8 and case folding, the per-language tables (built
// once, on first use, from the generated word arrays), the CRC-32 checksum,
// then encoding, decoding and the public functions.
#include "mnemonics/electrum-words.h"
#include "mnemonics/cncrypto_seed.h"

// Generated at build time from wordlists/*.txt by generate_wordlists.cmake.
#include "electrum_wordlists.inc"
#include "electrum_languages.h"
#include "language_tables_once.h"
#include "seed_text.h"

#include "common/bool_result.h"
#include "common/ct.h"
#include "common/ct_declassify.h"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <new>

namespace crypto {
namespace ElectrumWords {
namespace {

using cncrypto::seed_error;

constexpr std::uint32_t kListSize = 1626;  // words per list; kListSize^3 > 2^32

// ---------------------------------------------------------------- wiping

// A heap buffer of fixed size, wiped when destroyed (also on exceptions).
class wiped_buffer {
 public:
  explicit wiped_buffer(std::size_t n) : bytes_(n) {}
  ~wiped_buffer() {
    if (!bytes_.empty()) sodium_memzero(bytes_.data(), bytes_.size());
  }
  wiped_buffer(const wiped_buffer &) = delete;
  wiped_buffer &operator=(const wiped_buffer &) = delete;
  unsigned char *data() { return bytes_.data(); }

 private:
  std::vector<unsigned char> bytes_;
};

// Word indices (< 1626), wiped when destroyed.
class wiped_indices {
 public:
  explicit wiped_indices(std::size_t n) : v_(n, 0) {}
  ~wiped_indices() {
    if (!v_.empty()) sodium_memzero(v_.data(), v_.size() * sizeof v_[0]);
  }
  wiped_indices(const wiped_indices &) = delete;
  wiped_indices &operator=(const wiped_indices &) = delete;
  std::uint32_t &operator[](std::size_t i) { return v_[i]; }
  std::uint32_t operator[](std::size_t i) const { return v_[i]; }

 private:
  std::vector<std::uint32_t> v_;
};

// ---------------------------------------------------------------- UTF-8

// Decodes one code point of s at i (strict: no overlong forms, no surrogates,
// nothing above U+10FFFF). Returns its length in bytes, or 0 if invalid.
std::size_t utf8_decode(std::string_view s, std::size_t i, std::uint32_t &cp) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const std::size_t avail = s.size() - i;
  const unsigned char c0 = b(0);
  if (c0 < 0x80) {
    cp = c0;
    return 1;
  }
  std::size_t n;
  std::uint32_t lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c0 >= 0xC2 && c0 <= 0xDF) {
    n = 2;
    cp = c0 & 0x1Fu;
  } else if (c0 >= 0xE0 && c0 <= 0xEF) {
    n = 3;
    cp = c0 & 0x0Fu;
    if (c0 == 0xE0) lo = 0xA0;
    if (c0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (c0 >= 0xF0 && c0 <= 0xF4) {
    n = 4;
    cp = c0 & 0x07u;
    if (c0 == 0xF0) lo = 0x90;
    if (c0 == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (avail < n) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    const unsigned char ck = b(k);
    if (k == 1 ? (ck < lo || ck > hi) : (ck & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (ck & 0x3Fu);
  }
  return n;
}

void utf8_append(std::uint32_t cp, unsigned char *out, std::size_t &pos) {
  if (cp < 0x80) {
    out[pos++] = static_cast<unsigned char>(cp);
  } else if (cp < 0x800) {
    out[pos++] = static_cast<unsigned char>(0xC0 | (cp >> 6));
    out[pos++] = static_cast<unsigned char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out[pos++] = static_cast<unsigned char>(0xE0 | (cp >> 12));
    out[pos++] = static_cast<unsigned char>(0x80 | ((cp >> 6) & 0x3F));
    out[pos++] = static_cast<unsigned char>(0x80 | (cp & 0x3F));
  } else {
    out[pos++] = static_cast<unsigned char>(0xF0 | (cp >> 18));
    out[pos++] = static_cast<unsigned char>(0x80 | ((cp >> 12) & 0x3F));
    out[pos++] = static_cast<unsigned char>(0x80 | ((cp >> 6) & 0x3F));
    out[pos++] = static_cast<unsigned char>(0x80 | (cp & 0x3F));
  }
}

// Simple (one code point to one code point) Unicode lowercasing of the scripts
// that Monero's lists and their users write: ASCII, Latin-1, Latin Extended-A,
// Latin Extended Additional, Greek, Cyrillic and full-width Latin. Everything
// else (kana, CJK, digits, ...) is its own lower case. The result is never
// longer in UTF-8 than the input, which canonicalize() relies on.
std::uint32_t simple_lower(std::uint32_t c) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
  if (c < 0x100) return (c >= 0xC0 && c <= 0xDE && c != 0xD7) ? c + 32 : c;
  if (c < 0x180) {
    if (c == 0x130) return 'i';  // capital I with dot above
    if (c < 0x138) return c | 1;  // pairs: even capital, odd small
    if (c >= 0x139 && c <= 0x148) return (c & 1) ? c + 1 : c;
    if (c >= 0x14A && c <= 0x177) return c | 1;
    if (c == 0x178) return 0xFF;
    if (c >= 0x179 && c <= 0x17E) return (c & 1) ? c + 1 : c;
    return c;
  }
  if (c >= 0x370 && c < 0x400) {  // Greek
    if (c == 0x386) return 0x3AC;
    if (c >= 0x388 && c <= 0x38A) return c + 37;
    if (c == 0x38C) return 0x3CC;
    if (c == 0x38E || c == 0x38F) return c + 63;
    if ((c >= 0x391 && c <= 0x3A1) || (c >= 0x3A3 && c <= 0x3AB)) return c + 32;
    return c;
  }
  if (c >= 0x400 && c < 0x530) {  // Cyrillic and its supplement
    if (c < 0x410) return c + 80;
    if (c < 0x430) return c + 32;
    if ((c >= 0x460 && c <= 0x481) || (c >= 0x48A && c <= 0x4BF) || (c >= 0x4D0 && c <= 0x52F)) return c | 1;
    if (c == 0x4C0) return 0x4CF;
    if (c >= 0x4C1 && c <= 0x4CE) return (c & 1) ? c + 1 : c;
    return c;
  }
  if (c >= 0x1E00 && c < 0x1F00) {  // Latin Extended Additional
    if (c == 0x1E9E) return 0xDF;  // capital sharp s
    if (c <= 0x1E95 || c >= 0x1EA0) return c | 1;
    return c;
  }
  if (c >= 0xFF21 && c <= 0xFF3A) return c + 32;  // full-width A-Z
  return c;
}

// Lowers word into out[pos..) (at most word.size() bytes). Returns false if word
// is not valid UTF-8.
bool canonicalize(std::string_view word, unsigned char *out, std::size_t &pos) {
  for (std::size_t i = 0; i < word.size();) {
    std::uint32_t cp = 0;
    const std::size_t n = utf8_decode(word, i, cp);
    if (n == 0) return false;
    utf8_append(simple_lower(cp), out, pos);
    i += n;
  }
  return true;
}

// The first count characters of s (whole s if shorter), counting characters as
// Monero's utf8prefix does: by bytes that are not continuation bytes.
std::string_view utf8_prefix(std::string_view s, std::size_t count) {
  std::size_t i = 0;
  while (count > 0 && i < s.size()) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
    --count;
  }
  return s.substr(0, i);
}

// ASCII white space, as Monero's wipeable_string::split (isspace in the C locale).
bool is_separator(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_separator(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_separator(text[i])) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

// ---------------------------------------------------------------- languages

// Monero's per-language settings (electrum_languages.h): names, prefix length,
// word list, and the flags Monero's Language:: constructors pass.
using language_def = cncrypto::mnemonics::electrum_language;

// In Monero's detection order (find_seed_language).
const language_def kLanguages[] = {
    {"简体中文 (中国)", "Chinese (simplified)", 1, cncrypto::mnemonics::wordlist::chinese_simplified, true, false, false},
    {"English", "English", 3, cncrypto::mnemonics::wordlist::english, true, false, false},
    {"Nederlands", "Dutch", 4, cncrypto::mnemonics::wordlist::dutch, true, false, false},
    {"Français", "French", 4, cncrypto::mnemonics::wordlist::french, true, false, false},
    {"Español", "Spanish", 4, cncrypto::mnemonics::wordlist::spanish, true, true, false},
    {"Deutsch", "German", 4, cncrypto::mnemonics::wordlist::german, true, false, false},
    {"Italiano", "Italian", 4, cncrypto::mnemonics::wordlist::italian, true, false, false},
    {"Português", "Portuguese", 4, cncrypto::mnemonics::wordlist::portuguese, true, false, false},
    {"日本語", "Japanese", 3, cncrypto::mnemonics::wordlist::japanese, true, false, false},
    {"Русский", "Russian", 4, cncrypto::mnemonics::wordlist::russian, true, false, false},
    {"Esperanto", "Esperanto", 4, cncrypto::mnemonics::wordlist::esperanto, true, false, false},
    {"Lojban", "Lojban", 4, cncrypto::mnemonics::wordlist::lojban, true, false, false},
    {"EnglishOld", "English (old)", 4, cncrypto::mnemonics::wordlist::english_old, false, true, true},
};
constexpr std::size_t kLanguageCount = sizeof kLanguages / sizeof kLanguages[0];

// get_language_list's order, as indices into kLanguages.
constexpr std::size_t kListOrder[] = {5, 1, 4, 3, 6, 2, 7, 9, 8, 0, 10, 11};

// A key (lowered word or lowered prefix) and the word index it gives.
struct table_entry {
  std::string_view key;  // into language_tables::arena
  std::uint32_t index;
};

struct language_tables {
  // The lowered words, back to back. Thousands of bytes, so on the heap: moving
  // the tables (build_tables returns them) keeps the views below valid.
  std::string arena;
  std::vector<table_entry> full;      // lowered whole words, sorted by key
  std::vector<table_entry> prefixes;  // lowered prefixes, sorted by key; index = the LATER word
  // For each word index: its prefix as spelled in the list by the first word
  // that has it (Monero's map key), which is what the checksum hashes. Views
  // into the built-in word arrays.
  std::vector<std::string_view> checksum_spelling;
  // The same as fixed-size entries for the constant-time encoder, 6 words of
  // 64 bits per list word: its bytes (32, zero padded), its length, and the
  // length of its checksum spelling, which for the 12 languages that encode is
  // the start of the word itself (no duplicate prefixes).
  std::vector<std::uint64_t> ct_entries;
};

constexpr std::size_t kWordSlot = 32;    // bytes; the longest list word has 21
constexpr std::size_t kPrefixSlot = 16;  // bytes of a word slot the CRC reads; the longest prefix has 12
constexpr std::size_t kEntry = 6;        // uint64 per ct entry
constexpr std::size_t kWordLen = 4, kPrefixLen = 5;  // offsets in an entry

// Sorts entries by (key, index) and keeps, among equal keys, the entry of the
// largest index (Monero's map[key] = index overwrites). For each group of equal
// keys, on_group(first, last) is called with the group's range, smallest index
// first.
template <typename OnGroup>
void sort_keep_later(std::vector<table_entry> &v, OnGroup &&on_group) {
  std::sort(v.begin(), v.end(), [](const table_entry &a, const table_entry &b) {
    return a.key < b.key || (a.key == b.key && a.index < b.index);
  });
  std::size_t out = 0;
  for (std::size_t i = 0; i < v.size();) {
    std::size_t j = i + 1;
    while (j < v.size() && v[j].key == v[i].key) ++j;
    on_group(v.begin() + static_cast<std::ptrdiff_t>(i), v.begin() + static_cast<std::ptrdiff_t>(j));
    v[out++] = v[j - 1];
    i = j;
  }
  v.resize(out);
}

language_tables build_tables(const language_def &lang) {
  language_tables t;
  std::size_t bytes = 0;
  for (std::uint32_t i = 0; i < kListSize; ++i) bytes += std::strlen(lang.words[i]);
  t.arena.resize(bytes);  // lowering never lengthens a word
  t.full.reserve(kListSize);
  t.prefixes.reserve(kListSize);
  std::size_t pos = 0;
  for (std::uint32_t i = 0; i < kListSize; ++i) {
    const std::size_t start = pos;
    if (!canonicalize(lang.words[i], reinterpret_cast<unsigned char *>(&t.arena[0]), pos))
      throw std::logic_error("electrum-words: a built-in word list is not valid UTF-8");
    const std::string_view low(t.arena.data() + start, pos - start);
    t.full.push_back({low, i});
    // Lowering maps one character to one, so the lowered prefix is the prefix
    // of the lowered word.
    t.prefixes.push_back({utf8_prefix(low, lang.prefix_len), i});
  }
  t.checksum_spelling.resize(kListSize);
  sort_keep_later(t.full, [](auto, auto) {});
  sort_keep_later(t.prefixes, [&](auto first, auto last) {
    const std::string_view spelled = utf8_prefix(lang.words[first->index], lang.prefix_len);
    for (auto it = first; it != last; ++it) t.checksum_spelling[it->index] = spelled;
  });
  t.ct_entries.assign(kListSize * kEntry, 0);
  for (std::uint32_t i = 0; i < kListSize; ++i) {
    const std::string_view w(lang.words[i]), p = t.checksum_spelling[i];
    if (w.size() > kWordSlot) throw std::logic_error("electrum-words: a word is too long");
    std::uint64_t *e = &t.ct_entries[i * kEntry];
    std::memcpy(e, w.data(), w.size());
    e[kWordLen] = w.size();
    // Only generatable lists are encoded; there the spelling is the word's start.
    if (lang.generatable && w.substr(0, p.size()) != p) throw std::logic_error("electrum-words: prefix table");
    e[kPrefixLen] = p.size();
  }
  return t;
}

const language_tables &tables(std::size_t lang) {
  return cncrypto::mnemonics::built_once<language_tables, kLanguageCount>(
      lang, [](std::size_t l) { return build_tables(kLanguages[l]); });
}

// The word index for key, or -1.
long find(const std::vector<table_entry> &v, std::string_view key) {
  const auto it = std::lower_bound(v.begin(), v.end(), key,
                                   [](const table_entry &e, std::string_view k) { return e.key < k; });
  if (it == v.end() || it->key != key) return -1;
  return static_cast<long>(it->index);
}

// A language by Monero's name or English name; only the generatable ones when
// generatable_only. -1 if none.
long language_by_name(std::string_view name, bool generatable_only) {
  for (std::size_t i = 0; i < kLanguageCount; ++i) {
    if (generatable_only && !kLanguages[i].generatable) continue;
    if (name == kLanguages[i].name || name == kLanguages[i].english_name) return static_cast<long>(i);
  }
  return -1;
}

// ---------------------------------------------------------------- checksum

// CRC-32 (IEEE 802.3 / zlib / boost::crc_32_type: reflected 0xEDB88320, init
// and final xor 0xFFFFFFFF), bit by bit with masks: no table, no branch on data.
std::uint32_t crc32(const unsigned char *p, std::size_t n) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) {
    crc ^= p[i];
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

// Monero's create_checksum_index over words idx[0..count).
std::uint32_t checksum_index(const language_tables &t, const wiped_indices &idx, std::size_t count) {
  std::size_t total = 0;
  for (std::size_t i = 0; i < count; ++i) total += t.checksum_spelling[idx[i]].size();
  wiped_buffer joined(total == 0 ? 1 : total);
  std::size_t pos = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::string_view s = t.checksum_spelling[idx[i]];
    std::memcpy(joined.data() + pos, s.data(), s.size());
    pos += s.size();
  }
  return crc32(joined.data(), total) % static_cast<std::uint32_t>(count);
}

// ---------------------------------------------------------------- encoding

std::string quote(std::string_view w) { return cncrypto::mnemonics::quote_word(w); }

// A language name as given, for a message: quoted when it is short and has at most
// three words; otherwise only its size (a seed pasted where the language belongs
// must not be repeated).
std::string language_label(std::string_view language) {
  std::size_t words = 0;
  bool in_word = false;
  for (const char c : language) {
    const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (!space && !in_word) ++words;
    in_word = !space;
  }
  if (language.size() <= 40 && words <= 3) return quote(language);
  return "(" + std::to_string(language.size()) + " bytes, not shown)";
}

// The names encode takes, for its refusal of another: each Monero name (in
// get_language_list's order) with its English name where that differs.
std::string generatable_names() {
  std::string out;
  for (const std::size_t i : kListOrder) {
    const language_def &l = kLanguages[i];
    if (!out.empty()) out += ", ";
    out += l.name;
    if (std::string_view(l.english_name) != std::string_view(l.name)) out += std::string(" (") + l.english_name + ")";
  }
  return out;
}

void check_length(std::size_t len) {
  if (len == 0 || len % 4 != 0)
    throw seed_error(seed_error::kind::bad_length, 0,
                     "a seed encodes a positive multiple of 4 bytes, not " + std::to_string(len));
}

// out[k * kEntry ..) = the ct entry of list word idx[k], k < n, by one scan of
// the whole table with masks: no memory index or branch depends on the secret
// indices.
template <std::size_t Max>
void ct_select(const std::vector<std::uint64_t> &entries, const std::uint32_t *idx, std::size_t n,
               std::uint64_t *out) {
  if (Max != 0) n = Max;  // a compile-time count lets the compiler unroll and vectorise
  for (std::size_t k = 0; k < n * kEntry; ++k) out[k] = 0;
  std::uint64_t m[24];
  for (std::size_t j = 0; j < kListSize; ++j) {
    const std::uint64_t *e = &entries[j * kEntry];
    // All-ones where idx[k] == j: (d | -d) has its top bit set iff d != 0.
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint64_t d = static_cast<std::uint64_t>(j) ^ idx[k];
      m[k] = ((d | (0 - d)) >> 63) - 1;
    }
    // One value barrier for the 24 masks (cncrypto::ct::value_barrier's job):
    // the compiler may not treat them as 0/1-valued and branch on them, but
    // may still vectorise the masked accumulation below.
#if defined(CNCRYPTO_MSAN)
    // MemorySanitizer (common/ct.h) would treat the asm as writing clean masks.
    std::uint64_t poison[sizeof m / sizeof m[0]];
    std::memcpy(poison, m, sizeof m);
    __asm__("" : "+m"(m));
    __msan_copy_shadow(m, poison, sizeof m);
#elif defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+m"(m));
#endif
    for (std::size_t k = 0; k < n; ++k) {
      std::uint64_t *o = out + k * kEntry;
      for (std::size_t q = 0; q < kEntry; ++q) o[q] |= e[q] & m[k];
    }
  }
  sodium_memzero(m, sizeof m);
}

// crc mod count, with count public; 24 and 12 (the seed sizes) as constants so
// that no variable-time division runs on the secret crc.
std::uint32_t crc_mod(std::uint32_t crc, std::size_t count) {
  if (count == 24) return crc % 24u;
  if (count == 12) return crc % 12u;
  return crc % static_cast<std::uint32_t>(count);  // other lengths: a hardware division
}

// Monero's bytes_to_words in constant time in src: the word indices by
// multiplication (division by the constant 1626), each word and its checksum
// spelling read by a masked scan of the whole list, the CRC-32 over the
// prefixes bit by bit with masks (prefix lengths vary: German umlauts are two
// bytes), the checksum word chosen by a masked scan. Only the word lengths are
// declassified, to build the output string (its length is public anyway).
std::string encode(const unsigned char *src, std::size_t len, std::string_view language) {
  check_length(len);
  const long lang = language_by_name(language, true);
  if (lang < 0)
    throw seed_error(seed_error::kind::unknown_language, 0,
                     "unknown seed language " + language_label(language) +
                         " (the languages: " + generatable_names() + "; English (old) is decode-only)");
  const language_tables &t = tables(static_cast<std::size_t>(lang));
  const std::size_t count = len / 4 * 3;
  // One ct entry per word, the checksum word's last.
  wiped_buffer buf((count + 1) * kEntry * 8);
  auto *ent = reinterpret_cast<std::uint64_t *>(buf.data());
  wiped_indices idx(count);
  for (std::size_t c = 0; c < len / 4; ++c) {
    const std::uint32_t x = static_cast<std::uint32_t>(src[4 * c]) | static_cast<std::uint32_t>(src[4 * c + 1]) << 8 |
                            static_cast<std::uint32_t>(src[4 * c + 2]) << 16 |
                            static_cast<std::uint32_t>(src[4 * c + 3]) << 24;
    idx[3 * c] = x % kListSize;
    idx[3 * c + 1] = (x / kListSize + idx[3 * c]) % kListSize;
    idx[3 * c + 2] = (x / kListSize / kListSize + idx[3 * c + 1]) % kListSize;
  }
  // One pass over the list for up to 24 words at a time.
  for (std::size_t first = 0; first < count; first += 24) {
    const std::size_t n = count - first < 24 ? count - first : 24;
    if (n == 24)
      ct_select<24>(t.ct_entries, &idx[first], n, ent + first * kEntry);
    else if (n == 12)
      ct_select<12>(t.ct_entries, &idx[first], n, ent + first * kEntry);
    else
      ct_select<0>(t.ct_entries, &idx[first], n, ent + first * kEntry);
  }
  // CRC-32 of the concatenated prefixes: every byte of every 16-byte prefix
  // slot is processed; bytes past the prefix's length leave the CRC as it was.
  std::uint32_t crc = 0xFFFFFFFFu;
  for (std::size_t p = 0; p < count; ++p) {
    unsigned char bytes[kPrefixSlot];
    std::memcpy(bytes, ent + p * kEntry, kPrefixSlot);  // the prefix is the word's start
    const std::uint64_t plen = ent[p * kEntry + kPrefixLen];
    for (std::size_t b = 0; b < kPrefixSlot; ++b) {
      std::uint32_t next = crc ^ bytes[b];
      for (int k = 0; k < 8; ++k) next = (next >> 1) ^ (0xEDB88320u & (0u - (next & 1u)));
      // (b through a value barrier: otherwise the compiler folds b - plen into
      // the loop counter, and the loop's addresses then carry the secret plen.)
      const std::uint64_t inside = cncrypto::ct::lt_mask(cncrypto::ct::value_barrier(b), plen);
      crc = static_cast<std::uint32_t>(cncrypto::ct::select(inside, next, crc));
    }
    sodium_memzero(bytes, sizeof bytes);
  }
  const std::uint64_t chosen = crc_mod(~crc, count);
  std::uint64_t *check = ent + count * kEntry;
  for (std::size_t q = 0; q < count; ++q) {
    const std::uint64_t m = cncrypto::ct::eq_mask(q, chosen);
    for (std::size_t k = 0; k < kEntry; ++k) check[k] |= ent[q * kEntry + k] & m;
  }
  // The output: its length (the words' lengths) is public by necessity.
  std::size_t total = count;  // separators
  for (std::size_t i = 0; i <= count; ++i) {
    CNCRYPTO_DECLASSIFY(&ent[i * kEntry + kWordLen], sizeof(std::uint64_t));
    total += static_cast<std::size_t>(ent[i * kEntry + kWordLen]);
  }
  std::string words;
  words.reserve(total);  // one allocation: no stale copy of the words is freed unwiped
  for (std::size_t i = 0; i <= count; ++i) {
    if (i > 0) words.push_back(' ');
    words.append(reinterpret_cast<const char *>(ent + i * kEntry), static_cast<std::size_t>(ent[i * kEntry + kWordLen]));
  }
  return words;
}

// ---------------------------------------------------------------- decoding

// The lowered words of a seed, in one wiped buffer.
struct lowered_words {
  explicit lowered_words(std::size_t bytes) : arena(bytes == 0 ? 1 : bytes) {}
  wiped_buffer arena;
  std::vector<std::string_view> words;
};

// Index of word i in language lang (by prefix when by_prefix), or -1.
long match(const lowered_words &lw, std::size_t i, std::size_t lang, bool by_prefix) {
  const language_tables &t = tables(lang);
  if (by_prefix) return find(t.prefixes, utf8_prefix(lw.words[i], kLanguages[lang].prefix_len));
  return find(t.full, lw.words[i]);
}

std::string count_message(std::size_t n, std::size_t len) {
  const std::size_t m = len / 4 * 3;
  std::string msg = std::to_string(n) + (n == 1 ? " word" : " words") + ": ";
  if (len == 32 && n == 13) return msg + "a 16-byte (MyMonero or legacy) seed, not a 32-byte Monero seed of 25 or 24 words";
  if (len == 32 && n == 12)
    return msg + "a 16-byte seed without its checksum word, not a 32-byte Monero seed of 25 or 24 words";
  return msg + "a " + std::to_string(len) + "-byte seed has " + std::to_string(m + 1) + " words (" +
         std::to_string(m) + " without the checksum word)";
}

// Builds the error for a seed that no language matched entirely. With a given
// language (language_given: candidates is that one language), the message
// names the first word not in its list and, when detection would find another
// language holding every word, that language.
[[noreturn]] void throw_unmatched(const std::vector<std::string_view> &given, const lowered_words &lw,
                                  const std::vector<std::size_t> &candidates, bool by_prefix, bool language_given) {
  std::size_t best = candidates.front(), best_count = 0, best_first = 0;
  bool have_best = false;
  for (std::size_t lang : candidates) {
    std::size_t count = 0, first = lw.words.size();
    for (std::size_t i = 0; i < lw.words.size(); ++i) {
      if (match(lw, i, lang, by_prefix) >= 0)
        ++count;
      else if (first == lw.words.size())
        first = i;
    }
    if (!have_best || count > best_count) {
      best = lang;
      best_count = count;
      best_first = first;
      have_best = true;
    }
  }
  const std::size_t pos = best_first + 1;
  const std::string word = quote(given[best_first]);
  // Is the offending word one of another language? Name the language that
  // matches most of the words the best language does not (mixed seeds are
  // usually two runs of words), among those that match the offending word.
  if (best_count > 0 && !language_given) {
    long other = -1;
    std::size_t other_count = 0;
    for (std::size_t lang = 0; lang < kLanguageCount; ++lang) {
      if (lang == best || match(lw, best_first, lang, by_prefix) < 0) continue;
      std::size_t count = 0;
      for (std::size_t i = 0; i < lw.words.size(); ++i)
        if (match(lw, i, best, by_prefix) < 0 && match(lw, i, lang, by_prefix) >= 0) ++count;
      if (other < 0 || count > other_count) {
        other = static_cast<long>(lang);
        other_count = count;
      }
    }
    if (other >= 0) {
      const std::string rest = std::string(" is ") + kLanguages[other].english_name + ", but the other words are " +
                               kLanguages[best].english_name + ": a seed is in one language";
      throw seed_error(seed_error::kind::mixed_languages, pos, "word " + std::to_string(pos) + " " + word + rest,
                       "word " + std::to_string(pos) + rest);
    }
  }
  if (best_count == 0 && candidates.size() > 1)
    throw seed_error(seed_error::kind::unknown_word, pos,
                     "word " + std::to_string(pos) + " " + word + " is in no Monero word list",
                     "word " + std::to_string(pos) + " is in no Monero word list");
  const std::string list = std::string(" is not in the ") + kLanguages[best].english_name + " word list";
  std::string msg = "word " + std::to_string(pos) + " " + word + list;
  std::string without_word = "word " + std::to_string(pos) + list;
  if (by_prefix)
    msg += " (no " + std::string(kLanguages[best].english_name) + " word starts with " +
           quote(utf8_prefix(given[best_first], kLanguages[best].prefix_len)) + ")";
  if (language_given) {
    // Detection's order (find_seed_language): the first language with every word.
    for (std::size_t lang = 0; lang < kLanguageCount; ++lang) {
      if (lang == best) continue;
      bool all = true;
      for (std::size_t i = 0; i < lw.words.size() && all; ++i) all = match(lw, i, lang, by_prefix) >= 0;
      if (all) {
        const std::string which = "; all " + std::to_string(lw.words.size()) + " words are in the " +
                                  kLanguages[lang].english_name + " word list (the seed is " +
                                  kLanguages[lang].english_name + ", not " + kLanguages[best].english_name + ")";
        msg += which;
        without_word += which;
        break;
      }
    }
  }
  throw seed_error(seed_error::kind::unknown_word, pos, msg, without_word);
}

std::string decode(std::string_view text, unsigned char *out, std::size_t len, std::string_view language) {
  check_length(len);
  const std::vector<std::string_view> given = split_words(text);
  const std::size_t m = len / 4 * 3;  // words without the checksum word
  const std::size_t n = given.size();
  if (n != m && n != m + 1) throw seed_error(seed_error::kind::word_count, 0, count_message(n, len));
  const bool has_checksum = n == m + 1;

  std::vector<std::size_t> candidates;
  if (language.empty()) {
    for (std::size_t i = 0; i < kLanguageCount; ++i) candidates.push_back(i);
  } else {
    const long lang = language_by_name(language, false);
    if (lang < 0) throw seed_error(seed_error::kind::unknown_language, 0, "unknown seed language " + language_label(language));
    candidates.push_back(static_cast<std::size_t>(lang));
  }

  lowered_words lw(text.size());
  std::size_t pos = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t start = pos;
    if (!canonicalize(given[i], lw.arena.data(), pos))
      throw seed_error(seed_error::kind::bad_utf8, i + 1, "word " + std::to_string(i + 1) + " is not valid UTF-8");
    lw.words.emplace_back(reinterpret_cast<const char *>(lw.arena.data()) + start, pos - start);
  }

  // Monero's find_seed_language: the first language where every word matches and
  // the checksum verifies; one where only the checksum fails is remembered.
  wiped_indices idx(n);
  long found = -1, fallback = -1;
  for (std::size_t lang : candidates) {
    bool all = true;
    for (std::size_t i = 0; i < n && all; ++i) {
      const long k = match(lw, i, lang, has_checksum);
      if (k < 0)
        all = false;
      else
        idx[i] = static_cast<std::uint32_t>(k);
    }
    if (!all) continue;
    if (has_checksum) {
      // Monero compares the prefixes of the expected and the last word; with
      // every word matched through the prefix table that is comparing the
      // indices the table gave (one index per prefix).
      const std::uint32_t expected = idx[checksum_index(tables(lang), idx, m)];
      if (expected != idx[m]) {
        fallback = static_cast<long>(lang);
        continue;
      }
    }
    found = static_cast<long>(lang);
    break;
  }
  if (found < 0) {
    if (fallback >= 0) {
      const std::string rest = " is wrong for these " + std::to_string(m) + " " +
                               kLanguages[fallback].english_name + " words: a word is mistyped or missing";
      throw seed_error(seed_error::kind::bad_checksum, n,
                       "checksum word " + std::to_string(n) + " " + quote(given[n - 1]) + rest,
                       "checksum word " + std::to_string(n) + rest);
    }
    throw_unmatched(given, lw, candidates, has_checksum, !language.empty());
  }

  wiped_buffer bytes(len);
  for (std::size_t c = 0; c < m / 3; ++c) {
    const std::uint32_t w1 = idx[3 * c], w2 = idx[3 * c + 1], w3 = idx[3 * c + 2];
    // Monero's arithmetic in uint32 (it wraps); a value >= 2^32 shows as
    // x mod 1626 != w1 (2^32 mod 1626 = 490 and 1626^3 > 2^32).
    std::uint32_t x = w1 + kListSize * ((kListSize - w1 + w2) % kListSize) +
                      kListSize * kListSize * ((kListSize - w2 + w3) % kListSize);
    if (x % kListSize != w1) {
      const std::size_t p = 3 * c + 1;
      const std::string range = "words " + std::to_string(p) + "-" + std::to_string(p + 2);
      throw seed_error(seed_error::kind::bad_triplet, p,
                       range + " (" + quote(given[3 * c]) + " " + quote(given[3 * c + 1]) + " " +
                           quote(given[3 * c + 2]) + ") encode no 4-byte value: a word is wrong",
                       range + " encode no 4-byte value: a word is wrong");
    }
    for (int k = 0; k < 4; ++k) bytes.data()[4 * c + k] = static_cast<unsigned char>(x >> (8 * k));
  }
  std::memcpy(out, bytes.data(), len);
  return kLanguages[found].name;
}

// A refusal (any std::exception but bad_alloc) becomes false with its message
// in *error: Monero's bool style, one home in common/bool_result.h.
using cncrypto::detail::guarded;

}  // namespace

// ---------------------------------------------------------------- public

void get_language_list(std::vector<std::string> &languages, bool english) {
  languages.clear();
  for (std::size_t i : kListOrder) languages.emplace_back(english ? kLanguages[i].english_name : kLanguages[i].name);
}

bool get_is_old_style_seed(const epee::wipeable_string &seed) {
  return split_words({seed.data(), seed.size()}).size() != static_cast<std::size_t>(seed_length + 1);
}

std::string get_english_name_for(const std::string &name) {
  for (const language_def &l : kLanguages)
    if (name == l.name) return l.english_name;
  return "<language not found>";
}

bool is_valid_language(const std::string &language) { return language_by_name(language, true) >= 0; }

// Monero's wipeable_string forms: the std::string forms of cncrypto_seed.h
// without the message, the words and bytes kept in wipeable strings.

bool words_to_bytes(const epee::wipeable_string &words, epee::wipeable_string &dst, size_t len, bool duplicate,
                    std::string &language_name) {
  (void)duplicate;  // never takes effect in Monero either (see the header)
  return guarded(nullptr, [&] {
    check_length(len);
    epee::wipeable_string bytes;
    bytes.resize(len);
    std::string name = decode({words.data(), words.size()}, reinterpret_cast<unsigned char *>(bytes.data()), len, {});
    dst = std::move(bytes);
    language_name = std::move(name);
  });
}

bool words_to_bytes(const epee::wipeable_string &words, crypto::secret_key &dst, std::string &language_name) {
  return guarded(nullptr, [&] {
    crypto::secret_key key = cncrypto::decode_seed_key({words.data(), words.size()}, &language_name);
    dst = key;
  });
}

bool bytes_to_words(const char *src, size_t len, epee::wipeable_string &words, const std::string &language_name) {
  return guarded(nullptr, [&] {
    std::string encoded = cncrypto::encode_seed(src, len, language_name);
    words = epee::wipeable_string(std::move(encoded));  // wipes encoded
  });
}

bool bytes_to_words(const crypto::secret_key &src, epee::wipeable_string &words, const std::string &language_name) {
  return bytes_to_words(src.data, sizeof src.data, words, language_name);
}

}  // namespace ElectrumWords
}  // namespace crypto

namespace cncrypto {

using crypto::ElectrumWords::check_length;
using crypto::ElectrumWords::decode;
using crypto::ElectrumWords::encode;
using crypto::ElectrumWords::guarded;
using crypto::ElectrumWords::wiped_buffer;

std::string encode_seed(const void *src, std::size_t len, std::string_view language) {
  if (src == nullptr && len != 0) throw std::invalid_argument("encode_seed: null source");
  return encode(static_cast<const unsigned char *>(src), len, language);
}

std::string decode_seed(std::string_view words, void *dst, std::size_t len, std::string_view language) {
  if (dst == nullptr) throw std::invalid_argument("decode_seed: null destination");
  return decode(words, static_cast<unsigned char *>(dst), len, language);
}

crypto::secret_key decode_seed_key(std::string_view words, std::string *language_name, std::string_view language) {
  crypto::secret_key key;
  std::string name = decode(words, reinterpret_cast<unsigned char *>(key.data), sizeof key.data, language);
  if (language_name != nullptr) *language_name = std::move(name);
  return key;
}

bool words_to_bytes(const std::string &words, std::string &dst, std::size_t len, bool duplicate,
                    std::string &language_name, std::string *error) {
  (void)duplicate;  // never takes effect in Monero either (see the header)
  return guarded(error, [&] {
    check_length(len);
    wiped_buffer bytes(len);
    std::string name = decode(words, bytes.data(), len, {});
    dst.assign(reinterpret_cast<const char *>(bytes.data()), len);
    language_name = std::move(name);
  });
}

bool words_to_bytes(const std::string &words, crypto::secret_key &dst, std::string &language_name,
                    std::string *error) {
  return guarded(error, [&] {
    crypto::secret_key key = decode_seed_key(words, &language_name);
    dst = key;
  });
}

bool bytes_to_words(const char *src, std::size_t len, std::string &words, const std::string &language_name,
                    std::string *error) {
  return guarded(error, [&] { words = encode_seed(src, len, language_name); });
}

bool bytes_to_words(const crypto::secret_key &src, std::string &words, const std::string &language_name,
                    std::string *error) {
  return bytes_to_words(src.data, sizeof src.data, words, language_name, error);
}

}  // namespace cncrypto

// ---------------------------------------------------------------- shared with Language::

namespace cncrypto::mnemonics {

const electrum_language &electrum_language_by_english_name(std::string_view english_name) {
  for (const electrum_language &l : crypto::ElectrumWords::kLanguages)
    if (english_name == l.english_name) return l;
  throw std::logic_error("electrum-words: no seed language is called " + std::string(english_name));
}

epee::wipeable_string lower_seed_word(std::string_view word) {
  epee::wipeable_string lowered;
  lowered.resize(word.size());  // lowering never lengthens a word
  std::size_t pos = 0;
  if (!crypto::ElectrumWords::canonicalize(word, reinterpret_cast<unsigned char *>(lowered.data()), pos))
    throw std::runtime_error("Invalid UTF-8");
  lowered.resize(pos);
  return lowered;
}

}  // namespace cncrypto::mnemonics
