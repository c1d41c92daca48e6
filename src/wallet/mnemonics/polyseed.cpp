// Polyseed (mnemonics/polyseed.h): decoding, encoding, creation and the key.
#include "mnemonics/polyseed.h"

#include "crypto/crypto-ops.h"

// Generated at build time from polyseed_wordlists/*.txt by generate_wordlists.cmake.
#include "polyseed_wordlists.inc"
#include "language_tables_once.h"
#include "seed_text.h"

#include <sodium.h>
#include <utf8proc.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace cncrypto {
namespace polyseed {
namespace {

constexpr std::size_t kListSize = 2048;
constexpr std::uint32_t kPolynomial = 0x805;  // x^11 + x^2 + 1
constexpr std::size_t kPrefixChars = 4;

// ---------------------------------------------------------------- wiping

template <typename T>
class wiped_vector {
 public:
  explicit wiped_vector(std::size_t n) : v_(n) {}
  ~wiped_vector() {
    if (!v_.empty()) sodium_memzero(v_.data(), v_.size() * sizeof(T));
  }
  wiped_vector(const wiped_vector &) = delete;
  wiped_vector &operator=(const wiped_vector &) = delete;
  T &operator[](std::size_t i) { return v_[i]; }
  const T &operator[](std::size_t i) const { return v_[i]; }
  T *data() { return v_.data(); }
  std::size_t size() const { return v_.size(); }

