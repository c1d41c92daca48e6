// wordlist_unpack.h: a DEFLATE decoder (RFC 1951: stored, fixed and dynamic
// Huffman blocks) for the generated word-list data, and the split into words.
// Written from the RFC; only the build's own data goes through it.
#include "wordlist_unpack.h"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace cncrypto::mnemonics {
namespace {

[[noreturn]] void bad(const char *what) { throw std::logic_error(std::string("word lists: ") + what); }

struct bits {
  const unsigned char *p;
  std::size_t n, at = 0;
  std::uint32_t buf = 0;
  int have = 0;
  // The next `need` bits (0..16), least significant first (RFC 1951 3.1.1).
  unsigned get(int need) {
    while (have < need) {
      if (at == n) bad("the compressed data ends early");
      buf |= std::uint32_t{p[at++]} << have;
      have += 8;
    }
    const unsigned v = buf & ((1u << need) - 1);
    buf >>= need;
    have -= need;
    return v;
  }
};

// A canonical Huffman code (RFC 1951 3.2.2): how many codes of each length, and
// the symbols in code order.
struct code {
  std::uint16_t count[16];
  std::uint16_t symbol[288];
  void build(const std::uint8_t *lengths, int n) {
    for (auto &c : count) c = 0;
    for (int s = 0; s < n; ++s) ++count[lengths[s]];
    count[0] = 0;
    std::uint16_t start[16];
    start[1] = 0;
    for (int len = 1; len < 15; ++len) start[len + 1] = static_cast<std::uint16_t>(start[len] + count[len]);
    for (int s = 0; s < n; ++s)
      if (lengths[s] != 0) symbol[start[lengths[s]]++] = static_cast<std::uint16_t>(s);
  }
  // Reads one code bit by bit (Huffman codes are packed most significant bit first).
  int decode(bits &in) const {
    int value = 0, first = 0, index = 0;
    for (int len = 1; len < 16; ++len) {
      value |= static_cast<int>(in.get(1));
      const int c = count[len];
      if (value - first < c) return symbol[index + value - first];
      index += c;
      first = (first + c) << 1;
      value <<= 1;
    }
    bad("an invalid Huffman code");
  }
};

constexpr std::uint16_t kLengthBase[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                           31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::uint8_t kLengthExtra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                           2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::uint16_t kDistBase[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
                                         193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::uint8_t kDistExtra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
                                         6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
constexpr std::uint8_t kLengthOrder[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

struct output {
  char *text;
  std::size_t size, at = 0;
  void put(char c) {
    if (at == size) bad("more text than expected");
    text[at++] = c;
  }
};

void huffman_block(bits &in, output &out, const code &lit, const code &dist) {
  for (;;) {
    const int sym = lit.decode(in);
    if (sym < 256) {
      out.put(static_cast<char>(sym));
    } else if (sym == 256) {
      return;
    } else {
      if (sym > 285) bad("an invalid length symbol");
      const std::size_t len = kLengthBase[sym - 257] + in.get(kLengthExtra[sym - 257]);
      const int d = dist.decode(in);
      if (d > 29) bad("an invalid distance symbol");
      const std::size_t back = kDistBase[d] + in.get(kDistExtra[d]);
      if (back > out.at) bad("a distance before the start");
      for (std::size_t k = 0; k < len; ++k) out.put(out.text[out.at - back]);
    }
  }
}

}  // namespace

bool unpack_wordlists(const unsigned char *data, std::size_t size, std::size_t packed_bytes, char *text,
                      std::size_t text_bytes, const char **const *lists, const std::size_t *words_per_list,
                      std::size_t list_count) {
  const std::unique_ptr<char[]> packed(new char[packed_bytes]);
  bits in{data, size};
  output out{packed.get(), packed_bytes};
  code lit{}, dist{};
  for (bool last = false; !last;) {
    last = in.get(1) != 0;
    const unsigned type = in.get(2);
    if (type == 0) {  // stored (3.2.4)
      in.buf = 0, in.have = 0;
      if (in.n - in.at < 4) bad("a cut stored block");
      const unsigned len = data[in.at] | (unsigned{data[in.at + 1]} << 8);
      const unsigned nlen = data[in.at + 2] | (unsigned{data[in.at + 3]} << 8);
      in.at += 4;
      if ((len ^ 0xffffu) != nlen || in.n - in.at < len) bad("a bad stored block");
      for (unsigned k = 0; k < len; ++k) out.put(static_cast<char>(data[in.at++]));
    } else if (type == 1) {  // fixed Huffman codes (3.2.6)
      std::uint8_t lengths[288];
      for (int s = 0; s < 288; ++s) lengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
      lit.build(lengths, 288);
      for (int s = 0; s < 30; ++s) lengths[s] = 5;
      dist.build(lengths, 30);
      huffman_block(in, out, lit, dist);
    } else if (type == 2) {  // dynamic Huffman codes (3.2.7)
      const int nlit = static_cast<int>(in.get(5)) + 257, ndist = static_cast<int>(in.get(5)) + 1;
      const int ncode = static_cast<int>(in.get(4)) + 4;
      if (nlit > 286 || ndist > 30) bad("too many codes");
      std::uint8_t lengths[320] = {};
      for (int k = 0; k < ncode; ++k) lengths[kLengthOrder[k]] = static_cast<std::uint8_t>(in.get(3));
      code lencode{};
      lencode.build(lengths, 19);
      for (int k = 0; k < nlit + ndist;) {
        const int sym = lencode.decode(in);
        if (sym < 16) {
          lengths[k++] = static_cast<std::uint8_t>(sym);
          continue;
        }
        std::uint8_t value = 0;
        int repeat;
        if (sym == 16) {
          if (k == 0) bad("a repeat with nothing before");
          value = lengths[k - 1];
          repeat = 3 + static_cast<int>(in.get(2));
        } else if (sym == 17) {
          repeat = 3 + static_cast<int>(in.get(3));
        } else {
          repeat = 11 + static_cast<int>(in.get(7));
        }
        if (k + repeat > nlit + ndist) bad("code lengths past the end");
        while (repeat-- > 0) lengths[k++] = value;
      }
      lit.build(lengths, nlit);
      dist.build(lengths + nlit, ndist);
      huffman_block(in, out, lit, dist);
    } else {
      bad("an invalid block type");
    }
  }
  if (out.at != packed_bytes) bad("less text than expected");
  // Front coding undone: per word, a digit k (bytes shared with the word before
  // it in its list), then its other bytes up to the next digit or the end of the
  // text (no word has a digit); written NUL-terminated.
  std::size_t in_at = 0, at = 0;
  const char *const p = packed.get();
  for (std::size_t l = 0; l < list_count; ++l) {
    const char *prev = nullptr;
    std::size_t prev_length = 0;
    for (std::size_t w = 0; w < words_per_list[l]; ++w) {
      if (in_at == packed_bytes || p[in_at] < '0' || p[in_at] > '9') bad("a word without its prefix digit");
      const std::size_t k = static_cast<std::size_t>(p[in_at++] - '0');
      if (k > prev_length || text_bytes - at < k) bad("a prefix longer than the word before");
      char *const word = text + at;
      for (std::size_t i = 0; i < k; ++i) text[at++] = prev[i];
      while (in_at < packed_bytes && (p[in_at] < '0' || p[in_at] > '9')) {
        if (at == text_bytes) bad("more text than expected");
        text[at++] = p[in_at++];
      }
      if (at == text_bytes || word == text + at) bad("an empty word or no room for its NUL");
      text[at++] = '\0';
      lists[l][w] = word;
      prev = word;
      prev_length = static_cast<std::size_t>(text + at - 1 - word);
    }
  }
  if (in_at != packed_bytes || at != text_bytes) bad("text after the last word");
  return true;
}

}  // namespace cncrypto::mnemonics