 private:
  std::vector<T> v_;
};

// A std::string whose buffer is wiped when destroyed. The capacity is fixed
// up front by the callers, so no reallocation leaves an unwiped copy.
struct wiped_string {
  std::string s;
  ~wiped_string() {
    if (!s.empty()) sodium_memzero(&s[0], s.size());
  }
};

// ---------------------------------------------------------------- Unicode

// NFKD or NFC of text through utf8proc, in a working buffer of ours that is
// wiped (utf8proc_map would leave its buffers unwiped). Returns false if text
// is not valid UTF-8.
bool normalize(std::string_view text, bool compose, std::string &out) {
  const auto options = static_cast<utf8proc_option_t>(
      UTF8PROC_STABLE | (compose ? UTF8PROC_COMPOSE : (UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT)));
  const auto *in = reinterpret_cast<const utf8proc_uint8_t *>(text.data());
  const auto n = static_cast<utf8proc_ssize_t>(text.size());
  const utf8proc_ssize_t need = utf8proc_decompose(in, n, nullptr, 0, options);
  if (need < 0) return false;
  wiped_vector<utf8proc_int32_t> buf(static_cast<std::size_t>(need) + 1);
  const utf8proc_ssize_t got = utf8proc_decompose(in, n, buf.data(), need, options);
  if (got < 0 || got > need) return false;
  // Composes (NFC) if asked, then writes UTF-8 over the code points in place.
  const utf8proc_ssize_t bytes = utf8proc_reencode(buf.data(), got, options);
  if (bytes < 0) return false;
  out.assign(reinterpret_cast<const char *>(buf.data()), static_cast<std::size_t>(bytes));
  return true;
}

// out = s without its combining marks (general category Mn); s is valid UTF-8.
// out's capacity is reserved first: no reallocation leaves a copy behind.
void strip_marks(std::string_view s, std::string &out) {
  out.clear();
  out.reserve(s.size());
  utf8proc_ssize_t i = 0;
  const auto n = static_cast<utf8proc_ssize_t>(s.size());
  while (i < n) {
    utf8proc_int32_t cp = 0;
    const utf8proc_ssize_t len =
        utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t *>(s.data()) + i, n - i, &cp);
    if (len <= 0) throw std::logic_error("polyseed: invalid UTF-8 after normalisation");
    if (utf8proc_category(cp) != UTF8PROC_CATEGORY_MN)
      out.append(s.substr(static_cast<std::size_t>(i), static_cast<std::size_t>(len)));
    i += len;
  }
}

std::size_t count_chars(std::string_view s) {
  std::size_t n = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

// ---------------------------------------------------------------- languages

struct language_def {
  const char *name;          // own name
  const char *english_name;
  const char *separator;     // between words when encoding
  bool has_prefix;           // 4-character prefixes accepted
  bool has_accents;          // accents optional
  bool compose;              // words are output in NFC
  const char *const *words;
};

const language_def kLanguages[] = {
    {"English", "English", " ", true, false, false, cncrypto::mnemonics::polyseed_wordlist::en},
    {"日本語", "Japanese", "\xE3\x80\x80", false, false, true, cncrypto::mnemonics::polyseed_wordlist::jp},
    {"한국어", "Korean", " ", false, false, true, cncrypto::mnemonics::polyseed_wordlist::ko},
    {"español", "Spanish", " ", true, true, true, cncrypto::mnemonics::polyseed_wordlist::es},
    {"français", "French", " ", true, true, true, cncrypto::mnemonics::polyseed_wordlist::fr},
    {"italiano", "Italian", " ", true, false, false, cncrypto::mnemonics::polyseed_wordlist::it},
    {"čeština", "Czech", " ", true, false, false, cncrypto::mnemonics::polyseed_wordlist::cs},
    {"português", "Portuguese", " ", true, false, false, cncrypto::mnemonics::polyseed_wordlist::pt},
    {"中文(简体)", "Chinese (Simplified)", " ", false, false, false, cncrypto::mnemonics::polyseed_wordlist::zh_s},
    {"中文(繁體)", "Chinese (Traditional)", " ", false, false, false, cncrypto::mnemonics::polyseed_wordlist::zh_t},
};
constexpr std::size_t kLanguageCount = sizeof kLanguages / sizeof kLanguages[0];

struct table_entry {
  std::string key;  // NFKD, without marks when the language has optional accents
  std::uint32_t index;
};

struct language_tables {
  std::vector<table_entry> sorted;  // by key
  std::vector<std::string> output;  // word i as encode() writes it
};

// The comparison form of a word of language lang (input already NFKD).
std::string match_key(const language_def &lang, std::string_view nfkd) {
  std::string key;
  if (lang.has_accents)
    strip_marks(nfkd, key);
  else
    key.assign(nfkd.data(), nfkd.size());
  return key;
}

language_tables build(const language_def &lang) {
  language_tables t;
  t.sorted.reserve(kListSize);
  t.output.reserve(kListSize);
  for (std::uint32_t i = 0; i < kListSize; ++i) {
    std::string nfkd, nfc;
    if (!normalize(lang.words[i], false, nfkd) || !normalize(lang.words[i], true, nfc))
      throw std::logic_error("polyseed: a built-in word list is not valid UTF-8");
    t.sorted.push_back({match_key(lang, nfkd), i});
    t.output.push_back(lang.compose ? nfc : std::string(lang.words[i]));
  }
  std::stable_sort(t.sorted.begin(), t.sorted.end(),
                   [](const table_entry &a, const table_entry &b) { return a.key < b.key; });
  return t;
}

const language_tables &tables(std::size_t lang) {
  return cncrypto::mnemonics::built_once<language_tables, kLanguageCount>(
      lang, [](std::size_t l) { return build(kLanguages[l]); });
}

// The index of key in language lang, or -1: an exact match or, where prefixes
// are allowed, a key of at least 4 characters that a list word starts with
// (the lists have unique 4-character prefixes, so that word is the first key
// not below it).
long find_word(std::size_t lang, std::string_view key) {
  const language_tables &t = tables(lang);
  const auto it = std::lower_bound(t.sorted.begin(), t.sorted.end(), key, [](const table_entry &e, std::string_view k) {
    return std::string_view(e.key) < k;
  });
  if (it == t.sorted.end()) return -1;
  const std::string_view found(it->key);
  if (found == key) return static_cast<long>(it->index);
  if (kLanguages[lang].has_prefix && count_chars(key) >= kPrefixChars && found.substr(0, key.size()) == key)
    return static_cast<long>(it->index);
  return -1;
}

long language_by_name(std::string_view name) {
  for (std::size_t i = 0; i < kLanguageCount; ++i)
    if (name == kLanguages[i].name || name == kLanguages[i].english_name) return static_cast<long>(i);
  return -1;
}

// ---------------------------------------------------------------- GF(2^11)

// a * b in GF(2^11) mod x^11 + x^2 + 1, without branches on the values.
std::uint32_t gf_mul(std::uint32_t a, std::uint32_t b) {
  std::uint32_t r = 0;
  for (int i = 0; i < 11; ++i) {
    r ^= a & (0u - ((b >> i) & 1u));
    a <<= 1;
    a ^= kPolynomial & (0u - ((a >> 11) & 1u));
  }
  return r;
}

// sum of w[i] * 2^i over the 16 words (Horner's rule).
std::uint32_t poly_at_2(const wiped_vector<std::uint32_t> &w) {
  std::uint32_t acc = 0;
  for (std::size_t i = num_words; i-- > 0;) acc = gf_mul(acc, 2) ^ w[i];
  return acc;
}

// ---------------------------------------------------------------- bit layout

// Words 1..15 (0-based) from the secret and extra = features << 10 | units.
void pack(const std::uint8_t secret[secret_size], std::uint32_t extra, wiped_vector<std::uint32_t> &w) {
  std::size_t bit = 0;  // index into the 150-bit stream
  for (std::size_t i = 1; i < num_words; ++i) {
    std::uint32_t v = 0;
    for (int k = 0; k < 10; ++k, ++bit) {
      // Bits 0..143: bytes 0..17, most significant first; 144..149: the low 6
      // bits of byte 18, most significant first.
      const std::size_t byte = bit / 8;
      const unsigned shift = byte < 18 ? 7 - static_cast<unsigned>(bit % 8) : 5 - static_cast<unsigned>(bit - 144);
      v = (v << 1) | ((secret[byte] >> shift) & 1u);
    }
    w[i] = (v << 1) | ((extra >> (num_words - 1 - i)) & 1u);
  }
}

void unpack(const wiped_vector<std::uint32_t> &w, std::uint8_t secret[32], std::uint32_t &extra) {
  std::memset(secret, 0, 32);
  extra = 0;
  std::size_t bit = 0;
  for (std::size_t i = 1; i < num_words; ++i) {
    for (int k = 9; k >= 0; --k, ++bit) {
      const std::size_t byte = bit / 8;
      const unsigned shift = byte < 18 ? 7 - static_cast<unsigned>(bit % 8) : 5 - static_cast<unsigned>(bit - 144);
      secret[byte] = static_cast<std::uint8_t>(secret[byte] | (((w[i] >> (k + 1)) & 1u) << shift));
    }
    extra = (extra << 1) | (w[i] & 1u);
  }
}

// (unix_time - epoch) / step mod 1024, 0 before the epoch. Without branches:
// the birthday goes into the key's salt (the division by a constant compiles
// to a multiplication).
std::uint32_t birthday_units(std::uint64_t unix_time) {
  const std::uint64_t a = unix_time, b = birthday_epoch;
  const std::uint64_t before = ((~a & b) | (~(a ^ b) & (a - b))) >> 63;  // a < b
  const std::uint64_t units = ((a - b) / birthday_step) & 1023u;
  return static_cast<std::uint32_t>(units & (before - 1));
}

std::string quote(std::string_view w) { return cncrypto::mnemonics::quote_word(w); }

[[noreturn]] void fail(polyseed_error::kind k, std::size_t pos, const std::string &msg,
                       const std::string &without_word = {}) {
  throw polyseed_error(k, pos, "polyseed: " + msg, "polyseed: " + (without_word.empty() ? msg : without_word));
}

}  // namespace

// ---------------------------------------------------------------- public

seed::~seed() { sodium_memzero(secret.data(), secret.size()); }

std::vector<std::string> get_language_list(bool english) {
  std::vector<std::string> v;
  for (const language_def &l : kLanguages) v.emplace_back(english ? l.english_name : l.name);
  return v;
}

seed decode(std::string_view phrase, std::string_view language) {
  long given = -1;
  if (!language.empty()) {
    given = language_by_name(language);
    if (given < 0) fail(polyseed_error::kind::bad_argument, 0, "unknown language " + quote(language));
  }
  wiped_string nfkd;
  if (!normalize(phrase, false, nfkd.s)) fail(polyseed_error::kind::bad_utf8, 0, "the phrase is not valid UTF-8");

  std::vector<std::string_view> words;  // views into nfkd.s
  for (std::size_t i = 0; i < nfkd.s.size();) {
    while (i < nfkd.s.size() && is_space(nfkd.s[i])) ++i;
    const std::size_t start = i;
    while (i < nfkd.s.size() && !is_space(nfkd.s[i])) ++i;
    if (i > start) words.push_back(std::string_view(nfkd.s).substr(start, i - start));
  }
  if (words.size() != num_words)
    fail(polyseed_error::kind::word_count, 0,
         std::to_string(words.size()) + " words: a Polyseed phrase has " + std::to_string(num_words));

  // Comparison keys per accent mode (0: as is, 1: without marks), wiped.
  std::vector<wiped_string> keys[2];
  for (int mode = 0; mode < 2; ++mode) {
    keys[mode].resize(num_words);
    for (std::size_t i = 0; i < num_words; ++i) {
      if (mode)
        strip_marks(words[i], keys[mode][i].s);
      else
        keys[mode][i].s.assign(words[i].data(), words[i].size());
    }
  }
  auto key_of = [&](std::size_t lang, std::size_t i) -> std::string_view {
    return keys[kLanguages[lang].has_accents ? 1 : 0][i].s;
  };

  wiped_vector<std::uint32_t> idx(num_words), candidate(num_words);
  std::size_t matches = 0, chosen = 0;
  std::vector<std::size_t> matched_langs;
  for (std::size_t lang = 0; lang < kLanguageCount; ++lang) {
    if (given >= 0 && lang != static_cast<std::size_t>(given)) continue;
    bool all = true;
    for (std::size_t i = 0; i < num_words && all; ++i) {
      const long k = find_word(lang, key_of(lang, i));
      if (k < 0) all = false;
      else candidate[i] = static_cast<std::uint32_t>(k);
    }
    if (!all) continue;
    ++matches;
    matched_langs.push_back(lang);
    if (matches == 1) {
      chosen = lang;
      for (std::size_t i = 0; i < num_words; ++i) idx[i] = candidate[i];
    }
  }
  if (matches == 0) {
    // Name the first word that the best-matching language does not know.
    std::size_t best = given >= 0 ? static_cast<std::size_t>(given) : 0, best_count = 0, best_first = 0;
    bool have = false;
    for (std::size_t lang = 0; lang < kLanguageCount; ++lang) {
      if (given >= 0 && lang != static_cast<std::size_t>(given)) continue;
      std::size_t count = 0, first = num_words;
      for (std::size_t i = 0; i < num_words; ++i) {
        if (find_word(lang, key_of(lang, i)) >= 0) ++count;
        else if (first == num_words) first = i;
      }
      if (!have || count > best_count) {
        have = true;
        best = lang;
        best_count = count;
        best_first = first;
      }
    }
    std::string list = std::string(" is not in the ") + kLanguages[best].english_name + " Polyseed list";
    if (kLanguages[best].has_prefix) list += " (a word, or its first 4 or more letters)";
    fail(polyseed_error::kind::language, best_first + 1,
         "word " + std::to_string(best_first + 1) + " " + quote(words[best_first]) + list,
         "word " + std::to_string(best_first + 1) + list);
  }
  if (matches > 1) {
    std::string names;
    for (std::size_t l : matched_langs) names += (names.empty() ? "" : ", ") + std::string(kLanguages[l].english_name);
    fail(polyseed_error::kind::multiple_languages, 0, "the phrase matches several languages (" + names + "): give the language");
  }

  // Monero's coin flag is 0: nothing to undo in word 2.
  if (poly_at_2(idx) != 0)
    fail(polyseed_error::kind::checksum, 0,
         "the check word does not match (a word is wrong, missing or swapped)");

  seed s;
  std::uint32_t extra = 0;
  unpack(idx, s.secret.data(), extra);
  s.features = extra >> 10;
  s.birthday = birthday_epoch + static_cast<std::uint64_t>(extra & 1023u) * birthday_step;
  s.language = kLanguages[chosen].english_name;
  if (s.features != 0) {
    const bool encrypted = (s.features & 16u) != 0;
    fail(polyseed_error::kind::unsupported, 0,
         encrypted ? "an encrypted (passphrase-protected) Polyseed: not supported"
                   : "feature bits " + std::to_string(s.features) + " set: not supported");
  }
  return s;
}

std::string encode(const seed &s, std::string_view language) {
  const long lang = language_by_name(language);
  if (lang < 0) fail(polyseed_error::kind::bad_argument, 0, "unknown language " + quote(language));
  if (s.features != 0) fail(polyseed_error::kind::unsupported, 0, "feature bits set: not supported");
  if ((s.secret[18] & 0xC0) != 0 || std::any_of(s.secret.begin() + 19, s.secret.end(), [](std::uint8_t b) { return b != 0; }))
    fail(polyseed_error::kind::bad_argument, 0, "the secret has more than 150 bits");
  wiped_vector<std::uint32_t> w(num_words);
  pack(s.secret.data(), (s.features << 10) | birthday_units(s.birthday), w);
  w[0] = 0;
  w[0] = poly_at_2(w);  // sum of w[i] 2^i, i >= 1: the polynomial then vanishes at 2 (characteristic 2)
  // (Monero's coin flag 0 leaves word 2 as it is.)
  const language_tables &t = tables(static_cast<std::size_t>(lang));
  const std::string sep = kLanguages[lang].separator;
  std::size_t total = sep.size() * (num_words - 1);
  for (std::size_t i = 0; i < num_words; ++i) total += t.output[w[i]].size();
  std::string out;
  out.reserve(total);
  for (std::size_t i = 0; i < num_words; ++i) {
    if (i) out += sep;
    out += t.output[w[i]];
  }
  return out;
}

seed create(std::uint64_t unix_time, std::string_view language) {
  const long lang = language_by_name(language);
  if (lang < 0) fail(polyseed_error::kind::bad_argument, 0, "unknown language " + quote(language));
  if (sodium_init() < 0) throw std::runtime_error("polyseed: libsodium could not be initialised");
  seed s;
  randombytes_buf(s.secret.data(), secret_size);
  s.secret[18] &= 0x3F;
  s.birthday = birthday_epoch + static_cast<std::uint64_t>(birthday_units(unix_time)) * birthday_step;
  s.features = 0;
  s.language = kLanguages[lang].english_name;
  return s;
}

void keygen(const seed &s, std::uint8_t key[32], std::uint32_t coin) {
  if (key == nullptr) throw std::invalid_argument("polyseed::keygen: null key");
  std::uint8_t salt[32 + 4] = {'P', 'O', 'L', 'Y', 'S', 'E', 'E', 'D', ' ', 'k', 'e', 'y', 0x00, 0xFF, 0xFF, 0xFF};
  const std::uint32_t fields[3] = {coin, birthday_units(s.birthday), s.features};
  for (int f = 0; f < 3; ++f)
    for (int b = 0; b < 4; ++b) salt[16 + 4 * f + b] = static_cast<std::uint8_t>(fields[f] >> (8 * b));
  // salt[28..32) zero; PBKDF2's block index INT(1), big-endian, follows.
  salt[35] = 1;
  // PBKDF2-HMAC-SHA256, one 32-byte block: U1 = HMAC(P, salt || INT(1)),
  // U(j) = HMAC(P, U(j-1)), key = U1 ^ ... ^ U10000.
  crypto_auth_hmacsha256_state keyed, st;
  std::uint8_t u[32], t[32];
  crypto_auth_hmacsha256_init(&keyed, s.secret.data(), s.secret.size());
  st = keyed;
  crypto_auth_hmacsha256_update(&st, salt, sizeof salt);
  crypto_auth_hmacsha256_final(&st, u);
  std::memcpy(t, u, 32);
  for (int j = 1; j < 10000; ++j) {
    st = keyed;
    crypto_auth_hmacsha256_update(&st, u, 32);
    crypto_auth_hmacsha256_final(&st, u);
    for (int b = 0; b < 32; ++b) t[b] ^= u[b];
  }
  std::memcpy(key, t, 32);
  sodium_memzero(u, sizeof u);
  sodium_memzero(t, sizeof t);
  sodium_memzero(&st, sizeof st);
  sodium_memzero(&keyed, sizeof keyed);
}

crypto::secret_key monero_spend_key(const seed &s) {
  crypto::secret_key k;
  keygen(s, reinterpret_cast<std::uint8_t *>(k.data), coin_monero);
  sc_reduce32(reinterpret_cast<unsigned char *>(k.data));
  return k;
}

}  // namespace polyseed
}  // namespace cncrypto
